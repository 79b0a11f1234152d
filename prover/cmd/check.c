/*
 * check.c - the `subsume check` command: read mutant lists, decide every
 * mutant on worker threads, write verdicts in input order.
 *
 * Streaming: the reader (this thread) hands groups to the workers
 * through a window of WINDOW groups; a worker that finishes the oldest
 * group writes every finished group in order and frees it.  The reader
 * waits when the window is full, so memory is bounded by the window,
 * not by the log.  The window is wide (1024 groups, a few MB at most):
 * while one worker spends a long time on a hard site, the others go on
 * with the groups after it instead of waiting for it to be written
 * (with 64, a worker of `-j 2` on the shipped logs sat idle for a
 * third of the run).
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "check/check.h"
#include "check/kills.h"
#include "check/source.h"
#include "cmd/check-report.h"
#include "cmd/cmd.h"
#include "cmd/confirm.h"
#include "cmd/run.h"
#include "sem/mir.h"
#include "sem/smt.h"

#define WINDOW 1024

static const struct opt_usage usage_check = {
	.usage = "subsume check [options] FILE...",
	.about =
	"Decide, for every mutant of Major mutants.log files (7 or 8 fields,\n"
	"detected per line) or native YAML batches (*.yaml, *.yml; format in\n"
	"docs/check.md), whether it is equivalent (proven), a duplicate of or\n"
	"subsumed by another mutant of its site, redundant by the generic\n"
	"table of its operator, killable (with a killing input), unknown or\n"
	"unsupported (with the reason).\n"
	"\n",
	.tail =
	"exit status: 0 done, 1 some verdicts unknown, 2 usage error (or\n"
	"  --format html from a build without the report viewer),\n"
	"3 malformed input lines or batch errors (the rest is checked),\n"
	"  or a malformed --kills file (nothing is checked),\n"
	"4 internal error, 5 a file cannot be read\n"
	"6 the --confirm solver refutes a proof (1: it leaves one unknown)\n",
};

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
	long level[5];           /* mutants per enum check_level */
	/* statistics */
	long nmut, nsites, ngroups, count[CV_COUNT];
	unsigned long calls;
	struct opstat *ops;
	size_t nops, capops;
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
	for (int k = 0; D->confirm && k < g->nproved; k++)
		confirm_result(D->confirm, g->file, g->proved[k]);
	D->nsites += g->nsites;
	D->calls += g->solver_calls;
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
			if (D->src) {
				static const char *const lv[] = { "log",
					"expression", "statement", "log only",
					"method" };
				sb_puts(sb, ", \"level\": ");
				sb_json_str(sb, lv[m->level]);
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
		if (D->src)
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
		if (D->kills)
			kills_summary_json(D->kills, &sb);
		sb_puts(&sb, "}\n}\n");
	} else if (!strcmp(D->format, "text")) {
		sb_printf(&sb, "\nsummary: %ld mutants in %ld sites", D->nmut,
			  D->nsites);
		if (bad)
			sb_printf(&sb, ", %ld malformed input lines skipped", bad);
		if (D->src)
			sb_printf(&sb, "\n  verdicts are at the level of each "
				  "mutant's enclosing expression (--source): %ld "
				  "in their enclosing expression, %ld statements, "
				  "%ld from the log only (reason in the verdict)",
				  D->level[CL_EXPRESSION], D->level[CL_STATEMENT],
				  D->level[CL_FALLBACK]);
		if (D->opts->method)
			sb_printf(&sb, "\n  --method: %ld decided in their "
				  "method (what a test of the method sees), the "
				  "others at the level above with the method-level "
				  "finding in their note", D->level[CL_METHOD]);
		sb_puts(&sb, "\n ");
		for (int v = 0; v < CV_COUNT; v++)
			sb_printf(&sb, " %s %ld", cverdict_name(v), D->count[v]);
		sb_puts(&sb, "\n  per operator:   ");
		for (int v = 0; v < CV_COUNT; v++)
			sb_printf(&sb, " %6.6s", cverdict_name(v));
		sb_putc(&sb, '\n');
		for (size_t k = 0; k < D->nops; k++) {
			sb_printf(&sb, "    %-12s ", D->ops[k].name);
			for (int v = 0; v < CV_COUNT; v++)
				sb_printf(&sb, " %6ld", D->ops[k].n[v]);
			sb_putc(&sb, '\n');
		}
		if (D->timing)
			sb_printf(&sb, "  solver calls: %lu, time: %.1f ms, %.0f "
				  "mutants/s\n", D->calls, ms, rate);
		if (D->kills)
			kills_summary_text(D->kills, &sb);
	} else if (D->report) {
		check_report_write(D->report, D->format);
	}
	fwrite(sb.buf ? sb.buf : "", 1, sb.len, stdout);
	sb_release(&sb);
}

/* Open every input that is not a YAML batch ("-": standard input); NULL
 * (errors printed, nothing left open) when one cannot be read. */
static FILE **open_inputs(char **paths, int n)
{
	FILE **fs = xcalloc((size_t)n, sizeof(*fs));
	bool bad = false;
	for (int k = 0; k < n; k++) {
		if (check_is_yaml(paths[k]))
			continue;
		fs[k] = !strcmp(paths[k], "-") ? stdin : fopen(paths[k], "r");
		if (!fs[k]) {
			error("cannot read %s: %s", paths[k], strerror(errno));
			bad = true;
		}
	}
	if (!bad)
		return fs;
	for (int k = 0; k < n; k++)
		if (fs[k] && fs[k] != stdin)
			fclose(fs[k]);
	free(fs);
	return NULL;
}

/* The proofs behind "redundant by table" verdicts. */
static void table_proofs(void *ctx, const struct result *r)
{
	confirm_result(ctx, "table", r);
}

/* --smt2, --confirm: every proof exported (NULL: error printed). */
static struct confirm *start_confirm(const char *dir, const char *solver,
				     unsigned timeout, unsigned jobs)
{
	/* Every site's own obligations, the same files whatever -j: which
	 * of two identical obligations the cache would answer depends on
	 * the threads' timing. */
	check_table_smt2 = true;
	check_cache_enabled = false;
	return confirm_new(dir, solver, timeout, jobs);
}

/* The table's proofs too, then confirmation; rc with its result. */
static int finish_confirm(struct confirm *cf, int rc)
{
	check_table_each(table_proofs, cf);
	int crc = confirm_finish(cf);
	return crc == EXIT_DISAGREE || (crc && !rc) ? crc : rc;
}

static void close_inputs(FILE **fs, int n)
{
	for (int k = 0; k < n; k++)
		if (fs[k] && fs[k] != stdin)
			fclose(fs[k]);
	free(fs);
}

int cmd_check(int argc, char **argv)
{
	static const char *const formats[] = { "text", "json", "csv",
						"elements", "html", NULL };
	static const char *const solvers[] = { "cvc5", NULL };
	static const char *const fcmps[] = { "identical", "numeric", NULL };
	const char *format = "text", *cfile = NULL, *smt2 = NULL, *confirm = NULL;
	const char *fcmp = NULL, *kfile = NULL;
	unsigned timeout = 10000, rlimit = DEFAULT_RLIMIT, jobs = 1;
	bool timing = true, method = false;
	unsigned unroll = MIR_DEFAULT_UNROLL;
	struct opt_list srcdirs = { 0 };
	const struct option options[] = {
		OPT_LIST(0, "source", "DIR",  &srcdirs,
			 "the Java sources of the logged classes (repeatable;\n"
			 "class a.b.C is read from DIR/a/b/C.java): each Major\n"
			 "mutant is judged at its exact place, in its enclosing\n"
			 "expression, with the declared types of its variables"),
		OPT_FLAG(0, "method", &method, true,
			 "with --source: judge each mutant in its method (what\n"
			 "a test of the method sees: return value, exception,\n"
			 "fields), where the method model covers the method"),
		OPT_UINT(0, "unroll", "N", &unroll, 1, 64, 0,
			 "with --method: unroll loops N times (default 8); an\n"
			 "equivalence that needs more is not claimed"),
		OPT_STRING(0, "kills", "FILE", &kfile,
			   "Major's test results (kill.csv: MutantNo,[FAIL |\n"
			   "TIME | EXC | LIVE]): each mutant's test status in\n"
			   "every format, and in the summary the live mutants\n"
			   "proven equivalent with the corrected score, the live\n"
			   "ones with a killing input (tests to write) and the\n"
			   "proven claims the tests contradict"),
		OPT_CHOICE(0, "format", "FMT", &format, formats,
			   "text (default), json, csv, elements (the\n"
			   "mutation-testing-elements JSON report, schema 2:\n"
			   "with --source the files' sources, with --kills the\n"
			   "statuses) or html (a self-contained page rendering\n"
			   "that report)"),
		OPT_STRING(0, "contracts", "FILE", &cfile,
			   "contracts for opaque calls (default: the built-in\n"
			   "configs/contracts.yaml); 'none' for no contracts"),
		OPT_TIMEOUT(&timeout),
		OPT_RLIMIT(&rlimit),
		OPT_JOBS_HELP(&jobs, "decide sites on N threads (same output)"),
		OPT_NO_TIMING_HELP(&timing,
				   "leave times and rates out of the summary"),
		OPT_FLAG(0, "no-cache", &check_cache_enabled, false,
			 "prove every site, even when an identical proof\n"
			 "obligation was proven before (for benchmarks)"),
		OPT_SMT2(&smt2),
		OPT_CONFIRM(&confirm, solvers),
		OPT_CHOICE(0, "float-compare", "HOW", &fcmp, fcmps,
			   "how a test compares floating results, for every\n"
			   "site (overrides a batch's or site's float-compare\n"
			   "key): identical (the default: -0.0 differs from\n"
			   "0.0, NaN equals NaN) or numeric (==, with NaN\n"
			   "equal to NaN)"),
		OPT_HELP(),
		OPT_END(),
	};
	int i, rc = parse_options(argc, argv, options, &usage_check, &i);
	if (rc) {
		opt_list_release(&srcdirs);
		return rc < 0 ? 0 : rc;
	}
	if (i >= argc) {
		opt_list_release(&srcdirs);
		return opt_usage_error(options, &usage_check,
				       "no input files given");
	}
	for (int k = 0; k < srcdirs.n; k++) {
		DIR *d = opendir(srcdirs.v[k]);
		if (!d) {
			error("--source %s: %s", srcdirs.v[k], strerror(errno));
			opt_list_release(&srcdirs);
			return EXIT_IO;
		}
		closedir(d);
	}
	if (method && !srcdirs.n) {
		opt_list_release(&srcdirs);
		return opt_usage_error(options, &usage_check,
				       "--method needs --source");
	}
	struct check_kills *kills = NULL;
	if ((rc = check_report_start(format, kfile, &kills))) {
		opt_list_release(&srcdirs);
		return rc;
	}
	struct check_report *report = strcmp(format, "elements") &&
		strcmp(format, "html") ? NULL :
		check_report_new(srcdirs.v, srcdirs.n, kfile);
	struct check_sources *src = srcdirs.n ? check_sources_new(
		(char *const *)srcdirs.v, srcdirs.n) : NULL;
	if (src)
		check_sources_set_method(src, method);
	opt_list_release(&srcdirs);
	bool no_contracts = cfile && !strcmp(cfile, "none");

	struct arena *ca = arena_new();
	struct contracts contracts = { 0 };
	/* Every file must open before anything is written. */
	int nfiles = argc - i;
	FILE **fs = NULL;
	if (!no_contracts && contracts_load(ca, cfile, &contracts) < 0)
		rc = cfile ? EXIT_INPUT : EXIT_INTERNAL;
	else if (!(fs = open_inputs(argv + i, nfiles)))
		rc = EXIT_IO;
	if (rc) {
		check_sources_free(src);
		kills_free(kills);
		check_report_free(report);
		arena_free(ca);
		return rc;
	}

	struct check_opts opts = { .timeout_ms = timeout, .rlimit = rlimit,
				   .contracts = no_contracts ? NULL : &contracts,
				   .smt2 = smt2 || confirm,
				   .method = method, .unroll = unroll,
				   .fcmp = !fcmp ? 0
					   : 1 + (strcmp(fcmp, "numeric")
							  ? FCMP_IDENTICAL
							  : FCMP_NUMERIC) };
	struct driver D = { .opts = &opts, .timeout_ms = timeout,
			    .format = format, .timing = timing };
	D.src = src;
	D.kills = kills;
	D.report = report;
	if (opts.smt2 && !(D.confirm = start_confirm(smt2, confirm, timeout, jobs))) {
		close_inputs(fs, nfiles);
		check_sources_free(src);
		arena_free(ca);
		return EXIT_IO;
	}
	pthread_mutex_init(&D.mu, NULL);
	pthread_cond_init(&D.work, NULL);
	pthread_cond_init(&D.space, NULL);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (!strcmp(format, "json"))
		printf("{\n  \"subsume_check\": \"%s\",\n  \"mutants\": [",
		       SUBSUME_VERSION);
	else if (!strcmp(format, "csv"))
		printf("file,line,where,id,operator,verdict,by,detail,original,"
		       "mutant%s\n", kills ? ",tests" : "");
	fflush(stdout);
	pthread_t *th = xcalloc(jobs, sizeof(*th));
	for (unsigned k = 0; k < jobs; k++)
		if (pthread_create(&th[k], NULL, worker, &D))
			die("cannot start a thread");
	long bad = 0, seq = 0;
	bool io_err = false;
	for (int k = 0; k < nfiles; k++) {
		const char *path = argv[i + k];
		long r;
		if (check_is_yaml(path))
			r = check_read_yaml(path, enqueue, &D, &seq);
		else
			r = check_read_major_src(fs[k], path, D.src, enqueue,
						 &D, &seq);
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
	for (unsigned k = 0; k < jobs; k++)
		pthread_join(th[k], NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	summary(&D, ms, bad);
	fflush(stdout);
	rc = io_err ? EXIT_IO : bad ? EXIT_INPUT : D.count[CV_UNKNOWN] ? EXIT_UNKNOWN : 0;
	if (ferror(stdout))
		rc = EXIT_IO;
	if (D.confirm)
		rc = finish_confirm(D.confirm, rc);
	free(th);
	free(fs);
	free(D.ops);
	for (int k = 0; k < WINDOW; k++)
		sb_release(&D.text[k]);
	pthread_mutex_destroy(&D.mu);
	pthread_cond_destroy(&D.work);
	pthread_cond_destroy(&D.space);
	check_table_release();
	check_cache_release();
	if (D.kills)
		kills_warn(D.kills);
	check_sources_free(D.src);
	kills_free(D.kills);
	check_report_free(D.report);
	arena_free(ca);
	return rc;
}
