/*
 * emit.h - stage 7: write results.  Each emitter appends to a strbuf so
 * the caller can write the whole output at once (all-or-nothing).
 * Output depends only on the results (plus timing fields where named),
 * never on addresses or hash order.
 */
#ifndef SUBSUME_EMIT_H
#define SUBSUME_EMIT_H

#include "prove.h"

#define SUBSUME_VERSION "0.1.0"

struct run {
	int n;
	struct result **results; /* in theory-file and declaration order */
	bool timing;             /* include time figures */
};

void emit_text(struct strbuf *sb, const struct run *run);
void emit_json(struct strbuf *sb, const struct run *run);

/* "a=1, b=-2" in Java source syntax. */
void emit_input(struct strbuf *sb, const struct analysis *an,
		const int64_t *input);

#endif
