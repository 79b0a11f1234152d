#!/bin/sh
# Every output of the whole theory library is the same, byte for byte,
# whatever the number of worker threads and whatever the order in which
# the theory files are given: a worker's Z3 context serves many analyses
# in turn (sem/smt.h), and nothing it answers may depend on which ones it
# served before.  Compared: prove's JSON (relations, witnesses, unknowns,
# solver calls, test pool sizes) result by result, with -j 1, -j 2, and
# the files in reverse order at -j 2; the C tables and the DOT graphs written
# with -j 2 (graphs: the files reversed) in tests/emit-stale.t.
set -u
. "$(dirname "$0")/lib.sh"

files=$(ls theories/*.yaml)
reversed=$(ls theories/*.yaml | sort -r)

"$SUBSUME" prove --no-timing --format json -j 1 $files >"$tmp/j1.json"
check $? "prove -j 1 on the library"
"$SUBSUME" prove --no-timing --format json -j 2 $files >"$tmp/j2.json"
check $? "prove -j 2 on the library"
# shellcheck disable=SC2086
"$SUBSUME" prove --no-timing --format json -j 2 $reversed >"$tmp/rev2.json"
check $? "prove -j 2 on the library, files in reverse order"

cmp -s "$tmp/j1.json" "$tmp/j2.json"
check $? "-j 1 and -j 2: identical JSON"

# One result per line; the reverse run lists them in another order.
results() { grep '^{"theory"' "$1" | sed 's/,$//' | sort; }
results "$tmp/j1.json" >"$tmp/a"
results "$tmp/rev2.json" >"$tmp/b"
total=$(wc -l <"$tmp/a")
[ "$total" -gt 200 ]
check $? "the library has its results ($total)"
cmp -s "$tmp/a" "$tmp/b"
check $? "forward order at -j 1 and reverse order at -j 2: identical results, witnesses included"
if ! cmp -s "$tmp/a" "$tmp/b"; then
	diff "$tmp/a" "$tmp/b" | cut -c1-200 | head -4 | sed 's/^/# /'
fi
# Each file alone, as a worker that served nothing before sees it.
for f in $files; do
	"$SUBSUME" prove --no-timing --format json "$f" | grep '^{"theory"'
done | sed 's/,$//' | sort >"$tmp/c"
cmp -s "$tmp/a" "$tmp/c"
check $? "the library at once and each file alone: identical results"
if ! cmp -s "$tmp/a" "$tmp/c"; then
	diff "$tmp/a" "$tmp/c" | cut -c1-200 | head -4 | sed 's/^/# /'
fi

# tables/ and graphs/ written with -j 2 and the files in reverse order:
# tests/emit-stale.t compares them with the committed ones.

finish
