/*
 * tap.h - a small TAP producer for the C tests (run by prove).
 *
 *   plan(n) or plan_no_plan() ... done_testing()
 *   ok(cond, "name %d", i)      is_int(got, want, "name")
 *   is_str(got, want, "name")   diag("note")
 *
 * Header-only; each test program includes it once.  Exit status is
 * non-zero when any test failed, so prove reports the file as failed.
 */
#ifndef SUBSUME_TAP_H
#define SUBSUME_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_run, tap_failed, tap_planned = -1;

/* Temporary files and directories under $TMPDIR (else /tmp): path, a
 * buffer of TAP_TMP_MAX bytes, holds a stem ("subsume-cc") and becomes
 * "$TMPDIR/subsume-cc-XXXXXX", the template mkdtemp() and mkstemp()
 * take; tap_mkdtemp() makes the directory (NULL on failure). */
#define TAP_TMP_MAX 200
static inline char *tap_tmpname(char *path)
{
	const char *t = getenv("TMPDIR");
	char stem[64];
	size_t n = strnlen(path, sizeof(stem) - 1);
	memcpy(stem, path, n);
	stem[n] = 0;
	if (!t || !*t || strlen(t) > TAP_TMP_MAX - sizeof(stem) - 8)
		t = "/tmp";
	snprintf(path, TAP_TMP_MAX, "%s/%.63s-XXXXXX", t, stem);
	return path;
}

static inline char *tap_mkdtemp(char *path)
{
	return mkdtemp(tap_tmpname(path));
}

static inline void plan(int n)
{
	tap_planned = n;
	printf("1..%d\n", n);
}

static inline void plan_no_plan(void)
{
	tap_planned = -1;
}

static inline void diag(const char *fmt, ...)
{
	va_list ap;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

static inline int tap_vok(int cond, const char *fmt, va_list ap)
{
	tap_run++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_run);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	fflush(stdout);
	return cond;
}

static inline int ok(int cond, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = tap_vok(cond, fmt, ap);
	va_end(ap);
	return r;
}

static inline int is_int(int64_t got, int64_t want, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = tap_vok(got == want, fmt, ap);
	va_end(ap);
	if (!r)
		diag("got %" PRId64 ", want %" PRId64, got, want);
	return r;
}

static inline int is_str(const char *got, const char *want, const char *fmt,
			 ...)
{
	va_list ap;
	int same = got && want ? strcmp(got, want) == 0 : got == want;
	va_start(ap, fmt);
	int r = tap_vok(same, fmt, ap);
	va_end(ap);
	if (!r)
		diag("got '%s', want '%s'", got ? got : "(null)",
		     want ? want : "(null)");
	return r;
}

static inline int done_testing(void)
{
	if (tap_planned < 0)
		printf("1..%d\n", tap_run);
	else if (tap_planned != tap_run)
		diag("planned %d tests but ran %d", tap_planned, tap_run);
	fflush(stdout);
	return tap_failed || (tap_planned >= 0 && tap_planned != tap_run);
}

#endif
