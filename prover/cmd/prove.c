/*
 * prove.c - `subsume prove`: prove theory files and print the results
 * as text or JSON.
 */
#include <string.h>
#include <sys/resource.h>

#include "cmd/cmd.h"
#include "cmd/confirm.h"
#include "cmd/output.h"
#include "cmd/progress.h"
#include "cmd/run.h"

static const struct opt_usage usage_prove = {
	.usage = "subsume prove [options] PATH...",
	.about =
	"Prove every target of the theory files given (a folder means every\n"
	"*.yaml file in it, in name order).  For each target and domain:\n"
	"the mutants, which are equivalent, which are duplicates, which\n"
	"subsume which, the classes and the minimal set, with a witness\n"
	"input behind every negative answer.\n"
	"\n",
	.tail =
	"exit status: 0 all answers proven, 1 some answers unknown,\n"
	"2 usage error, 3 invalid theory, 4 internal error, 5 I/O error\n"
	"6 the --confirm solver refutes a proof (1: it leaves one unknown),\n"
	"7 a claim (expect:) is refuted\n",
};

/* One line on stderr: what was proved, with what effort. */
static void print_summary(const struct run_state *st)
{
	unsigned calls = 0, lb = 0, mutants = 0, unknown = 0;
	double ms = 0;
	for (int i = 0; i < st->run.n; i++) {
		const struct result *r = st->run.results[i];
		calls += r->solver_calls;
		lb += r->lower_bound;
		mutants += (unsigned)r->n;
		unknown += (unsigned)r->nunknowns;
		ms += r->time_ms;
	}
	struct rusage ru;
	long peak_kb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
	fprintf(stderr,
		"summary: %d theories, %d analyses, %u mutants, %u solver calls, "
		"%u proofs needed at least, %u unknown, %.1f ms proving, "
		"peak memory %ld KB\n",
		st->ntheories, st->run.n, mutants, calls, lb, unknown, ms, peak_kb);
}

/* The extra assumption of the claims checked against r's analysis. */
static const char *claim_assumption(const struct run_state *st,
				    const struct result *r)
{
	for (int i = 0; i < st->run.nclaims; i++)
		if (st->run.claims[i].c->an == r->an)
			return st->run.claims[i].c->assume_text;
	BUG("a claim's analysis without its claim");
}

/* Export (and confirm) every result's proofs, in theory-file order,
 * then those of the claims' own analyses (results[run.n..], run_prove()
 * order); the exit code with the confirmation's folded in. */
static int confirm_all_results(struct confirm *cf, const struct run_state *st,
			       int rc)
{
	int extra = 0;
	for (int t = 0; t < st->ntheories; t++)
		extra += st->theories[t]->nextra;
	for (int k = 0; k < st->run.n; k++)
		confirm_result(cf, NULL, st->run.results[k]);
	for (int k = st->run.n; k < st->run.n + extra; k++)
		confirm_claim_result(cf, st->run.results[k],
				     claim_assumption(st, st->run.results[k]));
	int crc = confirm_finish(cf);
	if (crc == EXIT_DISAGREE || (crc && !rc))
		return crc;
	return rc;
}

/* --tables DIR and --graphs DIR: the files of `subsume tables` and
 * `subsume graphs` from st's proof, all written or none; 0 or an exit
 * code. */
static int write_emitted(const struct run_state *st, const char *tables,
			 const char *graphs)
{
	struct outfile *f = NULL;
	int n = 0, rc = 0;
	size_t cap = 0;
	if (tables) {
		tables_outfiles(&f, &n, &cap, tables, st);
		if (mkdir_p(tables) < 0)
			rc = EXIT_IO;
	}
	if (!rc && graphs) {
		rc = graphs_outfiles(&f, &n, &cap, graphs, st);
		if (!rc && mkdir_p(graphs) < 0)
			rc = EXIT_IO;
	}
	if (!rc)
		rc = outfiles_write(f, n);
	outfiles_free(f, n);
	return rc;
}

int cmd_prove(int argc, char **argv)
{
	static const char *const formats[] = { "text", "json", NULL };
	static const char *const solvers[] = { "cvc5", NULL };
	static const char *const fcmps[] = { "identical", "numeric", NULL };
	const char *format = "text", *out = NULL, *smt2 = NULL, *confirm = NULL;
	const char *fcmp = NULL, *tables = NULL, *graphs = NULL;
	struct run_opts opts = RUN_OPTS_DEFAULT;
	bool timing = true, summary = false, progress = progress_default();
	const struct option options[] = {
		OPT_CHOICE(0, "format", "FMT", &format, formats,
			   "text (default) or json"),
		OPT_TIMEOUT(&opts.prove.timeout_ms),
		OPT_RLIMIT(&opts.prove.rlimit),
		OPT_STRING('o', NULL, "FILE", &out,
			   "write to FILE (all or nothing) instead of stdout"),
		OPT_NO_TIMING(&timing),
		OPT_JOBS(&opts.jobs),
		OPT_FLAG(0, "summary", &summary, true,
			 "print a one-line summary (solver calls, time) on\n"
			 "stderr"),
		OPT_FLAG(0, "naive", &opts.prove.naive, true,
			 "the paper's method: a fresh solver per question,\n"
			 "every pair asked, no test pool (for comparison)"),
		OPT_PROGRESS(&progress),
		OPT_SMT2(&smt2),
		OPT_CONFIRM(&confirm, solvers),
		OPT_CHOICE(0, "float-compare", "HOW", &fcmp, fcmps,
			   "how a test compares floating results, for every\n"
			   "theory (overrides its float-compare key):\n"
			   "identical (-0.0 differs from 0.0, NaN equals NaN)\n"
			   "or numeric (==, with NaN equal to NaN)"),
		OPT_STRING(0, "tables", "DIR", &tables,
			   "also write the C tables of `subsume tables -o DIR`\n"
			   "from this proof (no second proof of the theories)"),
		OPT_STRING(0, "graphs", "DIR", &graphs,
			   "also write the DOT graphs of `subsume graphs -o\n"
			   "DIR` from this proof (with --tables: all the files\n"
			   "of both are written or none)"),
		OPT_HELP(),
		OPT_END(),
	};
	int i, rc = parse_options(argc, argv, options, &usage_prove, &i);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (i >= argc)
		return opt_usage_error(options, &usage_prove,
				       "no theory files given");
	if ((tables && !*tables) || (graphs && !*graphs))
		return opt_usage_error(options, &usage_prove,
				       "--tables and --graphs need a folder");

	struct run_state st;
	struct confirm *cf = NULL;
	if (fcmp)
		theory_force_float_compare(strcmp(fcmp, "numeric")
						   ? FCMP_IDENTICAL
						   : FCMP_NUMERIC);
	rc = run_load(&st, argv + i, argc - i);
	if (!rc && (smt2 || confirm)) {
		opts.prove.smt2 = true;
		cf = confirm_new(smt2, confirm, opts.prove.timeout_ms, opts.jobs);
		if (!cf)
			rc = EXIT_IO;
	}
	if (!rc) {
		struct progress prog;
		progress_start(&prog, progress, "prove", "analyses");
		opts.progress = &prog;
		run_prove(&st, &opts);
		progress_end(&prog);
		opts.progress = NULL;
		st.run.timing = timing;
		struct strbuf sb = STRBUF_INIT;
		if (!strcmp(format, "json"))
			emit_json(&sb, &st.run);
		else
			emit_text(&sb, &st.run);
		rc = write_output(out, &sb);
		sb_release(&sb);
		if (!rc && (tables || graphs))
			rc = write_emitted(&st, tables, graphs);
		if (summary)
			print_summary(&st);
		if (!rc && (st.unknown || st.refuted))
			rc = st.refuted ? EXIT_REFUTED : EXIT_UNKNOWN;
		if (cf)
			rc = confirm_all_results(cf, &st, rc);
	}
	run_release(&st);
	return rc;
}
