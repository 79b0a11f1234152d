/*
 * javasrc-mctl.c - loops of a Java method as the method IR (lang/mir.h:
 * MS_LOOP): the Java hooks of the statement walker for them (lang/mwalk.c
 * builds the loops, and the switch with javasrc-method.c's hooks).
 */
#include <string.h>

#include "lang/javasrc-int.h"
#include "lang/javasrc-mir-int.h"

/* The expressions of field name of a for statement, as a block. */
static struct mstmt *for_list(struct mb *B, TSNode n, const char *name,
			      bool decls)
{
	struct mstmt *blk = mb_stmt_new(B, MS_BLOCK, n);
	int cap = 0;
	TSNode kids[32];
	int k = jnode_field_children(n, name, kids, 32);
	if (k >= 32)
		return mb_fail(B, "a for list of 32 or more parts"), NULL;
	for (int i = 0; i < k; i++) {
		TSNode c = kids[i];
		if (decls && jnode_is(c, "local_variable_declaration")) {
			if (!mb_local_decl(B, c, blk, &cap))
				return NULL;
			continue;
		}
		struct mstmt *s = mb_stmt_new(B, MS_EXPR, c);
		int p0 = B->npend; /* an update's checks: each time it runs */
		if (!(s->e = mb_expr(B, c, false)))
			return NULL;
		mb_flush_pre(B, blk, &cap);
		if (!mb_heap_flush(B, p0, blk, &cap, c))
			return NULL;
		mb_append(B, blk, s, &cap);
	}
	return blk;
}

bool mb_for_init(void *vb, TSNode n, struct mstmt *blk, int *cap)
{
	struct mb *B = vb;
	struct mstmt *init = for_list(B, n, "init", true);
	if (init)
		mb_append(B, blk, init, cap);
	return init != NULL;
}

struct mstmt *mb_for_update(void *B, TSNode n)
{
	return for_list(B, n, "update", false);
}

/* What a loop's condition needs first (mb_loop_test()). */
struct loop_pre {
	struct mstmt *pre;
	const char *flag;
};

bool mb_loop_test(void *vb, struct mstmt *s, TSNode c, void **ctl)
{
	struct mb *B = vb;
	struct mstmt *outer = B->pre;
	int outercap = B->precap;
	uint32_t busy = B->tbusy;
	int p0 = B->npend;
	B->pre = NULL;
	B->precap = 0;
	if (!ts_node_is_null(c) && !(s->e = mb_expr(B, c, true)))
		return false;
	if (!s->test_first && B->npend > p0) { /* evaluated after the body */
		if (!B->pre)
			B->pre = mb_stmt_new(B, MS_BLOCK, c);
		if (!mb_heap_flush(B, p0, B->pre, &B->precap, c))
			return false;
	}
	struct mstmt *pre = B->pre;
	B->pre = outer;
	B->precap = outercap;
	B->tbusy = busy; /* the test is done before the body runs */
	*ctl = NULL;
	if (!pre)
		return true;
	/* a do-while's: a flag, set after the first test point */
	struct loop_pre *L = ANEW(B->a, struct loop_pre);
	L->pre = pre;
	L->flag = !s->test_first ? mb_temp(B, mb_type("boolean")) : "";
	*ctl = L;
	return L->flag != NULL;
}

struct mstmt *mb_loop_done(void *vb, struct mstmt *s, void *ctl)
{
	struct loop_pre *L = ctl;
	return L ? mb_loop_calls(vb, s, L->pre, *L->flag ? L->flag : NULL) : s;
}
