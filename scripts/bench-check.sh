#!/bin/sh
# Benchmark `subsume check` on a log of >= 10,000 mutants (built by
# scripts/make-bench-log.sh): mutants per second, peak memory and the
# verdict counts, with -j 2 (JOBS to change).  Also the uncached rate
# (--no-cache: every site proven, no reuse of identical obligations)
# on the shipped logs once, and peak memory on a log 4 times longer to
# show it stays flat.  Then `check --source` (below) and, last, one run
# of `check --source --method` (below).
#
#   scripts/bench-check.sh [SUBSUME]      (default: ./subsume)
#
# With --source, only `check --source` -j 1 against -j 2 on the 15,232-
# mutant log with its sources (scripts/make-bench-src.sh), RUNS times
# (default 5) alternating: each run's wall times and ratio, and the
# medians.  On a shared machine run it at real-time priority, e.g.
#   flock "$HOME/bench.lock" chrt -r 50 scripts/bench-check.sh --source
#
#   scripts/bench-check.sh --source [SUBSUME]
#
# With --method, the same with --method (each mutant judged in its
# method, check/method.h): -j 1 and -j 2 wall times and mutants per
# second, RUNS times (default 3), the medians, and the timing line of
# the last -j 2 run (methods modelled, answered from the method cache,
# time per method, the solver's share).  The goal (issue 15): at least
# 1,000 mutants per second with -j 2.
#
#   scripts/bench-check.sh --method [SUBSUME]
#
# Last, and alone with --real: real code (real_bench below), the Major
# logs of the projects under ../shared/data/real (next to the
# repository; REAL_DIR to choose; skipped
# with a message when absent), each with its sources: -j 1 and -j 2,
# without and with --method, each run's mutants per second, peak memory
# (GNU time's maximum resident set), unknown verdicts, then the 10
# slowest groups of the -j 1 runs with their time.  A whole log can take
# long (commons-codec: over 12 minutes at expression level), so:
#   REAL_LIMIT=N      only the first N mutants of each log
#   REAL_TIMEOUT=S    stop a run after S seconds (default 1800; reported)
#   REAL_ONLY=NAME    only the project folder NAME (e.g. commons-cli-1.4)
#
#   scripts/bench-check.sh --real [SUBSUME]
set -e
source_only=
method_only=
real_only=
if [ "$1" = "--source" ]; then
	source_only=1
	shift
elif [ "$1" = "--method" ]; then
	method_only=1
	shift
elif [ "$1" = "--real" ]; then
	real_only=1
	shift
fi
bin=${1:-${SUBSUME:-./subsume}}
jobs=${JOBS:-2}
tmp=${TMPDIR:-/tmp}/bench-check.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
here=$(dirname "$0")

# wall ms of one run (output dropped)
wall() {
	t0=$(date +%s%3N)
	"$@" > /dev/null 2>&1 || true
	echo $(( $(date +%s%3N) - t0 ))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rate() { awk -v n="$1" -v ms="$2" 'BEGIN { if (ms == 0) print "inf"; else printf "%.0f", n * 1000 / ms }'; }
# --method on the 15,232-mutant log with its sources (in DIR): RUNS
# alternating -j 1 and -j 2 runs, the medians, the last timing line.
method_bench() {
	ns=$(wc -l < "$1/mutants.log")
	runs=$2
	echo "check --source --method: $ns mutants with their sources, $runs runs"
	: > "$tmp/mruns"
	i=1
	while [ "$i" -le "$runs" ]; do
		a=$(wall "$bin" check -j 1 --no-timing --source "$1/src" --method "$1/mutants.log")
		t0=$(date +%s%3N)
		"$bin" check -j 2 --source "$1/src" --method "$1/mutants.log" > "$tmp/mout" 2>&1 || true
		b=$(( $(date +%s%3N) - t0 ))
		echo "  run $i: -j 1 $a ms ($(rate "$ns" "$a") mutants/s), -j 2 $b ms ($(rate "$ns" "$b") mutants/s)"
		echo "$a $b" >> "$tmp/mruns"
		i=$((i + 1))
	done
	m1=$(awk '{ print $1 }' "$tmp/mruns" | median)
	m2=$(awk '{ print $2 }' "$tmp/mruns" | median)
	echo "  median: -j 1 $m1 ms, $(rate "$ns" "$m1") mutants/s; -j 2 $m2 ms, $(rate "$ns" "$m2") mutants/s"
	grep '^  method level:' "$tmp/mout" || true
}
# real_bench: the real projects' logs with their sources (see the head).
real_bench() {
	real=${REAL_DIR:-$here/../../shared/data/real}
	if [ ! -d "$real" ]; then
		echo "real code: no data (${REAL_DIR:-../shared/data/real}): skipped"
		return 0
	fi
	if [ ! -x /usr/bin/time ]; then
		echo "real code: needs GNU time (/usr/bin/time) for the peak memory: skipped"
		return 0
	fi
	limit=${REAL_LIMIT:-}
	tmo=${REAL_TIMEOUT:-1800}
	for d in "$real"/*/; do
		d=${d%/}
		name=$(basename "$d")
		[ -z "${REAL_ONLY:-}" ] || [ "$name" = "$REAL_ONLY" ] || continue
		[ -f "$d/mutants.log" ] && [ -d "$d/src/main/java" ] || continue
		if [ -n "$limit" ]; then
			head -n "$limit" "$d/mutants.log" > "$tmp/real.log"
		else
			cp "$d/mutants.log" "$tmp/real.log"
		fi
		echo "real code: $name, $(wc -l < "$tmp/real.log") mutants${limit:+ (REAL_LIMIT=$limit)}, --source src/main/java, at most ${tmo}s a run"
		for m in "" --method; do
			for j in 1 2; do
				label="${m:-expression level} -j $j"
				rc=0
				/usr/bin/time -f '%e %M' -o "$tmp/rtime" timeout "$tmo" \
					"$bin" check -j "$j" $m --format json --source "$d/src/main/java" \
					"$tmp/real.log" > "$tmp/real.json" 2> "$tmp/real.err" || rc=$?
				# GNU time's format line is its last
				set -- $(tail -n 1 "$tmp/rtime") ? ?
				secs=$1 kb=$2
				if [ "$rc" = 124 ]; then
					echo "  $label: stopped after ${tmo}s (REAL_TIMEOUT), peak memory $kb KB"
					continue
				fi
				python3 - "$tmp/real.json" "$label" "$secs" "$kb" "$rc" "$j" "$tmp/slow-${m:-expr}-$j" <<'PY' || echo "  $label: exit $rc, no summary (see $tmp/real.err)"
import json, sys
path, label, secs, kb, rc, j, slow = sys.argv[1:]
s = json.load(open(path))["summary"]
v = s["verdicts"]
print("  %s: %d mutants in %s s, %s mutants/s, peak memory %s KB, unknown %d, unsupported %d, exit %s"
      % (label, s["mutants"], secs, s.get("mutants_per_second", "?"), kb,
         v["unknown"], v["unsupported"], rc))
with open(slow, "w") as f:
    for g in s.get("slowest_groups", []):
        f.write("    %10.1f ms  %s (%d mutants, log line %d)\n"
                % (g["ms"], g["where"], g["mutants"], g["line"]))
PY
			done
		done
		for m in expr --method; do
			if [ -s "$tmp/slow-$m-1" ]; then
				echo "  slowest groups, $( [ $m = expr ] && echo "expression level" || echo "--method"), -j 1:"
				cat "$tmp/slow-$m-1"
			fi
			rm -f "$tmp/slow-$m-1" "$tmp/slow-$m-2"
		done
	done
}
if [ -n "$real_only" ]; then
	real_bench
	exit 0
fi
if [ -n "$method_only" ]; then
	sh "$here/make-bench-src.sh" "$tmp/src1"
	method_bench "$tmp/src1" "${RUNS:-3}"
	exit 0
fi
if [ -n "$source_only" ]; then
	sh "$here/make-bench-src.sh" "$tmp/src1"
	ns=$(wc -l < "$tmp/src1/mutants.log")
	runs=${RUNS:-5}
	echo "check --source, -j 1 against -j 2: $ns mutants with their sources, $runs runs"
	: > "$tmp/runs"
	i=1
	while [ "$i" -le "$runs" ]; do
		a=$(wall "$bin" check -j 1 --no-timing --source "$tmp/src1/src" "$tmp/src1/mutants.log")
		b=$(wall "$bin" check -j 2 --no-timing --source "$tmp/src1/src" "$tmp/src1/mutants.log")
		r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }')
		echo "  run $i: -j 1 $a ms, -j 2 $b ms, ${r}x"
		echo "$a $b $r" >> "$tmp/runs"
		i=$((i + 1))
	done
	m1=$(awk '{ print $1 }' "$tmp/runs" | median)
	m2=$(awk '{ print $2 }' "$tmp/runs" | median)
	mr=$(awk '{ print $3 }' "$tmp/runs" | median)
	echo "  median: -j 1 $m1 ms, -j 2 $m2 ms ($(awk -v a="$m1" -v b="$m2" 'BEGIN { printf "%.2f", a / b }')x); median of the ratios ${mr}x"
	exit 0
fi
sh "$here/make-bench-log.sh" "$tmp/bench.log"
per=$(sh "$here/make-bench-log.sh" - 1 | wc -l)
copies=$(( $(wc -l < "$tmp/bench.log") / per ))
sh "$here/make-bench-log.sh" "$tmp/bench4.log" $((copies * 4))
sh "$here/make-bench-log.sh" "$tmp/once.log" 1

# peak RSS in KB of a command (VmHWM via /usr/bin/time when present)
peak() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M' -o "$tmp/mem" "$@" > "$tmp/out" || true
		cat "$tmp/mem"
	else
		"$@" > "$tmp/out" &
		pid=$!; hwm=0
		while kill -0 $pid 2>/dev/null; do
			h=$(awk '/VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null || echo 0)
			[ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
			sleep 0.05
		done
		wait $pid || true
		echo "$hwm"
	fi
}

n=$(wc -l < "$tmp/bench.log")
mem=$(peak "$bin" check -j "$jobs" --format json "$tmp/bench.log")
rate=$(grep -o '"mutants_per_second": [0-9]*' "$tmp/out" | grep -o '[0-9]*$')
verdicts=$(grep -o '"verdicts": {[^}]*}' "$tmp/out" | sed 's/"verdicts": //')
echo "check benchmark: $n mutants, -j $jobs"
echo "  mutants per second: $rate"
echo "  peak memory: $mem KB"
echo "  verdicts: $verdicts"
n4=$(wc -l < "$tmp/bench4.log")
mem4=$(peak "$bin" check -j "$jobs" --format json "$tmp/bench4.log")
rate4=$(grep -o '"mutants_per_second": [0-9]*' "$tmp/out" | grep -o '[0-9]*$')
echo "  4x longer log ($n4 mutants): $rate4 mutants/s, peak memory $mem4 KB"
n1=$(wc -l < "$tmp/once.log")
"$bin" check -j "$jobs" --no-cache --format json "$tmp/once.log" > "$tmp/out" || true
rate1=$(grep -o '"mutants_per_second": [0-9]*' "$tmp/out" | grep -o '[0-9]*$')
echo "  uncached, shipped logs once ($n1 mutants, every site proven): $rate1 mutants/s"

# -j 1 against -j 2: the best of three wall times each, cached on the
# benchmark log and uncached on the shipped logs once.
ms() { date +%s%3N; }
best() {
	b=
	for i in 1 2 3; do
		t0=$(ms); "$@" > /dev/null 2>&1 || true; t=$(( $(ms) - t0 ))
		if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
	done
	echo "$b"
}
speedup() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "inf"; else printf "%.2f", a / b }'; }
c1=$(best "$bin" check -j 1 --no-timing "$tmp/bench.log")
c2=$(best "$bin" check -j 2 --no-timing "$tmp/bench.log")
u1=$(best "$bin" check -j 1 --no-timing --no-cache "$tmp/once.log")
u2=$(best "$bin" check -j 2 --no-timing --no-cache "$tmp/once.log")
echo "  -j 2 against -j 1, cached, benchmark log: $c1 ms -> $c2 ms, $(speedup "$c1" "$c2")x"
echo "  -j 2 against -j 1, uncached, shipped logs once: $u1 ms -> $u2 ms, $(speedup "$u1" "$u2")x"

# With the programs' sources (--source): the shipped logs and their Java
# sources copied into packages of their own until the log has at least
# 15,000 mutants (scripts/make-bench-src.sh), and 4 times that for the
# memory; -j 1 and -j 2, cached and uncached (best of three wall times).
sh "$here/make-bench-src.sh" "$tmp/src1"
sh "$here/make-bench-src.sh" "$tmp/src4" \
	$(( 4 * ( (15000 + $(sh "$here/make-bench-log.sh" - 1 | wc -l) - 1) / $(sh "$here/make-bench-log.sh" - 1 | wc -l) ) ))
sh "$here/make-bench-src.sh" "$tmp/srco" 1
ns=$(wc -l < "$tmp/src1/mutants.log")
ns4=$(wc -l < "$tmp/src4/mutants.log")
nso=$(wc -l < "$tmp/srco/mutants.log")
s1=$(best "$bin" check -j 1 --no-timing --source "$tmp/src1/src" "$tmp/src1/mutants.log")
s2=$(best "$bin" check -j 2 --no-timing --source "$tmp/src1/src" "$tmp/src1/mutants.log")
so1=$(best "$bin" check -j 1 --no-timing --no-cache --source "$tmp/srco/src" "$tmp/srco/mutants.log")
so2=$(best "$bin" check -j 2 --no-timing --no-cache --source "$tmp/srco/src" "$tmp/srco/mutants.log")
smem=$(peak "$bin" check -j 2 --no-timing --source "$tmp/src1/src" "$tmp/src1/mutants.log")
smem4=$(peak "$bin" check -j 2 --no-timing --source "$tmp/src4/src" "$tmp/src4/mutants.log")
echo "check --source benchmark: $ns mutants with their sources"
echo "  -j 1: $s1 ms, $(rate "$ns" "$s1") mutants/s; -j 2: $s2 ms, $(rate "$ns" "$s2") mutants/s; $(speedup "$s1" "$s2")x"
echo "  uncached, shipped logs once ($nso mutants): -j 1 $so1 ms, -j 2 $so2 ms, $(speedup "$so1" "$so2")x"
echo "  peak memory: $smem KB; 4x longer log ($ns4 mutants): $smem4 KB"
method_bench "$tmp/src1" 1
real_bench
