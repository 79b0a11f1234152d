#!/bin/sh
# man.t - docs/subsume.1 is what `subsume man-page` generates from the
# commands' option tables (regenerate with `make man`), it renders
# without warnings, and it documents every command and every option
# that --help lists, the exit codes and the installed files.
. "$(dirname "$0")/lib.sh"


M=docs/subsume.1
"$SUBSUME" man-page >"$tmp/fresh.1"
check $? "subsume man-page runs"
cmp -s "$tmp/fresh.1" $M
check $? "docs/subsume.1 is fresh (else: make man)"
"$SUBSUME" man-page -o "$tmp/o.1" && cmp -s "$tmp/o.1" "$tmp/fresh.1"
check $? "man-page -o FILE writes the same"
"$SUBSUME" --help | grep -q man-page
check $((!$?)) "man-page is hidden from --help"

if command -v groff >/dev/null 2>&1; then
	groff -man -ww -z $M >"$tmp/groff" 2>&1 && [ ! -s "$tmp/groff" ]
	check $? "groff -man -ww: no warnings $(head -3 "$tmp/groff" | tr '\n' ' ')"
	# The text as man shows it: hyphens and options come out plain.
	groff -man -Tutf8 -P-cbou -rLL=200n $M 2>/dev/null | sed 's/‐/-/g; s/−/-/g' >"$tmp/text"
else
	ok "# SKIP groff is not installed"
	sed 's/\\-/-/g; s/\\f[BIRP]//g' $M >"$tmp/text"
fi
if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man -l $M >/dev/null 2>"$tmp/man"
	[ $? = 0 ] && [ ! -s "$tmp/man" ]
	check $? "man -l renders it without warnings $(head -3 "$tmp/man" | tr '\n' ' ')"
else
	ok "# SKIP man is not installed"
fi

# Every command --help lists, with every option its --help lists.
cmds=$("$SUBSUME" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$cmds" ]
check $? "--help lists commands ($(echo $cmds))"
missing=""
for c in $cmds; do
	grep -q "^ *subsume $c " "$tmp/text" || missing="$missing $c"
	# The command's own section: its heading to the next one.
	awk -v c="$c" '/^   subsume [a-z]/ { on = index($0, "   subsume " c " ") == 1 }
		/^[A-Z]/ { on = 0 } on' "$tmp/text" >"$tmp/section"
	"$SUBSUME" help "$c" | sed -n '/^options:/,/^$/p' |
		sed -n 's/^  \(-[^ ]*\( [A-Z][A-Z]*\)\{0,1\}\).*/\1/p' >"$tmp/opts"
	[ -s "$tmp/opts" ] || missing="$missing $c:no-options"
	while read -r o; do
		o=${o%,}
		grep -qF -- "$o" "$tmp/section" || missing="$missing $c:$o"
	done <"$tmp/opts"
done
[ -z "$missing" ]
check $? "every command, and every option of its --help in its section of the manual${missing:+ (missing:$missing)}"
for s in "EXIT STATUS" FILES EXAMPLES; do
	grep -q "^$s" "$tmp/text"
	check $? "a section $s"
done
for code in 0 1 2 3 4 5 6; do
	sed -n '/^EXIT STATUS/,/^[A-Z]/p' "$tmp/text" | grep -Eq "^ +$code( |$)"
	check $? "exit status $code documented"
done
grep -q "share/subsume/operators.yaml" "$tmp/text" &&
	grep -q "share/subsume/contracts.yaml" "$tmp/text" &&
	grep -qi "built-in" "$tmp/text"
check $? "FILES names the installed built-in configuration"

finish
