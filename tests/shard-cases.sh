# shard-cases.sh - sourced by tests/check-shard*.t: for every line
# "name|check options and inputs" of $CASES and every N of $NS, check
# --shard K/N for each K (side by side), subsume merge, and compare with
# the run without --shard, byte for byte.  Needs S, T and tests/lib.sh.
NS=${NS:-1 2 3 7}
shard_plan() { # the number of tests run_cases prints
	echo $(( $(printf '%s\n' "$CASES" | wc -l) * (1 + $(echo $NS | wc -w)) ))
}
run_cases() {
	printf '%s\n' "$CASES" > "$T/cases"
	while IFS='|' read -r name args; do
		# shellcheck disable=SC2086
		"$S" check --no-timing $args > "$T/$name.whole" 2> "$T/$name.err"
		rc=$?
		[ -s "$T/$name.whole" ] && [ $rc -le 3 ]
		check $? "$name: the whole run writes its output (exit $rc)"
		for N in $NS; do
			k=1
			while [ $k -le "$N" ]; do
				# shellcheck disable=SC2086
				"$S" check --no-timing --shard $k/$N $args > "$T/$name.$k-$N" 2>/dev/null &
				k=$((k+1))
			done
			wait
			k=1; set --
			while [ $k -le "$N" ]; do set -- "$@" "$T/$name.$k-$N"; k=$((k+1)); done
			"$S" merge -o "$T/$name.merged-$N" "$@" 2> "$T/$name.merr-$N" &&
				cmp -s "$T/$name.whole" "$T/$name.merged-$N"
			check $? "$name: $N shards merged are the whole run's output"
		done
	done < "$T/cases"
}
