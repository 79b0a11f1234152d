#!/usr/bin/env python3
# check-float.t - `subsume check` on floating-point sites (docs/check.md):
# a Major log of a Java subject with float and double code, judged from
# the log, from the log with --float-compare numeric, and with --source;
# a YAML batch with float/double variables, float-compare keys and C
# sites.  Every verdict is cross-checked in the real machines:
#
#   tests/data/check-float/src/Flt.java is the subject, flt.mutants.log
#   its mutants in Major's 7-field format and numbering order (AOR, ROR,
#   LVR on double and float expressions; the shipped logs have no UOI
#   line, so its FROM/TO fields follow EVR's `<IDENTIFIER(T)>` form).
#   Each judged mutant becomes a pair of Java methods (the judged
#   expression, original and mutated, over the method's parameters) run
#   by the JVM on a grid of boundary inputs (+-0, NaN, +-infinity, the
#   smallest subnormal, the largest finite value, the smallest normal,
#   one ulp above 1, ...) and on the tool's killing input, pasted into
#   the program as the Java literal the tool printed.  Results are
#   compared as the site's float-compare says: identical is
#   Double.equals/Float.equals (NaNs alike, -0.0 != 0.0), numeric is ==
#   with NaN equal to NaN.  C sites are compiled with gcc the same way
#   (memcmp of the canonical value for identical).
# Then, for each mutant:
#   - killable, subsumed, duplicate: the printed input kills it;
#   - equivalent: no grid input kills it;
#   - subsumed by M: every grid input that kills M kills it; duplicate
#     of M: the same grid inputs kill both;
#   - no floating mutant is unsupported or unknown, each names its
#     float-compare.
# And the facts this test is about, with their reasons:
#   - x + 0.0 vs x - 0.0 (and x - 0.0 vs x + 0.0): killed by x = -0.0
#     under identical (-0.0 + 0.0 is +0.0), equivalent under numeric;
#   - x * 1.0 vs x / 1.0: equivalent under both;
#   - a < b vs !(a >= b): killed by a NaN;
#   - Java's a % b (fmod, the dividend's sign) against a * b, a + b ...
import json, os, re, shutil, subprocess, sys, tempfile

from tap import S, done, ok
D = "tests/data/check-float"
YAML = "tests/data/check/float.yaml"
T = tempfile.mkdtemp(prefix="check-float.")

def run(args):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True)
    try:
        d = json.loads(p.stdout)
    except ValueError:
        d = {"mutants": []}
    return p.returncode, p.stderr, d


# --- the subject: methods, their parameters and return expressions -------
SRC = open(D + "/src/Flt.java").read()
METHODS = {}
for m in re.finditer(r"static (\w+) (\w+)\(([^)]*)\) \{\s*return (.*?);", SRC):
    params = [tuple(p.split()) for p in m.group(3).split(",") if p.strip()]
    METHODS[m.group(2)] = (params, m.group(4))

# The log without the a % b site (its proofs take the longest): the
# numeric and --source runs.
LOG = D + "/flt.mutants.log"
NOREM = os.path.join(T, "norem.log")
with open(LOG) as f, open(NOREM, "w") as g:
    g.writelines(l for l in f if "@rem(" not in l)

runs = {}
for name, args in [("identical", [LOG]),
                   ("numeric", ["--float-compare", "numeric", NOREM]),
                   ("source", ["--source", D + "/src", NOREM]),
                   ("yaml", [YAML])]:
    rc, err, d = run(args)
    ok(rc == 0 and not err.strip(), "%s run: exit 0, no messages %s" %
       (name, err.strip()[:200]))
    runs[name] = d["mutants"]
ok(len(runs["identical"]) == sum(1 for _ in open(LOG)),
   "every logged mutant has a verdict")

# --- Java literals and the grid ---------------------------------------------
DGRID = ["0.0", "-0.0", "1.0", "-1.0", "0.5", "-2.5", "3.0", "1.0E-5",
         "1.0000000000000002", "Double.NaN", "Double.POSITIVE_INFINITY",
         "Double.NEGATIVE_INFINITY", "Double.MIN_VALUE", "-Double.MIN_VALUE",
         "Double.MAX_VALUE", "Double.MIN_NORMAL"]
FGRID = ["0.0f", "-0.0f", "1.0f", "-1.0f", "0.5f", "-2.5f", "3.0f",
         "1.0000001f", "16777217.0f", "Float.NaN", "Float.POSITIVE_INFINITY",
         "Float.NEGATIVE_INFINITY", "Float.MIN_VALUE", "-Float.MIN_VALUE",
         "Float.MAX_VALUE", "Float.MIN_NORMAL"]
IGRID = ["0", "1", "-1", "2", "3", "-16", "16777217", "Integer.MAX_VALUE",
         "Integer.MIN_VALUE"]
GRID = {"double": DGRID, "float": FGRID, "int": IGRID}


def grid(params):
    out = [[]]
    for t, _ in params:
        out = [o + [v] for o in out for v in GRID[t]]
    return out


def witness(detail, params):
    """The tool's killing input as Java arguments, or None."""
    m = re.search(r"killed by (.*?)(?: \[|$)", detail)
    if not m:
        return None
    vals = dict((nm, GRID[t][0]) for t, nm in params)
    if m.group(1) != "any input":
        for kv in m.group(1).split(", "):
            k, v = kv.split("=", 1)
            if k not in vals:
                return None
            vals[k] = v
    return [vals[nm] for _, nm in params]


# --- one Java program for every judged mutant of every run ------------------
cases = []  # (run, mutant json, params, orig expr, mutant expr, fcmp)
for rname, ms in runs.items():
    if rname == "yaml":
        continue
    for x in ms:
        meth = re.match(r"Flt@(\w+)\(", x["where"]).group(1)
        params, ret = METHODS[meth]
        mt = x["mutant"]
        if rname == "source":
            o = x["expression"]
            mm = o.replace(x["original"], mt, 1)
        else:
            o, mm = x["original"], mt
        cases.append((rname, x, params, o, mm, x.get("float-compare")))
YSITES = {"nan-lt": [("double", "a"), ("double", "b")],
          "addzero-numeric": [("double", "x")],
          "addzero-identical": [("double", "x")],
          "mixed": [("float", "f"), ("int", "i")]}
for x in runs["yaml"]:
    if x["where"] in YSITES:
        cases.append(("yaml", x, YSITES[x["where"]], x["original"],
                      x["mutant"], x.get("float-compare")))

java = ["public class FltCheck {",
        "  static boolean same(Object x, Object y, boolean numeric) {",
        "    if (!numeric || x instanceof Boolean) return x.equals(y);",
        "    if (x instanceof Double) { double a = (Double) x, b = (Double) y;",
        "      return a == b || (a != a && b != b); }",
        "    float a = (Float) x, b = (Float) y;",
        "    return a == b || (a != a && b != b);",
        "  }"]
for k, (rname, x, params, o, mm, fc) in enumerate(cases):
    ps = ", ".join("%s %s" % p for p in params)
    args = ", ".join(nm for _, nm in params)
    java.append("  static Object o%d(%s) { return %s; }" % (k, ps, o))
    java.append("  static Object m%d(%s) { return %s; }" % (k, ps, mm))
    num = "true" if fc == "numeric" else "false"
    java.append("  static String k%d(%s) { return same(o%d(%s), m%d(%s), %s)"
                " ? \"0\" : \"1\"; }" % (k, ps, k, args, k, args, num))
for k, (rname, x, params, o, mm, fc) in enumerate(cases):
    java.append("  static void t%d() {" % k)
    java.append("    StringBuilder g = new StringBuilder();")
    for v in grid(params):
        java.append("    g.append(k%d(%s));" % (k, ", ".join(v)))
    java.append("    System.out.println(\"%d G \" + g);" % k)
    w = witness(x["detail"], params)
    if w is not None:
        java.append("    System.out.println(\"%d W \" + k%d(%s));" %
                    (k, k, ", ".join(w)))
    java.append("  }")
java.append("  public static void main(String[] a) {")
java += ["    t%d();" % k for k in range(len(cases))]
java += ["  }", "}"]
with open(os.path.join(T, "FltCheck.java"), "w") as f:
    f.write("\n".join(java) + "\n")

have_jvm = shutil.which("javac") and shutil.which("java")
ok(have_jvm, "javac and java are installed (make check: scripts/deps.sh)")
res = {}
if have_jvm:
    p = subprocess.run(["javac", "-nowarn", "-d", T,
                        os.path.join(T, "FltCheck.java")],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "javac compiles the %d mutant pairs %s" %
       (len(cases), p.stdout[:300] + p.stderr[:300]))
    p = subprocess.run(["java", "-Xshare:auto", "-cp", T, "FltCheck"],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "the JVM runs them")
    for line in p.stdout.splitlines():
        k, kind, v = line.split()
        res[(int(k), kind)] = v

# --- every verdict against the JVM ------------------------------------------
bad = []
byid = {}
for k, (rname, x, params, o, mm, fc) in enumerate(cases):
    byid[(rname, x["where"], x["id"])] = k
for k, (rname, x, params, o, mm, fc) in enumerate(cases):
    v, tag = x["verdict"], "%s %s %s" % (rname, x["where"], x["id"])
    g = res.get((k, "G"), "")
    if v in ("killable", "subsumed", "duplicate", "redundant"):
        if res.get((k, "W")) != "1":
            bad.append("%s: %s but its input %s does not kill it in the JVM"
                       % (tag, v, x["detail"]))
    elif v == "equivalent":
        if "1" in g:
            i = g.index("1")
            bad.append("%s: equivalent but the JVM kills it on %s" %
                       (tag, grid(params)[i]))
    else:
        bad.append("%s: %s (%s)" % (tag, v, x["detail"]))
    if v in ("subsumed", "duplicate") and x["by"]:
        gm = res.get((byid[(rname, x["where"], x["by"])], "G"), "")
        if v == "subsumed" and any(a == "1" and b != "1"
                                   for a, b in zip(gm, g)):
            bad.append("%s: subsumed by %s, but the JVM finds an input "
                       "killing %s only" % (tag, x["by"], x["by"]))
        if v == "duplicate" and gm != g:
            bad.append("%s: duplicate of %s, but the JVM kills them on "
                       "different inputs" % (tag, x["by"]))
    if fc is None or ("[float-compare: %s]" % fc) not in x["detail"]:
        bad.append("%s: the float-compare is not named (%s)" % (tag, fc))
ok(have_jvm and not bad, "every verdict agrees with the JVM (%d cases)%s" %
   (len(cases), "".join("\n# " + b for b in bad[:20])))


def verdict(rname, where, orig, mut):
    for x in runs[rname]:
        if where in x["where"] and x["original"] == orig and x["mutant"] == mut:
            return x["verdict"], x["detail"]
    return None, ""


# --- the facts --------------------------------------------------------------
for r, fc in [("identical", "identical"), ("numeric", "numeric")]:
    ok(all(x.get("float-compare") == fc for x in runs[r]),
       "%s: every floating site names float-compare: %s" % (r, fc))
v, d = verdict("identical", "add(", "x + 0.0", "x - 0.0")
ok(v == "killable" and "killed by x=-0.0 " in d,
   "identical: x + 0.0 -> x - 0.0 killed by x=-0.0 (%s: %s)" % (v, d))
v, d = verdict("identical", "sub(", "x - 0.0", "x + 0.0")
ok(v == "killable" and "killed by x=-0.0 " in d,
   "identical: x - 0.0 -> x + 0.0 killed by x=-0.0 (%s: %s)" % (v, d))
for r in ("numeric",):
    for w, o, m in [("add(", "x + 0.0", "x - 0.0"),
                    ("sub(", "x - 0.0", "x + 0.0")]:
        v, d = verdict(r, w, o, m)
        ok(v == "equivalent", "numeric: %s -> %s equivalent (%s)" % (o, m, v))
for r in ("identical", "numeric", "source"):
    v, d = verdict(r, "mul(", "x * 1.0", "x / 1.0")
    ok(v == "equivalent", "%s: x * 1.0 -> x / 1.0 equivalent (%s)" % (r, v))
rem = [x for x in runs["identical"] if "@rem(" in x["where"]]
ok(len(rem) == 4 and all(x["verdict"] in ("killable", "subsumed", "duplicate")
                         for x in rem),
   "identical: the mutants of Java's a %% b are judged (%s)" %
   [x["verdict"] for x in rem])
ok(all(x["level"] == "expression" for x in runs["source"]),
   "--source: every floating mutant judged in its enclosing expression "
   "with its declared types")
v, d = verdict("yaml", "nan-lt", "a < b", "!(a >= b)")
ok(v == "killable" and "NaN" in d,
   "a < b -> !(a >= b) killed by a NaN (%s: %s)" % (v, d))
v, d = verdict("yaml", "addzero-numeric", "x + 0.0", "x")
ok(v == "equivalent" and "[float-compare: numeric]" in d,
   "batch float-compare: numeric: x + 0.0 -> x equivalent (%s)" % v)
v, d = verdict("yaml", "addzero-identical", "x + 0.0", "x")
ok(v == "killable" and "x=-0.0" in d,
   "site float-compare: identical overrides the batch's: x + 0.0 -> x "
   "killed by x=-0.0 (%s: %s)" % (v, d))

# --- a bad float-compare key: located error, the site skipped (exit 3) -------
bad = os.path.join(T, "bad.yaml")
with open(bad, "w") as f:
    f.write("sites:\n  - expr: x + 0.0\n    float-compare: exact\n"
            "    vars: { x: double }\n    mutants: [ \"x\" ]\n")
p = subprocess.run([S, "check", "--no-timing", bad], capture_output=True,
                   text=True)
ok(p.returncode == 3 and "bad.yaml:3:20: error: unknown float-compare "
   "'exact' (allowed: identical, numeric)" in p.stderr,
   "a bad float-compare is an error at its place: " + p.stderr[:200])

# --- C sites, compiled with gcc -----------------------------------------------
csites = [x for x in runs["yaml"] if x["where"].startswith("c-")]
ok(len(csites) == 4 and all(x.get("language") == "c" for x in csites),
   "C sites: judged as C (%d)" % len(csites))
if shutil.which("gcc"):
    CT = {"c-addzero": ("double", "x"), "c-float": ("float", "f")}
    CG = {"double": ["0.0", "-0.0", "1.0", "-2.5", "NAN", "INFINITY",
                     "-INFINITY", "DBL_MIN", "DBL_MAX", "4.9e-324"],
          "float": ["0.0f", "-0.0f", "1.0f", "-2.5f", "NAN", "INFINITY",
                    "-INFINITY", "FLT_MIN", "FLT_MAX", "1.4e-45f"]}
    prog = ["#include <math.h>", "#include <float.h>", "#include <stdio.h>",
            "#include <string.h>",
            "static int diff_d(double a, double b, int num) {",
            "  if (isnan(a) && isnan(b)) return 0;",
            "  if (num) return !(a == b);",
            "  return memcmp(&a, &b, sizeof a) != 0; }",
            "int main(void) {"]
    for k, x in enumerate(csites):
        t, nm = CT[x["where"]]
        num = 1 if x.get("float-compare") == "numeric" else 0
        w = re.search(r"killed by %s=(\S+?)(?: \[|$)" % nm, x["detail"])
        vals = CG[t] + ([w.group(1)] if w else [])
        for i, val in enumerate(vals):
            prog.append("  { volatile %s %s = %s; %s o = %s, m = %s;"
                        " printf(\"%d %d %%d\\n\", diff_d(o, m, %d)); }" %
                        (t, nm, val, t, x["original"], x["mutant"], k,
                         i if not (w and i == len(vals) - 1) else -1, num))
    prog.append("  return 0; }")
    with open(os.path.join(T, "c.c"), "w") as f:
        f.write("\n".join(prog) + "\n")
    p = subprocess.run(["gcc", "-std=c11", "-O0", "-o", os.path.join(T, "c"),
                        os.path.join(T, "c.c"), "-lm"],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "gcc compiles the C sites " + p.stderr[:200])
    out = subprocess.run([os.path.join(T, "c")], capture_output=True,
                         text=True).stdout.split("\n")
    cbad = []
    for line in filter(None, out):
        k, i, dflag = map(int, line.split())
        x = csites[k]
        if i == -1 and x["verdict"] != "equivalent" and dflag != 1:
            cbad.append("%s %s: the witness does not kill it" %
                        (x["where"], x["id"]))
        if i >= 0 and x["verdict"] == "equivalent" and dflag:
            cbad.append("%s %s: equivalent but input %d kills it" %
                        (x["where"], x["id"], i))
    ok(not cbad and out, "C verdicts agree with gcc" +
       "".join("\n# " + b for b in cbad))
else:
    ok(False, "gcc is installed")
    ok(False, "C verdicts agree with gcc")

shutil.rmtree(T)
done()
