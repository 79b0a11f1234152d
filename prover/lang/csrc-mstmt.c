/*
 * csrc-mstmt.c - the C statements of the method IR the statement walker
 * (lang/mwalk.c) leaves to the C front end (lang/csrc.h,
 * lang/csrc-int.h): call statements, and locals declared without an
 * initializer.
 *
 * Locals without an initializer.  C11 6.3.2.1p2: an lvalue designating
 * an object of automatic storage duration that could have been declared
 * with the register storage class (its address is never taken: the
 * method model has no `&`) and that is uninitialized (no initializer,
 * no assignment before) has undefined behaviour when its value is used.
 * So each such local x gets a boolean slot "assigned", false at its
 * declaration (every time it is reached: a loop body's local starts
 * uninitialized again), set by a plain assignment `x = e;` standing as
 * a statement (after e is evaluated, which may read x), and every read
 * of x (also the read of x += e, x++) is `assigned ? x : (T)(1 / 0)`:
 * the profile's exceptional outcome when it is not.  A plain assignment
 * to x inside a larger expression is not modelled (it fails with the
 * reason).  Neither gcc nor clang reports such a read under
 * -fsanitize=undefined (the value is just whatever the stack holds).
 */
#include "lang/csrc-int.h"

#include <string.h>

/* --- locals without an initializer --------------------------------- */

bool cb_uninit_local(struct cb *B, const char *name, const struct type *t,
		     TSNode d, struct mstmt *blk, int *cap)
{
	const char *fname = arena_printf(B->a, "__subsume_assigned_%s", name);
	int fl = cb_add_var(B, fname, profile_type(B->pf, "_Bool"), MV_LOCAL);
	int v = fl < 0 ? -1 : cb_add_var(B, name, t, MV_LOCAL);
	if (v < 0)
		return false;
	B->flag[v] = 0;
	struct node *g = cb_expr_node(B, mir_cond(B->a, cb_var(B, fname),
				      cb_var(B, name), cb_ub(B, t)), false);
	struct mstmt *s = cb_stmt_new(B, MS_EXPR, d);
	s->e = cb_expr_node(B, mir_assign(B->a, cb_var(B, fname),
				      mir_int(B->a, B->pf, 0)), false);
	if (!g || !s->e)
		return false;
	B->guard[v] = g;
	B->flag[v] = fl + 1;
	cb_append(B, blk, s, cap);
	return true;
}

static bool is_guard(const struct cb *B, const struct node *n)
{
	for (int i = 0; i < B->m->nvars; i++)
		if (B->guard[i] == n)
			return true;
	return false;
}

static int guard(struct cb *B, struct node **np, bool top)
{
	struct node *n = *np;
	if (!n || is_guard(B, n))
		return 0;
	if (n->kind == N_VAR) {
		if (B->guard[n->var]) /* a flagged local, a cell */
			*np = B->guard[n->var];
		return 0;
	}
	if (n->kind == N_ASSIGN || n->kind == N_INCDEC) {
		int v = n->a->var;
		if (cb_ptr_write_to(B, v, top) < 0)
			return -1;
		if (n->kind == N_ASSIGN && n->op == OP_NONE && B->flag[v]) {
			if (!top)
				return cb_fail(B, arena_printf(B->a, "an assignment "
					"to `%s` (declared without an initializer) "
					"inside an expression", n->a->name)) - 1;
			B->set_flag = B->flag[v];
		}
		/* a is the variable written; c reads it for x op= e */
		return guard(B, &n->b, false) | guard(B, &n->c, false);
	}
	return guard(B, &n->a, false) | guard(B, &n->b, false) |
	       guard(B, &n->c, false);
}

int cb_guard_reads(struct cb *B, struct node **n)
{
	bool any = B->nptr > 0;
	for (int i = 0; i < B->m->nvars; i++)
		any |= B->flag[i] != 0;
	if (!any || B->raw)
		return 0;
	bool top = B->top_assign;
	B->top_assign = false;
	B->set_flag = B->set_cell = 0;
	return guard(B, n, top) ? -1 : 0;
}

/* --- call statements ----------------------------------------------- */

/* The declaration or definition of function name at the file's top
 * level (the first one), its place among them (*id, from 1), and its
 * function declarator; a null node when there is none. */
static TSNode callee_decl(struct cb *B, const char *name, int *id)
{
	TSNode root = ts_tree_root_node(B->f->tree);
	uint32_t k = ts_node_named_child_count(root);
	*id = 0;
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i), fd = cnode_field(d, "declarator");
		if (!cnode_is(d, "function_definition") &&
		    !cnode_is(d, "declaration"))
			continue;
		if (!cnode_is(fd, "function_declarator"))
			continue;
		++*id;
		TSNode nm = cdecl_name(fd);
		if (!ts_node_is_null(nm) && cnode_text_is(B->f, nm, name))
			return fd;
	}
	return (TSNode){ 0 };
}

/* The parameters' types of function declarator fd into c; *kr: fd is
 * an old-style definition's (its arguments are passed after the default
 * argument promotions, C11 6.5.2.2p6). */
static bool callee_params(struct cb *B, TSNode fd, struct mcallee *c,
			  bool *kr)
{
	TSNode ps = cnode_field(fd, "parameters"), fn = ts_node_parent(fd);
	uint32_t k = ts_node_named_child_count(ps);
	*kr = false;
	for (uint32_t i = 0; i < k; i++)
		*kr |= cnode_is(ts_node_named_child(ps, i), "identifier");
	if (*kr && (!cnode_is(fn, "function_definition") ||
		    !cnode_same(cnode_field(fn, "declarator"), fd)))
		return cb_fail(B, arena_printf(B->a, "a call to %s, declared "
			       "with an identifier list", c->name));
	if (*kr && !cb_kr_list_ok(B, fn, ps))
		return false;
	for (uint32_t i = 0; i < k; i++) {
		TSNode p = ts_node_named_child(ps, i);
		if (cnode_is(p, "comment"))
			continue;
		if (*kr) {
			if (c->nargs == MIR_MAX_ARGS)
				return cb_fail(B, arena_printf(B->a, "a call to "
					       "%s, of more than %d parameters",
					       c->name, MIR_MAX_ARGS));
			if (!(c->args[c->nargs++] = cb_kr_type(B, fn, p)))
				return false;
			continue;
		}
		if (!cnode_is(p, "parameter_declaration"))
			return cb_fail(B, arena_printf(B->a, "a call to %s, a "
				       "variadic function", c->name));
		TSNode d = cnode_field(p, "declarator");
		if (ts_node_is_null(d) && k == 1 &&
		    !strcmp(cnode_squeezed(B->a, B->f, p), "void"))
			return true;
		if (c->nargs == MIR_MAX_ARGS)
			return cb_fail(B, arena_printf(B->a, "a call to %s, of more "
				       "than %d parameters", c->name,
				       MIR_MAX_ARGS));
		if (!ts_node_is_null(d) && !cnode_is(d, "identifier"))
			return cb_fail(B, arena_printf(B->a, "a call to %s, whose "
				       "parameter is a pointer or an array",
				       c->name));
		bool is_const;
		if (!(c->args[c->nargs++] = cb_ctype(B, p, &is_const)))
			return false;
	}
	return true;
}

/* t after the default argument promotions (C11 6.5.2.2p6): the integer
 * promotions, float to double. */
static const struct type *arg_promoted(struct cb *B, const struct type *t)
{
	if (t->kind == TK_FLOAT && t == profile_type(B->pf, "float"))
		return profile_type(B->pf, "double");
	return B->pf->unary_promote(t);
}

struct mstmt *cb_call(struct cb *B, TSNode n)
{
	TSNode fn = cnode_field(n, "function"), al = cnode_field(n, "arguments");
	if (!cnode_is(fn, "identifier"))
		return cb_fail(B, "a call through an expression"), NULL;
	const char *name = cnode_squeezed(B->a, B->f, fn);
	struct mmethod *m = B->m;
	if (B->nptr) /* lang/mir.h: References, C pointers */
		return cb_fail(B, arena_printf(B->a, "a call to %s in a function "
			       "with pointers (the callee may change what they "
			       "point to)", name)), NULL;
	/* the callee sees and may change the globals (lang/mir.h: Calls and
	 * fields): at most MIR_MAX_SEEN, none floating */
	for (int i = 0, nf = 0; i < m->nvars; i++) {
		if (m->kinds[i] != MV_FIELD)
			continue;
		if (m->types[i]->kind == TK_FLOAT)
			return cb_fail(B, arena_printf(B->a, "a call to %s in a "
				"function that names the floating global %s", name,
				m->names[i])), NULL;
		if (++nf > MIR_MAX_SEEN)
			return cb_fail(B, arena_printf(B->a, "a call to %s in a "
				"function that names more than %d globals", name,
				MIR_MAX_SEEN)), NULL;
	}
	struct mcallee c;
	memset(&c, 0, sizeof(c));
	c.name = name;
	TSNode fd = callee_decl(B, name, &c.id);
	if (ts_node_is_null(fd))
		return cb_fail(B, arena_printf(B->a, "a call to %s, not a "
			       "function of the file", name)), NULL;
	if (c.id > 255) /* an event holds it in 8 bits */
		return cb_fail(B, arena_printf(B->a, "a call to %s, after the "
			       "255th function of the file", name)), NULL;
	bool kr;
	if (!callee_params(B, fd, &c, &kr))
		return NULL;
	uint32_t na = ts_node_named_child_count(al);
	int nargs = 0;
	for (uint32_t i = 0; i < na; i++)
		nargs += !cnode_is(ts_node_named_child(al, i), "comment");
	if (nargs != c.nargs)
		return cb_fail(B, arena_printf(B->a, "a call to %s with %d "
			       "arguments for %d parameters", name, nargs,
			       c.nargs)), NULL;
	struct mstmt *s = cb_stmt_new(B, MS_CALL, n);
	for (s->callee = 0; s->callee < m->ncallees &&
	     m->callees[s->callee].id != c.id; s->callee++)
		;
	if (s->callee == m->ncallees) {
		if (m->ncallees == MIR_MAX_CALLEES)
			return cb_fail(B, "calls to more than 8 functions"), NULL;
		m->callees[m->ncallees++] = c;
	}
	s->nargs = nargs;
	s->args = ANEWN(B->a, const struct node *, (size_t)nargs + 1);
	for (uint32_t i = 0, j = 0; i < na; i++) {
		TSNode a = ts_node_named_child(al, i);
		if (cnode_is(a, "comment"))
			continue;
		if (cnode_is(a, "comma_expression"))
			return cb_fail(B, "the comma operator"), NULL;
		/* converted as if by assignment (C11 6.5.2.2p7); to an
		 * old-style definition, promoted and converted on entry
		 * (6.5.2.2p6, 6.9.1p10) */
		const char *at = cb_text(B, a);
		const char *whole[] = { "(", c.args[j]->name, ")(", at, ")",
					NULL };
		struct cb_part P;
		if (!cb_part(B, at, whole, &P) || !(s->args[j] = cb_part_typed(B,
				cb_cast(B, c.args[j], P.n), &P, false, whole)))
			return NULL;
		if (kr && arg_promoted(B, P.n->type) != arg_promoted(B,
							c.args[j]))
			return cb_fail(B, arena_printf(B->a, "a call to %s, an "
				"old-style definition, whose argument `%s` has "
				"another type than its parameter after the "
				"default argument promotions (undefined, C11 "
				"6.5.2.2p6)", name, at)), NULL;
		j++;
	}
	return s;
}
