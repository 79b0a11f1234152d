/*
 * output.h - what the emitters' commands (tables, graphs, export,
 * report) share: their options, load-and-prove, and writing several
 * files all-or-nothing.
 *
 * Several files (tables, graphs) are written in two phases: every file
 * goes to a temporary name first, and only when all of them are written
 * are they renamed into place, so a failing run (bad theory, full disk)
 * leaves the previous outputs untouched.
 *
 * Ownership: an outfile array (and each path and data buffer) is heap,
 * freed by outfiles_free().
 */
#ifndef SUBSUME_OUTPUT_H
#define SUBSUME_OUTPUT_H

#include "cmd/run.h"

/* The options of an emitter command; the caller's table adds its own
 * (--svg, --mml, --format) to these. */
struct eopts {
	const char *out;
	struct run_opts run;
	int first; /* argv index of the first PATH */
};
#define EOPTS_INIT { .run = RUN_OPTS_DEFAULT }
/* -o (arg "DIR" or "FILE" with its help), --timeout, --rlimit, -j. */
#define OPT_EMIT_OUT(o, arg, help) OPT_STRING('o', NULL, arg, &(o)->out, help)
#define OPT_EMIT_PROVER(o)                                                 \
	OPT_TIMEOUT(&(o)->run.prove.timeout_ms),                           \
	OPT_RLIMIT(&(o)->run.prove.rlimit), OPT_JOBS(&(o)->run.jobs)

/* parse_options() plus the checks every emitter command makes (PATHs
 * given, -o not empty): 0 to go on, -1 after the help, or an exit code. */
int eopts_parse(int argc, char **argv, const struct option *opts,
		const struct opt_usage *u, struct eopts *o);

/* Load and prove, without timing; 0 or an exit code.  st must be
 * released either way. */
int eopts_load_prove(struct run_state *st, int argc, char **argv,
		     const struct eopts *o);

/* rc, or EXIT_UNKNOWN with a note when some answers are unknown. */
int eopts_finish(int rc, const struct run_state *st);

struct outfile {
	char *path;
	struct strbuf data;
	char *tmp;
};

/* Append an empty outfile DIR/NAME to *f (n used, cap allocated). */
void outfile_add(struct outfile **f, int *n, size_t *cap, const char *dir,
		 const char *name);
/* Append the files `subsume tables -o DIR` writes (subsume_tables.h and
 * .c) of st's results, and those of `subsume graphs -o DIR` (a .dot per
 * result; 0, or EXIT_INTERNAL when one cannot be drawn): shared with
 * `prove --tables DIR --graphs DIR`, one proof for all of them. */
void tables_outfiles(struct outfile **f, int *n, size_t *cap, const char *dir,
		     const struct run_state *st);
int graphs_outfiles(struct outfile **f, int *n, size_t *cap, const char *dir,
		    const struct run_state *st);
/* Write them all or none; 0 or EXIT_IO (errors printed). */
int outfiles_write(struct outfile *f, int n);
void outfiles_free(struct outfile *f, int n);

#endif
