# lib.sh - what the shell tests (tests/*.t in sh) share, as git's
# t/test-lib.sh: sourced first, `. "$(dirname "$0")/lib.sh"`, it
#   - makes the repository's root the working directory;
#   - sets SUBSUME (and S, its short name) to the binary under test:
#     $SUBSUME, else ./subsume;
#   - sets LOGS to the shipped Major logs: $MAJOR_LOGS, else
#     shared/data/major-logs beside the checkout (as in CI)
#     (need_logs skips the whole test when there are none);
#   - makes a temporary directory, T (and tmp, its other name), removed
#     on exit (kept with KEEP_T=DIR: the test works in DIR);
#   - gives the TAP helpers below; finish prints the plan when plan was
#     not called and exits 1 if any test failed.

ROOT=$(cd "$(dirname "$0")/.." && pwd) || exit 1
cd "$ROOT" || exit 1
SUBSUME=${SUBSUME:-./subsume}
S=$SUBSUME
LOGS=${MAJOR_LOGS:-$(cd "$ROOT/.." && pwd)/shared/data/major-logs}
if [ -n "${KEEP_T:-}" ]; then
	T=$KEEP_T
	mkdir -p "$T" || exit 1
else
	T=$(mktemp -d "${TMPDIR:-/tmp}/$(basename "$0" .t).XXXXXX") || exit 1
	lib_tmpdir=$T # what the trap removes, whatever the test does with T
	trap 'chmod -R u+w "$lib_tmpdir" 2>/dev/null; rm -rf "$lib_tmpdir"' EXIT
fi
tmp=$T

n=0
failed=0
planned=

# plan N: the plan, printed first (else finish prints it last)
plan() { planned=$1; echo "1..$1"; }
# ok NAME / not_ok NAME: a passing or failing test
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
# check STATUS NAME: ok when STATUS is 0 (as in `cmd; check $? NAME`);
# returns STATUS's truth, for a diagnosis after a failure
check() { if [ "$1" = 0 ]; then ok "$2"; else not_ok "$2"; return 1; fi; }
# check_eval 'SHELL TEXT' NAME: ok when the text, evaluated, succeeds
check_eval() { if eval "$1"; then ok "$2"; else not_ok "$2"; return 1; fi; }
# skip REASON: a test not run
skip() { n=$((n + 1)); echo "ok $n # skip $1"; }
# skip_all REASON: none of the test's tests run (TAP's 1..0 # SKIP)
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
# need_logs: skip the whole test when the shipped Major logs are absent
need_logs() { [ -d "$LOGS/src" ] || skip_all "no Major logs with sources at $LOGS"; }
# has FILE TEXT: FILE holds the fixed string TEXT
has() { grep -qF -- "$2" "$1"; }
# finish: the plan (unless given first) and the exit status
finish() {
	[ -n "$planned" ] || echo "1..$n"
	[ "$failed" = 0 ]
	exit
}
