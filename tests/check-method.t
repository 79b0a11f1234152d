#!/usr/bin/env python3
# check-method.t - `subsume check --source DIR --method` (issue 15,
# check/method.h): mutants judged by what their method lets a test see.
#
# Subjects: the shipped Major logs max and field-write (with Major's own
# mutated sources, src/SUBJECT/mutants/N/), and
# tests/data/check-method/src/Meth.java with meth.mutants.log, written
# for this test in Major's format: dead stores, a guard that makes a
# change invisible, a loop whose mutant differs only after 20
# iterations, a loop with a constant bound, a division whose result is
# dead (but throws), an explicit throw, a void method writing a field,
# break and continue, and a call in a method that writes a field (not
# modelled: stays at expression level); tests/data/check-method/src/Sw.java (sw.mutants.log) has
# switch statements.  Nothing expected is written in: every method-level verdict
# is checked in the JVM.  The original and each mutated class (Major's
# file, or the logged replacement applied at the logged line) are
# compiled together, renamed, with a driver that
#   - runs every printed killing input (arguments and field values, as
#     the tool printed them) on both and requires different outcomes
#     (return value, exception, final field values), the original's
#     being the one the tool describes;
#   - runs every mutant called equivalent in its method on a grid of
#     boundary and random inputs and requires the same outcome;
#   - runs every "duplicate of M" / "subsumed by M" claim in its method
#     on both killing inputs and 60 grid inputs: the same outcome as M on
#     each, or killed wherever M is (and M killed on some).
# tests/data/check-method/src/Div.java (div.mutants.log) has mutants into
# % and / over a byte parameter and a byte field: its claims are checked
# on every input as Rel's.
# tests/data/check-method/src/Heap.java (heap.mutants.log) reads through
# references of its own class (null receivers, aliasing, chains).
# tests/data/check-method/src/Rel.java (rel.mutants.log) has byte
# parameters and a byte field, so that the JVM runs every input: there
# each claim must hold exactly, and no claim may be missing unless the
# mutant's note says why (a loop longer than the bound: with --unroll 50
# the claims come).
# And the rules: a mutant that differs only beyond the unrolling bound
# is never called equivalent (its note says "equivalent up to 8 loop
# iterations"), and is killed with --unroll 30; a call leaves the mutant
# at expression level with the reason; --method without --source is a
# usage error; without --method the output has no method-level text.
import json, os, random, re, subprocess, sys, tempfile

from tap import LOGS, S, done, ok
D = "tests/data/check-method"
T = tempfile.mkdtemp(prefix="check-method.")
def check(args):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True)
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        return p.returncode, None


def log_entries(path):
    """id -> (class, method name, parameter types, line, original, mutant)."""
    out = {}
    for l in open(path):
        m = re.match(r"(\d+):\w+:.*?:([\w.$]+)@(\w+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                     l.rstrip("\n"))
        if m:
            out[m.group(1)] = (m.group(2), m.group(3),
                               [t for t in m.group(4).split(",") if t],
                               int(m.group(5)), m.group(6), m.group(7))
    return out


def patched(src, line, orig, mut):
    """The source with the logged replacement applied on its line."""
    lines = src.split("\n")
    l = lines[line - 1]
    assert l.count(orig) == 1, (line, orig)
    lines[line - 1] = l.replace(orig, ";" if mut == "<NO-OP>" else "(%s)" % mut)
    return "\n".join(lines)


def fields_of(src):
    """The int, byte, short and boolean fields: declarations one level
    deep (the subjects indent by four blanks or a tab)."""
    return re.findall(r"^(?:    |\t)(?:(?:public|protected|private|static)\s+)*(int|byte|short|boolean)\s+(\w+)\s*(?:=[^;]*)?;",
                      src, re.M)


PRIMS = ("boolean", "byte", "short", "char", "int", "long")


def lit(t, v):
    if t not in PRIMS:  # a reference: null, this, o1, ...
        return ref_lit(v)
    if t == "boolean":
        return "true" if v in (True, "true") else "false"
    return "(%s) %s" % (t, v) if t in ("byte", "short") else str(v)


def wrap(t, v):
    """v as a value of the Java type t (the grid draws ints)."""
    bits = {"byte": 8, "short": 16}.get(t)
    if bits and not isinstance(v, bool) and not isinstance(v, str):
        v = (v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
    return v


# references of other classes than the method's (lang/mir.h: Other
# references) on the grid: null or one of two objects of their type
OWN = [None]


def grid_value(t, rnd):
    if t not in PRIMS and OWN[0] is not None and t.split(".")[-1] != OWN[0]:
        return rnd.choice(["null", "o11", "o12"])
    if t not in PRIMS:
        return rnd.choice(["null", "this", "o1", "o2"])
    if t == "boolean":
        return rnd.random() < 0.5
    pool = [0, 1, -1, 2, 3, 4, 5, 7, 20, 21, -2147483648, 2147483647]
    return rnd.choice(pool) if rnd.random() < 0.7 else rnd.randint(-300, 300)


KILL = re.compile(r"killed by (\w+)\(([^)]*)\)(?: with field ([^:]*))?: "
                  r"the original (.*?), the mutant")


REF = re.compile(r"^(null|this|o\d+)$")


def ref_lit(v):
    """A reference the tool printed (null, this, o1, ...) in the driver:
    this is the object o under test, oK the K-th other one."""
    return "o" if v == "this" else v


# a killing input with the results of calls (lang/mir.h: Calls), which
# only a stub can give: run by tests/check-method-calls.t
# or with calls in a method that names fields (sem/mir.h: Calls and
# fields: the fields seen at each call, set by the callee)
STUBBED = re.compile(r"killed by \w+\([^)]*\)(?: with field [^:]*)? with \w+\([^)]*\) returning"
                     r"| seeing ")


def kill_input(detail, ptypes, flds):
    """The killing input the tool printed: method, Java arguments, field
    assignments (a heap: `fa=o1, o1.fa=o2, o2.y=3` sets o.fa, o1.fa and
    o2.y), what it says the original does."""
    m = KILL.search(detail)
    ftype = {f: t for t, f in flds}
    vals = [a.split("=", 1)[1] for a in m.group(2).split(", ") if a]
    fs = [f.split("=", 1) for f in (m.group(3) or "").split(", ") if f]
    def val(f, v):
        return ref_lit(v) if REF.match(v) else lit(ftype[f.split(".")[-1]], v)
    return (m.group(1), [ref_lit(v) if REF.match(v) else lit(t, v)
                         for t, v in zip(ptypes, vals)],
            [(f, val(f, v)) for f, v in fs], m.group(4))


def prepare(subject, src_dir, log, res, major_mutants):
    """The original classes and one renamed class per mutant judged in its
    method, written to a work directory."""
    srcs = {f[:-5]: open(os.path.join(src_dir, f)).read()
            for f in os.listdir(src_dir) if f.endswith(".java")}
    ents = log_entries(log)
    work = os.path.join(T, subject)
    os.makedirs(work, exist_ok=True)
    files = []
    skipped = []  # sources javac refuses (loops' WhileLoops: while (false))
    for c, text in sorted(srcs.items()):
        open(os.path.join(work, c + ".java"), "w").write(text)
        if subprocess.run(["javac", "-nowarn", "-d", os.path.join(work, "probe"),
                           os.path.join(work, c + ".java")],
                          capture_output=True).returncode:
            skipped.append(c)
            continue
        files.append(c + ".java")
    for mid, x in sorted(res.items(), key=lambda kv: int(kv[0])):
        if x["level"] != "method":
            continue
        cls, meth, ptypes, line, orig, mut = ents[mid]
        if cls in skipped:
            continue
        if major_mutants:
            msrc = open(os.path.join(major_mutants, mid, cls + ".java")).read()
        else:
            msrc = patched(srcs[cls], line, orig, mut)
        mname = "%s_M%s" % (cls, mid)
        open(os.path.join(work, mname + ".java"), "w").write(
            re.sub(r"\b%s\b" % cls, mname, msrc))
        files.append(mname + ".java")
    return work, srcs, ents, files, skipped


def run_java(subject, work, srcs, files, skipped, dname, cases, ncases):
    """Compile the classes and a driver: static methods cases[k] (Java
    text of a method body each), 1000 to a class (a class's constant pool
    is limited); run them in order: the output lines, or None."""
    parts = []
    for c in range(0, len(cases), 1000):
        name = "%s_%d" % (dname, c // 1000)
        body = ["  static void c%d() {\n%s\n  }" % (k, t)
                for k, t in enumerate(cases[c:c + 1000])]
        body.append("  static void run() {")
        body += ["    c%d();" % k for k in range(len(cases[c:c + 1000]))]
        body.append("  }")
        open(os.path.join(work, name + ".java"), "w").write(
            "class %s {\n%s\n}\n" % (name, "\n".join(body)))
        parts.append(name)
    open(os.path.join(work, dname + ".java"), "w").write(
        "public class %s {\n  public static void main(String[] x) {\n%s\n  }\n}\n"
        % (dname, "\n".join("    %s.run();" % n for n in parts)))
    p = subprocess.run(["javac", "-nowarn", "-d", work] +
                       [os.path.join(work, f) for f in
                        files + [n + ".java" for n in parts + [dname]]],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "%s: javac compiles the original, %d mutants and the driver%s%s"
       % (subject, len(files) - len(srcs) + len(skipped),
          (" (not %s: javac refuses the original)" % ", ".join(skipped)) if skipped else "",
          (": " + p.stdout + p.stderr)[:300] if p.returncode else ""))
    if p.returncode:
        return None
    p = subprocess.run(["java", "-Xshare:auto", "-cp", work, dname], capture_output=True,
                       text=True, timeout=600)
    lines = p.stdout.splitlines()
    ok(len(lines) == ncases, "%s: the JVM ran %d cases" % (subject, ncases))
    return lines


def new_object(cname, t, k):
    """A declaration of the object oK of type t (None or the class's
    own: cname), distinct from every other by identity and equals."""
    raw = re.sub(r"<.*", "", t or "").split(".")[-1]
    if t is None or raw == cname.split("_M")[0]:
        return "%s o%s = new %s();" % (cname, k, cname)
    made = {"String": 'new String("o%s")' % k, "Integer": "new Integer(1000 + %s)" % k,
            "Long": "new Long(1000L + %s)" % k, "Object": "new Object()",
            "List": "new java.util.ArrayList()", "ArrayList": "new java.util.ArrayList()"}
    return "%s o%s = %s;" % (re.sub(r"<.*", "", t), k, made.get(raw, "new %s()" % raw))


def outcome_stmt(cname, meth, args, fs, flds, void, label, ptypes=(), refret=False):
    """Java: run cname.meth(args) with fields fs set; print label and what a
    test sees (return value or the exception's class, then every field);
    ptypes: the parameters' types (objects oK of other classes); refret:
    it returns a reference (one made by the run printed as "new ...")."""
    call = "o.%s(%s)" % (meth, ", ".join(args))
    sets = " ".join(("%s = %s;" if "." in f else "o.%s = %s;")
                    % (ref_lit(f.split(".")[0]) + "." + f.split(".")[1]
                       if "." in f else f, v) for f, v in fs)
    text = " ".join(args) + " " + " ".join(f + " " + v for f, v in fs)
    objs = sorted(set(re.findall(r"\bo(\d+)\b", text)), key=int)
    otype = {}
    for t, a in list(zip(ptypes, args)) + [(dict((f2, t2) for t2, f2 in flds).get(f),
                                            v) for f, v in fs if "." not in f]:
        if re.match(r"^o\d+$", a) and t not in PRIMS:
            otype.setdefault(a[1:], t)
    news = " ".join(new_object(cname, otype.get(k), k) for k in objs)
    # a returned reference by identity: null, this or oK
    named = "".join("r == o%s ? \"o%s\" : " % (k, k) for k in objs)
    # every object's fields: writes through references are seen
    shown = " + \" \" + ".join(["\"\""] + ["o.%s" % f for _, f in flds] +
                               ["o%s.%s" % (k, f) for k in objs for _, f in flds
                                if new_object(cname, otype.get(k), k).startswith(cname)])
    return ("{ %s o = new %s(); %s %s String v; try { %s v = \"returns \" + %s + %s; }"
            " catch (RuntimeException e) { v = \"throws \" + e.getClass().getSimpleName(); }"
            " System.out.println(%s + \" \" + v); }"
            % (cname, cname, news, sets,
               (call + ";") if void else "Object r = " + call + ";",
               "\"normally\"" if void else
               "(r == null ? \"null\" : r == o ? \"this\" : %s%s)"
               % (named, "String.valueOf(r)" if not refret else
                  # an object the run made: its contents, not its identity
                  # hash (which differs between two runs)
                  "\"new \" + (String.valueOf(r).equals(r.getClass().getName() + \"@\" + "
                  "Integer.toHexString(r.hashCode())) ? r.getClass().getName() : "
                  "String.valueOf(r))"),
               shown, label))


def verify(subject, src_dir, log, res, major_mutants=None):
    """Run the JVM on every method-level verdict of res: killing inputs,
    equivalences and the duplicate and subsumption claims, on a grid."""
    work, srcs, ents, files, skipped = prepare(subject, src_dir, log, res, major_mutants)
    cases = []  # (id, kind, class, method, args, fields, info)
    claims = []  # (id, verdict, by)
    rnd = random.Random(15)
    for mid, x in sorted(res.items(), key=lambda kv: int(kv[0])):
        if x["level"] != "method":
            continue
        cls, meth, ptypes, line, orig, mut = ents[mid]
        OWN[0] = cls
        if cls in skipped:
            continue
        flds = fields_of(srcs[cls])
        if STUBBED.search(x["detail"]) or (x["verdict"] in ("duplicate", "subsumed") and
                                           STUBBED.search(res[x["by"]]["detail"])):
            continue  # inputs with call results: tests/check-method-calls.t stubs them
        if x["verdict"] in ("killable", "duplicate", "subsumed"):
            name, args, fs, says = kill_input(x["detail"], ptypes, flds)
            cases.append((mid, "kill", cls, name, args, fs, says))
        elif x["verdict"] == "equivalent":
            for k in range(120):
                args = [lit(t, wrap(t, grid_value(t, rnd))) for t in ptypes]
                fs = [(f, lit(t, wrap(t, grid_value(t, rnd)))) for t, f in flds]
                cases.append((mid, "eq", cls, meth, args, fs, None))
        if x["verdict"] not in ("duplicate", "subsumed"):
            continue
        # the claim on a grid: the two killing inputs, then random ones
        by = x["by"]
        c = len(claims)
        claims.append((mid, x["verdict"], by))
        grid = [kill_input(res[i]["detail"], ptypes, flds)[1:3] for i in (by, mid)]
        grid += [([lit(t, wrap(t, grid_value(t, rnd))) for t in ptypes],
                  [(f, lit(t, wrap(t, grid_value(t, rnd)))) for t, f in flds])
                 for _ in range(60)]
        for k, (args, fs) in enumerate(grid):
            for who in (mid, by):
                cases.append((who, "pt", cls, meth, args, fs, (c, k, who == mid)))
    body = []
    for k, (mid, kind, cls, meth, args, fs, _) in enumerate(cases):
        flds = fields_of(srcs[cls])
        void = re.search(r"void\s+%s\s*\(" % meth, srcs[cls]) is not None
        ptypes = ents[mid][2]
        rt = re.search(r"([\w.<>]+)\s+%s\s*\(" % meth, srcs[cls])
        refret = rt is not None and rt.group(1) not in PRIMS + ("void", "float", "double")
        body.append("\n".join("    " + outcome_stmt(cname, meth, args, fs, flds, void,
                                                      "\"%d %s\"" % (k, side), ptypes,
                                                      refret)
                              for side, cname in (("o", cls), ("m", "%s_M%s" % (cls, mid)))))
    lines = run_java(subject, work, srcs, files, skipped,
                     "Drv_%s" % re.sub(r"\W", "_", subject), body, 2 * len(cases))
    if lines is None:
        return
    out = {}
    for l in lines:
        k, side, v = l.split(" ", 2)
        out[(int(k), side)] = v
    bad_kill = [cases[k][0] for k in range(len(cases)) if cases[k][1] == "kill" and
                (out.get((k, "o")) == out.get((k, "m")) or
                 not out.get((k, "o"), "").startswith(
                     re.sub(r"(-?\d+)L$", r"\1", re.sub(r"new#\d+", "new",
                                                       cases[k][6].split(",")[0]))))]
    nkill = sum(1 for c in cases if c[1] == "kill")
    ok(not bad_kill, "%s: each of the %d method-level killing inputs kills its mutant in "
       "the JVM, the original doing what the tool says%s"
       % (subject, nkill, (" (not: %s)" % bad_kill) if bad_kill else ""))
    bad_eq = sorted({cases[k][0] for k in range(len(cases)) if cases[k][1] == "eq" and
                     out.get((k, "o")) != out.get((k, "m"))})
    neq = len({c[0] for c in cases if c[1] == "eq"})
    ok(not bad_eq, "%s: no grid input tells any of the %d mutants equivalent in their "
       "method from the original in the JVM%s"
       % (subject, neq, (" (do: %s)" % bad_eq) if bad_eq else ""))
    # pt cases: (claim, input, is the claimed mutant) -> (original, mutant)
    pts = {c[6]: (out.get((k, "o")), out.get((k, "m")))
           for k, c in enumerate(cases) if c[1] == "pt"}
    bad, vacuous = [], []
    for c, (mid, verdict, by) in enumerate(claims):
        ks = sorted({k for (cc, k, _) in pts if cc == c})
        killsby = 0
        for k in ks:
            o, mx = pts[(c, k, True)]
            _, mb = pts[(c, k, False)]
            killsby += mb != o
            if (verdict == "duplicate" and mx != mb) or \
               (verdict == "subsumed" and mb != o and mx == o):
                bad.append("%s %s %s on input %d" % (mid, verdict, by, k))
                break
        if not killsby:
            vacuous.append(mid)
    ndup = sum(1 for c in claims if c[1] == "duplicate")
    ok(not bad and not vacuous,
       "%s: the %d duplicate and %d subsumption claims in their method hold in the JVM "
       "on their killing inputs and 60 grid inputs each (the named mutant killed on "
       "some)%s%s" % (subject, ndup, len(claims) - ndup,
                      (" (not: %s)" % bad) if bad else "",
                      (" (vacuous: %s)" % vacuous) if vacuous else ""))
    return claims


def exhaustive(subject, src_dir, log, res, fvals=(-128, -1, 0, 1, 127)):
    """Every input of the byte and boolean parameters (each field: the
    values fvals, or both booleans) in the JVM, on every mutant judged in
    its method: the exact kill sets.  Every duplicate and subsumption
    claim must hold on all of them, and none may be missing: a mutant
    left killable in its method has no other mutant of its method
    killed by a subset of its inputs, unless that one kills exactly the
    same inputs and comes later (the verdict module names the lowest), or
    its note says why no claim was made."""
    work, srcs, ents, files, skipped = prepare(subject, src_dir, log, res, None)
    mids = [m for m in sorted(res, key=int) if res[m]["level"] == "method"]
    body, n = [], 0
    runs = [(None, ents[m][0], ents[m][1], ents[m][2]) for m in mids]
    runs = sorted({(None, c, mt, tuple(pt)) for _, c, mt, pt in runs}) + \
        [(m, ents[m][0], ents[m][1], tuple(ents[m][2])) for m in mids]
    for k, (mid, cls, meth, ptypes) in enumerate(runs):
        flds = fields_of(srcs[cls])
        void = re.search(r"void\s+%s\s*\(" % meth, srcs[cls]) is not None
        loops, args, fs, label = [], [], [], ["\"%s \"" % (mid or "O:" + meth)]
        for i, t in enumerate(ptypes):
            loops.append("for (int p%d = -128; p%d <= 127; p%d++)" % (i, i, i) if t == "byte"
                         else "for (boolean p%d : new boolean[] {false, true})" % i)
            args.append("(byte) p%d" % i if t == "byte" else "p%d" % i)
            label.append("p%d" % i)
        for i, (t, f) in enumerate(flds):
            vals = "false, true" if t == "boolean" else ", ".join(map(str, fvals))
            jt = "boolean" if t == "boolean" else "int"
            loops.append("for (%s f%d : new %s[] {%s})" % (jt, i, jt, vals))
            fs.append((f, "f%d" % i if t in ("boolean", "int") else "(%s) f%d" % (t, i)))
            label.append("f%d" % i)
        cname = cls if mid is None else "%s_M%s" % (cls, mid)
        body.append("    " + " ".join(loops) + " " +
                    outcome_stmt(cname, meth, args, fs, flds, void,
                                 " + \",\" + ".join(label)))
        n += 256 ** sum(t == "byte" for t in ptypes) * 2 ** sum(t == "boolean" for t in ptypes) * \
            len(fvals) ** sum(t != "boolean" for t, _ in flds) * 2 ** sum(t == "boolean" for t, _ in flds)
    lines = run_java(subject, work, srcs, files, skipped, "All_" + subject, body, n)
    if lines is None:
        return
    seen = {}
    for l in lines:
        who, inp, v = l.split(" ", 2)
        seen.setdefault(who, {})[inp] = v
    kills = {m: {i for i, v in seen[m].items() if v != seen["O:" + ents[m][1]][i]}
             for m in mids}
    bad = []
    for m in mids:
        x = res[m]
        if x["verdict"] == "duplicate" and seen[m] != seen[x["by"]]:
            bad.append("%s is no duplicate of %s" % (m, x["by"]))
        if x["verdict"] == "subsumed" and not (kills[x["by"]] and kills[x["by"]] <= kills[m]):
            bad.append("%s is not subsumed by %s" % (m, x["by"]))
        if x["verdict"] == "subsumed" and "kills the same inputs" in x["detail"] and \
                kills[x["by"]] != kills[m]:
            bad.append("%s does not kill the same inputs as %s" % (m, x["by"]))
    missing = []
    for m in mids:
        x = res[m]
        if x["verdict"] != "killable" or "no duplicate or subsumption claim" in x["detail"]:
            continue
        for y in mids:
            if y != m and ents[y][1] == ents[m][1] and res[y]["verdict"] != "equivalent" and \
                    kills[y] <= kills[m] and not (kills[y] == kills[m] and int(y) > int(m)):
                missing.append("%s by %s" % (m, y))
    nclaims = sum(1 for m in mids if res[m]["verdict"] in ("duplicate", "subsumed"))
    ok(not bad, "%s: on every input (%d runs), each of the %d claims in their method holds in "
       "the JVM%s" % (subject, n, nclaims, (" (not: %s)" % bad) if bad else ""))
    ok(not missing, "%s: no duplicate or subsumption claim is missing, or the note says why%s"
       % (subject, (" (missing: %s)" % missing) if missing else ""))


have_java = subprocess.run("command -v javac >/dev/null && command -v java >/dev/null",
                           shell=True).returncode == 0
ok(have_java, "javac and java are installed (scripts/deps.sh)")

# --- the shipped subjects ----------------------------------------------
rc, d = check(["--source", LOGS + "/src/max", "--method", LOGS + "/max.mutants.log"])
mx = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and mx.get("2", {}).get("verdict") == "equivalent" and
   mx["2"]["level"] == "method" and "equivalent in its method" in mx["2"]["detail"],
   "max: a > b to a >= b is equivalent in its method")
ok(all(mx[i]["level"] == "method" for i in mx), "max: every mutant decided in its method "
   "(the return deletion too)")
rc0, d0 = check(["--source", LOGS + "/src/max", LOGS + "/max.mutants.log"])
ok(d0 and {x["id"]: x for x in d0["mutants"]}["2"]["verdict"] == "killable",
   "max: without --method, 2 stays killable in its expression")
if have_java:
    verify("max", LOGS + "/src/max", LOGS + "/max.mutants.log", mx,
           LOGS + "/src/max/mutants")

p = subprocess.run([S, "check", "--no-timing", "--method", "--source", LOGS + "/src/max",
                    LOGS + "/max.mutants.log"], capture_output=True, text=True)
shown = [l.replace(LOGS, "../shared/data/major-logs") for l in p.stdout.splitlines()
         if l.startswith("Max@")]
doc = open("docs/check.md").read()
ok(len(shown) == 4 and all(l in doc for l in shown),
   "docs/check.md: the max example (4 duplicate of 3 in its method) is the tool's output")

rc, d = check(["--source", LOGS + "/src/field-write", "--method",
               LOGS + "/field-write.mutants.log"])
fw = {x["id"]: x for x in d["mutants"]} if d else {}
ok(fw.get("5", {}).get("verdict") == "equivalent" and fw["5"]["level"] == "method",
   "field-write: the dead initial store result = 0 to 1 is equivalent in its method")
ok(fw.get("7", {}).get("verdict") == "killable" and "throws" in fw["7"]["detail"],
   "field-write: a - a to a % a is killed (it throws at a = 0; the ground truth says equivalent)")
ok(all(fw[i]["level"] != "method" and "class-level" in fw[i]["detail"] for i in "1234"),
   "field-write: field initializers stay at expression level (class-level)")
if have_java:
    verify("field-write", LOGS + "/src/field-write",
           LOGS + "/field-write.mutants.log", fw, LOGS + "/src/field-write/mutants")

# Every other shipped subject: its method-level verdicts in the JVM too.
# No question of theirs runs out of the solver's limits (--rlimit, the
# clock): field-access's subsumption questions over (a + b) % c and / x
# did on the method's incremental solver (sem/mir-encode.c: own_question).
for subj in ("data-flow", "equality-refinement", "loops", "triangle", "side-effects", "field-access",
             "method-invocation", "non-serializable"):
    rc, d = check(["--source", LOGS + "/src/" + subj, "--method",
                   LOGS + "/%s.mutants.log" % subj])
    ok(rc == 0 and d is not None, "%s: checked with --method" % subj)
    spent = [x["id"] for x in (d or {}).get("mutants", [])
             if re.search(r"method level:.*(canceled|resource limit|timeout)", x["detail"])]
    ok(d is not None and not spent, "%s: no method-level question ran out of the solver's "
       "limits%s" % (subj, (" (%s)" % spent) if spent else ""))
    if have_java and d:
        verify(subj, LOGS + "/src/" + subj, LOGS + "/%s.mutants.log" % subj,
               {x["id"]: x for x in d["mutants"]}, LOGS + "/src/%s/mutants" % subj)

# --- the written subject -----------------------------------------------
LOG = D + "/meth.mutants.log"
rc, d = check(["--source", D + "/src", "--method", LOG])
me = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(me) == 19, "Meth: 19 verdicts, exit 0")
ok(me["19"]["verdict"] == "killable" and "shadow(total=" in me["19"]["detail"] and
   "with field" not in me["19"]["detail"],
   "Meth: a parameter hides the field of its name")
ok(me["6"]["verdict"] != "equivalent" and
   "equivalent up to 8 loop iterations" in me["6"]["detail"],
   "Meth: a mutant that differs only after 20 iterations is not called equivalent")
rc, d30 = check(["--source", D + "/src", "--method", "--unroll", "30", LOG])
m30 = {x["id"]: x for x in d30["mutants"]} if d30 else {}
ok(m30.get("6", {}).get("verdict") == "killable" and m30["6"]["level"] == "method",
   "Meth: with --unroll 30 it is killed in its method")
ok(me["8"]["verdict"] == "equivalent" and "every loop bounded" in me["8"]["detail"],
   "Meth: a loop with a constant bound: i < 3 to i != 3 equivalent in its method")
ok(me["1"]["verdict"] == "equivalent" and me["15"]["verdict"] == "equivalent",
   "Meth: dead stores (an overwritten local, a local written last) are invisible")
ok(me["4"]["verdict"] == "equivalent" and me["5"]["verdict"] == "killable",
   "Meth: a guard makes t >= 3 to t == 3 equivalent, not t >= 3 to t > 3")
ok(me["10"]["verdict"] == "killable" and "the original throws" in me["10"]["detail"] and
   me["11"]["verdict"] == "equivalent",
   "Meth: a dead division still throws (a / b to a * b killed), a % b throws alike")
ok("the mutant throws" in me["12"]["detail"], "Meth: an explicit throw is an outcome")
ok(me["14"]["verdict"] in ("killable", "duplicate") and
   "killed by accumulate(" in me["14"]["detail"] and "total = " in me["14"]["detail"],
   "Meth: a field write is seen (its deletion killed, with the field's value)")
ok(me["14"]["verdict"] == "duplicate" and me["14"]["by"] == "13" and
   "in its method" in me["14"]["detail"],
   "Meth: the deleted field write and total += 0 (a to 0 on the line above) leave "
   "the same total: 14 duplicate of 13 in its method (checked in the JVM below)")
ok(me["17"]["verdict"] == "equivalent" and me["16"]["verdict"] == "killable",
   "Meth: break and continue")
ok(me["18"]["level"] == "method" and me["18"]["verdict"] == "killable" and
   "seeing calls=" in me["18"]["detail"],
   "Meth: a call (its result used) in a method that names a field (calls++): "
   "judged in its method, the callee seeing the field (sem/mir.h: Calls and "
   "fields; re-run with stubs by tests/check-method-calls.t)")
if have_java:
    both = dict(me)
    both["6"] = m30["6"]
    verify("meth", D + "/src", LOG, both)

# --- switch statements: the written subject Sw ---------------------------
# Sw.java: old-style groups (an empty one, fall-through, a default in the
# middle of nothing), arrow rules, a switch in a loop (continue leaves
# the switch for the loop, break only the switch), a char selector, a
# byte one, and a switch on a String (not modelled).
SLOG = D + "/sw.mutants.log"
rc, d = check(["--source", D + "/src", "--method", SLOG])
sw = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(sw) == 14 and
   all(sw[str(i)]["level"] == "method" for i in range(1, 14)),
   "Sw: 14 verdicts, the 13 in int, char and byte switches decided in their method")
ok(sw["7"]["verdict"] == "equivalent" and sw["10"]["verdict"] == "equivalent",
   "Sw: a store every arrow rule overwrites, and the last group's break, are "
   "equivalent in their method")
ok(all(sw[i]["verdict"] in ("killable", "subsumed", "duplicate") and
       "killed by " in sw[i]["detail"] for i in ("2", "3", "5", "11", "12", "13")),
   "Sw: deleting a break (fall-through into the next group) or a continue in a "
   "switch in a loop is killed in its method")
ok(sw["14"]["level"] != "method" and "not modelled" in sw["14"]["detail"] and
   "String s" in sw["14"]["detail"],
   "Sw: a switch on a String stays at expression level, with the reason")
if have_java:
    verify("sw", D + "/src", SLOG, sw)

# --- other classes: the written subject Objs ------------------------------
# Objs.java (lang/mir.h: Other references): Math.abs, max and min by their
# value, String parameters compared and returned by identity, `new`
# giving a fresh object no input is.  The JVM runs every verdict with
# String and Object objects distinct by identity and equals.
OLOG = D + "/objs.mutants.log"
rc, d = check(["--source", D + "/src", "--method", OLOG])
ob = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(ob) == 9 and all(ob[str(i)].get("level") == "method" or
                                    "killed by clampMin" in ob[str(i)]["detail"]
                                    for i in range(1, 10)),
   "Objs: 9 verdicts decided in their method (Math, String and Object references, new)")
ok(ob["2"]["verdict"] == "equivalent" and ob["6"]["verdict"] == "equivalent",
   "Objs: a < 0 to a <= 0 before returning max(a, 0), and a new object compared with "
   "a parameter, are equivalent in their method")
ok(ob["4"]["verdict"] == "killable" and "same(s=o1, t=o2)" in ob["4"]["detail"] and
   ob["5"]["verdict"] == "killable" and "the original returns o2, the mutant returns o1"
   in ob["5"]["detail"],
   "Objs: references compared and returned by identity, killed by two distinct objects")
ok(ob["7"]["verdict"] == "killable" and "returns new#1, calls new Object()" in
   ob["7"]["detail"], "Objs: new is an event and a fresh object the run returns")
if have_java:
    verify("objs", D + "/src", OLOG, ob)

# --- aliasing by declared types: the written subject Alias -------------
# Alias.java: an object is of one class and its superclasses, so a Peer
# parameter is never `this` (an Alias) and never an Other or a String,
# where both classes' chains are in the file and neither is on the
# other's; Kin extends Alias, Sub extends Peer and Face is an interface,
# so those may be one object.  The killing inputs that need one object
# of two types run in the JVM with such an object.
ALOG = D + "/alias.mutants.log"
rc, d = check(["--source", D + "/src", "--method", ALOG])
al = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(al) == 8 and all(al[str(i)].get("level") == "method" for i in range(1, 8)),
   "Alias: 7 verdicts decided in their method")
# a final field's constant is no input: LIMIT (4) and NEG (-2) are what
# their initializers say, where a field that is not final may hold anything
ok(al["7"]["verdict"] == "equivalent" and
   "method level: killed by sign2(x=0) with field seen=" in al["8"]["detail"],
   "Alias: `LIMIT > 3 && NEG < 0` to true is equivalent in its method (static final "
   "constants), `seen > 3` to true is killed by a field a test sets (%s | %s)"
   % (al["7"]["detail"][:70], al["8"]["detail"][-120:]))
ok([al[i]["verdict"] for i in "134"] == ["equivalent"] * 3,
   "Alias: a Peer that is this, an Other or a String is no input: the tests for it "
   "are equivalent to false (%s)" % [al[i]["detail"][:60] for i in "134"])
ok(al["2"]["verdict"] == "killable" and "kin(k=this, o=this)" in al["2"]["detail"] and
   al["5"]["verdict"] == "killable" and "face(f=this, o=this)" in al["5"]["detail"] and
   al["6"]["verdict"] == "killable" and "sub(p=o1, s=o1, o=o1)" in al["6"]["detail"],
   "Alias: a Kin that is this, an interface Face that is this, a Sub that is a Peer "
   "kill (%s)" % [al[i]["detail"][:60] for i in "256"])
if have_java:
    work = tempfile.mkdtemp()
    src = open(D + "/src/Alias.java").read()
    drv = ("class AF extends Alias implements Face { }\n"
           "class AliasMain { public static void main(String[] a) {"
           " Kin k = new Kin(); AF f = new AF(); Sub s = new Sub();"
           " System.out.println(k.kin(k, k) + \" \" + f.face(f, f) + \" \""
           " + new Alias().sub(s, s, s)); } }\n")
    open(os.path.join(work, "Alias.java"), "w").write(src + drv)
    p = subprocess.run("cd %s && javac -nowarn Alias.java && java AliasMain" % work,
                       shell=True, capture_output=True, text=True)
    ok(p.stdout.split() == ["true"] * 3, "Alias: in the JVM the originals return true "
       "on those inputs (one object of both types), where the mutants return false "
       "(%s%s)" % (p.stdout.strip(), p.stderr[:300]))
    subprocess.run(["rm", "-rf", work])

# --- calls as events: the written subject Calls ------------------------
# Calls.java: call statements to a method of the class (unqualified and
# on this); note() folds each argument into the field log, which the JVM
# driver prints, so a run's calls are seen there too.
CLOG = D + "/calls.mutants.log"
rc, d = check(["--source", D + "/src", "--method", CLOG])
ca = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(ca) == 6 and all(ca[str(i)]["level"] == "method" for i in range(1, 6)),
   "Calls: 6 verdicts, the 5 in methods with call statements decided in their method")
ok(ca["1"]["verdict"] == "killable" and "calls note(" in ca["1"]["detail"],
   "Calls: a mutant that changes a call's argument is killed, the calls named")
ok(ca["3"]["verdict"] == "equivalent" and "make its calls" in ca["3"]["detail"],
   "Calls: a mutant of a dead computation beside a call is equivalent in its method")
ok(ca["4"]["verdict"] == "killable" and "note(2), note(1), the mutant" in ca["4"]["detail"],
   "Calls: the order of the calls is seen (the same calls swapped: killed)")
ok(ca["5"]["verdict"] == "killable" and "no call" in ca["5"]["detail"],
   "Calls: whether a call is made is seen")
ok(ca["6"]["level"] == "method" and ca["6"]["verdict"] == "killable" and
   "seeing log=" in ca["6"]["detail"],
   "Calls: a call in a method that names fields is judged in its method, the "
   "field it sees part of the call (re-run with stubs by tests/check-method-calls.t)")
if have_java:
    verify("calls", D + "/src", CLOG, ca)

# --- references: the written subject Heap ------------------------------
# Heap.java: reads through references of the class's own type (lang/mir.h:
# References): a read whose only effect is its null check, a guard, two
# parameters that may be one object, a parameter that may be this, a
# chain, a returned reference, a read after && (its null check only where
# Java evaluates it), writes through references (aliasing: a.x = 1;
# b.x = 2; return a.x; an overwritten write; a void method whose mutant
# differs only in a field written through a reference).  The driver
# prints every object's fields after the run.  Every method-level verdict is run
# in the JVM, heaps built from the printed witnesses.
HLOG = D + "/heap.mutants.log"
rc, d = check(["--source", D + "/src", "--method", HLOG])
hp = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(hp) == 21 and all(x["level"] == "method" for x in hp.values()),
   "Heap: 21 verdicts, all decided in their method")
ok(hp["1"]["verdict"] == "killable" and "a=null" in hp["1"]["detail"] and
   "the original throws" in hp["1"]["detail"],
   "Heap: deleting a dead read through a reference is killed by a null receiver only")
ok(hp["3"]["verdict"] == "killable" and "the mutant throws" in hp["3"]["detail"],
   "Heap: removing a null guard is killed by the null receiver")
ok(hp["5"]["verdict"] == "equivalent" and hp["4"]["verdict"] == "killable" and
   "a=o1, b=o1" in hp["4"]["detail"],
   "Heap: a == b makes a.x - b.x zero (one object, one field value); a.x % b.x throws there")
ok(hp["6"]["verdict"] == "killable" and "o1.x=" in hp["6"]["detail"] and
   "o2.x=" in hp["6"]["detail"],
   "Heap: two distinct objects have their own fields (the witness is a heap)")
ok(hp["7"]["verdict"] == "equivalent",
   "Heap: a == this makes a.x the field x")
ok(hp["12"]["verdict"] == "killable" and "a=o1, b=o1" in hp["12"]["detail"],
   "Heap: a mutant that differs only when two parameters alias is killed by aliasing them")
ok(hp["8"]["verdict"] == "killable" and "next=o1, o1.next=o2, o2.x=" in hp["8"]["detail"],
   "Heap: a chain's witness names every link")
ok(hp["9"]["verdict"] == "killable" and "returns this" in hp["9"]["detail"],
   "Heap: a returned reference is compared by identity")
ok(hp["11"]["verdict"] == "killable" and "shortCircuit(a=o" in hp["11"]["detail"],
   "Heap: a read after && (a != null && a.x > 0) is modelled where Java evaluates it: "
   "its mutant is killed by a non-null a (a null one returns 0 in both, checked in the JVM)")
ok(hp["14"]["verdict"] == "killable" and "shortCircuit(a=null)" in hp["14"]["detail"] and
   "the original returns 0" in hp["14"]["detail"] and "the mutant throws" in hp["14"]["detail"],
   "Heap: a != null && a.x > 0 with a = null returns 0 (the read is not made); "
   "without the guard it throws")
ok(hp["13"]["verdict"] == "killable" and "the original returns normally, a.x = 1" in
   hp["13"]["detail"] and "the mutant returns normally, a.x = 0" in hp["13"]["detail"],
   "Heap: a write through a reference is seen (the final a.x printed for both)")
ok(hp["16"]["verdict"] == "killable" and "aliasWrite(a=o1, b=o1)" in hp["16"]["detail"] and
   "the original returns 2" in hp["16"]["detail"],
   "Heap: a.x = 1; b.x = 2; return a.x returns 2 when a == b (killed only by aliasing)")
ok(hp["17"]["verdict"] == "equivalent" and hp["18"]["verdict"] == "killable" and
   "a.y = 2" in hp["18"]["detail"] and "a.y = 5" in hp["18"]["detail"],
   "Heap: a write through a reference overwritten later is equivalent in its method, "
   "the last one is not")
ok(hp["19"]["verdict"] == "killable" and "the original returns normally" in hp["19"]["detail"]
   and "a.x = " in hp["19"]["detail"],
   "Heap: a void mutant that differs only in a field written through a reference is killed")
ok(hp["20"]["verdict"] == "killable" and hp["21"]["verdict"] == "killable",
   "Heap: writes to this's field and through a parameter that may be this")
ok(hp["15"]["verdict"] == "subsumed" and hp["15"]["by"] == "16" and
   "b.x = 3" in hp["15"]["detail"],
   "Heap: b.x = 2 to 3 is subsumed by the mutant killed only by aliasing "
   "(a == b returns b.x); its own witness shows the final b.x")
if have_java:
    verify("heap", D + "/src", HLOG, hp)

# --- exceptions: the written subject Exc ----------------------------------
# Exc.java (lang/mir.h: Exceptions): a guard throwing one class before a
# division throwing another (main called its removal equivalent), a
# caught division whose mutant throws alike, a finally that returns over
# two different exceptions, a class of the file (MyEx) before its
# superclass's clause, a try in a loop (break, continue, finally), a
# field written in a multi-catch, and three left out with the reason: a
# class not placed, a caught variable used, a call inside try.  Every
# method-level verdict is run in the JVM, which prints the class thrown.
ELOG = D + "/exc.mutants.log"
rc, d = check(["--source", D + "/src", "--method", ELOG])
ex = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(ex) == 16 and
   all(ex[str(i)]["level"] == "method" for i in range(1, 14)),
   "Exc: 16 verdicts, 13 decided in their method")
ok(ex["1"]["verdict"] == "killable" and "the original throws IllegalStateException, "
   "the mutant throws ArithmeticException" in ex["1"]["detail"],
   "Exc: a guard's exception and a division's are different outcomes")
ok(ex["3"]["verdict"] == "equivalent" and ex["4"]["verdict"] == "killable" and
   "the original returns 0, the mutant returns 1" in ex["4"]["detail"],
   "Exc: a caught division: a % b throws where a / b does (equivalent), a * b does not")
ok(ex["5"]["verdict"] == "equivalent" and ex["6"]["verdict"] == "killable" and
   "the original returns 5, the mutant throws ArithmeticException" in ex["6"]["detail"],
   "Exc: a return in finally replaces either exception; without it the exception escapes")
ok(ex["7"]["verdict"] == "killable" and ex["8"]["verdict"] == "killable" and
   "returns 2" in ex["7"]["detail"] and "returns 1" in ex["7"]["detail"],
   "Exc: catch (MyEx) before catch (RuntimeException): MyEx's extends decides")
ok(ex["13"]["verdict"] == "killable" and "f = 3" in ex["13"]["detail"],
   "Exc: a catch clause's field write is seen")
ok(ex["14"]["level"] != "method" and "Odd is not placed" in ex["14"]["detail"] and
   ex["15"]["level"] != "method" and "`e` is used" in ex["15"]["detail"] and
   ex["16"]["level"] != "method" and "a call inside a try" in ex["16"]["detail"],
   "Exc: an unplaced class, a used exception, a call in try: expression level, with the reason")
if have_java:
    verify("exc", D + "/src", ELOG, ex)

# --- duplicates and subsumption in the method: the written subject Rel ----
# Rel.java: byte parameters and a byte field, so that the JVM can run
# every input.  sign's return literal and deletion and the condition's
# mutants (other lines, other sites: nothing relates them at expression
# level), count's field write, and twice's loop (40 iterations at most:
# a claim only with --unroll 50).
RLOG = D + "/rel.mutants.log"
rc, d = check(["--source", D + "/src", "--method", RLOG])
rl = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(rl) == 12, "Rel: 12 verdicts, exit 0")
claimed = [i for i in rl if rl[i]["level"] == "method" and
           rl[i]["verdict"] in ("duplicate", "subsumed")]
ok(claimed and all("in its method" in rl[i]["detail"] and rl[i]["by"] and
                   "killed by " in rl[i]["detail"] for i in claimed),
   "Rel: %d duplicate or subsumption claims, each 'in its method', naming the other "
   "mutant, with its own killing input" % len(claimed))
ok(rl["4"]["verdict"] == "subsumed" and rl["4"]["by"] in ("1", "2", "3") and
   rl["5"]["verdict"] == "duplicate",
   "Rel: 1 |==> 0 in sign's first return is subsumed by a mutant of the condition "
   "on the line above, and the return's deletion is its duplicate")
ok(rl["9"]["verdict"] == "subsumed" and rl["9"]["by"] in ("7", "8"),
   "Rel: deleting hits++ (a field write) is subsumed by a mutant of its guard")
ok(all(rl[i]["verdict"] == "killable" and "no duplicate or subsumption claim" in rl[i]["detail"]
       and "a loop can run longer than the bound" in rl[i]["detail"] for i in ("11", "12")),
   "Rel: in twice (a loop of up to 40 iterations, unrolled 8 times) no claim, with the reason")
rc, d50 = check(["--source", D + "/src", "--method", "--unroll", "50", RLOG])
r50 = {x["id"]: x for x in d50["mutants"]} if d50 else {}
ok(r50.get("12", {}).get("verdict") == "duplicate" and r50["11"]["verdict"] == "subsumed" and
   "every loop bounded" in r50["12"]["detail"],
   "Rel: with --unroll 50 the loop is covered: the deletion of s += 2 is a duplicate, "
   "2 |==> 0 subsumed (by 40 |==> 41)")
p1 = subprocess.run([S, "check", "--no-timing", "--source", D + "/src", "--method", "-j", "1",
                     RLOG], capture_output=True, text=True)
p2 = subprocess.run([S, "check", "--no-timing", "--source", D + "/src", "--method", "-j", "2",
                     RLOG], capture_output=True, text=True)
ok(p1.returncode == 0 and p1.stdout == p2.stdout and "duplicate of" in p1.stdout and
   "subsumed by" in p1.stdout, "Rel: the text output says 'duplicate of' and 'subsumed by', "
   "the same with -j 1 and -j 2")
if have_java:
    exhaustive("rel", D + "/src", RLOG, rl)
    exhaustive("rel50", D + "/src", RLOG, r50)
    verify("rel", D + "/src", RLOG, rl)

# --- relations over division: the written subject Div ----------------
# Div.java: one byte parameter and a byte field, so that the JVM runs
# every input; mutants of a + b + c + x into %, /, * over the inputs (as
# field-access's testFieldAccess2): their duplicate and subsumption
# questions divide, so they go to a solver of their own, after the
# search (check/mrel.c).  Each claim must hold on all 65,536 inputs and
# none may be missing; the output is the same with -j 1, -j 2 and
# --no-cache.
DLOG = D + "/div.mutants.log"
rc, d = check(["--source", D + "/src", "--method", DLOG])
dv = {x["id"]: x for x in d["mutants"]} if d else {}
ok(rc == 0 and len(dv) == 17 and all(x["level"] == "method" for x in dv.values()),
   "Div: 17 verdicts, all decided in their method, exit 0")
ok(sum(x["verdict"] in ("duplicate", "subsumed") for x in dv.values()) >= 5 and
   any(x["verdict"] == "subsumed" and re.search(r"[%/]", x["mutant"]) for x in dv.values()),
   "Div: claims in the method, among them on mutants into % or /")
outs = [subprocess.run([S, "check", "--no-timing", "--source", D + "/src", "--method"] + a +
                       [DLOG], capture_output=True, text=True)
        for a in (["-j", "1"], ["-j", "2"], ["-j", "2", "--no-cache"])]
ok(all(p.returncode == 0 and p.stdout == outs[0].stdout for p in outs),
   "Div: the same output with -j 1, -j 2 and --no-cache")
if have_java:
    exhaustive("div", D + "/src", DLOG, dv, fvals=range(-128, 128))
    verify("div", D + "/src", DLOG, dv)

# --- rules ---------------------------------------------------------------
p = subprocess.run([S, "check", "--method", LOG], capture_output=True, text=True)
ok(p.returncode != 0 and "--method needs --source" in p.stderr,
   "--method without --source is a usage error")
p = subprocess.run([S, "check", "--no-timing", "--source", D + "/src", LOG],
                   capture_output=True, text=True)
ok(p.returncode == 0 and "method level" not in p.stdout and "--method" not in p.stdout,
   "without --method nothing is said at method level")

subprocess.run(["rm", "-rf", T])
done()
