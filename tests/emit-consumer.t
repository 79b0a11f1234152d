#!/bin/sh
# A mutation tool's view: compile tests/consumer/consumer.c against
# generated tables with -std=c99 -Wall -Wextra -Wpedantic -Werror (gcc,
# and clang when installed) and check every answer of its lookup API
# against `subsume prove --format json` for the same theory, read with
# Perl's core JSON::PP.  First on the tests' small theory, then on the
# committed tables/ against theories/ (skipped when there are none).
. "$(dirname "$0")/lib.sh"
CC=${CC:-cc}
CFLAGS99="-std=c99 -Wall -Wextra -Wpedantic -Werror"


# queries|expect < prove.json: the consumer's input, or the answers the
# JSON says it must give (see consumer.c for the line formats).
from_json() {
	perl -e '
use strict; use warnings; use JSON::PP;
my $mode = shift;
local $/; my $j = JSON::PP->new->decode(<STDIN>);
my (@m, @r);
for my $res (@{$j->{results}}) {
	my @key = ($res->{theory}, $res->{target}, $res->{domain});
	my %by = map { $_->{id} => $_ } @{$res->{mutants}};
	my %min = map { $_ => 1 } @{$res->{minimal}};
	my (@fam, %keep);
	for my $mu (@{$res->{mutants}}) {
		if ($mode eq "queries") {
			push @m, join("\t", "M", @key, $mu->{label});
			next;
		}
		my $v = $mu->{verdict};
		my $s = ($v eq "duplicate" || $v eq "subsumed")
			? $by{$mu->{by}}{label} : "-";
		push @m, join("\t", "M", @key, $mu->{label},
			      $min{$mu->{id}} ? 1 : 0, $v, $s);
		my $op = $mu->{operator};
		push @fam, $op unless exists $keep{$op};
		$keep{$op} ||= [];
		if ($min{$mu->{id}}) {
			(my $d = $mu->{label}) =~ s/^[^(]+\((.*)\)$/$1/s;
			push @{$keep{$op}}, $d;
		}
	}
	push @m, $mode eq "queries"
		? join("\t", "M", @key, "no such label")
		: join("\t", "M", @key, "no such label", -1, "-", "-");
	my $lang = $res->{language} // "java";
	push @r, join("\t", "R", $lang, @key, $_, join(",", @{$keep{$_}}))
		for @fam;
}
print "$_\n" for @m;
print $mode eq "queries" ? "E\n" : "E " . scalar(@{$j->{results}}) . "\n";
print "$_\n" for @r;
' "$1"
}

# consumer TABLES-DIR JSON NAME: compile with each compiler and compare.
consumer() {
	dir=$1 json=$2 name=$3
	from_json queries < "$json" > "$tmp/q"
	from_json expect < "$json" > "$tmp/want"
	other=clang
	[ "$(basename "$CC")" = clang ] && other=gcc
	for cc in "$CC" "$other"; do
		if ! command -v "$cc" > /dev/null 2>&1; then
			skip "$name: $cc is not installed"
			skip "$name: $cc consumer answers"
			continue
		fi
		$cc $CFLAGS99 -I"$dir" -o "$tmp/consumer" \
			tests/consumer/consumer.c "$dir/subsume_tables.c" \
			2> "$tmp/cc.err"
		st=$?
		sed 's/^/# /' "$tmp/cc.err"
		check $st "$name: tables and consumer compile with $cc $CFLAGS99"
		if [ $st != 0 ]; then
			not_ok "$name: $cc consumer answers"
			continue
		fi
		"$tmp/consumer" < "$tmp/q" > "$tmp/got"
		st=$?
		if [ $st = 0 ] && [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"
		then
			ok "$name: $cc consumer answers as prove --format json"
		else
			not_ok "$name: $cc consumer answers as prove --format json"
			diff -u "$tmp/want" "$tmp/got" | head -30 | sed 's/^/# /'
		fi
	done
}

plan 14
small=tests/data/emit/small.yaml
$SUBSUME tables -o "$tmp/small" "$small" > /dev/null 2>&1 &&
	$SUBSUME prove --format json "$small" > "$tmp/small.json"
check $? "tables and JSON of $small"
consumer "$tmp/small" "$tmp/small.json" "small theory"

# The committed tables, against theories/ proven now.
if ls theories/*.yaml > /dev/null 2>&1 && [ -f tables/subsume_tables.c ]
then
	$SUBSUME prove --format json theories > "$tmp/th.json"
	st=$?
	[ $st = 0 ] || [ $st = 1 ]
	check $? "JSON of theories/"
	consumer tables "$tmp/th.json" "committed tables/"
else
	for i in 1 2 3 4 5; do skip "no theories/ or tables/"; done
fi

# docs/lookup-example.c, a C tool's lookup of ROR on < over unsigned in
# C, compiled with gcc and clang against the committed tables: its keep
# list is the minimal set prove gives for that target now.
want=$($SUBSUME prove --format json theories/c-ror.yaml | perl -e '
use strict; use warnings; use JSON::PP;
local $/; my $j = JSON::PP->new->decode(<STDIN>);
for my $r (@{$j->{results}}) {
	next unless $r->{target} eq "a < b" && $r->{domain} eq "unsigned";
	my %min = map { $_ => 1 } @{$r->{minimal}};
	print join(",", map { (my $d = $_->{label}) =~ s/^ROR\((.*)\)$/$1/; $d }
		grep { $min{$_->{id}} && $_->{operator} eq "ROR" }
		@{$r->{mutants}}), "\n";
}')
for cc in gcc clang; do
	if ! command -v $cc >/dev/null 2>&1; then
		skip "$cc is not installed"
		continue
	fi
	$cc $CFLAGS99 -Itables -o "$tmp/lookup" docs/lookup-example.c \
		tables/subsume_tables.c 2>"$tmp/cc.err" &&
		got=$("$tmp/lookup" | head -1)
	check $? "docs/lookup-example.c with $cc: keeps $got (prove: $want)"
	[ -n "$want" ] && [ "$got" = "$want" ]
	check $? "$cc: the C lookup of ROR on < over unsigned is the proven minimal set"
done
finish
