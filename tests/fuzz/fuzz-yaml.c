/*
 * fuzz-yaml.c - a YAML check batch through check_read_yaml() and, for
 * every site it emits, check_group_analyses(); nothing proven.  Each
 * error is counted and has a message.
 */
#include "fuzz/fuzz.h"

#include "base/diag.h"

static void each_group(void *ctx, struct cgroup *g)
{
	check_group_analyses(g, ctx);
	cgroup_free(g);
}

int fuzz_yaml(const uint8_t *data, size_t size)
{
	struct check_opts opts = { .contracts = fuzz_contracts_builtin() };
	const char *path = fuzz_write(data, size);
	long seq = 0;
	int errs = diag_errors;
	fuzz_enter();
	long bad = check_read_yaml(path, each_group, &opts, &seq);
	fuzz_leave();
	if (bad < 0)
		fuzz_fail("the scratch file cannot be read");
	if (bad > 0 && diag_errors == errs)
		fuzz_fail("%ld errors counted, none printed", bad);
	return 0;
}
