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

/* --- printf and scanf (issue 30) ------------------------------------ */

/* The distinct first arguments (string literals) of the calls to name
 * in the function, in the original's text, before the one of text:
 * its index, or -1 when the original has none of that text. */
static int format_index(struct cb *B, const char *name, const char *text)
{
	TSTreeCursor c = ts_tree_cursor_new(B->fn);
	const char *seen[64];
	int n = 0, found = -1;
	for (bool more = true; more && found < 0;) {
		TSNode x = ts_tree_cursor_current_node(&c);
		TSNode fn = cnode_field(x, "function");
		TSNode al = cnode_field(x, "arguments");
		TSNode f0 = ts_node_is_null(al) ? al : ts_node_named_child(al, 0);
		if (cnode_is(x, "call_expression") && cnode_is(fn, "identifier") &&
		    (cnode_text_is(B->f, fn, "printf") ||
		     cnode_text_is(B->f, fn, "scanf")) &&
		    cnode_is(f0, "string_literal")) {
			const char *t = arena_printf(B->a, "%s %s", cnode_text(
				B->a, B->f, fn), cnode_text(B->a, B->f, f0));
			int k = 0;
			while (k < n && strcmp(seen[k], t))
				k++;
			if (k == n && n < 64)
				seen[n++] = t;
			if (!strcmp(t, arena_printf(B->a, "%s %s", name, text)))
				found = k;
		}
		if (ts_tree_cursor_goto_first_child(&c))
			continue;
		while (!(more = ts_tree_cursor_goto_next_sibling(&c)) &&
		       ts_tree_cursor_goto_parent(&c))
			;
	}
	ts_tree_cursor_delete(&c);
	return found;
}

/* The bits scanf's conversion size prefix (`%d`, `%ld`, `%hhu`) at
 * fmt[i] ('%') stores, and its end in *e; 0 for a conversion the model
 * does not take (%s, %c, %f, %n, %[, `*`, a width), -1 for `%%`. */
static int conversion(const struct profile *pf, const char *fmt, size_t i,
		      size_t *e)
{
	size_t j = i + 1;
	if (fmt[j] == '%') {
		*e = j + 1;
		return -1;
	}
	const char *size = "int";
	if (fmt[j] == 'h' && fmt[j + 1] == 'h')
		size = "char", j += 2;
	else if (fmt[j] == 'h')
		size = "short", j++;
	else if (fmt[j] == 'l' && fmt[j + 1] == 'l')
		size = "long long", j += 2;
	else if (fmt[j] == 'l')
		size = "long", j++;
	*e = j + 1;
	if (!strchr("diuxo", fmt[j]) || !fmt[j])
		return 0;
	const struct type *t = profile_type(pf, size);
	return t ? t->bits : 0;
}

/* The bits of the argument printf's conversion at fmt[i] ('%') takes
 * (`%d`, `%5u`, `%-08lx`, `%.3lld`), its end in *e: -1 for `%%`, 0 for
 * a conversion whose output may be one for two values (%c, %hd), or that
 * the model does not take (%s, %f, %p, %n, `*`). */
static int print_conversion(const struct profile *pf, const char *fmt,
			    size_t i, size_t *e)
{
	size_t j = i + 1;
	if (fmt[j] == '%') {
		*e = j + 1;
		return -1;
	}
	while (fmt[j] && strchr("-+ #0123456789.", fmt[j]))
		j++;
	const char *size = "int";
	if (fmt[j] == 'l' && fmt[j + 1] == 'l')
		size = "long long", j += 2;
	else if (fmt[j] == 'l')
		size = "long", j++;
	*e = j + 1;
	if (!fmt[j] || !strchr("diuxXo", fmt[j]))
		return 0;
	const struct type *t = profile_type(pf, size);
	return t ? t->bits : 0;
}

/* The next conversion of the string literal's text ft after *i (an
 * escape skipped): its width by conv (0: one the model refuses), *i
 * left on its last character; -1 when none is left. */
static int next_conversion(const struct profile *pf, const char *ft,
			   size_t *i, int (*conv)(const struct profile *,
						  const char *, size_t,
						  size_t *))
{
	for (size_t j = *i + 1; ft[j] && ft[j + 1]; j++) {
		if (ft[j] == '\\') {
			j++;
			continue;
		}
		if (ft[j] != '%')
			continue;
		size_t e;
		int b = conv(pf, ft, j, &e);
		j = e - 1;
		if (b < 0)
			continue;
		*i = j;
		return b;
	}
	return -1;
}

/* The typed variable node `v` (a call's result goes there, unguarded) */
static struct node *result_var(struct cb *B, int v)
{
	struct node *n = node_new(B->a, N_VAR, 0);
	n->name = B->m->names[v];
	n->var = v;
	n->type = B->m->types[v];
	return n;
}

/* Callee c as the method's (one entry per id: the same arguments). */
static int add_callee(struct cb *B, const struct mcallee *c)
{
	struct mmethod *m = B->m;
	int k = 0;
	while (k < m->ncallees && m->callees[k].id != c->id)
		k++;
	if (k < m->ncallees) {
		bool same = m->callees[k].nargs == c->nargs;
		for (int i = 0; same && i < c->nargs; i++)
			same = m->callees[k].args[i] == c->args[i];
		return same ? k : cb_fail(B, arena_printf(B->a, "calls to %s "
			"with other arguments' types than another call",
			c->name)) - 1;
	}
	if (m->ncallees == MIR_MAX_CALLEES)
		return cb_fail(B, "calls to more than 8 functions") - 1;
	m->callees[m->ncallees] = *c;
	return m->ncallees++;
}

/* printf(format, args) and scanf(format, &x, ...) of <stdio.h> (the
 * file includes it, and does not declare the names), a string literal
 * for the format (as the original has it: a mutant inside a format is
 * refused), as events of callee "printf FORMAT" and "scanf FORMAT"
 * (lang/mir.h: Calls; an id of its own, from 255 down, for each
 * distinct format of the function).  printf's conversions are %d, %i,
 * %u, %x, %X, %o (flags, width and precision; l, ll), each with an
 * integer argument of its width after the default argument promotions
 * (C11 6.5.2.2p7), which it writes one to one: its event holds the
 * arguments, and two runs write the same text exactly when their events
 * are equal.  scanf's conversions are %d, %i, %u,
 * %x, %o with h, hh, l, ll, each storing into a local declared without
 * an initializer of an integer type of that width (the signed or the
 * unsigned one: C11 6.2.5p9 footnote 41): each target's "assigned" slot
 * (csrc-mstmt.c above) and then its value are the call's opaque results
 * (lang/mir.h: Calls: a conversion that fails leaves the object
 * indeterminate, read it is undefined, C11 J.2; one that succeeds
 * stores any value of the type). */
static struct mstmt *stdio_call(struct cb *B, TSNode n, const char *name,
				TSNode al)
{
	uint32_t na = ts_node_named_child_count(al);
	TSNode args[MIR_MAX_ARGS + 2];
	uint32_t k = 0;
	for (uint32_t i = 0; i < na; i++) {
		TSNode a = ts_node_named_child(al, i);
		if (cnode_is(a, "comment"))
			continue;
		if (k == MIR_MAX_ARGS + 1)
			return cb_fail(B, arena_printf(B->a, "a call to %s with "
				       "more than %d arguments after the format",
				       name, MIR_MAX_ARGS)), NULL;
		args[k++] = a;
	}
	if (!k || !cnode_is(args[0], "string_literal"))
		return cb_fail(B, arena_printf(B->a, "a call to %s whose format "
			       "is no string literal", name)), NULL;
	TSNode fmt = args[0];
	if (B->text && !B->stmt && B->pb < ts_node_end_byte(fmt) &&
	    B->pe > ts_node_start_byte(fmt))
		return cb_fail(B, arena_printf(B->a, "a mutant of %s's format",
			       name)), NULL;
	const char *ft = cnode_text(B->a, B->f, fmt);
	int fi = format_index(B, name, ft), nfuns;
	callee_decl(B, "", &nfuns);
	if (fi < 0 || 255 - fi <= nfuns)
		return cb_fail(B, arena_printf(B->a, "a call to %s: more "
			       "formats than the 255 events' ids hold", name)),
		       NULL;
	struct mcallee c;
	memset(&c, 0, sizeof(c));
	c.name = arena_printf(B->a, "%s %s", name, ft);
	c.id = 255 - fi;
	struct mstmt *s;
	if (!strcmp(name, "printf")) {
		/* each conversion's argument: an integer of its width (the
		 * signed or the unsigned type, C11 6.2.5p9 footnote 41), which
		 * it writes one to one */
		int bits[MIR_MAX_ARGS + 1];
		uint32_t nc = 0;
		int b;
		for (size_t i = 0; (b = next_conversion(B->pf, ft, &i,
							 print_conversion)) >= 0;) {
			if (!b || nc + 1 >= k)
				return cb_fail(B, arena_printf(B->a, "a call to printf "
					       "with the format %s (conversions "
					       "%%d %%i %%u %%x %%X %%o, l and ll, "
					       "each with its argument)", ft)), NULL;
			bits[nc++] = b;
		}
		if (nc + 1 != k)
			return cb_fail(B, arena_printf(B->a, "a call to printf with "
				       "%u arguments for the %u conversions of %s",
				       k - 1, nc, ft)), NULL;
		s = cb_stmt_new(B, MS_CALL, n);
		s->nargs = c.nargs = (int)k - 1;
		s->args = ANEWN(B->a, const struct node *, k);
		for (uint32_t i = 1; i < k; i++) {
			const char *at = cb_text(B, args[i]);
			const char *whole[] = { at, NULL };
			struct cb_part P;
			if (!cb_part(B, at, whole, &P))
				return NULL;
			struct node *copy = node_subst(B->a, P.n, NULL, NULL);
			const struct node *x = cb_part_typed(B, P.n, &P, false,
							     whole);
			if (!x)
				return NULL;
			const struct type *t = arg_promoted(B, x->type);
			if (t->kind != TK_INT || t->bits != bits[i - 1])
				return cb_fail(B, arena_printf(B->a, "a call to "
					       "printf with the argument `%s`, "
					       "no integer of its conversion's "
					       "width", at)), NULL;
			const char *cw[] = { "(", t->name, ")(", at, ")", NULL };
			c.args[i - 1] = t;
			if (!(s->args[i - 1] = cb_part_typed(B, cb_cast(B, t, copy),
							     &P, false, cw)))
				return NULL;
		}
		return (s->callee = add_callee(B, &c)) < 0 ? NULL : s;
	}
	/* scanf: each conversion's target */
	s = cb_stmt_new(B, MS_BLOCK, n);
	int cap = 0, callee = add_callee(B, &c);
	if (callee < 0)
		return NULL;
	uint32_t t = 1;
	int bits;
	for (size_t i = 0; (bits = next_conversion(B->pf, ft, &i,
						     conversion)) >= 0;) {
		if (!bits || t >= k)
			return cb_fail(B, arena_printf(B->a, "a call to scanf with "
				       "the format %s (conversions %%d %%i %%u %%x "
				       "%%o, each with its argument)", ft)), NULL;
		const char *at = cnode_squeezed(B->a, B->f, args[t]);
		if (B->text && !B->stmt && B->pb < ts_node_end_byte(args[t]) &&
		    B->pe > ts_node_start_byte(args[t]))
			return cb_fail(B, "a mutant of scanf's target"), NULL;
		int v = -1;
		for (int q = 0; at[0] == '&' && q < B->m->nvars; q++)
			if (B->visible[q] && !strcmp(B->m->names[q], at + 1))
				v = q;
		if (v < 0 || !B->flag[v] || B->m->types[v]->kind != TK_INT ||
		    B->m->types[v]->bits != bits)
			return cb_fail(B, arena_printf(B->a, "a call to scanf "
				       "storing into `%s`, no local declared "
				       "without an initializer of the "
				       "conversion's width", at)), NULL;
		for (int r = 0; r < 2; r++) {
			struct mstmt *x = cb_stmt_new(B, MS_CALL, n);
			x->callee = callee;
			x->args = ANEWN(B->a, const struct node *, 1);
			x->e = result_var(B, r ? v : B->flag[v] - 1);
			cb_append(B, s, x, &cap);
		}
		t++;
	}
	if (t != k)
		return cb_fail(B, arena_printf(B->a, "a call to scanf with %u "
			       "arguments for the %u conversions of %s", k - 1,
			       t - 1, ft)), NULL;
	return s;
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
	if (ts_node_is_null(fd) && (!strcmp(name, "printf") ||
				    !strcmp(name, "scanf")) &&
	    csrc_libc_name(B->f, name, "stdio.h", B->at))
		return stdio_call(B, n, name, al);
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
