"""method_table.py - the method-level tests of `subsume check --method`
as data (issue 28), with the JVM that checks every verdict.

A table (tests/data/check-method/*.test, one per tests/check-method-*.t,
so that prove -j runs them side by side) holds runs and the assertions
on their verdicts, one TAP test each, as jq keeps its tests in a data
file:

    run NAME ARGS...        `subsume check --no-timing --format json ARGS`
                            ($LOGS: the shipped Major logs, $D:
                            tests/data/check-method), run when first named
    ok TEST NAME            a test; each line below it must hold:
      exit N                the run exited N with a JSON report
      report                it wrote a JSON report
      count N               it has N verdicts
      some N: CONDS         at least N mutants satisfy CONDS
      IDS: CONDS            each mutant of IDS (7, 2,3,5, 1-13 or *)
                            satisfies CONDS
      @RUN ...              the line is about run RUN (else: the last run
                            defined)
    jvm verify RUN LABEL [mutants DIR] [+RUN2:IDS]
                            every method-level verdict of RUN in the
                            JVM (verify() below; Major's mutated sources
                            from DIR; the verdicts of IDS taken from RUN2)
    jvm exhaustive RUN LABEL [fvals LO..HI]
                            every input of RUN's byte and boolean methods

CONDS is CONJ | CONJ ..., CONJ is COND & COND ..., a COND FIELD OP VALUE
with FIELD verdict, level, detail, by or mutant and OP = != ~ (contains)
!~ re (a regular expression matches) !re in !in (the words that follow).
Values are words or "quoted" (shell quoting); a missing mutant satisfies
nothing.  Nothing expected is computed here: every verdict the tool
gives is checked in the JVM as check-method.t did (see verify()).
"""
import json, os, random, re, shlex, subprocess

from tap import LOGS, S, check_json as check, done, ok, tmpdir
D = "tests/data/check-method"
T = tmpdir("check-method.")


def log_entries(path):
    """id -> (class, method name, parameter types, line, original, mutant)."""
    out = {}
    for l in open(path):
        m = re.match(r"(\d+):\w+:.*?:([\w.$]+)@(\w+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                     l.rstrip("\n"))
        if m:
            out[m.group(1)] = (m.group(2), m.group(3),
                               [t for t in m.group(4).split(",") if t],
                               int(m.group(5)), m.group(6), m.group(7))
    return out


def patched(src, line, orig, mut):
    """The source with the logged replacement applied on its line."""
    lines = src.split("\n")
    l = lines[line - 1]
    assert l.count(orig) == 1, (line, orig)
    lines[line - 1] = l.replace(orig, ";" if mut == "<NO-OP>" else "(%s)" % mut)
    return "\n".join(lines)


def fields_of(src):
    """The int, byte, short and boolean fields: declarations one level
    deep (the subjects indent by four blanks or a tab)."""
    return re.findall(r"^(?:    |\t)(?:(?:public|protected|private|static)\s+)*(int|byte|short|boolean)\s+(\w+)\s*(?:=[^;]*)?;",
                      src, re.M)


PRIMS = ("boolean", "byte", "short", "char", "int", "long")


def lit(t, v):
    if t not in PRIMS:  # a reference: null, this, o1, ...
        return ref_lit(v)
    if t == "boolean":
        return "true" if v in (True, "true") else "false"
    return "(%s) %s" % (t, v) if t in ("byte", "short") else str(v)


def wrap(t, v):
    """v as a value of the Java type t (the grid draws ints)."""
    bits = {"byte": 8, "short": 16}.get(t)
    if bits and not isinstance(v, bool) and not isinstance(v, str):
        v = (v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
    return v


# references of other classes than the method's (lang/mir.h: Other
# references) on the grid: null or one of two objects of their type
OWN = [None]


def grid_value(t, rnd):
    if t not in PRIMS and OWN[0] is not None and t.split(".")[-1] != OWN[0]:
        return rnd.choice(["null", "o11", "o12"])
    if t not in PRIMS:
        return rnd.choice(["null", "this", "o1", "o2"])
    if t == "boolean":
        return rnd.random() < 0.5
    pool = [0, 1, -1, 2, 3, 4, 5, 7, 20, 21, -2147483648, 2147483647]
    return rnd.choice(pool) if rnd.random() < 0.7 else rnd.randint(-300, 300)


KILL = re.compile(r"killed by (\w+)\(([^)]*)\)(?: with field ([^:]*))?: "
                  r"the original (.*?), the mutant")


REF = re.compile(r"^(null|this|o\d+)$")


def ref_lit(v):
    """A reference the tool printed (null, this, o1, ...) in the driver:
    this is the object o under test, oK the K-th other one."""
    return "o" if v == "this" else v


# a killing input with the results of calls (lang/mir.h: Calls), which
# only a stub can give: run by tests/check-method-calls.t
# or with calls in a method that names fields (sem/mir.h: Calls and
# fields: the fields seen at each call, set by the callee)
STUBBED = re.compile(r"killed by \w+\([^)]*\)(?: with field [^:]*)? with \w+\([^)]*\) returning"
                     r"| seeing ")


def kill_input(detail, ptypes, flds):
    """The killing input the tool printed: method, Java arguments, field
    assignments (a heap: `fa=o1, o1.fa=o2, o2.y=3` sets o.fa, o1.fa and
    o2.y), what it says the original does."""
    m = KILL.search(detail)
    ftype = {f: t for t, f in flds}
    vals = [a.split("=", 1)[1] for a in m.group(2).split(", ") if a]
    fs = [f.split("=", 1) for f in (m.group(3) or "").split(", ") if f]
    def val(f, v):
        return ref_lit(v) if REF.match(v) else lit(ftype[f.split(".")[-1]], v)
    return (m.group(1), [ref_lit(v) if REF.match(v) else lit(t, v)
                         for t, v in zip(ptypes, vals)],
            [(f, val(f, v)) for f, v in fs], m.group(4))


# (class, source) -> whether javac refuses the source compiled alone
REFUSED = {}


def prepare(subject, src_dir, log, res, major_mutants):
    """The original classes and one renamed class per mutant judged in its
    method, written to a work directory."""
    srcs = {f[:-5]: open(os.path.join(src_dir, f)).read()
            for f in os.listdir(src_dir) if f.endswith(".java")}
    ents = log_entries(log)
    work = os.path.join(T, subject)
    os.makedirs(work, exist_ok=True)
    files = []
    skipped = []  # sources javac refuses (loops' WhileLoops: while (false))
    for c, text in sorted(srcs.items()):
        open(os.path.join(work, c + ".java"), "w").write(text)
        if (c, text) not in REFUSED:  # the same file: javac's answer again
            REFUSED[(c, text)] = subprocess.run(
                ["javac", "-nowarn", "-d", os.path.join(work, "probe"),
                 os.path.join(work, c + ".java")], capture_output=True).returncode != 0
        if REFUSED[(c, text)]:
            skipped.append(c)
            continue
        files.append(c + ".java")
    for mid, x in sorted(res.items(), key=lambda kv: int(kv[0])):
        if x["level"] != "method":
            continue
        cls, meth, ptypes, line, orig, mut = ents[mid]
        if cls in skipped:
            continue
        if major_mutants:
            msrc = open(os.path.join(major_mutants, mid, cls + ".java")).read()
        else:
            msrc = patched(srcs[cls], line, orig, mut)
        mname = "%s_M%s" % (cls, mid)
        open(os.path.join(work, mname + ".java"), "w").write(
            re.sub(r"\b%s\b" % cls, mname, msrc))
        files.append(mname + ".java")
    return work, srcs, ents, files, skipped


def run_java(subject, work, srcs, files, skipped, dname, cases, ncases):
    """Compile the classes and a driver: static methods cases[k] (Java
    text of a method body each), 1000 to a class (a class's constant pool
    is limited); run them in order: the output lines, or None."""
    parts = []
    for c in range(0, len(cases), 1000):
        name = "%s_%d" % (dname, c // 1000)
        body = ["  static void c%d() {\n%s\n  }" % (k, t)
                for k, t in enumerate(cases[c:c + 1000])]
        body.append("  static void run() {")
        body += ["    c%d();" % k for k in range(len(cases[c:c + 1000]))]
        body.append("  }")
        open(os.path.join(work, name + ".java"), "w").write(
            "class %s {\n%s\n}\n" % (name, "\n".join(body)))
        parts.append(name)
    open(os.path.join(work, dname + ".java"), "w").write(
        "public class %s {\n  public static void main(String[] x) {\n%s\n  }\n}\n"
        % (dname, "\n".join("    %s.run();" % n for n in parts)))
    p = subprocess.run(["javac", "-nowarn", "-d", work] +
                       [os.path.join(work, f) for f in
                        files + [n + ".java" for n in parts + [dname]]],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "%s: javac compiles the original, %d mutants and the driver%s%s"
       % (subject, len(files) - len(srcs) + len(skipped),
          (" (not %s: javac refuses the original)" % ", ".join(skipped)) if skipped else "",
          (": " + p.stdout + p.stderr)[:300] if p.returncode else ""))
    if p.returncode:
        return None
    p = subprocess.run(["java", "-Xshare:auto", "-cp", work, dname], capture_output=True,
                       text=True, timeout=600)
    lines = p.stdout.splitlines()
    ok(len(lines) == ncases, "%s: the JVM ran %d cases" % (subject, ncases))
    return lines


def new_object(cname, t, k):
    """A declaration of the object oK of type t (None or the class's
    own: cname), distinct from every other by identity and equals."""
    raw = re.sub(r"<.*", "", t or "").split(".")[-1]
    if t is None or raw == cname.split("_M")[0]:
        return "%s o%s = new %s();" % (cname, k, cname)
    made = {"String": 'new String("o%s")' % k, "Integer": "new Integer(1000 + %s)" % k,
            "Long": "new Long(1000L + %s)" % k, "Object": "new Object()",
            "List": "new java.util.ArrayList()", "ArrayList": "new java.util.ArrayList()"}
    return "%s o%s = %s;" % (re.sub(r"<.*", "", t), k, made.get(raw, "new %s()" % raw))


def outcome_stmt(cname, meth, args, fs, flds, void, label, ptypes=(), refret=False):
    """Java: run cname.meth(args) with fields fs set; print label and what a
    test sees (return value or the exception's class, then every field);
    ptypes: the parameters' types (objects oK of other classes); refret:
    it returns a reference (one made by the run printed as "new ...")."""
    call = "o.%s(%s)" % (meth, ", ".join(args))
    sets = " ".join(("%s = %s;" if "." in f else "o.%s = %s;")
                    % (ref_lit(f.split(".")[0]) + "." + f.split(".")[1]
                       if "." in f else f, v) for f, v in fs)
    text = " ".join(args) + " " + " ".join(f + " " + v for f, v in fs)
    objs = sorted(set(re.findall(r"\bo(\d+)\b", text)), key=int)
    otype = {}
    for t, a in list(zip(ptypes, args)) + [(dict((f2, t2) for t2, f2 in flds).get(f),
                                            v) for f, v in fs if "." not in f]:
        if re.match(r"^o\d+$", a) and t not in PRIMS:
            otype.setdefault(a[1:], t)
    news = " ".join(new_object(cname, otype.get(k), k) for k in objs)
    # a returned reference by identity: null, this or oK
    named = "".join("r == o%s ? \"o%s\" : " % (k, k) for k in objs)
    # every object's fields: writes through references are seen
    shown = " + \" \" + ".join(["\"\""] + ["o.%s" % f for _, f in flds] +
                               ["o%s.%s" % (k, f) for k in objs for _, f in flds
                                if new_object(cname, otype.get(k), k).startswith(cname)])
    return ("{ %s o = new %s(); %s %s String v; try { %s v = \"returns \" + %s + %s; }"
            " catch (RuntimeException e) { v = \"throws \" + e.getClass().getSimpleName(); }"
            " System.out.println(%s + \" \" + v); }"
            % (cname, cname, news, sets,
               (call + ";") if void else "Object r = " + call + ";",
               "\"normally\"" if void else
               "(r == null ? \"null\" : r == o ? \"this\" : %s%s)"
               % (named, "String.valueOf(r)" if not refret else
                  # an object the run made: its contents, not its identity
                  # hash (which differs between two runs)
                  "\"new \" + (String.valueOf(r).equals(r.getClass().getName() + \"@\" + "
                  "Integer.toHexString(r.hashCode())) ? r.getClass().getName() : "
                  "String.valueOf(r))"),
               shown, label))


def verify(subject, src_dir, log, res, major_mutants=None):
    """Run the JVM on every method-level verdict of res: killing inputs,
    equivalences and the duplicate and subsumption claims, on a grid."""
    work, srcs, ents, files, skipped = prepare(subject, src_dir, log, res, major_mutants)
    cases = []  # (id, kind, class, method, args, fields, info)
    claims = []  # (id, verdict, by)
    rnd = random.Random(15)
    for mid, x in sorted(res.items(), key=lambda kv: int(kv[0])):
        if x["level"] != "method":
            continue
        cls, meth, ptypes, line, orig, mut = ents[mid]
        OWN[0] = cls
        if cls in skipped:
            continue
        flds = fields_of(srcs[cls])
        if STUBBED.search(x["detail"]) or (x["verdict"] in ("duplicate", "subsumed") and
                                           STUBBED.search(res[x["by"]]["detail"])):
            continue  # inputs with call results: tests/check-method-calls.t stubs them
        if x["verdict"] in ("killable", "duplicate", "subsumed"):
            name, args, fs, says = kill_input(x["detail"], ptypes, flds)
            cases.append((mid, "kill", cls, name, args, fs, says))
        elif x["verdict"] == "equivalent":
            for k in range(120):
                args = [lit(t, wrap(t, grid_value(t, rnd))) for t in ptypes]
                fs = [(f, lit(t, wrap(t, grid_value(t, rnd)))) for t, f in flds]
                cases.append((mid, "eq", cls, meth, args, fs, None))
        if x["verdict"] not in ("duplicate", "subsumed"):
            continue
        # the claim on a grid: the two killing inputs, then random ones
        by = x["by"]
        c = len(claims)
        claims.append((mid, x["verdict"], by))
        grid = [kill_input(res[i]["detail"], ptypes, flds)[1:3] for i in (by, mid)]
        grid += [([lit(t, wrap(t, grid_value(t, rnd))) for t in ptypes],
                  [(f, lit(t, wrap(t, grid_value(t, rnd)))) for t, f in flds])
                 for _ in range(60)]
        for k, (args, fs) in enumerate(grid):
            for who in (mid, by):
                cases.append((who, "pt", cls, meth, args, fs, (c, k, who == mid)))
    body = []
    for k, (mid, kind, cls, meth, args, fs, _) in enumerate(cases):
        flds = fields_of(srcs[cls])
        void = re.search(r"void\s+%s\s*\(" % meth, srcs[cls]) is not None
        ptypes = ents[mid][2]
        rt = re.search(r"([\w.<>]+)\s+%s\s*\(" % meth, srcs[cls])
        refret = rt is not None and rt.group(1) not in PRIMS + ("void", "float", "double")
        body.append("\n".join("    " + outcome_stmt(cname, meth, args, fs, flds, void,
                                                      "\"%d %s\"" % (k, side), ptypes,
                                                      refret)
                              for side, cname in (("o", cls), ("m", "%s_M%s" % (cls, mid)))))
    lines = run_java(subject, work, srcs, files, skipped,
                     "Drv_%s" % re.sub(r"\W", "_", subject), body, 2 * len(cases))
    if lines is None:
        return
    out = {}
    for l in lines:
        k, side, v = l.split(" ", 2)
        out[(int(k), side)] = v
    bad_kill = [cases[k][0] for k in range(len(cases)) if cases[k][1] == "kill" and
                (out.get((k, "o")) == out.get((k, "m")) or
                 not out.get((k, "o"), "").startswith(
                     re.sub(r"(-?\d+)L$", r"\1", re.sub(r"new#\d+", "new",
                                                       cases[k][6].split(",")[0]))))]
    nkill = sum(1 for c in cases if c[1] == "kill")
    ok(not bad_kill, "%s: each of the %d method-level killing inputs kills its mutant in "
       "the JVM, the original doing what the tool says%s"
       % (subject, nkill, (" (not: %s)" % bad_kill) if bad_kill else ""))
    bad_eq = sorted({cases[k][0] for k in range(len(cases)) if cases[k][1] == "eq" and
                     out.get((k, "o")) != out.get((k, "m"))})
    neq = len({c[0] for c in cases if c[1] == "eq"})
    ok(not bad_eq, "%s: no grid input tells any of the %d mutants equivalent in their "
       "method from the original in the JVM%s"
       % (subject, neq, (" (do: %s)" % bad_eq) if bad_eq else ""))
    # pt cases: (claim, input, is the claimed mutant) -> (original, mutant)
    pts = {c[6]: (out.get((k, "o")), out.get((k, "m")))
           for k, c in enumerate(cases) if c[1] == "pt"}
    bad, vacuous = [], []
    for c, (mid, verdict, by) in enumerate(claims):
        ks = sorted({k for (cc, k, _) in pts if cc == c})
        killsby = 0
        for k in ks:
            o, mx = pts[(c, k, True)]
            _, mb = pts[(c, k, False)]
            killsby += mb != o
            if (verdict == "duplicate" and mx != mb) or \
               (verdict == "subsumed" and mb != o and mx == o):
                bad.append("%s %s %s on input %d" % (mid, verdict, by, k))
                break
        if not killsby:
            vacuous.append(mid)
    ndup = sum(1 for c in claims if c[1] == "duplicate")
    ok(not bad and not vacuous,
       "%s: the %d duplicate and %d subsumption claims in their method hold in the JVM "
       "on their killing inputs and 60 grid inputs each (the named mutant killed on "
       "some)%s%s" % (subject, ndup, len(claims) - ndup,
                      (" (not: %s)" % bad) if bad else "",
                      (" (vacuous: %s)" % vacuous) if vacuous else ""))
    return claims


def exhaustive(subject, src_dir, log, res, fvals=(-128, -1, 0, 1, 127)):
    """Every input of the byte and boolean parameters (each field: the
    values fvals, or both booleans) in the JVM, on every mutant judged in
    its method: the exact kill sets.  Every duplicate and subsumption
    claim must hold on all of them, and none may be missing: a mutant
    left killable in its method has no other mutant of its method
    killed by a subset of its inputs, unless that one kills exactly the
    same inputs and comes later (the verdict module names the lowest), or
    its note says why no claim was made."""
    work, srcs, ents, files, skipped = prepare(subject, src_dir, log, res, None)
    mids = [m for m in sorted(res, key=int) if res[m]["level"] == "method"]
    body, n = [], 0
    runs = [(None, ents[m][0], ents[m][1], ents[m][2]) for m in mids]
    runs = sorted({(None, c, mt, tuple(pt)) for _, c, mt, pt in runs}) + \
        [(m, ents[m][0], ents[m][1], tuple(ents[m][2])) for m in mids]
    for k, (mid, cls, meth, ptypes) in enumerate(runs):
        flds = fields_of(srcs[cls])
        void = re.search(r"void\s+%s\s*\(" % meth, srcs[cls]) is not None
        loops, args, fs, label = [], [], [], ["\"%s \"" % (mid or "O:" + meth)]
        for i, t in enumerate(ptypes):
            loops.append("for (int p%d = -128; p%d <= 127; p%d++)" % (i, i, i) if t == "byte"
                         else "for (boolean p%d : new boolean[] {false, true})" % i)
            args.append("(byte) p%d" % i if t == "byte" else "p%d" % i)
            label.append("p%d" % i)
        for i, (t, f) in enumerate(flds):
            vals = "false, true" if t == "boolean" else ", ".join(map(str, fvals))
            jt = "boolean" if t == "boolean" else "int"
            loops.append("for (%s f%d : new %s[] {%s})" % (jt, i, jt, vals))
            fs.append((f, "f%d" % i if t in ("boolean", "int") else "(%s) f%d" % (t, i)))
            label.append("f%d" % i)
        cname = cls if mid is None else "%s_M%s" % (cls, mid)
        body.append("    " + " ".join(loops) + " " +
                    outcome_stmt(cname, meth, args, fs, flds, void,
                                 " + \",\" + ".join(label)))
        n += 256 ** sum(t == "byte" for t in ptypes) * 2 ** sum(t == "boolean" for t in ptypes) * \
            len(fvals) ** sum(t != "boolean" for t, _ in flds) * 2 ** sum(t == "boolean" for t, _ in flds)
    lines = run_java(subject, work, srcs, files, skipped, "All_" + subject, body, n)
    if lines is None:
        return
    seen = {}
    for l in lines:
        who, inp, v = l.split(" ", 2)
        seen.setdefault(who, {})[inp] = v
    kills = {m: {i for i, v in seen[m].items() if v != seen["O:" + ents[m][1]][i]}
             for m in mids}
    bad = []
    for m in mids:
        x = res[m]
        if x["verdict"] == "duplicate" and seen[m] != seen[x["by"]]:
            bad.append("%s is no duplicate of %s" % (m, x["by"]))
        if x["verdict"] == "subsumed" and not (kills[x["by"]] and kills[x["by"]] <= kills[m]):
            bad.append("%s is not subsumed by %s" % (m, x["by"]))
        if x["verdict"] == "subsumed" and "kills the same inputs" in x["detail"] and \
                kills[x["by"]] != kills[m]:
            bad.append("%s does not kill the same inputs as %s" % (m, x["by"]))
    missing = []
    for m in mids:
        x = res[m]
        if x["verdict"] != "killable" or "no duplicate or subsumption claim" in x["detail"]:
            continue
        for y in mids:
            if y != m and ents[y][1] == ents[m][1] and res[y]["verdict"] != "equivalent" and \
                    kills[y] <= kills[m] and not (kills[y] == kills[m] and int(y) > int(m)):
                missing.append("%s by %s" % (m, y))
    nclaims = sum(1 for m in mids if res[m]["verdict"] in ("duplicate", "subsumed"))
    ok(not bad, "%s: on every input (%d runs), each of the %d claims in their method holds in "
       "the JVM%s" % (subject, n, nclaims, (" (not: %s)" % bad) if bad else ""))
    ok(not missing, "%s: no duplicate or subsumption claim is missing, or the note says why%s"
       % (subject, (" (missing: %s)" % missing) if missing else ""))


have_java = subprocess.run("command -v javac >/dev/null && command -v java >/dev/null",
                           shell=True).returncode == 0

OPS = {
    "=": lambda a, v: a == v[0],
    "!=": lambda a, v: a != v[0],
    "~": lambda a, v: v[0] in a,
    "!~": lambda a, v: v[0] not in a,
    "re": lambda a, v: re.search(v[0], a) is not None,
    "!re": lambda a, v: re.search(v[0], a) is None,
    "in": lambda a, v: a in v,
    "!in": lambda a, v: a not in v,
}
FIELDS = ("verdict", "level", "detail", "by", "mutant")


def parse_conds(words, where):
    """CONJ | CONJ ...: a list of lists of (field, op, values)."""
    disj, conj, k = [], [], 0
    while k < len(words):
        if len(words) - k < 3 or words[k] not in FIELDS or words[k + 1] not in OPS:
            raise SyntaxError("%s: FIELD OP VALUE expected at %r" % (where, words[k:]))
        f, op = words[k], words[k + 1]
        vals = []
        k += 2
        while k < len(words) and words[k] not in ("&", "|"):
            vals.append(words[k])
            k += 1
        if not vals or (op not in ("in", "!in") and len(vals) != 1):
            raise SyntaxError("%s: %s %s takes %s" % (where, f, op,
                              "values" if op in ("in", "!in") else "one value"))
        conj.append((f, op, vals))
        if k < len(words) and words[k] == "|":
            disj.append(conj)
            conj = []
        k += 1
    disj.append(conj)
    return disj


def holds(disj, x):
    """Whether the mutant x (a verdict of the JSON report, or None)
    satisfies the conditions."""
    if x is None:
        return False
    return any(all(OPS[op](x.get(f) or "", vals) for f, op, vals in conj)
               for conj in disj)


def ids_of(spec, res):
    if spec == "*":
        return sorted(res, key=int)
    out = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += [str(i) for i in range(int(lo), int(hi or lo) + 1)]
    return out


def expand(word):
    return word.replace("$LOGS", LOGS).replace("$D", D)


def parse(path):
    """The table: (runs, items); runs: name -> arguments, items: ("ok",
    name, [(run, line words)]) or ("jvm", words)."""
    runs, items, last = {}, [], None
    for n, line in enumerate(open(path), 1):
        where = "%s:%d" % (path, n)
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if line[0] not in " \t":
            kw, _, rest = s.partition(" ")
            if kw == "run":
                w = shlex.split(rest)
                last = w[0]
                runs[last] = [expand(a) for a in w[1:]]
            elif kw == "ok":
                items.append(("ok", rest, [], where))
            elif kw == "jvm":
                items.append(("jvm", [expand(a) for a in shlex.split(rest)], None, where))
            else:
                raise SyntaxError("%s: run, ok or jvm expected" % where)
            continue
        if not items or items[-1][0] != "ok":
            raise SyntaxError("%s: a condition outside a test" % where)
        w = shlex.split(s)
        run = last
        if w[0].startswith("@"):
            run = w.pop(0)[1:]
        if run not in runs:
            raise SyntaxError("%s: no run %r" % (where, run))
        items[-1][2].append((run, w, where))
    return runs, items


def line_holds(w, rc, d, where):
    """One condition line on a run's exit status rc and report d: the
    result and, when it fails, why."""
    res = {x["id"]: x for x in d["mutants"]} if d else {}
    if w[0] == "exit":
        return rc == int(w[1]) and d is not None, "exit %s%s" % (rc, "" if d else ", no JSON")
    if w[0] == "report":
        return d is not None, "no JSON"
    if w[0] == "count":
        return len(res) == int(w[1]), "%d verdicts" % len(res)
    if w[0] == "some":
        conds = parse_conds(w[2:], where)
        got = [i for i in sorted(res, key=int) if holds(conds, res[i])]
        return len(got) >= int(w[1].rstrip(":")), "only %s" % got
    if not w[0].endswith(":"):
        raise SyntaxError("%s: exit, report, count, some or IDS: expected" % where)
    conds = parse_conds(w[1:], where)
    bad = [i for i in ids_of(w[0][:-1], res) if not holds(conds, res.get(i))]
    return not bad, "; ".join("%s: %s" % (i, json.dumps({f: res[i].get(f) for f in FIELDS})
                                          if i in res else "no such mutant")
                              for i in bad)


def main(table):
    """Run the table tests/data/check-method/TABLE.test: its tests in
    order, the JVM ones when javac and java are there."""
    runs, items = parse(os.path.join(D, table + ".test"))
    got = {}

    def result(name):
        if name not in got:
            got[name] = check(runs[name])
        return got[name]
    jvm = [it for it in items if it[0] == "jvm"]
    if jvm and not have_java:
        ok(False, "javac and java are installed (scripts/deps.sh)")
    for kind, name, lines, where in items:
        if kind == "ok":
            why = []
            for run, w, at in lines:
                rc, d = result(run)
                good, text = line_holds(w, rc, d, at)
                if not good:
                    why.append("%s: %s: %s" % (at, " ".join(w), text))
            if ok(not why, name):
                continue
            for text in why:
                print("# " + text[:1000])
            continue
        if not have_java:
            continue
        what, run, label = name[0], name[1], name[2]
        rest = name[3:]
        d = result(run)[1]
        if d is None:
            ok(False, "%s: %s: the run %s gave a report" % (where, label, run))
            continue
        res = {x["id"]: x for x in d["mutants"]}
        if what == "exhaustive":
            fvals = (-128, -1, 0, 1, 127)
            if rest[:1] == ["fvals"]:
                lo, hi = rest[1].split("..")
                fvals = range(int(lo), int(hi) + 1)
            exhaustive(label, runs[run][runs[run].index("--source") + 1],
                       runs[run][-1], res, fvals)
            continue
        mutants = None
        for k, a in enumerate(rest):
            if a == "mutants":
                mutants = rest[k + 1]
            elif a.startswith("+"):  # verdicts taken from another run
                other, ids = a[1:].split(":")
                o = {x["id"]: x for x in result(other)[1]["mutants"]}
                res = dict(res)
                for i in ids.split(","):
                    res[i] = o[i]
        verify(label, runs[run][runs[run].index("--source") + 1], runs[run][-1],
               res, mutants)
    done()
