/*
 * javasrc-live.c - dead locals after a site (issue 29): the local
 * variables and parameters of the enclosing method whose value after
 * the site's evaluation no path reads before it is written again (or
 * the method ends), so a mutant that leaves one of them different
 * (`x` to `x++` where x is written again before any read) changes
 * nothing the program can see through it (javasrc.h: struct jocc dead).
 *
 * A backward liveness of one variable over the method's syntax tree,
 * from the site up to the method body, conservative everywhere it is
 * not exact:
 *   - a read is any identifier spelt as the variable, anywhere (field
 *     names, method names and lambda or class bodies included);
 *   - a write that kills is only a whole expression statement `v = e;`
 *     or a declarator of v (`T v = e;`, `T v;`: Java's definite
 *     assignment lets no read see the old value); every other write
 *     (op=, ++, --, an assignment inside an expression) is a read;
 *   - loops are least fixpoints (an iteration's reads through the back
 *     edge), unlabelled break and continue go to their loop or switch,
 *     switch groups fall through, return and throw end the method;
 *   - it answers "live" for a site inside a try statement (an exception
 *     could skip the write that kills), a lambda, a class body that is
 *     not the method's, an initializer block, a labelled statement or a
 *     labelled jump, a yield, and for any statement it does not know
 *     that mentions the variable or jumps.
 * Only names whose declaration at the site is a local or a parameter
 * (javasrc-scope.c: not a field) are answered.
 */
#include "lang/javasrc-int.h"

#include <string.h>

struct lv {
	const struct jsrc *f;
	const char *v;
	bool gave_up;
};

/* The liveness at the point after a node, and at the targets of an
 * unlabelled break and continue at that node's level. */
struct after {
	bool a, b, c;
};

static TSNode fld(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* Does n mention the variable (any identifier spelt as it)? */
static bool mentions(const struct lv *L, TSNode n)
{
	if (ts_node_is_null(n))
		return false;
	if (jnode_is(n, "identifier"))
		return jnode_text_is(L->f, n, L->v);
	struct jkids k = jnode_kids(L->f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (mentions(L, c))
			return true;
	return false;
}

/* Does n mention the variable outside its part skip? */
static bool mentions_but(const struct lv *L, TSNode n, TSNode skip)
{
	if (ts_node_is_null(n) || jnode_same(n, skip))
		return false;
	if (jnode_is(n, "identifier"))
		return jnode_text_is(L->f, n, L->v);
	struct jkids k = jnode_kids(L->f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (mentions_but(L, c, skip))
			return true;
	return false;
}

/* Is there a break, continue or yield in n (any, labelled or not)? */
static bool jumps(const struct lv *L, TSNode n)
{
	if (jnode_is(n, "break_statement") || jnode_is(n, "continue_statement") ||
	    jnode_is(n, "yield_statement"))
		return true;
	struct jkids k = jnode_kids(L->f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (jumps(L, c))
			return true;
	return false;
}

static bool is_comment(TSNode n)
{
	return jnode_is(n, "line_comment") || jnode_is(n, "block_comment") ||
	       jnode_is(n, "comment");
}

static bool before(const struct lv *L, TSNode s, struct after o);

/* The liveness before the named children of blk from the first after
 * child from on (null: all), then o.a. */
static bool seq(const struct lv *L, TSNode blk, TSNode from, struct after o,
		bool (*skip)(TSNode))
{
	TSNode kids[256];
	int n = 0;
	bool on = ts_node_is_null(from);
	struct jkids k = jnode_kids(L->f, blk, true);
	for (TSNode c; jkids_next(&k, &c);) {
		if (!on) {
			on = jnode_same(c, from);
			continue;
		}
		if (is_comment(c) || (skip && skip(c)))
			continue;
		if (n == 256)
			return true;
		kids[n++] = c;
	}
	bool live = o.a;
	for (int i = n - 1; i >= 0; i--) {
		struct after x = { live, o.b, o.c };
		live = before(L, kids[i], x);
	}
	return live;
}

static bool is_label(TSNode n)
{
	return jnode_is(n, "switch_label");
}

/* A local variable declaration's declarators, last to first, then o. */
static bool decl(const struct lv *L, TSNode d, bool live)
{
	TSNode ds[64];
	int n = jnode_field_children(d, "declarator", ds, 64);
	if (n > 64)
		return true;
	for (int i = n - 1; i >= 0; i--) {
		TSNode name = fld(ds[i], "name"), val = fld(ds[i], "value");
		bool self = !ts_node_is_null(name) && jnode_text_is(L->f, name, L->v);
		live = mentions(L, val) || (!self && live);
	}
	return live;
}

/* The switch block sb's groups (or rules), entered at each label: the
 * liveness at its entry that any label can reach, or past it (no
 * default). */
static bool switch_body(const struct lv *L, TSNode sb, struct after o)
{
	if (ts_node_is_null(sb))
		return true;
	TSNode gs[256];
	int n = 0;
	bool dflt = false;
	struct jkids k = jnode_kids(L->f, sb, true);
	for (TSNode c; jkids_next(&k, &c);) {
		if (is_comment(c))
			continue;
		if (!jnode_is(c, "switch_block_statement_group") &&
		    !jnode_is(c, "switch_rule"))
			return true;
		if (n == 256)
			return true;
		gs[n++] = c;
		struct jkids kl = jnode_kids(L->f, c, true);
		for (TSNode l; jkids_next(&kl, &l);)
			if (is_label(l) && mentions(L, l))
				return true; /* a case label reads it */
			else if (is_label(l) && ts_node_named_child_count(l) == 0)
				dflt = true;
	}
	bool any = !dflt && o.a, next = o.a;
	struct after in = { o.a, o.a, o.c }; /* break leaves the switch */
	for (int i = n - 1; i >= 0; i--) {
		bool e;
		if (jnode_is(gs[i], "switch_rule")) {
			/* no fall through: its body, then past the switch */
			TSNode body = ts_node_named_child(gs[i],
				ts_node_named_child_count(gs[i]) - 1);
			if (jnode_is(body, "expression_statement") ||
			    jnode_is(body, "block") || jnode_is(body, "throw_statement"))
				e = before(L, body, in);
			else
				return true;
		} else {
			struct after x = { next, o.a, o.c };
			e = seq(L, gs[i], (TSNode){ 0 }, x, is_label);
		}
		any = any || e;
		next = e;
	}
	return any;
}

/* The liveness before statement s, with o after it. */
static bool before(const struct lv *L, TSNode s, struct after o)
{
	if (L->gave_up || ts_node_is_null(s))
		return true;
	if (jnode_is(s, "block"))
		return seq(L, s, (TSNode){ 0 }, o, NULL);
	if (jnode_is(s, "expression_statement")) {
		TSNode e = ts_node_named_child(s, 0);
		while (jnode_is(e, "parenthesized_expression"))
			e = ts_node_named_child(e, 0);
		if (jnode_is(e, "assignment_expression")) {
			TSNode l = fld(e, "left"), op = fld(e, "operator");
			if (jnode_is(l, "identifier") && jnode_text_is(L->f, l, L->v) &&
			    !ts_node_is_null(op) && jnode_text_is(L->f, op, "="))
				return mentions(L, fld(e, "right"));
		}
		return mentions(L, s) || o.a;
	}
	if (jnode_is(s, "local_variable_declaration"))
		return decl(L, s, o.a);
	if (jnode_is(s, "if_statement")) {
		TSNode alt = fld(s, "alternative");
		return mentions(L, fld(s, "condition")) ||
		       before(L, fld(s, "consequence"), o) ||
		       (ts_node_is_null(alt) ? o.a : before(L, alt, o));
	}
	if (jnode_is(s, "while_statement")) {
		/* the head, least fixpoint: f(false) (monotone, boolean) */
		bool h = mentions(L, fld(s, "condition")) || o.a;
		struct after x = { h, o.a, h };
		return h || before(L, fld(s, "body"), x);
	}
	if (jnode_is(s, "do_statement")) {
		bool c = mentions(L, fld(s, "condition")) || o.a;
		struct after x = { c, o.a, c };
		return before(L, fld(s, "body"), x);
	}
	if (jnode_is(s, "for_statement")) {
		TSNode up[16], in[16];
		int nu = jnode_field_children(s, "update", up, 16),
		    ni = jnode_field_children(s, "init", in, 16);
		if (nu > 16 || ni > 16)
			return true;
		bool h = mentions(L, fld(s, "condition")) || o.a, u = h;
		for (int i = 0; i < nu; i++)
			u = u || mentions(L, up[i]);
		struct after x = { u, o.a, u };
		h = h || before(L, fld(s, "body"), x);
		for (int i = ni - 1; i >= 0; i--)
			h = jnode_is(in[i], "local_variable_declaration")
				? decl(L, in[i], h) : mentions(L, in[i]) || h;
		return h;
	}
	if (jnode_is(s, "enhanced_for_statement")) {
		TSNode name = fld(s, "name");
		if (ts_node_is_null(name))
			return true;
		bool self = jnode_text_is(L->f, name, L->v);
		bool h = o.a;
		if (!self) {
			struct after x = { h, o.a, h };
			h = h || before(L, fld(s, "body"), x);
		}
		return mentions(L, fld(s, "value")) || h;
	}
	if (jnode_is(s, "return_statement") || jnode_is(s, "throw_statement"))
		return mentions(L, s);
	if (jnode_is(s, "break_statement") || jnode_is(s, "continue_statement")) {
		if (ts_node_named_child_count(s) > 0) /* labelled */
			return true;
		return jnode_is(s, "break_statement") ? o.b : o.c;
	}
	if (jnode_is(s, "switch_expression") || jnode_is(s, "switch_statement"))
		return mentions(L, fld(s, "condition")) ||
		       switch_body(L, fld(s, "body"), o);
	if (jnode_is(s, "synchronized_statement")) {
		TSNode body = fld(s, "body");
		if (ts_node_is_null(body))
			return true;
		return mentions_but(L, s, body) || before(L, body, o);
	}
	if (jnode_is(s, ";") || jnode_is(s, "empty_statement"))
		return o.a;
	if (jnode_is(s, "labeled_statement") || jnode_is(s, "yield_statement"))
		return true;
	/* try, assert, local classes, ...: through it unchanged, unless it
	 * names the variable or jumps */
	return mentions(L, s) || jumps(L, s) || o.a;
}

/* The liveness after node n (a statement or the site's expression), up
 * to the method body. */
static struct after up(struct lv *L, TSNode n)
{
	struct after no = { true, true, true };
	TSNode p = jnode_parent(L->f, n);
	if (ts_node_is_null(p) || L->gave_up) {
		L->gave_up = true;
		return no;
	}
	if (jnode_is(p, "method_declaration") || jnode_is(p, "constructor_declaration"))
		return (struct after){ false, true, true }; /* the body ends */
	if (jnode_is(p, "block") || jnode_is(p, "constructor_body")) {
		TSNode g = jnode_parent(L->f, p);
		if (jnode_is(g, "class_body") || jnode_is(g, "static_initializer") ||
		    jnode_is(g, "lambda_expression")) {
			L->gave_up = true;
			return no;
		}
		struct after o = up(L, p);
		return (struct after){ seq(L, p, n, o, NULL), o.b, o.c };
	}
	if (jnode_is(p, "switch_block_statement_group")) {
		TSNode sb = jnode_parent(L->f, p), sw = jnode_parent(L->f, sb);
		struct after o = up(L, sw);
		/* fall through: the later groups' statements, then past it */
		bool next = o.a;
		TSNode gs[256];
		int ng = 0, at = -1;
		struct jkids k = jnode_kids(L->f, sb, true);
		for (TSNode c; jkids_next(&k, &c);) {
			if (is_comment(c))
				continue;
			if (ng == 256 || !jnode_is(c, "switch_block_statement_group")) {
				L->gave_up = true;
				return no;
			}
			if (jnode_same(c, p))
				at = ng;
			gs[ng++] = c;
		}
		struct after x = { o.a, o.a, o.c };
		for (int i = ng - 1; i > at; i--) {
			x.a = next;
			next = seq(L, gs[i], (TSNode){ 0 }, x, is_label);
		}
		x.a = next;
		return (struct after){ seq(L, p, n, x, is_label), o.a, o.c };
	}
	if (jnode_is(p, "expression_statement") || jnode_is(p, "assert_statement"))
		return up(L, p);
	if (jnode_is(p, "return_statement") || jnode_is(p, "throw_statement"))
		return (struct after){ false, true, true };
	if (jnode_is(p, "variable_declarator")) {
		TSNode d = jnode_parent(L->f, p);
		if (!jnode_is(d, "local_variable_declaration")) {
			L->gave_up = true; /* a field's initializer */
			return no;
		}
		struct after o = up(L, d);
		/* the later declarators, then past the declaration */
		TSNode ds[64];
		int nd = jnode_field_children(d, "declarator", ds, 64);
		if (nd > 64) {
			L->gave_up = true;
			return no;
		}
		bool live = o.a;
		for (int i = nd - 1; i >= 0 && !jnode_same(ds[i], p); i--) {
			TSNode name = fld(ds[i], "name");
			bool self = !ts_node_is_null(name) &&
				    jnode_text_is(L->f, name, L->v);
			live = mentions(L, fld(ds[i], "value")) || (!self && live);
		}
		return (struct after){ live, o.b, o.c };
	}
	if (jnode_is(p, "condition") || jnode_is(p, "parenthesized_expression")) {
		TSNode g = jnode_parent(L->f, p);
		if (jnode_is(p, "parenthesized_expression") &&
		    !jnode_is(g, "if_statement") && !jnode_is(g, "while_statement") &&
		    !jnode_is(g, "do_statement")) {
			struct after o = up(L, p);
			return (struct after){ mentions_but(L, p, n) || o.a, o.b, o.c };
		}
		n = p;
		p = g;
	}
	if (jnode_is(p, "if_statement")) {
		struct after o = up(L, p);
		if (!jnode_same(fld(p, "condition"), n))
			return o; /* a branch ends: past the if */
		TSNode alt = fld(p, "alternative");
		bool a = before(L, fld(p, "consequence"), o) ||
			 (ts_node_is_null(alt) ? o.a : before(L, alt, o));
		return (struct after){ a, o.b, o.c };
	}
	if (jnode_is(p, "while_statement")) {
		struct after o = up(L, p);
		bool h = before(L, p, o); /* the head */
		if (jnode_same(fld(p, "condition"), n)) {
			struct after x = { h, o.a, h };
			return (struct after){ o.a || before(L, fld(p, "body"), x),
					       o.b, o.c };
		}
		return (struct after){ h, o.a, h }; /* the body ends */
	}
	if (jnode_is(p, "do_statement")) {
		struct after o = up(L, p);
		bool c = mentions(L, fld(p, "condition")) || o.a;
		struct after x = { c, o.a, c };
		bool e = before(L, fld(p, "body"), x); /* the body's entry */
		bool h = c || e; /* after the body: the condition, then either */
		if (jnode_same(fld(p, "condition"), n))
			return (struct after){ o.a || e, o.b, o.c };
		return (struct after){ h, o.a, h };
	}
	if (jnode_is(p, "for_statement")) {
		struct after o = up(L, p);
		TSNode ups[16];
		int nu = jnode_field_children(p, "update", ups, 16);
		if (nu > 16) {
			L->gave_up = true;
			return no;
		}
		bool h = mentions(L, fld(p, "condition")) || o.a, u = h;
		for (int i = 0; i < nu; i++)
			u = u || mentions(L, ups[i]);
		struct after x = { u, o.a, u };
		bool body = before(L, fld(p, "body"), x);
		h = h || body; /* the condition's point, least fixpoint */
		u = u || body;
		if (jnode_same(fld(p, "body"), n))
			return (struct after){ u, o.a, u };
		if (jnode_same(fld(p, "condition"), n))
			return (struct after){ o.a || body, o.b, o.c };
		/* an init or an update: the other inits and updates, then the
		 * condition */
		return (struct after){ mentions_but(L, p, n) || h, o.b, o.c };
	}
	if (jnode_is(p, "enhanced_for_statement")) {
		struct after o = up(L, p);
		TSNode name = fld(p, "name");
		if (ts_node_is_null(name)) {
			L->gave_up = true;
			return no;
		}
		bool self = jnode_text_is(L->f, name, L->v);
		bool h = o.a;
		if (!self) {
			struct after x = { h, o.a, h };
			h = h || before(L, fld(p, "body"), x);
		}
		return (struct after){ h, o.a, h };
	}
	if (jnode_is(p, "synchronized_statement") &&
	    jnode_same(fld(p, "body"), n))
		return up(L, p);
	if (jnode_is(p, "argument_list") || jnode_is(p, "array_access") ||
	    jnode_is(p, "field_access") || jnode_is(p, "method_invocation") ||
	    jnode_is(p, "binary_expression") || jnode_is(p, "unary_expression") ||
	    jnode_is(p, "ternary_expression") || jnode_is(p, "cast_expression") ||
	    jnode_is(p, "instanceof_expression") ||
	    jnode_is(p, "array_creation_expression") ||
	    jnode_is(p, "dimensions_expr") || jnode_is(p, "array_initializer") ||
	    jnode_is(p, "object_creation_expression")) {
		/* the rest of the expression may read it, in any order */
		struct after o = up(L, p);
		return (struct after){ mentions_but(L, p, n) || o.a, o.b, o.c };
	}
	/* try, lambda, class body, labelled statement, switch selector... */
	L->gave_up = true;
	return no;
}

/* Is site in a method's or constructor's body, not inside a try, a
 * catch or finally clause, a lambda, a class body or a labelled
 * statement below it (where an exception or a jump could skip the
 * write that kills, or another body reads the variable)? */
static bool plain_body(const struct jsrc *f, TSNode site)
{
	for (TSNode p = jnode_parent(f, site); !ts_node_is_null(p);
	     p = jnode_parent(f, p)) {
		if (jnode_is(p, "method_declaration") ||
		    jnode_is(p, "constructor_declaration"))
			return true;
		if (jnode_is(p, "try_statement") ||
		    jnode_is(p, "try_with_resources_statement") ||
		    jnode_is(p, "catch_clause") || jnode_is(p, "finally_clause") ||
		    jnode_is(p, "lambda_expression") || jnode_is(p, "class_body") ||
		    jnode_is(p, "labeled_statement") ||
		    jnode_is(p, "switch_rule"))
			return false;
	}
	return false;
}

/* Is name (a local or parameter at site) dead after site? */
static bool dead_after(const struct jsrc *f, TSNode site, const char *name)
{
	if (!plain_body(f, site))
		return false;
	struct lv L = { f, name, false };
	struct after o = up(&L, site);
	return !L.gave_up && !o.a;
}

void jsrc_dead_vars(struct arena *a, const struct jsrc *f, TSNode site,
		    struct jocc *o)
{
	struct strbuf sb = STRBUF_INIT;
	/* an initializer's declared local, written with the site's value */
	TSNode p = jnode_parent(f, site);
	if (jnode_is(p, "variable_declarator") &&
	    jnode_same(fld(p, "value"), site) &&
	    jnode_is(jnode_parent(f, p), "local_variable_declaration")) {
		char *name = jnode_squeezed(a, f, fld(p, "name"));
		if (ts_node_is_null(fld(p, "dimensions")) && dead_after(f, site, name))
			sb_printf(&sb, "=");
	}
	for (int i = 0; i < o->nvars; i++) {
		const char *name = o->vars[i].name;
		bool field = true;
		if (strchr(name, '.') ||
		    !jsrc_declared_type(a, f, site, name, &field) || field ||
		    !dead_after(f, site, name))
			continue;
		sb_printf(&sb, "%s%s", sb.len ? " " : "", name);
	}
	o->dead = sb.len ? arena_strdup(a, sb.buf) : NULL;
	sb_release(&sb);
}
