#!/usr/bin/perl
# layers.t - the stage folders of prover/ include only downwards
# (README: Development).  Stages, lowest first:
#
#     base, lang, sem, model, prove, {check, emit}, cmd
#
# check and emit are siblings: neither includes the other.  Every
# project include names its folder ("base/util.h").  Only prover/sem/
# includes <z3.h>, only prover/emit/dot.c includes Graphviz, only
# prover/base/ytree.c includes libyaml's <yaml.h>, only
# prover/lang/javasrc*.[ch], csrc*.[ch] and mwalk*.[ch] (the method
# front ends' statement walker) include tree-sitter's <tree_sitter/api.h>.
#
# Program text is read by lang/ (issue 28: nothing above lang/ tokenizes
# Java or C).  What still does is named and may not spread: the lexer of
# a check site's program text is lang/srctext.h's (src_ident_start(),
# src_skip_quoted(), src_scan_chain(), src_type_end() ...), included and
# used above lang/ only by the two text scanners still to be replaced
# (check/javatext.c, javaobj.c); a new use above lang/ fails, naming the
# file and the function.  refs.c and site-read.c ask their questions of
# a text's syntax tree (lang/javasrc.h's jtext_assigns(),
# jtext_is_return(), jtext_literal_equals()): neither includes
# lang/srctext.h again.  None of the old names (check/site.h's
# site_ident_start() ...) is defined above lang/ again, and javatext.c,
# javaobj.c and refs.c classify characters themselves (<ctype.h>'s
# is...()) at most 5 times (21 before the lexer moved into lang/, 8
# before refs.c's scans became syntax-tree queries, 6 before chain_value()
# squeezed with src_squeeze(); refs.c's one call
# reads an opaque value's name, `$1`): a new scan of program text in
# check/ goes to lang/.
#
# Every include of every file is checked; each file is one test, and
# each include that breaks a rule is a failing test of its own, naming
# the file, the include and the rule.
use strict;
use warnings;

chdir(($0 =~ m{^(.*)/} ? $1 : ".") . "/..") or die;

my %rank = (base => 0, lang => 1, sem => 2, model => 3, prove => 4,
	    check => 5, emit => 5, cmd => 6);
my $n = 0;
my $failed = 0;
sub result {
	my ($ok, $name) = @_;
	$n++;
	$failed++ unless $ok;
	print(($ok ? "" : "not "), "ok $n - $name\n");
}

my @files = sort(glob("prover/*/*.c"), glob("prover/*/*.h"));
result(@files > 20, "found the sources (" . scalar(@files) . " files)");

my (@z3, @gv, @yaml, @ts);
for my $f (@files) {
	my ($dir) = $f =~ m{^prover/([^/]+)/};
	if (!exists $rank{$dir}) {
		result(0, "$f: prover/$dir/ is not a known stage folder");
		next;
	}
	open(my $fh, "<", $f) or die "$f: $!";
	my @bad;
	while (my $line = <$fh>) {
		if ($line =~ /^\s*#\s*include\s*<([^>]+)>/) {
			my $h = $1;
			push @z3, $f if $h =~ /^z3(_\w+)?\.h$/;
			push @gv, $f if $h =~ m{^(graphviz/)?(cgraph|gvc|cdt)\.h$};
			push @yaml, $f if $h eq "yaml.h";
			push @ts, $f if $h =~ m{^tree_sitter/};
			next;
		}
		next unless $line =~ /^\s*#\s*include\s*"([^"]+)"/;
		my $h = $1;
		my ($to) = $h =~ m{^([^/]+)/[^/]+$};
		if (!defined $to) {
			push @bad, [$h, "an include must name its folder"];
		} elsif (!exists $rank{$to}) {
			push @bad, [$h, "'$to' is not a stage folder"];
		} elsif (!-f "prover/$h") {
			push @bad, [$h, "no such file prover/$h"];
		} elsif ($to ne $dir && $rank{$to} > $rank{$dir}) {
			push @bad, [$h, "$dir is below $to"];
		} elsif ($to ne $dir && $rank{$to} == $rank{$dir}) {
			push @bad, [$h, "$dir and $to are siblings"];
		}
	}
	close($fh);
	if (!@bad) {
		result(1, "$f includes only its own or lower stages");
		next;
	}
	for my $b (@bad) {
		my ($h, $why) = @$b;
		result(0, "$f includes \"$h\": $why");
	}
}

my @z3bad = grep { !m{^prover/sem/} } @z3;
result(@z3 && !@z3bad, "only prover/sem/ includes <z3.h>" .
       (@z3bad ? " (also: @z3bad)" : ""));
my @gvbad = grep { $_ ne "prover/emit/dot.c" } @gv;
result(@gv && !@gvbad, "only prover/emit/dot.c includes Graphviz" .
       (@gvbad ? " (also: @gvbad)" : ""));
my @ybad = grep { $_ ne "prover/base/ytree.c" } @yaml;
result(@yaml && !@ybad, "only prover/base/ytree.c includes <yaml.h>" .
       (@ybad ? " (also: @ybad)" : ""));

my @tsbad = grep { !m{^prover/lang/(javasrc|csrc|mwalk)[^/]*\.[ch]$} } @ts;
result(@ts && !@tsbad, "only prover/lang/javasrc*.[ch], csrc*.[ch] and mwalk*.[ch] include <tree_sitter/...>" .
       (@tsbad ? " (also: @tsbad)" : ""));

my @lexer = qw(src_ident_start src_ident_char src_ident_end src_skip_blanks
		src_skip_quoted src_skip_group src_scan_chain src_type_end
		src_squeeze src_word_is);
my %lexer_ok = map { ("prover/check/$_.c" => 1) }
	qw(javatext javaobj);
my $lexer_re = join("|", @lexer);
my @lexbad;
for my $f (grep { m{\.c$} && !m{^prover/(base|lang)/} } @files) {
	next if $lexer_ok{$f};
	open(my $fh, "<", $f) or die "$f: $!";
	while (my $line = <$fh>) {
		push @lexbad, "$f:$.: $1" if $line =~ /\b($lexer_re)\s*\(/;
		push @lexbad, "$f:$.: includes lang/srctext.h"
			if $line =~ m{^\s*#\s*include\s*"lang/srctext\.h"};
	}
	close($fh);
}
my @lexused = grep {
	my $f = $_;
	open(my $fh, "<", $f) or die "$f: $!";
	my $hit = grep { /\b($lexer_re)\s*\(/ } <$fh>;
	close($fh);
	$hit;
} sort keys %lexer_ok;
result(@lexused && !@lexbad, "program text is tokenized above lang/ only by " .
       "the named text scanners (@lexused)" .
       (@lexbad ? "; also: @lexbad" : ""));

my @old = qw(site_ident_start site_ident_char site_skip_quoted
	     site_skip_group site_scan_chain);
my $old_re = join("|", @old);
my (@olddef, $ctype);
for my $f (grep { !m{^prover/(base|lang)/} } @files) {
	open(my $fh, "<", $f) or die "$f: $!";
	my $scanner = $f =~ m{^prover/check/(javatext|javaobj|refs)\.c$};
	while (my $line = <$fh>) {
		push @olddef, "$f:$.: $1" if $line =~ /\b($old_re)\s*\(/;
		$ctype += () = $line =~ /\bis(?:alpha|alnum|digit|xdigit|space|upper|lower|punct)\s*\(/g
			if $scanner;
	}
	close($fh);
}
result(!@olddef, "the site lexer's old names are gone above lang/" .
       (@olddef ? " (@olddef)" : ""));
result($ctype <= 5, "check/javatext.c, javaobj.c and refs.c classify " .
       "characters themselves at most 5 times ($ctype): their lexer is " .
       "lang/srctext.h");

print "1..$n\n";
exit($failed ? 1 : 0);
