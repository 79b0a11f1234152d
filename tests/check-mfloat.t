#!/usr/bin/env python3
# check-mfloat.t - float and double in methods (`subsume check --method`,
# sem/mir.h: what a test sees of a floating result).
#
# tests/data/check-mfloat/src/Fl.java with fl.mutants.log (Major's
# format) and fl.c with batch.yaml (C sites naming their function):
# a guard over a double (`if (x != x) return ...`) that makes a mutant
# equivalent in its method only, mutants killed only by NaN or only by
# a signed zero, a loop over a float, floating fields (globals) written,
# a saturating (Java) or undefined (C) conversion to int, and a call
# whose floating argument is the event a test sees.  Nothing expected is
# written in: every method-level verdict is checked on the real JVM
# (javac, java) or the real compilers (gcc and clang with
# -fsanitize=undefined,float-cast-overflow, UB being what either
# reports), outcomes compared as a test compares them (Double.equals:
# the IEEE bits, every NaN alike) or, with --float-compare numeric, as
# numbers (-0.0 == 0.0, NaN == NaN):
#   - every printed killing input (as printed: Java literals such as
#     Double.NaN and -0.0 pasted into the driver; C's NAN, -INFINITY
#     read by strtod) gives the original and the mutant different
#     outcomes;
#   - every mutant called equivalent in its method gives the original's
#     outcome on a grid of boundary inputs (NaN, +-0, +-infinity, the
#     least subnormal, the largest value, ...), and every "subsumed by
#     M, in its method" is killed wherever M is on the grid;
#   - where the grid kills a mutant only with a NaN input (only with a
#     signed zero), the tool's killing input has a NaN (a -0.0); some
#     such mutants exist; some mutant is equivalent in its method that
#     the expression level does not call equivalent; the float loop's
#     verdicts are at method level, its equivalence "every loop
#     bounded"; with --float-compare numeric some mutant killed only by
#     a signed zero becomes equivalent.
# And docs/check.md's example lines are the tool's output.
import itertools, json, os, random, re, struct, subprocess, tempfile

from tap import S, done, ok, stop

D = "tests/data/check-mfloat"
T = tempfile.mkdtemp(prefix="check-mfloat.")
KILL = re.compile(r"killed by (\w+)\(([^)]*)\)(?: with (?:field|global) ([^:]*))?: ")


def check(args):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True)
    try:
        return {str(m["id"]): m for m in json.loads(p.stdout)["mutants"]}
    except (ValueError, KeyError):
        print("# " + (p.stdout + p.stderr)[:300].replace("\n", "\n# "))
        return None


def at_method(x):
    """Is x's verdict one of its method (Java: level; C: the note)?"""
    return x.get("level") == "method" or "[method level: in " in x["detail"]


def kill_input(detail):
    """(method, [argument texts], [(field, value text)]) of the first
    method-level killing input in detail, or None."""
    m = KILL.search(detail)
    if not m:
        return None
    args = [a.split("=", 1)[1] for a in m.group(2).split(", ") if a]
    fs = [tuple(f.split("=", 1)) for f in (m.group(3) or "").split(", ") if f]
    return m.group(1), args, fs


def bits_value(t, h):
    """A printed outcome component: floating ones are hex IEEE bits."""
    if t == "double":
        return struct.unpack("<d", struct.pack("<Q", int(h, 16)))[0]
    if t == "float":
        return struct.unpack("<f", struct.pack("<I", int(h, 16)))[0]
    return h


def same(types, a, b, numeric):
    """Do two outcome lines show the same to a test?  Identical: the text
    (bits, NaN canonical); numeric: floating parts as numbers."""
    if not numeric or a == b:
        return a == b
    pa, pb = a.split(" "), b.split(" ")
    if len(pa) != len(pb) or pa[0] != pb[0] or pa[0] != "R":
        return False
    # then the events: callee/argument bits (log's argument is a double)
    types = types + ["double"] * (len(pa) - 1 - len(types))
    pa = pa[:1] + [t.split("/")[-1] for t in pa[1:]]
    pb = pb[:1] + [t.split("/")[-1] for t in pb[1:]]
    for t, x, y in zip(types, pa[1:], pb[1:]):
        if t in ("double", "float"):
            x, y = bits_value(t, x), bits_value(t, y)
            if not (x == y or (x != x and y != y)):
                return False
        elif x != y:
            return False
    return True


def judge(lang, res, ents, outcome_types, runs, numeric=False):
    """The checks on res (id -> the tool's verdict) given runs: id ->
    (grid inputs, original outcomes, mutant outcomes, the killing input's
    pair or None); ents: id -> the method.  Returns the grid's kills."""
    bad_kill, bad_eq, bad_sub, kills = [], [], [], {}
    for mid, (grid, oo, mo, wit) in runs.items():
        ty = outcome_types[ents[mid]]
        kills[mid] = [i for i, (a, b) in enumerate(zip(oo, mo))
                      if not same(ty, a, b, numeric)]
        x = res[mid]
        if wit is not None and same(ty, wit[0], wit[1], numeric):
            bad_kill.append((mid, wit))
        if x["verdict"] == "equivalent" and at_method(x) and kills[mid]:
            i = kills[mid][0]
            bad_eq.append((mid, grid[i], oo[i], mo[i]))
    for mid in runs:
        x = res[mid]
        if x["verdict"] in ("subsumed", "duplicate") and "in its method" in x["detail"] \
                and x["by"] in kills and not set(kills[x["by"]]) <= set(kills[mid]):
            bad_sub.append((mid, x["by"]))
    tag = "%s%s" % (lang, " (numeric)" if numeric else "")
    if not numeric:  # (the numeric run's inputs are not re-run)
        ok(not bad_kill, "%s: every method-level killing input kills in the "
           "real program (%d mutants)%s" % (tag, sum(w is not None for *_, w in
                                                     runs.values()),
                                            "" if not bad_kill else ": not " +
                                            str(bad_kill[:3])))
    neq = sum(res[m]["verdict"] == "equivalent" and at_method(res[m])
              for m in runs)
    ok(not bad_eq, "%s: every mutant equivalent in its method (%d) has the "
       "original's outcome on the grid%s" % (tag, neq, "" if not bad_eq else
                                             ": not " + str(bad_eq[:2])))
    ok(not bad_sub, "%s: every subsumption claim in a method holds on the "
       "grid%s" % (tag, "" if not bad_sub else ": not " + str(bad_sub[:3])))
    return kills


def scenarios(lang, res, runs, kills, expr_res, nan_lit, nz_lit):
    """The derived expectations: NaN-only and signed-zero-only kills
    found with such inputs, a guard's equivalence beyond the expression
    level."""
    nan_only, nz_only, found = [], [], []
    for mid, (grid, *_rest) in runs.items():
        if not kills[mid]:
            continue
        has_nan = [any(v in ("NaN",) for v in grid[i]) for i in kills[mid]]
        has_nz = [any(v == "-0.0" for v in grid[i]) for i in kills[mid]]
        w = kill_input(res[mid]["detail"])
        text = " ".join(w[1] + [v for _, v in w[2]]) if w else ""
        if all(has_nan):
            nan_only.append(mid)
            found.append(nan_lit in text)
        elif all(has_nz):
            nz_only.append(mid)
            found.append(re.search(r"(^|[ (=])-0\.0", text) is not None)
    ok(nan_only and nz_only and all(found), "%s: mutants the grid kills only "
       "with NaN (%s) or only with -0.0 (%s) are killed with such an input"
       % (lang, ", ".join(nan_only), ", ".join(nz_only)))
    beyond = [m for m in runs if res[m]["verdict"] == "equivalent" and
              at_method(res[m]) and expr_res[m]["verdict"] != "equivalent"]
    ok(beyond, "%s: mutants equivalent in their method only (%s)" %
       (lang, ", ".join(beyond)))


# ---- inputs ----

POOL = ["NaN", "0.0", "-0.0", "1.0", "-1.0", "0.5", "2.0", "3.0", "4.0",
        "Inf", "-Inf", "Min", "Max", "-2.5", "1000.0", "1e-3", "1.5"]
IPOOL = ["0", "1", "-1", "2", "7", "-8", "2147483647", "-2147483648"]


def grid(types, n=120, seed=15):
    pools = [IPOOL if t == "int" else POOL for t in types]
    full = list(itertools.product(*pools))
    if len(full) <= n:
        return [list(r) for r in full]
    rnd = random.Random(seed)
    return [list(r) for r in rnd.sample(full, n)]


def jlit(t, v):
    cls = "Float" if t == "float" else "Double"
    names = {"NaN": cls + ".NaN", "Inf": cls + ".POSITIVE_INFINITY",
             "-Inf": cls + ".NEGATIVE_INFINITY", "Min": cls + ".MIN_VALUE",
             "Max": cls + ".MAX_VALUE"}
    if t == "int":
        return v
    v = names.get(v, v)
    return v + "f" if t == "float" and v[0] in "-0123456789" else v


def clit(t, v):
    return {"NaN": "nan", "Inf": "inf", "-Inf": "-inf",
            "Min": "4.9406564584124654e-324" if t == "double" else "1.40129846e-45",
            "Max": "1.7976931348623157e308" if t == "double" else "3.40282347e38"
            }.get(v, v)


# ---- Java ----

def java_part():
    src = open(D + "/src/Fl.java").read()
    log = {}
    for l in open(D + "/fl.mutants.log"):
        m = re.match(r"(\d+):\w+:.*?:(\w+)@(\w+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                     l.rstrip("\n"))
        log[m.group(1)] = (m.group(3), [t for t in m.group(4).split(",") if t],
                           int(m.group(5)), m.group(6), m.group(7))
    fields = re.findall(r"^    (double|float|int) (\w+);", src, re.M)
    rets = dict((m.group(2), m.group(1)) for m in
                re.finditer(r"^    (?:static )?(\w+) (\w+)\(", src, re.M))
    # the test's copy records the calls of log (the tool sees an opaque callee)
    # (on as many lines: the log's line numbers stay)
    inst = src.replace("static void log(double d) {\n    }",
                       "static StringBuilder TR = new StringBuilder(); "
                       "static void log(double d) {\n    TR.append(\" log/\" + "
                       "Long.toHexString(Double.doubleToLongBits(d))); }")
    assert inst != src and inst.count("\n") == src.count("\n")
    res = check(["--method", "--source", D + "/src", D + "/fl.mutants.log"])
    exp = check(["--source", D + "/src", D + "/fl.mutants.log"])
    num = check(["--method", "--float-compare", "numeric", "--source", D + "/src",
                 D + "/fl.mutants.log"])
    if not ok(res and exp and num, "java: the checker ran (--method, without, "
              "numeric)"):
        return
    classes = {"Fl": inst}
    for mid, (meth, pt, line, orig, mut) in log.items():
        lines = inst.split("\n")
        assert lines[line - 1].count(orig) == 1, (mid, lines[line - 1])
        lines[line - 1] = lines[line - 1].replace(orig, "(" + mut + ")")
        classes["Fl_M" + mid] = re.sub(r"\bFl\b", "Fl_M" + mid, "\n".join(lines))
    show = lambda c, rt: "\"R \" + " + " + \" \" + ".join(
        ["S(r)" if rt != "void" else "\"-\""] +
        ["S(o.%s)" % f for _, f in fields]) + " + " + c + ".TR"
    body, cases = [], {}
    for mid, (meth, pt, line, orig, mut) in sorted(log.items(), key=lambda kv: int(kv[0])):
        if not at_method(res[mid]) and \
                "method level: killed by" not in res[mid]["detail"]:
            continue
        rt = rets[meth]
        types = pt + [t for t, _ in fields]
        rows = [[jlit(t, v) for t, v in zip(types, r)] for r in grid(types)]
        raw = grid(types)
        w = kill_input(res[mid]["detail"])
        if w:
            fv = dict(w[2])
            rows.append(w[1] + [fv.get(f, "0") for _, f in fields])
            raw.append(None)
        cases[mid] = (raw, rt, types, w is not None)
        for k, r in enumerate(rows):
            args = ", ".join(r[:len(pt)])
            sets = " ".join("o.%s = %s;" % (f, v) for (_, f), v in zip(fields, r[len(pt):]))
            calls = []
            for c in ("Fl", "Fl_M" + mid):
                calls.append("{ %s o = new %s(); %s %s.TR.setLength(0); try { %s "
                             "out.append(%s); } catch (RuntimeException e) { "
                             "out.append(\"T\" + %s.TR); } }"
                             % (c, c, sets, c, ("%s r = o.%s(%s);" % (rt, meth, args))
                                if rt != "void" else "o.%s(%s);" % (meth, args),
                                show(c, rt), c))
            body.append("    static void c%s_%d(StringBuilder out) { out.append(\"%s %d \"); "
                        "%s out.append(\" | \"); %s out.append(\"\\n\"); }"
                        % (mid, k, mid, k, calls[0], calls[1]))
    names = re.findall(r"static void (c\d+_\d+)", "\n".join(body))
    chunks = ["    static void run%d(StringBuilder out) {\n%s\n    }" % (i // 500, "\n".join(
        "        %s(out);" % n for n in names[i:i + 500])) for i in range(0, len(names), 500)]
    driver = ("public class FlDriver {\n"
              "    static String S(double d) { return Long.toHexString(Double.doubleToLongBits(d)); }\n"
              "    static String S(float d) { return Integer.toHexString(Float.floatToIntBits(d)); }\n"
              "    static String S(int d) { return \"\" + d; }\n"
              "%s\n%s\n    public static void main(String[] a) {\n"
              "        StringBuilder out = new StringBuilder();\n%s\n"
              "        System.out.print(out);\n    }\n}\n"
              % ("\n".join(body), "\n".join(chunks),
                 "\n".join("        run%d(out);" % i for i in range(len(chunks)))))
    for c, text in classes.items():
        open(os.path.join(T, c + ".java"), "w").write(text)
    open(os.path.join(T, "FlDriver.java"), "w").write(driver)
    p = subprocess.run(["javac", "-nowarn", "-d", T] + [os.path.join(T, c + ".java")
                       for c in list(classes) + ["FlDriver"]], capture_output=True, text=True)
    if not ok(p.returncode == 0, "java: javac compiles the original, %d mutants and "
              "the killing inputs as printed%s" % (len(classes) - 1, ": " +
              (p.stdout + p.stderr)[:400] if p.returncode else "")):
        return
    p = subprocess.run(["java", "-Xshare:auto", "-cp", T, "FlDriver"],
                       capture_output=True, text=True, timeout=600)
    got = {}
    for l in p.stdout.splitlines():
        head, _, rest = l.partition(" ")
        k, _, pair = rest.partition(" ")
        a, _, b = pair.partition(" | ")
        got.setdefault(head, {})[int(k)] = (a, b)
    runs, ents, otypes = {}, {}, {}
    for mid, (raw, rt, types, has_w) in cases.items():
        n = len(raw) - has_w
        g = got.get(mid, {})
        if len(g) != len(raw):
            ok(False, "java: the JVM ran mutant %s's cases" % mid)
            return
        runs[mid] = (raw[:n], [g[i][0] for i in range(n)], [g[i][1] for i in range(n)],
                     g[n] if has_w else None)
        ents[mid] = log[mid][0]
        otypes[log[mid][0]] = [rt] + [t for t, _ in fields]
    kills = judge("java", res, ents, otypes, runs)
    scenarios("java", res, runs, kills, exp, "NaN", "-0.0")
    loop = [m for m in runs if log[m][0] == "sumTo"]
    ok(loop and all(at_method(res[m]) for m in loop) and
       any("every loop bounded" in res[m]["detail"] for m in loop),
       "java: the float loop's mutants are judged in their method, its "
       "equivalence with every loop bounded")
    # the numeric rule: the same runs, compared as numbers
    nruns = {m: (r[0], r[1], r[2], None) for m, r in runs.items()}
    judge("java", num, ents, otypes, nruns, numeric=True)
    flips = [m for m in runs if res[m]["verdict"] == "killable" and
             num[m]["verdict"] == "equivalent" and at_method(num[m])]
    ok(flips, "java: --float-compare numeric makes mutants killed only by a "
       "signed zero equivalent in their method (%s)" % ", ".join(flips))


# ---- C ----

def c_part():
    text = open(D + "/fl.c").read()
    funcs = {m.group(2): (m.group(1), [tuple(p.strip().rsplit(" ", 1)) for p in
                                        m.group(3).split(",")])
             for m in re.finditer(r"^(\w+) (\w+)\(([^)]*)\)\n\{", text, re.M)}
    globs = re.findall(r"^(double|float|int) (\w+);", text, re.M)
    sites, cur = {}, None
    for l in open(D + "/batch.yaml"):
        m = re.match(r"\s*- name: (\w+)", l)
        if m:
            cur = sites[m.group(1)] = {}
        m = re.match(r"\s*(function|line|expr|mutants): (.*)", l)
        if m and cur is not None:
            cur[m.group(1)] = m.group(2).strip().strip('"')
    res = check(["--method", D + "/batch.yaml"])
    exp = check([D + "/batch.yaml"])
    if not ok(res and exp, "c: the checker ran (--method and without)"):
        return
    fmt = lambda t, e: ("printf(\" %%llx\", D(%s));" if t == "double" else
                        "printf(\" %%llx\", F(%s));" if t == "float" else
                        "printf(\" %%d\", %s);") % e
    drv = ["#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>",
           "#include <unistd.h>", "#include <sys/wait.h>",
           "static unsigned long long D(double d) { unsigned long long u; if (d != d) "
           "return 0x7ff8000000000000ULL; memcpy(&u, &d, 8); return u; }",
           "static unsigned long long F(float d) { unsigned u; if (d != d) return "
           "0x7fc00000u; memcpy(&u, &d, 4); return u; }",
           "int main(void) {", "\tchar f[64], v[16][64];",
           '\twhile (scanf("%63s", f) == 1) {']
    for fn, (rt, ps) in funcs.items():
        n = len(ps) + len(globs)
        drv.append('\t\tif (!strcmp(f, "%s")) {' % fn)
        drv.append('\t\t\tfor (int i = 0; i < %d; i++) if (scanf("%%63s", v[i]) != 1) return 2;' % n)
        drv.append("\t\t\tfflush(stdout);\n\t\t\tpid_t p = fork();\n\t\t\tif (!p) {")
        for k, (t, g) in enumerate(globs):
            drv.append("\t\t\t\t%s = (%s)strtod(v[%d], 0);" % (g, t, len(ps) + k))
        args = ", ".join("(%s)strtod(v[%d], 0)" % (t, k) for k, (t, _) in enumerate(ps))
        if rt == "void":
            drv.append('\t\t\t\t%s(%s);\n\t\t\t\tprintf("R -");' % (fn, args))
        else:
            drv.append("\t\t\t\t%s r = %s(%s);\n\t\t\t\tprintf(\"R\"); %s"
                       % (rt, fn, args, fmt(rt, "r")))
        drv += ["\t\t\t\t" + fmt(t, g) for t, g in globs]
        drv.append('\t\t\t\tprintf("\\n");\n\t\t\t\tfflush(stdout);\n\t\t\t\t_exit(0);\n\t\t\t}')
        drv.append("\t\t\tint st = 0;\n\t\t\twaitpid(p, &st, 0);")
        drv.append('\t\t\tif (!WIFEXITED(st) || WEXITSTATUS(st)) printf("U\\n");')
        drv.append("\t\t\tcontinue;\n\t\t}")
    drv += ["\t\treturn 3;", "\t}", "\treturn 0;", "}"]
    driver = "\n".join(drv) + "\n"

    def build(key, source):
        c = os.path.join(T, key + ".c")
        open(c, "w").write(source + "\n" + driver)
        exes = []
        for cc in ("gcc", "clang"):
            exe = os.path.join(T, key + "." + cc)
            p = subprocess.run([cc, "-O0", "-w", "-ffp-contract=off",
                                "-fsanitize=undefined,float-cast-overflow",
                                "-fno-sanitize-recover=all", "-o", exe, c],
                               capture_output=True, text=True)
            if p.returncode:
                print("# %s %s: %s" % (cc, key, p.stderr[:300]))
                return None
            exes.append(exe)
        return exes

    def outcomes(exes, fn, rows):
        stdin = "".join("%s %s\n" % (fn, " ".join(r)) for r in rows)
        outs = [subprocess.run([e], input=stdin, capture_output=True,
                               text=True).stdout.split("\n")[:len(rows)] for e in exes]
        return ["U" if "U" in (g, c) else g.strip() for g, c in zip(*outs)]

    orig = build("orig", text)
    if not ok(orig, "c: gcc and clang build the original with the driver"):
        return
    runs, ents, otypes, nbuilt = {}, {}, {}, 0
    for name, s in sites.items():
        fn, line = s["function"], int(s["line"])
        muts = json.loads(s["mutants"])
        rt, ps = funcs[fn]
        types = [t for t, _ in ps] + [t for t, _ in globs]
        raw = grid(types)
        rows = [[clit(t, v) for t, v in zip(types, r)] for r in raw]
        oo = outcomes(orig, fn, rows)
        for k, mu in enumerate(muts, 1):
            mid = "%s.%d" % (name, k)
            x = res[mid]
            if not at_method(x) and "method level: killed by" not in x["detail"]:
                continue
            lines = text.split("\n")
            assert s["expr"] in lines[line - 1], mid
            lines[line - 1] = lines[line - 1].replace(s["expr"], "(%s)" % mu, 1)
            exes = build(mid, "\n".join(lines))
            if not exes:
                continue
            nbuilt += 1
            w = kill_input(x["detail"])
            wit = None
            if w:
                fv = dict(w[2])
                wrow = w[1] + [fv.get(g, "0") for _, g in globs]
                wit = (outcomes(orig, fn, [wrow])[0], outcomes(exes, fn, [wrow])[0])
            runs[mid] = (raw, oo, outcomes(exes, fn, rows), wit)
            ents[mid] = fn
            otypes[fn] = [rt] + [t for t, _ in globs]
    ok(nbuilt == len(runs) and runs, "c: gcc and clang build every mutant judged "
       "in its function (%d)" % nbuilt)
    kills = judge("c", res, ents, otypes, runs)
    scenarios("c", res, runs, kills, exp, "NAN", "-0.0")
    loop = [m for m in runs if ents[m] == "sum_to"]
    ok(loop and any("every loop bounded" in res[m]["detail"] for m in loop),
       "c: the float loop's equivalence is at method level, every loop bounded")
    ub = [m for m in runs if any(o == "U" for o in runs[m][2])]
    ok(ub and all(res[m]["verdict"] != "equivalent" for m in ub),
       "c: mutants with undefined behaviour on the grid (%s) are not equivalent"
       % ", ".join(ub))


def have(p):
    return subprocess.run(["sh", "-c", "command -v " + p], capture_output=True).returncode == 0


# docs/check.md shows the output on Fl.java: it is what the tool prints
p = subprocess.run([S, "check", "--no-timing", "--method", "--source", D + "/src",
                    D + "/fl.mutants.log"], capture_output=True, text=True)
shown = [l for l in open("docs/check.md").read().split("\n") if l.startswith("Fl@")]
ok(shown and all(l in p.stdout.split("\n") for l in shown),
   "docs/check.md: the floating example's %d lines are the tool's" % len(shown))
if have("javac") and have("java"):
    java_part()
else:
    ok(False, "javac and java are installed (scripts/deps.sh)")
if have("gcc") and have("clang"):
    c_part()
else:
    ok(False, "gcc and clang are installed (scripts/deps.sh)")
subprocess.run(["rm", "-rf", T])
done()
