/*
 * check-run.c - the driver of `subsume check` (cmd/check-run.h): read
 * mutant lists, decide every mutant on worker threads, write verdicts in
 * input order, then the summary.
 *
 * Streaming: the reader (the calling thread) hands groups to the workers
 * through a window of WINDOW groups; a worker that finishes the oldest
 * group writes every finished group in order and frees it.  The reader
 * waits when the window is full, so memory is bounded by the window,
 * not by the log.  The window is wide (1024 groups, a few MB at most):
 * while one worker spends a long time on a hard site, the others go on
 * with the groups after it instead of waiting for it to be written
 * (with 64, a worker of `-j 2` on the shipped logs sat idle for a
 * third of the run).
 */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "check/check.h"
#include "check/kills.h"
#include "check/readers.h"
#include "check/source.h"
#include "cmd/check-report.h"
#include "cmd/check-run.h"
#include "cmd/cmd.h"
#include "cmd/confirm.h"
#include "cmd/run.h"

#define WINDOW 1024

struct opstat {
	char name[16];
	long n[CV_COUNT];
};

struct driver {
	pthread_mutex_t mu;
	pthread_cond_t work, space;
	struct cgroup *ring[WINDOW];
	struct strbuf text[WINDOW]; /* ring[k]'s verdicts, formatted */
	bool done[WINDOW];
	long next_in, next_take, next_out;
	bool eof;
	const struct check_opts *opts;
	unsigned timeout_ms;
	const char *format;
	bool timing;
	struct confirm *confirm; /* --smt2, --confirm: or NULL */
	struct check_sources *src; /* --source: or NULL */
	struct check_kills *kills; /* --kills: or NULL (statuses read
				    * without the lock, noted under it) */
	struct check_report *report; /* --format elements, html: or NULL */
	bool placed;             /* --source, or a report input: mutants at
				  * their place (levels shown) */
	long level[5];           /* mutants per enum check_level */
	/* statistics */
	long nmut, nsites, ngroups, count[CV_COUNT];
	unsigned long calls;
	unsigned jobs;
	/* --method: methods modelled, answered from the method cache, their
	 * time (ms) in all, the longest and which, the solver's part */
	long nmethods, mcached, mdiverged;
	double method_ms, method_max_ms, method_solver_ms;
	char method_max[160];
	struct opstat *ops;
	size_t nops, capops;
	struct check_slowest slow; /* with the timing */
};

static void csv_field(struct strbuf *sb, const char *s)
{
	if (!s)
		s = "";
	if (!strpbrk(s, ",\"\n\r")) {
		sb_puts(sb, s);
		return;
	}
	sb_putc(sb, '"');
	for (; *s; s++) {
		if (*s == '"')
			sb_putc(sb, '"');
		sb_putc(sb, *s);
	}
	sb_putc(sb, '"');
}

/* A C site's language and options, as a theory's JSON results name
 * them (Java sites: nothing, as before). */
static void json_language(struct strbuf *sb, const struct profile *pf)
{
	sb_puts(sb, ", \"language\": ");
	sb_json_str(sb, pf->name);
	sb_puts(sb, ", \"options\": {\"data-model\": ");
	sb_json_str(sb, pf->data_model);
	sb_puts(sb, ", \"char\": ");
	sb_json_str(sb, pf->char_sign);
	sb_puts(sb, ", \"ub\": ");
	sb_json_str(sb, pf->ub_name);
	sb_puts(sb, "}");
}

static const char *by_word(enum cverdict v)
{
	return v == CV_DUPLICATE ? " of " : v == CV_SUBSUMED ? " by " : "";
}

/* The statistics of a finished group, and its proofs to --confirm; in
 * input order, under D->mu. */
static void count_group(struct driver *D, struct cgroup *g)
{
	D->ngroups++;
	if (D->timing)
		check_slowest_note(&D->slow, g);
	for (int k = 0; D->confirm && k < g->nproved; k++)
		confirm_result(D->confirm, g->file, g->proved[k]);
	D->nsites += g->nsites;
	D->calls += g->solver_calls;
	D->nmethods += g->nmethods;
	D->mcached += g->mcached;
	D->mdiverged += g->mdiverged;
	D->method_ms += g->method_ms;
	D->method_solver_ms += g->method_solver_ms;
	if (g->method_max && (g->method_max_ms > D->method_max_ms ||
			      !*D->method_max)) {
		D->method_max_ms = g->method_max_ms;
		snprintf(D->method_max, sizeof(D->method_max), "%s",
			 g->method_max);
	}
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		D->nmut++;
		D->level[m->level]++;
		D->count[m->v]++;
		/* the row's name as printed: "-" when no operator is named,
		 * a long one cut (rows are merged by that name) */
		char op[sizeof(D->ops->name)];
		snprintf(op, sizeof(op), "%s", *m->op ? m->op : "-");
		size_t k;
		for (k = 0; k < D->nops; k++)
			if (!strcmp(D->ops[k].name, op))
				break;
		if (k == D->nops) {
			GROW(D->ops, D->nops + 1, D->capops);
			memset(&D->ops[k], 0, sizeof(D->ops[k]));
			memcpy(D->ops[k].name, op, sizeof(op));
			D->nops++;
		}
		D->ops[k].n[m->v]++;
		if (D->kills) {
			kills_take(D->kills, m->id);
			kills_note(D->kills, g, m);
		}
	}
	if (D->report)
		check_report_group(D->report, g, D->kills);
}

/* A finished group's verdicts as text into sb, by the worker that
 * decided it, without the lock (reads only D's options).  In JSON every
 * mutant starts with ",": the writer drops the very first one. */
static void format_group(const struct driver *D, struct cgroup *g,
			 struct strbuf *sb)
{
	sb_reset(sb);
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		const struct csite *s = &g->sites[m->site];
		const char *mt = *m->text ? m->text : "<NO-OP>";
		const char *orig = m->orig ? m->orig : s->orig;
		enum kill_status ks = D->kills ? kills_peek(D->kills, m->id)
					       : KS_NONE;
		if (D->report) {
			continue;
		} else if (!strcmp(D->format, "json")) {
			sb_puts(sb, ",\n    {");
			sb_puts(sb, "\"file\": ");
			sb_json_str(sb, g->file);
			sb_printf(sb, ", \"line\": %d, \"where\": ", m->lineno);
			sb_json_str(sb, m->where ? m->where : g->where);
			sb_puts(sb, ", \"id\": ");
			sb_json_str(sb, m->id);
			sb_puts(sb, ", \"operator\": ");
			sb_json_str(sb, m->op);
			sb_puts(sb, ", \"original\": ");
			sb_json_str(sb, orig);
			if (D->placed || D->opts->method) {
				static const char *const lv[] = { "site",
					"expression", "statement", "log only",
					"method" };
				sb_puts(sb, ", \"level\": ");
				sb_json_str(sb, lv[m->level]);
			}
			if (D->placed) {
				sb_printf(sb, ", \"column\": %d", m->col);
				sb_puts(sb, ", \"expression\": ");
				if (s->source)
					sb_json_str(sb, s->orig);
				else
					sb_puts(sb, "null");
			}
			sb_puts(sb, ", \"mutant\": ");
			sb_json_str(sb, mt);
			sb_puts(sb, ", \"verdict\": ");
			sb_json_str(sb, cverdict_name(m->v));
			sb_puts(sb, ", \"by\": ");
			if (m->by)
				sb_json_str(sb, m->by);
			else
				sb_puts(sb, "null");
			sb_puts(sb, ", \"detail\": ");
			sb_json_str(sb, m->detail);
			if (s->profile)
				json_language(sb, s->profile);
			if (s->floating) {
				sb_puts(sb, ", \"float-compare\": ");
				sb_json_str(sb, float_compare_names[s->fcmp]);
			}
			if (D->kills && ks)
				sb_printf(sb, ", \"tests\": \"%s\"",
					  kill_status_name(ks));
			else if (D->kills)
				sb_puts(sb, ", \"tests\": null");
			sb_puts(sb, "}");
		} else if (!strcmp(D->format, "csv")) {
			const char *f[] = { g->file, NULL,
					    m->where ? m->where : g->where, m->id, m->op,
					    cverdict_name(m->v), m->by, m->detail,
					    orig, mt };
			for (size_t j = 0; j < ARRAY_SIZE(f); j++) {
				if (j)
					sb_putc(sb, ',');
				if (j == 1)
					sb_printf(sb, "%d", m->lineno);
				else
					csv_field(sb, f[j]);
			}
			if (D->kills)
				sb_printf(sb, ",%s", ks ? kill_status_name(ks) : "");
			sb_putc(sb, '\n');
		} else {
			sb_printf(sb, "%s: %s %s%s%s: %s |==> %s",
				  m->where ? m->where : g->where, m->id,
				  cverdict_name(m->v), by_word(m->v),
				  m->by ? m->by : "", orig, mt);
			if (*m->op)
				sb_printf(sb, " (%s)", m->op);
			if (s->profile)
				sb_printf(sb, " [language %s: %s]", s->profile->name,
					  s->profile->options);
			if (D->kills)
				sb_printf(sb, " [tests: %s]", kill_status_name(ks));
			sb_printf(sb, ": %s\n", m->detail);
		}
	}
}

/* The oldest finished group: counted, written, freed (under D->mu). */
static void write_group(struct driver *D, int slot)
{
	struct strbuf *sb = &D->text[slot];
	size_t skip = 0;
	if (!strcmp(D->format, "json") && !D->nmut && sb->len)
		skip = 1; /* the first mutant of the list: no comma */
	count_group(D, D->ring[slot]);
	if (sb->len > skip)
		fwrite(sb->buf + skip, 1, sb->len - skip, stdout);
	sb_reset(sb);
}

/* The groups a worker has put off (check_group()), oldest first. */
struct putoff {
	struct cgroup **g;
	size_t n, cap;
};

static struct cgroup *putoff_take(struct putoff *q, size_t i)
{
	struct cgroup *g = q->g[i];
	memmove(q->g + i, q->g + i + 1, (q->n - i - 1) * sizeof(*q->g));
	q->n--;
	return g;
}

/* The next group for a worker (under D->mu): a put-off one that can
 * resume, else a new one, else the oldest put-off one (*wait: nothing
 * else to do, so it waits for the proof it needs); NULL when all is
 * done.  May wait on D->work. */
static struct cgroup *next_group(struct driver *D, struct putoff *q,
				 bool *wait)
{
	for (;;) {
		*wait = false;
		for (size_t i = 0; i < q->n; i++)
			if (check_group_ready(q->g[i]))
				return putoff_take(q, i);
		if (D->next_take < D->next_in)
			return D->ring[D->next_take++ % WINDOW];
		if (q->n) {
			*wait = true;
			return putoff_take(q, 0);
		}
		if (D->eof)
			return NULL;
		pthread_cond_wait(&D->work, &D->mu);
	}
}

static void *worker(void *arg)
{
	struct driver *D = arg;
	struct check_worker w;
	struct putoff q = { 0 };
	bool wait;
	check_worker_init(&w, D->timeout_ms);
	pthread_mutex_lock(&D->mu);
	for (struct cgroup *g; (g = next_group(D, &q, &wait));) {
		pthread_mutex_unlock(&D->mu);
		w.defer = !wait;
		if (!check_group(&w, g, D->opts)) {
			GROW(q.g, q.n + 1, q.cap);
			q.g[q.n++] = g;
			pthread_mutex_lock(&D->mu);
			continue;
		}
		format_group(D, g, &D->text[g->seq % WINDOW]);
		pthread_mutex_lock(&D->mu);
		D->done[g->seq % WINDOW] = true;
		while (D->next_out < D->next_take && D->done[D->next_out % WINDOW]) {
			int slot = (int)(D->next_out % WINDOW);
			write_group(D, slot);
			cgroup_free(D->ring[slot]);
			D->ring[slot] = NULL;
			D->done[slot] = false;
			D->next_out++;
		}
		pthread_cond_broadcast(&D->space);
	}
	pthread_mutex_unlock(&D->mu);
	free(q.g);
	check_worker_release(&w);
	return NULL;
}

static void enqueue(void *ctx, struct cgroup *g)
{
	struct driver *D = ctx;
	pthread_mutex_lock(&D->mu);
	while (g->seq - D->next_out >= WINDOW)
		pthread_cond_wait(&D->space, &D->mu);
	D->ring[g->seq % WINDOW] = g;
	D->done[g->seq % WINDOW] = false;
	D->next_in = g->seq + 1;
	pthread_cond_signal(&D->work);
	pthread_mutex_unlock(&D->mu);
}

/* --method's timing: the methods modelled (answered from the method
 * cache), the time per method, the solver's share of the workers' time
 * (jobs x the run's wall time ms).  Clocks: with the timing only. */
static double method_share(const struct driver *D, double ms)
{
	return ms > 0 ? D->method_solver_ms / (ms * D->jobs) : 0;
}

static void method_time_text(const struct driver *D, double ms,
			     struct strbuf *sb)
{
	sb_printf(sb, "  method level: %ld methods modelled (%ld answered from "
		  "the cache), %.1f ms per method", D->nmethods, D->mcached,
		  D->nmethods ? D->method_ms / (double)D->nmethods : 0.0);
	if (D->mdiverged)
		sb_printf(sb, " (%ld left the cache's answers for the solver's: "
			  "a cache key misses something)", D->mdiverged);
	if (D->nmethods)
		sb_printf(sb, ", at most %.1f ms (%s)", D->method_max_ms,
			  D->method_max);
	sb_printf(sb, "; solver %.1f ms, %.1f%% of the workers' time (%u x "
		  "%.1f ms)\n", D->method_solver_ms, 100 * method_share(D, ms),
		  D->jobs, ms);
}

static void method_time_json(const struct driver *D, double ms,
			     struct strbuf *sb)
{
	sb_printf(sb, ", \"method_time\": {\"methods\": %ld, \"from_cache\": "
		  "%ld, \"left_cache\": %ld, \"mean_ms\": %.1f, \"max_ms\": %.1f, "
		  "\"max_method\": ", D->nmethods, D->mcached, D->mdiverged,
		  D->nmethods ? D->method_ms / (double)D->nmethods : 0.0,
		  D->method_max_ms);
	sb_json_str(sb, D->method_max);
	sb_printf(sb, ", \"solver_ms\": %.1f, \"solver_share\": %.3f}",
		  D->method_solver_ms, method_share(D, ms));
}

static void summary(struct driver *D, double ms, long bad)
{
	struct strbuf sb = STRBUF_INIT;
	bool json = !strcmp(D->format, "json");
	double rate = ms > 0 ? (double)D->nmut * 1000.0 / ms : 0;
	if (json) {
		sb_puts(&sb, D->nmut ? "\n  ],\n" : "],\n");
		sb_printf(&sb, "  \"summary\": {\"mutants\": %ld, \"sites\": %ld, "
			  "\"malformed\": %ld, \"verdicts\": {", D->nmut,
			  D->nsites, bad);
		for (int v = 0; v < CV_COUNT; v++)
			sb_printf(&sb, "%s\"%s\": %ld", v ? ", " : "",
				  cverdict_name(v), D->count[v]);
		sb_puts(&sb, "}, \"operators\": {");
		for (size_t k = 0; k < D->nops; k++) {
			sb_printf(&sb, "%s\"%s\": {", k ? ", " : "", D->ops[k].name);
			for (int v = 0; v < CV_COUNT; v++)
				sb_printf(&sb, "%s\"%s\": %ld", v ? ", " : "",
					  cverdict_name(v), D->ops[k].n[v]);
			sb_puts(&sb, "}");
		}
		sb_puts(&sb, "}");
		if (D->placed)
			sb_printf(&sb, ", \"level\": {\"verdicts_at\": "
				  "\"enclosing expression\", \"expression\": %ld, "
				  "\"statement\": %ld, \"log_only\": %ld}",
				  D->level[CL_EXPRESSION], D->level[CL_STATEMENT],
				  D->level[CL_FALLBACK]);
		if (D->opts->method)
			sb_printf(&sb, ", \"method_level\": %ld",
				  D->level[CL_METHOD]);
		if (D->timing)
			sb_printf(&sb, ", \"solver_calls\": %lu, \"time_ms\": "
				  "%.1f, \"mutants_per_second\": %.0f", D->calls,
				  ms, rate);
		if (D->timing && D->opts->method)
			method_time_json(D, ms, &sb);
		if (D->timing)
			check_slowest_json(&D->slow, &sb);
		if (D->kills)
			kills_summary_json(D->kills, &sb);
		sb_puts(&sb, "}\n}\n");
	} else if (!strcmp(D->format, "text")) {
		sb_printf(&sb, "\nsummary: %ld mutants in %ld sites", D->nmut,
			  D->nsites);
		if (bad)
			sb_printf(&sb, ", %ld malformed input lines skipped", bad);
		if (D->placed)
			sb_printf(&sb, "\n  verdicts are at the level of each "
				  "mutant's enclosing expression (%s): %ld "
				  "in their enclosing expression, %ld statements, "
				  "%ld %s (reason in the verdict)",
				  D->src ? "--source" : "the report's sources",
				  D->level[CL_EXPRESSION], D->level[CL_STATEMENT],
				  D->level[CL_FALLBACK], D->src ? "from the log only"
				  : "not placed");
		if (D->opts->method)
			sb_printf(&sb, "\n  --method: %ld decided in their "
				  "method (what a test of the method sees), the "
				  "others at the level above with the method-level "
				  "finding in their note", D->level[CL_METHOD]);
		sb_puts(&sb, "\n ");
		for (int v = 0; v < CV_COUNT; v++)
			sb_printf(&sb, " %s %ld", cverdict_name(v), D->count[v]);
		/* the names column: 12 wide, wider for longer names (a
		 * report's mutators, "ConditionalExpression") */
		int w = 12;
		for (size_t k = 0; k < D->nops; k++)
			if ((int)strlen(D->ops[k].name) > w)
				w = (int)strlen(D->ops[k].name);
		sb_printf(&sb, "\n  per operator:   %*s", w - 12, "");
		for (int v = 0; v < CV_COUNT; v++)
			sb_printf(&sb, " %6.6s", cverdict_name(v));
		sb_putc(&sb, '\n');
		for (size_t k = 0; k < D->nops; k++) {
			sb_printf(&sb, "    %-*s ", w, D->ops[k].name);
			for (int v = 0; v < CV_COUNT; v++)
				sb_printf(&sb, " %6ld", D->ops[k].n[v]);
			sb_putc(&sb, '\n');
		}
		if (D->timing)
			sb_printf(&sb, "  solver calls: %lu, time: %.1f ms, %.0f "
				  "mutants/s\n", D->calls, ms, rate);
		if (D->timing && D->opts->method)
			method_time_text(D, ms, &sb);
		if (D->timing)
			check_slowest_text(&D->slow, &sb);
		if (D->kills)
			kills_summary_text(D->kills, &sb);
	} else if (D->report) {
		check_report_write(D->report, D->format);
	}
	if (bad && !json && strcmp(D->format, "text")) /* no summary */
		error("%ld malformed input lines or batch errors skipped (each "
		      "reported above)", bad);
	fwrite(sb.buf ? sb.buf : "", 1, sb.len, stdout);
	sb_release(&sb);
}

/* Open every input that is not a YAML batch ("-": standard input); NULL
 * (errors printed, nothing left open) when one cannot be read. */
/* See check-run.h. */
int check_run(const struct check_run *cr, char *const *paths, FILE **fs,
	      int n)
{
	struct driver D = { .opts = cr->opts, .timeout_ms = cr->timeout_ms,
			    .format = cr->format, .timing = cr->timing,
			    .confirm = cr->confirm, .src = cr->src,
			    .kills = cr->kills, .report = cr->report,
			    .placed = cr->src != NULL, .jobs = cr->jobs };
	for (int k = 0; cr->elements && k < n; k++)
		D.placed |= cr->elements[k] != NULL;
	pthread_mutex_init(&D.mu, NULL);
	pthread_cond_init(&D.work, NULL);
	pthread_cond_init(&D.space, NULL);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (!strcmp(D.format, "json"))
		printf("{\n  \"subsume_check\": \"%s\",\n  \"mutants\": [",
		       SUBSUME_VERSION);
	else if (!strcmp(D.format, "csv"))
		printf("file,line,where,id,operator,verdict,by,detail,original,"
		       "mutant%s\n", D.kills ? ",tests" : "");
	fflush(stdout);
	pthread_t *th = xcalloc(cr->jobs, sizeof(*th));
	for (unsigned k = 0; k < cr->jobs; k++)
		if (pthread_create(&th[k], NULL, worker, &D))
			die("cannot start a thread");
	long bad = 0, seq = 0;
	bool io_err = false;
	for (int k = 0; k < n; k++) {
		struct check_input in = { .path = paths[k], .f = fs[k],
			.elements = cr->elements ? cr->elements[k] : NULL,
			.src = D.src, .method = cr->opts->method };
		long r = check_reader_for(paths[k])->read(&in, enqueue, &D, &seq);
		if (r < 0)
			io_err = true;
		else
			bad += r;
		if (fs[k] && fs[k] != stdin)
			fclose(fs[k]);
	}
	pthread_mutex_lock(&D.mu);
	D.eof = true;
	pthread_cond_broadcast(&D.work);
	pthread_mutex_unlock(&D.mu);
	for (unsigned k = 0; k < cr->jobs; k++)
		pthread_join(th[k], NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	summary(&D, ms, bad);
	fflush(stdout);
	int rc = io_err ? EXIT_IO : bad ? EXIT_INPUT
		 : D.count[CV_UNKNOWN] ? EXIT_UNKNOWN : 0;
	if (ferror(stdout))
		rc = EXIT_IO;
	free(th);
	free(D.ops);
	check_slowest_release(&D.slow);
	for (int k = 0; k < WINDOW; k++)
		sb_release(&D.text[k]);
	pthread_mutex_destroy(&D.mu);
	pthread_cond_destroy(&D.work);
	pthread_cond_destroy(&D.space);
	return rc;
}
