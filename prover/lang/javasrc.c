/*
 * javasrc.c - Java sources with tree-sitter (javasrc.h): parse a file,
 * find a logged original's occurrences on a line, climb to the
 * enclosing expression, and find the declared types of the variables
 * it reads.  The only file (with javasrc-*.c) that includes
 * <tree_sitter/api.h> (through javasrc-int.h).
 */
#include "lang/javasrc-int.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>

/* The grammar's entry point (its generated parser.c, compiled by make). */
const TSLanguage *tree_sitter_java(void);

bool jnode_is(TSNode n, const char *type)
{
	return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

bool jnode_same(TSNode x, TSNode y)
{
	return !ts_node_is_null(x) && !ts_node_is_null(y) &&
	       ts_node_start_byte(x) == ts_node_start_byte(y) &&
	       ts_node_end_byte(x) == ts_node_end_byte(y);
}

char *jnode_squeezed(struct arena *a, const struct jsrc *f, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	char *s = arena_alloc(a, e - b + 1), *p = s;
	for (uint32_t i = b; i < e; i++)
		if (!isspace((unsigned char)f->text[i]))
			*p++ = f->text[i];
	*p = 0;
	return s;
}

bool jnode_text_is(const struct jsrc *f, TSNode n, const char *norm)
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

/* Parse text (len bytes, heap, taken) as the file named path. */
static struct jsrc *jsrc_take(const char *path, char *text, size_t len,
			      struct arena *a, const char **why)
{
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
	/* every other walk here recurses: deeper trees are refused */
	if (jindex_build(&f->ix, t) > JSRC_MAX_DEPTH) {
		jindex_release(&f->ix);
		free(f);
		ts_tree_delete(t);
		free(text);
		*why = arena_printf(a, "%s: nested more than %d levels deep",
				    path, JSRC_MAX_DEPTH);
		return NULL;
	}
	f->text = text;
	f->name = xstrdup(path);
	f->tree = t;
	f->src = (struct source){ .name = f->name, .text = text, .len = len };
	return f;
}

struct jsrc *jsrc_open(const char *path, struct arena *a, const char **why)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		*why = arena_printf(a, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	return jsrc_take(path, text, len, a, why);
}

struct jsrc *jsrc_open_text(const char *name, const char *text,
			    struct arena *a, const char **why)
{
	return jsrc_take(name, xstrdup(text), strlen(text), a, why);
}

void jsrc_free(struct jsrc *f)
{
	if (!f)
		return;
	jindex_release(&f->ix);
	free(f->memo);
	arena_free(f->memo_a);
	arena_free(f->mb_a);
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
static bool first_error(const struct jsrc *f, TSNode n, TSPoint *at)
{
	if (jnode_is(n, "ERROR") || ts_node_is_missing(n)) {
		*at = ts_node_start_point(n);
		return true;
	}
	if (!ts_node_has_error(n))
		return false;
	struct jkids k = jnode_kids(f, n, false);
	for (TSNode c; jkids_next(&k, &c);)
		if (first_error(f, c, at))
			return true;
	*at = ts_node_start_point(n);
	return true;
}

bool jsrc_syntax_error(const struct jsrc *f, int *line, int *col)
{
	TSPoint at;
	if (!first_error(f, ts_tree_root_node(f->tree), &at))
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
		if (!ts_node_is_null(nm) && jnode_text_is(f, nm, name))
			return true;
	}
	return false;
}

/* --- the enclosing expression ------------------------------------- */

static bool is_condition_statement(TSNode n)
{
	return jnode_is(n, "if_statement") || jnode_is(n, "while_statement") ||
	       jnode_is(n, "do_statement") || jnode_is(n, "switch_expression") ||
	       jnode_is(n, "switch_statement") || jnode_is(n, "synchronized_statement");
}

/* The smallest expression around n whose value is consumed; *consumer
 * says by what, *discarded whether its value is dropped. */
static TSNode enclosing(const struct jsrc *f, TSNode n, const char **consumer,
			bool *discarded)
{
	TSNode cur = n;
	*discarded = false;
	for (;;) {
		TSNode p = jnode_parent(f, cur);
		if (ts_node_is_null(p)) {
			*consumer = "the program";
			return cur;
		}
		const char *pt = ts_node_type(p);
		if (jnode_is(p, "condition")) { /* ( e ) of if and while */
			*consumer = jnode_is(jnode_parent(f, p), "if_statement")
				? "an if condition" : "a while condition";
			return cur;
		}
		if (jnode_is(p, "parenthesized_expression")) {
			TSNode g = jnode_parent(f, p);
			if (is_condition_statement(g)) {
				*consumer = jnode_is(g, "if_statement") ? "an if condition"
					: jnode_is(g, "while_statement") ? "a while condition"
					: jnode_is(g, "do_statement") ? "a do-while condition"
					: "a statement's condition";
				return cur;
			}
			cur = p;
			continue;
		}
		if (jnode_is(p, "ternary_expression")) {
			if (jnode_same(ts_node_child_by_field_name(p, "condition", 9), cur)) {
				*consumer = "a ?: condition";
				return cur;
			}
			cur = p;
			continue;
		}
		if (jnode_is(p, "binary_expression") || jnode_is(p, "unary_expression") ||
		    jnode_is(p, "cast_expression") || jnode_is(p, "instanceof_expression") ||
		    jnode_is(p, "update_expression") || jnode_is(p, "assignment_expression")) {
			cur = p;
			continue;
		}
		if (jnode_is(p, "expression_statement")) {
			*consumer = "an expression statement";
			*discarded = true;
		} else if (jnode_is(p, "for_statement")) {
			if (jnode_same(ts_node_child_by_field_name(p, "condition", 9), cur)) {
				*consumer = "a for condition";
			} else {
				*consumer = "a for update";
				*discarded = true;
			}
		} else if (jnode_is(p, "return_statement")) {
			*consumer = "a return value";
		} else if (jnode_is(p, "variable_declarator")) {
			*consumer = "an initializer";
		} else if (jnode_is(p, "argument_list")) {
			*consumer = "a call argument";
		} else if (jnode_is(p, "array_access")) {
			*consumer = jnode_same(ts_node_child_by_field_name(p, "index", 5), cur)
				? "an array index" : "an array access";
		} else if (jnode_is(p, "assert_statement")) {
			*consumer = "an assert condition";
		} else if (jnode_is(p, "field_access") || jnode_is(p, "method_invocation")) {
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
	size_t hb, he;          /* the occurrence's leaves in sb */
	bool hset;
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
		if (!w->hset && b >= w->ob) {
			w->hb = w->he = w->sb.len;
			w->hset = true;
		}
		size_t at = w->sb.len;
		sb_add(&w->sb, w->f->text + b, e - b);
		for (size_t i = at; i < w->sb.len; i++)
			if (w->sb.buf[i] == '\n' || w->sb.buf[i] == '\r' ||
			    w->sb.buf[i] == '\t')
				w->sb.buf[i] = ' ';
		if (b >= w->ob && e <= w->oe) /* the last leaf inside it */
			w->he = w->sb.len;
		w->last = e;
		return;
	}
	struct jkids k = jnode_kids(w->f, n, false);
	for (TSNode c; jkids_next(&k, &c);)
		leaves(w, c);
}

/* The plain identifiers the site reads (not inside calls, field and
 * array accesses, object creations or lambdas: those are opaque). */
static void site_vars(struct arena *a, const struct jsrc *f, TSNode site,
		      TSNode n, struct jocc *o)
{
	if (jnode_is(n, "method_invocation") || jnode_is(n, "field_access") ||
	    jnode_is(n, "array_access") || jnode_is(n, "object_creation_expression") ||
	    jnode_is(n, "lambda_expression") || jnode_is(n, "method_reference") ||
	    jnode_is(n, "array_creation_expression"))
		return;
	if (jnode_is(n, "identifier")) {
		char *name = jnode_squeezed(a, f, n);
		for (int i = 0; i < o->nvars; i++)
			if (!strcmp(o->vars[i].name, name))
				return;
		const char *t = jsrc_declared_type(a, f, site, name, NULL);
		if (t && o->nvars < JSRC_MAX_VARS)
			o->vars[o->nvars++] = (struct jvar){ name, t };
		return;
	}
	struct jkids k = jnode_kids(f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		site_vars(a, f, site, c, o);
}

/* --- occurrences --------------------------------------------------- */

/* What describe() finds that depends on the site alone, its variables
 * and path condition, kept per file by the site's position in the
 * index (f->memo; texts in f->memo_a) for the other occurrences in the
 * same site: the mutants of one enclosing expression are placed one
 * logged original at a time. */
struct jmemo {
	bool statement;
	int nvars;
	struct jvar vars[JSRC_MAX_VARS];
	const char *assume;
	const char *facts;
	const char *loops;
	const char *dead;
};

static const char *dup_or_null(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

/* Copy the variables and path condition of from into to, texts in a. */
static void copy_facts(struct arena *a, int nvars, const struct jvar *vars,
		       const char *assume, int *to_n, struct jvar *to_vars,
		       const char **to_assume)
{
	*to_n = nvars;
	for (int v = 0; v < nvars; v++)
		to_vars[v] = (struct jvar){ arena_strdup(a, vars[v].name),
					    arena_strdup(a, vars[v].type) };
	*to_assume = dup_or_null(a, assume);
}

/* o's variables and path condition (o->statement set): the site's,
 * found once per file. */
static void site_facts(struct jsrc *f, struct arena *a, TSNode site,
		       struct jocc *o)
{
	uint32_t i = jindex_pos(&f->ix, site);
	struct jmemo *m = i == JIX_NONE || !f->memo ? NULL : f->memo[i];
	if (m && m->statement == o->statement) {
		copy_facts(a, m->nvars, m->vars, m->assume, &o->nvars, o->vars,
			   &o->assume);
		o->facts = dup_or_null(a, m->facts);
		o->loops = dup_or_null(a, m->loops);
		o->dead = dup_or_null(a, m->dead);
		return;
	}
	site_vars(a, f, site, site, o);
	if (!o->statement)
		jsrc_path_condition(a, f, site, o);
	if (!o->statement)
		jsrc_site_facts(a, f, site, o);
	if (!o->statement)
		jsrc_loop_facts(a, f, site, o);
	if (!o->statement)
		jsrc_dead_vars(a, f, site, o);
	if (i == JIX_NONE)
		return;
	if (!f->memo) {
		f->memo = xcalloc(f->ix.n, sizeof(*f->memo));
		f->memo_a = arena_new();
	}
	m = ANEW(f->memo_a, struct jmemo);
	m->statement = o->statement;
	copy_facts(f->memo_a, o->nvars, o->vars, o->assume, &m->nvars, m->vars,
		   &m->assume);
	m->facts = dup_or_null(f->memo_a, o->facts);
	m->loops = dup_or_null(f->memo_a, o->loops);
	m->dead = dup_or_null(f->memo_a, o->dead);
	f->memo[i] = m;
}

/* Is n an expression whose value the program reads: an expression
 * node, not a declared name, a method's name or a field's name after
 * '.', nor a lambda's parameter? */
static bool is_value(const struct jsrc *f, TSNode n)
{
	const char *t = ts_node_type(n);
	size_t tl = strlen(t);
	static const char *const prim[] = { "identifier", "true", "false",
					    "this", "field_access", "array_access",
					    "method_invocation", "class_literal" };
	bool expr = (tl > 11 && !strcmp(t + tl - 11, "_expression")) ||
		    (tl > 8 && !strcmp(t + tl - 8, "_literal"));
	for (size_t i = 0; !expr && i < ARRAY_SIZE(prim); i++)
		expr = !strcmp(t, prim[i]);
	TSNode p = jnode_parent(f, n);
	if (!expr || ts_node_is_null(p))
		return expr;
	if (jnode_same(ts_node_child_by_field_name(p, "name", 4), n) ||
	    jnode_same(ts_node_child_by_field_name(p, "field", 5), n) ||
	    jnode_same(ts_node_child_by_field_name(p, "parameters", 10), n))
		return false;
	return !jnode_is(p, "inferred_parameters") &&
	       !jnode_is(p, "scoped_identifier") &&
	       !jnode_is(p, "labeled_statement") &&
	       !jnode_is(p, "break_statement") &&
	       !jnode_is(p, "continue_statement");
}

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
	o->expression = o->statement || is_value(f, n);
	TSNode site = o->statement ? n : enclosing(f, n, &o->consumer, &o->discarded);
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
	site_facts(f, a, site, o);
}

struct finder {
	struct jsrc *f;
	struct arena *a;
	uint32_t row;
	const char *norm;       /* the text without blanks */
	const struct jpat *pat; /* the text parsed (pat->parsed) */
	bool spans;             /* nodes over the line, not only on it */
	struct jocc *out;
	int max, n;
	uint32_t last_b, last_e; /* the previous match: one per range */
};

/* Could n be an original logged on row: a named node, not a pair of
 * parentheses (the expression inside is) nor an integer literal after
 * a minus (javac's literal is both), that starts on row or (F->spans)
 * reaches over it?  Major logs a mutant of an expression over several
 * lines at the line of what replaces it (its operator, an operand,
 * the call's parenthesis): any of its lines. */
static bool candidate(const struct finder *F, TSNode n, TSPoint start)
{
	if (!ts_node_is_named(n) || jnode_is(n, "parenthesized_expression") ||
	    jnode_is(n, "condition") || jnode_folded_literal(F->f, n))
		return false;
	return F->spans || start.row == F->row;
}

static bool matches(const struct finder *F, TSNode n)
{
	return F->pat->parsed ? jpat_matches(F->f, n, F->pat)
			      : jnode_text_is(F->f, n, F->norm);
}

/* The index in source order: a node starting after the line ends the
 * search (every node after it starts later); one that does not reach
 * the line is skipped with its subtree. */
static void find(struct finder *F)
{
	const struct jindex *ix = &F->f->ix;
	for (uint32_t i = 0; i < ix->n;) {
		TSNode n = ix->node[i];
		TSPoint s = ts_node_start_point(n);
		if (s.row > F->row)
			return;
		if (ts_node_end_point(n).row < F->row) {
			i = ix->skip[i];
			continue;
		}
		uint32_t b = ts_node_start_byte(n), en = ts_node_end_byte(n);
		if (candidate(F, n, s) &&
		    !(F->n && b == F->last_b && en == F->last_e) && matches(F, n)) {
			if (F->n < F->max)
				describe(F->f, F->a, n, &F->out[F->n]);
			F->n++;
			F->last_b = b;
			F->last_e = en;
			i = ix->skip[i]; /* the same text cannot sit inside itself */
			continue;
		}
		i++;
	}
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
	struct jpat pat;
	jpat_parse(&pat, text);
	struct finder F = { .f = f, .a = a, .row = (uint32_t)line - 1,
			    .norm = sb.buf ? sb.buf : "", .pat = &pat,
			    .out = out, .max = max };
	if (sb.len)
		find(&F);
	if (sb.len && !F.n) { /* an expression over several lines */
		F.spans = true;
		find(&F);
	}
	jpat_release(&pat);
	sb_release(&sb);
	return F.n;
}
