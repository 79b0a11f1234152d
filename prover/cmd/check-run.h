/*
 * check-run.h - the driver of `subsume check`: every input's groups
 * decided on worker threads, verdicts written to stdout in input order
 * (text, json, csv, or into the report), then the summary.
 *
 * Ownership: the caller keeps everything in struct check_run; check_run()
 * closes the input files.  The check table and the proof cache stay
 * filled after it (the caller exports their proofs, then releases them).
 */
#ifndef SUBSUME_CMD_CHECK_RUN_H
#define SUBSUME_CMD_CHECK_RUN_H

#include <stdbool.h>
#include <stdio.h>

struct check_opts;
struct check_sources;
struct check_kills;
struct check_report;
struct confirm;
struct check_elements;

struct check_run {
	const struct check_opts *opts;
	unsigned timeout_ms;
	unsigned jobs;
	const char *format;          /* "text", "json", "csv", "elements", "html" */
	bool timing;                 /* times and rates in the summary */
	struct confirm *confirm;     /* --smt2, --confirm: or NULL */
	struct check_sources *src;   /* --source: or NULL */
	struct check_kills *kills;   /* --kills: or NULL */
	struct check_report *report; /* --format elements, html: or NULL */
	/* [n]: input k's loaded mutation-testing-elements report (check/
	 * mte.h), or NULL (a Major log, a YAML batch); NULL: none */
	struct check_elements *const *elements;
};

/* Check inputs paths[0..n) (each already open as fs[k]; closed here).
 * Returns the exit status: EXIT_IO if an input or stdout failed,
 * EXIT_INPUT for malformed input lines, EXIT_UNKNOWN for unknown
 * verdicts, else 0. */
int check_run(const struct check_run *cr, char *const *paths, FILE **fs,
	      int n);

#endif
