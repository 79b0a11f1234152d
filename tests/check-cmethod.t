#!/usr/bin/env python3
# check-cmethod.t - C sites judged in their function (`subsume check
# --method` on a YAML batch whose C sites name source, function and
# line; lang/csrc.h, check/cmethod.c; issue 15).
#
# tests/data/check-cmethod/fun.c and batch.yaml: a comparison whose
# change the function hides (max), a dead store to a local, a guard that
# makes a mutant equivalent, a loop whose mutants differ only after 20
# iterations, mutants that introduce undefined behaviour (or do not,
# behind a guard), globals written by a void function, short arithmetic,
# a call (not modelled: the mutant keeps its expression-level
# verdict with the reason), and old-style definitions (a parameter the
# declaration list leaves out is an int).  Nothing expected is written in: every
# method-level verdict is checked against the real compilers.  The
# original file and each mutated one (the mutant's text spliced in at
# the site's line) are compiled by gcc and by clang with
# -fsanitize=undefined -fno-sanitize-recover=all with a driver that runs
# each input in a forked child ("U" when the sanitizer stops it, UB
# being what either compiler reports), and
#   - every printed killing input (arguments and globals, as the tool
#     printed them) must give the original and the mutant different
#     outcomes, the original's being the one the tool describes;
#   - every mutant called equivalent in its function must give the
#     original's outcome on a grid of boundary and random inputs (and on
#     every input, for an unsigned char parameter);
#   - a mutant whose note says "equivalent up to 8 loop iterations" must
#     be killable by some input (it is never called equivalent), and
#     with --unroll 30 it is killed at method level, its input verified.
# And the rules: the method level proves more equivalences than the
# expression level on this batch; without --method no method-level
# text; the keys are checked (C only, all three, a line number).
import json, os, random, re, subprocess, sys, tempfile

from tap import CBuilds, S, done, ok, stop

D = "tests/data/check-cmethod"
SRC = D + "/fun.c"
BATCH = D + "/batch.yaml"
T = tempfile.mkdtemp(prefix="check-cmethod.")
CTYPES = {"int": 32, "short": 16, "unsigned char": 8, "unsigned": 32,
          "long": 64, "signed char": 8, "char": 8}


def run(args):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True)
    try:
        return p.returncode, json.loads(p.stdout)["mutants"], p.stderr
    except (ValueError, KeyError):
        return p.returncode, None, p.stderr


def signatures(text):
    """function -> (return type, [(type, name)]); the globals [(type, name)]."""
    funcs, globs = {}, []
    for m in re.finditer(r"^(\w+(?: \w+)?) (\w+)\(([^)]*)\)\n\{", text, re.M):
        ps = [tuple(p.strip().rsplit(" ", 1)) for p in m.group(3).split(",")
              if p.strip() and p.strip() != "void"]
        funcs[m.group(2)] = (m.group(1), ps)
    # old-style definitions: `int f(a, b)\nshort b;\n{`, a undeclared int
    # (their declaration lists are no globals)
    lists = []
    for m in re.finditer(r"^(\w+(?: \w+)?) (\w+)\(([\w, ]+)\)\n"
                         r"((?:(?:register )?\w+(?: \w+)? \w+;\n)+)\{",
                         text, re.M):
        decl = {d.rsplit(" ", 1)[1]: d.rsplit(" ", 1)[0].replace("register ", "")
                for d in m.group(4).replace(";", "").strip().split("\n")}
        funcs[m.group(2)] = (m.group(1), [(decl.get(p.strip(), "int"), p.strip())
                                          for p in m.group(3).split(",")])
        lists.append(m.span(4))
    for m in re.finditer(r"^(int|long|unsigned|short) (\w+);", text, re.M):
        if any(a <= m.start() < b for a, b in lists):
            continue
        globs.append((m.group(1), m.group(2)))
    return funcs, globs


def sites(path):
    """site name -> (function, line, original) from the batch."""
    out, cur = {}, None
    for l in open(path):
        m = re.match(r"\s*- name: ([\w-]+)", l)
        if m:
            cur = m.group(1)
            out[cur] = {}
        m = re.match(r"\s*(function|line|expr): (.*)", l)
        if m and cur:
            v = m.group(2).strip().strip('"')
            out[cur][m.group(1)] = int(v) if m.group(1) == "line" else v
    return out


text = open(SRC).read()
FUNCS, GLOBS = signatures(text)
SITES = sites(BATCH)
# the callees' numbers (what each records first) and the functions with
# a local declared without an initializer (MemorySanitizer sees their
# reads; UBSan does not)
TRACE = "static int tr[" in text
CALLEES = dict(re.findall(r"^void (\w+)\([^)]*\)\n\{\n\tif \(ntr < 60\) "
                          r"\{\n\t\ttr\[ntr\+\+\] = (\d+);", text, re.M))
UNINIT = {m.group(1) for m in re.finditer(
    r"^\w+(?: \w+)? (\w+)\([^)]*\)\n\{\n((?:\t.*\n|\n)*?)\}", text, re.M)
    if re.search(r"^\t(int|unsigned|long|short) \w+(, \w+)*;$", m.group(2), re.M)}


def mutated(site, mutant):
    """fun.c with the mutant spliced in at the site's line."""
    s = SITES[site]
    lines = text.split("\n")
    i = s["line"] - 1
    orig = s["expr"]
    if mutant == "<NO-OP>":
        assert orig.endswith(";") and orig in lines[i]
        lines[i] = lines[i].replace(orig, ";", 1)
    else:
        o = orig.rstrip(";")
        assert o in lines[i], (site, o)
        lines[i] = lines[i].replace(o, "(" + mutant + ")", 1)
    return "\n".join(lines)


def driver():
    """main(): per stdin line `f v1 .. vk g1 .. gm`, fork, set the
    globals, call f, print `R ret g1 .. gm | trace` (ret `-` for void;
    the trace: what the callees recorded, each callee's number and
    arguments), or `U` when the child does not exit normally (a
    sanitizer's stop).  Each value printed is branched on first, so that
    MemorySanitizer reports one that is uninitialized."""
    d = ["#include <stdio.h>", "#include <string.h>", "#include <unistd.h>",
         "#include <sys/wait.h>", "static long long v[32];",
         "static volatile int sink;",
         "static long long use(long long x) { if (x == 0x5a5a5a) sink++; return x; }",
         "static void show(void) {"]
    for t, g in GLOBS:
        d.append('\tprintf(" %%lld", use((long long)%s));' % g)
    if TRACE:
        d.append('\tprintf(" |");\n\tfor (int i = 0; i < ntr; i++) '
                 'printf(" %d", tr[i]);')
    d += ['\tprintf("\\n");', "}", "int main(void) {", "\tchar f[64];",
          '\twhile (scanf("%63s", f) == 1) {']
    for fn, (rt, ps) in FUNCS.items():
        n = len(ps) + len(GLOBS)
        d.append('\t\tif (!strcmp(f, "%s")) {' % fn)
        d.append("\t\t\tfor (int i = 0; i < %d; i++) if (scanf(\"%%lld\", &v[i]) != 1) return 2;" % n)
        d.append("\t\t\tfflush(stdout);\n\t\t\tpid_t p = fork();\n\t\t\tif (!p) {")
        for k, (t, g) in enumerate(GLOBS):
            d.append("\t\t\t\t%s = (%s)v[%d];" % (g, t, len(ps) + k))
        args = ", ".join("(%s)v[%d]" % (t, k) for k, (t, _) in enumerate(ps))
        if rt == "void":
            d.append('\t\t\t\t%s(%s);\n\t\t\t\tprintf("R -");' % (fn, args))
        else:
            d.append('\t\t\t\tprintf("R %%lld", use((long long)%s(%s)));' % (fn, args))
        d.append("\t\t\t\tshow();\n\t\t\t\tfflush(stdout);\n\t\t\t\t_exit(0);\n\t\t\t}")
        d.append("\t\t\tint st = 0;\n\t\t\twaitpid(p, &st, 0);")
        d.append('\t\t\tif (!WIFEXITED(st) || WEXITSTATUS(st)) printf("U\\n");')
        d.append("\t\t\tcontinue;\n\t\t}")
    d += ["\t\treturn 3;", "\t}", "\tfflush(stdout);", "\treturn 0;", "}"]
    return "\n".join(d) + "\n"


CB = CBuilds(T, driver)
BAD_COMPILERS = CB.bad
outcomes = CB.outcomes


def build(key, source, msan=False):
    """Compile source with the driver by gcc and clang (UBSan), and with
    msan by clang with MemorySanitizer too."""
    return CB.build(key, source, ("memory",) if msan else ())


def wrap(t, v):
    bits = CTYPES[t]
    v &= (1 << bits) - 1
    if not t.startswith("unsigned") and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def grid(fn, n=300):
    """Boundary values of each parameter's and global's type, and random
    ones; for a single unsigned char parameter, all 256."""
    _, ps = FUNCS[fn]
    types = [t for t, _ in ps] + [t for t, _ in GLOBS]
    if len(ps) == 1 and ps[0][0] == "unsigned char":
        return [[v] + [0] * len(GLOBS) for v in range(256)]
    rnd = random.Random(15)
    pool = [0, 1, -1, 2, -2, 3, -3, 20, 21, 100, 1000000, 1000001, -1000000,
            -1000001, 32767, -32768, 65535, 2147483647, -2147483648,
            4294967295]
    rows = []
    for k in range(n):
        rows.append([wrap(t, rnd.choice(pool) if k % 3 else
                          rnd.getrandbits(64)) for t in types])
    return rows


# the globals, then (a function with calls that names globals: sem/mir.h,
# Calls and fields) what each callee does
# a C constant as the tool prints one: 5, 7u, -3L, and a signed type's
# minimum as C must write it, (-2147483647 - 1)
CNUM = r"(?:\(-\d+[uUlL]* - 1\)|-?\d+[uUlL]*)"
KILL = re.compile(r"killed by (\w+)\(((?:[^()]|\([^()]*\))*)\)"
                  r"(?: with global ((?:(?! with )[^:])*))?"
                  r"(?: with [^:]*)?: "
                  r"the original (returns normally|returns (" + CNUM + r")|has "
                  r"undefined behaviour)")


def cnum(s):
    """The value of a C constant the tool printed."""
    m = re.fullmatch(r"\(-(\d+)[uUlL]* - 1\)", s)
    return -int(m.group(1)) - 1 if m else int(s.rstrip("uUlL"))


def kill_input(detail):
    """(function, input row, described original outcome) of a detail."""
    m = KILL.search(detail)
    if not m:
        return None
    fn = m.group(1)
    vals = dict(kv.split("=") for kv in m.group(2).split(", ") if kv)
    if m.group(3):
        vals.update(kv.split("=") for kv in m.group(3).split(", "))
    num = cnum
    row = [num(vals.get(n, "0")) for _, n in FUNCS[fn][1]] + \
          [num(vals.get(n, "0")) for _, n in GLOBS]
    desc = m.group(4)
    return fn, row, ("U" if desc.startswith("has") else
                     desc if desc == "returns normally" else
                     str(cnum(m.group(5))))


def described_trace(detail):
    """The callees' record the original's description implies: `calls
    note(3), note2(3, 4)` is [1, 3, 2, 3, 4], `no call` []; None when it
    names no call."""
    d = detail.split("the original ", 1)[1].split(", the mutant ", 1)[0]
    if d.endswith(", no call"):
        return []
    if ", calls " not in d:
        return None
    tr = []
    for name, args in re.findall(r"(\w+)\(((?:[^()]|\([^()]*\))*)\)",
                                 d.split(", calls ", 1)[1]):
        tr += [int(CALLEES[name])] + [cnum(a) for a in args.split(", ")]
    return tr


def pair(r):
    """The original and mutant r compiled (with MemorySanitizer too when
    its function has a local without an initializer)."""
    site = site_of(r)
    ms = SITES[site]["function"] in UNINIT
    return (build("orig", text, ms),
            build("m_" + r["id"].replace(".", "_"), mutated(site, r["mutant"]),
                  ms))


SITE_BY_ID = {}


def site_of(r):
    """The batch's site of r (a report's mutant: of the batch's mutant of
    its id)."""
    return SITE_BY_ID.get(r["id"], r["where"])


call_kills, uninit_kills = [], []


def check_kills(res, label):
    n = bad = 0
    ub_kills = 0
    for r in res:
        if "[method level: in " not in r["detail"] and not (
                "method level: killed by" in r["detail"]):
            continue
        k = kill_input(r["detail"])
        if not k or " setting " in r["detail"]:
            continue  # a callee that sets globals: a stub's (cmethod-diff.c)
        fn, row, desc = k
        o, m = pair(r)
        if not o or not m:
            bad += 1
            continue
        oo = outcomes(o, fn, [row])[0]
        mo = outcomes(m, fn, [row])[0]
        n += 1
        described = (oo == "U") if desc == "U" else \
            (oo.startswith("R -") if desc == "returns normally"
             else oo.split()[:2] == ["R", desc])
        tr = described_trace(r["detail"])
        if tr is not None and oo != "U":
            described &= [int(x) for x in oo.split(" | ")[1].split()] == tr
            call_kills.append(r["id"])
        if oo == mo or not described:
            bad += 1
            print("# %s %s: input %s: original %s (tool: %s), mutant %s"
                  % (label, r["id"], row, oo, desc, mo))
        ub_kills += (oo == "U") != (mo == "U")
        if (oo == "U") != (mo == "U") and fn in UNINIT:
            uninit_kills.append(r["id"])
    return n, bad, ub_kills


if not all(subprocess.run(["sh", "-c", "command -v " + c], capture_output=True).returncode == 0
           for c in ("gcc", "clang")):
    ok(False, "gcc and clang are installed (scripts/deps.sh)")
    stop()

rc, res, err = run(["--method", BATCH])
ok(rc == 0 and res is not None and
   {site_of(r) for r in res} == set(SITES),
   "check --method reads the batch without --source, every site (exit %d)"
   % rc)
if res is None:
    stop()
SITE_BY_ID = {r["id"]: r["where"] for r in res}

# killing inputs, re-run by the compilers
n, bad, ub_kills = check_kills(res, "kill")
ok(n >= 8 and bad == 0, "every method-level killing input (%d) tells the "
   "compiled original and mutant apart, the original as described (%d bad)"
   % (n, bad))
ok(ub_kills >= 1, "some killing inputs (%d) are undefined behaviour in "
   "exactly one of them (ub: outcome), as UBSan sees it" % ub_kills)
ok(len(call_kills) >= 4, "killing inputs that name the calls made (%d: %s) "
   "give the compiled original exactly those calls (the callees' record)"
   % (len(call_kills), ", ".join(call_kills)))
ok(len(uninit_kills) >= 4, "killing inputs where one side reads a local "
   "before it is assigned (%d: %s): UB that MemorySanitizer reports and "
   "UBSan does not" % (len(uninit_kills), ", ".join(uninit_kills)))

# equivalences, re-run on grids
eq = [r for r in res if r["verdict"] == "equivalent" and
      "equivalent in its method" in r["detail"]]
bad = checked = 0
for r in eq:
    fn = SITES[site_of(r)]["function"]
    o, m = pair(r)
    g = grid(fn)
    a, b = outcomes(o, fn, g), outcomes(m, fn, g)
    checked += len(g)
    diff = [(row, x, y) for row, x, y in zip(g, a, b) if x != y]
    if diff:
        bad += 1
        print("# %s: %s differs: %s" % (r["id"], r["mutant"], diff[:2]))
ok(len(eq) >= 5 and bad == 0, "every mutant equivalent in its function "
   "(%d) has the original's outcome on %d grid runs (%d differ)"
   % (len(eq), checked, bad))
ok(not BAD_COMPILERS, "gcc and clang agree where neither reports UB (%s)"
   % BAD_COMPILERS[:2])

# the expression level proves fewer of them
rc0, res0, _ = run([BATCH])
eq0 = {r["id"] for r in res0 or [] if r["verdict"] == "equivalent"}
gained = [r["id"] for r in eq if r["id"] not in eq0]
ok(res0 is not None and len(gained) >= 3 and
   not any("method level" in r["detail"] for r in res0),
   "without --method no method-level text, and %d of the %d method-level "
   "equivalences are not proven at expression level (%s)"
   % (len(gained), len(eq), ", ".join(gained)))

# the JSON says each verdict's level: "method" exactly where the verdict
# was decided in the function, "site" where the batch's expression decided it
lv = [(r["id"], r.get("level"), "[method level: in " in r["detail"]) for r in res]
ok(all(l == ("method" if m else "site") for _, l, m in lv)
   and any(l == "method" for _, l, _ in lv) and any(l == "site" for _, l, _ in lv)
   and not any("level" in r for r in res0),
   "JSON level: %d method, %d site; none without --method (%s)"
   % (sum(l == "method" for _, l, _ in lv), sum(l == "site" for _, l, _ in lv),
      [x for x in lv if x[1] != ("method" if x[2] else "site")][:3]))

# the loop bound: never equivalent, killable, and killed with --unroll 30
bounded = [r for r in res if "equivalent up to 8 loop iterations" in r["detail"]]
real = 0
for r in bounded:
    site = site_of(r)
    fn = SITES[site]["function"]
    g = grid(fn)
    a = outcomes(build("orig", text), fn, g)
    b = outcomes(build("m_" + r["id"].replace(".", "_"),
                       mutated(site, r["mutant"])), fn, g)
    real += any(x != y for x, y in zip(a, b))
ok(len(bounded) >= 1 and real == len(bounded) and
   not any(r["verdict"] == "equivalent" for r in bounded),
   "mutants equivalent only up to the bound (%d) are not called equivalent,"
   " and the compilers kill each (%d)" % (len(bounded), real))
rc30, res30, _ = run(["--method", "--unroll", "30", BATCH])
ids = {r["id"] for r in bounded}
k30 = [r for r in res30 or [] if r["id"] in ids and r["verdict"] == "killable"
       and "[method level: in " in r["detail"]]
n30, bad30, _ = check_kills(k30, "unroll30")
ok(len(k30) == len(ids) and n30 == len(ids) and bad30 == 0,
   "with --unroll 30 each is killed in its function, the input verified "
   "(%d of %d)" % (n30, len(ids)))

# not modelled: the call
calls = [r for r in res if site_of(r) == "call"]
ok(calls and all("not modelled:" in r["detail"] and "outside the method "
                 "model" in r["detail"] for r in calls),
   "a call leaves the mutant at expression level, with the reason")

# the constructs: every mutant of their sites is modelled
NEW = ("switch-", "uninit-", "call-guard", "call-arg", "call-del")
newr = [r for r in res if site_of(r).startswith(NEW)]
ok(len(newr) >= 25 and not any("not modelled" in r["detail"] for r in newr),
   "switch, locals without an initializer and call statements: all %d "
   "mutants of their sites are judged in their function" % len(newr))
# old-style definitions (issue 30): judged in their function, the
# undeclared parameter an int, the unsigned char one no wider
kr = {r["id"]: r for r in res if site_of(r).startswith("kr-")}
ok(len(kr) == 6 and not any("not modelled" in r["detail"] for r in kr.values())
   and kr["kr-sum.1"]["verdict"] == "equivalent"
   and kr["kr-max.2"]["verdict"] == "killable",
   "old-style definitions: all %d mutants judged in their function, `n < 256` "
   "to 1 equivalent over the unsigned char n, `(short)a > b` killed over the "
   "undeclared (int) a" % len(kr))
eqn = sorted(r["id"] for r in eq if site_of(r).startswith(NEW))
only = {"switch-label.1", "call-arg.1", "call-arg.3"}
ok(only <= set(eqn) and not only & eq0,
   "switch labels that fall into the default group and call arguments "
   "equal after the conversion to the parameter are equivalent in their "
   "function only (%s)" % ", ".join(eqn))
glob = [r for r in res if site_of(r) == "call-globals"]
g1 = [r for r in glob if r["id"] == "call-globals.1"]
ok(g1 and g1[0]["verdict"] == "killable" and "[method level: in tally" in g1[0]["detail"]
   and len(set(re.findall(r"note\(0\) seeing count=(-?\d+)", g1[0]["detail"]))) == 2,
   "a call in a function that names globals: judged in its function, the "
   "globals the callee sees are part of the call (count++ to count-- killed by "
   "what note() sees)")


def refused(body, fn, line):
    """The reason csrc_method gives for function fn of body, through a
    one-site batch."""
    c = os.path.join(T, "r.c")
    with open(c, "w") as f:
        f.write(body)
    with open(os.path.join(T, "r.yaml"), "w") as f:
        f.write('language: c\nsites:\n  - source: r.c\n    function: %s\n'
                '    line: %d\n    expr: "a"\n    mutants: ["a + 1"]\n' % (fn, line))
    q = subprocess.run([S, "check", "--no-timing", "--method",
                        os.path.join(T, "r.yaml")], capture_output=True,
                       text=True)
    m = re.search(r"not modelled: ([^\]]*)", q.stdout)
    return m.group(1) if m else q.stdout + q.stderr


why = [refused("int f(int a)\n{\n\tint y;\n\tint z = (y = a) + 1;\n"
               "\treturn z;\n}\n", "f", 4),
       refused("int f(int a)\n{\n\tswitch (a) {\n\tcase 1:\n\t\tint k = 2;\n"
               "\t\treturn k;\n\t}\n\treturn 0;\n}\n", "f", 3),
       refused("int f(int a)\n{\n\tint b = 3;\n\tswitch (a) {\n\tcase b:\n"
               "\t\treturn 1;\n\t}\n\treturn 0;\n}\n", "f", 4),
       refused("int f(int a)\n{\n\tg(a);\n\treturn a;\n}\n", "f", 3)]
ok("an assignment to `y` (declared without an initializer) inside an "
   "expression" in why[0] and "a declaration directly under a case label"
   in why[1] and "not an integer constant expression" in why[2] and
   "not a function of the file" in why[3],
   "not modelled, with the reason: an assignment to an uninitialized local "
   "inside an expression, a declaration under a case label, a label that "
   "is not constant, a call to a function not in the file (%s)" % why)

# --- the same mutants in a mutation-testing-elements report -------------
# fun.c with a comment of characters of one and two UTF-16 units before
# each mutated line's text; each site's mutants at their exact location
# (columns in UTF-16 units), a statement site's as its statement
# replaced (the expression's text and `;`) or deleted
def units(u):
    return len(u.encode("utf-16-le")) // 2


MARK = "/* \u00e9\U0001F600 */ "
lines = text.split("\n")
for site in SITES.values():
    if not lines[site["line"] - 1].startswith("\t" + MARK):
        lines[site["line"] - 1] = "\t" + MARK + lines[site["line"] - 1][1:]
muts = []
for r in res:
    site = SITES[site_of(r)]
    line = lines[site["line"] - 1]
    orig = site["expr"]
    c0 = units(line[:line.index(orig)]) + 1
    rep = "" if r["mutant"] == "<NO-OP>" else \
        r["mutant"] + ";" * orig.endswith(";")
    muts.append({"id": r["id"], "mutatorName": "op", "status": "Survived",
                 "replacement": rep, "location": {
                     "start": {"line": site["line"], "column": c0},
                     "end": {"line": site["line"], "column": c0 + units(orig)}}})
erep = os.path.join(T, "fun.json")
with open(erep, "w") as f:
    json.dump({"schemaVersion": "2", "files": {"fun.c": {
        "language": "c", "source": "\n".join(lines), "mutants": muts}}},
        f, ensure_ascii=False)
rce, rese, _ = run(["--method", erep])
byid = {r["id"]: r for r in res}
fun_of = {r["id"]: SITES[site_of(r)]["function"] for r in res}
same = rel = badrel = 0
other, lost = [], []
for r in rese or []:
    y = byid[r["id"]]
    if r["verdict"] == y["verdict"] and r.get("by") == y.get("by"):
        same += 1
        continue
    if r["verdict"] == "killable" and y["verdict"] in ("duplicate", "subsumed"):
        lost.append(r)  # a relation not claimed: its killing input checked
        continue
    if r["verdict"] not in ("duplicate", "subsumed") or \
            fun_of[r["by"]] != fun_of[r["id"]] or \
            y["verdict"] not in ("killable", "duplicate", "subsumed"):
        other.append((r["id"], y["verdict"], r["verdict"], r.get("by")))
        continue
    # a relation across the sites of one function, checked on a grid
    fn = fun_of[r["id"]]
    g = grid(fn)
    o, m = pair(y)
    _, b = pair(byid[r["by"]])
    oo, mo, bo = outcomes(o, fn, g), outcomes(m, fn, g), outcomes(b, fn, g)
    good = all(x == z for x, z in zip(mo, bo)) if r["verdict"] == "duplicate" \
        else all(x != w for x, z, w in zip(oo, bo, mo) if z != x)
    rel += site_of(byid[r["by"]]) != site_of(y)
    if not good:
        badrel += 1
        print("# %s %s by %s: not so on the grid" % (r["id"], r["verdict"], r["by"]))
ok(rce == 0 and rese is not None and len(rese) == len(res) and not other,
   "the batch's mutants in an elements report (%d), judged with --method: "
   "the batch's verdicts (%d the same), or a relation to a mutant of "
   "another site of their function (%s)" % (len(rese or []), same, other))
nl, badl, _ = check_kills(lost, "report")
ok(nl == len(lost) and badl == 0, "the report's mutants killable where the "
   "batch relates them within a site (%d: %s): their killing inputs hold, "
   "compiled" % (len(lost), ", ".join(r["id"] for r in lost)))
ok(rel >= 3 and badrel == 0, "relations across the sites of one C function "
   "(%d) hold on the grid, compiled (%d do not)" % (rel, badrel))
q = subprocess.run([S, "check", "--method", "--format", "elements", erep],
                   capture_output=True, text=True)
rcw, back = q.returncode, q.stdout
with open(os.path.join(T, "back.json"), "w") as f:
    f.write(back)
rcb, resb, _ = run(["--method", os.path.join(T, "back.json")])
key = lambda rs: sorted((r["id"], r["verdict"], r.get("by"), r["detail"])
                        for r in rs or [])
ok(rcw == 0 and resb and key(resb) == key(rese) and
   json.loads(back)["files"]["fun.c"]["mutants"][0]["location"] ==
   muts[0]["location"],
   "written back with --format elements and read again: the same verdicts, "
   "relations and details, the locations kept")

# the keys
def batch_err(body):
    p = os.path.join(T, "bad.yaml")
    with open(p, "w") as f:
        f.write(body)
    q = subprocess.run([S, "check", "--method", p], capture_output=True,
                       text=True)
    return q.returncode, q.stderr
site = ('  - source: %s\n    function: max\n    expr: "a > b"\n'
        '    mutants: ["a >= b"]\n' % os.path.abspath(SRC))
rc1, e1 = batch_err("sites:\n" + site + "    line: 8\n")
rc2, e2 = batch_err("language: c\nsites:\n" + site)
rc3, e3 = batch_err("language: c\nsites:\n" + site + "    line: x\n")
ok(rc1 and "needs 'language: c'" in e1 and rc2 and "together" in e2 and
   rc3 and "a line number" in e3,
   "source/function/line: C only, all three, a line number (errors at the "
   "key)")
rc4, e4 = batch_err("language: c\nsites:\n" + site.replace("max", "nosuch", 1)
                    + "    line: 8\n")
q = subprocess.run([S, "check", "--no-timing", "--method",
                    os.path.join(T, "bad.yaml")], capture_output=True, text=True)
ok("not modelled: no function nosuch" in q.stdout,
   "a function not in the file: the reason in the note")

# a file nested too deeply for the builder's recursion: a reason, no crash
deep = os.path.join(T, "deep.c")
with open(deep, "w") as f:
    f.write("int deep(int x)\n{\n" + "{" * 3000 + "x++;" + "}" * 3000 +
            "\nreturn x;\n}\n")
with open(os.path.join(T, "deep.yaml"), "w") as f:
    f.write('language: c\nsites:\n  - source: deep.c\n    function: deep\n'
            '    line: 4\n    expr: "x"\n    mutants: ["x + 1"]\n')
q = subprocess.run([S, "check", "--no-timing", "--method",
                    os.path.join(T, "deep.yaml")], capture_output=True, text=True)
ok(q.returncode == 0 and "not modelled:" in q.stdout and
   "nested deeper than 1000" in q.stdout,
   "a function nested 3000 deep: not modelled, with the reason")

# docs/check.md's example is the tool's output
q = subprocess.run([S, "check", "--no-timing", "--method", BATCH],
                   capture_output=True, text=True)
doc = open("docs/check.md").read()
blk = doc.split("$ subsume check --no-timing --method " + BATCH + "\n", 1)
shown = [l for l in blk[1].split("```")[0].split("\n")
         if l and l != "..."] if len(blk) == 2 else []
ok(len(shown) >= 3 and all(l in q.stdout.split("\n") for l in shown),
   "docs/check.md: the C function example (%d lines) is the tool's output"
   % len(shown))

subprocess.run(["rm", "-rf", T])
done()
