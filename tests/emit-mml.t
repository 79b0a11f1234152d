#!/bin/sh
# emit-mml.t - `subsume export --mml` on the whole theory library writes
# a file Major 1.x applies as it is (docs/emitters.md): one rule per
# operator (MML rules are untyped: a second rule for an operator would
# override the first), each the union of its types' minimal sets as the
# comments list them, the groups with rules enabled at the top level, no
# group enabled without a rule, and only comments, rules and enables.
. "$(dirname "$0")/lib.sh"


$SUBSUME export --mml theories >"$tmp/all.mml" 2>"$tmp/all.err"
check_eval '[ $? = 0 ]' "export --mml theories: exit 0"
rules=$(grep -c '^\(BIN\|UNR\)(' "$tmp/all.mml")
dups=$(grep -o '^\(BIN\|UNR\)([^)]*)' "$tmp/all.mml" | sort | uniq -d)
check_eval '[ "$rules" -gt 15 ] && [ -z "$dups" ]' \
	"one rule per operator ($rules rules)${dups:+; twice: $dups}"
other=$(grep -v '^//' "$tmp/all.mml" | grep -v '^$' |
	grep -v '^\(BIN\|UNR\)([^)]*)->{[^}]*};$' |
	grep -v '^\(AOR\|COR\|LOR\|ROR\|SOR\|ORU\);\(  //.*\)\?$')
check_eval '[ -z "$other" ]' "only comments, rules and group enables${other:+: $other}"

# Each rule is the union of the minimal sets its comments list per type.
bad=$(perl -ne '
	if (m{^// ((?:BIN|UNR)\(.*?\)) on \S+: minimal \{(.*)\}}) {
		$u{$1}{$_} = 1 for split /,/, $2; next;
	}
	if (m{^((?:BIN|UNR)\(.*?\))->\{(.*)\};$}) {
		my %r = map { $_ => 1 } split /,/, $2;
		my $a = join ",", sort keys %r;
		my $b = join ",", sort keys %{ $u{$1} || {} };
		print "$1: rule {$a}, union {$b}\n" if $a ne $b;
		$seen++;
	}
	END { print "no rules\n" unless $seen }' "$tmp/all.mml")
check_eval '[ -z "$bad" ]' "each rule is the union of its types' minimal sets${bad:+: $bad}"

# Groups: those with a rule are enabled, no other.
major_group() {
	case $1 in
	"BIN(<)"|"BIN(<=)"|"BIN(>)"|"BIN(>=)"|"BIN(==)"|"BIN(!=)") echo ROR ;;
	"BIN(&&)"|"BIN(||)") echo COR ;;
	"BIN(+)"|"BIN(-)"|"BIN(*)"|"BIN(/)"|"BIN(%)") echo AOR ;;
	"BIN(&)"|"BIN(|)"|"BIN(^)") echo LOR ;;
	"BIN(<<)"|"BIN(>>)"|"BIN(>>>)") echo SOR ;;
	"UNR(+)"|"UNR(-)"|"UNR(~)") echo ORU ;;
	esac
}
want=$(grep -o '^\(BIN\|UNR\)([^)]*)' "$tmp/all.mml" | while read -r r; do
	major_group "$r"; done | sort -u | tr '\n' ' ')
got=$(grep -o '^\(AOR\|COR\|LOR\|ROR\|SOR\|ORU\);' "$tmp/all.mml" |
	tr -d ';' | sort | tr '\n' ' ')
check_eval '[ -n "$want" ] && [ "$want" = "$got" ]' \
	"the groups with rules are enabled at the top level: $got"
check_eval 'grep -q "^//   [A-Z][A-Z][A-Z]<\"org.example.Foo@bar\">;$" "$tmp/all.mml"' \
	"the scoped form is shown as a comment"

# A replacement another type needs is explained for int ==: LHS does not
# type on ints, TRUE is there for booleans and is proven redundant on int.
sed -n '/^\/\/ BIN(==) on int:/,/^\/\/ BIN(==) on [a-z]*:/p' "$tmp/all.mml" >"$tmp/eq"
check_eval 'grep -q "LHS (does not type here" "$tmp/eq" &&
	grep -q "TRUE (subsumed by ROR(>=) in java-ror" "$tmp/eq"' \
	"BIN(==) on int says why LHS and TRUE are beyond its minimal set"
check_eval 'grep -q "C result, and MML is Java only" "$tmp/all.err" &&
	! grep -q "on unsigned" "$tmp/all.mml"' "C results are left out, with a note"

finish
