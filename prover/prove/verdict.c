/*
 * verdict.c - what one mutant comes to (prove.h: enum verdict), derived
 * from a result.
 */
#include "prove/prove.h"

const char *verdict_name(enum verdict v)
{
	static const char *const names[] = {
		[V_MINIMAL] = "minimal",       [V_EQUIVALENT] = "equivalent",
		[V_DUPLICATE] = "duplicate",   [V_SUBSUMED] = "subsumed",
		[V_UNKNOWN] = "unknown",
	};
	return names[v];
}

enum verdict result_verdict(const struct result *r, int m, int *by)
{
	*by = 0;
	if (r->equiv[m] == R_YES)
		return V_EQUIVALENT;
	if (r->equiv[m] == R_UNKNOWN)
		return V_UNKNOWN;
	if (r->minimal[m])
		return V_MINIMAL;
	if (r->dup[m] != m) {
		*by = r->dup[m];
		return V_DUPLICATE;
	}
	/* The lowest-id minimal mutant that subsumes m. */
	for (int x = 1; x <= r->n; x++)
		if (r->minimal[x] && r->equiv[x] == R_NO && SUB(r, x, m) == R_YES) {
			*by = x;
			return V_SUBSUMED;
		}
	/* With unknown answers no minimal mutant may be proven above m:
	 * name a proven subsumer instead. */
	for (int x = 1; x <= r->n; x++)
		if (x != m && r->equiv[x] == R_NO && SUB(r, x, m) == R_YES) {
			*by = x;
			return V_SUBSUMED;
		}
	BUG("mutant %d is neither minimal nor subsumed", m);
}
