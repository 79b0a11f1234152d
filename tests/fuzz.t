#!/bin/sh
# fuzz.t - the tool on many deterministically mutated and truncated
# theory files: it must never crash or hang.  Every run ends with a
# documented exit code (0, 1 or 3 here), never a signal, within a time
# limit; a rejected file gets an "error:" line and produces no output.
. "$(dirname "$0")/lib.sh"
N=${FUZZ_FILES:-120}

cat >"$tmp/seed1.yaml" <<'EOF'
theory: fuzz
domains:
  pos: { type: byte, assume: value > 0 }
  two:
    vars: { a: pos, b: byte }
operators:
  SWAP:
    template:
      - { expr: "{rexp} {op} {lexp}", label: swap }
targets:
  - expr: a < b
    domains: [byte, two]
    operators: [ROR, SWAP, COI]
  - expr: a && b
    domains: boolean
    operators: [COR, ODL]
    mutants:
      - { label: "EQ", expr: "a == b" }
  - expr: x += y
    domains: byte
    observe: [value, x]
    operators: [ASRS, SDL]
EOF
cat >"$tmp/seed2.yaml" <<'EOF'
targets:
  - expr: "a >> b"
    domains: [char, byte]
    operators: [SOR, LOR]
  - expr: |
      -a
    domains: short
    operators: [AODU, LOI]
EOF

# Deterministic mutants of the seeds: truncations, deletions, inserted
# YAML and Java syntax, flipped bytes, repeated lines.
perl -e '
	my ($dir, $n) = @ARGV;
	my @seeds = map { local $/; open my $f, "<", "$dir/seed$_.yaml" or die; scalar <$f> } 1, 2;
	my @ins = ("[", "]", "{", "}", ":", "- ", "&a ", "*a", "\n", "  ", "\x27",
		"\"", "#", "|", ">", "\t", "?", "!", "\\", "---\n", "\xc3\xa9",
		"\xff", "\0", "(", ")", "++", "2147483648", "value", "targets",
		"expr", "observe", "[" x 80, "(" x 300);
	my $s = 12345;
	sub r { $s = ($s * 1103515245 + 12345) % 2147483648; return int($s / 65536) % $_[0]; }
	for my $i (1 .. $n) {
		my $t = $seeds[$i % 2];
		for (0 .. r(2)) {
			my $at = r(length($t) + 1);
			my $k = r(6);
			if ($k == 0) { $t = substr($t, 0, $at) }
			elsif ($k == 1) { substr($t, $at, 1 + r(6)) = "" }
			elsif ($k == 2 || $k == 3) { substr($t, $at, 0) = $ins[r(scalar @ins)] }
			elsif ($k == 4) { substr($t, $at, 1) = chr(1 + r(255)) if $at < length $t }
			else { my @l = split /\n/, $t, -1; my $j = r(scalar @l); splice @l, $j, 0, $l[$j]; $t = join "\n", @l }
		}
		open my $f, ">", sprintf("%s/f%03d.yaml", $dir, $i) or die;
		binmode $f;
		print $f $t;
	}
' "$tmp" "$N"


crashes=0 hangs=0 silent=0 partial=0 runs=0 accepted=0 rejected=0
for f in "$tmp"/seed*.yaml "$tmp"/f*.yaml; do
	runs=$((runs + 1))
	rm -f "$tmp/out.json"
	timeout 60 "$SUBSUME" prove --timeout 2000 --format json \
		-o "$tmp/out.json" "$f" >/dev/null 2>"$tmp/err"
	rc=$?
	case $rc in
	0 | 1)
		accepted=$((accepted + 1))
		if ! perl -MJSON::PP -e 'local $/; decode_json(<STDIN>)' \
			<"$tmp/out.json" 2>/dev/null; then
			echo "# $(basename "$f"): exit $rc without valid JSON"
			partial=$((partial + 1))
		fi
		;;
	3)
		rejected=$((rejected + 1))
		grep -q ': error: ' "$tmp/err" || {
			echo "# $(basename "$f"): exit 3 without an error line"
			silent=$((silent + 1))
		}
		[ -e "$tmp/out.json" ] && {
			echo "# $(basename "$f"): output written for a bad file"
			partial=$((partial + 1))
		}
		;;
	124)
		echo "# $(basename "$f"): did not finish in 60 s"
		hangs=$((hangs + 1))
		;;
	*)
		echo "# $(basename "$f"): exit $rc"
		sed 's/^/#   /' "$tmp/err" | head -5
		cp "$f" "${TMPDIR:-/tmp}/subsume-fuzz-$(basename "$f")" 2>/dev/null
		crashes=$((crashes + 1))
		;;
	esac
done
[ $crashes = 0 ] && ok "no crash or undocumented exit code in $runs runs" ||
	not_ok "no crash or undocumented exit code in $runs runs ($crashes)"
[ $hangs = 0 ] && ok "no run hangs" || not_ok "no run hangs ($hangs)"
[ $silent = 0 ] && ok "every rejected file has an error line ($rejected rejected)" ||
	not_ok "every rejected file has an error line ($silent silent)"
[ $partial = 0 ] && ok "output only for accepted files, and valid JSON ($accepted accepted)" ||
	not_ok "output only for accepted files, and valid JSON ($partial wrong)"
[ $accepted -ge 3 ] && [ $rejected -ge $((runs / 4)) ] &&
	ok "the mutations give both valid and invalid theories" ||
	not_ok "the mutations give both valid and invalid theories"

finish
