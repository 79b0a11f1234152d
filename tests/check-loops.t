#!/usr/bin/env python3
# check-loops.t - loop counters (issue 29, lang/javasrc-loop.c,
# check/loops.c, sem/induct.c): a counted loop's counter stays in its
# interval, proven by induction before a site assumes it.
#
# tests/data/check-loops: one method a form (for and while, <, <=, >,
# >=, the bound on either side, ++ and --, a literal, a parameter or
# an array's length as start and bound), each mutant equivalent; and
# the loops excluded or not provable, each mutant still killable at its
# expression: i <= n wraps at n == Integer.MAX_VALUE (and i >= n at
# MIN_VALUE), a start above the bound, i += 1 and n-- in the body,
# break, continue, a labelled continue, a field bound a call changes,
# a while loop whose increment is not its last statement.
#
# Nothing expected is computed here: every equivalent mutant (at
# expression and method level) returns what the original returns on a
# grid of inputs in the JVM, and every killing input, evaluated in the
# JVM at its enclosing expression, makes the original and the mutant
# differ.  Then the same over random counted loops (seed 29).
import os, random, re, subprocess

from tap import S, check_json, done, ok, tmpdir

D = "tests/data/check-loops"
T = tmpdir("check-loops.")
LOG = os.path.join(D, "loops.mutants.log")
SRC = os.path.join(D, "src")

runs = {}
for name, extra in (("expr", []), ("method", ["--method"])):
    rc, rep = check_json(["--source", SRC] + extra + [LOG])
    ok(rc == 0 and rep is not None, "%s: exit 0 with a JSON report" % name)
    runs[name] = {m["id"]: m for m in (rep or {}).get("mutants", [])}
E, M = runs["expr"], runs["method"]


def v(i, run=None):
    return (run or E).get(str(i), {}).get("verdict")


FORMS = {1: "for (int i = 0; i < a.length; i++): i < a.length to != (the issue's example)",
         2: "for (int i = 0; i < n; i++), in the body: i >= 0 to true",
         3: "for (int i = 1; i <= 10; i++), in the body: i != 0 to true (<= with a literal bound)",
         4: "for (int i = a.length - 1; i > -1; i--): i > -1 to != (a decrement)",
         5: "int i = 0; while (i < a.length) { ...; i++; }: i < a.length to !=",
         6: "int i = n; while (i >= 0) { ...; i--; }, in the body: i <= n to true",
         8: "for (int i = lo; hi > i; ++i) (the bound on the left), in the body: i < hi to true"}
for k, what in FORMS.items():
    ok(v(k) == "equivalent", "%s: equivalent" % what)
    ok(v(k, M) == "equivalent", "%s: equivalent with --method" % what)
EXCLUDED = {7: "for (int i = lo; hi > i; ++i): hi > i to != (lo may be above hi)",
            9: "for (int i = 0; i <= n; i++): i < 0 to false (i wraps at n == MAX_VALUE)",
            10: "i += 1 in the body",
            11: "n-- in the body",
            12: "break in the body",
            13: "continue in the body",
            14: "the inner loop of a labelled continue",
            15: "the outer loop of a labelled continue",
            16: "a field bound that a call in the body changes",
            17: "a while loop whose increment is not its last statement",
            18: "for (int i = 0; i >= n; i--): i > 0 to false (i wraps at n == MIN_VALUE)"}
for k, what in EXCLUDED.items():
    for name, run in runs.items():
        ok(v(k, run) in ("killable", "unknown"),
           "%s: %s stays unproven (%s)" % (name, what, v(k, run)))

# --- the JVM ----------------------------------------------------------------
INTS = ["-2147483648", "-3", "-1", "0", "1", "2", "7", "100"]
ARRS = ["null", "new int[0]", "new int[] {0}", "new int[] {1, 2, 3}",
        "new int[] {-1, 0, 5}", "new int[] {3, 3, 3, 3, 3, 3, 3}"]
GRID = {"int": INTS, "int[]": ARRS}


def log_entries(path):
    ents = {}
    for l in open(path):
        m = re.match(r"(\d+):\w+:[^:]*:[^:]*:(\w+)@(\w+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                     l.rstrip("\n"))
        ents[m.group(1)] = (m.group(3), [t for t in m.group(4).split(",") if t],
                            int(m.group(5)), m.group(6), m.group(7))
    return ents


def grid(pt, vals):
    out = [[]]
    for t in pt:
        out = [a + [x] for a in out for x in vals[t]]
    return out


def mutant_class(text, cls, mid, line, orig, mut):
    lines = text.split("\n")
    assert lines[line - 1].count(orig) == 1, mid
    lines[line - 1] = lines[line - 1].replace(orig, "(%s)" % mut)
    return re.sub(r"\b%s\b" % cls, "%s_M%s" % (cls, mid), "\n".join(lines))


def expr_kills(run, ents, label, label_cls):
    """Java code checking each killing input at its enclosing
    expression: prints kill|ID|true when original and mutant differ."""
    body = []
    for k, m in run.items():
        c = re.match(r"(?:[^\[]*; )?killed by (\w+)\(([^)]*)\): ", m["detail"])
        if c and m["verdict"] != "equivalent":  # a call of the method
            args = ["new int[] %s" % x if x.startswith("{") else x
                    for _, x in re.findall(r"(\w+)=(\{[^}]*\}|[^,]+)", c.group(2))]
            cls = label_cls
            body.append("{ StringBuilder sb = new StringBuilder(); %s %s "
                        "String[] r = sb.toString().trim().split(\" \"); "
                        "System.out.println(\"kill|%s|%s|\" + !r[0].equals(r[1])); }"
                        % (call(cls, c.group(1), args), call("%s_M%s" % (cls, k), c.group(1), args),
                           label, k))
            continue
        w = re.match(r"(?:every input that kills \S+ kills it; |same outcome as \S+ on every "
                     r"input; )?killed by ((?:[\w.]+=-?\d+(?:, )?)+) \[", m["detail"])
        if m["verdict"] not in ("killable", "subsumed", "duplicate") or not w:
            continue
        ins = dict(re.findall(r"([\w.]+)=(-?\d+)", w.group(1)))
        e = m["expression"]
        o, mu = ents[k][3], ents[k][4]
        assert e.count(o) == 1, (k, e)
        em = e.replace(o, "(%s)" % mu)
        decl = " ".join("int %s = %s;" % (n.replace(".", "_"), x) for n, x in ins.items())
        fix = lambda s: re.sub(r"\b(\w+)\.length\b", r"\1_length", s)
        body.append("{ %s boolean o = %s; boolean m = %s; System.out.println(\"kill|%s|%s|\" + (o != m)); }"
                    % (decl, fix(e), fix(em), label, k))
    return body


def run_java(work, main, classes):
    files = [os.path.join(r, f) for r, _, fs in os.walk(work) for f in fs if f.endswith(".java")]
    p = subprocess.run(["javac", "-nowarn", "-d", os.path.join(work, "cls")] + files,
                       capture_output=True, text=True)
    if not ok(p.returncode == 0, "javac compiles %s%s"
              % (classes, (": " + p.stderr)[:300] if p.returncode else "")):
        done()
    p = subprocess.run(["java", "-cp", os.path.join(work, "cls"), main],
                       capture_output=True, text=True, timeout=900)
    ok(p.returncode == 0, "the JVM runs %s" % main)
    return p.stdout.splitlines()


def call(cls, meth, args):
    return ("{ String r; try { r = String.valueOf(%s.%s(%s)); } catch (RuntimeException e)"
            " { r = e.getClass().getSimpleName(); } sb.append(' ').append(r); }"
            % (cls, meth, ", ".join(args)))


def judge(runs, ents, out, what):
    differs = {k: False for k in ents}
    kills = {}
    for l in out:
        w = l.split("|")
        if w[0] == "kill":
            kills[(w[1], w[2])] = w[3] == "true"
            continue
        mids = w[1].split()
        res = w[3].split()
        assert len(res) == len(mids) + 1, l
        for k, r in zip(mids, res[1:]):
            if r != res[0]:
                differs[k] = True
    for name, run in runs.items():
        eq = [k for k, m in run.items() if m["verdict"] == "equivalent"]
        bad = [k for k in eq if differs[k]]
        ok(eq and not bad, "%s, %s: every equivalent mutant (%d) returns what the original "
           "returns on the grid%s" % (what, name, len(eq), " (not %s)" % bad if bad else ""))
        ks = [k for (lab, k) in kills if lab == name]
        bad = [k for k in ks if not kills[(name, k)]]
        ok(ks and not bad, "%s, %s: every killing input (%d) makes original and mutant "
           "differ at the enclosing expression in the JVM%s"
           % (what, name, len(ks), " (not %s)" % bad if bad else ""))
    return differs


ents = log_entries(LOG)
work = os.path.join(T, "w")
os.makedirs(work)
text = open(os.path.join(SRC, "Loops.java")).read()
open(os.path.join(work, "Loops.java"), "w").write(text)
eqmeth = {ents[k][0] for run in runs.values() for k, m in run.items()
          if m["verdict"] == "equivalent"}

# the JVM runs a mutant only where the test reads its result: an
# equivalent mutant on the grid, a killing call of the method (a
# killable mutant on the grid could loop 2^32 times, as `hi != i` from
# lo > hi does, and says nothing)


def needed(runs):
    eq = {k for run in runs.values() for k, m in run.items() if m["verdict"] == "equivalent"}
    calls = {k for run in runs.values() for k, m in run.items()
             if m["verdict"] != "equivalent"
             and re.match(r"(?:[^\[]*; )?killed by (\w+)\(([^)]*)\): ", m["detail"])}
    return eq, eq | calls


eqm, used = needed(runs)
for mid, (meth, pt, line, orig, mut) in ents.items():
    if mid in used:
        open(os.path.join(work, "Loops_M%s.java" % mid), "w").write(
            mutant_class(text, "Loops", mid, line, orig, mut))
body = []
for meth in sorted(eqmeth):
    mids = sorted((k for k, e in ents.items() if e[0] == meth and k in eqm), key=int)
    for args in grid(ents[mids[0]][1], GRID):
        body.append("{ StringBuilder sb = new StringBuilder(\"%s|\"); %s System.out.println(\"%s|%s|\" + sb); }"
                    % (" ".join(args), " ".join(call(c, meth, args) for c in
                                                ["Loops"] + ["Loops_M" + k for k in mids]),
                       meth, " ".join(mids)))
for name, run in runs.items():
    body += expr_kills(run, ents, name, "Loops")
meths = "\n".join("  static void c%d() { %s }" % (k, b) for k, b in enumerate(body))
open(os.path.join(work, "Drive.java"), "w").write(
    "public class Drive {\n%s\n  public static void main(String[] x) {\n%s\n  }\n}\n"
    % (meths, "\n".join("    c%d();" % k for k in range(len(body)))))
judge(runs, ents, run_java(work, "Drive", "the subject, its mutants and the driver"),
      "the forms")

# --- random counted loops against the JVM ---------------------------------
# Each method counts with a loop of a random form; a site in the body
# (`i R K ? 3 : 1`) and the loop's condition get every ROR mutant.  A
# guard that is not the counter bounds every run (a mutant that loops
# on returns -999), so the JVM runs all of them.
rnd = random.Random(29)
NG = 24
OPS = ["<", "<=", ">", ">=", "==", "!="]
lines = ["public class G {"]
glog = []
gid = 0


def ror(k_line, meth, orig, lhs, op, rhs, header):
    global gid
    # a loop condition's true or false: javac refuses the code after
    for to in OPS + ([] if header else ["TRUE", "FALSE"]):
        if to == op:
            continue
        mut = {"TRUE": "true", "FALSE": "false"}.get(to, "%s %s %s" % (lhs, to, rhs))
        gid += 1
        glog.append("%d:ROR:%s(int,int):%s(int,int):G@%s(int,int):%d:%s |==> %s"
                    % (gid, op, to, meth, k_line, orig, mut))


for g in range(NG):
    inc = rnd.random() < 0.5
    op = rnd.choice(["<", "<="] if inc else [">", ">="])
    start = rnd.choice(["0", "1", "-2", "p", "q", "p + 1", "p - q"])
    bound = rnd.choice(["p", "q", "5", "-1", "q - 1", "p + q"])
    upd = rnd.choice(["i++", "++i"] if inc else ["i--", "--i"])
    left = rnd.random() < 0.7
    flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
    cond = ("i", op, bound) if left else (bound, flip[op], "i")
    ctext = "%s %s %s" % cond
    r = rnd.choice(OPS)
    kk = rnd.choice([start, bound, "0", "5", "q"])
    site = ("i", r, kk)
    stext = "%s %s %s" % site
    meth = "g%d" % g
    lines.append("    static int %s(int p, int q) {" % meth)
    lines.append("        int c = 0, guard = 0;")
    if rnd.random() < 0.6:
        lines.append("        for (int i = %s; %s; %s) {" % (start, ctext, upd))
        hl = len(lines)
        lines.append("            if (++guard > 300) return -999;")
        lines.append("            c = c * 7 + (%s ? 3 : 1);" % stext)
        sl = len(lines)
        lines.append("        }")
    else:
        lines.append("        int i = %s;" % start)
        lines.append("        while (%s) {" % ctext)
        hl = len(lines)
        lines.append("            if (++guard > 300) return -999;")
        lines.append("            c = c * 7 + (%s ? 3 : 1);" % stext)
        sl = len(lines)
        lines.append("            %s;" % upd)
        lines.append("        }")
    lines.append("        return c;")
    lines.append("    }")
    ror(hl, meth, ctext, *cond, True)
    ror(sl, meth, stext, *site, False)
lines.append("}")
gsrc = os.path.join(T, "gen")
os.makedirs(gsrc)
gtext = "\n".join(lines) + "\n"
open(os.path.join(gsrc, "G.java"), "w").write(gtext)
glogf = os.path.join(T, "g.log")
open(glogf, "w").write("\n".join(glog) + "\n")
gruns = {}
for name, extra in (("expr", []), ("method", ["--method"])):
    rc, rep = check_json(["--source", gsrc] + extra + [glogf])
    ok(rc == 0 and rep is not None, "random loops, %s: exit 0 with a JSON report" % name)
    gruns[name] = {m["id"]: m for m in (rep or {}).get("mutants", [])}
gents = log_entries(glogf)
gwork = os.path.join(T, "gw")
os.makedirs(gwork)
open(os.path.join(gwork, "G.java"), "w").write(gtext)
geqm, gused = needed(gruns)
for mid, (meth, pt, line, orig, mut) in gents.items():
    if mid in gused:
        open(os.path.join(gwork, "G_M%s.java" % mid), "w").write(
            mutant_class(gtext, "G", mid, line, orig, mut))
SMALL = {"int": ["-3", "-1", "0", "1", "2", "5", "9"]}
body = []
for g in range(NG):
    meth = "g%d" % g
    mids = sorted((k for k, e in gents.items() if e[0] == meth and k in geqm), key=int)
    if not mids:
        continue
    for args in grid(["int", "int"], SMALL):
        body.append("{ StringBuilder sb = new StringBuilder(\"%s|\"); %s System.out.println(\"%s|%s|\" + sb); }"
                    % (" ".join(args), " ".join(call(c, meth, args) for c in
                                                ["G"] + ["G_M" + k for k in mids]),
                       meth, " ".join(mids)))
for name, run in gruns.items():
    body += expr_kills(run, gents, name, "G")
meths = "\n".join("  static void c%d() { %s }" % (k, b) for k, b in enumerate(body))
open(os.path.join(gwork, "GDrive.java"), "w").write(
    "public class GDrive {\n%s\n  public static void main(String[] x) {\n%s\n  }\n}\n"
    % (meths, "\n".join("    c%d();" % k for k in range(len(body)))))
judge(gruns, gents, run_java(gwork, "GDrive", "%d random loops and the %d of their %d mutants it runs" % (NG, len(gused), len(gents))),
      "random loops")
done()
