#!/bin/sh
# report-screenshot.sh [LOGS]: docs/check-report.png, the HTML report of
# `subsume check --format html` on the shipped triangle log with its
# source and the kill results of tests/data/check-kills/triangle (real
# JVM runs), in headless Chromium, with the mutant drawer open on a
# survivor (a page script clicks "next mutant" four times).  Run from
# the repository root after make; the picture is for the docs only.
set -eu
logs=${1:-${MAJOR_LOGS:-../shared/data/major-logs}}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/shot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
./subsume check --no-timing --format html --source "$logs/src/triangle" \
	--kills tests/data/check-kills/triangle/kill.csv \
	"$logs/triangle.mutants.log" > "$tmp/page.html"
cat > "$tmp/next.html" <<'JS'
<script>
setTimeout(function () {
  function walk(n, f) {
    if (n.shadowRoot) walk(n.shadowRoot, f);
    for (const c of n.childNodes) { f(c); if (c.nodeType === 1 || c.nodeType === 11) walk(c, f); }
  }
  let next;
  walk(document.querySelector('mutation-test-report-app'), c => {
    if (c.nodeType === 1 && c.tagName === 'BUTTON' && c.getAttribute('title') === 'Next') next = c;
  });
  for (let i = 0; i < 4; i++) next.click();
}, 1000);
</script>
JS
sed "/<\/body>/e cat $tmp/next.html" "$tmp/page.html" > "$tmp/shot.html"
chromium --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
	--hide-scrollbars --window-size=1280,1100 --virtual-time-budget=5000 \
	--screenshot="$PWD/docs/check-report.png" \
	"file://$tmp/shot.html#mutant/Triangle.java" 2>/dev/null
echo "report-screenshot.sh: docs/check-report.png"
