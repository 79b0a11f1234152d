/*
 * javasrc-scope.c - the declared type of a variable where an expression
 * reads it (javasrc.h): parameters of the enclosing methods and
 * lambdas, locals declared before it in enclosing blocks (for, catch,
 * enhanced for), fields of the enclosing classes.  A class with a
 * superclass or interfaces may inherit a name, so the search stops at
 * its body: the type stays unknown rather than wrong.
 */
#include "lang/javasrc-int.h"

#include <string.h>

/* The type of a declarator's variable: the declaration's type plus the
 * declarator's dimensions; NULL for `var`. */
static const char *decl_type(struct arena *a, const struct jsrc *f,
			     TSNode type, TSNode declarator)
{
	if (ts_node_is_null(type))
		return NULL;
	char *t = jnode_squeezed(a, f, type);
	if (!strcmp(t, "var"))
		return NULL;
	TSNode dims = ts_node_is_null(declarator) ? declarator
		: ts_node_child_by_field_name(declarator, "dimensions", 10);
	if (!ts_node_is_null(dims))
		t = arena_printf(a, "%s%s", t, jnode_squeezed(a, f, dims));
	return t;
}

/* name declared by declaration d (local variable or field)?  Its type
 * (NULL for var), or "" when d does not declare it. */
static const char *in_declaration(struct arena *a, const struct jsrc *f,
				  TSNode d, const char *name)
{
	TSNode type = ts_node_child_by_field_name(d, "type", 4);
	struct jkids k = jnode_kids(f, d, true);
	for (TSNode v; jkids_next(&k, &v);) {
		if (!jnode_is(v, "variable_declarator"))
			continue;
		TSNode nm = ts_node_child_by_field_name(v, "name", 4);
		if (!ts_node_is_null(nm) && jnode_text_is(f, nm, name))
			return decl_type(a, f, type, v);
	}
	return "";
}

/* A parameter list's declaration of name: its type, NULL (unknown),
 * or "" (not declared there). */
static const char *in_parameters(struct arena *a, const struct jsrc *f,
				 TSNode ps, const char *name)
{
	if (jnode_is(ps, "identifier"))
		return jnode_text_is(f, ps, name) ? NULL : "";
	struct jkids k = jnode_kids(f, ps, true);
	for (TSNode p; jkids_next(&k, &p);) {
		if (jnode_is(p, "identifier")) {
			if (jnode_text_is(f, p, name))
				return NULL;
		} else if (jnode_is(p, "formal_parameter")) {
			TSNode nm = ts_node_child_by_field_name(p, "name", 4);
			if (!ts_node_is_null(nm) && jnode_text_is(f, nm, name))
				return decl_type(a, f, ts_node_child_by_field_name(
							 p, "type", 4), p);
		} else if (jnode_is(p, "spread_parameter")) {
			/* T... xs: an array, a reference */
			struct jkids q = jnode_kids(f, p, true);
			for (TSNode v; jkids_next(&q, &v);) {
				TSNode nm = ts_node_child_by_field_name(v, "name", 4);
				if (jnode_is(v, "variable_declarator") && !ts_node_is_null(nm) &&
				    jnode_text_is(f, nm, name))
					return "Object[]";
			}
		}
	}
	return "";
}

/* Declarations in scope at child of p (a block: only those before it). */
static const char *in_scope(struct arena *a, const struct jsrc *f, TSNode p,
			    TSNode child, const char *name, bool *stop)
{
	uint32_t cb = ts_node_start_byte(child);
	struct jkids k = jnode_kids(f, p, true);
	const char *t;
	if (jnode_is(p, "method_declaration") || jnode_is(p, "constructor_declaration") ||
	    jnode_is(p, "lambda_expression")) {
		TSNode ps = ts_node_child_by_field_name(p, "parameters", 10);
		return ts_node_is_null(ps) ? "" : in_parameters(a, f, ps, name);
	}
	if (jnode_is(p, "enhanced_for_statement")) {
		TSNode nm = ts_node_child_by_field_name(p, "name", 4);
		if (!ts_node_is_null(nm) && jnode_text_is(f, nm, name))
			return decl_type(a, f, ts_node_child_by_field_name(p, "type", 4), p);
		return "";
	}
	if (jnode_is(p, "catch_clause")) {
		for (TSNode c; jkids_next(&k, &c);) {
			TSNode nm = ts_node_child_by_field_name(c, "name", 4);
			if (jnode_is(c, "catch_formal_parameter") && !ts_node_is_null(nm) &&
			    jnode_text_is(f, nm, name))
				return "Throwable";
		}
		return "";
	}
	bool body = jnode_is(p, "class_body") || jnode_is(p, "enum_body") ||
		    jnode_is(p, "interface_body");
	for (TSNode d; jkids_next(&k, &d);) {
		if (!body && ts_node_start_byte(d) >= cb)
			break;
		if (!jnode_is(d, body ? "field_declaration" : "local_variable_declaration") &&
		    !(body && jnode_is(d, "constant_declaration")))
			continue;
		t = in_declaration(a, f, d, name);
		if (!t || *t)
			return t;
	}
	/* A class with a superclass or interfaces may inherit the name:
	 * outer classes' fields are not in scope then. */
	if (body) {
		TSNode cls = jnode_parent(f, p);
		if (!ts_node_is_null(ts_node_child_by_field_name(cls, "superclass", 10)) ||
		    !ts_node_is_null(ts_node_child_by_field_name(cls, "interfaces", 10)) ||
		    jnode_is(cls, "object_creation_expression"))
			*stop = true;
	}
	return "";
}

const char *jsrc_declared_type(struct arena *a, const struct jsrc *f,
			       TSNode site, const char *name, bool *field)
{
	TSNode child = site;
	for (TSNode p = jnode_parent(f, site); !ts_node_is_null(p);
	     child = p, p = jnode_parent(f, p)) {
		bool stop = false;
		const char *t = in_scope(a, f, p, child, name, &stop);
		if (field)
			*field = jnode_is(p, "class_body") || jnode_is(p, "enum_body") ||
				 jnode_is(p, "interface_body");
		if (!t || *t)
			return t;
		if (stop)
			return NULL;
	}
	return NULL;
}

