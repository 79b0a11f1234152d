/*
 * csrc-expr.c - a C mutant's location as an expression, on the parse
 * lang/csrc.c made (csrc_expr(), lang/csrc.h): the expression level of
 * the C files of a mutation-testing-elements report.  The recursions
 * below are bounded by the tree's depth (at most CSRC_MAX_DEPTH).
 */
#include "lang/csrc-int.h"

#include <string.h>

static bool expression_type(TSNode n)
{
	static const char *const prim[] = { "identifier", "number_literal",
					    "char_literal", "true", "false",
					    "null", "string_literal" };
	const char *t = ts_node_type(n);
	size_t tl = strlen(t);
	if (tl > 11 && !strcmp(t + tl - 11, "_expression"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(prim); i++)
		if (!strcmp(t, prim[i]))
			return true;
	return false;
}

/* The type of a declarator of name: 1 its type node is the type, 0 not
 * this name, -1 the name declared with a pointer or array declarator. */
static int declares(const struct csrc *f, TSNode d, const char *name)
{
	while (!ts_node_is_null(d) && cnode_is(d, "init_declarator"))
		d = cnode_field(d, "declarator");
	if (ts_node_is_null(d))
		return 0;
	if (cnode_is(d, "identifier"))
		return cnode_text_is(f, d, name);
	/* *p, a[3], (*f)(int): the name under it is not of a plain type
	 * (the declarator chain only: not a[N]'s size, f(int n)'s n) */
	TSNode in = cnode_is(d, "parenthesized_declarator")
		    ? ts_node_named_child(d, 0) : cnode_field(d, "declarator");
	return declares(f, in, name) ? -1 : 0;
}

/* In declaration (or parameter_declaration) d: name's type text, NULL
 * when d does not declare name; *bad when it does, but not with a plain
 * type (a pointer, an array, a struct). */
static const char *decl_type(struct arena *a, const struct csrc *f, TSNode d,
			     const char *name, bool *bad)
{
	TSNode type = cnode_field(d, "type");
	if (ts_node_is_null(type))
		return NULL;
	/* a cursor walk: ts_node_field_name_for_child() of tree-sitter
	 * 0.20.7 misses repeated fields (`int s, t;` gave only s) */
	TSTreeCursor c = ts_tree_cursor_new(d);
	const char *r = NULL;
	for (bool more = ts_tree_cursor_goto_first_child(&c); more;
	     more = ts_tree_cursor_goto_next_sibling(&c)) {
		const char *fld = ts_tree_cursor_current_field_name(&c);
		int k = fld && !strcmp(fld, "declarator")
			? declares(f, ts_tree_cursor_current_node(&c), name) : 0;
		if (!k)
			continue;
		const char *td = NULL;
		int tk = k > 0 && (cnode_is(type, "type_identifier") ||
				   cnode_is(type, "primitive_type"))
			 ? csrc_typedef(f, a, cnode_text(a, f, type),
					ts_node_start_byte(type), &td) : 0;
		if (tk > 0)
			r = td; /* a typedef of the file (csrc-const.c) */
		else if (k > 0 && !tk && (cnode_is(type, "primitive_type") ||
				   cnode_is(type, "sized_type_specifier") ||
				   cnode_is(type, "type_identifier")))
			r = cnode_text(a, f, type);
		else
			*bad = true;
		break;
	}
	ts_tree_cursor_delete(&c);
	return r;
}

/* The parameters of function definition fn, or a null node. */
static TSNode params_of(TSNode fn)
{
	TSNode d = cnode_field(fn, "declarator");
	while (!ts_node_is_null(d) && !cnode_is(d, "function_declarator"))
		d = cnode_field(d, "declarator");
	return ts_node_is_null(d) ? d : cnode_field(d, "parameters");
}

/* The declared type of name where node n is: the innermost scope's last
 * declaration of it before n (a block, a for's initializer, the
 * function's parameters, the file).  NULL when none is found, or *bad
 * when it is declared without a plain type. */
static const char *lookup(struct arena *a, const struct csrc *f, TSNode n,
			  const char *name, bool *bad)
{
	uint32_t at = ts_node_start_byte(n);
	for (TSNode s = ts_node_parent(n); !ts_node_is_null(s);
	     s = ts_node_parent(s)) {
		const char *last = NULL;
		bool lastbad = false;
		for (uint32_t i = 0; i < ts_node_named_child_count(s); i++) {
			TSNode c = ts_node_named_child(s, i);
			if (ts_node_start_byte(c) >= at)
				break;
			bool b = false;
			const char *t = cnode_is(c, "declaration")
				? decl_type(a, f, c, name, &b) : NULL;
			if (t || b) {
				last = t;
				lastbad = b;
			}
		}
		if (!last && !lastbad && cnode_is(s, "function_definition")) {
			TSNode ps = params_of(s);
			for (uint32_t i = 0; !ts_node_is_null(ps) &&
			     i < ts_node_named_child_count(ps); i++) {
				TSNode c = ts_node_named_child(ps, i);
				if (cnode_is(c, "parameter_declaration") &&
				    ((last = decl_type(a, f, c, name, &lastbad)) ||
				     lastbad))
					break;
				/* an old-style definition's parameter that its
				 * declaration list (the declarations above)
				 * does not declare: int (C90 6.7.1); without a
				 * list tree-sitter-c reads `f(x) {` as an
				 * unnamed parameter of type x (csrc_kr_bare()) */
				if ((cnode_is(c, "identifier") &&
				     cnode_text_is(f, c, name)) ||
				    (csrc_kr_bare(f, a, c) &&
				     cnode_text_is(f, cnode_field(c, "type"),
						   name))) {
					last = "int";
					break;
				}
			}
		}
		if (last || lastbad) {
			*bad = lastbad;
			return last;
		}
	}
	return NULL;
}

/* The variables expression n reads, into out; -1 and *why when one has
 * no plain declared type. */
static int vars_of(struct arena *a, const struct csrc *f, TSNode n,
		   struct cexpr *out, const char **why)
{
	if (cnode_is(n, "call_expression") || cnode_is(n, "field_expression") ||
	    cnode_is(n, "subscript_expression") || cnode_is(n, "pointer_expression") ||
	    cnode_is(n, "sizeof_expression"))
		return 0; /* opaque values (check/site.h) */
	if (cnode_is(n, "identifier")) {
		char *name = cnode_text(a, f, n);
		for (int i = 0; i < out->nvars; i++)
			if (!strcmp(out->vars[i].name, name))
				return 0;
		/* a constant of the file (a macro first: the preprocessor
		 * replaces it everywhere): no variable, its value stands in
		 * the expression (out->text) */
		if (csrc_constant(f, a, name, ts_node_start_byte(n)))
			return 0;
		bool bad = false;
		const char *t = lookup(a, f, n, name, &bad);
		if (!t) {
			*why = bad ? arena_printf(a, "`%s` is not declared with a "
						  "plain type (a pointer, an "
						  "array or a struct)", name)
				   : arena_printf(a, "no declaration of `%s` is "
						  "found before it", name);
			return -1;
		}
		if (out->nvars == CSRC_MAX_EXPR_VARS) {
			*why = "too many variables";
			return -1;
		}
		out->vars[out->nvars].name = name;
		out->vars[out->nvars++].type = t;
		return 0;
	}
	for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
		if (vars_of(a, f, ts_node_named_child(n, i), out, why) < 0)
			return -1;
	return 0;
}

/* Is identifier n a name being declared or called, not a value? */
static bool declared_name(TSNode n)
{
	TSNode p = ts_node_parent(n);
	if (ts_node_is_null(p))
		return true;
	if (cnode_is(p, "call_expression"))
		return cnode_same(cnode_field(p, "function"), n);
	if (cnode_is(p, "init_declarator"))
		return !cnode_same(cnode_field(p, "value"), n);
	const char *t = ts_node_type(p);
	size_t tl = strlen(t);
	return (tl > 11 && !strcmp(t + tl - 11, "_declarator")) ||
	       cnode_is(p, "declaration") || cnode_is(p, "parameter_declaration") ||
	       cnode_is(p, "goto_statement") || cnode_is(p, "labeled_statement") ||
	       cnode_is(p, "preproc_def") || cnode_is(p, "preproc_function_def");
}

int csrc_expr(const struct csrc *f, struct arena *a, size_t b, size_t e,
	      struct cexpr *out, const char **why)
{
	memset(out, 0, sizeof(*out));
	b = csrc_in(f, b);
	e = csrc_in(f, e);
	while (e > b && strchr(" \t\r\n", f->text[e - 1]))
		e--;
	TSNode root = ts_tree_root_node(f->tree);
	TSNode n = ts_node_named_descendant_for_byte_range(root, (uint32_t)b,
							   (uint32_t)e);
	TSNode best = { 0 }, outer = { 0 };
	bool stmt = false;
	for (TSNode x = n; !ts_node_is_null(x) && ts_node_start_byte(x) == b &&
	     ts_node_end_byte(x) == e; x = ts_node_parent(x)) {
		const char *t = ts_node_type(x);
		size_t tl = strlen(t);
		if (expression_type(x))
			best = x;
		stmt |= tl > 10 && !strcmp(t + tl - 10, "_statement");
		outer = x;
	}
	if (ts_node_is_null(best) && cnode_is(outer, "expression_statement") &&
	    ts_node_named_child_count(outer) == 1 &&
	    expression_type(ts_node_named_child(outer, 0))) {
		best = ts_node_named_child(outer, 0); /* `x++;`: its expression */
		out->statement = true;
	}
	if (ts_node_is_null(best)) {
		*why = stmt ? "a statement other than an expression statement: "
			      "such statement mutants of C files are not judged "
			      "yet"
			    : "it is not a whole expression of the source";
		return -1;
	}
	out->b = ts_node_start_byte(best);
	out->e = ts_node_end_byte(best);
	if (cnode_is(best, "identifier") && declared_name(best)) {
		*why = "it is a name (declared, or a called function's), not an "
		       "expression whose value the program reads";
		return -1;
	}
	TSNode fn = best;
	while (!ts_node_is_null(fn) && !cnode_is(fn, "function_definition"))
		fn = ts_node_parent(fn);
	if (ts_node_has_error(ts_node_is_null(fn) ? root : fn)) {
		*why = ts_node_is_null(fn) ? "the file does not parse as C"
			: "the function around it does not parse as C";
		return -1;
	}
	TSNode p = ts_node_parent(best);
	out->discarded = !ts_node_is_null(p) && cnode_is(p, "expression_statement");
	if (vars_of(a, f, best, out, why) < 0)
		return -1;
	/* the file's constants and typedef names replaced by what they
	 * stand for (csrc-const.c) */
	out->text = csrc_expand_in(f, a, arena_strndup(a, f->text + out->b,
				out->e - out->b), out->b);
	if (!out->text) {
		*why = "it names a macro of the file that is no constant (a "
		       "function-like one, one under #if, #undef'd, defined "
		       "twice, after an #include) or a typedef that is no "
		       "integer type";
		return -1;
	}
	out->b = csrc_out(f, out->b);
	out->e = csrc_out(f, out->e);
	return 0;
}
