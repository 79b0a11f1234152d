#!/usr/bin/env python3
# c-compile-library.t - every C text the library produces is C: each
# original and mutant expression, each witness (of an answer and of a
# claim) of every C theory (theories/c-*.yaml and the C ones of
# theories/audit/), and every mutant text of a C entry of tables/,
# compiled with gcc and with clang under -std=c11 -Wall -Wextra -Werror.
#
# One translation unit per theory file (and one for tables/) and
# compiler, compiled side by side (as many at a time as CPUs).  In it,
# one function per target and domain declares the variables with their
# types and evaluates each text; a witness assigns its values to them.
# What a compiler alone would let through is asserted at compile time:
#   - a witness value has its variable's type after the integer
#     promotions (value_print writes a value of type long as a long
#     constant: -9223372036854775808L is no constant of any type, and
#     -2147483648 is a long, not an int) and, for an integer, converts
#     to the variable's type unchanged;
#   - a {min} or {max} mutant (a literal of the original's type,
#     model/mutate.c) has the original variable's promoted type.
# NAN and INFINITY are floats (C11 7.12): a double witness written so
# converts exactly, and its type is not asserted.
# tables/subsume_tables.c itself is compiled with the same flags, and a
# program built on it lists the C entries' mutants (tables/ is what
# `subsume tables` writes: tests/library.t).
#
# Some mutants draw a warning for what they compute, not for how they
# are written: a division by the constant 0 (-Wdiv-by-zero), an unsigned
# comparison with 0 that is always true (-Wtype-limits, clang's
# -Wtautological-*), ++ or -- on a _Bool (-Wbool-operation).  Under
# -Werror these are the mutants a tool cannot compile (stillborn); they
# are listed, and each unit passes when every error it has is one of
# those warnings on an original or mutant text: any other error, or any
# on a witness or an assertion, fails it.
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import S, ok, done, tmpdir  # noqa: E402

FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror"]
COMPILERS = [c for c in ("gcc", "clang")
             if subprocess.run(["sh", "-c", "command -v " + c],
                               capture_output=True).returncode == 0]
if not COMPILERS:
    print("1..0 # SKIP neither gcc nor clang")
    sys.exit(0)

T = tmpdir("c-compile-library.")
BELOW_INT = {"_Bool", "bool", "char", "signed char", "unsigned char",
             "short", "unsigned short", "int8_t", "uint8_t", "int16_t",
             "uint16_t"}
INTEGER = BELOW_INT | {"int", "unsigned", "long", "unsigned long",
                       "long long", "unsigned long long", "int32_t",
                       "uint32_t", "int64_t", "uint64_t"}


def promoted(t):
    """C11 6.3.1.1p2: the type a value of type t has after the integer
    promotions (every type below int fits an int here)."""
    return "int" if t in BELOW_INT else t


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def is_c(path):
    with open(path) as f:
        return re.search(r"^language: c(\+\+)?\s*$", f.read(), re.M)


theories = sorted(glob.glob("theories/c-*.yaml")) + \
    sorted(p for p in glob.glob("theories/audit/*.yaml") if is_c(p))

# witness text "a=-16, b=(-2147483647 - 1)": the variables' values
ASSIGN = re.compile(r"([A-Za-z_]\w*)=(.*?)(?:, (?=[A-Za-z_]\w*=)|$)")


def witnesses(r):
    for w in r.get("witnesses") or []:
        yield w
    for c in r.get("claims") or []:
        for w in c.get("witnesses") or []:
            yield w


class Unit:
    def __init__(self, name):
        self.name = name
        # one line per element: lines_of counts them
        self.lines = ["#include <math.h>", "#include <stdbool.h>", ""]
        self.nfn = 0
        self.texts = 0
        self.asserts = 0
        self.lines_of = {}  # line number -> original or mutant text

    def function(self, what, vars_, body):
        self.nfn += 1
        self.lines.append("/* %s */" % what.replace("*/", "* /"))
        self.lines.append("void f%d(void);" % self.nfn)
        self.lines += ["void f%d(void)" % self.nfn, "{"]
        for v, t in vars_.items():
            self.lines.append("\t%s %s = 0;" % (t, v))
        for b in body:
            if isinstance(b, tuple):  # an original or mutant text
                self.lines_of[len(self.lines) + 1] = b[0]
                b = b[1]
            self.lines.append(b)
        for v in vars_:
            self.lines.append("\t(void)%s;" % v)
        self.lines += ["}", ""]

    def expr(self, text):
        self.texts += 1
        return (text, "\t(void)(%s);" % text)

    def type_is(self, text, t, why):
        self.asserts += 1
        return ("\t_Static_assert(_Generic((%s), %s: 1, default: 0), %s);"
                % (text, t, c_str(why)))

    def witness(self, vars_, text):
        """The witness's assignments, with the assertions on values."""
        body = ["\t{"]
        self.texts += 1
        for v, val in ASSIGN.findall(text):
            t = vars_.get(v)
            if t is None:  # not a variable of the target: still C
                body.append("\t\t(void)(%s);" % val)
                continue
            body.append("\t\t%s = %s;" % (v, val))
            if "NAN" in val or "INFINITY" in val:
                continue
            body.append("\t" + self.type_is("+(%s)" % val, promoted(t),
                                            "witness %s=%s has type %s"
                                            % (v, val, promoted(t))))
            if t in INTEGER:
                self.asserts += 1
                body.append("\t\t_Static_assert((%s)(%s) == (%s), %s);"
                            % (t, val, val, c_str("witness %s=%s fits %s"
                                                  % (v, val, t))))
        body.append("\t}")
        return body

    def result(self, r):
        vars_ = r["vars"]
        body = [self.expr(r["expr"])]
        for m in r["mutants"]:
            body.append(self.expr(m["expr"]))
            if re.search(r"\((min|max)\)$", m["label"]) and \
                    r["expr"] in vars_:
                t = promoted(vars_[r["expr"]])
                body.append(self.type_is(
                    "+(%s)" % m["expr"], t, "%s: %s has type %s"
                    % (m["label"], m["expr"], t)))
        for w in witnesses(r):
            body += self.witness(vars_, w["text"])
        self.function("%s: %s, domain %s (%s)" % (
            r["theory"], r["target"], r["domain"],
            ", ".join("%s %s" % (t, v) for v, t in vars_.items())),
            vars_, body)

    def write(self):
        path = os.path.join(T, self.name + ".c")
        with open(path, "w") as f:
            f.write("\n".join(self.lines) + "\n")
        return path


def prove(path):
    p = subprocess.run([S, "prove", "--format", "json", "--no-timing", path],
                       capture_output=True, text=True)
    # 7: an audit theory's claim is refuted, as docs/audit.md says
    if p.returncode not in (0, 7):
        return None
    return json.loads(p.stdout)["results"]


units, results = [], {}
for path in theories:
    rs = prove(path)
    if not ok(rs is not None and len(rs) > 0,
              "subsume prove %s: C results" % path):
        continue
    u = Unit(os.path.basename(path)[:-5].replace("-", "_"))
    for r in rs:
        results[(r["theory"], r["target"], r["domain"])] = r
        u.result(r)
    units.append(u)


def compile_(cc, src, extra=()):
    out = os.path.join(T, "%s-%s.o" % (os.path.basename(src)[:-2], cc))
    limit = ["-ferror-limit=0"] if cc == "clang" else []
    p = subprocess.run([cc] + FLAGS + limit + list(extra) +
                       ["-c", "-o", out, src], capture_output=True,
                       text=True)
    return p.returncode, p.stderr


# the warnings a mutant draws for what it computes (see above)
MEANING = re.compile(r"^(div-by-zero|division-by-zero|type-limits|"
                     r"tautological-[\w-]+|bool-operation)$")
ERROR = re.compile(r"^[^:]+:(\d+):\d+: error: (.*?)"
                   r"(?: \[-Werror(?:=|,-W)([\w-]+)\])?$")


def judge(unit, err):
    """The unit's errors: (stillborn texts by warning, other errors)."""
    still, other = {}, []
    for line in err.splitlines():
        m = ERROR.match(line)
        if not m:
            continue
        text = unit.lines_of.get(int(m.group(1)))
        flag = m.group(3)
        if text is not None and flag and MEANING.match(flag):
            still.setdefault(flag, set()).add(text)
        else:
            other.append(line)
    return still, other


def report(rc, err, name):
    if not ok(rc == 0, name):
        for line in err.splitlines()[:30]:
            print("# " + line)


# tables/: the table compiled, and a program on it listing its C entries
rc, err = compile_(COMPILERS[0], "tables/subsume_tables.c", ["-Itables"])
lister = os.path.join(T, "list.c")
with open(lister, "w") as f:
    f.write(r'''#include <stdio.h>
#include <string.h>
#include "subsume_tables.h"
int main(void)
{
	for (size_t i = 0; i < subsume_nentries; i++) {
		const struct subsume_entry *e = &subsume_entries[i];
		if (strcmp(e->language, "c") && strcmp(e->language, "c++"))
			continue;
		for (size_t k = 0; k < e->nmutants; k++)
			printf("%s\t%s\t%s\t%s\t%s\n", e->theory, e->target,
			       e->domain, e->mutants[k].label,
			       e->mutants[k].expr);
	}
	return 0;
}
''')
exe = os.path.join(T, "list")
p = subprocess.run([COMPILERS[0]] + FLAGS + ["-Itables", "-o", exe, lister,
                                              "tables/subsume_tables.c"],
                   capture_output=True, text=True)
report(p.returncode, p.stderr, "%s %s: tables/subsume_tables.c and a "
       "program listing its C entries" % (COMPILERS[0], " ".join(FLAGS)))
rows = subprocess.run([exe], capture_output=True, text=True).stdout \
    if p.returncode == 0 else ""
tab = Unit("tables")
by_entry, unmatched = {}, []
for line in rows.splitlines():
    theory, target, domain, label, expr = line.split("\t")
    by_entry.setdefault((theory, target, domain), []).append((label, expr))
for key, muts in by_entry.items():
    r = results.get(key)
    if r is None:
        unmatched.append(key)
        continue
    body = [tab.expr(r["expr"])]
    for label, expr in muts:
        body.append(tab.expr(expr))
        if re.search(r"\((min|max)\)$", label) and r["expr"] in r["vars"]:
            t = promoted(r["vars"][r["expr"]])
            body.append(tab.type_is("+(%s)" % expr, t, "table %s: %s has "
                                    "type %s" % (label, expr, t)))
    tab.function("tables/: %s: %s, domain %s" % key, r["vars"], body)
ok(len(by_entry) > 0 and not unmatched,
   "tables/ has C entries (%d), each of a C theory's target and domain"
   % len(by_entry))
for k in unmatched:
    print("# no C theory has the entry %s: %s, domain %s" % k)
units.append(tab)

jobs = [(cc, u, u.write()) for u in units for cc in COMPILERS]
with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
    futs = [(cc, u, pool.submit(compile_, cc, src)) for cc, u, src in jobs]
    for cc, u, fut in futs:
        rc, err = fut.result()
        still, other = judge(u, err)
        name = "%s %s: %s (%d functions, %d texts, %d assertions)" % (
            cc, " ".join(FLAGS), u.name, u.nfn, u.texts, u.asserts)
        if still:
            name += "; stillborn: " + ", ".join(
                "%d by -W%s" % (len(t), f) for f, t in sorted(still.items()))
        # rc != 0 with no error line at all is a failure too
        if not ok(not other and (rc == 0 or still), name):
            for line in (other or err.splitlines())[:30]:
                print("# " + line)
        for f, texts in sorted(still.items()):
            print("#   -W%s: %s" % (f, "; ".join(sorted(texts))))
done()
