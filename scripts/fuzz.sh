#!/bin/sh
# Run AFL++ on fuzz harnesses: scripts/fuzz.sh BINDIR NAME...  (make fuzz)
#
# Each harness BINDIR/NAME (built by afl-clang-fast with ASan and UBSan)
# is fuzzed for FUZZ_SECONDS from its seed corpus tests/fuzz/corpus/NAME
# with the dictionary tests/fuzz/subsume.dict, FUZZ_JOBS harnesses at a
# time; output in FUZZ_OUT/NAME.  An existing FUZZ_OUT/NAME is resumed
# (its queue continues the campaign).  Then every harness's line:
# executions, paths (corpus count), crashes, hangs, and the queue
# replayed once outside AFL with LeakSanitizer on.  Exit status 1 if
# anything crashed, hung or leaked.
set -u
bindir=$1
shift
secs=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
out=${FUZZ_OUT:-build-fuzz/out}
mkdir -p "$out"
# the scratch files of harnesses that need a path (tests/fuzz/common.c)
[ -w /dev/shm ] && export TMPDIR=${FUZZ_TMPDIR:-/dev/shm}
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_NO_UI=1 AFL_NO_AFFINITY=1
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=0:symbolize=0:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1

one() {
	name=$1
	if [ -f "$out/$name/default/fuzzer_stats" ]; then
		in=-    # resume
	else
		in=tests/fuzz/corpus/$name
	fi
	afl-fuzz -i "$in" -o "$out/$name" -x tests/fuzz/subsume.dict \
		-m none -t 2000 -V "$secs" -- "$bindir/$name" \
		>"$out/$name.log" 2>&1
}

running=0
for name in "$@"; do
	one "$name" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait

stat() { sed -n "s/^$2 *: *//p" "$out/$1/default/fuzzer_stats"; }
status=0
printf '%-10s %12s %8s %7s %7s %6s %s\n' harness execs exec/s paths crashes hangs leaks
for name in "$@"; do
	if [ ! -f "$out/$name/default/fuzzer_stats" ]; then
		echo "$name: afl-fuzz did not run; see $out/$name.log"
		status=1
		continue
	fi
	# the whole queue once more, 200 files a process (a queue can be
	# longer than an argument list), leak checks on
	leaks=0
	find "$out/$name/default/queue" -maxdepth 1 -name 'id:*' | sort |
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
		xargs -d '\n' -n 200 "$bindir/$name" >/dev/null \
		2>"$out/$name.replay" || leaks=1
	crashes=$(stat "$name" saved_crashes)
	hangs=$(stat "$name" saved_hangs)
	printf '%-10s %12s %8s %7s %7s %6s %s\n' "$name" \
		"$(stat "$name" execs_done)" "$(stat "$name" execs_per_sec)" \
		"$(stat "$name" corpus_count)" "$crashes" "$hangs" "$leaks"
	[ "$crashes" = 0 ] && [ "$hangs" = 0 ] && [ "$leaks" = 0 ] || status=1
done
exit $status
