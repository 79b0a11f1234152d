/*
 * eval.c - stage 4b: concrete evaluation with Java semantics.
 *
 * Arithmetic on int and narrower is exact in int64 and then wrapped;
 * long arithmetic goes through uint64 so wrap-around is defined C; the
 * mathematical integer type checks every step for int64 overflow.
 */
#include "sem/eval.h"

#include <string.h>

struct ctx {
	int64_t vars[MAX_VARS];
	bool threw, overflow;
};

static int64_t ev(struct ctx *c, const struct node *n);

/* Java '>>' on a value of `bits` width (sign-extended in int64). */
static int64_t sar(int64_t v, int d)
{
	return v < 0 ? ~(~v >> d) : v >> d;
}

static int64_t integer_op(struct ctx *c, enum op op, int64_t a, int64_t b)
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
	return r;
}

/* a op b for an arithmetic, shift or bitwise operator, result type t. */
static int64_t arith(struct ctx *c, enum op op, enum type t, int64_t a,
		     int64_t b)
{
	if ((op == OP_DIV || op == OP_REM) && b == 0) {
		c->threw = true;
		return 0;
	}
	if (t == T_INTEGER)
		return integer_op(c, op, a, b);
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	int bits = type_bits(t);
	int mask = bits == 64 ? 63 : 31;
	switch (op) {
	case OP_ADD: return type_wrap(t, (int64_t)(ua + ub));
	case OP_SUB: return type_wrap(t, (int64_t)(ua - ub));
	case OP_MUL: return type_wrap(t, (int64_t)(ua * ub));
	case OP_DIV:
		if (b == -1)
			return type_wrap(t, (int64_t)(0 - ua));
		return type_wrap(t, a / b);
	case OP_REM:
		return b == -1 ? 0 : type_wrap(t, a % b);
	case OP_SHL: return type_wrap(t, (int64_t)(ua << (b & mask)));
	case OP_SHR: return type_wrap(t, sar(a, (int)(b & mask)));
	case OP_USHR:
		if (bits == 32)
			return type_wrap(t, (int64_t)((uint32_t)ua >> (b & mask)));
		return (int64_t)(ua >> (b & mask));
	case OP_AND: return a & b;
	case OP_OR: return a | b;
	case OP_XOR: return a ^ b;
	default:
		BUG("not arithmetic: %s", op_spelling(op));
	}
}

static int64_t compare(enum op op, int64_t a, int64_t b)
{
	switch (op) {
	case OP_LT: return a < b;
	case OP_LE: return a <= b;
	case OP_GT: return a > b;
	case OP_GE: return a >= b;
	case OP_EQ: return a == b;
	case OP_NE: return a != b;
	default: BUG("not a comparison");
	}
}

/* Store v into variable n (an N_VAR), converted to its type. */
static int64_t store(struct ctx *c, const struct node *var, int64_t v)
{
	v = type_wrap(var->type, v);
	c->vars[var->var] = v;
	return v;
}

static int64_t ev_binary(struct ctx *c, const struct node *n)
{
	int64_t a = ev(c, n->a);
	if (c->threw)
		return 0;
	if (n->op == OP_LAND && !a)
		return 0;
	if (n->op == OP_LOR && a)
		return 1;
	int64_t b = ev(c, n->b);
	if (c->threw)
		return 0;
	switch (n->op) {
	case OP_LAND: case OP_LOR:
		return b;
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ:
	case OP_NE:
		return compare(n->op, a, b);
	default:
		return arith(c, n->op, n->type, a, b);
	}
}

/* Compound assignment: Java saves the variable's value before the right
 * operand is evaluated (JLS 15.26.2), then casts back. */
static int64_t ev_compound(struct ctx *c, const struct node *n)
{
	int64_t old = c->vars[n->a->var];
	int64_t b = ev(c, n->b);
	if (c->threw)
		return 0;
	/* The operation's type: binary promotion of the variable and the
	 * operand, or the promoted variable type for shifts, or boolean. */
	enum type vt = n->a->type, bt = n->b->type, t;
	if (vt == T_BOOLEAN)
		t = T_BOOLEAN;
	else if (n->op == OP_SHL || n->op == OP_SHR || n->op == OP_USHR)
		t = type_promote(vt);
	else if (vt == T_INTEGER || bt == T_INTEGER)
		t = T_INTEGER;
	else if (vt == T_LONG || bt == T_LONG)
		t = T_LONG;
	else
		t = T_INT;
	int64_t r = arith(c, n->op, t, old, b);
	if (c->threw)
		return 0;
	return store(c, n->a, r);
}

static int64_t ev(struct ctx *c, const struct node *n)
{
	int64_t a, b;
	switch (n->kind) {
	case N_LIT:
		return n->val;
	case N_VAR:
		return c->vars[n->var];
	case N_SKIP:
		return 0;
	case N_UNARY:
		a = ev(c, n->a);
		switch (n->op) {
		case OP_PLUS: return a;
		case OP_NEG:
			if (n->type == T_INTEGER)
				return integer_op(c, OP_SUB, 0, a);
			return type_wrap(n->type, (int64_t)(0 - (uint64_t)a));
		case OP_BNOT: return ~a;
		case OP_NOT: return !a;
		default: BUG("bad unary");
		}
	case N_BINARY:
		return ev_binary(c, n);
	case N_COND:
		a = ev(c, n->a);
		if (c->threw)
			return 0;
		return a ? ev(c, n->b) : ev(c, n->c);
	case N_ASSIGN:
		if (n->op != OP_NONE)
			return ev_compound(c, n);
		b = ev(c, n->b);
		if (c->threw)
			return 0;
		return store(c, n->a, b);
	case N_INCDEC: {
		a = c->vars[n->a->var];
		enum type pt = type_promote(n->type);
		bool inc = n->op == OP_PREINC || n->op == OP_POSTINC;
		int64_t r = arith(c, inc ? OP_ADD : OP_SUB, pt, a, 1);
		r = store(c, n->a, r);
		return n->op == OP_PREINC || n->op == OP_PREDEC ? r : a;
	}
	case N_HOLE:
		break;
	}
	BUG("bad node kind %d", n->kind);
}

void eval_outcome(const struct node *e, int nvars, const int64_t *in,
		  struct outcome *out)
{
	struct ctx c;
	memset(&c, 0, sizeof(c));
	memcpy(c.vars, in, (size_t)nvars * sizeof(*in));
	int64_t v = ev(&c, e);
	memset(out, 0, sizeof(*out));
	out->threw = c.threw;
	out->overflow = c.overflow;
	out->value = c.threw ? 0 : v;
	memcpy(out->vars, c.vars, (size_t)nvars * sizeof(*in));
}

bool outcome_differs(const struct observe *obs, int nvars,
		     const struct outcome *x, const struct outcome *y)
{
	if (x->threw || y->threw)
		return x->threw != y->threw;
	if (obs->value && x->value != y->value)
		return true;
	for (int i = 0; i < nvars; i++)
		if (obs->var[i] && x->vars[i] != y->vars[i])
			return true;
	return false;
}

bool eval_holds(const struct node *assume, int nvars, const int64_t *in,
		bool *undecided)
{
	if (!assume)
		return true;
	struct outcome o;
	eval_outcome(assume, nvars, in, &o);
	if (o.overflow && undecided)
		*undecided = true;
	return !o.threw && o.value;
}
