/*
 * fuzz-contracts.c - a contracts file through contracts_load(); the
 * contracts it loads are then used on one Major line per contract
 * (`v.METHOD() > 0` mutated to `>=`, and with an argument), so that
 * each assumption is parsed and typed as a site's would be.
 */
#include "fuzz/fuzz.h"

#include "base/diag.h"

static void each_group(void *ctx, struct cgroup *g)
{
	check_group_analyses(g, ctx);
	cgroup_free(g);
}

int fuzz_contracts(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write(data, size);
	struct arena *a = arena_new();
	struct contracts c = { 0, NULL };
	int errs = diag_errors;
	fuzz_enter();
	int rc = contracts_load(a, path, &c);
	fuzz_leave();
	if (rc < 0 && diag_errors == errs)
		fuzz_fail("contracts rejected without an error message");
	struct strbuf log = STRBUF_INIT;
	for (int i = 0; rc == 0 && i < c.n && i < 8; i++)
		sb_printf(&log,
			  "%d:ROR:>(int,int):>=(int,int):C@m(int):%d:"
			  "v.%s() > n |==> v.%s() >= n\n"
			  "%d:AOR:+(int,int):-(int,int):C@m(int):%d:"
			  "n + v.%s(n) |==> n - v.%s(n)\n",
			  2 * i + 1, i + 1, c.c[i].method, c.c[i].method,
			  2 * i + 2, i + 1, c.c[i].method, c.c[i].method);
	if (log.len) {
		struct check_opts opts = { .contracts = &c };
		FILE *f = fmemopen(log.buf, log.len, "r");
		if (!f) {
			perror("fmemopen");
			abort();
		}
		long seq = 0;
		fuzz_enter();
		check_read_major(f, "contracts.log", each_group, &opts, &seq);
		fuzz_leave();
		fclose(f);
	}
	sb_release(&log);
	arena_free(a);
	return 0;
}
