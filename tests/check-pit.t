#!/bin/sh
# check-pit.t - PIT's mutations.xml as the input of `subsume check`
# (check/pit.h): the mutants of tests/data/pit-xml/mutations.xml (one at
# least per mapped mutator, written in PIT's format for the small
# source tests/data/pit-xml/src/demo/Demo.java) placed at their
# candidate nodes, judged, and written back with --format pit.
#
# What is expected is a fact about Demo.java, not the tool's output:
#  - equivalent: by reasoning on the method (each row says why);
#  - not equivalent: a row's input makes original and mutant differ
#    (the row names it); the tool must decide it (killable, or redundant
#    by table, which is killable too), never equivalent or unknown;
#  - ambiguous: the line holds two places the mutator acts on;
#  - unsupported: the reason the input makes (no such mutator, no such
#    class, no such line, code javac generated);
#  - the write-back changes exactly the mutants proven equivalent, and
#    in them only status and detected; PIT's score counts detected='true'.
. "$(dirname "$0")/lib.sh"

D=tests/data/pit-xml
X=$D/mutations.xml
"$S" check --no-timing --method --source $D/src $X > "$T/m.txt" 2> "$T/m.err"
check $? "check --method on PIT's mutations.xml runs (exit 0)"

# id|verdicts (any of them, by commas)|why (the independent fact)
while IFS='|' read -r id want why; do
	[ -n "$id" ] || continue
	line=$(grep -E "^[^ ]+: $id [a-z]+" "$T/m.txt")
	echo "$line" | grep -qE "^[^ ]+: $id ($(echo "$want" | tr , '|'))[: ]"
	check $? "mutant $id is $want: $why" || echo "# got: $line"
done <<'ROWS'
1|equivalent|clampLow: x < 0 -> x <= 0 differs only at x = 0, where both return 0
6|equivalent|same: x == 0 -> false returns x, which is 0 when x == 0
2|ambiguous|both: two < on line 28 (a < 10, b < 10), each a boundary place
3|killable,redundant|same: x != 0 returns 0 for x = 1, the original 1
4|killable,redundant|flag: !b returns true for b = false
5|killable,redundant|same: if (true) returns 0 for x = 1
7|killable,redundant|clampLow: if (true) returns 0 for x = 1
8|killable,redundant|absEq: if (false) returns -1 for x = 1
9|killable,redundant|sum: a - b is -1 for a = 0, b = 1, a + b is 1
10|killable,redundant|shift: 1 >> 1 is 0, 1 << 1 is 2
11|killable,redundant|bump: count-- leaves -1 where count++ leaves 1
12|killable,redundant|Demo(1): count = 1 / 2 is 0, 1 * 2 is 2
14|killable,redundant|neg: a for -a differs at a = 1
15|killable,redundant|isPositive: false for a > 0 differs at a = 1
16|killable,redundant|flag: true for false differs at b = false
17|killable,redundant|boxed: null for a boxed int
18|killable,redundant|five: 0 for 5
19|killable,redundant|name: "" for "yes" or "no"
22|killable,redundant|fresh: null for a new StringBuilder
23|killable,redundant|twice: a * 3 differs from a * 2 at a = 1
24|killable,redundant|adder's lambda: v - k differs from v + k at k = 1
30|killable,redundant|steps: increment 2 is x += 2 only (not i++); x -= 2 gives -2 for x = 0, y = 1
31|killable,redundant|steps: increment 1 is i++ only (not x += 2); i-- loops 2^31 + 1 times for y = 1
33|ambiguous|either: two return true on line 107, each replaced by false
34|killable,redundant|steps: removing x += 2 returns 0 for x = 0, y = 1, not 2
35|killable,redundant|isPositive: javac's 1 of a > 0 made 0 is false, for a = 1 not true
36|killable,redundant|inside: x <= hi is true at x = hi
37|killable,redundant|inside: x > lo is false at x = lo
38|killable,redundant|inside: the && value's 1 made 0 is false, at x = lo = 0, hi = 1 not true
39|killable,redundant|inside: its 0 made 1 is true, at x = hi not false
40|killable,redundant|greet: "hi x1" for k = 0 becomes "hi x-1"
41|killable,redundant|fivePlus: five() made 0 returns 3, not 8
ROWS

# the string concatenations of line 115 are no integer additions
grep -E '^[^ ]+: 40 ' "$T/m.txt" | grep -qF 'k + 1 |==> k - 1 (MathMutator)'
check $? "MathMutator's integer addition on a line of string + is k + 1 only"

# two mutants of one mutator and description on a line with two
# places: PIT's instruction indexes (3 and 9, listed 9 first) give the
# order javac evaluates && in, left to right: x >= lo, then x < hi
grep -E '^[^ ]+: 37 ' "$T/m.txt" | grep -qF 'x >= lo |==> x > lo' &&
	grep -E '^[^ ]+: 36 ' "$T/m.txt" | grep -qF 'x < hi |==> x <= hi' &&
	grep -E '^[^ ]+: 36 ' "$T/m.txt" | grep -qF 'place 2 of the 2 on its line (index 9)'
check $? "PIT's instruction index places two mutants of one line in evaluation order"

# the increments select by their amount
grep -E '^[^ ]+: 30 ' "$T/m.txt" | grep -qF 'x += 2 |==> x -= 2' &&
	grep -E '^[^ ]+: 31 ' "$T/m.txt" | grep -qF 'i++ |==> i--'
check $? "IncrementsMutator's amount picks x += 2 or i++ on one line"

# RemoveConditional removes a jump (_IF: never taken) or makes it a goto
# (_ELSE: always taken); which value of its comparison or condition that
# is depends on the jump javac compiled, read here from javap: the
# opcode at PIT's index (the byte offsets of orSame and upTo, Demo.java
# 124-131), taken when its relation holds (if_icmpeq: x == y; ifne: b;
# if_icmplt: x < 10).  The left operand of || and a condition under !
# jump when true, a do statement's condition too.
if command -v javac >/dev/null && command -v javap >/dev/null; then
mkdir -p "$T/cls"
javac -d "$T/cls" $D/src/demo/Demo.java 2>/dev/null &&
	javap -c -p -cp "$T/cls" demo.Demo > "$T/javap.txt"
check $? "javac and javap on Demo.java"
python3 - "$T/m.txt" "$T/javap.txt" $X <<'PY'
import re, sys
out, jp, xml = (open(f).read() for f in sys.argv[1:4])
meth, ops = None, {}
for l in jp.split("\n"):
    m = re.match(r"\s+static \w+ (\w+)\(", l)
    if m:
        meth = m.group(1)
    m = re.match(r"\s+(\d+): (if\w*)", l)
    if m and meth:
        ops[(meth, int(m.group(1)))] = m.group(2)
rel = {"ifnull": ("==", "null"), "ifnonnull": ("!=", "null"),
       "if_acmpeq": ("==", None), "if_acmpne": ("!=", None),
       "if_icmpeq": ("==", None), "if_icmpne": ("!=", None),
       "if_icmplt": ("<", None), "if_icmpge": (">=", None),
       "if_icmpgt": (">", None), "if_icmple": ("<=", None)}
neg = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
muts = [l for l in xml.split("\n") if "<mutation " in l]
bad = n = 0
for i, l in enumerate(muts, 1):
    mu = re.search(r"RemoveConditionalMutator_(\w+)<", l)
    meth = re.search(r"<mutatedMethod>(\w+)<", l)
    if not mu or meth.group(1) not in ("orSame", "upTo"):
        continue
    op = ops[(meth.group(1), int(re.search(r"<index>(\d+)<", l).group(1)))]
    v = re.search(r"^[^ ]+: %d \w+: (.*?) \|==> (\w+) \(" % i, out, re.M)
    node, text = v.groups()
    if op in ("ifne", "ifeq"):      # a boolean's jump: taken when true (ifne)
        taken = op == "ifne"
    else:
        r, rhs = rel[op]
        c = re.match(r"(.*) (==|!=|<=|>=|<|>) (.*)$", node)
        taken = c.group(2) == r if c.group(2) in (r, neg[r]) else None
    want = taken if mu.group(1).endswith("ELSE") else not taken
    n += 1
    if text != ("true" if want else "false"):
        bad += 1
        print("# mutant %d %s: `%s` jumps with %s: want %s, got %s" % (
            i, mu.group(1), node, op, want, text))
sys.exit(1 if bad or n != 6 else 0)
PY
check $? "RemoveConditional's six mutants of orSame and upTo: the value javap's jump gives (the left of ||, under !, a do's condition)"
else
skip "javac or javap not installed" 2
fi
# an enhanced for's hasNext() is one of PIT's two EQUAL_IF jumps on line
# 135, whose source shows one (s == null): neither mutant is placed
for id in 49 50; do
	grep -E "^[^ ]+: $id ambiguous: " "$T/m.txt" | grep -qF 'PIT made 2 of these mutants on line 135, whose source has 1 place'
	check $? "RemoveConditional mutant $id on a line with javac's own jump is ambiguous"
done
# PIT pops the operands it evaluated: a condition with a call (PIT's
# own run, tests/data/pit/objects: Names.check's name.isEmpty(), the last
# operand of || in an if, jumps when false) is still called, then its
# value taken: name = null throws in PIT's mutant as in the original
O=tests/data/pit/objects
"$S" check --no-timing --source $O/src/main/java $O/mutations-pit-1.30.2.xml > "$T/o.txt" 2>&1
grep -E '^[^ ]+: 24 ' "$T/o.txt" | grep -qF 'name.isEmpty() |==> ((name.isEmpty()) || true) (RemoveConditionalMutator_EQUAL_IF)' &&
	grep -E '^[^ ]+: 22 ' "$T/o.txt" | grep -qF 'name.isEmpty() |==> ((name.isEmpty()) && false) (RemoveConditionalMutator_EQUAL_ELSE)'
check $? "RemoveConditional keeps a call of its condition (PIT pops its value)" ||
	grep -E '^[^ ]+: 2[24] ' "$T/o.txt" | sed 's/^/# got: /'

# The JVM: every method-level killable verdict's input, run on the
# original and on the mutant (the mutant's text at its column of its
# line, each mutant a package of its own), gives two results; every
# method-level equivalent one gives the same results on all inputs
# from -64 to 64 (and both booleans).
"$S" check --no-timing --method --format json --source $D/src $X > "$T/m.json" 2>/dev/null
if command -v javac >/dev/null && command -v java >/dev/null; then
python3 - "$T/m.json" $D "$T/jvm" <<'PY'
import itertools, json, os, re, subprocess, sys
rep, D, W = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
src = open(D + "/src/demo/Demo.java").read()
params = {}  # static method -> its parameter types
for t, name, ps in re.findall(r"static (\w+) (\w+)\(([^)]*)\)", src):
    params[name] = [p.split()[0] for p in ps.split(",") if p.strip()]
os.makedirs(W, exist_ok=True)
files, queries, checks = [D + "/Run.java"], [], []
for m in rep["mutants"]:
    if m["level"] != "method" or m["verdict"] not in ("killable", "equivalent"):
        continue
    meth, line = re.match(r".*@(\w+):(\d+)$", m["where"]).groups()
    if meth not in params:
        continue  # an instance method or constructor: not run here
    lines = src.split("\n")
    l, c = lines[int(line) - 1], m["column"] - 1
    assert l[c:c + len(m["original"])] == m["original"], (m["id"], l)
    before, after = l[:c], l[c + len(m["original"]):]
    stmt = before.rstrip()[-1:] in ("", "{", "}", ";") and after.lstrip()[:1] == ";"
    # a statement's mutant (x for x += 2) evaluated as an argument
    lines[int(line) - 1] = before + ("java.util.Objects.hash(%s)" if stmt
                                     else "(%s)") % m["mutant"] + after
    pkg = "m" + m["id"]
    os.makedirs(W + "/" + pkg, exist_ok=True)
    f = W + "/" + pkg + "/Demo.java"
    open(f, "w").write("\n".join(lines).replace("package demo;", "package %s;" % pkg))
    files.append(f)
    if m["verdict"] == "killable":
        # its input (an opaque call's value it names, "with five()
        # returning 0", is the real call's in the JVM)
        w = re.match(r"killed by (\w+)\(([^)]*)\)", m["detail"])
        ins = [[v.split("=")[1] for v in w.group(2).split(", ") if v]]
    else:
        dom = {"int": [str(i) for i in range(-64, 65)], "boolean": ["false", "true"]}
        ins = [list(t) for t in itertools.product(*[dom[p] for p in params[meth]])]
    k = len(queries)
    for a in ins:
        queries += ["demo %s %s" % (meth, " ".join(a)), "%s %s %s" % (pkg, meth, " ".join(a))]
    checks.append((m["id"], m["verdict"], k, len(queries)))
subprocess.run(["javac", "-d", W + "/cls", D + "/src/demo/Demo.java"] + files, check=True)
out = subprocess.run(["java", "-cp", W + "/cls", "Run"], input="\n".join(queries) + "\n",
                     capture_output=True, text=True, check=True).stdout.split("\n")
bad = 0
for id_, v, a, b in checks:
    pairs = [(out[i], out[i + 1]) for i in range(a, b, 2)]
    same = all(x == y for x, y in pairs)
    good = same if v == "equivalent" else not same
    print("# %s: the JVM %s: mutant %s %s (%d inputs)" % ("ok" if good else "FAILED", "agrees" if good else "disagrees",
          id_, v, len(pairs)))
    bad += not good
print("# %d method-level verdicts run in the JVM" % len(checks))
sys.exit(1 if bad or len(checks) < 10 else 0)
PY
check $? "the JVM agrees with every method-level killable and equivalent verdict of a static method"
else
	skip "no javac and java"
fi

# the candidates of the ambiguous one are both listed
grep -E '^[^ ]+: 2 ambiguous' "$T/m.txt" | grep -qF '[2.1] column 16 `a < 10`' &&
	grep -E '^[^ ]+: 2 ambiguous' "$T/m.txt" | grep -qF '[2.2] column 26 `b < 10`'
check $? "the ambiguous mutant lists its two candidates at their columns"

# id|reason (fixed string)|why
while IFS='|' read -r id want why; do
	[ -n "$id" ] || continue
	grep -E "^[^ ]+: $id unsupported" "$T/m.txt" | grep -qF -- "$want"
	check $? "mutant $id is unsupported: $why"
done <<'ROWS'
21|no place on line 72|NonVoidMethodCall of Math.abs on a line without that call
42|the call's type, whose default value replaces it, is not known|Math.abs is another class's method
25|no place on line 48|NegateConditionals on count++: no conditional there (byte code only)
26|switch's jump table|SwitchMutator: the table's reason
27|FancyNewMutator is not in configs/pit-mutators.yaml|a mutator the table lacks
28|no source file for class demo.Missing|a class without source
29|line 500 is past the end|Demo.java has fewer lines
32|no place on line 107|either: true for true is the original (PIT makes no such mutant)
ROWS

# every mapped mutator of the table has a mutant in the fixture
for m in $(sed -n 's/^  - mutator: //p' configs/pit-mutators.yaml); do
	case $m in FalseReturnValsMutator|TrueReturnValsMutator|ArgumentPropagationMutator|NakedReceiverMutator|MemberVariableMutator|BigIntegerMutator|BigDecimalMutator) continue;; esac
	has $X ".$m<"
	check $? "the fixture has a $m mutant"
done

# PIT's score: detected='true' counted in the file
total=$(grep -c '<mutation ' $X)
det=$(grep -c "detected='true'" $X)
grep -qF "PIT: $det of $total mutants detected" "$T/m.txt"
check $? "the summary gives PIT's detected count ($det of $total)"

# --format pit: only the equivalent ones change, and only there
"$S" check --no-timing --method --format pit --source $D/src $X > "$T/w.xml" 2>/dev/null
check $? "--format pit runs"
neq=$(grep -cE '^[^ ]+: [0-9]+ equivalent' "$T/m.txt")
nd=$(diff $X "$T/w.xml" | grep -c '^>')
[ "$nd" = "$neq" ] && [ "$neq" = 2 ]
check $? "--format pit changes $neq mutations, the equivalent ones (got $nd)"
sed "s/detected='true' status='EQUIVALENT'/detected='false' status='SURVIVED'/" "$T/w.xml" | cmp -s - $X
check $? "--format pit changes nothing else than status and detected"
"$S" check --no-timing --source $D/src "$T/w.xml" > "$T/r.txt" 2>&1
check $? "the written file reads back"

"$S" check --format pit --source $D/src $X $X > "$T/u.out" 2> "$T/u.err"
[ $? = 2 ] && has "$T/u.err" "--format pit writes back one PIT mutations.xml" && ! [ -s "$T/u.out" ]
check $? "--format pit with two inputs is a usage error (exit 2)"

# the elements report of PIT's input: PIT's statuses in the report's
# words (KILLED Killed, ...), the live ones proven equivalent Ignored
"$S" check --no-timing --method --format elements --source $D/src $X > "$T/e.json" 2>/dev/null
check $? "--format elements of PIT's input runs"
python3 - "$T/e.json" "$X" "$T/m.txt" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
xml = open(sys.argv[2]).read()
st = re.findall(r"status='([A-Z_]+)'", xml)
ms = [m for f in r["files"].values() for m in f["mutants"]]
eq = set(re.findall(r"^\S+: (\d+) equivalent", open(sys.argv[3]).read(), re.M))
words = {"KILLED": "Killed", "SURVIVED": "Survived", "NO_COVERAGE": "NoCoverage"}
bad = [m["id"] for m in ms
       if m["status"] != ("Ignored" if m["id"] in eq and st[int(m["id"]) - 1]
                          in ("SURVIVED", "NO_COVERAGE") else words[st[int(m["id"]) - 1]])]
sys.exit(1 if bad or len(ms) != len(st) else 0)
PY
check $? "the elements report has every PIT mutant with PIT's status (Ignored: the equivalent live ones)"

# --shard: two shards merged are the whole run
for k in 1 2; do
	"$S" check --no-timing --method --format json --shard $k/2 --source $D/src $X > "$T/s$k.json" 2>/dev/null
done
"$S" merge "$T/s1.json" "$T/s2.json" > "$T/merged.json" && cmp -s "$T/merged.json" "$T/m.json"
check $? "two shards of PIT's input merged are the whole run's JSON"

# PIT's score in --format json (summary.pit), from the input and the
# run's own mutants: detected='true' counted in the file, the
# undetected ones proven equivalent (the mutants array's verdicts)
# dropped from the corrected score; the text line gives the same numbers
python3 - "$T/m.json" "$X" "$T/m.txt" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
xml = open(sys.argv[2]).read()
det = [d == "true" for d in re.findall(r"<mutation detected='(\w+)'", xml)]
eq = {m["id"] for m in r["mutants"] if m["verdict"] == "equivalent"}
t, d = len(det), sum(det)
ue = sum(1 for i, x in enumerate(det) if not x and str(i + 1) in eq)
de = sum(1 for i, x in enumerate(det) if x and str(i + 1) in eq)
p = r["summary"].get("pit", {})
want = {"mutants": t, "detected": d, "score": round(d / t, 4),
        "undetected_equivalent": ue, "corrected_score": round(d / (t - ue), 4),
        "corrected_formula": "detected / (mutants - undetected_equivalent)",
        "detected_equivalent": de}
line = "PIT: %d of %d mutants detected, score %.1f%%; %d undetected proven " \
       "equivalent, corrected score %.1f%%" % (d, t, 100 * d / t, ue,
                                              100 * d / (t - ue))
ok = p == want and line in open(sys.argv[3]).read() and ue > 0
if not ok:
    print("# got %s\n# want %s\n# line %s" % (p, want, line))
sys.exit(0 if ok else 1)
PY
check $? "--format json's summary.pit: PIT's score and the corrected one, as the text line"

# the HTML page of PIT's input embeds the elements report, statuses and all
"$S" check --no-timing --method --format html --source $D/src $X > "$T/e.html" 2>/dev/null
python3 - "$T/e.html" "$T/e.json" <<'PY'
import json, sys
page = open(sys.argv[1]).read()
k = page.index(".report = ") + len(".report = ")
emb = json.loads(page[k:page.index(";\n</script>", k)])
sys.exit(0 if emb == json.load(open(sys.argv[2])) else 1)
PY
check $? "the HTML page of PIT's input shows the elements report (PIT's statuses)"

# PIT's mutation-testing-elements report of the numbers sample
# (scripts/pit-elements.py from the sample's mutations.xml, as PIT's
# report plugin writes it: whole lines, a description, no replacement)
# is judged as the mutations.xml is: the same verdict for every mutant,
# or ambiguous where the XML's instruction indexes chose among several
# candidates (the report has none).  Which report mutant is which XML
# mutation is computed from the XML (the plugin's order: by package and
# file, line, then PIT's order), not taken from the tool.
N=tests/data/pit/numbers
NX=$N/mutations-pit-1.30.2.xml
NE=$N/elements-pit-1.30.2.json
python3 scripts/pit-elements.py $NX $N/src/main/java | cmp -s - $NE
check $? "the numbers sample's elements report is scripts/pit-elements.py's of its mutations.xml"
"$S" check --no-timing --format json $NE > "$T/ne.json" 2>"$T/ne.err"
check $? "PIT's elements report of the numbers sample is checked (exit 0)"
"$S" check --no-timing --format json --source $N/src/main/java $NX > "$T/nx.json" 2>/dev/null
python3 - "$T/ne.json" "$T/nx.json" "$NX" <<'PY'
import json, sys, xml.etree.ElementTree as ET
e, x = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
muts = ET.parse(sys.argv[3]).getroot().findall("mutation")
key = lambda i: (muts[i].findtext("mutatedClass").rsplit(".", 1)[0],
                 muts[i].findtext("sourceFile"),
                 int(muts[i].findtext("lineNumber")), i)
order = sorted(range(len(muts)), key=key)
ev = {m["id"]: m for m in e["mutants"]}
xv = {m["id"]: m for m in x["mutants"]}
same = amb = 0
for eid, i in enumerate(order):
    a, b = ev[str(eid)], xv[str(i + 1)]
    if a["verdict"] == b["verdict"] and a["original"] == b["original"] and \
       a["mutant"] == b["mutant"]:
        same += 1
    elif a["verdict"] == "ambiguous" and "PIT's instruction order" in b["detail"]:
        amb += 1
    else:
        print("# report %s: %s %s; mutations.xml %d: %s %s" % (
            eid, a["verdict"], a["detail"][:120], i + 1, b["verdict"], b["detail"][:120]))
print("# %d mutants: %d as the mutations.xml's, %d ambiguous without its indexes"
      % (len(order), same, amb))
det = sum(m.get("detected") == "true" for m in muts)
pe, px = e["summary"]["pit"], x["summary"]["pit"]
sys.exit(0 if same + amb == len(order) == len(e["mutants"]) and same > amb and
         pe["mutants"] == px["mutants"] == len(muts) and
         pe["detected"] == px["detected"] == det else 1)
PY
check $? "each PIT mutant of the elements report has the mutations.xml reader's verdict (or is ambiguous without PIT's index), the same PIT score"

# --format elements of PIT's elements report: every mutant written back
# with its status, Ignored where a live one is proven equivalent
"$S" check --no-timing --method --format elements $NE > "$T/ne-e.json" 2>/dev/null
"$S" check --no-timing --method --format json $NE > "$T/ne-m.json" 2>/dev/null
python3 - "$NE" "$T/ne-e.json" "$T/ne-m.json" <<'PY'
import json, sys
src, back, run = (json.load(open(a)) for a in sys.argv[1:])
given = {m["id"]: m["status"] for f in src["files"].values() for m in f["mutants"]}
eq = {m["id"] for m in run["mutants"] if m["verdict"] == "equivalent"}
got = {m["id"]: m["status"] for f in back["files"].values() for m in f["mutants"]}
want = {i: ("Ignored" if i in eq and s in ("Survived", "NoCoverage") else s)
        for i, s in given.items()}
sys.exit(0 if got == want and eq else 1)
PY
check $? "--format elements of PIT's elements report keeps PIT's statuses (Ignored: the live ones proven equivalent)"

# --shard: the two shards' elements reports of PIT's elements report,
# merged, are the whole run's (its JSON shards hold the report's
# statuses as test results, which merge does not join: an error that
# says so)
for k in 1 2; do
	"$S" check --no-timing --format elements --shard $k/2 $NE > "$T/es$k.json" 2>/dev/null
done
"$S" check --no-timing --format elements $NE > "$T/ew.json" 2>/dev/null
"$S" merge "$T/es1.json" "$T/es2.json" > "$T/em.json" && cmp -s "$T/em.json" "$T/ew.json"
check $? "two shards of PIT's elements report merged (--format elements) are the whole run's report"

# bad input in PIT's elements report: a mutator the table lacks and a
# file whose source the plugin did not find (it writes "   " and puts
# the file's mutants at 1:1-1:2) are unsupported with the reason, every
# other mutant judged as before; a report cut short, or a mutant on a
# line past its file, is a located error
python3 - "$NE" "$T/bad.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
f = r["files"]["sample.numbers/Bits.java"]
f["mutants"][0]["mutatorName"] = "FancyNewMutator"
c = r["files"]["sample.numbers/Calendar.java"]
c["source"] = "   "
for m in c["mutants"]:
    m["location"] = {"start": {"line": 1, "column": 1}, "end": {"line": 1, "column": 2}}
json.dump(r, open(sys.argv[2], "w"))
PY
"$S" check --no-timing --format json "$T/bad.json" > "$T/bad.out" 2>/dev/null
python3 - "$T/bad.out" "$T/ne.json" "$NE" <<'PY'
import json, sys
b, g, src = (json.load(open(a)) for a in sys.argv[1:])
first = src["files"]["sample.numbers/Bits.java"]["mutants"][0]["id"]
cal = {m["id"] for m in src["files"]["sample.numbers/Calendar.java"]["mutants"]}
bv = {m["id"]: m for m in b["mutants"]}
good = "FancyNewMutator is not in configs/pit-mutators.yaml" in bv[first]["detail"] \
    and bv[first]["verdict"] == "unsupported"
gv = {m["id"]: m for m in g["mutants"]}
# (a mutant unsupported by its mutator's row, SwitchMutator's, keeps
# that reason)
good &= all(bv[i]["verdict"] == "unsupported" and
            ("embeds no source" in bv[i]["detail"] or
             bv[i]["detail"] == gv[i]["detail"]) for i in cal)
good &= sum("embeds no source" in bv[i]["detail"] for i in cal) > len(cal) / 2
good &= all(m["verdict"] == bv[m["id"]]["verdict"] for m in g["mutants"]
            if m["id"] != first and m["id"] not in cal)
sys.exit(0 if good and cal else 1)
PY
check $? "PIT's elements report: an unknown mutator and a missing source unsupported with the reason, the others judged as before"
head -c 3000 $NE > "$T/cut.json"
"$S" check --no-timing "$T/cut.json" > "$T/cut.out" 2> "$T/cut.err"
[ $? = 3 ] && grep -qE "^$T/cut.json:[0-9]+:[0-9]+: error: " "$T/cut.err"
check $? "PIT's elements report cut short: a located error, exit 3"
python3 - "$NE" "$T/past.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
m = r["files"]["sample.numbers/Ranges.java"]["mutants"][0]
m["location"]["start"]["line"] = m["location"]["end"]["line"] = 900
json.dump(r, open(sys.argv[2], "w"), indent=1)
PY
"$S" check --no-timing "$T/past.json" > "$T/past.out" 2> "$T/past.err"
[ $? = 3 ] && grep -qE "^$T/past.json:[0-9]+:[0-9]+: error: the start is on line 900, after the end" "$T/past.err"
check $? "PIT's elements report with a line past the file: a located error, exit 3"

# Real code: the ROR boundary and AOR mutants of Major's logs of the
# real projects (../shared/data/real, or $REAL_DIR), written as the PIT
# mutants they are (ConditionalsBoundary, Math; Major's ids as PIT's
# indexes), must be placed where Major put them: the same original
# and mutant (literals by value: javac logs 0xff as 255), every one
# placed or ambiguous.  Major's line is its operator's; PIT's is the
# line javac's line number table gives the instruction, the line of the
# statement or call begun last (an operand of a condition over three
# lines is on its first): the two agree on a statement written on one
# line, so only those mutants are taken (the others are PIT's real
# mutants' case, tests/data/pit-lines below)
REAL=${REAL_DIR:-${REAL:-$ROOT/../shared/data/real}}
for p in commons-codec-1.10 commons-cli-1.4; do
	if [ ! -f "$REAL/$p/mutants.log" ]; then
		skip "no Major log of $p under $REAL"
		continue
	fi
	python3 - "$REAL/$p/mutants.log" "$T/$p.xml" "$T/$p.major" "$REAL/$p/src/main/java" <<'PY'
import html, os, re, sys
def code(l):
    return re.sub(r"//.*|/\*.*?\*/", "", l).strip()
whole = {}  # file -> the lines whose statement is on that line alone
def one_line(cls, line):
    f = os.path.join(sys.argv[4], cls.split("$")[0].replace(".", "/") + ".java")
    if f not in whole:
        ls, prev, w = open(f, encoding="utf-8", errors="replace").read().split("\n"), "", set()
        for i, l in enumerate(ls):
            c = code(l)
            if not c or c.startswith("*") or c.startswith("/*"):
                continue
            if (not prev or prev[-1] in ";{}") and c[-1] in ";{}":
                w.add(i + 1)
            prev = c
        whole[f] = w
    return line in whole[f]
P = "org.pitest.mutationtest.engine.gregor.mutators."
bound = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
math = {"+": "-", "-": "+", "*": "/", "/": "*", "%": "*"}
words = {"+": "addition", "-": "subtraction", "*": "multiplication",
         "/": "division", "%": "modulus"}
out, maj = [], []
for l in open(sys.argv[1]):
    m = re.match(r"\d+:(\w+):([^:]*):([^:]*):([\w.$]+)@([\w<>]+)(?:\([^)]*\))?:"
                 r"(\d+):(.*) \|==> (.*)$", l.rstrip("\n"))
    if not m:
        continue
    op, f, t, cls, meth, line, o, mu = m.groups()
    f, t = f.split("(")[0], t.split("(")[0]
    if op == "ROR" and bound.get(f) == t:
        mut, desc = "ConditionalsBoundaryMutator", "changed conditional boundary"
    elif op == "AOR" and math.get(f) == t:
        mut, desc = "MathMutator", "Replaced integer %s with %s" % (words[f], words[t])
    else:
        continue
    if not one_line(cls, int(line)):
        continue
    out.append("<mutation detected='false' status='SURVIVED' numberOfTestsRun='0'>"
               "<sourceFile>X.java</sourceFile><mutatedClass>%s</mutatedClass>"
               "<mutatedMethod>%s</mutatedMethod><methodDescription>()V"
               "</methodDescription><lineNumber>%s</lineNumber><mutator>%s%s"
               "</mutator><indexes><index>%d</index></indexes><blocks><block>0"
               "</block></blocks><killingTest/><description>%s</description>"
               "</mutation>\n" % (cls, html.escape(meth), line, P, mut, len(out), desc))
    maj.append(o + "\t" + mu)
open(sys.argv[2], "w").write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mutations>\n"
                             + "".join(out) + "</mutations>\n")
open(sys.argv[3], "w").write("\n".join(maj) + "\n")
PY
	"$S" check --no-timing --format json --source "$REAL/$p/src/main/java" \
		"$T/$p.xml" > "$T/$p.json" 2>/dev/null
	python3 - "$T/$p.json" "$T/$p.major" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))["mutants"]
maj = [l.split("\t") for l in open(sys.argv[2]).read().splitlines()]
def norm(s):
    s = re.sub(r"\b0[xX]([0-9a-fA-F]+)\b", lambda m: str(int(m.group(1), 16)), s)
    return re.sub(r"\s+", "", s)
same = amb = 0
for (o, mu), m in zip(maj, r):
    if m["verdict"] == "ambiguous":
        amb += 1
    elif norm(o) == norm(m["original"]) and norm(mu) == norm(m["mutant"]):
        same += 1
    else:
        print("# not where Major put it: %s |==> %s, placed %s |==> %s (%s)"
              % (o, mu, m["original"], m["mutant"], m["where"]))
print("# %d mutants: %d where Major put them, %d ambiguous" % (len(maj), same, amb))
sys.exit(0 if len(r) == len(maj) and same + amb == len(maj) and same >= 0.95 * len(maj) else 1)
PY
	check $? "$p: Major's boundary and arithmetic mutants as PIT's are placed where Major put them"
done

# javac's lines (tests/data/pit-lines/README.md): each mutant placed at
# the node whose instruction javac puts on its line, not the node that
# starts there (id;original |==> mutant, as the text output writes them;why)
L=tests/data/pit-lines
"$S" check --no-timing --source $L/src $L/mutations.xml > "$T/l.txt" 2>&1
while IFS=';' read -r id want why; do
	[ -n "$id" ] || continue
	# killable, or redundant by table (killable too)
	grep -E "^[^ ]+: $id (killable|redundant): " "$T/l.txt" | grep -qF -- "$want ("
	check $? "javac's line: mutant $id is $want: $why" ||
		grep -E "^[^ ]+: $id " "$T/l.txt" | sed 's/^/# got: /'
done <<'ROWS'
1;index + 1 |==> index - 1;an argument before its call's '(' line is on the if's line 6
2;index - 1 |==> index + 1;an argument after the first call (line 7) is on that call's line
3;index + v |==> index - v;an operator on the line after its return statement's start
4;index * 2 |==> index / 2;?:'s then part begins its own line (14)
5;ch == '@' |==> true;the first of two comparisons on the return's line 19 (EQUAL_ELSE makes its jump, if_icmpeq: taken when it is true, the left operand of ||, a goto)
6;ch == '#' |==> false;the second comparison, on line 20, is on the return's line (and its '#' literal is no hole)
7;c(index + 1, 3) |==> !(c(index + 1, 3));the jump after a call is on the call's line
8;c(index - 1, 4) |==> !(c(index - 1, 4));the second call's '(' is on line 8
9;a > 0 || a < -5 |==> true;return (x);: the value is x, inside the parentheses
10;k + 1 |==> k - 1;lambda$nest$0 is the lambda nested in nest's lambda
ROWS

# a shift of a value whose type the source does not declare here (a
# long field of another class): javac's lshr, which >> to << changes
# (c.work = 2^32 gives 1, then 0), is no int shift taken mod 32
grep -E '^[^ ]+: 11 ' "$T/l.txt" | grep -qF 'unsupported: c.work >> 32 |==> c.work << 32 (MathMutator): the type of `c.work` is not known'
check $? "javac's line: mutant 11 (a long field of another class shifted) is not judged as an int" ||
	grep -E '^[^ ]+: 11 ' "$T/l.txt" | sed 's/^/# got: /'

# bad input: located errors, exit 3, nothing judged
for f in truncated other-root bad-line bad-entity; do
	"$S" check --no-timing --source $D/src $D/$f.xml > "$T/b.out" 2> "$T/b.err"
	rc=$?
	[ $rc = 3 ] && grep -qE "^$D/$f.xml:[0-9]+:[0-9]+: error: " "$T/b.err" &&
		has "$T/b.out" "summary: 0 mutants"
	check $? "$f.xml: a located error, exit 3, no mutant judged" ||
		{ echo "# rc=$rc"; sed 's/^/# /' "$T/b.err"; }
done
"$S" check --no-timing --source $D/src "$T/none.xml" > "$T/b.out" 2> "$T/b.err"
[ $? = 5 ] && has "$T/b.err" "cannot read $T/none.xml"
check $? "an unreadable mutations.xml: exit 5"
: > "$T/empty.xml"
"$S" check --no-timing --source $D/src "$T/empty.xml" > "$T/b.out" 2> "$T/b.err"
[ $? = 3 ] && has "$T/b.err" "$T/empty.xml:1:1: error: not XML"
check $? "an empty mutations.xml: a located error, exit 3"
"$S" check --no-timing --source $D/src $D/bad-entity.xml > "$T/b.out" 2> "$T/b.err"
has "$T/b.err" "an unknown entity"
check $? "bad-entity.xml names the unknown entity"
"$S" check --source $D/src $D/other-root.xml 2>&1 | grep -qF "<project>: not PIT's mutations.xml"
check $? "another XML's root is named"

# no line number (0): unsupported, not an error
sed 's/<lineNumber>500</<lineNumber>0</' $X > "$T/l0.xml"
"$S" check --no-timing --source $D/src "$T/l0.xml" > "$T/l0.txt" 2>&1
check_eval 'grep -E "^[^ ]+: 29 unsupported" "$T/l0.txt" | grep -qF "no line number"' \
	"a mutant without a line number (0) is unsupported with the reason"

# without --source: every mutant unsupported, with the reason
"$S" check --no-timing $X > "$T/n.txt" 2>&1
[ "$(grep -cF 'give --source' "$T/n.txt")" = "$(grep -cE '^[^ ]+: [0-9]+ unsupported: .*give --source' "$T/n.txt")" ] &&
	grep -qF 'give --source' "$T/n.txt"
check $? "without --source the placed mutators' mutants say to give --source"
finish
