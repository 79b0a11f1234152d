/*
 * check.c - the `subsume check` command: its options, the inputs, the
 * contracts and the outputs set up, then the driver (cmd/check-run.c).
 */
#include <dirent.h>
#include <errno.h>
#include <string.h>

#include "check/check.h"
#include "check/kills.h"
#include "check/testgen.h"
#include "check/mte.h"
#include "check/readers.h"
#include "check/source.h"
#include "check/pit.h"
#include "cmd/check-report.h"
#include "cmd/check-run.h"
#include "cmd/cmd.h"
#include "cmd/confirm.h"
#include "cmd/progress.h"
#include "cmd/run.h"
#include "lang/stats.h"
#include "sem/mir.h"
#include "sem/smt.h"

static const struct opt_usage usage_check = {
	.usage = "subsume check [options] FILE...",
	.about =
	"Decide, for every mutant of Major mutants.log files (7 or 8 fields,\n"
	"detected per line), native YAML batches (*.yaml, *.yml; format in\n"
	"docs/check.md), mutation-testing-elements reports (*.json, from\n"
	"PIT, Stryker or Mull: each mutant judged at its location in the\n"
	"report's sources) or PIT's mutations.xml (*.xml, with --source: each\n"
	"mutant judged at the places of its line its mutator acts on),\n"
	"whether it is equivalent (proven), a duplicate of or subsumed by\n"
	"another mutant of its site, redundant by the generic table of its\n"
	"operator, killable (with a killing input), unknown, unsupported\n"
	"(with the reason) or, a PIT mutant with several candidate places not\n"
	"all equivalent, ambiguous (each listed).\n"
	"\n",
	.tail =
	"exit status: 0 done, 1 some verdicts unknown (a solver limit, or a\n"
	"  site or method cut short by its --budget or the solver's memory\n"
	"  cap: the other verdicts are written), 2 usage error (or\n"
	"  --format html from a build without the report viewer),\n"
	"3 malformed input lines or batch errors (the rest is checked),\n"
	"  or a malformed --kills file or report (nothing is checked),\n"
	"4 internal error, 5 a file cannot be read\n"
	"6 the --confirm solver refutes a proof (1: it leaves one unknown)\n",
};

/* Are all inputs YAML batches (whose C sites name their source)? */
static bool all_yaml(char **paths, int n)
{
	for (int k = 0; k < n; k++)
		if (check_reader_for(paths[k])->kind != CHECK_IN_YAML)
			return false;
	return true;
}

static FILE **open_inputs(char **paths, int n)
{
	FILE **fs = xcalloc((size_t)n, sizeof(*fs));
	bool bad = false;
	for (int k = 0; k < n; k++) {
		if (!check_reader_for(paths[k])->stream)
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

static bool any_report(char **paths, int n)
{
	for (int k = 0; k < n; k++)
		if (check_reader_for(paths[k])->kind == CHECK_IN_REPORT)
			return true;
	return false;
}

static void free_reports(struct check_elements **es, int n)
{
	for (int k = 0; es && k < n; k++)
		check_elements_free(es[k]);
	free(es);
}

/* The options of `check`, as parsed. */
struct check_args {
	const char *format, *cfile, *smt2, *confirm, *fcmp, *kfile, *shard;
	const char *tests, *mutants, *junit; /* --tests DIR (check/testgen.h) */
	unsigned timeout, rlimit, budget, jobs, unroll;
	bool timing, method, progress;
	struct opt_list srcdirs;
	struct check_shard sh;       /* --shard, parsed */
};

/* --shard K/N: 0, or EXIT_USAGE (reported). */
static int parse_shard(const char *s, struct check_shard *sh)
{
	char *e1, *e2;
	unsigned long k = strtoul(s, &e1, 10), n = 0;
	if (e1 != s && *e1 == '/' && e1[1] >= '0' && e1[1] <= '9')
		n = strtoul(e1 + 1, &e2, 10);
	else
		e2 = e1;
	if (*s < '0' || *s > '9' || !n || *e2 || k < 1 || k > n || n > 100000) {
		error("--shard %s: expected K/N with 1 <= K <= N <= 100000 (this "
		      "run judges part K of N), e.g. --shard 2/4", s);
		return EXIT_USAGE;
	}
	sh->k = (unsigned)k;
	sh->n = (unsigned)n;
	return 0;
}

/* The options that change a sharded run's output, for its hash (the
 * shards of one run must agree on them; cmd/merge.c). */
static char *shard_args(const struct check_args *A, char **paths, int n)
{
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "format=%s method=%d unroll=%u rlimit=%u budget=%u "
		  "timeout=%u timing=%d contracts=%s fcmp=%s kills=%s", A->format,
		  A->method, A->unroll, A->rlimit, A->budget, A->timeout, A->timing,
		  A->cfile ? A->cfile : "-", A->fcmp ? A->fcmp : "-",
		  A->kfile ? A->kfile : "-");
	for (int k = 0; k < A->srcdirs.n; k++)
		sb_printf(&sb, " source=%s", A->srcdirs.v[k]);
	for (int k = 0; k < n; k++)
		sb_printf(&sb, " input=%s", paths[k]);
	return sb.buf;
}

/* Every --source directory opens; 0, or EXIT_IO (reported). */
static int source_dirs_ok(const struct opt_list *dirs)
{
	for (int k = 0; k < dirs->n; k++) {
		DIR *d = opendir(dirs->v[k]);
		if (!d) {
			error("--source %s: %s", dirs->v[k], strerror(errno));
			return EXIT_IO;
		}
		closedir(d);
	}
	return 0;
}

/* The inputs that are mutation-testing-elements reports, loaded and
 * checked whole ([n], NULL for the others; *all: every input is one);
 * NULL and *rc when one is malformed or unreadable (errors printed). */
static struct check_elements **load_reports(char **paths, int n, bool *all,
					    int *rc)
{
	struct check_elements **es = xcalloc((size_t)n, sizeof(*es));
	*all = true;
	*rc = 0;
	for (int k = 0; k < n; k++) {
		bool io = false;
		if (check_reader_for(paths[k])->kind != CHECK_IN_REPORT)
			*all = false;
		else if (!(es[k] = check_elements_load(paths[k], &io)) &&
			 *rc != EXIT_IO)
			*rc = io ? EXIT_IO : EXIT_INPUT;
	}
	if (!*rc)
		return es;
	free_reports(es, n);
	return NULL;
}

struct krows {
	struct check_kills *k;
	long n;
};

static void kill_row(void *ctx, const char *id, const char *status)
{
	struct krows *R = ctx;
	static const char *const st[] = { "Killed", "Timeout", "Survived",
					  "NoCoverage" };
	static const enum kill_status ks[] = { KS_FAIL, KS_TIME, KS_LIVE,
					       KS_UNCOV };
	for (size_t i = 0; i < ARRAY_SIZE(st); i++)
		if (!strcmp(status, st[i]))
			R->n += kills_add(R->k, id, ks[i]);
}

/* Every input a report and no --kills: their statuses are the test
 * results (Killed a FAIL, Timeout a TIME, Survived LIVE, NoCoverage
 * UNCOV; the others none: RuntimeError and CompileError are errors of
 * the test run, which the score leaves out, Ignored and Pending were
 * not tested), unless no mutant has one (NULL: untested mutants). */
static struct check_kills *report_kills(struct check_elements **es,
					char **paths, int n)
{
	struct check_kills *k = kills_new(paths[0], n == 1 ?
		"the statuses in the report" : "the statuses in the reports");
	struct krows R = { k, 0 };
	for (int i = 0; i < n; i++)
		check_elements_each(es[i], kill_row, &R);
	if (!R.n) {
		kills_free(k);
		return NULL;
	}
	kills_seal(k);
	return k;
}

/* The report written: the input reports' files first (every input a
 * report: the reports written back). */
static struct check_report *report_of(struct check_args *A,
				      struct check_elements **es, int n,
				      bool all)
{
	struct check_report *r = all ? check_report_new_elements(A->kfile)
		: check_report_new(A->srcdirs.v, A->srcdirs.n, A->kfile);
	for (int i = 0; i < n; i++)
		for (int f = 0; es[i] && f < check_elements_nfiles(es[i]); f++) {
			const char *path, *lang, *src;
			check_elements_file(es[i], f, &path, &lang, &src);
			check_report_add_file(r, path, lang, src);
		}
	return r;
}

/* Check the n files paths with the options A: the reports, sources,
 * contracts and inputs set up (every input opened before anything is
 * written), the run, the proofs confirmed; the exit status. */
static int check_files(struct check_args *A, char **paths, int n)
{
	struct check_kills *kills = NULL;
	int rc = check_report_start(A->format, A->kfile, &kills);
	if (rc)
		return rc;
	/* the run's parse table: each expression text parsed once */
	struct arena *pa = arena_new();
	parse_run_open(pa);
	bool all;
	struct check_elements **es = load_reports(paths, n, &all, &rc);
	if (!es) {
		kills_free(kills);
		parse_run_close();
		arena_free(pa);
		return rc;
	}
	bool own_kills = all && !kills;
	if (own_kills)
		kills = report_kills(es, paths, n);
	own_kills = own_kills && kills;
	bool rep = !strcmp(A->format, "elements") || !strcmp(A->format, "html");
	struct check_report *report = rep ? report_of(A, es, n, all) : NULL;
	struct check_sources *src = A->srcdirs.n ? check_sources_new(
		(char *const *)A->srcdirs.v, A->srcdirs.n) : NULL;
	if (src)
		check_sources_set_method(src, A->method);
	bool no_contracts = A->cfile && !strcmp(A->cfile, "none");
	struct arena *ca = arena_new();
	struct contracts contracts = { 0 };
	FILE **fs = NULL;
	if (!no_contracts && contracts_load(ca, A->cfile, &contracts) < 0)
		rc = A->cfile ? EXIT_INPUT : EXIT_INTERNAL;
	else if (!(fs = open_inputs(paths, n)))
		rc = EXIT_IO;
	struct check_opts opts = {
		.timeout_ms = A->timeout, .rlimit = A->rlimit,
		.budget = A->budget,
		.contracts = no_contracts ? NULL : &contracts,
		.smt2 = A->smt2 || A->confirm,
		.method = A->method, .unroll = A->unroll,
		.fcmp = !A->fcmp ? 0 : 1 + (strcmp(A->fcmp, "numeric")
						? FCMP_IDENTICAL : FCMP_NUMERIC)
	};
	struct check_run cr = { .opts = &opts, .timeout_ms = A->timeout,
				.jobs = A->jobs, .format = A->format,
				.timing = A->timing, .src = src, .kills = kills,
				.report = report, .elements = es,
				.progress = A->progress };
	struct testgen_opts to = { .dir = A->tests, .mutants = A->mutants,
				   .junit = A->junit };
	if (!rc && A->tests && !(cr.tests = testgen_new(&to))) {
		close_inputs(fs, n);
		fs = NULL;
		rc = EXIT_IO;
	}
	char *sargs = NULL;
	cr.shard = A->sh;
	if (cr.shard.n)
		cr.shard.args = sargs = shard_args(A, paths, n);
	if (!rc && opts.smt2 && !(cr.confirm = start_confirm(A->smt2, A->confirm,
							     A->timeout, A->jobs))) {
		close_inputs(fs, n);
		fs = NULL;
		rc = EXIT_IO;
	}
	bool ran = !rc;
	if (ran) {
		rc = check_run(&cr, paths, fs, n);
		if (cr.confirm)
			rc = finish_confirm(cr.confirm, rc);
		free(fs);
	}
	free(sargs);
	check_table_release();
	check_cache_release();
	check_pit_release();
	if (kills && ran && !own_kills)
		kills_warn(kills);
	free_reports(es, n);
	check_sources_free(src);
	lang_stats_print(stderr); /* SUBSUME_TRACE: the front end's repeats */
	kills_free(kills);
	check_report_free(report);
	testgen_free(cr.tests);
	arena_free(ca);
	parse_run_close();
	arena_free(pa);
	return rc;
}

int cmd_check(int argc, char **argv)
{
	static const char *const formats[] = { "text", "json", "csv",
						"elements", "html", "pit", NULL };
	static const char *const solvers[] = { "cvc5", NULL };
	static const char *const fcmps[] = { "identical", "numeric", NULL };
	struct check_args A = { .format = "text", .timeout = DEFAULT_TIMEOUT_MS,
				.rlimit = DEFAULT_RLIMIT,
				.budget = CHECK_DEFAULT_BUDGET, .jobs = 1,
				.unroll = MIR_DEFAULT_UNROLL, .timing = true,
				.progress = progress_default() };
	const struct option options[] = {
		OPT_LIST(0, "source", "DIR",  &A.srcdirs,
			 "the Java sources of the logged classes (repeatable;\n"
			 "class a.b.C is read from DIR/a/b/C.java): each Major\n"
			 "mutant is judged at its exact place, in its enclosing\n"
			 "expression, with the declared types of its variables"),
		OPT_FLAG(0, "method", &A.method, true,
			 "with --source or reports: judge each mutant in its\n"
			 "method (what a test of the method sees: return\n"
			 "value, exception, fields), where the method model\n"
			 "covers the method; C sites of a batch that name\n"
			 "their source, function and line in their function"),
		OPT_UINT(0, "unroll", "N", &A.unroll, 1, 64, 0,
			 "with --method: unroll loops N times (default 8); an\n"
			 "equivalence that needs more is not claimed"),
		OPT_STRING(0, "kills", "FILE", &A.kfile,
			   "Major's test results (kill.csv: MutantNo,[FAIL |\n"
			   "TIME | EXC | LIVE]): each mutant's test status in\n"
			   "every format, and in the summary the live mutants\n"
			   "proven equivalent with the corrected score, the live\n"
			   "ones with a killing input (tests to write) and the\n"
			   "proven claims the tests contradict"),
		OPT_STRING(0, "tests", "DIR", &A.tests,
			   "write a JUnit 5 test for every live mutant that is\n"
			   "killable in its method (live: --kills, a report's or\n"
			   "PIT's statuses), calling it with the killing input\n"
			   "and asserting what the original does; each verified\n"
			   "(passes on the original, fails on the mutant: javac\n"
			   "and JUnit) before it goes to DIR as a kill, else to\n"
			   "DIR/unverified with the reason"),
		OPT_STRING(0, "mutants", "DIR", &A.mutants,
			   "with --tests: Major's mutated sources (DIR/ID/...),\n"
			   "the mutants the tests are verified against (else\n"
			   "the mutation applied to a copy of the source)"),
		OPT_STRING(0, "junit", "JAR", &A.junit,
			   "with --tests: the JUnit 5 console launcher's\n"
			   "standalone jar (default: $SUBSUME_JUNIT, Debian's,\n"
			   "or the pinned 1.11.4 that make deps fetches)"),
		OPT_CHOICE(0, "format", "FMT", &A.format, formats,
			   "text (default), json, csv, elements (the\n"
			   "mutation-testing-elements JSON report, schema 2:\n"
			   "with --source the files' sources, with --kills the\n"
			   "statuses; from reports, the same reports with the\n"
			   "verdicts), html (a self-contained page rendering\n"
			   "that report) or pit (the PIT mutations.xml input as\n"
			   "read, status EQUIVALENT for the proven ones)"),
		OPT_STRING(0, "contracts", "FILE", &A.cfile,
			   "contracts for opaque calls (default: the built-in\n"
			   "configs/contracts.yaml); 'none' for no contracts"),
		OPT_TIMEOUT(&A.timeout),
		OPT_RLIMIT(&A.rlimit),
		OPT_UINT(0, "budget", "N", &A.budget, 0, 0,
			 "a number of Z3 resource units",
			 "solver resource units for all the questions of one\n"
			 "site (and one method, with --method): cheap ones\n"
			 "first, then those left are unknown (budget); the\n"
			 "same answers on every machine (default %u;\n"
			 "0 means none)"),
		OPT_JOBS_HELP(&A.jobs, "decide sites on N threads (same output)"),
		OPT_NO_TIMING_HELP(&A.timing,
				   "leave times and rates out of the summary"),
		OPT_STRING(0, "shard", "K/N", &A.shard,
			   "judge part K of N only (1 <= K <= N): whole\n"
			   "classes (a report's files, YAML batches) dealt to N\n"
			   "parts by their number of mutants, the same parts on\n"
			   "every machine; 'subsume merge' joins the parts'\n"
			   "--format json or elements outputs into the output\n"
			   "of the whole run"),
		OPT_PROGRESS(&A.progress),
		OPT_FLAG(0, "no-cache", &check_cache_enabled, false,
			 "prove every site and method, even when an identical\n"
			 "proof obligation was proven before (for benchmarks)"),
		OPT_SMT2(&A.smt2),
		OPT_CONFIRM(&A.confirm, solvers),
		OPT_CHOICE(0, "float-compare", "HOW", &A.fcmp, fcmps,
			   "how a test compares floating results, for every\n"
			   "site (overrides a batch's or site's float-compare\n"
			   "key): identical (the default: -0.0 differs from\n"
			   "0.0, NaN equals NaN) or numeric (==, with NaN\n"
			   "equal to NaN)"),
		OPT_HELP(),
		OPT_END(),
	};
	int i, rc = parse_options(argc, argv, options, &usage_check, &i);
	if (!rc && i >= argc)
		rc = opt_usage_error(options, &usage_check, "no input files given");
	if (!rc && A.shard)
		rc = parse_shard(A.shard, &A.sh);
	if (!rc && (A.mutants || A.junit) && !A.tests)
		rc = opt_usage_error(options, &usage_check, "--mutants and "
				     "--junit go with --tests DIR");
	if (!rc && A.tests && A.shard)
		rc = opt_usage_error(options, &usage_check, "--tests writes the "
				     "tests of the whole run (no --shard)");
	if (!rc && !strcmp(A.format, "pit") && (argc - i != 1 ||
	    check_reader_for(argv[i])->kind != CHECK_IN_PIT || A.shard))
		rc = opt_usage_error(options, &usage_check, "--format pit writes "
				     "back one PIT mutations.xml (one input, "
				     "no --shard)");
	if (!rc && !(rc = source_dirs_ok(&A.srcdirs)) && A.method &&
		 !A.srcdirs.n && !any_report(argv + i, argc - i) &&
		 !all_yaml(argv + i, argc - i))
		rc = opt_usage_error(options, &usage_check, "--method needs "
				     "--source (or YAML batches, whose C sites "
				     "name their source)");
	else if (!rc)
		rc = check_files(&A, argv + i, argc - i);
	opt_list_release(&A.srcdirs);
	return rc < 0 ? 0 : rc;
}
