/*
 * csrc-const.c - the names a C file gives values and types to (issue
 * 30): object-like #define constants, enumeration constants and
 * typedefs, read from the file's own text (lang/csrc.h: csrc_constant(),
 * csrc_typedef(), csrc_expand()).
 *
 * Why the file's own directives and not `gcc -E`: the reports subsume
 * reads (a mutation-testing-elements report, a YAML site) carry the
 * source text, not the compiler's flags, and a mutant's location is a
 * place in that text; a preprocessor run would need the flags and the
 * headers of the user's build and would move every location.  What the
 * file states is used only where no flag or header can change it:
 *
 *  - a macro: defined once in the whole file (no other #define of the
 *    name, none inside #if/#ifdef, no #undef of it), object-like, at
 *    the top level before the use, with no #include between the
 *    definition and the use (a header could #undef it; a -D flag is
 *    replaced by the file's #define, C11 6.10.3p2), and a body that
 *    expands to a constant: numbers, character constants, operators,
 *    casts to the basic types, and names that are constants themselves
 *    (at most 8 deep);
 *  - an enumeration constant (type int, C11 6.7.2.2p3): declared once,
 *    in an enum at the top level, the name declared nowhere else (no
 *    variable, parameter or function could hide it), its value its
 *    constant expression or the previous one's plus 1, as int;
 *  - a typedef: every typedef of the name at the top level, the last
 *    one before the use a plain identifier (no pointer, array or
 *    function declarator, no qualifier) of a basic type or of another
 *    such typedef, and no ordinary identifier of the same name anywhere
 *    (which would hide it in its scope).  A typedef of the file wins
 *    over a name the profile knows (`typedef int bool;` makes bool an
 *    int, not _Bool); one that is not plain (a struct, an enum: gcc
 *    gives an enum unsigned int or int by its values) is refused.
 *
 * A macro stands for its tokens (no parentheses added, as the
 * preprocessor does), an enumeration constant for its value.
 *
 * Anything else is no constant: the expression keeps the name, and it
 * fails as an unknown variable, as before.
 */
#include "lang/csrc-int.h"

#include <ctype.h>
#include <string.h>

#define MAX_DEPTH 8

struct centry {
	uint32_t b, e;     /* the name's bytes */
	TSNode n;          /* the preproc_def, enumerator or type_definition */
	bool top;          /* at the file's top level */
};

struct cindex {
	struct centry *macros, *undefs, *enums, *typedefs, *decls;
	int nmacros, nundefs, nenums, ntypedefs, ndecls;
	uint32_t *includes;
	int nincludes;
	int cap[6];
};

static void push(struct centry **v, int *n, int *cap, struct centry e)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		*v = xrealloc(*v, (size_t)*cap * sizeof(**v));
	}
	(*v)[(*n)++] = e;
}

static bool top_level(TSNode n)
{
	TSNode p = ts_node_parent(n);
	while (cnode_is(p, "declaration") || cnode_is(p, "type_definition") ||
	       cnode_is(p, "enum_specifier") || cnode_is(p, "enumerator_list"))
		p = ts_node_parent(p);
	return cnode_is(p, "translation_unit");
}

/* Is identifier n declared (a variable, parameter, function, field)? */
static bool declaring(TSNode n)
{
	TSNode p = ts_node_parent(n);
	if (cnode_is(p, "init_declarator"))
		return cnode_same(cnode_field(p, "declarator"), n);
	const char *t = ts_node_type(p);
	size_t tl = strlen(t);
	return (tl > 11 && !strcmp(t + tl - 11, "_declarator")) ||
	       cnode_is(p, "declaration") || cnode_is(p, "parameter_declaration") ||
	       cnode_is(p, "parameter_list") || cnode_is(p, "field_declaration");
}

static void add(struct cindex *x, const struct csrc *f, TSNode n)
{
	const char *t = ts_node_type(n);
	struct centry e = { .n = n, .top = top_level(n) };
	TSNode nm = { 0 };
	if (!strcmp(t, "preproc_def") || !strcmp(t, "preproc_function_def")) {
		nm = cnode_field(n, "name");
		e.top = cnode_is(ts_node_parent(n), "translation_unit") &&
			!strcmp(t, "preproc_def");
		if (!ts_node_is_null(nm)) {
			e.b = ts_node_start_byte(nm);
			e.e = ts_node_end_byte(nm);
			push(&x->macros, &x->nmacros, &x->cap[0], e);
		}
	} else if (!strcmp(t, "preproc_call")) {
		TSNode d = cnode_field(n, "directive"), a = cnode_field(n, "argument");
		if (!ts_node_is_null(d) && !ts_node_is_null(a) &&
		    cnode_text_is(f, d, "#undef")) {
			uint32_t b = ts_node_start_byte(a), en = ts_node_end_byte(a);
			while (b < en && isspace((unsigned char)f->text[b]))
				b++;
			while (en > b && isspace((unsigned char)f->text[en - 1]))
				en--;
			e.b = b;
			e.e = en;
			push(&x->undefs, &x->nundefs, &x->cap[1], e);
		}
	} else if (!strcmp(t, "preproc_include")) {
		if (x->nincludes % 16 == 0)
			x->includes = xrealloc(x->includes, ((size_t)x->nincludes +
					       16) * sizeof(*x->includes));
		x->includes[x->nincludes++] = ts_node_start_byte(n);
	} else if (!strcmp(t, "enumerator")) {
		nm = cnode_field(n, "name");
		if (!ts_node_is_null(nm)) {
			e.b = ts_node_start_byte(nm);
			e.e = ts_node_end_byte(nm);
			push(&x->enums, &x->nenums, &x->cap[2], e);
		}
	} else if (!strcmp(t, "type_definition")) {
		e.top = cnode_is(ts_node_parent(n), "translation_unit");
		/* each declarator: `typedef int a, b;` */
		uint32_t k = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < k; i++) {
			TSNode d = ts_node_named_child(n, i), id = d;
			if (cnode_same(d, cnode_field(n, "type")))
				continue;
			while (cnode_is(id, "pointer_declarator") ||
			       cnode_is(id, "array_declarator") ||
			       cnode_is(id, "function_declarator") ||
			       cnode_is(id, "parenthesized_declarator"))
				id = cnode_is(id, "parenthesized_declarator")
				     ? ts_node_named_child(id, 0)
				     : cnode_field(id, "declarator");
			/* tree-sitter-c reads bool, size_t, int8_t ... as
			 * primitive_type even where the file defines them */
			if (!cnode_is(id, "type_identifier") &&
			    !cnode_is(id, "primitive_type"))
				continue;
			struct centry te = e;
			te.b = ts_node_start_byte(id);
			te.e = ts_node_end_byte(id);
			/* a plain declarator: the name itself */
			te.top = e.top && cnode_same(d, id);
			push(&x->typedefs, &x->ntypedefs, &x->cap[3], te);
		}
	} else if (!strcmp(t, "identifier") && declaring(n)) {
		e.b = ts_node_start_byte(n);
		e.e = ts_node_end_byte(n);
		push(&x->decls, &x->ndecls, &x->cap[4], e);
	}
}

static struct cindex *index_of(const struct csrc *f)
{
	struct csrc *m = (struct csrc *)f; /* the index: built once, lazily */
	if (m->cindex)
		return m->cindex;
	struct cindex *x = xcalloc(1, sizeof(*x));
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(f->tree));
	for (;;) {
		add(x, f, ts_tree_cursor_current_node(&c));
		if (ts_tree_cursor_goto_first_child(&c))
			continue;
		bool more = false;
		while (!(more = ts_tree_cursor_goto_next_sibling(&c)) &&
		       ts_tree_cursor_goto_parent(&c))
			;
		if (!more)
			break;
	}
	ts_tree_cursor_delete(&c);
	m->cindex = x;
	return x;
}

void csrc_index_free(struct cindex *x)
{
	if (!x)
		return;
	free(x->macros);
	free(x->undefs);
	free(x->enums);
	free(x->typedefs);
	free(x->decls);
	free(x->includes);
	free(x);
}

static bool named(const struct csrc *f, const struct centry *e,
		  const char *name, size_t l)
{
	return e->e - e->b == l && !memcmp(f->text + e->b, name, l);
}

/* The entries of v named name: how many, the last one before at (or
 * NULL) in *last, the first in *first. */
static int count(const struct csrc *f, const struct centry *v, int n,
		 const char *name, size_t l, uint32_t at,
		 const struct centry **last, const struct centry **first)
{
	int k = 0;
	*last = *first = NULL;
	for (int i = 0; i < n; i++)
		if (named(f, &v[i], name, l)) {
			k++;
			if (!*first)
				*first = &v[i];
			if (v[i].b < at)
				*last = &v[i];
		}
	return k;
}

static bool id_start(int c)
{
	return isalpha(c) || c == '_';
}

/* The words a constant's body may hold besides constants: the basic
 * types' keywords (casts). */
static bool type_word(const char *w, size_t l)
{
	static const char *const kw[] = { "int", "unsigned", "signed", "char",
					  "short", "long", "_Bool" };
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (strlen(kw[i]) == l && !memcmp(kw[i], w, l))
			return true;
	return false;
}

static const char *expand(const struct csrc *f, struct arena *a,
			  const char *text, size_t len, uint32_t at, int depth,
			  bool all);
static int macro_type(const struct csrc *f, struct arena *a, const char *name,
		      size_t l, uint32_t at, const char **type);

/* A macro's body: comments and line continuations blanked. */
static char *body_of(const struct csrc *f, struct arena *a, TSNode v)
{
	uint32_t b = ts_node_start_byte(v), e = ts_node_end_byte(v);
	char *s = arena_alloc(a, e - b + 1), *p = s;
	for (uint32_t i = b; i < e; i++) {
		const char *t = f->text;
		if (t[i] == '/' && i + 1 < e && t[i + 1] == '*') {
			const char *end = strstr(t + i + 2, "*/");
			if (!end || (uint32_t)(end - t) + 2 > e)
				break;
			i = (uint32_t)(end - t) + 1;
			*p++ = ' ';
		} else if (t[i] == '/' && i + 1 < e && t[i + 1] == '/') {
			break;
		} else if (t[i] == '\\' && i + 1 < e && (t[i + 1] == '\n' ||
							  t[i + 1] == '\r')) {
			*p++ = ' ';
		} else {
			*p++ = t[i] == '\n' || t[i] == '\r' ? ' ' : t[i];
		}
	}
	while (p > s && isspace((unsigned char)p[-1]))
		p--; /* `#define N 600\t\t` stands for `(600)` */
	*p = 0;
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

static const char *constant(const struct csrc *f, struct arena *a,
			    const char *name, size_t l, uint32_t at, int depth)
{
	if (depth > MAX_DEPTH)
		return NULL;
	struct cindex *x = index_of(f);
	const struct centry *last, *first, *ul, *uf;
	int nm = count(f, x->macros, x->nmacros, name, l, at, &last, &first);
	const char *ty;
	if (nm && macro_type(f, a, name, l, at, &ty) > 0)
		return NULL; /* a type (`#define bool int`) */
	if (nm) {
		if (nm != 1 || !last || !last->top ||
		    count(f, x->undefs, x->nundefs, name, l, at, &ul, &uf))
			return NULL;
		for (int i = 0; i < x->nincludes; i++)
			if (x->includes[i] > last->e && x->includes[i] < at)
				return NULL;
		TSNode v = cnode_field(last->n, "value");
		if (ts_node_is_null(v))
			return NULL;
		const char *body = body_of(f, a, v);
		const char *t = expand(f, a, body, strlen(body), last->b,
				       depth + 1, true);
		/* its tokens, as the preprocessor puts them (no parentheses
		 * added: `#define N 1 + 2` makes `x * N` `x * 1 + 2`) */
		return t ? arena_printf(a, " %s ", t) : NULL;
	}
	int ne = count(f, x->enums, x->nenums, name, l, at, &last, &first);
	const struct centry *dl, *df;
	if (ne != 1 || !last || !last->top ||
	    count(f, x->decls, x->ndecls, name, l, UINT32_MAX, &dl, &df) ||
	    count(f, x->typedefs, x->ntypedefs, name, l, UINT32_MAX, &dl, &df))
		return NULL;
	TSNode v = cnode_field(last->n, "value");
	if (!ts_node_is_null(v)) {
		uint32_t b = ts_node_start_byte(v);
		const char *t = expand(f, a, f->text + b, ts_node_end_byte(v) - b,
				       last->b, depth + 1, true);
		return t ? arena_printf(a, "((int)(%s))", t) : NULL;
	}
	TSNode prev = ts_node_prev_named_sibling(last->n);
	while (cnode_is(prev, "comment"))
		prev = ts_node_prev_named_sibling(prev);
	if (ts_node_is_null(prev))
		return "(0)";
	TSNode pn = cnode_field(prev, "name");
	if (!cnode_is(prev, "enumerator") || ts_node_is_null(pn))
		return NULL;
	uint32_t pb = ts_node_start_byte(pn);
	const char *p = constant(f, a, f->text + pb, ts_node_end_byte(pn) - pb,
				 last->b, depth + 1);
	return p ? arena_printf(a, "(%s + 1)", p) : NULL;
}

/* text[0..len) with each constant's name replaced by its value; all:
 * every other name fails (a constant's body), else it stays. */
static const char *expand(const struct csrc *f, struct arena *a,
			  const char *text, size_t len, uint32_t at, int depth,
			  bool all)
{
	struct strbuf sb = STRBUF_INIT;
	bool ok = true, any = false;
	for (size_t i = 0; i < len && ok;) {
		char c = text[i];
		if (c == '"' || c == '\'') { /* a literal, copied */
			size_t j = i + 1;
			while (j < len && text[j] != c)
				j += text[j] == '\\' ? 2 : 1;
			j = j < len ? j + 1 : len;
			sb_add(&sb, text + i, j - i);
			ok = !all || c == '\'';
			i = j;
		} else if (isdigit((unsigned char)c) ||
			   (c == '.' && i + 1 < len &&
			    isdigit((unsigned char)text[i + 1]))) {
			size_t j = i;
			while (j < len && (csrc_id_char((unsigned char)text[j]) ||
					   text[j] == '.'))
				j++;
			sb_add(&sb, text + i, j - i);
			i = j;
		} else if (id_start((unsigned char)c)) {
			size_t j = i;
			while (j < len && csrc_id_char((unsigned char)text[j]))
				j++;
			const char *v = constant(f, a, text + i, j - i, at, depth),
				   *ty = NULL;
			char *w = arena_strndup(a, text + i, j - i);
			int td = v || type_word(w, j - i) ? 0
				 : csrc_typedef(f, a, w, at, &ty);
			if (all && td > 0 && !strchr(ty, ' ') &&
			    !type_word(ty, strlen(ty)))
				td = -1; /* a name the file does not define */
			const struct centry *ml, *mf;
			if (!v && !td && count(f, index_of(f)->macros,
					      index_of(f)->nmacros, w, j - i,
					      UINT32_MAX, &ml, &mf))
				td = -1; /* a macro that is no constant: the
					  * preprocessor may replace the name */
			if (v || td > 0) {
				sb_puts(&sb, v ? v : ty);
				any = true;
			} else if (td < 0 || (all && !type_word(w, j - i))) {
				ok = false;
			} else {
				sb_add(&sb, text + i, j - i);
			}
			i = j;
		} else {
			sb_add(&sb, text + i, 1);
			i++;
		}
	}
	const char *r = ok && (any || all) ? arena_strdup(a, sb.buf ? sb.buf : "")
					   : NULL;
	sb_release(&sb);
	if (ok && !any && !all)
		r = arena_strndup(a, text, len);
	if (r && all && !*r)
		return NULL; /* an empty body: no value */
	return r;
}

const char *csrc_constant(const struct csrc *f, struct arena *a,
			  const char *name, size_t at)
{
	return constant(f, a, name, strlen(name), (uint32_t)at, 0);
}

const char *csrc_expand_in(const struct csrc *f, struct arena *a,
			   const char *text, size_t at)
{
	return expand(f, a, text, strlen(text), (uint32_t)at, 0, false);
}

const char *csrc_expand(const struct csrc *f, struct arena *a,
			const char *text, size_t at)
{
	return csrc_expand_in(f, a, text, csrc_in(f, at));
}

/* A macro of the file standing for a type (`#define bool int`): 1 and
 * *type its body when it is the only definition of the name, valid at
 * at (as constant() requires) and only basic type keywords, -1 when the
 * name is some other macro, 0 when no macro has the name. */
static int macro_type(const struct csrc *f, struct arena *a, const char *name,
		      size_t l, uint32_t at, const char **type)
{
	struct cindex *x = index_of(f);
	const struct centry *last, *first, *ul, *uf;
	int nm = count(f, x->macros, x->nmacros, name, l, at, &last, &first);
	if (!nm)
		return 0;
	if (nm != 1 || !last || !last->top ||
	    count(f, x->undefs, x->nundefs, name, l, at, &ul, &uf))
		return -1;
	for (int i = 0; i < x->nincludes; i++)
		if (x->includes[i] > last->e && x->includes[i] < at)
			return -1;
	TSNode v = cnode_field(last->n, "value");
	if (ts_node_is_null(v))
		return -1;
	char *body = body_of(f, a, v);
	struct strbuf sb = STRBUF_INIT;
	bool ok = true;
	for (char *p = body; *p && ok;) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		char *q = p;
		while (csrc_id_char((unsigned char)*q))
			q++;
		ok = q > p && type_word(p, (size_t)(q - p));
		if (sb.len)
			sb_puts(&sb, " ");
		sb_add(&sb, p, (size_t)(q - p));
		p = q;
	}
	*type = ok && sb.len ? arena_strdup(a, sb.buf) : NULL;
	sb_release(&sb);
	return *type ? 1 : -1;
}

int csrc_typedef(const struct csrc *f, struct arena *a, const char *name,
		 size_t at, const char **type)
{
	size_t l = strlen(name);
	for (int depth = 0; depth <= MAX_DEPTH; depth++) {
		int mk = macro_type(f, a, name, l, (uint32_t)at, type);
		if (mk)
			return mk;
		struct cindex *x = index_of(f);
		const struct centry *last, *first, *dl, *df;
		int n = count(f, x->typedefs, x->ntypedefs, name, l, (uint32_t)at,
			      &last, &first);
		if (!n)
			return depth ? (*type = arena_strndup(a, name, l), 1) : 0;
		for (int i = 0; i < x->ntypedefs; i++)
			if (named(f, &x->typedefs[i], name, l) &&
			    !x->typedefs[i].top)
				return -1;
		if (!last || count(f, x->decls, x->ndecls, name, l, UINT32_MAX,
				   &dl, &df))
			return -1;
		uint32_t k = ts_node_named_child_count(last->n);
		for (uint32_t i = 0; i < k; i++)
			if (cnode_is(ts_node_named_child(last->n, i),
				     "type_qualifier"))
				return -1;
		TSNode t = cnode_field(last->n, "type");
		const struct centry *tl, *tf;
		const char *tn = f->text + ts_node_start_byte(t);
		size_t tnl = ts_node_end_byte(t) - ts_node_start_byte(t);
		if (cnode_is(t, "sized_type_specifier") ||
		    (cnode_is(t, "primitive_type") &&
		     !count(f, x->typedefs, x->ntypedefs, tn, tnl, last->b, &tl,
			    &tf) &&
		     !count(f, x->macros, x->nmacros, tn, tnl, last->b, &tl,
			    &tf))) {
			*type = cnode_spaced(a, f, t);
			return 1;
		}
		if (!cnode_is(t, "type_identifier") &&
		    !cnode_is(t, "primitive_type"))
			return -1;
		name = f->text + ts_node_start_byte(t);
		l = ts_node_end_byte(t) - ts_node_start_byte(t);
		at = last->b;
	}
	return -1;
}

/* --- the C library's abs, labs, llabs (issue 30) -------------------- */

/* Does the file declare, define or #define name (then it is not the C
 * library's), or does it not #include <stdlib.h> before at (then a call
 * has no prototype: the argument is not converted)? */
static bool libc_name(const struct csrc *f, const char *name, uint32_t at)
{
	return csrc_libc_name(f, name, "stdlib.h", at);
}

bool csrc_libc_name(const struct csrc *f, const char *name, const char *header,
		    size_t at)
{
	struct cindex *x = index_of(f);
	size_t l = strlen(name);
	const struct centry *a, *b;
	if (count(f, x->decls, x->ndecls, name, l, UINT32_MAX, &a, &b) ||
	    count(f, x->macros, x->nmacros, name, l, UINT32_MAX, &a, &b) ||
	    count(f, x->typedefs, x->ntypedefs, name, l, UINT32_MAX, &a, &b) ||
	    count(f, x->enums, x->nenums, name, l, UINT32_MAX, &a, &b))
		return false;
	TSNode root = ts_tree_root_node(f->tree);
	uint32_t k = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i), p = cnode_field(d, "path");
		if (ts_node_start_byte(d) >= at)
			break;
		if (!cnode_is(d, "preproc_include") || ts_node_is_null(p))
			continue;
		size_t pb = ts_node_start_byte(p), pe = ts_node_end_byte(p),
		       hl = strlen(header);
		if (pe - pb == hl + 2 && !memcmp(f->text + pb + 1, header, hl) &&
		    ((f->text[pb] == '<' && f->text[pe - 1] == '>') ||
		     (f->text[pb] == '"' && f->text[pe - 1] == '"')))
			return true;
	}
	return false;
}

/* Does the file name name nowhere as a declaration, a definition, a
 * macro, a typedef or an enumeration constant (a call of it is then
 * an implicitly declared function's, C90 6.3.2.2)? */
static bool unnamed(const struct csrc *f, const char *name)
{
	struct cindex *x = index_of(f);
	size_t l = strlen(name);
	const struct centry *a, *b;
	return !count(f, x->decls, x->ndecls, name, l, UINT32_MAX, &a, &b) &&
	       !count(f, x->macros, x->nmacros, name, l, UINT32_MAX, &a, &b) &&
	       !count(f, x->typedefs, x->ntypedefs, name, l, UINT32_MAX, &a,
		      &b) &&
	       !count(f, x->enums, x->nenums, name, l, UINT32_MAX, &a, &b);
}

/* Does the file #include only standard headers that declare no abs,
 * labs or llabs (a header of the user's could declare or #define them;
 * <stdlib.h> declares them)? */
static bool std_headers_only(const struct csrc *f)
{
	static const char *const ok[] = { "<stdio.h>", "<math.h>", "<string.h>",
		"<ctype.h>", "<limits.h>", "<stdbool.h>", "<stddef.h>",
		"<stdint.h>", "<float.h>", "<assert.h>", "<time.h>" };
	TSNode root = ts_tree_root_node(f->tree);
	uint32_t k = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i), p = cnode_field(d, "path");
		if (!cnode_is(d, "preproc_include"))
			continue;
		if (ts_node_is_null(p))
			return false;
		size_t pb = ts_node_start_byte(p), pe = ts_node_end_byte(p);
		bool known = false;
		for (size_t q = 0; q < ARRAY_SIZE(ok) && !known; q++)
			known = strlen(ok[q]) == pe - pb &&
				!memcmp(ok[q], f->text + pb, pe - pb);
		if (!known)
			return false;
	}
	/* an #include under #if or inside a function is no top-level
	 * child: any other "#include" in the text refuses too */
	int n = 0;
	for (const char *t = f->text; (t = strstr(t, "include")); t++)
		n++;
	int top = 0;
	for (uint32_t i = 0; i < k; i++)
		top += cnode_is(ts_node_named_child(root, i), "preproc_include");
	return n == top;
}

/* Is text[0..len) free of side effects and calls (it is copied three
 * times)?  Assignments, ++, --, and a name followed by `(` other than a
 * type keyword's (a cast) or sizeof's. */
static bool pure(const char *t, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = t[i];
		if (c == '"' || c == '\'') {
			size_t j = i + 1;
			while (j < len && t[j] != c)
				j += t[j] == '\\' ? 2 : 1;
			i = j;
		} else if ((c == '+' || c == '-') && i + 1 < len && t[i + 1] == c) {
			return false;
		} else if (c == '=') {
			char p = i ? t[i - 1] : 0, n = i + 1 < len ? t[i + 1] : 0;
			if (n == '=') {
				i++;
				continue;
			}
			if (p != '=' && p != '!' && p != '<' && p != '>')
				return false;
			if ((p == '<' || p == '>') && i >= 2 && t[i - 2] == p)
				return false; /* <<=, >>= */
		} else if (id_start((unsigned char)c)) {
			size_t j = i;
			while (j < len && csrc_id_char((unsigned char)t[j]))
				j++;
			size_t k = j;
			while (k < len && isspace((unsigned char)t[k]))
				k++;
			if (k < len && t[k] == '(' && !type_word(t + i, j - i))
				return false;
			i = j - 1;
		}
	}
	return true;
}

const char *csrc_libc(const struct csrc *f, struct arena *a, const char *text,
		      size_t at, const char **why,
		      bool (*promoted)(void *ctx, const char *arg,
				       const char *type), void *ctx)
{
	static const struct {
		const char *name, *type;
	} fns[] = { { "abs", "int" }, { "labs", "long" },
		    { "llabs", "long long" } };
	size_t len = strlen(text);
	struct strbuf sb = STRBUF_INIT;
	bool any = false;
	*why = NULL;
	for (size_t i = 0; i < len && !*why;) {
		char c = text[i];
		if (c == '"' || c == '\'') {
			size_t j = i + 1;
			while (j < len && text[j] != c)
				j += text[j] == '\\' ? 2 : 1;
			j = j < len ? j + 1 : len;
			sb_add(&sb, text + i, j - i);
			i = j;
			continue;
		}
		if (!id_start((unsigned char)c) || (i && csrc_id_char((unsigned char)
							     text[i - 1]))) {
			sb_add(&sb, text + i, 1);
			i++;
			continue;
		}
		size_t j = i;
		while (j < len && csrc_id_char((unsigned char)text[j]))
			j++;
		size_t k = j;
		while (k < len && isspace((unsigned char)text[k]))
			k++;
		int fi = -1;
		for (int q = 0; q < (int)ARRAY_SIZE(fns); q++)
			if (strlen(fns[q].name) == j - i &&
			    !memcmp(fns[q].name, text + i, j - i))
				fi = q;
		/* no prototype: the file names it nowhere else (no
		 * declaration, definition, macro) and includes no stdlib.h */
		bool bare = fi >= 0 && promoted && !libc_name(f, fns[fi].name,
			(uint32_t)at) && unnamed(f, fns[fi].name) &&
			    std_headers_only(f);
		if (fi < 0 || k >= len || text[k] != '(' ||
		    (!bare && !libc_name(f, fns[fi].name, (uint32_t)at))) {
			sb_add(&sb, text + i, j - i);
			i = j;
			continue;
		}
		/* the argument: to the matching `)`, one of them */
		size_t e = k + 1;
		int depth = 1;
		bool comma = false;
		while (e < len && depth) {
			char d = text[e];
			if (d == '"' || d == '\'') {
				e++;
				while (e < len && text[e] != d)
					e += text[e] == '\\' ? 2 : 1;
			} else if (d == '(') {
				depth++;
			} else if (d == ')') {
				depth--;
			} else if (d == ',' && depth == 1) {
				comma = true;
			}
			e++;
		}
		if (depth || comma) {
			*why = arena_printf(a, "a call to %s with other than one "
					    "argument", fns[fi].name);
			break;
		}
		const char *arg = csrc_libc(f, a, arena_strndup(a, text + k + 1,
					    e - 1 - (k + 1)), at, why, promoted,
					    ctx);
		if (!arg)
			break;
		if (bare && (!pure(arg, strlen(arg)) ||
			     !promoted(ctx, arg, fns[fi].type))) {
			/* left a call: refused as any call whose value is
			 * used */
			sb_add(&sb, text + i, e - i);
			i = e;
			continue;
		}
		if (!pure(arg, strlen(arg))) {
			*why = arena_printf(a, "a call to %s whose argument has "
					    "side effects or calls", fns[fi].name);
			break;
		}
		/* C11 7.22.6.1: |x|, undefined when it cannot be represented
		 * (the minimum): the negation's overflow */
		const char *t = fns[fi].type;
		sb_puts(&sb, arena_printf(a, "(((%s)(%s)) < 0 ? -((%s)(%s)) : "
					  "((%s)(%s)))", t, arg, t, arg, t, arg));
		any = true;
		i = e;
	}
	const char *r = *why ? NULL : any ? arena_strdup(a, sb.buf ? sb.buf : "")
					  : text;
	sb_release(&sb);
	return r;
}
