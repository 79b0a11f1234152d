#!/usr/bin/perl
# Read `subsume prove --format json` on stdin; print what two proving
# modes must agree on: everything but solver statistics and the
# particular witness inputs (a witness's kind and subjects stay).
use strict;
use warnings;
use JSON::PP;
local $/;
my $j = JSON::PP->new->canonical;
my $d = $j->decode(<STDIN>);
for my $r (@{ $d->{results} }) {
	delete $r->{stats};
	$r->{witnesses} = [ sort map { "$_->{kind} @{$_->{of}}" } @{ $r->{witnesses} } ];
}
print $j->pretty->encode($d);
