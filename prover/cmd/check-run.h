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

#include "check/check.h"

struct check_opts;
struct check_sources;
struct check_kills;
struct check_report;
struct confirm;
struct check_elements;
struct strbuf;

/* A part of the mutants (check --shard K/N): the whole inputs are read,
 * cut into units that the prover relates together (a Major log's
 * top-level class with its inner classes, with --source its source
 * file, a report's file, a YAML batch), the units dealt to the n shards by their number of mutants
 * (the largest first, each to the shard with the fewest so far; ties to
 * the first), and only shard k's units are judged.  Every mutant keeps
 * its place in the whole run (its global index), which the output
 * records for `subsume merge` (cmd/merge.c): in JSON a "shard" member
 * after the summary, in an elements report a "subsumeShard" member.
 * The groups are kept in memory until all input is read. */
struct check_shard {
	unsigned k, n;               /* 1 <= k <= n; n 0: no shard */
	const char *args;            /* the options that change the output,
				      * as text: part of the run's hash */
};

/* One operator's row of the summary: its name as printed (cut to 15
 * bytes, "-" when unnamed), the global index of its first mutant, the
 * count per verdict. */
struct opstat {
	char name[16];
	long first;
	long n[CV_COUNT];
};

/* The summary's numbers (what a merge of shards adds up). */
struct check_stats {
	long nmut, nsites, bad, count[CV_COUNT], level[5];
	unsigned long calls;
	double ms;                   /* wall time */
	double worker_ms;            /* jobs x wall time, summed */
	/* --method: methods modelled, answered from the method cache, left
	 * it, their time (ms) in all, the longest and which, the solver's */
	long nmethods, mcached, mdiverged;
	double method_ms, method_max_ms, method_solver_ms;
	char method_max[160];
	struct opstat *ops;
	size_t nops, capops;
	bool placed, method, timing;
	/* unknown verdicts by their reason's cause: "budget:", "memory:",
	 * another; groups cut short by a fatal error (check_group_cut()) */
	long unknown[3], ncut;
	/* PIT's mutants (mutations.xml, check/pit.h, or PIT's elements
	 * report, check/mte.h): how many, detected by PIT's tests, proven
	 * equivalent among the undetected (dropped from the corrected
	 * score) and among the detected (a contradiction) */
	long pit_total, pit_detected, pit_equivalent, pit_contra;
};
/* Does a summary show verdict v (ambiguous only when some mutant is:
 * a run without PIT input writes the bytes it wrote before)? */
bool check_verdict_shown(const struct check_stats *s, int v);
/* Does the summary show the unknowns' causes (some budget or memory
 * one, or a group cut short)?  Only then, so that a run without any
 * writes the bytes it wrote before. */
bool check_stats_cut_or_spent(const struct check_stats *s);
/* The JSON summary's members from "\n  ],\n  \"summary\": {" up to its
 * last number, without the test results and the closing braces. */
void check_summary_json(const struct check_stats *s, struct strbuf *sb);
/* The row of operator name (added with first when new). */
struct opstat *check_stats_op(struct check_stats *s, const char *name,
			      long first);

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
	struct testgen *tests;       /* --tests DIR: or NULL (check/testgen.h) */
	/* [n]: input k's loaded mutation-testing-elements report (check/
	 * mte.h), or NULL (a Major log, a YAML batch); NULL: none */
	struct check_elements *const *elements;
	struct check_shard shard;    /* n 0: every mutant */
	bool progress;               /* the progress line (cmd/progress.h) */
};

/* Check inputs paths[0..n) (each already open as fs[k]; closed here).
 * Returns the exit status: EXIT_IO if an input or stdout failed,
 * EXIT_INPUT for malformed input lines, EXIT_CUT when a group was cut
 * short (check-run.c), EXIT_UNKNOWN for unknown verdicts, else 0. */
int check_run(const struct check_run *cr, char *const *paths, FILE **fs,
	      int n);

#endif
