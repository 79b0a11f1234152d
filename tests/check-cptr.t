#!/usr/bin/env python3
# check-cptr.t - C functions with pointers judged in their function
# (`subsume check --method` on tests/data/check-cmethod/ptr.yaml;
# lang/csrc-mptr.c, lang/mir.h: References, C pointers; issue 15).
#
# ptr.c: a NULL guard that makes a mutant equivalent (`if (!p) return`),
# a ?: made redundant by it, a write through a pointer whose mutant
# changes nothing (`*p < lo` to `*p <= lo` before `*p = lo`), a kill that
# needs two pointers to one object (`*p = 1; *q = 2; return *p;`), a dead
# store to a local beside an observable store through a pointer, swap,
# pointers of two types that strict aliasing keeps apart, pointer
# comparisons, a NULL test before a read, and `p[0]` (refused: arrays).
# Nothing expected is written in: the original and each mutated file are
# compiled by gcc and by clang (-fsanitize=undefined, which reports a
# NULL dereference; a crash counts as UB too) with a driver that gives
# each pointer parameter NULL or one of the objects o1..o4 (the members
# of a union, so that each has its pointee's type), runs each input in a
# forked child and prints the result and the objects' final values, and
#   - every printed killing input (arguments, objects) must give the
#     original and the mutant different outcomes, the original's being
#     the one the tool describes (its result and the `*p = v` it lists);
#   - every mutant called equivalent in its function must give the
#     original's outcome on a grid of inputs with every way the pointers
#     of one type may alias (NULL, one object, two);
#   - every mutant the grid does not kill must be called equivalent;
#   - some kill needs aliasing (its mutant gives the original's outcome
#     on every grid input whose pointers are apart), some is undefined
#     behaviour on NULL in exactly one of the two;
#   - `p[0]` keeps its expression-level verdict with the reason.
import json, os, random, re, subprocess, sys, tempfile

from tap import CBuilds, S, done, ok, stop

D = "tests/data/check-cmethod"
SRC = D + "/ptr.c"
BATCH = D + "/ptr.yaml"
T = tempfile.mkdtemp(prefix="check-cptr.")
MEMBER = {"int": "i", "long": "l", "unsigned": "u", "short": "s"}
BITS = {"int": 32, "long": 64, "unsigned": 32, "short": 16}
NOBJ = 4

text = open(SRC).read()
FUNCS = {}  # name -> (return type, [(pointee or scalar type, name, is_ptr)])
for m in re.finditer(r"^(\w+) (\w+)\(([^)]*)\)\n\{", text, re.M):
    ps = []
    for p in m.group(3).split(","):
        p = p.strip().replace("const ", "")
        ptr = "*" in p
        t, n = [x.strip() for x in p.replace("*", " ").rsplit(" ", 1)]
        ps.append((t, n, ptr))
    FUNCS[m.group(2)] = (m.group(1), ps)
SITES, cur = {}, None
for l in open(BATCH):
    m = re.match(r"\s*- name: ([\w-]+)", l)
    if m:
        cur = m.group(1)
        SITES[cur] = {}
    m = re.match(r"\s*(function|line|expr): (.*)", l)
    if m and cur:
        v = m.group(2).strip().strip('"')
        SITES[cur][m.group(1)] = int(v) if m.group(1) == "line" else v


def mutated(site, mutant):
    s = SITES[site]
    lines = text.split("\n")
    i = s["line"] - 1
    orig = s["expr"]
    if mutant == "<NO-OP>":
        lines[i] = lines[i].replace(orig, ";", 1)
    else:
        lines[i] = lines[i].replace(orig.rstrip(";"), "(" + mutant + ")", 1)
    return "\n".join(lines)


def driver():
    """Per stdin line `f a1 .. ak v1 .. v4` (a pointer's argument: its
    object, 0 for NULL; v: the objects' values): fork, call f, print
    `R ret | x1 .. x4` (each object's final value through the first
    pointer to it, `-` when none) or `U`."""
    d = ["#include <stdio.h>", "#include <string.h>", "#include <stddef.h>",
         "#include <unistd.h>", "#include <sys/wait.h>",
         "union obj { int i; long l; unsigned u; short s; };",
         "int main(void) {", "\tchar f[64];", "\tlong long v[16];",
         '\twhile (scanf("%63s", f) == 1) {']
    for fn, (rt, ps) in FUNCS.items():
        d.append('\t\tif (!strcmp(f, "%s")) {' % fn)
        d.append('\t\t\tfor (int i = 0; i < %d; i++) if (scanf("%%lld", '
                 '&v[i]) != 1) return 2;' % (len(ps) + NOBJ))
        d.append("\t\t\tfflush(stdout);\n\t\t\tpid_t c = fork();\n"
                 "\t\t\tif (!c) {\n\t\t\t\tunion obj o[%d];\n"
                 "\t\t\t\tmemset(o, 0, sizeof(o));" % (NOBJ + 1))
        args, shown = [], {}
        for k, (t, n, ptr) in enumerate(ps):
            if not ptr:
                args.append("(%s)v[%d]" % (t, k))
                continue
            mb = MEMBER[t]
            d.append("\t\t\t\tif (v[%d]) o[v[%d]].%s = (%s)v[%d + v[%d] - 1];"
                     % (k, k, mb, t, len(ps), k))
            args.append("v[%d] ? &o[v[%d]].%s : NULL" % (k, k, mb))
            shown.setdefault(k, mb)
        call = "%s(%s)" % (fn, ", ".join(args))
        if rt == "void":
            d.append('\t\t\t\t%s;\n\t\t\t\tprintf("R - |");' % call)
        else:
            d.append('\t\t\t\tprintf("R %%lld |", (long long)%s);' % call)
        d.append("\t\t\t\tfor (int j = 1; j <= %d; j++) {" % NOBJ)
        for k, mb in shown.items():
            d.append('\t\t\t\t\tif (v[%d] == j) { printf(" %%lld", (long '
                     'long)o[j].%s); continue; }' % (k, mb))
        d.append('\t\t\t\t\tprintf(" -");\n\t\t\t\t}')
        d.append('\t\t\t\tprintf("\\n");\n\t\t\t\tfflush(stdout);\n'
                 '\t\t\t\t_exit(0);\n\t\t\t}')
        d.append("\t\t\tint st = 0;\n\t\t\twaitpid(c, &st, 0);")
        d.append('\t\t\tif (!WIFEXITED(st) || WEXITSTATUS(st)) printf("U\\n");')
        d.append("\t\t\tcontinue;\n\t\t}")
    d += ["\t\treturn 3;", "\t}", "\treturn 0;", "}"]
    return "\n".join(d) + "\n"


CB = CBuilds(T, driver)
BAD_COMPILERS = CB.bad
build, outcomes = CB.build, CB.outcomes


def wrap(t, v):
    v &= (1 << BITS[t]) - 1
    if t != "unsigned" and v >= 1 << (BITS[t] - 1):
        v -= 1 << BITS[t]
    return v


def grid(fn, n=300):
    """Rows: each pointer NULL or one of two objects of its pointee type
    (objects 1, 2 for the first type, 3, 4 for the second), then the
    objects' values and the scalars from a pool of boundary values."""
    _, ps = FUNCS[fn]
    types = []
    for t, _, ptr in ps:
        if ptr and t not in types:
            types.append(t)
    rnd = random.Random(15)
    pool = [0, 1, -1, 2, -2, 3, 5, 7, 8, -8, 100, 32767, -32768, 65535,
            2147483647, -2147483648, 4294967295]
    rows = []
    for k in range(n):
        row = []
        for t, _, ptr in ps:
            if ptr:
                g = types.index(t)
                row.append(0 if rnd.random() < 0.15 else 2 * g + 1 + rnd.randrange(2))
            else:
                row.append(wrap(t, rnd.choice(pool)))
        objt = {}
        for (t, _, ptr), a in zip(ps, row):
            if ptr and a:
                objt[a] = t
        row += [wrap(objt.get(j, "long"), rnd.choice(pool) if k % 3 else
                     rnd.getrandbits(64)) for j in range(1, NOBJ + 1)]
        rows.append(row)
    return rows


# a C constant as the tool prints one: 5, 7u, -3L, and a signed type's
# minimum as C must write it, (-2147483647 - 1)
CNUM = r"(?:\(-\d+[uUlL]* - 1\)|-?\d+[uUlL]*)"
KILL = re.compile(r"killed by (\w+)\(((?:[^()]|\([^()]*\))*)\)"
                  r"(?: with ((?:(?! with )[^:])*))?: "
                  r"the original (returns normally|returns (" + CNUM + r")|has "
                  r"undefined behaviour)((?:, \*\w+ = " + CNUM + r")*)")


def num(s):
    """The value of a C constant the tool printed."""
    m = re.fullmatch(r"\(-(\d+)[uUlL]* - 1\)", s)
    return -int(m.group(1)) - 1 if m else int(s.rstrip("uUlL"))


def kill_input(detail):
    """(function, row, described return or U, {pointer: final value})."""
    m = KILL.search(detail)
    if not m:
        return None
    fn = m.group(1)
    vals = dict(kv.split("=") for kv in m.group(2).split(", ") if kv)
    objs = dict(kv.split("=") for kv in (m.group(3) or "").split(", ") if kv)
    row = []
    for t, n, ptr in FUNCS[fn][1]:
        v = vals.get(n, "0")
        row.append((0 if v == "NULL" else int(v[2:])) if ptr else num(v))
    row += [num(objs.get("o%d" % j, "0")) for j in range(1, NOBJ + 1)]
    desc = "U" if m.group(4).startswith("has") else \
        "-" if m.group(4) == "returns normally" else str(num(m.group(5)))
    finals = {p: num(v) for p, v in re.findall(r"\*(\w+) = (" + CNUM + ")",
                                               m.group(6) or "")}
    return fn, row, desc, finals


def described(fn, row, line, desc, finals):
    """Does the compiled original's line match the tool's description?"""
    if desc == "U":
        return line == "U"
    f = line.split()
    if line == "U" or f[1] != desc:
        return False
    objs = f[3:]
    for k, (t, n, ptr) in enumerate(FUNCS[fn][1]):
        if ptr and n in finals and (not row[k] or
                                    objs[row[k] - 1] != str(finals[n])):
            return False
    return True


if not all(subprocess.run(["sh", "-c", "command -v " + c],
                          capture_output=True).returncode == 0
           for c in ("gcc", "clang")):
    ok(False, "gcc and clang are installed (scripts/deps.sh)")
    stop()

p = subprocess.run([S, "check", "--no-timing", "--format", "json", "--method",
                    BATCH], capture_output=True, text=True)
try:
    res = json.loads(p.stdout)["mutants"]
except (ValueError, KeyError):
    res = None
ok(p.returncode == 0 and res is not None and
   {r["where"] for r in res} == set(SITES),
   "check --method reads the batch, every site (exit %d)" % p.returncode)
if res is None:
    stop()

orig = build("orig", text)
if not ok(orig is not None, "gcc and clang compile ptr.c with the driver"):
    stop()
n = bad = 0
alias_kills, null_kills = [], []
killed_ids = set()
for r in res:
    if "method level: in " not in r["detail"] and \
            "method level: killed by" not in r["detail"]:
        continue
    k = kill_input(r["detail"])
    if not k:
        continue
    fn, row, desc, finals = k
    mut = build("m_" + r["id"].replace(".", "_"), mutated(r["where"], r["mutant"]))
    if not mut:
        bad += 1
        continue
    oo = outcomes(orig, fn, [row])[0]
    mo = outcomes(mut, fn, [row])[0]
    n += 1
    good = oo != mo and described(fn, row, oo, desc, finals)
    if not good:
        bad += 1
        print("# %s: input %s: original %s (tool: %s %s), mutant %s"
              % (r["id"], row, oo, desc, finals, mo))
        continue
    killed_ids.add(r["id"])
    ps = [k for k, (_, _, ptr) in enumerate(FUNCS[fn][1]) if ptr]
    if (oo == "U") != (mo == "U") and any(row[k] == 0 for k in ps):
        null_kills.append(r["id"])
    if any(row[a] and row[a] == row[b] for a in ps for b in ps if a < b):
        g = [x for x in grid(fn) if not any(x[a] and x[a] == x[b] for a in ps
                                            for b in ps if a < b)]
        if outcomes(orig, fn, g) == outcomes(mut, fn, g):
            alias_kills.append(r["id"])
ok(n >= 12 and bad == 0, "every method-level killing input (%d) tells the "
   "compiled original and mutant apart, the original's result and final "
   "objects as described (%d bad)" % (n, bad))
ok(len(alias_kills) >= 1, "kills that need two pointers to one object (%s):"
   " no input with the pointers apart tells them apart"
   % ", ".join(alias_kills))
ok(len(null_kills) >= 3, "kills where a NULL pointer is undefined behaviour "
   "in exactly one of the two, as UBSan sees it (%s)" % ", ".join(null_kills))

eq = {r["id"] for r in res if r["verdict"] == "equivalent" and
      "equivalent in its method" in r["detail"]}
bad = alive = 0
for r in res:
    fn = SITES[r["where"]]["function"]
    if r["where"] == "array":
        continue
    mut = build("m_" + r["id"].replace(".", "_"), mutated(r["where"], r["mutant"]))
    if not mut:
        bad += 1
        continue
    g = grid(fn)
    diff = [(x, a, b) for x, a, b in zip(g, outcomes(orig, fn, g),
                                         outcomes(mut, fn, g)) if a != b]
    if r["id"] in eq and diff:
        bad += 1
        print("# %s: %s differs: %s" % (r["id"], r["mutant"], diff[:2]))
    if not diff and r["id"] not in eq:
        bad += 1
        print("# %s: the grid does not kill it, the tool: %s" % (r["id"],
                                                                r["detail"]))
    alive += not diff
ok(len(eq) >= 5 and bad == 0, "the mutants equivalent in their function (%d:"
   " %s) are those the grid of aliased, apart and NULL pointers does not "
   "kill (%d; %d wrong)" % (len(eq), ", ".join(sorted(eq)), alive, bad))
ok(not BAD_COMPILERS, "gcc and clang agree where neither reports UB (%s)"
   % BAD_COMPILERS[:2])
arr = [r for r in res if r["where"] == "array"]
ok(arr and all("`p[i]`" in r["detail"] and "array layer" in r["detail"]
               and "method level: not modelled" in r["detail"] for r in arr),
   "p[0] is refused with the reason (%s)" % (arr[0]["detail"] if arr else ""))
done()
