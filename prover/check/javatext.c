/*
 * javatext.c - Java source text of a check site, rewritten for the
 * expression parser: method calls and field accesses become opaque
 * values `$k` (the same text, blanks ignored, is the same value within
 * a site), `null` becomes `$null`; constructs the model does not cover
 * (strings, `new`, `instanceof`, `this` alone) are refused with the
 * reason.  Also the texts built around a site's expressions: a
 * context's hole filled in, a contract's `value` replaced.
 */
#include "check/site.h"

#include <ctype.h>
#include <string.h>

bool site_ident_start(int c)
{
	return isalpha(c) || c == '_' || c == '$';
}

bool site_ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

/* Skip a quoted literal starting at s[i]; returns the index after it. */
static size_t skip_quoted(const char *s, size_t i)
{
	char q = s[i++];
	while (s[i] && s[i] != q) {
		if (s[i] == '\\' && s[i + 1])
			i++;
		i++;
	}
	return s[i] ? i + 1 : i;
}

/* Index after the bracket group starting at s[i] ('(' or '['), or 0 if
 * unbalanced. */
static size_t skip_group(const char *s, size_t i)
{
	int depth = 0;
	while (s[i]) {
		char c = s[i];
		if (c == '"' || c == '\'') {
			i = skip_quoted(s, i);
			continue;
		}
		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']') {
			if (--depth == 0)
				return i + 1;
		}
		i++;
	}
	return 0;
}


static int opaque_index(struct site *S, const char *norm, const char *recv,
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

/* A chain after an identifier: (. ident | (args) | [index])*. */
struct chain {
	bool any;               /* something follows the identifier */
	bool call;              /* the chain ends with a call of lastid */
	bool has_args;          /* that call has arguments */
	char lastid[64];
};

/* Scan the chain after the identifier first, from s[i]; returns the
 * index after it, or 0 and *why. */
static size_t scan_chain(const char *s, size_t i, const char *first,
			 struct chain *c, const char **why)
{
	*c = (struct chain){ 0 };
	snprintf(c->lastid, sizeof(c->lastid), "%s", first);
	size_t e = i;
	for (;;) {
		size_t j = e;
		while (s[j] == ' ' || s[j] == '\t')
			j++;
		if (s[j] == '(' || s[j] == '[') {
			size_t k = skip_group(s, j);
			if (!k) {
				*why = "unbalanced brackets";
				return 0;
			}
			c->call = s[j] == '(';
			c->has_args = false;
			for (size_t q = j + 1; c->call && q + 1 < k; q++)
				if (!isspace((unsigned char)s[q]))
					c->has_args = true;
			c->any = true;
			e = k;
			continue;
		}
		if (s[j] != '.')
			return e;
		size_t k = j + 1;
		while (s[k] == ' ' || s[k] == '\t')
			k++;
		if (!site_ident_start((unsigned char)s[k]))
			return e;
		size_t q = k;
		while (site_ident_char((unsigned char)s[q]))
			q++;
		snprintf(c->lastid, sizeof(c->lastid), "%.*s",
			 (int)(q - k < 63 ? q - k : 63), s + k);
		c->call = false;
		c->any = true;
		e = q;
	}
}

/* The opaque value of the chain s[b..e) (first: its identifier, which
 * ends at s[i]); its index, or -1 (S->err). */
static int chain_value(struct site *S, const char *s, size_t b, size_t i,
		       size_t e, const char *first, const struct chain *c)
{
	/* Normalise: drop blanks outside literals. */
	struct strbuf norm = STRBUF_INIT;
	for (size_t q = b; q < e;) {
		if (s[q] == '"' || s[q] == '\'') {
			size_t r = skip_quoted(s, q);
			sb_add(&norm, s + q, r - q);
			q = r;
		} else {
			if (!isspace((unsigned char)s[q]))
				sb_putc(&norm, s[q]);
			q++;
		}
	}
	const char *recv = NULL;
	if (strcmp(first, "this") && s[i] != '(' && s[i] != '[') {
		size_t j = i;
		while (s[j] == ' ')
			j++;
		if (s[j] == '.')
			recv = first;
	}
	int k = opaque_index(S, norm.buf, recv, c->call ? c->lastid : NULL,
			     c->has_args);
	sb_release(&norm);
	return k;
}

/* The identifier (and chain) at s[*i], rewritten onto out; 0, or -1
 * and *why. */
static int rewrite_ident(struct site *S, const char *s, size_t *i,
			 struct strbuf *out, const char **why)
{
	size_t b = *i, e = *i;
	while (site_ident_char((unsigned char)s[e]))
		e++;
	size_t idlen = e - b;
	char first[64];
	snprintf(first, sizeof(first), "%.*s", (int)(idlen < 63 ? idlen : 63),
		 s + b);
	if (!strcmp(first, "new"))
		return *why = "object creation (new) is not modelled", -1;
	if (!strcmp(first, "instanceof"))
		return *why = "instanceof is not modelled", -1;
	struct chain c;
	size_t end = scan_chain(s, e, first, &c, why);
	if (!end)
		return -1;
	if (!c.any) {
		if (!strcmp(first, "this"))
			return *why = "'this' is an object; objects are not "
				      "modelled", -1;
		if (first[0] == '$' && (isdigit((unsigned char)first[1]) ||
					!strcmp(first, "$null")))
			return *why = "names such as '$1' and '$null' are "
				      "reserved for opaque values", -1;
		if (!strcmp(first, "null"))
			sb_puts(out, "$null");
		else
			sb_add(out, s + b, idlen);
		*i = e;
		return 0;
	}
	int k = chain_value(S, s, b, e, end, first, &c);
	if (k < 0)
		return *why = S->err, -1;
	if (site_ident_char((unsigned char)s[end]))
		return *why = "a name or number directly after a call or "
			      "field access", -1;
	sb_printf(out, "$%d", k + 1);
	*i = end;
	return 0;
}

/*
 * Rewrite Java text for the parser: calls and field accesses become
 * `$k`, null becomes `$null`.  Returns NULL (and *why) for constructs
 * the model does not cover.
 */
char *site_rewrite(struct site *S, const char *s, const char **why)
{
	struct strbuf out = STRBUF_INIT;
	size_t i = 0;
	sb_puts(&out, "");
	while (s[i]) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\'') {
			size_t e = skip_quoted(s, i);
			sb_add(&out, s + i, e - i);
			i = e;
		} else if (c == '"') {
			*why = "string literals are not modelled";
			goto fail;
		} else if (isdigit(c)) {
			size_t e = i;
			while (isalnum((unsigned char)s[e]) || s[e] == '.' ||
			       s[e] == '_')
				e++;
			sb_add(&out, s + i, e - i);
			i = e;
		} else if (!site_ident_start(c)) {
			if (c == '.' && i && site_ident_char((unsigned char)s[i - 1])) {
				*why = "unexpected '.'";
				goto fail;
			}
			sb_putc(&out, (char)c);
			i++;
		} else if (rewrite_ident(S, s, &i, &out, why) < 0) {
			goto fail;
		}
	}
	char *r = arena_strdup(S->a, out.buf);
	sb_release(&out);
	return r;
fail:
	sb_release(&out);
	return NULL;
}

struct node *site_parse(struct site *S, const char *text, const char **why)
{
	const char *rw = site_rewrite(S, text, why);
	if (!rw)
		return NULL;
	struct expr_src es = { .text = rw, .quiet = true };
	struct node *n = parse_expr(S->a, &es, false);
	if (!n)
		*why = arena_printf(S->a, "the expression parser cannot read "
					  "'%s'", text);
	return n;
}

char *site_subst_hole(struct arena *a, const char *ctx, const char *e)
{
	struct strbuf sb = STRBUF_INIT;
	for (const char *p = ctx; *p; p++) {
		if (*p == '#')
			sb_printf(&sb, "(%s)", e);
		else
			sb_putc(&sb, *p);
	}
	char *r = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return r;
}

/* Contract assumption text with "value" replaced by the placeholder. */
char *site_contract_text(struct arena *a, const char *assume, int k)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; assume[i];) {
		if (site_ident_start((unsigned char)assume[i]) &&
		    (i == 0 || !site_ident_char((unsigned char)assume[i - 1]))) {
			size_t e = i;
			while (site_ident_char((unsigned char)assume[e]))
				e++;
			if (e - i == 5 && !strncmp(assume + i, "value", 5))
				sb_printf(&sb, "$%d", k + 1);
			else
				sb_add(&sb, assume + i, e - i);
			i = e;
		} else {
			sb_putc(&sb, assume[i++]);
		}
	}
	char *r = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return r;
}
