#!/usr/bin/env python3
# pit.t - PIT (pitest 1.30.2, through Maven, JUnit 5) on the sample
# projects of tests/data/pit/, without and with the subsume-pitest filter
# (integrations/pitest/), issue 31.  scripts/pit.sh fetches every Maven
# download once into .deps/m2 (git-ignored; make deps does it) and runs
# offline afterwards; the whole test skips only when mvn is absent.
#
#   - the plugin builds with Maven;
#   - PIT without the plugin: the sample's mutants, the same mutants as
#     the sample's committed mutations-pit-1.30.2.xml (test data for the
#     mutations.xml reader), and together every mutator subsume maps
#     (DEFAULTS, STRONGER and the extended ones of issue 31);
#   - PIT with the plugin, this subsume and the table filter: the run's
#     mutants are the unfiltered run's less exactly those the plugin
#     logged as filtered; no mutant filtered as equivalent was killed in
#     the unfiltered run (an equivalent mutant killed by a test is a
#     bug); each mutant dropped by table has a subsumer tables/ gives,
#     kept in the run, and was killed whenever that subsumer was;
#   - fail open: subsume missing, exiting with an error, writing no XML,
#     running past the plugin's timeout: every mutant kept, a warning
#     per class.
import collections, os, re, shutil, subprocess, time
import xml.etree.ElementTree as ET

from tap import S, done, ok, tmpdir

if shutil.which("mvn") is None or shutil.which("javac") is None:
    print("1..0 # SKIP mvn or javac not installed (make deps installs maven)")
    raise SystemExit(0)

T = tmpdir("pit.")
SUB = os.path.abspath(S)
PIT = "tests/data/pit"
SAMPLES = ["numbers", "objects"]
MP = "org.pitest.mutationtest.engine.gregor.mutators."
# the mutators of DEFAULTS, STRONGER and the extended groups the samples
# configure (their pom.xml), as PIT names them in mutations.xml
MAPPED = [MP + m for m in [
    "ConditionalsBoundaryMutator", "IncrementsMutator", "InvertNegsMutator",
    "MathMutator", "NegateConditionalsMutator", "VoidMethodCallMutator",
    "returns.BooleanTrueReturnValsMutator",
    "returns.BooleanFalseReturnValsMutator",
    "returns.EmptyObjectReturnValsMutator", "returns.NullReturnValsMutator",
    "returns.PrimitiveReturnsMutator",
    "RemoveConditionalMutator_EQUAL_IF", "RemoveConditionalMutator_EQUAL_ELSE",
    "RemoveConditionalMutator_ORDER_IF", "RemoveConditionalMutator_ORDER_ELSE",
    "experimental.SwitchMutator", "InlineConstantMutator",
    "ConstructorCallMutator", "NonVoidMethodCallMutator",
    "experimental.RemoveIncrementsMutator"]]
timings = []
# Maven's JVM and PIT's minions with the client compiler only and the
# serial collector, as tests/bin/java and javac run the JVM in make
# check: the samples' mutants and statuses are the same, and a run of
# PIT takes half the CPU time (33 s -> 17 s on numbers/).  -DargLine is
# PIT's own parameter for the minions' JVM arguments.
JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


def sh(args, what):
    t0 = time.time()
    p = subprocess.run(["sh", "scripts/pit.sh"] + args, capture_output=True,
                       text=True, env=dict(os.environ, MAVEN_OPTS=JVM))
    timings.append("%s %.0f s" % (what, time.time() - t0))
    if p.returncode != 0:
        print("# " + "\n# ".join((p.stdout + p.stderr).splitlines()[-30:]))
    return p.returncode, p.stdout + p.stderr


def mutants(path):
    """key -> (status, detected, line, description) of a mutations.xml"""
    out = {}
    for m in ET.parse(path).getroot().iter("mutation"):
        key = "%s %s%s %s %s" % (
            m.findtext("mutatedClass"), m.findtext("mutatedMethod"),
            m.findtext("methodDescription"), m.findtext("mutator"),
            "[" + ", ".join(i.text for i in m.iter("index")) + "]")
        out[key] = (m.get("status"), m.get("detected") == "true",
                    m.findtext("lineNumber"), m.findtext("description"))
    return out


FILTERED = re.compile(r"subsume-pitest: filtered (\S+ \S+ \S+ \[[0-9, ]*\]) line")
KEEPING = re.compile(r"subsume-pitest: keeping all (\d+) mutants of (\S+): (.*)")


def run(project, *extra):
    rc, log = sh(["run"] + list(extra[:1]) + [project] + list(extra[1:]) +
                 ["-DargLine=" + JVM],
                 os.path.basename(project) + (" with plugin" if extra else ""))
    xml = os.path.join(project, "target/pit-reports/mutations.xml")
    if rc != 0 or not os.path.exists(xml):
        return None, log
    return mutants(xml), log


def cls(key):
    return key.split(" ")[0]


rc, log = sh(["fetch"], "fetch")
if not ok(rc == 0, "PIT 1.30.2 and the JUnit 5 plugin fetched into .deps/m2 (checksums checked)"):
    done()
rc, log = sh(["plugin"], "plugin build")
ok(rc == 0, "the plugin (integrations/pitest) builds and installs into .deps/m2")

# does this subsume read and write PIT's mutations.xml?
probe = os.path.join(T, "probe.xml")
shutil.copy(os.path.join(PIT, "objects/mutations-pit-1.30.2.xml"), probe)
reads_pit = subprocess.run(
    [SUB, "check", "--no-progress", "--source",
     os.path.join(PIT, "objects/src/main/java"), "--format", "pit", probe],
    capture_output=True).returncode in (0, 1)

seen = set()
base = {}
for s in SAMPLES:
    proj = os.path.join(T, s)
    shutil.copytree(os.path.join(PIT, s), proj,
                    ignore=shutil.ignore_patterns("target"))
    ms, log = run(proj)
    if not ok(ms is not None and len(ms) > 0, "%s: PIT runs (%d mutants)" % (s, len(ms or {}))):
        continue
    base[s] = ms
    seen |= {k.split(" ")[2] for k in ms}
    committed = mutants(os.path.join(PIT, s, "mutations-pit-1.30.2.xml"))
    ok({k: v[2:] for k, v in ms.items()} == {k: v[2:] for k, v in committed.items()},
       "%s: the committed mutations-pit-1.30.2.xml has the mutants PIT makes now" % s)
    ok(any(v[1] for v in ms.values()) and any(v[0] == "SURVIVED" for v in ms.values()),
       "%s: killed and surviving mutants" % s)
missing = [m[len(MP):] for m in MAPPED if m not in seen]
ok(not missing, "the samples have mutants of every mapped mutator%s" %
   (" (none of %s)" % ", ".join(missing) if missing else ""))

# with the plugin, this subsume and its table filter
# (subsume.tables=true): the equivalence filter drops a mutant subsume
# proves equivalent; the table filter then drops a mutant of a
# conditional jump when tables/subsume_tables.c (java-ror) says another
# mutant of the same jump that the run keeps subsumes it.  (The table
# filter is off by default: the fail-open runs below keep every mutant
# without it.)
TABLED = re.compile(r"subsume-pitest: filtered (\S+ \S+ \S+ \[[0-9, ]*\]) line \d+ "
                    r"\(.*?\): redundant by table \(java-ror, `(a \S+ b) over (\w+)`\): "
                    r"`([^`]*)` is (?:subsumed by|a duplicate of) `([^`]*)`, PIT's (\w+) "
                    r"\[([0-9, ]*)\] of the same jump, kept")


def table_rows():
    """(relation, type) -> {mutant relation: (verdict, its subsumer's)}
    of java-ror in tables/subsume_tables.c, read here on its own"""
    out, cur, ids = {}, None, {}
    for l in open("tables/subsume_tables.c"):
        h = re.match(r"/\* java-ror: (a \S+ b) \(a \S+ b\), domain (\w+) \*/", l)
        if h:
            cur, ids = out.setdefault((h.group(1), h.group(2)), {}), {}
            continue
        r = re.match(r"\s*\{ (\d+), \"ROR\", \"[^\"]*\", \"([^\"]*)\", SUBSUME_(\w+), (\d+) \},", l)
        if cur is not None and r:
            ids[int(r.group(1))] = r.group(2)
            cur[r.group(2)] = (r.group(3), int(r.group(4)))
        elif l.startswith("};") and cur is not None:
            for k, (v, by) in list(cur.items()):
                cur[k] = (v, ids.get(by))
            cur = None
    return out


TAB = table_rows()
total_filtered = total_tabled = 0
for s in SAMPLES:
    if s not in base:
        continue
    proj = os.path.join(T, s)
    ms, log = run(proj, "--plugin", "-Dsubsume.path=" + SUB, "-Dsubsume.tables=true")
    if not ok(ms is not None, "%s: PIT runs with the plugin and its table filter" % s):
        continue
    b = base[s]
    filtered = FILTERED.findall(log)
    tabled = TABLED.findall(log)
    proven = [k for k in filtered if k not in {t[0] for t in tabled}]
    total_filtered += len(proven)
    total_tabled += len(tabled)
    warned = KEEPING.findall(log)
    ok(len(set(filtered)) == len(filtered) and set(filtered) <= set(b),
       "%s: the plugin logged %d filtered mutants (%d proven equivalent, %d redundant by "
       "table), each once, each one of the unfiltered run's" % (s, len(filtered), len(proven),
                                                                len(tabled)))
    ok(set(ms) == set(b) - set(filtered) and len(ms) == len(b) - len(filtered),
       "%s: the filtered run has %d mutants: the unfiltered run's %d less exactly those logged"
       % (s, len(ms), len(b)))
    killed = [k for k in proven if k in b and b[k][1]]
    ok(not killed, "%s: no mutant filtered as equivalent was killed in the unfiltered run%s"
       % (s, "".join("\n#   killed: " + k for k in killed)))
    if reads_pit:
        ok(not warned, "%s: subsume judged every class (no fail-open warning)%s"
           % (s, "".join("\n#   " + " ".join(w) for w in warned)))
    else:
        ok(len(warned) == len({cls(k) for k in b}) and not proven,
           "%s: this subsume reads no mutations.xml: every class kept with a warning" % s)
    bad = []
    for key, rel, ty, mrel, srel, smut, sidx in tabled:
        cls_, meth, mut, idx = key.split(" ", 3)
        other = [k for k in ms if k.startswith("%s %s " % (cls_, meth))
                 and k.split(" ")[2].endswith("." + smut) and k.endswith("[%s]" % sidx)]
        row = TAB.get((rel, ty), {}).get(mrel)
        chain, cur = [], row
        while cur and cur[0] in ("SUBSUMED", "DUPLICATE") and cur[1] and len(chain) < 8:
            chain.append(cur[1])
            cur = TAB[(rel, ty)].get(cur[1])
        if "[%s]" % sidx != idx:
            bad.append("%s: its subsumer is of another jump [%s]" % (key, sidx))
        elif len(other) != 1:
            bad.append("%s: its subsumer %s %s is not in the filtered run" % (key, smut, sidx))
        elif srel not in chain:
            bad.append("%s: tables/ has no `%s` subsuming `%s` of `%s` over %s"
                       % (key, srel, mrel, rel, ty))
        elif b[other[0]][1] and not b[key][1]:
            bad.append("%s: survived the unfiltered run, its subsumer %s was killed"
                       % (key, other[0]))
    ok(not bad, "%s: each mutant filtered by table names a subsumer of the same jump "
       "that tables/subsume_tables.c gives, kept in the run, and was killed in the "
       "unfiltered run whenever that subsumer was%s" % (s, "".join("\n#   " + x for x in bad)))
    # the table's fact, read from tables/: on an ordering jump the
    # negation is subsumed by the boundary mutant, so where the run
    # keeps a jump's boundary mutant its negation is filtered
    jumps = collections.defaultdict(dict)
    for k in b:
        c_, m_, mu, ix = k.split(" ", 3)
        jumps[(c_, m_, ix)][mu.rsplit(".", 1)[-1]] = k
    neg_by_bound = all(TAB[(r_, t_)]["a %s b" % n_][1] == "a %s b" % bd_
                       for (r_, t_) in TAB if r_[2:-2] in ("<", "<=", ">", ">=")
                       for n_, bd_ in [({"<": (">=", "<="), "<=": (">", "<"), ">": ("<=", ">="),
                                         ">=": ("<", ">")}[r_[2:-2]])])
    missed = [j["NegateConditionalsMutator"] for j in jumps.values()
              if "NegateConditionalsMutator" in j and "ConditionalsBoundaryMutator" in j
              and j["ConditionalsBoundaryMutator"] in ms
              and j["NegateConditionalsMutator"] not in filtered]
    ok(neg_by_bound and not missed,
       "%s: tables/ subsumes an ordering's negation by its boundary mutant, and every "
       "jump whose boundary mutant is kept has its negation filtered%s"
       % (s, "".join("\n#   not filtered: " + x for x in missed)))
if reads_pit:
    ok(total_filtered > 0, "the plugin filtered %d mutants proven equivalent" % total_filtered)
else:
    ok(True, "the plugin filtered mutants # skip this subsume has no --format pit"
       " (the mutations.xml reader): nothing is proven")
ok(total_tabled > 0, "the table filter dropped %d mutants" % total_tabled)

# fail open: one fake subsume per failure, chosen by the class it is sent
if "objects" in base:
    fake = os.path.join(T, "fake-subsume")
    with open(fake, "w") as f:
        f.write("""#!/bin/sh
for a; do in=$a; done
case $(cat "$in") in
*sample.objects.Names*) echo "subsume: internal error" >&2; exit 4 ;;
*sample.objects.Account*) echo "not xml at all"; exit 0 ;;
*) exec sleep 60 ;;
esac
""")
    os.chmod(fake, 0o755)
    proj = os.path.join(T, "objects")
    b = base["objects"]
    ms, log = run(proj, "--plugin", "-Dsubsume.path=" + fake, "-Dsubsume.timeout=3")
    warned = {w[1]: w for w in KEEPING.findall(log)}
    classes = {cls(k) for k in b}
    ok(ms is not None and set(ms) == set(b) and not FILTERED.findall(log),
       "fail open: subsume erring, writing no XML, running too long: all %d mutants kept" % len(b))
    ok(set(warned) == classes and all(int(w[0]) == sum(1 for k in b if cls(k) == c)
                                      for c, w in warned.items()),
       "fail open: one warning per class (%d), with its number of mutants" % len(classes))
    why = " | ".join(warned.get(c, ("", "", "?"))[2] for c in sorted(classes))
    ok("status 4: subsume: internal error" in why and "unreadable output" in why
       and "took over 3 s" in why,
       "fail open: each warning says why, and the slow one is stopped (%s)" % why)
    shapes = {k: v for k, v in b.items() if cls(k).startswith("sample.objects.Shapes")}
    ms, log = run(proj, "--plugin", "-Dsubsume.path=" + os.path.join(T, "no-such-subsume"),
                  "-Dpit.targetClasses=sample.objects.Shapes*")
    warned = KEEPING.findall(log)
    ok(ms is not None and set(ms) == set(shapes) and len(shapes) > 0
       and len(warned) == len({cls(k) for k in shapes})
       and all("cannot run" in w[2] for w in warned),
       "fail open: subsume missing: all %d mutants of Shapes kept, a warning per class" % len(shapes))

print("# wall time: " + ", ".join(timings))
done()
