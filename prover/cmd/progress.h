/*
 * progress.h - the progress line of `check` and `prove` on stderr:
 *
 *     check: 1204/3410 mutants 35% | 81.2/s | 0:14 elapsed | ~0:27 left | org.apache.Foo
 *
 * redrawn about four times a second by a thread of its own ("\r", the
 * line, then "\033[K" to clear what a longer line left), cut to the
 * terminal's width, and erased at the end ("\r\033[K"), so that a
 * finished run leaves stderr as it would be without it.  Only stderr
 * is touched: stdout and output files are the same with or without it.
 *
 * Warnings printed while the line is shown must not be garbled: while
 * it runs, diagnostics (base/diag.h's diag_out: the readers' warnings
 * and errors) go through a stream of the progress that erases the line,
 * writes the whole warning line, then redraws the line.
 *
 * On by default when stderr is a terminal (progress_default()); the
 * commands' --progress and --no-progress force it (OPT_PROGRESS).
 *
 * Ownership: struct progress is the caller's (static storage or the
 * stack) and must outlive progress_end(); the strings it is given are
 * copied.  Every function is thread-safe.
 */
#ifndef SUBSUME_CMD_PROGRESS_H
#define SUBSUME_CMD_PROGRESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

struct progress {
	bool on;                /* set by progress_start() */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_t ticker;
	bool stop, shown;
	const char *cmd, *unit; /* "check", "mutants" */
	long done, total;       /* total < 0: not known yet */
	bool more;              /* total is a lower bound (input still read) */
	char what[160];         /* the class or file worked on */
	double t0;              /* start, seconds (monotonic) */
	FILE *err;              /* stderr */
	FILE *diag;             /* the warning stream given to diag_out */
	FILE *saved_diag;       /* diag_out before */
};

/* Is stderr a terminal: the default of --progress. */
bool progress_default(void);

/* Start the line when on (else every call below does nothing): cmd
 * and unit are static strings. */
void progress_start(struct progress *p, bool on, const char *cmd,
		    const char *unit);
/* The total (more: at least that many, input still being read). */
void progress_total(struct progress *p, long total, bool more);
/* n more done; what (or NULL: unchanged) is what is being worked on. */
void progress_add(struct progress *p, long n);
void progress_what(struct progress *p, const char *what);
/* Erase the line, stop the thread, restore diag_out. */
void progress_end(struct progress *p);

/* --progress and --no-progress on one bool, whose value before parsing
 * (progress_default()) is the default; the last one given wins. */
#define OPT_PROGRESS(d)                                                    \
	OPT_FLAG(0, "progress", (d), true,                                 \
		 "show a progress line on stderr (done of total, rate,\n"  \
		 "elapsed and estimated time left, what is worked on),\n"  \
		 "erased at the end; the default when stderr is a\n"       \
		 "terminal"),                                              \
	OPT_FLAG(0, "no-progress", (d), false,                             \
		 "no progress line, even on a terminal")

#endif
