/*
 * mwalk.c - one statement walker for the method front ends
 * (lang/mwalk.h): the statements both grammars share, by their table.
 */
#include "lang/mwalk.h"

#include <string.h>

enum mw_kind mw_kind_of(const struct mwalk *W, TSNode n)
{
	if (ts_node_is_null(n))
		return MW_NONE;
	const char *k = ts_node_type(n);
	for (const struct mw_row *r = W->G->rows; r->node; r++)
		if (!strcmp(r->node, k))
			return r->kind;
	return MW_NONE;
}

TSNode mw_field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

bool mw_fail(struct mwalk *W, const char *why)
{
	if (!*W->why)
		*W->why = why;
	return false;
}

struct mstmt *mw_stmt_new(struct mwalk *W, enum mstmt_kind k, TSNode n)
{
	return mir_stmt(W->a, k, (int)ts_node_start_point(n).row + 1);
}

struct mstmt *mw_statement(struct mwalk *W, TSNode n)
{
	return W->H->around ? W->H->around(W->B, n) : mw_dispatch(W, n);
}

static struct mstmt *if_stmt(struct mwalk *W, TSNode n)
{
	const struct mw_grammar *G = W->G;
	struct mstmt *s = mw_stmt_new(W, MS_IF, n);
	if (!(s->e = W->H->test(W->B, mw_field(n, G->cond))) ||
	    !(s->body = mw_sub(W, mw_field(n, G->then))))
		return NULL;
	TSNode e = mw_field(n, G->els);
	if (G->else_clause && !ts_node_is_null(e) &&
	    !strcmp(ts_node_type(e), G->else_clause))
		e = ts_node_named_child(e, 0);
	if (!ts_node_is_null(e) && !(s->els = mw_sub(W, e)))
		return NULL;
	return s;
}

/* --- return, expression statements ------------------------------- */

static struct mstmt *return_stmt(struct mwalk *W, TSNode n)
{
	struct mstmt *s = mw_stmt_new(W, MS_RETURN, n);
	TSNode v = ts_node_named_child(n, 0);
	if (ts_node_is_null(v) || mw_kind_of(W, v) == MW_SKIPPED) {
		if (W->m->ret)
			return mw_fail(W, "`return;` in a function that returns "
				       "a value"), NULL;
		return s;
	}
	if (!W->m->ret)
		return mw_fail(W, "a value returned from a void function"), NULL;
	s->e = W->H->value(W->B, v, MW_USE_RETURN, W->m->ret);
	return s->e ? s : NULL;
}

struct mstmt *mw_effects(struct mwalk *W, TSNode n)
{
	struct mstmt *blk = mw_stmt_new(W, MS_BLOCK, n);
	int cap = 0;
	while (!ts_node_is_null(n)) {
		TSNode e = n, next = { 0 };
		if (W->G->comma && !strcmp(ts_node_type(n), W->G->comma)) {
			e = mw_field(n, "left");
			next = mw_field(n, "right");
		}
		if (!W->H->effect(W->B, e, blk, &cap))
			return NULL;
		n = next;
	}
	return blk;
}

static struct mstmt *expr_stmt(struct mwalk *W, TSNode n)
{
	TSNode e = ts_node_named_child(n, 0);
	if (ts_node_is_null(e)) /* `;` */
		return mw_stmt_new(W, MS_SKIP, n);
	if (mw_kind_of(W, e) == MW_CALL)
		return W->H->call(W->B, e);
	struct mstmt *s = mw_effects(W, e);
	return s && s->nkids == 1 ? s->kids[0] : s;
}

/* --- switch -------------------------------------------------------- */

static bool has_var(const struct node *n)
{
	return n && (n->kind == N_VAR || has_var(n->a) || has_var(n->b) ||
		     has_var(n->c));
}

/* Label value v of group g, converted to the selector's type to. */
static bool label(struct mwalk *W, TSNode v, struct mstmt *g,
		  const struct type *to)
{
	struct node *e = W->H->value(W->B, v, MW_USE_LABEL, to);
	if (!e)
		return false;
	if (has_var(e))
		return mw_fail(W, arena_printf(W->a, "the case label `%s` is not "
			       "%s", W->H->text(W->B, v), W->G->case_const));
	const struct node **l = ANEWN(W->a, const struct node *,
				      (size_t)g->nlabels + 2);
	if (g->nlabels)
		memcpy(l, g->labels, sizeof(*l) * (size_t)g->nlabels);
	l[g->nlabels++] = e;
	g->labels = l;
	return true;
}

/* The labels of group or rule n into g (none: the default). */
static bool labels(struct mwalk *W, TSNode n, struct mstmt *g,
		   const struct type *to)
{
	if (W->G->case_value) {
		TSNode v = mw_field(n, W->G->case_value);
		if (ts_node_is_null(v))
			return g->dflt = true;
		return label(W, v, g, to);
	}
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode l = ts_node_named_child(n, i);
		if (mw_kind_of(W, l) != MW_LABEL)
			continue;
		uint32_t nl = ts_node_named_child_count(l);
		if (!nl)
			g->dflt = true;
		for (uint32_t j = 0; j < nl; j++)
			if (!label(W, ts_node_named_child(l, j), g, to))
				return false;
	}
	return true;
}

/* A group (case X: statements) or a rule (case X -> statement, then a
 * break) of a switch comparing in type to. */
static struct mstmt *switch_group(struct mwalk *W, TSNode n, bool rule,
				  const struct type *to)
{
	struct mstmt *g = mw_stmt_new(W, MS_CASE, n);
	struct mstmt *blk = g->body = mw_stmt_new(W, MS_BLOCK, n);
	int cap = 0;
	if (!labels(W, n, g, to))
		return NULL;
	if (!rule)
		return mw_block_into(W, n, blk, &cap) ? g : NULL;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		enum mw_kind ck = mw_kind_of(W, c);
		if (ck == MW_LABEL || ck == MW_SKIPPED)
			continue;
		struct mstmt *s = mw_sub(W, c);
		if (!s)
			return NULL;
		mir_append(W->a, blk, s, &cap);
	}
	mir_append(W->a, blk, mw_stmt_new(W, MS_BREAK, n), &cap);
	return g;
}

/* A switch: its groups share one scope. */
static struct mstmt *switch_stmt(struct mwalk *W, TSNode n)
{
	const struct mw_grammar *G = W->G;
	struct mstmt *s = mw_stmt_new(W, MS_SWITCH, n);
	TSNode body = mw_field(n, G->body);
	if (G->switch_block && mw_kind_of(W, body) != MW_BLOCK)
		return mw_fail(W, "a switch whose body is not a block"), NULL;
	if (!(s->e = W->H->value(W->B, mw_field(n, G->cond), MW_USE_SELECTOR,
				 NULL)))
		return NULL;
	bool saved[MIR_MAX_VARS], ok = true;
	memcpy(saved, W->visible, sizeof(saved));
	uint32_t k = ts_node_named_child_count(body);
	s->kids = ANEWN(W->a, struct mstmt *, (size_t)k + 1);
	for (uint32_t i = 0; ok && i < k; i++) {
		TSNode g = ts_node_named_child(body, i);
		enum mw_kind gk = mw_kind_of(W, g);
		if (gk == MW_SKIPPED || W->H->deleted(W->B, g))
			continue;
		if (gk != MW_CASE && gk != MW_RULE)
			ok = mw_fail(W, G->case_stray ? G->case_stray
				     : arena_printf(W->a, "a %s in a switch",
						    ts_node_type(g)));
		else
			ok = (s->kids[s->nkids++] = switch_group(W, g,
				gk == MW_RULE, s->e->type)) != NULL;
	}
	memcpy(W->visible, saved, sizeof(saved));
	return ok ? s : NULL;
}

/* --- statements ---------------------------------------------------- */

struct mstmt *mw_dispatch(struct mwalk *W, TSNode n)
{
	if (W->H->deleted(W->B, n))
		return mw_stmt_new(W, MS_SKIP, n);
	enum mw_kind k = mw_kind_of(W, n);
	switch (k) {
	case MW_BLOCK:
		return mw_block(W, n);
	case MW_IF:
		return if_stmt(W, n);
	case MW_WHILE:
	case MW_DO:
		return mw_loop(W, n);
	case MW_FOR:
		return mw_for(W, n);
	case MW_BREAK:
	case MW_CONTINUE:
		if (W->G->labels && ts_node_named_child_count(n))
			return mw_fail(W, "a labelled break or continue"), NULL;
		return mw_stmt_new(W, k == MW_BREAK ? MS_BREAK : MS_CONTINUE, n);
	case MW_EXPR:
		return expr_stmt(W, n);
	case MW_RETURN:
		return return_stmt(W, n);
	case MW_SWITCH:
		return switch_stmt(W, n);
	case MW_THROW:
	case MW_TRY:
		if (W->H->own)
			return W->H->own(W->B, n, k);
		/* fall through */
	default:
		return mw_fail(W, arena_printf(W->a, "a %s", ts_node_type(n))),
		       NULL;
	}
}

struct mstmt *mw_block(struct mwalk *W, TSNode n)
{
	bool saved[MIR_MAX_VARS];
	memcpy(saved, W->visible, sizeof(saved));
	struct mstmt *blk = mw_stmt_new(W, MS_BLOCK, n);
	int cap = 0;
	bool ok = mw_block_into(W, n, blk, &cap);
	memcpy(W->visible, saved, sizeof(saved));
	return ok ? blk : NULL;
}

bool mw_block_into(struct mwalk *W, TSNode n, struct mstmt *blk, int *cap)
{
	if (W->H->block_into)
		return W->H->block_into(W->B, n, blk, cap);
	return mw_items(W, n, blk, cap);
}

bool mw_items(struct mwalk *W, TSNode n, struct mstmt *blk, int *cap)
{
	const struct mw_hooks *H = W->H;
	/* a switch group's: its label (a field, or MW_LABEL nodes) */
	bool group = mw_kind_of(W, n) == MW_CASE;
	TSNode value = group && W->G->case_value
		       ? mw_field(n, W->G->case_value) : (TSNode){ 0 };
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		enum mw_kind ck = mw_kind_of(W, c);
		if (ck == MW_SKIPPED || ck == MW_LABEL ||
		    (!ts_node_is_null(value) && ts_node_eq(c, value)))
			continue;
		if (group && ck == MW_DECL && W->G->case_decl)
			return mw_fail(W, W->G->case_decl);
		if (ck == MW_DECL && !H->deleted(W->B, c)) {
			if (!H->local_decl(W->B, c, blk, cap))
				return false;
			continue;
		}
		int mark = H->mark ? H->mark(W->B) : 0;
		struct mstmt *s = mw_statement(W, c);
		if (!s || (H->flush && !H->flush(W->B, mark, blk, cap, c)))
			return false;
		mir_append(W->a, blk, s, cap);
	}
	return true;
}

struct mstmt *mw_sub(struct mwalk *W, TSNode n)
{
	if (ts_node_is_null(n))
		return mw_fail(W, "a statement is missing"), NULL;
	enum mw_kind k = mw_kind_of(W, n);
	if (k == MW_BLOCK && W->G->branch_block)
		return mw_block(W, n);
	if (k == MW_DECL)
		return mw_fail(W, "a declaration as a branch"), NULL;
	int mark = W->H->mark ? W->H->mark(W->B) : 0;
	struct mstmt *s = mw_statement(W, n);
	return W->H->wrap ? W->H->wrap(W->B, mark, s, n) : s;
}

struct mstmt *mw_loop(struct mwalk *W, TSNode n)
{
	const struct mw_hooks *H = W->H;
	struct mstmt *s = mw_stmt_new(W, MS_LOOP, n);
	W->m->nloops++;
	s->test_first = mw_kind_of(W, n) != MW_DO;
	TSNode c = mw_field(n, W->G->cond);
	void *ctl = NULL;
	if (H->loop_test) {
		if (!H->loop_test(W->B, s, c, &ctl))
			return NULL;
	} else if (!ts_node_is_null(c) && !(s->e = H->test(W->B, c))) {
		return NULL;
	}
	if (!(s->body = mw_sub(W, mw_field(n, W->G->body))))
		return NULL;
	return H->loop_done ? H->loop_done(W->B, s, ctl) : s;
}

struct mstmt *mw_for(struct mwalk *W, TSNode n)
{
	bool saved[MIR_MAX_VARS];
	memcpy(saved, W->visible, sizeof(saved));
	struct mstmt *blk = mw_stmt_new(W, MS_BLOCK, n), *s = NULL;
	int cap = 0;
	if (W->H->for_init(W->B, n, blk, &cap) && (s = mw_loop(W, n)) &&
	    (s->update = W->H->for_update(W->B, n)))
		mir_append(W->a, blk, s, &cap);
	memcpy(W->visible, saved, sizeof(saved));
	return s && s->update ? blk : NULL;
}
