#!/usr/bin/env python3
# check-method-calls.t - calls whose result is used, at method level
# (lang/mir.h: Calls; sem/mir.h: Call results).
#
# Subject: tests/data/check-method-calls/src/Vals.java (vals.mutants.log,
# Major's format): two results of one call subtracted (not constant: the
# callee may answer differently each time), a result in arithmetic, a
# call behind `||` (a mutant that makes it unconditional), a guard on a
# result whose branches agree (equivalent), the guard's call removed, a
# call in a call's argument, calls in both branches of ?:, and a call in
# a while and a do-while condition.  The shipped subjects with calls
# (method-invocation, side-effects, loops) are run the same way, every
# method but the one judged stubbed.  The verdicts the semantics dictate are asserted;
# every killing input is run in the JVM with the callees g and p replaced
# by stubs answering each callee's calls in order with the printed
# results, and every equivalence on a grid of inputs and random stub
# answers: the outcome (result and the calls made) must differ, or agree.
import json, os, random, re, subprocess, tempfile

from tap import LOGS, S, done, ok

D = "tests/data/check-method-calls"
LOG = D + "/vals.mutants.log"
SRC = open(D + "/src/Vals.java").read()
p = subprocess.run([S, "check", "--no-timing", "--format", "json", "--source",
                    D + "/src", "--method", LOG], capture_output=True, text=True)
d = json.loads(p.stdout) if p.returncode == 0 else None
v = {x["id"]: x for x in d["mutants"]} if d else {}
ok(len(v) == 13, "Vals: 13 verdicts, exit 0")
meth = lambda i: v.get(i, {}).get("level") == "method"
ok(all(meth(str(i)) or "killed by twice" in v[str(i)]["detail"] for i in range(1, 14)),
   "Vals: every mutant is judged in its method (no call left outside the model)")
ok(v["2"]["verdict"] == "killable" and "with g(" in v["2"]["detail"] and
   ", then g(" in v["2"]["detail"],
   "a = g(x); b = g(x); return a - b is not constant: 0 for it is killed, "
   "by two different results")
ok(v["3"]["verdict"] == "killable" and re.search(r"with g\(-?\d+\) returning -?\d+",
                                                   v["3"]["detail"]),
   "a result in arithmetic: killed, the stubbed result printed")
ok(v["4"]["verdict"] == "killable" and "no call" in v["4"]["detail"] and
   "calls p(" in v["4"]["detail"],
   "c || p(x) to c != p(x): the call made where it was not is seen")
ok(v["5"]["verdict"] == "killable" and "calls p(" in v["5"]["detail"],
   "c || p(x) to c: the call no longer made is seen")
ok(v["6"]["verdict"] == "equivalent" and meth("6"),
   "a guard on a call's result whose branches agree: equivalent in its method")
ok(v["7"]["verdict"] == "killable" and meth("7"),
   "the guard replaced by true (its call gone): killed")
ok(v["8"]["verdict"] in ("killable", "subsumed", "duplicate") and meth("8"),
   "a call in a call's argument: the argument's mutant killed")
ok(v["11"]["verdict"] == "killable" and "p(" in v["11"]["detail"],
   "a call in a loop's condition: made on each test")
ok(v["12"]["verdict"] == "killable" and v["13"]["verdict"] in ("killable", "subsumed", "duplicate")
   and meth("12") and meth("13"),
   "a call in a do-while's condition: tested after each iteration, its mutants killed")


def patched(line, orig, mut):
    lines = SRC.split("\n")
    assert lines[line - 1].count(orig) == 1, (line, orig)
    lines[line - 1] = lines[line - 1].replace(orig, "(%s)" % mut)
    return "\n".join(lines)


ENT = {}
for l in open(LOG):
    m = re.match(r"(\d+):[^:]*:[^:]*:[^:]*:Vals@(\w+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                 l.rstrip("\n"))
    ENT[m.group(1)] = (m.group(2), [t for t in m.group(3).split(",") if t],
                       int(m.group(4)), m.group(5), m.group(6))
KILL = re.compile(r"killed by (\w+)\(([^)]*)\)((?: with |, then )[^:]*)?: "
                  r"the original (returns -?\w+)")


STUB = r"""import java.util.*;
import java.lang.reflect.*;
class Stub {
  static StringBuilder tr = new StringBuilder();
  static Map<String, ArrayDeque<Long>> q = new HashMap<>();
  static Map<String, ArrayDeque<String>> sq = new HashMap<>();
  static Object self;
  static Map<String, Object> objs = new LinkedHashMap<>();
  static void reset() { tr.setLength(0); q.clear(); sq.clear(); self = null; objs.clear(); }
  static void put(String c, long v) { q.computeIfAbsent(c, k -> new ArrayDeque<>()).add(v); }
  static Long take(String c) { ArrayDeque<Long> d = q.get(c); return d == null ? null : d.poll(); }
  static void sets(String c, String s) { sq.computeIfAbsent(c, k -> new ArrayDeque<>()).add(s); }
  static Object obj(String v) throws Exception {
    if (v.equals("null")) return null;
    if (v.equals("this")) return self;
    Object o = objs.get(v);
    if (o == null) {
      Constructor<?> k = self.getClass().getDeclaredConstructor();
      k.setAccessible(true);
      o = k.newInstance();
      objs.put(v, o);
    }
    return o;
  }
  static String name(Object o) {
    if (o == null) return "null";
    if (o == self) return "this";
    for (Map.Entry<String, Object> e : objs.entrySet()) if (e.getValue() == o) return e.getKey();
    return "?";
  }
  static List<Field> fields() {
    List<Field> l = new ArrayList<>();
    if (self == null) return l;
    for (Field f : self.getClass().getDeclaredFields())
      if (!Modifier.isStatic(f.getModifiers())) { f.setAccessible(true); l.add(f); }
    l.sort(Comparator.comparing(Field::getName));
    return l;
  }
  static String show() {
    StringBuilder b = new StringBuilder();
    try {
      for (Field f : fields()) {
        Object v = f.get(self);
        b.append(" ").append(f.getName()).append("=").append(f.getType().isPrimitive() ? String.valueOf(v) : name(v));
      }
    } catch (Exception e) { throw new AssertionError(e); }
    return b.toString();
  }
  // a call: the receiver (when not the object under test), the callee and
  // its arguments, and every field of the object under test as it sees them
  static void event(Object recv, String what) {
    if (self == null) { tr.append(" ").append(what); return; }
    tr.append(" ").append(recv == self ? "" : name(recv) + ".").append(what).append(" {").append(show()).append(" }");
  }
  // field assignments "x=3,ref=o1" on the object under test
  static void assign(String s) {
    if (s == null || s.isEmpty()) return;
    try {
      for (String kv : s.split(",")) {
        String[] p = kv.split("=");
        Field f = self.getClass().getDeclaredField(p[0]);
        f.setAccessible(true);
        Class<?> t = f.getType();
        String v = p[1];
        if (t == int.class) f.setInt(self, Integer.parseInt(v));
        else if (t == long.class) f.setLong(self, Long.parseLong(v));
        else if (t == short.class) f.setShort(self, Short.parseShort(v));
        else if (t == byte.class) f.setByte(self, Byte.parseByte(v));
        else if (t == boolean.class) f.setBoolean(self, Boolean.parseBoolean(v));
        else f.set(self, obj(v));
      }
    } catch (Exception e) { throw new AssertionError(e); }
  }
  static void apply(String c) { ArrayDeque<String> d = sq.get(c); assign(d == null ? null : d.poll()); }
}
"""


def outcome_case(cls, meth, void, args, answers, fields="", sets=()):
    """A statement printing what a test sees of cls.meth(args) with the
    fields set first and the stubs answering (results, field sets): the
    return value or T, the object's fields, the calls made."""
    q = "".join('Stub.put("%s", %dL); ' % (c, r) for c, r in answers)
    q += "".join('Stub.sets("%s", "%s"); ' % (c, x) for c, x in sets)
    call = "o.%s(%s)" % (meth, ", ".join(args))
    return ('{ Stub.reset(); %s o = new %s(); Stub.self = o; Stub.assign("%s"); %s String v; '
            'try { %s } catch (RuntimeException e) { v = "T " + e.getClass().getSimpleName(); } '
            'System.out.println(v + " |" + Stub.tr); }'
            % (cls, cls, fields, q,
               (call + '; v = "R normally ;" + Stub.show();') if void
               else 'v = "R " + ' + call + ' + " ;" + Stub.show();'))


def mutant_as_said(mu, detail):
    """The mutant's JVM outcome is the exception class the tool names,
    when it says the mutant throws (lang/mir.h: Exceptions)."""
    t = re.search(r"the mutant throws (\w+)", detail)
    return not t or mu.startswith("T %s |" % t.group(1))


def java_case(cls, meth, args, answers):
    """A statement printing cls's outcome on args with the stubs' answers."""
    return outcome_case(cls, meth, False, args, answers)


def run_java(classes, cases, tag):
    work = tempfile.mkdtemp(prefix="check-method-calls.")
    files = []
    for name, text in classes.items():
        open(os.path.join(work, name + ".java"), "w").write(text)
        files.append(os.path.join(work, name + ".java"))
    open(os.path.join(work, "Stub.java"), "w").write(STUB)
    # one static method per case, 500 to a class (the JVM's code limits)
    parts = []
    for c in range(0, len(cases), 500):
        name = "Drv%d" % (c // 500)
        body = ["  static void c%d() {\n    %s\n  }" % (k, t) for k, t in enumerate(cases[c:c + 500])]
        body.append("  static void run() {\n%s\n  }" % "\n".join(
            "    c%d();" % k for k in range(len(cases[c:c + 500]))))
        open(os.path.join(work, name + ".java"), "w").write(
            "class %s {\n%s\n}\n" % (name, "\n".join(body)))
        files.append(os.path.join(work, name + ".java"))
        parts.append(name)
    open(os.path.join(work, "Drv.java"), "w").write(
        "class Drv {\n  public static void main(String[] a) {\n%s\n  }\n}\n"
        % "\n".join("    %s.run();" % n for n in parts))
    files += [os.path.join(work, "Stub.java"), os.path.join(work, "Drv.java")]
    c = subprocess.run(["javac", "-nowarn", "-d", work] + files, capture_output=True, text=True)
    if c.returncode:
        ok(False, "%s: javac compiles (%s)" % (tag, c.stderr[:300]))
        return None
    r = subprocess.run(["java", "-Xshare:auto", "-cp", work, "Drv"], capture_output=True, text=True)
    subprocess.run(["rm", "-rf", work])
    lines = r.stdout.split("\n")
    if not ok(r.returncode == 0 and len(lines) > len(cases),
              "%s: the JVM runs the %d cases%s" % (tag, len(cases), (": " + r.stderr[:400])
                                                   if r.returncode else "")):
        return None
    return lines


def lit(t, x):
    return ("true" if x in ("true", True) else "false") if t == "boolean" else str(x)


def answer(x):
    return 1 if x == "true" else 0 if x == "false" else int(x)


DECL = re.compile(r"^[ \t]+(?:(?:public|private|protected|static|final)\s+)*"
                  r"([\w<>\[\]]+)\s+(\w+)\s*\(([^)]*)\)\s*\{", re.M)
PRIM = ("int", "short", "byte", "char", "long")


def uncommented(src):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", src, flags=re.S))


def stub_all(src, cls, keep):
    """src with every method whose name keep() refuses answering from the
    stubs (each call logged with its arguments), its class renamed cls."""
    src = uncommented(src)
    out, at = [], 0
    for m in DECL.finditer(src):
        if keep(m.group(2)) or m.start() < at:
            continue
        depth, e = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(src[e], 0)
            e += 1
        t, name = m.group(1), m.group(2)
        ps = [x.split()[-1] for x in m.group(3).split(",") if x.strip()]
        recv = "Stub.self" if re.search(r"\bstatic\b", m.group(0)) else "this"
        log = 'Stub.event(%s, "%s(" + %s + ")"); Stub.apply("%s"); ' % (
            recv, name, ' + "," + '.join(ps) or '""', name)
        ret = ("" if t == "void" else
               'Long r = Stub.take("%s"); return r != null && (r & 1) != 0;' % name
               if t == "boolean" else
               'Long r = Stub.take("%s"); return r == null ? 0 : (%s) (long) r;' % (name, t)
               if t in PRIM else "return null;")
        out.append(src[at:m.end()] + " " + log + ret + " }")
        at = e
    out.append(src[at:])
    name = re.search(r"\bclass\s+(\w+)", src).group(1)
    return re.sub(r"\b%s\b" % name, cls, "".join(out))


FIELD = re.compile(r"^[ \t]+(?:(?:public|private|protected|final)\s+)*(\w+)\s+(\w+)\s*(?:=[^;]*)?;",
                   re.M)


def class_fields(src):
    """The instance fields (type, name) declared one to a line in src's
    class body (brace depth 1)."""
    out, depth = [], 0
    for line in uncommented(src).split("\n"):
        m = FIELD.match(line)
        if depth == 1 and m and m.group(1) != "return" and "static" not in line:
            out.append(m.groups())
        depth += line.count("{") - line.count("}")
    return out


def parse_kill(detail, ptypes, decls):
    """A killing input the tool printed: the arguments, the stubs'
    answers (callee, result), the fields set first ("x=1,ref=o1"), the
    field sets of each call in order (callee, "x=3"), and what it says the
    original does.  decls: callee name -> result type."""
    m = KILL.search(detail)
    if not m:
        return None
    args = [lit(t, a.split("=", 1)[1]) for t, a in zip(ptypes, m.group(2).split(", "))]
    g3, fields, evs = m.group(3) or "", "", ""
    if g3.startswith(" with field "):
        rest = g3[len(" with field "):]
        k = rest.find(" with ")
        fields, evs = (rest[:k], rest[k + 6:]) if k >= 0 else (rest, "")
    elif g3.startswith(" with "):
        evs = g3[6:]
    ans, sets = [], []
    for e in evs.split(", then ") if evs else []:
        q = re.match(r"(?:\w+\.)?(\w+)\(([^)]*)\)(?: returning (-?\w+))?"
                     r"(?:(?: and)? setting (.*))?$", e)
        c = q.group(1)
        if q.group(3) is not None:
            ans.append((c, answer(q.group(3))))
        elif decls.get(c, "void") != "void":
            ans.append((c, 0))  # an unused result: a call a stub answers
        sets.append((c, (q.group(4) or "").replace(", ", ",")))
    return args, ans, fields.replace(", ", ","), sets, m.group(4)


def grid_fields(flds, rnd):
    """Random values for the fields: ints, booleans, references."""
    out = []
    for t, n in flds:
        if t == "boolean":
            out.append("%s=%s" % (n, rnd.choice(["true", "false"])))
        elif t in PRIM:
            out.append("%s=%d" % (n, rnd.choice([0, 1, -1, 2, 5, rnd.randint(-50, 50)])))
        else:
            out.append("%s=%s" % (n, rnd.choice(["null", "this", "o1", "o2"])))
    return ",".join(out)


def stubbed(src, cls):
    return stub_all(src, cls, lambda n: n not in ("g", "p"))


def grid_cases(oname, mname, meth, void, ptypes, osrc, rnd):
    """30 pairs of cases on random arguments, fields, stub answers and
    field sets by the callees (sem/mir.h: Calls and fields)."""
    names = sorted(set(q.group(2) for q in DECL.finditer(uncommented(osrc))))
    flds = class_fields(osrc)
    prims = [(t, n) for t, n in flds if t in PRIM or t == "boolean"]
    out = []
    for _ in range(30):
        args = [lit(t, rnd.choice([True, False]) if t == "boolean" else
                    rnd.choice([0, 1, -1, 2, 5, rnd.randint(-50, 50)])) for t in ptypes]
        ans = [(c, rnd.randint(-3, 3)) for c in names for _ in range(4)]
        sets = [(c, grid_fields(rnd.sample(prims, rnd.randint(0, len(prims))), rnd))
                for c in names for _ in range(4)]
        fs = grid_fields(flds, rnd)
        out += [outcome_case(oname, meth, void, args, ans, fs, sets),
                outcome_case(mname, meth, void, args, ans, fs, sets)]
    return out


def verify_stubbed(tag, src_of, mutant_src, log, res, rnd):
    """Every method-level verdict in a method with calls, in the JVM with
    every other method stubbed: killing inputs (the printed results
    answering) must tell the mutant apart, the original doing what the
    tool says; equivalences must hold on a grid of inputs and answers."""
    ents = {}
    for l in open(log):
        m = re.match(r"(\d+):[^:]*:[^:]*:[^:]*:([\w$]+)@(\w+)\(([^)]*)\):(\d+):", l)
        if m:
            ents[m.group(1)] = (m.group(2), m.group(3), [t for t in m.group(4).split(",") if t])
    classes, cases, checks = {}, [], []
    for i, x in sorted(res.items(), key=lambda kv: int(kv[0])):
        d = x["detail"]
        if x["level"] != "method" or x["verdict"] == "redundant" or not (
                "calls " in d or "no call" in d or "make its calls" in d):
            continue
        cls, meth, ptypes = ents[i]
        osrc = src_of(cls)
        void = re.search(r"void\s+%s\s*\(" % meth, osrc) is not None
        oname, mname = "O_%s_%s" % (cls, meth), "M_%s_%s" % (cls, i)
        classes[oname] = stub_all(osrc, oname, lambda n, k=meth: n == k)
        classes[mname] = stub_all(mutant_src(cls, i), mname, lambda n, k=meth: n == k)
        decls = {q.group(2): q.group(1) for q in DECL.finditer(uncommented(osrc))}
        k = parse_kill(d, ptypes, decls)
        if k:
            args, ans, fs, sets, said = k
            cases += [outcome_case(oname, meth, void, args, ans, fs, sets),
                      outcome_case(mname, meth, void, args, ans, fs, sets)]
            checks.append(("kill", i, said))
        elif x["verdict"] == "equivalent":
            cases += grid_cases(oname, mname, meth, void, ptypes, osrc, rnd)
            checks += [("same", i, None)] * 30
    out = run_java(classes, cases, tag)
    if out is None:
        return
    bad = []
    for k, (what, i, said) in enumerate(checks):
        o, mu = out[2 * k], out[2 * k + 1]
        # a reference the run made (lang/mir.h: Other references) is
        # printed by its contents: the runs must differ
        ref = said and re.match(r"(new(#\d+)?|o\d+)$", said.split()[1])
        if what == "kill" and (o == mu or not (ref or o.startswith("R %s ;" % said.split()[1]))
                               or not mutant_as_said(mu, res[i]["detail"])):
            bad.append("%s: %s / %s (tool: %s)" % (i, o, mu, said))
        if what == "same" and o != mu:
            bad.append("%s: %s / %s" % (i, o, mu))
    nk = sum(1 for c in checks if c[0] == "kill")
    ok(not bad and nk > 0, "%s: the JVM with every callee stubbed (answering the printed "
       "results) tells each of the %d killed mutants in methods with calls from the "
       "original, the original as the tool says, and no equivalent one (%d runs)%s" %
       (tag, nk, len(checks) - nk, "; " + "; ".join(bad[:3]) if bad else ""))


have_java = subprocess.run("command -v javac && command -v java", shell=True,
                           capture_output=True).returncode == 0
if have_java:
    for subj in ("method-invocation", "side-effects", "loops"):
        p = subprocess.run([S, "check", "--no-timing", "--format", "json", "--source",
                            LOGS + "/src/" + subj, "--method",
                            LOGS + "/%s.mutants.log" % subj], capture_output=True, text=True)
        r = {x["id"]: x for x in json.loads(p.stdout)["mutants"]} if p.returncode == 0 else {}
        ok(p.returncode == 0 and any(" returning " in x["detail"] for x in r.values()),
           "%s: checked with --method, killing inputs with call results" % subj)
        base = LOGS + "/src/" + subj
        verify_stubbed(subj, lambda c, b=base: open("%s/%s.java" % (b, c)).read(),
                       lambda c, i, b=base: open("%s/mutants/%s/%s.java" % (b, i, c)).read(),
                       LOGS + "/%s.mutants.log" % subj, r, random.Random(15))
if have_java:
    classes = {"Vals": stubbed(SRC, "Vals")}
    cases, checks = [], []
    rnd = random.Random(15)
    for i, x in sorted(v.items(), key=lambda kv: int(kv[0])):
        if x["level"] != "method" or x["verdict"] == "redundant":
            continue
        meth, ptypes, line, orig, mut = ENT[i]
        classes["M%s" % i] = stubbed(patched(line, orig, mut), "M" + i)
        m = KILL.search(x["detail"])
        if m:
            args = [lit(t, a.split("=", 1)[1]) for t, a in zip(ptypes, m.group(2).split(", "))]
            ans = [(c, answer(r)) for c, _, r in
                   re.findall(r"(\w+)\(([^)]*)\) returning (-?\w+)", m.group(3) or "")]
            cases += [java_case("Vals", meth, args, ans), java_case("M" + i, meth, args, ans)]
            checks.append(("kill", i, m.group(4)))
        elif x["verdict"] == "equivalent":
            for _ in range(30):
                args = [lit(t, rnd.choice([True, False]) if t == "boolean" else
                            rnd.choice([0, 1, -1, 2, 5, rnd.randint(-50, 50)])) for t in ptypes]
                ans = [(c, rnd.randint(-3, 3)) for c in ("g", "p") for _ in range(4)]
                cases += [java_case("Vals", meth, args, ans), java_case("M" + i, meth, args, ans)]
                checks.append(("same", i, None))
    out = run_java(classes, cases, "Vals")
    if out is not None:
        bad = []
        for k, (what, i, said) in enumerate(checks):
            o, mu = out[2 * k], out[2 * k + 1]
            if what == "kill" and (o == mu or not o.startswith("R %s ;" % said.split()[1])
                                   or not mutant_as_said(mu, v[i]["detail"])):
                bad.append("%s: %s / %s (tool: %s)" % (i, o, mu, said))
            if what == "same" and o != mu:
                bad.append("%s: %s / %s" % (i, o, mu))
        nk = sum(1 for c in checks if c[0] == "kill")
        ok(not bad and nk >= 8, "the JVM with stubs answering the printed results tells "
           "every killed mutant from the original (%d inputs), the original as the tool "
           "says, and never an equivalent one (%d runs)%s" %
           (nk, len(checks) - nk, "; " + "; ".join(bad[:3]) if bad else ""))

# Fields.java (fields.mutants.log): calls in methods that name fields
# (sem/mir.h: Calls and fields) and calls on a reference field (lang/mir.h:
# Calls on references).  Every killing input and equivalence in the JVM,
# the stubs logging the fields they see and setting the printed ones.
FD = D + "/src/Fields.java"
FLOG = D + "/fields.mutants.log"
p = subprocess.run([S, "check", "--no-timing", "--format", "json", "--source", D + "/src",
                    "--method", FLOG], capture_output=True, text=True)
fv = {x["id"]: x for x in json.loads(p.stdout)["mutants"]} if p.returncode == 0 else {}
fmeth = lambda i: fv.get(i, {}).get("level") == "method"
fdet = lambda i: fv.get(i, {}).get("detail", "")
ok(len(fv) == 12 and all(fmeth(str(i)) or "x - a" in fv[str(i)]["original"] for i in range(1, 13)),
   "Fields: 12 verdicts, each in its method (fields and calls, calls on a reference)")
ok(fv["1"]["verdict"] == "killable" and re.search(r"with inc\(\) setting x=-?\d+", fdet("1")),
   "x = a; inc(); return x - a to 0: killed only by what the callee does to x (printed: "
   "the stub sets it)")
ok(fv["3"]["verdict"] == "killable" and len(set(re.findall(r"log\(0\) seeing x=(-?\d+)",
                                                            fdet("3")))) == 2,
   "x = a before log(0), overwritten after it: not a dead store, the callee sees x "
   "(the two runs' calls differ in it)")
ok(fv["12"]["verdict"] == "killable" and "seeing x=" in fdet("12"),
   "x = a before inc(): its mutant is killed by what inc() sees")
ok(fv["4"]["verdict"] == "equivalent" and fmeth("4"),
   "y = a * 2 overwritten by y = 7 with no call between: equivalent in its method")
ok(fv["8"]["verdict"] == "killable" and "the mutant throws NullPointerException" in fdet("8")
   and "peer=null" in fdet("8"),
   "peer != null && peer.ok() to true: a null receiver throws NullPointerException")
ok(fv["11"]["verdict"] == "killable" and re.search(r"(this|o\d+)\.get\(\) returning", fdet("11")),
   "peer.get(): the call on the reference is an event with its receiver, its result opaque")
if have_java:
    fsrc = open(FD).read()
    fents = {}
    for l in open(FLOG):
        q = re.match(r"(\d+):[^:]*:[^:]*:[^:]*:Fields@\w+\([^)]*\):(\d+):(.*) \|==> (.*)$",
                     l.rstrip("\n"))
        fents[q.group(1)] = (int(q.group(2)), q.group(3), q.group(4))

    def fmutant(c, i):
        line, orig, mut = fents[i]
        lines = fsrc.split("\n")
        lines[line - 1] = lines[line - 1].replace(orig, "(%s)" % mut, 1)
        return "\n".join(lines)
    verify_stubbed("Fields", lambda c: fsrc, fmutant, FLOG, fv, random.Random(15))

# tests/check-method.t's subjects Meth and Calls: their methods with calls
# and fields (callsHelper, withField) are judged there, re-run here with
# stubs (check-method.t runs the real callees)
MD = "tests/data/check-method"
for subj in ("meth", "calls"):
    log = "%s/%s.mutants.log" % (MD, subj)
    p = subprocess.run([S, "check", "--no-timing", "--format", "json", "--source",
                        MD + "/src", "--method", log], capture_output=True, text=True)
    r = {x["id"]: x for x in json.loads(p.stdout)["mutants"]} if p.returncode == 0 else {}
    ents = {}
    for l in open(log):
        q = re.match(r"(\d+):[^:]*:[^:]*:[^:]*:([\w$]+)@\w+\([^)]*\):(\d+):(.*) \|==> (.*)$",
                     l.rstrip("\n"))
        if q:
            ents[q.group(1)] = (q.group(2), int(q.group(3)), q.group(4), q.group(5))

    def msrc(c, i, ents=ents):
        cls, line, orig, mut = ents[i]
        lines = open("%s/src/%s.java" % (MD, c)).read().split("\n")
        lines[line - 1] = lines[line - 1].replace(orig, "" if mut == "<NO-OP>"
                                                  else "(%s)" % mut, 1)
        return "\n".join(lines)
    ok(any("seeing " in x["detail"] for x in r.values()),
       "%s: methods with calls that name fields judged in their method" % subj)
    if have_java:
        verify_stubbed(subj, lambda c: open("%s/src/%s.java" % (MD, c)).read(), msrc,
                       log, {k: x for k, x in r.items() if "seeing " in x["detail"]},
                       random.Random(15))
done()
