#!/usr/bin/env python3
# check-facts.t - what the program states of the values a site reads
# (lang/javasrc-const.c): an array's length is never negative, a
# constant (JLS 4.12.4, 15.29: of the same class, another class of the
# tree through its name, an import, a nested class, an inherited
# interface, or the Java library) is its value wherever it is read; a
# field that is not final, a name a local or parameter shadows stay
# inputs.  tests/data/check-facts: the written subject and its Major log;
# refs/: reference facts (enum constants, static final objects, class
# and string literals, String.equals), each checked in the JVM over a
# grid; vacuous/: no subsumption claim between two mutants that every
# input kills.
#
# Nothing expected is computed here: every verdict the tool gives, at
# expression and method level, is checked in the JVM (an equivalent
# mutant returns what the original returns on every input of a grid
# with each type's edge values, every char; a killable one differs on
# some input), and every constant a killing input names has the value
# the JVM gives it.
import os, random, re, subprocess

from tap import S, check_json, done, ok, tmpdir

D = "tests/data/check-facts"
T = tmpdir("check-facts.")
LOG = os.path.join(D, "facts.mutants.log")
SRC = os.path.join(D, "src")

runs = {}
for name, extra in (("expr", []), ("method", ["--method"])):
    rc, rep = check_json(["--source", SRC] + extra + [LOG])
    ok(rc == 0 and rep is not None, "%s: exit 0 with a JSON report" % name)
    runs[name] = {m["id"]: m for m in (rep or {}).get("mutants", [])}
E = runs["expr"]


def v(i, run=None):
    return (run or E).get(str(i), {}).get("verdict")


# --- the facts, one by one (expression level) ---------------------------
ok(v(1) == "equivalent", "values.length == 0 to <= 0: equivalent (a length is not negative)")
ok(v(3) == "equivalent", "c == Chars.NL || c == Chars.CR to != : equivalent (constants of another class, one defined by the other)")
ok(v(5) == "equivalent", "u == Integer.MIN_VALUE to <= : equivalent (the library's constant)")
ok(v(7) == "equivalent", "u <= BIG to true: equivalent (a static final field of the class)")
ok(v(8) == "killable" and "bigger=" in E["8"]["detail"],
   "u <= bigger to true: killable, bigger an input (not final)")
ok(v(9) == "killable" and "BIG=" in E["9"]["detail"],
   "a local BIG shadowing the constant: killable, BIG an input")
ok(v(10) == "killable" and "BIG=" in E["10"]["detail"],
   "a parameter BIG shadowing the constant: killable")
ok(v(11) == "equivalent", "u <= TOP to true: equivalent (a constant inherited from an interface)")
ok(v(12) == "equivalent", "Limits.HALF and HALF (TOP / 2 + 1): one constant value, the mutant equivalent")
ok(v(13) == "equivalent", "d == Double.NaN to false: equivalent (NaN equals nothing)")
ok(v(14) == "equivalent", "l < Long.MAX_VALUE to != : equivalent")
ok(v(15) == "equivalent", "Codes.WRAP < 0 (an import's (byte) 200) dropped: equivalent")
ok(v(17) == "equivalent", "In.TAB and Facts.In.TAB: one nested class's constant")
big = [int(x) for x in re.findall(r"s\.length\(\)=(-?\d+)", E.get("19", {}).get("detail", ""))]
ok(v(19) == "killable" and big and all(0 <= x <= 2147483647 for x in big),
   "s.length() < n over long: the killing input's length is an int (the contract's bound)")
ok(v(20) == "equivalent" and v(21) == "equivalent",
   "static imports: k <= MAX_VALUE (java.lang.Integer.*) and ESC > 20 (q.Codes.ESC) to true: equivalent")
M = runs["method"]
ok(v(23) == "equivalent" and v(23, M) == "equivalent" and M.get("23", {}).get("level") == "method",
   "u < SPAN (BIG - 'a' + (int) 'a') to != : equivalent, in its method too (a constant expression of the class)")
ok(all(v(i) in ("killable", "redundant") for i in (2, 4, 6, 16, 22)),
   "the mutants that change the value stay killable (redundant by the table)")

# this.values.length: the field's length (a parameter values does not
# shadow this.values, but the fact is not claimed past it)
rc, th = check_json(["--source", os.path.join(D, "this"), os.path.join(D, "this.mutants.log")])
th = {m["id"]: m for m in (th or {}).get("mutants", [])}
ok(rc == 0 and th.get("1", {}).get("verdict") == "equivalent" and
   th.get("2", {}).get("verdict") == "killable",
   "this.values.length == 0 to <= 0: equivalent; with a parameter values in scope: killable")

# a local TOP of the method around an anonymous class shadows the
# field TOP inside it; a local class without one reads the field
rc, an = check_json(["--source", os.path.join(D, "scope"), os.path.join(D, "scope.mutants.log")])
an = {m["id"]: m for m in (an or {}).get("mutants", [])}
ok(rc == 0 and an.get("1", {}).get("verdict") == "killable" and
   an.get("2", {}).get("verdict") == "equivalent",
   "u <= TOP to true in an anonymous class under a local TOP = 5: killable; in a local class: equivalent")

# --- the JVM --------------------------------------------------------------
ents = {}
for l in open(LOG):
    m = re.match(r"(\d+):\w+:[^:]*:[^:]*:([\w.$]+)@(\w+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                 l.rstrip("\n"))
    ents[m.group(1)] = (m.group(3), [t for t in m.group(4).split(",") if t],
                        int(m.group(5)), m.group(6), m.group(7))
src = {}
for root, _, files in os.walk(SRC):
    for f in files:
        src[os.path.relpath(os.path.join(root, f), SRC)] = open(os.path.join(root, f)).read()
work = os.path.join(T, "w")
for rel, text in src.items():
    os.makedirs(os.path.dirname(os.path.join(work, rel)), exist_ok=True)
    open(os.path.join(work, rel), "w").write(text)
fact = src[os.path.join("p", "Facts.java")].split("\n")
for mid, (meth, pt, line, orig, mut) in ents.items():
    lines = list(fact)
    assert lines[line - 1].count(orig) == 1, mid
    lines[line - 1] = lines[line - 1].replace(orig, "(%s)" % mut)
    open(os.path.join(work, "p", "Facts_M%s.java" % mid), "w").write(
        re.sub(r"\bFacts\b", "Facts_M%s" % mid, "\n".join(lines)))

INTS = ["Integer.MIN_VALUE", "Integer.MIN_VALUE + 1", "-2", "-1", "0", "1", "2", "9",
        "10", "13", "26", "27", "28", "1073741823", "1073741824", "1073741825",
        "Integer.MAX_VALUE - 1", "Integer.MAX_VALUE", "-123456789", "987654321"]
GRID = {
    "int": INTS,
    "long": ["Long.MIN_VALUE", "Long.MIN_VALUE + 1", "-1L", "0L", "1L",
             "Integer.MAX_VALUE + 1L", "Long.MAX_VALUE - 1", "Long.MAX_VALUE"],
    "double": ["Double.NaN", "Double.POSITIVE_INFINITY", "Double.NEGATIVE_INFINITY",
               "0.0", "-0.0", "1.5", "Double.MAX_VALUE", "Double.MIN_VALUE"],
    "int[]": ["null", "new int[0]", "new int[1]", "new int[2]", "new int[7]"],
    "java.lang.String": ["null", "\"\"", "\"a\"", "\"ab\""],
}


def grid(pt):
    if pt == ["char"]:  # every char, in a loop
        return None
    out = [[]]
    for t in pt:
        out = [a + [x] for a in out for x in GRID[t]]
    return out


def call(cls, meth, args):
    return ("{ String r; try { r = String.valueOf(%s.%s(%s)); } catch (RuntimeException e)"
            " { r = e.getClass().getSimpleName(); } sb.append(' ').append(r); }"
            % (cls, meth, ", ".join(args)))


body = []
for meth in sorted({e[0] for e in ents.values()}):
    mids = sorted((k for k, e in ents.items() if e[0] == meth), key=int)
    pt = ents[mids[0]][1]
    calls = lambda args: " ".join(call(c, meth, args)
                                  for c in ["Facts"] + ["Facts_M" + k for k in mids])
    head = "System.out.println(\"%s|%s|\" + sb);" % (meth, " ".join(mids))
    # a static field that is not final, read by the method: set in
    # every class before the call, over the int grid
    text = "\n".join(fact)
    mbody = text[text.index(" %s(" % meth):]
    mbody = mbody[:mbody.index("\n    }")]
    var = [f for f in re.findall(r"^    static int (\w+) =", text, re.M)
           if re.search(r"\b%s\b" % f, mbody)]
    if var:
        sets = lambda x: " ".join("%s.%s = %s;" % (c, var[0], x)
                                  for c in ["Facts"] + ["Facts_M" + k for k in mids])
        for x in INTS:
            for args in grid(pt):
                body.append("{ %s StringBuilder sb = new StringBuilder(\"%s %s|\"); %s %s }"
                            % (sets(x), " ".join(args), x, calls(args), head))
    elif grid(pt) is None:
        body.append("for (int i = 0; i <= 65535; i++) { char c = (char) i; "
                    "StringBuilder sb = new StringBuilder(i + \"|\"); %s %s }"
                    % (calls(["c"]), head))
    else:
        for args in grid(pt):
            body.append("{ StringBuilder sb = new StringBuilder(\"%s|\"); %s %s }"
                        % (" ".join(a.replace('"', "'") for a in args), calls(args), head))
# the constants killing inputs name, as the JVM has them
# (8, 9, 10: BIG, bigger are inputs there); plain names are Facts'
INPUTS = ("8", "9", "10")
named = sorted({n for k, m in E.items() if k not in INPUTS for n in
                re.findall(r"\b([A-Z][\w.]*\.[A-Z_]+|[A-Z_]{2,})=", m.get("detail", ""))})
for n in named:
    q = {"ESC": "Codes.ESC", "MAX_VALUE": "Integer.MAX_VALUE"}.get(n)  # static imports
    body.append("System.out.println(\"const|%s|\" + (long) %s);"
                % (n, q or (n if "." in n and not n.startswith("In.") else "Facts." + n)))
# the driver: one method per grid line (a method's code is limited)
meths = "\n".join("  static void c%d() { %s }" % (k, b) for k, b in enumerate(body))
runs_ = "\n".join("    c%d();" % k for k in range(len(body)))
open(os.path.join(work, "p", "Drive.java"), "w").write(
    "package p;\nimport q.Codes;\npublic class Drive {\n%s\n  public static void main(String[] x) {\n%s\n  }\n}\n"
    % (meths, runs_))
files = [os.path.join(r, f) for r, _, fs in os.walk(work) for f in fs if f.endswith(".java")]
p = subprocess.run(["javac", "-nowarn", "-d", os.path.join(work, "cls")] + files,
                   capture_output=True, text=True)
if not ok(p.returncode == 0, "javac compiles the subject, %d mutants and the driver%s"
          % (len(ents), (": " + p.stderr)[:300] if p.returncode else "")):
    done()
p = subprocess.run(["java", "-cp", os.path.join(work, "cls"), "p.Drive"],
                   capture_output=True, text=True, timeout=600)
ok(p.returncode == 0, "the JVM runs the driver")
differs = {k: False for k in ents}
consts = {}
for l in p.stdout.splitlines():
    w = l.split("|")
    if w[0] == "const":
        consts[w[1]] = int(w[2])
        continue
    # meth|ids|args|results (the original's first)
    mids = w[1].split()
    res = w[3].split()
    assert len(res) == len(mids) + 1, l
    for k, r in zip(mids, res[1:]):
        if r != res[0]:
            differs[k] = True

for name, run in runs.items():
    bad = [k for k, m in run.items() if m["verdict"] == "equivalent" and differs[k]]
    ok(not bad, "%s: every equivalent mutant returns what the original returns on the grid%s"
       % (name, " (not %s)" % bad if bad else ""))
    bad = [k for k, m in run.items() if m["verdict"] in ("killable", "redundant")
           and "killed by" in m["detail"] and not differs[k]]
    ok(not bad, "%s: every killed mutant differs from the original on the grid%s"
       % (name, " (not %s)" % bad if bad else ""))


def java_val(s):
    m = re.match(r"'\\u([0-9a-f]{4})'$", s)
    return int(m.group(1), 16) if m else int(s)


wrong = []
for m in E.values():
    for n, val in re.findall(r"\b([A-Z][\w.]*\.[A-Z_]+|[A-Z_]{2,})=('\\u[0-9a-f]{4}'|-?\d+)\b",
                             m.get("detail", "")):
        # a name the killing input sets as an input is not a constant
        if m["id"] in INPUTS:
            continue
        if java_val(val) != consts.get(n):
            wrong.append((m["id"], n, val, consts.get(n)))
ok(not wrong and consts, "every constant a killing input names has the JVM's value (%d names)%s"
   % (len(consts), " (not %s)" % wrong if wrong else ""))

# --- random constant expressions (JLS 15.29) against the JVM -------------
# Each constant of a generated class is read by a method `x == K`, whose
# mutant `false` is killed only by x = K: the value of K the killing
# input names is the checker's; the JVM prints its own.
rnd = random.Random(29)
NK = 60
ints = []  # earlier constants usable in an int expression


def iexpr(d):
    if d == 0 or rnd.random() < 0.25:
        c = rnd.random()
        if c < 0.3 and ints:
            return rnd.choice(ints)
        if c < 0.45:
            return "'%s'" % rnd.choice("aZ0 ~")
        if c < 0.6:
            return rnd.choice(["0x7fffffff", "0x80000000", "0xff", "017", "1_000"])
        return str(rnd.choice([0, 1, 2, 3, 7, 100, 65535, 2147483647, 5]))
    a = iexpr(d - 1)
    op = rnd.choice(["+", "-", "*", "/", "%", "<<", ">>", ">>>", "&", "|", "^",
                     "neg", "~", "?", "cast"])
    if op in ("/", "%"):
        return "(%s %s %s)" % (a, op, rnd.choice(["1", "2", "3", "7", "-3", "100"]))
    if op == "neg":
        return "(-%s)" % a
    if op == "~":
        return "(~%s)" % a
    if op == "?":
        return "(%s %s %s ? %s : %s)" % (a, rnd.choice(["<", "==", ">=", "!="]),
                                         iexpr(d - 1), iexpr(d - 1), iexpr(d - 1))
    if op == "cast":
        return "((%s) %s)" % (rnd.choice(["byte", "short", "char", "int"]), a)
    return "(%s %s %s)" % (a, op, iexpr(d - 1))


decls, meths, glog = [], [], []
for k in range(NK):
    t = rnd.choice(["int", "int", "byte", "short", "char", "long", "boolean"])
    if t == "long":
        e = "(long) %s * 3000000011L + %s" % (iexpr(2), iexpr(2))
    elif t == "boolean":
        e = "%s > %s || %s == 3" % (iexpr(2), iexpr(2), iexpr(1))
    elif t == "int":
        e = iexpr(3)
    else:
        e = "(%s) %s" % (t, iexpr(3))
    decls.append("    static final %s K%d = %s;" % (t, k, e))
    if t != "long" and t != "boolean":
        ints.append("K%d" % k)
    meths.append((k, t))
lines = ["public class Gen {"] + decls
for k, t in meths:
    lines.append("    static boolean m%d(%s x) {" % (k, t))
    lines.append("        return x == K%d;" % k)
    lines.append("    }")
    sig = {"long": "long", "boolean": "boolean"}.get(t, "int")
    glog.append("%d:ROR:==(%s,%s):FALSE(%s,%s):Gen@m%d(%s):%d:x == K%d |==> false"
                % (k + 1, sig, sig, sig, sig, k, t, len(lines) - 1, k))
lines.append("}")
gsrc = os.path.join(T, "gen")
os.makedirs(gsrc)
open(os.path.join(gsrc, "Gen.java"), "w").write("\n".join(lines) + "\n")
open(os.path.join(T, "gen.log"), "w").write("\n".join(glog) + "\n")
open(os.path.join(gsrc, "GenDrive.java"), "w").write(
    "public class GenDrive { public static void main(String[] a) {\n%s\n} }\n"
    % "\n".join("System.out.println(\"K%d \" + %sGen.K%d);"
                % (k, "(long) " if t == "char" else "", k) for k, t in meths))
p = subprocess.run(["javac", "-nowarn", "-d", os.path.join(T, "gcls"),
                    os.path.join(gsrc, "Gen.java"), os.path.join(gsrc, "GenDrive.java")],
                   capture_output=True, text=True)
ok(p.returncode == 0, "javac compiles %d random constants (seed 29)%s"
   % (NK, (": " + p.stderr)[:300] if p.returncode else ""))
p = subprocess.run(["java", "-cp", os.path.join(T, "gcls"), "GenDrive"],
                   capture_output=True, text=True)
jvm = dict(l.split(" ", 1) for l in p.stdout.splitlines())


def gen_values(how, rc, rep):
    got, bad = 0, []
    for m in (rep or {}).get("mutants", []):
        k = int(m["id"]) - 1
        w = re.search(r"\bK%d=('\\u[0-9a-f]{4}'|'[^'\\]'|-?\d+L?|true|false)" % k,
                      m["detail"])
        val = w.group(1) if w else None
        if val and val.startswith("'"):  # '\u000a' or ' '
            val = str(int(val[3:7], 16) if len(val) > 3 else ord(val[1]))
        if val:
            val = val.rstrip("L")
        got += val is not None
        if val != jvm.get("K%d" % k):
            bad.append((k, val, jvm.get("K%d" % k)))
    ok(rc == 0 and got == NK and not bad,
       "%s: every random constant's value, as its killing input names it, is the JVM's (%d of %d)%s"
       % (how, got, NK, " (not %s)" % bad[:4] if bad else ""))


# floating constants (0.1, 1 / 3f, D0 * 3 + F0, a subnormal float,
# Math.PI / 2): the killing input's value is the JVM's, as Java prints it
fdir = os.path.join(D, "float")
open(os.path.join(T, "FDrive.java"), "w").write(
    "public class FDrive { public static void main(String[] a) { System.out.println("
    "F.D0 + \" \" + F.F0 + \" \" + F.D1 + \" \" + F.F1 + \" \" + F.D2); } }\n")
p = subprocess.run(["javac", "-d", os.path.join(T, "fcls"), os.path.join(fdir, "F.java"),
                    os.path.join(T, "FDrive.java")], capture_output=True, text=True)
p = subprocess.run(["java", "-cp", os.path.join(T, "fcls"), "FDrive"], capture_output=True,
                   text=True)
fj = dict(zip(["D0", "F0", "D1", "F1", "D2"], p.stdout.split()))
rc, fr = check_json(["--source", fdir, os.path.join(D, "float.mutants.log")])
fv = {}
for m in (fr or {}).get("mutants", []):
    w = re.search(r"\b([DF]\d)=(-?[\d.E-]+)f?[,\] ]", m["detail"])
    if w:
        fv[w.group(1)] = w.group(2)
ok(rc == 0 and len(fj) == 5 and fv == fj,
   "floating constants: the killing inputs' values are the JVM's (%s)" % sorted(fv.items()))

for how, extra in (("expression level", []), ("in the method model", ["--method"])):
    rc, rep = check_json(["--source", gsrc] + extra + [os.path.join(T, "gen.log")])
    gen_values(how, rc, rep)
# --- reference facts (tests/data/check-facts/refs) ----------------------
# An enum constant, a static final field made by `new` or `{...}` is
# never null and distinct from the others; class literals of different
# types and string literals of different characters are distinct;
# "L1".equals(x) and "L2".equals(x), x.equals("L1") and x.equals("L2")
# are not both true; x.equals(x) of a String is true; E.ordinal() is
# its position.  Not assumed: a field that is not static final (7, 13),
# a name a parameter shadows (17), a class initializing (15: a static
# field's initializer sees a later field null), two texts of one class
# literal (14).  Each
# fact's mutant is killable without it.
RD = os.path.join(D, "refs")
RLOG = os.path.join(D, "refs.mutants.log")
R = {}
for name, extra in (("expr", []), ("method", ["--method"])):
    rc, rep = check_json(["--source", RD] + extra + [RLOG])
    ok(rc == 0 and rep is not None, "refs %s: exit 0 with a JSON report" % name)
    R[name] = {m["id"]: m for m in (rep or {}).get("mutants", [])}
EXPECT = [  # id, expression-level verdict, the fact
    (1, "equivalent", "kind != Kind.TEXT && kind != Kind.NUMBER to ==: enum constants are distinct"),
    (2, "equivalent", '"+0000".equals(s) || "Z".equals(s) to !=: not both true'),
    (3, "equivalent", "type == List.class || type == Set.class to !=: class literals are distinct"),
    (4, "equivalent", "o != LOCK && o != NAMES to ==: static final fields made by new are distinct"),
    (5, "equivalent", 's == "a" || s == "b" to !=: string literals are distinct objects'),
    (6, "equivalent", "Kind.DATE != null to true: an enum constant is never null"),
    (7, "killable", "o != LOCK && o != open to ==: open is not final, it may be LOCK"),
    (8, "equivalent", "k * Kind.NUMBER.ordinal() to /: NUMBER's ordinal is 1"),
    (9, "killable", "k * Kind.NUMBER.ordinal() to %: killable"),
    (10, "equivalent", "s.equals(s) == s.isEmpty() to &: s.equals(s) is true"),
    (11, "unsupported", 's.equals("UTC") || s.equals("GMT") to !=: no input kills it in the model '
                        '(not both true), the second call runs under other conditions'),
    (12, "equivalent", "o != TABLE && o != LOCK to ==: an array initializer's array is distinct"),
    (13, "killable", "o != mine && o != LOCK to ==: mine is not static (read in a constructor "
                     "before it is set: null)"),
    (14, "killable", "List.class and java.util.List.class: one type, not known distinct"),
    (15, "killable", "Refs.LATE == null to false in a static field's initializer: LATE is "
                     "still null there"),
    (16, "equivalent", "this == TEXT || this == Kind.TEXT to LHS: one constant through two names"),
    (17, "killable", "this != TEXT && this != NUMBER to == under a parameter TEXT: an input"),
    (18, "equivalent", '"-".equals(s) || "--".equals(s) to !=: not both true (the site assigns '
                       'nothing: "--" in a string literal is no decrement)'),
]
for i, want, what in EXPECT:
    m = R["expr"].get(str(i), {})
    good = m.get("verdict") == want
    if want == "unsupported":
        good = good and "no input kills it in the model" in m.get("detail", "")
    ok(good, "refs %d: %s (%s)" % (i, want, what))
ok(all(R["method"].get(str(i), {}).get("verdict") == "equivalent"
       for i, w, _ in EXPECT if w == "equivalent"),
   "refs --method: every mutant equivalent at expression level stays equivalent")
m4 = R["method"].get("4", {})
ok(m4.get("verdict") == "equivalent" and m4.get("level") == "method",
   "refs --method: o != LOCK && o != NAMES to == is equivalent in its method (static final "
   "fields made by new: never null, never one object)")

# the JVM: each mutant's tree compiled and run over a grid of inputs
GR = {
    "p.Kind": ["null", "Kind.TEXT", "Kind.NUMBER", "Kind.DATE"],
    "java.lang.String": ["null", '""', '"a"', '"b"', '"+0000"', '"Z"', '"UTC"', '"GMT"',
                         'new String("a")', 'new String("UTC")', '"-"', '"--"'],
    "java.lang.Class": ["null", "List.class", "Set.class", "java.util.List.class",
                        "Object.class"],
    "java.lang.Object": ["null", "new Object()", "Refs.LOCK", "Refs.NAMES", "Refs.TABLE",
                         "Refs.open", '"a"', "r.mine"],
    "int": ["Integer.MIN_VALUE", "-3", "-1", "0", "1", "2", "7", "Integer.MAX_VALUE"],
}
rents = {}
for l in open(RLOG):
    m = re.match(r"(\d+):\w+:[^:]*:[^:]*:([\w.$]+)@([\w<>]+)\(([^)]*)\):(\d+):(.*) \|==> (.*)$",
                 l.rstrip("\n"))
    rents[m.group(1)] = (m.group(2).split(".")[-1], m.group(3),
                         [t for t in m.group(4).split(",") if t], int(m.group(5)),
                         m.group(6), m.group(7))
calls = []
for cls, meth, pt, _, _, _ in sorted(set((e[0], e[1], tuple(e[2]), 0, 0, 0)
                                         for e in rents.values())):
    if meth == "<clinit>":
        calls.append(("<clinit>", "String.valueOf(Refs.EARLY)"))
        continue
    grid_ = [[]]
    for t in pt:
        grid_ = [a + [x] for a in grid_ for x in GR[t]]
    recvs = (["Kind.TEXT", "Kind.NUMBER", "Kind.DATE"] if cls == "Kind" and meth != "plain"
             else ["r"] if meth == "mine" else ["Refs"])
    for rv in recvs:
        for args in grid_:
            calls.append((meth, "String.valueOf(%s.%s(%s))" % (rv, meth, ", ".join(args))))
# open is not final: a program may make it LOCK (last: it stays so)
calls.append(("openLock", "{ Refs.open = Refs.LOCK; return String.valueOf("
                          "Refs.openLock(Refs.LOCK)); }"))
drive = ["package p;", "import java.util.*;", "public class Drive {",
         "  static void out(String m, int k, java.util.concurrent.Callable<String> c) {",
         "    String r; try { r = c.call(); } catch (Exception e) { r = e.getClass().getSimpleName(); }",
         "    System.out.println(m + \"|\" + k + \"|\" + r); }",
         "  public static void main(String[] x) { Refs r = new Refs();"]
for k, (meth, expr) in enumerate(calls):
    drive.append("    out(\"%s\", %d, () -> %s);" % (meth, k, expr))
drive += ["  }", "}"]
rsrc = {f: open(os.path.join(RD, "p", f)).read() for f in ("Kind.java", "Refs.java")}


errs = []


def run_tree(name, files):
    d = os.path.join(T, "refs-" + name)
    os.makedirs(os.path.join(d, "p"), exist_ok=True)
    for f, text in files.items():
        open(os.path.join(d, "p", f), "w").write(text)
    open(os.path.join(d, "p", "Drive.java"), "w").write("\n".join(drive) + "\n")
    p = subprocess.run(["javac", "-nowarn", "-d", os.path.join(d, "cls")] +
                       [os.path.join(d, "p", f) for f in list(files) + ["Drive.java"]],
                       capture_output=True, text=True)
    if p.returncode:
        errs.append(p.stderr[:300])
        return None
    p = subprocess.run(["java", "-cp", os.path.join(d, "cls"), "p.Drive"],
                       capture_output=True, text=True, timeout=300)
    out = {}
    for l in p.stdout.splitlines():
        m, k, r = l.split("|", 2)
        out.setdefault(m, []).append(r)
    return out


base = run_tree("orig", rsrc)
ok(base is not None and base, "javac compiles and the JVM runs the reference subject's driver%s"
   % (": " + errs[0] if errs else ""))
rdiff, bad = {}, []
for i, (cls, meth, _, line, orig, mut) in rents.items():
    files = dict(rsrc)
    lines = files[cls + ".java"].split("\n")
    if lines[line - 1].count(orig) != 1:
        bad.append(i)
        continue
    lines[line - 1] = lines[line - 1].replace(orig, "(%s)" % mut)
    files[cls + ".java"] = "\n".join(lines)
    got = run_tree("m" + i, files)
    if got is None:
        bad.append(i)
        continue
    rdiff[i] = got.get(meth) != (base or {}).get(meth)
ok(not bad, "every reference mutant compiles%s" % (" (not %s)" % bad if bad else ""))
for name, run in R.items():
    wrong = [i for i, m in run.items() if i in rdiff and rdiff[i] and (
        m["verdict"] == "equivalent" or "no input kills it in the model" in m["detail"])]
    ok(not wrong, "refs %s: every mutant proven (equivalent, or no input kills it in the "
       "model) returns what the original returns on the grid%s"
       % (name, " (not %s)" % wrong if wrong else ""))
# a killable verdict where the fact is excluded because the program can
# break it: 15 is broken in the JVM (EARLY is true)
real = [i for i in ("7", "9", "14", "15", "17") if not rdiff.get(i)]
ok(not real, "refs: the killable mutants 7, 9, 14, 15, 17 differ from the original in the "
   "JVM%s" % (" (not %s)" % real if real else ""))

# --- no vacuous claims (tests/data/check-facts/vacuous) -----------------
# 3 to -3 and 3 to 0 as an array index or a call argument: each killed
# by every input of the expression, "kills the same inputs" is no
# claim about tests (a[-3] throws where a[0] may equal a[3]).
rc, vr = check_json(["--source", os.path.join(D, "vacuous"),
                     os.path.join(D, "vacuous.mutants.log")])
vr = {m["id"]: m for m in (vr or {}).get("mutants", [])}
ok(rc == 0 and all(vr.get(str(i), {}).get("verdict") == "killable" for i in range(1, 7)),
   "vacuous: literals of an index or argument, each killed by every input: no "
   "subsumption claim between them (all killable)")
ok(vr.get("7", {}).get("verdict") == "duplicate" and vr["7"].get("by") == "5",
   "vacuous: k + 3 to k - 3 is still a duplicate of 3 to -3 (the same value on every input)")
vd = os.path.join(T, "vac")
os.makedirs(vd)
vsrc = open(os.path.join(D, "vacuous", "V.java")).read()
for name, text in (("V", vsrc), ("V1", vsrc.replace("a[3]", "a[-3]")),
                   ("V2", vsrc.replace("a[3]", "a[0]"))):
    open(os.path.join(vd, name + ".java"), "w").write(text.replace("class V ", "class %s " % name))
open(os.path.join(vd, "VDrive.java"), "w").write(
    "public class VDrive { static String r(java.util.concurrent.Callable<Integer> c) {"
    " try { return \"\" + c.call(); } catch (Exception e) { return \"throws\"; } }\n"
    " public static void main(String[] x) { int[] a = {4, 0, 0, 4};"
    " System.out.println(r(() -> V.g(a, 0)) + \" \" + r(() -> V1.g(a, 0)) + \" \" +"
    " r(() -> V2.g(a, 0))); } }\n")
p = subprocess.run(["javac", "-d", os.path.join(vd, "cls")] +
                   [os.path.join(vd, f) for f in ("V.java", "V1.java", "V2.java", "VDrive.java")],
                   capture_output=True, text=True)
p = subprocess.run(["java", "-cp", os.path.join(vd, "cls"), "VDrive"], capture_output=True,
                   text=True)
ok(p.stdout.split() == ["7", "throws", "7"],
   "the JVM: on a = {4, 0, 0, 4}, a[-3] throws and a[0] returns what a[3] does: the old "
   "claim '2 kills the same inputs as 1' is false of tests (%s)" % p.stdout.strip())
# --- random reference comparisons against the JVM (seed 29) ----------
# Sites `A op B` over an enum parameter, a Class and a String compared
# with enum constants, class literals and string literals (==, !=,
# "L".equals(s)); each mutant replaces op by another of &&, ||, ==, !=.
# A proven mutant returns what the original returns on every input of
# the grid; a killable one differs on one.
rr = random.Random(29)


def atom():
    c = rr.randrange(3)
    if c == 0:
        return "k %s Kind.%s" % (rr.choice(["==", "!="]), rr.choice(["TEXT", "NUMBER", "DATE"]))
    if c == 1:
        return "c %s %s.class" % (rr.choice(["==", "!="]),
                                  rr.choice(["List", "Set", "Map", "Object", "String"]))
    lit = rr.choice(['"a"', '"b"', '"c"'])
    return rr.choice(["s == %s" % lit, "s != %s" % lit, "%s.equals(s)" % lit])


GOPS = ["&&", "||", "==", "!="]
gl = ["package p;", "import java.util.*;", "public class RGen {"]
gm = ["package p;", "import java.util.*;", "public class RGenM {"]
rlog, rmut = [], {}
mid = 0
for k in range(40):
    a, b, op = atom(), atom(), rr.choice(GOPS)
    text = "%s %s %s" % (a, op, b) if op in ("&&", "||") else "(%s) %s (%s)" % (a, op, b)
    gl.append("    static boolean f%d(Kind k, Class<?> c, String s) {" % k)
    gl.append("        return %s;" % text)
    line = len(gl)
    gl.append("    }")
    for op2 in GOPS:
        if op2 == op:
            continue
        mid += 1
        mt = "(%s) %s (%s)" % (a, op2, b)
        rlog.append("%d:COR:%s(boolean,boolean):%s(boolean,boolean):p.RGen@f%d(p.Kind,"
                    "java.lang.Class,java.lang.String):%d:%s |==> %s"
                    % (mid, op, op2, k, line, text, mt))
        rmut[str(mid)] = k
        gm.append("    static boolean m%d(Kind k, Class<?> c, String s) { return %s; }"
                  % (mid, mt))
gl.append("}")
gm.append("}")
rg = os.path.join(T, "rgen")
os.makedirs(os.path.join(rg, "src", "p"))
open(os.path.join(rg, "src", "p", "Kind.java"), "w").write(
    open(os.path.join(RD, "p", "Kind.java")).read())
open(os.path.join(rg, "src", "p", "RGen.java"), "w").write("\n".join(gl) + "\n")
open(os.path.join(rg, "RGenM.java"), "w").write("\n".join(gm) + "\n")
open(os.path.join(rg, "rgen.log"), "w").write("\n".join(rlog) + "\n")
KS = ["null", "Kind.TEXT", "Kind.NUMBER", "Kind.DATE"]
CS = ["null", "List.class", "Set.class", "Map.class", "Object.class", "String.class"]
SS = ["null", '"a"', '"b"', '"c"', 'new String("a")', '""']
drv = ["package p;", "import java.util.*;", "public class RDrive {",
       "  public static void main(String[] x) {",
       "    Kind[] ks = {%s}; Class<?>[] cs = {%s}; String[] ss = {%s};"
       % (", ".join(KS), ", ".join(CS), ", ".join(SS)),
       "    for (Kind k : ks) for (Class<?> c : cs) for (String s : ss) {"]
for m_, k in rmut.items():
    drv.append("      if (RGen.f%d(k, c, s) != RGenM.m%s(k, c, s)) System.out.println(\"%s\");"
               % (k, m_, m_))
drv += ["    }", "  }", "}"]
open(os.path.join(rg, "RDrive.java"), "w").write("\n".join(drv) + "\n")
p = subprocess.run(["javac", "-nowarn", "-d", os.path.join(rg, "cls"),
                    os.path.join(rg, "src", "p", "Kind.java"),
                    os.path.join(rg, "src", "p", "RGen.java"),
                    os.path.join(rg, "RGenM.java"), os.path.join(rg, "RDrive.java")],
                   capture_output=True, text=True)
ok(p.returncode == 0, "javac compiles %d random reference sites and their %d mutants%s"
   % (40, len(rmut), (": " + p.stderr[:300]) if p.returncode else ""))
p = subprocess.run(["java", "-cp", os.path.join(rg, "cls"), "p.RDrive"],
                   capture_output=True, text=True, timeout=300)
jdiff = set(p.stdout.split())
for name, extra in (("expression level", []), ("in the method model", ["--method"])):
    rc, rep = check_json(["--source", os.path.join(rg, "src")] + extra +
                         [os.path.join(rg, "rgen.log")])
    ms = {m["id"]: m for m in (rep or {}).get("mutants", [])}
    proven = [i for i, m in ms.items() if m["verdict"] == "equivalent" or
              "no input kills it in the model" in m["detail"]]
    killed = [i for i, m in ms.items() if m["verdict"] in ("killable", "redundant")]
    bad = [i for i in proven if i in jdiff] + [i for i in killed if i not in jdiff]
    ok(rc == 0 and len(ms) == len(rmut) and not bad and proven,
       "random reference sites, %s: %d proven, %d killable, each as the JVM has it%s"
       % (name, len(proven), len(killed), " (not %s)" % bad[:6] if bad else ""))
done()
