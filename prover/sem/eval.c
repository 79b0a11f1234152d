/*
 * eval.c - stage 4b: concrete evaluation of a typed tree.
 *
 * Fixed-width arithmetic goes through uint64 and is then wrapped to the
 * type's width, so wrap-around is defined C; the mathematical integer
 * type checks every step for int64 overflow.  Conversions are the N_CONV
 * nodes typing inserted (one function, conv); the profile's semantic
 * data says what division by zero, shift distances and signed overflow
 * do.  Undefined behaviour (C) is the exceptional outcome, `threw`.
 *
 * Floating point is the machine's IEEE 754 arithmetic on float and
 * double, one operation per C statement, every NaN made canonical.  No
 * excess precision: the build requires FLT_EVAL_METHOD == 0 (x86-64
 * with SSE2, where float and double operations round to their own
 * type; the #error below stops an x87 build), and no statement here has
 * two operations that a compiler could contract into a fused
 * multiply-add.  The rounding mode is the default, to nearest even
 * (nothing calls fesetround()).
 */
#include "sem/eval.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "the evaluator needs FLT_EVAL_METHOD == 0 (SSE, not x87)"
#endif

#include "lang/profile.h"

struct ctx {
	struct value vars[ENV_VARS];
	bool threw, overflow;
};

static const struct value ZERO = { 0 };

static struct value ev(struct ctx *c, const struct node *n);

static struct value conv(const struct type *from, struct value v,
			 const struct type *to)
{
	return value_convert(from, v, to);
}

/* Is converting v of type from to type to undefined behaviour (C: a
 * floating value whose truncation the integer type cannot hold)? */
static bool float_to_int_ub(const struct type *from, struct value v,
			    const struct type *to)
{
	return from->kind == TK_FLOAT && to->kind == TK_INT && to->bits > 1 &&
	       to->profile->float_to_int == F2I_UB &&
	       !value_float_fits(from, v, to);
}

static struct value integer_op(struct ctx *c, enum op op, int64_t a,
			       int64_t b)
{
	int64_t r = 0;
	bool o = false;
	switch (op) {
	case OP_ADD: o = __builtin_add_overflow(a, b, &r); break;
	case OP_SUB: o = __builtin_sub_overflow(a, b, &r); break;
	case OP_MUL: o = __builtin_mul_overflow(a, b, &r); break;
	case OP_DIV:
		if (a == INT64_MIN && b == -1)
			o = true;
		else
			r = a / b;
		break;
	case OP_REM:
		r = b == -1 ? 0 : a % b;
		break;
	default:
		BUG("operator %s on integer", op_spelling(op));
	}
	if (o)
		c->overflow = true;
	return value_int(r);
}

/* Division and remainder of fixed-width values of type t (b != 0). */
static struct value divide(enum op op, const struct type *t, struct value x,
			   struct value y)
{
	if (!t->is_signed)
		return type_wrap(t, (int64_t)(op == OP_DIV ? x.bits / y.bits
							   : x.bits % y.bits));
	int64_t a = value_i64(x), b = value_i64(y);
	if (b == -1) /* INT64_MIN / -1 overflows in C */
		return op == OP_DIV ? type_wrap(t, (int64_t)(0 - x.bits)) : ZERO;
	return type_wrap(t, op == OP_DIV ? a / b : a % b);
}

/* A shift of a fixed-width value of type t by n, 0 <= n < bits. */
static struct value shift(enum op op, const struct type *t, struct value x,
			  int n)
{
	uint64_t low = t->bits == 64 ? UINT64_MAX
				     : ((uint64_t)1 << t->bits) - 1;
	if (op == OP_SHL)
		return type_wrap(t, (int64_t)(x.bits << n));
	if (op == OP_SHR && t->is_signed) {
		int64_t v = value_i64(x);
		return type_wrap(t, v < 0 ? ~(~v >> n) : v >> n);
	}
	/* >>>, and >> of an unsigned type: logical */
	return type_wrap(t, (int64_t)((x.bits & low) >> n));
}

/* The distance of a shift in type t by d (of type dt), as the profile's
 * shift rule says; -1: undefined behaviour. */
static int shift_distance(const struct type *t, struct value x,
			  const struct type *dt, struct value d, enum op op)
{
	const struct profile *pf = t->profile;
	if (pf->shift == SHIFT_MASK)
		return (int)(d.bits & (uint64_t)(t->bits - 1));
	if (pf->shift != SHIFT_UB)
		BUG("unknown shift rule");
	if ((dt->is_signed && value_i64(d) < 0) || d.bits >= (uint64_t)t->bits)
		return -1;
	int n = (int)d.bits;
	/* E1 << E2: E1 negative, or E1 * 2^E2 beyond the maximum */
	if (op == OP_SHL && t->is_signed && pf->shl_signed_ub &&
	    (value_i64(x) < 0 || value_i64(x) >> (t->bits - 1 - n) != 0))
		return -1;
	return n;
}

/* Does signed a op b (+, -, *) leave type t? */
static bool overflows(enum op op, const struct type *t, struct value a,
		      struct value b)
{
	int64_t x = value_i64(a), y = value_i64(b), r = 0;
	bool o;
	switch (op) {
	case OP_ADD: o = __builtin_add_overflow(x, y, &r); break;
	case OP_SUB: o = __builtin_sub_overflow(x, y, &r); break;
	default: o = __builtin_mul_overflow(x, y, &r); break;
	}
	return o || !type_holds(t, r);
}

/* Is a op b undefined behaviour by the profile's rules, for an
 * arithmetic operator on fixed-width type t (shifts: shift_distance)? */
static bool undefined(enum op op, const struct type *t, struct value a,
		      struct value b)
{
	const struct profile *pf = t->profile;
	if (!t->is_signed)
		return false;
	switch (op) {
	case OP_ADD: case OP_SUB: case OP_MUL:
		return pf->overflow == OVF_UB && overflows(op, t, a, b);
	case OP_DIV: case OP_REM: /* MIN / -1 */
		return pf->div_overflow_ub && value_i64(b) == -1 &&
		       value_eq(a, type_min(t));
	default:
		return false;
	}
}

/* a op b in binary32: one rounding, to float. */
static float float_op(enum op op, float a, float b)
{
	switch (op) {
	case OP_ADD: return a + b;
	case OP_SUB: return a - b;
	case OP_MUL: return a * b;
	case OP_DIV: return a / b;
	case OP_REM: return fmodf(a, b); /* Java's %: truncating, exact */
	default: BUG("%s on float", op_spelling(op));
	}
}

static double double_op(enum op op, double a, double b)
{
	switch (op) {
	case OP_ADD: return a + b;
	case OP_SUB: return a - b;
	case OP_MUL: return a * b;
	case OP_DIV: return a / b;
	case OP_REM: return fmod(a, b);
	default: BUG("%s on double", op_spelling(op));
	}
}

/* a op b of floating type t (never throws: x / 0 is an infinity or
 * NaN). */
static struct value float_arith(enum op op, const struct type *t,
				struct value a, struct value b)
{
	double x = value_to_double(t, a), y = value_to_double(t, b);
	if (t->bits == 32) {
		float r = float_op(op, (float)x, (float)y);
		return value_from_double(t, r); /* exact: r is a float */
	}
	return value_from_double(t, double_op(op, x, y));
}

/* a op b for an arithmetic, shift or bitwise operator; a and the result
 * have type t, b has type bt (t, except a distance under SHIFT_UB). */
static struct value arith(struct ctx *c, enum op op, const struct type *t,
			  struct value a, struct value b, const struct type *bt)
{
	if (t->kind == TK_FLOAT)
		return float_arith(op, t, a, b);
	if ((op == OP_DIV || op == OP_REM) && b.bits == 0) {
		if (t->profile->div_zero != DIV0_THROWS &&
		    t->profile->div_zero != DIV0_UB)
			BUG("unknown division-by-zero rule");
		c->threw = true;
		return ZERO;
	}
	if (t->kind == TK_MATH)
		return integer_op(c, op, value_i64(a), value_i64(b));
	if (undefined(op, t, a, b)) {
		c->threw = true;
		return ZERO;
	}
	uint64_t ua = a.bits, ub = b.bits;
	int n;
	switch (op) {
	case OP_ADD: return type_wrap(t, (int64_t)(ua + ub));
	case OP_SUB: return type_wrap(t, (int64_t)(ua - ub));
	case OP_MUL: return type_wrap(t, (int64_t)(ua * ub));
	case OP_DIV: case OP_REM: return divide(op, t, a, b);
	case OP_SHL: case OP_SHR: case OP_USHR:
		n = shift_distance(t, a, bt, b, op);
		if (n < 0) {
			c->threw = true;
			return ZERO;
		}
		return shift(op, t, a, n);
	case OP_AND: return value_uint(ua & ub);
	case OP_OR: return value_uint(ua | ub);
	case OP_XOR: return value_uint(ua ^ ub);
	default:
		BUG("not arithmetic: %s", op_spelling(op));
	}
}

/* a op b for a comparison; a and b have type t. */
static struct value compare(enum op op, const struct type *t, struct value a,
			    struct value b)
{
	if (t->kind == TK_FLOAT) { /* IEEE: NaN is unordered, -0.0 == 0.0 */
		double x = value_to_double(t, a), y = value_to_double(t, b);
		switch (op) {
		case OP_LT: return value_bool(x < y);
		case OP_LE: return value_bool(x <= y);
		case OP_GT: return value_bool(x > y);
		case OP_GE: return value_bool(x >= y);
		case OP_EQ: return value_bool(x == y);
		case OP_NE: return value_bool(x != y);
		default: BUG("not a comparison");
		}
	}
	int r = t->kind == TK_BOOLEAN ? (a.bits > b.bits) - (a.bits < b.bits)
				      : value_cmp(t, a, b);
	switch (op) {
	case OP_LT: return value_bool(r < 0);
	case OP_LE: return value_bool(r <= 0);
	case OP_GT: return value_bool(r > 0);
	case OP_GE: return value_bool(r >= 0);
	case OP_EQ: return value_bool(r == 0);
	case OP_NE: return value_bool(r != 0);
	default: BUG("not a comparison");
	}
}

static struct value ev_binary(struct ctx *c, const struct node *n)
{
	struct value a = ev(c, n->a);
	if (c->threw)
		return ZERO;
	if (n->op == OP_LAND && !a.bits)
		return value_bool(false);
	if (n->op == OP_LOR && a.bits)
		return value_bool(true);
	struct value b = ev(c, n->b);
	if (c->threw)
		return ZERO;
	switch (n->op) {
	case OP_LAND: case OP_LOR:
		return b;
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ:
	case OP_NE: /* 0 or 1, whether the result type is boolean or not */
		return compare(n->op, n->a->type, a, b);
	default:
		return arith(c, n->op, n->type, a, b, n->b->type);
	}
}

static struct value ev_unary(struct ctx *c, const struct node *n)
{
	struct value a = ev(c, n->a);
	switch (n->op) {
	case OP_PLUS:
		return a;
	case OP_NEG:
		if (n->type->kind == TK_MATH)
			return integer_op(c, OP_SUB, 0, value_i64(a));
		if (n->type->kind == TK_FLOAT) /* the sign flipped */
			return value_from_double(n->type,
						 -value_to_double(n->type, a));
		if (undefined(OP_SUB, n->type, ZERO, a)) {
			c->threw = true;
			return ZERO;
		}
		return type_wrap(n->type, (int64_t)(0 - a.bits));
	case OP_BNOT:
		return type_wrap(n->type, (int64_t)~a.bits);
	case OP_NOT:
		return value_bool(!a.bits);
	default:
		BUG("bad unary");
	}
}

/* x = y, x op= y, ++x, x++ ...: the stored value is n->b (converted by
 * typing) or n->c (the operation and the cast back). */
static struct value ev_store(struct ctx *c, const struct node *n)
{
	struct value old = c->vars[n->a->var];
	struct value v = ev(c, n->c ? n->c : n->b);
	if (c->threw)
		return ZERO;
	c->vars[n->a->var] = v;
	return n->op == OP_POSTINC || n->op == OP_POSTDEC ? old : v;
}

static struct value ev(struct ctx *c, const struct node *n)
{
	struct value a;
	switch (n->kind) {
	case N_LIT:
		return n->val;
	case N_VAR:
		return c->vars[n->var];
	case N_SKIP:
		return ZERO;
	case N_DEFINED: {
		struct ctx sub = *c; /* side effects discarded */
		ev(&sub, n->a);
		c->overflow |= sub.overflow;
		return value_bool(!sub.threw);
	}
	case N_CONV:
		a = ev(c, n->a);
		if (!c->threw && float_to_int_ub(n->a->type, a, n->type))
			c->threw = true;
		return c->threw ? ZERO : conv(n->a->type, a, n->type);
	case N_UNARY:
		return ev_unary(c, n);
	case N_BINARY:
		return ev_binary(c, n);
	case N_COND:
		a = ev(c, n->a);
		if (c->threw)
			return ZERO;
		return a.bits ? ev(c, n->b) : ev(c, n->c);
	case N_ASSIGN:
	case N_INCDEC:
		return ev_store(c, n);
	case N_HOLE:
		break;
	}
	BUG("bad node kind %d", n->kind);
}

void eval_outcome(const struct node *e, int nvars, const struct value *in,
		  struct outcome *out)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	memcpy(c.vars, in, (size_t)nvars * sizeof(*in));
	struct value v = ev(&c, e);
	memset(out, 0, sizeof(*out));
	out->threw = c.threw;
	out->overflow = c.overflow;
	out->value = c.threw ? ZERO : v;
	out->type = e->type;
	out->negative = !c.threw && value_negative(e->type, v);
	memcpy(out->vars, c.vars, (size_t)nvars * sizeof(*in));
}

struct value outcome_value(const struct observe *obs, const struct outcome *o)
{
	return value_observed(o->type, o->value, obs->fcmp);
}

struct value outcome_var(const struct observe *obs, const struct outcome *o,
			 int i)
{
	return value_observed(obs->vtype[i], o->vars[i], obs->fcmp);
}

bool outcome_differs(const struct observe *obs, int nvars,
		     const struct outcome *x, const struct outcome *y)
{
	if (x->threw || y->threw)
		return x->threw != y->threw;
	if (obs->value &&
	    (!value_eq(outcome_value(obs, x), outcome_value(obs, y)) ||
	     x->negative != y->negative))
		return true;
	for (int i = 0; i < nvars; i++)
		if (obs->var[i] && !value_eq(outcome_var(obs, x, i),
					     outcome_var(obs, y, i)))
			return true;
	return false;
}

bool eval_holds(const struct node *assume, int nvars, const struct value *in,
		bool *undecided)
{
	if (!assume)
		return true;
	struct outcome o;
	eval_outcome(assume, nvars, in, &o);
	if (o.overflow && undecided)
		*undecided = true;
	return !o.threw && o.value.bits;
}
