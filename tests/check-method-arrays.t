#!/usr/bin/env python3
# check-method-arrays.t - arrays in `subsume check --source DIR --method`
# (issue 15, lang/mir.h: Arrays).
#
# Subject: tests/data/check-method/src/Arr.java with arr.mutants.log
# (Major's format): a loop over a.length, a guard that makes two bound
# mutants of a later test invisible, a dead store into a local array
# (invisible: nobody can reach it) beside stores into a parameter's and
# a field's array (seen: a test reads the array afterwards), a mutant
# only aliasing kills (a == b), a loop mutant that differs only after
# ten iterations, `new int[n]`.  Nothing expected is written in: every
# killing input the tool prints (arrays as {..}, shared ones as o1) is
# run in the JVM on the original and the mutated class, which must
# differ (return value, exception class, final contents of every array
# passed); every mutant called equivalent in its method is run on a grid
# of random inputs (null, empty and aliased arrays) and must never
# differ.  And the rules: the loop mutant is never called equivalent
# (its note says "equivalent up to 8 loop iterations") and is killed
# with --unroll 12; arrays are seen in the text (a store changes the
# test's outcome).
import json, os, random, re, subprocess, tempfile

from tap import S, check_json as check, done, ok, stop
import method_table
D = "tests/data/check-method"
SRC = D + "/src/Arr.java"
LOG = D + "/arr.mutants.log"
T = tempfile.mkdtemp(prefix="check-method-arrays.")


def log_entries(path):
    """id -> (method name, parameter types, line, original, mutant)."""
    return {k: v[1:] for k, v in method_table.log_entries(path).items()}


def patched(src, line, orig, mut, cls):
    lines = src.split("\n")
    l = lines[line - 1]
    assert l.count(orig) == 1, (line, orig)
    lines[line - 1] = l.replace(orig, "(%s)" % mut)
    return "\n".join(lines).replace("public class Arr", "class " + cls)


# --- a printed killing input: name(a={1, 2}, b=o1, i=3) with field
# buf={..} with o1 = {..} ---
def parse_value(s, i):
    """A value at s[i:]: (text, end)."""
    if s[i] == "{":
        j = s.index("}", i)
        return s[i:j + 1], j + 1
    m = re.compile(r"-?\w+").match(s, i)
    return m.group(0), m.end()


def parse_input(detail):
    """{'name', 'args': [(p, v)], 'fields': [(f, v)], 'shared': {o: v}} or None."""
    m = re.search(r"killed by (\w+)\(", detail)
    if not m:
        return None
    s, i = detail, m.end()
    r = {"name": m.group(1), "args": [], "fields": [], "shared": {}}
    while s[i] != ")":
        p = re.compile(r"(\w+)=").match(s, i)
        v, i = parse_value(s, p.end())
        r["args"].append((p.group(1), v))
        if s.startswith(", ", i):
            i += 2
    i += 1
    if s.startswith(" with field ", i):
        i += len(" with field ")
        while True:
            p = re.compile(r"(\w+)=").match(s, i)
            v, i = parse_value(s, p.end())
            r["fields"].append((p.group(1), v))
            if not s.startswith(", ", i) or s.startswith(", o", i) and \
                    re.compile(r", o\d+ = ").match(s, i):
                break
            i += 2
    if s.startswith(" with o", i):
        i += len(" with ")
        while True:
            p = re.compile(r"(o\d+) = ").match(s, i)
            v, i = parse_value(s, p.end())
            r["shared"][p.group(1)] = v
            if not s.startswith(", o", i):
                break
            i += 2
    return r


def java_value(v, objs):
    """A Java expression for a printed value; arrays made once each
    (objs: their declarations, in order)."""
    if v.startswith("{"):
        n = "x%d" % len(objs)
        objs.append("int[] %s = new int[] %s;" % (n, v))
        return n
    return v


def call_code(cls, inp):
    """A Java block printing the outcome of the input on class cls."""
    objs, names = [], {}
    for o, v in inp["shared"].items():
        names[o] = java_value(v, objs)
    args = [names.get(v) or java_value(v, objs) for _, v in inp["args"]]
    sets = ["x.%s = %s;" % (f, names.get(v) or java_value(v, objs))
            for f, v in inp["fields"]]
    arrays = [o.split()[1] for o in objs]
    shows = " + ".join("show(%s)" % a for a in arrays) or '""'
    return ("{ %s %s x = new %s(); %s String v; try { v = \"R \" + %s; } "
            "catch (RuntimeException e) { v = \"T \" + e.getClass().getSimpleName(); }"
            " out.add(v); }" % (" ".join(objs), cls, cls, " ".join(sets),
                                call_expr(inp["name"], args, shows)))


VOID = {"fill", "push"}


def call_expr(name, args, shows):
    c = "x.%s(%s)" % (name, ", ".join(args))
    if name in VOID:
        return "run(() -> %s) + %s" % (c, shows)
    return "%s + %s" % (c, shows)


DRIVER_HEAD = """import java.util.*;
public class Drv {
  static String show(int[] a) { return a == null ? " null" : " " + Arrays.toString(a); }
  static String run(Runnable r) { r.run(); return ""; }
  public static void main(String[] z) {
    List<String> out = new ArrayList<>();
"""


def jvm(classes, blocks):
    """Compile the classes (name -> source) and run the blocks: their
    outcomes in order."""
    d = tempfile.mkdtemp(dir=T)
    files = []
    for n, src in classes.items():
        files.append(os.path.join(d, n + ".java"))
        open(files[-1], "w").write(src)
    drv = DRIVER_HEAD + "\n".join("    " + b for b in blocks) + \
        "\n    for (String s : out) System.out.println(s);\n  }\n}\n"
    files.append(os.path.join(d, "Drv.java"))
    open(files[-1], "w").write(drv)
    p = subprocess.run(["javac", "-nowarn", "-d", d] + files, capture_output=True,
                       text=True)
    if p.returncode:
        print("# " + p.stderr.replace("\n", "\n# ")[:2000])
        return None
    p = subprocess.run(["java", "-Xshare:auto", "-cp", d, "Drv"], capture_output=True,
                       text=True)
    return p.stdout.split("\n")[:len(blocks)]


def grid_inputs(name, ptypes, rng, n):
    """n random inputs of a method: arrays of length 0..4, null, aliased."""
    out = []
    for _ in range(n):
        inp = {"name": name, "args": [], "fields": [], "shared": {}}
        first = None
        for k, t in enumerate(ptypes):
            if t == "int[]":
                if first and rng.random() < 0.3:
                    inp["shared"]["o1"] = first[1]
                    inp["args"][first[0]] = (inp["args"][first[0]][0], "o1")
                    inp["args"].append(("p%d" % k, "o1"))
                    continue
                if rng.random() < 0.1:
                    inp["args"].append(("p%d" % k, "null"))
                    continue
                v = "{%s}" % ", ".join(str(rng.choice([0, 1, -1, 5, 100, 101, 7]))
                                        for _ in range(rng.randint(0, 4)))
                first = first or (len(inp["args"]), v)
                inp["args"].append(("p%d" % k, v))
            else:
                inp["args"].append(("p%d" % k, str(rng.choice(
                    [0, 1, -1, 2, 3, 4, -2147483648, 2147483647]))))
        if name == "push":
            inp["fields"].append(("buf", rng.choice(["null", "{1, 2}", "{}"])))
        out.append(inp)
    return out


if subprocess.run("command -v javac >/dev/null && command -v java >/dev/null",
                  shell=True).returncode:
    ok(False, "javac and java are installed (scripts/deps.sh)")
    stop()

entries = log_entries(LOG)
src = open(SRC).read()
classes = {"Arr": src}
for k, (name, pt, line, orig, mut) in entries.items():
    classes["ArrM" + k] = patched(src, line, orig, mut, "ArrM" + k)

rc, out = check(["--source", D + "/src", "--method", LOG])
ok(rc == 0 and out is not None, "check --method reads Arr.java and its mutants")
if out is None:
    stop()
V = {m["id"]: m for m in out["mutants"]}
ok(len(V) == len(entries), "a verdict for each of the %d mutants" % len(entries))
method = [k for k, m in V.items() if m["level"] == "method"]
ok(len(method) >= len(entries) - 1, "all but at most one are decided in their method "
   "(%d of %d)" % (len(method), len(entries)))

# every killing input, original against mutant, in the JVM
blocks, what = [], []
for k, m in sorted(V.items(), key=lambda x: int(x[0])):
    inp = parse_input(m["detail"] or "")
    if not inp or m["level"] != "method":
        continue
    blocks += [call_code("Arr", inp), call_code("ArrM" + k, inp)]
    what.append((k, m["detail"]))
res = jvm(classes, blocks)
ok(res is not None and len(res) == len(blocks), "the JVM runs the %d killing inputs "
   "the tool printed" % len(what))
bad = []
for i, (k, d) in enumerate(what):
    if res is None or res[2 * i] == res[2 * i + 1]:
        bad.append("%s: %s (JVM: %s / %s)" % (k, d, res and res[2 * i], res and res[2 * i + 1]))
for b in bad:
    print("# " + b)
ok(res is not None and not bad, "every printed killing input kills its mutant in the "
   "JVM (%d inputs, %d do not)" % (len(what), len(bad)))
ok(len(what) >= 8, "killing inputs are printed for most mutants (%d)" % len(what))

# the equivalent ones on a grid of inputs
eq = [k for k, m in V.items() if m["verdict"] == "equivalent" and m["level"] == "method"]
rng = random.Random(15)
blocks, what = [], []
for k in eq:
    name, pt = entries[k][0], entries[k][1]
    for inp in grid_inputs(name, pt, rng, 60):
        blocks += [call_code("Arr", inp), call_code("ArrM" + k, inp)]
        what.append(k)
res = jvm(classes, blocks) if blocks else []
diff = [what[i] for i in range(len(what)) if res is None or res[2 * i] != res[2 * i + 1]]
ok(res is not None and not diff, "the %d mutants called equivalent in their method "
   "never differ in the JVM on 60 random inputs each (null, empty, aliased arrays)%s"
   % (len(eq), ": " + ", ".join(sorted(set(diff))) if diff else ""))
throws = sum(1 for i in range(len(what)) if res and res[2 * i].startswith("T "))
ok(throws > 0, "some grid inputs throw in the original (%d)" % throws)


def site(pred):
    return [k for k, (n, pt, line, o, mu) in entries.items() if pred(n, o, mu)]


guard = site(lambda n, o, mu: n == "pick" and o == "i < a.length")
ok(guard and all(V[k]["verdict"] == "equivalent" and V[k]["level"] == "method"
                 for k in guard),
   "the guard `if (i < 0 || i >= a.length) return 0;` makes the later bound "
   "mutants equivalent in their method (%s)" % ", ".join(guard))
dead = site(lambda n, o, mu: n == "scratch" and mu == "-n")
ok(dead and V[dead[0]]["verdict"] == "equivalent",
   "a store into a local array nobody reads is invisible (mutant %s)" % dead)
stores = site(lambda n, o, mu: n in ("fill", "push"))
ok(stores and all(V[k]["verdict"] in ("killable", "subsumed", "duplicate") and
                  "killed by" in (V[k]["detail"] or "") for k in stores),
   "stores into a parameter's and a field's array are seen: killed with an input")
al = site(lambda n, o, mu: n == "alias" and o == "a[0]")
ok(al and V[al[0]]["verdict"] == "killable" and
   re.search(r"alias\(a=(o\d+), b=\1\)", V[al[0]]["detail"] or ""),
   "a mutant only aliasing kills is killed by a call with one array twice: %s"
   % (V[al[0]]["detail"] if al else "?"))

loop = site(lambda n, o, mu: n == "firstBig" and o == "i < 10")
ok(loop and V[loop[0]]["verdict"] != "equivalent" and
   "equivalent up to 8 loop iterations" in (V[loop[0]]["detail"] or "") +
   (V[loop[0]].get("note") or ""),
   "a loop mutant that differs after 10 iterations is not called equivalent, "
   "only equivalent up to 8 loop iterations")
rc, out12 = check(["--unroll", "12", "--source", D + "/src", "--method", LOG])
m12 = {m["id"]: m for m in out12["mutants"]} if out12 else {}
inp = parse_input(m12[loop[0]]["detail"] or "") if loop and loop[0] in m12 else None
ok(inp is not None and m12[loop[0]]["verdict"] == "killable" and
   m12[loop[0]]["level"] == "method",
   "with --unroll 12 it is killed in its method")
res = jvm(classes, [call_code("Arr", inp), call_code("ArrM" + loop[0], inp)]) \
    if inp else None
ok(res is not None and res[0] != res[1],
   "and that killing input kills it in the JVM (%s)" % (res,))

# without --method nothing of this
rc, plain = check(["--source", D + "/src", LOG])
ok(plain is not None and all(m["level"] != "method" for m in plain["mutants"]),
   "without --method no verdict is at method level")
done()
