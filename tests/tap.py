"""tap.py - what the Python TAP tests (tests/check-*.t) share, as
tests/lib.sh for the shell ones: the subsume binary (SUBSUME), the
shipped Major logs (MAJOR_LOGS, beside the checkout as in CI), a
temporary directory removed at exit, ok(), and the plan (first with
plan(), else at the end with done()).  Importing it makes the
repository's root the working directory."""
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
S = os.environ.get("SUBSUME", "./subsume")
LOGS = os.environ.get("MAJOR_LOGS") or os.path.abspath("../shared/data/major-logs")

_run = 0
_failed = 0
_planned = False


def tmpdir(prefix):
    """A new temporary directory, removed when the test exits."""
    d = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, d, True)
    return d


def check_json(args):
    """`subsume check --no-timing --format json ARGS`: its exit status
    and its report (None if the output is no JSON)."""
    p = subprocess.run([S, "check", "--no-timing", "--format", "json"] + args,
                       capture_output=True, text=True)
    try:
        return p.returncode, json.loads(p.stdout)
    except ValueError:
        return p.returncode, None


def plan(n):
    """The plan, printed first: n tests."""
    global _planned
    _planned = True
    print("1..%d" % n)


def ok(cond, name):
    """One test: 'ok N - name' or 'not ok N - name'; returns cond."""
    global _run, _failed
    _run += 1
    if not cond:
        _failed += 1
    print("%sok %d - %s" % ("" if cond else "not ", _run, name))
    sys.stdout.flush()
    return cond


def done(skip=None):
    """The plan of the tests run so far (with a SKIP reason for the
    rest, if given; none if plan() gave it), and the exit: 1 if any
    failed."""
    if not _planned:
        print("1..%d%s" % (_run, " # SKIP " + skip if skip else ""))
    sys.exit(1 if _failed else 0)


def stop():
    """Stop here, failed (a prerequisite is missing)."""
    print("1..%d" % _run)
    sys.exit(1)


def c_report_verdicts(tmp, name, src, mutants, location):
    """A mutation-testing-elements report of one C file NAME (text SRC)
    whose mutants are (id, function, line, original, replacement),
    located by location(line, original), judged by `check` without and
    with --method: the two {id: mutant} maps, after the TAP test that
    both read every mutant (the file ends here when they do not)."""
    report = {"schemaVersion": "2", "thresholds": {"high": 80, "low": 60},
              "files": {name: {"language": "c", "source": src, "mutants": [
                  {"id": i, "mutatorName": "T", "replacement": r,
                   "location": location(l, o), "status": "NoCoverage"}
                  for i, _, l, o, r in mutants]}}}
    path = os.path.join(tmp, "report.json")
    with open(path, "w") as f:
        json.dump(report, f)
    runs = []
    for method in (False, True):
        p = subprocess.run([S, "check", "--no-timing", "--format", "json"] +
                           (["--method"] if method else []) + [path],
                           capture_output=True, text=True)
        try:
            runs.append({m["id"]: m for m in json.loads(p.stdout)["mutants"]})
        except (ValueError, KeyError):
            runs.append(None)
    expr, meth = runs
    ok(expr is not None and meth is not None and len(expr) == len(meth) ==
       len(mutants), "check reads the report at both levels (%d mutants)"
       % len(mutants))
    if expr is None or meth is None:
        done()
        raise SystemExit
    return expr, meth


def c_locator(lines):
    """location(line, original) for c_report_verdicts: the original's
    first occurrence on that line of LINES."""
    def location(line, orig):
        c = lines[line - 1].index(orig)
        return {"start": {"line": line, "column": c + 1},
                "end": {"line": line, "column": c + 1 + len(orig)}}
    return location


def c_mutated(lines, location, mutants, mid):
    """The C source (LINES) with mutant MID of MUTANTS (as for
    c_report_verdicts) applied: its original, where location() puts it,
    replaced by its replacement in parentheses."""
    _, _, line, orig, rep = next(m for m in mutants if m[0] == mid)
    lines = list(lines)
    c = location(line, orig)["start"]["column"] - 1
    text = lines[line - 1]
    lines[line - 1] = text[:c] + "(" + rep + ")" + text[c + len(orig):]
    return "\n".join(lines)


def c_ubsan_outcomes(tmp, key, text, flags=(), run=None):
    """TEXT (a C program) compiled by gcc and by clang with UBSan
    (-O0 -w FLAGS -fsanitize=undefined -fno-sanitize-recover=all) and run:
    run(exe) gives its outcomes (default: the lines it prints).  Each
    outcome is U where either compiler's run says U (a sanitizer stopped
    it), else gcc's; None when a compiler refuses the program (its error
    printed as a TAP comment)."""
    c = os.path.join(tmp, key + ".c")
    with open(c, "w") as f:
        f.write(text)
    res = []
    for cc in ("gcc", "clang"):
        exe = os.path.join(tmp, key + "." + cc)
        p = subprocess.run([cc, "-O0", "-w"] + list(flags) +
                           ["-fsanitize=undefined", "-fno-sanitize-recover=all",
                            "-o", exe, c], capture_output=True, text=True)
        if p.returncode:
            print("# %s %s: %s" % (cc, key, p.stderr[:300]))
            return None
        res.append(run(exe) if run else subprocess.run(
            [exe], capture_output=True, text=True).stdout.split("\n"))
    return ["U" if "U" in (g, k) else g for g, k in zip(*res)]


class CBuilds:
    """C programs with a driver that reads "FN V1 V2 ..." lines on stdin
    and prints one line per input (U where a sanitizer stops it),
    compiled by gcc and clang with UBSan (and by clang with each sanitizer
    of a build's extra, e.g. "memory"), each key once, and each input run
    once per program.  bad lists (function, gcc's, clang's) wherever the
    two compilers disagree and neither reports UB."""

    def __init__(self, tmp, driver):
        self.tmp, self.driver = tmp, driver
        self.built, self.ran, self.bad = {}, {}, []

    def build(self, key, source, extra=()):
        """The executables, or None when a compiler refuses the program
        (its error printed as a TAP comment)."""
        key += "".join("." + x for x in extra)
        if key in self.built:
            return self.built[key]
        c = os.path.join(self.tmp, key + ".c")
        with open(c, "w") as f:
            f.write(source + "\n" + self.driver())
        exes = []
        for cc, san in [("gcc", "undefined"), ("clang", "undefined")] + \
                [("clang", x) for x in extra]:
            exe = os.path.join(self.tmp, key + "." + cc + "." + san)
            p = subprocess.run([cc, "-O0", "-w", "-fsanitize=" + san,
                                "-fno-sanitize-recover=all", "-o", exe, c],
                               capture_output=True, text=True)
            if p.returncode:
                print("# %s %s: %s" % (cc, key, p.stderr[:300]))
                exes = None
                break
            exes.append(exe)
        self.built[key] = exes
        return exes

    def outcomes(self, exes, fn, inputs):
        """Each input's outcome (a list of numbers each): U if any of the
        executables reports UB, else gcc's line."""
        res = []
        for exe in exes:
            pending = [i for i in inputs if (exe, fn, tuple(i)) not in self.ran]
            if pending:
                stdin = "".join("%s %s\n" % (fn, " ".join(str(v) for v in i))
                                for i in pending)
                p = subprocess.run([exe], input=stdin, capture_output=True,
                                   text=True)
                for i, l in zip(pending, p.stdout.split("\n")):
                    self.ran[exe, fn, tuple(i)] = l
            res.append([self.ran.get((exe, fn, tuple(i)), "") for i in inputs])
        out = []
        for r in zip(*res):
            g, c = r[:2]
            if g != c and "U" not in r:
                self.bad.append((fn, g, c))
            out.append("U" if "U" in r else g)
        return out
