#!/usr/bin/env python3
# check-cconst.t - a C file's own constants and types in a
# mutation-testing-elements report (issue 30; lang/csrc-const.c): object-
# like #define constants (one defined by another, with a comment), enum
# constants (one the previous plus 1), a macro that is no parenthesized
# expression (`1 + 2`: its tokens, not its value), typedefs (one of `bool` to int,
# which must not be C's _Bool, one to another), a #define of a type
# (BYTE), an old-style definition, and #defines under #ifdef (which a -D
# flag decides: refused, also where they would replace a global's name),
# definitions without a return type (`half(x) int x; {`, `sign(x) {`:
# implicit int, which tree-sitter-c reads as an error), and a function
# defined through a macro (`WRAP(big) {`: not read as one).
#
# The report's mutants are judged at expression level and with --method.
# Nothing expected is written in beyond the verdict each must have:
#   - every mutant called equivalent (at either level) gives the
#     original's outcome on a grid of boundary and random inputs of its
#     function, the original and the mutant (its text spliced in at its
#     location) compiled by gcc and by clang with -fsanitize=undefined
#     -fno-sanitize-recover=all, each input in a forked child (U when a
#     sanitizer stops it);
#   - every mutant the grid kills is not called equivalent, at either
#     level;
#   - the mutants whose verdict depends on the file's constants and
#     types have it: `x + AUTO` to `x + 4` equivalent (AUTO is 4),
#     `(flag)x < 0` for `x < 0` equivalent (flag is bool is int; a _Bool
#     cast would make it 0), the #ifdef'd SIZE refused with its name.
import random, subprocess

from tap import c_locator, c_mutated, c_report_verdicts, c_ubsan_outcomes, done, ok, tmpdir

T = tmpdir("check-cconst.")
SRC = r"""#include <stdio.h>
#define LIMIT 100 /* the most */
#define TWICE (LIMIT * 2)
#define NEG -1
typedef unsigned char u8;
typedef int bool;
typedef bool flag;
enum mode { OFF, ON = 3, AUTO };
#ifdef BIG
#define SIZE 10
#else
#define SIZE 20
#endif

int clampf(int x, u8 y)
{
	if (y > TWICE)
		return LIMIT;
	return x + AUTO;
}

flag isneg(x)
short x;
{
	return x < 0;
}

int sized(int x)
{
	return x + SIZE;
}

#define BYTE unsigned char
int low(BYTE b, int x)
{
	return b > 255 ? x : (BYTE)x;
}

#define SUM 1 + 2
int scaled(int x)
{
	return x * SUM;
}

int count;
#ifdef DEBUG
#define count 0
#endif
int tally(int x)
{
	return x + count;
}

half(x)
int x;
{
	return x / 2;
}

sign(x)
{
	return (x > 0) - (x < 0);
}

#define WRAP(n) long n(void)
WRAP(big)
{
	return 2147483647 + 1L;
}
"""
# (id, function, line, original, replacement)
MUTANTS = [
    ("twice-1", "clampf", 17, "y > TWICE", "y > TWICE - 1"),
    ("twice-ge", "clampf", 17, "y > TWICE", "y >= TWICE + 1"),
    ("auto-4", "clampf", 19, "x + AUTO", "x + 4"),
    ("auto-on", "clampf", 19, "x + AUTO", "x + ON"),
    ("limit-0", "clampf", 18, "LIMIT", "LIMIT + OFF"),
    ("neg-le", "isneg", 25, "x < 0", "x <= NEG"),
    ("neg-flag", "isneg", 25, "x < 0", "(flag)x < 0"),
    ("neg-bool", "isneg", 25, "x < 0", "(bool)(x < 0)"),
    ("neg-lt-1", "isneg", 25, "x < 0", "x < NEG"),
    ("size-20", "sized", 30, "x + SIZE", "x + 20"),
    ("byte-0", "low", 36, "b > 255", "0"),
    ("byte-254", "low", 36, "b > 255", "b > 254"),
    ("byte-cast", "low", 36, "(BYTE)x", "x & 255"),
    ("count-x", "tally", 51, "x + count", "x + count + 0"),
    ("sum-3", "scaled", 42, "x * SUM", "x * 3"),
    ("sum-2", "scaled", 42, "x * SUM", "x + 2"),
    ("half-shift", "half", 57, "x / 2", "x >> 1"),
    ("half-even", "half", 57, "x / 2", "(x - x % 2) / 2"),
    ("sign-ge", "sign", 62, "(x > 0) - (x < 0)", "(x >= 1) - (x <= -1)"),
    ("sign-le", "sign", 62, "(x > 0) - (x < 0)", "(x > 0) - (x <= 0)"),
    ("wrap-min", "big", 68, "2147483647 + 1L", "-2147483647L - 1L"),
]
PARAMS = {"clampf": [("int", "x"), ("unsigned char", "y")],
          "isneg": [("short", "x")], "sized": [("int", "x")],
          "low": [("unsigned char", "b"), ("int", "x")],
          "tally": [("int", "x")], "scaled": [("int", "x")],
          "half": [("int", "x")], "sign": [("int", "x")],
          "big": []}
LINES = SRC.split("\n")
location = c_locator(LINES)
EXPR, METH = c_report_verdicts(T, "k.c", SRC, MUTANTS, location)


def mutated(mid):
    return c_mutated(LINES, location, MUTANTS, mid)


def driver():
    d = ["#include <string.h>", "#include <unistd.h>",
         "#include <sys/wait.h>", "int main(void) {", "\tchar f[32];",
         "\tlong long v[4];",
         '\twhile (scanf("%31s", f) == 1) {']
    for fn, ps in PARAMS.items():
        d.append('\t\tif (!strcmp(f, "%s")) {' % fn)
        d.append('\t\t\tfor (int i = 0; i < %d; i++) if (scanf("%%lld", &v[i]) '
                 '!= 1) return 2;' % len(ps))
        d.append("\t\t\tfflush(stdout);\n\t\t\tpid_t p = fork();\n\t\t\tif (!p) {")
        args = ", ".join("(%s)v[%d]" % (t, k) for k, (t, _) in enumerate(ps))
        d.append('\t\t\t\tprintf("R %%lld\\n", (long long)%s(%s));' % (fn, args))
        d.append("\t\t\t\tfflush(stdout);\n\t\t\t\t_exit(0);\n\t\t\t}")
        d.append("\t\t\tint st = 0;\n\t\t\twaitpid(p, &st, 0);")
        d.append('\t\t\tif (!WIFEXITED(st) || WEXITSTATUS(st)) printf("U\\n");')
        d.append("\t\t\tcontinue;\n\t\t}")
    d += ["\t\treturn 3;", "\t}", "\treturn 0;", "}"]
    return "\n".join(d) + "\n"


def outcomes(key, text, fn, inputs):
    """Each input's outcome under gcc and clang (U: either's sanitizer
    stopped it), or None when it does not compile."""
    stdin = "".join("%s %s\n" % (fn, " ".join(str(v) for v in i)) for i in inputs)
    return c_ubsan_outcomes(
        T, key, text + "\n" + driver(), (),
        lambda exe: subprocess.run([exe], input=stdin, capture_output=True,
                                   text=True).stdout.split("\n")[:len(inputs)])


BITS = {"int": 32, "short": 16, "unsigned char": 8}


def wrap(t, v):
    b = BITS[t]
    v &= (1 << b) - 1
    return v - (1 << b) if not t.startswith("unsigned") and v >= 1 << (b - 1) else v


def grid(fn):
    rnd = random.Random(30)
    pool = [0, 1, -1, 2, -2, 3, 4, 99, 100, 101, 199, 200, 201, 254, 255, 256,
            32767, -32768, 65535, 2147483647, -2147483648, 2147483646]
    ts = [t for t, _ in PARAMS[fn]]
    rows = [[wrap(t, v) for t in ts] for v in pool]
    rows += [[wrap(t, rnd.choice(pool) if k % 2 else rnd.getrandbits(64))
              for t in ts] for k in range(200)]
    return rows


ORIG = {fn: outcomes("orig", SRC, fn, grid(fn)) for fn in PARAMS}
bad_eq, bad_kill, killed, checked = [], [], 0, 0
for mid, fn, _, _, _ in MUTANTS:
    got = outcomes("m_" + mid.replace("-", "_"), mutated(mid), fn, grid(fn))
    if got is None or ORIG[fn] is None:
        bad_eq.append(mid + " (does not compile)")
        continue
    differs = got != ORIG[fn]
    killed += differs
    for lvl, v in (("expr", EXPR[mid]), ("method", METH[mid])):
        checked += 1
        if v["verdict"] == "equivalent" and differs:
            bad_eq.append("%s %s" % (lvl, mid))
ok(not bad_eq and killed >= 3, "every mutant called equivalent (at either "
   "level) has the original's outcome on the grid of its function, compiled "
   "(%d verdicts checked, %d mutants the grid kills; wrong: %s)"
   % (checked, killed, bad_eq))
v = METH
ok(v["auto-4"]["verdict"] == "equivalent" and EXPR["auto-4"]["verdict"] ==
   "equivalent" and v["auto-on"]["verdict"] == "killable",
   "an enum constant is its value at both levels (AUTO is ON + 1: x + AUTO "
   "to x + 4 equivalent, to x + ON killable)")
ok(v["neg-flag"]["verdict"] == "equivalent" and v["neg-bool"]["verdict"] ==
   "equivalent" and EXPR["neg-flag"]["verdict"] == "equivalent",
   "the file's `typedef int bool` wins over _Bool: (flag)x < 0 equivalent to "
   "x < 0 in the old-style isneg (%s)" % v["neg-flag"]["detail"][:120])
ok(v["neg-le"]["verdict"] == "equivalent" and v["twice-ge"]["verdict"] ==
   "equivalent" and v["twice-1"]["verdict"] == "killable" and
   v["limit-0"]["verdict"] == "equivalent",
   "#define constants, one through another with a comment: x <= NEG and "
   "y >= TWICE + 1 for y > TWICE equivalent in the "
   "function, y > TWICE - 1 killable")
ok(all(x[k]["verdict"] == "equivalent" for x in (EXPR, METH)
       for k in ("byte-0", "byte-cast")) and METH["byte-254"]["verdict"] ==
   "killable", "a #define of a type (BYTE, unsigned char) as the parameter's "
   "type and in a cast: b > 255 to 0 and (BYTE)x to x & 255 equivalent, "
   "b > 254 killable")
ok(all(x["sum-2"]["verdict"] == "equivalent" and x["sum-3"]["verdict"] ==
       "killable" for x in (EXPR, METH)),
   "a macro stands for its tokens, not a parenthesized value: with "
   "`#define SUM 1 + 2`, x * SUM is x * 1 + 2 (to x + 2 equivalent, to "
   "x * 3 killable) at both levels")
ok(all(x["count-x"]["verdict"] == "unsupported" and "macro" in
       x["count-x"]["detail"] for x in (EXPR, METH)),
   "a global that a macro under #ifdef may replace is refused at both "
   "levels (%s)" % METH["count-x"]["detail"][:160])
ok(all(x[k]["verdict"] == "equivalent" for x in (EXPR, METH)
       for k in ("half-even", "sign-ge")) and
   all(x[k]["verdict"] == "killable" for x in (EXPR, METH)
       for k in ("half-shift", "sign-le")),
   "definitions without a return type (implicit int, C90), one old-style: "
   "read in their functions (tree-sitter-c reads them as errors), x / 2 to "
   "(x - x %% 2) / 2 and the sign's comparisons equivalent, x >> 1 and "
   "x <= 0 killable at both levels (%s)" % METH["sign-le"]["detail"][:120])
ok(METH["wrap-min"]["verdict"] == "killable",
   "a macro invocation at a line's start (`WRAP(big) {`, WRAP a #define "
   "of the file: big returns a long) is not read as a definition without "
   "a return type (an int, where 2147483647 + 1L and -2147483647L - 1L "
   "would be one value): killable (%s)" % METH["wrap-min"]["detail"][:160])
ok(all(x["size-20"]["verdict"] == "unsupported" and "SIZE" in
       x["size-20"]["detail"] for x in (EXPR, METH)),
   "a #define under #ifdef (a flag decides it) is no constant: refused with "
   "its name (%s)" % METH["size-20"]["detail"][:160])
done()
