#!/usr/bin/env python3
"""pit-elements.py - PIT's mutations.xml as the mutation-testing-elements
report that PIT's report plugin (io.github.wmaarts:pitest-mutation-
testing-elements-plugin 0.7.1, `<outputFormat>JSON</outputFormat>`)
writes for the same run, for tests/data/pit/ (issue 31).

    python3 scripts/pit-elements.py MUTATIONS.xml SOURCE-ROOT > report.json

The plugin is not to be had on this project's machines (Maven Central
refused it here), so its output is rebuilt from PIT's own mutations.xml
by the rules of its code at that version:

- one file per source file, named "PACKAGE/FILE" (the package dotted,
  org.pitest.elements.utils.JsonParser), with language "java" and the
  source as its lines, each followed by "\\n";
- its mutants line by line, on each line in PIT's order (LineFactory):
  a mutant on no line of the file (line 0, or past the end) is left out;
- each mutant: an id counted from 0 over the whole report, the
  mutator's simple name, PIT's description, the whole line as location
  (start: the first non-blank column, 1-based; end: the line's length,
  JsonLocation.ofLine), the status in the schema's words
  (JsonMutantStatus: KILLED Killed, SURVIVED Survived, NO_COVERAGE
  NoCoverage, TIMED_OUT Timeout, NOT_STARTED Pending, NON_VIABLE
  Ignored, MEMORY_ERROR, RUN_ERROR and anything else RuntimeError), and
  the killing test (killedBy) by id, listed in testFiles (coveredBy is
  left out: mutations.xml names no covering tests without PIT's full
  mutation matrix);
- no replacement: PIT's report has none.

Gson's compact form, HTML escaping off, members in the plugin's order.
"""
import json
import sys
import xml.etree.ElementTree as ET

STATUS = {"KILLED": "Killed", "SURVIVED": "Survived",
          "NO_COVERAGE": "NoCoverage", "TIMED_OUT": "Timeout",
          "NOT_STARTED": "Pending", "NON_VIABLE": "Ignored"}


def main(xml_path, root):
    muts = ET.parse(xml_path).getroot().findall("mutation")
    by_file = {}
    for m in muts:
        cls = m.findtext("mutatedClass")
        pkg = cls.rsplit(".", 1)[0] if "." in cls else ""
        by_file.setdefault((pkg, m.findtext("sourceFile")), []).append(m)
    files, tests, nid = {}, {}, 0
    test_ids = {}
    for pkg, name in sorted(by_file):
        path = "%s/%s/%s" % (root, pkg.replace(".", "/"), name)
        lines = open(path, encoding="utf-8").read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        mutants = []
        for no, text in enumerate(lines, 1):
            for m in by_file[(pkg, name)]:
                if int(m.findtext("lineNumber")) != no:
                    continue
                killers = []
                for t in [m.findtext("killingTest") or ""]:
                    if not t:
                        continue
                    if t not in test_ids:
                        test_ids[t] = str(len(test_ids))
                        tf = t[:t.index(".[")] if ".[" in t else ""
                        tests.setdefault(tf, {"tests": []})["tests"].append(
                            {"id": test_ids[t], "name": t})
                    killers.append(test_ids[t])
                first = len(text) - len(text.lstrip())
                mutants.append({
                    "id": str(nid),
                    "mutatorName": m.findtext("mutator").rsplit(".", 1)[-1],
                    "description": m.findtext("description"),
                    "location": {"start": {"line": no, "column": first + 1},
                                 "end": {"line": no, "column": len(text)}},
                    "status": STATUS.get(m.get("status"), "RuntimeError"),
                    "killedBy": killers,
                })
                nid += 1
        files["%s/%s" % (pkg, name)] = {
            "source": "".join(l + "\n" for l in lines),
            "language": "java", "mutants": mutants}
    report = {"schemaVersion": "2", "thresholds": {"high": 60, "low": 80},
              "files": files, "testFiles": tests}
    sys.stdout.write(json.dumps(report, ensure_ascii=False,
                                separators=(",", ":")))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    main(sys.argv[1], sys.argv[2])
