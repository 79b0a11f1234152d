/*
 * cmd.h - the commands.  Each cmd_<name>() parses its own options with
 * base/options.h and returns an exit code (base/util.h); none is called
 * from a lower stage.
 */
#ifndef SUBSUME_CMD_H
#define SUBSUME_CMD_H

#include "base/util.h"

typedef int (*command_fn)(int argc, char **argv);

/* One line of `subsume --help`; a command without summary is hidden. */
struct command {
	const char *name;
	command_fn fn;
	const char *summary; /* '\n' continues it on the next line */
};

/* commands.c: every command, in the order --help lists them. */
extern const struct command commands[];
extern const size_t ncommands;
/* The command called name, or NULL. */
const struct command *command_find(const char *name);
/* `subsume --help` (and `subsume help`) appended to sb. */
void command_main_help(struct strbuf *sb);
/* "subsume: <fmt with arg>", a blank line and the main help on stderr;
 * returns EXIT_USAGE. */
int command_usage_error(const char *fmt, const char *arg);

/* `subsume [-h | --help | --version] ...`: 0 to go on with the command
 * at argv[*first] or to print the version (*version set), -1 after
 * printing the help, or an exit code (usage printed). */
int command_main_options(int argc, char **argv, int *first, bool *version);

/* prove.c: `subsume prove`. */
int cmd_prove(int argc, char **argv);

/* check.c: `subsume check`, per-mutant verdicts for mutant lists. */
int cmd_check(int argc, char **argv);

/* merge.c: `subsume merge`, the outputs of check --shard joined. */
int cmd_merge(int argc, char **argv);

/* compare.c: `subsume compare`, a published table of minimal sets
 * next to the proven ones, as Markdown. */
int cmd_compare(int argc, char **argv);

/* emit.c, graphs.c: the emitters' commands (docs/emitters.md). */
int cmd_tables(int argc, char **argv);
int cmd_graphs(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_report(int argc, char **argv);

/* audit.c: `subsume audit`, every claim's verdict as docs/audit.md. */
int cmd_audit(int argc, char **argv);

/* commands.c: `subsume help [COMMAND]`. */
int cmd_help(int argc, char **argv);

/* man.c: `subsume man-page` (hidden), the manual page subsume(1) in
 * roff, generated from the commands' option tables. */
int cmd_man_page(int argc, char **argv);

#endif
