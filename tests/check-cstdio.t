#!/usr/bin/env python3
# check-cstdio.t - printf and scanf of <stdio.h> in the C method model
# (issue 30; lang/csrc-mstmt.c stdio_call()): a printf statement is an
# event holding its format and its integer arguments, scanf's targets
# (locals declared without an initializer) get opaque values (or stay
# unassigned, reading them undefined), in a function without a return
# type (implicit int, as MutantBench's Day.c).
#
# The report's mutants are judged at expression level and with --method.
# Nothing expected is written in beyond the verdict each must have:
#   - every mutant called equivalent (at either level) gives the
#     original's output and result on a grid of inputs (arguments and
#     standard input), the original and the mutant (its text spliced in
#     at its location) compiled by gcc and by clang with
#     -fsanitize=undefined -fno-sanitize-recover=all (U when a sanitizer
#     stops it);
#   - every mutant the grid kills is not called equivalent;
#   - the mutants that need printf and scanf in the model have their
#     verdict at method level: a dead store after a printf and a
#     comparison written the other way round equivalent, a changed
#     printf argument killable, a scanf into a long with %d and a printf
#     of %c (not one to one) refused.
import random, subprocess

from tap import c_mutated, c_report_verdicts, c_ubsan_outcomes, done, ok, tmpdir

T = tmpdir("check-cstdio.")
SRC = r"""#include <stdio.h>

int shown(int x)
{
	int y;
	y = x & 255;
	printf("y=%d\n", y);
	y = y + 1;
	return x > 0;
}

pick()
{
	int a, b;
	scanf("%d,%d", &a, &b);
	if (a > b)
		printf("first %d\n", a);
	else
		printf("second %d\n", b);
	return 0;
}

int chr(int x)
{
	printf("%c", x);
	return 0;
}

int wide(void)
{
	long l;
	scanf("%d", &l);
	printf("%ld\n", l > 0 ? 1L : 0L);
	return 0;
}
"""
# (id, function, line, original, replacement)
MUTANTS = [
    ("dead-2", "shown", 8, "y + 1", "y + 2"),
    ("arg-1", "shown", 7, "y", "y + 1"),
    ("mask-mod", "shown", 6, "x & 255", "x % 256"),
    ("mask-511", "shown", 6, "x & 255", "x & 511"),
    ("ret-ge", "shown", 9, "x > 0", "x >= 1"),
    ("cmp-rev", "pick", 16, "a > b", "b < a"),
    ("cmp-ge", "pick", 16, "a > b", "a >= b"),
    ("cmp-sub", "pick", 16, "a > b", "a - b > 0"),
    ("first-b", "pick", 17, "a", "b"),
    ("wide-ge", "wide", 33, "l > 0", "l >= 1"),
    ("chr-256", "chr", 25, "x", "x + 256"),
]
LINES = SRC.split("\n")


def location(line, orig):
    c = LINES[line - 1].index(orig)
    if orig in ("a", "y", "x"):  # the printf argument, not a name before
        c = LINES[line - 1].rindex(orig)
    return {"start": {"line": line, "column": c + 1},
            "end": {"line": line, "column": c + 1 + len(orig)}}


EXPR, METH = c_report_verdicts(T, "io.c", SRC, MUTANTS, location)


def mutated(mid):
    return c_mutated(LINES, location, MUTANTS, mid)


DRIVER = r"""
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
	int r = 0;
	if (!strcmp(argv[1], "shown"))
		r = shown(atoi(argv[2]));
	else if (!strcmp(argv[1], "pick"))
		r = pick();
	else
		r = wide();
	printf("R %d\n", r);
	return 0;
}
"""


def grid(fn):
    """(argument list, standard input) pairs"""
    rnd = random.Random(30)
    pool = [0, 1, -1, 2, -2, 255, 256, -256, 511, 512, 2147483647,
            -2147483648, 1000, -1000]
    if fn == "shown":
        return [([str(v)], "") for v in pool + [rnd.randint(-2**31, 2**31 - 1)
                                                for _ in range(20)]]
    pairs = [(a, b) for a in pool[:8] + [2147483647, -2147483648]
             for b in pool[:8] + [2147483647, -2147483648]]
    return [([], "%d,%d\n" % p) for p in pairs]


def outcomes(key, text, fn):
    """Each input's output under gcc and clang (U: either's sanitizer
    stopped it), or None when it does not compile."""
    def run(exe):
        out = []
        for args, stdin in grid(fn):
            r = subprocess.run([exe, fn] + args, input=stdin,
                               capture_output=True, text=True)
            out.append("U" if r.returncode else r.stdout)
        return out
    return c_ubsan_outcomes(T, key, text + DRIVER, ["-std=gnu89"], run)


ORIG = {fn: outcomes("orig_" + fn, SRC, fn) for fn in ("shown", "pick")}
bad_eq, killed, checked = [], 0, 0
for mid, fn, _, _, _ in MUTANTS:
    if fn in ("wide", "chr"):
        continue
    got = outcomes("m_" + mid.replace("-", "_"), mutated(mid), fn)
    if got is None or ORIG[fn] is None:
        bad_eq.append(mid + " (does not compile)")
        continue
    differs = got != ORIG[fn]
    killed += differs
    for lvl, v in (("expr", EXPR[mid]), ("method", METH[mid])):
        checked += 1
        if v["verdict"] == "equivalent" and differs:
            bad_eq.append("%s %s" % (lvl, mid))
ok(not bad_eq and killed >= 4, "every mutant called equivalent (at either "
   "level) has the original's output and result on the grid, compiled "
   "(%d verdicts checked, %d mutants the grid kills; wrong: %s)"
   % (checked, killed, bad_eq))
v = METH
ok(v["dead-2"]["verdict"] == "equivalent" and
   v["arg-1"]["verdict"] in ("killable", "subsumed") and
   v["mask-mod"]["verdict"] == "killable",
   "printf's arguments are seen: a store after the printf that nothing reads "
   "is equivalent, a printf argument plus 1 and x %% 256 for x & 255 "
   "killable or subsumed (%s)" % v["arg-1"]["detail"][:160])
ok(v["cmp-rev"]["verdict"] == "equivalent" and
   v["cmp-ge"]["verdict"] == "killable" and
   v["first-b"]["verdict"] == "killable",
   "scanf's targets hold its values: b < a for a > b equivalent after "
   "scanf, a >= b and printing b killable (%s)" % v["cmp-ge"]["detail"][:160])
ok("method level: not modelled: a call to scanf" in v["wide-ge"]["detail"],
   "scanf's %%d into a long is refused at method level (%s)"
   % v["wide-ge"]["detail"][-160:])
ok("method level: not modelled: a call to printf with the format" in
   v["chr-256"]["detail"], "printf's %%c (which writes x and x + 256 "
   "alike) is refused at method level (%s)" % v["chr-256"]["detail"][-160:])
done()
