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
	mir_append(B->a, blk, s, cap);
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
static int callee(struct mb *B, TSNode cls, const char *name, int nargs,
		  const struct type *const *at, struct mcallee *c,
		  const char **ret, unsigned *refargs)
{
	uint32_t k = ts_node_named_child_count(cls);
	struct cand cs[8];
	int found = 0;
	for (uint32_t i = 0, id = 0; i < k; i++) {
		TSNode d = ts_node_named_child(cls, i);
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
	*refargs = 0;
	for (int j = 0; j < nargs; j++) {
		if (!cd->args[j] && mb_is_ref_type(cd->argtext[j])) {
			c->args[j] = profile_type(&profile_java, "int");
			*refargs |= 1u << j; /* an id (lang/mir.h) */
			continue;
		}
		if (!(c->args[j] = cd->args[j]))
			return mb_fail(B, arena_printf(B->a, "a call to %s, whose "
				"parameter `%s` the method model does not have yet",
				name, cd->argtext[j]));
	}
	if (c->id >= MB_OTHER_ID) /* an event holds it in 8 bits */
		return mb_fail(B, arena_printf(B->a, "a call to %s, after the "
			       "%dth method of the class", name, MB_OTHER_ID - 1));
	return 1;
}

int mb_callee_in(struct mb *B, TSNode cls, const char *name, int nargs,
		 const char *const *args, struct mcallee *c, const char **ret,
		 unsigned *refargs)
{
	memset(c, 0, sizeof(*c));
	int r = callee(B, cls, name, nargs, NULL, c, ret, refargs);
	if (r < 0) { /* overloaded: resolve by the arguments' types */
		const struct type *at[MIR_MAX_ARGS];
		for (int i = 0; i < nargs; i++) {
			B->want_ref = -1;
			const struct node *e = mb_expr_text(B, args[i], false);
			B->want_ref = 0;
			if (!e)
				return 0;
			/* a reference: no overload is resolved for it */
			at[i] = mb_is_ref(B, e) ? NULL : e->type;
		}
		r = callee(B, cls, name, nargs, at, c, ret, refargs);
	}
	return r;
}

const char *mb_receiver(struct mb *B, struct jsrc *f, TSNode n, bool *ok)
{
	TSNode o = field(n, "object");
	*ok = true;
	if (ts_node_is_null(o) || jnode_text_is(f, o, "this"))
		return NULL;
	*ok = false;
	if (!jnode_is(o, "identifier"))
		return NULL;
	const struct mmethod *m = B->m;
	for (int i = m->nvars - 1; i >= 0; i--)
		if (B->visible[i] && jnode_text_is(f, o, m->names[i])) {
			*ok = !B->envname[i] && (m->refs >> i & 1);
			return *ok ? m->names[i] : NULL;
		}
	/* not a variable: a class's static method (Other references) */
	const char *t = jnode_squeezed(B->a, f, o);
	*ok = isupper((unsigned char)t[0]);
	return *ok ? t : NULL;
}

int mb_var_named(const struct mb *B, const char *name)
{
	for (int i = B->m->nvars - 1; i >= 0; i--)
		if (B->visible[i] && !strcmp(B->m->names[i], name))
			return i;
	return -1;
}

/* The callee c (recv: on a reference) in the method's table: its
 * index, or -1 after mb_fail(). */
static int callee_index(struct mb *B, const struct mcallee *c)
{
	struct mmethod *m = B->m;
	int k = 0;
	while (k < m->ncallees && m->callees[k].id != c->id)
		k++;
	if (k < m->ncallees && (m->callees[k].recv != c->recv ||
				m->callees[k].nargs != c->nargs))
		return mb_fail(B, arena_printf(B->a, "calls to %s both on this "
			       "and on a reference", c->name)), -1;
	for (int i = 0; k < m->ncallees && i < c->nargs; i++)
		if (m->callees[k].args[i] != c->args[i])
			return mb_fail(B, arena_printf(B->a, "calls to %s with "
				"arguments of different types", c->name)), -1;
	if (k == m->ncallees) {
		if (m->ncallees == MIR_MAX_CALLEES)
			return mb_fail(B, "calls to more than 8 methods"), -1;
		m->callees[m->ncallees++] = *c;
	}
	return k;
}

struct mstmt *mb_make_call(struct mb *B, TSNode at, const char *name,
			    int nargs, const char *const *args, const char **ret)
{
	return mb_make_call_on(B, at, NULL, name, nargs, args, ret, NULL);
}

struct mstmt *mb_make_call_on(struct mb *B, TSNode at, const char *recv,
			      const char *name, int nargs,
			      const char *const *args, const char **ret,
			      const char **pure)
{
	int v = recv ? mb_var_named(B, recv) : -1;
	const char *p;
	if (recv && (v < 0 || (B->oref >> v & 1))) /* another class */
		return mb_make_ocall(B, at, recv, v, name, nargs, args, ret,
				     pure ? pure : &p);
	if (nargs + (recv ? 1 : 0) > MIR_MAX_ARGS)
		return mb_fail(B, arena_printf(B->a, "a call to %s with more than "
			       "%d arguments", name, MIR_MAX_ARGS)), NULL;
	struct mcallee c;
	unsigned refargs;
	if (!mb_callee_in(B, B->cls, name, nargs, args, &c, ret, &refargs))
		return NULL;
	return mb_call_stmt(B, at, &c, recv, nargs, args, refargs);
}

struct mstmt *mb_call_stmt(struct mb *B, TSNode at, struct mcallee *cp,
			   const char *recv, int nargs,
			   const char *const *args, unsigned refargs)
{
	int r0 = recv ? 1 : 0;
	struct mcallee c = *cp;
	if (nargs + r0 > MIR_MAX_ARGS)
		return mb_fail(B, arena_printf(B->a, "a call to %s with more than "
			       "%d arguments", c.name, MIR_MAX_ARGS)), NULL;
	struct mstmt *s = mb_stmt_new(B, MS_CALL, at);
	c.refargs = refargs << r0;
	if (recv) { /* the receiver first: args[0], an int id */
		memmove(c.args + 1, c.args, sizeof(c.args[0]) * (size_t)nargs);
		c.args[0] = profile_type(&profile_java, "int");
		c.nargs++;
		c.recv = true;
	}
	if ((s->callee = callee_index(B, &c)) < 0)
		return NULL;
	s->nargs = nargs + r0;
	s->args = ANEWN(B->a, const struct node *, (size_t)s->nargs + 1);
	const char *rw[] = { recv, NULL };
	B->want_ref = 1;
	s->args[0] = recv ? mb_built(B, mir_var(B->a, recv), false, rw) : NULL;
	B->want_ref = 0;
	if (recv && !s->args[0])
		return NULL;
	for (int i = 0; i < nargs; i++) {
		/* method invocation conversion: widening, as the cast does;
		 * a reference is passed as it is */
		const struct type *t = c.args[i + r0];
		bool b = t->kind == TK_BOOLEAN, rf = refargs >> i & 1;
		const char *aw[] = { args[i], NULL };
		const char *cw[] = { "(", t->name, ")(", args[i], ")", NULL };
		struct mb_part P;
		B->want_ref = rf;
		s->args[i + r0] = mb_part(B, args[i], b || rf ? aw : cw, &P)
			? mb_part_typed(B, b || rf ? P.n : mb_cast(B, t, P.n), &P,
					b, b || rf ? aw : cw, P.p0) : NULL;
		B->want_ref = 0;
		if (!s->args[i + r0])
			return NULL;
	}
	return s;
}

bool mb_calls_finish(struct mb *B)
{
	const struct mmethod *m = B->m;
	int nf = 0;
	for (int i = 0; m->ncallees && i < m->nvars; i++) {
		if (m->kinds[i] != MV_FIELD)
			continue;
		if (m->types[i]->kind == TK_FLOAT)
			return mb_fail(B, arena_printf(B->a, "a call in a method "
				"that names the floating field %s", m->names[i]));
		if (++nf > JSRC_MAX_SEEN)
			return mb_fail(B, arena_printf(B->a, "a call in a method "
				"that names more than %d fields", JSRC_MAX_SEEN));
	}
	return true;
}

struct mstmt *mb_call(struct mb *B, TSNode n)
{
	TSNode al = field(n, "arguments");
	const char *name = jnode_squeezed(B->a, B->f, field(n, "name"));
	bool on;
	const char *recv = mb_receiver(B, B->f, n, &on);
	if (!on)
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
	return mb_make_call_on(B, n, recv, name, nargs, args, &ret, NULL);
}
