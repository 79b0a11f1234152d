/*
 * induct.c - one validity question, for invariants proven by induction
 * before they are assumed (check/loops.c): does concl hold, without
 * throwing, on every input where hyp holds?  Asked as the equivalence
 * of concl with the literal true under the assumption hyp, in a context
 * of its own with the limits given: only unsat is a proof.
 */
#include "sem/induct.h"

#include "sem/smt.h"

struct vprogs {
	const struct node *p[2];
};

static const struct node *vprogram(const void *owner, int p)
{
	return ((const struct vprogs *)owner)->p[p];
}

bool smt_valid(const struct profile *pf, int nvars, const char *const *names,
	       const struct type *const *types, const struct node *hyp,
	       const struct node *concl, const struct node *truth,
	       unsigned timeout_ms, unsigned rlimit)
{
	if (nvars > MAX_VARS)
		return false;
	struct observe obs = { .value = true };
	struct vprogs vp = { { concl, truth } };
	struct problem pb = { .profile = pf, .nvars = nvars, .var_names = names,
			      .var_types = types, .assume = hyp,
			      .observe = &obs, .nprogs = 2,
			      .program = vprogram, .owner = &vp };
	struct smt *s = smt_new_limits(&pb, timeout_ms, rlimit, false);
	struct value in[MAX_VARS];
	const char *reason = NULL;
	enum smt_result r = smt_check(s, SMT_Q_DIFFER, 0, 1, in, &reason);
	smt_free(s);
	return r == SMT_UNSAT;
}
