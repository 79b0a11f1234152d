#!/bin/sh
# The sharding documentation: docs/shards-workflow.yml is valid YAML (a
# GitHub Actions workflow whose check job's matrix runs shards 1..SHARDS
# with --shard and whose merge job merges them), and the README's
# workflow excerpt parses too.
cd "$(dirname "$0")/.." || exit 1
n=0; fail=0
ok() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if ! python3 -c 'import yaml' 2>/dev/null; then
	echo "1..0 # SKIP python3 without the yaml module"; exit 0
fi
echo "1..3"
python3 - <<'PY'
import sys, yaml
d = yaml.safe_load(open('docs/shards-workflow.yml'))
n = int(d['env']['SHARDS'])
check, merge = d['jobs']['check'], d['jobs']['merge']
assert check['strategy']['matrix']['shard'] == list(range(1, n + 1))
runs = ' '.join(s.get('run', '') for s in check['steps'])
assert '--shard ${{ matrix.shard }}/${{ env.SHARDS }}' in runs, runs
assert '--format json' in runs
assert merge['needs'] == 'check'
assert any('subsume merge' in s.get('run', '') for s in merge['steps'])
PY
ok $? "docs/shards-workflow.yml: valid YAML, a matrix of shards 1..SHARDS and a merge job"
python3 - <<'PY'
import re, yaml
t = open('README.md').read()
i = t.index('### Progress, and more than one machine')
blocks = re.findall(r'```yaml\n(.*?)```', t[i:i + 6000], re.S)
d = yaml.safe_load(blocks[0])
assert d['jobs']['check']['strategy']['matrix']['shard'] == [1, 2, 3, 4]
PY
ok $? "README.md: the workflow excerpt is valid YAML with a shard matrix"
grep -q -- '--shard' docs/check.md && grep -q 'subsume merge' docs/check.md &&
	grep -q -- '--progress' docs/check.md
ok $? "docs/check.md documents --shard, merge and --progress"
exit $fail
