/*
 * javatext.c - Java source text of a check site, rewritten for the
 * expression parser: method calls and field accesses become opaque
 * values `$k` (the same text, blanks ignored, is the same value within
 * a site), `null` becomes `$null`; constructs the model does not cover
 * (strings, `new`, `instanceof`, `this` alone) are refused with the
 * reason.  Also a context's hole filled in (a contract's `value` is
 * renamed in its parsed tree instead: site-read.c).
 *
 * C and C++ sites (S->c) read the same way, except: `p->f` is a field
 * access like `p.f`, a dereference `*p` (of a name and its chain) is an
 * opaque value too, `NULL` is `0` (there is no `null`), and a call
 * with a defining contract (contracts.c: `abs(int x)` with a `value`)
 * is inlined, its parameters replaced by the converted arguments.  The
 * rewrite can record where each byte came from (site_rewrite_map), so
 * that a parse error points into the original text.
 */
#include "check/site.h"
#include "lang/srctext.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int site_opaque(struct site *S, const char *norm, const char *recv,
		const char *method, bool has_args)
{
	for (int k = 0; k < S->nop; k++)
		if (!strcmp(S->ops[k].text, norm))
			return k;
	if (S->nop >= MAX_VARS) {
		S->err = "more than 16 distinct calls and field accesses";
		return -1;
	}
	struct opaque *o = &S->ops[S->nop];
	o->text = arena_strdup(S->a, norm);
	o->recv = recv ? arena_strdup(S->a, recv) : NULL;
	o->method = method ? arena_strdup(S->a, method) : NULL;
	o->has_args = has_args;
	return S->nop++;
}

/* The opaque value of the chain s[b..e) (first: its identifier, which
 * ends at s[i]); its index, or -1 (S->err). */
static int chain_value(struct site *S, const char *s, size_t b, size_t i,
		       size_t e, const char *first, const struct src_chain *c)
{
	/* Normalise: drop blanks outside literals (a literal ends within
	 * the chain: src_scan_chain() skipped it whole). */
	const char *norm = src_squeeze(S->a, s, b, e);
	const char *recv = NULL;
	if (strcmp(first, "this") && s[i] != '(' && s[i] != '[') {
		size_t j = i;
		while (s[j] == ' ')
			j++;
		if (s[j] == '.')
			recv = first;
	}
	return site_opaque(S, norm, recv, c->call ? c->lastid : NULL,
			   c->has_args);
}

/* The rewritten text, and where each of its bytes comes from. */
struct rw {
	struct strbuf out;
	bool track;
	int *offs;       /* [len + 1] when track */
	size_t cap;
};

/* out grew since len0 by text from s + at: byte by byte (verbatim) or
 * all of it from at (a replacement). */
static void track(struct rw *w, size_t len0, size_t at, bool verbatim)
{
	if (!w->track)
		return;
	GROW(w->offs, w->out.len + 1, w->cap);
	for (size_t k = len0; k < w->out.len; k++)
		w->offs[k] = (int)(verbatim ? at + (k - len0) : at);
}

/* Opaque value k written for the source text from byte `from`, which
 * goes on with byte next.  A name or number there would run into the
 * name (`f()3` read as `$13`, another value or none): -1 and *why,
 * naming what the value stands for (`what`). */
static int put_opaque(struct rw *w, int k, size_t from, unsigned char next,
		      const char *what, const char **why)
{
	if (src_ident_char(next)) {
		*why = what;
		return -1;
	}
	size_t len0 = w->out.len;
	sb_printf(&w->out, "$%d", k + 1);
	track(w, len0, from, false);
	return 0;
}

#define AFTER_CHAIN "a name or number directly after a call or field access"

static void put(struct rw *w, const char *p, size_t n, size_t at,
		bool verbatim)
{
	size_t len0 = w->out.len;
	sb_add(&w->out, p, n);
	track(w, len0, at, verbatim);
}

/* Does the rewritten argument t assign (=, op=, ++, --)?  Asked of its
 * tree: the parser reads the rewritten text the site is parsed from
 * (and caches it); one that does not parse fails with the site. */
static bool arg_assigns(struct site *S, const char *t)
{
	struct expr_src es = { .text = t, .quiet = true };
	return expr_has_side_effects(parse_expr_in(S->pf, S->a, &es, false));
}

#define MAX_INLINED 65536

/* The defining C contract of a call of name with argc arguments. */
static const struct contract *defining(const struct site *S, const char *name,
				       int argc)
{
	const struct contracts *cts = S->opts ? S->opts->contracts : NULL;
	for (int k = 0; cts && k < cts->n; k++) {
		const struct contract *ct = &cts->c[k];
		if (ct->value && contract_matches(ct, S->pf, name, argc))
			return ct;
	}
	return NULL;
}

/* The arguments of the call whose '(' is s[open] and ')' s[close - 1]:
 * up to max, split at top-level commas; returns their number. */
static int split_args(const char *s, size_t open, size_t close,
		      size_t *b, size_t *e, int max)
{
	size_t q = open + 1;
	while (q < close - 1 && isspace((unsigned char)s[q]))
		q++;
	if (q == close - 1)
		return 0;
	int n = 0, depth = 0;
	size_t from = open + 1;
	for (q = open + 1; q < close; q++) {
		if (s[q] == '\'' || s[q] == '"') {
			q = src_skip_quoted(s, q) - 1;
			continue;
		}
		if (s[q] == '(' || s[q] == '[')
			depth++;
		else if ((s[q] == ')' || s[q] == ']') && depth)
			depth--;
		else if ((s[q] == ',' && !depth) || q == close - 1) {
			if (n < max) {
				b[n] = from;
				e[n] = q;
			}
			n++;
			from = q + 1;
		}
	}
	return n;
}

/* Template t (a contract's value) with its parameters replaced by the
 * rewritten arguments, converted to the parameters' types. */
static void inline_value(struct strbuf *sb, const struct contract *ct,
			 char *const *args)
{
	const char *t = ct->value;
	sb_printf(sb, "(%s%s%s(", ct->returns ? "(" : "",
		  ct->returns ? ct->returns : "", ct->returns ? ")" : "");
	for (size_t i = 0; t[i];) {
		if (t[i] == '\'') {
			size_t e = src_skip_quoted(t, i);
			sb_add(sb, t + i, e - i);
			i = e;
			continue;
		}
		if (!src_ident_start((unsigned char)t[i])) {
			sb_putc(sb, t[i++]);
			continue;
		}
		size_t e = i;
		while (src_ident_char((unsigned char)t[e]))
			e++;
		int k = ct->nparams;
		while (--k >= 0)
			if (strlen(ct->param_names[k]) == e - i &&
			    !strncmp(ct->param_names[k], t + i, e - i))
				break;
		if (k >= 0)
			sb_printf(sb, "((%s)(%s))", ct->param_types[k], args[k]);
		else
			sb_add(sb, t + i, e - i);
		i = e;
	}
	sb_puts(sb, "))");
}

/* A C call name(args) with a defining contract, replaced by its value
 * at s[b..end): 1 done, 0 no such contract, -1 and *why. */
static int rewrite_defined(struct site *S, const char *s, size_t b, size_t e,
			   size_t end, const char *name, struct rw *w,
			   const char **why)
{
	size_t open = e;
	while (isspace((unsigned char)s[open]))
		open++;
	if (s[open] != '(' || src_skip_group(s, open) != end)
		return 0;
	size_t ab[MAX_VARS], ae[MAX_VARS];
	int argc = split_args(s, open, end, ab, ae, MAX_VARS);
	const struct contract *ct = argc <= MAX_VARS ? defining(S, name, argc)
						     : NULL;
	if (!ct)
		return 0;
	char **args = ANEWN(S->a, char *, (size_t)argc + 1);
	for (int k = 0; k < argc; k++) {
		char *text = arena_strndup(S->a, s + ab[k], ae[k] - ab[k]);
		if (!(args[k] = site_rewrite_map(S, text, why, NULL)))
			return -1;
		if (arg_assigns(S, args[k]))
			return *why = arena_printf(S->a, "an argument of %s() "
						   "assigns: the call's value is "
						   "inlined (its contract)", name),
			       -1;
	}
	size_t len0 = w->out.len;
	inline_value(&w->out, ct, args);
	track(w, len0, b, false);
	/* each use of a parameter copies the argument: nested calls grow
	 * the text exponentially */
	if (w->out.len > MAX_INLINED)
		return *why = "inlined calls nest too deep", -1;
	return 1;
}

/* The identifier (and chain) at s[*i], rewritten onto w; 0, or -1
 * and *why. */
static int rewrite_ident(struct site *S, const char *s, size_t *i,
			 struct rw *w, const char **why)
{
	size_t b = *i, e = *i;
	while (src_ident_char((unsigned char)s[e]))
		e++;
	size_t idlen = e - b;
	char first[64];
	snprintf(first, sizeof(first), "%.*s", (int)(idlen < 63 ? idlen : 63),
		 s + b);
	if (!strcmp(first, "new"))
		return *why = "object creation (new) is not modelled", -1;
	if (!strcmp(first, "instanceof"))
		return *why = "instanceof is not modelled", -1;
	struct src_chain c;
	size_t end = src_scan_chain(s, e, S->c, first, &c, why);
	if (!end)
		return -1;
	if (!c.any) {
		if (!strcmp(first, "this"))
			return *why = "'this' is an object; objects are not "
				      "modelled", -1;
		if (first[0] == '$') /* $1, $null: the checker's own */
			return *why = "names starting with '$' (such as '$1' "
				      "and '$null') are reserved for opaque "
				      "values", -1;
		if (!S->c && !strcmp(first, "null"))
			put(w, "$null", 5, b, false);
		else if (S->c && !strcmp(first, "NULL"))
			put(w, "0", 1, b, false);
		else
			put(w, s + b, idlen, b, true);
		*i = e;
		return 0;
	}
	if (S->c && c.call) {
		int r = rewrite_defined(S, s, b, e, end, first, w, why);
		if (r) {
			*i = end;
			return r < 0 ? -1 : 0;
		}
	}
	int k = chain_value(S, s, b, e, end, first, &c);
	if (k < 0)
		return *why = S->err, -1;
	if (put_opaque(w, k, b, (unsigned char)s[end], AFTER_CHAIN, why) < 0)
		return -1;
	*i = end;
	return 0;
}

/* C: is a '*' after the rewritten text so far unary (a dereference)? */
static bool unary_position(const struct strbuf *out)
{
	size_t n = src_blanks_back(out->buf, 0, out->len);
	if (!n)
		return true;
	char c = out->buf[n - 1];
	return !(src_ident_char((unsigned char)c) || c == ')' || c == ']' ||
		 c == '\'');
}

/* C: `*p`, `*p->next`, `*s.buf` at s[*i] (the '*'), an opaque value
 * like a field access; 1 done, 0 not one, -1 and *why. */
static int rewrite_deref(struct site *S, const char *s, size_t *i,
			 struct rw *w, const char **why)
{
	size_t b = *i + 1;
	while (s[b] == ' ' || s[b] == '\t')
		b++;
	if (!S->c || !src_ident_start((unsigned char)s[b]) ||
	    !unary_position(&w->out))
		return 0;
	size_t e = b;
	while (src_ident_char((unsigned char)s[e]))
		e++;
	char first[64];
	snprintf(first, sizeof(first), "%.*s", (int)(e - b < 63 ? e - b : 63),
		 s + b);
	struct src_chain c;
	size_t end = src_scan_chain(s, e, S->c, first, &c, why);
	if (!end)
		return -1;
	c.call = false; /* *f(x) is not f's value: no contract */
	int k = chain_value(S, s, *i, e, end, first, &c);
	if (k < 0)
		return *why = S->err, -1;
	if (put_opaque(w, k, *i, (unsigned char)s[end], AFTER_CHAIN, why) < 0)
		return -1;
	*i = end;
	return 1;
}

/*
 * Rewrite Java text for the parser: calls and field accesses become
 * `$k`, null becomes `$null`.  Returns NULL (and *why) for constructs
 * the model does not cover.
 */
char *site_rewrite_map(struct site *S, const char *s, const char **why,
		       int **offs)
{
	struct rw w = { .out = STRBUF_INIT, .track = offs != NULL };
	size_t i = 0;
	if (!S->c && !offs && !(s = site_objects(S, s, why)))
		return NULL;
	sb_puts(&w.out, "");
	while (s[i]) {
		unsigned char c = (unsigned char)s[i];
		if (c == SITE_OBJ && !S->c && !offs) { /* javaobj.c */
			int k = atoi(s + i + 1);
			size_t e = strchr(s + i + 1, SITE_OBJ) - s + 1;
			if (put_opaque(&w, k, i, (unsigned char)s[e],
				       "a name or number directly after an "
				       "object expression", why) < 0)
				goto fail;
			i = e;
		} else if (c == '\'') {
			size_t e = src_skip_quoted(s, i);
			put(&w, s + i, e - i, i, true);
			i = e;
		} else if (c == '"') {
			*why = "string literals are not modelled";
			goto fail;
		} else if (isdigit(c)) {
			size_t e = src_number_end(s, i);
			put(&w, s + i, e - i, i, true);
			i = e;
		} else if (!src_ident_start(c)) {
			if (c == '.' && i && src_ident_char((unsigned char)s[i - 1])) {
				*why = "unexpected '.'";
				goto fail;
			}
			int d = c == '*' ? rewrite_deref(S, s, &i, &w, why) : 0;
			if (d < 0)
				goto fail;
			if (d)
				continue;
			put(&w, s + i, 1, i, true);
			i++;
		} else if (rewrite_ident(S, s, &i, &w, why) < 0) {
			goto fail;
		}
	}
	char *r = arena_strdup(S->a, w.out.buf);
	if (offs) {
		GROW(w.offs, w.out.len + 1, w.cap);
		w.offs[w.out.len] = (int)i;
		*offs = ANEWN(S->a, int, w.out.len + 1);
		memcpy(*offs, w.offs, (w.out.len + 1) * sizeof(int));
	}
	free(w.offs);
	sb_release(&w.out);
	return r;
fail:
	free(w.offs);
	sb_release(&w.out);
	return NULL;
}

char *site_rewrite(struct site *S, const char *s, const char **why)
{
	return site_rewrite_map(S, s, why, NULL);
}

struct node *site_parse(struct site *S, const char *text, const char **why)
{
	const char *rw = site_rewrite(S, text, why);
	if (!rw)
		return NULL;
	struct expr_src es = { .text = rw, .quiet = true };
	struct node *n = parse_expr_in(S->pf, S->a, &es, false);
	if (!n)
		*why = arena_printf(S->a, "the expression parser cannot read "
					  "'%s'", text);
	return n;
}

char *site_subst_hole(struct arena *a, const char *ctx, const char *e)
{
	struct strbuf sb = STRBUF_INIT;
	char q = 0; /* inside a char or string literal: its quote */
	for (const char *p = ctx; *p; p++) {
		if (q) {
			if (*p == '\\' && p[1])
				sb_putc(&sb, *p++);
			else if (*p == q)
				q = 0;
			sb_putc(&sb, *p);
		} else if (*p == '#') { /* the hole: no '#' of a literal */
			sb_printf(&sb, "(%s)", e);
		} else {
			if (*p == '\'' || *p == '"')
				q = *p;
			sb_putc(&sb, *p);
		}
	}
	char *r = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return r;
}
