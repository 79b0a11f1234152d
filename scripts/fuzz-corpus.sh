#!/bin/sh
# Regenerate the fuzz seed corpora, tests/fuzz/corpus/NAME/, from the
# shipped files (docs/reliability.md).  Run from the repository root;
# MAJOR_LOGS names a folder of Major mutants.log files (default: the
# project's shared copies, else tests/data/check only).
set -e
out=tests/fuzz/corpus
logs=${MAJOR_LOGS:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data/major-logs}
rm -rf "$out"
for h in theory expr operator major yaml contracts javasrc kills; do
	mkdir -p "$out/$h"
done

# theory: every shipped theory, the README's example, the test theories
for f in theories/*.yaml docs/example.yaml tests/data/cli/*.yaml \
	tests/data/emit/*.yaml tests/data/bad/*.yaml; do
	[ -f "$f" ] || continue
	[ "$(wc -c <"$f")" -le 8192 ] || continue
	cp "$f" "$out/theory/$(echo "$f" | tr / _)"
done

# expr: every expression of the shipped theories, one per file, and a
# few the theories lack (literals of every kind, nesting, holes)
perl -e '
	my $dir = shift;
	my %seen;
	my $n = 0;
	my @extra = ("0x7fffffff + 1", "0b1010L << 63", "017 % -0", "\x27\\u0041\x27 + c",
		"\x27\\n\x27 == c", "9223372036854775807L + l", "-2147483648", "(a)",
		"p ? a : b", "x = y = a", "x >>>= 31", "++x + x++ - --x - x--",
		"~a ^ b | a & b", "!(p && q) || p == q", "i * j / i % j",
		"y += 200", "(short) s", "s.length() > 0", "{lexp} {op} {rexp}",
		"!({expr})", "((((((((((a))))))))))", "a <= b != p", "2147483648",
		"l >>> 64", "c++ + c--", "i << 2", "");
	while (my $line = <>) {
		next unless $line =~ /\bexpr:\s*(.*?)\s*\}?\s*$/;
		my $e = $1;
		$e =~ s/^"(.*)"$/$1/ or $e =~ s/^\x27(.*)\x27$/$1/;
		$e =~ s/\x27\x27/\x27/g;
		next if $e eq "" || $e eq "|" || $seen{$e}++;
		push @extra, $e;
	}
	for my $e (@extra) {
		open my $f, ">", sprintf("%s/e%03d", $dir, $n++) or die;
		print $f $e;
	}
' "$out/expr" theories/*.yaml docs/example.yaml

# operator: each built-in operator's body on a few target shapes
perl -e '
	my ($dir, $lib) = @ARGV;
	open my $l, "<", $lib or die;
	my (%body, @names, $cur);
	while (<$l>) {
		next if /^\s*#/ || /^operators:/;
		if (/^  (\S+):\s*$/) { $cur = $1; push @names, $cur; next }
		$body{$cur} .= substr($_, 4) if defined $cur && /^    /;
	}
	my @targets = (["int", "a < b", "value"], ["int", "a + b", "value"],
		["boolean", "a && b", "value"], ["int", "-a", "value"],
		["int", "x += y", "value, x"], ["int", "x++", "x"],
		["long", "a << b", "value"], ["byte", "a & b", "value"],
		["boolean", "!a", "value"]);
	my $n = 0;
	for my $op (@names) {
		for my $t (@targets) {
			open my $f, ">", sprintf("%s/%s-%d", $dir, $op, $n++ % 9) or die;
			print $f "$t->[0]\n$t->[1]\n$t->[2]\n$body{$op}";
		}
	}
	open my $f, ">", "$dir/custom" or die;
	print $f "int, short\na < b\nvalue\non: [\"<\", \"<=\"]\nreplace: [\"==\", \"true\"]\n" .
		"delete: [lexp]\ntemplate:\n  - \"!({expr})\"\n  - { expr: \"{rexp} {op} {lexp}\", label: swap }\n";
' "$out/operator" configs/operators.yaml

# major: the Major logs (small ones) and the malformed test log
for f in "$logs"/*.log tests/data/check/*.log; do
	[ -f "$f" ] || continue
	[ "$(wc -c <"$f")" -le 12000 ] || continue
	cp "$f" "$out/major/$(basename "$f")"
done

# yaml: the check batches
for f in tests/data/check/*.yaml; do
	cp "$f" "$out/yaml/$(basename "$f")"
done
cat >"$out/yaml/context.yaml" <<'YAML'
check: { name: ctx }
sites:
  - name: bounds
    vars: { i: int, n: int, xs: "int[]" }
    assume: "n >= 0 && i >= 0"
    expr: "i < n"
    context: "(#) && xs.length > i"
    mutants:
      - { id: 1, expr: "i <= n", op: ROR }
      - { id: 2, expr: "true", op: ROR }
  - name: call
    expr: "list.size() - 1"
    mutants:
      - { id: 3, expr: "list.size() + 1", op: AOR }
YAML
cat >"$out/yaml/types.yaml" <<'YAML'
sites:
  - vars: { b: byte, s: short, c: char, l: long, z: boolean }
    expr: "z ? b + s : c * l"
    mutants:
      - { id: a, expr: "z ? b - s : c * l" }
      - { id: b, expr: "!z ? b + s : c * l" }
YAML

# javasrc: the written Java subjects of tests/check-source.t, a file
# with comments inside expressions, a broken one, a binary one
cp tests/data/check-source/src/*.java "$out/javasrc/"
printf 'class A {\n  int m(int x) {\n    if (x > 0 && /* c */ x < 9) return x %% 2;\n    while (x-- > 0) { x += 2; }\n    return (x);\n  }\n}\n' \
	>"$out/javasrc/comments.java"
printf 'class B { int f(int y) { if (y < return y +; } }\n' >"$out/javasrc/broken.java"
printf '\377\376 class C {}' >"$out/javasrc/binary.java"

# contracts: the built-in file and small variants
cp configs/contracts.yaml "$out/contracts/contracts.yaml"
printf 'contracts:\n  - call: size()\n    assume: value >= 0 && value < 100\n' \
	>"$out/contracts/bounded.yaml"
printf 'contracts:\n  - call: get(...)\n  - call: isEmpty()\n    assume: value == false\n' \
	>"$out/contracts/any.yaml"
printf 'contracts: []\n' >"$out/contracts/empty.yaml"

# kills: the real kill files of tests/data/check-kills, Major's later
# header with UNCOV, CRLF lines, and malformed rows
for f in tests/data/check-kills/*/kill.csv; do
	cp "$f" "$out/kills/$(basename "$(dirname "$f")").csv"
done
printf 'MutantNo,[FAIL | TIME | EXC | LIVE | UNCOV]\n1,UNCOV\n2,EXC\n3,TIME\n' \
	>"$out/kills/uncov.csv"
printf 'MutantNo,[FAIL | TIME | EXC | LIVE]\r\n1,FAIL\r\n2,LIVE\r\n' >"$out/kills/crlf.csv"
printf 'MutantNo,[FAIL | TIME | EXC | LIVE]\n1,FAIL\n1,LIVE\n2,KILL\n' >"$out/kills/bad.csv"
du -sh "$out"
for h in theory expr operator major yaml contracts javasrc kills; do
	echo "$h: $(ls "$out/$h" | wc -l) files"
done
