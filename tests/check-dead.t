#!/usr/bin/env python3
# check-dead.t - dead locals after a site (lang/javasrc-live.c, issue
# 29): a local whose value after the site no path reads before it is
# written again is not observed there, so `x` to `x++` is equivalent
# where x is dead, and an initializer of a dead local may change.
#
# Random Java methods (ints; if/else, while, for with break and
# continue, do-while, switch with fall-through, early returns) get
# mutants on their locals' reads (x to x++, x--, ++x, --x) and on
# initializers and assignments (e to (e) + 1), in a
# mutation-testing-elements report; every verdict of `check` and
# `check --method` is checked in the JVM over a grid of inputs: an
# equivalent mutant returns what the original returns on every one, a
# killed one differs on some.  Nothing expected is computed here.
#
# Some reads also become a call, `x` to `h(x)`, where h throws on 5:
# a site with such a mutant keeps its dead locals observed for all its
# mutants, and its mutants that read no call are judged again alone
# (check/site.c: dead_alone()); the JVM compares the outcome, a return
# value or an exception.
import json, os, random, re, subprocess

from tap import check_json, done, ok, tmpdir

T = tmpdir("check-dead.")
rnd = random.Random(2029)
LOCALS = ["x", "y", "z", "w"]
PARAMS = ["a", "b", "c"]


class Gen:
    def __init__(self):
        self.lines = []
        self.loop = 0      # loops around the statement being written
        self.switch = 0    # a switch directly around it (break is its)
        self.fuel = 0

    def atom(self):
        r = rnd.random()
        if r < 0.55:
            return rnd.choice(LOCALS)
        if r < 0.8:
            return rnd.choice(PARAMS)
        return str(rnd.choice([0, 1, 2, 3, 5, 7]))

    def expr(self, d=2):
        if d == 0 or rnd.random() < 0.35:
            return self.atom()
        return "%s %s %s" % (self.expr(d - 1), rnd.choice(["+", "-", "*", "^", "&"]),
                             self.atom())

    def cond(self):
        return "(%s) %s (%s)" % (self.expr(1), rnd.choice(["<", "<=", ">", "==", "!="]),
                                 self.expr(1))

    def emit(self, ind, s):
        self.lines.append("    " * ind + s)

    def stmts(self, ind, n, depth):
        for _ in range(n):
            self.stmt(ind, depth)

    def stmt(self, ind, depth):
        r = rnd.random()
        if depth <= 0 or r < 0.35:
            v = rnd.choice(LOCALS)
            if rnd.random() < 0.8:
                self.emit(ind, "%s = %s;" % (v, self.expr()))
            else:
                self.emit(ind, "%s %s= %s;" % (v, rnd.choice("+-"), self.atom()))
            return
        if r < 0.5:
            self.emit(ind, "if (%s) {" % self.cond())
            self.stmts(ind + 1, rnd.randint(1, 2), depth - 1)
            if rnd.random() < 0.6:
                self.emit(ind, "} else {")
                self.stmts(ind + 1, rnd.randint(1, 2), depth - 1)
            self.emit(ind, "}")
        elif r < 0.6:
            self.emit(ind, "if (%s) return %s;" % (self.cond(), self.expr()))
        elif r < 0.7:
            self.fuel += 1
            self.emit(ind, "for (int i%d = 0; i%d < %d; i%d++) {"
                      % (self.fuel, self.fuel, rnd.randint(1, 3), self.fuel))
            self.loop += 1
            sw, self.switch = self.switch, 0
            self.stmts(ind + 1, rnd.randint(1, 3), depth - 1)
            self.switch = sw
            self.loop -= 1
            self.emit(ind, "}")
        elif r < 0.78:
            self.fuel += 1
            f = "f%d" % self.fuel
            self.emit(ind, "int %s = %d;" % (f, rnd.randint(1, 3)))
            self.emit(ind, "while (%s > 0 && %s) {" % (f, self.cond()))
            self.emit(ind + 1, "%s--;" % f)
            self.loop += 1
            sw, self.switch = self.switch, 0
            self.stmts(ind + 1, rnd.randint(1, 3), depth - 1)
            self.switch = sw
            self.loop -= 1
            self.emit(ind, "}")
        elif r < 0.85:
            self.fuel += 1
            f = "f%d" % self.fuel
            self.emit(ind, "int %s = %d;" % (f, rnd.randint(1, 3)))
            self.emit(ind, "do {")
            self.emit(ind + 1, "%s--;" % f)
            self.loop += 1
            sw, self.switch = self.switch, 0
            self.stmts(ind + 1, rnd.randint(1, 2), depth - 1)
            self.switch = sw
            self.loop -= 1
            self.emit(ind, "} while (%s > 0 && %s);" % (f, self.cond()))
        elif r < 0.93:
            self.emit(ind, "switch (%s & 3) {" % rnd.choice(LOCALS + PARAMS))
            self.switch += 1
            labels = ["case 0:", "case 1:", "case 2:", "default:"]
            rnd.shuffle(labels)
            for lab in labels[:rnd.randint(1, 4)]:
                self.emit(ind + 1, lab)
                self.stmts(ind + 2, rnd.randint(1, 2), depth - 1)
                if rnd.random() < 0.6:
                    self.emit(ind + 2, "break;")
            self.switch -= 1
            self.emit(ind, "}")
        elif self.loop and not self.switch:
            self.emit(ind, "if (%s) %s;" % (self.cond(),
                                            rnd.choice(["break", "continue"])))
        else:
            self.emit(ind, "%s = %s;" % (rnd.choice(LOCALS), self.expr()))


def method(k):
    g = Gen()
    g.emit(1, "static int m%d(int a, int b, int c) {" % k)
    # an initializer reads the parameters and the earlier locals only
    for i, v in enumerate(LOCALS):
        t = rnd.choice(PARAMS + LOCALS[:i] + ["1", "4"])
        if rnd.random() < 0.6:
            t += " %s %s" % (rnd.choice("+-*"), rnd.choice(PARAMS + LOCALS[:i]))
        g.emit(2, "int %s = %s;" % (v, t))
    g.stmts(2, rnd.randint(3, 6), 2)
    g.emit(2, "return %s;" % rnd.choice(["x", "y", "x + 3 * y", "z - w", "x ^ y ^ z"]))
    g.emit(1, "}")
    return g.lines


NM = 16
body = []
for k in range(NM):
    body += method(k)
body += ["    static int h(int v) {",
         "        if (v == 5) throw new IllegalStateException();",
         "        return v;",
         "    }"]
src = "public class Dead {\n%s\n}\n" % "\n".join(body)
lines = src.split("\n")

# mutants: reads of locals (not an assignment's target, not a
# declaration's name, not a loop counter's), initializers, right sides
muts = []
ident = re.compile(r"\b([xyzw])\b")
rnd3 = random.Random(31)  # the calls, apart from rnd's stream
for ln, text in enumerate(lines, 1):
    code = text.lstrip()
    for m in ident.finditer(text):
        a, b = m.span()
        after = text[b:].lstrip()
        before = text[:a].rstrip()
        if after.startswith("=") and not after.startswith("=="):
            continue  # an assignment's target
        if re.match(r"[+\-*/^&|]=", after) or before.endswith("int"):
            continue
        for rep in ("%s++", "%s--", "++%s", "--%s"):
            if rnd.random() < 0.2:
                muts.append((ln, a, b, rep % m.group(1)))
        if rnd3.random() < 0.25:
            muts.append((ln, a, b, "h(%s)" % m.group(1)))
    m = re.match(r"(\s*(?:int )?[xyzw] = )(.*);$", text)
    if m and rnd.random() < 0.7:
        a = len(m.group(1))
        b = a + len(m.group(2))
        muts.append((ln, a, b, "(%s) + 1" % m.group(2)))

report = {"schemaVersion": "2", "thresholds": {"high": 80, "low": 60}, "files": {
    "Dead.java": {"language": "java", "source": src, "mutants": [
        {"id": str(i), "mutatorName": "X", "replacement": rep,
         "location": {"start": {"line": ln, "column": a + 1},
                      "end": {"line": ln, "column": b + 1}},
         "status": "NoCoverage"} for i, (ln, a, b, rep) in enumerate(muts)]}}}
rp = os.path.join(T, "report.json")
json.dump(report, open(rp, "w"))
# --method on the first methods' mutants only (their loops are costly)
NMM = 4
cut = next(i for i, t in enumerate(lines, 1) if "static int m%d(" % NMM in t)
small = json.loads(json.dumps(report))
fm = small["files"]["Dead.java"]
fm["mutants"] = [m for m in fm["mutants"] if m["location"]["start"]["line"] < cut]
rm = os.path.join(T, "report-m.json")
json.dump(small, open(rm, "w"))
runs = {}
for name, extra in (("expr", [rp]), ("method", ["--method", rm])):
    rc, rep = check_json(extra)
    ok(rc == 0 and rep is not None, "%s: exit 0 with a JSON report (%d mutants)"
       % (name, len(muts)))
    runs[name] = {m["id"]: m for m in (rep or {}).get("mutants", [])}

# the JVM: each mutant a class of its own, every method over the grid
work = os.path.join(T, "w")
os.makedirs(work)
meth_of = {}
for i, (ln, a, b, rep) in enumerate(muts):
    ls = list(lines)
    ls[ln - 1] = ls[ln - 1][:a] + rep + ls[ln - 1][b:]
    k = max(j for j in range(ln) if "static int m" in ls[j])
    meth_of[str(i)] = re.search(r"static int (m\d+)", ls[k]).group(1)
    open(os.path.join(work, "Dead_M%d.java" % i), "w").write(
        "\n".join(ls).replace("class Dead ", "class Dead_M%d " % i))
open(os.path.join(work, "Dead.java"), "w").write(src)
VALS = [-3, -2, -1, 0, 1, 2, 3, 5, 8, 2147483647, -2147483648]
grid = [(x, y, z) for x in VALS for y in VALS for z in VALS]
rnd2 = random.Random(7)
grid += [tuple(rnd2.randint(-50, 50) for _ in range(3)) for _ in range(200)]
arr = "{%s}" % ", ".join("{%d, %d, %d}" % g for g in grid)
calls = []
for i in range(len(muts)):
    mname = meth_of[str(i)]
    calls.append("  static void t%d(int[][] g) { int n = 0; for (int[] v : g) { "
                 "long o, q; try { o = Dead.%s(v[0], v[1], v[2]); } catch (RuntimeException e) "
                 "{ o = Long.MIN_VALUE; } try { q = Dead_M%d.%s(v[0], v[1], v[2]); } "
                 "catch (RuntimeException e) { q = Long.MIN_VALUE; } if (o != q) n++; } "
                 "System.out.println(\"%d \" + n); }" % (i, mname, i, mname, i))
open(os.path.join(work, "Drive.java"), "w").write(
    "public class Drive {\n  static final int[][] G = %s;\n%s\n  public static void main(String[] x) {\n%s\n  }\n}\n"
    % (arr, "\n".join(calls), "\n".join("    t%d(G);" % i for i in range(len(muts)))))
files = [os.path.join(work, f) for f in os.listdir(work) if f.endswith(".java")]
p = subprocess.run(["javac", "-nowarn", "-d", os.path.join(work, "cls")] + files,
                   capture_output=True, text=True)
if not ok(p.returncode == 0, "javac compiles the methods and %d mutants%s"
          % (len(muts), (": " + p.stderr[:400]) if p.returncode else "")):
    done()
p = subprocess.run(["java", "-cp", os.path.join(work, "cls"), "Drive"],
                   capture_output=True, text=True, timeout=600)
ok(p.returncode == 0, "the JVM runs the driver")
differs = {}
for l in p.stdout.splitlines():
    k, n = l.split()
    differs[k] = int(n) > 0

for name, run in runs.items():
    bad = [k for k, m in run.items() if m["verdict"] == "equivalent" and differs.get(k, True)]
    ok(not bad, "%s: every equivalent mutant returns what the original returns on the grid%s"
       % (name, " (not %s)" % bad[:10] if bad else ""))
    # a killing input of the method (not of the site alone) is real
    bad = [k for k, m in run.items() if m["verdict"] in ("killable", "redundant")
           and re.match(r"killed by m\d+\(", m["detail"]) and not differs.get(k, False)]
    ok(not bad, "%s: every mutant killed in its method differs on the grid%s"
       % (name, " (not %s)" % bad[:10] if bad else ""))
# the rule at work: at expression level, x to x++ leaves x different,
# so it is equivalent only where x is dead after the site
E = runs["expr"]
upd = [k for k, m in E.items() if m["verdict"] == "equivalent" and
       re.search(r"\+\+|--", muts[int(k)][3]) and m.get("level") == "expression"]
init = [k for k, m in E.items() if m["verdict"] == "equivalent" and
        muts[int(k)][3].endswith(") + 1")]
ok(len(upd) >= 20, "x to x++ (x dead after the site) equivalent at expression level: %d"
   % len(upd))
ok(len(init) >= 5, "a dead local's initializer or assignment changed: equivalent: %d"
   % len(init))
# beside a call: the site's other mutants judged alone
called = {(muts[int(k)][0], m.get("expression")) for k, m in E.items()
          if muts[int(k)][3].startswith("h(")}
alone = [k for k in upd if (muts[int(k)][0], E[k].get("expression")) in called]
ok(len(alone) >= 20, "x to x++ (x dead) at a site with an `h(x)` mutant: equivalent: %d"
   % len(alone))
hcall = [k for k, m in E.items() if muts[int(k)][3].startswith("h(")]
ok(len(hcall) >= 20 and not [k for k in hcall if E[k]["verdict"] == "equivalent"
                             and differs.get(k, True)],
   "x to h(x): %d mutants, none equivalent that throws or differs in the JVM" % len(hcall))
live = [k for k, m in E.items() if re.search(r"\+\+|--", muts[int(k)][3]) and
        differs.get(k) and m["verdict"] != "equivalent"]
ok(len(live) >= 20, "x to x++ where x is read later: not equivalent: %d" % len(live))
done()
