/*
 * javaobj.c - Java's object constructs in a check site's text, read
 * before the rewrite of javatext.c (site.h: site_objects()).  Each
 * becomes an opaque value (struct opaque) written SITE_OBJ k SITE_OBJ:
 *
 *   new X(...), new int[n]  a fresh object: never null, distinct from
 *                           every other fresh one (refs.c); followed by
 *                           a call or field access, that chain's value
 *   this                    never null
 *   "text"                  a java.lang.String, never null; the same
 *                           literal is the same object (interned);
 *                           "text".length() is an opaque call
 *   (T) x                   a reference cast (T not primitive):
 *                           ((x == null || x instanceof T) ? x : 1 / 0),
 *                           the same reference, or ClassCastException
 *                           (an exception, as 1 / 0)
 *   x instanceof T          (x instanceof T && x != null): true implies
 *                           non-null; `x instanceof T` an opaque boolean,
 *                           the same value as the cast's condition
 *
 * The operand of a cast or instanceof is a name, a chain (`a.b()`,
 * `this.f`) or a parenthesised expression; anything else is refused
 * with the reason.  Calls and field accesses are left to javatext.c.
 */
#include "check/site.h"
#include "lang/srctext.h"

#include <ctype.h>
#include <string.h>

static char *objects(struct site *S, const char *s, const char **whyp);

static const char *const primitive[] = { "boolean", "byte", "short", "char",
					 "int", "long", "float", "double" };

/* A new opaque object; its index, or -1 (*why). */
static int object(struct site *S, const char *text, bool nonnull, bool fresh,
		  bool str, const char **why)
{
	int k = site_opaque(S, text, NULL, NULL, false);
	if (k < 0) {
		*why = S->err;
		return -1;
	}
	S->ops[k].nonnull |= nonnull;
	S->ops[k].fresh |= fresh;
	S->ops[k].str |= str;
	return k;
}

static void put_obj(struct strbuf *out, int k)
{
	sb_printf(out, "%c%d%c", SITE_OBJ, k, SITE_OBJ);
}

/* The chain after s[b..i) (a literal or an object creation): 1 and an
 * opaque call of it on out, 0 if none follows, -1 (*why). */
static int chained(struct site *S, const char *s, size_t b, size_t i,
		   size_t *end, struct strbuf *out, const char **why)
{
	bool isnew = !strncmp(s + b, "new", 3);
	struct src_chain c;
	size_t e = src_scan_chain(s, i, S->c, "", &c, why);
	if (!e)
		return -1;
	if (!c.any)
		return 0;
	/* "text".length() of a plain ASCII literal: its length */
	size_t q = src_skip_blanks(s, i);
	if (s[b] == '"' && s[q] == '.' && c.call && !c.has_args &&
	    !strcmp(c.lastid, "length") &&
	    !strcmp(src_squeeze(S->a, s, q, e), ".length()")) {
		bool plain = true;
		for (size_t p = b + 1; p + 1 < i; p++)
			plain &= s[p] != '\\' && (unsigned char)s[p] < 0x80;
		if (plain) {
			sb_printf(out, "%zu", i - b - 2);
			*end = e;
			return 1;
		}
	}
	const char *text = isnew ? arena_printf(S->a, "new %s",
						src_squeeze(S->a, s, b + 3, e))
				 : src_squeeze(S->a, s, b, e);
	int k = site_opaque(S, text, NULL,
			    c.call ? c.lastid : NULL, c.has_args);
	if (k < 0)
		return *why = S->err, -1;
	put_obj(out, k);
	*end = e;
	return 1;
}

/* `new ...` at s[i] (after the keyword: s[e]); the index after it, or
 * 0 (*why). */
/* The primitive type a boxing class unboxes to, or NULL. */
static const char *unboxes_to(const char *s, size_t b, size_t e)
{
	static const char *const box[][2] = {
		{ "Integer", "int" }, { "Long", "long" }, { "Short", "short" },
		{ "Byte", "byte" }, { "Double", "double" }, { "Float", "float" },
		{ "Character", "char" } };
	if (e - b > 10 && !strncmp(s + b, "java.lang.", 10))
		b += 10;
	for (size_t k = 0; k < ARRAY_SIZE(box); k++)
		if (src_word_is(s, b, e, box[k][0]))
			return box[k][1];
	return NULL;
}

/* Is the text around s[b..e) (out: what precedes it, rewritten) an
 * arithmetic or ordering operator, where a boxed value is unboxed? */
static bool numeric_context(const struct strbuf *out, const char *s, size_t e)
{
	size_t n = src_blanks_back(out->buf, 0, out->len);
	char before = n ? out->buf[n - 1] : 0;
	char b2 = n > 1 ? out->buf[n - 2] : 0;
	e = src_skip_blanks(s, e);
	if (before && strchr("+-*/%<>", before) && b2 != before)
		return true;
	return s[e] && strchr("+-*/%<>", s[e]) && s[e + 1] != s[e] &&
	       s[e + 1] != '=';
}

/* `new Integer(e)` (a boxing class, one argument) where its value is
 * unboxed: `((int) (e))`.  The index after it, or 0. */
static size_t unboxed(struct site *S, const char *s, size_t t, size_t te,
		      size_t j, struct strbuf *out, const char **why)
{
	const char *prim = unboxes_to(s, t, te);
	size_t open = src_skip_blanks(s, te);
	size_t close = s[open] == '(' ? src_skip_group(s, open) : 0;
	if (!prim || !close || src_skip_blanks(s, close) != j ||
	    !numeric_context(out, s, j))
		return 0;
	const char *arg = arena_strndup(S->a, s + open + 1, close - open - 2);
	if (strchr(arg, ',') || strchr(arg, '"'))
		return 0; /* another constructor: parses a String */
	if (!(arg = site_objects(S, arg, why)))
		return 0;
	sb_printf(out, "((%s) (%s))", prim, arg);
	return j;
}

/* The creations of one text so far. */
struct news {
	int n;
	const char *texts[MAX_VARS];
};

static size_t creation(struct site *S, const char *s, size_t i, size_t e,
		       struct news *news, struct strbuf *out, const char **why)
{
	size_t t = src_skip_blanks(s, e);
	size_t te = src_type_end(s, t);
	if (!te)
		return *why = "'new' without a type name", 0;
	size_t j = src_skip_blanks(s, te);
	if (s[j] == '(' || s[j] == '[') {
		while (s[j] == '(' || s[j] == '[') {
			size_t k = src_skip_group(s, j);
			if (!k)
				return *why = "unbalanced brackets", 0;
			j = src_skip_blanks(s, k);
		}
	} else if (s[j] != '{') {
		return *why = "'new' without arguments or dimensions", 0;
	}
	if (s[j] == '{')
		return *why = "an anonymous class or array initializer is not "
			      "modelled", 0;
	size_t end = j;
	int r = chained(S, s, i, j, &end, out, why);
	if (r < 0)
		return 0;
	if (r)
		return end;
	size_t boxed = unboxed(S, s, t, te, j, out, why);
	if (boxed || *why)
		return boxed;
	/* each creation is its own object: the n-th of the same text */
	const char *text = arena_printf(S->a, "new %s", src_squeeze(S->a, s, t, j));
	int nth = 1;
	for (int q = 0; q < news->n; q++)
		nth += !strcmp(news->texts[q], text);
	if (news->n < MAX_VARS)
		news->texts[news->n++] = text;
	if (nth > 1)
		text = arena_printf(S->a, "%s #%d", text, nth);
	int k = object(S, text, true, true, false, why);
	if (k < 0)
		return 0;
	put_obj(out, k);
	return j;
}

/* The operand of a cast at s[i]: a name, a chain or a parenthesised
 * expression; the index after it, or 0. */
static size_t operand_end(const struct site *S, const char *s, size_t i)
{
	const char *why;
	struct src_chain c;
	if (s[i] == '(') {
		size_t k = src_skip_group(s, i);
		return k ? src_scan_chain(s, k, S->c, "", &c, &why) : 0;
	}
	if (!src_ident_start((unsigned char)s[i]))
		return 0;
	size_t e = src_ident_end(s, i);
	if (src_word_is(s, i, e, "new") || src_word_is(s, i, e, "instanceof"))
		return 0;
	return src_scan_chain(s, e, S->c, "", &c, &why);
}

/* Is s[i] the '(' of a reference cast?  Its type's end (before ')')
 * in *te, the operand in [*ob, *oe). */
static bool ref_cast(const struct site *S, const char *s, size_t i, size_t *tb,
		     size_t *te, size_t *ob, size_t *oe)
{
	*tb = src_skip_blanks(s, i + 1);
	*te = src_type_end(s, *tb);
	if (!*te)
		return false;
	size_t idend = src_ident_end(s, *tb);
	for (size_t p = 0; p < ARRAY_SIZE(primitive); p++)
		if (src_word_is(s, *tb, idend, primitive[p]) && *te == idend)
			return false; /* a numeric cast: the parser's N_CONV */
	size_t j = src_skip_blanks(s, *te);
	if (s[j] != ')')
		return false;
	*ob = src_skip_blanks(s, j + 1);
	*oe = operand_end(S, s, *ob);
	return *oe != 0;
}

/* The condition "x instanceof T" as an opaque boolean; its index. */
static int instance_of(struct site *S, const char *s, size_t ob, size_t oe,
		       size_t tb, size_t te, const char **why)
{
	const char *text = arena_printf(S->a, "%s instanceof %s",
					src_squeeze(S->a, s, ob, oe),
					src_squeeze(S->a, s, tb, te));
	return object(S, text, false, false, false, why);
}

/* Where each input byte's output starts (instanceof backs up). */
struct pre {
	struct strbuf out;
	size_t *at;  /* [strlen(s) + 1] */
};

/* `instanceof` at s[i..e): rewrites the operand already on P->out;
 * the index after the type, or 0 (*why). */
static size_t instanceof_at(struct site *S, const char *s, size_t i, size_t e,
			    struct pre *P, const char **why)
{
	long ob = src_operand_before(s, i);
	if (ob < 0 || !(src_ident_start((unsigned char)s[ob]) || s[ob] == '('))
		return *why = "instanceof of an operand other than a name, a "
			      "call, a field or a parenthesised expression", 0;
	size_t tb = src_skip_blanks(s, e), te = src_type_end(s, tb);
	if (!te)
		return *why = "instanceof without a type name", 0;
	if (src_ident_start((unsigned char)s[src_skip_blanks(s, te)]))
		return *why = "instanceof with a pattern variable is not "
			      "modelled", 0;
	size_t oe = src_blanks_back(s, (size_t)ob, i);
	char *opnd = arena_strdup(S->a, P->out.buf + P->at[ob]);
	P->out.len = P->at[ob];
	P->out.buf[P->out.len] = 0;
	int k = instance_of(S, s, (size_t)ob, oe, tb, te, why);
	if (k < 0)
		return 0;
	sb_puts(&P->out, "(");
	put_obj(&P->out, k);
	sb_printf(&P->out, " && (%s) != null)", opnd);
	return te;
}

/* A reference cast at s[i] ('('); the index after its operand, or 0
 * (*why, or not a cast). */
static size_t cast_at(struct site *S, const char *s, size_t i, struct pre *P,
		      const char **why)
{
	size_t tb, te, ob, oe;
	if (!ref_cast(S, s, i, &tb, &te, &ob, &oe))
		return 0;
	const char *opnd = site_objects(S, arena_strndup(S->a, s + ob, oe - ob),
					why);
	if (!opnd)
		return 0;
	int k = instance_of(S, s, ob, oe, tb, te, why);
	if (k < 0)
		return 0;
	sb_printf(&P->out, "(((%s) == null || ", opnd);
	put_obj(&P->out, k);
	sb_printf(&P->out, ") ? (%s) : 1 / 0)", opnd);
	return oe;
}

/* One identifier (and what follows it) at s[i]; the index after, or 0
 * (*why). */
static size_t ident_at(struct site *S, const char *s, size_t i,
		       struct news *news,
		       struct pre *P, const char **why)
{
	size_t e = src_ident_end(s, i);
	if (src_word_is(s, i, e, "new"))
		return creation(S, s, i, e, news, &P->out, why);
	if (src_word_is(s, i, e, "instanceof"))
		return instanceof_at(S, s, i, e, P, why);
	struct src_chain c;
	size_t end = src_scan_chain(s, e, S->c, "", &c, why);
	if (!end)
		return 0;
	/* T.class of a named type: a java.lang.Class object, never null,
	 * one per type (types of different simple names are different) */
	size_t dot = end;
	while (dot > e && s[dot - 1] != '.')
		dot--;
	if (c.any && !c.call && dot > e && src_word_is(s, dot, end, "class") &&
	    !memchr(s + i, '[', end - i) && !memchr(s + i, '(', end - i)) {
		size_t te = src_blanks_back(s, i, dot - 1), tb;
		tb = te;
		while (tb > i && src_ident_char((unsigned char)s[tb - 1]))
			tb--;
		int k = object(S, src_squeeze(S->a, s, i, end), true, false, false, why);
		if (k < 0)
			return 0;
		S->ops[k].lit = arena_printf(S->a, "C%.*s", (int)(te - tb), s + tb);
		S->ops[k].konst = true; /* no effect, no exception */
		put_obj(&P->out, k);
		return end;
	}
	if (src_word_is(s, i, e, "this") && !c.any) {
		int k = object(S, "this", true, false, false, why);
		if (k < 0)
			return 0;
		S->ops[k].konst = true; /* no effect, no exception */
		put_obj(&P->out, k);
		return e;
	}
	size_t open = src_skip_blanks(s, e);
	if (c.any && !c.call && s[open] == '[' && src_skip_group(s, open) == end &&
	    !src_word_is(s, i, e, "this")) { /* a[i]: an element, bounds checked */
		const char *idx = arena_strndup(S->a, s + open + 1, end - open - 2);
		int k = site_opaque(S, src_squeeze(S->a, s, i, end), NULL, NULL, false);
		if (k < 0)
			return *why = S->err, 0;
		S->ops[k].index = idx;
		put_obj(&P->out, k);
		return end;
	}
	sb_add(&P->out, s + i, end - i); /* a name or chain: javatext.c */
	return end;
}

/* Casts and constructors nested deeper than this are refused (the
 * reading recurses). */
#define MAX_OBJ_DEPTH 64

char *site_objects(struct site *S, const char *s, const char **whyp)
{
	if (S->objdepth >= MAX_OBJ_DEPTH)
		return *whyp = "casts or constructors nested too deep", NULL;
	S->objdepth++;
	char *r = objects(S, s, whyp);
	S->objdepth--;
	return r;
}

static char *objects(struct site *S, const char *s, const char **whyp)
{
	const char *err = NULL, **why = &err;
	size_t n = strlen(s);
	struct pre P = { .out = STRBUF_INIT };
	P.at = ANEWN(S->a, size_t, n + 1);
	struct news news = { 0 };
	sb_puts(&P.out, "");
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		size_t from = i, next = 0;
		P.at[i] = P.out.len;
		if (c == SITE_OBJ) {
			*why = "a control character in the text";
		} else if (c == '\'') {
			next = src_skip_quoted(s, i);
			sb_add(&P.out, s + i, next - i);
		} else if (c == '"') {
			size_t e = src_skip_quoted(s, i);
			int r = chained(S, s, i, e, &next, &P.out, why);
			if (r == 0) {
				int k = object(S, src_squeeze(S->a, s, i, e), true,
					       false, true, why);
				if (k >= 0) {
					S->ops[k].konst = true;
					if (!memchr(s + i, '\\', e - i))
						S->ops[k].lit = arena_printf(
							S->a, "S%.*s", (int)(e - i - 2),
							s + i + 1);
					put_obj(&P.out, k);
					next = e;
				}
			}
		} else if (src_ident_start(c)) {
			next = ident_at(S, s, i, &news, &P, why);
		} else if (isdigit(c)) {
			next = src_number_end(s, i);
			sb_add(&P.out, s + i, next - i);
		} else if (c == '(' && (next = cast_at(S, s, i, &P, why))) {
			;
		} else if (!err) {
			sb_putc(&P.out, (char)c);
			next = i + 1;
		}
		if (!next || err) {
			sb_release(&P.out);
			*whyp = err ? err : "not read";
			return NULL;
		}
		for (size_t q = from + 1; q < next; q++)
			P.at[q] = P.at[from];
		i = next;
	}
	P.at[n] = P.out.len;
	char *r = arena_strdup(S->a, P.out.buf);
	sb_release(&P.out);
	return r;
}
