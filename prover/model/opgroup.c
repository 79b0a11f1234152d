/*
 * opgroup.c - operator groups from the built-in library.  See opgroup.h.
 */
#include "model/opgroup.h"

#include <string.h>

/* The binary operator spelled s, or OP_NONE. */
static enum op binary_op(const char *s)
{
	for (int o = 0; o < OP_COUNT; o++)
		if (op_is_binary((enum op)o) && !strcmp(op_spelling((enum op)o), s))
			return (enum op)o;
	return OP_NONE;
}

static bool has_item(const struct operator *op, const char *item)
{
	for (int r = 0; r < op->nrules; r++)
		if (op->rules[r].kind == RULE_REPLACE &&
		    !strcmp(op->rules[r].item, item))
			return true;
	return false;
}

static bool share_item(const struct operator *x, const struct operator *y)
{
	for (int r = 0; r < x->nrules; r++)
		if (x->rules[r].kind == RULE_REPLACE && has_item(y, x->rules[r].item))
			return true;
	return false;
}

/* linked[i]: library operator i is linked to x (see opgroup.h). */
static void link_ops(struct operator *const *ops, size_t n, enum op x,
		     bool *linked)
{
	for (size_t i = 0; i < n; i++)
		linked[i] = has_item(ops[i], op_spelling(x));
	for (bool grew = true; grew;) {
		grew = false;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < n && !linked[i]; j++)
				if (linked[j] && share_item(ops[i], ops[j]))
					linked[i] = grew = true;
	}
}

static struct node *var(struct arena *a, const char *name)
{
	struct node *n = node_new(a, N_VAR, 0);
	n->name = name;
	n->var = -1;
	return n;
}

/* The type of `a op b` over (ta, tb), T_ERROR if it does not type. */
static const struct type *bin_type(struct arena *a, enum op op,
				   const struct type *ta,
				   const struct type *tb)
{
	static const char *const names[] = { "a", "b" };
	const struct type *types[2] = { ta, tb };
	struct strbuf err = STRBUF_INIT;
	struct type_env env = { .nvars = 2, .names = names, .types = types,
				.errmsg = &err, .arena = a };
	struct node *n = node_new(a, N_BINARY, 0);
	n->op = op;
	n->a = var(a, "a");
	n->b = var(a, "b");
	int rc = type_expr(n, &env, NULL);
	sb_release(&err);
	return rc < 0 ? T_ERROR : n->type;
}

/* Is the result of `a x b` made of operand k (0: a, 1: b)?  Its type
 * follows k's: with k long and the other int, the result is long. */
static bool follows(struct arena *a, enum op x, int k)
{
	return bin_type(a, x, k ? T_INT : T_LONG, k ? T_LONG : T_INT) == T_LONG;
}

/* The type of a literal item, T_ERROR if the item is not a literal. */
static const struct type *literal_type(struct arena *a, const char *item)
{
	struct expr_src es = { .text = item, .quiet = true };
	struct node *n = parse_expr(a, &es, false);
	return n && n->kind == N_LIT ? n->type : T_ERROR;
}

static bool applies_to(const struct operator *op, enum op x)
{
	if (!op->non)
		return true;
	for (int i = 0; i < op->non; i++)
		if (!strcmp(op->on[i], op_spelling(x)))
			return true;
	return false;
}

/* The order of a group's operators (opgroup.h). */
static const enum op op_order[] = {
	OP_LAND, OP_LOR,
	OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE,
	OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM,
	OP_SHL, OP_SHR, OP_USHR,
	OP_AND, OP_OR, OP_XOR,
};
_Static_assert(ARRAY_SIZE(op_order) == OP_LOR - OP_MUL + 1,
	       "op_order lists every binary operator");

static int add_ops(struct arena *a, struct operator *const *ops, size_t n,
		   const bool *linked, enum op x, const struct type *ta,
		   const struct type *tb, const struct type *rt,
		   struct repl *out)
{
	bool member[OP_COUNT] = { false };
	for (size_t i = 0; i < n; i++)
		for (int r = 0; linked[i] && r < ops[i]->nrules; r++) {
			const struct rule *ru = &ops[i]->rules[r];
			enum op m = ru->kind == RULE_REPLACE ? binary_op(ru->item)
							     : OP_NONE;
			if (m == OP_NONE || m == x || member[m])
				continue;
			const struct type *mt = bin_type(a, m, ta, tb);
			member[m] = mt != T_ERROR && types_comparable(mt, rt);
		}
	int k = 0;
	for (size_t i = 0; i < ARRAY_SIZE(op_order); i++)
		if (member[op_order[i]])
			out[k++] = (struct repl){ .kind = REPL_OP,
						  .op = op_order[i] };
	return k;
}

static int add_literals(struct arena *a, struct operator *const *ops,
			size_t n, const bool *linked, const struct type *rt,
			struct repl *out, int k)
{
	int first = k;
	for (size_t i = 0; i < n; i++)
		for (int r = 0; linked[i] && r < ops[i]->nrules; r++) {
			const struct rule *ru = &ops[i]->rules[r];
			if (ru->kind != RULE_REPLACE || binary_op(ru->item) != OP_NONE)
				continue;
			const struct type *lt = literal_type(a, ru->item);
			if (lt == T_ERROR || !types_comparable(lt, rt))
				continue;
			bool dup = false;
			for (int j = first; j < k; j++)
				dup |= !strcmp(out[j].literal, ru->item);
			if (!dup && k < OPGROUP_MAX - 2)
				out[k++] = (struct repl){ .kind = REPL_LITERAL,
							  .literal = ru->item };
		}
	return k;
}

static int add_operands(struct arena *a, struct operator *const *ops,
			size_t n, enum op x, const struct type *ta,
			const struct type *tb, const struct type *rt,
			struct repl *out, int k)
{
	bool keep[2] = { false, false }; /* lhs, rhs */
	for (size_t i = 0; i < n; i++) {
		if (!applies_to(ops[i], x))
			continue;
		for (int r = 0; r < ops[i]->nrules; r++) {
			const struct rule *ru = &ops[i]->rules[r];
			if (ru->kind != RULE_DELETE)
				continue;
			if (!strcmp(ru->item, "rexp"))
				keep[0] = true;
			else if (!strcmp(ru->item, "lexp"))
				keep[1] = true;
		}
	}
	const struct type *t[2] = { ta, tb };
	for (int side = 0; side < 2; side++) {
		if (!keep[side] || !types_comparable(t[side], rt))
			continue;
		if (t[side] != T_BOOLEAN && !follows(a, x, side))
			continue;
		out[k++] = (struct repl){ .kind = side ? REPL_RHS : REPL_LHS };
	}
	return k;
}

const char *opgroup_major(enum op x, bool unary)
{
	size_t n;
	struct operator *const *ops = stdops_operators(&n);
	const char *group = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!ops[i]->major)
			continue;
		if (unary) {
			if (!op_is_binary(x) && ops[i]->non &&
			    applies_to(ops[i], x))
				return ops[i]->major;
		} else if (op_is_binary(x) && has_item(ops[i], op_spelling(x))) {
			group = ops[i]->major;
		}
	}
	return group;
}

int opgroup_binary(enum op x, const struct type *ta, const struct type *tb,
		   struct repl out[OPGROUP_MAX])
{
	if (!op_is_binary(x))
		return 0;
	size_t n;
	struct operator *const *ops = stdops_operators(&n);
	struct arena *a = arena_new();
	bool *linked = ANEWN(a, bool, n ? n : 1);
	int k = 0;
	const struct type *rt = bin_type(a, x, ta, tb);
	link_ops(ops, n, x, linked);
	bool any = false;
	for (size_t i = 0; i < n; i++)
		any |= linked[i];
	if (rt != T_ERROR && any) {
		k = add_ops(a, ops, n, linked, x, ta, tb, rt, out);
		k = add_literals(a, ops, n, linked, rt, out, k);
		k = add_operands(a, ops, n, x, ta, tb, rt, out, k);
	}
	arena_free(a);
	return k;
}

const char *repl_label(const struct repl *r)
{
	switch (r->kind) {
	case REPL_OP:
		return op_spelling(r->op);
	case REPL_LITERAL:
		return r->literal;
	case REPL_LHS:
		return "lhs";
	case REPL_RHS:
		return "rhs";
	}
	return "?";
}
