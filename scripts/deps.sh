#!/bin/sh
# Install the Debian packages subsume needs, if any is missing.
# Runs apt-get only when something is missing and we are root.
#
# `scripts/deps.sh fuzz` (make fuzz) checks afl++ only: AFL++ is needed
# for fuzzing, never to build, run or test subsume.
set -e
need=""
if [ "${1:-}" = fuzz ]; then
	command -v afl-fuzz >/dev/null 2>&1 &&
		command -v afl-clang-fast >/dev/null 2>&1 || need="afl++"
fi
pkg-config --exists z3 2>/dev/null || need="$need libz3-dev"
pkg-config --exists yaml-0.1 2>/dev/null || need="$need libyaml-dev"
pkg-config --exists libcgraph 2>/dev/null || need="$need libgraphviz-dev"
# the Java and C source front ends (prover/lang/javasrc.c, csrc.c): the
# tree-sitter library, and npm to fetch the pinned grammars
# (scripts/grammar.sh)
pkg-config --exists tree-sitter 2>/dev/null || need="$need libtree-sitter-dev"
{ [ -f .deps/tree-sitter-java-0.20.2/parser.c ] &&
	[ -f .deps/tree-sitter-c-0.20.6/parser.c ]; } ||
	command -v npm >/dev/null 2>&1 || need="$need npm"
command -v dot >/dev/null 2>&1 || need="$need graphviz"
command -v prove >/dev/null 2>&1 || need="$need perl"
command -v cvc5 >/dev/null 2>&1 || need="$need cvc5"
command -v pkg-config >/dev/null 2>&1 || need="pkg-config $need"
command -v cc >/dev/null 2>&1 || need="$need gcc make"
# tests/c-compilers.c checks the C semantics against both compilers
command -v gcc >/dev/null 2>&1 || need="$need gcc"
command -v clang >/dev/null 2>&1 || need="$need clang"
# CI runs the suite built by clang under ASan+UBSan: clang's sanitizer
# runtime is only a recommended package of clang-14 (libclang-rt-14-dev),
# so a machine that installs without recommends lacks it
ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.asan-x86_64.a \
	>/dev/null 2>&1 || need="$need libclang-rt-14-dev"
# tests/float-diff.c (Java's floating point against the JVM) and
# tests/audit.t (the Java audits' witnesses) run javac and java
{ command -v javac && command -v java; } >/dev/null 2>&1 ||
	need="$need default-jdk-headless"
# tests/pit.t runs PIT through Maven (scripts/pit.sh: PIT's artifacts
# at pinned versions into .deps/m2, fetched by make deps)
command -v mvn >/dev/null 2>&1 || need="$need maven"
# tests/check-html.t opens `check --format html` pages in headless
# Chromium; npm (above) fetches the report viewer (scripts/elements.sh)
command -v chromium >/dev/null 2>&1 || need="$need chromium"
[ -f .deps/mutation-testing-elements-3.9.0/mutation-test-elements.js ] ||
	command -v npm >/dev/null 2>&1 || need="$need npm"
[ -z "$need" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "subsume: missing Debian packages:$need" >&2
	echo "subsume: run as root, or: sudo apt-get install$need" >&2
	exit 1
fi
echo "installing:$need"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq $need >/dev/null
