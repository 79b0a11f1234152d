/*
 * json.c - the strict JSON reader (base/json.h).
 */
#include <string.h>

#include "base/json.h"

struct jp {
	struct arena *a;
	const struct source *src;
	const unsigned char *s;
	size_t i, n;
	int line, col;   /* of s[i] */
	int depth;
};

static struct loc here(const struct jp *P)
{
	return (struct loc){ P->src, P->line, P->col };
}

static int fail(const struct jp *P, const char *fmt, const char *arg)
{
	return diag_error(here(P), fmt, arg);
}

/* Step over s[i] (a newline starts a line; columns count characters). */
static void step(struct jp *P)
{
	if (P->s[P->i] == '\n') {
		P->line++;
		P->col = 1;
	} else if ((P->s[P->i] & 0xc0) != 0x80) {
		P->col++;
	}
	P->i++;
}

static void blanks(struct jp *P)
{
	while (P->i < P->n && (P->s[P->i] == ' ' || P->s[P->i] == '\t' ||
			       P->s[P->i] == '\n' || P->s[P->i] == '\r'))
		step(P);
}

static const char *char_name(struct arena *a, int c)
{
	if (c >= 0x21 && c < 0x7f)
		return arena_printf(a, "'%c'", c);
	return arena_printf(a, "byte 0x%02x", c);
}

static int unexpected(struct jp *P, const char *want)
{
	if (P->i >= P->n)
		return fail(P, "the report ends early: expected %s", want);
	return diag_error(here(P), "expected %s, found %s", want,
			  char_name(P->a, P->s[P->i]));
}

/* The length of the UTF-8 character at s[i] (1 to 4), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t i, size_t n)
{
	unsigned c = s[i];
	size_t k;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		k = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		k = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		k = 4, min = 0x10000;
	else
		return 0;
	if (i + k > n)
		return 0;
	unsigned cp = c & (0x7f >> k);
	for (size_t j = 1; j < k; j++) {
		if ((s[i + j] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i + j] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return k;
}

static void put_utf8(struct strbuf *sb, unsigned cp)
{
	if (cp < 0x80) {
		sb_putc(sb, (char)cp);
	} else if (cp < 0x800) {
		sb_putc(sb, (char)(0xc0 | cp >> 6));
		sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		sb_putc(sb, (char)(0xe0 | cp >> 12));
		sb_putc(sb, (char)(0x80 | (cp >> 6 & 0x3f)));
		sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
	} else {
		sb_putc(sb, (char)(0xf0 | cp >> 18));
		sb_putc(sb, (char)(0x80 | (cp >> 12 & 0x3f)));
		sb_putc(sb, (char)(0x80 | (cp >> 6 & 0x3f)));
		sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
	}
}

/* Four hex digits at s[i]: their value, or -1 (error printed). */
static long hex4(struct jp *P)
{
	long v = 0;
	for (int k = 0; k < 4; k++) {
		int c = P->i < P->n ? P->s[P->i] : -1;
		int d = c >= '0' && c <= '9' ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return unexpected(P, "four hex digits after \\u");
		v = v * 16 + d;
		step(P);
	}
	return v;
}

/* The escape after a backslash (at: where the backslash is; s[i] is the
 * character after it). */
static int escape(struct jp *P, struct strbuf *sb, struct loc at)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	int c = P->i < P->n ? P->s[P->i] : -1;
	const char *e = c > 0 ? strchr(from, c) : NULL;
	if (e) {
		sb_putc(sb, to[e - from]);
		step(P);
		return 0;
	}
	if (c != 'u')
		return unexpected(P, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r "
				  "\\t or \\uXXXX) after '\\'");
	step(P);
	long cp = hex4(P);
	if (cp < 0)
		return -1;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return diag_error(at, "\\u%04lX is a low surrogate without a "
				  "high one before it", cp);
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (P->i + 1 >= P->n || P->s[P->i] != '\\' || P->s[P->i + 1] != 'u')
			return diag_error(at, "\\u%04lX is a high surrogate "
					  "without \\uDC00-\\uDFFF after it", cp);
		step(P);
		step(P);
		long lo = hex4(P);
		if (lo < 0)
			return -1;
		if (lo < 0xdc00 || lo > 0xdfff)
			return diag_error(at, "\\u%04lX is a high surrogate "
					  "without \\uDC00-\\uDFFF after it", cp);
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0)
		return diag_error(at, "\\u0000 (a NUL character) in a string is "
				  "not supported%s", "");
	put_utf8(sb, (unsigned)cp);
	return 0;
}

/* A string at s[i] == '"': its decoded text (arena), or NULL. */
static const char *string(struct jp *P)
{
	struct strbuf sb = STRBUF_INIT;
	step(P);
	for (;;) {
		if (P->i >= P->n) {
			fail(P, "the report ends inside a string%s", "");
			break;
		}
		unsigned c = P->s[P->i];
		if (c == '"') {
			step(P);
			const char *r = arena_strdup(P->a, sb.buf ? sb.buf : "");
			sb_release(&sb);
			return r;
		}
		if (c < 0x20) {
			diag_error(here(P), "a control character (byte 0x%02x) "
				   "inside a string: write it as an escape", c);
			break;
		}
		if (c == '\\') {
			struct loc at = here(P);
			step(P);
			if (escape(P, &sb, at) < 0)
				break;
			continue;
		}
		size_t k = utf8_len(P->s, P->i, P->n);
		if (!k) {
			diag_error(here(P), "byte 0x%02x is not UTF-8", c);
			break;
		}
		for (size_t j = 0; j < k; j++) {
			sb_putc(&sb, (char)P->s[P->i]);
			step(P);
		}
	}
	sb_release(&sb);
	return NULL;
}

static bool digit(const struct jp *P)
{
	return P->i < P->n && P->s[P->i] >= '0' && P->s[P->i] <= '9';
}

static int number(struct jp *P, struct json *v)
{
	size_t b = P->i;
	if (P->s[P->i] == '-')
		step(P);
	if (!digit(P))
		return unexpected(P, "a digit");
	if (P->s[P->i] == '0') {
		step(P);
		if (digit(P))
			return fail(P, "a number with a leading zero%s", "");
	}
	while (digit(P))
		step(P);
	if (P->i < P->n && P->s[P->i] == '.') {
		step(P);
		if (!digit(P))
			return unexpected(P, "a digit after '.'");
		while (digit(P))
			step(P);
	}
	if (P->i < P->n && (P->s[P->i] == 'e' || P->s[P->i] == 'E')) {
		step(P);
		if (P->i < P->n && (P->s[P->i] == '+' || P->s[P->i] == '-'))
			step(P);
		if (!digit(P))
			return unexpected(P, "a digit in the exponent");
		while (digit(P))
			step(P);
	}
	v->kind = JSON_NUMBER;
	v->str = arena_strndup(P->a, (const char *)P->s + b, P->i - b);
	v->num = strtod(v->str, NULL);
	return 0;
}

static int value(struct jp *P, struct json **out);

/* The items or members up to the closing bracket (s[i] the opening
 * one); obj: an object. */
static int container(struct jp *P, struct json *v, bool obj)
{
	char close = obj ? '}' : ']';
	size_t cap = 0, capk = 0, capl = 0;
	struct json **items = NULL;
	const char **keys = NULL;
	struct loc *kl = NULL;
	int rc = 0;
	if (++P->depth > JSON_MAX_DEPTH) {
		P->depth--;
		return diag_error(here(P), "nested more than %d levels deep",
				  JSON_MAX_DEPTH);
	}
	v->kind = obj ? JSON_OBJECT : JSON_ARRAY;
	step(P);
	blanks(P);
	if (P->i < P->n && P->s[P->i] == close) {
		step(P);
		P->depth--;
		return 0;
	}
	for (;;) {
		GROW(items, v->n + 1, cap);
		if (obj) {
			GROW(keys, v->n + 1, capk);
			GROW(kl, v->n + 1, capl);
			if (P->i >= P->n || P->s[P->i] != '"') {
				rc = unexpected(P, "a key (a string in double quotes)");
				break;
			}
			kl[v->n] = here(P);
			if (!(keys[v->n] = string(P))) {
				rc = -1;
				break;
			}
			for (size_t k = 0; k < v->n; k++)
				if (!strcmp(keys[k], keys[v->n])) {
					rc = diag_error(kl[v->n], "duplicate key "
							"\"%s\"", keys[v->n]);
					diag_note(kl[k], "\"%s\" first given here",
						  keys[k]);
					break;
				}
			if (rc)
				break;
			blanks(P);
			if (P->i >= P->n || P->s[P->i] != ':') {
				rc = unexpected(P, "':' after the key");
				break;
			}
			step(P);
		}
		if ((rc = value(P, &items[v->n])) < 0)
			break;
		v->n++;
		blanks(P);
		if (P->i < P->n && P->s[P->i] == ',') {
			step(P);
			blanks(P);
			continue;
		}
		if (P->i < P->n && P->s[P->i] == close) {
			step(P);
			break;
		}
		rc = unexpected(P, obj ? "',' or '}'" : "',' or ']'");
		break;
	}
	P->depth--;
	if (!rc) {
		v->items = ANEWN(P->a, struct json *, v->n);
		memcpy(v->items, items, v->n * sizeof(*items));
		if (obj) {
			v->keys = ANEWN(P->a, const char *, v->n);
			memcpy(v->keys, keys, v->n * sizeof(*keys));
			v->keyloc = ANEWN(P->a, struct loc, v->n);
			memcpy(v->keyloc, kl, v->n * sizeof(*kl));
		}
	}
	free(items);
	free(keys);
	free(kl);
	return rc;
}

/* A literal word (true, false, null) at s[i]. */
static int word(struct jp *P, const char *w)
{
	for (size_t k = 0; w[k]; k++) {
		if (P->i >= P->n || P->s[P->i] != w[k])
			return unexpected(P, arena_printf(P->a, "'%s'", w));
		step(P);
	}
	return 0;
}

static int value(struct jp *P, struct json **out)
{
	blanks(P);
	struct json *v = ANEW(P->a, struct json);
	*out = v;
	v->loc = here(P);
	if (P->i >= P->n)
		return unexpected(P, "a value");
	switch (P->s[P->i]) {
	case '{':
		return container(P, v, true);
	case '[':
		return container(P, v, false);
	case '"':
		v->kind = JSON_STRING;
		return (v->str = string(P)) ? 0 : -1;
	case 't':
		v->kind = JSON_BOOL;
		v->b = true;
		return word(P, "true");
	case 'f':
		v->kind = JSON_BOOL;
		return word(P, "false");
	case 'n':
		v->kind = JSON_NULL;
		return word(P, "null");
	default:
		if (P->s[P->i] == '-' || digit(P))
			return number(P, v);
		return unexpected(P, "a value (an object, array, string, number, "
				  "true, false or null)");
	}
}

struct json *json_parse(struct arena *a, const struct source *src)
{
	struct jp P = { .a = a, .src = src, .s = (const unsigned char *)src->text,
			.n = src->len, .line = 1, .col = 1 };
	const void *nul = memchr(src->text, 0, src->len);
	if (nul) {
		/* locate it: the reader stops there */
		P.n = (size_t)((const char *)nul - src->text);
		while (P.i < P.n)
			step(&P);
		diag_error(here(&P), "a NUL byte: not a JSON text%s", "");
		return NULL;
	}
	struct json *v;
	if (P.n >= 3 && !memcmp(P.s, "\xef\xbb\xbf", 3)) {
		diag_error(here(&P), "a byte order mark: JSON texts have none%s", "");
		return NULL;
	}
	if (value(&P, &v) < 0)
		return NULL;
	blanks(&P);
	if (P.i < P.n) {
		diag_error(here(&P), "text after the JSON value: %s",
			   char_name(a, P.s[P.i]));
		return NULL;
	}
	return v;
}

struct json *json_get(const struct json *o, const char *key)
{
	if (!o || o->kind != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return o->items[i];
	return NULL;
}

const char *json_what(const struct json *v)
{
	static const char *const w[] = { "null", "a boolean", "a number",
					 "a string", "an array", "an object" };
	return v ? w[v->kind] : "nothing";
}

bool json_int(const struct json *v, long lo, long hi, long *out)
{
	if (!v || v->kind != JSON_NUMBER || strpbrk(v->str, ".eE") ||
	    strlen(v->str) > 12)
		return false;
	long x = strtol(v->str, NULL, 10);
	if (x < lo || x > hi)
		return false;
	*out = x;
	return true;
}

struct json *json_member(const struct json *o, const char *key,
			 enum json_kind k, const char *want, bool optional,
			 long *errs)
{
	struct json *v = json_get(o, key);
	if (!v && optional)
		return NULL;
	if (!v) {
		diag_error(o->loc, "missing \"%s\" (%s)", key, want);
		++*errs;
		return NULL;
	}
	if (v->kind != k) {
		diag_error(v->loc, "\"%s\" must be %s, not %s", key, want,
			   json_what(v));
		++*errs;
		return NULL;
	}
	return v;
}
