/*
 * javasrc-mcall.c - calls in the method IR (lang/mir.h: Calls;
 * lang/javasrc-mir-int.h): the callee (overloads resolved as Java's
 * first phase does) and the MS_CALL of a call; call statements.  Calls
 * whose result is used are lowered by javasrc-mlower.c.
 */
#include "lang/javasrc-mir-int.h"

#include <ctype.h>
#include <string.h>

#include "lang/profile.h"

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

void mb_append(struct mb *B, struct mstmt *blk, struct mstmt *s, int *cap)
{
	if (blk->nkids == *cap) {
		int nc = *cap ? 2 * *cap : 8;
		struct mstmt **k = ANEWN(B->a, struct mstmt *, (size_t)nc);
		if (blk->nkids)
			memcpy(k, blk->kids, sizeof(*k) * (size_t)blk->nkids);
		blk->kids = k;
		*cap = nc;
	}
	blk->kids[blk->nkids++] = s;
}

/* A candidate declaration of the callee: its place, parameter types
 * (NULL: not modelled, with the type's text) and result type's text. */
struct cand {
	int id;
	const struct type *args[MIR_MAX_ARGS];
	const char *argtext[MIR_MAX_ARGS];
	const char *ret;
};

/* Can arguments of types at[] be passed to c's parameters without
 * boxing (Java's first phase: identity or widening)? */
static bool applicable(const struct cand *c, int nargs,
		       const struct type *const *at)
{
	for (int j = 0; j < nargs; j++)
		if (!c->args[j] || !at[j] ||
		    (c->args[j]->kind == TK_BOOLEAN) != (at[j]->kind == TK_BOOLEAN) ||
		    (at[j]->kind != TK_BOOLEAN && !type_contains(c->args[j], at[j])))
			return false;
	return true;
}

/* Among the applicable candidates, the most specific (its parameters
 * pass to every other's); -1 if none or no single one. */
static int most_specific(const struct cand *cs, int n, int nargs,
			 const struct type *const *at)
{
	int best = -1;
	for (int i = 0; i < n; i++) {
		if (!applicable(&cs[i], nargs, at))
			continue;
		bool below = true;
		for (int k = 0; k < n && below; k++)
			if (k != i && applicable(&cs[k], nargs, at))
				below = applicable(&cs[k], nargs, cs[i].args);
		if (below) {
			if (best >= 0)
				return -1;
			best = i;
		}
	}
	return best;
}

/* The callee named name with nargs parameters among the methods of the
 * class, into c (*ret: its result type's text): 1; with overloads, the
 * one Java picks for arguments of types at[] (NULL: not typed yet: -1,
 * to be asked again with them); 0 after mb_fail(). */
static int callee(struct mb *B, const char *name, int nargs,
		   const struct type *const *at, struct mcallee *c,
		   const char **ret)
{
	uint32_t k = ts_node_named_child_count(B->cls);
	struct cand cs[8];
	int found = 0;
	for (uint32_t i = 0, id = 0; i < k; i++) {
		TSNode d = ts_node_named_child(B->cls, i);
		if (!jnode_is(d, "method_declaration"))
			continue;
		id++;
		TSNode ps = field(d, "parameters");
		if (!jnode_text_is(B->f, field(d, "name"), name) ||
		    (int)ts_node_named_child_count(ps) != nargs)
			continue;
		if (found && !at)
			return -1;
		if (found == 8)
			return mb_fail(B, arena_printf(B->a, "a call to %s, "
				"overloaded with %d parameters", name, nargs));
		struct cand *cd = &cs[found++];
		cd->id = (int)id;
		cd->ret = jnode_squeezed(B->a, B->f, field(d, "type"));
		for (int j = 0; j < nargs; j++) {
			TSNode p = ts_node_named_child(ps, (uint32_t)j);
			cd->argtext[j] = jnode_is(p, "formal_parameter")
				? jnode_squeezed(B->a, B->f, field(p, "type")) : "...";
			cd->args[j] = mb_type(cd->argtext[j]);
		}
	}
	if (!found)
		return mb_fail(B, arena_printf(B->a, "a call to %s, not a method "
			       "of the class with %d parameters", name, nargs));
	int pick = found == 1 ? 0 : most_specific(cs, found, nargs, at);
	if (pick < 0)
		return mb_fail(B, arena_printf(B->a, "a call to %s, overloaded "
			       "with %d parameters", name, nargs));
	const struct cand *cd = &cs[pick];
	c->name = name;
	c->id = cd->id;
	c->nargs = nargs;
	*ret = cd->ret;
	for (int j = 0; j < nargs; j++)
		if (!(c->args[j] = cd->args[j]))
			return mb_fail(B, arena_printf(B->a, "a call to %s, whose "
				"parameter `%s` the method model does not have yet",
				name, cd->argtext[j]));
	if (c->id > 255) /* an event holds it in 8 bits */
		return mb_fail(B, arena_printf(B->a, "a call to %s, after the "
			       "255th method of the class", name));
	return 1;
}

struct mstmt *mb_make_call(struct mb *B, TSNode at, const char *name,
			    int nargs, const char *const *args, const char **ret)
{
	for (int i = 0; i < B->m->nvars; i++)
		if (B->m->kinds[i] == MV_FIELD)
			return mb_fail(B, arena_printf(B->a, "a call to %s in a "
				"method that names fields (the callee could change "
				"them)", name)), NULL;
	if (nargs > MIR_MAX_ARGS)
		return mb_fail(B, arena_printf(B->a, "a call to %s with more than "
			       "%d arguments", name, MIR_MAX_ARGS)), NULL;
	struct mcallee c;
	memset(&c, 0, sizeof(c));
	int r = callee(B, name, nargs, NULL, &c, ret);
	if (r < 0) { /* overloaded: resolve by the arguments' types */
		const struct type *at[MIR_MAX_ARGS];
		for (int i = 0; i < nargs; i++) {
			const struct node *e = mb_expr_text(B, args[i], false);
			if (!e)
				return NULL;
			at[i] = e->type;
		}
		r = callee(B, name, nargs, at, &c, ret);
	}
	if (!r)
		return NULL;
	struct mmethod *m = B->m;
	struct mstmt *s = mb_stmt_new(B, MS_CALL, at);
	for (s->callee = 0; s->callee < m->ncallees &&
	     m->callees[s->callee].id != c.id; s->callee++)
		;
	if (s->callee == m->ncallees) {
		if (m->ncallees == MIR_MAX_CALLEES)
			return mb_fail(B, "calls to more than 8 methods"), NULL;
		m->callees[m->ncallees++] = c;
	}
	s->nargs = nargs;
	s->args = ANEWN(B->a, const struct node *, (size_t)nargs + 1);
	for (int i = 0; i < nargs; i++) {
		/* method invocation conversion: widening, as the cast does */
		bool b = c.args[i]->kind == TK_BOOLEAN;
		if (!(s->args[i] = mb_expr_text(B, b ? args[i]
			: arena_printf(B->a, "(%s)(%s)", c.args[i]->name,
				       args[i]), b)))
			return NULL;
	}
	return s;
}

struct mstmt *mb_call(struct mb *B, TSNode n)
{
	TSNode obj = field(n, "object"), al = field(n, "arguments");
	const char *name = jnode_squeezed(B->a, B->f, field(n, "name"));
	if (!ts_node_is_null(obj) && !jnode_text_is(B->f, obj, "this"))
		BUG("a call on another object or class");
	int nargs = (int)ts_node_named_child_count(al);
	const char **args = ANEWN(B->a, const char *, (size_t)nargs + 1);
	bool nested = false;
	for (int i = 0; i < nargs; i++)
		nested |= mb_maybe_call(args[i] = mb_text(B,
			ts_node_named_child(al, (uint32_t)i)));
	if (nested) { /* calls in its arguments: lowered, then this one */
		const char *r = mb_lower_stmt(B, n, mb_text(B, n));
		if (!r)
			return NULL;
		if (!*r) /* lowered: the call is in B->pre */
			return mb_stmt_new(B, MS_SKIP, n);
	}
	const char *ret;
	return mb_make_call(B, n, name, nargs, args, &ret);
}
