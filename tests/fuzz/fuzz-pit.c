/*
 * fuzz-pit.c - PIT's mutations.xml (`subsume check mutations.xml`)
 * through check_read_pit(): the small XML reader, the schema checks,
 * the mutators' table and the placement of each mutant at the
 * candidate nodes of its line (lang/javasrc-line.c) in a small Java
 * source written once per process (--source), with and without
 * --method; every group through check_group_analyses() and its
 * finishing pass; then --format pit's write-back: with no mutant
 * proven equivalent it must give the input's bytes back, with every
 * one it must read again, every status EQUIVALENT.  Nothing proven.
 */
#include "fuzz/fuzz.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "check/pit.h"
#include "check/source.h"

static char root[4000], dir[4048], java[4096];

/* A class whose lines hold every kind of node PIT's mutators act on
 * (the mutations of the seed corpus name them). */
static const char source[] =
	"package demo;\n"
	"public class Demo {\n"
	"    private int count;\n"
	"    public Demo(int start) { count = start * 2; }\n"
	"    static int f(int x, int y) {\n"
	"        if (x < 0 && y >= -x) { return -x + y; }\n"
	"        for (int i = 0; i < y; i++) { x += 2; x <<= 1; }\n"
	"        System.out.println(x);\n"
	"        java.util.function.IntUnaryOperator u = v -> v % 3 == 0 ? 1 : v;\n"
	"        return x == 0 ? 0 : u.applyAsInt(x) * 2;\n"
	"    }\n"
	"    boolean g(boolean b) { count--; if (b) { return true; } return false; }\n"
	"    static StringBuilder h() { return new StringBuilder(); }\n"
	"    static { int z = 7; }\n"
	"}\n";

static void cleanup(void)
{
	if (java[0])
		unlink(java);
	if (dir[0])
		rmdir(dir);
	if (root[0])
		rmdir(root);
}

static void make_source(void)
{
	if (root[0])
		return;
	const char *t = getenv("TMPDIR");
	snprintf(root, sizeof(root), "%s/subsume-fuzz-pit-%ld",
		 t && *t ? t : "/tmp", (long)getpid());
	snprintf(dir, sizeof(dir), "%s/demo", root);
	snprintf(java, sizeof(java), "%s/Demo.java", dir);
	FILE *f;
	if ((mkdir(root, 0700) && access(root, W_OK)) ||
	    (mkdir(dir, 0700) && access(dir, W_OK)) || !(f = fopen(java, "w")) ||
	    fputs(source, f) < 0 || fclose(f)) {
		perror(java);
		abort();
	}
	atexit(cleanup);
}

struct run {
	const struct check_opts *opts;
	bool reread;         /* reading the written file back */
	const struct pit_at **pit; /* every mutant read, to mark */
	size_t n, cap;
};

static void each_group(void *ctx, struct cgroup *g)
{
	struct run *R = ctx;
	if (!R->reread)
		check_group_analyses(g, R->opts);
	for (int i = 0; i < g->nmutants; i++) {
		const struct cmutant *m = &g->mutants[i];
		if (m->site < 0 || m->site >= g->nsites)
			fuzz_fail("mutant %s has no site", m->id);
		if (!m->pit)
			fuzz_fail("mutant %s lost its PIT mutation", m->id);
		if (R->reread && strcmp(m->pit->status, "EQUIVALENT"))
			fuzz_fail("mutant %s written back as %s", m->id,
				  m->pit->status);
	}
	if (g->finish)
		g->finish(g);
	if (g->nmutants != cgroup_written(g))
		fuzz_fail("group %s leaves %d mutants, not %d", g->where,
			  g->nmutants, cgroup_written(g));
	GROW(R->pit, R->n + 1, R->cap);
	R->pit[R->n++] = g->mutants[0].pit;
	cgroup_free(g);
}

static char *written(size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f || check_pit_write(f) < 0 || fclose(f))
		fuzz_fail("--format pit cannot write to memory");
	return buf;
}

/* One pass, with --method when the input's size is odd (both halves
 * of the corpus exercise both). */
int fuzz_pit(const uint8_t *data, size_t size)
{
	make_source();
	const char *path = fuzz_write(data, size);
	char *roots[] = { root };
	bool method = size & 1;
	struct check_sources *src = check_sources_new(roots, 1);
	check_sources_set_method(src, method);
	struct check_opts opts = { .contracts = fuzz_contracts_builtin(),
				   .method = method };
	struct run R = { .opts = &opts };
	struct check_input in = { .path = path, .src = src, .method = method };
	long seq = 0;
	int errs = diag_errors;
	fuzz_enter();
	long r = check_read_pit(&in, each_group, &R, &seq);
	fuzz_leave();
	check_sources_free(src);
	if (r > 0 && diag_errors == errs)
		fuzz_fail("mutations.xml rejected without an error message");
	size_t len;
	char *out = written(&len);
	if (!r && (len != size || memcmp(out, data, size)))
		fuzz_fail("--format pit changed bytes with no mutant equivalent");
	free(out);
	if (r) {
		check_pit_release();
		free(R.pit);
		return 0;
	}
	/* every one marked: read back, every status EQUIVALENT */
	for (size_t k = 0; k < R.n; k++) {
		struct cmutant m = { .pit = R.pit[k], .v = CV_EQUIVALENT };
		check_pit_note(&m);
	}
	out = written(&len);
	check_pit_release();
	const char *p2 = fuzz_write((const uint8_t *)out, len);
	struct check_input in2 = { .path = p2 };
	struct run R2 = { .opts = &opts, .reread = true };
	seq = 0;
	fuzz_enter();
	if (check_read_pit(&in2, each_group, &R2, &seq) != 0)
		fuzz_fail("--format pit's output does not read back");
	fuzz_leave();
	check_pit_release();
	free(out);
	free(R.pit);
	free(R2.pit);
	return 0;
}
