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
	case MW_RETURN:
	case MW_SWITCH:
	case MW_THROW:
	case MW_TRY:
		return W->H->own(W->B, n, k);
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
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		enum mw_kind ck = mw_kind_of(W, c);
		if (ck == MW_SKIPPED)
			continue;
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
