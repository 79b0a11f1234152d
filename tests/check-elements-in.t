#!/usr/bin/env python3
# check-elements-in.t - a mutation-testing-elements report as the input
# of `subsume check report.json` (check/mte.h, base/json.h), and the
# same report written back with the verdicts (--format elements).
#
# Nothing expected is written in; it is derived:
#  - round trip: each shipped Major log is checked with its sources and
#    written as a report (--format elements); that report, read back,
#    must give every mutant the verdict, the "by" and the detail of the
#    Major run (with and without --method), and written back again it
#    must keep the files, sources, ids, mutators, replacements and
#    locations;
#  - test results: a report written with --kills (real JVM results,
#    tests/data/check-kills) carries them as statuses; read back, its
#    statuses are the test results, so the live mutants proven
#    equivalent and the tests to write are those of the --kills run
#    (less the ones the report marks Ignored);
#  - the hand-written Stryker-style report (tests/data/check/elements-in)
#    has the mutants of calc.mutants.log at exact locations (one after a
#    non-ASCII comment: columns count characters), and other ones no
#    Major log can hold: their verdicts must be those of the Major log
#    with --source; its C mutants (util.c) must get the verdicts of the
#    same mutants in a C batch (util.yaml) whose variables have the types
#    util.c declares; the others are unsupported with their reason;
#  - malformed reports fail at the line and column of the offending
#    character, found in the text by a marker, with exit status 3 and
#    nothing on stdout.
import json, os, re, subprocess, tempfile

from tap import LOGS, S, done, ok

D = "tests/data/check/elements-in"
K = "tests/data/check-kills"
T = tempfile.mkdtemp()


def run(args):
    p = subprocess.run([S] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def mutants(out):
    return {m["id"]: m for m in json.loads(out)["mutants"]}


def report_mutants(rep):
    return {m["id"]: (path, f, m) for path, f in rep["files"].items()
            for m in f["mutants"]}


# --- round trip on the shipped logs --------------------------------------
have_logs = os.path.isdir(os.path.join(LOGS, "src"))
subjects = sorted(f[:-12] for f in os.listdir(LOGS)
                  if f.endswith(".mutants.log")) if have_logs else []
for opt in ([], ["--method"]):
    for name in subjects:
        log = os.path.join(LOGS, name + ".mutants.log")
        src = os.path.join(LOGS, "src", name)
        base = [S, "check", "--no-timing"] + opt + ["--source", src]
        rc, rep_text, err = run(base[1:] + ["--format", "elements", log])
        rpath = os.path.join(T, name + ".json")
        open(rpath, "w").write(rep_text)
        rc1, out1, _ = run(base[1:] + ["--format", "json", log])
        rc2, out2, err2 = run(["check", "--no-timing"] + opt +
                              ["--format", "json", rpath])
        if not ok(rc2 == rc1 and out2, "%s%s: the report reads back "
                  "(exit %d, Major log %d)" % (name, " --method" * bool(opt),
                                               rc2, rc1)):
            print("# " + err2[:400].replace("\n", "\n# "))
            continue
        a, b = mutants(out1), mutants(out2)
        bad = [i for i in a if i not in b or
               (a[i]["verdict"], a[i]["by"]) != (b[i]["verdict"], b[i]["by"])]
        ok(not bad and set(a) == set(b), "%s%s: %d mutants, the same "
           "verdicts as the Major log%s" % (name, " --method" * bool(opt),
                                             len(a), (": differ " + ", ".join(bad[:5])) if bad else ""))
        det = [i for i in a if i in b and
               a[i]["detail"].replace(src + "/", "") != b[i]["detail"]]
        ok(not det, "%s%s: the same details (witnesses, reasons), paths "
           "aside%s" % (name, " --method" * bool(opt),
                        (": " + a[det[0]]["detail"] + " vs " + b[det[0]]["detail"]) if det else ""))
        if opt:
            continue
        rc3, back, _ = run(["check", "--format", "elements", rpath])
        r0, r1 = json.loads(rep_text), json.loads(back)
        keep = ("id", "mutatorName", "replacement", "description", "location")
        same = (list(r0["files"]) == list(r1["files"]) and all(
            r0["files"][p]["source"] == r1["files"][p]["source"] and
            r0["files"][p]["language"] == r1["files"][p]["language"] and
            [{k: m.get(k) for k in keep} for m in r0["files"][p]["mutants"]] ==
            [{k: m.get(k) for k in keep} for m in r1["files"][p]["mutants"]]
            for p in r0["files"]))
        ok(rc3 == rc1 and same, "%s: written back, the report keeps its "
           "files, sources, ids, mutators, replacements, descriptions and "
           "locations" % name)
        vb = {i: m["verdict"] for i, m in b.items()}
        st = [(m["status"], vb[m["id"]]) for f in r1["files"].values()
              for m in f["mutants"]]
        ok(all((s == "Ignored") == (v == "equivalent") for s, v in st),
           "%s: written back, the untested mutants proven equivalent are "
           "Ignored, the others Pending as given" % name)

# --- the report's statuses as test results --------------------------------
suites = sorted(d for d in os.listdir(K) if os.path.isdir(os.path.join(K, d))
                and not d.endswith(".lax")) if have_logs else []
for s in suites:
    log = os.path.join(LOGS, s + ".mutants.log")
    src = os.path.join(LOGS, "src", s)
    kf = os.path.join(K, s, "kill.csv")
    args = ["check", "--no-timing", "--source", src, "--kills", kf]
    rc, rep_text, _ = run(args + ["--format", "elements", log])
    rpath = os.path.join(T, s + ".kills.json")
    open(rpath, "w").write(rep_text)
    rc1, o1, _ = run(args + ["--format", "json", log])
    rc2, o2, e2 = run(["check", "--no-timing", "--format", "json", rpath])
    t1, t2 = json.loads(o1)["summary"]["tests"], json.loads(o2)["summary"]["tests"]
    ignored = {m["id"] for _, _, m in report_mutants(json.loads(rep_text)).values()
               if m["status"] == "Ignored"}
    for key in ("live_equivalent", "tests_to_write", "contradicted"):
        x = sorted(m["id"] for m in t1[key] if m["id"] not in ignored)
        y = sorted(m["id"] for m in t2[key])
        ok(x == y, "%s: the report's statuses as test results: %s %s "
           "(--kills run: %s, less Ignored)" % (s, key, y, x))
    ok(t2["killed"] == t1["killed"], "%s: %d killed, as the kill file says"
       % (s, t2["killed"]))

# --- hand-written reports -------------------------------------------------
stry = os.path.join(D, "stryker.json")
rep = json.load(open(stry))
src = rep["files"]["Calc.java"]["source"].split("\n")
for opt in ([], ["--method"]):
    rc, out, err = run(["check", "--no-timing", "--format", "json"] + opt + [stry])
    got = mutants(out)
    rc0, out0, _ = run(["check", "--no-timing", "--format", "json"] + opt +
                       ["--source", D, os.path.join(D, "calc.mutants.log")])
    want = mutants(out0)
    same = [i for i in want if (want[i]["verdict"], want[i]["by"]) ==
            (got[i]["verdict"], got[i]["by"])]
    ok(len(same) == len(want) and len(want) == 7, "stryker.json%s: %d of the "
       "%d mutants calc.mutants.log also has get its verdicts (%s)" %
       (" --method" * bool(opt), len(same), len(want),
        ", ".join("%s %s" % (i, got[i]["verdict"]) for i in sorted(got))))
    # the originals are the source text at the locations, in characters
    java = {x["id"]: x for x in rep["files"]["Calc.java"]["mutants"]}
    for i, m in got.items():
        if i not in java:
            continue
        loc = java[i]["location"]
        line = src[loc["start"]["line"] - 1]
        text = line[loc["start"]["column"] - 1:loc["end"]["column"] - 1]
        if not ok(m["original"] == text, "stryker.json%s: mutant %s's original "
                  "is the text at its location, '%s'" % (" --method" * bool(opt), i, text)):
            print("# got '%s'" % m["original"])
    refused = {i: m["detail"] for i, m in got.items() if m["verdict"] == "unsupported"}
    ok(set(refused) == {"5", "6", "c5", "c6", "c7", "p1"},
       "stryker.json%s: unsupported: %s" % (" --method" * bool(opt), sorted(refused)))
    ok("not a whole expression or statement" in refused.get("5", ""),
       "a location over '* 2' is not an expression: %s" % refused.get("5"))
    ok("is a name" in refused.get("6", ""),
       "a location over a method's name is not a value: %s" % refused.get("6"))
    ok("not a whole expression" in refused.get("c6", "") and
       "is a name" in refused.get("c7", "") and
       "not declared with a plain type" in refused.get("c5", "") and
       "does not parse as C" in refused.get("p1", ""),
       "C: a partial location, a function's name, a pointer variable, a "
       "C++ class are unsupported with their reasons")
    # the C mutants: the verdicts of the same mutants in a YAML batch
    # whose variables have the types util.c declares
    rc, yout, _ = run(["check", "--no-timing", "--format", "json",
                       os.path.join(D, "util.yaml")])
    y = mutants(yout)
    ok(all((got[i]["verdict"], got[i].get("language")) ==
           (y[i]["verdict"], y[i]["language"]) for i in y) and len(y) == 4,
       "stryker.json%s: the C mutants typed from util.c's declarations get "
       "the verdicts of the C batch: %s" % (" --method" * bool(opt),
       ", ".join("%s %s" % (i, got[i]["verdict"]) for i in sorted(y))))
    # the report's statuses are the test results
    t = json.loads(out)["summary"]["tests"]
    status = {x["id"]: x["status"] for f in rep["files"].values() for x in f["mutants"]}
    le = sorted(m["id"] for m in t["live_equivalent"])
    ok(le == sorted(i for i in got if status[i] == "Survived" and
                    got[i]["verdict"] == "equivalent") and le,
       "stryker.json%s: live mutants proven equivalent are reported: %s" %
       (" --method" * bool(opt), le))
    rc, back, _ = run(["check", "--format", "elements"] + opt + [stry])
    b = report_mutants(json.loads(back))
    good = all(b[i][2]["status"] == ("Ignored" if got[i]["verdict"] == "equivalent"
                                     and status[i] in ("Survived", "NoCoverage", "Pending")
                                     else status[i]) for i in got)
    ok(good and b["c1"][1]["language"] == "c" and
       b["p1"][1]["language"] == "cpp" and
       b["c1"][2]["location"] == rep["files"]["util.c"]["mutants"][0]["location"],
       "stryker.json%s: written back with the statuses and the C file kept" %
       (" --method" * bool(opt)))

rc, out, _ = run(["check", "--no-timing", "--format", "json", os.path.join(D, "pit.json")])
got = mutants(out)
# PIT's mutants (a description, no replacement) placed at the candidate
# of their line that their mutator and description select
# (check/pit.h): x * 2 / 2 differs at x = 1; in max, a >= b for a > b
# returns a instead of b when a == b, the same value (equivalent in the
# method, not in the expression)
ok(got["pit-1"]["verdict"] in ("killable", "redundant") and
   (got["pit-1"]["original"], got["pit-1"]["mutant"]) == ("x * 2", "x / 2") and
   got["pit-2"]["verdict"] in ("killable", "redundant") and
   (got["pit-2"]["original"], got["pit-2"]["mutant"]) == ("a > b", "a >= b"),
   "pit.json: PIT's mutants with a description and no replacement are placed at their line's candidate")
rc, out, _ = run(["check", "--no-timing", "--method", "--format", "json",
                  os.path.join(D, "pit.json")])
ok(mutants(out)["pit-2"]["verdict"] == "equivalent" and
   mutants(out)["pit-1"]["verdict"] == "killable",
   "pit.json --method: max's boundary mutant is equivalent, twice's division killable")
rc0, out0, _ = run(["check", "--no-timing", "--format", "json", "--source", D,
                    os.path.join(D, "calc.mutants.log")])
ok(got["pit-3"]["verdict"] == mutants(out0)["9"]["verdict"],
   "pit.json: the mutant with a replacement is judged as Major's 9 is (%s)"
   % got["pit-3"]["verdict"])

# mixed inputs: a report's statuses are test results only alone
rc, out, _ = run(["check", "--no-timing", "--format", "json", "--source", D,
                  stry, os.path.join(D, "calc.mutants.log")])
ok(rc == 0 and "tests" not in json.loads(out)["summary"] and
   len(json.loads(out)["mutants"]) == sum(len(f["mutants"]) for f in rep["files"].values()) + 7,
   "a report beside a Major log: both checked, no test results taken")
rc, out, err = run(["check", "--format", "elements", "--source", D, stry,
                    os.path.join(D, "calc.mutants.log")])
mixed = report_mutants(json.loads(out)) if rc == 0 else {}
ok(rc == 0 and all(i in mixed for f in rep["files"].values() for x in f["mutants"]
                   for i in [x["id"]]) and "Calc.java" in json.loads(out)["files"],
   "--format elements on a report beside a Major log: both in one report")
rc, _, err = run(["check", "--method", os.path.join(D, "calc.mutants.log")])
ok(rc == 2 and "--method needs --source" in err,
   "--method on a Major log still needs --source")

# --- malformed reports ----------------------------------------------------
GOOD = json.dumps(rep)
cases = [
    ("trailing comma", '{"schemaVersion": "2", "files": {"A.java": 1,@}}', "expected a key"),
    ("leading zero", '{"schemaVersion": "2", "x": 0@1, "files": {}}', "leading zero"),
    ("bad escape", '{"schemaVersion": "2",\n  "files": {"A\\@q": {}}}', "expected an escape"),
    ("lone surrogate", '{"schemaVersion": "2", "files": {"@\\ud800x": {}}}', "high surrogate"),
    ("control character", '{"schemaVersion": "2", "files": {"a@\tb": {}}}', "control character"),
    ("text after", '{"schemaVersion": "2", "files": {}}\n@x', "text after"),
    ("duplicate key", '{"schemaVersion": "2", @"schemaVersion": "2", "files": {}}', "duplicate key"),
    ("nul escape", '{"schemaVersion": "2", "files": {"@\\u0000": {}}}', "NUL"),
    ("early end", '{"schemaVersion": "2", "files": {"A.java": @', "ends early"),
    ("version 3", '{"schemaVersion": @"3.0", "files": {}}', "schema version"),
    ("not an object", '@[1, 2]', "is an object"),
    ("files missing", '@{"schemaVersion": "2"}', "missing \"files\""),
    ("source a number", '{"schemaVersion": "2", "files": {"A.java": {"language": "java", '
     '"source": @1, "mutants": []}}}', "\"source\" must be a string"),
    ("unknown status", GOOD.replace('"status": "Killed"', '"status": @"Dead"', 1), "unknown status"),
    ("column past the line", GOOD.replace('"column": 25}', '"column": @99}', 1), "after the end of line"),
    ("line past the source", GOOD.replace('"line": 17', '"line": @170', 1), "after the end of the file"),
    ("ends before it starts", GOOD.replace('"end": {"line": 8, "column": 19}',
                                           '"end": @{"line": 7, "column": 1}', 1),
     "ends before it starts"),
    ("deep", "[" * 64 + "@[" + "]" * 65, "nested more than"),
]
for name, text, msg in cases:
    i = text.index("@")
    text = text[:i] + text[i + 1:]
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    path = os.path.join(T, "bad.json")
    open(path, "w").write(text)
    for fmt in ("text", "elements"):
        rc, out, err = run(["check", "--format", fmt, path])
        first = err.split("\n")[0]
        good = (rc == 3 and out == "" and first.startswith(
            "%s:%d:%d: error: " % (path, line, col)) and msg in first and
            re.search(r"\n +\| +\^", err))
        if not ok(good, "malformed (%s, --format %s): exit 3, nothing on stdout, "
                  "error at %d:%d with the caret" % (name, fmt, line, col)):
            print("# rc %d, stderr: %s" % (rc, err[:300].replace("\n", "\n# ")))
path = os.path.join(T, "nul.json")
open(path, "wb").write(b'{"schemaVersion": "2", \x00}')
rc, out, err = run(["check", path])
ok(rc == 3 and out == "" and err.startswith(path + ":1:24: error: a NUL byte"),
   "a NUL byte: an error at its place")
rc, out, err = run(["check", os.path.join(T, "missing.json")])
ok(rc == 5 and out == "" and "cannot read" in err, "an unreadable report: exit 5")
dup = json.loads(GOOD)
dup["files"]["Calc.java"]["mutants"][1]["id"] = "1"
path = os.path.join(T, "dup.json")
open(path, "w").write(json.dumps(dup, indent=1))
rc, out, err = run(["check", path])
ok(rc == 3 and out == "" and "mutant id \"1\" is given twice" in err and "note: \"1\" first given here" in err,
   "two mutants with one id: an error")
done()
