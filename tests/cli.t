#!/bin/sh
# cli.t - the command line: exit codes (0 proven, 1 unknown, 2 usage,
# 3 invalid theory, 5 unreadable or unwritable file), --help and
# --version, the JSON schema (checked with perl's core JSON::PP), -j N
# output identical to -j 1, and --naive relations identical to the
# default mode.
. "$(dirname "$0")/lib.sh"
D=tests/data/cli


# exit_is CODE NAME ARGS...: run the tool, check its exit code.
exit_is() {
	want=$1 name=$2
	shift 2
	"$SUBSUME" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check $([ $rc = "$want" ]; echo $?) "$name: exit $want (got $rc)"
}

# ---- 0: everything proven ----
exit_is 0 "a valid theory" prove $D/mix.yaml
check $(grep -q '^theory mix' "$tmp/out"; echo $?) "text output names the theory"
check $([ ! -s "$tmp/err" ]; echo $?) "nothing on stderr"
exit_is 1 "a folder (its unknown.yaml has unknown answers)" prove --no-timing $D
check $(grep -c '^theory ' "$tmp/out" | grep -qx 3; echo $?) \
	"a folder: all three theories"
check $(grep '^theory ' "$tmp/out" | cut -d' ' -f2 | tr '\n' ' ' |
	grep -qx 'mix ror-test unknown '; echo $?) "a folder: in name order"
exit_is 0 "-o FILE" prove -o "$tmp/o.txt" $D/mix.yaml
check $([ ! -s "$tmp/out" ] && [ -s "$tmp/o.txt" ]; echo $?) \
	"-o FILE: the output goes to the file, nothing to stdout"
"$SUBSUME" prove --no-timing -o "$tmp/o.txt" $D/mix.yaml
"$SUBSUME" prove --no-timing $D/mix.yaml >"$tmp/stdout.txt"
check $(cmp -s "$tmp/o.txt" "$tmp/stdout.txt"; echo $?) \
	"-o FILE holds exactly the stdout output"

# ---- 1: some answers unknown ----
# Every input of the domain in unknown.yaml leaves int64, so no witness
# can be confirmed: deterministic unknowns.
exit_is 1 "witnesses beyond 64 bits" prove $D/unknown.yaml
check $(grep -q 'unknown equivalence of AORB(-): the witness does not fit in 64 bits' "$tmp/out"; echo $?) \
	"the unknown answer is reported with its reason"
exit_is 1 "unknown also with --format json" prove --format json $D/unknown.yaml
perl -MJSON::PP -e '
	local $/; my $j = decode_json(<STDIN>);
	my $r = $j->{results}[0];
	exit !(@{$r->{unknown}} == 4 && @{$r->{minimal}} == 4 &&
	       !grep { $_->{reason} !~ /64 bits/ } @{$r->{unknown}});
' <"$tmp/out"
check $? "JSON lists the four unknown answers; unknown mutants are kept"
# A timeout is not deterministic: a nonlinear query with --timeout 1 may
# or may not be decided in a millisecond.  Only the set of exit codes is
# checked.
cat >"$tmp/hard.yaml" <<'EOF'
targets:
  - expr: a * b * a
    domains: long
    operators: [AORB]
EOF
"$SUBSUME" prove --timeout 1 "$tmp/hard.yaml" >"$tmp/out" 2>&1
rc=$?
check $([ $rc = 0 ] || [ $rc = 1 ]; echo $?) \
	"--timeout 1 on a nonlinear target: exit 0 or 1 (got $rc)"
if [ $rc = 1 ]; then
	check $(grep -q 'timeout' "$tmp/out"; echo $?) "a timeout says so"
else
	ok "# SKIP the solver was faster than 1 ms"
fi

# The clock is kept by one watchdog thread (sem/watchdog.h), not by Z3's
# timeout parameter.  Whether / subsumes % as mutants of a C int a * b
# is a query no solver answers (docs/c.md: no answer from Z3 in 400 s):
# with no resource limit, --timeout 1500 must stop it, twice at once
# under -j 2, and say so.
cat >"$tmp/mul1.yaml" <<'EOF'
language: c
targets:
  - expr: a * b
    domains: int
    operators: [AORB]
EOF
cp "$tmp/mul1.yaml" "$tmp/mul2.yaml"
timeout 120 "$SUBSUME" prove -j 2 --rlimit 0 --timeout 1500 --no-timing \
	"$tmp/mul1.yaml" "$tmp/mul2.yaml" >"$tmp/out" 2>&1
rc=$?
check $([ $rc = 1 ]; echo $?) \
	"--rlimit 0 --timeout 1500, -j 2: both hard queries stopped, exit 1 (got $rc)"
check $([ "$(grep -c 'AORB(%): timeout (1500 ms)' "$tmp/out")" = 2 ]; echo $?) \
	"each stopped query says: timeout (1500 ms)"

# ---- 2: usage ----
exit_is 2 "no arguments"
check $(grep -q '^usage: subsume' "$tmp/err"; echo $?) "no arguments: usage on stderr"
exit_is 2 "prove without files" prove
check $(grep -q 'no theory files given' "$tmp/err"; echo $?) "prove without files: says so"
exit_is 2 "unknown option" prove --frobnicate $D/mix.yaml
check $(grep -q "unknown option '--frobnicate'" "$tmp/err"; echo $?) "unknown option: named"
exit_is 2 "unknown format" prove --format xml $D/mix.yaml
exit_is 2 "--format without a value" prove --format
exit_is 2 "bad --timeout" prove --timeout soon $D/mix.yaml
exit_is 2 "negative --timeout" prove --timeout -5 $D/mix.yaml
exit_is 2 "-j 0" prove -j 0 $D/mix.yaml
exit_is 2 "-j x" prove -j x $D/mix.yaml
exit_is 2 "-j 100000" prove -j 100000 $D/mix.yaml
exit_is 2 "-o without a value" prove -o
exit_is 2 "unknown command" frobnicate
exit_is 2 "misspelt command" prov $D/mix.yaml
check $(grep -q "did you mean 'prove'" "$tmp/err"; echo $?) "misspelt command: suggestion"
exit_is 2 "help for an unknown command" help frobnicate

# ---- 3: invalid theory ----
exit_is 3 "a type error" prove tests/data/bad/type-error.yaml
exit_is 3 "a folder without theories" prove tests/data/bad/../../../prover
mkdir "$tmp/none"
exit_is 3 "an empty folder" prove "$tmp/none"

# ---- 5: files that cannot be read or written ----
exit_is 5 "a missing file" prove "$tmp/missing.yaml"
check $(grep -q "cannot read '$tmp/missing.yaml'" "$tmp/err"; echo $?) "a missing file: named"
exit_is 5 "a missing file after a good one" prove $D/mix.yaml "$tmp/missing.yaml"
check $([ ! -s "$tmp/out" ]; echo $?) "a missing file: no output"
exit_is 5 "-o into a missing folder" prove -o "$tmp/no/such/dir/out.json" $D/mix.yaml
check $([ ! -e "$tmp/no" ]; echo $?) "-o into a missing folder: nothing created"
mkdir -p "$tmp/dir/sub.yaml"
cp $D/mix.yaml "$tmp/dir/a.yaml"
"$SUBSUME" prove "$tmp/dir" >/dev/null 2>&1
rc=$?
check $([ $rc = 5 ]; echo $?) "a *.yaml that cannot be read (a folder): exit 5 (got $rc)"

# ---- --help and --version ----
exit_is 0 "--help" --help
check $(grep -q '^usage: subsume <command>' "$tmp/out" && [ ! -s "$tmp/err" ]; echo $?) \
	"--help: usage on stdout"
exit_is 0 "-h" -h
exit_is 0 "help" help
exit_is 0 "prove --help" prove --help
check $(grep -q '^usage: subsume prove' "$tmp/out" &&
	grep -q 'exit status' "$tmp/out"; echo $?) "prove --help: the prove usage with exit codes"
exit_is 0 "prove -h with other arguments" prove -h --frobnicate
exit_is 0 "help prove" help prove
check $(grep -q '^usage: subsume prove' "$tmp/out"; echo $?) "help prove: the prove usage"
exit_is 0 "--version" --version
check $(grep -Eq '^subsume [0-9]+\.[0-9]+\.[0-9]+ \(Z3 [0-9]+\.[0-9]+\.[0-9]+\)$' "$tmp/out"; echo $?) \
	"--version: subsume X.Y.Z (Z3 X.Y.Z)"
version=$(sed -n 's/^subsume \([^ ]*\) (Z3 \([^)]*\))$/\1 \2/p' "$tmp/out")

# ---- JSON ----
exit_is 0 "--format json" prove --format json $D/mix.yaml $D/ror.yaml
cp "$tmp/out" "$tmp/full.json"
perl -MJSON::PP -e '
	my ($version, $z3) = split / /, $ARGV[0];
	local $/; my $text = <STDIN>;
	my $j = eval { decode_json($text) };
	sub t { my ($c, $name) = @_; print(($c ? "" : "not "), "ok - $name\n"); }
	t(ref $j eq "HASH", "JSON: one object");
	exit 0 unless ref $j eq "HASH";
	t($j->{tool} eq "subsume", "JSON: tool");
	t($j->{version} eq $version, "JSON: version matches --version");
	t($j->{z3} eq $z3, "JSON: z3 matches --version");
	my @r = @{$j->{results} || []};
	t(@r == 6 + 7, "JSON: one result per target and domain (" . @r . ")");
	my $bad = "";
	my %files;
	for my $r (@r) {
		$files{$r->{file}}++;
		for my $k (qw(theory file target expr domain)) {
			$bad .= "$k is not a string; " if ref $r->{$k} || !defined $r->{$k};
		}
		for my $k (qw(mutants equivalent duplicates classes subsumes hasse minimal unknown witnesses)) {
			$bad .= "$k is not a list; " unless ref $r->{$k} eq "ARRAY";
		}
		my %ids;
		for my $m (@{$r->{mutants}}) {
			$bad .= "mutant keys; " unless defined $m->{id} && !ref $m->{label} &&
				!ref $m->{operator} && !ref $m->{expr} && defined $m->{label};
			$ids{$m->{id}} = $m;
		}
		my @ids = map { $_->{id} } @{$r->{mutants}};
		$bad .= "ids are not 1..n; " unless join(",", @ids) eq join(",", 1 .. @ids);
		for my $m (@{$r->{mutants}}) {
			$bad .= "label $m->{label} does not start with its operator; "
				unless index($m->{label}, $m->{operator}) == 0;
		}
		my $isid = sub { defined $_[0] && !ref $_[0] && exists $ids{$_[0]} };
		for my $id (@{$r->{equivalent}}, @{$r->{minimal}}) {
			$bad .= "unknown id $id; " unless $isid->($id);
		}
		for my $g (@{$r->{duplicates}}) {
			$bad .= "duplicate group of one; " unless @$g >= 2;
			$bad .= "bad duplicate id; " if grep { !$isid->($_) } @$g;
		}
		for my $g (@{$r->{classes}}) {
			$bad .= "bad class; " if !@$g || grep { !$isid->($_) } @$g;
		}
		my %sub;
		for my $p (@{$r->{subsumes}}, @{$r->{hasse}}) {
			$bad .= "bad pair; " unless @$p == 2 && $isid->($p->[0]) && $isid->($p->[1]) && $p->[0] != $p->[1];
		}
		$sub{"$_->[0],$_->[1]"} = 1 for @{$r->{subsumes}};
		for my $p (@{$r->{hasse}}) {
			$bad .= "hasse edge @$p not in subsumes; " unless $sub{"$p->[0],$p->[1]"};
		}
		my %eq = map { $_ => 1 } @{$r->{equivalent}};
		for my $id (@{$r->{minimal}}) {
			$bad .= "equivalent mutant $id is minimal; " if $eq{$id};
		}
		for my $w (@{$r->{witnesses}}) {
			$bad .= "witness keys; " unless $w->{kind} =~ /^(kills|distinct|not-subsumes)$/ &&
				ref $w->{of} eq "ARRAY" && ref $w->{input} eq "HASH" && !ref $w->{text};
			$bad .= "witness ids; " if grep { !$isid->($_) } @{$w->{of} || []};
		}
		# every killable mutant has a kills witness
		my %killw = map { $_->{of}[0] => 1 } grep { $_->{kind} eq "kills" } @{$r->{witnesses}};
		for my $m (@{$r->{mutants}}) {
			next if $eq{$m->{id}};
			$bad .= "no kills witness for $m->{id}; " unless $killw{$m->{id}};
		}
		my $s = $r->{stats};
		$bad .= "stats; " unless ref $s eq "HASH" && $s->{solver_calls} =~ /^\d+$/ &&
			defined $s->{time_ms} && $s->{time_ms} =~ /^[0-9.]+$/;
	}
	t($bad eq "", "JSON: every result has the documented keys and consistent ids ($bad)");
	t(keys %files == 2, "JSON: results of both files");
' "$version" <"$tmp/full.json" >"$tmp/tap"
while read -r line; do
	case $line in
	ok*) ok "${line#ok - }" ;;
	*) not_ok "${line#not ok - }" ;;
	esac
done <"$tmp/tap"
check $([ -s "$tmp/tap" ]; echo $?) "JSON: the checks ran"

"$SUBSUME" prove --format json --no-timing $D/mix.yaml >"$tmp/nt.json"
perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	exit(grep { exists $_->{stats}{time_ms} } @{$j->{results}}) ? 1 : 0' <"$tmp/nt.json"
check $? "--no-timing: no time_ms in stats"

# ---- -j N gives the same output as -j 1 ----
"$SUBSUME" prove --no-timing -j 1 $D/mix.yaml $D/ror.yaml >"$tmp/j1.txt"
"$SUBSUME" prove --no-timing -j 2 $D/mix.yaml $D/ror.yaml >"$tmp/j2.txt"
"$SUBSUME" prove --no-timing -j3 $D/mix.yaml $D/ror.yaml >"$tmp/j3.txt"
check $(cmp -s "$tmp/j1.txt" "$tmp/j2.txt" && cmp -s "$tmp/j1.txt" "$tmp/j3.txt" &&
	[ -s "$tmp/j1.txt" ]; echo $?) "-j 2 and -j3 text output = -j 1"
"$SUBSUME" prove --no-timing --format json -j 1 $D/mix.yaml $D/ror.yaml >"$tmp/j1.json"
"$SUBSUME" prove --no-timing --format json -j 2 $D/mix.yaml $D/ror.yaml >"$tmp/j2.json"
check $(cmp -s "$tmp/j1.json" "$tmp/j2.json" && [ -s "$tmp/j1.json" ]; echo $?) \
	"-j 2 JSON output = -j 1"
"$SUBSUME" prove --no-timing --format json $D/mix.yaml $D/ror.yaml >"$tmp/j1b.json"
check $(cmp -s "$tmp/j1.json" "$tmp/j1b.json"; echo $?) "--no-timing output is reproducible"

# ---- --naive proves the same relations ----
# Solver statistics and the particular witness inputs differ by design;
# everything else (verdicts, relations, classes, minimal sets, the kind
# and subjects of every witness) must be identical.
"$SUBSUME" prove --no-timing --format json $D/mix.yaml >"$tmp/fast.json"
"$SUBSUME" prove --no-timing --format json --naive $D/mix.yaml >"$tmp/naive.json"
rc=$?
check $([ $rc = 0 ]; echo $?) "--naive: exit 0"
canon='local $/; my $j = JSON::PP->new->canonical;
	my $d = $j->decode(<STDIN>);
	for my $r (@{$d->{results}}) {
		delete $r->{stats};
		$r->{witnesses} = [ sort map { "$_->{kind} @{$_->{of}}" } @{$r->{witnesses}} ];
	}
	print $j->pretty->encode($d);'
perl -MJSON::PP -e "$canon" <"$tmp/fast.json" >"$tmp/fast.canon"
perl -MJSON::PP -e "$canon" <"$tmp/naive.json" >"$tmp/naive.canon"
if cmp -s "$tmp/fast.canon" "$tmp/naive.canon" && [ -s "$tmp/fast.canon" ]; then
	ok "--naive: same relations, verdicts and minimal sets as the default"
else
	not_ok "--naive: same relations, verdicts and minimal sets as the default"
	diff "$tmp/fast.canon" "$tmp/naive.canon" | head -20 | sed 's/^/# /'
fi
perl -MJSON::PP -e 'local $/; my $d = decode_json(<STDIN>);
	my $s = 0; $s += $_->{stats}{solver_calls} for @{$d->{results}}; print $s' \
	<"$tmp/fast.json" >"$tmp/calls.fast"
perl -MJSON::PP -e 'local $/; my $d = decode_json(<STDIN>);
	my $s = 0; $s += $_->{stats}{solver_calls} for @{$d->{results}}; print $s' \
	<"$tmp/naive.json" >"$tmp/calls.naive"
check $([ "$(cat "$tmp/calls.fast")" -lt "$(cat "$tmp/calls.naive")" ]; echo $?) \
	"--naive asks the solver more often ($(cat "$tmp/calls.naive") vs $(cat "$tmp/calls.fast"))"

finish
