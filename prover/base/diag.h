/*
 * diag.h - source locations and error messages with a caret.
 *
 * Every message about user input has the form
 *
 *     file:line:col: error: message
 *        12 |     expr: "x + true"
 *           |                ^
 *
 * A line longer than 100 bytes shows as a window of about 100 columns
 * around the caret, "..." marking the cut text, never cutting a UTF-8
 * character; shorter lines show whole.
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
/* A warning: the same format ("warning:"); not counted in diag_errors. */
void diag_warning(struct loc loc, const char *fmt, ...) PRINTF(2, 3);
/* A note that follows an error (same format, "note:"). */
void diag_note(struct loc loc, const char *fmt, ...) PRINTF(2, 3);
/* The source-line part of a message: line p[0..len) (no newline) with
 * its number, and a caret under byte col (1-based; 0: no caret line).
 * Every printer of a source line uses this. */
void diag_show_line(FILE *out, int lineno, const char *p, size_t len, int col);
/* Number of errors printed so far (tests and exit codes). */
extern int diag_errors;
/* Where diagnostics go; stderr unless a test redirects it. */
extern FILE *diag_out;

#endif
