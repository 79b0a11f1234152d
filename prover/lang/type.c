/*
 * type.c - stage 3: bind variables and compute Java types.
 *
 * Java rules (JLS 5.6): unary and binary numeric promotion, shift
 * results take the promoted type of the left operand, compound
 * assignments cast back to the variable's type.  The mathematical
 * type "integer" sits above long: mixing it with Java types promotes to
 * integer, and bitwise operators are not defined on it.
 */
#include <string.h>

#include "lang/ast.h"

struct typer {
	const struct type_env *env;
	const struct expr_src *es;
};

static int terr(struct typer *t, const struct node *n, const char *fmt, ...)
	PRINTF(3, 4);
static int terr(struct typer *t, const struct node *n, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	if (t->env->errmsg) {
		if (!t->env->errmsg->len)
			sb_puts(t->env->errmsg, sb.buf);
	} else {
		diag_error(expr_loc(t->es, n->pos), "%s", sb.buf);
	}
	sb_release(&sb);
	return -1;
}

/* The position where a subexpression starts, for "this operand" errors. */
static const struct node *leftmost(const struct node *n)
{
	while ((n->kind == N_BINARY || n->kind == N_COND ||
		n->kind == N_ASSIGN ||
		(n->kind == N_INCDEC &&
		 (n->op == OP_POSTINC || n->op == OP_POSTDEC))) &&
	       !n->paren)
		n = n->a;
	return n;
}

static bool is_integral(enum type t)
{
	return t >= T_BYTE && t <= T_LONG;
}

static enum type binary_promote(enum type a, enum type b)
{
	if (a == T_INTEGER || b == T_INTEGER)
		return T_INTEGER;
	if (a == T_LONG || b == T_LONG)
		return T_LONG;
	return T_INT;
}

/* Widening primitive conversion (JLS 5.1.2), extended to integer. */
static bool widens(enum type from, enum type to)
{
	if (from == to)
		return true;
	switch (from) {
	case T_BYTE:
		return to == T_SHORT || to == T_INT || to == T_LONG ||
		       to == T_INTEGER;
	case T_SHORT:
	case T_CHAR:
		return to == T_INT || to == T_LONG || to == T_INTEGER;
	case T_INT:
		return to == T_LONG || to == T_INTEGER;
	case T_LONG:
		return to == T_INTEGER;
	default:
		return false;
	}
}

bool types_comparable(enum type from, enum type to)
{
	if (from == T_BOOLEAN || to == T_BOOLEAN)
		return from == to;
	if (from == T_VOID || to == T_VOID)
		return from == to;
	return type_is_numeric(from) && type_is_numeric(to);
}

static int operand_error(struct typer *t, const struct node *op,
			 const struct node *bad, const char *need)
{
	(void)op;
	return terr(t, leftmost(bad), "'%s' needs %s, but this is %s",
		    op_spelling(op->op), need, type_name(bad->type));
}

/* Result type of "a op b" given operand types; T_ERROR with a message. */
static enum type binop_type(struct typer *t, const struct node *n,
			    const struct node *a, const struct node *b)
{
	enum type ta = a->type, tb = b->type;
	switch (n->op) {
	case OP_MUL: case OP_DIV: case OP_REM: case OP_ADD: case OP_SUB:
		if (!type_is_numeric(ta))
			return operand_error(t, n, a, "numeric operands"), T_ERROR;
		if (!type_is_numeric(tb))
			return operand_error(t, n, b, "numeric operands"), T_ERROR;
		return binary_promote(ta, tb);
	case OP_SHL: case OP_SHR: case OP_USHR:
		if (!is_integral(ta))
			return operand_error(t, n, a, "fixed-width integer operands"),
			       T_ERROR;
		if (!is_integral(tb))
			return operand_error(t, n, b, "fixed-width integer operands"),
			       T_ERROR;
		return type_promote(ta);
	case OP_LT: case OP_LE: case OP_GT: case OP_GE:
		if (!type_is_numeric(ta))
			return operand_error(t, n, a, "numeric operands"), T_ERROR;
		if (!type_is_numeric(tb))
			return operand_error(t, n, b, "numeric operands"), T_ERROR;
		return T_BOOLEAN;
	case OP_EQ: case OP_NE:
		if (ta == T_BOOLEAN && tb == T_BOOLEAN)
			return T_BOOLEAN;
		if (type_is_numeric(ta) && type_is_numeric(tb))
			return T_BOOLEAN;
		terr(t, n, "incomparable types for '%s': %s and %s",
		     op_spelling(n->op), type_name(ta), type_name(tb));
		return T_ERROR;
	case OP_AND: case OP_XOR: case OP_OR:
		if (ta == T_BOOLEAN && tb == T_BOOLEAN)
			return T_BOOLEAN;
		if (ta == T_BOOLEAN)
			return operand_error(t, n, b, "boolean operands"), T_ERROR;
		if (!is_integral(ta))
			return operand_error(t, n, a,
					     "boolean or fixed-width integer operands"),
			       T_ERROR;
		if (!is_integral(tb))
			return operand_error(t, n, b, "fixed-width integer operands"),
			       T_ERROR;
		return binary_promote(ta, tb);
	case OP_LAND: case OP_LOR:
		if (ta != T_BOOLEAN)
			return operand_error(t, n, a, "boolean operands"), T_ERROR;
		if (tb != T_BOOLEAN)
			return operand_error(t, n, b, "boolean operands"), T_ERROR;
		return T_BOOLEAN;
	default:
		BUG("not a binary operator: %d", n->op);
	}
}

/* An int (or narrower) constant: a literal, or a literal under unary
 * minus or plus, as in "b = -1" (JLS 15.29 constant expressions, as far
 * as theories need them). */
static bool int_constant(const struct node *n, int64_t *v)
{
	if (n->kind == N_LIT)  {
		*v = n->val;
		return type_is_numeric(n->type) && n->type != T_LONG;
	}
	if (n->kind == N_UNARY && (n->op == OP_NEG || n->op == OP_PLUS) &&
	    int_constant(n->a, v)) {
		if (n->op == OP_NEG)
			*v = type_wrap(T_INT, (int64_t)(0 - (uint64_t)*v));
		return true;
	}
	return false;
}

/* JLS 5.2: an int constant may be assigned to a narrower type that
 * holds its value. */
static bool literal_fits(const struct node *n, enum type to)
{
	int64_t v;
	if (!type_is_numeric(to) || !int_constant(n, &v))
		return false;
	return v >= type_min(to) && v <= type_max(to);
}

/* JLS 15.25.2: the type of a numeric conditional expression. */
static enum type cond_type(const struct node *b, const struct node *c)
{
	enum type tb = b->type, tc = c->type;
	if ((tb == T_BYTE && tc == T_SHORT) || (tb == T_SHORT && tc == T_BYTE))
		return T_SHORT;
	if ((tb == T_BYTE || tb == T_SHORT || tb == T_CHAR) && tc == T_INT &&
	    literal_fits(c, tb))
		return tb;
	if ((tc == T_BYTE || tc == T_SHORT || tc == T_CHAR) && tb == T_INT &&
	    literal_fits(b, tc))
		return tc;
	return binary_promote(tb, tc);
}

static int check(struct typer *t, struct node *n);

static int check_target_var(struct typer *t, struct node *n)
{
	if (t->env->no_side_effects)
		return terr(t, n, "assignments and '%s%s' are not allowed "
				  "here (no side effects in assumptions)",
			    op_spelling(n->op), n->kind == N_ASSIGN ? "=" : "");
	struct node *v = n->a;
	if (v->kind != N_VAR)
		return terr(t, leftmost(v), "the operand of '%s%s' must be a "
					    "variable",
			    op_spelling(n->op), n->kind == N_ASSIGN ? "=" : "");
	return check(t, v);
}

static int check(struct typer *t, struct node *n)
{
	switch (n->kind) {
	case N_LIT:
		return 0;
	case N_SKIP:
		n->type = T_VOID;
		return 0;
	case N_HOLE:
		return terr(t, n, "placeholder {%s} is not allowed here",
			    n->name);
	case N_VAR:
		for (int i = 0; i < t->env->nvars; i++)
			if (!strcmp(t->env->names[i], n->name)) {
				n->var = i;
				n->type = t->env->types[i];
				return 0;
			}
		{
			const char *best = closest_word(
				n->name, t->env->names, (size_t)t->env->nvars);
			if (best)
				return terr(t, n, "unknown variable '%s'; did "
						  "you mean '%s'?",
					    n->name, best);
			return terr(t, n, "unknown variable '%s'", n->name);
		}
	case N_UNARY:
		if (check(t, n->a) < 0)
			return -1;
		switch (n->op) {
		case OP_PLUS: case OP_NEG:
			if (!type_is_numeric(n->a->type))
				return operand_error(t, n, n->a, "a numeric operand");
			n->type = type_promote(n->a->type);
			return 0;
		case OP_BNOT:
			if (!is_integral(n->a->type))
				return operand_error(t, n, n->a,
						     "a fixed-width integer operand");
			n->type = type_promote(n->a->type);
			return 0;
		case OP_NOT:
			if (n->a->type != T_BOOLEAN)
				return operand_error(t, n, n->a, "a boolean operand");
			n->type = T_BOOLEAN;
			return 0;
		default:
			BUG("bad unary operator");
		}
	case N_BINARY:
		if (check(t, n->a) < 0 || check(t, n->b) < 0)
			return -1;
		n->type = binop_type(t, n, n->a, n->b);
		return n->type == T_ERROR ? -1 : 0;
	case N_COND:
		if (check(t, n->a) < 0 || check(t, n->b) < 0 ||
		    check(t, n->c) < 0)
			return -1;
		if (n->a->type != T_BOOLEAN)
			return terr(t, leftmost(n->a), "the condition of '?:' "
						       "must be boolean, not %s",
				    type_name(n->a->type));
		if (n->b->type == n->c->type && n->b->type != T_VOID)
			n->type = n->b->type;
		else if (type_is_numeric(n->b->type) &&
			 type_is_numeric(n->c->type))
			n->type = cond_type(n->b, n->c);
		else
			return terr(t, n, "the branches of '?:' have "
					  "incompatible types %s and %s",
				    type_name(n->b->type),
				    type_name(n->c->type));
		return 0;
	case N_ASSIGN:
		if (check_target_var(t, n) < 0 || check(t, n->b) < 0)
			return -1;
		n->type = n->a->type;
		if (n->op == OP_NONE) {
			if (widens(n->b->type, n->type) ||
			    literal_fits(n->b, n->type))
				return 0;
			return terr(t, leftmost(n->b),
				    "incompatible types: %s cannot be "
				    "assigned to %s '%s'%s",
				    type_name(n->b->type), type_name(n->type),
				    n->a->name,
				    type_is_numeric(n->b->type) &&
						    type_is_numeric(n->type)
					    ? " (possible lossy conversion)"
					    : "");
		}
		return binop_type(t, n, n->a, n->b) == T_ERROR ? -1 : 0;
	case N_INCDEC:
		if (check_target_var(t, n) < 0)
			return -1;
		if (!type_is_numeric(n->a->type))
			return operand_error(t, n, n->a, "a numeric operand");
		n->type = n->a->type;
		return 0;
	}
	BUG("bad node kind %d", n->kind);
}

int type_expr(struct node *n, const struct type_env *env,
	      const struct expr_src *es)
{
	struct typer t = { env, es };
	return check(&t, n);
}
