/*
 * type.c - stage 3: bind variables, compute types, make conversions
 * explicit.
 *
 * Which operand kinds an operator takes is decided here from the kinds
 * of the type descriptors (numeric, fixed-width integer, boolean); the
 * language's promotions and conversions come from the profile
 * (lang/profile.h).  Every conversion becomes an implicit N_CONV node
 * (ast.h), so sem/ applies conversions and never derives them.
 */
#include <string.h>

#include "lang/profile.h"

struct typer {
	const struct type_env *env;
	const struct expr_src *es;
	const struct profile *pf;
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
	n = node_strip(n);
	while ((n->kind == N_BINARY || n->kind == N_COND ||
		n->kind == N_ASSIGN ||
		(n->kind == N_INCDEC &&
		 (n->op == OP_POSTINC || n->op == OP_POSTDEC))) &&
	       !n->paren)
		n = node_strip(n->a);
	return n;
}

bool types_comparable(const struct type *from, const struct type *to)
{
	if (from->kind == TK_VOID || to->kind == TK_VOID ||
	    from->kind == TK_ERROR || to->kind == TK_ERROR)
		return from == to;
	if (from->profile != to->profile)
		return false;
	return from->profile->comparable(from, to);
}

static int operand_error(struct typer *t, const struct node *op,
			 const struct node *bad, const char *need)
{
	return terr(t, leftmost(bad), "'%s' needs %s, but this is %s",
		    op_spelling(op->op), need, type_name(bad->type));
}

static bool is_bool(const struct type *t)
{
	return t->kind == TK_BOOLEAN;
}

/* Can t be a condition (of !, &&, ||, ?:)?  A boolean, or in a language
 * with scalar conditions (C: the profile's boolean is not a domain
 * type) any number, converted to the boolean as != 0. */
static bool is_cond(const struct typer *t, const struct type *ty)
{
	return is_bool(ty) || (t->pf->scalar_conditions && type_is_numeric(ty));
}

static bool is_logical(enum op op)
{
	return op == OP_LAND || op == OP_LOR;
}

/* Mathematical integers and floating values do not mix (no rounding
 * of an unbounded integer is defined); -1 after an error. */
static int no_math_float(struct typer *t, const struct node *n,
			 const struct type *ta, const struct type *tb)
{
	if ((ta->kind == TK_MATH && tb->kind == TK_FLOAT) ||
	    (ta->kind == TK_FLOAT && tb->kind == TK_MATH))
		return terr(t, n, "'%s' mixes %s and %s: mathematical "
				  "integers do not convert to floating point",
			    op_spelling(n->op), type_name(ta), type_name(tb));
	return 0;
}

/* The operation type of "a op b" given operand types (for comparisons:
 * the type the operands are compared in); NULL with a message. */
static const struct type *binop_type(struct typer *t, const struct node *n,
				     const struct node *a,
				     const struct node *b)
{
	const struct type *ta = a->type, *tb = b->type;
	const struct profile *pf = t->pf;
	switch (n->op) {
	case OP_MUL: case OP_DIV: case OP_REM: case OP_ADD: case OP_SUB:
	case OP_LT: case OP_LE: case OP_GT: case OP_GE:
		if (!type_is_numeric(ta))
			return operand_error(t, n, a, "numeric operands"), NULL;
		if (!type_is_numeric(tb))
			return operand_error(t, n, b, "numeric operands"), NULL;
		if (n->op == OP_REM && !pf->float_rem) {
			if (type_is_float(ta))
				return operand_error(t, n, a, "integer operands"),
				       NULL;
			if (type_is_float(tb))
				return operand_error(t, n, b, "integer operands"),
				       NULL;
		}
		if (no_math_float(t, n, ta, tb) < 0)
			return NULL;
		if (n->op >= OP_LT)
			return pf->compare_type(ta, tb);
		return pf->binary_promote(ta, tb);
	case OP_SHL: case OP_SHR: case OP_USHR:
		if (!type_is_integral(ta))
			return operand_error(t, n, a, "fixed-width integer operands"),
			       NULL;
		if (!type_is_integral(tb))
			return operand_error(t, n, b, "fixed-width integer operands"),
			       NULL;
		return pf->shift_type(ta, tb);
	case OP_EQ: case OP_NE:
		if (is_bool(ta) && is_bool(tb))
			return ta;
		if (type_is_numeric(ta) && type_is_numeric(tb))
			return no_math_float(t, n, ta, tb) < 0
				       ? NULL
				       : pf->compare_type(ta, tb);
		terr(t, n, "incomparable types for '%s': %s and %s",
		     op_spelling(n->op), type_name(ta), type_name(tb));
		return NULL;
	case OP_AND: case OP_XOR: case OP_OR:
		if (is_bool(ta) && is_bool(tb))
			return ta;
		if (is_bool(ta))
			return operand_error(t, n, b, "boolean operands"), NULL;
		if (!type_is_integral(ta))
			return operand_error(t, n, a,
					     "boolean or fixed-width integer operands"),
			       NULL;
		if (!type_is_integral(tb))
			return operand_error(t, n, b, "fixed-width integer operands"),
			       NULL;
		return pf->binary_promote(ta, tb);
	case OP_LAND: case OP_LOR:
		if (!is_cond(t, ta))
			return operand_error(t, n, a, "boolean operands"), NULL;
		if (!is_cond(t, tb))
			return operand_error(t, n, b, "boolean operands"), NULL;
		return pf->boolean;
	default:
		BUG("not a binary operator: %d", n->op);
	}
}

static bool is_comparison(enum op op)
{
	return op >= OP_LT && op <= OP_NE;
}

/* e converted to type to: e itself if it has that type already, else a
 * new implicit conversion node. */
static struct node *convert(struct typer *t, struct node *e,
			    const struct type *to)
{
	if (e->type == to)
		return e;
	struct node *c = node_new(t->env->arena, N_CONV, e->pos);
	c->type = to;
	c->a = e;
	c->implicit = true;
	return c;
}

/* Drop the implicit conversions an earlier typing put below n. */
static void strip_children(struct node *n)
{
	n->a = (struct node *)node_strip(n->a);
	n->b = (struct node *)node_strip(n->b);
	if (n->kind == N_ASSIGN || n->kind == N_INCDEC)
		n->c = NULL; /* rebuilt below */
	else
		n->c = (struct node *)node_strip(n->c);
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

/* The type the right operand y of "x op y" is converted to, given the
 * operation type ot: ot, except a shift distance under SHIFT_UB, which
 * keeps its own promoted type (C11 6.5.7p3). */
static const struct type *operand_type(struct typer *t, enum op op,
				       const struct type *ot,
				       const struct node *y)
{
	if ((op == OP_SHL || op == OP_SHR) && t->pf->shift == SHIFT_UB)
		return t->pf->unary_promote(y->type);
	return ot;
}

/* The value "var op y" stores, converted back to the variable's type:
 * (vt)((ot)var op (ot)y).  The variable is read through a new N_VAR
 * node, evaluated before y. */
static struct node *stored_value(struct typer *t, const struct node *var,
				 enum op op, const struct type *ot,
				 struct node *y, int pos)
{
	struct node *rd = node_new(t->env->arena, N_VAR, var->pos);
	*rd = *var;
	struct node *bin = node_new(t->env->arena, N_BINARY, pos);
	bin->op = op;
	bin->type = ot;
	bin->a = convert(t, rd, ot);
	bin->b = convert(t, y, operand_type(t, op, ot, y));
	return convert(t, bin, var->type);
}

static int check_unary(struct typer *t, struct node *n)
{
	if (check(t, n->a) < 0)
		return -1;
	const struct type *ta = n->a->type;
	switch (n->op) {
	case OP_PLUS: case OP_NEG:
		if (!type_is_numeric(ta))
			return operand_error(t, n, n->a, "a numeric operand");
		break;
	case OP_BNOT:
		if (!type_is_integral(ta))
			return operand_error(t, n, n->a,
					     "a fixed-width integer operand");
		break;
	case OP_NOT:
		if (!is_cond(t, ta))
			return operand_error(t, n, n->a, "a boolean operand");
		n->a = convert(t, n->a, t->pf->boolean);
		n->type = t->pf->scalar_conditions ? t->pf->compare_result : ta;
		return 0;
	default:
		BUG("bad unary operator");
	}
	n->type = t->pf->unary_promote(ta);
	n->a = convert(t, n->a, n->type);
	return 0;
}

static int check_binary(struct typer *t, struct node *n)
{
	if (check(t, n->a) < 0 || check(t, n->b) < 0)
		return -1;
	const struct type *ot = binop_type(t, n, n->a, n->b);
	if (!ot)
		return -1;
	n->a = convert(t, n->a, ot);
	n->b = convert(t, n->b, operand_type(t, n->op, ot, n->b));
	n->type = is_comparison(n->op) ||
			  (is_logical(n->op) && t->pf->scalar_conditions)
		  ? t->pf->compare_result
		  : ot;
	return 0;
}

static int check_cond(struct typer *t, struct node *n)
{
	if (check(t, n->a) < 0 || check(t, n->b) < 0 || check(t, n->c) < 0)
		return -1;
	if (!is_cond(t, n->a->type))
		return terr(t, leftmost(n->a), "the condition of '?:' must be "
					       "boolean, not %s",
			    type_name(n->a->type));
	n->a = convert(t, n->a, t->pf->boolean);
	if (n->b->type == n->c->type && n->b->type->kind != TK_VOID)
		n->type = n->b->type;
	else if (type_is_numeric(n->b->type) && type_is_numeric(n->c->type)) {
		if (no_math_float(t, n, n->b->type, n->c->type) < 0)
			return -1;
		n->type = t->pf->cond_type(n->b, n->c);
	}
	else
		return terr(t, n, "the branches of '?:' have incompatible "
				  "types %s and %s",
			    type_name(n->b->type), type_name(n->c->type));
	n->b = convert(t, n->b, n->type);
	n->c = convert(t, n->c, n->type);
	return 0;
}

static int check_assign(struct typer *t, struct node *n)
{
	if (check_target_var(t, n) < 0 || check(t, n->b) < 0)
		return -1;
	n->type = n->a->type;
	if (n->op != OP_NONE) {
		const struct type *ot = binop_type(t, n, n->a, n->b);
		if (!ot)
			return -1;
		n->c = stored_value(t, n->a, n->op, ot, n->b, n->pos);
		return 0;
	}
	if (t->pf->assignable(n->b, n->type)) {
		n->b = convert(t, n->b, n->type);
		return 0;
	}
	return terr(t, leftmost(n->b),
		    "incompatible types: %s cannot be assigned to %s '%s'%s",
		    type_name(n->b->type), type_name(n->type), n->a->name,
		    type_is_numeric(n->b->type) && type_is_numeric(n->type)
			    ? " (possible lossy conversion)"
			    : "");
}

static int check_incdec(struct typer *t, struct node *n)
{
	if (check_target_var(t, n) < 0)
		return -1;
	if (!type_is_numeric(n->a->type))
		return operand_error(t, n, n->a, "a numeric operand");
	n->type = n->a->type;
	const struct type *ot = t->pf->unary_promote(n->type);
	struct node *one = node_new(t->env->arena, N_LIT, n->pos);
	one->type = ot;
	one->val = type_wrap(ot, 1);
	bool inc = n->op == OP_PREINC || n->op == OP_POSTINC;
	n->c = stored_value(t, n->a, inc ? OP_ADD : OP_SUB, ot, one, n->pos);
	return 0;
}

static int check_var(struct typer *t, struct node *n)
{
	for (int i = 0; i < t->env->nvars; i++)
		if (!strcmp(t->env->names[i], n->name)) {
			n->var = i;
			n->type = t->env->types[i];
			return 0;
		}
	const char *best = closest_word(n->name, t->env->names,
					(size_t)t->env->nvars);
	if (best)
		return terr(t, n, "unknown variable '%s'; did you mean '%s'?",
			    n->name, best);
	return terr(t, n, "unknown variable '%s'", n->name);
}

static int check(struct typer *t, struct node *n)
{
	strip_children(n);
	switch (n->kind) {
	case N_LIT:
		return 0;
	case N_SKIP:
		n->type = T_VOID;
		return 0;
	case N_DEFINED:
		if (check(t, n->a) < 0)
			return -1;
		n->type = t->pf->boolean;
		return 0;
	case N_HOLE:
		return terr(t, n, "placeholder {%s} is not allowed here",
			    n->name);
	case N_VAR:
		return check_var(t, n);
	case N_UNARY:
		return check_unary(t, n);
	case N_BINARY:
		return check_binary(t, n);
	case N_COND:
		return check_cond(t, n);
	case N_ASSIGN:
		return check_assign(t, n);
	case N_INCDEC:
		return check_incdec(t, n);
	case N_CONV:
		if (n->implicit)
			BUG("typing a tree rooted at an implicit conversion");
		if (!t->pf->cast_type)
			return terr(t, n, "casts are not supported");
		if (check(t, n->a) < 0)
			return -1;
		if (!type_is_numeric(n->a->type))
			return operand_error(t, n, n->a, "a numeric operand");
		if ((n->type->kind == TK_MATH && type_is_float(n->a->type)) ||
		    (type_is_float(n->type) && n->a->type->kind == TK_MATH))
			return terr(t, n, "mathematical integers do not convert "
					  "to or from floating point");
		return 0;
	}
	BUG("bad node kind %d", n->kind);
}

int type_expr(struct node *n, const struct type_env *env,
	      const struct expr_src *es)
{
	if (!env->arena)
		BUG("type_expr() needs an arena");
	struct typer t = { env, es, env->profile ? env->profile : &profile_java };
	return check(&t, n);
}
