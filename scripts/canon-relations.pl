#!/usr/bin/perl
# Read `subsume prove --format json` on stdin; print what two proving
# modes must agree on: the mutants and their verdicts, equivalences,
# duplicates, classes, the subsumption relation, the Hasse diagram and
# the minimal sets.  Left out: solver statistics, and the witnesses and
# unknown answers, which say how far a mode got rather than what holds
# (a question one mode leaves unknown at its limit is simply absent from
# the relations).  With -u, print one line per unknown answer instead.
use strict;
use warnings;
use JSON::PP;
local $/;
my $unknowns = @ARGV && $ARGV[0] eq '-u';
my $j = JSON::PP->new->canonical;
my $d = $j->decode(<STDIN>);
for my $r (@{ $d->{results} }) {
	if ($unknowns) {
		print "$r->{theory}: $r->{target} ($r->{domain}): $_->{kind} @{$_->{of}}: $_->{reason}\n"
			for @{ $r->{unknown} };
		next;
	}
	delete $r->{$_} for qw(stats witnesses unknown);
}
print $j->pretty->encode($d) unless $unknowns;
