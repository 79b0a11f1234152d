/*
 * javasrc-mwrite.c - writes through references in the method IR
 * (lang/mir.h: References, Writes): the rules a method that reads
 * through references keeps, and the aliasing updates after each write
 * to a field cell.
 */
#include "lang/javasrc-mir-int.h"

#include <string.h>

/* The field of cell variable i (a field of this, or a path), or NULL. */
static const char *cell_field(const struct mb *B, int i)
{
	const struct mmethod *m = B->m;
	if (m->kinds[i] == MV_HEAP)
		return B->hfield[i];
	return m->kinds[i] == MV_FIELD ? m->names[i] : NULL;
}

/* The text of the object cell i is a field of: this (1) or its base. */
static const char *cell_base(const struct mb *B, int i)
{
	return B->m->kinds[i] == MV_FIELD ? "this" : mb_env_name(B, B->hbase[i]);
}

/* cell_base() as a node. */
static struct node *base_node(struct mb *B, int i)
{
	return B->m->kinds[i] == MV_FIELD ? mb_id(B, 1)
	       : mir_var(B->a, mb_env_name(B, B->hbase[i]));
}

/* Is some path read through a variable of field f (so writing f would
 * move a base)? */
static bool field_is_base(const struct mb *B, const char *f)
{
	const struct mmethod *m = B->m;
	for (int j = 0; j < m->nvars; j++)
		if (m->kinds[j] == MV_HEAP) {
			const char *bf = cell_field(B, B->hbase[j]);
			if (bf && !strcmp(bf, f))
				return true;
		}
	return false;
}

/* The variable n writes (an assignment or ++/-- of a variable), or -1. */
static int written(const struct node *n)
{
	return n && (n->kind == N_ASSIGN || n->kind == N_INCDEC) && n->a &&
	       n->a->kind == N_VAR ? n->a->var : -1;
}

/* The rules on every expression below n; top: n is a statement's whole
 * expression (a write there is updated for its aliases). */
static bool rules_node(struct mb *B, const struct node *n, bool top)
{
	if (!n)
		return true;
	const struct mmethod *m = B->m;
	int v = written(n);
	if (v >= 0) {
		const char *f = cell_field(B, v);
		if (f && !top)
			return mb_fail(B, arena_printf(B->a, "a write to `%s` inside "
				"an expression in a method that reads through "
				"references", m->names[v]));
		for (int i = 0; i < m->nvars; i++)
			if (m->kinds[i] == MV_HEAP && B->hbase[i] == v)
				return mb_fail(B, arena_printf(B->a, "`%s` is read "
					"through and assigned", m->names[v]));
		if (f && (m->refs >> v & 1) && field_is_base(B, f))
			return mb_fail(B, arena_printf(B->a, "a write to `%s`, a "
				"reference field read through elsewhere",
				m->names[v]));
	}
	return rules_node(B, n->a, false) && rules_node(B, n->b, false) &&
	       rules_node(B, n->c, false);
}

/* `if (base(w) == base(v)) w = v;` for every other cell w of v's field. */
static struct mstmt *aliases(struct mb *B, const struct mstmt *s, int v)
{
	const struct mmethod *m = B->m;
	const char *f = cell_field(B, v);
	struct mstmt *blk = NULL;
	int cap = 0;
	for (int w = 0; w < m->nvars; w++) {
		const char *g = cell_field(B, w);
		if (w == v || !g || strcmp(f, g))
			continue;
		if (!blk) {
			blk = ANEW(B->a, struct mstmt);
			*blk = (struct mstmt){ .kind = MS_BLOCK, .line = s->line };
			mb_append(B, blk, (struct mstmt *)s, &cap);
		}
		struct mstmt *i = ANEW(B->a, struct mstmt);
		struct mstmt *a = ANEW(B->a, struct mstmt);
		*i = (struct mstmt){ .kind = MS_IF, .line = s->line, .body = a };
		*a = (struct mstmt){ .kind = MS_EXPR, .line = s->line };
		const char *whole[] = { cell_base(B, w), " == ",
					cell_base(B, v), NULL };
		i->e = mb_built(B, mir_binary(B->a, OP_EQ, base_node(B, w),
					      base_node(B, v)), true, whole);
		a->e = mb_expr_node(B, mir_assign(B->a, mir_var(B->a,
				    mb_env_name(B, w)), mir_var(B->a,
				    mb_env_name(B, v))), false);
		if (!i->e || !a->e)
			return NULL;
		mb_append(B, blk, i, &cap);
	}
	return blk ? blk : (struct mstmt *)s;
}

/* s with the rules checked and its writes' aliases updated: s, or a
 * block in its place; NULL after mb_fail(). */
static struct mstmt *walk(struct mb *B, struct mstmt *s)
{
	if (!s)
		return s;
	if (s->kind == MS_CALL)
		return mb_fail(B, "a call in a method that reads through "
			       "references (the callee could change the heap)"),
		       NULL;
	if (!rules_node(B, s->e, s->kind == MS_EXPR))
		return NULL;
	if ((s->body && !(s->body = walk(B, s->body))) ||
	    (s->els && !(s->els = walk(B, s->els))) ||
	    (s->update && !(s->update = walk(B, s->update))))
		return NULL;
	for (int i = 0; i < s->nkids; i++)
		if (!(s->kids[i] = walk(B, s->kids[i])))
			return NULL;
	int v = s->kind == MS_EXPR ? written(s->e) : -1;
	if (v < 0 || !cell_field(B, v))
		return s;
	B->m->heap_writes = true;
	return aliases(B, s, v);
}

bool mb_heap_writes(struct mb *B)
{
	bool all[MIR_MAX_VARS];
	memcpy(all, B->visible, sizeof(all));
	for (int i = 0; i < B->m->nvars; i++)
		B->visible[i] = B->m->kinds[i] != MV_LOCAL;
	struct mstmt *body = walk(B, B->m->body);
	memcpy(B->visible, all, sizeof(all));
	if (!body)
		return false;
	B->m->body = body;
	if (B->hpre && B->hpre->writes)
		B->m->heap_writes = true; /* what a test sees: the original's */
	else if (B->hpre && B->m->heap_writes)
		return mb_fail(B, "the mutant writes a field through references, "
			       "its original does not");
	return true;
}
