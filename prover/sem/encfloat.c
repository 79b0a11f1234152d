/*
 * encfloat.c - floating point in Z3: IEEE 754 binary32 and binary64 as
 * FloatingPoint 8 24 and 11 53, every operation rounding to nearest,
 * ties to even (the evaluator's and the JVM's mode).  See encode.h.
 *
 * Where SMT-LIB and the languages part:
 *   - Java's % (and C's fmod) truncates the quotient; fp.rem rounds it
 *     to nearest.  The truncating remainder is derived from fp.rem
 *     (enc_float_rem below) and tested against the evaluator and the
 *     JVM.
 *   - fp.to_sbv/fp.to_ubv are unspecified for NaN, infinities and
 *     values out of range: Java's saturation (NaN to 0, clamped) is
 *     encoded around them, and C's undefined behaviour is the range
 *     test enc_float_int_ub (the conversion's value is then irrelevant).
 */
#include "sem/encode.h"

#include <math.h>

#include "lang/profile.h"

Z3_sort enc_float_sort(struct encoder *s, const struct type *t)
{
	return t->bits == 32 ? Z3_mk_fpa_sort_single(s->ctx)
			     : Z3_mk_fpa_sort_double(s->ctx);
}

static int ebits(const struct type *t)
{
	return t->bits == 32 ? 8 : 11;
}

/* The exact value: fp(sign, exponent, significand) of the bit pattern. */
Z3_ast enc_float_constant(struct encoder *s, const struct type *t,
			  struct value v)
{
	Z3_context c = s->ctx;
	unsigned eb = (unsigned)ebits(t), sb = (unsigned)t->bits - eb - 1;
	uint64_t u = v.bits;
	Z3_ast sg = Z3_mk_unsigned_int64(c, (u >> (t->bits - 1)) & 1,
					 Z3_mk_bv_sort(c, 1));
	Z3_ast ex = Z3_mk_unsigned_int64(c, (u >> sb) & ((1u << eb) - 1),
					 Z3_mk_bv_sort(c, eb));
	Z3_ast sig = Z3_mk_unsigned_int64(c, u & (((uint64_t)1 << sb) - 1),
					  Z3_mk_bv_sort(c, sb));
	return Z3_mk_fpa_fp(c, sg, ex, sig);
}

static Z3_ast fconst(struct encoder *s, const struct type *t, double d)
{
	return enc_float_constant(s, t, value_from_double(t, d));
}

Z3_ast enc_float_is_zero(struct encoder *s, Z3_ast x)
{
	return Z3_mk_fpa_is_zero(s->ctx, x);
}

/* The truncation of x, and the bounds [2^(w-1) negated, 2^(w-1)) (or
 * [0, 2^w) unsigned) of a w-bit integer type, as floating values of
 * type from (powers of two: exact in both formats up to 2^64). */
static Z3_ast trunc_in(struct encoder *s, Z3_ast x, const struct type *from,
		       const struct type *to)
{
	Z3_context c = s->ctx;
	Z3_ast t = Z3_mk_fpa_round_to_integral(c, Z3_mk_fpa_rtz(c), x);
	double lo = to->is_signed ? -ldexp(1, to->bits - 1) : 0;
	double hi = ldexp(1, to->is_signed ? to->bits - 1 : to->bits);
	Z3_ast args[2] = { Z3_mk_fpa_geq(c, t, fconst(s, from, lo)),
			   Z3_mk_fpa_lt(c, t, fconst(s, from, hi)) };
	return Z3_mk_and(c, 2, args); /* false for NaN */
}

Z3_ast enc_float_int_ub(struct encoder *s, Z3_ast x, const struct type *from,
			const struct type *to)
{
	if (from->kind != TK_FLOAT || to->kind != TK_INT || to->bits == 1 ||
	    to->profile->float_to_int != F2I_UB)
		return NULL;
	return Z3_mk_not(s->ctx, trunc_in(s, x, from, to));
}

/* Java's saturating conversion to int (w = 32) or long (w = 64). */
static Z3_ast saturate(struct encoder *s, Z3_ast x, const struct type *from,
		       unsigned w)
{
	Z3_context c = s->ctx;
	Z3_sort bv = Z3_mk_bv_sort(c, w);
	double top = ldexp(1, (int)w - 1);
	uint64_t min = (uint64_t)1 << (w - 1);
	Z3_ast r = Z3_mk_fpa_to_sbv(c, Z3_mk_fpa_rtz(c), x, w);
	r = Z3_mk_ite(c, Z3_mk_fpa_leq(c, x, fconst(s, from, -top)),
		      Z3_mk_unsigned_int64(c, min, bv), r);
	r = Z3_mk_ite(c, Z3_mk_fpa_geq(c, x, fconst(s, from, top)),
		      Z3_mk_unsigned_int64(c, min - 1, bv), r);
	return Z3_mk_ite(c, Z3_mk_fpa_is_nan(c, x),
			 Z3_mk_unsigned_int64(c, 0, bv), r);
}

/* A floating x converted to the fixed-width type to. */
static Z3_ast to_int(struct encoder *s, Z3_ast x, const struct type *from,
		     const struct type *to)
{
	Z3_context c = s->ctx;
	unsigned w = (unsigned)to->bits;
	if (to->profile->float_to_int == F2I_SATURATE) {
		Z3_ast r = saturate(s, x, from, w > 32 ? 64 : 32);
		if (w < 32) /* JLS 5.1.3: to int, then narrowed */
			r = Z3_mk_extract(c, w - 1, 0, r);
		return r;
	}
	/* F2I_UB: defined only in range (enc_float_int_ub) */
	return to->is_signed ? Z3_mk_fpa_to_sbv(c, Z3_mk_fpa_rtz(c), x, w)
			     : Z3_mk_fpa_to_ubv(c, Z3_mk_fpa_rtz(c), x, w);
}

Z3_ast enc_float_conv(struct encoder *s, Z3_ast x, const struct type *from,
		      const struct type *to)
{
	Z3_context c = s->ctx;
	Z3_ast rne = Z3_mk_fpa_rne(c);
	if (from->kind == TK_FLOAT && to->kind == TK_FLOAT)
		return Z3_mk_fpa_to_fp_float(c, rne, x, enc_float_sort(s, to));
	if (to->kind == TK_FLOAT) /* from a fixed-width integer */
		return from->is_signed
			       ? Z3_mk_fpa_to_fp_signed(c, rne, x,
							enc_float_sort(s, to))
			       : Z3_mk_fpa_to_fp_unsigned(c, rne, x,
							  enc_float_sort(s, to));
	if (to->kind == TK_BOOLEAN) /* a C condition: != 0 (NaN too) */
		return Z3_mk_not(c, Z3_mk_fpa_is_zero(c, x));
	if (to->kind == TK_INT && to->bits == 1) /* C's _Bool */
		return Z3_mk_ite(c, Z3_mk_fpa_is_zero(c, x),
				 Z3_mk_unsigned_int64(c, 0, Z3_mk_bv_sort(c, 1)),
				 Z3_mk_unsigned_int64(c, 1, Z3_mk_bv_sort(c, 1)));
	if (to->kind == TK_INT)
		return to_int(s, x, from, to);
	BUG("no conversion from %s to %s", type_name(from), type_name(to));
}

/* Java's % and C's fmod: a - b * trunc(a / b), exact.  fp.rem gives
 * r = a - b * n with n = a / b rounded to nearest even; where that
 * rounding went away from zero, r's sign is not a's (and r != 0), and
 * the truncating remainder is r + |b| (a > 0) or r - |b| (a < 0): a sum
 * whose exact value, |r + b'| < |b|, is representable, so the rounded
 * addition is exact.  The special cases agree with fp.rem's: NaN for
 * an infinite a or a zero b, a itself for an infinite b, a zero with
 * a's sign for a zero remainder. */
static Z3_ast float_rem(struct encoder *s, Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast r = Z3_mk_fpa_rem(c, a, b);
	Z3_ast na = Z3_mk_fpa_is_negative(c, a);
	Z3_ast flip = Z3_mk_not(c, Z3_mk_eq(c, Z3_mk_fpa_is_negative(c, r), na));
	Z3_ast args[2] = { flip, Z3_mk_not(c, Z3_mk_fpa_is_zero(c, r)) };
	Z3_ast off = Z3_mk_and(c, 2, args);
	Z3_ast mb = Z3_mk_fpa_abs(c, b);
	Z3_ast fix = Z3_mk_ite(c, na, Z3_mk_fpa_sub(c, Z3_mk_fpa_rne(c), r, mb),
			       Z3_mk_fpa_add(c, Z3_mk_fpa_rne(c), r, mb));
	return Z3_mk_ite(c, off, fix, r);
}

/* Commutative operations take their operands in one order (by term
 * id), so a + b and b + a are the same term: a miter of two bit-blasted
 * adders or multipliers is beyond the solver, and the rounded
 * operations are exactly commutative (Z3 has one NaN). */
static void order(struct encoder *s, Z3_ast *a, Z3_ast *b)
{
	if (Z3_get_ast_id(s->ctx, *a) > Z3_get_ast_id(s->ctx, *b)) {
		Z3_ast t = *a;
		*a = *b;
		*b = t;
	}
}

Z3_ast enc_float_arith(struct encoder *s, enum op op, Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast rne = Z3_mk_fpa_rne(c);
	if (op == OP_ADD || op == OP_MUL)
		order(s, &a, &b);
	switch (op) {
	case OP_ADD: return Z3_mk_fpa_add(c, rne, a, b);
	case OP_SUB: return Z3_mk_fpa_sub(c, rne, a, b);
	case OP_MUL: return Z3_mk_fpa_mul(c, rne, a, b);
	case OP_DIV: return Z3_mk_fpa_div(c, rne, a, b);
	case OP_REM: return float_rem(s, a, b);
	default: BUG("%s on a floating type", op_spelling(op));
	}
}

/* a > b is b < a, a >= b is b <= a (one term for both spellings). */
Z3_ast enc_float_compare(struct encoder *s, enum op op, Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	if (op == OP_EQ || op == OP_NE)
		order(s, &a, &b);
	switch (op) {
	case OP_LT: return Z3_mk_fpa_lt(c, a, b);
	case OP_LE: return Z3_mk_fpa_leq(c, a, b);
	case OP_GT: return Z3_mk_fpa_lt(c, b, a);
	case OP_GE: return Z3_mk_fpa_leq(c, b, a);
	case OP_EQ: return Z3_mk_fpa_eq(c, a, b);
	case OP_NE: return Z3_mk_not(c, Z3_mk_fpa_eq(c, a, b));
	default: BUG("not a comparison");
	}
}

Z3_ast enc_float_same(struct encoder *s, Z3_ast a, Z3_ast b,
		      enum float_compare fc)
{
	Z3_context c = s->ctx;
	if (fc == FCMP_IDENTICAL) /* SMT =: NaN = NaN, -0 != +0 */
		return Z3_mk_eq(c, a, b);
	Z3_ast nan[2] = { Z3_mk_fpa_is_nan(c, a), Z3_mk_fpa_is_nan(c, b) };
	Z3_ast args[2] = { Z3_mk_fpa_eq(c, a, b), Z3_mk_and(c, 2, nan) };
	return Z3_mk_or(c, 2, args);
}

Z3_ast enc_float_observed(struct encoder *s, Z3_ast x, const struct type *t,
			  enum float_compare fc)
{
	Z3_context c = s->ctx;
	Z3_sort bv = Z3_mk_bv_sort(c, (unsigned)t->bits);
	if (fc == FCMP_NUMERIC) /* -0.0 as +0.0 */
		x = Z3_mk_ite(c, Z3_mk_fpa_is_zero(c, x),
			      enc_float_constant(s, t, value_uint(0)), x);
	/* to_ieee_bv leaves NaN's pattern open: the canonical one */
	return Z3_mk_ite(c, Z3_mk_fpa_is_nan(c, x),
			 Z3_mk_unsigned_int64(c, value_nan(t).bits, bv),
			 Z3_mk_fpa_to_ieee_bv(c, x));
}

int enc_float_read(struct encoder *s, Z3_ast v, const struct type *t,
		   struct value *out)
{
	Z3_context c = s->ctx;
	v = Z3_simplify(c, v); /* (fp #b0 #xff ...) as given is no numeral */
	if (!v)
		return -1;
	if (Z3_fpa_is_numeral_nan(c, v)) {
		*out = value_nan(t);
		return 0;
	}
	Z3_ast bits = Z3_simplify(c, Z3_mk_fpa_to_ieee_bv(c, v));
	uint64_t u;
	if (!bits || !Z3_get_numeral_uint64(c, bits, &u))
		return -1;
	*out = value_uint(u);
	return 0;
}
