/* ast.c - types, operators and AST helpers shared by all stages. */
#include "lang/ast.h"
#include "lang/profile.h"

#include <inttypes.h>
#include <string.h>

#include "base/ytree.h"

static const char *const op_spellings[OP_COUNT] = {
	[OP_NONE] = "",    [OP_MUL] = "*",     [OP_DIV] = "/",
	[OP_REM] = "%",    [OP_ADD] = "+",     [OP_SUB] = "-",
	[OP_SHL] = "<<",   [OP_SHR] = ">>",    [OP_USHR] = ">>>",
	[OP_LT] = "<",     [OP_LE] = "<=",     [OP_GT] = ">",
	[OP_GE] = ">=",    [OP_EQ] = "==",     [OP_NE] = "!=",
	[OP_AND] = "&",    [OP_XOR] = "^",     [OP_OR] = "|",
	[OP_LAND] = "&&",  [OP_LOR] = "||",    [OP_PLUS] = "+",
	[OP_NEG] = "-",    [OP_BNOT] = "~",    [OP_NOT] = "!",
	[OP_PREINC] = "++", [OP_PREDEC] = "--", [OP_POSTINC] = "++",
	[OP_POSTDEC] = "--",
};

const char *op_spelling(enum op op)
{
	return op_spellings[op];
}

int op_prec(enum op op)
{
	switch (op) {
	case OP_MUL: case OP_DIV: case OP_REM: return 13;
	case OP_ADD: case OP_SUB: return 12;
	case OP_SHL: case OP_SHR: case OP_USHR: return 11;
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: return 10;
	case OP_EQ: case OP_NE: return 9;
	case OP_AND: return 8;
	case OP_XOR: return 7;
	case OP_OR: return 6;
	case OP_LAND: return 5;
	case OP_LOR: return 4;
	default: return 0;
	}
}

bool op_is_binary(enum op op)
{
	return op >= OP_MUL && op <= OP_LOR;
}

bool op_is_unary(enum op op)
{
	return op >= OP_PLUS && op <= OP_NOT;
}

struct loc expr_loc(const struct expr_src *es, int offset)
{
	if (!es) {
		struct loc none = { NULL, 0, 0 };
		return none;
	}
	if (offset < 0)
		offset = 0;
	if (es->offsets)
		offset = es->offsets[offset];
	if (es->where)
		return yscalar_loc(es->where, (size_t)offset);
	struct loc l = { es->src, 0, 0 };
	return l;
}

struct node *node_new(struct arena *a, enum nkind kind, int pos)
{
	struct node *n = ANEW(a, struct node);
	n->kind = kind;
	n->pos = pos;
	n->type = T_ERROR;
	return n;
}

struct node *node_subst(struct arena *a, const struct node *n,
			struct node *(*fn)(void *ctx, const char *name),
			void *ctx)
{
	if (!n)
		return NULL;
	if (n->kind == N_HOLE && fn) {
		struct node *r = fn(ctx, n->name);
		if (r)
			return r;
	}
	struct node *c = ANEW(a, struct node);
	*c = *n;
	c->a = node_subst(a, n->a, fn, ctx);
	c->b = node_subst(a, n->b, fn, ctx);
	c->c = node_subst(a, n->c, fn, ctx);
	return c;
}

struct node *node_rename(struct arena *a, const struct node *n,
			 const char *(*fn)(void *ctx, const char *name),
			 void *ctx)
{
	if (!n)
		return NULL;
	struct node *c = ANEW(a, struct node);
	*c = *n;
	if (n->kind == N_VAR) {
		const char *to = fn(ctx, n->name);
		if (to)
			c->name = to;
	}
	c->a = node_rename(a, n->a, fn, ctx);
	c->b = node_rename(a, n->b, fn, ctx);
	c->c = node_rename(a, n->c, fn, ctx);
	return c;
}

struct node *node_copy(struct arena *a, const struct node *n)
{
	if (!n)
		return NULL;
	struct node *c = ANEW(a, struct node);
	*c = *n;
	if (n->name)
		c->name = arena_strdup(a, n->name);
	c->a = node_copy(a, n->a);
	c->b = node_copy(a, n->b);
	c->c = node_copy(a, n->c);
	return c;
}

const struct node *node_strip(const struct node *n)
{
	while (n && n->kind == N_CONV && n->implicit)
		n = n->a;
	return n;
}

/* Precedence of a whole node, for parenthesizing. */
static int node_prec(const struct node *n)
{
	switch (n->kind) {
	case N_BINARY: return op_prec(n->op);
	case N_COND: return 3;
	case N_ASSIGN: return 2;
	case N_UNARY: return 14;
	case N_INCDEC: return n->op == OP_PREINC || n->op == OP_PREDEC ? 14 : 15;
	case N_LIT: return value_is_negative(n->type, n->val) ? 14 : 16;
	case N_CONV: return n->implicit ? node_prec(n->a) : 14;
	default: return 16;
	}
}

static void print_sub(struct strbuf *sb, const struct node *n, int min)
{
	bool paren = node_prec(n) < min;
	if (paren)
		sb_putc(sb, '(');
	expr_print(sb, n);
	if (paren)
		sb_putc(sb, ')');
}

/* The first character expr_print() writes for n, found along the left
 * spine without printing (printing each operand whole at every level
 * made a chain of unary operators exponential). */
static char first_char(const struct node *n);

static char sub_first(const struct node *n, int min)
{
	return node_prec(n) < min ? '(' : first_char(n);
}

static char first_char(const struct node *n)
{
	switch (n->kind) {
	case N_CONV:
		return n->implicit ? first_char(n->a) : '(';
	case N_LIT: {
		struct strbuf tmp = STRBUF_INIT;
		value_print(&tmp, n->type, n->val);
		char c = tmp.len ? tmp.buf[0] : '\0';
		sb_release(&tmp);
		return c;
	}
	case N_VAR:
	case N_HOLE:
		return n->name[0];
	case N_SKIP:
		return ';';
	case N_DEFINED:
		return 'd';
	case N_UNARY:
		return op_spelling(n->op)[0];
	case N_INCDEC:
		if (n->op == OP_PREINC || n->op == OP_PREDEC)
			return op_spelling(n->op)[0];
		return sub_first(n->a, 15);
	case N_BINARY:
		return sub_first(n->a, op_prec(n->op));
	case N_COND:
		return sub_first(n->a, 4);
	case N_ASSIGN:
		return sub_first(n->a, 16);
	}
	return '\0';
}

/* Does the printed form of n start with c (so "- -x" needs care)? */
static bool starts_with(const struct node *n, char c)
{
	return first_char(n) == c;
}

void expr_print(struct strbuf *sb, const struct node *n)
{
	switch (n->kind) {
	case N_CONV:
		if (!n->implicit) {
			sb_printf(sb, "(%s)", type_name(n->type));
			print_sub(sb, n->a, 14);
		} else {
			expr_print(sb, n->a);
		}
		return;
	case N_LIT:
		value_print(sb, n->type, n->val);
		return;
	case N_VAR:
	case N_HOLE:
		sb_puts(sb, n->name);
		return;
	case N_SKIP:
		sb_puts(sb, ";");
		return;
	case N_DEFINED:
		sb_puts(sb, "defined(");
		expr_print(sb, n->a);
		sb_putc(sb, ')');
		return;
	case N_UNARY: {
		const char *s = op_spelling(n->op);
		sb_puts(sb, s);
		if ((s[0] == '-' || s[0] == '+') && starts_with(n->a, s[0])) {
			sb_putc(sb, '(');
			expr_print(sb, n->a);
			sb_putc(sb, ')');
		} else {
			print_sub(sb, n->a, 14);
		}
		return;
	}
	case N_INCDEC:
		if (n->op == OP_PREINC || n->op == OP_PREDEC) {
			sb_puts(sb, op_spelling(n->op));
			print_sub(sb, n->a, 14);
		} else {
			print_sub(sb, n->a, 15);
			sb_puts(sb, op_spelling(n->op));
		}
		return;
	case N_BINARY: {
		int p = op_prec(n->op);
		/* Left-associative: the right operand needs parentheses at
		 * equal precedence.  C's "!a < b" is (!a) < b, written so:
		 * gcc and clang take the bare form for a slip
		 * (-Wlogical-not-parentheses, in -Wall), and a C tool
		 * compiles mutants with -Werror.  (Java has no such
		 * comparison of a ! on numbers; its texts are unchanged.) */
		const struct node *l = node_strip(n->a);
		if (n->op >= OP_LT && n->op <= OP_NE && l->kind == N_UNARY &&
		    l->op == OP_NOT && l->type && l->type->profile &&
		    l->type->profile->scalar_conditions)
			p = 15;
		print_sub(sb, n->a, p);
		p = op_prec(n->op);
		sb_printf(sb, " %s ", op_spelling(n->op));
		print_sub(sb, n->b, p + 1);
		return;
	}
	case N_COND:
		print_sub(sb, n->a, 4);
		sb_puts(sb, " ? ");
		print_sub(sb, n->b, 3);
		sb_puts(sb, " : ");
		print_sub(sb, n->c, 3);
		return;
	case N_ASSIGN:
		print_sub(sb, n->a, 16);
		sb_printf(sb, " %s= ", op_spelling(n->op));
		print_sub(sb, n->b, 2);
		return;
	}
}

bool expr_has_side_effects(const struct node *n)
{
	if (!n)
		return false;
	if (n->kind == N_ASSIGN || n->kind == N_INCDEC)
		return true;
	return expr_has_side_effects(n->a) || expr_has_side_effects(n->b) ||
	       expr_has_side_effects(n->c);
}

bool expr_equal(const struct node *x, const struct node *y)
{
	x = node_strip(x);
	y = node_strip(y);
	if (!x || !y)
		return x == y;
	if (x->kind != y->kind || x->op != y->op)
		return false;
	switch (x->kind) {
	case N_LIT:
		return x->type == y->type && value_eq(x->val, y->val);
	case N_VAR:
	case N_HOLE:
		return !strcmp(x->name, y->name);
	case N_CONV:
		return x->type == y->type && expr_equal(x->a, y->a);
	case N_ASSIGN:
	case N_INCDEC: /* c is derived from a and b by typing */
		return expr_equal(x->a, y->a) && expr_equal(x->b, y->b);
	default:
		return expr_equal(x->a, y->a) && expr_equal(x->b, y->b) &&
		       expr_equal(x->c, y->c);
	}
}

void expr_print_typed(struct strbuf *sb, const struct node *n)
{
	if (!n)
		return;
	switch (n->kind) {
	case N_CONV:
		sb_printf(sb, "(%s)", type_name(n->type));
		expr_print_typed(sb, n->a); /* operators print parenthesized */
		return;
	case N_UNARY:
		sb_printf(sb, "%s(", op_spelling(n->op));
		expr_print_typed(sb, n->a);
		sb_putc(sb, ')');
		return;
	case N_BINARY:
		sb_putc(sb, '(');
		expr_print_typed(sb, n->a);
		sb_printf(sb, " %s ", op_spelling(n->op));
		expr_print_typed(sb, n->b);
		sb_putc(sb, ')');
		return;
	case N_COND:
		sb_putc(sb, '(');
		expr_print_typed(sb, n->a);
		sb_puts(sb, " ? ");
		expr_print_typed(sb, n->b);
		sb_puts(sb, " : ");
		expr_print_typed(sb, n->c);
		sb_putc(sb, ')');
		return;
	case N_ASSIGN:
	case N_INCDEC:
		sb_putc(sb, '(');
		if (n->kind == N_INCDEC && (n->op == OP_PREINC ||
					    n->op == OP_PREDEC))
			sb_puts(sb, op_spelling(n->op));
		expr_print_typed(sb, n->a);
		if (n->kind == N_INCDEC && (n->op == OP_POSTINC ||
					    n->op == OP_POSTDEC))
			sb_puts(sb, op_spelling(n->op));
		if (n->kind == N_ASSIGN) {
			sb_printf(sb, " %s= ", op_spelling(n->op));
			expr_print_typed(sb, n->b);
		}
		if (n->c) {
			sb_puts(sb, " {");
			expr_print_typed(sb, n->c);
			sb_putc(sb, '}');
		}
		sb_putc(sb, ')');
		return;
	default:
		expr_print(sb, n);
	}
}
