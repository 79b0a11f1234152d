#!/usr/bin/env python3
# check-tests.t - `subsume check --tests DIR` (issue 32): a JUnit 5 test
# for every live mutant killable in its method, verified by the tool
# before it is written as a kill.  This test runs the written tests
# again on its own (tests/data/check-tests/JUnitCheck.java: javac and the
# JUnit 5 console launcher, independent of the tool's verification):
#
#   - a written subject (tests/data/check-tests: a package, private
#     fields and methods, a private constructor, arrays, a mutant killed
#     only by a call, a class without a no-argument constructor, a
#     setter and a getter), the
#     mutations applied by the tool to a copy of the source and checked
#     here against mutated sources written by hand: the verified tests
#     compile and pass on the original and each fails on its mutant;
#     the unverified one carries its reason, and that reason is true
#     (it passes on its mutant);
#   - the shipped Major subjects with kill results (data-flow with
#     Major's mutated sources given by --mutants, triangle without):
#     at least 90% of the live killable mutants get a verified test,
#     and each verified test passes on the original and fails on
#     Major's mutated source of its mutant;
#   - PIT's mutations.xml (its SURVIVED and NO_COVERAGE mutants);
#   - C: a YAML batch with C sites (tests/data/check-cmethod), the test
#     file compiled with gcc -std=c11 -Wall -Wextra -Werror, passing on
#     the original and each verified test failing on a mutated copy of
#     the source made here;
#   - a killing input that assumes what a call the model does not know
#     returns (String.hashCode(): tests/data/check-tests/name, tag): the
#     expected values observed from the original, the test verified
#     again, and said so;
#   - the text summary and the elements report say it per mutant.
#
# Needs javac, java and the console launcher's jar (scripts/junit.sh,
# which make deps runs); skips without them.
import json, os, re, shutil, subprocess

from tap import LOGS, S, done, ok, tmpdir

jar = subprocess.run(["sh", "scripts/junit.sh", "path"], capture_output=True,
                     text=True).stdout.strip()
if not shutil.which("javac") or not shutil.which("java") or not jar:
    print("1..0 # SKIP javac, java or the JUnit console launcher "
          "(sh scripts/junit.sh) missing")
    raise SystemExit(0)

T = tmpdir("check-tests.")
D = "tests/data/check-tests"
HARNESS = D + "/JUnitCheck.java"


def check(args, out, fmt="json", junit=True):
    env = dict(os.environ)
    env.pop("SUBSUME_JUNIT", None)
    p = subprocess.run([S, "check", "--no-timing", "--method", "--format", fmt]
                       + (["--junit", jar] if junit else []) +
                       ["--tests", out] + args,
                       capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def harness(src, tests, entries, name):
    """JUnitCheck on tests: {'orig': exit, id: exit}"""
    work = tmpdir("check-tests-run.")
    p = subprocess.run(["java", "-cp", jar, HARNESS, src, tests, work] +
                       ["%s=%s=%s" % e for e in entries],
                       capture_output=True, text=True)
    res = {}
    for line in p.stdout.splitlines():
        w = line.split()
        if w[0] == "orig":
            res["orig"] = int(w[1])
        elif w[0] == "mutant":
            res[w[1]] = int(w[2])
    if p.returncode != 0:
        print("# " + "\n# ".join((p.stdout + p.stderr).splitlines()[-20:]))
    return res


def by_state(rep):
    tw = rep["summary"]["tests_written"]
    out = {"verified": {}, "unverified": {}, "none": {}}
    for m in tw["mutants"]:
        out[m["test"]][m["id"]] = m
    return tw, out


# --- the written subject: the tool applies the mutations itself ---
out = os.path.join(T, "bank")
# (without --junit: the jar scripts/junit.sh fetched, found beside the
# binary)
rc, text, err = check(["--source", D + "/src", "--kills", D + "/kill.csv",
                       D + "/bank.mutants.log"], out, junit=False)
rep = json.loads(text) if rc == 0 else None
ok(rc == 0 and rep is not None, "bank: check --tests runs (exit %d)%s" %
   (rc, "" if rc == 0 else ": " + err[-300:]))
tw, st = by_state(rep)
ok(tw["live_killable"] == 9, "bank: 9 live killable mutants (LIVE and "
   "UNCOV; 8 is FAIL): %d" % tw["live_killable"])
ok(sorted(st["verified"], key=int) == ["1", "2", "3", "4", "5", "6", "7", "9", "10"],
   "bank: verified: private field, visible field, division, private "
   "static method, array, the calls it makes, private constructor, no "
   "no-argument constructor, setter and getter: %s" % sorted(st["verified"], key=int))
ledger = os.path.join(out, "bank/LedgerSubsumeTest.java")
lt = open(ledger).read() if os.path.exists(ledger) else ""
ok("allocate(Ledger.class); // reflection: Ledger has no no-argument "
   "constructor" in lt and "set(self, Ledger.class, \"base\", " in lt,
   "bank: Ledger (no no-argument constructor, a final field) is built "
   "by reflection, and says so")
wallet = os.path.join(out, "bank/WalletSubsumeTest.java")
wt = open(wallet).read() if os.path.exists(wallet) else ""
ok("self.setCents(" in wt and "self.getCents())" in wt and
   "reflection" not in wt,
   "bank: Wallet's private field goes through its plain setter and "
   "getter, no reflection")
acct = os.path.join(out, "bank/AccountSubsumeTest.java")
util = os.path.join(out, "bank/UtilSubsumeTest.java")
unv = os.path.join(out, "unverified/bank/AccountSubsumeTest.java")
ok(all(os.path.exists(f) for f in (acct, util)) and not os.path.exists(unv),
   "bank: one test class per class in its package, none unverified")
a = open(acct).read() if os.path.exists(acct) else ""
ok("package bank;" in a and "void mutant1_ROR()" in a and
   "reflection: the field is private" in a and "self.fee = 3;" in a and
   "invoke(null, Account.class, \"half\"" in a,
   "bank: the tests set a private field by reflection (said in a "
   "comment), a visible one directly, call a private method by "
   "reflection")
# 6 (a > 0 to a >= 0 before log(a)) differs only in the call it makes:
# notify(0) returns 0 in both, the mutant calls log(0); the test's self
# is a subclass that records its calls to log, and the original's are
# none
m6 = a[a.find("void mutant6_ROR()"):]
m6 = m6[:m6.find("\n    }\n")]
ok("Account self = new Account() { // records the calls it makes on itself" in m6
   and "void log(int v) {" in m6 and "super.log(v);" in m6
   and 'calls.add(java.util.Arrays.asList("log", v));' in m6
   and "assertEquals(0, self.notify(0));" in m6
   and "assertEquals(java.util.Arrays.asList(), calls);" in m6,
   "bank: 6, killed only by the call it makes, asserts the calls through "
   "a recording subclass (the original makes none)")

# without the launcher's jar nothing is presented as a kill
out2 = os.path.join(T, "nojar")
p = subprocess.run([S, "check", "--no-timing", "--method", "--format", "json",
                    "--junit", os.path.join(T, "missing.jar"), "--tests", out2,
                    "--source", D + "/src", "--kills", D + "/kill.csv",
                    D + "/bank.mutants.log"], capture_output=True, text=True)
tw2, st2 = by_state(json.loads(p.stdout)) if p.returncode == 0 else ({}, {})
ok(p.returncode == 0 and not st2["verified"] and len(st2["unverified"]) == 9
   and all("no JUnit 5 console launcher" in m["reason"]
           for m in st2["unverified"].values())
   and not os.path.exists(os.path.join(out2, "bank"))
   and os.path.exists(os.path.join(out2, "unverified/bank/AccountSubsumeTest.java"))
   and "NOT VERIFIED: not verified: no JUnit 5 console launcher" in open(os.path.join(
       out2, "unverified/bank/AccountSubsumeTest.java")).read()
   and "missing.jar is not a file" in p.stderr,
   "no jar: every test goes to unverified/ with the reason (in a comment "
   "above it), a warning")

mut = lambda i: "%s/mutants/%s" % (D, i)
CLS = {"7": "Util", "9": "Ledger", "10": "Wallet"}
ents = [(i, mut(i), "bank.%sSubsumeTest#%s" % (CLS.get(i, "Account"),
                                              m["method"]))
        for i, m in sorted(st["verified"].items())]
r = harness(D + "/src", out, ents, "bank")
ok(r.get("orig") == 0, "bank: the verified tests compile and pass on the "
   "original (console launcher, exit %s)" % r.get("orig"))
ok(all(r.get(i) == 1 for i, _, _ in ents),
   "bank: each verified test fails on its hand-written mutant: %s" %
   {i: r.get(i) for i, _, _ in ents})

# --- the shipped Major subjects with kill results ---
if not os.path.isdir(os.path.join(LOGS, "src")):
    done("no Major logs with sources at " + LOGS)
for subject, given in (("data-flow", True), ("triangle", False)):
    src = "%s/src/%s" % (LOGS, subject)
    out = os.path.join(T, subject)
    args = ["--source", src, "--kills",
            "tests/data/check-kills/%s/kill.csv" % subject]
    if given:
        args += ["--mutants", src + "/mutants"]
    rc, text, err = check(args + ["%s/%s.mutants.log" % (LOGS, subject)], out)
    rep = json.loads(text) if rc == 0 else None
    if not ok(rep is not None, "%s: check --tests runs (exit %d)" %
              (subject, rc)):
        continue
    tw, st = by_state(rep)
    nv, nl = len(st["verified"]), tw["live_killable"]
    ok(nl > 0 and nv >= 0.9 * nl, "%s: %d of %d live killable mutants get "
       "a verified test (goal: 90%%)" % (subject, nv, nl))
    ok(all(m["reason"] for k in ("unverified", "none")
           for m in st[k].values()),
       "%s: every other one has a reason" % subject)
    cls = {"data-flow": "DataFlowSubsumeTest",
           "triangle": "TriangleSubsumeTest"}[subject]
    ents = [(i, "%s/mutants/%s" % (src, i), "%s#%s" % (cls, m["method"]))
            for i, m in sorted(st["verified"].items(), key=lambda x: int(x[0]))]
    r = harness(src, out, ents, subject)
    ok(r.get("orig") == 0, "%s: the written tests compile and pass on the "
       "original (exit %s)" % (subject, r.get("orig")))
    bad = [i for i, _, _ in ents if r.get(i) != 1]
    ok(not bad, "%s: each of the %d verified tests fails on Major's mutated "
       "source of its mutant%s" % (subject, len(ents),
                                   ": not " + ", ".join(bad) if bad else ""))

# --- PIT's mutations.xml: its SURVIVED and NO_COVERAGE mutants are the
# live ones, the mutation applied at source level ---
P = "tests/data/pit/numbers"
out = os.path.join(T, "pit")
rc, text, err = check(["--source", P + "/src/main/java",
                       P + "/mutations-pit-1.30.2.xml"], out)
rep = json.loads(text) if rc == 0 else None
if ok(rep is not None, "pit: check --tests runs on mutations.xml (exit %d)"
      % rc):
    import xml.etree.ElementTree as ET
    live = {str(i) for i, m in enumerate(ET.parse(
        P + "/mutations-pit-1.30.2.xml").getroot().iter("mutation"), 1)
        if m.get("status") in ("SURVIVED", "NO_COVERAGE")}
    tw, st = by_state(rep)
    ids = {m["id"] for m in tw["mutants"]}
    killable = {m["id"] for m in rep["mutants"] if m["verdict"] == "killable"}
    ok(ids == live & killable, "pit: the cases are the killable mutants PIT "
       "left alive (%d)" % len(ids))
    ok(len(st["verified"]) >= 0.9 * len(ids), "pit: %d of %d verified"
       % (len(st["verified"]), len(ids)))
    r = harness(P + "/src/main/java", out, [], "pit")
    ok(r.get("orig") == 0, "pit: the verified tests compile and pass on the "
       "original (exit %s)" % r.get("orig"))

# --- C: a YAML batch with C sites in their functions (no test results:
# every killable mutant), checked with gcc and mutated copies made here ---
if shutil.which("gcc"):
    import yaml
    C = "tests/data/check-cmethod"
    out = os.path.join(T, "c")
    rc, text, err = check([C + "/batch.yaml"], out)
    rep = json.loads(text) if rc == 0 else None
    if ok(rep is not None, "c: check --tests runs on a C batch (exit %d)" % rc):
        tw, st = by_state(rep)
        killable = {m["id"] for m in rep["mutants"] if m["verdict"] == "killable"}
        ok({m["id"] for m in tw["mutants"]} == killable and
           len(st["verified"]) >= 10, "c: every killable mutant is a case "
           "(%d), %d verified" % (len(killable), len(st["verified"])))
        ok(all(m["reason"] for k in ("unverified", "none")
               for m in st[k].values()), "c: every other one has a reason")
        test = os.path.join(out, "fun_subsume_test.c")
        exe = os.path.join(T, "c-orig")
        p = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror",
                            "-isystem", C, "-o", exe, test, "-lm"],
                           capture_output=True, text=True)
        ok(p.returncode == 0, "c: the test file compiles under gcc -std=c11 "
           "-Wall -Wextra -Werror%s" % ("" if p.returncode == 0 else ": " +
                                        p.stderr[-300:]))
        r = subprocess.run([exe], capture_output=True, text=True) \
            if p.returncode == 0 else None
        ok(r is not None and r.returncode == 0 and
           r.stdout.count("PASS ") == len(st["verified"]),
           "c: every verified test passes on the original")
        sites = {}
        for b in yaml.safe_load(open(C + "/batch.yaml"))["sites"]:
            for k, mt in enumerate(b["mutants"], 1):
                sites["%s.%d" % (b["name"], k)] = (b["line"], b["expr"], mt)
        src = open(C + "/fun.c").read().split("\n")
        bad = []
        for i, m in sorted(st["verified"].items()):
            line, expr, mt = sites[i]
            if mt == "<NO-OP>":
                mt = ""
            elif expr.endswith(";"):
                mt += ";"
            L = list(src)
            if L[line - 1].count(expr) != 1:
                bad.append(i + " (not once on its line)")
                continue
            L[line - 1] = L[line - 1].replace(expr, mt)
            d = os.path.join(T, "c-m", i)
            os.makedirs(d)
            open(os.path.join(d, "fun.c"), "w").write("\n".join(L))
            exe = os.path.join(d, "t")
            p = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra",
                                "-Werror", "-isystem", d, "-o", exe, test,
                                "-lm"], capture_output=True, text=True)
            r = subprocess.run(["timeout", "10", exe, m["method"]],
                               capture_output=True, text=True) \
                if p.returncode == 0 else None
            if r is None or r.returncode == 0:
                bad.append(i)
        ok(not bad, "c: each of the %d verified tests fails on its mutant "
           "(mutated here)%s" % (len(st["verified"]),
                                 ": not " + ", ".join(bad) if bad else ""))

# --- an object only the outputs hold: a call the method makes set a
# field to it (the killing input assumes what o1.hashCode() sets, as in
# commons-cli's Option.hashCode()); the test cannot name that object, and
# building one of its own of the class under test for a String field
# (was: "Tag o2 = allocate(Tag.class)" and assertSame(o2, name)) made a
# test that could never pass.  The killing input also assumes what
# o1.hashCode() returns (the model does not know String's code): the
# return value the model gives fails on the original, the one the
# original gives is observed and asserted instead, and the mutant
# (31 * h - 1) still fails it
rc, text, err = check(["--source", D + "/tag", "--kills", D + "/tag-kill.csv",
                       D + "/tag.mutants.log"], os.path.join(T, "tag"))
rep = json.loads(text) if rc == 0 else None
tt, tm = "", {}
if rep is not None:
    tw, st = by_state(rep)
    tm = st["verified"].get("1") or st["unverified"].get("1") or {}
    tt = open(tm["file"]).read() if tm.get("file") else ""
body = tt[tt.find("void mutant1_"):]
ok(rep is not None and "assertNotNull((Object) get(self, Tag.class, "
   "\"name\")); // o2: an object the input does not hold" in body and
   "Tag o2" not in body and "assertSame(o2" not in body,
   "tag: a field set by a call to an object no input holds is asserted "
   "not null, not compared with an object the test builds%s" %
   ("" if rep is not None else ": " + err[-300:]))
ok(tm.get("test") == "verified" and tm.get("expected") == "observed" and
   "assertEquals(-30," not in body,
   "tag: the return value the model assumed (-30) fails on the original; "
   "the observed one is asserted and the test is verified: %s" % tm)

# --- expected values observed from the original (issue 32): the
# killing inputs assume what text.hashCode() returns; the model's
# values fail on the original ("o1".hashCode() is 3490), the runner
# observes the original's return value on that input (an int,
# a boolean) and the test is verified again on the mutant.  Checked
# here with the JUnit harness, on hand-written mutants ---
out = os.path.join(T, "name")
rc, text, err = check(["--source", D + "/name", "--kills", D + "/name-kill.csv",
                       D + "/name.mutants.log"], out)
rep = json.loads(text) if rc == 0 else None
ok(rep is not None, "name: check --tests runs (exit %d)%s" %
   (rc, "" if rc == 0 else ": " + err[-300:]))
tw, st = by_state(rep) if rep else ({}, {"verified": {}})
ok(sorted(st["verified"]) == ["1", "2"] and
   all(m["expected"] == "observed" for m in st["verified"].values()) and
   tw.get("verified_observed") == 2,
   "name: both tests verified with the expected values observed from the "
   "original: %s" % tw)
nt = os.path.join(out, "names/NameSubsumeTest.java")
nx = open(nt).read() if os.path.exists(nt) else ""
ok(nx.count("expected values OBSERVED from a run of the original") == 2
   and "assertEquals(3490, self.width(3));" in nx and
   "assertFalse(self.plain(3));" in nx,
   "name: the tests assert the original's values (3490, false) and say "
   "they were observed, not derived from the model")
ents = [("1", D + "/name-mutants/1", "names.NameSubsumeTest#mutant1_ROR"),
        ("2", D + "/name-mutants/2", "names.NameSubsumeTest#mutant2_ROR")]
r = harness(D + "/name", out, ents, "name")
ok(r.get("orig") == 0 and r.get("1") == 1 and r.get("2") == 1,
   "name: the observed tests pass on the original and fail on their "
   "hand-written mutants (console launcher): %s" % r)
rc, text, err = check(["--source", D + "/name", "--kills", D + "/name-kill.csv",
                       D + "/name.mutants.log"], os.path.join(T, "name-text"),
                      "text")
ok(rc == 0 and text.count("test written and verified (expected values "
                          "observed): ") == 2 and
   "2 of them with the expected values observed" in text,
   "name: the text summary says the expected values were observed")

# --- a search of the method's inputs (issue 32): the killing inputs of
# mutants 1 and 3 are of their expressions (the methods are not
# modelled: string literals), mutant 2's method-level input assumes
# what o1.isEmpty() returns and its test fails on the original; the
# runner runs each method on the original and the mutant with inputs
# built from the source's literals, visible constructors and setters
# until they differ, and the test of that input is verified as any
# other.  Sealed has no constructor a test can call: no test, said.
# One row per mutant: (id, state, expected, text in the test or the
# reason) ---
out = os.path.join(T, "words")
rc, text, err = check(["--source", D + "/words", "--kills", D + "/words-kill.csv",
                       D + "/words.mutants.log"], out)
rep = json.loads(text) if rc == 0 else None
ok(rep is not None, "words: check --tests runs (exit %d)%s" %
   (rc, "" if rc == 0 else ": " + err[-300:]))
tw, st = by_state(rep) if rep else ({}, {"verified": {}, "unverified": {},
                                         "none": {}})
wt = os.path.join(out, "words/WordsSubsumeTest.java")
wx = open(wt).read() if os.path.exists(wt) else ""
rows = [
    ("1", "verified", "search", 'assertEquals("-", Words.tag("-"));'),
    ("2", "verified", "search",
     'assertThrows(IllegalArgumentException.class, () -> Words.size(""));'),
    ("3", "verified", "search", 'assertTrue(self.isLoud());'),
    ("4", "none", "none", "no visible constructor makes a Sealed"),
]
for mid, state, exp, want in rows:
    m = st.get(state, {}).get(mid, {})
    if state == "verified":
        k = wx.find("void mutant%s_" % mid)
        body = wx[k:wx.find("    }", k)] if k >= 0 else ""
        good = m.get("expected") == exp and want in body
    else:
        good = want in (m.get("reason") or "")
    ok(good, "words: mutant %s %s (%s): %s" % (mid, state, exp, want if good
                                                else m))
ok(tw.get("verified_searched") == 3 and
   wx.count("input found by a search: ") == 3 and
   "the test of its method-level killing input did not verify" in wx,
   "words: the summary counts the searched tests and each test says its "
   "input was searched (mutant 2: after its model's test failed)")

# --- the text summary and the elements report say it per mutant ---
src = LOGS + "/src/data-flow"
args = ["--source", src, "--kills", "tests/data/check-kills/data-flow/kill.csv",
        LOGS + "/data-flow.mutants.log"]
rc, text, _ = check(args, os.path.join(T, "df-text"), "text")
m = re.search(r"tests written \(--tests [^)]*\): (\d+) live killable "
              r"mutants: (\d+) tests written and verified", text)
ok(rc == 0 and m and m.group(1) == m.group(2) and
   text.count("test written and verified: ") == int(m.group(2)),
   "text: the summary counts the tests and names each mutant's")
rc, text, _ = check(args, os.path.join(T, "df-el"), "elements")
reasons = {}
if rc == 0:
    for f in json.loads(text)["files"].values():
        for x in f["mutants"]:
            reasons[x["id"]] = x.get("statusReason", "")
ok(rc == 0 and reasons.get("13", "").endswith("DataFlowSubsumeTest.java "
                                              "mutant13_ROR()")
   and "test written and verified" in reasons["13"],
   "elements: a survivor's statusReason names its verified test: %s" %
   reasons.get("13"))
done()
