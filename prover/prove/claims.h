/*
 * claims.h - checking a theory's claims (model/claims.h) against the
 * proven result of the analysis each is about.  Nothing is re-derived:
 * a claim reads the result's relations and the one verdict module
 * (verdict.c), and takes its witnesses from the result's (every
 * negative answer has one); each witness is run again on the concrete
 * evaluator before it is reported (a witness it does not confirm is an
 * internal error, exit 4).
 *
 * A claim is proven when the result proves it; refuted when the result
 * proves it false, with the witnesses that show it; unknown when an
 * answer it needs is unknown, with that answer's reason.
 */
#ifndef SUBSUME_PROVE_CLAIMS_H
#define SUBSUME_PROVE_CLAIMS_H

#include "model/claims.h"
#include "prove/prove.h"

enum claim_status { CS_PROVEN, CS_REFUTED, CS_UNKNOWN };

struct claim_outcome {
	const struct claim *c;
	const struct result *r;   /* the result of c->an */
	enum claim_status status;
	const char *reason;       /* in words, never NULL */
	int nwitnesses;           /* refuted: the inputs that show it */
	struct witness *witnesses;
};

/* Check claim c against r (r->an == c->an).  In the arena. */
struct claim_outcome claim_check(struct arena *a, const struct claim *c,
				 const struct result *r);
const char *claim_status_name(enum claim_status s);
/* "a=1, b=0 kills ROR(<=), not ROR(==)"; "on a=1, b=0 A and B differ". */
void claim_witness_print(struct strbuf *sb, const struct analysis *an,
			 const struct witness *w);

#endif
