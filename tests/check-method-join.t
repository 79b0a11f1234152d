#!/bin/sh
# check --method on an enclosing expression over two lines: Major logs
# its mutants under two lines, the reader joins the two line groups into
# one (check/major.c), and the second line's mutants keep the method
# models and reasons made for them before the join.  They once pointed
# into the freed arena of the joined group: garbage in the reasons
# (invalid UTF-8 in the JSON), a use after free under ASan.
. "$(dirname "$0")/lib.sh"
D=tests/data/check-constructs
plan 4
"$S" check --no-timing --format json --method --source "$D/src" \
	"$D/obj.mutants.log" > "$T/obj.json" 2> "$T/err"
check $? "Obj: checked with --method (exit 0)"
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
check $? "Obj: every mutant of the second line of the joined expression has its method-level finding, printable"
if [ -d "$LOGS/src/casts" ]; then
	"$S" check --no-timing --format json --method --source "$LOGS/src/casts" \
		"$LOGS/casts.mutants.log" > "$T/casts.json" 2> "$T/err"
	rc=$?
	python3 -c "import json,sys; d=json.load(open(sys.argv[1],encoding='utf-8')); sys.exit(0 if all(m['detail'].isprintable() for m in d['mutants']) else 1)" "$T/casts.json"
	check $? "casts: valid UTF-8 JSON, every reason printable (exit $rc)"
	grep -q "not modelled: a cast to the reference type S (a ClassCastException is not modelled)" "$T/casts.json"
	check $? "casts: the joined line's reason is the one made for it"
else
	skip "no Major logs at $LOGS"
	skip "no Major logs at $LOGS"
fi
finish
