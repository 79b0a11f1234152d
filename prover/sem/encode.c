/*
 * encode.c - typed trees to Z3 terms; see encode.h.
 *
 * Sorts from the type descriptor's kind: boolean -> Bool, mathematical
 * integer -> Int, fixed-width integers -> bit-vectors of their width
 * (extended by their signedness: Java's char zero-extends).  Conversions
 * are the N_CONV nodes typing made explicit, encoded by one function,
 * enc_conv().  What SMT-LIB leaves total is guarded as the profile says:
 * division and remainder by zero set the throw flag, shift distances are
 * masked to the width (Java) or out of range undefined (C), integer
 * division truncates.  C's undefined behaviour (signed overflow, MIN /
 * -1, shifts) sets the same throw flag: it is
 * the exceptional outcome.  C's conditions are converted to Bool by
 * typing (N_CONV to the profile's boolean: != 0); its comparisons and
 * logical operators give 1 or 0 of their type.
 */
#include "sem/encode.h"

#include "lang/profile.h"
#include "sem/fault.h"

static Z3_ast enc_binary(struct encoder *s, const struct node *n,
			 struct enc_env *e);
static Z3_ast is_zero(struct encoder *s, Z3_ast x, const struct type *t);


Z3_sort enc_sort(struct encoder *s, const struct type *t)
{
	switch (t->kind) {
	case TK_BOOLEAN: return Z3_mk_bool_sort(s->ctx);
	case TK_MATH: return Z3_mk_int_sort(s->ctx);
	case TK_INT: return Z3_mk_bv_sort(s->ctx, (unsigned)t->bits);
	case TK_FLOAT: return enc_float_sort(s, t);
	default: BUG("no sort for %s", type_name(t));
	}
}

Z3_ast enc_constant(struct encoder *s, const struct type *t, struct value v)
{
	if (t->kind == TK_BOOLEAN)
		return v.bits ? Z3_mk_true(s->ctx) : Z3_mk_false(s->ctx);
	if (t->kind == TK_MATH)
		return Z3_mk_int64(s->ctx, value_i64(v), enc_sort(s, t));
	if (t->kind == TK_FLOAT)
		return enc_float_constant(s, t, v);
	uint64_t u = v.bits;
	if (t->bits < 64)
		u &= ((uint64_t)1 << t->bits) - 1;
	return Z3_mk_unsigned_int64(s->ctx, u, enc_sort(s, t));
}

static Z3_ast constant_int(struct encoder *s, const struct type *t, int64_t v)
{
	return enc_constant(s, t, type_wrap(t, v));
}

/* Convert a value of type from to type to: widening extends by from's
 * signedness, narrowing keeps the low bits, Int <-> bit-vectors. */
Z3_ast enc_conv(struct encoder *s, Z3_ast x, const struct type *from,
		   const struct type *to)
{
	Z3_context c = s->ctx;
	if (from == to || from->kind == TK_BOOLEAN)
		return x;
	if (from->kind == TK_FLOAT || to->kind == TK_FLOAT)
		return enc_float_conv(s, x, from, to);
	if (to->kind == TK_BOOLEAN) /* a C condition: != 0 */
		return Z3_mk_not(c, is_zero(s, x, from));
	if (to->kind == TK_INT && to->bits == 1) /* C's _Bool: != 0 */
		return Z3_mk_ite(c, is_zero(s, x, from),
				 constant_int(s, to, 0), constant_int(s, to, 1));
	if (to->kind == TK_MATH)
		return Z3_mk_bv2int(c, x, from->is_signed);
	int wt = to->bits;
	if (from->kind == TK_MATH)
		return Z3_mk_int2bv(c, (unsigned)wt, x);
	int wf = from->bits;
	if (wt > wf)
		return from->is_signed ? Z3_mk_sign_ext(c, (unsigned)(wt - wf), x)
				       : Z3_mk_zero_ext(c, (unsigned)(wt - wf), x);
	if (wt < wf)
		return Z3_mk_extract(c, (unsigned)wt - 1, 0, x);
	return x;
}

Z3_ast enc_widen(struct encoder *s, Z3_ast x, const struct type *from,
		 int bits)
{
	if (from->kind != TK_INT || bits <= from->bits)
		BUG("cannot widen %s to %d bits", type_name(from), bits);
	unsigned k = (unsigned)(bits - from->bits);
	return from->is_signed ? Z3_mk_sign_ext(s->ctx, k, x)
			       : Z3_mk_zero_ext(s->ctx, k, x);
}

/* The encoded operand n, whose unconverted form was encoded as x: the
 * implicit conversion typing put around it, applied. */
static Z3_ast operand(struct encoder *s, const struct node *n, Z3_ast x)
{
	const struct node *in = node_strip(n);
	return in == n ? x : enc_conv(s, x, in->type, n->type);
}

/* ---- encoding ---- */

static Z3_ast or2(struct encoder *s, Z3_ast a, Z3_ast b)
{
	Z3_ast args[2] = { a, b };
	return Z3_mk_or(s->ctx, 2, args);
}

static Z3_ast and2(struct encoder *s, Z3_ast a, Z3_ast b)
{
	Z3_ast args[2] = { a, b };
	return Z3_mk_and(s->ctx, 2, args);
}

static Z3_ast is_zero(struct encoder *s, Z3_ast x, const struct type *t)
{
	if (t->kind == TK_FLOAT)
		return enc_float_is_zero(s, x);
	return Z3_mk_eq(s->ctx, x, constant_int(s, t, 0));
}

/* Java integer division on Int: truncate toward zero. */
static Z3_ast int_tdiv(struct encoder *s, Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast zero = Z3_mk_int64(c, 0, Z3_mk_int_sort(c));
	Z3_ast na = Z3_mk_unary_minus(c, a), nb = Z3_mk_unary_minus(c, b);
	Z3_ast age = Z3_mk_ge(c, a, zero), bge = Z3_mk_ge(c, b, zero);
	Z3_ast pos = Z3_mk_ite(c, bge, Z3_mk_div(c, a, b),
			       Z3_mk_unary_minus(c, Z3_mk_div(c, a, nb)));
	Z3_ast neg = Z3_mk_ite(c, bge,
			       Z3_mk_unary_minus(c, Z3_mk_div(c, na, b)),
			       Z3_mk_div(c, na, nb));
	return Z3_mk_ite(c, age, pos, neg);
}

/* a op b on Bool or Int. */
static Z3_ast arith_unbounded(struct encoder *s, enum op op, const struct type *t,
			      Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast args[2] = { a, b };
	if (t->kind == TK_BOOLEAN) {
		switch (op) {
		case OP_AND: return Z3_mk_and(c, 2, args);
		case OP_OR: return Z3_mk_or(c, 2, args);
		case OP_XOR: return Z3_mk_xor(c, a, b);
		default: BUG("%s on boolean", op_spelling(op));
		}
	}
	switch (op) {
	case OP_ADD: return Z3_mk_add(c, 2, args);
	case OP_SUB: return Z3_mk_sub(c, 2, args);
	case OP_MUL: return Z3_mk_mul(c, 2, args);
	case OP_DIV: return int_tdiv(s, a, b);
	case OP_REM:
		args[1] = Z3_mk_mul(c, 2, (Z3_ast[]){ b, int_tdiv(s, a, b) });
		return Z3_mk_sub(c, 2, args);
	default: BUG("%s on integer", op_spelling(op));
	}
}

/* Is the signed a op b (+, -, *) outside the range of its width w?
 * Computed exactly in 2w bits and checked to fit: Z3 4.8.12's
 * Z3_mk_bvmul_no_overflow and _no_underflow are wrong for negative
 * operands (-1 * -1 "overflows"), so the predicates are not used. */
static Z3_ast overflow(struct encoder *s, enum op op, int w, Z3_ast a,
		       Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast xa = Z3_mk_sign_ext(c, (unsigned)w, a);
	Z3_ast xb = Z3_mk_sign_ext(c, (unsigned)w, b);
	Z3_ast r = op == OP_ADD ? Z3_mk_bvadd(c, xa, xb)
		   : op == OP_SUB ? Z3_mk_bvsub(c, xa, xb)
				  : Z3_mk_bvmul(c, xa, xb);
	Z3_ast low = Z3_mk_extract(c, (unsigned)w - 1, 0, r);
	return Z3_mk_not(c, Z3_mk_eq(c, Z3_mk_sign_ext(c, (unsigned)w, low), r));
}

/* Record undefined behaviour (the exceptional outcome) when ub holds. */
static void ub_when(struct encoder *s, struct enc_env *e, Z3_ast ub)
{
	e->thr = or2(s, e->thr, ub);
}

/* a << d, a >> d of type t under SHIFT_UB, d of type dt: a distance
 * that is negative or at least the width, and (shl_signed_ub) a signed
 * E1 << E2 with E1 < 0 or E1 * 2^E2 beyond the maximum, are UB. */
static Z3_ast shift_ub(struct encoder *s, enum op op, const struct type *t,
		       Z3_ast a, const struct type *dt, Z3_ast d,
		       struct enc_env *e)
{
	Z3_context c = s->ctx;
	Z3_ast width = constant_int(s, dt, t->bits);
	Z3_ast bad = dt->is_signed
			     ? or2(s, Z3_mk_bvslt(c, d, constant_int(s, dt, 0)),
				   Z3_mk_bvsge(c, d, width))
			     : Z3_mk_bvuge(c, d, width);
	Z3_ast n = d;
	if (dt->bits != t->bits) /* in range: the low bits, in t's width */
		n = dt->bits > t->bits
			    ? Z3_mk_extract(c, (unsigned)t->bits - 1, 0, d)
			    : Z3_mk_zero_ext(c, (unsigned)(t->bits - dt->bits), d);
	Z3_ast r;
	if (op == OP_SHL) {
		r = Z3_mk_bvshl(c, a, n);
		if (t->is_signed && t->profile->shl_signed_ub) {
			Z3_ast zero = constant_int(s, t, 0);
			Z3_ast lost = Z3_mk_not(c, Z3_mk_eq(c, Z3_mk_bvlshr(c, r, n), a));
			bad = or2(s, bad, or2(s, Z3_mk_bvslt(c, a, zero),
					      or2(s, lost, Z3_mk_bvslt(c, r, zero))));
		}
	} else {
		r = t->is_signed ? Z3_mk_bvashr(c, a, n) : Z3_mk_bvlshr(c, a, n);
	}
	ub_when(s, e, bad);
	return r;
}

/* a op b in type t, both already of type t (the shift distance too,
 * except under SHIFT_UB: then it has type bt). */
static Z3_ast arith(struct encoder *s, enum op op, const struct type *t, Z3_ast a,
		    Z3_ast b, const struct type *bt, struct enc_env *e)
{
	Z3_context c = s->ctx;
	const struct profile *pf = t->profile;
	if (t->kind == TK_FLOAT) /* never throws */
		return enc_float_arith(s, op, a, b);
	if (op == OP_DIV || op == OP_REM) {
		if (pf->div_zero != DIV0_THROWS && pf->div_zero != DIV0_UB)
			BUG("unknown division-by-zero rule");
		e->thr = or2(s, e->thr, is_zero(s, b, t));
	}
	if (t->kind != TK_INT)
		return arith_unbounded(s, op, t, a, b);
	bool sg = t->is_signed;
	if (sg && pf->overflow == OVF_UB &&
	    (op == OP_ADD || op == OP_SUB || op == OP_MUL))
		ub_when(s, e, overflow(s, op, t->bits, a, b));
	if (sg && pf->div_overflow_ub && (op == OP_DIV || op == OP_REM))
		ub_when(s, e, Z3_mk_not(c, Z3_mk_bvsdiv_no_overflow(c, a, b)));
	switch (op) {
	case OP_ADD: return Z3_mk_bvadd(c, a, b);
	case OP_SUB: return Z3_mk_bvsub(c, a, b);
	case OP_MUL: return Z3_mk_bvmul(c, a, b);
	case OP_DIV: return sg ? Z3_mk_bvsdiv(c, a, b) : Z3_mk_bvudiv(c, a, b);
	case OP_REM: return sg ? Z3_mk_bvsrem(c, a, b) : Z3_mk_bvurem(c, a, b);
	case OP_AND: return Z3_mk_bvand(c, a, b);
	case OP_OR: return Z3_mk_bvor(c, a, b);
	case OP_XOR: return Z3_mk_bvxor(c, a, b);
	case OP_SHL: case OP_SHR: case OP_USHR: {
		if (pf->shift == SHIFT_UB)
			return shift_ub(s, op, t, a, bt, b, e);
		if (pf->shift != SHIFT_MASK)
			BUG("unknown shift rule");
		/* (a test build can plant a wrong mask: sem/fault.h) */
		int64_t mask = fault_planted("java-shift-mask-15") ? 15
								   : t->bits - 1;
		Z3_ast d = Z3_mk_bvand(c, b, constant_int(s, t, mask));
		if (op == OP_SHL)
			return Z3_mk_bvshl(c, a, d);
		if (op == OP_SHR && sg)
			return Z3_mk_bvashr(c, a, d);
		return Z3_mk_bvlshr(c, a, d);
	}
	default:
		BUG("%s on %s", op_spelling(op), type_name(t));
	}
}

/* a op b for a comparison, both already of type t. */
static Z3_ast compare(struct encoder *s, enum op op, const struct type *t,
		      Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	if (t->kind == TK_FLOAT)
		return enc_float_compare(s, op, a, b);
	switch (op) {
	case OP_EQ: return Z3_mk_eq(c, a, b);
	case OP_NE: return Z3_mk_not(c, Z3_mk_eq(c, a, b));
	default: break;
	}
	if (t->kind == TK_MATH) {
		switch (op) {
		case OP_LT: return Z3_mk_lt(c, a, b);
		case OP_LE: return Z3_mk_le(c, a, b);
		case OP_GT: return Z3_mk_gt(c, a, b);
		case OP_GE: return Z3_mk_ge(c, a, b);
		default: break;
		}
	} else if (t->is_signed) {
		switch (op) {
		case OP_LT: return Z3_mk_bvslt(c, a, b);
		case OP_LE: return Z3_mk_bvsle(c, a, b);
		case OP_GT: return Z3_mk_bvsgt(c, a, b);
		case OP_GE: return Z3_mk_bvsge(c, a, b);
		default: break;
		}
	} else {
		switch (op) {
		case OP_LT: return Z3_mk_bvult(c, a, b);
		case OP_LE: return Z3_mk_bvule(c, a, b);
		case OP_GT: return Z3_mk_bvugt(c, a, b);
		case OP_GE: return Z3_mk_bvuge(c, a, b);
		default: break;
		}
	}
	BUG("not a comparison");
}

/* A condition's truth b as a value of type t: b itself for a boolean,
 * else 1 or 0 (C's comparisons and logical operators). */
static Z3_ast truth_value(struct encoder *s, Z3_ast b, const struct type *t)
{
	if (t->kind == TK_BOOLEAN)
		return b;
	return Z3_mk_ite(s->ctx, b, enc_constant(s, t, value_int(1)),
			 enc_constant(s, t, value_int(0)));
}

/* Merge two environments after a branch on cond. */
static void merge(struct encoder *s, struct enc_env *out, Z3_ast cond,
		  const struct enc_env *t, const struct enc_env *f, int nvars)
{
	for (int i = 0; i < nvars; i++)
		out->v[i] = t->v[i] == f->v[i] ? t->v[i]
					       : Z3_mk_ite(s->ctx, cond, t->v[i],
							   f->v[i]);
	out->thr = Z3_mk_ite(s->ctx, cond, t->thr, f->thr);
}


/* The operands are encoded before their conversions are applied (the
 * order in which terms are created is part of what Z3 sees). */
static Z3_ast enc_binary(struct encoder *s, const struct node *n, struct enc_env *e)
{
	Z3_context c = s->ctx;
	int nv = s->nvars;
	Z3_ast a = enc_expr(s, node_strip(n->a), e);
	if (n->op == OP_LAND || n->op == OP_LOR) {
		a = operand(s, n->a, a); /* a C condition: != 0 */
		struct enc_env eb = *e;
		Z3_ast b = enc_expr(s, n->b, &eb);
		/* b runs only when a is true (&&) or false (||). */
		Z3_ast runs = n->op == OP_LAND ? a : Z3_mk_not(c, a);
		merge(s, e, runs, &eb, e, nv);
		return truth_value(s, n->op == OP_LAND ? and2(s, a, b)
						       : or2(s, a, b),
				   n->type);
	}
	Z3_ast b = enc_expr(s, node_strip(n->b), e);
	switch (n->op) {
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
		a = operand(s, n->a, a);
		b = operand(s, n->b, b);
		return truth_value(s, compare(s, n->op, n->a->type, a, b),
				   n->type);
	default:
		return arith(s, n->op, n->type, operand(s, n->a, a),
			     operand(s, n->b, b), n->b->type, e);
	}
}

static Z3_ast enc_unary(struct encoder *s, const struct node *n, struct enc_env *e)
{
	Z3_context c = s->ctx;
	Z3_ast a = enc_expr(s, n->a, e);
	switch (n->op) {
	case OP_PLUS: return a;
	case OP_NEG:
		if (n->type->kind == TK_MATH)
			return Z3_mk_unary_minus(c, a);
		if (n->type->kind == TK_FLOAT)
			return Z3_mk_fpa_neg(c, a);
		if (n->type->is_signed && n->type->profile->overflow == OVF_UB)
			ub_when(s, e, Z3_mk_not(c, Z3_mk_bvneg_no_overflow(c, a)));
		return Z3_mk_bvneg(c, a);
	case OP_BNOT: return Z3_mk_bvnot(c, a);
	case OP_NOT: return truth_value(s, Z3_mk_not(c, a), n->type);
	default: BUG("bad unary operator");
	}
}

Z3_ast enc_expr(struct encoder *s, const struct node *n, struct enc_env *e)
{
	Z3_context c = s->ctx;
	Z3_ast a;
	switch (n->kind) {
	case N_LIT:
		return enc_constant(s, n->type, n->val);
	case N_VAR:
		return e->v[n->var];
	case N_SKIP:
		return NULL;
	case N_DEFINED: {
		struct enc_env sub = *e; /* side effects discarded */
		enc_expr(s, n->a, &sub);
		return Z3_mk_not(c, sub.thr);
	}
	case N_CONV: {
		a = enc_expr(s, n->a, e);
		Z3_ast ub = enc_float_int_ub(s, a, n->a->type, n->type);
		if (ub)
			ub_when(s, e, ub);
		return enc_conv(s, a, n->a->type, n->type);
	}
	case N_UNARY:
		return enc_unary(s, n, e);
	case N_BINARY:
		return enc_binary(s, n, e);
	case N_COND: {
		a = enc_expr(s, n->a, e);
		struct enc_env et = *e, ef = *e;
		Z3_ast t = enc_expr(s, n->b, &et);
		Z3_ast f = enc_expr(s, n->c, &ef);
		merge(s, e, a, &et, &ef, s->nvars);
		return Z3_mk_ite(c, a, t, f);
	}
	case N_ASSIGN:
	case N_INCDEC: {
		/* The stored value: b (converted by typing), or c (the
		 * operation and the cast back). */
		int v = n->a->var;
		Z3_ast old = e->v[v];
		e->v[v] = enc_expr(s, n->c ? n->c : n->b, e);
		return n->op == OP_POSTINC || n->op == OP_POSTDEC ? old
								  : e->v[v];
	}
	case N_HOLE:
		break;
	}
	BUG("bad node kind %d", n->kind);
}

/* Read a value of type t from a model-evaluated numeral. */
int enc_read_value(struct encoder *s, Z3_ast v, const struct type *t,
		      struct value *out)
{
	if (t->kind == TK_BOOLEAN) {
		*out = value_bool(Z3_get_bool_value(s->ctx, v) == Z3_L_TRUE);
		return 0;
	}
	if (t->kind == TK_FLOAT)
		return enc_float_read(s, v, t, out);
	if (t->kind == TK_MATH) {
		int64_t x;
		if (!Z3_get_numeral_int64(s->ctx, v, &x))
			return -1;
		*out = value_int(x);
		return 0;
	}
	uint64_t u;
	if (!Z3_get_numeral_uint64(s->ctx, v, &u))
		return -1;
	*out = type_wrap(t, (int64_t)u);
	return 0;
}

