/*
 * emit.h - stage 7: write results.  Each emitter appends to a strbuf so
 * the caller can write the whole output at once (all-or-nothing).
 * Output depends only on the results (plus timing fields where named),
 * never on addresses or hash order.
 */
#ifndef SUBSUME_EMIT_H
#define SUBSUME_EMIT_H

#include "prove/claims.h"
#include "prove/prove.h"

#define SUBSUME_VERSION "0.1.0"

struct run {
	int n;
	struct result **results; /* in theory-file and declaration order */
	bool timing;             /* include time figures */
	int nclaims;             /* the theories' claims, checked, in */
	struct claim_outcome *claims; /* theory and declaration order */
};

void emit_text(struct strbuf *sb, const struct run *run);
void emit_json(struct strbuf *sb, const struct run *run);
/* An input as a JSON object: {"a":1,"b":-2}. */
void emit_input_json(struct strbuf *sb, const struct analysis *an,
		     const struct value *in);

/* claims.c: the claims about r's analysis as a ,"claims":[...] member
 * (nothing when there are none: results without claims are unchanged);
 * the claims of a run as a Markdown section (nothing when none). */
void emit_claims_json(struct strbuf *sb, const struct run *run,
		      const struct result *r);
void emit_claims_md(struct strbuf *sb, const struct run *run);
/* docs/audit.md: the claims of audit theories, a summary table per
 * theory and a section per rule. */
void emit_audit_md(struct strbuf *sb, const struct run *run);

/*
 * Emitters of generated artefacts (issue 3; docs/emitters.md): C tables,
 * DOT graphs, Major MML, Markdown report.  All are pure functions of the
 * results plus the theory files' names and hashes, so output is
 * byte-for-byte reproducible.  Their commands are in cmd/ (cmd/cmd.h).
 */
struct theory;

/* common.c: helpers every emitter shares. */

/* The top operator of the original as a mutation tool sees it: "<",
 * "-" (unary), "++exp" / "exp++", "+=", "=", "?:"; "" when the target
 * has no operator (a variable or literal).  Static storage. */
const char *emit_orig_op(const struct analysis *an);
/* The operand type of the top operator: "int", or "int,long" when the
 * two operands differ; the expression's type when there is no
 * operator.  Appended to sb. */
void emit_operand_type(struct strbuf *sb, const struct analysis *an);
/* The replacement part of a label: "ROR(<=)" -> "<=", "SDL" -> "SDL". */
void emit_label_detail(struct strbuf *sb, const char *label);
/* Kept by a tool that wants the minimal set: minimal, or unknown. */
bool emit_kept(const struct result *r, int m);

/* tables.c: subsume_tables.h and subsume_tables.c. */
void emit_tables_h(struct strbuf *sb, const struct run *run,
		   struct theory *const *theories, int ntheories);
void emit_tables_c(struct strbuf *sb, const struct run *run,
		   struct theory *const *theories, int ntheories);

/* dot.c: one graph through cgraph; 0, or -1 (error printed). */
int emit_dot(struct strbuf *sb, const struct result *r);

/* mml.c: Major MML on sb; what was left out, as lines, on notes. */
void emit_mml(struct strbuf *sb, struct strbuf *notes, const struct run *run,
	      struct theory *const *theories, int ntheories);

/* mull.c: a mull.yml from the C results whose mutant labels are Mull's
 * mutator names, over the given operand types (all when ntypes is 0);
 * what was left out, as lines, on notes.  -1 (nothing written) when no
 * such result exists. */
int emit_mull(struct strbuf *sb, struct strbuf *notes, const struct run *run,
	      const char *const *types, int ntypes);

/* report.c: the Markdown table (Table 1 of the paper). */
void emit_report_md(struct strbuf *sb, const struct run *run);

#endif
