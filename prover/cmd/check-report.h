/*
 * check-report.h - `subsume check --format elements|html`: the verdicts
 * (and test statuses, --kills) as a mutation-testing-elements report
 * (emit/elements.h).
 *
 * Each Major mutant goes to the file of its class: with --source the
 * program's source file (path relative to its --source root), its
 * location the mutant's occurrence (start at its column, end after the
 * logged original's text); without --source a file named after the
 * class whose "source" holds, on each logged line, the logged original
 * texts only (the report's config says so).  A YAML site is a file of
 * its own whose source is the site's expression.
 *
 * Status: Major's FAIL and EXC (a test failed, by an assertion or an
 * exception: kills in Major's score) are Killed, TIME is Timeout, LIVE
 * Survived, UNCOV NoCoverage; a mutant proven equivalent that no test
 * killed is Ignored; without a test result, Pending.  statusReason
 * holds the verdict with its witness or reason and the Major status.
 *
 * Unlike the streamed formats the report is kept whole until the end
 * (memory grows with the log).  Ownership: struct check_report owns
 * copies of everything; called under the driver's lock.
 */
#ifndef SUBSUME_CMD_CHECK_REPORT_H
#define SUBSUME_CMD_CHECK_REPORT_H

#include "check/check.h"
#include "check/kills.h"

struct check_report;
/* roots: the --source directories (paths are made relative to them;
 * the strings must outlive the report); kills: the --kills file name,
 * or NULL. */
struct check_report *check_report_new(const char *const *roots, int nroots,
				      const char *kills);
/* For mutation-testing-elements inputs (check/mte.h): the report is
 * written back with the input's files (check_report_add_file(), in
 * input order, before any group), sources, ids, mutators, replacements
 * and locations; each mutant's status is the input's (Survived,
 * NoCoverage and Pending become Ignored when proven equivalent) and its
 * reason the verdict.  kills: the --kills file, or NULL. */
struct check_report *check_report_new_elements(const char *kills);
void check_report_add_file(struct check_report *r, const char *path,
			   const char *language, const char *source);
void check_report_free(struct check_report *r);
/* Add the mutants of a decided group (k: the test results, or NULL;
 * base: the global index of its first mutant, check-run.h's --shard). */
void check_report_group(struct check_report *r, const struct cgroup *g,
			const struct check_kills *k, long base);
/* Write the report ("elements" or "html") to stdout.  shard (or NULL):
 * a check --shard run's identity, a JSON object without its closing
 * brace, which the report completes with its files' keys and its
 * mutants' global indices and writes as member "subsumeShard" (what
 * `subsume merge` reads; cmd/merge.c). */
void check_report_write(struct check_report *r, const char *format,
			const char *shard);
/* Before anything is written: --format html needs the viewer compiled
 * in (else EXIT_USAGE), --kills is read whole (*kills; EXIT_INPUT when
 * malformed, EXIT_IO when unreadable).  0, or the exit status, with
 * the error printed. */
int check_report_start(const char *format, const char *kfile,
		       struct check_kills **kills);

/* Append text to the statusReason of mutant id (check --tests). */
void check_report_annotate(struct check_report *r, const char *id,
			   const char *text);

#endif
