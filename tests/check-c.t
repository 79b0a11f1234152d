#!/usr/bin/env python3
# check-c.t - `subsume check` on a C batch (docs/check.md: C sites),
# every verdict cross-checked against gcc and clang (C++ sites: g++ and
# clang++, -std=c++20).
#
# The sites below (unsigned comparisons with 0, signed overflow under
# each `ub` policy, mixed signedness, promotion of 8-bit types, shifts,
# the strlen and abs contracts) carry the verdict expected by hand, with
# the reason.  Independently of the tool, every site is compiled with
# gcc and with clang under -fsanitize=undefined -fno-sanitize-recover=all
# (-fwrapv for `ub: wrap`) and run on a grid of inputs (every value of
# an 8-bit variable, so those sites are decided exhaustively; boundary
# values otherwise) plus the tool's killing inputs, pasted into the
# program as the C constants the tool printed.  An input is undefined
# when either compiler's program stops there (a UBSan report is never a
# false positive; gcc folds some overflows away; clang does not check
# abs(), gcc does when the call is not folded away, so each abs() is a
# call of a function of the program).
# Then, for each mutant:
#   - the tool's verdict is the expected one;
#   - equivalent: no input of the grid kills it (outcome: exactly one
#     of original and mutant undefined, or different values;
#     defined-only: inputs where the original is undefined are out);
#   - killable, duplicate, subsumed: the printed killing input kills it;
#     duplicate of M: the same outcome as M on every input; subsumed by
#     M: every input that kills M kills it.
import json, os, re, shutil, subprocess

from tap import S, done, ok, tmpdir
T = tmpdir("check-c.")

INT_MIN, INT_MAX = -2**31, 2**31 - 1
# name: (bits, signed); lp64, plain char signed
CTYPES = {"signed char": (8, True), "unsigned char": (8, False),
          "char": (8, True), "short": (16, True),
          "unsigned short": (16, False), "int": (32, True),
          "unsigned": (32, False), "long": (64, True),
          "unsigned long": (64, False)}

# (name, ub, vars, expr, [(id, mutant, expected verdict)])
SITES = [
    # unsigned u is never negative: u >= 0 is always 1, u < 0 always 0,
    # and u != 0 is u > 0; over int, x != 0 and x > 0 differ at x < 0.
    ("uge0", None, [("u", "unsigned")], "u >= 0",
     [("T", "1", "equivalent"), ("GT", "u > 0", "killable")]),
    ("ult0", None, [("u", "unsigned")], "u < 0",
     [("F", "0", "equivalent"), ("LE", "u <= 0", "killable")]),
    ("une0", None, [("u", "unsigned")], "u != 0",
     [("GT", "u > 0", "equivalent"), ("GE", "u >= 0", "killable")]),
    ("ine0", None, [("x", "int")], "x != 0",
     [("GT", "x > 0", "killable")]),
    # x + 1 overflows at INT_MAX: under outcome the original is undefined
    # there and 1 is not; under defined-only that input is out of the
    # domain, elsewhere x + 1 > x; under wrap x + 1 is INT_MIN there.
    ("ovf", "outcome", [("x", "int")], "x + 1 > x",
     [("ONE", "1", "killable")]),
    ("ovf-d", "defined-only", [("x", "int")], "x + 1 > x",
     [("ONE", "1", "equivalent")]),
    ("ovf-w", "wrap", [("x", "int")], "x + 1 > x",
     [("ONE", "1", "killable")]),
    ("lovf", None, [("l", "long")], "l + 1 > l",
     [("ONE", "1", "killable")]),
    # -1 < 0u compares 4294967295u with 0u: 0; so does x < 0u for any x.
    ("mixed", None, [], "-1 < 0u",
     [("Z", "0", "equivalent"), ("O", "1", "killable")]),
    ("xmixed", None, [("x", "int")], "x < 0u",
     [("Z", "0", "equivalent"), ("LT", "x < 0", "killable")]),
    # 8-bit operands are promoted to int: c + 1 never overflows and
    # uc - 1 is an int below uc; an unsigned u - 1 wraps at 0.
    ("sc", None, [("c", "signed char")], "c + 1 > c",
     [("ONE", "1", "equivalent")]),
    ("uc", None, [("uc", "unsigned char")], "uc - 1 < uc",
     [("ONE", "1", "equivalent")]),
    ("uwrap", None, [("u", "unsigned")], "u - 1 < u",
     [("ONE", "1", "killable")]),
    # x << 1 is undefined for a negative x, x * 2 is not (at -16);
    # under wrap (-fwrapv) both wrap the same way.
    ("shl", "outcome", [("x", "int")], "x * 2",
     [("SHL", "x << 1", "killable"), ("ADD", "x + x", "equivalent")]),
    ("shl-w", "wrap", [("x", "int")], "x * 2",
     [("SHL", "x << 1", "equivalent")]),
    # / rounds toward 0, >> down: they differ at odd negative x.
    ("div", None, [("x", "int")], "x / 2",
     [("SHR", "x >> 1", "killable")]),
    # abs(INT_MIN) is undefined: abs(x) >= 0 -> 1 differs there; with
    # != 0 -> > 0 both are undefined there and agree elsewhere.
    ("abs", None, [("x", "int")], "abs(x) >= 0",
     [("ONE", "1", "killable")]),
    ("absne", None, [("x", "int")], "abs(x) != 0",
     [("GT", "abs(x) > 0", "equivalent"), ("X", "x != 0", "killable")]),
    # strlen is a size_t: == 0 and <= 0 are the same (the issue's case).
    ("strlen", None, [], "strlen(w) == 0",
     [("LE", "strlen(w) <= 0", "equivalent"),
      ("LT", "strlen(w) < 1", "equivalent"),
      ("NE", "strlen(w) != 0", "killable")]),
]
# C++ sites (language: c++, compiled with g++ and clang++ -std=c++20):
# comparisons are bool (true is their literal), and C++20 defines
# E1 << E2 for a negative E1 and where it does not fit (modulo 2^N): so
# x << 1 is defined where x * 2 overflows (x = 2^30).
CXX = {"cxx-uge0", "cxx-shl"}
SITES += [
    ("cxx-uge0", None, [("u", "unsigned")], "u >= 0",
     [("T", "true", "equivalent"), ("GT", "u > 0", "killable")]),
    ("cxx-shl", None, [("x", "int")], "x * 2",
     [("SHL", "x << 1", "killable")]),
]
STRINGS = ["", "a", "ab", "abcdefghijklmnop"]


def rng(t):
    bits, sg = CTYPES[t]
    return (-2**(bits - 1), 2**(bits - 1) - 1) if sg else (0, 2**bits - 1)


def grid(t):
    lo, hi = rng(t)
    if CTYPES[t][0] == 8:
        return list(range(lo, hi + 1))
    vals = {lo, lo + 1, -17, -16, -13, -2, -1, 0, 1, 2, 15, 16, 31, 32, 33,
            hi // 2, hi // 2 + 1, hi - 1, hi}
    return sorted(v for v in vals if lo <= v <= hi)


def cconst(t, v):
    """v as a C constant of type t (lp64)."""
    bits, sg = CTYPES[t]
    if sg and v == -2**(bits - 1):
        return "(%s)(%d%s - 1)" % (t, v + 1, "L" if bits == 64 else "")
    return "(%s)%d%s" % (t, v, "" if sg else "u") if bits < 64 else \
        "(%s)%d%s" % (t, v, "L" if sg else "UL")


def program(site, exprs, inputs):
    name, ub, vs, _, _ = site
    tab = []
    for k, inp in enumerate(inputs):
        tab.append("{ %s }" % ", ".join(inp) if inp else "{ 0 }")
    decls = "".join("\t\tvolatile %s %s = IN[k].%s;\n" % (t, v, v)
                    for v, t in vs)
    fields = "".join("\t%s %s;\n" % (t, v) for v, t in vs) or "\tint none;\n"
    cases = "".join("\t\tcase %d: PR(%s); break;\n" % (p, e)
                    for p, e in enumerate(exprs))
    pr = """#define PR(e) _Generic((e), unsigned: pr_u, unsigned long: pr_u, \\
	unsigned long long: pr_u, default: pr_s)(e)"""
    if name in CXX:
        pr = """#include <type_traits>
template <class T> static void PR(T v)
{
	if (std::is_signed<T>::value)
		pr_s((long long)v);
	else
		pr_u((unsigned long long)v);
}"""
    return """#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static void pr_u(unsigned long long v) { printf("%%llu\\n", v); fflush(stdout); }
static void pr_s(long long v) { printf("%%lld\\n", v); fflush(stdout); }
/* gcc reports abs(INT_MIN) only where it does not fold the call into
 * the comparison around it (abs(x) >= 0 becomes 1), clang never: one
 * call per use, out of reach of folding at -O0. */
static int abs_(int v) { return abs(v); }
#define abs(v) abs_(v)
%s
static const char *const STR[] = { %s };
struct in {
%s};
static const struct in IN[] = { %s };
int main(int argc, char **argv)
{
	int p = atoi(argv[1]), n = (int)(sizeof(IN) / sizeof(IN[0]));
	for (int k = atoi(argv[2]); k < n; k++) {
		const char *volatile w = STR[k %% %d];
%s		printf("%%d ", k);
		switch (p) {
%s		}
	}
	(void)argc;
	return 0;
}
""" % (pr, ", ".join('"%s"' % s for s in STRINGS), fields, ", ".join(tab),
       len(STRINGS), decls, cases)


def run_all(binary, nprog, ninputs):
    """out[p][k]: the printed value, or None (undefined)."""
    out = []
    for p in range(nprog):
        res, k = [None] * ninputs, 0
        while k < ninputs:
            r = subprocess.run([binary, str(p), str(k)], capture_output=True,
                               text=True)
            done = k
            for line in r.stdout.splitlines():
                m = re.match(r"^(\d+) (\S+)$", line)
                if m:
                    res[int(m.group(1))] = m.group(2)
                    done = int(m.group(1)) + 1
            if r.returncode == 0:
                break
            k = done + 1  # input `done` stopped the program: undefined
        out.append(res)
    return out


# The batch, from SITES.
with open(os.path.join(T, "c.yaml"), "w") as f:
    f.write("check: c-oracle\nlanguage: c\nsites:\n")
    for name, ub, vs, expr, ms in SITES:
        f.write("  - name: %s\n" % name)
        if name in CXX:
            f.write("    language: c++\n")
        if ub:
            f.write("    ub: %s\n" % ub)
        if vs:
            f.write("    vars: { %s }\n" % ", ".join("%s: %s" % (v, t)
                                                     for v, t in vs))
        f.write('    expr: "%s"\n    mutants:\n' % expr)
        for mid, mx, _ in ms:
            f.write('      - { id: %s, expr: "%s" }\n' % (mid, mx))
r = subprocess.run([S, "check", "--no-timing", "--format", "json",
                    os.path.join(T, "c.yaml")], capture_output=True, text=True)
ok(r.returncode == 0, "the C batch checks (exit 0)")
res = {(m["where"], m["id"]): m for m in json.loads(r.stdout)["mutants"]}
ok(all(m.get("language") == ("c++" if m["where"] in CXX else "c") and
       m["options"]["data-model"] == "lp64" for m in res.values()),
   "every JSON verdict names its language (c, c++) and lp64")
ok(sorted(set(m["options"]["ub"] for m in res.values())) ==
   ["defined-only", "outcome", "wrap"], "... and each site's ub policy")

for site in SITES:
    name, ub, vs, expr, ms = site
    # the tool's verdicts, and its killing inputs
    tool = {mid: res.get((name, mid)) for mid, _, _ in ms}
    for mid, mx, want in ms:
        got = tool[mid]["verdict"] if tool[mid] else "missing"
        ok(got == want, "%s: %s |==> %s is %s (got %s: %s)" %
           (name, expr, mx, want, got, tool[mid] and tool[mid]["detail"]))
    inputs = [()]
    if vs:
        inputs = [()]
        for v, t in vs:
            inputs = [i + (cconst(t, x),) for i in inputs for x in grid(t)]
    ngrid = len(inputs)
    wit = {}
    for mid, _, _ in ms:
        d = tool[mid]["detail"] if tool[mid] else ""
        m = re.search(r"killed by (.*)$", d)
        if not m:
            continue
        vals = dict(p.split("=", 1) for p in m.group(1).split(", ")
                    if "=" in p)
        if all(v in vals for v, _ in vs):
            wit[mid] = len(inputs)
            inputs.append(tuple("(%s)(%s)" % (t, vals[v]) for v, t in vs))
    exprs = [expr] + [mx for _, mx, _ in ms]
    src = os.path.join(T, name + (".cc" if name in CXX else ".c"))
    with open(src, "w") as f:
        f.write(program(site, exprs, inputs))
    outs = []
    for cc in (("g++", "clang++") if name in CXX else ("gcc", "clang")):
        b = os.path.join(T, "%s-%s" % (name, cc))
        flags = ["-w", "-O0", "-fsanitize=undefined",
                 "-std=c++20" if name in CXX else "-std=c11",
                 "-fno-sanitize-recover=all"] + (["-fwrapv"] if ub == "wrap"
                                                  else [])
        c = subprocess.run([cc] + flags + ["-o", b, src], capture_output=True,
                           text=True)
        if c.returncode:
            print("# %s" % c.stderr.replace("\n", "\n# "))
        ok(c.returncode == 0, "%s: compiles with %s" % (name, cc))
        outs.append(run_all(b, len(exprs), len(inputs)) if not c.returncode
                    else None)
    if None in outs:
        continue
    # undefined when either compiler says so; defined values agree
    oc = [[None if g is None or c is None else c
           for g, c in zip(outs[0][p], outs[1][p])] for p in range(len(exprs))]
    agree = all(g == c for p in range(len(exprs))
                for g, c in zip(outs[0][p], outs[1][p])
                if g is not None and c is not None)
    ok(agree, "%s: gcc and clang agree on every defined value" % name)

    def kills(p, k):
        o, m = oc[0][k], oc[p][k]
        if ub == "defined-only" and o is None:
            return False
        return o != m

    for p, (mid, mx, want) in enumerate(ms, 1):
        v = tool[mid]["verdict"] if tool[mid] else None
        if v == "equivalent":
            bad = [k for k in range(len(inputs)) if kills(p, k)]
            ok(not bad, "%s/%s: no input of %d%s kills it (compilers)" %
               (name, mid, ngrid, " (every value)" if vs and all(
                   CTYPES[t][0] == 8 for _, t in vs) else "")
               + ("; killed by %s" % (inputs[bad[0]],) if bad else ""))
            continue
        if v not in ("killable", "duplicate", "subsumed"):
            ok(False, "%s/%s: verdict %s" % (name, mid, v))
            continue
        k = wit.get(mid, 0 if not vs else None)
        ok(k is not None and kills(p, k), "%s/%s: the printed input %s "
           "kills it (compilers: %s vs %s)" % (name, mid, tool[mid]["detail"],
                                               oc[0][k] if k is not None else "?",
                                               oc[p][k] if k is not None else "?"))
        by = tool[mid].get("by")
        if v in ("duplicate", "subsumed") and by:
            q = [i for i, (b, _, _) in enumerate(ms, 1) if b == by][0]
            if v == "duplicate":
                good = all(oc[p][k] == oc[q][k] for k in range(len(inputs)))
            else:
                good = all(kills(p, k) for k in range(len(inputs))
                           if kills(q, k))
            ok(good, "%s/%s: %s %s on every input (compilers)" %
               (name, mid, v, by))

# The text output names the language and the options of each C site.
r = subprocess.run([S, "check", "--no-timing", os.path.join(T, "c.yaml")],
                   capture_output=True, text=True)
ok("ovf-d: ONE equivalent: x + 1 > x |==> 1 [language c: data-model: lp64, "
   "char: signed, ub: defined-only]: proven: no input kills it" in r.stdout,
   "text: the verdict line names language c and ub: defined-only")
ok("killed by x=2147483647" in r.stdout and
   "killed by l=9223372036854775807L" in r.stdout,
   "text: witnesses in C syntax (int, long with L)")
# Contracts apply per language: the same text in a Java site is opaque.
with open(os.path.join(T, "j.yaml"), "w") as f:
    f.write('sites:\n  - name: jstrlen\n    expr: "strlen(w) == 0"\n'
            '    mutants: [ "strlen(w) <= 0" ]\n'
            '  - name: clength\n    language: c\n'
            '    expr: "s.length() == 0"\n'
            '    mutants: [ "s.length() <= 0" ]\n'
            '  - name: deref\n    language: c\n'
            '    expr: "*p->next == 0"\n'
            '    mutants: [ "!*p->next", "*p->next <= 0" ]\n')
r = subprocess.run([S, "check", "--no-timing", os.path.join(T, "j.yaml")],
                   capture_output=True, text=True)
# !v is v == 0 for any number; <= 0 differs for a negative value.
ok("deref: deref.1 equivalent:" in r.stdout and
   "deref: deref.2 killable: *p->next == 0 |==> *p->next <= 0 " in r.stdout
   and re.search(r"killed by \*p->next=-\d+\n", r.stdout) is not None,
   "a C dereference *p->next is an opaque int value")
ok(re.search(r"jstrlen: jstrlen.1 killable: .*killed by strlen\(w\)=-",
             r.stdout) is not None,
   "a Java site: strlen() has no contract (C's does not apply)")
ok(re.search(r"clength: clength.1 killable: .*killed by s.length\(\)=-",
             r.stdout) is not None,
   "a C site: length() has no contract (Java's does not apply)")

# docs/check.md shows the output on tests/data/check/c.yaml: it is what
# the tool writes.
doc = open("docs/check.md").read()
m = re.search(r"\$ subsume check --no-timing tests/data/check/c.yaml\n"
              r"(.*?)\n\.\.\.\n", doc, re.S)
r = subprocess.run([S, "check", "--no-timing", "tests/data/check/c.yaml"],
                   capture_output=True, text=True)
ok(m is not None and r.stdout.startswith(m.group(1) + "\n\nsummary:"),
   "docs/check.md: the C example's output is the tool's")

shutil.rmtree(T)
done()
