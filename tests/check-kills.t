#!/usr/bin/env python3
# check-kills.t - `subsume check --kills FILE` (check/kills.h): Major's
# test results beside the verdicts, in every format, and the summary a
# user needs after a mutation run.
#
# The kill files are real: tests/data/check-kills/SUITE/*Test.java are
# small test suites (plain main() with checks) for shipped Major
# subjects; scripts/major-kills.sh ran KillRunner.java, which compiles
# the original and each mutated source Major wrote
# (shared/data/major-logs/src/SUBJECT/mutants/N/) with the suite and
# runs it on the JVM, into SUITE/kill.csv.  This test runs the JVM again
# and requires the same outcomes.  Every expected summary fact is then
# derived from the JSON verdicts and the kill file, never written in:
# the scores from their formulas, the live equivalent mutants, the
# tests to write and the contradicted claims from their definitions.
# The sources are read from shared/data/major-logs (no known licence:
# not copied); without them the test is skipped.
import csv, io, json, os, re, shutil, subprocess, sys, tempfile

from tap import LOGS, S, done, ok
D = "tests/data/check-kills"
if not os.path.isdir(os.path.join(LOGS, "src")):
    done("the shipped Major logs and sources are not here (%s)" % LOGS)

def run(args):
    p = subprocess.run([S] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def read_kills(path):
    rows = open(path).read().split("\n")
    return {r.split(",")[0]: r.split(",")[1] for r in rows[1:] if r}


KILLED = ("FAIL", "TIME", "EXC")
SUITES = sorted(d for d in os.listdir(D) if os.path.isdir(os.path.join(D, d)))
T = tempfile.mkdtemp()

# --- the kill files are what the JVM gives ------------------------------
have_jvm = shutil.which("javac") and shutil.which("java")
ok(have_jvm, "javac and java are installed (make check: scripts/deps.sh)")
for suite in SUITES:
    subject = suite.split(".")[0]
    drv = [f for f in os.listdir(os.path.join(D, suite)) if f.endswith("Test.java")][0]
    out = os.path.join(T, suite + ".csv")
    p = subprocess.run(["java", os.path.join(D, "KillRunner.java"),
                        os.path.join(LOGS, "src", subject),
                        os.path.join(D, suite, drv), out],
                       capture_output=True, text=True) if have_jvm else None
    ok(p and p.returncode == 0 and open(out).read() ==
       open(os.path.join(D, suite, "kill.csv")).read(),
       "%s: the JVM gives the committed kill.csv again (%d mutants)"
       % (suite, len(read_kills(os.path.join(D, suite, "kill.csv")))))


def check_json(suite):
    subject = suite.split(".")[0]
    kf = os.path.join(D, suite, "kill.csv")
    rc, out, err = run(["check", "--no-timing", "--format", "json",
                        "--source", os.path.join(LOGS, "src", subject),
                        "--kills", kf,
                        os.path.join(LOGS, subject + ".mutants.log")])
    return rc, json.loads(out), err, read_kills(kf)


# --- every suite: statuses and summary from their definitions ------------
for suite in SUITES:
    rc, d, err, kills = check_json(suite)
    ms = d["mutants"]
    by = {m["id"]: m for m in ms}
    ok(rc in (0, 1) and "warning" not in err, "%s: exit %d, no warning" % (suite, rc))
    ok(all(m["tests"] == kills[m["id"]] for m in ms) and len(ms) == len(kills),
       "%s: every mutant's \"tests\" is its kill.csv status" % suite)
    t = d["summary"]["tests"]
    killed = sum(1 for m in ms if m["tests"] in KILLED)
    eq_live = [m["id"] for m in ms if m["verdict"] == "equivalent" and m["tests"] == "LIVE"]
    ok(t["killed"] == killed and t["mutants"] == len(ms)
       and abs(t["score"] - killed / len(ms)) < 1e-4
       and abs(t["corrected_score"] - killed / (len(ms) - len(eq_live))) < 1e-4,
       "%s: score %d/%d, corrected killed / (total - live proven equivalent) "
       "= %d/(%d - %d)" % (suite, killed, len(ms), killed, len(ms), len(eq_live)))
    ok([x["id"] for x in t["live_equivalent"]] == eq_live,
       "%s: the live proven-equivalent mutants: %s" % (suite, eq_live))
    write = [m for m in ms if m["verdict"] == "killable" and m["tests"] == "LIVE"]
    ok([(x["id"], x["input"]) for x in t["tests_to_write"]] ==
       [(m["id"], m["detail"]) for m in write] and
       all(x["input"].startswith("killed by ") for x in t["tests_to_write"]),
       "%s: the live killable mutants with their killing input (%d)" % (suite, len(write)))

    def contra(m):
        st = m["tests"]
        bs = by[m["by"]]["tests"] if m["by"] else None
        if m["verdict"] == "equivalent":
            return st in KILLED
        if m["verdict"] == "duplicate":
            return (st in KILLED and bs == "LIVE") or (st == "LIVE" and bs in KILLED)
        if m["verdict"] == "subsumed":
            return bs in KILLED and st == "LIVE"
        return False
    want = [m["id"] for m in ms if contra(m)]
    ok([x["id"] for x in t["contradicted"]] == want,
       "%s: the contradicted proven claims: %s" % (suite, want))

# The lax suite checks only "not INVALID": it kills ISOSCELES = 3 -> 0
# and not 3 -> -3.  Each changes the initializer's value on every
# input, so "kills the same inputs" says nothing of tests (issue 29):
# no such claim is made, and none is contradicted.
rc, d, err, kills = check_json("triangle.lax")
c = {x["id"]: x for x in d["summary"]["tests"]["contradicted"]}
m8 = {m["id"]: m for m in d["mutants"]}.get("8", {})
ok("8" not in c and m8.get("verdict") == "killable" and kills.get("8") == "LIVE"
   and kills.get("7") == "FAIL",
   "triangle.lax: 3 -> -3 and 3 -> 0 (each killed by every input) are not claimed "
   "to subsume each other; the tests kill 7 and not 8")
# A claim the tests contradict: the lax suite's statuses with 48 killed
# (trian + 3 -> trian - 3) and 49 (-> trian * 3, subsumed by 48) live.
TMPK = tempfile.mkdtemp(prefix="check-kills.")
KC = os.path.join(TMPK, "kill.csv")
rows = open(os.path.join(D, "triangle.lax", "kill.csv")).read().split("\n")
open(KC, "w").write("\n".join(r if not r.startswith("48,") else "48,FAIL" for r in rows))
rc, out, err = run(["check", "--no-timing", "--format", "json", "--source",
                    os.path.join(LOGS, "src", "triangle"), "--kills", KC,
                    os.path.join(LOGS, "triangle.mutants.log")])
c = {x["id"]: x for x in json.loads(out)["summary"]["tests"]["contradicted"]}
ok("49" in c and c["49"]["by"] == "48" and c["49"]["tests"] == "LIVE"
   and c["49"]["by_tests"] == "FAIL" and "weak_vs_strong_possible" in c["49"],
   "triangle.lax, 48 killed: 'mutant 49 subsumed by 48' is contradicted by the tests")

# --- text and CSV -------------------------------------------------------
L = os.path.join(LOGS, "triangle.mutants.log")
KF = os.path.join(D, "triangle.lax", "kill.csv")
kills = read_kills(KF)
rc, out, err = run(["check", "--no-timing", "--source", os.path.join(LOGS, "src/triangle"),
                    "--kills", KF, L])
lines = [l for l in out.split("\n") if l.startswith("Triangle@")]
got = {l.split(": ")[1].split(" ")[0]: re.search(r" \[tests: (\w+)\]", l) for l in lines}
ok(len(got) == 120 and all(got[i] and got[i].group(1) == kills[i] for i in got),
   "text: every line names its test status [tests: S]")
killed = sum(1 for s in kills.values() if s in KILLED)
ok("mutation score: killed / total = %d/120 = %.1f%%" % (killed, 100 * killed / 120) in out
   and re.search(r"corrected score: killed / \(total - live proven equivalent\) = "
                 r"%d/\(120 - 0\)" % killed, out),
   "text: the score and the corrected score with their formula")
rc, out, err = run(["check", "--no-timing", "--source", os.path.join(LOGS, "src/triangle"),
                    "--kills", KC, L])
ok(re.search(r"^    Triangle@classify\(int,int,int\):\d+: 49 trian \+ 3 \|==> trian \* 3 "
             r"\(AOR\): subsumed by 48, but the tests kill 48 \(FAIL\) and not 49 "
             r"\(LIVE\): a bug, or weak versus strong mutation", out, re.M),
   "text: the contradicted claim, listed with both statuses and the note")
shutil.rmtree(TMPK)
rc, out, err = run(["check", "--no-timing", "--format", "csv", "--kills", KF, L])
rows = list(csv.reader(io.StringIO(out)))
ok(rows[0][-1] == "tests" and len(rows) == 121 and
   all(r[-1] == kills[r[3]] for r in rows[1:]),
   "csv: a last column 'tests' with each status")
rc, out, err = run(["check", "--no-timing", "--format", "csv", L])
ok(not out.split("\n")[0].endswith(",tests"), "csv: no tests column without --kills")

# --- a simulated bug: equivalent mutants reported killed ----------------
# (the real equality-refinement results, with the LIVE rows of the two
# mutants proven equivalent turned into FAIL: what a bug would look like)
rc, d, err, kills = check_json("equality-refinement")
eq = [m["id"] for m in d["mutants"] if m["verdict"] == "equivalent"]
sim = os.path.join(T, "sim.csv")
with open(sim, "w") as f:
    f.write("MutantNo,[FAIL | TIME | EXC | LIVE]\n")
    for i, s in kills.items():
        f.write("%s,%s\n" % (i, "FAIL" if i in eq else s))
rc, out, err = run(["check", "--no-timing", "--source", os.path.join(LOGS, "src/equality-refinement"),
                    "--kills", sim, os.path.join(LOGS, "equality-refinement.mutants.log")])
ok(eq and all(re.search(r"^    \S+: %s .*: equivalent, but the tests kill it \(FAIL\): a bug to "
                        r"report" % i, out, re.M) for i in eq),
   "a proven equivalence the tests contradict is listed as a bug (%s)" % eq)

# --- missing and extra rows: warnings, not errors ------------------------
part = os.path.join(T, "part.csv")
rows = open(os.path.join(D, "max", "kill.csv")).read().split("\n")
with open(part, "w") as f:
    f.write("\n".join([rows[0], rows[1], rows[3], "77,LIVE", ""]))
rc, out, err = run(["check", "--no-timing", "--format", "json", "--kills", part,
                    os.path.join(LOGS, "max.mutants.log")])
d = json.loads(out)
ok(rc == 0 and "2 mutants of the log have no row in the kill file (2, 4)" in err
   and re.search(r"part.csv:4:1: warning: mutant 77 is not in the checked logs", err)
   and [m["tests"] for m in d["mutants"]] == ["FAIL", None, "FAIL", None]
   and d["summary"]["tests"]["status"]["-"] == 2,
   "rows missing and rows extra: warnings, status null, counted")

# --- malformed kill files: located errors, nothing written, exit 3 -------
bad = [
    ("", "1:1: error: expected Major's kill.csv header"),
    ("MutantNo\n1,FAIL\n", "1:1: error: expected Major's kill.csv header"),
    ("MutantNo,[FAIL | TIME | EXC | LIVE]\n1,KILLED\n", "2:3: error: unknown status 'KILLED'"),
    ("MutantNo,[FAIL | TIME | EXC | LIVE]\n1 FAIL\n", "2:2: error: expected ','"),
    ("MutantNo,[FAIL | TIME | EXC | LIVE]\nx,FAIL\n", "2:1: error: expected a mutant number"),
    ("MutantNo,[FAIL | TIME | EXC | LIVE]\n1,FAIL,3\n", "2:7: error: unexpected text after the status"),
    ("MutantNo,[FAIL | TIME | EXC | LIVE]\n1,FAIL\n2,\n", "3:3: error: expected a status"),
    ("MutantNo,[FAIL | TIME | EXC | LIVE]\n1,FAIL\n1,LIVE\n", "3:1: error: mutant 1 is listed twice"),
]
for k, (text, want) in enumerate(bad):
    path = os.path.join(T, "bad%d.csv" % k)
    open(path, "w").write(text)
    rc, out, err = run(["check", "--kills", path, os.path.join(LOGS, "max.mutants.log")])
    line = text.split("\n")[int(want.split(":")[0]) - 1] if text else ""
    col = int(want.split(":")[1])
    ok(rc == 3 and out == "" and (path + ":" + want) in err and
       ("| " + line) in err and re.search(r"\|\s{%d}\^" % col, err),
       "malformed kill file %r: %s, with the line and a caret, exit 3, no output"
       % (text[:40], want))
rc, out, err = run(["check", "--kills", os.path.join(T, "absent.csv"),
                    os.path.join(LOGS, "max.mutants.log")])
ok(rc == 5 and out == "" and "--kills" in err, "an unreadable kill file: exit 5")
# UNCOV (later Major versions) is read
unc = os.path.join(T, "uncov.csv")
open(unc, "w").write("MutantNo,[FAIL | TIME | EXC | LIVE | UNCOV]\n1,UNCOV\n2,EXC\n3,TIME\n4,LIVE\n")
rc, out, err = run(["check", "--no-timing", "--format", "json", "--kills", unc,
                    os.path.join(LOGS, "max.mutants.log")])
t = json.loads(out)["summary"]["tests"]
ok(rc == 0 and t["status"]["UNCOV"] == 1 and t["killed"] == 2,
   "Major's UNCOV header and status are read; EXC and TIME count as kills")

shutil.rmtree(T)
done()
