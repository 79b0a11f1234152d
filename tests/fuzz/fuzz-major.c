/*
 * fuzz-major.c - a Major mutants.log through check_read_major() and,
 * for every group it emits, check_group_analyses(): sites, opaque
 * calls, type inference, contracts, mutants admitted; nothing proven.
 */
#include "fuzz/fuzz.h"

#include <string.h>

static void each_group(void *ctx, struct cgroup *g)
{
	const struct check_opts *opts = ctx;
	check_group_analyses(g, opts);
	for (int i = 0; i < g->nmutants; i++)
		if (g->mutants[i].site < 0 || g->mutants[i].site >= g->nsites)
			fuzz_fail("mutant %s has no site", g->mutants[i].id);
	cgroup_free(g);
}

/* Read a Major log held in memory, as `subsume check` reads a file. */
static long fuzz_read_major(const uint8_t *data, size_t size, const char *name)
{
	struct check_opts opts = { .contracts = fuzz_contracts_builtin() };
	FILE *f = size ? fmemopen((void *)data, size, "r")
		       : fopen(fuzz_write(data, size), "r");
	if (!f) {
		perror("fmemopen");
		abort();
	}
	long seq = 0;
	fuzz_enter();
	long bad = check_read_major(f, name, each_group, &opts, &seq);
	fuzz_leave();
	fclose(f);
	return bad;
}

int fuzz_major(const uint8_t *data, size_t size)
{
	if (fuzz_read_major(data, size, "mutants.log") < 0)
		fuzz_fail("a log in memory cannot be read");
	return 0;
}
