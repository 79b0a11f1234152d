/*
 * testgen-java.c - the Java row of `check --tests DIR`
 * (check/testgen.h): JUnit 5 tests, one class per class under test in
 * its package (DIR/a/b/CSubsumeTest.java), one test method per mutant,
 * verified by testgen-verify.java (javac and the JUnit Platform
 * Launcher of the console launcher's jar, in one JVM).
 *
 * A test builds what the killing input (check/method.c: a method-level
 * input, sem/mir.h) says: the arguments (primitive literals, arrays,
 * null, objects of the class or of String and Object), `this` through
 * its visible no-argument constructor (else reflection), the fields the
 * method names through plain assignments when they are visible and not
 * final (else reflection), the cells read through references of the
 * class the same way; then calls the method (reflection when it is
 * private) and asserts what the original does there (the evaluator's
 * run of the original on that input): its return value (assertSame for
 * references), its exception (assertThrows), the final values of the
 * fields and cells a test sees, the final contents of the arrays it
 * writes.  The calls the method makes are not asserted (a spy would
 * see them): they are named in a comment, and a mutant killed only by
 * its calls fails the verification (its test passes on the mutant).
 * What it reads from the source (modifiers of the method, its
 * parameters' declared types, constructors, fields) is read from the
 * text at the method's declaration, simply; a wrong reading cannot make
 * a kill, since every test is verified.
 */
#include <ctype.h>
#include <string.h>
#include <sys/stat.h>

#include "check/source.h"
#include "check/testgen.h"
#include "lang/java.h"
#include "lang/javasrc.h" /* JSRC_MAX_VARS: a Java method's variables */
#include "sem/mir.h"

/* --- reading the source text --- */

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Does s[0..n) hold the word w? */
static bool has_word(const char *s, size_t n, const char *w)
{
	size_t wl = strlen(w);
	for (size_t i = 0; i + wl <= n; i++)
		if (!strncmp(s + i, w, wl) && (!i || !ident_char(s[i - 1])) &&
		    (i + wl == n || !ident_char(s[i + wl])))
			return true;
	return false;
}

/* The method's header at (line, col): its modifiers' text (up to the
 * parameters' '(') in *head, its parameters' text in *params. */
static bool method_header(const char *src, int line, int col, char **head,
			  char **params)
{
	long ls = text_line_offset(src, line);
	if (ls < 0)
		return false;
	const char *p = src + ls + (col > 0 ? col - 1 : 0);
	const char *open = strchr(p, '(');
	if (!open)
		return false;
	int depth = 0;
	const char *q = open;
	for (; *q; q++) {
		if (*q == '(')
			depth++;
		else if (*q == ')' && !--depth)
			break;
	}
	if (!*q)
		return false;
	*head = xmalloc((size_t)(open - p) + 1);
	memcpy(*head, p, (size_t)(open - p));
	(*head)[open - p] = 0;
	*params = xmalloc((size_t)(q - open));
	memcpy(*params, open + 1, (size_t)(q - open - 1));
	(*params)[q - open - 1] = 0;
	return true;
}

/* One parameter of the parameters' text "int a, final Map<K, V> b" at a
 * time, from *pp: false at its end; else [*start, *e) is the parameter
 * (blanks cut at its end), *nb where its last word (its name) starts,
 * and *pp is past its comma. */
static bool next_param(const char **pp, const char **start, const char **nb,
		       const char **e)
{
	if (!*pp)
		return false;
	int depth = 0;
	const char *p = *pp;
	for (;; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>')
			depth--;
		if (!*p || (*p == ',' && !depth))
			break;
	}
	*start = *pp;
	*e = p;
	while (*e > *start && isspace((unsigned char)(*e)[-1]))
		(*e)--;
	*nb = *e;
	while (*nb > *start && ident_char((*nb)[-1]))
		(*nb)--;
	*pp = *p ? p + 1 : NULL;
	return true;
}

/* The declared types of the parameters' text "int a, final String[] b"
 * into types[0..), at most max; their number. */
static int param_types(const char *params, char **types, int max)
{
	int n = 0;
	const char *start, *nb, *e;
	for (const char *pp = params; next_param(&pp, &start, &nb, &e);) {
		/* [start, e): "final @A T name" */
		const char *s = start;
		while (s < nb && isspace((unsigned char)*s))
			s++;
		for (;;) { /* modifiers and annotations */
			if (!strncmp(s, "final", 5) && !ident_char(s[5]))
				s += 5;
			else if (*s == '@') {
				while (s < nb && !isspace((unsigned char)*s))
					s++;
			} else
				break;
			while (s < nb && isspace((unsigned char)*s))
				s++;
		}
		const char *te = nb;
		while (te > s && isspace((unsigned char)te[-1]))
			te--;
		if (te > s) {
			if (n == max)
				return -1;
			types[n] = xmalloc((size_t)(te - s) + 1);
			memcpy(types[n], s, (size_t)(te - s));
			types[n][te - s] = 0;
			n++;
		}
	}
	return n;
}

/* The declaration line of field name in src: its text (a copy), or
 * NULL.  A line that names it followed by '=', ';' or ',' with no '('
 * before it and a word before it (its type). */
static char *field_decl(const char *src, const char *name)
{
	size_t nl = strlen(name);
	for (const char *l = src; *l;) {
		size_t ll = strcspn(l, "\n");
		for (size_t i = 0; i + nl <= ll; i++) {
			if (strncmp(l + i, name, nl) || (i && ident_char(l[i - 1])) ||
			    ident_char(l[i + nl]))
				continue;
			size_t j = i + nl;
			while (j < ll && isspace((unsigned char)l[j]))
				j++;
			if (j >= ll || !strchr("=;,", l[j]))
				continue;
			if (memchr(l, '(', i) || memchr(l, '.', i))
				continue;
			size_t k = i;
			while (k && isspace((unsigned char)l[k - 1]))
				k--;
			if (!k || !(ident_char(l[k - 1]) || l[k - 1] == ']' ||
				    l[k - 1] == '>'))
				continue;
			char *r = xmalloc(ll + 1);
			memcpy(r, l, ll);
			r[ll] = 0;
			return r;
		}
		l += ll + (l[ll] != 0);
	}
	return NULL;
}

/* The declared type of field name (the word before it on its
 * declaration line: "int", "List<String>"), or NULL. */
static char *field_type(const char *src, const char *name)
{
	char *d = field_decl(src, name);
	if (!d)
		return NULL;
	size_t nl = strlen(name);
	char *r = NULL;
	for (char *p = d; (p = strstr(p, name)); p += nl) {
		if ((p > d && ident_char(p[-1])) || ident_char(p[nl]))
			continue;
		char *e = p;
		while (e > d && isspace((unsigned char)e[-1]))
			e--;
		char *b = e;
		while (b > d && !isspace((unsigned char)b[-1]))
			b--;
		if (e > b)
			r = tg_printf("%.*s", (int)(e - b), b);
		break;
	}
	free(d);
	return r;
}

/* Constructors of simple class name cls in src: does it declare any,
 * and a no-argument one (*visible: not private)? */
static void constructors(const char *src, const char *cls, bool *any,
			 bool *noarg, bool *visible)
{
	size_t cl = strlen(cls);
	*any = *noarg = *visible = false;
	for (const char *p = src; (p = strstr(p, cls)); p += cl) {
		if ((p > src && (ident_char(p[-1]) || p[-1] == '.')) ||
		    ident_char(p[cl]))
			continue;
		const char *q = p + cl;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '(')
			continue;
		/* the word before: `new` (a call) or a modifier / line start */
		const char *b = p;
		while (b > src && isspace((unsigned char)b[-1]))
			b--;
		const char *wb = b;
		while (wb > src && ident_char(wb[-1]))
			wb--;
		if ((b - wb == 3 && !strncmp(wb, "new", 3)) ||
		    (b > src && strchr("=(,.+-*/!?:", b[-1])) ||
		    (b - wb == 6 && !strncmp(wb, "return", 6)))
			continue;
		*any = true;
		q++;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == ')') {
			*noarg = true;
			const char *ls = p;
			while (ls > src && ls[-1] != '\n')
				ls--;
			*visible = !has_word(ls, (size_t)(p - ls), "private");
		}
	}
}

/* The next place at or after from where src names a method mname as a
 * declaration would: the whole word, then '(' (*paren), after a word
 * that may be its type (an identifier, '>' or ']', neither `new` nor
 * `return`); NULL when there is none. */
static const char *decl_head(const char *src, const char *from,
			     const char *mname, const char **paren)
{
	size_t ml = strlen(mname);
	for (const char *p = from; (p = strstr(p, mname)); p += ml) {
		if ((p > src && (ident_char(p[-1]) || p[-1] == '.')) ||
		    ident_char(p[ml]))
			continue;
		const char *q = p + ml;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '(')
			continue;
		const char *b = p; /* the word before: its type (or void) */
		while (b > src && isspace((unsigned char)b[-1]))
			b--;
		if (b == src || !(ident_char(b[-1]) || b[-1] == '>' ||
				  b[-1] == ']'))
			continue;
		const char *wb = b;
		while (wb > src && ident_char(wb[-1]))
			wb--;
		if ((b - wb == 3 && !strncmp(wb, "new", 3)) ||
		    (b - wb == 6 && !strncmp(wb, "return", 6)))
			continue;
		*paren = q;
		return p;
	}
	return NULL;
}

/* A visible (not private) method mname of src with n parameters (0 or
 * 1): its body's text, blanks squeezed out (a copy), or NULL. */
static char *accessor_body(const char *src, const char *mname, int n)
{
	size_t ml = strlen(mname);
	const char *q;
	for (const char *p = src; (p = decl_head(src, p, mname, &q)); p += ml) {
		const char *close = strchr(q, ')');
		if (!close)
			continue;
		const char *a = q + 1;
		while (a < close && isspace((unsigned char)*a))
			a++;
		if ((a == close) != (n == 0) || memchr(q, ',', (size_t)(close - q)))
			continue;
		const char *ls = p;
		while (ls > src && ls[-1] != '\n')
			ls--;
		if (has_word(ls, (size_t)(p - ls), "private") ||
		    has_word(ls, (size_t)(p - ls), "static"))
			continue;
		const char *open = close + 1;
		while (isspace((unsigned char)*open))
			open++;
		if (*open != '{')
			continue;
		const char *end = strchr(open, '}');
		if (!end)
			continue;
		char *r = xmalloc((size_t)(end - open) + 1), *w = r;
		for (const char *c = open + 1; c < end; c++)
			if (!isspace((unsigned char)*c))
				*w++ = *c;
		*w = 0;
		return r;
	}
	return NULL;
}

/* The declaration of an instance method name of n parameters in the
 * class's own text that a subclass in its package can override and
 * call through super: neither private, static, final nor abstract (a
 * body follows it).  Its modifiers and type ("void", "protected int")
 * in *head, its parameters' text in *params; false when there is none
 * or more than one. */
static bool overridable(const char *src, const char *name, int n, char **head,
			char **params)
{
	size_t ml = strlen(name);
	int found = 0;
	const char *q;
	*head = *params = NULL;
	for (const char *p = src; (p = decl_head(src, p, name, &q)); p += ml) {
		const char *close = strchr(q, ')');
		const char *open = close ? close + 1 : NULL;
		while (open && isspace((unsigned char)*open))
			open++;
		if (!open || *open != '{') /* a call, or abstract */
			continue;
		const char *ls = p;
		while (ls > src && ls[-1] != '\n' && ls[-1] != ';' &&
		       ls[-1] != '{' && ls[-1] != '}')
			ls--;
		char *pt = xmalloc((size_t)(close - q));
		memcpy(pt, q + 1, (size_t)(close - q - 1));
		pt[close - q - 1] = 0;
		char *types[MIR_MAX_VARS] = { 0 };
		int k = param_types(pt, types, MIR_MAX_VARS);
		for (int i = 0; i < MIR_MAX_VARS; i++)
			free(types[i]);
		if (k != n) {
			free(pt);
			continue;
		}
		size_t hl = (size_t)(p - ls);
		if (has_word(ls, hl, "private") || has_word(ls, hl, "static") ||
		    has_word(ls, hl, "final") || has_word(ls, hl, "abstract") ||
		    found++) {
			free(pt);
			free(*head);
			free(*params);
			*head = *params = NULL;
			return false;
		}
		while (isspace((unsigned char)*ls))
			ls++;
		*head = tg_printf("%.*s", (int)(p - ls), ls);
		*params = pt;
	}
	return found == 1;
}

/* The parameters' names of the parameters' text "int a, final T b"
 * (its last word each), comma-separated. */
static char *param_names(const char *params)
{
	struct strbuf sb = STRBUF_INIT;
	const char *start, *nb, *e;
	for (const char *pp = params; next_param(&pp, &start, &nb, &e);)
		if (e > nb)
			sb_printf(&sb, "%s%.*s", sb.len ? ", " : "", (int)(e - nb), nb);
	char *r = xstrdup(sb.buf ? sb.buf : "");
	sb_release(&sb);
	return r;
}

/* "setX" / "getX" / "isX" for field f */
static char *accessor_name(const char *prefix, const char *f)
{
	char *r = tg_printf("%s%s", prefix, f);
	size_t pl = strlen(prefix);
	if (r[pl] >= 'a' && r[pl] <= 'z')
		r[pl] = (char)(r[pl] - 'a' + 'A');
	return r;
}

/* The name of a visible setter of field f that only assigns its
 * parameter to it (`this.f = v;`), or NULL. */
static char *plain_setter(const char *src, const char *f)
{
	char *name = accessor_name("set", f);
	char *body = accessor_body(src, name, 1);
	bool ok = false;
	if (body) {
		const char *b = !strncmp(body, "this.", 5) ? body + 5 : body;
		size_t fl = strlen(f);
		ok = !strncmp(b, f, fl) && b[fl] == '=' && strchr(b, ';') &&
		     strchr(b, ';')[1] == 0 && !strpbrk(b + fl + 1, "()+-*/=?");
	}
	free(body);
	if (!ok) {
		free(name);
		return NULL;
	}
	return name;
}

/* The name of a visible getter of field f that only returns it
 * (`return f;`), or NULL. */
static char *plain_getter(const char *src, const char *f)
{
	static const char *const pre[] = { "get", "is" };
	for (size_t k = 0; k < ARRAY_SIZE(pre); k++) {
		char *name = accessor_name(pre[k], f);
		char *body = accessor_body(src, name, 0);
		char *want1 = tg_printf("return%s;", f);
		char *want2 = tg_printf("returnthis.%s;", f);
		bool ok = body && (!strcmp(body, want1) || !strcmp(body, want2));
		free(body);
		free(want1);
		free(want2);
		if (ok)
			return name;
		free(name);
	}
	return NULL;
}

/* The index just past the '}' matching the '{' at open in src (string
 * and character literals and comments skipped), or strlen(src). */
static size_t close_brace(const char *src, size_t open)
{
	int depth = 0;
	size_t i = open;
	for (; src[i]; i++) {
		char c = src[i];
		if (c == '"' || c == '\'') {
			for (i++; src[i] && src[i] != c; i++)
				if (src[i] == '\\' && src[i + 1])
					i++;
			if (!src[i])
				break;
		} else if (c == '/' && src[i + 1] == '/') {
			i += strcspn(src + i, "\n");
			if (!src[i])
				break;
		} else if (c == '/' && src[i + 1] == '*') {
			const char *e = strstr(src + i + 2, "*/");
			if (!e)
				return strlen(src);
			i = (size_t)(e - src) + 1;
		} else if (c == '{') {
			depth++;
		} else if (c == '}' && !--depth) {
			return i + 1;
		}
	}
	return i;
}

/* The text of class simple's own declarations: a copy of src where
 * everything outside its body and the bodies of the types nested in
 * it are blanks (newlines kept, so lines stay), so that a setter,
 * getter, field or constructor of another class of the file is not
 * taken for its own; src itself when the class is not found. */
static char *own_text(const char *src, const char *simple)
{
	size_t sl = strlen(simple), n = strlen(src);
	const char *at = NULL;
	for (const char *p = src; (p = strstr(p, simple)); p += sl) {
		const char *b = p;
		while (b > src && isspace((unsigned char)b[-1]))
			b--;
		if ((p > src && ident_char(p[-1])) || ident_char(p[sl]))
			continue;
		/* "class Simple", "enum Simple", "interface Simple" */
		const char *wb = b;
		while (wb > src && ident_char(wb[-1]))
			wb--;
		size_t wl = (size_t)(b - wb);
		if ((wl == 5 && !strncmp(wb, "class", 5)) ||
		    (wl == 4 && !strncmp(wb, "enum", 4)) ||
		    (wl == 9 && !strncmp(wb, "interface", 9))) {
			at = p;
			break;
		}
	}
	const char *open = at ? strchr(at, '{') : NULL;
	if (!open)
		return xstrdup(src);
	size_t o = (size_t)(open - src), e = close_brace(src, o);
	char *r = xstrdup(src);
	for (size_t i = 0; i < n; i++)
		if ((i <= o || i >= e) && r[i] != '\n')
			r[i] = ' ';
	/* the nested types' bodies */
	int depth = 0;
	for (size_t i = o; i < e; i++) {
		char c = src[i];
		if (c == '"' || c == '\'') { /* literals and comments skipped */
			for (i++; i < e && src[i] != c; i++)
				if (src[i] == '\\')
					i++;
			continue;
		} else if (c == '/' && src[i + 1] == '/') {
			i += strcspn(src + i, "\n");
			continue;
		} else if (c == '/' && src[i + 1] == '*') {
			const char *ce = strstr(src + i + 2, "*/");
			if (!ce)
				break;
			i = (size_t)(ce - src) + 1;
			continue;
		}
		if (c == '{')
			depth++;
		else if (c == '}')
			depth--;
		if (depth != 1 || !isalpha((unsigned char)c) ||
		    (i > 0 && ident_char(src[i - 1])))
			continue;
		size_t wl = 0;
		while (ident_char(src[i + wl]))
			wl++;
		if (!((wl == 5 && !strncmp(src + i, "class", 5)) ||
		      (wl == 4 && !strncmp(src + i, "enum", 4)) ||
		      (wl == 9 && !strncmp(src + i, "interface", 9)))) {
			i += wl - 1;
			continue;
		}
		const char *ob = strchr(src + i, '{');
		if (!ob || (size_t)(ob - src) >= e)
			break;
		size_t no = (size_t)(ob - src), ne = close_brace(src, no);
		for (size_t k = no + 1; k + 1 < ne; k++)
			if (r[k] != '\n')
				r[k] = ' ';
		i = ne - 1;
	}
	return r;
}

/* --- the test's text --- */

struct jt {
	const struct mmethod *o;
	const struct value *in;
	const char *src;       /* the class's source text */
	const char *simple;    /* the class's simple name */
	const char *tname;     /* its name in the test ("C", "C.In") */
	struct strbuf setup;   /* statements before the call */
	struct strbuf check;   /* statements after it */
	bool reflect_new, reflect_field, reflect_call, reflect_alloc;
	bool self_made;
	/* the recording subclass's body that "self" is made of (the calls
	 * the method makes on it, as lists in "calls"), or NULL */
	char *spy;
	char *why;             /* no test: the reason */
	int nobj;
	bool obj_made[MIR_MAX_VARS + 4];
	bool arr_made[MIR_AOBJ];
	struct strbuf notes;   /* comment lines */
};

static void note(struct jt *J, const char *s)
{
	sb_printf(&J->notes, "     * %s\n", s);
}

/* The instance "self" (or an object oK): its construction. */
static void make_object(struct jt *J, const char *var)
{
	bool any, noarg, visible;
	constructors(J->src, J->simple, &any, &noarg, &visible);
	if (J->spy && !strcmp(var, "self") && (!any || (noarg && visible))) {
		sb_printf(&J->setup, "        java.util.List<java.util.List<Object>> "
			  "calls = new java.util.ArrayList<>();\n"
			  "        %s %s = new %s() { // records the calls it "
			  "makes on itself\n%s        };\n", J->tname, var,
			  J->tname, J->spy);
	} else if (!any || (noarg && visible)) {
		sb_printf(&J->setup, "        %s %s = new %s();\n", J->tname, var,
			  J->tname);
	} else if (noarg) {
		J->reflect_new = true;
		sb_printf(&J->setup, "        %s %s = construct(%s.class); "
			  "// reflection: its no-argument constructor is "
			  "private\n", J->tname, var, J->tname);
	} else {
		/* no constructor the input can call: an instance whose
		 * fields are Java's defaults, the ones the method names set
		 * from the input (the model's inputs are those fields) */
		J->reflect_alloc = true;
		sb_printf(&J->setup, "        %s %s = allocate(%s.class); "
			  "// reflection: %s has no no-argument constructor, "
			  "built without one\n", J->tname, var, J->tname,
			  J->simple);
	}
}

/* The Java expression for reference id (0 null, 1 this, k >= 2 the
 * object o(k-1)) of declared type ty. */
static void ref_expr(struct jt *J, struct strbuf *sb, int32_t id,
		     const char *ty)
{
	if (id == 0) {
		sb_printf(sb, "(%s) null", ty ? ty : "Object");
		return;
	}
	if (id == 1) {
		if (ty && strcmp(ty, J->simple) && strcmp(ty, J->tname) &&
		    strcmp(ty, "Object") && strcmp(ty, "java.lang.Object") &&
		    !J->why)
			J->why = tg_printf("the killing input makes a %s the same "
					   "object as this (a %s): no Java object "
					   "is both", ty, J->simple);
		if (!J->self_made) {
			make_object(J, "self");
			J->self_made = true;
		}
		sb_puts(sb, "self");
		return;
	}
	if (id >= MIR_FRESH || id - 1 > JSRC_MAX_VARS + 2) {
		if (!J->why)
			J->why = xstrdup("the killing input holds an object the "
					 "method makes");
		sb_puts(sb, "null");
		return;
	}
	int k = id - 1;
	if (!J->obj_made[k]) {
		J->obj_made[k] = true;
		char var[32];
		snprintf(var, sizeof(var), "o%d", k);
		if (!ty || !strcmp(ty, J->simple) || !strcmp(ty, J->tname))
			make_object(J, var);
		else if (!strcmp(ty, "String") || !strcmp(ty, "java.lang.String"))
			sb_printf(&J->setup, "        String %s = new String(\"%s\");"
				  " // a String of its own identity\n", var, var);
		else if (!strcmp(ty, "Object") || !strcmp(ty, "java.lang.Object"))
			sb_printf(&J->setup, "        Object %s = new Object();\n",
				  var);
		else if (!J->why)
			J->why = tg_printf("the killing input needs an object of "
					   "type %s, which the test cannot make "
					   "without knowing its constructors", ty);
	}
	sb_printf(sb, "o%d", k);
}

/* A primitive literal of type t, cast where Java would not convert it
 * in an invocation ((byte) 3). */
static void prim_expr(struct strbuf *sb, const struct type *t, struct value v)
{
	if (t == T_BYTE || t == T_SHORT) {
		sb_printf(sb, "(%s) ", t == T_BYTE ? "byte" : "short");
		value_print(sb, t, v);
	} else {
		value_print(sb, t, v);
	}
}

/* The field's name without "this." */
static const char *bare(const char *name)
{
	return !strncmp(name, "this.", 5) ? name + 5 : name;
}

/* Variable i's value in in as a Java expression (declared type ty, or
 * NULL); arrays become locals named after the variable. */
static void value_expr(struct jt *J, struct strbuf *sb, int i,
		       struct value v, const char *ty)
{
	const struct mmethod *o = J->o;
	if (o->arrs >> i & 1) {
		struct strbuf a = STRBUF_INIT;
		mir_arr_print(&a, o, J->in, i);
		if (!strcmp(a.buf, "null")) {
			sb_printf(sb, "(%s[]) null", o->elem[i]->name);
		} else if (a.buf[0] == 'o') { /* one array of two variables */
			int j = atoi(a.buf + 1);
			struct strbuf sh = STRBUF_INIT;
			mir_arr_shared(&sh, o, J->in);
			char key[32];
			snprintf(key, sizeof(key), "%s = {", a.buf);
			const char *at = strstr(sh.buf ? sh.buf : "", key);
			const char *end = at ? strchr(at, '}') : NULL;
			if (!end || j < 1 || j > MIR_AOBJ) {
				if (!J->why)
					J->why = xstrdup("the killing input shares an "
							 "array the test cannot build");
			} else if (!J->arr_made[j - 1]) {
				J->arr_made[j - 1] = true;
				sb_printf(&J->setup, "        %s[] %s = %.*s; // one "
					  "array for several variables\n",
					  o->elem[i]->name, a.buf,
					  (int)(end + 1 - (at + strlen(key) - 1)),
					  at + strlen(key) - 1);
			}
			sb_puts(sb, a.buf);
			sb_release(&sh);
		} else {
			sb_printf(&J->setup, "        %s[] %s = %s;\n",
				  o->elem[i]->name, bare(o->names[i]), a.buf);
			sb_puts(sb, bare(o->names[i]));
		}
		sb_release(&a);
	} else if (o->refs >> i & 1) {
		ref_expr(J, sb, (int32_t)v.bits, ty);
	} else {
		prim_expr(sb, o->types[i], v);
	}
}

/* field f of object expression obj set to expression val (or, get,
 * read into sb) : plain when visible and not final, else reflection */
static bool field_visible(struct jt *J, const char *f, bool *final)
{
	char *d = field_decl(J->src, f);
	/* a static final field is a constant (the input holds its value);
	 * an instance one can be set by reflection */
	*final = d && has_word(d, strlen(d), "final") &&
		 has_word(d, strlen(d), "static");
	if (d && has_word(d, strlen(d), "final") && !*final) {
		free(d);
		return false;
	}
	bool vis = d && !has_word(d, strlen(d), "private");
	free(d);
	return vis;
}

static void set_field(struct jt *J, const char *obj, const char *f,
		      const char *val)
{
	bool final;
	char *setter = NULL;
	bool vis = field_visible(J, f, &final);
	if (final) {
		return; /* a constant: the input holds its value */
	} else if (vis) {
		sb_printf(&J->setup, "        %s.%s = %s;\n", obj, f, val);
	} else if (!final && strcmp(obj, J->tname) &&
		   (setter = plain_setter(J->src, f))) {
		sb_printf(&J->setup, "        %s.%s(%s);\n", obj, setter, val);
	} else if (!final) {
		J->reflect_field = true;
		sb_printf(&J->setup, "        set(%s, %s.class, \"%s\", %s); "
			  "// reflection: the field is private or final\n", obj,
			  J->tname, f, val);
	}
	free(setter);
}

static void get_field(struct jt *J, struct strbuf *sb, const char *obj,
		      const char *f, const char *cast)
{
	bool final;
	char *getter = NULL;
	if (field_visible(J, f, &final)) {
		sb_printf(sb, "%s.%s", obj, f);
	} else if (strcmp(obj, J->tname) && (getter = plain_getter(J->src, f))) {
		sb_printf(sb, "%s.%s()", obj, getter);
		free(getter);
	} else {
		J->reflect_field = true;
		sb_printf(sb, "(%s) get(%s, %s.class, \"%s\")", cast, obj,
			  J->tname, f);
	}
}

/* assert that expression actual of type t (NULL: the return type of o;
 * ref: a reference) equals value v */
static void assert_value(struct jt *J, struct strbuf *sb, const struct type *t,
			 bool ref, struct value v, const char *actual,
			 const char *ty)
{
	if (ref) {
		int32_t id = (int32_t)v.bits;
		if (id == 0) {
			sb_printf(sb, "        assertNull(%s);\n", actual);
		} else if (id >= MIR_FRESH) {
			sb_printf(sb, "        assertNotNull(%s); // an object it "
				  "makes\n", actual);
		} else if (id >= 2 && id - 1 <= JSRC_MAX_VARS + 2 &&
			   !J->obj_made[id - 1]) {
			/* an object no input holds (a call the method makes
			 * returned or set it): the test has nothing to compare
			 * it with; building one of its own (of the class
			 * under test, whatever the field's type) made a
			 * test that could never pass */
			sb_printf(sb, "        assertNotNull(%s); // o%d: an "
				  "object the input does not hold (a call "
				  "returned or set it)\n", actual, id - 1);
		} else {
			struct strbuf e = STRBUF_INIT;
			ref_expr(J, &e, id, ty);
			sb_printf(sb, "        assertSame(%s, %s);\n", e.buf, actual);
			sb_release(&e);
		}
	} else if (t->kind == TK_BOOLEAN) {
		sb_printf(sb, "        %s(%s);\n", v.bits ? "assertTrue"
			  : "assertFalse", actual);
	} else {
		sb_puts(sb, "        assertEquals(");
		prim_expr(sb, t, v);
		sb_printf(sb, ", %s);\n", actual);
	}
}

/* The type's name in Java source for a cast from Object ("int",
 * "Integer" is not needed: (int) of an Object unboxes). */
static const char *cast_name(const struct mmethod *o, int i)
{
	if (o->refs >> i & 1)
		return "Object";
	return o->types[i]->name;
}

/* --- the case --- */

/* The recording subclass's body for the calls the method makes (each
 * callee a method of this, overridable, of primitive arguments), and
 * in *expect the calls run r makes ("java.util.Arrays.asList(\"log\",
 * 0), ..."); NULL when a callee is not of that kind. */
static char *spy_body(struct jt *J, const struct mrun *r, struct strbuf *expect)
{
	struct strbuf body = STRBUF_INIT;
	const struct mmethod *o = J->o;
	for (int k = 0; k < o->ncallees; k++) {
		const struct mcallee *c = &o->callees[k];
		char *head = NULL, *params = NULL;
		if (c->recv || c->refargs ||
		    !overridable(J->src, c->name, c->nargs, &head, &params)) {
			sb_release(&body);
			return NULL;
		}
		char *names = param_names(params);
		bool is_void = has_word(head, strlen(head), "void");
		sb_printf(&body, "            @Override\n            %s%s(%s) {\n"
			  "                calls.add(java.util.Arrays.asList(\"%s\"%s%s));\n"
			  "                %ssuper.%s(%s);\n            }\n", head,
			  c->name, params, c->name, *names ? ", " : "", names,
			  is_void ? "" : "return ", c->name, names);
		free(names);
		free(head);
		free(params);
	}
	for (int k = 0; k < r->nevents; k++) {
		const struct mcallee *c = mir_callee_of(o, &r->events[k]);
		if (!c) {
			sb_release(&body);
			return NULL;
		}
		sb_printf(expect, "%sjava.util.Arrays.asList(\"%s\"",
			  k ? ", " : "", c->name);
		for (int a = 0; a < r->events[k].nargs; a++) {
			sb_puts(expect, ", ");
			prim_expr(expect, c->args[a], r->events[k].args[a]);
		}
		sb_puts(expect, ")");
	}
	return body.buf;
}

static bool java_takes(const struct cgroup *g, const struct cmutant *m)
{
	return !g->sites[m->site].profile;
}

static char *sanitize(const char *s)
{
	char *r = xstrdup(s);
	for (char *p = r; *p; p++)
		if (!ident_char(*p) || *p == '$')
			*p = '_';
	return r;
}

static void java_prepare(struct tg_case *c, const struct cgroup *g,
			 const struct cmutant *m)
{
	const struct mmethod *o = m->mo;
	bool search = !m->kin || !o;
	if (search && !g->srcpath) {
		c->why = tg_printf("the killing input is of the %s, not of the "
				   "method%s: a test cannot set the values it "
				   "names", m->level == CL_METHOD ? "method"
				   : "enclosing expression", m->mwhy ?
				   " (the method is not modelled)" : " (run with "
				   "--source and --method)");
		return;
	}
	if (!g->srcpath) {
		c->why = xstrdup("no source file (--source)");
		return;
	}
	/* the class: "a.b.C$In@m(...):LINE" */
	size_t cl = strcspn(c->where, "@");
	c->cls = xmalloc(cl + 1);
	memcpy(c->cls, c->where, cl);
	c->cls[cl] = 0;
	const char *lc = strrchr(c->where, ':');
	c->line = lc ? atoi(lc + 1) : 0;
	c->col = m->col;
	c->orig = tg_strdup(m->orig ? m->orig : g->sites[m->site].orig);
	c->text = tg_strdup(m->text);
	c->srcpath = xstrdup(g->srcpath);
	const char *dot = strrchr(c->cls, '.');
	size_t plen = dot ? (size_t)(dot - c->cls) : 0;
	char *pkg = xmalloc(plen + 1);
	memcpy(pkg, c->cls, plen);
	pkg[plen] = 0;
	const char *nested = dot ? dot + 1 : c->cls; /* "C$In" */
	if (strchr(nested, '$')) {
		const char *q = nested;
		for (; *q; q++)
			if (*q == '$' && isdigit((unsigned char)q[1]))
				break;
		if (*q) {
			c->why = xstrdup("a method of an anonymous or local class");
			free(pkg);
			return;
		}
	}
	char *tname = xstrdup(nested), *p;
	for (p = tname; *p; p++)
		if (*p == '$')
			*p = '.';
	const char *simple = strrchr(tname, '.') ? strrchr(tname, '.') + 1
						  : tname;
	char *pkgdir = xstrdup(pkg);
	for (p = pkgdir; *p; p++)
		if (*p == '.')
			*p = '/';
	/* the root: the source file's folder less the package's */
	const char *fs = strrchr(c->srcpath, '/');
	size_t dl = fs ? (size_t)(fs - c->srcpath) : 0;
	size_t pl = strlen(pkgdir);
	if (pl && dl > pl && !strncmp(c->srcpath + dl - pl, pkgdir, pl) &&
	    c->srcpath[dl - pl - 1] == '/')
		dl -= pl + 1;
	else if (pl && dl == pl && !strncmp(c->srcpath, pkgdir, pl))
		dl = 0;
	c->root = dl ? tg_printf("%.*s", (int)dl, c->srcpath) : xstrdup(".");
	c->rel = xstrdup(dl ? c->srcpath + dl + 1 : c->srcpath);
	char *flat = sanitize(nested);
	c->tclass = plen ? tg_printf("%s.%sSubsumeTest", pkg, flat)
			 : tg_printf("%sSubsumeTest", flat);
	c->tfile = tg_printf("%s%s%sSubsumeTest.java", pkgdir, plen ? "/" : "",
			     flat);
	char *sid = sanitize(m->id);
	char *sop = sanitize(*m->op ? m->op : "");
	c->tmethod = tg_printf("mutant%s%s%s", sid, *sop ? "_" : "", sop);
	free(sid);
	free(sop);
	free(flat);
	free(pkgdir);
	free(pkg);
	if (search) {
		/* no method-level input: the runner searches the method's
		 * inputs on the original and the mutant (java_finish) */
		const char *at = strchr(c->where, '@');
		size_t nl = at ? strcspn(at + 1, "(:") : 0;
		if (!nl) {
			c->why = xstrdup("the mutant's place names no method");
			free(tname);
			return;
		}
		c->mname = tg_printf("%.*s", (int)nl, at + 1);
		c->search = tg_printf("the killing input is of the %s, not of "
				      "the method%s", m->level == CL_METHOD ?
				      "method" : "enclosing expression", m->mwhy
				      ? " (the method is not modelled)" : "");
		free(tname);
		return;
	}

	size_t len;
	char *src = read_file(c->srcpath, &len);
	char *head = NULL, *params = NULL;
	char *types[MIR_MAX_VARS] = { 0 };
	int nt = -1, np = 0;
	if (src && method_header(src, o->line, o->col, &head, &params))
		nt = param_types(params, types, MIR_MAX_VARS);
	for (int i = 0; i < o->nvars; i++)
		np += o->kinds[i] == MV_PARAM;
	if (!src || !head || nt != np) {
		c->why = tg_printf("the declaration of %s at %s:%d:%d does not "
				   "read as a method with %d parameters", o->name,
				   c->srcpath, o->line, o->col, np);
		goto out;
	}
	bool is_static = has_word(head, strlen(head), "static");
	bool is_private = has_word(head, strlen(head), "private");

	char *own = own_text(src, simple);
	struct jt J = { .o = o, .in = m->kin, .src = own, .simple = simple,
			.tname = tname };
	struct value in[MIR_IN];
	memcpy(in, m->kin, sizeof(in));
	struct mrun ro;
	mir_eval(o, in, 0, &ro);
	/* the calls it makes on itself, seen through a subclass that
	 * records them (each callee overridable; the original's calls and
	 * the expected list) */
	struct strbuf expect = STRBUF_INIT;
	if (!is_static && o->ncallees && !ro.threw)
		J.spy = spy_body(&J, &ro, &expect);
	if (!is_static) {
		make_object(&J, "self");
		J.self_made = true;
	}
	bool spied = J.spy && strstr(J.setup.buf ? J.setup.buf : "",
				     "records the calls");
	/* the fields, then the cells read through references */
	for (int i = 0; i < o->nvars; i++) {
		if (o->kinds[i] != MV_FIELD)
			continue;
		struct strbuf v = STRBUF_INIT;
		char *fty = field_type(own, bare(o->names[i]));
		value_expr(&J, &v, i, in[i], fty);
		free(fty);
		set_field(&J, is_static ? tname : "self", bare(o->names[i]),
			  v.buf);
		sb_release(&v);
	}
	for (int i = 0; i < o->nvars; i++) {
		if (o->kinds[i] != MV_HEAP)
			continue;
		const char *d = strrchr(o->names[i], '.');
		int b = -1;
		for (int j = 0; j < o->nvars && d; j++)
			if (o->kinds[j] != MV_LOCAL && j != i &&
			    strlen(o->names[j]) == (size_t)(d - o->names[i]) &&
			    !strncmp(o->names[j], o->names[i], (size_t)(d - o->names[i])))
				b = j;
		if (b < 0 || (int32_t)in[b].bits < 2)
			continue; /* null (never read) or this (a field) */
		struct strbuf ob = STRBUF_INIT, v = STRBUF_INIT;
		ref_expr(&J, &ob, (int32_t)in[b].bits, NULL);
		char *fty = field_type(own, d + 1);
		value_expr(&J, &v, i, in[i], fty);
		free(fty);
		set_field(&J, ob.buf, d + 1, v.buf);
		sb_release(&ob);
		sb_release(&v);
	}
	/* the call */
	struct strbuf call = STRBUF_INIT, args = STRBUF_INIT, tys = STRBUF_INIT;
	for (int i = 0, k = 0; i < o->nvars; i++) {
		if (o->kinds[i] != MV_PARAM)
			continue;
		if (k)
			sb_puts(&args, ", ");
		value_expr(&J, &args, i, in[i], types[k]);
		sb_printf(&tys, ", %s.class", types[k]);
		k++;
	}
	const char *recv = is_static ? tname : "self";
	if (is_private) {
		J.reflect_call = true;
		sb_printf(&call, "invoke(%s, %s.class, \"%s\", new Class<?>[] {%s}%s%s)",
			  is_static ? "null" : "self", tname, o->name,
			  tys.len ? tys.buf + 2 : "", args.len ? ", " : "",
			  args.len ? args.buf : "");
	} else {
		sb_printf(&call, "%s.%s(%s)", recv, o->name, args.len ? args.buf : "");
	}
	struct strbuf body = STRBUF_INIT;
	if (ro.threw) {
		const char *exc = ro.exc < o->nexc ? o->exc[ro.exc] : "Throwable";
		sb_printf(&J.check, "        assertThrows(%s.class, () -> %s);\n",
			  exc, call.buf);
	} else if (o->ret) {
		char *actual = is_private ? tg_printf("(%s) %s", o->ret_ref ?
			"Object" : o->ret->name, call.buf) : xstrdup(call.buf);
		assert_value(&J, &J.check, o->ret, o->ret_ref, ro.ret, actual, NULL);
		free(actual);
	} else {
		sb_printf(&J.check, "        %s;\n", call.buf);
	}
	for (int i = 0; !ro.threw && i < o->nvars; i++) {
		if (!mir_observed(o, i) || (o->arrs >> i & 1))
			continue;
		struct strbuf a = STRBUF_INIT;
		if (o->kinds[i] == MV_FIELD) {
			bool final;
			field_visible(&J, bare(o->names[i]), &final);
			if (final)
				continue;
			get_field(&J, &a, is_static ? tname : "self",
				  bare(o->names[i]), cast_name(o, i));
		} else { /* a cell b.f */
			const char *d = strrchr(o->names[i], '.');
			int b = -1;
			for (int j = 0; j < o->nvars && d; j++)
				if (o->kinds[j] != MV_LOCAL && j != i &&
				    strlen(o->names[j]) == (size_t)(d - o->names[i]) &&
				    !strncmp(o->names[j], o->names[i],
					     (size_t)(d - o->names[i])))
					b = j;
			if (b < 0 || (int32_t)in[b].bits < 2) {
				sb_release(&a);
				continue;
			}
			struct strbuf ob = STRBUF_INIT;
			ref_expr(&J, &ob, (int32_t)in[b].bits, NULL);
			get_field(&J, &a, ob.buf, d + 1, cast_name(o, i));
			sb_release(&ob);
		}
		assert_value(&J, &J.check, o->types[i], o->refs >> i & 1,
			     ro.vars[i], a.buf, NULL);
		sb_release(&a);
	}
	bool asserted[MIR_AOBJ] = { false };
	if (o->arr_writes && !ro.threw)
		for (int i = 0; i < o->nvars; i++) {
			if ((o->kinds[i] != MV_PARAM && o->kinds[i] != MV_FIELD) ||
			    !(o->arrs >> i & 1))
				continue;
			int32_t j = (int32_t)in[i].bits;
			if (j < 1 || j > MIR_AOBJ || ro.alen[j - 1] < 0 ||
			    ro.alen[j - 1] > MIR_ALEN || asserted[j - 1])
				continue;
			asserted[j - 1] = true;
			sb_printf(&J.check, "        assertArrayEquals(new %s[] {",
				  o->elem[i]->name);
			for (int e = 0; e < ro.alen[j - 1]; e++) {
				if (e)
					sb_puts(&J.check, ", ");
				prim_expr(&J.check, o->elem[i], ro.aval[j - 1][e]);
			}
			struct strbuf nm = STRBUF_INIT;
			mir_arr_print(&nm, o, in, i);
			sb_printf(&J.check, "}, %s);\n", nm.buf[0] == 'o' ? nm.buf
				  : bare(o->names[i]));
			sb_release(&nm);
		}
	if (spied) {
		sb_printf(&J.check, "        assertEquals(java.util.Arrays.asList(%s), "
			  "calls);\n", expect.buf ? expect.buf : "");
	} else if (ro.nevents) {
		struct strbuf ev = STRBUF_INIT;
		for (int k = 0; k < ro.nevents; k++) {
			if (k)
				sb_puts(&ev, ", ");
			mir_event_print(&ev, o, &ro.events[k], false);
		}
		char *s = tg_printf("not asserted: the calls the original makes "
				    "(%s); a spy would see them", ev.buf);
		note(&J, s);
		free(s);
		sb_release(&ev);
	}
	if (mir_uses_results(o) || mir_havoc(o)) {
		note(&J, "the killing input says what the calls return or set; "
		     "the real callees run here");
	}
	if (J.why) {
		/* the killing input cannot be built: a search of the
		 * method's inputs (java_finish) */
		const char *at = strchr(c->where, '@');
		size_t ml = at ? strcspn(at + 1, "(:") : 0;
		if (ml) {
			c->mname = tg_printf("%.*s", (int)ml, at + 1);
			c->search = tg_printf("its method-level killing input "
					      "cannot be built (%s)", J.why);
		} else {
			c->why = J.why;
			J.why = NULL;
		}
	} else {
		sb_printf(&body, "    @Test\n    void %s() throws Throwable {\n%s%s"
			  "    }\n", c->tmethod,
			  J.setup.buf ? J.setup.buf : "", J.check.buf ? J.check.buf : "");
		c->code = body.buf;
		body.buf = NULL;
		c->comment = J.notes.buf ? xstrdup(J.notes.buf) : xstrdup("");
		/* the helpers it needs, by a mark the file writer reads */
		char *k = tg_printf("%s%s%s%s%s", c->comment, J.reflect_new ?
				    "     * uses: construct\n" : "",
				    J.reflect_field ? "     * uses: set, get\n" : "",
				    J.reflect_call ? "     * uses: invoke\n" : "",
				    J.reflect_alloc ? "     * uses: allocate\n" : "");
		free(c->comment);
		c->comment = k;
	}
	sb_release(&body);
	sb_release(&call);
	sb_release(&args);
	sb_release(&tys);
	sb_release(&J.setup);
	sb_release(&J.check);
	sb_release(&J.notes);
	sb_release(&expect);
	free(J.spy);
	free(J.why);
	free(own);
out:
	for (int i = 0; i < MIR_MAX_VARS; i++)
		free(types[i]);
	free(head);
	free(params);
	free(src);
	free(tname);
}

/* --- the files --- */

static const char helpers_construct[] =
	"\n    /** Reflection: an instance through a constructor the test "
	"cannot call. */\n"
	"    private static <T> T construct(Class<T> c) throws Exception {\n"
	"        java.lang.reflect.Constructor<T> k = c.getDeclaredConstructor();\n"
	"        k.setAccessible(true);\n"
	"        return k.newInstance();\n"
	"    }\n";
static const char helpers_alloc[] =
	"\n    /** Reflection: an instance built without running a constructor "
	"(its class\n     *  has no no-argument one): its fields are Java's "
	"defaults, the test\n     *  sets those the method reads. */\n"
	"    private static <T> T allocate(Class<T> c) throws Exception {\n"
	"        java.lang.reflect.Constructor<?> k = sun.reflect.ReflectionFactory"
	".getReflectionFactory()\n"
	"            .newConstructorForSerialization(c, Object.class."
	"getDeclaredConstructor());\n"
	"        return c.cast(k.newInstance());\n"
	"    }\n";
static const char helpers_field[] =
	"\n    /** Reflection: a field the test cannot see. */\n"
	"    private static void set(Object self, Class<?> c, String name, "
	"Object value) throws Exception {\n"
	"        java.lang.reflect.Field f = c.getDeclaredField(name);\n"
	"        f.setAccessible(true);\n"
	"        f.set(self, value);\n"
	"    }\n\n"
	"    private static Object get(Object self, Class<?> c, String name) "
	"throws Exception {\n"
	"        java.lang.reflect.Field f = c.getDeclaredField(name);\n"
	"        f.setAccessible(true);\n"
	"        return f.get(self);\n"
	"    }\n";
static const char helpers_invoke[] =
	"\n    /** Reflection: a private method (its exception rethrown). */\n"
	"    private static Object invoke(Object self, Class<?> c, String name, "
	"Class<?>[] types, Object... args) throws Throwable {\n"
	"        java.lang.reflect.Method m = c.getDeclaredMethod(name, types);\n"
	"        m.setAccessible(true);\n"
	"        try {\n"
	"            return m.invoke(self, args);\n"
	"        } catch (java.lang.reflect.InvocationTargetException e) {\n"
	"            throw e.getCause();\n"
	"        }\n"
	"    }\n";

static const char helpers_statics[] =
	"\n    /** Reflection: the class's static fields (not final), saved "
	"before the test\n     *  and put back after it. */\n"
	"    private static Object[] saveStatics(Class<?> c) throws Exception {\n"
	"        java.lang.reflect.Field[] fs = c.getDeclaredFields();\n"
	"        Object[] v = new Object[fs.length];\n"
	"        for (int i = 0; i < fs.length; i++)\n"
	"            if (java.lang.reflect.Modifier.isStatic(fs[i].getModifiers())\n"
	"                && !java.lang.reflect.Modifier.isFinal(fs[i].getModifiers())) {\n"
	"                fs[i].setAccessible(true);\n"
	"                v[i] = fs[i].get(null);\n"
	"            }\n"
	"        return v;\n"
	"    }\n\n"
	"    private static void restoreStatics(Class<?> c, Object[] v) throws "
	"Exception {\n"
	"        java.lang.reflect.Field[] fs = c.getDeclaredFields();\n"
	"        for (int i = 0; i < fs.length; i++)\n"
	"            if (java.lang.reflect.Modifier.isStatic(fs[i].getModifiers())\n"
	"                && !java.lang.reflect.Modifier.isFinal(fs[i].getModifiers())) {\n"
	"                fs[i].setAccessible(true);\n"
	"                fs[i].set(null, v[i]);\n"
	"            }\n"
	"    }\n";

/* Comment text safe inside a block comment. */
static void comment_text(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (s[0] == '*' && s[1] == '/')
			sb_puts(sb, "* /");
		else
			sb_putc(sb, *s);
	}
}

/* The test class of cases cs[0..n) (one class): verified says which
 * header; with reasons, each method's reason in its comment. */
static long lines_in(const struct strbuf *sb)
{
	long n = 1;
	for (size_t i = 0; i < sb->len; i++)
		n += sb->buf[i] == '\n';
	return n;
}

static char *class_text(struct tg_case **cs, size_t n, bool verified,
			bool reasons, long *first, long *last)
{
	struct strbuf sb = STRBUF_INIT;
	const char *dot = strrchr(cs[0]->tclass, '.');
	if (dot)
		sb_printf(&sb, "package %.*s;\n\n", (int)(dot - cs[0]->tclass),
			  cs[0]->tclass);
	sb_puts(&sb, "import static org.junit.jupiter.api.Assertions.*;\n\n"
		"import org.junit.jupiter.api.Test;\n"
		"import org.junit.jupiter.api.Timeout;\n");
	/* the class's own imports: the types its parameters name */
	size_t len;
	char *src = read_file(cs[0]->srcpath, &len);
	bool none = true;
	for (const char *l = src ? src : ""; *l;) {
		size_t ll = strcspn(l, "\n");
		const char *t = l;
		while (t < l + ll && isspace((unsigned char)*t))
			t++;
		if (!strncmp(t, "import ", 7) && memchr(t, ';', (size_t)(l + ll - t))) {
			sb_puts(&sb, none ? "\n" : "");
			none = false;
			sb_add(&sb, t, (size_t)((const char *)memchr(t, ';',
				(size_t)(l + ll - t)) - t) + 1);
			sb_putc(&sb, '\n');
		}
		if (!strncmp(t, "class ", 6) || !strncmp(t, "public ", 7) ||
		    !strncmp(t, "final ", 6) || !strncmp(t, "abstract ", 9))
			break;
		l += ll + (l[ll] != 0);
	}
	free(src);
	sb_putc(&sb, '\n');
	sb_printf(&sb, "/**\n * Written by subsume check --tests: each test "
		  "calls a method of %s with the\n * input that kills one "
		  "mutant the project's tests left alive, and asserts\n * what "
		  "the original does there (a mutant that loops fails by the "
		  "timeout).\n * %s\n */\n@Timeout(value = 10, threadMode = "
		  "Timeout.ThreadMode.SEPARATE_THREAD)\nclass %s {\n", cs[0]->cls,
		  verified ? "Verified: each passes on the original and fails "
		  "on its mutant." : "NOT verified as kills: the reason is above "
		  "each test.", dot ? dot + 1 : cs[0]->tclass);
	bool need_c = false, need_f = false, need_i = false, need_a = false;
	bool need_s = false;
	for (size_t i = 0; i < n; i++) {
		const struct tg_case *c = cs[i];
		need_c |= strstr(c->comment, "uses: construct") != NULL;
		need_f |= strstr(c->comment, "uses: set") != NULL;
		need_i |= strstr(c->comment, "uses: invoke") != NULL;
		need_a |= strstr(c->comment, "uses: allocate") != NULL;
		need_s |= strstr(c->comment, "uses: statics") != NULL;
		sb_puts(&sb, "\n    /*\n     * Mutant ");
		comment_text(&sb, c->id);
		sb_puts(&sb, " at ");
		comment_text(&sb, c->where);
		sb_puts(&sb, ": ");
		comment_text(&sb, c->mutation);
		sb_puts(&sb, "\n     * test results: ");
		comment_text(&sb, c->status);
		sb_puts(&sb, "\n     * subsume: ");
		comment_text(&sb, c->verdict);
		sb_puts(&sb, "\n");
		for (const char *l = c->comment; *l;) {
			size_t ll = strcspn(l, "\n");
			if (strncmp(l, "     * uses: ", 13)) {
				struct strbuf t = STRBUF_INIT;
				sb_add(&t, l, ll);
				comment_text(&sb, t.buf);
				sb_putc(&sb, '\n');
				sb_release(&t);
			}
			l += ll + (l[ll] != 0);
		}
		if (reasons && c->why) {
			sb_puts(&sb, "     * NOT VERIFIED: ");
			comment_text(&sb, c->why);
			sb_putc(&sb, '\n');
		}
		sb_puts(&sb, "     */\n");
		if (first)
			first[i] = lines_in(&sb);
		sb_puts(&sb, c->code);
		if (last)
			last[i] = lines_in(&sb) - 1;
	}
	if (need_c)
		sb_puts(&sb, helpers_construct);
	if (need_f)
		sb_puts(&sb, helpers_field);
	if (need_i)
		sb_puts(&sb, helpers_invoke);
	if (need_a)
		sb_puts(&sb, helpers_alloc);
	if (need_s)
		sb_puts(&sb, helpers_statics);
	sb_puts(&sb, "}\n");
	return sb.buf;
}

/* Case c's test passed on the original once the runner had replaced
 * its expected values by the observed ones: its text read back from
 * the test file in WORK/t (its lines first..last), and said. */
static const char *tdir = "t"; /* the folder of the round's tests */

static void take_observed(struct tg_ctx *x, struct tg_case *c)
{
	char *path = tg_printf("%s/%s/%s", x->work, tdir, c->tfile);
	size_t len;
	char *text = read_file(path, &len);
	free(path);
	if (!text)
		return;
	struct strbuf sb = STRBUF_INIT;
	long ln = 1;
	for (const char *l = text; *l && ln <= c->last; ln++) {
		size_t ll = strcspn(l, "\n");
		if (ln >= c->first) {
			sb_add(&sb, l, ll);
			sb_putc(&sb, '\n');
		}
		l += ll + (l[ll] != 0);
	}
	free(text);
	if (!sb.buf)
		return;
	free(c->code);
	c->code = sb.buf;
	c->observed = true;
	char *k = tg_printf("     * expected values OBSERVED from a run of the "
			    "original on this input, not derived from the model: "
			    "the values the model gave failed on the original "
			    "(the killing input assumes what calls to code it "
			    "does not know return)\n%s", c->comment);
	free(c->comment);
	c->comment = k;
}

/* The verification's results file: each line to the cases. */
static void read_results(struct tg_ctx *x, struct tg_case **cs, size_t n,
			 const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text)
		return;
	for (char *l = text; *l;) {
		char *e = l + strcspn(l, "\n");
		char save = *e;
		*e = 0;
		char *f[6] = { 0 };
		int nf = 0;
		for (char *p = l; nf < 6;) {
			f[nf++] = p;
			char *t = strchr(p, '\t');
			if (!t)
				break;
			*t = 0;
			p = t + 1;
		}
		for (size_t i = 0; i < n; i++) {
			struct tg_case *c = cs[i];
			if (nf >= 4 && !strcmp(f[0], "E") && !strcmp(f[1], c->tclass) &&
			    (!*f[2] || !strcmp(f[2], c->tmethod))) {
				free(c->why);
				c->why = tg_printf("%s does not compile: %s", *f[2] ?
						   "the test" : "the test class", f[3]);
				c->st = TG_UNVERIFIED;
			} else if (nf >= 5 && !strcmp(f[0], "O") &&
				   !strcmp(f[1], c->tclass) &&
				   !strcmp(f[2], c->tmethod) && !strcmp(f[3], "FAIL")) {
				free(c->why);
				c->why = tg_printf("fails on the original: %s%s", f[4],
						   strstr(c->comment, "calls return")
						   ? " (the killing input assumes what "
						   "the calls return or set)" : "");
				c->st = TG_UNVERIFIED;
			} else if (nf >= 5 && !strcmp(f[0], "O") &&
				   !strcmp(f[1], c->tclass) &&
				   !strcmp(f[2], c->tmethod) && !strcmp(f[3], "PASS") &&
				   !strcmp(f[4], "observed")) {
				take_observed(x, c);
			} else if (nf >= 4 && !strcmp(f[0], "M") && !strcmp(f[1], c->id) &&
				   c->st == TG_NONE) {
				if (!strcmp(f[2], "FAIL")) {
					c->st = TG_VERIFIED;
				} else {
					free(c->why);
					c->why = !strcmp(f[2], "PASS")
						? tg_printf("passes on the mutant: what "
							    "tells them apart is not what "
							    "the test asserts%s", c->observed
							    ? " (its expected values observed "
							    "from the original: the real "
							    "callees do not give the values "
							    "the killing input assumes)" : "")
						: tg_printf("the mutant does not compile "
							    "or run: %s", f[3]);
					c->st = TG_UNVERIFIED;
				}
			}
		}
		*e = save;
		l = e + (save != 0);
	}
	free(text);
}

/* Major's mutated source of c in --mutants DIR: DIR/ID/REL, or
 * DIR/ID/FILE (its base name), or NULL. */
static char *given_mutant(const char *dir, const struct tg_case *c)
{
	char *p = tg_printf("%s/%s/%s", dir, c->id, c->rel);
	FILE *f = fopen(p, "r");
	if (!f) {
		free(p);
		const char *b = strrchr(c->rel, '/');
		p = tg_printf("%s/%s/%s", dir, c->id, b ? b + 1 : c->rel);
		f = fopen(p, "r");
	}
	if (!f) {
		free(p);
		return NULL;
	}
	fclose(f);
	return p;
}

/* A test class's file as written (no line marks). */
static char *java_file_text(struct tg_case **cs, size_t n, bool verified)
{
	return class_text(cs, n, verified, !verified, NULL, NULL);
}

/* The mutated source of c: Major's (--mutants DIR) or the mutation
 * applied to a copy; false with c->why (unverified) if neither. */
static bool mutant_source(struct tg_ctx *x, struct tg_case *c)
{
	if (c->mutfile)
		return true;
	if (x->o->mutants) {
		c->mutfile = given_mutant(x->o->mutants, c);
		if (!c->mutfile)
			c->why = tg_printf("--mutants %s has no mutated source for "
					   "mutant %s", x->o->mutants, c->id);
		return c->mutfile != NULL;
	}
	return tg_apply(x, c);
}

/* The JVM's quick compiler only: the runner's work is short (javac
 * and a few tests a class), and the optimizing compiler's threads cost
 * it twice the CPU time. */
#define JVM_QUICK "-XX:TieredStopAtLevel=1"

/* How to start the runner: its class compiled once a run into
 * WORK/runner (javac), so that each start (a search, a verification
 * round) does not compile it again, else its source (java's source
 * launcher).  *cp and *main are set (heap copies); false when its
 * source cannot be written. */
static bool runner_cmd(struct tg_ctx *x, char **cp, char **main)
{
	char *cls = tg_printf("%s/runner/SubsumeVerify.class", x->work);
	struct stat st;
	bool have = !stat(cls, &st);
	free(cls);
	if (!have) {
		if (!tg_write(x->work, "SubsumeVerify.java", testgen_verify_java))
			return false;
		char *src = tg_printf("%s/SubsumeVerify.java", x->work);
		char *dir = tg_printf("%s/runner", x->work);
		char *log = tg_printf("%s/log", x->work);
		char *argv[] = { "javac", "-J-XX:TieredStopAtLevel=1", "-nowarn",
				 "-proc:none", "-d", dir, "-cp", (char *)x->junit,
				 src, NULL };
		have = tg_spawn(argv, log) == 0;
		if (!have) {
			*cp = xstrdup(x->junit);
			*main = src;
		}
		free(dir);
		free(log);
		if (!have)
			return true;
		free(src);
	}
	*cp = tg_printf("%s:%s/runner", x->junit, x->work);
	*main = xstrdup("SubsumeVerify");
	return true;
}

/* The runner's escaped text (backslash, n, t) into sb. */
static void unescape(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			sb_putc(sb, *s == 'n' ? '\n' : *s == 't' ? '\t' : *s);
		} else {
			sb_putc(sb, *s);
		}
	}
}

/* The cases without a method-level input (c->search): the runner
 * searches each method's inputs on the original and on the mutant (S
 * lines, one JVM for all); the test of the first input that tells them
 * apart becomes the case's code (verified as any other next), else the
 * case gets the reason (no test). */
static void search_inputs(struct tg_ctx *x, struct tg_case **cs, size_t n)
{
	struct strbuf pl = STRBUF_INIT;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		struct tg_case *c = cs[i];
		if (!c->search)
			continue;
		if (!x->junit) {
			c->why = tg_printf("%s; no input searched: no JUnit 5 "
					   "console launcher jar", c->search);
			continue;
		}
		if (!mutant_source(x, c)) {
			char *w = tg_printf("%s; no input searched: %s", c->search,
					    c->why);
			free(c->why);
			c->why = w;
			continue;
		}
		unsigned long seed = 5381;
		for (const char *p = c->id; *p; p++)
			seed = seed * 33 + (unsigned char)*p;
		sb_printf(&pl, "S\t%s\t%s\t%s\t%s\t%s\t%s\t%lu\n", c->id, c->cls,
			  c->mname, c->root, c->srcpath, c->mutfile, seed % 1000003);
		k++;
	}
	if (!k) {
		sb_release(&pl);
		return;
	}
	char *plan = tg_printf("%s/splan", x->work);
	char *res = tg_printf("%s/sresults", x->work);
	char *log = tg_printf("%s/slog", x->work);
	char *runner = NULL, *cp = NULL;
	int rc = -1;
	if (tg_write(x->work, "splan", pl.buf) && runner_cmd(x, &cp, &runner)) {
		char *argv[] = { "java", "-Xshare:auto", JVM_QUICK, "-cp", cp,
				 runner, plan, res, NULL };
		rc = tg_spawn(argv, log);
	} else {
		x->io_error = true;
	}
	size_t len;
	char *text = rc == 0 ? read_file(res, &len) : NULL;
	for (char *l = text; l && *l;) {
		char *e = l + strcspn(l, "\n");
		char save = *e;
		*e = 0;
		char *f[6] = { 0 };
		int nf = 0;
		for (char *p = l; nf < 6;) {
			f[nf++] = p;
			char *t = nf < 6 ? strchr(p, '\t') : NULL;
			if (!t)
				break;
			*t = 0;
			p = t + 1;
		}
		for (size_t i = 0; nf >= 4 && !strcmp(f[0], "S") && i < n; i++) {
			struct tg_case *c = cs[i];
			if (!c->search || strcmp(c->id, f[1]) || c->code || c->why)
				continue;
			if (!strcmp(f[2], "OK") && nf == 6) {
				struct strbuf b = STRBUF_INIT;
				sb_printf(&b, "    @Test\n    void %s() throws Throwable "
					  "{\n", c->tmethod);
				unescape(&b, f[5]);
				sb_puts(&b, "    }\n");
				c->code = b.buf;
				c->comment = tg_printf(
					"     * input found by a search: %s; the runner "
					"tried inputs of %s() on the original and on "
					"the mutant until they differed (%s)\n%s%s%s",
					c->search, c->mname, f[4],
					strstr(f[3], "get") ? "     * uses: set, get\n"
					: "", strstr(f[3], "invoke") ?
					"     * uses: invoke\n" : "",
					strstr(f[3], "statics") ?
					"     * uses: statics\n" : "");
			} else {
				c->why = tg_printf("%s; %s", c->search, f[3]);
			}
		}
		*e = save;
		l = e + (save != 0);
	}
	for (size_t i = 0; i < n; i++)
		if (cs[i]->search && !cs[i]->code && !cs[i]->why)
			cs[i]->why = tg_printf("%s; the search of its inputs gave "
					       "no result (exit %d)", cs[i]->search,
					       rc);
	free(text);
	free(plan);
	free(res);
	free(log);
	free(runner);
	free(cp);
	sb_release(&pl);
}

/* Verify cases cs[0..n) (each with its test's text): round r's files
 * in WORK (plan, results, log; the test classes under t/, t1/...). */
static void verify(struct tg_ctx *x, struct tg_case **cs, size_t n, int r)
{
	qsort(cs, n, sizeof(*cs), tg_by_file); /* a test class per file */
	char *plan = tg_printf("%s/plan%s", x->work, r ? "1" : "");
	char *res = tg_printf("%s/results%s", x->work, r ? "1" : "");
	char *log = tg_printf("%s/log", x->work);
	tdir = r ? "t1" : "t";
	struct strbuf pl = STRBUF_INIT;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && !strcmp(cs[j]->tclass, cs[i]->tclass))
			j++;
		long *first = xcalloc(j - i, sizeof(long));
		long *last = xcalloc(j - i, sizeof(long));
		char *text = class_text(cs + i, j - i, true, false, first, last);
		char *rel = tg_printf("%s/%s", tdir, cs[i]->tfile);
		if (!tg_write(x->work, rel, text))
			x->io_error = true;
		for (size_t k = i; k < j; k++) {
			sb_printf(&pl, "R\t%s\t%s\t%ld\t%ld\n", cs[k]->tclass,
				  cs[k]->tmethod, first[k - i], last[k - i]);
			cs[k]->first = first[k - i];
			cs[k]->last = last[k - i];
		}
		free(first);
		free(last);
		sb_printf(&pl, "C\t%s\t%s/%s\t%s\t%s\nO\t%s\n", cs[i]->tclass,
			  x->work, rel, cs[i]->root, cs[i]->srcpath, cs[i]->tclass);
		free(rel);
		free(text);
		i = j;
	}
	for (size_t i = 0; i < n; i++) {
		struct tg_case *c = cs[i];
		if (!mutant_source(x, c)) {
			c->st = TG_UNVERIFIED;
			continue;
		}
		sb_printf(&pl, "M\t%s\t%s\t%s\t%s\n", c->id, c->tclass, c->tmethod,
			  c->mutfile);
	}
	bool ran = false;
	char *runner = NULL, *cp = NULL;
	if (!x->junit) {
		for (size_t i = 0; i < n; i++)
			if (cs[i]->st == TG_NONE)
				cs[i]->why = xstrdup("not verified: no JUnit 5 console "
						     "launcher jar (--junit JAR, "
						     "SUBSUME_JUNIT, or make deps)");
	} else if (tg_write(x->work, r ? "plan1" : "plan", pl.buf ? pl.buf : "") &&
		   runner_cmd(x, &cp, &runner)) {
		char *next = tg_printf("%s/next", x->work);
		char from[24] = "0";
		int rc;
		/* exit 3: a test timed out, its thread still runs: again from
		 * the plan line after it (testgen-verify.java) */
		for (int round = 0;; round++) {
			char *argv[] = { "java", "-Xshare:auto", JVM_QUICK, "-cp", cp,
					 runner, plan, res, from, NULL };
			rc = tg_spawn(argv, log);
			size_t nl;
			char *nt = rc == 3 ? read_file(next, &nl) : NULL;
			if (!nt || round > 10000) {
				free(nt);
				break;
			}
			snprintf(from, sizeof(from), "%ld", atol(nt));
			free(nt);
		}
		free(next);
		if (rc != 0) {
			size_t ll;
			char *lt = read_file(log, &ll);
			const char *why = rc < 0 ? "java cannot be started" : lt ? lt : "";
			for (size_t i = 0; i < n; i++)
				if (cs[i]->st == TG_NONE)
					cs[i]->why = tg_printf("not verified: the "
						"verification failed (exit %d): %.300s",
						rc, why);
			free(lt);
		} else {
			ran = true;
			read_results(x, cs, n, res);
		}
	} else {
		x->io_error = true;
	}
	for (size_t i = 0; i < n; i++)
		if (cs[i]->st == TG_NONE) {
			cs[i]->st = TG_UNVERIFIED;
			if (!cs[i]->why)
				cs[i]->why = xstrdup(ran ? "the verification gave no "
						     "result for it" : "not verified");
		}
	sb_release(&pl);
	free(plan);
	free(res);
	free(log);
	free(runner);
	free(cp);
}

/* A method-level case's unverified test, kept while a search tries
 * another input. */
struct kept {
	struct tg_case *c;
	char *code, *comment, *why;
	bool observed;
};

static void java_finish(struct tg_ctx *x, struct tg_case **all, size_t na)
{
	search_inputs(x, all, na);
	/* the cases with a test's text */
	struct tg_case **cs = xcalloc(na + 1, sizeof(*cs));
	size_t n = 0;
	for (size_t i = 0; i < na; i++)
		if (!all[i]->why)
			cs[n++] = all[i];
	if (n)
		verify(x, cs, n, 0);
	/* a method-level killing input whose test fails on the original
	 * or passes on the mutant (it assumes what calls return): a
	 * search of the method's inputs on the real code, its test
	 * verified again; the first test stays when none verifies */
	struct kept *kp = xcalloc(n + 1, sizeof(*kp));
	size_t nk = 0;
	for (size_t i = 0; x->junit && i < n; i++) {
		struct tg_case *c = cs[i];
		if (c->st != TG_UNVERIFIED || c->search || !c->why ||
		    (strncmp(c->why, "fails on the original", 21) &&
		     strncmp(c->why, "passes on the mutant", 20)))
			continue;
		const char *at = strchr(c->where, '@');
		size_t ml = at ? strcspn(at + 1, "(:") : 0;
		if (!ml)
			continue;
		kp[nk++] = (struct kept){ c, c->code, c->comment, c->why,
					  c->observed };
		c->mname = tg_printf("%.*s", (int)ml, at + 1);
		c->search = tg_printf("the test of its method-level killing "
				      "input did not verify (%.200s)", c->why);
		c->code = c->comment = c->why = NULL;
		c->observed = false;
		c->st = TG_NONE;
	}
	if (nk) {
		struct tg_case **rs = xcalloc(nk + 1, sizeof(*rs));
		size_t nr = 0;
		for (size_t i = 0; i < nk; i++)
			rs[i] = kp[i].c;
		search_inputs(x, rs, nk);
		for (size_t i = 0; i < nk; i++)
			if (rs[i]->code)
				rs[nr++] = rs[i];
		if (nr)
			verify(x, rs, nr, 1);
		for (size_t i = 0; i < nk; i++) {
			struct tg_case *c = kp[i].c;
			if (c->st == TG_VERIFIED) {
				free(kp[i].code);
				free(kp[i].comment);
				free(kp[i].why);
				continue;
			}
			free(c->code);
			free(c->comment);
			char *w = c->why ? tg_printf("%s; then a search: %s", kp[i].why, c->why
						     + (strncmp(c->why, c->search,
								strlen(c->search))
							? 0 : strlen(c->search) + 2))
				   : xstrdup(kp[i].why);
			free(c->why);
			free(kp[i].why);
			c->code = kp[i].code;
			c->comment = kp[i].comment;
			c->why = w;
			c->observed = kp[i].observed;
			c->st = TG_UNVERIFIED;
			free(c->search); /* its test is the model's again */
			c->search = NULL;
		}
		free(rs);
	}
	free(kp);
	/* the files: verified tests in DIR, the others in DIR/unverified */
	if (n) {
		qsort(cs, n, sizeof(*cs), tg_by_file);
		tg_write_files(x, cs, n, java_file_text);
	}
	free(cs);
}

const struct tg_lang tg_java = {
	.name = "java",
	.takes = java_takes,
	.prepare = java_prepare,
	.finish = java_finish,
};
