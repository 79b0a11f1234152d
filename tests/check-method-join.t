#!/bin/sh
# check --method on an enclosing expression over two lines: Major logs
# its mutants under two lines, the reader joins the two line groups into
# one (check/major.c), and the second line's mutants keep the method
# models and reasons made for them before the join.  They once pointed
# into the freed arena of the joined group: garbage in the reasons
# (invalid UTF-8 in the JSON), a use after free under ASan.
S=${SUBSUME:-./subsume}
D=$(dirname "$0")/data/check-constructs
LOGS=${MAJOR_LOGS:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data/major-logs}
[ -d "$LOGS" ] || LOGS=/work/shared/data/major-logs
T=${TMPDIR:-/tmp}/check-method-join.$$
mkdir -p "$T"; trap 'rm -rf "$T"' EXIT
n=0; fail=0
ok() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
echo "1..4"
"$S" check --no-timing --format json --method --source "$D/src" \
	"$D/obj.mutants.log" > "$T/obj.json" 2> "$T/err"
ok $? "Obj: checked with --method (exit 0)"
python3 - "$T/obj.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding='utf-8'))
line9 = [m for m in d['mutants'] if m['line'] == 9]
# a mutant of line 9 joined into line 8's group is judged in its method
# (its method model survived the join) or says why not, in plain text
good = [m for m in line9 if 'method level:' in m['detail']]
sys.exit(0 if line9 and len(good) == len(line9) and
         all(m['detail'].isprintable() for m in line9) else 1)
PY
ok $? "Obj: every mutant of the second line of the joined expression has its method-level finding, printable"
if [ -d "$LOGS/src/casts" ]; then
	"$S" check --no-timing --format json --method --source "$LOGS/src/casts" \
		"$LOGS/casts.mutants.log" > "$T/casts.json" 2> "$T/err"
	rc=$?
	python3 -c "import json,sys; d=json.load(open(sys.argv[1],encoding='utf-8')); sys.exit(0 if all(m['detail'].isprintable() for m in d['mutants']) else 1)" "$T/casts.json"
	ok $? "casts: valid UTF-8 JSON, every reason printable (exit $rc)"
	grep -q "not modelled: a cast to the reference type S (a ClassCastException is not modelled)" "$T/casts.json"
	ok $? "casts: the joined line's reason is the one made for it"
else
	ok 0 "# SKIP no Major logs at $LOGS"
	ok 0 "# SKIP no Major logs at $LOGS"
fi
exit $fail
