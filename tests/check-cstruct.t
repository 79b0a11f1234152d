#!/usr/bin/env python3
# check-cstruct.t - struct globals and main's entry state in the C method
# model (issue 30; lang/csrc-mstruct.c, csrc-method.c entry_state()):
# a global of a struct type the file defines is its members, each a
# global; an unsigned bit-field holds 0 .. 2^w - 1 (read as int, a value
# stored reduced modulo 2^w); a main that nothing else names starts with
# the globals' initial values (the initializer's, or 0).
#
# The report's mutants are judged at expression level and with --method.
# Nothing expected is written in beyond the verdict each must have:
#   - every mutant called equivalent (at either level) gives the
#     original's globals on a grid of inputs of step() (every value of
#     the bit-fields, boundary values of the int member and of x) and
#     after main run once at startup, the original and the mutant (its
#     text spliced in) compiled by gcc and by clang with
#     -fsanitize=undefined -fno-sanitize-recover=all (U when a sanitizer
#     stops a case);
#   - every mutant the grid kills is not called equivalent;
#   - the same for random step() bodies (seeded: bit-field writes with =,
#     op=, ++ and --, reads in conditions and values) and mutants that
#     change one constant or one statement's operator or value, most of
#     them modelled at method level;
#   - the mutants whose equivalence needs the new facts are proven at
#     method level: a 1-bit field set to 2, 3 or -1 for 0, 1, 1 (stored
#     modulo 2), a 3-bit field set to x ^ 8 for x, `st.on == 1` for
#     `st.on` (a 1-bit field holds 0 or 1 on entry), and in main a
#     branch on a struct's zero bit-field and `total * 2` for
#     `total + 5` (total starts at 5); the same main in a file that calls
#     main again, or that declares total again, keeps its globals as
#     inputs (killable).
import random

from tap import c_locator, c_mutated, c_report_verdicts, c_ubsan_outcomes, done, ok, tmpdir

T = tmpdir("check-cstruct.")
SRC = r"""typedef struct
{
	unsigned int on : 1;
	unsigned int lvl : 3;
	int count;
} state_t;

state_t st;
int out;

void step(int x)
{
	if (st.on)
	{
		st.lvl += x;
		st.on = 0;
	}
	else
	{
		st.lvl = x;
		st.on = 1;
	}
	st.count = st.count + 1;
	out = st.lvl * 2 + st.on;
}

int total = 5;
state_t boot;
int calls;

int main(void)
{
	if (boot.on)
		total = total + 1;
	calls = total * 2;
	return 0;
}
"""
# (id, function, line, original, replacement)
MUTANTS = [
    ("on-2", "step", 16, "0", "2"),
    ("on-3", "step", 21, "1", "3"),
    ("on-m1", "step", 21, "1", "-1"),
    ("lvl-x8", "step", 20, "x", "x ^ 8"),
    ("lvl-1", "step", 20, "x", "x + 1"),
    ("lvl-sub", "step", 15, "st.lvl += x", "st.lvl -= x"),
    ("lvl-inc", "step", 15, "st.lvl += x", "st.lvl++"),
    ("if-eq1", "step", 13, "st.on", "st.on == 1"),
    ("if-gt1", "step", 13, "st.on", "st.on > 1"),
    ("out-mask", "step", 24, "st.lvl", "(st.lvl & 7)"),
    ("out-3", "step", 24, "st.lvl * 2", "st.lvl * 3"),
    ("count-rev", "step", 23, "st.count + 1", "1 + st.count"),
    ("main-dead", "main", 34, "total + 1", "total + 2"),
    ("main-5", "main", 35, "total * 2", "total + 5"),
    ("main-3", "main", 35, "total * 2", "total * 3"),
]
LINES = SRC.split("\n")
location = c_locator(LINES)
EXPR, METH = c_report_verdicts(T, "st.c", SRC, MUTANTS, location)


def mutated(mid):
    return c_mutated(LINES, location, MUTANTS, mid)


XS = [-9, -8, -1, 0, 1, 3, 7, 8, 9, 2147483647, -2147483648]
COUNTS = [0, 5, -1, 2147483647]
# main runs first, once (the program's startup), then each case of step
# in a forked child (a sanitizer's abort ends only that case: U)
DRIVER = r"""
#undef main
#include <stdio.h>
#include <unistd.h>
#include <sys/wait.h>
int main(void)
{
	static const int xs[] = { %s }, counts[] = { %s };
	int r = tested_main();
	printf("main %%d %%d %%d %%u %%u %%d\n", r, total, calls,
	       (unsigned)boot.on, (unsigned)boot.lvl, boot.count);
	fflush(stdout);
	for (int on = 0; on < 2; on++)
	for (int lvl = 0; lvl < 8; lvl++)
	for (unsigned c = 0; c < sizeof(counts) / sizeof(*counts); c++)
	for (unsigned x = 0; x < sizeof(xs) / sizeof(*xs); x++) {
		pid_t p = fork();
		if (!p) {
			st.on = on;
			st.lvl = lvl;
			st.count = counts[c];
			out = 0;
			step(xs[x]);
			printf("%%u %%u %%d %%d\n", (unsigned)st.on,
			       (unsigned)st.lvl, st.count, out);
			fflush(stdout);
			_exit(0);
		}
		int status;
		waitpid(p, &status, 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			printf("U\n");
		fflush(stdout);
	}
	return 0;
}
""" % (", ".join("%d" % x if x != -2147483648 else "-2147483647 - 1"
                 for x in XS), ", ".join("%d" % c for c in COUNTS))


def outcomes(key, text):
    """Each case's line under gcc and clang (U: either's sanitizer
    stopped it), or None when it does not compile."""
    return c_ubsan_outcomes(T, key, text + DRIVER,
                            ["-std=gnu11", "-Dmain=tested_main"])


ORIG = outcomes("orig", SRC)
ok(ORIG is not None and len(ORIG) > 700 and "U" in ORIG,
   "the original runs on the grid under gcc and clang (%d cases, some "
   "stopped by the sanitizers)" % (len(ORIG or [])))
bad_eq, killed, checked = [], [], 0
for mid, fn, _, _, _ in MUTANTS:
    got = outcomes("m_" + mid.replace("-", "_"), mutated(mid))
    if got is None or ORIG is None:
        bad_eq.append(mid + " (does not compile)")
        continue
    if got != ORIG:
        killed.append(mid)
    for lvl, v in (("expr", EXPR[mid]), ("method", METH[mid])):
        checked += 1
        if v["verdict"] == "equivalent" and got != ORIG:
            bad_eq.append("%s %s" % (lvl, mid))
ok(not bad_eq and len(killed) >= 5, "every mutant called equivalent (at "
   "either level) gives the original's globals on the grid, compiled "
   "(%d verdicts checked; the grid kills %s; wrong: %s)"
   % (checked, killed, bad_eq))
v = METH
want = ["on-2", "on-3", "on-m1", "lvl-x8", "if-eq1", "out-mask", "count-rev"]
def proven(x):  # at method level, not by the expression alone
    return x["verdict"] == "equivalent" and "in its method" in x["detail"]


ok(all(proven(v[m]) for m in want),
   "bit-fields: values stored modulo 2^w, read in 0 .. 2^w - 1, proven at "
   "method level (%s)" % {m: v[m]["detail"][:120] for m in want
                          if not proven(v[m])})
ok(all(v[m]["verdict"] in ("killable", "subsumed", "duplicate")
       for m in ("lvl-1", "lvl-sub", "lvl-inc", "if-gt1", "out-3")),
   "bit-field mutants that change a value are killable at method level")
ok(proven(v["main-dead"]) and proven(v["main-5"]) and
   v["main-3"]["verdict"] in ("killable", "subsumed"),
   "main starts with the globals' initial values: a branch on a zero "
   "bit-field is dead, total * 2 is total + 5, total * 3 killable (%s)"
   % v["main-5"]["detail"][:200])
# the same main, called again by the file: its globals are inputs
CALLED = SRC + "\nvoid again(void)\n{\n\tmain();\n}\n"
T2 = tmpdir("check-cstruct2.")
_, M2 = c_report_verdicts(T2, "st.c", CALLED,
                          [m for m in MUTANTS if m[1] == "main"], location)
ok(M2["main-dead"]["verdict"] == "killable" and
   M2["main-5"]["verdict"] == "killable",
   "a main the file calls again keeps its globals as inputs: both "
   "killable (%s)" % M2["main-5"]["detail"][:200])
# random step() bodies over the same struct (seeded): bit-field writes
# (=, op=, ++, --) of random values, reads in conditions and values;
# each with mutants that change one constant or operator; every mutant
# called equivalent (either level) must give the original's globals on
# the grid under gcc and clang with UBSan.
RND = random.Random(3030)
HEAD = SRC[:SRC.index("void step")]
MAINPART = SRC[SRC.index("int total = 5;"):]


def rexpr(d=0):
    leaf = ["st.on", "st.lvl", "st.count", "out", "x"] + \
        [str(RND.randint(-9, 9)) for _ in range(3)]
    if d >= 2 or RND.random() < 0.35:
        return RND.choice(leaf)
    op = RND.choice(["+", "-", "*", "&", "|", "^", "==", "<", ">="])
    return "(%s %s %s)" % (rexpr(d + 1), op, rexpr(d + 1))


def rstmt(d=0):
    f = RND.choice(["st.on", "st.lvl", "st.lvl", "st.count", "out"])
    k = RND.random()
    if d < 2 and k < 0.2:
        return ["if (%s)" % rexpr(), "{"] + rstmt(d + 1) + ["}", "else", "{"] + \
            rstmt(d + 1) + ["}"]
    if k < 0.35 and f.startswith("st."):
        return [RND.choice(["%s++;", "%s--;", "++%s;", "--%s;"]) % f]
    if k < 0.55:
        return ["%s %s= %s;" % (f, RND.choice("+-&|^"), rexpr())]
    return ["%s = %s;" % (f, rexpr())]


random_bad, random_eq, random_meth = [], 0, {}
for prog in range(8):
    body = []
    for _ in range(4):
        body += rstmt()
    src = HEAD + "void step(int x)\n{\n" + "\n".join(
        "\t" + l for l in body) + "\n}\n\n" + MAINPART
    lines = src.split("\n")
    first = lines.index("void step(int x)") + 2
    cands = []
    for ln in range(first, first + len(body)):
        l = lines[ln - 1]
        for tok in sorted(set(t for t in l.replace("(", " ").replace(")", " ")
                       .replace(";", " ").split())):
            if tok.lstrip("-").isdigit():
                cands.append((ln, tok, RND.choice(["%d" % (int(tok) + 2),
                              "%d" % (int(tok) + 8), "%d" % -int(tok),
                              "%d" % (int(tok) ^ 1)])))
        e = l.strip()
        if not e.endswith(";"):
            continue
        e = e[:-1]  # a whole expression statement: its operator changed
        if "++" in e or "--" in e:
            cands.append((ln, e, e.replace("++", "@").replace("--", "++")
                          .replace("@", "--")))
        elif "= " in e and e[e.index("= ") - 1] in "+-&|^":
            op = e[e.index("= ") - 1]
            cands.append((ln, e, e.replace(op + "= ", RND.choice(
                [o for o in "+-&|^" if o != op]) + "= ", 1)))
        else:
            cands.append((ln, e, e + RND.choice([" ^ 8", " + 2", " - 16",
                                                 " ^ 1"])))
    RND.shuffle(cands)
    muts = [("r%d-%d" % (prog, i), "step", ln, o, r)
            for i, (ln, o, r) in enumerate(cands[:6]) if o != r]
    if not muts:
        continue

    def loc(line, orig, lines=lines):
        c = lines[line - 1].index(orig)
        return {"start": {"line": line, "column": c + 1},
                "end": {"line": line, "column": c + 1 + len(orig)}}
    TR = tmpdir("check-cstruct-r.")
    E, M = c_report_verdicts(TR, "st.c", src, muts, loc)
    base = outcomes("r%d" % prog, src)
    for mid, _, ln, o, r in muts:
        vm = M[mid]["verdict"]
        random_meth[vm] = random_meth.get(vm, 0) + 1
        if all(x[mid]["verdict"] != "equivalent" for x in (E, M)):
            continue
        random_eq += 1
        ls = list(lines)
        c = loc(ln, o)["start"]["column"] - 1
        ls[ln - 1] = ls[ln - 1][:c] + r + ls[ln - 1][c + len(o):]
        got = outcomes("r_" + mid.replace("-", "_"), "\n".join(ls))
        if got is None or base is None or got != base:
            random_bad.append(mid)
ok(not random_bad and random_eq >= 5 and random_meth.get("unsupported", 0)
   * 4 < sum(random_meth.values()), "random bodies: every mutant called "
   "equivalent gives the original's globals on the grid under gcc and "
   "clang (%d checked; wrong: %s; method-level verdicts %s)"
   % (random_eq, random_bad, sorted(random_meth.items())))
# a tentative definition after the one with the initializer (C11
# 6.9.2: one object, 5 at startup): main's globals stay inputs
TWICE = SRC.replace("state_t boot;\n", "state_t boot;\nint total;\n")
T3 = tmpdir("check-cstruct3.")
L3 = TWICE.split("\n")


def location3(line, orig):
    line += line > 28  # the line inserted
    c = L3[line - 1].index(orig)
    return {"start": {"line": line, "column": c + 1},
            "end": {"line": line, "column": c + 1 + len(orig)}}


_, M3 = c_report_verdicts(T3, "st.c", TWICE,
                          [m for m in MUTANTS if m[1] == "main"], location3)
ok(M3["main-3"]["verdict"] != "equivalent" and
   M3["main-5"]["verdict"] != "equivalent",
   "a global declared twice before main keeps its value an input: total "
   "* 3 and total + 5 not equivalent (%s)" % M3["main-3"]["detail"][:200])
done()
