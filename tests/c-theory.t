#!/bin/sh
# c-theory.t - C theories end to end (docs/c.md): the literature's facts
# proven for C (the ROR sufficient set for int, unsigned and long; the
# COR sets of && and || with int results; unsigned comparisons with 0),
# the three UB policies on x + 1 > x and x * 2, witnesses in C syntax,
# the language and options named in text and JSON, and MML skipping C.
. "$(dirname "$0")/lib.sh"


# The minimal set of target $2 in domain $3 of the text output $1.
minset() {
	awk -v t="target $2:" -v d="  domain $3:" '
		index($0, t) == 1 { intarget = 1; next }
		/^target / { intarget = 0 }
		intarget && index($0, d) == 1 { indom = 1; next }
		indom && /minimal set:/ { sub(/^ *minimal set: /, ""); print; exit }
	' "$1"
}

"$SUBSUME" prove --no-timing theories/c-ror.yaml theories/c-logical.yaml \
	>"$tmp/lib.txt" 2>&1
check_eval '[ $? = 0 ]' "the C library theories prove"
for d in int unsigned long; do
	got=$(minset "$tmp/lib.txt" "a < b" "$d")
	check_eval '[ "$got" = "3 of 7 (42.9%): ROR(<=) ROR(!=) ROR(false)" ]' \
		"ROR sufficient set of a < b over $d: $got"
done
got=$(minset "$tmp/lib.txt" "a && b" int)
check_eval '[ "$got" = "2 of 4 (50.0%): COR(||) COR(false)" ]' \
	"COR on a && b with int results: $got"
got=$(minset "$tmp/lib.txt" "a || b" int)
check_eval '[ "$got" = "3 of 4 (75.0%): COR(&&) COR(^) COR(true)" ]' \
	"COR on a || b with int results: $got"
check_eval 'grep -A8 "^target u >= 0" "$tmp/lib.txt" | grep -q "ROR(true)   1 *equivalent"' \
	"u >= 0 over unsigned: ROR(true) (1) is equivalent"
check_eval 'grep -A8 "^target u < 0" "$tmp/lib.txt" | grep -q "ROR(false)  0 *equivalent"' \
	"u < 0 over unsigned: ROR(false) (0) is equivalent"
check_eval 'grep -q "^language c: data-model: lp64, char: signed, ub: outcome$" "$tmp/lib.txt"' \
	"the text output names the language and its options"
check_eval 'grep -q "SOR(>>>)  skipped: .>>>. is not an operator in c" "$tmp/lib.txt"' \
	"SOR's >>> is skipped in C, with the reason"

for pol in outcome defined-only wrap; do
	cat >"$tmp/$pol.yaml" <<EOT
language: c
ub: $pol
targets:
  - expr: x + 1 > x
    domains: [int]
    mutants:
      - { label: "M(1)", expr: "1" }
  - expr: x * 2
    domains: [int]
    mutants:
      - { label: "M(x << 1)", expr: "x << 1" }
      - { label: "M(x + x)", expr: "x + x" }
EOT
	"$SUBSUME" prove --no-timing "$tmp/$pol.yaml" >"$tmp/$pol.txt" 2>&1
	"$SUBSUME" prove --no-timing --format json "$tmp/$pol.yaml" \
		>"$tmp/$pol.json" 2>&1
done
v() { grep -A4 "^target $2:" "$tmp/$1.txt" | grep "^    [0-9]" |
	grep -F "$3" | awk '{print $NF}'; }
check_eval '[ "$(v outcome "x + 1 > x" "M(1)")" = minimal ]' \
	"outcome: x + 1 > x to 1 is killed (the original has UB)"
check_eval 'grep -q "\"input\":{\"x\":2147483647},\"text\":\"x=2147483647\"" "$tmp/outcome.json"' \
	"outcome: its witness is x=2147483647"
check_eval '[ "$(v defined-only "x + 1 > x" "M(1)")" = equivalent ]' \
	"defined-only: x + 1 > x to 1 is equivalent"
check_eval 'grep -q "assume defined(x + 1 > x)" "$tmp/defined-only.txt"' \
	"defined-only: the domain is shown as assume defined(...)"
check_eval '[ "$(v wrap "x + 1 > x" "M(1)")" = minimal ]' \
	"wrap: x + 1 > x to 1 is killed"
check_eval 'grep -q "\"text\":\"x=2147483647\"" "$tmp/wrap.json"' \
	"wrap: killed by x=2147483647"
check_eval '[ "$(v outcome "x \* 2" "M(x << 1)")" = minimal ]' \
	"outcome: x * 2 to x << 1 is killed (-16 << 1 is UB)"
check_eval '[ "$(v wrap "x \* 2" "M(x << 1)")" = equivalent ]' \
	"wrap: x * 2 to x << 1 is equivalent (-fwrapv)"
check_eval '[ "$(v outcome "x \* 2" "M(x + x)")" = equivalent ]' \
	"outcome: x * 2 to x + x is equivalent (both overflow together)"
check_eval 'grep -q "\"language\":\"c\",\"options\":{\"data-model\":\"lp64\",\"char\":\"signed\",\"ub\":\"wrap\"}" "$tmp/wrap.json"' \
	"JSON names the language and the options"

cat >"$tmp/w.yaml" <<'EOT'
language: c
targets:
  - expr: u + 1 > u
    domains: [unsigned]
    mutants:
      - { label: "M(1)", expr: "1" }
  - expr: l + 1 > l
    domains: [long]
    mutants:
      - { label: "M(0)", expr: "0" }
EOT
"$SUBSUME" prove --no-timing --format json "$tmp/w.yaml" >"$tmp/w.json" 2>&1
check_eval 'grep -q "\"text\":\"u=4294967295u\"" "$tmp/w.json"' \
	"witnesses in C syntax: u=4294967295u"

"$SUBSUME" export --mml theories/c-ror.yaml >"$tmp/mml.txt" 2>"$tmp/mml.err"
check_eval 'grep -q "C result, and MML is Java only" "$tmp/mml.txt" "$tmp/mml.err"' \
	"MML skips C results and says so"

"$SUBSUME" report theories/c-logical.yaml theories/paper-bool.yaml \
	>"$tmp/report.md" 2>&1
check_eval 'grep -q "^Language: Java, except c-logical (c: data-model: lp64, char: signed, ub: outcome)\.$" "$tmp/report.md" &&
	! grep -q "paper-bool (" "$tmp/report.md"' \
	"the Markdown report names the C theory's language and options"

# The C operator library (configs/c-operators.yaml, Agrawal et al.'s
# names): C theories see it, Java theories do not.
"$SUBSUME" prove --no-timing theories/c-agrawal.yaml >"$tmp/agr.txt" 2>&1
check_eval '[ $? = 0 ] && ! grep -q unknown "$tmp/agr.txt"' \
	"c-agrawal (ORRN OAAN OBBN OLLN OSSN OLNG OBNG OCNG CRCR VTWD) proves, 0 unknown"
printf 'theory: j\ntargets:\n  - expr: a < b\n    domains: [int]\n    operators: [ORRN]\n' >"$tmp/j.yaml"
"$SUBSUME" prove "$tmp/j.yaml" >"$tmp/j.out" 2>&1
check_eval '[ $? = 3 ] && grep -q "j.yaml:5:17: error: unknown operator .ORRN." "$tmp/j.out"' \
	"a Java theory does not see the C operators (located error, exit 3)"
# CRCR's {min} and {max}: the type's limits, as <limits.h> has them here,
# written as C constants: INT_MIN as (-INT_MAX - 1) (C has no negative
# constants, and 2147483648 is no int), when that is INT_MIN.
int_min="(-$(getconf INT_MAX) - 1)"
[ "$(getconf INT_MIN)" = "$((-$(getconf INT_MAX) - 1))" ] ||
	int_min="INT_MIN is not -INT_MAX - 1"
for tl in "int:$int_min:$(getconf INT_MAX)" \
	"unsigned:0u:$(getconf UINT_MAX)u" \
	"unsigned long:0UL:$(getconf ULONG_MAX)UL" \
	"char:$(getconf CHAR_MIN):$(getconf CHAR_MAX)" \
	"unsigned char:0:$(getconf UCHAR_MAX)"; do
	t=${tl%%:*}; lim=${tl#*:}; lo=${lim%%:*}; hi=${lim#*:}
	got=$(awk -v d="  domain $t: $t x" '
		$0 == d { on = 1; next }
		on && /^  (domain|minimal)/ { exit }
		on && ($2 == "CRCR(min)" || $2 == "CRCR(max)") {
			# the text column: up to the next run of blanks
			s = substr($0, index($0, $2) + length($2))
			sub(/^ +/, "", s); sub(/  .*/, "", s)
			printf "%s ", s
		}
	' "$tmp/agr.txt")
	check_eval '[ "$got" = "$lo $hi " ]' "CRCR(min), CRCR(max) over $t: $got"
done
# A mutant of another type is compared as a number: CRCR(-1), an int,
# is not CRCR(max) = 4294967295u over unsigned x (C's conversions would
# make them equal), and kills x on every input.
line=$(awk '$0 == "  domain unsigned: unsigned x" { on = 1; next }
	on && $2 == "CRCR(-1)" { print; exit }' "$tmp/agr.txt")
check_eval 'echo "$line" | grep -q "subsumed by" && ! echo "$line" | grep -q "duplicate"' \
	"CRCR(-1) over unsigned x is not a duplicate of CRCR(max): $line"

# Every witness input lies in its variable's type (C11 5.2.4.2.1 and
# lp64 widths, written here independently of the tool): a value outside
# it, such as _Bool 16, is an input no C program can receive, and the
# relations proven from it are wrong.
"$SUBSUME" prove --no-timing --format json theories/c-*.yaml \
	>"$tmp/all.json" 2>"$tmp/all.err"
bad=$(perl -MJSON::PP -MMath::BigInt -ne '
	BEGIN {
		%r = ("_Bool" => [0, 1], "char" => [-128, 127],
		      "signed char" => [-128, 127], "unsigned char" => [0, 255],
		      "short" => [-32768, 32767], "unsigned short" => [0, 65535],
		      "int" => [-2147483648, 2147483647],
		      "unsigned" => [0, 4294967295],
		      "long" => ["-9223372036854775808", "9223372036854775807"],
		      "unsigned long" => [0, "18446744073709551615"]);
	}
	next unless /^\{"theory"/;
	s/,\s*$//;
	my $r = JSON::PP->new->allow_bignum->decode($_);
	for my $w (@{ $r->{witnesses} }) {
		for my $v (sort keys %{ $w->{input} }) {
			my $t = $r->{vars}{$v};
			# every bit pattern is a float or a double (docs/float.md)
			next if $t eq "float" || $t eq "double";
			my $x = Math::BigInt->new($w->{input}{$v});
			my $lim = $r{$t} or do { print "$r->{target}: type $t\n"; next };
			print "$r->{target} [$r->{domain}]: $v=$x\n"
				if $x < Math::BigInt->new($lim->[0]) ||
				   $x > Math::BigInt->new($lim->[1]);
		}
	}
	$n++;
	END { print "checked $n results\n" }' "$tmp/all.json" 2>&1 | sort -u | head -5)
count=$(grep -c '"witnesses"' "$tmp/all.json")
check_eval '[ "$bad" = "checked $count results" ] && [ "$count" -gt 20 ]' \
	"witness inputs of the $count C results lie in their types${bad:+: $bad}"

finish
