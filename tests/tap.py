"""tap.py - what the Python TAP tests (tests/check-*.t) share: the
subsume binary (SUBSUME), the shipped Major logs (MAJOR_LOGS, beside the
checkout as in CI), ok() and the plan at the end.  Importing it makes the
repository's root the working directory."""
import os
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
S = os.environ.get("SUBSUME", "./subsume")
LOGS = os.environ.get("MAJOR_LOGS") or os.path.abspath("../shared/data/major-logs")
if not os.path.isdir(LOGS):
    LOGS = "/work/shared/data/major-logs"

_run = 0
_failed = 0


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
    rest, if given), and the exit: 1 if any failed."""
    print("1..%d%s" % (_run, " # SKIP " + skip if skip else ""))
    sys.exit(1 if _failed else 0)


def stop():
    """Stop here, failed (a prerequisite is missing)."""
    print("1..%d" % _run)
    sys.exit(1)
