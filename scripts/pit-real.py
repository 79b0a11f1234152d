#!/usr/bin/env python3
"""pit-real.py: PIT (pitest-maven 1.30.2, pinned in scripts/pit.sh) on a
real Maven project with its own test suite, and subsume reading the
mutations.xml PIT wrote (issue 31's closing measure).

    python3 scripts/pit-real.py [--group DEFAULTS|STRONGER]
        [--filter none|equivalent|tables] [--base DIR] [--out DIR] PROJECT

PROJECT is a folder with a pom.xml and src/main/java, or its name under
$REAL_DIR (e.g. REAL_DIR=.../real ... commons-cli-1.4).  The project is
copied to OUT/NAME-GROUP-FILTER/project (the original is not touched),
compiled for Java 8 (the releases' 1.5 and 1.6 are too old for a Java 17
javac) and run through PIT with the mutator group, 2 threads, every
Maven download in the repository's git-ignored .deps/m2.  With
--filter the copy's pom.xml gets the subsume-pitest plugin (built by
scripts/pit.sh plugin) on PIT's classpath: `equivalent` its default
filter, `tables` that and the table filter (subsume.tables=true).

Then `subsume check --source PROJECT/src/main/java mutations.xml` (json
and text) and a summary (summary.json, and printed): PIT's mutants, their
statuses and score, the wall time of PIT's run, how subsume placed the
mutants (placed, ambiguous, unsupported with a byte-code reason, not
placed), its verdicts, and with a filter the mutants the plugin logged as
filtered.  --base DIR (the unfiltered run's OUT folder) checks that no
filtered mutant was killed there and that the filtered run has exactly
the base run's mutants less the filtered ones (and, for the table
filter, that a dropped mutant was killed whenever its subsumer was).

    python3 scripts/pit-real.py --check-only [--group G] [--filter F] PROJECT
        subsume again on a run's mutations.xml (after a change to it)
    python3 scripts/pit-real.py --table [--out DIR]
        the summaries under DIR as one Markdown table

A release folder without src/main/resources (the shared data keeps the
Java sources only) gets the resources of the release's jar from Maven
Central: commons-codec's tests read its phonetic rules.
"""
import argparse, collections, json, os, re, resource, shutil, subprocess, sys, time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
M2 = os.path.join(ROOT, ".deps", "m2")
PIT = "org.pitest:pitest-maven:1.30.2:mutationCoverage"
PLUGIN = """
      <plugin>
        <groupId>org.pitest</groupId>
        <artifactId>pitest-maven</artifactId>
        <version>1.30.2</version>
        <dependencies>
          <dependency>
            <groupId>org.subsume</groupId>
            <artifactId>subsume-pitest</artifactId>
            <version>0.1.0</version>
          </dependency>
        </dependencies>
      </plugin>
"""
FILTERED = re.compile(r"subsume-pitest: filtered (\S+ \S+ \S+ \[[0-9, ]*\]) line \d+ "
                      r"\(.*\): (\w+)")
TABLED = re.compile(r"subsume-pitest: filtered (\S+ \S+ \S+ \[[0-9, ]*\]) line \d+ "
                    r"\(.*?\): redundant by table .* PIT's (\w+) \[([0-9, ]*)\] "
                    r"of the same jump, kept")
KEEPING = re.compile(r"subsume-pitest: keeping all (\d+) mutants of (\S+): (.*)")


def packages(src):
    """The shortest package holding Java files under src (PIT's target)."""
    best = None
    for d, _, fs in os.walk(src):
        if any(f.endswith(".java") for f in fs):
            rel = os.path.relpath(d, src).replace(os.sep, ".")
            if best is None or len(rel) < len(best):
                best = rel
    return best


def add_plugin(pom):
    """The pitest-maven plugin with subsume-pitest, in <build><plugins>
    (not in pluginManagement) of the copy's pom.xml."""
    text = open(pom, encoding="utf-8").read()
    b = text.index("<build>")
    pm = [(m.start(), m.end()) for m in re.finditer(
        r"<pluginManagement>.*?</pluginManagement>", text, re.S)]
    for m in re.finditer(r"<plugins>", text[b:]):
        at = b + m.end()
        if not any(s <= at < e for s, e in pm):
            break
    else:
        raise SystemExit("pit-real: no <build><plugins> in " + pom)
    open(pom, "w", encoding="utf-8").write(text[:at] + PLUGIN + text[at:])


def mutants(path):
    """key -> (status, detected) of a mutations.xml, in PIT's key
    (the plugin's: class method+descriptor mutator [indexes])"""
    out = collections.OrderedDict()
    for m in ET.parse(path).getroot().iter("mutation"):
        key = "%s %s%s %s %s" % (
            m.findtext("mutatedClass"), m.findtext("mutatedMethod"),
            m.findtext("methodDescription"), m.findtext("mutator"),
            "[" + ", ".join(i.text for i in m.iter("index")) + "]")
        out[key] = (m.get("status"), m.get("detected") == "true")
    return out


def placement(m):
    """How subsume placed one of PIT's mutants (its JSON record)."""
    d = m.get("detail") or ""
    if m["verdict"] == "ambiguous":
        return "ambiguous"
    if m["level"] != "log only":
        return "placed"
    if not d.startswith("PIT's"):
        return "placed, not judged"
    if "no line number" in d or "jump table" in d:
        return "unsupported (byte code only)"
    if "not in configs/pit-mutators.yaml" in d:
        return "unsupported (mutator not mapped)"
    if ("not placed yet" in d or "opaque calls" in d
            or "not what configs/pit-mutators.yaml gives" in d):
        return "unsupported (mutator not mapped)"
    return "not placed"


def check(s, out, proj, sub):
    """subsume on PIT's mutations.xml at the expression level (json and
    text), its placement and verdicts into summary s"""
    xml = os.path.join(out, "mutations.xml")
    main_src = os.path.join(proj, "src/main/java")
    t0 = time.time()
    for fmt, f in (("json", "check.json"), ("text", "check.txt")):
        with open(os.path.join(out, f), "w") as o:
            subprocess.run([sub, "check", "--no-progress", "--format", fmt,
                            "--source", main_src, xml], stdout=o,
                           stderr=subprocess.DEVNULL)
    s["check_wall_seconds"] = round((time.time() - t0) / 2, 1)
    rep = json.load(open(os.path.join(out, "check.json")))["mutants"]
    s["placement"] = dict(collections.Counter(placement(r) for r in rep))
    ok = s["placement"].get("placed", 0) + s["placement"].get(
        "placed, not judged", 0) + s["placement"].get("ambiguous", 0)
    s["placed_or_ambiguous_pct"] = round(100.0 * ok / len(rep), 1) if rep else None
    s["verdicts"] = dict(collections.Counter(r["verdict"] for r in rep))
    s["not_placed_by_mutator"] = dict(collections.Counter(
        r["operator"] for r in rep if placement(r) == "not placed"))


def release_resources(proj, env):
    """The release jar's resources (not classes) into the copy's
    src/main/resources when it has none: a release's source folder in
    the shared data may hold src/main/java only, while its tests read
    resources (commons-codec's phonetic rules).  The jar comes from
    Maven Central through mvn (dependency:get), into .deps/m2."""
    res = os.path.join(proj, "src/main/resources")
    if os.path.isdir(res):
        return None
    pom = open(os.path.join(proj, "pom.xml"), encoding="utf-8").read()
    pom = re.sub(r"<parent>.*?</parent>", "", pom, count=1, flags=re.S)
    g, a_, v = (re.search(r"<%s>([^<]+)</%s>" % (t, t), pom).group(1)
                for t in ("groupId", "artifactId", "version"))
    gav = "%s:%s:%s" % (g, a_, v)
    subprocess.run(["mvn", "-B", "-q", "-Dmaven.repo.local=" + M2,
                    "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get",
                    "-Dartifact=" + gav, "-Dtransitive=false"],
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    jar = os.path.join(M2, g.replace(".", "/"), a_, v, "%s-%s.jar" % (a_, v))
    if not os.path.exists(jar):
        return None
    import zipfile
    n = 0
    with zipfile.ZipFile(jar) as z:
        for e in z.namelist():
            if e.endswith("/") or e.endswith(".class") or e.startswith("META-INF/"):
                continue
            z.extract(e, res)
            n += 1
    if not n:
        os.rmdir(res) if os.path.isdir(res) else None
        return None
    return "%d resource files from the release jar %s" % (n, gav)


def table(out):
    """The summaries under out as one Markdown table (the README's)."""
    rows = []
    for d in sorted(os.listdir(out)):
        f = os.path.join(out, d, "summary.json")
        if os.path.isfile(f):
            rows.append(json.load(open(f)))
    order = {"none": 0, "equivalent": 1, "tables": 2}
    rows.sort(key=lambda s: (s["project"], s["group"], order[s["filter"]]))
    print("| project | group | filter | PIT's mutants | run | score | "
          "PIT wall / CPU s | equivalent | redundant by table | "
          "placed or ambiguous |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for s in rows:
        f = s.get("filtered") or {}
        base = None
        for b in rows:
            if (b["project"], b["group"], b["filter"]) == (s["project"], s["group"], "none"):
                base = b
        n = base["pit_mutants"] if base else s["pit_mutants"]
        print("| %s | %s | %s | %d | %d | %.1f%% | %s / %s | %s | %s | %s%% |" % (
            s["project"], s["group"], s["filter"], n, s["pit_mutants"],
            s["pit_score"], s["pit_wall_seconds"], s.get("pit_cpu_seconds", "—"),
            f.get("equivalent", 0) if s["filter"] != "none" else "",
            f.get("redundant", 0) if s["filter"] == "tables" else "",
            s["placed_or_ambiguous_pct"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("project", nargs="?")
    ap.add_argument("--group", default="DEFAULTS")
    ap.add_argument("--filter", default="none",
                    choices=["none", "equivalent", "tables"])
    ap.add_argument("--base")
    ap.add_argument("--out", default=os.path.join(
        os.environ.get("TMPDIR", "/tmp"), "pit-real"))
    ap.add_argument("--subsume", default=os.path.join(ROOT, "subsume"))
    ap.add_argument("--threads", default="2")
    ap.add_argument("--check-only", action="store_true",
                    help="no PIT run: subsume on the run's mutations.xml "
                    "again (after a change to subsume), summary.json updated")
    ap.add_argument("--table", action="store_true",
                    help="print the summaries under --out as a table")
    a = ap.parse_args()
    if a.table:
        table(a.out)
        return 0
    src = a.project
    if not os.path.isfile(os.path.join(src, "pom.xml")):
        src = os.path.join(os.environ.get("REAL_DIR", ""), a.project)
    if not os.path.isfile(os.path.join(src, "pom.xml")):
        raise SystemExit("pit-real: no pom.xml in %s (give a folder, or "
                         "REAL_DIR=...)" % a.project)
    name = os.path.basename(os.path.normpath(src))
    out = os.path.join(a.out, "%s-%s-%s" % (name, a.group, a.filter))
    proj = os.path.join(out, "project")
    sub = os.path.abspath(a.subsume)
    if a.check_only:
        s = json.load(open(os.path.join(out, "summary.json")))
        check(s, out, proj, sub)
        json.dump(s, open(os.path.join(out, "summary.json"), "w"), indent=1)
        print(json.dumps(s, indent=1))
        return 0
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(src, proj, ignore=shutil.ignore_patterns("target"))
    if a.filter != "none":
        if subprocess.run(["sh", os.path.join(ROOT, "scripts/pit.sh"),
                           "plugin"]).returncode:
            raise SystemExit("pit-real: building the plugin failed")
        add_plugin(os.path.join(proj, "pom.xml"))
    # the suites read UTF-8 files with the platform's charset
    env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
    resources = release_resources(proj, env)
    pkg = packages(os.path.join(proj, "src/main/java"))
    cmd = ["mvn", "-B", "-Dstyle.color=never", "-Dmaven.repo.local=" + M2,
           "-Dmaven.compiler.source=1.8", "-Dmaven.compiler.target=1.8",
           "-Drat.skip", "-Danimal.sniffer.skip", "-f",
           os.path.join(proj, "pom.xml"), "test-compile", PIT,
           "-DtargetClasses=%s.*" % pkg, "-DtargetTests=%s.*" % pkg,
           "-Dmutators=" + a.group, "-DoutputFormats=XML",
           "-DtimestampedReports=false", "-Dthreads=" + a.threads]
    if a.filter != "none":
        cmd += ["-Dsubsume.path=" + sub]
    if a.filter == "tables":
        cmd += ["-Dsubsume.tables=true"]
    t0 = time.time()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(os.path.join(out, "pit.log"), "w") as log:
        rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT,
                            env=env).returncode
    wall = time.time() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    # Maven, PIT's minions and subsume (each waited for by its parent):
    # on a machine shared with other work, a fairer measure than wall
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    log = open(os.path.join(out, "pit.log"), encoding="utf-8",
               errors="replace").read()
    xml = os.path.join(proj, "target/pit-reports/mutations.xml")
    if rc or not os.path.exists(xml):
        print("\n".join(log.splitlines()[-30:]))
        raise SystemExit("pit-real: PIT failed (%s/pit.log)" % out)
    shutil.copy(xml, os.path.join(out, "mutations.xml"))
    ms = mutants(xml)
    st = collections.Counter(s for s, _ in ms.values())
    det = sum(1 for _, d in ms.values() if d)
    s = {"project": name, "group": a.group, "filter": a.filter,
         "resources": resources,
         "pit_wall_seconds": round(wall), "pit_cpu_seconds": round(cpu),
         "pit_mutants": len(ms),
         "pit_statuses": dict(st), "pit_detected": det,
         "pit_score": round(100.0 * det / len(ms), 1) if ms else None}
    m = re.search(r"Total\s*:\s*(.*)", log)
    s["pit_total_time"] = m.group(1).strip() if m else None
    check(s, out, proj, sub)
    if a.filter != "none":
        filt = FILTERED.findall(log)
        s["filtered"] = dict(collections.Counter(why for _, why in filt))
        s["fail_open_warnings"] = len(KEEPING.findall(log))
        if a.base:
            base = mutants(os.path.join(a.base, "mutations.xml"))
            keys = [k for k, _ in filt]
            # an equivalent mutant killed is a bug; one redundant by
            # table may be killed, but must be whenever its subsumer is
            killed = [k for k, why in filt if why == "equivalent"
                      and k in base and base[k][1]]
            s["filtered_killed_in_base"] = killed
            bad = []
            for key, smut, sidx in TABLED.findall(log):
                c, m = key.split(" ")[:2]
                subs = [k for k in base if k.startswith("%s %s " % (c, m))
                        and k.split(" ")[2].endswith("." + smut)
                        and k.endswith("[%s]" % sidx)]
                if len(subs) != 1 or subs[0] not in ms:
                    bad.append(key + ": its subsumer is not in the run")
                elif base[subs[0]][1] and not base[key][1]:
                    bad.append(key + ": survived, its subsumer was killed")
            s["table_filtered_killed_in_base"] = sum(
                1 for k, _, _ in TABLED.findall(log) if base[k][1])
            s["table_filtered_against_subsumer"] = bad
            s["same_mutants_as_base_less_filtered"] = (
                set(ms) == set(base) - set(keys))
            bdet = sum(1 for _, d in base.values() if d)
            s["base_score"] = round(100.0 * bdet / len(base), 1)
    json.dump(s, open(os.path.join(out, "summary.json"), "w"), indent=1)
    print(json.dumps(s, indent=1))
    return 1 if (s.get("filtered_killed_in_base")
                 or s.get("table_filtered_against_subsumer")) else 0


if __name__ == "__main__":
    sys.exit(main())
