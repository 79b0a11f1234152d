#!/bin/sh
# errors.t - every malformed theory in tests/data/bad/*.yaml is rejected
# with exit code 3 and exactly the diagnostics in the matching .err file
# ("file:line:col: error: message", the source line, the caret), with
# nothing on stdout and no output file.  A bad file among good ones
# rejects the whole run.
#
# Regenerate an .err file only after checking the new text by hand:
#   ./subsume prove tests/data/bad/NAME.yaml 2> tests/data/bad/NAME.err
. "$(dirname "$0")/lib.sh"


count=0
for f in tests/data/bad/*.yaml; do
	count=$((count + 1))
	name=$(basename "$f" .yaml)
	err=tests/data/bad/$name.err
	rm -f "$tmp/out.json"
	"$SUBSUME" prove -o "$tmp/out.json" "$f" >"$tmp/stdout" 2>"$tmp/stderr"
	rc=$?
	check $([ $rc = 3 ]; echo $?) "$name: exit code 3 (got $rc)"
	if [ -f "$err" ] && cmp -s "$err" "$tmp/stderr"; then
		ok "$name: diagnostics as in $name.err"
	else
		not_ok "$name: diagnostics as in $name.err"
		if [ -f "$err" ]; then
			diff "$err" "$tmp/stderr" | sed 's/^/# /'
		else
			echo "# missing $err; the tool printed:"
			sed 's/^/# /' "$tmp/stderr"
		fi
	fi
	check $([ ! -e "$tmp/out.json" ]; echo $?) "$name: no output file"
	check $([ ! -s "$tmp/stdout" ]; echo $?) "$name: nothing on stdout"
	# The first line has the documented shape.
	head -n 1 "$tmp/stderr" | grep -Eq "^$f(:[0-9]+:[0-9]+)?: error: " &&
		ok "$name: 'file:line:col: error:' first" ||
		not_ok "$name: 'file:line:col: error:' first"
done
check $([ $count -ge 40 ]; echo $?) "at least 40 bad theories ($count)"

# Every .err has its .yaml (no stale expectations).
stale=0
for e in tests/data/bad/*.err; do
	[ -f "${e%.err}.yaml" ] || { echo "# stale $e"; stale=1; }
done
check $stale "every .err file belongs to a .yaml file"

# One bad file among good ones: no output at all, exit 3.
good=$tmp/good.yaml
cat >"$good" <<'EOF'
targets:
  - expr: a < b
    domains: int
    operators: [ROR]
EOF
"$SUBSUME" prove -o "$tmp/out.json" "$good" tests/data/bad/type-error.yaml \
	"$good" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
check $([ $rc = 3 ]; echo $?) "good, bad, good: exit code 3 (got $rc)"
check $([ ! -e "$tmp/out.json" ]; echo $?) "good, bad, good: no output file"
"$SUBSUME" prove "$good" tests/data/bad/type-error.yaml >"$tmp/stdout" \
	2>/dev/null
check $([ ! -s "$tmp/stdout" ]; echo $?) "good, bad: nothing on stdout"

# An existing output file is left alone when the input is bad.
echo keep >"$tmp/out.json"
"$SUBSUME" prove -o "$tmp/out.json" tests/data/bad/empty.yaml 2>/dev/null
check $([ "$(cat "$tmp/out.json")" = keep ]; echo $?) \
	"a bad theory leaves an existing output file as it was"

# Several bad files: each is reported.
"$SUBSUME" prove tests/data/bad/empty.yaml tests/data/bad/nul.yaml \
	>/dev/null 2>"$tmp/stderr"
rc=$?
check $([ $rc = 3 ] && grep -q 'empty.yaml: error' "$tmp/stderr" &&
	grep -q 'nul.yaml:2:16: error' "$tmp/stderr"; echo $?) \
	"two bad files: both reported, exit 3"

finish
