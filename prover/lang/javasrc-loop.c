/*
 * javasrc-loop.c - loop counters (issue 29): the interval a counted
 * loop's int counter stays in, as candidates for the checker to prove
 * by induction (javasrc.h: struct jocc loops) before it assumes them.
 *
 * A counted loop is
 *   for (int i = a; i OP n; U) BODY      (or `for (i = a; ...)`)
 *   int i = a; while (i OP n) { ...; U; } (or `i = a;` just before)
 * with OP one of <, <= (U is i++ or ++i) or >, >= (U is i-- or --i),
 * either side of the comparison, i declared int, and
 *   - BODY does not assign i (the while form: only its last statement,
 *     U, does), and no break or continue is anywhere in it (labelled
 *     ones neither): every path from the condition back to it runs U
 *     once;
 *   - a and n are stable: int literals, int locals or parameters, the
 *     length of an array local or parameter, joined by + and -, none of
 *     them assigned anywhere in the loop.  Fields are excluded (a call
 *     in the loop, or another thread, could change them), and so is
 *     anything that could throw or has an effect.
 * Then the site gets, for each such loop around it (the condition, or
 * the body; the while form: not U's statement), the invariant I(i) at
 * the condition and I(i) && i OP n in the body, once I is proven over
 * free ints a and n (only what a literal or a length says of them):
 *   init: I(a)       step: I(i) && i OP n ==> I(U(i))
 * with U's Java int arithmetic (wrapping).  The candidates, strongest
 * first per loop (the checker takes the first proven):
 *   i < n:  a <= i && (i <= n || i == a)
 *   i <= n: a <= i && (i <= n + 1 || i == a)     (wraps at n = MAX:
 *           proven only when n is a literal below it), then
 *           n == 2147483647 || a <= i && (i <= n + 1 || i == a)
 * and their mirror images for > and >=.  A fact is added only where
 * the site reads i.
 */
#include "lang/javasrc-int.h"

#include <string.h>

struct lp {
	struct arena *a;
	const struct jsrc *f;
	TSNode site;
	struct jocc *o;
	int nvars;                 /* o->nvars before this loop's names */
	struct strbuf sb;          /* the records */
	struct strbuf lens;        /* " && x.length >= 0" of the lengths read */
	bool unread;               /* stable() met a name the site does not read */
	int nloops;
};

/* A break or continue anywhere in n? */
static bool jumps(const struct jsrc *f, TSNode n)
{
	if (jnode_is(n, "break_statement") || jnode_is(n, "continue_statement"))
		return true;
	struct jkids k = jnode_kids(f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (jumps(f, c))
			return true;
	return false;
}

static TSNode unparen(TSNode n)
{
	while ((jnode_is(n, "parenthesized_expression") || jnode_is(n, "condition")) &&
	       ts_node_named_child_count(n) == 1)
		n = ts_node_named_child(n, 0);
	return n;
}

/* Add local name of type t to the site's variables (false: no room). */
static bool add_var(struct lp *L, const char *name, const char *t)
{
	for (int i = 0; i < L->o->nvars; i++)
		if (!strcmp(L->o->vars[i].name, name))
			return !strcmp(L->o->vars[i].type, t);
	if (L->o->nvars >= JSRC_MAX_VARS)
		return false;
	L->o->vars[L->o->nvars++] = (struct jvar){ name, t };
	return true;
}

/* Does the site read variable name? */
static bool reads(const struct lp *L, const char *name)
{
	for (int v = 0; v < L->nvars; v++)
		if (!strcmp(L->o->vars[v].name, name))
			return true;
	return false;
}

/* Does subtree n hold a field access of text norm (no blanks)? */
static bool site_has(const struct lp *L, TSNode n, const char *norm)
{
	if (jnode_is(n, "field_access") && jnode_text_is(L->f, n, norm))
		return true;
	struct jkids k = jnode_kids(L->f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (site_has(L, c, norm))
			return true;
	return false;
}

/* Is n a stable int expression of loop (see the top)?  *len: it is an
 * array's length; *lit: an int literal (its text, in a). */
static bool stable(struct lp *L, TSNode loop, TSNode n, int depth, bool *len,
		   const char **lit)
{
	const struct jsrc *f = L->f;
	if (depth > 16)
		return false;
	n = unparen(n);
	if (jnode_is(n, "decimal_integer_literal") || jnode_is(n, "hex_integer_literal") ||
	    jnode_is(n, "octal_integer_literal") || jnode_is(n, "binary_integer_literal")) {
		char *t = jnode_squeezed(L->a, f, n);
		size_t tl = strlen(t);
		if (!tl || t[tl - 1] == 'l' || t[tl - 1] == 'L')
			return false;
		if (lit)
			*lit = t;
		return true;
	}
	if (jnode_is(n, "identifier")) {
		char *name = jnode_squeezed(L->a, f, n);
		bool field = false;
		const char *t = jsrc_declared_type(L->a, f, n, name, &field);
		if (!t || field || strcmp(t, "int") || jnode_assigns(f, loop, name))
			return false;
		L->unread |= !reads(L, name);
		return add_var(L, name, t);
	}
	if (jnode_is(n, "field_access")) {
		TSNode obj = ts_node_child_by_field_name(n, "object", 6);
		TSNode fld = ts_node_child_by_field_name(n, "field", 5);
		if (ts_node_is_null(obj) || !jnode_is(obj, "identifier") ||
		    ts_node_is_null(fld) || !jnode_text_is(f, fld, "length"))
			return false;
		char *name = jnode_squeezed(L->a, f, obj);
		bool field = false;
		const char *t = jsrc_declared_type(L->a, f, n, name, &field);
		size_t tl = t ? strlen(t) : 0;
		if (!t || field || tl < 3 || strcmp(t + tl - 2, "[]") ||
		    jnode_assigns(f, loop, name))
			return false;
		if (len)
			*len = true;
		char *nm = jnode_squeezed(L->a, f, n);
		L->unread |= !site_has(L, L->site, nm);
		if (!strstr(L->lens.buf ? L->lens.buf : "", nm))
			sb_printf(&L->lens, " && %s >= 0", nm);
		return true;
	}
	TSNode op = ts_node_child_by_field_name(n, "operator", 8);
	if (jnode_is(n, "unary_expression") && !ts_node_is_null(op) &&
	    jnode_text_is(f, op, "-")) {
		TSNode x = unparen(ts_node_child_by_field_name(n, "operand", 7));
		const char *l = NULL;
		if (!stable(L, loop, x, depth + 1, NULL, &l))
			return false;
		if (l && lit)
			*lit = arena_printf(L->a, "-%s", l);
		return true;
	}
	if (jnode_is(n, "binary_expression") && !ts_node_is_null(op) &&
	    (jnode_text_is(f, op, "+") || jnode_text_is(f, op, "-")))
		return stable(L, loop, ts_node_child_by_field_name(n, "left", 4),
			      depth + 1, NULL, NULL) &&
		       stable(L, loop, ts_node_child_by_field_name(n, "right", 5),
			      depth + 1, NULL, NULL);
	return false;
}

/* The text of stable expression n for a fact, parenthesized unless a
 * name or literal. */
static const char *text_of(struct lp *L, TSNode n)
{
	n = unparen(n);
	char *t = arena_strndup(L->a, L->f->text + ts_node_start_byte(n),
				ts_node_end_byte(n) - ts_node_start_byte(n));
	for (char *p = t; *p; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
	if (jnode_is(n, "identifier") || jnode_is(n, "field_access") ||
	    jnode_is(n, "decimal_integer_literal"))
		return t;
	return arena_printf(L->a, "(%s)", t);
}

/* I(x) over counter x, start a and bound n (texts): candidate k of
 * direction inc (see the top); NULL when there is none. */
static const char *inv(struct lp *L, bool inc, bool strict, int k,
		       const char *x, const char *a, const char *n)
{
	const char *le = inc ? "<=" : ">=";
	if (strict)
		return k ? NULL
			 : arena_printf(L->a, "%s %s %s && (%s %s %s || %s == %s)",
					a, le, x, x, le, n, x, a);
	if (k > 1)
		return NULL;
	const char *core = arena_printf(L->a, "%s %s %s && (%s %s %s %s 1 || %s == %s)",
					a, le, x, x, le, n, inc ? "+" : "-", x, a);
	if (!k)
		return core;
	return arena_printf(L->a, "%s == %s || %s", n,
			    inc ? "2147483647" : "(-2147483647 - 1)", core);
}

/* The records of one counted loop: counter i, start node a, bound node
 * n, comparison i OP n as written for i on the left (op), inc, the
 * site at the condition (header) or in the body. */
static void loop_facts(struct lp *L, const char *i, TSNode an, TSNode nn,
		       const char *op, bool inc, bool header, TSNode loop)
{
	bool alen = false, nlen = false;
	const char *alit = NULL, *nlit = NULL;
	int nvars = L->o->nvars;
	sb_reset(&L->lens);
	L->unread = false;
	bool ok = stable(L, loop, an, 0, &alen, &alit);
	bool au = L->unread;
	L->unread = false;
	ok = ok && stable(L, loop, nn, 0, &nlen, &nlit);
	bool nu = L->unread;
	if (!ok) {
		L->o->nvars = nvars;
		return;
	}
	/* In the body, a start or bound over names the site does not read
	 * is left out of the fact (new inputs of the site, for little):
	 * only the names of the parts kept are the site's. */
	if (!header && (au || nu)) {
		L->o->nvars = nvars;
		sb_reset(&L->lens);
		if (!au)
			stable(L, loop, an, 0, NULL, NULL);
		if (!nu)
			stable(L, loop, nn, 0, NULL, NULL);
	}
	bool strict = !strcmp(op, "<") || !strcmp(op, ">");
	const char *at = text_of(L, an), *nt = text_of(L, nn);
	/* what the proof may know of a and n */
	struct strbuf hb = STRBUF_INIT;
	if (alit)
		sb_printf(&hb, "a == %s", alit);
	else if (alen)
		sb_printf(&hb, "a >= 0");
	if (nlit)
		sb_printf(&hb, "%sn == %s", hb.len ? " && " : "", nlit);
	else if (nlen)
		sb_printf(&hb, "%sn >= 0", hb.len ? " && " : "");
	const char *h = arena_strdup(L->a, hb.len ? hb.buf : "true");
	sb_release(&hb);
	for (int k = 0;; k++) {
		const char *i0 = inv(L, inc, strict, k, "a", "a", "n");
		if (!i0)
			break;
		const char *is = arena_printf(L->a, "(%s) && i %s n",
					      inv(L, inc, strict, k, "i", "a", "n"), op);
		const char *i1 = inv(L, inc, strict, k, inc ? "(i + 1)" : "(i - 1)",
				     "a", "n");
		const char *fi = inv(L, inc, strict, k, i, at, nt);
		/* an array's length is not negative (javasrc-const.c) */
		const char *lens = L->lens.len ? L->lens.buf : "";
		/* in the body, I(i) && i OP n without what i OP n implies
		 * (i <= n + 1 || i == a): a lighter assumption, as strong */
		const char *lo = arena_printf(L->a, "%s %s %s", at, inc ? "<=" : ">=", i);
		if (k)
			lo = arena_printf(L->a, "(%s == %s || %s)", nt,
					  inc ? "2147483647" : "(-2147483647 - 1)", lo);
		const char *up = arena_printf(L->a, "%s %s %s", i, op, nt);
		if (!header && ((au && nu) || (k && nu)))
			continue; /* nothing left (the guard needs n) */
		const char *fact = header ? arena_printf(L->a, "(%s)%s", fi, lens)
			: au ? arena_printf(L->a, "%s%s", up, lens)
			: nu ? arena_printf(L->a, "%s%s", lo, lens)
			     : arena_printf(L->a, "%s && %s%s", lo, up, lens);
		sb_printf(&L->sb, "%d\t%s\t%s\t%s\t%s\t%s\n", L->nloops, h, i0, is,
			  i1, fact);
	}
	L->nloops++;
}

/* The comparison c of counter i (as i OP n): the bound's node and the
 * operator as for i on the left; false if c is none. */
static bool compare(const struct jsrc *f, TSNode c, const char *i, TSNode *n,
		    const char **op)
{
	c = unparen(c);
	TSNode o = ts_node_child_by_field_name(c, "operator", 8);
	if (!jnode_is(c, "binary_expression") || ts_node_is_null(o))
		return false;
	static const char *const ops[] = { "<", "<=", ">", ">=" };
	static const char *const flip[] = { ">", ">=", "<", "<=" };
	int k = -1;
	for (int j = 0; j < 4; j++)
		if (jnode_text_is(f, o, ops[j]))
			k = j;
	if (k < 0)
		return false;
	TSNode l = unparen(ts_node_child_by_field_name(c, "left", 4));
	TSNode r = unparen(ts_node_child_by_field_name(c, "right", 5));
	if (jnode_is(l, "identifier") && jnode_text_is(f, l, i)) {
		*n = r;
		*op = ops[k];
		return true;
	}
	if (jnode_is(r, "identifier") && jnode_text_is(f, r, i)) {
		*n = l;
		*op = flip[k];
		return true;
	}
	return false;
}

/* Is u the update i++, ++i (*inc) or i--, --i of counter i? */
static bool update(struct lp *L, TSNode u, const char *i, bool *inc)
{
	u = unparen(u);
	if (!jnode_is(u, "update_expression") || ts_node_named_child_count(u) != 1)
		return false;
	TSNode x = ts_node_named_child(u, 0);
	if (!jnode_is(x, "identifier") || !jnode_text_is(L->f, x, i))
		return false;
	char *t = jnode_squeezed(L->a, L->f, u);
	*inc = strstr(t, "++") != NULL;
	return *inc || strstr(t, "--") != NULL;
}

/* Is n within outer (its bytes)? */
static bool inside(TSNode n, TSNode outer)
{
	return ts_node_start_byte(n) >= ts_node_start_byte(outer) &&
	       ts_node_end_byte(n) <= ts_node_end_byte(outer);
}

/* The counter i and its start a set by n: `int i = a` (one declarator)
 * or `i = a` of an int local i. */
static bool start(struct lp *L, TSNode n, const char **i, TSNode *a)
{
	const struct jsrc *f = L->f;
	if (jnode_is(n, "expression_statement") && ts_node_named_child_count(n) == 1)
		n = ts_node_named_child(n, 0);
	if (jnode_is(n, "local_variable_declaration")) {
		TSNode t = ts_node_child_by_field_name(n, "type", 4);
		TSNode d = ts_node_child_by_field_name(n, "declarator", 10);
		if (ts_node_is_null(t) || !jnode_text_is(f, t, "int") ||
		    ts_node_is_null(d) || ts_node_named_child_count(n) != 2)
			return false;
		TSNode nm = ts_node_child_by_field_name(d, "name", 4);
		*a = ts_node_child_by_field_name(d, "value", 5);
		if (ts_node_is_null(nm) || ts_node_is_null(*a) ||
		    !ts_node_is_null(ts_node_child_by_field_name(d, "dimensions", 10)))
			return false;
		*i = jnode_squeezed(L->a, f, nm);
		return true;
	}
	TSNode op = ts_node_child_by_field_name(n, "operator", 8);
	if (!jnode_is(n, "assignment_expression") || ts_node_is_null(op) ||
	    !jnode_text_is(f, op, "="))
		return false;
	TSNode l = ts_node_child_by_field_name(n, "left", 4);
	*a = ts_node_child_by_field_name(n, "right", 5);
	if (!jnode_is(l, "identifier") || ts_node_is_null(*a))
		return false;
	char *name = jnode_squeezed(L->a, f, l);
	bool field = false;
	const char *t = jsrc_declared_type(L->a, f, n, name, &field);
	if (!t || field || strcmp(t, "int"))
		return false;
	*i = name;
	return true;
}

/* A for statement p around the site (child: the node of p it is in). */
static void for_loop(struct lp *L, TSNode p, TSNode child)
{
	const struct jsrc *f = L->f;
	TSNode init[2], upd[2];
	TSNode cond = ts_node_child_by_field_name(p, "condition", 9);
	TSNode body = ts_node_child_by_field_name(p, "body", 4);
	if (ts_node_is_null(cond) || ts_node_is_null(body) ||
	    jnode_field_children(p, "init", init, 1) != 1 ||
	    jnode_field_children(p, "update", upd, 1) != 1)
		return;
	bool header = inside(L->site, cond);
	if (!header && !jnode_same(body, child))
		return;
	const char *i, *op;
	TSNode a, n;
	bool inc;
	if (!start(L, init[0], &i, &a) || !reads(L, i) ||
	    !compare(f, cond, i, &n, &op) || !update(L, upd[0], i, &inc) ||
	    inc != (op[0] == '<') || jnode_assigns(f, body, i) || jumps(f, body))
		return;
	loop_facts(L, i, a, n, op, inc, header, p);
}

/* A while statement p around the site (child: the node of p it is in). */
static void while_loop(struct lp *L, TSNode p, TSNode child)
{
	const struct jsrc *f = L->f;
	TSNode cond = ts_node_child_by_field_name(p, "condition", 9);
	TSNode body = ts_node_child_by_field_name(p, "body", 4);
	TSNode up = jnode_parent(f, p);
	if (ts_node_is_null(cond) || !jnode_is(body, "block") ||
	    !jnode_is(up, "block"))
		return;
	/* the statement before p (comments skipped) sets the counter */
	TSNode prev = ts_node_prev_named_sibling(p);
	while (!ts_node_is_null(prev) &&
	       (jnode_is(prev, "line_comment") || jnode_is(prev, "block_comment")))
		prev = ts_node_prev_named_sibling(prev);
	/* U: the body's last statement */
	uint32_t nk = ts_node_named_child_count(body);
	TSNode last = { 0 };
	for (uint32_t k = nk; k > 0 && ts_node_is_null(last); k--) {
		TSNode c = ts_node_named_child(body, k - 1);
		if (!jnode_is(c, "line_comment") && !jnode_is(c, "block_comment"))
			last = c;
	}
	const char *i, *op;
	TSNode a, n;
	bool inc;
	if (ts_node_is_null(prev) || ts_node_is_null(last) ||
	    !jnode_is(last, "expression_statement") ||
	    ts_node_named_child_count(last) != 1 || !start(L, prev, &i, &a) ||
	    !reads(L, i) || !compare(f, cond, i, &n, &op) ||
	    !update(L, ts_node_named_child(last, 0), i, &inc) ||
	    inc != (op[0] == '<') || jumps(f, body))
		return;
	bool header = inside(L->site, cond);
	if (!header && (!jnode_same(body, child) || inside(L->site, last)))
		return;
	for (uint32_t k = 0; k < nk; k++) {
		TSNode c = ts_node_named_child(body, k);
		if (!jnode_same(c, last) && jnode_assigns(f, c, i))
			return;
	}
	loop_facts(L, i, a, n, op, inc, header, p);
}

static bool is_function(TSNode n)
{
	return jnode_is(n, "method_declaration") ||
	       jnode_is(n, "constructor_declaration") ||
	       jnode_is(n, "lambda_expression") ||
	       jnode_is(n, "static_initializer") || jnode_is(n, "class_body");
}

void jsrc_loop_facts(struct arena *a, const struct jsrc *f, TSNode site,
		     struct jocc *o)
{
	struct lp L = { .a = a, .f = f, .site = site, .o = o, .nvars = o->nvars,
			.sb = STRBUF_INIT, .lens = STRBUF_INIT };
	TSNode child = site;
	for (TSNode p = jnode_parent(f, site); !ts_node_is_null(p) && !is_function(p);
	     child = p, p = jnode_parent(f, p)) {
		int nvars = o->nvars;
		size_t len = L.sb.len;
		if (jnode_is(p, "for_statement"))
			for_loop(&L, p, child);
		else if (jnode_is(p, "while_statement"))
			while_loop(&L, p, child);
		if (L.sb.len == len) /* no loop: no names */
			o->nvars = nvars;
	}
	o->loops = L.sb.len ? arena_strdup(a, L.sb.buf) : NULL;
	sb_release(&L.sb);
	sb_release(&L.lens);
}
