/*
 * infer.c - the variables of a check site and their types: identifiers
 * take the types they must have (operands of &&, !, ?: conditions are
 * boolean, of arithmetic and < numeric, == follows the other side);
 * null modelling: what is compared with null is a reference (an int
 * identity, null = 0), and a call on it throws when it is null.  Also
 * the guard signature of an expression: each opaque call with the
 * conditions it runs under, to tell mutants that evaluate calls under
 * other conditions than the original.
 */
#include "check/site.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int site_var(struct site *S, const char *name)
{
	for (int i = 0; i < S->nvars; i++)
		if (!strcmp(S->names[i], name))
			return i;
	if (S->nvars >= MAX_VARS) {
		S->err = "more than 16 variables";
		return -1;
	}
	S->names[S->nvars] = arena_strdup(S->a, name);
	S->declared[S->nvars] = T_ERROR;
	S->kind[S->nvars] = 0;
	return S->nvars++;
}

/* Collect variables, turn $null into the literal 0 and mark what is
 * compared with it as a reference. */
void site_collect(struct site *S, struct node *n)
{
	if (!n || S->err)
		return;
	if (n->kind == N_VAR) {
		if (!strcmp(n->name, "$null")) {
			n->kind = N_LIT;
			n->type = T_INT;
			n->val = value_int(0);
			return;
		}
		site_var(S, n->name);
		return;
	}
	if (n->kind == N_BINARY && (n->op == OP_EQ || n->op == OP_NE)) {
		struct node *x = n->a, *y = n->b;
		for (int k = 0; k < 2; k++) {
			if (y->kind == N_VAR && !strcmp(y->name, "$null") &&
			    x->kind == N_VAR && strcmp(x->name, "$null")) {
				int v = site_var(S, x->name);
				if (v >= 0) {
					S->ref[v] = true;
					S->kind[v] = 2;
				}
			}
			struct node *t = x;
			x = y;
			y = t;
		}
	}
	site_collect(S, n->a);
	site_collect(S, n->b);
	site_collect(S, n->c);
}

static void set_kind(struct site *S, const struct node *n, int want)
{
	int v = site_var(S, n->name);
	if (v < 0 || !want)
		return;
	if (!S->kind[v])
		S->kind[v] = want;
	else if (S->kind[v] != want)
		S->err = arena_printf(S->a, "'%s' is used both as a boolean "
					    "and as a number",
				      n->name[0] == '$'
					      ? S->ops[atoi(n->name + 1) - 1].text
					      : n->name);
}

int site_infer(struct site *S, const struct node *n, int want)
{
	if (!n || S->err)
		return 0;
	int ka, kb, k;
	switch (n->kind) {
	case N_LIT:
		return n->type == T_BOOLEAN ? 1 : 2;
	case N_VAR:
		set_kind(S, n, want);
		{
			int v = site_var(S, n->name);
			return v < 0 ? 0 : S->kind[v];
		}
	case N_UNARY:
		k = n->op == OP_NOT ? 1 : 2;
		site_infer(S, n->a, k);
		return k;
	case N_BINARY:
		switch (n->op) {
		case OP_LAND: case OP_LOR:
			site_infer(S, n->a, 1);
			site_infer(S, n->b, 1);
			return 1;
		case OP_LT: case OP_LE: case OP_GT: case OP_GE:
			site_infer(S, n->a, 2);
			site_infer(S, n->b, 2);
			return 1;
		case OP_EQ: case OP_NE:
			ka = site_infer(S, n->a, 0);
			kb = site_infer(S, n->b, 0);
			k = ka ? ka : kb;
			site_infer(S, n->a, k);
			site_infer(S, n->b, k);
			return 1;
		case OP_AND: case OP_OR: case OP_XOR:
			ka = site_infer(S, n->a, want);
			kb = site_infer(S, n->b, want);
			k = want ? want : ka ? ka : kb;
			site_infer(S, n->a, k);
			site_infer(S, n->b, k);
			return k;
		default:
			site_infer(S, n->a, 2);
			site_infer(S, n->b, 2);
			return 2;
		}
	case N_COND:
		site_infer(S, n->a, 1);
		kb = site_infer(S, n->b, want);
		ka = site_infer(S, n->c, want);
		k = want ? want : kb ? kb : ka;
		site_infer(S, n->b, k);
		site_infer(S, n->c, k);
		return k;
	case N_ASSIGN:
		if (n->op == OP_NONE || n->op == OP_AND || n->op == OP_OR ||
		    n->op == OP_XOR) {
			ka = site_infer(S, n->a, want);
			kb = site_infer(S, n->b, ka ? ka : want);
			k = ka ? ka : kb;
		} else {
			k = 2;
		}
		site_infer(S, n->a, k);
		site_infer(S, n->b, k);
		return k;
	case N_INCDEC:
		site_infer(S, n->a, 2);
		return 2;
	default:
		return 0;
	}
}

/* Guard signature: each opaque call with the conditions it runs under
 * (short-circuit and ?: operands), in evaluation order. */
static void guards(const struct site *S, struct strbuf *sb,
		   const struct node *n, const char *g)
{
	if (!n)
		return;
	if (n->kind == N_VAR && n->name[0] == '$') {
		int k = atoi(n->name + 1) - 1;
		if (k < 0 || k >= S->nop || !S->ops[k].konst)
			sb_printf(sb, "%s@{%s};", n->name, g);
		return;
	}
	if ((n->kind == N_BINARY && (n->op == OP_LAND || n->op == OP_LOR)) ||
	    n->kind == N_COND) {
		struct strbuf c = STRBUF_INIT, g2 = STRBUF_INIT;
		expr_print(&c, n->a);
		guards(S, sb, n->a, g);
		if (n->kind == N_COND) {
			sb_printf(&g2, "%s[?%s]", g, c.buf);
			guards(S, sb, n->b, g2.buf);
			sb_reset(&g2);
			sb_printf(&g2, "%s[:%s]", g, c.buf);
			guards(S, sb, n->c, g2.buf);
		} else {
			sb_printf(&g2, "%s[%s%s]", g, n->op == OP_LOR ? "!" : "",
				  c.buf);
			guards(S, sb, n->b, g2.buf);
		}
		sb_release(&c);
		sb_release(&g2);
		return;
	}
	guards(S, sb, n->a, g);
	guards(S, sb, n->b, g);
	guards(S, sb, n->c, g);
}

char *site_guard_sig(const struct site *S, const struct node *n)
{
	struct strbuf sb = STRBUF_INIT;
	guards(S, &sb, n, "");
	char *r = arena_strdup(S->a, sb.len ? sb.buf : "");
	sb_release(&sb);
	return r;
}

/* The reference variable opaque value n (a `$k`) is called on, when
 * it is compared with null in the site; else -1. */
static int guarded_recv(const struct site *S, const struct node *n)
{
	if (!n || n->kind != N_VAR || n->name[0] != '$' ||
	    !isdigit((unsigned char)n->name[1]))
		return -1;
	int k = atoi(n->name + 1) - 1;
	if (k < 0 || k >= S->nop)
		return -1;
	const struct opaque *o = &S->ops[k];
	int r = -1;
	for (int i = 0; o->recv && i < S->nvars; i++)
		if (S->ref[i] && !strcmp(S->names[i], o->recv))
			r = i;
	return r;
}

/* (1 / r != 0 || true): true, or an exception when r is null. */
static struct node *null_check(struct site *S, int r, int pos)
{
	struct arena *a = S->a;
	struct node *one = node_new(a, N_LIT, pos);
	one->type = T_INT;
	one->val = value_int(1);
	struct node *rv = node_new(a, N_VAR, pos);
	rv->name = S->names[r];
	rv->var = -1;
	struct node *div = node_new(a, N_BINARY, pos);
	div->op = OP_DIV;
	div->a = one;
	div->b = rv;
	div->paren = true;
	struct node *zero = node_new(a, N_LIT, pos);
	zero->type = T_INT;
	struct node *ne = node_new(a, N_BINARY, pos);
	ne->op = OP_NE;
	ne->a = div;
	ne->b = zero;
	struct node *t = node_new(a, N_LIT, pos);
	t->type = T_BOOLEAN;
	t->val = value_bool(true);
	struct node *lor = node_new(a, N_BINARY, pos);
	lor->op = OP_LOR;
	lor->a = ne;
	lor->b = t;
	lor->paren = true;
	return lor;
}

/* A call on a reference receiver throws when it is null:
 * boolean: (null_check && $k); numeric: ($k + 0 * (1 / r)).  An
 * assignment to it ($k++, $k += e) is guarded whole, as
 * (null_check ? $k++ : $k++), so that its operand stays a variable
 * whether or not the receiver is compared with null. */
struct node *site_guard_calls(struct site *S, struct node *n)
{
	if (!n)
		return NULL;
	bool store = (n->kind == N_INCDEC || n->kind == N_ASSIGN) &&
		     guarded_recv(S, n->a) >= 0;
	int r = store ? guarded_recv(S, n->a) : guarded_recv(S, n);
	if (store)
		n->b = site_guard_calls(S, n->b);
	if (r >= 0) {
		struct node *out = node_new(S->a, N_COND, n->pos);
		int v = store ? -1 : site_var(S, n->name);
		out->paren = true;
		out->a = null_check(S, r, n->pos);
		if (v >= 0 && S->kind[v] == 1) {
			out->kind = N_BINARY;
			out->op = OP_LAND;
			out->b = n;
		} else if (store) {
			out->b = n;
			out->c = node_subst(S->a, n, NULL, NULL);
		} else { /* ($k + 0 * (1 / r)) */
			struct node *zero = node_new(S->a, N_LIT, n->pos);
			zero->type = T_INT;
			struct node *mul = node_new(S->a, N_BINARY, n->pos);
			mul->op = OP_MUL;
			mul->a = zero;
			mul->b = out->a->a->a; /* the (1 / r) of null_check */
			out->kind = N_BINARY;
			out->op = OP_ADD;
			out->a = n;
			out->b = mul;
		}
		return out;
	}
	n->a = site_guard_calls(S, n->a);
	n->b = site_guard_calls(S, n->b);
	n->c = site_guard_calls(S, n->c);
	return n;
}

/* Java type names from a Major signature "op(T1,T2)" or "<KIND(T)>". */
int site_sig_types(const char *sig, char types[][64], int max)
{
	if (!sig)
		return 0;
	const char *p = strchr(sig, '(');
	if (!p)
		return 0;
	p++;
	int n = 0, depth = 0;
	const char *b = p;
	for (; *p; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>')
			depth--;
		else if ((*p == ',' && depth == 0) || (*p == ')' && depth == 0)) {
			if (n < max)
				snprintf(types[n++], 64, "%.*s", (int)(p - b), b);
			b = p + 1;
			if (*p == ')')
				break;
		}
	}
	return n;
}

/* Mark variables assigned anywhere as observed. */

void site_assigned(const struct node *n, struct observe *ob)
{
	if (!n)
		return;
	if ((n->kind == N_ASSIGN || n->kind == N_INCDEC) && n->a->var >= 0)
		ob->var[n->a->var] = true;
	site_assigned(n->a, ob);
	site_assigned(n->b, ob);
	site_assigned(n->c, ob);
}

/* --- Major's signatures ------------------------------------------------ */

const char *site_sig_refusal(struct arena *a, const char *from)
{
	char st[4][64];
	int nst = site_sig_types(from, st, 4);
	for (int i = 0; i < nst; i++) {
		if (!strcmp(st[i], "java.lang.String"))
			return arena_printf(a, "%s values are not modelled", st[i]);
		if (from[0] == '<' && i == 0 && type_parse(st[i]) == T_ERROR)
			return arena_printf(a, "a reference-typed expression (%s): "
					    "objects are not modelled", st[i]);
	}
	return NULL;
}

const struct type *site_numtype_wider(const struct type *cur,
				      const struct type *t)
{
	static const struct type *const order[] = { T_INT, T_LONG, T_FLOAT,
						    T_DOUBLE };
	int a = 0, b = 0;
	for (int i = 0; i < 4; i++) {
		if (cur == order[i])
			a = i;
		if (t == order[i])
			b = i;
	}
	return order[a > b ? a : b];
}

void site_sig_operand_types(struct site *S, const char *from,
			    const struct node *orig)
{
	char st[4][64];
	int nst = site_sig_types(from, st, 4);
	bool fl = false;
	for (int i = 0; i < nst; i++)
		fl |= !strcmp(st[i], "float") || !strcmp(st[i], "double");
	if (!fl || nst != 2 || from[0] == '<' || !orig ||
	    orig->kind != N_BINARY)
		return;
	const struct node *ops[2] = { orig->a, orig->b };
	for (int k = 0; k < 2; k++) {
		const struct type *t = type_parse(st[k]);
		if (ops[k]->kind != N_VAR || t == T_ERROR || !type_is_numeric(t))
			continue;
		int v = site_var(S, ops[k]->name);
		if (v >= 0 && S->declared[v] == T_ERROR) {
			S->declared[v] = t;
			S->kind[v] = 2;
		}
	}
}
