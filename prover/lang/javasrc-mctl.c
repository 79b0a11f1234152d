/*
 * javasrc-mctl.c - loops and switch statements of a Java method as the
 * method IR (lang/mir.h: MS_LOOP, MS_SWITCH, MS_CASE): the Java hooks of
 * the statement walker (lang/mwalk.c builds the loops) and the switch;
 * the rest of the statements are javasrc-method.c's.
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

static bool has_var(const struct node *n)
{
	return n && (n->kind == N_VAR || has_var(n->a) || has_var(n->b) ||
		     has_var(n->c));
}

/* The labels of a switch group or rule into g. */
static bool labels(struct mb *B, TSNode n, struct mstmt *g)
{
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode l = ts_node_named_child(n, i);
		if (!jnode_is(l, "switch_label"))
			continue;
		uint32_t nl = ts_node_named_child_count(l);
		if (!nl)
			g->dflt = true;
		const struct node **v = ANEWN(B->a, const struct node *,
					      (size_t)(g->nlabels + nl) + 1);
		if (g->nlabels)
			memcpy(v, g->labels, sizeof(*v) * (size_t)g->nlabels);
		g->labels = v;
		for (uint32_t j = 0; j < nl; j++) {
			TSNode c = ts_node_named_child(l, j);
			const char *t = mb_text(B, c);
			const char *whole[] = { "(int)(", t, ")", NULL };
			struct mb_part P;
			struct node *e = mb_part(B, t, whole, &P) ? mb_part_typed(B,
				mb_cast(B, mb_type("int"), P.n), &P, false, whole,
				P.p0) : NULL;
			if (!e)
				return false;
			if (has_var(e))
				return mb_fail(B, arena_printf(B->a, "the case label "
					    "`%s` is not a literal", t));
			v[g->nlabels++] = e;
		}
	}
	return true;
}

/* One group (case X: ...) or rule (case X -> ...) of a switch. */
static struct mstmt *switch_group(struct mb *B, TSNode n)
{
	bool rule = jnode_is(n, "switch_rule");
	if (!rule && !jnode_is(n, "switch_block_statement_group"))
		return mb_fail(B, arena_printf(B->a, "a %s in a switch",
					    ts_node_type(n))), NULL;
	struct mstmt *g = mb_stmt_new(B, MS_CASE, n);
	struct mstmt *blk = g->body = mb_stmt_new(B, MS_BLOCK, n);
	int cap = 0;
	if (!labels(B, n, g))
		return NULL;
	if (!rule)
		return mb_block_into(B, n, blk, &cap) ? g : NULL;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		if (jnode_is(c, "switch_label") || jnode_is(c, "line_comment") ||
		    jnode_is(c, "block_comment"))
			continue;
		struct mstmt *s = mb_sub(B, c);
		if (!s)
			return NULL;
		mb_append(B, blk, s, &cap);
	}
	mb_append(B, blk, mb_stmt_new(B, MS_BREAK, n), &cap);
	return g;
}

/* A switch statement (tree-sitter-java's switch_expression where a
 * statement stands): its groups share one scope. */
struct mstmt *mb_switch_stmt(struct mb *B, TSNode n)
{
	struct mstmt *s = mb_stmt_new(B, MS_SWITCH, n);
	TSNode c = mb_field(n, "condition"), body = mb_field(n, "body");
	uint32_t busy = B->tbusy;
	const char *ct = mb_lowered(B, c);
	const char *whole[] = { ct, NULL }, *cw[] = { "(int)", ct, NULL };
	struct mb_part P;
	struct node *sel = ct && mb_part(B, ct, whole, &P) ? mb_part_typed(B,
		P.n, &P, false, whole, P.p0) : NULL;
	if (!sel)
		return NULL;
	if (sel->type->kind != TK_INT || sel->type->bits > 32)
		return mb_fail(B, arena_printf(B->a, "a switch on a %s (int, char, "
			    "short and byte are modelled)", sel->type->name)), NULL;
	if (!(s->e = mb_part_typed(B, mb_cast(B, mb_type("int"), sel), &P,
				   false, cw, B->npend)))
		return NULL;
	B->tbusy = busy; /* the groups run after the selector */
	bool saved[MIR_MAX_VARS];
	memcpy(saved, B->visible, sizeof(saved));
	uint32_t k = ts_node_named_child_count(body);
	s->kids = ANEWN(B->a, struct mstmt *, (size_t)k + 1);
	for (uint32_t i = 0; i < k; i++) {
		TSNode g = ts_node_named_child(body, i);
		if (jnode_is(g, "line_comment") || jnode_is(g, "block_comment"))
			continue;
		if (!(s->kids[s->nkids++] = switch_group(B, g))) {
			s = NULL;
			break;
		}
	}
	memcpy(B->visible, saved, sizeof(saved));
	return s;
}
