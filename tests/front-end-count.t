#!/usr/bin/env python3
# front-end-count.t - how often the front end repeats itself (issue 28:
# one expression parsed once per run, the original method built once per
# method), counted by lang/stats.h under SUBSUME_TRACE and printed as
# "trace: front end: P parses of T distinct expression texts (at most K
# of one); B builds of M original methods (at most J of one), U of
# mutants".
#
# Checked: the line is there only with SUBSUME_TRACE and counting
# changes no verdict; without --method no method is built; with
# --method the original methods counted are the methods the report
# judges at method level (a verdict, or a note such as "equivalent up to
# 8 loop iterations"), each built at least once, and every mutant judged
# at method level has a build of its own;
# the counts are consistent (P >= T >= 1, K <= P, B >= M, J <= B).  And
# the original of each method is built once in the run (J == 1: check/
# method.c's table of originals), also where it reads through references
# and the build made a path after a variable of its own (heap.mutants.
# log's shortCircuit, a read after && lowered into a temporary made
# before its path): its variables renumbered, the paths first, as the
# build that creates them first would have them (lang/javasrc-mheap.c:
# mb_heap_reorder(), lang/mir.h: References).
# So is a method whose path is a reference of another class, made after
# a variable of its own (tests/data/front-end-count: Dbl.late's a.o, an
# Other, after the local x; built twice before: mb_heap_reorder() now
# takes it when no expression typed before the path was made fails the
# reference check a build with the path made first would ask of it).
# One parse per expression text: each distinct (text, language, holes)
# is parsed once in the run (P == T, K == 1: lang/parse.c's parse table,
# opened by cmd/check.c for the run; every caller gets a copy), here and
# on each of the shipped Major logs (MAJOR_LOGS) with --source, alone
# and with -j 2 --method; there also every original method
# counted is built once (B == M, J == 1; field-access's 3 and
# side-effects' 1 that read through references after a variable of
# their own were built twice before mb_heap_reorder()).
# And the method lowering (lang/javasrc-mlower.c) builds the expressions
# it puts together around lowered calls of nodes (mir_binary() ...:
# "trace: lowering: N expressions built of nodes (or known to have
# none), M printed and parsed"; none: a field of a call's result, which
# fails as its text would not parse),
# none printed as text and parsed again (M == 0), here (arr's and
# hash's calls in expressions: N > 0) and on the shipped logs; an
# expression with no mutant in it is lowered from the method's own
# syntax tree ("R read as the method's own node", R > 0 there), only a
# mutated one is read again alone ("A parsed again alone").
# The counts are printed as TAP diagnostics.
import glob, json, os, re, subprocess

from tap import LOGS, S, done, ok

D = "tests/data/check-method"
LINE = re.compile(r"trace: front end: (\d+) parses of (\d+) distinct "
                  r"expression texts \(at most (\d+) of one\); (\d+) builds "
                  r"of (\d+) original methods \(at most (\d+) of one\), "
                  r"(\d+) of mutants")
LOWER = re.compile(r"trace: lowering: (\d+) expressions built of nodes "
                   r"\(or known to have none\), (\d+) printed and parsed; "
                   r"(\d+) read as the method's own node, (\d+) parsed "
                   r"again alone")


def run(args, trace):
    env = dict(os.environ)
    env.pop("SUBSUME_TRACE", None)
    if trace:
        env["SUBSUME_TRACE"] = "1"
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True, env=env)
    m = LINE.search(p.stderr)
    return p.returncode, p.stdout, (tuple(int(x) for x in m.groups())
                                    if m else None), p.stderr


def lowering(err):
    """(built of nodes, printed and parsed, own node, parsed again
    alone), or None."""
    m = LOWER.search(err)
    return tuple(int(x) for x in m.groups()) if m else None


def methods(out):
    """The methods the report judged at method level (a verdict or a
    note of its own: "method level: ..."), by the log's Class@name(sig);
    those named as modelled ("in NAME at FILE:LINE:COL")."""
    ms = json.loads(out)["mutants"]
    judged = {m["where"].split(":")[0] for m in ms
              if "method level:" in (m.get("detail") or "")
              and "not in a method" not in m["detail"]}
    named = set(re.findall(r"method level: in (\w+) at ", out))
    return judged, named


for log in ("meth", "heap", "calls", "arr", "hash", "dbl"):
    d = "tests/data/front-end-count" if log == "dbl" else D
    args = ["--source", d + "/src", "--method", d + "/%s.mutants.log" % log]
    rc0, out0, c0, err0 = run(args, False)
    rc, out, c, err = run(args, True)
    ok(rc0 == 0 and rc == 0 and c0 is None and "trace: front end" not in err0,
       "%s: no count without SUBSUME_TRACE (exit %d, %d)" % (log, rc0, rc))
    ok(c is not None, "%s: the count with SUBSUME_TRACE" % log)
    if c is None:
        continue
    P, T, K, B, M, J, U = c
    ok(out == out0, "%s: counting changes no verdict" % log)
    ok(P >= T >= 1 and K <= P and B >= M and J <= B and J >= 1,
       "%s: consistent counts %s" % (log, c))
    ok(P == T and K == 1, "%s: each of the %d distinct expression texts "
       "parsed once (%d parses, at most %d of one)" % (log, T, P, K))
    judged, named = methods(out)
    ok(M == len(judged) and len(named) <= M,
       "%s: %d original methods counted, %d judged at method level in the "
       "report (%d named as modelled)" % (log, M, len(judged), len(named)))
    nmeth = out.count('"level": "method"')
    ok(U >= nmeth, "%s: %d mutant builds for %d mutants judged at method "
       "level" % (log, U, nmeth))
    # heap: every original built once, shortCircuit too, whose read
    # after && is lowered into a temporary made before its path (its
    # variables renumbered, lang/javasrc-mheap.c: mb_heap_reorder())
    ok(J == 1 and B == M, "%s: each original method built once in the "
       "run (%d builds of %d, at most %d of one)" % (log, B, M, J))
    lw = lowering(err)
    ok(lw is not None and lw[1] == 0 and ((lw[0] > 0 and lw[2] > 0) or
                                          log not in ("arr", "hash")),
       "%s: the lowered expressions built of nodes, none printed and "
       "parsed; the original's read as the method's own nodes %s"
       % (log, lw))
    print("# %s: %d parses of %d texts (at most %d of one); %d builds of %d "
          "originals (at most %d of one); %d of mutants; lowering %s"
          % (log, P, T, K, B, M, J, U, lw))

rc, out, c, err = run([D + "/meth.mutants.log"], True)
ok(rc == 0 and c is not None and c[3] == 0 and c[4] == 0 and c[6] == 0,
   "without --source no method is built %s" % (c,))
ok(c is not None and c[0] == c[1] and c[2] == 1,
   "without --source each text parsed once %s" % (c,))

# the shipped Major logs, with their sources as tests/check-source*.t
# pass them
logs = sorted(glob.glob(os.path.join(LOGS, "*.mutants.log")))
for log in logs:
    s = os.path.basename(log)[:-len(".mutants.log")]
    src = os.path.join(LOGS, "src", s)
    if not os.path.isdir(src):
        continue
    for extra in ([], ["-j", "2", "--method"]):
        rc, out, c, err = run(["--source", src] + extra + [log], True)
        name = "%s %s" % (s, " ".join(extra) or "(expression level)")
        if not ok(rc == 0 and c is not None, "%s: the count" % name):
            continue
        P, T, K, B, M, J, U = c
        ok(P == T and K == 1, "%s: each of the %d distinct expression "
           "texts parsed once (%d parses, at most %d of one)"
           % (name, T, P, K))
        if "--method" in extra:
            # once each, also a method reading through a reference after
            # a variable of its own (field-access: 3, side-effects: 1)
            ok(M >= 1 and B == M and J == 1, "%s: %d builds of %d "
               "original methods, at most %d of one" % (name, B, M, J))
            lw = lowering(err)
            ok(lw is not None and lw[1] == 0, "%s: no lowered expression "
               "printed and parsed %s" % (name, lw))
        else:
            ok(B == 0 and M == 0 and U == 0,
               "%s: no method built without --method" % name)
        print("# %s: %d parses of %d texts; %d builds of %d originals "
              "(at most %d of one); %d of mutants"
              % (name, P, T, B, M, J, U))
done(None if logs else "no shipped Major logs at " + LOGS)
