#!/usr/bin/env python3
# check-elements.t - `subsume check --format elements`: the
# mutation-testing-elements report (cmd/check-report.h, emit/elements.h).
#
# Every report is validated against the published JSON schema, version
# 2 (npm mutation-testing-report-schema 3.8.4, fetched by make deps into
# .deps/ by scripts/elements.sh, never committed), by the small draft-07
# validator below: it knows the keywords that schema uses and fails on
# any other, so it cannot pass a schema it does not understand; it is
# shown to reject broken reports.  The report's content is checked
# against what it must say, derived from elsewhere: locations against
# the source text and the logged original, statuses from the kill file
# (real JVM results, tests/data/check-kills) and the JSON verdicts of
# the same run, replacements against the log.
import json, os, re, subprocess, sys, tempfile

from tap import LOGS, S, done, ok, stop
SCHEMA = ".deps/mutation-testing-report-schema-3.8.4/mutation-testing-report-schema.json"
K = "tests/data/check-kills"
# --- a draft-07 validator for the keywords the schema uses ---------------
KNOWN = {"$schema", "$id", "title", "description", "examples", "type",
         "required", "properties", "additionalProperties", "items", "enum",
         "pattern", "minimum", "maximum", "uniqueItems", "$ref", "format",
         "definitions"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool}


def validate(root, schema, v, path, errs):
    unknown = set(schema) - KNOWN
    if unknown:
        raise ValueError("validator: unknown keywords %s" % unknown)
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/definitions/")
        return validate(root, root["definitions"][ref[14:]], v, path, errs)
    t = schema.get("type")
    if t == "integer":
        good = isinstance(v, int) and not isinstance(v, bool)
    elif t == "number":
        good = isinstance(v, (int, float)) and not isinstance(v, bool)
    elif t:
        good = isinstance(v, TYPES[t]) and (t != "string" or True)
        if t != "boolean" and isinstance(v, bool):
            good = False
    else:
        good = True
    if not good:
        errs.append("%s: not a %s" % (path, t))
        return
    if "enum" in schema and v not in schema["enum"]:
        errs.append("%s: %r not in enum" % (path, v))
    if "pattern" in schema and not re.search(schema["pattern"], v):
        errs.append("%s: %r does not match %s" % (path, v, schema["pattern"]))
    if "minimum" in schema and v < schema["minimum"]:
        errs.append("%s: %r below %r" % (path, v, schema["minimum"]))
    if "maximum" in schema and v > schema["maximum"]:
        errs.append("%s: %r above %r" % (path, v, schema["maximum"]))
    if "format" in schema and schema["format"] == "uri" and not re.match(r"^[a-z][a-z0-9+.-]*:", v):
        errs.append("%s: not a uri" % path)
    if isinstance(v, dict):
        for r in schema.get("required", []):
            if r not in v:
                errs.append("%s: missing %s" % (path, r))
        props = schema.get("properties", {})
        for k, x in v.items():
            if k in props:
                validate(root, props[k], x, path + "/" + k, errs)
            elif isinstance(schema.get("additionalProperties"), dict):
                validate(root, schema["additionalProperties"], x, path + "/" + k, errs)
            elif schema.get("additionalProperties") is False:
                errs.append("%s: unexpected %s" % (path, k))
    if isinstance(v, list):
        if schema.get("uniqueItems"):
            seen = [json.dumps(x, sort_keys=True) for x in v]
            if len(set(seen)) != len(seen):
                errs.append("%s: items not unique" % path)
        if "items" in schema:
            for i, x in enumerate(v):
                validate(root, schema["items"], x, "%s/%d" % (path, i), errs)


def valid(report):
    errs = []
    validate(schema, schema, report, "", errs)
    return errs


have = os.path.isfile(SCHEMA)
ok(have, "the published schema is installed (%s; make deps)" % SCHEMA)
if not have:
    stop()
schema = json.load(open(SCHEMA))
if not os.path.isdir(os.path.join(LOGS, "src")):
    done("the shipped Major logs are not here (%s)" % LOGS)


def run(args):
    p = subprocess.run([S, "check", "--no-timing"] + args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def squash(s):
    return re.sub(r"\s+", "", s)


def text_at(src, loc):
    lines = src.split("\n")
    s, e = loc["start"], loc["end"]
    if s["line"] == e["line"]:
        return lines[s["line"] - 1][s["column"] - 1:e["column"] - 1]
    parts = [lines[s["line"] - 1][s["column"] - 1:]]
    parts += lines[s["line"]:e["line"] - 1]
    parts.append(lines[e["line"] - 1][:e["column"] - 1])
    return "\n".join(parts)


def log_mutants(subject):
    r = {}
    for l in open(os.path.join(LOGS, subject + ".mutants.log")):
        f = l.rstrip("\n").split(":", 6)
        orig, mut = f[6].split(" |==> ")
        r[f[0]] = (f[1], orig, mut)
    return r


STATUS = {"FAIL": "Killed", "EXC": "Killed", "TIME": "Timeout", "LIVE": "Survived",
          "UNCOV": "NoCoverage"}

# --- with --source and --kills: the four suites' subjects ---------------
for suite in ["triangle", "max", "data-flow", "equality-refinement"]:
    src = os.path.join(LOGS, "src", suite)
    kf = os.path.join(K, suite, "kill.csv")
    log = os.path.join(LOGS, suite + ".mutants.log")
    rc, out, err = run(["--format", "elements", "--source", src, "--kills", kf, log])
    rep = json.loads(out)
    errs = valid(rep)
    ok(rc in (0, 1) and not errs, "%s: the report is valid (schema version %s)%s"
       % (suite, rep.get("schemaVersion"), "; " + "; ".join(errs[:3]) if errs else ""))
    rc, jout, err = run(["--format", "json", "--source", src, "--kills", kf, log])
    verdicts = {m["id"]: m for m in json.loads(jout)["mutants"]}
    logm = log_mutants(suite)
    files = rep["files"]
    ok(all(open(os.path.join(src, p)).read() == f["source"] for p, f in files.items()),
       "%s: each file is its source, by its path under --source (%s)" % (suite, ", ".join(files)))
    ms = [(f, m) for f in files.values() for m in f["mutants"]]
    ok(sorted(m["id"] for f, m in ms) == sorted(logm, key=str)
       and all((m["mutatorName"], m["replacement"].replace("<NO-OP>", "<NO-OP>")) ==
               (logm[m["id"]][0], logm[m["id"]][2]) for f, m in ms),
       "%s: every logged mutant, with its operator and replacement" % suite)
    bad = [m["id"] for f, m in ms if verdicts[m["id"]]["column"] and
           squash(text_at(f["source"], m["location"])) != squash(logm[m["id"]][1])]
    ok(not bad, "%s: each located mutant's start..end is its logged original in the "
       "source%s" % (suite, " (not: %s)" % bad if bad else ""))
    want = {}
    for i, v in verdicts.items():
        st = STATUS.get(v["tests"], "Pending")
        if v["verdict"] == "equivalent" and st in ("Survived", "NoCoverage", "Pending"):
            st = "Ignored"
        want[i] = st
    ok(all(m["status"] == want[m["id"]] for f, m in ms),
       "%s: statuses from the kill file, proven-equivalent survivors Ignored (%s)"
       % (suite, ", ".join("%s %d" % (s, list(want.values()).count(s))
                           for s in sorted(set(want.values())))))
    ok(all(m["statusReason"].startswith("subsume: " + verdicts[m["id"]]["verdict"])
           and verdicts[m["id"]]["detail"] in m["statusReason"]
           and ("Major: " + verdicts[m["id"]]["tests"]) in m["statusReason"]
           for f, m in ms),
       "%s: statusReason: the verdict, its witness or reason, the Major status" % suite)

# equality-refinement: the inner a == b mutants are proven equivalent, live
rc, out, err = run(["--format", "elements", "--source", os.path.join(LOGS, "src/equality-refinement"),
                    "--kills", os.path.join(K, "equality-refinement/kill.csv"),
                    os.path.join(LOGS, "equality-refinement.mutants.log")])
ign = [m for f in json.loads(out)["files"].values() for m in f["mutants"] if m["status"] == "Ignored"]
ok(len(ign) >= 2 and all("subsume: equivalent" in m["statusReason"] for m in ign),
   "equality-refinement: %d proven-equivalent survivors are Ignored" % len(ign))

# --- without --source, without --kills --------------------------------
log = os.path.join(LOGS, "triangle.mutants.log")
rc, out, err = run(["--format", "elements", log])
rep = json.loads(out)
errs = valid(rep)
ok(not errs, "no --source, no --kills: the report is valid")
ok(rep["config"]["source"].startswith("omitted") and rep["config"]["kills"].startswith("none"),
   "no --source, no --kills: the report says what is omitted")
f = rep["files"]["Triangle.java"]
logm = log_mutants("triangle")
ok(all(text_at(f["source"], m["location"]) == logm[m["id"]][1] for m in f["mutants"])
   and all(m["status"] in ("Pending", "Ignored") for m in f["mutants"]),
   "no --source: each location holds the logged original on its line; statuses Pending")

# --- a YAML batch: one file per site ------------------------------------
rc, out, err = run(["--format", "elements", "tests/data/check/c.yaml"])
rep = json.loads(out)
ok(not valid(rep) and all(len(f["mutants"]) >= 1 and
                          text_at(f["source"], f["mutants"][0]["location"]) == f["source"]
                          for f in rep["files"].values()),
   "a YAML batch: valid, each site a file whose source is its expression")

# --- the validator rejects broken reports -------------------------------
rc, out, err = run(["--format", "elements", "--kills", os.path.join(K, "max/kill.csv"),
                    os.path.join(LOGS, "max.mutants.log")])
good = json.loads(out)
breaks = {
    "an unknown status": lambda r: r["files"]["Max.java"]["mutants"][0].update(status="Bogus"),
    "column 0": lambda r: r["files"]["Max.java"]["mutants"][0]["location"]["start"].update(column=0),
    "no source": lambda r: r["files"]["Max.java"].pop("source"),
    "schemaVersion 3": lambda r: r.update(schemaVersion="3"),
    "a numeric id": lambda r: r["files"]["Max.java"]["mutants"][0].update(id=1),
}
for what, f in breaks.items():
    r = json.loads(json.dumps(good))
    f(r)
    ok(valid(r), "the validator rejects a report with %s" % what)

done()
