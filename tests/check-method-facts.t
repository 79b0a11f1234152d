#!/usr/bin/env python3
# check-method-facts.t - what the method model (check --method) knows
# that it did not: the constants of other classes (the source tree's
# Chars.LIMIT, the library's Character.MAX_CODE_POINT and
# MIN_HIGH_SURROGATE) wherever the method reads them, the result types
# of String.codePointAt, substring and Character.charCount, and calls
# whose arguments assign (`charCount(c++)`, `c + s.indexOf(c++)`,
# `i += charCount(i++)`: Java's order, each operand read before a later
# call stored first).  tests/data/check-method-facts: the subject and
# its log.
#
# Nothing expected is computed here: every verdict is checked in the
# JVM (the original and each mutant compiled and run over a grid of
# strings and ints): an equivalent mutant returns, or throws, what the
# original does on every input; a killable one differs on one.
import os, re, subprocess

from tap import check_json, done, ok, tmpdir

D = "tests/data/check-method-facts"
T = tmpdir("check-method-facts.")
LOG = os.path.join(D, "facts.mutants.log")
SRC = os.path.join(D, "src")

runs = {}
for name, extra in (("expr", []), ("method", ["--method"])):
    rc, rep = check_json(["--source", SRC] + extra + [LOG])
    ok(rc == 0 and rep is not None, "%s: exit 0 with a JSON report" % name)
    runs[name] = {m["id"]: m for m in (rep or {}).get("mutants", [])}
E, M = runs["expr"], runs["method"]


def v(i, run):
    return run.get(str(i), {}).get("verdict")


def at_method(i):
    return v(i, M) == "equivalent" and M[str(i)].get("level") == "method"


ok(v(1, E) == "killable" and at_method(1),
   "c <= Chars.LIMIT to true after c is clamped to the constant of another class: "
   "killable at expression level, equivalent in its method")
ok(at_method(2), "c > lim to >= (lim = Chars.LIMIT): equivalent in its method")
ok(v(3, M) in ("killable", "redundant") and "killed by top(" in M["3"]["detail"],
   "c > lim to <: killable in its method")
ok(v(4, E) == "killable" and at_method(4),
   "c <= 1114111 to true after c is clamped to Character.MAX_CODE_POINT: equivalent "
   "in its method only")
ok(at_method(5), "c > Character.MAX_CODE_POINT to >=: equivalent in its method")
ok(all(v(i, M) == "killable" and "killed by high(c=%d)" % c in M[str(i)]["detail"]
       for i, c in ((6, 55296), (7, 56319))),
   "the surrogate bounds (library constants) moved by one: killed at the constant itself")
ok(v(8, E) == "killable" and at_method(8),
   "i += Character.charCount(c++), c dead after: equivalent in its method (calls with "
   "an assignment in their arguments are modelled)")
ok(v(9, M) == "killable", "the same with c read after it: killable")
ok(at_method(10), "c + s.indexOf(c++): c is read before the call, the increment is "
   "dead: equivalent")
ok(v(11, M) == "killable", "s.indexOf(c++) + c: c read after the call: killable")
ok(at_method(12), "i += Character.charCount(i++): Java reads i before the call, the "
   "increment is overwritten: equivalent")
ok(v(13, M) == "killable", "i += Character.charCount(++i): killable")
ok(v(14, M) == "killable" and "substring" in M["14"]["detail"],
   "String t = s.substring(i++) with i read after: killable in its method (substring's "
   "result type known)")
ok(at_method(15) or (v(15, E) == "equivalent" and v(15, M) == "equivalent"),
   "t.length() == 0 to <= 0: equivalent (a length is never negative)")

# --- the JVM --------------------------------------------------------------
ents = {}
for l in open(LOG):
    m = re.match(r"(\d+):\w+:[^:]*:[^:]*:([\w.$]+)@(\w+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                 l.rstrip("\n"))
    ents[m.group(1)] = (m.group(3), [t for t in m.group(4).split(",") if t],
                        int(m.group(5)), m.group(6), m.group(7))
work = os.path.join(T, "w", "m")
os.makedirs(work)
text = open(os.path.join(SRC, "m", "MFacts.java")).read()
open(os.path.join(work, "MFacts.java"), "w").write(text)
open(os.path.join(work, "Chars.java"), "w").write(
    open(os.path.join(SRC, "m", "Chars.java")).read())
for mid, (meth, pt, line, orig, mut) in ents.items():
    lines = text.split("\n")
    assert lines[line - 1].count(orig) == 1, mid
    lines[line - 1] = lines[line - 1].replace(orig, "(%s)" % mut)
    open(os.path.join(work, "MFacts_M%s.java" % mid), "w").write(
        re.sub(r"\bMFacts\b", "MFacts_M%s" % mid, "\n".join(lines)))
INTS = ["Integer.MIN_VALUE", "-2", "-1", "0", "1", "2", "3", "124", "125", "126",
        "55295", "55296", "55297", "56318", "56319", "56320", "1114110", "1114111",
        "1114112", "Integer.MAX_VALUE"]
STRS = ["null", '""', '"a"', '"ab"', '"\\uD83D\\uDE00x"', '"x\\uD83D\\uDE00"', '"\\u0000b"']
GRID = {"int": INTS, "java.lang.String": STRS}
body = []
for meth in sorted({e[0] for e in ents.values()}):
    mids = sorted((k for k, e in ents.items() if e[0] == meth), key=int)
    pt = ents[mids[0]][1]
    rows = [[]]
    for t in pt:
        rows = [a + [x] for a in rows for x in GRID[t]]
    for args in rows:
        calls = " ".join(
            "{ String r; try { r = String.valueOf(%s.%s(%s)); } catch (RuntimeException e)"
            " { r = e.getClass().getSimpleName(); } sb.append(' ').append(r); }"
            % (c, meth, ", ".join(args)) for c in ["MFacts"] + ["MFacts_M" + k for k in mids])
        body.append("{ StringBuilder sb = new StringBuilder(); %s "
                    "System.out.println(\"%s|%s|\" + sb); }" % (calls, meth, " ".join(mids)))
meths = "\n".join("  static void c%d() { %s }" % (k, b) for k, b in enumerate(body))
open(os.path.join(work, "Drive.java"), "w").write(
    "package m;\npublic class Drive {\n%s\n  public static void main(String[] x) {\n%s\n  }\n}\n"
    % (meths, "\n".join("    c%d();" % k for k in range(len(body)))))
files = [os.path.join(work, f) for f in os.listdir(work)]
p = subprocess.run(["javac", "-nowarn", "-d", os.path.join(T, "cls")] + files,
                   capture_output=True, text=True)
if not ok(p.returncode == 0, "javac compiles the subject, its %d mutants and the driver%s"
          % (len(ents), (": " + p.stderr[:300]) if p.returncode else "")):
    done()
p = subprocess.run(["java", "-cp", os.path.join(T, "cls"), "m.Drive"],
                   capture_output=True, text=True, timeout=600)
ok(p.returncode == 0 and p.stdout, "the JVM runs the driver")
differs = {k: False for k in ents}
for l in p.stdout.splitlines():
    _, ids, res = l.split("|", 2)
    res = res.split()
    for k, r in zip(ids.split(), res[1:]):
        differs[k] |= r != res[0]
for name, run in runs.items():
    bad = [k for k, m in run.items() if m["verdict"] == "equivalent" and differs[k]]
    ok(not bad, "%s: every equivalent mutant returns (or throws) what the original does "
       "on the grid%s" % (name, " (not %s)" % bad if bad else ""))
bad = [k for k, m in M.items() if m["verdict"] == "killable" and not differs[k]]
ok(not bad, "method: every killable mutant differs from the original on the grid%s"
   % (" (not %s)" % bad if bad else ""))
done()
