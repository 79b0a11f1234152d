#!/usr/bin/perl
# diag-window.t - an error on a long source line shows a window of the
# line around the caret (base/diag.c): at most about 100 columns, "..."
# where text is cut, the caret under the offending token, the line
# number gutter kept, and never half of a UTF-8 character.  Short lines
# print whole (tests/errors.t pins them byte for byte).
use strict;
use warnings;
use Encode qw(decode FB_CROAK);
use File::Temp qw(tempdir);

chdir(($0 =~ m{^(.*)/} ? $1 : ".") . "/..") or die;
my $subsume = $ENV{SUBSUME} || "./subsume";
my $tmp = tempdir(CLEANUP => 1);
my $n = 0;
my $failed = 0;
sub ok {
	my ($c, $name) = @_;
	$n++;
	$failed++ unless $c;
	print(($c ? "" : "not "), "ok $n - $name\n");
}

sub write_file {
	my ($name, $text) = @_;
	open(my $fh, ">:raw", "$tmp/$name") or die;
	print $fh $text;
	close($fh);
	return "$tmp/$name";
}

# Run subsume, return (exit code, stderr as bytes).
sub run {
	my @args = @_;
	my $pid = open(my $fh, "-|") // die;
	if (!$pid) {
		open(STDERR, ">&", \*STDOUT);
		open(STDOUT, ">", "/dev/null");
		exec($subsume, @args) or exit 127;
	}
	local $/;
	my $err = <$fh> // "";
	close($fh);
	return ($? >> 8, $err);
}

# The source line and caret line of the first message; checks the
# window's shape and that the caret is under $token.  $where: start,
# middle or end of the line, which says where "..." must be.
sub check_window {
	my ($what, $err, $lineno, $token, $where) = @_;
	my @l = split /\n/, $err;
	my ($src, $car) = @l[1, 2];
	ok(defined $car, "$what: a source line and a caret line");
	return unless defined $car;
	my $s = eval { decode("UTF-8", $src, FB_CROAK) };
	ok(defined $s, "$what: the shown line is valid UTF-8 (no character cut)");
	$s //= decode("UTF-8", $src);
	my $c = decode("UTF-8", $car);
	ok($s =~ /^ *\Q$lineno\E \| / && $c =~ /^      \| /,
	   "$what: line number gutter kept");
	(my $body = $s) =~ s/^ *\d+ \| //;
	(my $cbody = $c) =~ s/^      \| //;
	ok(length($body) <= 110, "$what: at most ~100 columns (" . length($body) . ")");
	my $pre = $body =~ /^\.\.\./ ? 1 : 0;
	my $post = $body =~ /\.\.\.$/ ? 1 : 0;
	my %want = (start => [0, 1], middle => [1, 1], end => [1, 0]);
	ok($pre == $want{$where}[0] && $post == $want{$where}[1],
	   "$what: '...' marks the cut text ($where of the line)");
	my $col = index($cbody, "^");
	ok($cbody =~ /^ *\^$/ && substr($body, $col, length $token) eq $token,
	   "$what: the caret is under '$token'");
	# The message's column names the same byte of the file.
	if ($l[0] =~ /^(.*?):(\d+):(\d+): error:/) {
		my ($file, $line, $bcol) = ($1, $2, $3);
		open(my $fh, "<:encoding(UTF-8)", $file) or die;
		my @fl = <$fh>;
		# Columns count characters, not bytes.
		ok(substr($fl[$line - 1], $bcol - 1, length $token) eq $token,
		   "$what: the message's line:col is '$token' in the file");
	} else {
		ok(0, "$what: the message has line:col");
	}
}

# A theory whose long expression has a lexical error at term $pos of
# $terms; the '@' is the offending token.
sub long_expr {
	my ($terms, $pos) = @_;
	my @t = ("a") x $terms;
	$t[$pos] = "(a @ b)";
	return "targets:\n  - expr: \"" . join(" + ", @t) .
	       "\"\n    domains: int\n    operators: [AORB]\n";
}

my ($rc, $err);
for my $case ([3, "start"], [60, "middle"], [117, "end"]) {
	my ($pos, $where) = @$case;
	my $f = write_file("long-$where.yaml", long_expr(120, $pos));
	($rc, $err) = run("prove", $f);
	ok($rc == 3, "error near the $where of a 600-byte line: exit 3");
	check_window("prove, $where", $err, 2, "@", $where);
}

# Multi-byte characters before and after the error, on the cut points:
# a free-text name in a flow mapping on the same line as the bad
# expression.  Every offset of the error moves the cut through the
# two-byte characters.
my $bad = 0;
for my $k (0 .. 5) {
	my $name = ("\x{e9}t\x{e9} " x 20) . ("x" x $k);
	my $tail = "\x{2192}" x 60;
	my $text = "targets:\n  - { name: \"$name\", expr: \"a @ b\", " .
		   "domains: int, operators: [AORB], description: \"$tail\" }\n";
	utf8::encode($text);
	my $f = write_file("utf8-$k.yaml", $text);
	($rc, $err) = run("prove", $f);
	my @l = split /\n/, $err;
	my $s = defined $l[1] ? eval { decode("UTF-8", $l[1], FB_CROAK) } : undef;
	$bad++ unless $rc == 3 && defined $s && $s =~ /\.\.\.$/;
	check_window("UTF-8 line, shift $k", $err, 2, "@", "middle") if $k == 5;
}
ok(!$bad, "UTF-8: no shift of the window cuts a character");

# The same printer serves every command: a contracts file for `check`.
my $long = join(", ", map { "{ call: m$_(), assume: value >= $_ }" } 1 .. 12);
my $cf = write_file("contracts.yaml",
		    "contracts: [ $long, { call: z(), zork: 1 }, $long ]\n");
my $batch = write_file("batch.yaml", "sites:\n  - expr: \"a\"\n    vars: { a: int }\n" .
			"    mutants: [ { id: M1, expr: \"-a\" } ]\n");
($rc, $err) = run("check", "--contracts", $cf, $batch);
ok($rc == 3, "check with a bad contracts file: exit 3");
check_window("check --contracts", $err, 1, "zork", "middle");

# A malformed line of a Major log is shown by the same printer (the
# caret at column 1: its first field has no ':'), cut at ~100 columns,
# never inside a character: every shift moves a two-byte character
# across the cut.
$bad = 0;
for my $k (0 .. 3) {
	my $line = ("x" x $k) . ("\x{e9}" x 80) . "\n";
	utf8::encode($line);
	my $log = write_file("m$k.log", $line);
	($rc, $err) = run("check", $log);
	my @m = split /\n/, $err;
	my $s = defined $m[1] ? eval { decode("UTF-8", $m[1], FB_CROAK) } : undef;
	$bad++ unless $rc == 3 && defined $s && $s =~ /^    1 \| x*\x{e9}+\.\.\.$/ &&
		      length($s) <= 8 + 103;
}
ok(!$bad, "a long malformed Major log line: cut at a character, '...' after it");

# A short line is shown whole, the caret under the token.
my $f = write_file("short.yaml", long_expr(4, 1));
($rc, $err) = run("prove", $f);
my @l = split /\n/, $err;
ok(defined $l[1] && $l[1] eq "    2 |   - expr: \"a + (a @ b) + a + a\"" &&
   $l[2] eq "      | " . (" " x 18) . "^", "a short line prints whole");

print "1..$n\n";
exit($failed ? 1 : 0);
