/*
 * javasrc-path.c - path conditions of an enclosing expression (Offutt
 * and Pan): the conditions of the if, while and for statements around
 * it that hold whenever it is evaluated (javasrc.h: struct jocc
 * assume).  Soundness first: a condition is used only when
 *   - the site is in the if's then branch (the condition), its else
 *     branch (the negation), or a while or for body (the condition);
 *     a do-while body runs once before its condition: never used;
 *   - it reads only literals and local variables or parameters of
 *     primitive types (no calls, fields, array elements, / or %: no
 *     exception, no value that code in between could change), and
 *   - the enclosing method (or lambda) assigns none of them anywhere
 *     (no =, op=, ++ or --): then no path from the condition to the
 *     site, loop back edges included, changes its value.
 * Of a condition a && b the conjuncts that qualify are used; of a
 * negated a || b, the negated disjuncts.  The climb stops at the
 * enclosing method, lambda or class body.
 */
#include "lang/javasrc-int.h"

#include <string.h>

struct pathc {
	struct arena *a;
	const struct jsrc *f;
	TSNode fn;         /* the enclosing method, or null */
	struct jocc *o;
	int idents;        /* variables read by the conditions qualified */
	struct strbuf sb;
};

/* See javasrc-int.h. */
bool jnode_assigns(const struct jsrc *f, TSNode n, const char *name)
{
	TSNode target = { 0 };
	if (jnode_is(n, "assignment_expression"))
		target = ts_node_child_by_field_name(n, "left", 4);
	else if (jnode_is(n, "update_expression"))
		target = ts_node_named_child(n, 0);
	if (!ts_node_is_null(target) && jnode_is(target, "identifier") &&
	    jnode_text_is(f, target, name))
		return true;
	struct jkids k = jnode_kids(f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (jnode_assigns(f, c, name))
			return true;
	return false;
}

static bool is_primitive(const char *t)
{
	static const char *const prim[] = { "boolean", "byte", "short", "char",
					    "int", "long" };
	for (size_t i = 0; i < ARRAY_SIZE(prim); i++)
		if (!strcmp(t, prim[i]))
			return true;
	return false;
}

/* Does condition n qualify (see the top)?  Its variables are added to
 * o->vars when it does. */
static bool qualifies(struct pathc *P, TSNode n, int depth)
{
	if (depth > 64)
		return false;
	if (jnode_is(n, "identifier")) {
		char *name = jnode_squeezed(P->a, P->f, n);
		bool field = false;
		/* resolved where the condition reads it (a local cannot be
		 * shadowed by another, and fields are refused) */
		const char *t = jsrc_declared_type(P->a, P->f, n, name, &field);
		if (!t || field || !is_primitive(t) || ts_node_is_null(P->fn) ||
		    jnode_assigns(P->f, P->fn, name))
			return false;
		P->idents++;
		for (int i = 0; i < P->o->nvars; i++)
			if (!strcmp(P->o->vars[i].name, name))
				return true;
		if (P->o->nvars >= JSRC_MAX_VARS)
			return false;
		P->o->vars[P->o->nvars++] = (struct jvar){ name, t };
		return true;
	}
	if (jnode_is(n, "decimal_integer_literal") || jnode_is(n, "hex_integer_literal") ||
	    jnode_is(n, "character_literal") || jnode_is(n, "true") ||
	    jnode_is(n, "false"))
		return true;
	if (!jnode_is(n, "binary_expression") && !jnode_is(n, "unary_expression") &&
	    !jnode_is(n, "parenthesized_expression") && !jnode_is(n, "condition"))
		return false;
	TSNode op = ts_node_child_by_field_name(n, "operator", 8);
	if (!ts_node_is_null(op) && (jnode_text_is(P->f, op, "/") ||
				     jnode_text_is(P->f, op, "%")))
		return false;
	int nvars = P->o->nvars;
	struct jkids k = jnode_kids(P->f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (!qualifies(P, c, depth + 1)) {
			P->o->nvars = nvars;
			return false;
		}
	return true;
}

/* n without its parentheses. */
static TSNode unparen(TSNode n)
{
	while ((jnode_is(n, "parenthesized_expression") || jnode_is(n, "condition")) &&
	       ts_node_named_child_count(n) == 1)
		n = ts_node_named_child(n, 0);
	return n;
}

static void add(struct pathc *P, TSNode n, bool negate)
{
	char *t = arena_strndup(P->a, P->f->text + ts_node_start_byte(n),
				ts_node_end_byte(n) - ts_node_start_byte(n));
	for (char *p = t; *p; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
	sb_printf(&P->sb, "%s%s(%s)", P->sb.len ? " && " : "", negate ? "!" : "", t);
}

/* Condition c holds (negate: fails) on the way to the site: add the
 * parts that qualify. */
static void condition(struct pathc *P, TSNode c, bool negate)
{
	c = unparen(c);
	TSNode op = ts_node_child_by_field_name(c, "operator", 8);
	if (jnode_is(c, "binary_expression") && !ts_node_is_null(op) &&
	    jnode_text_is(P->f, op, negate ? "||" : "&&")) {
		condition(P, ts_node_child_by_field_name(c, "left", 4), negate);
		condition(P, ts_node_child_by_field_name(c, "right", 5), negate);
		return;
	}
	int idents = P->idents;
	if (qualifies(P, c, 0) && P->idents > idents) /* not `true` alone */
		add(P, c, negate);
}

static bool is_function(TSNode n)
{
	return jnode_is(n, "method_declaration") ||
	       jnode_is(n, "constructor_declaration") ||
	       jnode_is(n, "lambda_expression") ||
	       jnode_is(n, "static_initializer");
}

void jsrc_path_condition(struct arena *a, const struct jsrc *f, TSNode site,
			 struct jocc *o)
{
	struct pathc P = { .a = a, .f = f, .o = o,
			   .sb = STRBUF_INIT };
	for (TSNode p = jnode_parent(f, site); !ts_node_is_null(p); p = jnode_parent(f, p))
		if (is_function(p) || jnode_is(p, "class_body")) {
			if (is_function(p))
				P.fn = p;
			break;
		}
	TSNode child = site;
	for (TSNode p = jnode_parent(f, site); !ts_node_is_null(p) &&
	     !ts_node_is_null(P.fn) && !jnode_same(p, P.fn);
	     child = p, p = jnode_parent(f, p)) {
		TSNode c = ts_node_child_by_field_name(p, "condition", 9);
		if (jnode_is(p, "if_statement")) {
			if (jnode_same(ts_node_child_by_field_name(p, "consequence", 11), child))
				condition(&P, c, false);
			else if (jnode_same(ts_node_child_by_field_name(p, "alternative", 11), child))
				condition(&P, c, true);
		} else if ((jnode_is(p, "while_statement") || jnode_is(p, "for_statement")) &&
			   !ts_node_is_null(c) &&
			   jnode_same(ts_node_child_by_field_name(p, "body", 4), child)) {
			condition(&P, c, false);
		}
	}
	o->assume = P.sb.len ? arena_strdup(a, P.sb.buf) : NULL;
	sb_release(&P.sb);
}
