/*
 * options.h - one option parser for every command.
 *
 * A command describes its options in a table (struct option, ended by
 * OPT_END()) and its help in a struct opt_usage; parse_options() reads
 * argv with that table, and the same table writes the "options:" block
 * of the command's --help (and its section of the man page, see
 * opt_man_out).  Errors are uniform and exit with EXIT_USAGE after the
 * usage on stderr:
 *
 *     subsume: unknown option '--fromat'; did you mean '--format'?
 *     subsume: option '-o' needs a value
 *     subsume: --timeout takes milliseconds, not 'soon'
 *     subsume: unknown format 'xml' (text or json)
 *
 * Accepted forms: "--name VALUE", "--name=VALUE", "-x VALUE", "-xVALUE",
 * flags alone.  Options come before the arguments: the first argument
 * that is not an option (or everything after "--") ends them; "-" alone
 * is an argument (standard input).
 *
 * Ownership: the table and usage are the caller's (usually on its
 * stack, destinations pointing at its locals).  String destinations
 * point into argv.  A list destination (OPT_LIST) owns a heap array;
 * opt_list_release() frees it.
 */
#ifndef SUBSUME_OPTIONS_H
#define SUBSUME_OPTIONS_H

#include "base/util.h"

enum opt_kind {
	OPT_KIND_END,
	OPT_KIND_FLAG,   /* no value: *(bool *)dest = value */
	OPT_KIND_UINT,   /* *(unsigned *)dest, in [min, max] */
	OPT_KIND_STRING, /* *(const char **)dest */
	OPT_KIND_CHOICE, /* *(const char **)dest, one of choices[] */
	OPT_KIND_LIST,   /* every occurrence appended to (struct opt_list *)dest */
	OPT_KIND_HELP,   /* -h, --help: print the help on stdout */
};

struct option {
	enum opt_kind kind;
	char short_name;        /* 'j', or 0 */
	const char *long_name;  /* "timeout" (without dashes), or NULL */
	const char *argname;    /* "MS" in the help; NULL for flags */
	/* Help text; '\n' starts a continuation line.  In an OPT_UINT's
	 * help, "%u" shows the destination's value before parsing (the
	 * default). */
	const char *help;
	void *dest;
	bool value;             /* FLAG: the value stored */
	unsigned min, max;      /* UINT: accepted range (max 0: no limit) */
	const char *what;       /* UINT: "milliseconds" in the error */
	const char *const *choices; /* CHOICE: NULL-terminated */
};

struct opt_list {
	int n;
	const char **v;         /* heap; items point into argv */
};
void opt_list_release(struct opt_list *l);

#define OPT_END() { .kind = OPT_KIND_END }
#define OPT_HELP() { .kind = OPT_KIND_HELP, .short_name = 'h', \
		     .long_name = "help", .help = "show this help" }
#define OPT_FLAG(s, l, d, v, h) { .kind = OPT_KIND_FLAG, .short_name = (s), \
				  .long_name = (l), .dest = (d), .value = (v), \
				  .help = (h) }
#define OPT_UINT(s, l, arg, d, lo, hi, w, h) { .kind = OPT_KIND_UINT, \
		.short_name = (s), .long_name = (l), .argname = (arg), \
		.dest = (d), .min = (lo), .max = (hi), .what = (w), .help = (h) }
#define OPT_STRING(s, l, arg, d, h) { .kind = OPT_KIND_STRING, \
		.short_name = (s), .long_name = (l), .argname = (arg), \
		.dest = (d), .help = (h) }
#define OPT_CHOICE(s, l, arg, d, c, h) { .kind = OPT_KIND_CHOICE, \
		.short_name = (s), .long_name = (l), .argname = (arg), \
		.dest = (d), .choices = (c), .help = (h) }
#define OPT_LIST(s, l, arg, d, h) { .kind = OPT_KIND_LIST, \
		.short_name = (s), .long_name = (l), .argname = (arg), \
		.dest = (d), .help = (h) }

/* A command's help around the generated options block:
 *
 *     usage: <usage>
 *
 *     <about>
 *     options:
 *       <one entry per option, help in column width>
 *
 *     <tail>
 *
 * about ends with a blank line when there is one; tail may be NULL. */
struct opt_usage {
	const char *usage;      /* "subsume prove [options] PATH..." */
	const char *about;
	const char *tail;
	int width;              /* help column; 0: 18, or wider when needed */
};

/*
 * Parse the options of argv[1..argc).  Returns 0 with *first set to
 * the index of the first argument; -1 after printing the help (the
 * command exits 0); or EXIT_USAGE after printing the error and usage.
 */
int parse_options(int argc, char **argv, const struct option *opts,
		  const struct opt_usage *u, int *first);

/* The whole help text, as --help prints it, appended to sb. */
void opt_help(struct strbuf *sb, const struct option *opts,
	      const struct opt_usage *u);

/* "subsume: <message>", a blank line and the help, on stderr;
 * returns EXIT_USAGE.  For errors found after parse_options(). */
int opt_usage_error(const struct option *opts, const struct opt_usage *u,
		    const char *fmt, ...) PRINTF(3, 4);

/*
 * When set, --help appends the command's man-page section (roff: its
 * synopsis, about, options and tail) here instead of printing the help.
 * The man page generator sets it and asks every command for --help.
 */
extern struct strbuf *opt_man_out;
/* Append text to sb as roff body text: backslashes escaped, hyphens as
 * \-, lines that would start a request protected. */
void opt_roff_text(struct strbuf *sb, const char *text);

#endif
