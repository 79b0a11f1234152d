/*
 * csrc.c - C sources with tree-sitter (csrc.h): parse, find a function
 * and a mutant's node in it.  The IR is built by csrc-method.c.
 */
#include "lang/csrc-int.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The grammar's entry point (its generated parser.c, compiled by make). */
const TSLanguage *tree_sitter_c(void);

bool cnode_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

TSNode cnode_field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

char *cnode_squeezed(struct arena *a, const struct csrc *f, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	char *s = arena_alloc(a, e - b + 1), *p = s;
	for (uint32_t i = b; i < e; i++)
		if (!isspace((unsigned char)f->text[i]))
			*p++ = f->text[i];
	*p = 0;
	return s;
}

char *cnode_text(struct arena *a, const struct csrc *f, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	return arena_strndup(a, f->text + b, e - b);
}

bool cnode_same(TSNode x, TSNode y)
{
	return !ts_node_is_null(x) && !ts_node_is_null(y) &&
	       ts_node_start_byte(x) == ts_node_start_byte(y) &&
	       ts_node_end_byte(x) == ts_node_end_byte(y) &&
	       !strcmp(ts_node_type(x), ts_node_type(y));
}

char *cnode_spaced(struct arena *a, const struct csrc *f, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	char *s = arena_alloc(a, e - b + 1), *p = s;
	for (uint32_t i = b; i < e; i++) {
		char c = f->text[i];
		if (!isspace((unsigned char)c))
			*p++ = c;
		else if (p > s && p[-1] != ' ')
			*p++ = ' ';
	}
	while (p > s && p[-1] == ' ')
		p--;
	*p = 0;
	return s;
}

/* The depth of t's deepest node (a cursor walk, without recursion). */
static unsigned tree_depth(TSTree *t)
{
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t));
	unsigned d = 0, max = 0;
	for (;;) {
		if (ts_tree_cursor_goto_first_child(&c)) {
			if (++d > max)
				max = d;
			continue;
		}
		while (!ts_tree_cursor_goto_next_sibling(&c))
			if (!ts_tree_cursor_goto_parent(&c)) {
				ts_tree_cursor_delete(&c);
				return max;
			} else {
				d--;
			}
	}
}

size_t csrc_in(const struct csrc *f, size_t b)
{
	size_t k = 0;
	while (k < (size_t)f->nins && f->ins[k] <= b)
		k++;
	return b + 4 * k;
}

size_t csrc_out(const struct csrc *f, size_t b)
{
	size_t k = 0;
	while (k < (size_t)f->nins && f->ins[k] + 4 * k + 4 <= b)
		k++;
	if (k < (size_t)f->nins && b >= f->ins[k] + 4 * k)
		return f->ins[k]; /* inside an inserted "int " */
	return b - 4 * k;
}

/* Does the line at text[b] (a line's start) read as the head of a
 * definition without a return type, `main(argc, argv)` or `main()`: an
 * identifier that is no keyword, then a parenthesized list of
 * identifiers, and nothing else on the line?  (tree-sitter-c 0.20.6
 * reads it as a call, an error or part of a preceding #include.)  The
 * tree read with "int " before it decides (insertions_read()). */
static bool implicit_int_head(const char *t, size_t b)
{
	static const char *const kw[] = { "if", "while", "for", "switch",
		"return", "sizeof", "do", "else", "case", "goto", "defined",
		"_Alignof", "_Generic", "_Static_assert", "typedef" };
	size_t i = b;
	if (!isalpha((unsigned char)t[i]) && t[i] != '_')
		return false;
	while (isalnum((unsigned char)t[i]) || t[i] == '_')
		i++;
	for (size_t k = 0; k < ARRAY_SIZE(kw); k++)
		if (strlen(kw[k]) == i - b && !memcmp(t + b, kw[k], i - b))
			return false;
	while (t[i] == ' ' || t[i] == '\t')
		i++;
	if (t[i++] != '(')
		return false;
	while (isalnum((unsigned char)t[i]) || t[i] == '_' || t[i] == ',' ||
	       t[i] == ' ' || t[i] == '\t')
		i++;
	if (t[i++] != ')')
		return false;
	while (t[i] == ' ' || t[i] == '\t' || t[i] == '\r')
		i++;
	return t[i] == '\n';
}

static TSTree *parse(const char *text, size_t len)
{
	TSParser *p = ts_parser_new();
	TSTree *t = NULL;
	if (ts_parser_set_language(p, tree_sitter_c()))
		t = ts_parser_parse_string(p, NULL, text, (uint32_t)len);
	ts_parser_delete(p);
	return t;
}

/* Does insertion k of f start a function definition without errors? */
static bool insertion_reads(const struct csrc *f, uint32_t k)
{
	uint32_t at = f->ins[k] + 4 * k;
	TSNode d = ts_node_named_descendant_for_byte_range(
		ts_tree_root_node(f->tree), at, at + 3);
	while (!ts_node_is_null(d) && strcmp(ts_node_type(d),
					     "function_definition"))
		d = ts_node_parent(d);
	return !ts_node_is_null(d) && ts_node_start_byte(d) == at &&
	       !ts_node_has_error(d);
}

/* May the identifier at t[b] (length l) be a macro, the head a macro
 * invocation rather than a definition (`PHP_FUNCTION(name) {`)?  Its
 * letters all capitals (the convention for macros, which the file may
 * #include), or a #define of it in the file. */
static bool macro_like(const char *t, size_t len, size_t b, size_t l)
{
	bool lower = false;
	for (size_t i = b; i < b + l; i++)
		lower |= islower((unsigned char)t[i]) != 0;
	if (!lower)
		return true;
	for (size_t i = 0; i < len; i++) {
		if (t[i] != '#' || (i && t[i - 1] != '\n' && !isspace(
				    (unsigned char)t[i - 1])))
			continue;
		size_t j = i + 1;
		while (j < len && (t[j] == ' ' || t[j] == '\t'))
			j++;
		if (len - j < 6 || memcmp(t + j, "define", 6))
			continue;
		j += 6;
		while (j < len && (t[j] == ' ' || t[j] == '\t'))
			j++;
		if (len - j >= l && !memcmp(t + j, t + b, l) && (j + l == len ||
		    !(isalnum((unsigned char)t[j + l]) || t[j + l] == '_')))
			return true;
	}
	return false;
}

/* f's text with "int " before each of the n bytes ins (ascending),
 * parsed into *tree; NULL when it does not parse. */
static char *inserted(const struct csrc *f, size_t len, const uint32_t *ins,
		      uint32_t n, TSTree **tree)
{
	char *t = xmalloc(len + 4 * n + 1), *p = t;
	size_t at = 0;
	for (uint32_t i = 0; i < n; i++) {
		memcpy(p, f->text + at, ins[i] - at);
		p += ins[i] - at;
		memcpy(p, "int ", 4);
		p += 4;
		at = ins[i];
	}
	memcpy(p, f->text + at, len - at);
	p[len - at] = 0;
	if (!(*tree = parse(t, len + 4 * n))) {
		free(t);
		return NULL;
	}
	return t;
}

/* f read again with "int " before each definition without a return
 * type (implicit_int_head(), not macro_like()) outside the functions
 * tree-sitter reads,
 * those of them that then read as definitions without errors (a second
 * reading with those only must read them all so); else f unchanged. */
static void implicit_int(struct csrc *f, size_t len)
{
	TSNode root = ts_tree_root_node(f->tree);
	if (!ts_node_has_error(root))
		return;
	uint32_t n = 0, cap = 0, *ins = NULL;
	for (size_t b = 0; b < len; b++) {
		if (b && f->text[b - 1] != '\n')
			continue;
		if (!implicit_int_head(f->text, b))
			continue;
		size_t l = 0;
		while (isalnum((unsigned char)f->text[b + l]) || f->text[b + l] == '_')
			l++;
		if (macro_like(f->text, len, b, l))
			continue;
		TSNode d = ts_node_descendant_for_byte_range(root, (uint32_t)b,
							     (uint32_t)b + 1);
		while (!ts_node_is_null(d) && strcmp(ts_node_type(d),
						     "function_definition"))
			d = ts_node_parent(d);
		if (!ts_node_is_null(d) && ts_node_start_byte(d) < b)
			continue; /* inside a function tree-sitter reads (one
				   * starting at b: `sign(x) {` read as a
				   * definition of type sign, declarator (x)) */
		if (n == cap)
			ins = xrealloc(ins, (cap = cap ? 2 * cap : 4) * sizeof(*ins));
		ins[n++] = (uint32_t)b;
	}
	for (int pass = 0; n && pass < 2; pass++) {
		TSTree *tree;
		char *t = inserted(f, len, ins, n, &tree);
		if (!t)
			break;
		struct csrc g = { .text = t, .tree = tree, .ins = ins,
				  .nins = (int)n };
		uint32_t kept = 0;
		for (uint32_t k = 0; k < n; k++)
			if (insertion_reads(&g, k))
				ins[kept++] = ins[k];
		if (kept == n && tree_depth(tree) <= CSRC_MAX_DEPTH) {
			ts_tree_delete(f->tree);
			f->orig = f->text;
			f->text = t;
			f->tree = tree;
			f->ins = ins;
			f->nins = (int)n;
			f->src.text = t;
			f->src.len = len + 4 * n;
			return;
		}
		ts_tree_delete(tree);
		free(t);
		n = kept;
	}
	free(ins);
}

struct csrc *csrc_from_text(const char *name, const char *text, size_t len,
			    struct arena *a, const char **why)
{
	if (len > UINT32_MAX / 2 || strnlen(text, len) != len) {
		*why = arena_printf(a, "%s: %s", name, len > UINT32_MAX / 2
				    ? "too large" : "contains a NUL byte");
		return NULL;
	}
	TSTree *t = parse(text, len);
	if (!t) {
		*why = arena_printf(a, "%s: tree-sitter could not parse it (or "
				    "rejects the C grammar's language version)",
				    name);
		return NULL;
	}
	if (tree_depth(t) > CSRC_MAX_DEPTH) {
		ts_tree_delete(t);
		*why = arena_printf(a, "%s: nested deeper than %d", name,
				    CSRC_MAX_DEPTH);
		return NULL;
	}
	struct csrc *f = xcalloc(1, sizeof(*f));
	f->text = xmalloc(len + 1);
	memcpy(f->text, text, len);
	f->text[len] = 0;
	f->name = xstrdup(name);
	f->tree = t;
	f->src = (struct source){ f->name, f->text, len };
	implicit_int(f, len);
	return f;
}

struct csrc *csrc_open(const char *path, struct arena *a, const char **why)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		*why = arena_printf(a, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	struct csrc *f = csrc_from_text(path, text, len, a, why);
	free(text);
	return f;
}

void csrc_free(struct csrc *f)
{
	if (!f)
		return;
	ts_tree_delete(f->tree);
	csrc_index_free(f->cindex);
	free(f->text);
	free(f->orig);
	free(f->ins);
	free(f->name);
	free(f);
}

const char *csrc_text(const struct csrc *f)
{
	return f->orig ? f->orig : f->text;
}

TSNode cdecl_name(TSNode d)
{
	while (!ts_node_is_null(d) && !cnode_is(d, "identifier")) {
		if (!cnode_is(d, "function_declarator") &&
		    !cnode_is(d, "parenthesized_declarator") &&
		    !cnode_is(d, "init_declarator"))
			return (TSNode){ 0 };
		d = cnode_is(d, "parenthesized_declarator")
			? ts_node_named_child(d, 0) : cnode_field(d, "declarator");
	}
	return d;
}

bool csrc_kr_bare(const struct csrc *f, struct arena *a, TSNode p)
{
	if (!cnode_is(p, "parameter_declaration") ||
	    !ts_node_is_null(cnode_field(p, "declarator")) ||
	    ts_node_named_child_count(p) != 1)
		return false;
	TSNode t = cnode_field(p, "type");
	const char *td;
	return cnode_is(t, "type_identifier") && !csrc_typedef(f, a,
		cnode_text(a, f, t), ts_node_start_byte(t), &td);
}

bool cnode_text_is(const struct csrc *f, TSNode n, const char *s)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	return strlen(s) == e - b && !memcmp(f->text + b, s, e - b);
}

/* The name a function definition's declarator declares, also under
 * the pointer declarators of a function returning a pointer (which the
 * method model refuses with that reason, csrc-method.c). */
static TSNode defined_name(TSNode d)
{
	while (cnode_is(d, "pointer_declarator"))
		d = cnode_field(d, "declarator");
	return cdecl_name(d);
}

TSNode csrc_function(const struct csrc *f, const char *fname)
{
	TSNode root = ts_tree_root_node(f->tree);
	uint32_t k = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i);
		if (!cnode_is(d, "function_definition"))
			continue;
		TSNode nm = defined_name(cnode_field(d, "declarator"));
		if (!ts_node_is_null(nm) && cnode_text_is(f, nm, fname))
			return d;
	}
	return (TSNode){ 0 };
}

/* Does n's text without blanks equal norm, or (stmt) norm + ";"? */
static bool matches(const struct csrc *f, TSNode n, const char *norm, bool stmt)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	const char *p = norm;
	for (uint32_t i = b; i < e; i++) {
		char c = f->text[i];
		if (isspace((unsigned char)c))
			continue;
		if (!*p && stmt && c == ';' && i + 1 == e)
			return true;
		if (*p++ != c)
			return false;
	}
	return !*p;
}

static bool is_statement(TSNode n)
{
	const char *t = ts_node_type(n);
	size_t l = strlen(t);
	return (l > 10 && !strcmp(t + l - 10, "_statement")) ||
	       !strcmp(t, "declaration");
}

const char *csrc_function_at(const struct csrc *f, struct arena *a,
			     size_t b, size_t e)
{
	b = csrc_in(f, b);
	e = csrc_in(f, e);
	TSNode root = ts_tree_root_node(f->tree);
	uint32_t k = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i);
		TSNode body = cnode_field(d, "body");
		if (!cnode_is(d, "function_definition") || ts_node_is_null(body) ||
		    b < ts_node_start_byte(body) || e > ts_node_end_byte(body))
			continue;
		TSNode nm = defined_name(cnode_field(d, "declarator"));
		return ts_node_is_null(nm) ? NULL : cnode_text(a, f, nm);
	}
	return NULL;
}

bool csrc_is_statement(const struct csrc *f, size_t b, size_t *e)
{
	b = csrc_in(f, b);
	size_t end = csrc_in(f, *e);
	while (end > b && isspace((unsigned char)f->text[end - 1]))
		end--;
	TSNode n = ts_node_named_descendant_for_byte_range(
		ts_tree_root_node(f->tree), (uint32_t)b, (uint32_t)end);
	for (; !ts_node_is_null(n) && ts_node_start_byte(n) == b &&
	       ts_node_end_byte(n) == end; n = ts_node_parent(n))
		if (is_statement(n)) {
			*e = csrc_out(f, end);
			return true;
		}
	return false;
}

bool csrc_operator_at(const struct csrc *f, size_t b, size_t e, size_t *xb,
		      size_t *xe)
{
	static const char *const kinds[] = { "binary_expression",
		"unary_expression", "update_expression", "assignment_expression" };
	if (e <= b)
		return false;
	b = csrc_in(f, b);
	e = csrc_in(f, e);
	TSNode n = ts_node_descendant_for_byte_range(ts_tree_root_node(f->tree),
						     (uint32_t)b, (uint32_t)e);
	if (ts_node_is_null(n) || ts_node_is_named(n) ||
	    ts_node_start_byte(n) != b || ts_node_end_byte(n) != e)
		return false;
	TSNode p = ts_node_parent(n);
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++)
		if (cnode_is(p, kinds[k])) {
			TSNode op = ts_node_child_by_field_name(p, "operator", 8);
			if (ts_node_is_null(op) || !ts_node_eq(op, n))
				return false;
			*xb = csrc_out(f, ts_node_start_byte(p));
			*xe = csrc_out(f, ts_node_end_byte(p));
			return true;
		}
	return false;
}

int csrc_find(struct csrc *f, struct arena *a, const char *fname, int line,
	      const char *orig, bool stmt, size_t *begin, size_t *end,
	      const char **why)
{
	TSNode fn = csrc_function(f, fname);
	if (ts_node_is_null(fn)) {
		*why = arena_printf(a, "no function %s in %s", fname, f->name);
		return -1;
	}
	char *norm = arena_strdup(a, orig), *p = norm;
	for (const char *s = orig; *s; s++)
		if (!isspace((unsigned char)*s))
			*p++ = *s;
	*p = 0;
	int found = 0;
	/* a preorder walk of the function's nodes; the largest node of a
	 * range that matches is the one (a statement, not its expression) */
	TSTreeCursor c = ts_tree_cursor_new(fn);
	uint32_t lastb = UINT32_MAX, laste = 0;
	for (bool more = true; more;) {
		TSNode n = ts_tree_cursor_current_node(&c);
		if ((int)ts_node_start_point(n).row + 1 == line &&
		    ts_node_is_named(n) && is_statement(n) == stmt &&
		    matches(f, n, norm, stmt) &&
		    !(ts_node_start_byte(n) == lastb && ts_node_end_byte(n) == laste)) {
			lastb = ts_node_start_byte(n);
			laste = ts_node_end_byte(n);
			if (!found++) {
				*begin = lastb;
				*end = laste;
			}
		}
		if (ts_tree_cursor_goto_first_child(&c))
			continue;
		while (!(more = ts_tree_cursor_goto_next_sibling(&c)) &&
		       ts_tree_cursor_goto_parent(&c))
			;
		if (!more)
			break;
	}
	ts_tree_cursor_delete(&c);
	if (found == 1) {
		*begin = csrc_out(f, *begin);
		*end = csrc_out(f, *end);
		return 0;
	}
	*why = found ? arena_printf(a, "`%s` occurs %d times on line %d of %s",
				    orig, found, line, fname)
		     : arena_printf(a, "no %s `%s` on line %d of %s",
				    stmt ? "statement" : "expression", orig, line,
				    fname);
	return -1;
}
