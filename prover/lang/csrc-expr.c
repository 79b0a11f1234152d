/*
 * csrc-expr.c - C source text with tree-sitter (lang/csrc-expr.h).
 */
#include <string.h>
#include <tree_sitter/api.h>

#include "lang/csrc-expr.h"

const TSLanguage *tree_sitter_c(void);

/* Expressions nested deeper are refused (the walk below recurses). */
#define MAX_DEPTH 200

struct cexfile {
	char *text;
	TSTree *tree;
};

struct cexfile *cexfile_open_text(const char *name, const char *text,
			    struct arena *a, const char **why)
{
	TSParser *p = ts_parser_new();
	if (!ts_parser_set_language(p, tree_sitter_c())) {
		ts_parser_delete(p);
		*why = "the tree-sitter library rejects the C grammar's language "
		       "version";
		return NULL;
	}
	size_t len = strlen(text);
	TSTree *t = len > UINT32_MAX / 2 ? NULL
		: ts_parser_parse_string(p, NULL, text, (uint32_t)len);
	ts_parser_delete(p);
	if (!t) {
		*why = arena_printf(a, "%s: tree-sitter could not parse it", name);
		return NULL;
	}
	struct cexfile *f = xcalloc(1, sizeof(*f));
	f->text = xstrdup(text);
	f->tree = t;
	return f;
}

void cexfile_free(struct cexfile *f)
{
	if (!f)
		return;
	ts_tree_delete(f->tree);
	free(f->text);
	free(f);
}

static bool is(TSNode n, const char *type)
{
	return !strcmp(ts_node_type(n), type);
}

static bool same(TSNode x, TSNode y)
{
	return !ts_node_is_null(x) && !ts_node_is_null(y) &&
	       ts_node_start_byte(x) == ts_node_start_byte(y) &&
	       ts_node_end_byte(x) == ts_node_end_byte(y) &&
	       !strcmp(ts_node_type(x), ts_node_type(y));
}

static char *text_of(struct arena *a, const struct cexfile *f, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	return arena_strndup(a, f->text + b, e - b);
}

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
static int declares(const struct cexfile *f, TSNode d, const char *name,
		    int depth)
{
	if (depth > MAX_DEPTH)
		return -1; /* too deep to tell: not a plain type either way */
	while (!ts_node_is_null(d) && is(d, "init_declarator"))
		d = ts_node_child_by_field_name(d, "declarator", 10);
	if (ts_node_is_null(d))
		return 0;
	if (is(d, "identifier")) {
		uint32_t b = ts_node_start_byte(d), e = ts_node_end_byte(d);
		return strlen(name) == e - b && !strncmp(f->text + b, name, e - b);
	}
	/* *p, a[3], (*f)(int): the name under it is not of a plain type */
	for (uint32_t i = 0; i < ts_node_named_child_count(d); i++)
		if (declares(f, ts_node_named_child(d, i), name, depth + 1))
			return -1;
	return 0;
}

/* In declaration (or parameter_declaration) d: name's type text, NULL
 * when d does not declare name; *bad when it does, but not with a plain
 * type (a pointer, an array, a struct). */
static const char *decl_type(struct arena *a, const struct cexfile *f, TSNode d,
			     const char *name, bool *bad)
{
	TSNode type = ts_node_child_by_field_name(d, "type", 4);
	if (ts_node_is_null(type))
		return NULL;
	for (uint32_t i = 0; i < ts_node_child_count(d); i++) {
		const char *fld = ts_node_field_name_for_child(d, i);
		if (!fld || strcmp(fld, "declarator"))
			continue;
		int r = declares(f, ts_node_child(d, i), name, 0);
		if (!r)
			continue;
		if (r > 0 && (is(type, "primitive_type") ||
			      is(type, "sized_type_specifier") ||
			      is(type, "type_identifier")))
			return text_of(a, f, type);
		*bad = true;
		return NULL;
	}
	return NULL;
}

/* The parameters of function definition fn, or a null node. */
static TSNode params_of(TSNode fn)
{
	TSNode d = ts_node_child_by_field_name(fn, "declarator", 10);
	while (!ts_node_is_null(d) && !is(d, "function_declarator"))
		d = ts_node_child_by_field_name(d, "declarator", 10);
	return ts_node_is_null(d) ? d : ts_node_child_by_field_name(d, "parameters", 10);
}

/* The declared type of name where node n is: the innermost scope's last
 * declaration of it before n (a block, a for's initializer, the
 * function's parameters, the file).  NULL when none is found, or *bad
 * when it is declared without a plain type. */
static const char *lookup(struct arena *a, const struct cexfile *f, TSNode n,
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
			const char *t = is(c, "declaration")
				? decl_type(a, f, c, name, &b) : NULL;
			if (t || b) {
				last = t;
				lastbad = b;
			}
		}
		if (!last && !lastbad && is(s, "function_definition")) {
			TSNode ps = params_of(s);
			for (uint32_t i = 0; !ts_node_is_null(ps) &&
			     i < ts_node_named_child_count(ps); i++) {
				TSNode c = ts_node_named_child(ps, i);
				if (is(c, "parameter_declaration") &&
				    ((last = decl_type(a, f, c, name, &lastbad)) ||
				     lastbad))
					break;
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
static int vars_of(struct arena *a, const struct cexfile *f, TSNode n,
		   struct cexpr *out, int depth, const char **why)
{
	if (depth > MAX_DEPTH) {
		*why = "the expression is nested too deeply";
		return -1;
	}
	if (is(n, "call_expression") || is(n, "field_expression") ||
	    is(n, "subscript_expression") || is(n, "pointer_expression") ||
	    is(n, "sizeof_expression"))
		return 0; /* opaque values (check/site.h) */
	if (is(n, "identifier")) {
		char *name = text_of(a, f, n);
		for (int i = 0; i < out->nvars; i++)
			if (!strcmp(out->vars[i].name, name))
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
		if (out->nvars == CEXFILE_MAX_VARS) {
			*why = "too many variables";
			return -1;
		}
		out->vars[out->nvars].name = name;
		out->vars[out->nvars++].type = t;
		return 0;
	}
	for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
		if (vars_of(a, f, ts_node_named_child(n, i), out, depth + 1,
			    why) < 0)
			return -1;
	return 0;
}

/* Is identifier n a name being declared or called, not a value? */
static bool declared_name(TSNode n)
{
	TSNode p = ts_node_parent(n);
	if (ts_node_is_null(p))
		return true;
	if (is(p, "call_expression"))
		return same(ts_node_child_by_field_name(p, "function", 8), n);
	if (is(p, "init_declarator"))
		return !same(ts_node_child_by_field_name(p, "value", 5), n);
	const char *t = ts_node_type(p);
	size_t tl = strlen(t);
	return (tl > 11 && !strcmp(t + tl - 11, "_declarator")) ||
	       is(p, "declaration") || is(p, "parameter_declaration") ||
	       is(p, "goto_statement") || is(p, "labeled_statement") ||
	       is(p, "preproc_def") || is(p, "preproc_function_def");
}

int cexfile_expr(const struct cexfile *f, struct arena *a, size_t b, size_t e,
	      struct cexpr *out, const char **why)
{
	memset(out, 0, sizeof(*out));
	while (e > b && strchr(" \t\r\n", f->text[e - 1]))
		e--;
	TSNode root = ts_tree_root_node(f->tree);
	TSNode n = ts_node_named_descendant_for_byte_range(root, (uint32_t)b,
							   (uint32_t)e);
	TSNode best = { 0 };
	bool stmt = false;
	for (TSNode x = n; !ts_node_is_null(x) && ts_node_start_byte(x) == b &&
	     ts_node_end_byte(x) == e; x = ts_node_parent(x)) {
		if (expression_type(x))
			best = x;
		stmt |= !strcmp(ts_node_type(x) + strlen(ts_node_type(x)) -
				(strlen(ts_node_type(x)) >= 10 ? 10 : 0),
				"_statement");
	}
	if (ts_node_is_null(best)) {
		*why = stmt ? "a statement: the statement mutants of C files are "
			      "not judged yet"
			    : "it is not a whole expression of the source";
		return -1;
	}
	if (is(best, "identifier") && declared_name(best)) {
		*why = "it is a name (declared, or a called function's), not an "
		       "expression whose value the program reads";
		return -1;
	}
	TSNode fn = best;
	while (!ts_node_is_null(fn) && !is(fn, "function_definition"))
		fn = ts_node_parent(fn);
	if (ts_node_has_error(ts_node_is_null(fn) ? root : fn)) {
		*why = ts_node_is_null(fn) ? "the file does not parse as C"
			: "the function around it does not parse as C";
		return -1;
	}
	TSNode p = ts_node_parent(best);
	out->discarded = !ts_node_is_null(p) && is(p, "expression_statement");
	return vars_of(a, f, best, out, 0, why);
}
