#!/bin/sh
# claims.t - claims (expect:) in theories: every verdict of
# tests/data/claims/small.yaml over the small domain is compared with a
# brute force over all its inputs (perl, not the tool), every witness of
# a refuted claim is re-run there, and the exit status is 7 exactly when
# a claim is refuted.  Parsing errors are in tests/data/bad/claim-*.yaml
# (tests/errors.t).
. "$(dirname "$0")/lib.sh"

T=tests/data/claims/small.yaml
"$SUBSUME" prove --no-timing --format json "$T" >"$tmp/small.json"
rc=$?
check $([ $rc = 7 ]; echo $?) "a refuted claim: exit 7 (got $rc)"

# The brute force: outcomes of every program on every input of the
# small domain (-3..3, C-like integer / and %, a division by zero
# throws), kill sets, and the verdict each claim must get.
perl -MJSON::PP -e '
use integer;
local $/; my $j = decode_json(<STDIN>);
my ($n, $bad, $checked, $wit) = (0, 0, 0, 0);
sub out { my ($e, $a, $b) = @_; $e =~ s/\btrue\b/1/g; $e =~ s/\bfalse\b/0/g;
	$e =~ s/\b([ab])\b/\$$1/g; my $v = eval $e;
	return defined $v ? 0 + $v : "throw"; }
for my $r (@{$j->{results}}) {
	next unless $r->{domain} eq "small" && $r->{claims};
	my @m = ($r->{expr}, map { $_->{expr} } @{$r->{mutants}});
	for my $c (@{$r->{claims}}) {
		my $as = $c->{assume} // "1";
		my @in;
		for my $a (-3 .. 3) { for my $b (-3 .. 3) {
			push @in, [$a, $b] if out($as, $a, $b) eq "1"; } }
		my (%o, %K);
		for my $p (0 .. $#m) { for my $i (@in) {
			$o{$p}{"@$i"} = out($m[$p], @$i); } }
		for my $p (1 .. $#m) { $K{$p} = { map { ("@$_" => 1) }
			grep { $o{$p}{"@$_"} ne $o{0}{"@$_"} } @in }; }
		my $sub = sub { my ($x, $y) = @_;   # kills(x) within kills(y)
			!grep { !$K{$y}{$_} } keys %{$K{$x}} };
		my $minimal = sub { my $x = shift; return 0 unless %{$K{$x}};
			for my $y (1 .. $#m) { next if $y == $x || !%{$K{$y}};
				return 0 if $sub->($y, $x) && (!$sub->($x, $y) || $y < $x); }
			1 };
		my @ids = @{$c->{mutants}};
		my $want;
		if ($c->{kind} eq "equivalent") { $want = !%{$K{$ids[0]}}; }
		elsif ($c->{kind} eq "redundant") { $want = !$minimal->($ids[0]); }
		elsif ($c->{kind} eq "subsumes") {
			$want = %{$K{$ids[0]}} && $sub->($ids[0], $ids[1]); }
		elsif ($c->{kind} eq "duplicates") {
			$want = 1; for my $x (@ids[1 .. $#ids]) { for my $i (@in) {
				$want = 0 if $o{$x}{"@$i"} ne $o{$ids[0]}{"@$i"}; } } }
		elsif ($c->{kind} eq "minimal") {
			my %cl = map { ($_ => 1) } @ids;
			$want = !grep { ($minimal->($_) ? 1 : 0) != ($cl{$_} ? 1 : 0) } 1 .. $#m; }
		my $got = $c->{status};
		$checked++;
		if ($got ne ($want ? "proven" : "refuted")) {
			$bad++; print "# $c->{claim} in $r->{target}: got $got\n"; }
		for my $w (@{$c->{witnesses}}) {
			my @i = ($w->{input}{a}, $w->{input}{b});
			my ($x, $y) = @{$w->{of}};
			my $k = sub { $o{$_[0]}{"@i"} ne $o{0}{"@i"} };
			my $fine = (out($as, @i) eq "1") && ($w->{kind} eq "kills" ? $k->($x)
				: $w->{kind} eq "not-subsumes" ? $k->($x) && !$k->($y)
				: $o{$x}{"@i"} ne $o{$y}{"@i"});
			$wit++;
			unless ($fine) { $bad++; print "# witness $w->{says}: wrong\n"; }
		}
	}
}
print "# $checked claims, $wit witnesses checked\n";
exit($bad || $checked < 20 || $wit < 10 ? 1 : 0);
' <"$tmp/small.json"
check $? "every claim over the small domain has the verdict a brute force gives; every witness re-checked"

# Only proven claims: exit 0.  The claimed minimal set is the one the
# brute force of the test above would give: <= != false.
sed -n '1,12p' "$T" >"$tmp/good.yaml"
echo '      - minimal: ["ROR(<=)", "ROR(!=)", "ROR(false)"]' >>"$tmp/good.yaml"
"$SUBSUME" prove "$tmp/good.yaml" >/dev/null
rc=$?
check $([ $rc = 0 ]; echo $?) "only proven claims: exit 0 (got $rc)"

# Text, Markdown report and -j: the same claims everywhere.
"$SUBSUME" prove --no-timing "$T" >"$tmp/t1.txt"
"$SUBSUME" prove --no-timing -j 3 "$T" >"$tmp/t3.txt"
cmp -s "$tmp/t1.txt" "$tmp/t3.txt"; check $? "text output with claims is the same with -j 3"
c=$(grep -c '^  expect ' "$tmp/t1.txt")
j=$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); my $c = 0;
	$c += @{$_->{claims} || []} for @{$j->{results}}; print $c' <"$tmp/small.json")
check $([ "$c" = "$j" ] && [ "$c" -gt 30 ]; echo $?) "text and JSON list the same claims ($c, $j)"
"$SUBSUME" report "$T" >"$tmp/r.md" 2>"$tmp/r.err"
rc=$?
m=$(grep -c '^| claims-small | ' "$tmp/r.md")
check $([ $rc = 7 ] && [ "$m" -ge "$c" ]; echo $?) "report: a Claims section with every claim ($m rows), exit 7 (got $rc)"

# A theory without claims: no "claims" key, and audit refuses it.
"$SUBSUME" prove --format json --no-timing docs/example.yaml | grep -q '"claims"'
check $([ $? = 1 ]; echo $?) "no claims: the JSON results have no claims key"
"$SUBSUME" audit docs/example.yaml >/dev/null 2>&1
rc=$?
check $([ $rc = 3 ]; echo $?) "audit without claims: exit 3 (got $rc)"

# An extra assumption is an analysis of its own: its witnesses satisfy it.
grep -A3 'assuming b == 0' "$tmp/t1.txt" | grep 'witness' | grep -v 'b=0' >/dev/null
check $([ $? = 1 ]; echo $?) "witnesses of a claim under b == 0 have b=0"

finish
