/*
 * kills.h - `subsume check --kills FILE`: Major's test results beside
 * the verdicts.
 *
 * Major writes, after running a test suite on every mutant, kill.csv:
 *
 *     MutantNo,[FAIL | TIME | EXC | LIVE]
 *     1,FAIL
 *     2,LIVE
 *
 * FAIL: a test failed; TIME: a test timed out; EXC: a test ended with
 * an exception; LIVE: every test passed.  Later Major versions add
 * UNCOV (no test reaches the mutant) to the header and the rows.  The
 * first three are kills.  kills_load() reads such a file strictly: a
 * malformed file is an error located at its line and column (nothing
 * is checked then).
 *
 * While the verdicts are written, kills_take() gives each mutant its
 * status and kills_note() collects what the summary shows after a
 * mutation run: the live mutants proven equivalent (dropped from the
 * corrected score), the live killable mutants with their killing input
 * (tests to write), and the proven claims the test results contradict.
 * Mutants of the log missing from the kill file, and kill-file rows no
 * mutant of the log has, are warnings (kills_warn()).
 *
 * Ownership: struct check_kills owns its rows and everything noted
 * (copies); one per run.  Not thread-safe: the driver calls it under
 * its lock, in output order.
 */
#ifndef SUBSUME_CHECK_KILLS_H
#define SUBSUME_CHECK_KILLS_H

#include "check/check.h"

enum kill_status {
	KS_NONE,   /* the mutant is not in the kill file */
	KS_FAIL,
	KS_TIME,
	KS_EXC,
	KS_LIVE,
	KS_UNCOV,
	KS_COUNT
};
/* "FAIL", ... ; "-" for KS_NONE. */
const char *kill_status_name(enum kill_status s);
/* FAIL, TIME and EXC: a test detected the mutant. */
bool kill_status_killed(enum kill_status s);

struct check_kills;
/* Read a kill file; NULL after printing a located error (malformed) or
 * an error (unreadable: *io set). */
struct check_kills *kills_load(const char *path, bool *io);
void kills_free(struct check_kills *k);
/* Test results given by the inputs themselves (the statuses of a
 * mutation-testing-elements report, check/mte.h): an empty table named
 * name, whose summary says "tests (label)"; rows added one by one
 * (false when id has one already: the first is kept), then sorted by
 * kills_seal() before any lookup. */
struct check_kills *kills_new(const char *name, const char *label);
bool kills_add(struct check_kills *k, const char *id, enum kill_status st);
void kills_seal(struct check_kills *k);

/* The status of mutant id (KS_NONE: not in the file); marks the row
 * as matched. */
enum kill_status kills_take(struct check_kills *k, const char *id);
/* The status of id without marking it. */
enum kill_status kills_peek(const struct check_kills *k, const char *id);

/* Record mutant m of group g (its verdict decided) for the summary. */
void kills_note(struct check_kills *k, const struct cgroup *g,
		const struct cmutant *m);
/* Warnings for the mutants of the log without a row and the rows
 * without a mutant (located at their line in the kill file). */
void kills_warn(struct check_kills *k);

/* The counts behind the scores. */
struct kills_score {
	long total;     /* mutants of the log */
	long killed;    /* FAIL, TIME, EXC */
	long n[KS_COUNT];
	long equiv_live; /* live and proven equivalent */
};
void kills_score(const struct check_kills *k, struct kills_score *s);

/* The summary block (text), or the "tests" member of the JSON
 * summary (", \"tests\": {...}"). */
void kills_summary_text(const struct check_kills *k, struct strbuf *sb);
void kills_summary_json(const struct check_kills *k, struct strbuf *sb);

#endif
