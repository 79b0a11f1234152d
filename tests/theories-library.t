#!/bin/sh
# The theory library in theories/: every file says what it covers and
# where its operators come from, loads, and is proved with no unknown
# answer (`subsume prove theories`, exit 0; the test gives each query
# 60 s instead of the default 10 s so that a loaded machine does not fail
# it).  theories/slow/ is not part of it (docs/theories.md).
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

"$SUBSUME" prove -j 2 --timeout 60000 --no-timing -o "$tmp/all.txt" theories
rc=$?
if [ "$rc" = 0 ]; then ok "subsume prove theories: exit 0"
else not_ok "subsume prove theories: exit $rc"; fi
if grep -q 'unknown' "$tmp/all.txt"; then
	not_ok "no unknown answer"
	grep 'unknown' "$tmp/all.txt" | head -10 | sed 's/^/# /'
else
	ok "no unknown answer"
fi

# A few results that follow from Java semantics by hand.
# Kaminski et al.: ROR on a < b needs <=, != and false.
if grep -A 12 '^target a < b: a < b' "$tmp/all.txt" |
   grep -q 'minimal set: 3 of 7 (42.9%): ROR(<=) ROR(!=) ROR(false)'
then ok "java-ror: a < b over byte has the Kaminski set"
else not_ok "java-ror: a < b over byte has the Kaminski set"; fi
# Major's sufficient COR set for &&: ==, LHS, RHS, FALSE.
if grep -q 'minimal set: 4 of 7 (57.1%): COR(==) COR(FALSE) COR(LHS) COR(RHS)' "$tmp/all.txt"
then ok "major: a && b has Major's sufficient COR set"
else not_ok "major: a && b has Major's sufficient COR set"; fi
# x++ observing its value: x-- and x are equivalent.
if grep -A 8 '^target x++ (value): x++' "$tmp/all.txt" | grep -q 'AODS(exp) .*equivalent'
then ok "java-incdec: x++ observed by value, AODS(exp) is equivalent"
else not_ok "java-incdec: x++ observed by value, AODS(exp) is equivalent"; fi

finish
