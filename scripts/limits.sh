#!/bin/sh
# Limits of subsume on large and deep inputs (docs/reliability.md):
# wall time, peak memory (GNU time's maximum resident set) and exit
# status of each run; none may crash.  Run from the repository root
# after `make` and `make fuzz-build` (the parse-only harness binaries
# in build/fuzz/ measure loading without proving).
#
#   scripts/limits.sh [WORKDIR]        (default: a temporary folder)
set -u
SUBSUME=${SUBSUME:-./subsume}
FUZZ_BIN=${FUZZ_BIN:-build/fuzz}
dir=${1:-$(mktemp -d)}
mkdir -p "$dir"
status=0

# measure NAME CMD...: one line, "NAME: 12.3 s, 45678 KB, exit 0"
measure() {
	name=$1
	shift
	/usr/bin/time -f "%e %M %x" -o "$dir/time" "$@" \
		>"$dir/$name.out" 2>"$dir/$name.err"
	# GNU time puts "Command exited with non-zero status N" or
	# "Command terminated by signal N" first, the format line last
	read -r secs kb code <<-EOT
	$(tail -n 1 "$dir/time")
	EOT
	if grep -q signal "$dir/time"; then
		code="$(head -n 1 "$dir/time")"
		status=1
	fi
	printf '%-34s %8s s %9s KB  exit %s\n' "$name:" "$secs" "$kb" "$code"
}

# 1. One target with 300 explicit mutants (int): loaded, then proven.
perl -e '
	my @shape = ("a + b + %d", "a - b + %d", "a * %d + b", "(a + b) ^ %d",
		"a + b * %d", "(a + b) / %d", "a + b - %d", "(a + b) %% %d",
		"a + (b << %d)", "%d - a - b");
	print "theory: many\ntargets:\n  - name: sum\n    expr: a + b\n";
	print "    domains: int\n    operators: [AORB]\n    mutants:\n";
	for my $k (1 .. 300) {
		my $e = sprintf($shape[$k % @shape], 1 + int($k / @shape));
		print "      - { label: \"M($k)\", expr: \"$e\" }\n";
	}
' >"$dir/many.yaml"
measure "300 mutants, load only" "$FUZZ_BIN/theory" "$dir/many.yaml"
measure "300 mutants, prove" "$SUBSUME" prove --no-timing --summary \
	"$dir/many.yaml"
grep -E "minimal set|solver calls" "$dir/300 mutants, prove.out" | head -3 |
	sed 's/^/    /'

# 2. A 100,000-line Major log (the shipped logs repeated, renumbered).
logs=${MAJOR_LOGS:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data/major-logs}
per=$(cat "$logs"/*.mutants.log | wc -l)
MAJOR_LOGS=$logs sh scripts/make-bench-log.sh - $(( (100000 + per - 1) / per )) |
	head -n 100000 >"$dir/big.log"
echo "    big.log: $(wc -l <"$dir/big.log") lines, $(wc -c <"$dir/big.log") bytes"
measure "100k-line log, read + analyses" "$FUZZ_BIN/major" "$dir/big.log"
measure "100k-line log, check -j 2" "$SUBSUME" check --no-timing -j 2 \
	"$dir/big.log"
tail -n 2 "$dir/100k-line log, check -j 2.out" | sed 's/^/    /'

# 3. A 10 MB YAML check batch (the README's sites, renamed, repeated).
perl -e '
	print "sites:\n";
	my $n = 0;
	while ($n < 10 * 1024 * 1024) {
		my $k = $n;
		my $s = "  - name: isLower$k\n    vars: { c: char }\n" .
			"    expr: \"c >= \x27a\x27 && c <= \x27z\x27\"\n    mutants:\n" .
			"      - { id: M1, expr: \"false\", op: COR }\n" .
			"      - { id: M2, expr: \"c >= \x27a\x27 == c <= \x27z\x27\", op: COR }\n" .
			"  - name: isEmpty$k\n    expr: \"s.length() == 0\"\n    mutants:\n" .
			"      - { id: M3, expr: \"s.length() <= 0\", op: ROR }\n";
		print $s;
		$n += length $s;
	}
' >"$dir/big.yaml"
echo "    big.yaml: $(wc -c <"$dir/big.yaml") bytes"
measure "10 MB check batch, read + analyses" "$FUZZ_BIN/yaml" "$dir/big.yaml"
measure "10 MB check batch, check -j 2" "$SUBSUME" check --no-timing -j 2 \
	"$dir/big.yaml"
tail -n 2 "$dir/10 MB check batch, check -j 2.out" | sed 's/^/    /'

# 4. Deep nesting: an expression 10,000 parentheses deep (theory and
# check batch) and YAML nested 10,000 levels: located errors, exit 3.
perl -e 'print "targets:\n  - expr: \"", "(" x 10000, "a", ")" x 10000,
	"\"\n    domains: int\n    operators: [ROR]\n"' >"$dir/deep-expr.yaml"
perl -e 'print "targets: ", "[" x 10000, "]" x 10000, "\n"' >"$dir/deep-yaml.yaml"
perl -e 'print "sites:\n  - expr: \"", "-" x 5000, "(" x 5000, "a", ")" x 5000,
	"\"\n    mutants: [{ id: 1, expr: a }]\n"' >"$dir/deep-site.yaml"
for f in deep-expr deep-yaml; do
	measure "$f.yaml, prove" "$SUBSUME" prove "$dir/$f.yaml"
	head -n 1 "$dir/$f.yaml, prove.err" | cut -c 1-150 | sed "s|$dir/||; s/^/    /"
done
measure "deep-site.yaml, check" "$SUBSUME" check "$dir/deep-site.yaml"
head -n 1 "$dir/deep-site.yaml, check.out" | sed 's/[-()]\{20,\}/.../g; s/^/    /'
head -n 1 "$dir/deep-site.yaml, check.err" | cut -c 1-150 | sed "s|$dir/||; s/^/    /"
# 5. Major logs of a million lines: 100,000 line groups of 10 mutants;
# one line of a million mutants with one original (cut into groups of
# 256, check/major.c MAX_LINE) and with a million different originals;
# a million malformed lines.  Then lines of 100,000 characters.
perl -e 'for $i (1 .. 1000000) { printf "%d:ROR:<(int,int):<=(int,int):C\@m(int,int):%d:a < b |==> a <= b\n", $i, 1 + int($i / 10) }' >"$dir/groups.log"
perl -e 'for $i (1 .. 1000000) { print "$i:ROR:<(int,int):<=(int,int):C\@m(int,int):7:a < b |==> a <= b\n" }' >"$dir/oneline.log"
perl -e 'for $i (1 .. 1000000) { print "$i:AOR:+(int,int):-(int,int):C\@m(int,int):7:a + $i |==> a - $i\n" }' >"$dir/distinct.log"
perl -e 'for $i (1 .. 1000000) { print "junk line $i\n" }' >"$dir/junk.log"
for f in groups oneline distinct junk; do
	measure "1M-line $f.log, read + analyses" "$FUZZ_BIN/major" "$dir/$f.log"
done
measure "1M-line groups.log, check -j 2" "$SUBSUME" check --no-timing -j 2 "$dir/groups.log"
tail -n 4 "$dir/1M-line groups.log, check -j 2.out" | head -n 1 | sed 's/^/    /'
measure "1M-line junk.log, check" "$SUBSUME" check --no-timing "$dir/junk.log"
tail -n 4 "$dir/1M-line junk.log, check.out" | head -n 1 | sed 's/^/    /'
rm -f "$dir/groups.log" "$dir/oneline.log" "$dir/distinct.log" "$dir/junk.log" "$dir"/1M-line*
perl -e '$x = "ab:c |==> d\\\"" x 8000;
	print "1:COR:s.equals(\"$x\"):TRUE:C\@m(java.lang.String):3:s.equals(\"$x\") |==> false\n";
	print "2:COR:s.equals(\"$x):TRUE:C\@m:3:x |==> y\n"; print "x" x 100000, "\n"' >"$dir/long.log"
measure "100,000-character lines, check" "$SUBSUME" check --no-timing "$dir/long.log"
grep "^summary" "$dir/100,000-character lines, check.out" | sed 's/^/    /'
[ $# -ge 1 ] || rm -rf "$dir"
exit $status
