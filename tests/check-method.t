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
# break and continue, and a call (not modelled: stays at expression
# level).  Nothing expected is written in: every method-level verdict
# is checked in the JVM.  The original and each mutated class (Major's
# file, or the logged replacement applied at the logged line) are
# compiled together, renamed, with a driver that
#   - runs every printed killing input (arguments and field values, as
#     the tool printed them) on both and requires different outcomes
#     (return value, exception, final field values), the original's
#     being the one the tool describes;
#   - runs every mutant called equivalent in its method on a grid of
#     boundary and random inputs and requires the same outcome.
# And the rules: a mutant that differs only beyond the unrolling bound
# is never called equivalent (its note says "equivalent up to 8 loop
# iterations"), and is killed with --unroll 30; a call leaves the mutant
# at expression level with the reason; --method without --source is a
# usage error; without --method the output has no method-level text.
import json, os, random, re, subprocess, sys, tempfile

S = os.environ.get("SUBSUME", "./subsume")
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
LOGS = os.environ.get("MAJOR_LOGS") or os.path.abspath("../shared/data/major-logs")
if not os.path.isdir(LOGS):
    LOGS = "/work/shared/data/major-logs"
D = "tests/data/check-method"
T = tempfile.mkdtemp(prefix="check-method.")
n = 0
failed = 0


def ok(cond, msg):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print(("ok" if cond else "not ok") + " %d - %s" % (n, msg))
    sys.stdout.flush()


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
    """The int and boolean fields: declarations one level deep (the
    subjects indent by four blanks or a tab)."""
    return re.findall(r"^(?:    |\t)(?:static\s+)?(int|boolean)\s+(\w+)\s*(?:=[^;]*)?;",
                      src, re.M)


def lit(t, v):
    return ("true" if v else "false") if t == "boolean" else str(v)


def grid_value(t, rnd):
    if t == "boolean":
        return rnd.random() < 0.5
    pool = [0, 1, -1, 2, 3, 4, 5, 7, 20, 21, -2147483648, 2147483647]
    return rnd.choice(pool) if rnd.random() < 0.7 else rnd.randint(-300, 300)


def verify(subject, src_dir, log, res, major_mutants=None):
    """Run the JVM on every method-level verdict of res."""
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
    cases = []  # (id, kind, class, method, args, fields, what the tool says)
    rnd = random.Random(15)
    for mid, x in sorted(res.items(), key=lambda kv: int(kv[0])):
        if x["level"] != "method":
            continue
        cls, meth, ptypes, line, orig, mut = ents[mid]
        if cls in skipped:
            continue
        src = srcs[cls]
        flds = fields_of(src)
        if major_mutants:
            msrc = open(os.path.join(major_mutants, mid, cls + ".java")).read()
        else:
            msrc = patched(src, line, orig, mut)
        mname = "%s_M%s" % (cls, mid)
        open(os.path.join(work, mname + ".java"), "w").write(
            re.sub(r"\b%s\b" % cls, mname, msrc))
        files.append(mname + ".java")
        if x["verdict"] == "killable":
            m = re.match(r"killed by (\w+)\(([^)]*)\)(?: with field ([^:]*))?: "
                         r"the original (.*?), the mutant", x["detail"])
            args = [a.split("=", 1)[1] for a in m.group(2).split(", ") if a]
            fs = [f.split("=", 1) for f in (m.group(3) or "").split(", ") if f]
            cases.append((mid, "kill", cls, m.group(1), args, fs, m.group(4)))
        elif x["verdict"] == "equivalent":
            for k in range(120):
                args = [lit(t, grid_value(t, rnd)) for t in ptypes]
                fs = [(f, lit(t, grid_value(t, rnd))) for t, f in flds]
                cases.append((mid, "eq", cls, meth, args, fs, None))
    drv = ["public class Drv_%s {" % re.sub(r"\W", "_", subject)]
    for k, (mid, kind, cls, meth, args, fs, _) in enumerate(cases):
        src = srcs[cls]
        flds = fields_of(src)
        drv.append("  static void c%d() {" % k)
        void = re.search(r"void\s+%s\s*\(" % meth, src) is not None
        for side, cname in (("o", cls), ("m", "%s_M%s" % (cls, mid))):
            call = "o.%s(%s)" % (meth, ", ".join(args))
            sets = " ".join("o.%s = %s;" % (f, v) for f, v in fs)
            shown = " + \" \" + ".join(["\"\""] + ["o.%s" % f for _, f in flds])
            drv.append("    { %s o = new %s(); %s String v; try { %s v = \"returns \" + %s + %s; }"
                       " catch (RuntimeException e) { v = \"throws\"; }"
                       " System.out.println(\"%d %s \" + v); }"
                       % (cname, cname, sets, (call + ";") if void else "Object r = " + call + ";",
                          "\"normally\"" if void else "r", shown, k, side))
        drv.append("  }")
    drv.append("  public static void main(String[] x) {")
    drv += ["    c%d();" % k for k in range(len(cases))]
    drv.append("  }\n}")
    dname = "Drv_%s" % re.sub(r"\W", "_", subject)
    open(os.path.join(work, dname + ".java"), "w").write("\n".join(drv) + "\n")
    files.append(dname + ".java")
    p = subprocess.run(["javac", "-nowarn", "-d", work] + [os.path.join(work, f) for f in files],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "%s: javac compiles the original, %d mutants and the driver%s%s"
       % (subject, len(files) - len(srcs) + len(skipped) - 1,
          (" (not %s: javac refuses the original)" % ", ".join(skipped)) if skipped else "",
          (": " + p.stdout + p.stderr)[:300] if p.returncode else ""))
    if p.returncode:
        return
    p = subprocess.run(["java", "-Xshare:auto", "-cp", work, dname], capture_output=True,
                       text=True, timeout=600)
    out = {}
    for l in p.stdout.splitlines():
        k, side, v = l.split(" ", 2)
        out[(int(k), side)] = v
    ok(len(out) == 2 * len(cases), "%s: the JVM ran %d cases" % (subject, len(cases)))
    bad_kill = [cases[k][0] for k in range(len(cases)) if cases[k][1] == "kill" and
                (out.get((k, "o")) == out.get((k, "m")) or
                 not out.get((k, "o"), "").startswith(cases[k][6].split(",")[0]))]
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
for subj in ("data-flow", "equality-refinement", "loops", "triangle", "side-effects",
             "method-invocation", "non-serializable"):
    rc, d = check(["--source", LOGS + "/src/" + subj, "--method",
                   LOGS + "/%s.mutants.log" % subj])
    ok(rc == 0 and d is not None, "%s: checked with --method" % subj)
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
ok(me["14"]["verdict"] == "killable" and "total = " in me["14"]["detail"],
   "Meth: a field write is seen (its deletion killed, with the field's value)")
ok(me["17"]["verdict"] == "equivalent" and me["16"]["verdict"] == "killable",
   "Meth: break and continue")
ok(me["18"]["level"] != "method" and "not modelled" in me["18"]["detail"] and
   "helper(a)" in me["18"]["detail"],
   "Meth: a call is not modelled yet: expression level, with the reason")
if have_java:
    both = dict(me)
    both["6"] = m30["6"]
    verify("meth", D + "/src", LOG, both)

# --- rules ---------------------------------------------------------------
p = subprocess.run([S, "check", "--method", LOG], capture_output=True, text=True)
ok(p.returncode != 0 and "--method needs --source" in p.stderr,
   "--method without --source is a usage error")
p = subprocess.run([S, "check", "--no-timing", "--source", D + "/src", LOG],
                   capture_output=True, text=True)
ok(p.returncode == 0 and "method level" not in p.stdout and "--method" not in p.stdout,
   "without --method nothing is said at method level")

subprocess.run(["rm", "-rf", T])
print("1..%d" % n)
sys.exit(1 if failed else 0)
