#!/bin/sh
# The theory library in theories/, proven four times in all (each proof
# of the whole library costs about 11 s of CPU, twice that under ASan):
#
#   - every file says what it covers and where its operators come from
#     (theories/slow/ too, which is not part of the library:
#     docs/theories.md), and the library is proved with exit 0 and no
#     unknown answer; a few results that follow from Java semantics by
#     hand are there;
#   - determinism: every output is the same, byte for byte, whatever the
#     number of worker threads and whatever the order in which the files
#     are given (a worker's Z3 context serves many analyses in turn,
#     sem/smt.h, and nothing it answers may depend on which ones it
#     served before).  prove's JSON (relations, witnesses, unknowns,
#     solver calls, test pool sizes) with -j 1 and -j 2 byte for byte;
#     the files in reverse order at -j 2, result by result; each file
#     proved alone, as a worker that served nothing before sees it;
#   - staleness: tables/ and graphs/, as `make tables graphs` writes
#     them, are what the library gives now (`prove --tables DIR` and
#     `--graphs DIR` write the files of `subsume tables` and `subsume
#     graphs` from the same proof: tests/emit-golden.t compares them on a
#     small theory): no committed file changed, added or left over.  The
#     tables with -j 2, the graphs with -j 2 and the files in reverse
#     order (the tables list the files in the order given; the graphs
#     do not depend on it).  The line naming the Z3 version in tables/ is
#     not compared.  Fix a failure with `make tables graphs` and commit.
. "$(dirname "$0")/lib.sh"

for f in theories/*.yaml theories/slow/*.yaml; do
	if head -n 1 "$f" | grep -q '^# ' &&
	   grep -qi 'operators' "$f" &&
	   grep -Eq 'built-in|theory-local|defined here' "$f"; then
		ok "$f starts with a comment naming its operators' source"
	else
		not_ok "$f starts with a comment naming its operators' source"
	fi
done

files=$(ls theories/*.yaml)
reversed=$(ls theories/*.yaml | sort -r)

# shellcheck disable=SC2086
"$SUBSUME" prove --no-timing --format json -j 1 $files >"$tmp/j1.json"
check $? "prove -j 1 on the library: exit 0 (every answer proven)"
# shellcheck disable=SC2086
"$SUBSUME" prove --no-timing --format json -j 2 --tables "$tmp/tables" \
	$files >"$tmp/j2.json"
check $? "prove -j 2 --tables on the library: exit 0"
# shellcheck disable=SC2086
"$SUBSUME" prove --no-timing --format json -j 2 --graphs "$tmp/graphs" \
	$reversed >"$tmp/rev2.json"
check $? "prove -j 2 --graphs on the library, files in reverse order: exit 0"

# Every result: theory|target|domain|mutants|minimal labels|label=verdict...
summary() {
	perl -MJSON::PP -e '
	local $/; my $j = JSON::PP->new->decode(<STDIN>);
	for my $r (@{$j->{results}}) {
		my %l = map { $_->{id} => $_->{label} } @{$r->{mutants}};
		print join("|", $r->{theory}, $r->{target}, $r->{domain},
			scalar(@{$r->{mutants}}),
			join(" ", sort map { $l{$_} } @{$r->{minimal}}),
			map { "$_->{label}=$_->{verdict}" } @{$r->{mutants}}),
			"\n";
		print "UNKNOWN $r->{theory}: $r->{target} ($r->{domain})\n"
			if @{$r->{unknown}};
	}' <"$1"
}
summary "$tmp/j1.json" >"$tmp/sum"
if grep -q '^UNKNOWN' "$tmp/sum"; then
	not_ok "no unknown answer"
	grep '^UNKNOWN' "$tmp/sum" | head -10 | sed 's/^/# /'
else
	ok "no unknown answer"
fi
# Kaminski et al.: ROR on a < b needs <=, != and false.
grep -q '^java-ror|a < b|byte|7|ROR(!=) ROR(<=) ROR(false)|' "$tmp/sum"
check $? "java-ror: a < b over byte has the Kaminski set"
# Major's sufficient COR set for &&: ==, LHS, RHS, FALSE.
grep -q '^major|a && b|boolean|7|COR(==) COR(FALSE) COR(LHS) COR(RHS)|' "$tmp/sum"
check $? "major: a && b has Major's sufficient COR set"
# x++ observing its value: x-- and x are equivalent.
grep '^java-incdec|x++ (value)|int|' "$tmp/sum" | grep -q '|AODS(exp)=equivalent'
check $? "java-incdec: x++ observed by value, AODS(exp) is equivalent"

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

# compare COMMITTED FRESH: every file, both ways; Z3 version lines aside.
compare() {
	bad=0
	(cd "$1" 2>/dev/null && ls) > "$tmp/have.ls"
	(cd "$2" && ls) > "$tmp/want.ls"
	if ! cmp -s "$tmp/have.ls" "$tmp/want.ls"; then
		bad=1
		echo "# files differ (- committed, + regenerated):"
		diff "$tmp/have.ls" "$tmp/want.ls" | grep '^[<>]' |
			sed 's/^</# -/; s/^>/# +/'
	fi
	while read -r f; do
		[ -f "$1/$f" ] || continue
		grep -v 'Z3 version:' "$1/$f" > "$tmp/x"
		grep -v 'Z3 version:' "$2/$f" > "$tmp/y"
		if ! cmp -s "$tmp/x" "$tmp/y"; then
			bad=1
			echo "# stale: $1/$f"
			diff -u "$tmp/x" "$tmp/y" | head -10 | sed 's/^/#   /'
		fi
	done < "$tmp/want.ls"
	return $bad
}
compare tables "$tmp/tables"
check $? "tables/ is up to date with theories/ (else: make tables)"
compare graphs "$tmp/graphs"
check $? "graphs/ is up to date with theories/ (else: make graphs)"
finish
