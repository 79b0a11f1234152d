/*
 * main.c - the command line: `subsume COMMAND [OPTIONS] ARGS...`.
 *
 * The commands are in the table of commands.c; each cmd_<name>()
 * parses its own options (base/options.h).  Input is read and checked
 * in full before any output is written, and output files are written
 * all-or-nothing.  Exit codes are in base/util.h and README.md.
 */
#include <stdio.h>

#include "cmd/cmd.h"
#include "cmd/run.h"
#include "model/theory.h"
#include "sem/smt.h"

int main(int argc, char **argv)
{
	bool version;
	int first, rc = command_main_options(argc, argv, &first, &version);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (version) {
		printf("subsume %s (Z3 %s)\n", SUBSUME_VERSION, smt_version());
		return 0;
	}
	const char *cmd = argv[first];
	const struct command *c = command_find(cmd);
	if (c) {
		rc = c->fn(argc - first, argv + first);
		theory_release_builtins();
		smt_finalize();
		return rc;
	}
	const char *names[32];
	size_t n = 0;
	for (size_t i = 0; i < ncommands && n < ARRAY_SIZE(names); i++)
		if (commands[i].summary)
			names[n++] = commands[i].name;
	const char *best = closest_word(cmd, names, n);
	if (best) {
		fprintf(stderr, "%s: unknown command '%s'; did you mean '%s'?\n",
			progname, cmd, best);
		return EXIT_USAGE;
	}
	return command_usage_error("unknown command '%s'", cmd);
}
