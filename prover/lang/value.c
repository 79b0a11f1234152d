/* value.c - type descriptors and values; see value.h. */
#include "lang/value.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "lang/profile.h"

const struct type type_error_desc = { .kind = TK_ERROR, .name = "<error>" };
const struct type type_void_desc = { .kind = TK_VOID, .name = "void" };

const char *type_name(const struct type *t)
{
	return t->name;
}

bool type_is_numeric(const struct type *t)
{
	return t->kind == TK_INT || t->kind == TK_MATH || t->kind == TK_FLOAT;
}

bool type_is_float(const struct type *t)
{
	return t->kind == TK_FLOAT;
}

bool type_is_integral(const struct type *t)
{
	return t->kind == TK_INT;
}

/* The low `bits` bits of u, extended to 64 by signedness. */
static uint64_t extend(uint64_t u, int bits, bool is_signed)
{
	if (bits >= 64)
		return u;
	uint64_t mask = ((uint64_t)1 << bits) - 1;
	u &= mask;
	if (is_signed && (u >> (bits - 1)) & 1)
		u |= ~mask;
	return u;
}

/* Does trunc(d) fit the fixed-width type to?  (The bounds are powers
 * of two, exact in double; NaN compares false.) */
static bool fits(double d, const struct type *to)
{
	double t = trunc(d);
	double lo = to->is_signed ? -ldexp(1, to->bits - 1) : 0;
	double hi = ldexp(1, to->is_signed ? to->bits - 1 : to->bits);
	return t >= lo && t < hi;
}

static struct value value_from_float(const struct type *t, float f)
{
	(void)t;
	if (isnan(f))
		return value_uint(0x7fc00000u);
	uint32_t u;
	memcpy(&u, &f, sizeof(u));
	return value_uint(u);
}

struct value value_from_double(const struct type *t, double d)
{
	if (t && t->bits == 32)
		return value_from_float(t, (float)d);
	if (isnan(d))
		return value_uint(0x7ff8000000000000ull);
	uint64_t u;
	memcpy(&u, &d, sizeof(u));
	return value_uint(u);
}

double value_to_double(const struct type *t, struct value v)
{
	if (t->bits == 32) {
		uint32_t u = (uint32_t)v.bits;
		float f;
		memcpy(&f, &u, sizeof(f));
		return f;
	}
	double d;
	memcpy(&d, &v.bits, sizeof(d));
	return d;
}

struct value value_nan(const struct type *t)
{
	return value_uint(t->bits == 32 ? 0x7fc00000u : 0x7ff8000000000000ull);
}

bool value_is_nan(const struct type *t, struct value v)
{
	return t->kind == TK_FLOAT && isnan(value_to_double(t, v));
}

bool value_is_negative(const struct type *t, struct value v)
{
	if (t->kind == TK_FLOAT)
		return (v.bits >> (t->bits - 1)) & 1;
	return t->is_signed && value_i64(v) < 0;
}

bool value_float_fits(const struct type *from, struct value v,
		      const struct type *to)
{
	return fits(value_to_double(from, v), to);
}

const char *const float_compare_names[2] = { "identical", "numeric" };

struct value value_observed(const struct type *t, struct value v,
			    enum float_compare fc)
{
	if (!t || t->kind != TK_FLOAT)
		return v;
	if (value_is_nan(t, v))
		return value_nan(t);
	if (fc == FCMP_NUMERIC && value_to_double(t, v) == 0.0)
		return value_uint(0);
	return v;
}

/* The truncation of finite d, saturated to [lo, hi] (Java's rule). */
static int64_t saturate(double d, int64_t lo, int64_t hi)
{
	if (isnan(d))
		return 0;
	if (d <= (double)lo)
		return lo;
	if (d >= -(double)lo) /* 2^31 or 2^63: hi + 1 */
		return hi;
	return (int64_t)d;
}

/* A floating value converted to the fixed-width type to. */
static struct value float_to_int(double d, const struct type *to)
{
	if (to->bits == 1) /* C's _Bool: != 0 (NaN is not 0) */
		return value_bool(d != 0.0);
	if (to->profile && to->profile->float_to_int == F2I_SATURATE) {
		int64_t r = to->bits > 32 ? saturate(d, INT64_MIN, INT64_MAX)
					  : saturate(d, INT32_MIN, INT32_MAX);
		return value_uint(extend((uint64_t)r, to->bits, to->is_signed));
	}
	if (!fits(d, to))
		return value_uint(0);
	if (to->is_signed)
		return value_int((int64_t)d);
	return value_uint(extend((uint64_t)d, to->bits, false));
}

struct value value_convert(const struct type *from, struct value v,
			   const struct type *to)
{
	/* integer payloads are already extended by from's signedness */
	bool ffloat = from && from->kind == TK_FLOAT;
	double d = 0;
	if (ffloat) {
		d = value_to_double(from, v);
		if (to->kind == TK_BOOLEAN)
			return value_bool(d != 0.0);
		if (to->kind == TK_INT)
			return float_to_int(d, to);
	}
	switch (to->kind) {
	case TK_BOOLEAN:
		return value_bool(v.bits != 0);
	case TK_INT:
		if (to->bits == 1) /* C's _Bool */
			return value_bool(v.bits != 0);
		return value_uint(extend(v.bits, to->bits, to->is_signed));
	case TK_FLOAT:
		if (ffloat) /* (float) of a double rounds once, here */
			return to->bits == 32 ? value_from_float(to, (float)d)
					      : value_from_double(to, d);
		if (from && !from->is_signed && from->kind == TK_INT)
			return to->bits == 32
				       ? value_from_float(to, (float)v.bits)
				       : value_from_double(to, (double)v.bits);
		return to->bits == 32
			       ? value_from_float(to, (float)value_i64(v))
			       : value_from_double(to, (double)value_i64(v));
	default:
		return v;
	}
}

struct value type_wrap(const struct type *t, int64_t v)
{
	return value_convert(NULL, value_int(v), t);
}

int value_cmp(const struct type *t, struct value a, struct value b)
{
	if (t->kind == TK_INT && !t->is_signed)
		return (a.bits > b.bits) - (a.bits < b.bits);
	int64_t x = value_i64(a), y = value_i64(b);
	return (x > y) - (x < y);
}

struct value type_min(const struct type *t)
{
	switch (t->kind) {
	case TK_BOOLEAN:
		return value_bool(false);
	case TK_INT:
		if (!t->is_signed)
			return value_uint(0);
		return value_uint(extend((uint64_t)1 << (t->bits - 1), t->bits,
					 true));
	default:
		return value_int(INT64_MIN);
	}
}

struct value type_max(const struct type *t)
{
	switch (t->kind) {
	case TK_BOOLEAN:
		return value_bool(true);
	case TK_INT:
		if (!t->is_signed)
			return value_uint(extend(UINT64_MAX, t->bits, false));
		return value_uint(extend(UINT64_MAX, t->bits - 1, false));
	default:
		return value_int(INT64_MAX);
	}
}

bool type_contains(const struct type *t, const struct type *u)
{
	if (t == u)
		return true;
	if (u->kind != TK_INT && u->kind != TK_MATH)
		return false;
	if (t->kind == TK_MATH)
		return true;
	if (t->kind != TK_INT || u->kind != TK_INT)
		return false;
	if (t->is_signed == u->is_signed)
		return t->bits >= u->bits;
	return t->is_signed && t->bits > u->bits;
}

bool type_holds(const struct type *t, int64_t v)
{
	return value_eq(type_wrap(t, v), value_int(v));
}

void value_print(struct strbuf *sb, const struct type *t, struct value v)
{
	if (!t->profile) /* void and error have no literals */
		sb_printf(sb, "%" PRId64, value_i64(v));
	else
		t->profile->value_print(sb, t, v);
}

const struct type *profile_type(const struct profile *pf, const char *name)
{
	for (int i = 0; i < pf->ntypes; i++)
		if (!strcmp(pf->types[i]->name, name))
			return pf->types[i];
	for (int i = 0; i < pf->naliases; i++)
		if (!strcmp(pf->aliases[i].name, name))
			return pf->aliases[i].type;
	return NULL;
}
