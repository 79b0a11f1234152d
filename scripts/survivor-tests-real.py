#!/usr/bin/env python3
"""survivor-tests-real.py: tests that kill PIT's survivors, added to a
real project's own suite (issue 32's second goal).

    python3 scripts/survivor-tests-real.py [--group STRONGER|DEFAULTS]
        [--base DIR] [--out DIR] [--subsume BIN] PROJECT

PROJECT is a folder with a pom.xml and src/main/java, or its name under
$REAL_DIR (e.g. REAL_DIR=.../real ... commons-cli-1.4); it is never
modified.  The steps, all under OUT/NAME-GROUP (default OUT: $TMPDIR/survivor-tests):

 1. PIT's run of the project's own suite: --base DIR takes the folder a
    `scripts/pit-real.py --group G` run wrote (its mutations.xml and
    summary.json, unfiltered), else pit-real.py is run into OUT/NAME-GROUP/base.
 2. `subsume check --source SRC/main/java --method --tests tests
    --format json mutations.xml` (check.json): PIT's survivors
    (SURVIVED, NO_COVERAGE), those killable, and for each a verified
    test, an unverified one or none, with the reasons grouped.
 3. A copy of the project (project/) with the verified tests (never
    those in tests/unverified) in src/test/java, and in the copy's
    pom.xml only: junit-jupiter and junit-vintage-engine (the project's
    JUnit 4 tests run on the JUnit Platform beside the JUnit 5 ones),
    maven-surefire-plugin able to run them, and pitest-maven with PIT's
    JUnit 5 plugin, all at pinned versions (JUNIT5, VINTAGE, SUREFIRE,
    PIT_JUNIT5 below).  `mvn test` on it: every test must pass, and the
    generated ones must have run.
 4. PIT again on the copy with the same mutator group and settings as
    pit-real.py (after.xml): the score before and after, the survivors
    now killed, and whether each is a mutant a generated test targets
    (and whether that test is the one PIT names as its killer); the
    verified tests whose mutant PIT still reports alive.

summary.json holds the numbers; the last lines printed are the summary.
The Maven downloads go to the repository's git-ignored .deps/m2.
"""
import argparse, collections, importlib.util, json, os, re, resource, shutil
import subprocess, sys, time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
M2 = os.path.join(ROOT, ".deps", "m2")
JUNIT5 = "5.11.4"        # junit-jupiter and the vintage engine (as scripts/junit.sh's launcher 1.11.4)
SUREFIRE = "3.5.2"       # runs JUnit Platform tests (commons-parent 42 pins 2.19.1, which does not)
PIT_JUNIT5 = "1.2.3"     # org.pitest:pitest-junit5-plugin
LIVE = ("SURVIVED", "NO_COVERAGE")

_spec = importlib.util.spec_from_file_location(
    "pit_real", os.path.join(ROOT, "scripts", "pit-real.py"))
pit_real = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pit_real)

DEPS = """
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>%(j5)s</version>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>org.junit.vintage</groupId>
      <artifactId>junit-vintage-engine</artifactId>
      <version>%(j5)s</version>
      <scope>test</scope>
    </dependency>
"""
PLUGINS = """
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>%(sf)s</version>
      </plugin>
      <plugin>
        <groupId>org.pitest</groupId>
        <artifactId>pitest-maven</artifactId>
        <version>1.30.2</version>
        <dependencies>
          <dependency>
            <groupId>org.pitest</groupId>
            <artifactId>pitest-junit5-plugin</artifactId>
            <version>%(pj)s</version>
          </dependency>
        </dependencies>
      </plugin>
"""


def patch_pom(pom):
    """JUnit 5 beside JUnit 4, a surefire that runs both, PIT's JUnit 5
    plugin: in the copy's pom.xml only."""
    v = {"j5": JUNIT5, "sf": SUREFIRE, "pj": PIT_JUNIT5}
    text = open(pom, encoding="utf-8").read()
    m = re.search(r"<dependencies>", text)
    if not m or text.rfind("<dependencyManagement>", 0, m.start()) > text.rfind(
            "</dependencyManagement>", 0, m.start()):
        raise SystemExit("survivor-tests: no top-level <dependencies> in " + pom)
    text = text[:m.end()] + DEPS % v + text[m.end():]
    # the parent's surefire version property, when it has one (commons-parent)
    text = re.sub(r"(<properties>)", r"\1\n    <commons.surefire.version>%s"
                  r"</commons.surefire.version>" % SUREFIRE, text, count=1)
    b = text.index("<build>")
    pm = [(x.start(), x.end()) for x in re.finditer(
        r"<pluginManagement>.*?</pluginManagement>", text, re.S)]
    for x in re.finditer(r"<plugins>", text[b:]):
        at = b + x.end()
        if not any(s <= at < e for s, e in pm):
            break
    else:
        raise SystemExit("survivor-tests: no <build><plugins> in " + pom)
    text = text[:at] + PLUGINS % v + text[at:]
    open(pom, "w", encoding="utf-8").write(text)


def xml_lines(path):
    """line number -> PIT's key of the mutation on that line (subsume's
    JSON names a PIT mutant by the line of mutations.xml it is on)"""
    out = {}
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if "<mutation " in line:
            m = ET.fromstring(line.strip())
            out[n] = "%s %s%s %s %s" % (
                m.findtext("mutatedClass"), m.findtext("mutatedMethod"),
                m.findtext("methodDescription"), m.findtext("mutator"),
                "[" + ", ".join(i.text for i in m.iter("index")) + "]")
    return out


def killers(path):
    """PIT's key -> its killingTest (or None)"""
    out = {}
    for m in ET.parse(path).getroot().iter("mutation"):
        key = "%s %s%s %s %s" % (
            m.findtext("mutatedClass"), m.findtext("mutatedMethod"),
            m.findtext("methodDescription"), m.findtext("mutator"),
            "[" + ", ".join(i.text for i in m.iter("index")) + "]")
        out[key] = m.findtext("killingTest")
    return out


def reason_group(r):
    """A reason without its names and values, for counting"""
    r = r or ""
    if "enclosing expression" in r:
        r = "killable only in its expression: the method is not modelled"
    r = re.sub(r"expected: <[^>]*> but was: <[^>]*>", "expected: <A> but was: <B>", r)
    r = re.sub(r"of type [\w<>.,\[\] ]+,", "of type T,", r)
    r = re.sub(r'"[^"]*"', '"..."', r)
    return r[:110]


def why_not_modelled(detail):
    """The method model's reason in a verdict's detail, names removed"""
    m = re.search(r"method level: not modelled: (.*?)\](?: \[|$)", detail or "")
    if not m:
        return "?"
    r = m.group(1)
    r = re.sub(r"`[^`]*`", "`X`", r)
    r = re.sub(r"call to \w+", "call to F", r)
    r = re.sub(r"\b(type|field) [\w.<>\[\]]+", r"\1 T", r)
    r = re.sub(r"with \d+ parameters", "with N parameters", r)
    return r


def mvn(proj, args, log, env):
    cmd = ["mvn", "-B", "-Dstyle.color=never", "-Dmaven.repo.local=" + M2,
           "-Dmaven.compiler.source=1.8", "-Dmaven.compiler.target=1.8",
           "-Drat.skip", "-Danimal.sniffer.skip", "-f",
           os.path.join(proj, "pom.xml")] + args
    t0 = time.time()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(log, "w") as f:
        rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env).returncode
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return rc, round(time.time() - t0), round(
        (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime))


def suite_results(proj):
    """(tests, failures, errors, skipped, generated tests run) from
    surefire's reports"""
    tot = [0, 0, 0, 0]
    gen = 0
    rep = os.path.join(proj, "target", "surefire-reports")
    for f in sorted(os.listdir(rep)) if os.path.isdir(rep) else []:
        if not (f.startswith("TEST-") and f.endswith(".xml")):
            continue
        r = ET.parse(os.path.join(rep, f)).getroot()
        n = [int(r.get(k, 0)) for k in ("tests", "failures", "errors", "skipped")]
        tot = [a + b for a, b in zip(tot, n)]
        if f.endswith("SubsumeTest.xml"):
            gen += n[0]
    return tot + [gen]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("project")
    ap.add_argument("--group", default="STRONGER")
    ap.add_argument("--base", help="a pit-real.py run folder (unfiltered, same group)")
    ap.add_argument("--out", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "survivor-tests"))
    ap.add_argument("--subsume", default=os.path.join(ROOT, "subsume"))
    ap.add_argument("--threads", default="2")
    a = ap.parse_args()
    src = a.project
    if not os.path.isfile(os.path.join(src, "pom.xml")):
        src = os.path.join(os.environ.get("REAL_DIR", ""), a.project)
    if not os.path.isfile(os.path.join(src, "pom.xml")):
        raise SystemExit("survivor-tests: no pom.xml in %s (give a folder, or "
                         "REAL_DIR=...)" % a.project)
    name = os.path.basename(os.path.normpath(src))
    out = os.path.abspath(os.path.join(a.out, "%s-%s" % (name, a.group)))
    sub = os.path.abspath(a.subsume)
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    s = {"project": name, "group": a.group,
         "versions": {"junit-jupiter": JUNIT5, "junit-vintage-engine": JUNIT5,
                      "maven-surefire-plugin": SUREFIRE,
                      "pitest-junit5-plugin": PIT_JUNIT5, "pitest-maven": "1.30.2"}}

    # 1. PIT on the project's own suite
    base = a.base
    if not base:
        r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts/pit-real.py"),
                            "--group", a.group, "--out", os.path.join(out, "base"),
                            "--subsume", sub, "--threads", a.threads, src],
                           stdout=subprocess.DEVNULL)
        if r.returncode:
            raise SystemExit("survivor-tests: pit-real.py failed")
        base = os.path.join(out, "base", "%s-%s-none" % (name, a.group))
    before = os.path.join(base, "mutations.xml")
    bsum = json.load(open(os.path.join(base, "summary.json")))
    if bsum.get("group") != a.group or bsum.get("filter") != "none":
        raise SystemExit("survivor-tests: %s is not an unfiltered %s run" % (base, a.group))
    bm = pit_real.mutants(before)
    s["before"] = {"mutants": len(bm), "statuses": bsum["pit_statuses"],
                   "detected": bsum["pit_detected"], "score": bsum["pit_score"],
                   "pit_wall_seconds": bsum["pit_wall_seconds"],
                   "pit_cpu_seconds": bsum.get("pit_cpu_seconds")}

    # 2. subsume: the survivors' tests
    proj = os.path.join(out, "project")
    shutil.copytree(src, proj, ignore=shutil.ignore_patterns("target"))
    resources = pit_real.release_resources(proj, env)
    tests = os.path.join(out, "tests")
    t0 = time.time()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    # the console launcher scripts/junit.sh fetched, named: a --subsume
    # binary outside the repository does not find it beside itself
    jar = subprocess.run(["sh", os.path.join(ROOT, "scripts/junit.sh"), "path"],
                         capture_output=True, text=True).stdout.strip()
    with open(os.path.join(out, "check.json"), "w") as o:
        rc = subprocess.run([sub, "check", "--no-progress", "--format", "json",
                             "--source", os.path.join(proj, "src/main/java"),
                             "--method"] + (["--junit", jar] if jar else []) +
                            ["--tests", tests, before],
                            stdout=o, stderr=subprocess.DEVNULL).returncode
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    s["check_wall_seconds"] = round(time.time() - t0, 1)
    s["check_cpu_seconds"] = round((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), 1)
    chk = json.load(open(os.path.join(out, "check.json")))
    lines = xml_lines(before)
    recs = chk["mutants"]
    key_of = {r["id"]: lines.get(r["line"]) for r in recs}
    live = {r["id"] for r in recs if bm.get(key_of[r["id"]], ("",))[0] in LIVE}
    tw = chk["summary"].get("tests_written") or {}
    tm = {t["id"]: t for t in tw.get("mutants", [])}
    s["survivors"] = len({key_of[i] for i in live})
    s["survivor_verdicts"] = dict(collections.Counter(
        r["verdict"] for r in recs if r["id"] in live))
    s["killable"] = tw.get("live_killable")
    s["verified"] = tw.get("verified")
    s["verified_searched"] = tw.get("verified_searched", 0)
    s["unverified"] = tw.get("unverified")
    s["no_test"] = tw.get("none")
    s["unverified_reasons"] = dict(collections.Counter(
        reason_group(t["reason"]) for t in tm.values() if t["test"] == "unverified"))
    s["no_test_reasons"] = dict(collections.Counter(
        reason_group(t["reason"]) for t in tm.values() if t["test"] == "none"))
    det = {r["id"]: r.get("detail") for r in recs}
    s["not_modelled_reasons"] = dict(collections.Counter(
        why_not_modelled(det[i]) for i, t in tm.items()
        if t["test"] == "none" and "enclosing expression" in (t["reason"] or "")
    ).most_common())
    verified = {i: t for i, t in tm.items() if t["test"] == "verified"}

    # 3. the verified tests in the copy's suite
    files = set()
    for t in verified.values():
        rel = os.path.relpath(t["file"], tests)
        dst = os.path.join(proj, "src/test/java", rel)
        if rel not in files:
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy(os.path.join(tests, rel), dst)
            files.add(rel)
    s["test_files"] = sorted(files)
    patch_pom(os.path.join(proj, "pom.xml"))
    rc, wall, cpu = mvn(proj, ["test"], os.path.join(out, "test.log"), env)
    n, fail, err, skip, gen = suite_results(proj)
    s["suite"] = {"rc": rc, "tests": n, "failures": fail, "errors": err,
                  "skipped": skip, "generated_run": gen,
                  "generated_written": len(verified),
                  "wall_seconds": wall, "cpu_seconds": cpu}
    if rc or fail or err or gen != len(verified):
        json.dump(s, open(os.path.join(out, "summary.json"), "w"), indent=1)
        raise SystemExit("survivor-tests: the suite with the generated tests did not "
                         "pass or did not run them all (%s/test.log)" % out)

    # 4. PIT again, same group
    pkg = pit_real.packages(os.path.join(proj, "src/main/java"))
    rc, wall, cpu = mvn(proj, [
        "test-compile", pit_real.PIT, "-DtargetClasses=%s.*" % pkg,
        "-DtargetTests=%s.*" % pkg, "-Dmutators=" + a.group,
        "-DoutputFormats=XML", "-DtimestampedReports=false",
        "-Dthreads=" + a.threads], os.path.join(out, "pit.log"), env)
    xml = os.path.join(proj, "target/pit-reports/mutations.xml")
    if rc or not os.path.exists(xml):
        json.dump(s, open(os.path.join(out, "summary.json"), "w"), indent=1)
        raise SystemExit("survivor-tests: PIT failed (%s/pit.log)" % out)
    after = os.path.join(out, "after.xml")
    shutil.copy(xml, after)
    am = pit_real.mutants(after)
    ak = killers(after)
    adet = sum(1 for _, d in am.values() if d)
    s["after"] = {"mutants": len(am),
                  "statuses": dict(collections.Counter(x for x, _ in am.values())),
                  "detected": adet,
                  "score": round(100.0 * adet / len(am), 1) if am else None,
                  "pit_wall_seconds": wall, "pit_cpu_seconds": cpu}
    s["same_mutants"] = set(am) == set(bm)
    target = {key_of[i]: i for i in verified}
    newly = [k for k, (st, d) in bm.items() if st in LIVE and k in am and am[k][1]]
    s["survivors_now_killed"] = len(newly)
    s["now_killed_targeted"] = sum(1 for k in newly if k in target)
    s["now_killed_by_own_test"] = sum(
        1 for k in newly if k in target and re.search(
            r"mutant%s_" % target[k], ak.get(k) or ""))
    s["now_killed_not_targeted"] = [
        "%s (killed by %s)" % (k, ak.get(k)) for k in newly if k not in target]
    s["verified_not_killed_by_pit"] = [
        "mutant %s: %s %s" % (i, k, am.get(k, ("absent",))[0])
        for k, i in target.items() if not am.get(k, (None, False))[1]]
    s["resources"] = resources
    json.dump(s, open(os.path.join(out, "summary.json"), "w"), indent=1)
    print(json.dumps(s, indent=1))
    b, f = s["before"], s["after"]
    print("\n%s %s: %d PIT survivors (SURVIVED, NO_COVERAGE), %s killable in subsume's "
          "check, %s tests verified (%s of them with a searched input), %s "
          "unverified, %s without a test" % (
              name, a.group, s["survivors"], s["killable"], s["verified"],
              s["verified_searched"], s["unverified"], s["no_test"]))
    print("suite with the %d verified tests: %d tests, %d failures, %d errors "
          "(%d generated run)" % (len(verified), n, fail, err, gen))
    print("PIT score %.1f%% (%d/%d) -> %.1f%% (%d/%d); %d survivors now killed, "
          "%d of them targeted by a generated test (%d by that test); "
          "%d verified tests whose mutant PIT still reports alive; PIT wall/CPU "
          "%s/%s s after" % (
              b["score"], b["detected"], b["mutants"], f["score"], f["detected"],
              f["mutants"], len(newly), s["now_killed_targeted"],
              s["now_killed_by_own_test"], len(s["verified_not_killed_by_pit"]),
              f["pit_wall_seconds"], f["pit_cpu_seconds"]))
    return 1 if s["verified_not_killed_by_pit"] or not s["same_mutants"] else 0


if __name__ == "__main__":
    sys.exit(main())
