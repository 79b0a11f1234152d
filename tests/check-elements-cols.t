#!/usr/bin/env python3
# check-elements-cols.t - the columns of a mutation-testing-elements
# report are UTF-16 code units (base/util.h text_column()): its report
# app takes `source.substring(lineStart, lineStart + column - 1)` of a
# JavaScript string, and Stryker's positions are JavaScript's.  The
# reader (check/mte.c) and the writer (cmd/check-report.c) must both
# count so.
#
# tests/data/check/elements-cols/Uni.java has, before its mutants, a
# character of four UTF-8 bytes (two UTF-16 units), one of two bytes and
# one of three (one unit each).  Nothing expected is written in: the
# columns are computed here from the text with Python's UTF-16 encoding.
#  - written: the Major log checked with --source and written as a
#    report: the text at each location, cut as JavaScript cuts it, is the
#    logged original;
#  - read: a report made here with those locations gives every mutant
#    the Major run's verdict, the original being the text there;
#    written back, the locations are unchanged;
#  - a column inside the two units of one character is an error at the
#    column, exit status 3.
import json, os, subprocess, tempfile

from tap import S, done, ok

D = "tests/data/check/elements-cols"
SRC = open(os.path.join(D, "Uni.java"), encoding="utf-8").read()
LINES = SRC.split("\n")
T = tempfile.mkdtemp(prefix="elements-cols.")


def run(args):
    p = subprocess.run([S] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def units(s):
    return len(s.encode("utf-16-le")) // 2


def js_cut(line, c0, c1):
    """line[c0-1 : c1-1] counted in UTF-16 units, as JavaScript cuts."""
    u = line.encode("utf-16-le")
    return u[2 * (c0 - 1):2 * (c1 - 1)].decode("utf-16-le")


def squeeze(s):
    return "".join(s.split())


log = os.path.join(D, "uni.mutants.log")
logged = {}
for l in open(log):
    f = l.rstrip("\n").split(":")
    orig, rep = ":".join(f[6:]).split(" |==> ")
    logged[f[0]] = (int(f[5]), orig, rep)

rc, out, _ = run(["check", "--no-timing", "--format", "json", "--source", D,
                  log])
major = {m["id"]: m for m in json.loads(out)["mutants"]}
rc, rep, err = run(["check", "--no-timing", "--source", D, "--format",
                    "elements", log])
r = json.loads(rep)
ms = r["files"]["Uni.java"]["mutants"]
cut = {m["id"]: js_cut(LINES[m["location"]["start"]["line"] - 1],
                       m["location"]["start"]["column"],
                       m["location"]["end"]["column"]) for m in ms}
ok(rc == 0 and len(ms) == len(logged) and
   all(squeeze(cut[i]) == squeeze(logged[i][1]) for i in logged),
   "written: the text at each location, in UTF-16 units, is the logged "
   "original (%s)" % cut)
ok(any(units(LINES[logged[i][0] - 1]) != len(LINES[logged[i][0] - 1].encode())
       for i in logged),
   "the mutated lines have characters of several bytes and of two units")

# a report made here: locations in UTF-16 units, from the text
files = {"Uni.java": {"language": "java", "source": SRC, "mutants": []}}
for i, (line, orig, repl) in sorted(logged.items()):
    text = LINES[line - 1]
    at = text.index(orig)
    c0 = units(text[:at]) + 1
    files["Uni.java"]["mutants"].append({
        "id": i, "mutatorName": "M", "status": "Survived",
        "replacement": repl,
        "location": {"start": {"line": line, "column": c0},
                     "end": {"line": line, "column": c0 + units(orig)}}})
made = os.path.join(T, "made.json")
with open(made, "w") as f:
    json.dump({"schemaVersion": "2", "files": files}, f, ensure_ascii=False)
rc, out, err = run(["check", "--no-timing", "--format", "json", made])
got = {m["id"]: m for m in json.loads(out)["mutants"]} if rc == 0 else {}
ok(len(got) == len(logged) and
   all(got[i]["original"] == logged[i][1] and
       got[i]["verdict"] == major[i]["verdict"] for i in logged),
   "read: each mutant's original is the text at its location and its "
   "verdict the Major run's (%s)" % {i: (m["original"], m["verdict"])
                                    for i, m in got.items()})
rc, back, _ = run(["check", "--format", "elements", made])
b = {m["id"]: m["location"] for m in json.loads(back)["files"]["Uni.java"]["mutants"]}
ok(b == {m["id"]: m["location"] for m in files["Uni.java"]["mutants"]},
   "written back: the locations are unchanged")

# a column inside the two units of one character
line = 3
emoji = LINES[line - 1].index("\U0001F600")
col = units(LINES[line - 1][:emoji]) + 2
files["Uni.java"]["mutants"] = [{
    "id": "x", "mutatorName": "M", "status": "Survived", "replacement": "1",
    "location": {"start": {"line": line, "column": col},
                 "end": {"line": line, "column": col + 3}}}]
bad = os.path.join(T, "bad.json")
text = json.dumps({"schemaVersion": "2", "files": files}, indent=1)
with open(bad, "w") as f:
    f.write(text)
rc, out, err = run(["check", bad])
want = [n + 1 for n, l in enumerate(text.split("\n")) if '"column": %d' % col in l][0]
ok(rc == 3 and not out and ":%d:" % want in err and
   "inside a character of two UTF-16 units" in err,
   "a column inside a character of two units: an error at line %d, exit 3 "
   "(%d: %s)" % (want, rc, err.strip().split("\n")[0]))

subprocess.run(["rm", "-rf", T])
done()
