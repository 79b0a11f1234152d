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
 *
 * Bounded failure: a worker decides each group at a recovery point
 * (base/util.h: setjmp() here, longjmp() from the fatal error).  Out of
 * memory in the group's own work (xmalloc() and friends, die(), or a
 * Z3 error while its terms are built (sem/smt-ctx.c) ends that group
 * only: the cleanups it registered release its analysis' Z3 context,
 * pool and arrays and give up its proof-cache claim (others needing
 * that proof make it themselves), the worker's shared context is
 * dropped, and check_group_cut() makes its undecided mutants `unknown`
 * with the cause ("memory: ...", "solver error: ...").  At method level
 * (--method) the method's cleanup closes its Z3 context and gives up
 * its method-cache entry (a group waiting for it claims it again), and
 * the group's mutants keep the verdicts of the level above, the cause
 * in their note (check_method_cut()).  Its group is
 * counted as cut short in the summary and the run exits EXIT_CUT; every
 * other group's verdicts are the bytes of a run without the error.
 * Chosen over a child process per group: a fork per group costs more
 * than the shipped logs' groups take to decide (thousands per second),
 * and the caches the workers share live in one process.  What it does
 * not catch: a signal (abort(), SIGSEGV, the kernel's OOM killer), and
 * errors inside a section that holds a lock (recover_hold(): the check
 * table's, the proof cache's and the method cache's tables, the parse
 * table), which exit as before.
 */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "check/check.h"
#include "check/kills.h"
#include "check/pit.h"
#include "check/readers.h"
#include "check/source.h"
#include "check/testgen.h"
#include "cmd/check-report.h"
#include "cmd/check-run.h"
#include "cmd/cmd.h"
#include "cmd/confirm.h"
#include "cmd/progress.h"
#include "cmd/run.h"

#define WINDOW 1024

/* --shard: what the prover relates together, dealt whole to a shard. */
struct unit {
	char *key;
	long n;      /* mutants */
	long first;  /* the first group's index in all[] */
	unsigned shard; /* 0-based */
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
	struct testgen *tests;   /* --tests DIR: or NULL */
	bool placed;             /* --source, or a report input: mutants at
				  * their place (levels shown) */
	struct check_stats st;   /* the summary's numbers */
	long ngroups;
	unsigned jobs;
	struct progress *progress;
	long read;               /* mutants read so far (all inputs) */
	/* --shard: every group read (all[i] of unit unit[i], its first
	 * mutant's global index base[i]), then the shard's groups'
	 * global index by their new seq (gbase), and, in output order, the
	 * global index of every mutant written (JSON: order) */
	struct check_shard shard;
	struct cgroup **all;
	int *unit;
	long *base;
	size_t nall, capall, capunit, capbase;
	struct unit *units;
	size_t nunits, capunits;
	long *gbase;
	long *order;
	size_t norder, caporder;
	uint64_t hash;           /* the run's: options, inputs' mutants */
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

struct opstat *check_stats_op(struct check_stats *s, const char *name,
			      long first)
{
	for (size_t k = 0; k < s->nops; k++)
		if (!strcmp(s->ops[k].name, name))
			return &s->ops[k];
	GROW(s->ops, s->nops + 1, s->capops);
	struct opstat *o = &s->ops[s->nops++];
	memset(o, 0, sizeof(*o));
	snprintf(o->name, sizeof(o->name), "%s", name);
	o->first = first;
	return o;
}

/* An unknown verdict's cause for the summary: 0 budget, 1 memory, 2
 * another.  The cause is the reason's first word, as sem/ writes it
 * ("budget: ...", "memory: ..."), after check/cverdict.c's "the solver
 * could not decide equivalence: " (a group cut short: at the start). */
static int unknown_cause(const struct cmutant *m)
{
	static const char undecided[] = "the solver could not decide "
					"equivalence: ";
	const char *r = m->detail ? m->detail : "";
	if (!strncmp(r, undecided, sizeof(undecided) - 1))
		r += sizeof(undecided) - 1;
	if (!strncmp(r, "budget:", 7))
		return 0;
	if (!strncmp(r, "memory:", 7))
		return 1;
	return 2;
}

/* --tests: what the test results say of m when no test killed it
 * (--kills or a report's statuses: LIVE, UNCOV; PIT's mutations.xml:
 * SURVIVED, NO_COVERAGE; no test results at all: every mutant), else
 * NULL. */
static const char *live_status(const struct driver *D,
			       const struct cmutant *m)
{
	if (D->kills) {
		enum kill_status ks = kills_peek(D->kills, m->id);
		return ks == KS_LIVE || ks == KS_UNCOV ? kill_status_name(ks)
						       : NULL;
	}
	if (m->pit && m->pit->status && (!strcmp(m->pit->status, "SURVIVED") ||
					 !strcmp(m->pit->status, "NO_COVERAGE")))
		return m->pit->status;
	if (m->at && m->at->status && (!strcmp(m->at->status, "Survived") ||
				       !strcmp(m->at->status, "NoCoverage")))
		return m->at->status;
	if (!m->pit && !m->at) /* no test results given: every mutant */
		return "no test results given";
	return NULL;
}

/* The statistics of a finished group, and its proofs to --confirm; in
 * input order, under D->mu. */
static void count_group(struct driver *D, struct cgroup *g)
{
	D->ngroups++;
	D->st.ncut += g->cut;
	if (D->timing)
		check_slowest_note(&D->slow, g);
	for (int k = 0; D->confirm && k < g->nproved; k++)
		confirm_result(D->confirm, g->file, g->proved[k]);
	D->st.nsites += g->nsites;
	D->st.calls += g->solver_calls;
	D->st.nmethods += g->nmethods;
	D->st.mcached += g->mcached;
	D->st.mdiverged += g->mdiverged;
	D->st.method_ms += g->method_ms;
	D->st.method_solver_ms += g->method_solver_ms;
	if (g->method_max && (g->method_max_ms > D->st.method_max_ms ||
			      !*D->st.method_max)) {
		D->st.method_max_ms = g->method_max_ms;
		snprintf(D->st.method_max, sizeof(D->st.method_max), "%s",
			 g->method_max);
	}
	long base = D->gbase ? D->gbase[g->seq] : D->st.nmut;
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		D->st.nmut++;
		D->st.level[m->level]++;
		D->st.count[m->v]++;
		if (m->v == CV_UNKNOWN)
			D->st.unknown[unknown_cause(m)]++;
		/* the row's name as printed: "-" when no operator is named,
		 * a long one cut (rows are merged by that name) */
		char op[sizeof(D->st.ops->name)];
		snprintf(op, sizeof(op), "%s", *m->op ? m->op : "-");
		check_stats_op(&D->st, op, base + i)->n[m->v]++;
		if (D->shard.n && !D->report) {
			GROW(D->order, D->norder + 1, D->caporder);
			D->order[D->norder++] = base + i;
		}
		if (D->kills) {
			kills_take(D->kills, m->id);
			kills_note(D->kills, g, m);
		}
		if (m->pit) {
			D->st.pit_total++;
			D->st.pit_detected += m->pit->detected;
			if (m->v == CV_EQUIVALENT)
				(*(m->pit->detected ? &D->st.pit_contra
				   : &D->st.pit_equivalent))++;
			check_pit_note(m);
		}
		if (D->tests)
			testgen_note(D->tests, g, m, live_status(D, m));
	}
	if (D->report)
		check_report_group(D->report, g, D->kills, base);
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
		if (D->report || !strcmp(D->format, "pit")) {
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
	if (!strcmp(D->format, "json") && !D->st.nmut && sb->len)
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

/* What the progress line shows of g: its class or file. */
static const char *what_of(const struct cgroup *g)
{
	const struct cmutant *m = g->nmutants ? &g->mutants[0] : NULL;
	if (m && m->at)
		return m->at->path;
	if (m && m->from) {
		const char *w = m->where ? m->where : g->where;
		return arena_printf(g->a, "%.*s", (int)strcspn(w, "@:"), w);
	}
	return g->file;
}

/* check_group() at this thread's recovery point (base/util.h): as it,
 * but a fatal error of the group's own ends it cut short (*cut; its
 * verdicts by check_group_cut()) and true. */
static bool guarded_group(struct check_worker *w, struct cgroup *g,
			  const struct check_opts *opts, struct recover *rp,
			  bool *cut)
{
	*cut = false;
	rp->n = 0;
	if (setjmp(rp->jb)) {
		*cut = true;
		return true;
	}
	recover_point = rp;
	bool done = check_group(w, g, opts);
	recover_point = NULL;
	return done;
}

static void *worker(void *arg)
{
	struct driver *D = arg;
	struct check_worker w;
	struct putoff q = { 0 };
	struct recover rp;
	bool wait, cut;
	check_worker_init(&w, D->timeout_ms);
	pthread_mutex_lock(&D->mu);
	for (struct cgroup *g; (g = next_group(D, &q, &wait));) {
		pthread_mutex_unlock(&D->mu);
		if (D->progress && g->resume == 0)
			progress_what(D->progress, what_of(g));
		w.defer = !wait;
		if (!guarded_group(&w, g, D->opts, &rp, &cut)) {
			GROW(q.g, q.n + 1, q.cap);
			q.g[q.n++] = g;
			pthread_mutex_lock(&D->mu);
			continue;
		}
		if (cut) {
			bool in_method = g->in_method;
			int unknown = check_group_cut(&w, g, rp.cause, rp.msg);
			if (in_method)
				fprintf(stderr, "%s: warning: %s: %s: %s (at "
					"method level: its mutants keep the "
					"verdicts of the level above; the run "
					"goes on)\n", progname,
					g->where ? g->where : g->file,
					rp.cause, rp.msg);
			else
				fprintf(stderr, "%s: warning: %s: %s: %s (its "
					"%d mutants left undecided are unknown; "
					"the run goes on)\n", progname,
					g->where ? g->where : g->file,
					rp.cause, rp.msg, unknown);
		}
		if (g->finish)
			g->finish(g);
		progress_add(D->progress, g->nmutants);
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

static void real_enqueue(struct driver *D, struct cgroup *g)
{
	pthread_mutex_lock(&D->mu);
	while (g->seq - D->next_out >= WINDOW)
		pthread_cond_wait(&D->space, &D->mu);
	D->ring[g->seq % WINDOW] = g;
	D->done[g->seq % WINDOW] = false;
	D->next_in = g->seq + 1;
	pthread_cond_signal(&D->work);
	pthread_mutex_unlock(&D->mu);
}

static void collect(struct driver *D, struct cgroup *g);

/* The readers' callback: a group to decide (--shard: to keep). */
static void enqueue(void *ctx, struct cgroup *g)
{
	struct driver *D = ctx;
	D->read += cgroup_written(g);
	if (D->shard.n) {
		collect(D, g);
		return;
	}
	progress_total(D->progress, D->read, true);
	real_enqueue(D, g);
}

/* --method's timing: the methods modelled (answered from the method
 * cache), the time per method, the solver's share of the workers' time
 * (jobs x the run's wall time ms).  Clocks: with the timing only. */
static double method_share(const struct check_stats *s)
{
	return s->worker_ms > 0 ? s->method_solver_ms / s->worker_ms : 0;
}

static void method_time_text(const struct driver *D, struct strbuf *sb)
{
	const struct check_stats *s = &D->st;
	sb_printf(sb, "  method level: %ld methods modelled (%ld answered from "
		  "the cache), %.1f ms per method", s->nmethods, s->mcached,
		  s->nmethods ? s->method_ms / (double)s->nmethods : 0.0);
	if (s->mdiverged)
		sb_printf(sb, " (%ld left the cache's answers for the solver's: "
			  "a cache key misses something)", s->mdiverged);
	if (s->nmethods)
		sb_printf(sb, ", at most %.1f ms (%s)", s->method_max_ms,
			  s->method_max);
	sb_printf(sb, "; solver %.1f ms, %.1f%% of the workers' time (%u x "
		  "%.1f ms)\n", s->method_solver_ms, 100 * method_share(s),
		  D->jobs, s->ms);
}

static void method_time_json(const struct check_stats *s, struct strbuf *sb)
{
	sb_printf(sb, ", \"method_time\": {\"methods\": %ld, \"from_cache\": "
		  "%ld, \"left_cache\": %ld, \"mean_ms\": %.1f, \"max_ms\": %.1f, "
		  "\"max_method\": ", s->nmethods, s->mcached, s->mdiverged,
		  s->nmethods ? s->method_ms / (double)s->nmethods : 0.0,
		  s->method_max_ms);
	sb_json_str(sb, s->method_max);
	sb_printf(sb, ", \"solver_ms\": %.1f, \"solver_share\": %.3f}",
		  s->method_solver_ms, method_share(s));
}

/* See check-run.h. */
bool check_verdict_shown(const struct check_stats *s, int v)
{
	return v != CV_AMBIGUOUS || s->count[v];
}

/* See check-run.h. */
bool check_stats_cut_or_spent(const struct check_stats *s)
{
	return s->unknown[0] || s->unknown[1] || s->ncut;
}

/* See check-run.h. */
void check_summary_json(const struct check_stats *s, struct strbuf *sb)
{
	double rate = s->ms > 0 ? (double)s->nmut * 1000.0 / s->ms : 0;
	sb_puts(sb, s->nmut ? "\n  ],\n" : "],\n");
	sb_printf(sb, "  \"summary\": {\"mutants\": %ld, \"sites\": %ld, "
		  "\"malformed\": %ld, \"verdicts\": {", s->nmut, s->nsites,
		  s->bad);
	for (int v = 0; v < CV_COUNT; v++)
		if (check_verdict_shown(s, v))
			sb_printf(sb, "%s\"%s\": %ld", v ? ", " : "",
				  cverdict_name(v), s->count[v]);
	sb_puts(sb, "}, \"operators\": {");
	for (size_t k = 0; k < s->nops; k++) {
		sb_printf(sb, "%s\"%s\": {", k ? ", " : "", s->ops[k].name);
		for (int v = 0; v < CV_COUNT; v++)
			if (check_verdict_shown(s, v))
				sb_printf(sb, "%s\"%s\": %ld", v ? ", " : "",
					  cverdict_name(v), s->ops[k].n[v]);
		sb_puts(sb, "}");
	}
	sb_puts(sb, "}");
	if (s->placed)
		sb_printf(sb, ", \"level\": {\"verdicts_at\": "
			  "\"enclosing expression\", \"expression\": %ld, "
			  "\"statement\": %ld, \"log_only\": %ld}",
			  s->level[CL_EXPRESSION], s->level[CL_STATEMENT],
			  s->level[CL_FALLBACK]);
	if (s->method)
		sb_printf(sb, ", \"method_level\": %ld", s->level[CL_METHOD]);
	if (check_stats_cut_or_spent(s))
		sb_printf(sb, ", \"unknown_by_cause\": {\"budget\": %ld, "
			  "\"memory\": %ld, \"other\": %ld}, \"groups_cut_short\": "
			  "%ld", s->unknown[0], s->unknown[1], s->unknown[2],
			  s->ncut);
	if (s->pit_total) /* the text summary's "PIT: ..." line */
		sb_printf(sb, ", \"pit\": {\"mutants\": %ld, \"detected\": %ld, "
			  "\"score\": %.4f, \"undetected_equivalent\": %ld, "
			  "\"corrected_score\": %.4f, \"corrected_formula\": "
			  "\"detected / (mutants - undetected_equivalent)\", "
			  "\"detected_equivalent\": %ld}", s->pit_total,
			  s->pit_detected, (double)s->pit_detected /
			  (double)s->pit_total, s->pit_equivalent,
			  s->pit_total > s->pit_equivalent
			  ? (double)s->pit_detected /
			    (double)(s->pit_total - s->pit_equivalent) : 1.0,
			  s->pit_contra);
	if (s->timing)
		sb_printf(sb, ", \"solver_calls\": %lu, \"time_ms\": "
			  "%.1f, \"mutants_per_second\": %.0f", s->calls,
			  s->ms, rate);
	if (s->timing && s->method)
		method_time_json(s, sb);
}

/* --- --shard ---------------------------------------------------------- */

/* The unit of group g (check-run.h's struct check_shard): a Major
 * mutant's source file (--source: a file may hold several top-level
 * classes) or else its top-level class, a report mutant's file, a YAML
 * batch. */
static char *unit_key(const struct cgroup *g)
{
	const struct cmutant *m = g->nmutants ? &g->mutants[0] : NULL;
	if (m && m->at)
		return xstrdup(arena_printf(g->a, "E %s\n%s", g->file,
					    m->at->path));
	if (m && m->from && g->srcpath) /* its classes share the file */
		return xstrdup(arena_printf(g->a, "F %s", g->srcpath));
	if (m && m->from) {
		const char *w = m->where ? m->where : g->where;
		return xstrdup(arena_printf(g->a, "M %.*s",
					    (int)strcspn(w, "@$:"), w));
	}
	return xstrdup(arena_printf(g->a, "Y %s", g->file));
}

static uint64_t hash_str(uint64_t h, const char *s)
{
	return fnv1a64(s ? s : "", s ? strlen(s) + 1 : 1, h);
}

/* Keep group g until all input is read (main thread). */
static void collect(struct driver *D, struct cgroup *g)
{
	char *key = unit_key(g);
	size_t u = D->nunits;
	if (D->nall && !strcmp(D->units[D->unit[D->nall - 1]].key, key))
		u = (size_t)D->unit[D->nall - 1];
	for (size_t k = 0; u == D->nunits && k < D->nunits; k++)
		if (!strcmp(D->units[k].key, key))
			u = k;
	if (u == D->nunits) {
		GROW(D->units, D->nunits + 1, D->capunits);
		D->units[D->nunits++] = (struct unit){ .key = key,
						       .first = (long)D->nall };
	} else {
		free(key);
	}
	D->units[u].n += cgroup_written(g);
	D->hash = hash_str(D->hash, D->units[u].key);
	D->hash = hash_str(D->hash, g->file);
	D->hash = hash_str(D->hash, g->where);
	for (int i = 0; i < g->nmutants; i++) {
		/* its kill-file row is of the logs (another shard's), not
		 * one kills_warn() should report */
		if (D->kills)
			kills_take(D->kills, g->mutants[i].id);
		D->hash = hash_str(D->hash, g->mutants[i].id);
		D->hash = hash_str(D->hash, g->mutants[i].text);
		D->hash = hash_str(D->hash, g->mutants[i].op);
	}
	GROW(D->all, D->nall + 1, D->capall);
	GROW(D->unit, D->nall + 1, D->capunit);
	GROW(D->base, D->nall + 1, D->capbase);
	D->all[D->nall] = g;
	D->unit[D->nall] = (int)u;
	D->base[D->nall++] = D->read - cgroup_written(g);
}

/* Units by mutants, the largest first (then in input order). */
static const struct unit *sort_units;
static int by_size(const void *a, const void *b)
{
	const struct unit *x = &sort_units[*(const size_t *)a];
	const struct unit *y = &sort_units[*(const size_t *)b];
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return x->first < y->first ? -1 : x->first > y->first;
}

/* Deal the units to the shards, then hand shard k's groups to the
 * workers (renumbered in input order) and free the others. */
static void deal(struct driver *D)
{
	size_t *ix = xcalloc(D->nunits + 1, sizeof(*ix));
	long *load = xcalloc(D->shard.n, sizeof(*load));
	for (size_t u = 0; u < D->nunits; u++)
		ix[u] = u;
	sort_units = D->units;
	qsort(ix, D->nunits, sizeof(*ix), by_size);
	for (size_t i = 0; i < D->nunits; i++) {
		unsigned best = 0;
		for (unsigned k = 1; k < D->shard.n; k++)
			if (load[k] < load[best])
				best = k;
		D->units[ix[i]].shard = best;
		load[best] += D->units[ix[i]].n;
	}
	long total = load[D->shard.k - 1], seq = 0;
	free(ix);
	free(load);
	progress_total(D->progress, total, false);
	D->gbase = xcalloc(D->nall + 1, sizeof(*D->gbase));
	for (size_t i = 0; i < D->nall; i++) {
		struct cgroup *g = D->all[i];
		if (D->units[D->unit[i]].shard != D->shard.k - 1) {
			cgroup_free(g);
			continue;
		}
		D->gbase[seq] = D->base[i];
		g->seq = seq++;
		real_enqueue(D, g);
	}
}

/* The shard's identity: {"format": ..., "shard": K, "of": N, "run":
 * hash, "mutants": the whole run's, "units": ... (no closing brace). */
static void shard_head(const struct driver *D, struct strbuf *sb)
{
	uint64_t h = hash_str(D->hash, SUBSUME_VERSION);
	h = hash_str(h, D->format);
	h = hash_str(h, D->shard.args);
	sb_puts(sb, "{\"format\": ");
	sb_json_str(sb, D->format);
	sb_printf(sb, ", \"shard\": %u, \"of\": %u, \"run\": \"%016llx\", "
		  "\"mutants\": %ld, \"units\": %zu", D->shard.k, D->shard.n,
		  (unsigned long long)h, D->read, D->nunits);
}

/* ",\n  \"shard\": {...}": the identity, the summary's numbers, the
 * global index of every mutant written (in order). */
static void shard_json(const struct driver *D, struct strbuf *sb)
{
	const struct check_stats *s = &D->st;
	double t = s->timing; /* --no-timing: no clocks, the same bytes */
	sb_puts(sb, ",\n  \"shard\": ");
	shard_head(D, sb);
	sb_printf(sb, ",\n    \"stats\": {\"sites\": %ld, \"malformed\": %ld, "
		  "\"verdicts\": [", s->nsites, s->bad);
	for (int v = 0; v < CV_COUNT; v++)
		sb_printf(sb, "%s%ld", v ? ", " : "", s->count[v]);
	sb_puts(sb, "], ");
	if (check_stats_cut_or_spent(s))
		sb_printf(sb, "\"unknown\": [%ld, %ld, %ld, %ld], ",
			  s->unknown[0], s->unknown[1], s->unknown[2], s->ncut);
	if (s->pit_total)
		sb_printf(sb, "\"pit\": [%ld, %ld, %ld, %ld], ", s->pit_total,
			  s->pit_detected, s->pit_equivalent, s->pit_contra);
	sb_puts(sb, "\"levels\": [");
	for (size_t l = 0; l < ARRAY_SIZE(s->level); l++)
		sb_printf(sb, "%s%ld", l ? ", " : "", s->level[l]);
	sb_printf(sb, "], \"placed\": %s, \"method\": %s, \"timing\": %s, "
		  "\"tests\": %s, \"solver_calls\": %lu, \"time_ms\": %.3f, "
		  "\"worker_ms\": %.3f, \"methods\": [%ld, %ld, %ld], "
		  "\"method_ms\": %.3f, \"method_max_ms\": %.3f, "
		  "\"method_solver_ms\": %.3f, \"method_max\": ",
		  s->placed ? "true" : "false", s->method ? "true" : "false",
		  s->timing ? "true" : "false", D->kills ? "true" : "false",
		  s->timing ? s->calls : 0, t * s->ms, t * s->worker_ms,
		  s->nmethods, s->mcached, s->mdiverged, t * s->method_ms,
		  t * s->method_max_ms, t * s->method_solver_ms);
	sb_json_str(sb, s->timing ? s->method_max : "");
	sb_puts(sb, ",\n      \"operators\": [");
	for (size_t k = 0; k < s->nops; k++) {
		sb_puts(sb, k ? ", [" : "[");
		sb_json_str(sb, s->ops[k].name);
		sb_printf(sb, ", %ld", s->ops[k].first);
		for (int v = 0; v < CV_COUNT; v++)
			sb_printf(sb, ", %ld", s->ops[k].n[v]);
		sb_puts(sb, "]");
	}
	sb_puts(sb, "]},\n    \"order\": [");
	for (size_t i = 0; i < D->norder; i++)
		sb_printf(sb, "%s%ld", i ? ", " : "", D->order[i]);
	sb_puts(sb, "]}");
}

static void shard_release(struct driver *D)
{
	for (size_t u = 0; u < D->nunits; u++)
		free(D->units[u].key);
	free(D->units);
	free(D->all);
	free(D->unit);
	free(D->base);
	free(D->gbase);
	free(D->order);
}

/* --tests: a mutant's test in the report's statusReason */
static void annotate(void *ctx, const char *id, const char *status)
{
	check_report_annotate(ctx, id, status);
}

static void summary(struct driver *D)
{
	struct strbuf sb = STRBUF_INIT;
	bool json = !strcmp(D->format, "json");
	double ms = D->st.ms, rate = ms > 0 ? (double)D->st.nmut * 1000.0 / ms : 0;
	long bad = D->st.bad;
	if (json) {
		check_summary_json(&D->st, &sb);
		if (D->timing)
			check_slowest_json(&D->slow, &sb);
		if (D->kills)
			kills_summary_json(D->kills, &sb);
		if (D->tests)
			testgen_summary_json(D->tests, &sb);
		sb_puts(&sb, "}");
		if (D->shard.n)
			shard_json(D, &sb);
		sb_puts(&sb, "\n}\n");
	} else if (!strcmp(D->format, "text")) {
		sb_printf(&sb, "\nsummary: %ld mutants in %ld sites", D->st.nmut,
			  D->st.nsites);
		if (bad)
			sb_printf(&sb, ", %ld malformed input lines skipped", bad);
		if (D->placed)
			sb_printf(&sb, "\n  verdicts are at the level of each "
				  "mutant's enclosing expression (%s): %ld "
				  "in their enclosing expression, %ld statements, "
				  "%ld %s (reason in the verdict)",
				  D->src ? "--source" : "the report's sources",
				  D->st.level[CL_EXPRESSION], D->st.level[CL_STATEMENT],
				  D->st.level[CL_FALLBACK], D->src ? "from the log only"
				  : "not placed");
		if (D->opts->method)
			sb_printf(&sb, "\n  --method: %ld decided in their "
				  "method (what a test of the method sees), the "
				  "others at the level above with the method-level "
				  "finding in their note", D->st.level[CL_METHOD]);
		sb_puts(&sb, "\n ");
		for (int v = 0; v < CV_COUNT; v++)
			if (check_verdict_shown(&D->st, v))
				sb_printf(&sb, " %s %ld", cverdict_name(v),
					  D->st.count[v]);
		if (D->st.pit_total) {
			long t = D->st.pit_total, e = D->st.pit_equivalent,
			     d = D->st.pit_detected;
			sb_printf(&sb, "\n  PIT: %ld of %ld mutants detected, "
				  "score %.1f%%; %ld undetected proven equivalent, "
				  "corrected score %.1f%% (detected / (mutants - "
				  "undetected proven equivalent))", d, t,
				  100.0 * (double)d / (double)t, e,
				  t > e ? 100.0 * (double)d / (double)(t - e)
				  : 100.0);
			if (D->st.pit_contra)
				sb_printf(&sb, "; %ld detected by PIT's tests but "
					  "proven equivalent: a bug to report",
					  D->st.pit_contra);
		}
		if (check_stats_cut_or_spent(&D->st))
			sb_printf(&sb, "\n  unknown by cause: %ld budget, %ld "
				  "memory, %ld other; %ld group%s cut short by "
				  "a fatal error of its own", D->st.unknown[0],
				  D->st.unknown[1], D->st.unknown[2], D->st.ncut,
				  D->st.ncut == 1 ? "" : "s");
		/* the names column: 12 wide, wider for longer names (a
		 * report's mutators, "ConditionalExpression") */
		int w = 12;
		for (size_t k = 0; k < D->st.nops; k++)
			if ((int)strlen(D->st.ops[k].name) > w)
				w = (int)strlen(D->st.ops[k].name);
		sb_printf(&sb, "\n  per operator:   %*s", w - 12, "");
		for (int v = 0; v < CV_COUNT; v++)
			if (check_verdict_shown(&D->st, v))
				sb_printf(&sb, " %6.6s", cverdict_name(v));
		sb_putc(&sb, '\n');
		for (size_t k = 0; k < D->st.nops; k++) {
			sb_printf(&sb, "    %-*s ", w, D->st.ops[k].name);
			for (int v = 0; v < CV_COUNT; v++)
				if (check_verdict_shown(&D->st, v))
					sb_printf(&sb, " %6ld", D->st.ops[k].n[v]);
			sb_putc(&sb, '\n');
		}
		if (D->timing)
			sb_printf(&sb, "  solver calls: %lu, time: %.1f ms, %.0f "
				  "mutants/s\n", D->st.calls, ms, rate);
		if (D->timing && D->opts->method)
			method_time_text(D, &sb);
		if (D->timing)
			check_slowest_text(&D->slow, &sb);
		if (D->kills)
			kills_summary_text(D->kills, &sb);
		if (D->tests)
			testgen_summary_text(D->tests, &sb);
	} else if (!strcmp(D->format, "pit")) {
		fflush(stdout);
		check_pit_write(stdout);
	} else if (D->report) {
		struct strbuf sh = STRBUF_INIT;
		if (D->shard.n)
			shard_head(D, &sh);
		if (D->tests)
			testgen_each(D->tests, annotate, D->report);
		check_report_write(D->report, D->format, sh.buf);
		sb_release(&sh);
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
	struct progress prog;
	progress_start(&prog, cr->progress, "check", "mutants");
	struct driver D = { .opts = cr->opts, .timeout_ms = cr->timeout_ms,
			    .format = cr->format, .timing = cr->timing,
			    .confirm = cr->confirm, .src = cr->src,
			    .kills = cr->kills, .report = cr->report,
			    .tests = cr->tests,
			    .placed = cr->src != NULL, .jobs = cr->jobs,
			    .progress = &prog, .shard = cr->shard,
			    .hash = FNV1A64_INIT };
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
	if (D.shard.n)
		deal(&D);
	if (!D.shard.n)
		progress_total(D.progress, D.read, false);
	pthread_mutex_lock(&D.mu);
	D.eof = true;
	pthread_cond_broadcast(&D.work);
	pthread_mutex_unlock(&D.mu);
	for (unsigned k = 0; k < cr->jobs; k++)
		pthread_join(th[k], NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	D.st.ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		  (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	D.st.worker_ms = D.st.ms * D.jobs;
	D.st.bad = bad;
	D.st.placed = D.placed;
	D.st.method = cr->opts->method;
	D.st.timing = D.timing;
	progress_end(D.progress);
	if (D.tests && testgen_finish(D.tests))
		io_err = true;
	summary(&D);
	fflush(stdout);
	int rc = io_err ? EXIT_IO : bad ? EXIT_INPUT : D.st.ncut ? EXIT_CUT
		 : D.st.count[CV_UNKNOWN] ? EXIT_UNKNOWN : 0;
	if (ferror(stdout))
		rc = EXIT_IO;
	free(th);
	free(D.st.ops);
	shard_release(&D);
	check_slowest_release(&D.slow);
	for (int k = 0; k < WINDOW; k++)
		sb_release(&D.text[k]);
	pthread_mutex_destroy(&D.mu);
	pthread_cond_destroy(&D.work);
	pthread_cond_destroy(&D.space);
	return rc;
}
