/*
 * javasrc-mcall.c - call statements in the method IR (lang/mir.h:
 * Calls; lang/javasrc-mir-int.h).
 */
#include "lang/javasrc-mir-int.h"

#include <string.h>

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* The callee named name with nargs parameters among the methods of the
 * class (one only), into c; false after mb_fail(). */
static bool callee(struct mb *B, const char *name, int nargs,
		   struct mcallee *c)
{
	uint32_t k = ts_node_named_child_count(B->cls);
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
		if (found++)
			return mb_fail(B, arena_printf(B->a, "a call to %s, "
				"overloaded with %d parameters", name, nargs));
		c->name = name;
		c->id = (int)id;
		c->nargs = nargs;
		for (int j = 0; j < nargs; j++) {
			TSNode p = ts_node_named_child(ps, (uint32_t)j);
			const char *t = jnode_is(p, "formal_parameter")
				? jnode_squeezed(B->a, B->f, field(p, "type")) : "...";
			if (!(c->args[j] = mb_type(t)))
				return mb_fail(B, arena_printf(B->a, "a call to %s, "
					"whose parameter `%s` the method model does "
					"not have yet", name, t));
		}
	}
	if (!found)
		return mb_fail(B, arena_printf(B->a, "a call to %s, not a method "
			       "of the class with %d parameters", name, nargs));
	if (c->id > 255) /* an event holds it in 8 bits */
		return mb_fail(B, arena_printf(B->a, "a call to %s, after the "
			       "255th method of the class", name));
	return true;
}

struct mstmt *mb_call(struct mb *B, TSNode n)
{
	TSNode obj = field(n, "object"), al = field(n, "arguments");
	const char *name = jnode_squeezed(B->a, B->f, field(n, "name"));
	if (!ts_node_is_null(obj) && !jnode_text_is(B->f, obj, "this"))
		BUG("a call on another object or class");
	for (int i = 0; i < B->m->nvars; i++)
		if (B->m->kinds[i] == MV_FIELD)
			return mb_fail(B, arena_printf(B->a, "a call to %s in a "
				"method that names fields (the callee could change "
				"them)", name)), NULL;
	int nargs = (int)ts_node_named_child_count(al);
	if (nargs > MIR_MAX_ARGS)
		return mb_fail(B, arena_printf(B->a, "a call to %s with more than "
			       "%d arguments", name, MIR_MAX_ARGS)), NULL;
	struct mcallee c;
	memset(&c, 0, sizeof(c));
	if (!callee(B, name, nargs, &c))
		return NULL;
	struct mmethod *m = B->m;
	struct mstmt *s = mb_stmt_new(B, MS_CALL, n);
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
		TSNode a = ts_node_named_child(al, (uint32_t)i);
		/* method invocation conversion: widening, as the cast does */
		bool b = c.args[i]->kind == TK_BOOLEAN;
		if (!(s->args[i] = mb_expr_text(B, b ? mb_text(B, a)
			: arena_printf(B->a, "(%s)(%s)", c.args[i]->name,
				       mb_text(B, a)), b)))
			return NULL;
	}
	return s;
}
