/*
 * main.c - the command line: `subsume COMMAND [OPTIONS] ARGS...`.
 *
 * Each command is a cmd_<name>() that parses its own options.  Input is
 * read and checked in full before any output is written, and output
 * files are written all-or-nothing.  Exit codes are in util.h and
 * README.md.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/cmd.h"
#include "cmd/run.h"
#include "sem/smt.h"

static const char usage_main[] =
	"usage: subsume <command> [options] [arguments]\n"
	"\n"
	"Prove mutation-testing theories with the Z3 SMT solver.\n"
	"\n"
	"commands:\n"
	"  prove     prove equivalence, duplicates, subsumption and the\n"
	"            minimal mutant set of every target in theory files\n"
	"  tables    write the minimal sets as C99 tables with a lookup API\n"
	"  graphs    write the subsumption graphs as Graphviz DOT files\n"
	"  export    write the minimal sets in another tool's format\n"
	"            (--mml: Major's Mutation Modeling Language)\n"
	"  report    write a Markdown table of the minimal sets\n"
	"  check     per-mutant verdicts for Major mutants.log files and\n"
	"            YAML batches: equivalent, redundant or killable\n"
	"  compare   a published table of minimal sets next to the proven\n"
	"            ones, as Markdown (docs/table1.md)\n"
	"  help      show the help of a command\n"
	"\n"
	"options:\n"
	"  -h, --help     show this help\n"
	"  --version      show the versions of subsume and Z3\n"
	"\n"
	"Run 'subsume <command> --help' for a command's options.\n";

static const char usage_prove[] =
	"usage: subsume prove [options] PATH...\n"
	"\n"
	"Prove every target of the theory files given (a folder means every\n"
	"*.yaml file in it, in name order).  For each target and domain:\n"
	"the mutants, which are equivalent, which are duplicates, which\n"
	"subsume which, the classes and the minimal set, with a witness\n"
	"input behind every negative answer.\n"
	"\n"
	"options:\n"
	"  --format FMT    text (default) or json\n"
	"  --timeout MS    solver time limit per query in milliseconds\n"
	"                  (default 60000; 0 means none)\n"
	"  --rlimit N      solver resource limit per query, in Z3's units:\n"
	"                  unlike time, it gives the same answers on every\n"
	"                  machine (default 50000000; 0 means none)\n"
	"  -o FILE         write to FILE (all or nothing) instead of stdout\n"
	"  --no-timing     leave run times out, for reproducible output\n"
	"  -j N            prove on N threads (output is the same as -j 1)\n"
	"  --summary       print a one-line summary (solver calls, time) on\n"
	"                  stderr\n"
	"  --naive         the paper's method: a fresh solver per question,\n"
	"                  every pair asked, no test pool (for comparison)\n"
	"  -h, --help      show this help\n"
	"\n"
	"exit status: 0 all answers proven, 1 some answers unknown,\n"
	"2 usage error, 3 invalid theory, 4 internal error, 5 I/O error\n";

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
	fprintf(stderr,
		"summary: %d theories, %d analyses, %u mutants, %u solver calls, "
		"%u proofs needed at least, %u unknown, %.1f ms proving\n",
		st->ntheories, st->run.n, mutants, calls, lb, unknown, ms);
}

static int cmd_prove(int argc, char **argv)
{
	const char *format = "text", *out = NULL;
	struct run_opts opts = RUN_OPTS_DEFAULT;
	bool timing = true, summary = false;
	int i;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_prove, stdout);
			return 0;
		} else if (!strcmp(a, "--format") || !strcmp(a, "--timeout") ||
			   !strcmp(a, "--rlimit") || !strcmp(a, "-o")) {
			if (i + 1 >= argc)
				return usage_error(usage_prove,
						   "option '%s' needs a value", a);
			const char *v = argv[++i];
			if (!strcmp(a, "--format"))
				format = v;
			else if (!strcmp(a, "-o"))
				out = v;
			else if (!strcmp(a, "--rlimit")) {
				if (parse_uint(v, &opts.prove.rlimit) < 0)
					return usage_error(usage_prove,
							   "--rlimit takes a number "
							   "of Z3 resource units, "
							   "not '%s'",
							   v);
			}
			else if (parse_uint(v, &opts.prove.timeout_ms) < 0)
				return usage_error(usage_prove,
						   "--timeout takes milliseconds, "
						   "not '%s'",
						   v);
		} else if (!strncmp(a, "--format=", 9)) {
			format = a + 9;
		} else if (!strncmp(a, "--timeout=", 10)) {
			if (parse_uint(a + 10, &opts.prove.timeout_ms) < 0)
				return usage_error(usage_prove,
						   "--timeout takes milliseconds, "
						   "not '%s'",
						   a + 10);
		} else if (!strcmp(a, "--no-timing")) {
			timing = false;
		} else if (!strcmp(a, "--summary")) {
			summary = true;
		} else if (!strcmp(a, "--naive")) {
			opts.prove.naive = true;
		} else if (!strncmp(a, "-j", 2)) {
			const char *v = a[2] ? a + 2 : i + 1 < argc ? argv[++i] : "";
			unsigned j;
			if (parse_uint(v, &j) < 0 || j < 1 || j > 256)
				return usage_error(usage_prove,
						   "-j takes a number of jobs "
						   "from 1 to 256, not '%s'",
						   v);
			opts.jobs = (int)j;
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (a[0] == '-' && a[1]) {
			return usage_error(usage_prove, "unknown option '%s'", a);
		} else {
			break;
		}
	}
	if (strcmp(format, "text") && strcmp(format, "json"))
		return usage_error(usage_prove,
				   "unknown format '%s' (text or json)", format);
	if (i >= argc)
		return usage_error(usage_prove, "%s", "no theory files given");

	struct run_state st;
	int rc = run_load(&st, argv + i, argc - i);
	if (!rc) {
		run_prove(&st, &opts);
		st.run.timing = timing;
		struct strbuf sb = STRBUF_INIT;
		if (!strcmp(format, "json"))
			emit_json(&sb, &st.run);
		else
			emit_text(&sb, &st.run);
		rc = write_output(out, &sb);
		sb_release(&sb);
		if (summary)
			print_summary(&st);
		if (!rc && st.unknown)
			rc = EXIT_UNKNOWN;
	}
	run_release(&st);
	return rc;
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;
} commands[] = {
	{ "prove", cmd_prove, usage_prove },
	{ "check", cmd_check, usage_check },
	{ "tables", cmd_tables, usage_tables },
	{ "graphs", cmd_graphs, usage_graphs },
	{ "export", cmd_export, usage_export },
	{ "report", cmd_report, usage_report },
	{ "compare", cmd_compare, usage_compare },
};

int main(int argc, char **argv)
{
	int rc;
	if (argc < 2) {
		fputs(usage_main, stderr);
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version")) {
		printf("subsume %s (Z3 %s)\n", SUBSUME_VERSION, smt_version());
		return 0;
	}
	if (!strcmp(cmd, "help")) {
		if (argc < 3) {
			fputs(usage_main, stdout);
			return 0;
		}
		cmd = argv[2];
		for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
			if (!strcmp(cmd, commands[i].name)) {
				fputs(commands[i].usage, stdout);
				return 0;
			}
		return usage_error(usage_main, "unknown command '%s'", cmd);
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(cmd, commands[i].name)) {
			rc = commands[i].fn(argc - 1, argv + 1);
			theory_release_builtins();
			smt_finalize();
			return rc;
		}
	const char *names[ARRAY_SIZE(commands) + 1];
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		names[i] = commands[i].name;
	names[ARRAY_SIZE(commands)] = "help";
	const char *best = closest_word(cmd, names, ARRAY_SIZE(names));
	if (best) {
		fprintf(stderr, "%s: unknown command '%s'; did you mean '%s'?\n",
			progname, cmd, best);
		return EXIT_USAGE;
	}
	return usage_error(usage_main, "unknown command '%s'", cmd);
}
