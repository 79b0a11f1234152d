/* run.c - load theory files and prove them; see run.h. */
#include "cmd/run.h"
#include "cmd/progress.h"

#include "sem/smt.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_yaml(const char *name)
{
	size_t n = strlen(name);
	return name[0] != '.' &&
	       ((n > 5 && !strcmp(name + n - 5, ".yaml")) ||
		(n > 4 && !strcmp(name + n - 4, ".yml")));
}

void run_free_paths(char **files, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
}

int run_paths(char **args, int nargs, char ***out, size_t *nout)
{
	size_t n = 0, cap = 0;
	char **files = NULL;
	for (int i = 0; i < nargs; i++) {
		struct stat st;
		if (stat(args[i], &st) != 0) {
			error("cannot read '%s': %s", args[i], strerror(errno));
			run_free_paths(files, n);
			return EXIT_IO;
		}
		if (!S_ISDIR(st.st_mode)) {
			GROW(files, n + 1, cap);
			files[n++] = xstrdup(args[i]);
			continue;
		}
		DIR *d = opendir(args[i]);
		if (!d) {
			error("cannot read '%s': %s", args[i], strerror(errno));
			run_free_paths(files, n);
			return EXIT_IO;
		}
		size_t first = n;
		struct dirent *de;
		while ((de = readdir(d))) {
			if (!is_yaml(de->d_name))
				continue;
			GROW(files, n + 1, cap);
			struct strbuf sb = STRBUF_INIT;
			size_t l = strlen(args[i]);
			sb_printf(&sb, "%s%s%s", args[i],
				  l && args[i][l - 1] == '/' ? "" : "/",
				  de->d_name);
			files[n++] = sb.buf;
		}
		closedir(d);
		if (n > first)
			qsort(files + first, n - first, sizeof(*files),
			      cmp_str);
	}
	if (!n) {
		error("no theory files (*.yaml) found");
		free(files);
		return EXIT_INPUT;
	}
	*out = files;
	*nout = n;
	return 0;
}

int run_load(struct run_state *st, char **args, int nargs)
{
	char **files;
	size_t nfiles;
	memset(st, 0, sizeof(*st));
	st->arena = arena_new();
	int rc = run_paths(args, nargs, &files, &nfiles);
	if (rc)
		return rc;
	st->theories = ANEWN(st->arena, struct theory *, nfiles);
	int bad = 0, unreadable = 0;
	for (size_t f = 0; f < nfiles; f++) {
		/* A file that cannot be read is an I/O error (exit 5), not
		 * an invalid theory (exit 3). */
		struct stat sbuf;
		FILE *fp = NULL;
		if (stat(files[f], &sbuf) != 0 || S_ISDIR(sbuf.st_mode) ||
		    !(fp = fopen(files[f], "rb"))) {
			error("cannot read '%s': %s", files[f],
			      S_ISDIR(sbuf.st_mode) ? "it is a folder"
						    : strerror(errno));
			unreadable++;
			continue;
		}
		fclose(fp);
		struct theory *th = theory_load(st->arena, files[f]);
		if (th)
			st->theories[st->ntheories++] = th;
		else
			bad++;
	}
	run_free_paths(files, nfiles);
	return unreadable ? EXIT_IO : bad ? EXIT_INPUT : 0;
}

struct job {
	struct run_state *st;
	const struct run_opts *opts;
	const struct analysis **queue;
	int nqueue;
	atomic_int next;
};

struct worker {
	struct job *job;
	struct arena *arena;
};

/* What the progress line shows: the theory file and target. */
static const char *what_of(const struct analysis *an)
{
	static _Thread_local char buf[160];
	if (!an->theory)
		return an->site ? an->site : "";
	snprintf(buf, sizeof(buf), "%s: %s", an->theory->file,
		 an->target ? an->target->name : "");
	return buf;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct job *j = w->job;
	/* One Z3 context per worker, reused by the analyses it proves. */
	struct prove_opts po = j->opts->prove;
	if (!po.naive)
		po.shared = smt_shared_new(po.timeout_ms, po.rlimit);
	for (;;) {
		int i = atomic_fetch_add(&j->next, 1);
		if (i >= j->nqueue)
			break;
		if (j->opts->progress)
			progress_what(j->opts->progress, what_of(j->queue[i]));
		j->st->run.results[i] = prove_analysis(w->arena, j->queue[i], &po);
		if (j->opts->progress)
			progress_add(j->opts->progress, 1);
	}
	smt_shared_free(po.shared);
	return NULL;
}

/* The result of analysis an (a theory's, or one of its claims'). */
static const struct result *result_of(const struct run_state *st,
				      const struct analysis *an, int nall)
{
	for (int i = 0; i < nall; i++)
		if (st->run.results[i]->an == an)
			return st->run.results[i];
	BUG("no result for a claim's analysis");
}

static void check_claims(struct run_state *st, int nall)
{
	int n = 0;
	for (int t = 0; t < st->ntheories; t++)
		n += st->theories[t]->nclaims;
	st->run.claims = ANEWN(st->arena, struct claim_outcome, (size_t)n + 1);
	for (int t = 0; t < st->ntheories; t++)
		for (int c = 0; c < st->theories[t]->nclaims; c++) {
			const struct claim *cl = &st->theories[t]->claims[c];
			struct claim_outcome *o = &st->run.claims[st->run.nclaims++];
			*o = claim_check(st->arena, cl, result_of(st, cl->an, nall));
			st->refuted |= o->status == CS_REFUTED;
			st->unknown |= o->status == CS_UNKNOWN;
		}
}

void run_prove(struct run_state *st, const struct run_opts *opts)
{
	int total = 0, extra = 0;
	for (int t = 0; t < st->ntheories; t++) {
		total += st->theories[t]->nanalyses;
		extra += st->theories[t]->nextra;
	}
	struct job j = { st, opts, NULL, 0, 0 };
	j.queue = ANEWN(st->arena, const struct analysis *,
			(size_t)(total + extra) + 1);
	for (int t = 0; t < st->ntheories; t++)
		for (int k = 0; k < st->theories[t]->nanalyses; k++)
			j.queue[j.nqueue++] = &st->theories[t]->analyses[k];
	/* The claims' own analyses last: results[total..] */
	for (int t = 0; t < st->ntheories; t++)
		for (int k = 0; k < st->theories[t]->nextra; k++)
			j.queue[j.nqueue++] = st->theories[t]->extra[k];
	st->run.n = total;
	st->run.results = ANEWN(st->arena, struct result *,
				(size_t)(total + extra) + 1);
	if (opts->progress)
		progress_total(opts->progress, j.nqueue, false);
	int jobs = opts->jobs < 1 ? 1 : (int)opts->jobs;
	if (jobs > j.nqueue)
		jobs = j.nqueue ? j.nqueue : 1;
	st->njobs = jobs;
	st->job_arenas = xcalloc((size_t)jobs, sizeof(*st->job_arenas));
	struct worker *ws = xcalloc((size_t)jobs, sizeof(*ws));
	pthread_t *tids = xcalloc((size_t)jobs, sizeof(*tids));
	for (int i = 0; i < jobs; i++) {
		ws[i].job = &j;
		ws[i].arena = st->job_arenas[i] = arena_new();
	}
	if (jobs == 1) {
		work(&ws[0]);
	} else {
		for (int i = 0; i < jobs; i++)
			if (pthread_create(&tids[i], NULL, work, &ws[i]) != 0)
				die("cannot start a worker thread");
		for (int i = 0; i < jobs; i++)
			pthread_join(tids[i], NULL);
	}
	for (int i = 0; i < total; i++)
		st->unknown |= st->run.results[i]->nunknowns > 0;
	check_claims(st, total + extra);
	free(ws);
	free(tids);
}

void run_release(struct run_state *st)
{
	for (int i = 0; i < st->njobs; i++)
		arena_free(st->job_arenas[i]);
	free(st->job_arenas);
	arena_free(st->arena);
	memset(st, 0, sizeof(*st));
}

int write_output(const char *path, const struct strbuf *sb)
{
	if (!path) {
		if (fwrite(sb->buf, 1, sb->len, stdout) != sb->len ||
		    fflush(stdout) != 0) {
			error("cannot write to standard output: %s",
			      strerror(errno));
			return EXIT_IO;
		}
		return 0;
	}
	return write_file_atomic(path, sb->buf, sb->len) < 0 ? EXIT_IO : 0;
}
