/*
 * verdict.c - what one mutant comes to (prove.h: enum verdict), derived
 * from a result.
 */
#include "prove/prove.h"
#include "sem/smt.h"

#include <string.h>

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

/* The lowest live mutant with m's outcomes, or 0. */
static int live_duplicate(const struct result *r, int m, const bool *live)
{
	if (r->dup[m] == m)
		return 0;
	if (r->dup[m] > 0 && live[r->dup[m]])
		return r->dup[m];
	for (int x = 1; x < m; x++)
		if (live[x] && r->dup[x] == r->dup[m])
			return x;
	return 0;
}

static bool strictly_above(const struct result *r, int x, int m)
{
	return SUB(r, x, m) == R_YES && SUB(r, m, x) != R_YES;
}

/* A live mutant strictly above m: the lowest with no live mutant
 * strictly above it, else the lowest; 0 if none. */
static int live_subsumer(const struct result *r, int m, const bool *live)
{
	int any = 0;
	for (int x = 1; x <= r->n; x++) {
		if (!live[x] || x == m || !strictly_above(r, x, m))
			continue;
		bool top = true;
		for (int y = 1; y <= r->n && top; y++)
			if (live[y] && y != x && strictly_above(r, y, x))
				top = false;
		if (top)
			return x;
		if (!any)
			any = x;
	}
	return any;
}

enum verdict result_verdict_among(const struct result *r, int m,
				  const bool *live, int *by, bool *same)
{
	*by = 0;
	*same = false;
	if (r->equiv[m] == R_UNKNOWN)
		return V_UNKNOWN;
	if (r->equiv[m] == R_YES)
		return V_EQUIVALENT;
	if (!live[m])
		return V_MINIMAL;
	if ((*by = live_duplicate(r, m, live)))
		return V_DUPLICATE;
	if ((*by = live_subsumer(r, m, live)))
		return V_SUBSUMED;
	for (int x = 1; x < m; x++)
		if (live[x] && SUB(r, x, m) == R_YES && SUB(r, m, x) == R_YES) {
			*by = x;
			*same = true;
			return V_SUBSUMED;
		}
	return V_MINIMAL;
}

int result_minimal_subsumer(const struct result *r, int m)
{
	for (int x = 1; x <= r->n; x++)
		if (r->minimal[x] && r->equiv[x] == R_NO &&
		    r->cls[x] != r->cls[m] && SUB(r, x, m) == R_YES)
			return x;
	return 0;
}

const char *prove_cut_short(const char *reason)
{
	if (!reason)
		return NULL;
	if (!strcmp(reason, SMT_FP_REM_REASON))
		return SMT_FP_REM_REASON;
	if (!strncmp(reason, "budget", 6))
		return "budget: the resource units of its site are spent "
		       "(--budget)";
	if (!strncmp(reason, "memory", 6))
		return "memory: the solver reached its memory cap";
	return NULL;
}
