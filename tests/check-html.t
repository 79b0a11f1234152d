#!/usr/bin/env python3
# check-html.t - `subsume check --format html`: a self-contained page that
# renders the mutation-testing-elements report with the web component
# (emit/html.c), opened in headless Chromium.
#
# The component draws into shadow DOM, which --dump-dom does not print,
# so the test appends tests/data/check-html/probe.html to a copy of the
# page: after the app has rendered, it walks the shadow roots, turns on
# every status filter, clicks every mutant and records the drawer the
# app opens for it, then writes all it saw into <pre id="probe"> in the
# light DOM, which --dump-dom prints (a virtual-time budget lets its
# timers run).  Expected facts come from the elements JSON of the same
# run and from the kill file (real JVM results): every mutant is on the
# page with its status, line and column, subsume's verdict (the status
# reason) and its description; the overview counts are the kill file's.
# Chromium runs with every host name unresolvable: the page needs no
# network.
import html, json, os, re, shutil, subprocess, sys, tempfile

from tap import LOGS, S, done, ok, stop
K = "tests/data/check-kills"
def run(args):
    return subprocess.run([S, "check", "--no-timing"] + args, capture_output=True, text=True)


chromium = shutil.which("chromium")
ok(chromium, "chromium is installed (make check: scripts/deps.sh)")
p = run(["--format", "html", "tests/data/check/c.yaml"])
ok(p.returncode == 0 and p.stdout.startswith("<!DOCTYPE html>"),
   "this subsume renders --format html (built with the viewer: make deps)")
if not chromium or p.returncode:
    stop()
if not os.path.isdir(os.path.join(LOGS, "src")):
    done("the shipped Major logs are not here (%s)" % LOGS)
T = tempfile.mkdtemp()
probe = open("tests/data/check-html/probe.html").read()


def browse(page, fragment):
    path = os.path.join(T, "page.html")
    with open(path, "w") as f:
        f.write(page.replace("</body>", probe + "</body>"))
    p = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        "--user-data-dir=" + os.path.join(T, "profile"),
                        "--host-resolver-rules=MAP * ~NOTFOUND",
                        "--virtual-time-budget=200000", "--dump-dom",
                        "file://" + path + fragment],
                       capture_output=True, text=True, timeout=600)
    m = re.search(r'<pre id="probe">(.*?)</pre>', p.stdout, re.S)
    return json.loads(html.unescape(m.group(1))) if m else None


for suite, cls in [("triangle", "Triangle"), ("equality-refinement", "EqualityRefinement")]:
    args = ["--source", os.path.join(LOGS, "src", suite), "--kills",
            os.path.join(K, suite, "kill.csv"), os.path.join(LOGS, suite + ".mutants.log")]
    page = run(["--format", "html"] + args).stdout
    rep = json.loads(run(["--format", "elements"] + args).stdout)
    ok(not re.search(r"<(script|link|img|iframe)[^>]*\b(src|href)=", page, re.I),
       "%s: the page loads nothing: the component and the report are inlined" % suite)
    seen = browse(page, "#mutant/%s.java" % cls)
    ok(seen is not None, "%s: Chromium rendered the page and the probe ran" % suite)
    if seen is None:
        continue
    ms = rep["files"]["%s.java" % cls]["mutants"]
    kills = dict(r.split(",") for r in open(os.path.join(K, suite, "kill.csv")).read().split("\n")[1:] if r)
    killed = sum(1 for s in kills.values() if s in ("FAIL", "EXC"))
    survived = sum(1 for m in ms if m["status"] == "Survived")
    ok(re.search(r"%s\.java [\d.]+ [\d.]+ %d %d\b" % (cls, killed, survived), seen["overview"]),
       "%s: the overview shows %d killed and %d survived (the kill file)" % (suite, killed, survived))
    missing = []
    for m in ms:
        want = "%s %s ( %d : %d )" % (m["mutatorName"], m["status"],
                                      m["location"]["start"]["line"],
                                      m["location"]["start"]["column"])
        if not any(want in d and m["statusReason"] in d and m["description"] in d
                   for d in seen["mutants"]):
            missing.append(m["id"])
    ok(not missing and len(ms) > 0,
       "%s: each of the %d mutants is on the page with its status, place, verdict and "
       "description%s" % (suite, len(ms), " (not: %s)" % missing if missing else ""))
    statuses = sorted(set(m["status"] for m in ms))
    ok(all(any(s in d for d in seen["mutants"]) for s in statuses),
       "%s: statuses shown: %s" % (suite, ", ".join(statuses)))

shutil.rmtree(T)
done()
