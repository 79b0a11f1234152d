/*
 * fuzz-dredd.c - dredd's mutation-info file (`subsume check
 * info.json`, check/dredd.h) through check_dredd_from_text(): the
 * strict JSON reader, dredd's message checked member by member, each
 * action's replacement written from its source range, the report it
 * makes loaded (check/mte.h); then check_read_elements() with and
 * without --method and every group through check_group_analyses();
 * nothing proven.  The sources it names are read only from a scratch
 * folder that holds one C file, calc.c (so a fuzzed name reads nothing
 * else of the machine).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz/fuzz.h"

#include "base/diag.h"
#include "check/dredd.h"
#include "check/mte.h"

/* The C file the corpus's mutants are in (tests/data/dredd/calc.c). */
static const char calc_c[] =
	"int clamp(int x, int lo)\n{\n  if (x < lo)\n    return lo;\n"
	"  return x + 0;\n}\n\nunsigned nonneg(unsigned u)\n{\n"
	"  return u >= 0;\n}\n";

static char dir[256];

static void each_group(void *ctx, struct cgroup *g)
{
	const struct check_opts *opts = ctx;
	check_group_analyses(g, opts);
	for (int i = 0; i < g->nmutants; i++) {
		const struct cmutant *m = &g->mutants[i];
		if (m->site < 0 || m->site >= g->nsites)
			fuzz_fail("mutant %s has no site", m->id);
		if (!m->at || !m->where)
			fuzz_fail("mutant %s lost its place", m->id);
	}
	cgroup_free(g);
}

static void make_dir(void)
{
	const char *t = getenv("TMPDIR");
	snprintf(dir, sizeof(dir), "%s/subsume-fuzz-dredd-%ld",
		 t && *t ? t : "/tmp", (long)getpid());
	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		perror(dir);
		abort();
	}
	char path[300];
	snprintf(path, sizeof(path), "%s/calc.c", dir);
	FILE *f = fopen(path, "w");
	if (!f || fputs(calc_c, f) < 0 || fclose(f) != 0) {
		perror(path);
		abort();
	}
}

int fuzz_dredd(const uint8_t *data, size_t size)
{
	if (!dir[0]) /* after AFL's fork: one folder per process */
		make_dir();
	int errs = diag_errors;
	bool io = false;
	fuzz_enter();
	struct check_elements *e = check_dredd_from_text(
		"info.json", (const char *)data, size, dir, true, &io);
	fuzz_leave();
	if (!e && diag_errors == errs)
		fuzz_fail("dredd info rejected without an error message");
	if (io)
		fuzz_fail("text reported as unreadable");
	if (!e)
		return 0;
	for (int method = 0; method < 2; method++) {
		struct check_opts opts = { .contracts = fuzz_contracts_builtin(),
					   .method = method };
		long seq = 0;
		fuzz_enter();
		long bad = check_read_elements(e, method, each_group, &opts,
					       &seq);
		fuzz_leave();
		if (bad > 0 && diag_errors == errs)
			fuzz_fail("%ld parts left out without a message", bad);
	}
	check_elements_free(e);
	return 0;
}
