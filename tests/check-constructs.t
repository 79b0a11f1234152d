#!/usr/bin/env python3
# check-constructs.t - `subsume check` on Java's object constructs and
# the YAML batch fixes of issue 12 (docs/check.md: "Objects, strings and
# casts", "Statement deletion in a batch", "Expressions over several
# lines"):
#
#   tests/data/check-constructs/constructs.yaml: an operator label that
#   does not type the site (`result = (c ? 1 : 0)` labelled ROR), an
#   opaque call alone mutated to true/false, ++ on a field with and
#   without a null comparison of its receiver, <NO-OP>, new, instanceof,
#   reference and numeric casts, string literals, concatenation,
#   length() and equals();
#   tests/data/check-constructs/src/Obj.java and obj.mutants.log (written
#   for this test in Major's 7-field format and numbering order):
#   an expression over two lines (line 8 and 9), this, new, a cast and a
#   boxing constructor replaced by null or mutated, instanceof.
#
# Nothing the tool computes is written in: every verdict is re-checked in
# the JVM.  Each YAML site becomes Java methods (original and mutant, the
# same texts, over the site's variables); each Major mutant a mutated copy
# of Obj.java (the logged original replaced by the mutant at the column
# the tool reports, as Major writes its mutants).  Both run on a grid of
# inputs and on the tool's killing input, mapped to Java values (an
# opaque call's value by inputs that make the real call return it:
# isDelimiter(ch,d)=true by ch == d, `o instanceof String=false` with
# `o!=null` by a plain Object).  An outcome is the value (and the
# variables the site assigns) or "exception".  Then:
#   - killable, subsumed, duplicate: the printed input kills it;
#   - equivalent: no grid input kills it;
#   - subsumed by M: every grid input that kills M kills it; duplicate of
#     M: the same outcome on every grid input;
#   - unsupported only for the constructs refused on purpose, with their
#     reason.
import itertools, json, os, re, shutil, subprocess

from tap import LOGS, S, done, ok, plan, tmpdir
D = "tests/data/check-constructs"
T = tmpdir("check-constructs.")


def check(args):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True)
    return p.returncode, (json.loads(p.stdout) if p.stdout.strip() else None), p.stderr


plan(23)

# --- the tool's answers -----------------------------------------------------
rc, Y, err = check([D + "/constructs.yaml"])
ok(rc == 0 and Y is not None, "the batch is checked (exit %d) %s" % (rc, err[:200]))
rc, L, err = check(["--source", D + "/src", D + "/obj.mutants.log"])
ok(rc == 0 and L is not None and not err, "the log with --source (exit %d) %s" % (rc, err[:200]))
rc, L0, err = check([D + "/obj.mutants.log"])
ok(rc == 0 and L0 is not None, "the log alone (exit %d)" % rc)
ym = {(x["where"], x["id"]): x for x in Y["mutants"]}
lm = {x["id"]: x for x in L["mutants"]}
lm0 = {x["id"]: x for x in L0["mutants"]}

# --- refused on purpose ------------------------------------------------------
REFUSED = {("noopcall", "N4"): "not an assignment",
           ("bad", "B1"): "pattern variable",
           ("mixed", "X2"): "pattern variable",
           ("anon", "B2"): "anonymous class"}
bad = [k for k, x in ym.items() if (x["verdict"] == "unsupported") !=
       (k in REFUSED) or (k in REFUSED and REFUSED[k] not in x["detail"])]
ok(not bad, "unsupported exactly where refused on purpose, with the reason %s"
   % [(k, ym[k]["detail"]) for k in bad])
ok(all(x["verdict"] not in ("unsupported", "unknown") for x in L["mutants"]),
   "every mutant of the log is decided with --source %s" %
   [x["id"] for x in L["mutants"] if x["verdict"] in ("unsupported", "unknown")])
ok(all(x["verdict"] not in ("unsupported", "unknown") for x in L0["mutants"]),
   "every mutant of the log is decided without --source")

# --- the expression over lines 8 and 9 ---------------------------------------
both = [lm[str(i)] for i in range(1, 10)]
ok(len({x["expression"] for x in both}) == 1 and
   all(x["level"] == "expression" for x in both),
   "--source: mutants 1-9 (lines 8 and 9) are judged in one expression")
ok([x["where"].rsplit(":", 1)[1] for x in both] ==
   ["8", "8", "8", "9", "9", "9", "8", "8", "8"],
   "each keeps its own logged line %s" % [x["where"] for x in both])
line_of = {x["id"]: x["where"].rsplit(":", 1)[1] for x in L["mutants"]}
cross = [x["id"] for x in both if x["by"] and line_of[x["by"]] != line_of[x["id"]]]
ok(cross, "--source: a relation across the two lines is claimed (checked in the JVM below)")
ok(not [x for x in L0["mutants"] if x["by"] and
        line_of[x["by"]] != line_of[x["id"]]],
   "from the log alone no relation crosses lines")
orig_src = open(D + "/src/Obj.java").read()


def span(line, col, text):
    """The bytes of orig_src from line:col holding text (blanks and line
    breaks ignored, as Major logs an expression over lines), or None."""
    b = sum(len(l) + 1 for l in orig_src.split("\n")[:line - 1]) + col - 1
    want, e = re.sub(r"\s", "", text), b
    got = ""
    while e < len(orig_src) and len(got) < len(want):
        if not orig_src[e].isspace():
            got += orig_src[e]
        e += 1
    return (b, e) if got == want else None


badcol = [x["id"] for x in L["mutants"]
          if not span(int(line_of[x["id"]]), x["column"], x["original"])]
ok(not badcol, "every reported column holds the logged original %s" % badcol)

# --- Java for the batch ------------------------------------------------------
SITES = {  # name: params, observed variables, statement?
    "tern": ([("boolean", "c"), ("int", "result")], ["result"], False),
    "delim": ([("char", "ch"), ("char", "d")], [], False),
    "ends": ([("String", "s"), ("String", "x")], [], False),
    "incnull": ([("Foo", "o")], ["(o == null ? \"-\" : \"\" + o.count)"], False),
    "inc": ([("Foo", "o")], ["(o == null ? \"-\" : \"\" + o.count)"], False),
    "noop": ([("int", "x"), ("int", "a"), ("int", "b")], ["x"], True),
    "newnull": ([("int", "a")], [], False),
    "inst": ([("Object", "o")], [], False),
    "castref": ([("Object", "o")], [], False),
    "castnum": ([("long", "x")], [], False),
    "concat": ([("String", "s")], [], False),
    "strlen": ([], [], False),
    "equals": ([("String", "s")], [], False),
    "mixed": ([("Object", "o"), ("int", "i")], [], False),
    "arr": ([("int[]", "a"), ("int", "i")], [], False),
}
GRID = {"boolean": ["true", "false"], "int": ["-2", "-1", "0", "1", "2"],
        "char": ["'a'", "'b'"],
        "long": ["0L", "1L", "-1L", "65536L", "32768L", "2147483648L",
                 "4294967296L", "-2147483649L", "4294967297L"],
        "String": ["null", "\"a\"", "\"ab\"", "\"b\"", "\"x\""],
        "Object": ["null", "\"s\"", "new Object()", "new Foo()"],
        "Foo": ["null", "mk(-1)", "mk(0)", "mk(1)"],
        "int[]": ["new int[] {}", "new int[] {1}", "new int[] {1, 2}",
                  "new int[] {5, -3, 7}", "new int[] {0, 0, 0, 2147483647}"]}
DEFAULT = {"boolean": "false", "int": "0", "char": "'a'", "long": "0L",
           "String": "\"a\"", "Object": "new Object()", "Foo": "mk(0)",
           "int[]": "new int[] {0, 0}"}


def witness(detail):
    """The killing input the tool printed, as {name: value} ("!=null")."""
    m = re.search(r"killed by (.*?)(?: \[|$)", detail)
    if not m:
        return None
    w = {}
    if m.group(1) == "any input":
        return w
    for part in m.group(1).split(", "):
        if part.endswith("!=null"):
            w[part[:-6]] = "!=null"
        else:
            k, v = part.rsplit("=", 1)
            w[k] = v
    return w


def java_args(params, w):
    """Java arguments realising witness w (opaque values by real inputs)."""
    a = {}
    for t, nm in params:
        v = w.get(nm)
        a[nm] = (DEFAULT[t] if v is None or v == "!=null" else v)
    for k, v in w.items():
        if k.endswith(".count"):
            a[k[:-6]] = "mk(%s)" % v
        elif " instanceof " in k:
            o, cls = k.split(" instanceof ")
            a[o] = ("\"s\"" if cls == "String" else "new %s()" % cls) \
                if v == "true" else "new Object()"
        elif k == "isDelimiter(ch,d)":
            a["ch"], a["d"] = ("'a'", "'a'") if v == "true" else ("'a'", "'b'")
        elif k == "s.endsWith(x)":
            a["s"], a["x"] = ("\"ab\"", "\"b\"") if v == "true" else ("\"ab\"", "\"c\"")
        elif k == 's.equals("a")':
            a["s"] = "\"a\"" if v == "true" else "\"b\""
    if "a.length" in w:  # an array of that length, the elements printed
        el = [0] * int(w["a.length"])
        for k, v in w.items():  # in the printed order, later ones last
            if k.startswith("a[") and k.endswith("]"):
                at = eval(k[2:-1], {}, {"i": int(w.get("i", "0"))})
                if 0 <= at < len(el):
                    el[at] = int(v)
        a["a"] = "new int[] {%s}" % ", ".join(map(str, el))
    return [a[nm] for _, nm in params]


def body(site, text):
    params, obs, stmt = SITES[site]
    tail = "".join(" + \"|\" + %s" % o for o in obs)
    if stmt:
        code = "" if text == "<NO-OP>" else text + (";" if not text.endswith(";") else "")
        return "%s return \"\"%s;" % (code, tail)
    return "Object v = (%s); return show(v)%s;" % (text, tail)


cases = []  # (part, (site, id), the tool's answer)
for x in Y["mutants"]:
    if x["where"] in SITES and x["verdict"] != "unsupported":
        cases.append(("yaml", (x["where"], x["id"]), x))
java = ["import java.util.*;", "import java.util.function.*;",
        "class Foo { int count; Foo() {} Foo(int a) {} }",
        "public class CxCheck {",
        "  static Foo mk(int c) { Foo f = new Foo(); f.count = c; return f; }",
        "  static boolean isDelimiter(char ch, char d) { return ch == d; }",
        "  static String show(Object v) {",
        "    if (v == null) return \"null\";",
        "    if (v instanceof List) return \"list\" + ((List<?>) v).size();",
        "    if (v instanceof Boolean || v instanceof Number || v instanceof String"
        " || v instanceof Character) return v.getClass().getSimpleName() + \":\" + v;",
        "    return \"ref\";",
        "  }",
        "  static String out(Supplier<Object> f) {",
        "    try { return show(f.get()); } catch (RuntimeException e) { return \"exception\"; }",
        "  }"]
ORIG = {x["where"]: x["original"] for x in Y["mutants"]}
for site, (params, obs, stmt) in SITES.items():
    ps = ", ".join("%s %s" % p for p in params)
    java.append("  static String o_%s(%s) { try { %s } catch (RuntimeException e) "
                "{ return \"exception\"; } }" % (site, ps, body(site, ORIG[site])))
for k, (part, key, x) in enumerate(cases):
    site = key[0]
    params = SITES[site][0]
    ps = ", ".join("%s %s" % p for p in params)
    java.append("  static String m%d(%s) { try { %s } catch (RuntimeException e) "
                "{ return \"exception\"; } }" % (k, ps, body(site, x["mutant"])))

# --- Java for the log: Major's mutated copies of Obj.java --------------------
extra = []
for x in L["mutants"]:
    b, e = span(int(line_of[x["id"]]), x["column"], x["original"]) or (0, 0)
    text = orig_src[:b] + x["mutant"] + orig_src[e:]
    text = text.replace("public class Obj {", "class ObjM%s extends Obj {" % x["id"])
    text = "\n".join(l for l in text.split("\n") if not l.startswith("import"))
    extra.append(text)
OBJ_INPUTS = {
    "both": [(a, b) for a in ("-2", "-1", "0", "1", "2", "Integer.MIN_VALUE",
                              "Integer.MAX_VALUE")
             for b in ("-2", "-1", "0", "1", "2", "Integer.MIN_VALUE")],
    "self": [()], "fresh": [()],
    "cast": [("null",), ("\"s\"",), ("new Object()",)],
    "text": [("null",), ("\"s\"",), ("new Object()",)],
    "boxed": [(v,) for v in ("-3", "-2", "-1", "0", "1", "2", "3",
                             "Integer.MIN_VALUE", "Integer.MAX_VALUE")],
}
OBJ_PARAMS = {"both": ["a", "b"], "self": [], "fresh": [], "cast": ["o"],
              "text": ["o"], "boxed": ["x"]}


def obj_call(cls, meth, args):
    if meth == "self":
        return "out(() -> { Obj r = new %s(); Object v = r.self(); return v == r ? \"this\" : v; })" % cls
    return "out(() -> new %s().%s(%s))" % (cls, meth, ", ".join(args))


def obj_args(meth, w):
    a = {"a": "0", "b": "0", "x": "0", "o": "new Object()"}
    for k, v in w.items():
        if k in a and v != "!=null":
            a[k] = v
        elif k == "o instanceof String":
            a["o"] = "\"s\"" if v == "true" else "new Object()"
    return [a[p] for p in OBJ_PARAMS[meth]]


# --- run: per case, the grid's outcomes and the witness's -------------------
java.append("  public static void main(String[] args) {")
for k, (part, key, x) in enumerate(cases):
    site = key[0]
    params = SITES[site][0]
    grid = list(itertools.product(*[GRID[t] for t, _ in params]))
    for g in grid:
        a = ", ".join(g)
        java.append("    System.out.println(\"Y %d G \" + o_%s(%s) + \" \" + m%d(%s));"
                    % (k, site, a, k, a))
    w = witness(x["detail"])
    if w is not None:
        a = ", ".join(java_args(params, w))
        java.append("    System.out.println(\"Y %d W \" + o_%s(%s) + \" \" + m%d(%s));"
                    % (k, site, a, k, a))
for x in L["mutants"]:
    meth = x["where"].split("@")[1].split("(")[0]
    for g in OBJ_INPUTS[meth]:
        java.append("    System.out.println(\"L %s G \" + %s + \" \" + %s);"
                    % (x["id"], obj_call("Obj", meth, g), obj_call("ObjM" + x["id"], meth, g)))
    w = witness(x["detail"])
    if w is not None:
        a = obj_args(meth, w)
        java.append("    System.out.println(\"L %s W \" + %s + \" \" + %s);"
                    % (x["id"], obj_call("Obj", meth, a), obj_call("ObjM" + x["id"], meth, a)))
java += ["  }", "}"]
with open(os.path.join(T, "CxCheck.java"), "w") as f:
    f.write("\n".join(java) + "\n")
with open(os.path.join(T, "Obj.java"), "w") as f:
    f.write(orig_src)
with open(os.path.join(T, "ObjMutants.java"), "w") as f:
    f.write("import java.util.*;\n" + "\n".join(extra) + "\n")

have_jvm = shutil.which("javac") and shutil.which("java")
ok(have_jvm, "javac and java are installed (make check: scripts/deps.sh)")
res = {}
if have_jvm:
    p = subprocess.run(["javac", "-nowarn", "-Xlint:none", "-d", T] +
                       [os.path.join(T, f) for f in ("CxCheck.java", "Obj.java",
                                                     "ObjMutants.java")],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "javac compiles the sites and %d mutated copies of Obj.java%s"
       % (len(extra), "" if p.returncode == 0 else " " + p.stderr[:400].replace("\n", " ")))
    p = subprocess.run(["java", "-Xshare:auto", "-cp", T, "CxCheck"],
                       capture_output=True, text=True)
    ok(p.returncode == 0, "the JVM runs them %s" % p.stderr[:300])
    for line in p.stdout.splitlines():
        part, k, kind, o, m = line.split(" ")
        res.setdefault((part, k, kind), []).append((o, m))
else:
    ok(False, "javac")
    ok(False, "java")


def judge(tag, x, outs, byouts):
    """Problems with verdict x given the JVM's (orig, mutant) outcomes."""
    v, probs = x["verdict"], []
    grid, wit = outs.get("G", []), outs.get("W")
    kills = [o != m for o, m in grid]
    if v in ("killable", "subsumed", "duplicate", "redundant"):
        if not wit or wit[0][0] == wit[0][1]:
            probs.append("%s: %s but its input (%s) does not kill it in the JVM %s"
                         % (tag, v, x["detail"], wit))
    elif v == "equivalent":
        if any(kills):
            probs.append("%s: equivalent but the JVM kills it on grid input %d"
                         % (tag, kills.index(True)))
    else:
        probs.append("%s: %s (%s)" % (tag, v, x["detail"]))
    if v in ("subsumed", "duplicate") and byouts is not None:
        bg = byouts.get("G", [])
        if v == "subsumed" and any(bo != bm and o == m
                                   for (bo, bm), (o, m) in zip(bg, grid)):
            probs.append("%s: subsumed by %s, but the JVM kills %s alone" % (tag, x["by"], x["by"]))
        if v == "duplicate" and [bm for _, bm in bg] != [m for _, m in grid]:
            probs.append("%s: duplicate of %s, but the JVM tells them apart" % (tag, x["by"]))
    return probs


def outs_of(part, k):
    return {kind: res.get((part, str(k), kind), []) for kind in ("G", "W")
            if (part, str(k), kind) in res}


probs = []
index = {key: k for k, (part, key, x) in enumerate(cases)}
for k, (part, key, x) in enumerate(cases):
    by = outs_of("Y", index[(key[0], x["by"])]) if x["by"] else None
    probs += judge("%s %s" % key, x, outs_of("Y", k), by)
ok(not probs, "every batch verdict holds in the JVM %s" % probs)
probs = []
for x in L["mutants"]:
    probs += judge("Obj %s" % x["id"], x, outs_of("L", x["id"]),
                   outs_of("L", x["by"]) if x["by"] else None)
ok(not probs, "every --source verdict of the log holds in the JVM %s" % probs)
probs = []
for x in L0["mutants"]:
    probs += judge("Obj (log) %s" % x["id"], x, outs_of("L", x["id"]),
                   outs_of("L", x["by"]) if x["by"] else None)
ok(not probs, "every log-only verdict holds in the JVM %s" % probs)

# --- the YAML fixes, by name -------------------------------------------------
ok(ym[("tern", "T1")]["operator"] == "ROR" and ym[("tern", "T1")]["verdict"] != "unsupported",
   "an op label (ROR) does not type `result = (c ? 1 : 0)`")
ok(all(ym[("delim", i)]["verdict"] != "unsupported" for i in ("D1", "D2")) and
   ym[("ends", "E1")]["verdict"] != "unsupported",
   "an opaque call alone mutated to true/false is accepted")
ok(all(ym[(s, i)]["verdict"] != "unsupported"
       for s, i in (("incnull", "P1"), ("incnull", "P2"), ("inc", "P3"), ("inc", "P4"))),
   "++ on a field: accepted whether or not its receiver is compared with null")
ok(all(ym[("mixed", i)]["verdict"] not in ("unsupported", "unknown") for i in ("X1", "X3", "X4"))
   and any(ym[("mixed", i)]["by"] for i in ("X1", "X3", "X4")),
   "a mutant refused alone (X2) leaves the others of its site decided, with a claim among them")

# --- shipped logs: what stays unsupported is statement deletion --------------
left = []
for f in sorted(os.listdir(LOGS)) if os.path.isdir(LOGS) else []:
    if not f.endswith(".log"):
        continue
    base = f[:-len(".mutants.log")]
    for extra_args in ([], ["--source", os.path.join(LOGS, "src", base)]):
        if extra_args and not os.path.isdir(extra_args[1]):
            continue
        rc, J, _ = check(extra_args + [os.path.join(LOGS, f)])
        left += ["%s %s: %s" % (f, x["id"], x["detail"][:80]) for x in J["mutants"]
                 if x["verdict"] == "unsupported" and x["operator"] != "STD"]
ok(os.path.isdir(LOGS) and not left,
   "the shipped logs: only statement deletions stay unsupported %s" % left)

# --- -j 2 gives the same output as -j 1 on the joined groups -----------------
outs = [subprocess.run([S, "check", "--no-timing", "-j", j, "--source", D + "/src",
                        D + "/obj.mutants.log"], capture_output=True, text=True).stdout
        for j in ("1", "2")]
ok(outs[0] == outs[1] and outs[0], "-j 2 writes what -j 1 writes")

done()
