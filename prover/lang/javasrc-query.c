/*
 * javasrc-query.c - questions a check site asks of a Java text it holds
 * (a logged original, an opaque value's text), answered from the text's
 * syntax tree (javasrc-match.c's struct jpat: the text parsed with the
 * Java grammar as one statement of a method body), not by scanning its
 * characters (issue 28: nothing above lang/ tokenizes program text).
 */
#include "lang/javasrc-int.h"

#include <string.h>

/* The token types that assign: =, the compound assignments, ++ and --
 * (an assignment, an update, a declarator's initializer). */
static bool assign_token(TSNode n)
{
	static const char *const ops[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
		"<<=", ">>=", ">>>=", "++", "--",
	};
	if (ts_node_is_named(n))
		return false;
	const char *t = ts_node_type(n);
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(t, ops[i]))
			return true;
	return false;
}

static bool has_assign(TSNode n, int depth)
{
	if (assign_token(n))
		return true;
	if (depth > JSRC_MAX_DEPTH)
		return true; /* too deep to look at: assume it assigns */
	uint32_t k = ts_node_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (has_assign(ts_node_child(n, i), depth + 1))
			return true;
	return false;
}

bool jtext_assigns(const char *text)
{
	struct jpat p;
	jpat_parse(&p, text);
	/* the wrapping (jpat_parse) has no assigning token; a text that
	 * does not parse is read by the tree's error recovery, its tokens
	 * all kept */
	bool r = !p.tree || has_assign(ts_tree_root_node(p.tree), 0);
	jpat_release(&p);
	return r;
}

/* The first token of n at or after byte b (null if none). */
static TSNode first_token(TSNode n, uint32_t b)
{
	if (ts_node_end_byte(n) <= b)
		return (TSNode){ 0 };
	uint32_t k = ts_node_child_count(n);
	if (!k)
		return ts_node_start_byte(n) >= b ? n : (TSNode){ 0 };
	for (uint32_t i = 0; i < k; i++) {
		TSNode t = first_token(ts_node_child(n, i), b);
		if (!ts_node_is_null(t))
			return t;
	}
	return (TSNode){ 0 };
}

bool jtext_is_return(const char *stmt)
{
	struct jpat p;
	jpat_parse(&p, stmt);
	bool r = false;
	if (p.tree) {
		TSNode t = first_token(ts_tree_root_node(p.tree),
				       (uint32_t)jpat_head_len);
		r = jnode_is(t, "return") && !ts_node_is_named(t);
	}
	jpat_release(&p);
	return r;
}

/* A name, this, a class literal or a chain of fields of them: what two
 * calls read alike (no call, no index, no array length of a call). */
static bool plain_chain(TSNode n)
{
	if (jnode_is(n, "identifier") || jnode_is(n, "this"))
		return true;
	if (jnode_is(n, "field_access"))
		return plain_chain(ts_node_child_by_field_name(n, "object", 6)) &&
		       jnode_is(ts_node_child_by_field_name(n, "field", 5),
				"identifier");
	if (jnode_is(n, "class_literal")) {
		TSNode t = ts_node_named_child(n, 0);
		return ts_node_named_child_count(n) == 1 &&
		       (jnode_is(t, "type_identifier") ||
			jnode_is(t, "scoped_type_identifier"));
	}
	return false;
}

bool jtext_literal_equals(struct arena *a, const char *text, const char **lit,
			  const char **x, bool *name)
{
	struct jpat p;
	bool r = false;
	if (!jpat_parse(&p, text) || p.elided ||
	    !jnode_is(p.node, "method_invocation"))
		goto out;
	TSNode o = ts_node_child_by_field_name(p.node, "object", 6);
	TSNode m = ts_node_child_by_field_name(p.node, "name", 4);
	TSNode args = ts_node_child_by_field_name(p.node, "arguments", 9);
	if (!jnode_is(o, "string_literal") || ts_node_is_null(m) ||
	    !ts_node_is_null(ts_node_child_by_field_name(p.node,
							  "type_arguments", 14)) ||
	    ts_node_named_child_count(args) != 1)
		goto out;
	uint32_t ob = ts_node_start_byte(o), oe = ts_node_end_byte(o);
	uint32_t mb = ts_node_start_byte(m), me = ts_node_end_byte(m);
	/* one literal without escapes (no text block), ".equals(" right
	 * after it, the argument all between the parentheses */
	TSNode arg = ts_node_named_child(args, 0);
	uint32_t ab = ts_node_start_byte(arg), ae = ts_node_end_byte(arg);
	if (oe - ob < 2 || p.text[ob] != '"' ||
	    (p.text[ob + 1] == '"' && oe - ob > 2) ||
	    memchr(p.text + ob, '\\', oe - ob) ||
	    me - mb != 6 || memcmp(p.text + mb, "equals", 6) || mb != oe + 1 ||
	    ts_node_start_byte(args) != me || ab != me + 1 ||
	    ts_node_end_byte(args) != ae + 1 || !plain_chain(arg))
		goto out;
	*lit = arena_strndup(a, p.text + ob + 1, oe - ob - 2);
	*x = arena_strndup(a, p.text + ab, ae - ab);
	*name = jnode_is(arg, "identifier") || jnode_is(arg, "this");
	r = true;
out:
	jpat_release(&p);
	return r;
}
