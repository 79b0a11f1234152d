#!/bin/sh
# limits.t - large inputs stay linear (docs/reliability.md, "Limits").
# A 2 MB YAML file of 350,000 nodes is read in well under the time
# limit by `prove` and `check` alike: rejected for its unknown top key
# with exit code 3 and a located error, nothing on stdout.  (Reading
# used to rescan the file from its start for every node's offset: an
# hour for this file, minutes for 1 MB.)
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

finish
