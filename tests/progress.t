#!/bin/sh
# The progress line of check and prove (cmd/progress.h): forced on with
# --progress into a file, it is there and ends erased; it changes
# nothing on stdout; without it (--no-progress, or a stderr that is not
# a terminal) stderr holds the warnings only; the warnings printed with
# it are whole lines (the line erased around them); on a terminal
# (script(1)'s pty) it is on by default.
. "$(dirname "$0")/lib.sh"
D=tests/data
# stderr without the progress line: every "\r...\033[K" taken out
strip() { python3 -c "
import re, sys
t = open(sys.argv[1], 'rb').read()
sys.stdout.buffer.write(re.sub(rb'\r[^\r\n]*\x1b\[K', b'', t))" "$1"; }
# name | command and arguments (word-split) | what the line counts
CASES="check-log|check --no-timing $LOGS/triangle.mutants.log|mutants
check-json-j2|check --no-timing --format json -j 2 $LOGS/casts.mutants.log $LOGS/max.mutants.log|mutants
check-warnings|check --no-timing $D/check/malformed.log|mutants
check-shard|check --no-timing --format json --shard 1/2 $LOGS/casts.mutants.log $LOGS/max.mutants.log|mutants
prove|prove --no-timing docs/example.yaml|analyses"
ncases=$(printf '%s\n' "$CASES" | wc -l)
plan $(( ncases * 5 + 1 ))
printf '%s\n' "$CASES" > "$T/cases"
while IFS='|' read -r name args unit; do
	cmd=${args%% *} rest=${args#* }
	# shellcheck disable=SC2086
	"$S" $cmd --no-progress $rest > "$T/$name.out0" 2> "$T/$name.err0"; rc0=$?
	# shellcheck disable=SC2086
	"$S" $cmd --progress $rest > "$T/$name.out1" 2> "$T/$name.err1"; rc1=$?
	# shellcheck disable=SC2086
	"$S" $cmd $rest > "$T/$name.out2" 2> "$T/$name.err2"
	cmp -s "$T/$name.out0" "$T/$name.out1" && [ $rc0 = $rc1 ]
	check $? "$name: stdout and exit status the same with --progress"
	grep -q "$(printf '\r')$cmd: [0-9]*/[0-9]*+* $unit" "$T/$name.err1" &&
		[ "$(tail -c 4 "$T/$name.err1" | od -An -c | tr -d ' ')" = '\r033[K' ]
	check $? "$name: --progress into a file: the line is there, erased at the end"
	! grep -q "$(printf '\r')" "$T/$name.err0"
	check $? "$name: --no-progress: no progress on stderr"
	cmp -s "$T/$name.err0" "$T/$name.err2"
	check $? "$name: stderr not a terminal: no progress by default"
	strip "$T/$name.err1" | cmp -s - "$T/$name.err0"
	check $? "$name: the warnings are whole, the same as without the line"
done < "$T/cases"
if script -qc true /dev/null > /dev/null 2>&1; then
	script -qc "$S check --no-timing $LOGS/triangle.mutants.log > $T/pty.out" /dev/null > "$T/pty.tty" 2>&1
	grep -q "check: [0-9]*/[0-9]*+* mutants" "$T/pty.tty" &&
		cmp -s "$T/pty.out" "$T/check-log.out0"
	check $? "on a terminal (script's pty) the line is on by default; stdout the same"
else
	skip "no script(1)"
fi
finish
