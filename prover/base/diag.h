/*
 * diag.h - source locations and error messages with a caret.
 *
 * Every message about user input has the form
 *
 *     file:line:col: error: message
 *        12 |     expr: "x + true"
 *           |                ^
 *
 * Lines and columns are 1-based; a loc with line 0 has no position and
 * prints as "file: error: ...".  A source is owned by whoever loaded it
 * and must outlive every loc that points into it.
 */
#ifndef SUBSUME_DIAG_H
#define SUBSUME_DIAG_H

#include "base/util.h"

struct source {
	const char *name; /* as given on the command line */
	const char *text; /* whole file, NUL-terminated */
	size_t len;
};

struct loc {
	const struct source *src;
	int line, col;
};

/* Print an error at loc; returns -1 so callers can "return diag_error()". */
int diag_error(struct loc loc, const char *fmt, ...) PRINTF(2, 3);
/* A note that follows an error (same format, "note:"). */
void diag_note(struct loc loc, const char *fmt, ...) PRINTF(2, 3);
/* Number of errors printed so far (tests and exit codes). */
extern int diag_errors;
/* Where diagnostics go; stderr unless a test redirects it. */
extern FILE *diag_out;

#endif
