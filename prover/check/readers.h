/*
 * readers.h - the inputs `subsume check` reads, one row each: a Major
 * mutants.log, a native YAML batch, a mutation-testing-elements report.
 * Every reader produces the same thing: groups of mutants cut into
 * sites (struct cgroup, check/check.h), placed in their source when it
 * is known, handed to emit() in input order.  A new input format (PIT's
 * mutations.xml, say) is one more row: a sniff that recognises its
 * files and a read that emits its groups.
 *
 * Rows are tried in order and the first whose sniff() accepts the path
 * reads it: a YAML batch by its name (*.yaml, *.yml), PIT's
 * mutations.xml by its name (*.xml) or first byte ('<'), a report by its
 * name (*.json) or first byte ('{'), and a Major log otherwise (the
 * last row accepts every path, "-" for standard input too).
 *
 * Ownership: the caller owns everything in struct check_input and keeps
 * a report loaded until its groups are freed and the report written.
 */
#ifndef SUBSUME_CHECK_READERS_H
#define SUBSUME_CHECK_READERS_H

#include "check/check.h"

struct check_elements;

/* One input as a reader gets it. */
struct check_input {
	const char *path;
	FILE *f;                         /* a stream row's: the open file */
	struct check_elements *elements; /* a report row's: the loaded report */
	struct check_sources *src;       /* --source: or NULL */
	bool method;                     /* --method */
};

enum check_input_kind { CHECK_IN_YAML, CHECK_IN_PIT, CHECK_IN_REPORT,
			 CHECK_IN_MAJOR };

struct check_reader {
	const char *name;
	enum check_input_kind kind;
	bool stream; /* reads in->f, which the caller opens ("-": stdin) */
	bool (*sniff)(const char *path);
	/* emit(ctx, g) for every group in input order; the number of
	 * malformed input lines or batch errors (reported), or -1 when the
	 * input cannot be read */
	long (*read)(const struct check_input *in, cgroup_fn emit, void *ctx,
		     long *seq);
};

/* The reader of path: the first row whose sniff() accepts it. */
const struct check_reader *check_reader_for(const char *path);

#endif
