#!/bin/sh
# limits.t - large inputs stay linear (docs/reliability.md, "Limits").
# A 2 MB YAML file of 350,000 nodes is read in well under the time
# limit by `prove` and `check` alike: rejected for its unknown top key
# with exit code 3 and a located error, nothing on stdout.  (Reading
# used to rescan the file from its start for every node's offset: an
# hour for this file, minutes for 1 MB.)  Then Major logs: a million
# lines, and lines of 100,000 characters (below).
. "$(dirname "$0")/lib.sh"
LIMIT=${LIMITS_SECONDS:-60}


{ echo "junk:"; i=0; while [ $i -lt 1000 ]; do echo "  - x"; i=$((i + 1)); done; } \
	>"$tmp/k.yaml"
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$tmp/k.yaml"; done | sed '1!{/^junk:/d}' >"$tmp/10k.yaml"
: >"$tmp/big.yaml"
for i in $(seq 35); do sed '1d' "$tmp/10k.yaml" >>"$tmp/big.yaml"; done
{ echo "junk:"; cat "$tmp/big.yaml"; } >"$tmp/big2.yaml"
mv "$tmp/big2.yaml" "$tmp/big.yaml"
bytes=$(wc -c <"$tmp/big.yaml")
check $([ "$bytes" -gt 2000000 ]; echo $?) "the file has $bytes bytes"

for cmd in prove check; do
	timeout "$LIMIT" "$SUBSUME" $cmd "$tmp/big.yaml" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check $([ $rc = 3 ]; echo $?) "$cmd: exit code 3 within ${LIMIT}s (got $rc)"
	check $(head -n 1 "$tmp/err" | grep -q "big.yaml:1:1: error: unknown key 'junk'"; echo $?) \
		"$cmd: the error is located at 1:1"
	if [ $cmd = prove ]; then
		check $([ ! -s "$tmp/out" ]; echo $?) "$cmd: nothing on stdout"
	fi
done

# A Major log of a million lines: 100,000 line groups of 9 mutants and a
# malformed line each (every line is read, the malformed ones located
# and counted), checked with -j 2 within LOG_LIMIT seconds and within
# bounded memory (the reader streams: a 100,000-line log peaks as high).
# Then lines of 100,000 characters: a string literal holding ':' and
# ' |==> ' read whole, an unterminated one and a line without fields
# located (the shown line cut to a window).
LOG_LIMIT=${LIMITS_LOG_SECONDS:-180}
perl -e 'for my $g (1 .. 100000) {
	for my $k (1 .. 9) {
		printf "%d:ROR:<(int,int):<=(int,int):C\@m(int,int):%d:a < b |==> a <= b\n",
			9 * $g + $k, $g;
	}
	print "$g is not a Major log line\n";
}' >"$tmp/million.log"
lines=$(wc -l <"$tmp/million.log")
check $([ "$lines" = 1000000 ]; echo $?) "the log has $lines lines"
mem() { # peak resident KB of "$@" (stdout to $tmp/out, stderr to $tmp/err), or 0
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o "$tmp/kb" "$@" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		kb=$(tail -n 1 "$tmp/kb")
	else
		"$@" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		kb=0
	fi
}
head -n 100000 "$tmp/million.log" >"$tmp/tenth.log"
mem timeout "$LOG_LIMIT" "$SUBSUME" check -j 2 --no-timing "$tmp/tenth.log"
kb10=$kb
mem timeout "$LOG_LIMIT" "$SUBSUME" check -j 2 --no-timing "$tmp/million.log"
check $([ $rc = 3 ]; echo $?) "a million-line log: exit code 3 within ${LOG_LIMIT}s (got $rc)"
check $(tail -n 4 "$tmp/out" | grep -q "^summary: 900000 mutants in [0-9]* sites, 100000 malformed input lines skipped"; echo $?) \
	"every line read: 900,000 mutants decided, 100,000 malformed lines counted"
check $([ "$(grep -c ': error: malformed Major log line' "$tmp/err")" = 100000 ]; echo $?) \
	"each malformed line reported"
check $(grep -q "/million.log:1000000:1: error: malformed Major log line: too few" "$tmp/err"; echo $?) \
	"the last one located at its line and column"
check $([ "$kb" -le $((kb10 * 2 + 20000)) ]; echo $?) \
	"peak memory bounded: $kb KB for a million lines, $kb10 KB for 100,000"
rm -f "$tmp/million.log" "$tmp/out" "$tmp/err"

perl -e 'my $x = "ab:c |==> d\\\"" x 8000;
	print "1:COR:s.equals(\"$x\"):TRUE:C\@m(java.lang.String):3:s.equals(\"$x\") |==> false\n";
	print "2:COR:s.equals(\"$x):TRUE:C\@m:3:x |==> y\n";
	print "x" x 100000, "\n"' >"$tmp/long.log"
timeout "$LIMIT" "$SUBSUME" check --no-timing --format json "$tmp/long.log" >"$tmp/out" 2>"$tmp/err"
rc=$?
check $([ $rc = 3 ]; echo $?) "100,000-character lines: exit code 3 within ${LIMIT}s (got $rc)"
check $(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["mutants"]
lit = "\"" + "ab:c |==> d\\\"" * 8000 + "\""
assert len(m) == 1 and m[0]["original"] == "s.equals(%s)" % lit and m[0]["mutant"] == "false", m[0]["original"][:80]
assert d["summary"]["malformed"] == 2
' "$tmp/out"; echo $?) "the 100,000-character literal with ':' and ' |==> ' read whole; 2 malformed counted"
check $(grep -q "long.log:2:16: error: malformed Major log line: unterminated literal" "$tmp/err"; echo $?) \
	"an unterminated literal located at its quote"
check $(grep -q "long.log:3:1: error: malformed Major log line: too few" "$tmp/err"; echo $?) \
	"a line without fields located at its start"
check $([ "$(awk 'length > 300' "$tmp/err" | wc -l)" = 0 ]; echo $?) \
	"the long lines shown as windows"

finish
