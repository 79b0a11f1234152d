#!/bin/sh
# major-kills.sh [LOGS]: Major's kill.csv for the shipped subjects that
# have a test driver, from real test runs on the JVM.
#
# For each tests/data/check-kills/SUITE/*Test.java, KillRunner.java
# (beside it) compiles the original source of SUBJECT and each mutated
# source Major wrote (LOGS/src/SUBJECT/mutants/N/, LOGS defaulting to
# shared/data/major-logs) with the driver and runs it, and writes
# tests/data/check-kills/SUITE/kill.csv (FAIL, EXC, TIME, LIVE), where
# SUITE is SUBJECT or SUBJECT.NAME (a second test suite).  The
# kill files are committed; tests/check-kills.t runs the JVM again and
# checks that it gives the same outcomes.  Needs javac and java
# (default-jdk-headless, make deps).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
logs=${1:-${MAJOR_LOGS:-$here/../shared/data/major-logs}}
D=$here/tests/data/check-kills
for drv in "$D"/*/*Test.java; do
	suite=$(basename "$(dirname "$drv")")
	subject=${suite%%.*}
	java "$D/KillRunner.java" "$logs/src/$subject" "$drv" \
		"$D/$suite/kill.csv"
	echo "major-kills.sh: $suite: $(($(wc -l < "$D/$suite/kill.csv") - 1))" \
	     "mutants in tests/data/check-kills/$suite/kill.csv"
done
