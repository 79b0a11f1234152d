#!/bin/sh
# The emitters' commands on bad input and failing writes: usage errors,
# a theory with errors writes nothing, a failed run leaves earlier
# outputs untouched and no temporary files, --svg without dot says so,
# and the DOT files render with dot when it is installed.
. "$(dirname "$0")/lib.sh"
small=tests/data/emit/small.yaml

# status WANT CMD...: run, expect exit status WANT; output kept in $tmp/out
status() {
	want=$1
	shift
	"$@" > "$tmp/out" 2>&1
	got=$?
	[ "$got" = "$want" ] || echo "# exit status $got, wanted $want"
	[ "$got" = "$want" ]
}

cat > "$tmp/bad.yaml" <<'YAML'
theory: bad
targets:
  - expr: a < b
    domains: int
    operators: [ROR, NOSUCHOP]
YAML
# The bad file sorts after a good one: loading rejects the whole run.
mkdir "$tmp/mixed"
cp "$small" "$tmp/mixed/a.yaml"
cp "$tmp/bad.yaml" "$tmp/mixed/b.yaml"

plan 24
status 2 $SUBSUME tables
check $? "tables without a path: usage error (2)"
status 2 $SUBSUME graphs --bogus "$small"
check $? "graphs with an unknown option: usage error (2)"
status 2 $SUBSUME export "$small"
check $? "export without a format: usage error (2)"
status 2 $SUBSUME report --format html "$small"
check $? "report in an unknown format: usage error (2)"
status 0 $SUBSUME help tables && grep -q 'subsume tables' "$tmp/out"
check $? "help tables shows the usage"
status 0 $SUBSUME graphs --help && grep -q -- '--svg' "$tmp/out"
check $? "graphs --help documents --svg"

# First a good run, then failing ones into the same directories.
$SUBSUME tables -o "$tmp/t" "$small" > /dev/null 2>&1 &&
	$SUBSUME graphs -o "$tmp/g" "$small" > /dev/null 2>&1 &&
	cp -r "$tmp/t" "$tmp/t.before" && cp -r "$tmp/g" "$tmp/g.before"
check $? "a good run writes tables and graphs"

status 3 $SUBSUME tables -o "$tmp/t" "$tmp/mixed"
check $? "tables: a theory with errors is an input error (3)"
grep -q NOSUCHOP "$tmp/out"
check $? "tables: the error names the unknown operator"
diff -r "$tmp/t.before" "$tmp/t" > /dev/null
check $? "tables: the earlier files are untouched"
status 3 $SUBSUME graphs -o "$tmp/g" "$tmp/mixed"
check $? "graphs: a theory with errors is an input error (3)"
diff -r "$tmp/g.before" "$tmp/g" > /dev/null
check $? "graphs: the earlier files are untouched"
status 3 $SUBSUME graphs -o "$tmp/g-new" "$tmp/bad.yaml"
[ $? = 0 ] && [ ! -e "$tmp/g-new" ]
check $? "graphs: a theory with errors creates nothing"
status 3 $SUBSUME export --mml -o "$tmp/x.mml" "$tmp/bad.yaml"
[ $? = 0 ] && [ ! -e "$tmp/x.mml" ]
check $? "export: a theory with errors writes nothing"

# A write that fails: the output directory is a file.
: > "$tmp/afile"
status 5 $SUBSUME tables -o "$tmp/afile" "$small"
check $? "tables into a file, not a directory: I/O error (5)"
# A directory we cannot write to (skipped as root, who can).
mkdir "$tmp/ro"
cp -r "$tmp/t.before/." "$tmp/ro/"
chmod a-w "$tmp/ro"
if [ -w "$tmp/ro" ]; then
	skip "running as root: cannot make a read-only directory"
	skip "running as root"
else
	status 5 $SUBSUME tables -o "$tmp/ro" "$small"
	check $? "tables into a read-only directory: I/O error (5)"
	diff -r "$tmp/t.before" "$tmp/ro" > /dev/null
	check $? "read-only directory: files untouched, no temporary files"
fi
# One of the two files cannot be replaced: neither is.
cp -r "$tmp/t.before" "$tmp/t4"
rm "$tmp/t4/subsume_tables.c"
mkdir "$tmp/t4/subsume_tables.c"
echo stale > "$tmp/t4/subsume_tables.h"
status 5 $SUBSUME tables -o "$tmp/t4" "$small"
check $? "tables where subsume_tables.c is a directory: I/O error (5)"
[ "$(cat "$tmp/t4/subsume_tables.h")" = stale ]
check $? "... and subsume_tables.h was not replaced either"
ls "$tmp/t" "$tmp/g" "$tmp/t4" | grep -q '\.tmp\.'
[ $? = 1 ]
check $? "no temporary files are left behind"

# --svg: without dot on PATH, and with it.
nodot="$tmp/nodot"
mkdir "$nodot"
status 5 env PATH="$nodot" $SUBSUME graphs --svg -o "$tmp/g2" "$small"
check $? "graphs --svg without dot: exit status 5"
grep -q "'dot' program" "$tmp/out" && ls "$tmp/g2"/*.dot > /dev/null 2>&1
check $? "graphs --svg without dot: says so, and writes the DOT files"
if command -v dot > /dev/null 2>&1; then
	status 0 $SUBSUME graphs --svg -o "$tmp/g3" "$small" &&
		[ "$(ls "$tmp/g3"/*.svg | wc -l)" = "$(ls "$tmp/g3"/*.dot | wc -l)" ]
	check $? "graphs --svg renders one SVG per DOT file"
	bad=0
	for f in "$tmp/g"/*.dot; do
		dot -Tsvg "$f" > /dev/null 2>&1 || bad=1
	done
	check $bad "every DOT file renders with dot"
else
	skip "dot is not installed"
	skip "dot is not installed"
fi
finish
