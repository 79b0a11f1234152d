/*
 * pool.c - the test pool: inputs evaluated concretely on every program
 * of an analysis, with a bitset of the mutants each input kills; its
 * boundary and pseudo-random seed inputs.  See prover.h.
 */
#include "prove/prover.h"

#include <float.h>
#include <math.h>
#include <string.h>

uint64_t outcome_fp(const struct analysis *an, const struct outcome *o)
{
	uint64_t h = FNV1A64_INIT;
	uint8_t thr = o->threw;
	h = fnv1a64(&thr, 1, h);
	if (o->threw)
		return h;
	if (an->observe.value) {
		struct value v = outcome_value(&an->observe, o);
		h = fnv1a64(&v, sizeof(v), h);
		if (o->negative) /* the same payload, another number */
			h = fnv1a64(&o->negative, 1, h);
	}
	for (int i = 0; i < an->nvars; i++)
		if (an->observe.var[i]) {
			struct value v = outcome_var(&an->observe, o, i);
			h = fnv1a64(&v, sizeof(v), h);
		}
	return h;
}

const struct node *prog_expr(const struct analysis *an, int p)
{
	return p == 0 ? an->orig : an->mutants[p].expr;
}

/* Add an input; returns its index, or -1 if the evaluator cannot decide
 * it (an integer overflowed int64) or the assumptions do not hold. */
int pool_add(struct prover *P, const struct value *in)
{
	const struct analysis *an = P->an;
	struct pool *pl = &P->pool;
	bool undecided = false;
	for (int v = 0; v < an->nvars; v++)
		if (!value_eq(value_convert(an->var_types[v], in[v],
					    an->var_types[v]),
			      in[v]))
			BUG("input %d is outside the range of %s", v,
			    type_name(an->var_types[v]));
	if (!eval_holds(an->assume, an->nvars, in, &undecided) || undecided)
		return -1;
	uint64_t *fp = xmalloc((size_t)pl->nprogs * sizeof(*fp));
	for (int p = 0; p < pl->nprogs; p++) {
		struct outcome o;
		eval_outcome(prog_expr(an, p), an->nvars, in, &o);
		if (o.overflow) {
			free(fp);
			return -1;
		}
		fp[p] = outcome_fp(an, &o);
	}
	if (pl->n == pl->cap) {
		pl->cap = pl->cap ? pl->cap * 2 : 64;
		pl->inputs = xrealloc(pl->inputs, (size_t)pl->cap * MAX_VARS *
							  sizeof(*pl->inputs));
		pl->fp = xrealloc(pl->fp, (size_t)pl->cap * (size_t)pl->nprogs *
						  sizeof(*pl->fp));
	}
	int i = pl->n++;
	if ((pl->n + 63) / 64 > pl->capwords) {
		int nw = pl->capwords ? pl->capwords * 2 : 4;
		for (int p = 0; p < pl->nprogs; p++) {
			pl->kills[p] = xrealloc(pl->kills[p],
						(size_t)nw * sizeof(uint64_t));
			memset(pl->kills[p] + pl->capwords, 0,
			       (size_t)(nw - pl->capwords) * sizeof(uint64_t));
		}
		pl->capwords = nw;
	}
	pl->words = (pl->n + 63) / 64;
	memcpy(pl->inputs + (size_t)i * MAX_VARS, in, MAX_VARS * sizeof(*in));
	memcpy(pl->fp + (size_t)i * (size_t)pl->nprogs, fp,
	       (size_t)pl->nprogs * sizeof(*fp));
	for (int p = 1; p < pl->nprogs; p++)
		if (fp[p] != fp[0])
			pl->kills[p][i / 64] |= (uint64_t)1 << (i % 64);
	free(fp);
	return i;
}

uint64_t pool_fp(const struct pool *pl, int i, int p)
{
	return pl->fp[(size_t)i * (size_t)pl->nprogs + (size_t)p];
}

/* First pool input on which a and b have different outcomes, or -1. */
int pool_distinct(const struct pool *pl, int a, int b)
{
	for (int i = 0; i < pl->n; i++)
		if (pool_fp(pl, i, a) != pool_fp(pl, i, b))
			return i;
	return -1;
}

/* First pool input that kills a but not b (b = 0: kills a), or -1. */
int pool_kill_not(const struct pool *pl, int a, int b)
{
	for (int w = 0; w < pl->words; w++) {
		uint64_t x = pl->kills[a][w] & (b ? ~pl->kills[b][w] : ~0ULL);
		if (x)
			return w * 64 + __builtin_ctzll(x);
	}
	return -1;
}

/* Floating boundary values: signed zeros and ones, infinities, NaN, the
 * smallest subnormal and normal, the largest finite value, one ulp
 * above 1, halves (rounding, truncation, %), and the first integer the
 * format cannot hold exactly plus one (2^24 + 2, 2^53 + 2), and a
 * value beyond the range of int. */
static void float_candidates(const struct type *t, struct value *out, int *n)
{
	bool f = t->bits == 32;
	double v[] = { 0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN,
		       f ? FLT_TRUE_MIN : DBL_TRUE_MIN, f ? FLT_MAX : DBL_MAX,
		       f ? FLT_MIN : DBL_MIN,
		       f ? 1.0 + FLT_EPSILON : 1.0 + DBL_EPSILON, 0.5, -1.5,
		       2.5, f ? 16777218.0 : 9007199254740994.0, -3e9 };
	*n = 0;
	for (size_t i = 0; i < ARRAY_SIZE(v); i++)
		out[(*n)++] = value_from_double(t, v[i]);
}

/* Boundary values of type t: small ones, and a fixed width's edges. */
static void candidates(const struct type *t, struct value *out, int *n)
{
	*n = 0;
	if (t->kind == TK_FLOAT) {
		float_candidates(t, out, n);
		return;
	}
	if (t->kind == TK_BOOLEAN) {
		out[(*n)++] = value_bool(false);
		out[(*n)++] = value_bool(true);
		return;
	}
	int64_t base[] = { 0, 1, -1, 2, -2, 3, 7, -7 };
	for (size_t i = 0; i < ARRAY_SIZE(base); i++)
		if (type_holds(t, base[i]))
			out[(*n)++] = value_int(base[i]);
	if (t->kind == TK_INT) {
		struct value lo = type_min(t), hi = type_max(t);
		struct value edge[] = { lo, hi, value_uint(lo.bits + 1),
					value_uint(hi.bits - 1) };
		for (size_t i = 0; i < ARRAY_SIZE(edge); i++) {
			bool dup = false;
			for (int j = 0; j < *n; j++)
				dup |= value_eq(out[j], edge[i]);
			if (!dup)
				out[(*n)++] = edge[i];
		}
	}
}

uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A deterministic pseudo-random value of type t: small (-16..16) or
 * anywhere in the type's range. */
struct value random_value(uint64_t *x, const struct type *t, bool small)
{
	uint64_t r = xorshift(x);
	if (t->kind == TK_BOOLEAN)
		return value_bool(r & 1);
	if (t->kind == TK_FLOAT) /* small halves, or any bit pattern */
		return small ? value_from_double(t, (double)((int64_t)(r % 65) - 32) / 2)
			     : value_observed(t, value_uint(r >> (64 - t->bits)),
					      FCMP_IDENTICAL);
	if (small || t->kind == TK_MATH) {
		int64_t v = (int64_t)(r % 33) - 16;
		if (!t->is_signed && v < 0)
			v = -v;
		if (t->kind == TK_INT) /* a type narrower than 6 bits */
			return type_wrap(t, v);
		return value_int(small || (r >> 40) & 1 ? v
						       : v * (int64_t)(r >> 48));
	}
	return type_wrap(t, (int64_t)r);
}

/* Random and boundary inputs: the product of each variable's candidates, or a
 * deterministic sample of it when that is too large. */
void pool_seed(struct prover *P)
{
	const struct analysis *an = P->an;
	struct value cand[MAX_VARS][16];
	int ncand[MAX_VARS];
	double total = 1;
	for (int v = 0; v < an->nvars; v++) {
		candidates(an->var_types[v], cand[v], &ncand[v]);
		total *= ncand[v];
	}
	struct value in[MAX_VARS] = { { 0 } };
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	/* Random inputs first: small values, then any value of the type. */
	for (int k = 0; k < POOL_RANDOM; k++) {
		for (int v = 0; v < an->nvars; v++)
			in[v] = random_value(&x, an->var_types[v], k % 2 == 0);
		pool_add(P, in);
	}
	if (total <= POOL_SEED_MAX) {
		int idx[MAX_VARS] = { 0 };
		for (int k = 0; k < (int)total; k++) {
			for (int v = 0; v < an->nvars; v++)
				in[v] = cand[v][idx[v]];
			pool_add(P, in);
			for (int v = an->nvars - 1; v >= 0; v--) {
				if (++idx[v] < ncand[v])
					break;
				idx[v] = 0;
			}
		}
		return;
	}
	for (int k = 0; k < POOL_SEED_MAX; k++) {
		for (int v = 0; v < an->nvars; v++)
			in[v] = cand[v][xorshift(&x) % (uint64_t)ncand[v]];
		pool_add(P, in);
	}
}

void pool_free(struct pool *pl)
{
	for (int p = 0; pl->kills && p < pl->nprogs; p++)
		free(pl->kills[p]);
	free(pl->kills);
	free(pl->inputs);
	free(pl->fp);
	pl->kills = NULL;
	pl->inputs = NULL;
	pl->fp = NULL;
}

bool pool_same_kills(const struct pool *pl, int a, int b)
{
	for (int w = 0; w < pl->words; w++)
		if (pl->kills[a][w] != pl->kills[b][w])
			return false;
	return true;
}

/* How many pool inputs kill p. */
int pool_count(const struct pool *pl, int p)
{
	int c = 0;
	for (int w = 0; w < pl->words; w++)
		c += __builtin_popcountll(pl->kills[p][w]);
	return c;
}
