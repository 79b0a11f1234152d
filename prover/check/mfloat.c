/*
 * mfloat.c - floating values at method level (check/method.h): the
 * pool's floating inputs, what a test sees of a floating value, and the
 * rule a method's floating outcomes are compared by (sem/mir.h).
 */
#include "check/method.h"

#include <float.h>
#include <math.h>

#include "sem/mir.h"

struct value mfloat_pool_input(const struct type *t, int k, int i,
			       uint64_t r)
{
	static const double pool[] = { 0.0, 1.0, -1.0, NAN, -0.0, 2.0,
				       INFINITY, -INFINITY, 0.5, -2.5, 3.0,
				       100.0, 1e-3, -7.0 };
	int n = (int)(sizeof(pool) / sizeof(pool[0]));
	bool wide = t->bits == 64;
	double sign = r & 64 ? -1 : 1;
	if (k < 8)
		return value_from_double(t, pool[(k + i) % 8]);
	switch (r % 6) {
	case 0: /* the least subnormal */
		return value_from_double(t, sign * (wide ? DBL_TRUE_MIN
							 : FLT_TRUE_MIN));
	case 1: /* the largest finite value */
		return value_from_double(t, sign * (wide ? DBL_MAX : FLT_MAX));
	case 2:
		return value_from_double(t, (double)((int64_t)(r % 401) - 200) / 8);
	default:
		return value_from_double(t, pool[r % (uint64_t)n]);
	}
}

uint64_t mfloat_seen(const struct mmethod *o, const struct type *t,
		     struct value v)
{
	return value_observed(t, v, o->fcmp).bits;
}

const struct type *mfloat_event_arg(const struct mmethod *o,
				    const struct mevent *e, int i)
{
	for (int j = 0; j < o->ncallees; j++)
		if (o->callees[j].id == e->id && i < o->callees[j].nargs)
			return o->callees[j].args[i];
	return NULL;
}

bool mfloat_shown(const struct mmethod *o)
{
	if (o->ret && o->ret->kind == TK_FLOAT)
		return true;
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_FIELD && o->types[i]->kind == TK_FLOAT)
			return true;
	for (int j = 0; j < o->ncallees; j++)
		for (int i = 0; i < o->callees[j].nargs; i++)
			if (o->callees[j].args[i]->kind == TK_FLOAT)
				return true;
	return false;
}

enum float_compare mfloat_rule(const struct cgroup *g,
			       const struct cmutant *x,
			       const struct check_opts *opts)
{
	return mfloat_shown(x->mo) ? check_site_fcmp(&g->sites[x->site], opts)
				    : FCMP_IDENTICAL;
}

const struct mmethod *mfloat_with_rule(struct cgroup *g,
				       const struct mmethod *m,
				       enum float_compare fc)
{
	if (m->fcmp == fc)
		return m;
	struct mmethod *c = ANEW(g->a, struct mmethod);
	*c = *m;
	c->fcmp = fc;
	return c;
}
