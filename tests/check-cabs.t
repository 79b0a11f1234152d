#!/usr/bin/env python3
# check-cabs.t - abs without <stdlib.h> in the C method model (issue 30;
# lang/csrc-const.c csrc_libc()): a file that includes no header
# declaring abs and names it nowhere else calls C90's implicitly declared
# `int abs()`, which gets its argument after the default argument
# promotions: the library's abs exactly when that is an int (a char, a
# short, an int), undefined at INT_MIN; other arguments (a long) leave it
# a call, refused at method level, as is a file that includes a header of
# its own (it may declare or #define abs).
#
# Every mutant called equivalent (at either level) must give the
# original's result and global on a grid of inputs, the original and
# the mutant compiled by gcc and clang in C90 mode (-std=gnu89, where an
# undeclared call is allowed) with -fsanitize=undefined
# -fno-sanitize-recover=all (U when a sanitizer stops a case); the
# mutants that need the implicit abs have their verdict at method level.

from tap import c_locator, c_mutated, c_report_verdicts, c_ubsan_outcomes, done, ok, tmpdir

T = tmpdir("check-cabs.")
SRC = r"""#include <stdio.h>
short s;
long l;
int r;

int f(int x, signed char c)
{
	r = x - s;
	r = abs(s) + abs(x);
	return abs(c) > 3;
}

int g(int x)
{
	if (abs(l) > 3)
		return x;
	return 0;
}
"""
# (id, function, line, original, replacement)
MUTANTS = [
    ("abs-s", "f", 9, "abs(s)", "(s < 0 ? -s : s)"),
    ("abs-x", "f", 9, "abs(x)", "(x < 0 ? -x : x)"),
    ("abs-id", "f", 9, "abs(x)", "x"),
    ("dead", "f", 8, "x - s", "x + s"),
    ("abs-c", "f", 10, "abs(c) > 3", "(c > 3 || c < -3)"),
    ("abs-c4", "f", 10, "abs(c) > 3", "abs(c) > 4"),
    ("long", "g", 15, "abs(l) > 3", "abs(l) >= 4"),
]
LINES = SRC.split("\n")
location = c_locator(LINES)
EXPR, METH = c_report_verdicts(T, "a.c", SRC, MUTANTS, location)
XS = [0, 1, -1, 5, -5, 2147483647, -2147483647, 100, -100]
SS = [0, 3, -3, 32767, -32768]
CS = [0, 3, -4, 127, -128]
DRIVER = r"""
#include <unistd.h>
#include <sys/wait.h>
int main(void)
{
	static const int xs[] = { %s }, ss[] = { %s }, cs[] = { %s };
	unsigned i, j, k;
	for (i = 0; i < sizeof(xs) / sizeof(*xs); i++)
	for (j = 0; j < sizeof(ss) / sizeof(*ss); j++)
	for (k = 0; k < sizeof(cs) / sizeof(*cs); k++) {
		pid_t p = fork();
		if (!p) {
			int v;
			s = ss[j];
			r = 7;
			v = f(xs[i], cs[k]);
			printf("%%d %%d\n", v, r);
			fflush(stdout);
			_exit(0);
		} else {
			int status;
			waitpid(p, &status, 0);
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				printf("U\n");
			fflush(stdout);
		}
	}
	return 0;
}
""" % (", ".join(str(x) for x in XS), ", ".join(str(x) for x in SS),
       ", ".join(str(x) for x in CS))


def outcomes(key, text):
    return c_ubsan_outcomes(T, key, text + DRIVER, ["-std=gnu89"])


def mutated(mid):
    return c_mutated(LINES, location, MUTANTS, mid)


ORIG = outcomes("orig", SRC)
ok(ORIG is not None and "U" in ORIG and len(ORIG) > 200,
   "the original runs on the grid under gcc and clang (some cases "
   "stopped by the sanitizers: abs(INT_MIN) is out of the grid, x - s "
   "overflows)")
bad, killed = [], []
for mid, fn, _, _, _ in MUTANTS:
    if fn != "f":
        continue
    got = outcomes("m_" + mid.replace("-", "_"), mutated(mid))
    if got is None or ORIG is None:
        bad.append(mid + " (does not compile)")
        continue
    if got != ORIG:
        killed.append(mid)
    for lvl, v in (("expr", EXPR[mid]), ("method", METH[mid])):
        if v["verdict"] == "equivalent" and got != ORIG:
            bad.append("%s %s" % (lvl, mid))
ok(not bad and len(killed) >= 2, "every mutant called equivalent gives the "
   "original's result and global on the grid, compiled (the grid kills %s; "
   "wrong: %s)" % (killed, bad))
v = METH
def proven(x):  # at method level, not by the expression alone
    return x["verdict"] == "equivalent" and "in its method" in x["detail"]


ok(all(proven(v[m]) for m in ("abs-s", "abs-x", "dead", "abs-c")) and
   v["abs-id"]["verdict"] == "killable" and
   v["abs-c4"]["verdict"] in ("killable", "subsumed"),
   "abs of a short, an int and a signed char without <stdlib.h>: "
   "computed as C does at method level (%s)"
   % {m: v[m]["detail"][-120:] for m in ("abs-s", "abs-x", "dead", "abs-c")
      if not proven(v[m])})
# abs in the value a statement assigns to a local declared without an
# initializer (the argument's type is found before the statement is
# typed, which must still see the assignment at its top)
UNINIT = "short s;\n\nint h(int x)\n{\n\tint y;\n\ty = abs(s) * 2;\n\treturn y;\n}\n"
UL = UNINIT.split("\n")
_, M3 = c_report_verdicts(
    tmpdir("check-cabs3."), "u.c", UNINIT,
    [("uninit", "h", 6, "abs(s) * 2", "2 * abs(s)")],
    lambda line, orig: {"start": {"line": line, "column": UL[line - 1].index(
        orig) + 1}, "end": {"line": line, "column": UL[line - 1].index(orig) +
                            1 + len(orig)}})
ok(proven(M3["uninit"]), "abs in the value assigned to a "
   "local declared without an initializer (%s)" % M3["uninit"]["detail"][-140:])
ok("method level: not modelled: `abs(l) > 3` is outside" in
   v["long"]["detail"], "abs of a long without a prototype (undefined: "
   "C90 6.3.2.2) stays a call, refused (%s)" % v["long"]["detail"][-140:])
OWN = SRC.replace("#include <stdio.h>", '#include "own.h"')
_, M2 = c_report_verdicts(tmpdir("check-cabs2."), "a.c", OWN,
                          [m for m in MUTANTS if m[0] == "abs-s"], location)
ok("is outside the method model" in M2["abs-s"]["detail"],
   "a file that includes a header of its own keeps abs a call (%s)"
   % M2["abs-s"]["detail"][-140:])
done()
