/*
 * fuzz-elements.c - a mutation-testing-elements report (`subsume check
 * report.json`) through check_elements_load(): the strict JSON reader
 * (base/json.h) and the schema checks; a loaded report is then read by
 * check_read_elements(), with and without --method (the embedded Java
 * sources parsed, every mutant placed at its location or refused, PIT's
 * mutants, which have a description and no replacement, at the
 * candidates of their line, check/pit.h check_pit_place()), and every
 * group through check_group_analyses() and its finishing pass (PIT's
 * candidates made one mutant); nothing proven.
 */
#include "fuzz/fuzz.h"

#include "base/diag.h"
#include "check/mte.h"

static void each_group(void *ctx, struct cgroup *g)
{
	const struct check_opts *opts = ctx;
	check_group_analyses(g, opts);
	for (int i = 0; i < g->nmutants; i++) {
		const struct cmutant *m = &g->mutants[i];
		if (m->site < 0 || m->site >= g->nsites)
			fuzz_fail("mutant %s has no site", m->id);
		if (!m->at || !m->where)
			fuzz_fail("mutant %s lost its place in the report", m->id);
	}
	if (g->finish) /* PIT's mutant: its candidates made one */
		g->finish(g);
	if (g->finish && (g->nmutants != 1 || !g->mutants[0].pit))
		fuzz_fail("PIT's mutant %s left %d mutants", g->mutants[0].id,
			  g->nmutants);
	cgroup_free(g);
}

int fuzz_elements(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write(data, size);
	int errs = diag_errors;
	bool io = false;
	fuzz_enter();
	struct check_elements *e = check_elements_load(path, &io);
	fuzz_leave();
	if (!e && !io && diag_errors == errs)
		fuzz_fail("report rejected without an error message");
	if (!e)
		return 0;
	for (int method = 0; method < 2; method++) {
		struct check_opts opts = { .contracts = fuzz_contracts_builtin(),
					   .method = method };
		long seq = 0;
		fuzz_enter();
		check_read_elements(e, method, each_group, &opts, &seq);
		fuzz_leave();
	}
	check_elements_free(e);
	return 0;
}
