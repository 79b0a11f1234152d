#!/usr/bin/env python3
# check-mcontract.t - the shipped contracts on call results at method
# level (sem/mir.h: Contracts; check/mcontract.c).
#
# Subject: tests/data/check-mcontract/src/Sizes.java: `n = list.size();
# if (n < 0) return -1; return n;` whose guard is dead only because
# size() >= 0 (mutants 2: the guard to false, 3: -1 to 0), and calls of
# indexOf and length whose mutants are killed.  Asserted: 2 and 3 are
# equivalent in their method with the default contracts and killed with
# `--contracts none` by a negative size; every killing input printed
# under the contracts keeps them (size, length >= 0, indexOf >= -1);
# each is re-run in the JVM with real objects answering the printed
# results (a list of that size, a string of that length, strings whose
# indexOf is that); the method cache's key holds the contract (a
# contracts file with another `assume` changes the verdicts of one
# process, and --no-cache agrees with the cache).
import json, os, re, subprocess, tempfile

from tap import S, done, ok

D = "tests/data/check-mcontract"
LOG = D + "/sizes.mutants.log"
SRC = open(D + "/src/Sizes.java").read()


def run(*extra):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json", "--source",
                        D + "/src", "--method"] + list(extra) + [LOG],
                       capture_output=True, text=True)
    d = json.loads(p.stdout) if p.returncode == 0 else {"mutants": []}
    return {x["id"]: x for x in d["mutants"]}


v = run()
n = run("--contracts", "none")
ok(len(v) == 6 and len(n) == 6, "6 verdicts with and without contracts")
for i in ("2", "3"):
    ok(v[i]["verdict"] == "equivalent" and v[i]["level"] == "method",
       "mutant %s: equivalent in its method thanks to size() >= 0" % i)
ok(n["3"]["verdict"] == "killable" and
   re.search(r"size\(\) returning -\d+", n["3"]["detail"]),
   "mutant 3 with --contracts none: killed by a negative size")
ok(re.search(r"size\(\) returning -\d+", n["2"].get("note", "") + n["2"]["detail"]),
   "mutant 2 with --contracts none: killed in its method by a negative size")

CONTRACT = {"size": lambda r: r >= 0, "length": lambda r: r >= 0,
            "indexOf": lambda r: r >= -1}
RES = re.compile(r"(\w+)\.(\w+)\(([^)]*)\) returning (-?\d+)")
kills = {i: x for i, x in v.items() if x["verdict"] == "killable"}
bad = [i for i, x in kills.items()
       for _, c, _, r in RES.findall(x["detail"]) if not CONTRACT[c](int(r))]
ok(len(kills) >= 3 and not bad and
   all(RES.search(x["detail"]) for x in kills.values()),
   "every killing input shows the results it relies on, and they keep "
   "the contracts (%d kills%s)" % (len(kills), ", broken: " + ",".join(bad) if bad else ""))

# a contracts file of our own: size() >= 1 keeps mutant 1 (n <= 0)
# equivalent too, which the shipped one kills at size 0
tmp = tempfile.mkdtemp(prefix="check-mcontract.")
cf = os.path.join(tmp, "c.yaml")
open(cf, "w").write("contracts:\n  - call: size()\n    assume: value >= 1\n")
m1 = run("--contracts", cf)
ok(v["1"]["verdict"] == "killable" and m1.get("1", {}).get("verdict") == "equivalent",
   "n < 0 to n <= 0: killed under size() >= 0 (size 0), equivalent under size() >= 1")
nc = run("--no-cache")
ok(all(nc[i]["verdict"] == v[i]["verdict"] and nc[i]["detail"] == v[i]["detail"] for i in v),
   "--no-cache gives the same verdicts and inputs")

# C: a call to abs, which a contract defines by its value, is refused
# at method level with the reason (not silently an opaque event)
def cnote(*extra):
    p = subprocess.run([S, "check", "--no-timing", "--format", "json", "--method"] +
                       list(extra) + [D + "/absc.yaml"], capture_output=True, text=True)
    x = json.loads(p.stdout)["mutants"][0] if p.returncode == 0 else {}
    return x.get("level"), x.get("note", "") + x.get("detail", "")


lv, note = cnote()
ok("method level: in f" not in note and "not modelled: a call to abs, which a contract defines by its value" in note,
   "C: a call to abs (defined by its contract's value) is not modelled, with the reason")
lv, note = cnote("--contracts", "none")
ok("method level: in f" in note and "calls abs(" in note,
   "C with --contracts none: abs is an opaque call event of the file's declaration")

# the JVM: real objects answering the printed results
ENT = {}
for l in open(LOG):
    m = re.match(r"(\d+):[^:]*:[^:]*:[^:]*:Sizes@(\w+)\([^)]*\):(\d+):(.*) \|==> (.*)$",
                 l.rstrip("\n"))
    ENT[m.group(1)] = (m.group(2), int(m.group(3)), m.group(4), m.group(5))


def mutant(i):
    meth, line, orig, mut = ENT[i]
    lines = SRC.split("\n")
    lines[line - 1] = lines[line - 1].replace(orig, "(%s)" % mut, 1)
    return "\n".join(lines).replace("class Sizes", "class M%s" % i)


def args_of(detail):
    """Java arguments making the objects answer as printed."""
    meth = re.search(r"killed by (\w+)\(", detail).group(1)
    res = {c: int(r) for _, c, _, r in RES.findall(detail)}
    if meth == "count":
        return "java.util.Collections.nCopies(%d, 0)" % res["size"]
    if meth == "half":
        return '"%s"' % ("a" * res["length"])
    i = res["indexOf"]
    return '"%s", "a"' % ("b" * i + "a" if i >= 0 else "b")


have_java = subprocess.run("command -v javac && command -v java", shell=True,
                           capture_output=True).returncode == 0
if have_java:
    open(os.path.join(tmp, "Sizes.java"), "w").write(SRC)
    body = []
    for i, x in sorted(kills.items()):
        open(os.path.join(tmp, "M%s.java" % i), "w").write(mutant(i))
        a, meth = args_of(x["detail"]), ENT[i][0]
        body.append('System.out.println(new Sizes().%s(%s) + " " + new M%s().%s(%s));'
                    % (meth, a, i, meth, a))
    open(os.path.join(tmp, "Drv.java"), "w").write(
        "class Drv { public static void main(String[] a) { %s } }" % "\n".join(body))
    c = subprocess.run("javac -nowarn -d %s %s/*.java" % (tmp, tmp), shell=True,
                       capture_output=True, text=True)
    r = subprocess.run(["java", "-cp", tmp, "Drv"], capture_output=True, text=True)
    out = r.stdout.split()
    said = [re.search(r"the original returns (-?\d+).*the mutant returns (-?\d+)",
                      x["detail"]).groups() for _, x in sorted(kills.items())]
    ok(c.returncode == 0 and r.returncode == 0 and
       [tuple(out[2 * k:2 * k + 2]) for k in range(len(said))] == said,
       "the JVM with objects answering the printed results: each killed "
       "mutant returns what the tool says, the original too (%s)" % " ".join(out))
subprocess.run(["rm", "-rf", tmp])
done(None if have_java else "no JVM: the re-run of killing inputs")
