/*
 * run.h - what every command that proves does first: expand PATH
 * arguments into theory files, load them all (any error rejects the run
 * before output is written), then prove every analysis, on several
 * threads with -j.
 *
 * Ownership: a struct run owns its arenas; run_release() frees them.
 * Results are in theory-file order, then declaration order, whatever the
 * number of jobs.
 */
#ifndef SUBSUME_RUN_H
#define SUBSUME_RUN_H

#include "base/options.h"
#include "emit/emit.h"

/* Per-query limits shared by every command that proves: the resource
 * limit decides on every machine alike (about 30 s of this project's
 * hardest queries here), the clock is a safety net for a machine far
 * slower than that.  Generated files depend on the first only. */
#define DEFAULT_RLIMIT 50000000u
#define DEFAULT_TIMEOUT_MS 60000u
#define RUN_OPTS_DEFAULT                                                   \
	{ .prove = { .timeout_ms = DEFAULT_TIMEOUT_MS,                     \
		     .rlimit = DEFAULT_RLIMIT },                           \
	  .jobs = 1 }

struct progress;
struct run_opts {
	struct prove_opts prove;
	unsigned jobs;     /* worker threads; 1 or more */
	struct progress *progress; /* the progress line (cmd/progress.h),
				    * started by the caller, or NULL */
};

struct run_state {
	struct run run;           /* results, for the emitters */
	struct arena *arena;      /* theories */
	struct arena **job_arenas;
	int njobs;
	int ntheories;
	struct theory **theories;
	bool unknown;             /* some answer is unknown */
	bool refuted;             /* some claim is refuted */
};

/* Expand files and folders (their *.yaml, *.yml in name order).
 * Returns 0 or an exit code (errors printed). */
int run_paths(char **args, int nargs, char ***files, size_t *nfiles);
void run_free_paths(char **files, size_t nfiles);

/* Load all theory files; 0, or EXIT_INPUT / EXIT_IO (errors printed). */
int run_load(struct run_state *st, char **args, int nargs);

/* Prove every analysis of the loaded theories (and the analyses of
 * their claims), then check every claim (prove/claims.h). */
void run_prove(struct run_state *st, const struct run_opts *opts);

void run_release(struct run_state *st);

/*
 * The options every command that proves shares (base/options.h), each
 * defined once: d points at the unsigned (or bool) it sets, whose value
 * before parsing is the default the help shows.
 */
#define OPT_TIMEOUT(d)                                                     \
	OPT_UINT(0, "timeout", "MS", (d), 0, 0, "milliseconds",            \
		 "solver time limit per query in milliseconds\n"           \
		 "(default %u; 0 means none)")
#define OPT_RLIMIT(d)                                                      \
	OPT_UINT(0, "rlimit", "N", (d), 0, 0,                              \
		 "a number of Z3 resource units",                          \
		 "solver resource limit per query, in Z3's units:\n"       \
		 "unlike time, it gives the same answers on every\n"       \
		 "machine (default %u; 0 means none)")
#define OPT_JOBS(d)                                                        \
	OPT_JOBS_HELP(d, "prove on N threads (output is the same as -j 1)")
#define OPT_NO_TIMING(d)                                                   \
	OPT_NO_TIMING_HELP(d, "leave run times out, for reproducible output")
/* The same options where a command's output needs other words. */
#define OPT_JOBS_HELP(d, help)                                             \
	OPT_UINT('j', NULL, "N", (d), 1, 256,                              \
		 "a number of jobs from 1 to 256", help)
#define OPT_NO_TIMING_HELP(d, help) OPT_FLAG(0, "no-timing", (d), false, help)

/* Write to path all-or-nothing, or to stdout when path is NULL;
 * returns 0 or EXIT_IO. */
int write_output(const char *path, const struct strbuf *sb);

#endif
