/*
 * commands.c - the command table (git style: name, function, one-line
 * summary), `subsume --help` made from it, and `subsume help COMMAND`.
 */
#include <string.h>

#include "base/options.h"
#include "cmd/cmd.h"

const struct command commands[] = {
	{ "prove", cmd_prove,
	  "prove equivalence, duplicates, subsumption and the\n"
	  "minimal mutant set of every target in theory files" },
	{ "tables", cmd_tables,
	  "write the minimal sets as C99 tables with a lookup API" },
	{ "graphs", cmd_graphs,
	  "write the subsumption graphs as Graphviz DOT files" },
	{ "export", cmd_export,
	  "write the minimal sets in another tool's format\n"
	  "(--mml: Major's Mutation Modeling Language)" },
	{ "report", cmd_report, "write a Markdown table of the minimal sets" },
	{ "check", cmd_check,
	  "per-mutant verdicts for Major mutants.log files and\n"
	  "YAML batches: equivalent, redundant or killable" },
	{ "merge", cmd_merge,
	  "join the outputs of check --shard K/N (json or elements)\n"
	  "into the output of the whole run" },
	{ "compare", cmd_compare,
	  "a published table of minimal sets next to the proven\n"
	  "ones, as Markdown (docs/table1.md)" },
	{ "audit", cmd_audit,
	  "the verdicts of theories' claims (expect:) as a Markdown\n"
	  "audit (docs/audit.md)" },
	{ "help", cmd_help, "show the help of a command" },
	{ "man-page", cmd_man_page, NULL },
};
const size_t ncommands = ARRAY_SIZE(commands);

const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < ncommands; i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

/* The options of `subsume` itself; main.c parses them. */
static const struct opt_usage usage_main = {
	.usage = "subsume <command> [options] [arguments]",
	.tail = "Run 'subsume <command> --help' for a command's options.\n",
	.width = 17,
};

static void main_about(struct strbuf *sb)
{
	sb_puts(sb, "Prove mutation-testing theories with the Z3 SMT solver.\n"
		    "\ncommands:\n");
	for (size_t i = 0; i < ncommands; i++) {
		const char *s = commands[i].summary;
		if (!s)
			continue;
		sb_printf(sb, "  %-10s", commands[i].name);
		for (const char *p = s; *p; p++) {
			sb_putc(sb, *p);
			if (*p == '\n')
				sb_printf(sb, "%12s", "");
		}
		sb_putc(sb, '\n');
	}
	sb_putc(sb, '\n');
}

static void main_options(struct option *opts, bool *version)
{
	const struct option o[] = {
		OPT_HELP(),
		OPT_FLAG(0, "version", version, true,
			 "show the versions of subsume and Z3"),
		OPT_END(),
	};
	memcpy(opts, o, sizeof(o));
}

void command_main_help(struct strbuf *sb)
{
	struct option opts[3];
	bool version = false;
	struct strbuf about = STRBUF_INIT;
	main_options(opts, &version);
	main_about(&about);
	struct opt_usage u = usage_main;
	u.about = about.buf;
	opt_help(sb, opts, &u);
	sb_release(&about);
}

int command_usage_error(const char *fmt, const char *arg)
{
	struct strbuf sb = STRBUF_INIT;
	fprintf(stderr, "%s: ", progname);
	fprintf(stderr, fmt, arg);
	command_main_help(&sb);
	fprintf(stderr, "\n\n%s", sb.buf);
	sb_release(&sb);
	return EXIT_USAGE;
}

int command_main_options(int argc, char **argv, int *first, bool *version)
{
	struct option opts[3];
	struct strbuf about = STRBUF_INIT;
	*version = false;
	main_options(opts, version);
	main_about(&about);
	struct opt_usage u = usage_main;
	u.about = about.buf;
	int rc = parse_options(argc, argv, opts, &u, first);
	if (!rc && !*version && *first >= argc) {
		struct strbuf sb = STRBUF_INIT;
		opt_help(&sb, opts, &u);
		fputs(sb.buf, stderr);
		sb_release(&sb);
		rc = EXIT_USAGE;
	}
	sb_release(&about);
	return rc;
}

static const struct opt_usage usage_help = {
	.usage = "subsume help [COMMAND]",
	.about = "Show the help of COMMAND, or the list of commands.\n\n",
};

int cmd_help(int argc, char **argv)
{
	const struct option options[] = { OPT_HELP(), OPT_END() };
	int i, rc = parse_options(argc, argv, options, &usage_help, &i);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (i >= argc) {
		struct strbuf sb = STRBUF_INIT;
		command_main_help(&sb);
		fputs(sb.buf, stdout);
		sb_release(&sb);
		return 0;
	}
	const struct command *c = command_find(argv[i]);
	if (!c)
		return command_usage_error("unknown command '%s'", argv[i]);
	char *args[] = { (char *)c->name, "--help", NULL };
	return c->fn(2, args);
}
