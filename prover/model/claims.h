/*
 * claims.h - what a theory's author believes about a target: the
 * `expect:` list of a target (README.md, "Claims"; docs/claims.md).
 *
 *   expect:
 *     - minimal: ["ROR(<=)", "ROR(!=)", "ROR(false)"]  # the minimal set is
 *     - equivalent: "ROR(>=)"                          # (a label or a list)
 *     - duplicates: ["ROR(>=)", "COI(!(lexp < rexp))"] # same outcome, all
 *     - subsumes: ["ROR(<=)", "ROR(==)"]               # A subsumes B
 *     - redundant: "ROR(>)"                            # (a label or a list)
 *       assume: b == 0        # optional: under this extra assumption
 *       domains: [int]        # optional: only in these domains
 *       rule: ...             # optional: the rule in words
 *       source: ...           # optional: where the rule comes from
 *
 * The loader checks a claim against every analysis it applies to (one
 * per listed domain of the target); a claim with a list under
 * `equivalent` or `redundant` becomes one claim per label.  A claim
 * with `assume` is checked against an analysis of its own: the target
 * in that domain under the extra assumption, built by the one
 * constructor (model/analysis.h) with the same mutants; these analyses
 * are the theory's `extra` ones, proven along with the others but not
 * emitted as results.
 *
 * Ownership: everything lives in the theory's arena.
 */
#ifndef SUBSUME_CLAIMS_H
#define SUBSUME_CLAIMS_H

#include "model/theory.h"

enum claim_kind {
	C_MINIMAL,     /* ids[0..n) is exactly the minimal set */
	C_EQUIVALENT,  /* ids[0] is equivalent */
	C_DUPLICATES,  /* ids[0..n), n >= 2, have the same outcome everywhere */
	C_SUBSUMES,    /* ids[0] subsumes ids[1] */
	C_REDUNDANT,   /* ids[0] is not in the minimal set: equivalent, or a
			* duplicate of or subsumed by a kept mutant */
};

struct claim {
	enum claim_kind kind;
	struct loc loc;           /* the claim's key in the theory file */
	const struct analysis *base;  /* the target in one domain */
	const struct analysis *an;    /* what it is checked against: base,
				       * or an extra analysis (assume) */
	const char *assume_text;  /* the extra assumption as written, or NULL */
	const char *rule;         /* `rule:` text, or NULL */
	const char *source;       /* `source:` text, or NULL */
	int n;
	int *ids;                 /* mutant ids of an (and of base) */
};

/* The claim in words: "ROR(<=) subsumes ROR(==)", "the minimal set is
 * {ROR(<=), ROR(!=)}", "ROR(>) is redundant". */
void claim_print(struct strbuf *sb, const struct claim *c);
const char *claim_kind_name(enum claim_kind k);

#endif
