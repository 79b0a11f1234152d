#!/usr/bin/env python3
# check-method.t - `subsume check --source DIR --method` (issue 15,
# check/method.h): mutants judged by what their method lets a test see.
#
# The verdicts are tests as data (issue 28): tests/data/check-method/*.test,
# run by tests/check-method-{major1,major2,major3,major4,written,heap,rel,div}.t
# side by side (tests/method_table.py: the format, and the JVM that checks
# every method-level verdict: nothing expected is written in).  Here the
# rest: the output's text (the docs' example, the same with -j 1, -j 2
# and --no-cache), the originals of Alias run in the JVM on inputs of one
# object of two types, and the rules: --method without --source is a
# usage error; without --method the output has no method-level text.
import os, subprocess, tempfile

from method_table import D, LOGS, S, done, have_java, ok

ok(have_java, "javac and java are installed (scripts/deps.sh)")

# --- the docs' example: the shipped subject max -----------------------------
p = subprocess.run([S, "check", "--no-timing", "--method", "--source", LOGS + "/src/max",
                    LOGS + "/max.mutants.log"], capture_output=True, text=True)
shown = [l.replace(LOGS, "../shared/data/major-logs") for l in p.stdout.splitlines()
         if l.startswith("Max@")]
doc = open("docs/check.md").read()
ok(len(shown) == 4 and all(l in doc for l in shown),
   "docs/check.md: the max example (4 duplicate of 3 in its method) is the tool's output")

# --- aliasing by declared types: the written subject Alias -------------
# Kin extends Alias, Sub extends Peer and Face is an interface, so those
# may be one object: the killing inputs that need one object of two
# types (tests/data/check-method/written.test) run in the JVM with such an
# object.
if have_java:
    work = tempfile.mkdtemp()
    src = open(D + "/src/Alias.java").read()
    drv = ("class AF extends Alias implements Face { }\n"
           "class AliasMain { public static void main(String[] a) {"
           " Kin k = new Kin(); AF f = new AF(); Sub s = new Sub();"
           " System.out.println(k.kin(k, k) + \" \" + f.face(f, f) + \" \""
           " + new Alias().sub(s, s, s)); } }\n")
    open(os.path.join(work, "Alias.java"), "w").write(src + drv)
    p = subprocess.run("cd %s && javac -nowarn Alias.java && java AliasMain" % work,
                       shell=True, capture_output=True, text=True)
    ok(p.stdout.split() == ["true"] * 3, "Alias: in the JVM the originals return true "
       "on those inputs (one object of both types), where the mutants return false "
       "(%s%s)" % (p.stdout.strip(), p.stderr[:300]))
    subprocess.run(["rm", "-rf", work])

# --- the same text whatever -j: the written subjects Rel and Div ----------
RLOG = D + "/rel.mutants.log"
p1 = subprocess.run([S, "check", "--no-timing", "--source", D + "/src", "--method", "-j", "1",
                     RLOG], capture_output=True, text=True)
p2 = subprocess.run([S, "check", "--no-timing", "--source", D + "/src", "--method", "-j", "2",
                     RLOG], capture_output=True, text=True)
ok(p1.returncode == 0 and p1.stdout == p2.stdout and "duplicate of" in p1.stdout and
   "subsumed by" in p1.stdout, "Rel: the text output says 'duplicate of' and 'subsumed by', "
   "the same with -j 1 and -j 2")
DLOG = D + "/div.mutants.log"
outs = [subprocess.run([S, "check", "--no-timing", "--source", D + "/src", "--method"] + a +
                       [DLOG], capture_output=True, text=True)
        for a in (["-j", "1"], ["-j", "2"], ["-j", "2", "--no-cache"])]
ok(all(p.returncode == 0 and p.stdout == outs[0].stdout for p in outs),
   "Div: the same output with -j 1, -j 2 and --no-cache")

# --- rules ---------------------------------------------------------------
LOG = D + "/meth.mutants.log"
p = subprocess.run([S, "check", "--method", LOG], capture_output=True, text=True)
ok(p.returncode != 0 and "--method needs --source" in p.stderr,
   "--method without --source is a usage error")
p = subprocess.run([S, "check", "--no-timing", "--source", D + "/src", LOG],
                   capture_output=True, text=True)
ok(p.returncode == 0 and "method level" not in p.stdout and "--method" not in p.stdout,
   "without --method nothing is said at method level")

done()
