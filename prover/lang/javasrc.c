/*
 * javasrc.c - Java sources with tree-sitter (javasrc.h): parse a file,
 * find a logged original's occurrences on a line, climb to the
 * enclosing expression, and find the declared types of the variables
 * it reads.  The only file (with javasrc-*.c) that includes
 * <tree_sitter/api.h>.
 */
#include "lang/javasrc.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <tree_sitter/api.h>

/* The grammar's entry point (its generated parser.c, compiled by make). */
const TSLanguage *tree_sitter_java(void);

struct jsrc {
	struct source src;
	char *text;
	char *name;
	TSTree *tree;
};

/* Node helpers. */
static bool is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

static bool same_node(TSNode x, TSNode y)
{
	return !ts_node_is_null(x) && !ts_node_is_null(y) &&
	       ts_node_start_byte(x) == ts_node_start_byte(y) &&
	       ts_node_end_byte(x) == ts_node_end_byte(y);
}

/* The node's text without blanks (in a). */
static char *squeezed(struct arena *a, const struct jsrc *f, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	char *s = arena_alloc(a, e - b + 1), *p = s;
	for (uint32_t i = b; i < e; i++)
		if (!isspace((unsigned char)f->text[i]))
			*p++ = f->text[i];
	*p = 0;
	return s;
}

/* Does node n's text equal norm (a text without blanks)? */
static bool text_is(const struct jsrc *f, TSNode n, const char *norm)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	const char *p = norm;
	for (uint32_t i = b; i < e; i++) {
		char c = f->text[i];
		if (isspace((unsigned char)c))
			continue;
		if (*p++ != c)
			return false;
	}
	return !*p;
}

struct jsrc *jsrc_open(const char *path, struct arena *a, const char **why)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		*why = arena_printf(a, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	if (len > UINT32_MAX / 2 || strlen(text) != len) {
		*why = arena_printf(a, "%s: %s", path, len > UINT32_MAX / 2
			? "too large" : "contains a NUL byte");
		free(text);
		return NULL;
	}
	TSParser *p = ts_parser_new();
	if (!ts_parser_set_language(p, tree_sitter_java())) {
		ts_parser_delete(p);
		free(text);
		*why = "the tree-sitter library rejects the Java grammar's "
		       "language version";
		return NULL;
	}
	TSTree *t = ts_parser_parse_string(p, NULL, text, (uint32_t)len);
	ts_parser_delete(p);
	if (!t) {
		free(text);
		*why = arena_printf(a, "%s: tree-sitter could not parse it", path);
		return NULL;
	}
	struct jsrc *f = xcalloc(1, sizeof(*f));
	f->text = text;
	f->name = xstrdup(path);
	f->tree = t;
	f->src = (struct source){ .name = f->name, .text = text, .len = len };
	return f;
}

void jsrc_free(struct jsrc *f)
{
	if (!f)
		return;
	ts_tree_delete(f->tree);
	free(f->text);
	free(f->name);
	free(f);
}

const struct source *jsrc_source(const struct jsrc *f)
{
	return &f->src;
}

/* The first ERROR or MISSING node under n, in source order. */
static bool first_error(TSNode n, TSPoint *at)
{
	if (is(n, "ERROR") || ts_node_is_missing(n)) {
		*at = ts_node_start_point(n);
		return true;
	}
	if (!ts_node_has_error(n))
		return false;
	uint32_t k = ts_node_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (first_error(ts_node_child(n, i), at))
			return true;
	*at = ts_node_start_point(n);
	return true;
}

bool jsrc_syntax_error(const struct jsrc *f, int *line, int *col)
{
	TSPoint at;
	if (!first_error(ts_tree_root_node(f->tree), &at))
		return false;
	*line = (int)at.row + 1;
	*col = (int)at.column + 1;
	return true;
}

bool jsrc_declares(const struct jsrc *f, const char *name)
{
	TSNode root = ts_tree_root_node(f->tree);
	uint32_t k = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i);
		const char *t = ts_node_type(d);
		if (strcmp(t, "class_declaration") && strcmp(t, "interface_declaration") &&
		    strcmp(t, "enum_declaration") && strcmp(t, "record_declaration") &&
		    strcmp(t, "annotation_type_declaration"))
			continue;
		TSNode nm = ts_node_child_by_field_name(d, "name", 4);
		if (!ts_node_is_null(nm) && text_is(f, nm, name))
			return true;
	}
	return false;
}

/* --- the enclosing expression ------------------------------------- */

static bool is_condition_statement(TSNode n)
{
	return is(n, "if_statement") || is(n, "while_statement") ||
	       is(n, "do_statement") || is(n, "switch_expression") ||
	       is(n, "switch_statement") || is(n, "synchronized_statement");
}

/* The smallest expression around n whose value is consumed; *consumer
 * says by what, *discarded whether its value is dropped. */
static TSNode enclosing(TSNode n, const char **consumer, bool *discarded)
{
	TSNode cur = n;
	*discarded = false;
	for (;;) {
		TSNode p = ts_node_parent(cur);
		if (ts_node_is_null(p)) {
			*consumer = "the program";
			return cur;
		}
		const char *pt = ts_node_type(p);
		if (is(p, "condition")) { /* ( e ) of if and while */
			*consumer = is(ts_node_parent(p), "if_statement")
				? "an if condition" : "a while condition";
			return cur;
		}
		if (is(p, "parenthesized_expression")) {
			TSNode g = ts_node_parent(p);
			if (is_condition_statement(g)) {
				*consumer = is(g, "if_statement") ? "an if condition"
					: is(g, "while_statement") ? "a while condition"
					: is(g, "do_statement") ? "a do-while condition"
					: "a statement's condition";
				return cur;
			}
			cur = p;
			continue;
		}
		if (is(p, "ternary_expression")) {
			if (same_node(ts_node_child_by_field_name(p, "condition", 9), cur)) {
				*consumer = "a ?: condition";
				return cur;
			}
			cur = p;
			continue;
		}
		if (is(p, "binary_expression") || is(p, "unary_expression") ||
		    is(p, "cast_expression") || is(p, "instanceof_expression") ||
		    is(p, "update_expression") || is(p, "assignment_expression")) {
			cur = p;
			continue;
		}
		if (is(p, "expression_statement")) {
			*consumer = "an expression statement";
			*discarded = true;
		} else if (is(p, "for_statement")) {
			if (same_node(ts_node_child_by_field_name(p, "condition", 9), cur)) {
				*consumer = "a for condition";
			} else {
				*consumer = "a for update";
				*discarded = true;
			}
		} else if (is(p, "return_statement")) {
			*consumer = "a return value";
		} else if (is(p, "variable_declarator")) {
			*consumer = "an initializer";
		} else if (is(p, "argument_list")) {
			*consumer = "a call argument";
		} else if (is(p, "array_access")) {
			*consumer = same_node(ts_node_child_by_field_name(p, "index", 5), cur)
				? "an array index" : "an array access";
		} else if (is(p, "assert_statement")) {
			*consumer = "an assert condition";
		} else if (is(p, "field_access") || is(p, "method_invocation")) {
			*consumer = "a receiver";
		} else {
			*consumer = pt;
		}
		return cur;
	}
}

/* The site's text: its leaves with every gap (blanks, newlines,
 * comments) as one blank; the occurrence [ob, oe) marked. */
struct textw {
	const struct jsrc *f;
	struct strbuf sb;
	uint32_t last;          /* end of the previous leaf */
	uint32_t ob, oe;
	size_t hb, he;
};

static void leaves(struct textw *w, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	const char *t = ts_node_type(n);
	if (!strcmp(t, "comment") || !strcmp(t, "line_comment") ||
	    !strcmp(t, "block_comment"))
		return;
	bool atom = !ts_node_child_count(n) || !strcmp(t, "string_literal") ||
		    !strcmp(t, "character_literal") || !strcmp(t, "text_block");
	if (atom) {
		if (w->sb.len && b > w->last)
			sb_putc(&w->sb, ' ');
		if (b == w->ob)
			w->hb = w->sb.len;
		sb_add(&w->sb, w->f->text + b, e - b);
		for (char *p = w->sb.buf + w->sb.len - (e - b); *p; p++)
			if (*p == '\n' || *p == '\r' || *p == '\t')
				*p = ' ';
		if (e == w->oe)
			w->he = w->sb.len;
		w->last = e;
		return;
	}
	uint32_t k = ts_node_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		leaves(w, ts_node_child(n, i));
}

/* --- declared types ------------------------------------------------ */

/* The type of a declarator's variable: the declaration's type plus the
 * declarator's dimensions; NULL for `var`. */
static const char *decl_type(struct arena *a, const struct jsrc *f,
			     TSNode type, TSNode declarator)
{
	if (ts_node_is_null(type))
		return NULL;
	char *t = squeezed(a, f, type);
	if (!strcmp(t, "var"))
		return NULL;
	TSNode dims = ts_node_is_null(declarator) ? declarator
		: ts_node_child_by_field_name(declarator, "dimensions", 10);
	if (!ts_node_is_null(dims))
		t = arena_printf(a, "%s%s", t, squeezed(a, f, dims));
	return t;
}

/* name declared by declaration d (local variable or field)?  Its type
 * (NULL for var), or "" when d does not declare it. */
static const char *in_declaration(struct arena *a, const struct jsrc *f,
				  TSNode d, const char *name)
{
	TSNode type = ts_node_child_by_field_name(d, "type", 4);
	uint32_t k = ts_node_named_child_count(d);
	for (uint32_t i = 0; i < k; i++) {
		TSNode v = ts_node_named_child(d, i);
		if (!is(v, "variable_declarator"))
			continue;
		TSNode nm = ts_node_child_by_field_name(v, "name", 4);
		if (!ts_node_is_null(nm) && text_is(f, nm, name))
			return decl_type(a, f, type, v);
	}
	return "";
}

/* A parameter list's declaration of name: its type, NULL (unknown),
 * or "" (not declared there). */
static const char *in_parameters(struct arena *a, const struct jsrc *f,
				 TSNode ps, const char *name)
{
	if (is(ps, "identifier"))
		return text_is(f, ps, name) ? NULL : "";
	uint32_t k = ts_node_named_child_count(ps);
	for (uint32_t i = 0; i < k; i++) {
		TSNode p = ts_node_named_child(ps, i);
		if (is(p, "identifier")) {
			if (text_is(f, p, name))
				return NULL;
		} else if (is(p, "formal_parameter")) {
			TSNode nm = ts_node_child_by_field_name(p, "name", 4);
			if (!ts_node_is_null(nm) && text_is(f, nm, name))
				return decl_type(a, f, ts_node_child_by_field_name(
							 p, "type", 4), p);
		} else if (is(p, "spread_parameter")) {
			/* T... xs: an array, a reference */
			uint32_t q = ts_node_named_child_count(p);
			for (uint32_t j = 0; j < q; j++) {
				TSNode v = ts_node_named_child(p, j);
				TSNode nm = ts_node_child_by_field_name(v, "name", 4);
				if (is(v, "variable_declarator") && !ts_node_is_null(nm) &&
				    text_is(f, nm, name))
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
	uint32_t k = ts_node_named_child_count(p);
	const char *t;
	if (is(p, "method_declaration") || is(p, "constructor_declaration") ||
	    is(p, "lambda_expression")) {
		TSNode ps = ts_node_child_by_field_name(p, "parameters", 10);
		return ts_node_is_null(ps) ? "" : in_parameters(a, f, ps, name);
	}
	if (is(p, "enhanced_for_statement")) {
		TSNode nm = ts_node_child_by_field_name(p, "name", 4);
		if (!ts_node_is_null(nm) && text_is(f, nm, name))
			return decl_type(a, f, ts_node_child_by_field_name(p, "type", 4), p);
		return "";
	}
	if (is(p, "catch_clause")) {
		for (uint32_t i = 0; i < k; i++) {
			TSNode c = ts_node_named_child(p, i);
			TSNode nm = ts_node_child_by_field_name(c, "name", 4);
			if (is(c, "catch_formal_parameter") && !ts_node_is_null(nm) &&
			    text_is(f, nm, name))
				return "Throwable";
		}
		return "";
	}
	bool body = is(p, "class_body") || is(p, "enum_body") ||
		    is(p, "interface_body");
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(p, i);
		if (!body && ts_node_start_byte(d) >= cb)
			break;
		if (!is(d, body ? "field_declaration" : "local_variable_declaration") &&
		    !(body && is(d, "constant_declaration")))
			continue;
		t = in_declaration(a, f, d, name);
		if (!t || *t)
			return t;
	}
	/* A class with a superclass or interfaces may inherit the name:
	 * outer classes' fields are not in scope then. */
	if (body) {
		TSNode cls = ts_node_parent(p);
		if (!ts_node_is_null(ts_node_child_by_field_name(cls, "superclass", 10)) ||
		    !ts_node_is_null(ts_node_child_by_field_name(cls, "interfaces", 10)) ||
		    is(cls, "object_creation_expression"))
			*stop = true;
	}
	return "";
}

/* The declared type of name where site reads it; NULL if not found. */
static const char *declared_type(struct arena *a, const struct jsrc *f,
				 TSNode site, const char *name)
{
	TSNode child = site;
	for (TSNode p = ts_node_parent(site); !ts_node_is_null(p);
	     child = p, p = ts_node_parent(p)) {
		bool stop = false;
		const char *t = in_scope(a, f, p, child, name, &stop);
		if (!t || *t)
			return t;
		if (stop)
			return NULL;
	}
	return NULL;
}

/* The plain identifiers the site reads (not inside calls, field and
 * array accesses, object creations or lambdas: those are opaque). */
static void site_vars(struct arena *a, const struct jsrc *f, TSNode site,
		      TSNode n, struct jocc *o)
{
	if (is(n, "method_invocation") || is(n, "field_access") ||
	    is(n, "array_access") || is(n, "object_creation_expression") ||
	    is(n, "lambda_expression") || is(n, "method_reference") ||
	    is(n, "array_creation_expression"))
		return;
	if (is(n, "identifier")) {
		char *name = squeezed(a, f, n);
		for (int i = 0; i < o->nvars; i++)
			if (!strcmp(o->vars[i].name, name))
				return;
		const char *t = declared_type(a, f, site, name);
		if (t && o->nvars < JSRC_MAX_VARS)
			o->vars[o->nvars++] = (struct jvar){ name, t };
		return;
	}
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		site_vars(a, f, site, ts_node_named_child(n, i), o);
}

/* --- occurrences --------------------------------------------------- */

static void describe(struct jsrc *f, struct arena *a, TSNode n, struct jocc *o)
{
	TSPoint sp = ts_node_start_point(n);
	memset(o, 0, sizeof(*o));
	o->line = (int)sp.row + 1;
	o->col = (int)sp.column + 1;
	o->start = ts_node_start_byte(n);
	const char *t = ts_node_type(n);
	size_t tl = strlen(t);
	o->statement = (tl > 10 && !strcmp(t + tl - 10, "_statement")) ||
		       !strcmp(t, "local_variable_declaration");
	TSNode site = o->statement ? n : enclosing(n, &o->consumer, &o->discarded);
	if (o->statement)
		o->consumer = "a statement";
	TSPoint ep = ts_node_start_point(site);
	o->eline = (int)ep.row + 1;
	o->ecol = (int)ep.column + 1;
	o->ebegin = ts_node_start_byte(site);
	o->eend = ts_node_end_byte(site);
	struct textw w = { .f = f, .last = ts_node_start_byte(site),
			   .ob = ts_node_start_byte(n), .oe = ts_node_end_byte(n) };
	leaves(&w, site);
	o->expr = arena_strdup(a, w.sb.len ? w.sb.buf : "");
	o->hole_b = w.hb;
	o->hole_e = w.he;
	sb_release(&w.sb);
	site_vars(a, f, site, site, o);
}

struct finder {
	struct jsrc *f;
	struct arena *a;
	uint32_t row;
	const char *norm;
	struct jocc *out;
	int max, n;
	uint32_t last_b, last_e; /* the previous match: one per range */
};

static void find(struct finder *F, TSNode n)
{
	TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	if (s.row > F->row || e.row < F->row)
		return;
	uint32_t b = ts_node_start_byte(n), en = ts_node_end_byte(n);
	if (s.row == F->row && ts_node_is_named(n) &&
	    !(F->n && b == F->last_b && en == F->last_e) &&
	    text_is(F->f, n, F->norm)) {
		if (F->n < F->max)
			describe(F->f, F->a, n, &F->out[F->n]);
		F->n++;
		F->last_b = b;
		F->last_e = en;
		return; /* the same text cannot sit inside itself */
	}
	uint32_t k = ts_node_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		find(F, ts_node_child(n, i));
}

int jsrc_find(struct jsrc *f, struct arena *a, int line, const char *text,
	      struct jocc *out, int max)
{
	if (line < 1)
		return 0;
	struct strbuf sb = STRBUF_INIT;
	for (const char *p = text; *p; p++)
		if (!isspace((unsigned char)*p))
			sb_putc(&sb, *p);
	struct finder F = { .f = f, .a = a, .row = (uint32_t)line - 1,
			    .norm = sb.buf ? sb.buf : "", .out = out, .max = max };
	if (sb.len)
		find(&F, ts_tree_root_node(f->tree));
	sb_release(&sb);
	return F.n;
}
