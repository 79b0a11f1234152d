#!/usr/bin/perl
# emit-mull.t - `subsume export --mull` (a mull.yml for Mull):
#  - golden files for tests/data/mull/small.yaml, over every type and
#    over --types int (made by the tool, checked by hand; regenerate with
#    UPDATE_GOLDEN=1 SUBSUME=./subsume perl tests/emit-mull.t and review);
#  - every mutator name it writes for theories/c-mull.yaml is one of
#    Mull's (tests/data/mull/mutators.txt, from Mull's documentation);
#  - its choice agrees with the proven results (JSON of `prove`): a
#    mutator is enabled iff some result over the types keeps it;
#  - usage and input errors.
use strict;
use warnings;
use JSON::PP;
use File::Temp qw(tempdir);
use FindBin;
chdir "$FindBin::Bin/.." or die;
my $S = $ENV{SUBSUME} // "./subsume";
my $tmp = tempdir(CLEANUP => 1);
my $n = 0;
sub ok { my ($c, $m) = @_; $n++; print(($c ? "ok" : "not ok") . " $n - $m\n"); $c }
my $golden = "tests/golden/mull";

# ---- golden ----
my @g = (["small.yml", ""], ["small-int.yml", "--types int"]);
for my $g (@g) {
	my ($file, $opt) = @$g;
	my $rc = system("$S export --mull $opt -o $tmp/$file tests/data/mull/small.yaml 2> $tmp/$file.err") >> 8;
	if ($ENV{UPDATE_GOLDEN}) {
		system("cp $tmp/$file $tmp/$file.err $golden/") == 0 or die;
		next;
	}
	ok($rc == 0, "export --mull $opt: exit 0 (got $rc)");
	ok(system("cmp -s $golden/$file $tmp/$file") == 0, "export --mull $opt matches $golden/$file")
		or system("diff -u $golden/$file $tmp/$file | sed 's/^/# /'");
	ok(system("cmp -s $golden/$file.err $tmp/$file.err") == 0,
	   "export --mull $opt: what was left out (stderr) matches the golden file");
}
exit 0 if $ENV{UPDATE_GOLDEN};

# ---- the names are Mull's ----
my %mull;
open(my $in, "<", "tests/data/mull/mutators.txt") or die;
while (<$in>) { chomp; $mull{$_} = 1 unless /^#/ || !length }
close $in;
ok(keys(%mull) >= 40, "Mull's documented mutator names: " . scalar(keys %mull));

sub read_yml {
	my ($f) = @_;
	my (%on, %off, $list, $header);
	open(my $y, "<", $f) or return;
	while (<$y>) {
		$header .= $_ if /^#/;
		if (/^(mutators|ignoreMutators):\s*$/) { $list = $1; next }
		if (/^  - ([A-Za-z0-9_]+)(\s+#.*)?$/ && $list) {
			($list eq "mutators" ? \%on : \%off)->{$1} = 1;
			next;
		}
		next if /^#/;
		return;   # anything else: not the expected shape
	}
	close $y;
	return (\%on, \%off, $header);
}
for my $types ("", "int,unsigned", "float,double", "_Bool,char") {
	my $opt = $types ? "--types $types" : "";
	system("$S export --mull $opt -o $tmp/c.yml theories/c-mull.yaml 2> /dev/null") == 0
		or ok(0, "export --mull $opt theories/c-mull.yaml");
	my ($on, $off, $header) = read_yml("$tmp/c.yml");
	ok($on && keys(%$on) > 5, "c-mull.yaml $opt: a mull.yml of two lists (" . scalar(keys %{$on || {}}) . " enabled)")
		or next;
	my @bad = grep { !$mull{$_} } keys(%$on), keys(%$off);
	ok(!@bad, "c-mull.yaml $opt: every name is a Mull mutator" . (@bad ? ": not @bad" : ""));
	my @want = $types ? split(/,/, $types) : (qw(_Bool int unsigned long), "unsigned long", qw(char float double));
	my @miss = grep { index($header, " $_") < 0 } @want, "ub: outcome", "float-compare: identical", "data-model: lp64";
	ok(!@miss, "c-mull.yaml $opt: the top comment names the assumptions" . (@miss ? " (missing: @miss)" : ""));

	# derived: enabled iff some result over these types keeps it
	my $j = JSON::PP->new->decode(scalar `$S prove --no-timing --format json theories/c-mull.yaml`);
	my %want = map { $_ => 1 } @want;
	my (%kept, %seen);
	for my $r (@{$j->{results}}) {
		next unless $want{$r->{domain}};
		my %min = map { $_ => 1 } @{$r->{minimal}};
		for my $m (@{$r->{mutants}}) {
			$seen{$m->{label}} = 1;
			$kept{$m->{label}} = 1 if $min{$m->{id}};
		}
	}
	my @wrong = grep { ($on->{$_} // 0) != ($kept{$_} // 0) } keys %seen;
	push @wrong, grep { !$seen{$_} } keys(%$on), keys(%$off);
	ok(!@wrong && keys(%$on) + keys(%$off) == keys(%seen),
	   "c-mull.yaml $opt: enabled iff some proven result keeps it (" . scalar(keys %$off) . " ignored)"
	   . (@wrong ? ": wrong for @wrong" : ""));
}

# ---- errors ----
my $rc = system("$S export tests/data/mull/small.yaml > /dev/null 2>&1") >> 8;
ok($rc == 2, "export without --mml or --mull: usage error (got $rc)");
$rc = system("$S export --mml --mull tests/data/mull/small.yaml > /dev/null 2>&1") >> 8;
ok($rc == 2, "export --mml --mull: usage error (got $rc)");
$rc = system("$S export --mml --types int tests/data/mull/small.yaml > /dev/null 2>&1") >> 8;
ok($rc == 2, "--types without --mull: usage error (got $rc)");
$rc = system("$S export --mull --types bool -o $tmp/none.yml tests/data/mull/small.yaml 2> $tmp/none.err") >> 8;
ok($rc == 3 && !-e "$tmp/none.yml" && `cat $tmp/none.err` =~ /no C result over the --types given/,
   "--types matching no result: exit 3, nothing written (got $rc)");
$rc = system("$S export --mull theories/java-ror.yaml > /dev/null 2>&1") >> 8;
ok($rc == 3, "a Java theory only: exit 3 (got $rc)");

print "1..$n\n";
