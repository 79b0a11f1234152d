#!/usr/bin/perl
# audit.t - the audits of real tools' rules (theories/audit/, docs/audit.md):
#  - docs/audit.md is what `make audit` writes (fresh);
#  - a sample of verdicts per tool (at least one proven, and one refuted
#    where the tool has a false rule), and the UB-policy dependence that
#    theories/audit/dredd-defined-only.yaml documents;
#  - every witness of every refuted claim is compiled and run: C with gcc
#    and UBSan (-fno-sanitize-recover=all: undefined behaviour is an
#    outcome, as under `ub: outcome`), Java with javac and java (an
#    ArithmeticException is an outcome); the original and the killed
#    mutant must print different things, a mutant the witness does not
#    kill the same thing.
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

# ---- freshness ----
system("$S audit -o $tmp/audit.md theories/audit") == 0 or ok(0, "audit runs");
ok(system("cmp -s $tmp/audit.md docs/audit.md") == 0,
   "docs/audit.md is up to date (run: make audit)")
	or system("diff -u docs/audit.md $tmp/audit.md | head -30 | sed 's/^/# /'");

# ---- verdicts ----
my $json = `$S prove --no-timing --format json theories/audit`;
my $rc = $? >> 8;
ok($rc == 7, "the audit theories have refuted claims: prove exits 7 (got $rc)");
my $j = JSON::PP->new->allow_bignum->decode($json);
my (%status, @refuted);
for my $r (@{$j->{results}}) {
	for my $c (@{$r->{claims} || []}) {
		my $k = "$r->{theory}|$r->{target}|$r->{domain}|$c->{claim}";
		$status{$k} = $c->{status};
		push @refuted, [$r, $c] if $c->{status} eq "refuted";
	}
}
my @sample = (
	["audit-dredd|x - 0|int|dredd(%) and dredd(/) are duplicates", "proven"],
	["audit-dredd|x + 1|unsigned|dredd(*), dredd(/) and lhs are duplicates", "proven"],
	["audit-dredd|0 - x|int|dredd(/) and const(0) are duplicates", "refuted"],
	["audit-dredd|0 - x|long|dredd(%) and const(0) are duplicates", "refuted"],
	["audit-dredd|a != 0 (unsigned)|unsigned|ROR(>) is equivalent", "proven"],
	["audit-dredd|a < b|_Bool|the minimal set is {ROR(<=), ROR(!=), ROR(false)}", "proven"],
	["audit-dredd|0 << x|int|dredd(>>) and const(0) are duplicates", "refuted"],
	["audit-dredd-defined-only|0 << x|int|dredd(>>) and const(0) are duplicates", "proven"],
	["audit-dredd-defined-only|0 - x|int|dredd(/) and const(0) are duplicates", "refuted"],
	["audit-dextool|a == b|unsigned|the minimal set is {ROR(<=), ROR(>=), ROR(false)}", "proven"],
	["audit-dextool|a && b|_Bool|the minimal set is {lcrOr, lcrTrue, lcrFalse, lcrLhs, lcrRhs}", "refuted"],
	["audit-dextool|a + b|int|the minimal set is {AORB(-), AORB(*), AORB(/), AORB(%)}", "proven"],
	["audit-mull|a < b|unsigned long|cxx_lt_to_ge is redundant", "proven"],
	["audit-mull|a >= b|_Bool|cxx_ge_to_lt is redundant", "proven"],
	["audit-pit|a == b|reference|NEGATE_CONDITIONALS is redundant", "proven"],
	["audit-pit|a / b < c|int|REMOVE_CONDITIONALS(false) subsumes NEGATE_CONDITIONALS", "proven"],
	["audit-pit|a / b < c (source-level removal)|int|remove(false) subsumes NEGATE_CONDITIONALS", "refuted"],
	["audit-major|a < b|long|the minimal set is {ROR(<=), ROR(!=), ROR(false)}", "proven"],
	["audit-major|a == b (boolean)|boolean|the minimal set is {ROR(false), LHS, RHS}", "refuted"],
	["audit-major|a && b|boolean|the minimal set is {COR(==), LHS, RHS, FALSE}", "proven"],
	# floating point: the signed-zero rules depend on float-compare
	["audit-dredd-float|x - 0.0|double|dredd(+) and lhs are duplicates", "refuted"],
	["audit-dredd-float-numeric|x - 0.0|double|dredd(+) and lhs are duplicates", "proven"],
	["audit-dredd-float|0.0f - x|float|dredd(+) and rhs are duplicates", "refuted"],
	["audit-dredd-float-numeric|0.0 - x|double|dredd(+) and rhs are duplicates", "proven"],
	["audit-dredd-float|x - 0.0|double|dredd(*) and const(0.0) are duplicates", "refuted"],
	["audit-dredd-float-numeric|x - 0.0|double|dredd(*) and const(0.0) are duplicates", "refuted"],
	["audit-dredd-float|x + 1.0f|float|dredd(*), dredd(/) and lhs are duplicates", "proven"],
	["audit-dredd-float|a < b|double|the minimal set is {ROR(<=), ROR(!=), ROR(false)}", "proven"],
	["audit-dredd-float|a && b|double|dredd(||) is redundant", "refuted"],
	["audit-dredd-float|a && b|_Bool|dredd(||) is redundant", "proven"],
	["audit-dextool-float|a < b|double|the minimal set is {rorGT, rorFalse}", "refuted"],
	["audit-dextool-float|a <= b|float|the minimal set is {rorGT, rorTrue}", "proven"],
	["audit-dextool-float|a == b|double|the minimal set is {ROR(<=), ROR(>=), ROR(false)}", "proven"],
	["audit-pit-double|a < b|double|REMOVE_CONDITIONALS(true) subsumes NEGATE_CONDITIONALS", "proven"],
	["audit-pit-double|a < b|double|REMOVE_CONDITIONALS(true) subsumes negate as documented (>=)", "refuted"],
	["audit-pit-double|a == b|float|NEGATE_CONDITIONALS is redundant", "proven"],
);
for my $s (@sample) {
	my $got = $status{$s->[0]} // "missing";
	ok($got eq $s->[1], "$s->[0]: $s->[1] (got $got)");
}
ok(!grep({ $_ eq "unknown" } values %status), "no claim is unknown");

# ---- ub: wrap changes no verdict of dredd.yaml (its comment says so) ----
open(my $in, "<", "theories/audit/dredd.yaml") or die;
my $y = do { local $/; <$in> };
close $in;
$y =~ s/^language: c$/language: c\nub: wrap/m or die;
open(my $out, ">", "$tmp/dredd-wrap.yaml") or die;
print $out $y;
close $out;
my $w = JSON::PP->new->allow_bignum->decode(
	scalar `$S prove --no-timing --format json $tmp/dredd-wrap.yaml`);
my ($same, $all) = (0, 0);
for my $r (@{$w->{results}}) {
	for my $c (@{$r->{claims}}) {
		$all++;
		my $k = "audit-dredd|$r->{target}|$r->{domain}|$c->{claim}";
		$same++ if ($status{$k} // "") eq $c->{status};
	}
}
ok($all > 40 && $same == $all, "dredd.yaml under ub: wrap: every verdict the same ($same of $all)");

# ---- every refuting witness, compiled and run ----
my (@ccase, @jcase);
for my $rc (@refuted) {
	my ($r, $c) = @$rc;
	for my $wt (@{$c->{witnesses}}) {
		my @p = (0, @{$wt->{of}});
		my $case = { r => $r, w => $wt, what => "$r->{theory} $r->{target} $r->{domain}: $wt->{says}" };
		if (($r->{language} // "java") eq "c") { push @ccase, $case } else { push @jcase, $case }
	}
}
ok(@ccase >= 5 && @jcase >= 5, "witnesses to run: " . scalar(@ccase) . " C, " . scalar(@jcase) . " Java");
my @fcase = grep { grep({ /^(float|double)$/ } values %{$_->{r}{vars}}) } @ccase, @jcase;
my @fnum = grep { (($_->{r}{options} || {})->{"float-compare"} // "") eq "numeric" } @fcase;
ok(@fcase >= 20 && @fnum >= 3 && scalar(grep({ ($_->{r}{language} // "java") eq "java" } @fcase)),
   "floating witnesses among them: " . scalar(@fcase) . " (" . scalar(@fnum) . " under float-compare numeric)");

sub expr_of { my ($r, $p) = @_; $p ? $r->{mutants}[$p - 1]{expr} : $r->{expr} }

# C: one program per program and witness; stdout and exit status.
sub c_lit {
	my ($t, $v) = @_;
	$v = "$v";
	return $v eq "true" || $v eq "1" ? 1 : 0 if $t eq "_Bool" && $v !~ /^-?\d+$/;
	return "($t)(-9223372036854775807LL - 1)" if $v eq "-9223372036854775808";
	return $v =~ /^-/ ? "($t)(${v}LL)" : "($t)(${v}ULL)";
}
# A witness's values in source syntax (its "text": "x=-0.0, y=NAN"):
# floating values are read from there, so that -0.0 and NaN stay what
# they are (JSON numbers lose the sign of zero).
sub text_values {
	my ($wt) = @_;
	my %v;
	for (split /, /, $wt->{text}) { my ($k, $x) = split /=/, $_, 2; $v{$k} = $x }
	return \%v;
}
my $cc = $ENV{CC_AUDIT} // "gcc";
# A floating result prints as the theory's float-compare sees it: every
# NaN alike, and under numeric -0.0 as 0.0 (%a prints every bit else).
my $fprint = "static void pf(double x, int numeric) {\n"
	   . "  if (isnan(x)) printf(\"nan\\n\");\n"
	   . "  else if (numeric && x == 0) printf(\"0\\n\");\n"
	   . "  else printf(\"%a\\n\", x);\n}\n";
sub run_c {
	my ($r, $wt, $p) = @_;
	my $src = "#include <stdio.h>\n#include <math.h>\n$fprint" . "int main(void) {\n";
	my $text = text_values($wt);
	for my $v (sort keys %{$r->{vars}}) {
		my $t = $r->{vars}{$v};
		my $val = $wt->{input}{$v};
		$val = $val ? 1 : 0 if JSON::PP::is_bool($val);
		$val = $t eq "float" || $t eq "double" ? $text->{$v} : c_lit($t, $val);
		$src .= "  volatile $t $v = $val;\n";
	}
	my $e = expr_of($r, $p);
	my $num = (($r->{options} || {})->{"float-compare"} // "") eq "numeric" ? 1 : 0;
	$src .= "  _Generic(($e), float: pf((double)($e), $num), double: pf(($e), $num),\n"
	      . "    default: printf(_Generic(($e), unsigned long: \"%lu\\n\", long: \"%ld\\n\",\n"
	      . "    unsigned: \"%u\\n\", default: \"%d\\n\"), ($e)));\n  return 0;\n}\n";
	open(my $f, ">", "$tmp/w.c") or die;
	print $f $src;
	close $f;
	system("$cc -std=c11 -O0 -w -fsanitize=undefined,float-cast-overflow -fno-sanitize-recover=all "
	       . "-ffp-contract=off -o $tmp/w $tmp/w.c -lm") == 0
		or return "compile error";
	my $o = `$tmp/w 2>/dev/null`;
	return "$o exit=" . ($? >> 8) . " signal=" . ($? & 127);
}

my ($cgood, $cbad) = (0, 0);
for my $case (@ccase) {
	my ($r, $wt) = ($case->{r}, $case->{w});
	my ($a, $b) = @{$wt->{of}};
	my $o = run_c($r, $wt, 0);
	my $fine = $o ne "compile error";
	if ($wt->{kind} eq "kills") { $fine &&= run_c($r, $wt, $a) ne $o }
	elsif ($wt->{kind} eq "not-subsumes") { $fine &&= run_c($r, $wt, $a) ne $o && run_c($r, $wt, $b) eq $o }
	else { $fine &&= run_c($r, $wt, $a) ne run_c($r, $wt, $b) }
	if ($fine) { $cgood++ } else { $cbad++; print "# gcc disagrees: $case->{what}\n" }
}
ok(@ccase && !$cbad, "gcc (UBSan): every C witness shows what it claims ($cgood of " . scalar(@ccase) . ")");

# Java: one class, every program of every witness in a method of its own.
my $jt = { int => "int", long => "long", boolean => "boolean", byte => "byte",
	   short => "short", char => "char", float => "float", double => "double" };
my $java = "public class W {\n  interface P { Object run(); }\n"
	 . "  static String r(P p) { try { return String.valueOf(p.run()); }"
	 . " catch (ArithmeticException e) { return \"throws\"; } }\n"
	 . "  public static void main(String[] args) {\n";
my ($k, $skipped) = (0, 0);
for my $case (@jcase) {
	my ($r, $wt) = ($case->{r}, $case->{w});
	my $decl = "";
	my $text = text_values($wt);
	# Double.toString tells -0.0 from 0.0 and prints every NaN alike:
	# float-compare identical; numeric is not compared here
	my $fc = ($r->{options} || {})->{"float-compare"} // "identical";
	for my $v (sort keys %{$r->{vars}}) {
		my $t = $jt->{$r->{vars}{$v}};
		unless ($t && $fc eq "identical") { $skipped++; $decl = undef; last }
		my $val = $wt->{input}{$v};
		$val = $val ? "true" : "false" if JSON::PP::is_bool($val);
		$val .= "L" if $t eq "long";
		$val = $text->{$v} if $t eq "float" || $t eq "double";
		$decl .= "final $t $v = $val; ";
	}
	next unless defined $decl;
	my @p = (0, @{$wt->{of}});
	$java .= "    { $decl";
	$java .= "System.out.println(\"$k $_ \" + r(() -> (Object)(" . expr_of($r, $p[$_]) . "))); "
		for 0 .. $#p;
	$java .= "}\n";
	$case->{k} = $k++;
}
$java .= "  }\n}\n";
open(my $jf, ">", "$tmp/W.java") or die;
print $jf $java;
close $jf;
my %jout;
if (system("cd $tmp && javac -nowarn W.java 2>&1 && java -cp $tmp W > $tmp/jout") == 0) {
	open(my $jo, "<", "$tmp/jout") or die;
	while (<$jo>) { chomp; my ($i, $q, $v) = split / /, $_, 3; $jout{$i}[$q] = $v }
	close $jo;
}
my ($jgood, $jbad) = (0, 0);
for my $case (@jcase) {
	next unless defined $case->{k};
	my $o = $jout{$case->{k}} || [];
	my $kind = $case->{w}{kind};
	my $fine = defined $o->[1] && ($kind eq "kills" ? $o->[1] ne $o->[0]
		: $kind eq "not-subsumes" ? $o->[1] ne $o->[0] && $o->[2] eq $o->[0]
		: $o->[1] ne $o->[2]);
	if ($fine) { $jgood++ } else { $jbad++; print "# the JVM disagrees: $case->{what}\n" }
}
ok($jgood && !$jbad && !$skipped,
   "javac and java: every Java witness shows what it claims ($jgood of " . scalar(@jcase) . ", $skipped skipped)");

print "1..$n\n";
