/*
 * javasrc-match.c - does a syntax node of the source hold a mutation
 * tool's logged original (javasrc-int.h: struct jpat)?
 *
 * Major logs an original as its compiler (javac) prints the tree, not
 * as the source spells it: literals by value (0x3f as 63, 1.0e-6 as
 * 1.0E-6, 2d as 2.0, 0x1L as 1L, 1.2f as 1.2F, '"' as '\"'), -1 as one
 * literal (javac's parser folds a minus into an integer literal),
 * string literals joined by + as one literal (javac folds them), with
 * only the parentheses the tree keeps and blanks of its own.  So the
 * logged text is parsed with the same grammar and compared with a
 * node as a tree: parentheses and blanks (and comments) ignored,
 * literals compared by type and value, + chains with their adjacent
 * string literals joined.  A logged text that does not parse is
 * compared as text, blanks removed (the former rule).
 */
#include "lang/javasrc-int.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const TSLanguage *tree_sitter_java(void);

/* The wrapping that makes a logged original (an expression or a
 * statement) one statement of a method body. */
static const char PAT_HEAD[] = "class L_{void m_(){\n";
static const char PAT_TAIL[] = "\n;}}";
const size_t jpat_head_len = sizeof(PAT_HEAD) - 1;

static bool is_comment(TSNode n)
{
	return jnode_is(n, "comment") || jnode_is(n, "line_comment") ||
	       jnode_is(n, "block_comment");
}

/* The first named child of n that is not a comment (null if none). */
static TSNode first_named(TSNode n)
{
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		if (!is_comment(c))
			return c;
	}
	return (TSNode){ 0 };
}

bool jpat_parse(struct jpat *p, const char *text)
{
	memset(p, 0, sizeof(*p));
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "%s", PAT_HEAD);
	/* Major prints an anonymous class's body as {...} (or {... without
	 * its brace): kept empty, it matches any body */
	for (const char *t = text; *t; t++)
		if (!strncmp(t, "{...", 4)) {
			sb_add(&sb, "{ }", 3);
			p->elided = true;
			t += t[4] == '}' ? 4 : 3;
		} else {
			sb_putc(&sb, *t);
		}
	sb_printf(&sb, "%s", PAT_TAIL);
	p->text = sb.buf;
	p->len = sb.len;
	TSParser *ps = ts_parser_new();
	if (ts_parser_set_language(ps, tree_sitter_java()))
		p->tree = ts_parser_parse_string(ps, NULL, p->text,
						 (uint32_t)p->len);
	ts_parser_delete(ps);
	if (!p->tree || ts_node_has_error(ts_tree_root_node(p->tree)))
		return false;
	/* program > class_declaration > class_body > method_declaration >
	 * block > the first statement */
	TSNode n = first_named(ts_tree_root_node(p->tree));
	for (int step = 0; step < 2 && !ts_node_is_null(n); step++) {
		n = ts_node_child_by_field_name(n, "body", 4);
		if (!ts_node_is_null(n))
			n = first_named(n);
	}
	if (jnode_is(n, "expression_statement"))
		n = first_named(n);
	/* the whole logged text, one expression or statement */
	size_t b = sizeof(PAT_HEAD) - 1, e = b + strlen(text);
	while (b < e && isspace((unsigned char)p->text[b]))
		b++;
	while (e > b && isspace((unsigned char)p->text[e - 1]))
		e--;
	if (ts_node_is_null(n) || ts_node_start_byte(n) != b || ts_node_end_byte(n) != e)
		return false;
	p->node = n;
	p->parsed = true;
	return true;
}

void jpat_release(struct jpat *p)
{
	if (p->tree)
		ts_tree_delete(p->tree);
	free(p->text);
	memset(p, 0, sizeof(*p));
}

/* --- literal values --------------------------------------------------- */

/* A literal's type and value (strings and chars as UTF-16 code units,
 * two bytes each, in s). */
struct jconst {
	char kind;        /* 'i' int, 'l' long, 'f' float, 'd' double,
			   * 'c' char, 's' string */
	int64_t i;
	double d;
	struct strbuf s;
};

static void put_unit(struct strbuf *s, unsigned u)
{
	sb_putc(s, (char)(u >> 8));
	sb_putc(s, (char)(u & 0xff));
}

/* Decode the body of a char or string literal t[0..n) (escapes,
 * \uXXXX, octal) into UTF-16 units (a code point above the BMP as its
 * two surrogates). */
static void decode(struct strbuf *s, const char *t, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)t[i];
		if (c == '\\' && i + 1 < n) {
			char e = t[i + 1];
			i += 2;
			static const char from[] = "btnfrs\"'\\", to[] = "\b\t\n\f\r \"'\\";
			const char *k = strchr(from, e);
			if (e && k) {
				put_unit(s, (unsigned char)to[k - from]);
			} else if (e == 'u') {
				while (i < n && t[i] == 'u')
					i++;
				unsigned v = 0;
				for (int d = 0; d < 4 && i < n && isxdigit((unsigned char)t[i]); d++, i++)
					v = v * 16 + (unsigned)(isdigit((unsigned char)t[i])
						? t[i] - '0' : (tolower((unsigned char)t[i]) - 'a' + 10));
				put_unit(s, v);
			} else if (e >= '0' && e <= '7') {
				unsigned v = (unsigned)(e - '0');
				int max = e <= '3' ? 2 : 1;
				for (int d = 0; d < max && i < n && t[i] >= '0' && t[i] <= '7'; d++, i++)
					v = v * 8 + (unsigned)(t[i] - '0');
				put_unit(s, v);
			} else {
				put_unit(s, (unsigned char)e);
			}
			continue;
		}
		/* UTF-8 to code point */
		unsigned cp = c, more = 0;
		if (c >= 0xf0) { cp = c & 7; more = 3; }
		else if (c >= 0xe0) { cp = c & 15; more = 2; }
		else if (c >= 0xc0) { cp = c & 31; more = 1; }
		i++;
		for (; more && i < n; more--, i++)
			cp = (cp << 6) | ((unsigned char)t[i] & 63);
		if (cp > 0xffff) {
			cp -= 0x10000;
			put_unit(s, 0xd800 + (cp >> 10));
			put_unit(s, 0xdc00 + (cp & 0x3ff));
		} else {
			put_unit(s, cp);
		}
	}
}

/* The text of an integer or floating literal without underscores, its
 * type suffix taken off into *suffix (lowercase, or 0). */
static bool digits(const char *t, size_t n, bool integer, char *buf, size_t cap,
		   char *suffix)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (t[i] != '_') {
			if (k + 1 >= cap)
				return false;
			buf[k++] = t[i];
		}
	buf[k] = 0;
	*suffix = 0;
	char last = k ? (char)tolower((unsigned char)buf[k - 1]) : 0;
	if (integer ? last == 'l' : (last == 'f' || last == 'd')) {
		*suffix = last;
		buf[--k] = 0;
	}
	return k > 0;
}

/* Is n (of text src) a literal, or a minus folded into an integer
 * literal, or + over string literals only?  Its value in *c. */
static bool const_of(const char *src, TSNode n, struct jconst *c, int depth);

static bool int_literal(TSNode n)
{
	return jnode_is(n, "decimal_integer_literal") ||
	       jnode_is(n, "hex_integer_literal") ||
	       jnode_is(n, "octal_integer_literal") ||
	       jnode_is(n, "binary_integer_literal");
}

static bool number(const char *src, TSNode n, struct jconst *c)
{
	const char *t = src + ts_node_start_byte(n);
	size_t len = ts_node_end_byte(n) - ts_node_start_byte(n);
	char buf[128], suffix;
	if (!digits(t, len, int_literal(n), buf, sizeof(buf), &suffix))
		return false;
	if (int_literal(n)) {
		int base = 10;
		const char *d = buf;
		if (jnode_is(n, "hex_integer_literal")) {
			base = 16;
			d += 2;
		} else if (jnode_is(n, "binary_integer_literal")) {
			base = 2;
			d += 2;
		} else if (jnode_is(n, "octal_integer_literal")) {
			base = 8;
		}
		char *end;
		uint64_t v = strtoull(d, &end, base);
		if (*end)
			return false;
		c->kind = suffix == 'l' ? 'l' : 'i';
		c->i = c->kind == 'i' ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
		return true;
	}
	char *end;
	c->kind = suffix == 'f' ? 'f' : 'd';
	c->d = c->kind == 'f' ? (double)strtof(buf, &end) : strtod(buf, &end);
	return !*end;
}

/* n without its parentheses (the expression inside). */
static TSNode unparen(TSNode n)
{
	while (jnode_is(n, "parenthesized_expression") || jnode_is(n, "condition")) {
		TSNode in = first_named(n);
		if (ts_node_is_null(in))
			break;
		n = in;
	}
	return n;
}

static bool is_plus(const char *src, TSNode n)
{
	if (!jnode_is(n, "binary_expression"))
		return false;
	TSNode op = ts_node_child_by_field_name(n, "operator", 8);
	return !ts_node_is_null(op) && ts_node_end_byte(op) == ts_node_start_byte(op) + 1 &&
	       src[ts_node_start_byte(op)] == '+';
}

static bool const_of(const char *src, TSNode n, struct jconst *c, int depth)
{
	if (depth > 200)
		return false;
	const char *t = src + ts_node_start_byte(n);
	size_t len = ts_node_end_byte(n) - ts_node_start_byte(n);
	if (int_literal(n) || jnode_is(n, "decimal_floating_point_literal") ||
	    jnode_is(n, "hex_floating_point_literal"))
		return number(src, n, c);
	if (jnode_is(n, "character_literal") && len >= 2) {
		c->kind = 'c';
		sb_release(&c->s);
		decode(&c->s, t + 1, len - 2);
		if (c->s.len != 2)
			return false;
		c->i = ((unsigned char)c->s.buf[0] << 8) | (unsigned char)c->s.buf[1];
		return true;
	}
	if (jnode_is(n, "string_literal") && len >= 2 && t[0] == '"' &&
	    (len < 6 || strncmp(t, "\"\"\"", 3))) {
		c->kind = 's';
		decode(&c->s, t + 1, len - 2);
		return true;
	}
	if (jnode_is(n, "unary_expression")) {
		/* javac reads - followed by an integer literal as one literal */
		TSNode op = ts_node_child_by_field_name(n, "operator", 8);
		TSNode x = ts_node_child_by_field_name(n, "operand", 7);
		if (ts_node_is_null(op) || ts_node_is_null(x) || src[ts_node_start_byte(op)] != '-' ||
		    ts_node_end_byte(op) != ts_node_start_byte(op) + 1 || !int_literal(x) ||
		    !number(src, x, c))
			return false;
		c->i = c->kind == 'i' ? (int64_t)(int32_t)(0u - (uint32_t)c->i)
				      : (int64_t)(0ull - (uint64_t)c->i);
		return true;
	}
	if (is_plus(src, n)) {
		/* string literals joined by + (left to right, no parentheses):
		 * one compile-time constant */
		TSNode l = ts_node_child_by_field_name(n, "left", 4);
		TSNode r = ts_node_child_by_field_name(n, "right", 5);
		struct jconst rc = { 0 };
		bool ok = !ts_node_is_null(l) && !ts_node_is_null(r) &&
			  const_of(src, l, c, depth + 1) && c->kind == 's' &&
			  jnode_is(r, "string_literal") && const_of(src, r, &rc, depth + 1);
		if (ok)
			sb_add(&c->s, rc.s.buf ? rc.s.buf : "", rc.s.len);
		sb_release(&rc.s);
		return ok;
	}
	return false;
}

static bool const_eq(const struct jconst *x, const struct jconst *y)
{
	if (x->kind != y->kind)
		return false;
	switch (x->kind) {
	case 'i': case 'l': case 'c':
		return x->i == y->i;
	case 'f': case 'd':
		return x->d == y->d ? signbit(x->d) == signbit(y->d)
				    : isnan(x->d) && isnan(y->d);
	default:
		return x->s.len == y->s.len &&
		       (!x->s.len || !memcmp(x->s.buf, y->s.buf, x->s.len));
	}
}

/* Could n be (part of) a constant: worth computing its value? */
static bool constish(const char *src, TSNode n)
{
	const char *t = ts_node_type(n);
	size_t tl = strlen(t);
	return (tl > 8 && !strcmp(t + tl - 8, "_literal") && strcmp(t, "class_literal") &&
		strcmp(t, "null_literal")) ||
	       jnode_is(n, "unary_expression") || is_plus(src, n);
}

/* --- the tree compare ------------------------------------------------- */

/* The operands of a + chain (left-nested, no parentheses) of n, at
 * most max; the count, or -1 when there are more. */
static int operands(const char *src, TSNode n, TSNode *out, int max, int depth)
{
	if (!is_plus(src, n) || depth > 200) {
		if (max < 1)
			return -1;
		out[0] = n;
		return 1;
	}
	int k = operands(src, ts_node_child_by_field_name(n, "left", 4), out, max, depth + 1);
	if (k < 0 || k >= max)
		return -1;
	out[k] = ts_node_child_by_field_name(n, "right", 5);
	return k + 1;
}

#define MAX_OPERANDS 64

/* A + chain's operands with adjacent string literals joined. */
struct chain {
	int n;
	TSNode node[MAX_OPERANDS];    /* null where str holds a string */
	struct jconst str[MAX_OPERANDS];
};

static bool chain_of(const char *src, TSNode n, struct chain *ch)
{
	TSNode ops[MAX_OPERANDS];
	int k = operands(src, n, ops, MAX_OPERANDS, 0);
	if (k < 0)
		return false;
	ch->n = 0;
	for (int i = 0; i < k; i++) {
		struct jconst c = { 0 };
		bool s = jnode_is(ops[i], "string_literal") && const_of(src, ops[i], &c, 0);
		if (s && ch->n && ts_node_is_null(ch->node[ch->n - 1])) {
			struct jconst *last = &ch->str[ch->n - 1];
			sb_add(&last->s, c.s.buf ? c.s.buf : "", c.s.len);
			sb_release(&c.s);
			continue;
		}
		ch->node[ch->n] = s ? (TSNode){ 0 } : ops[i];
		ch->str[ch->n] = c;
		ch->n++;
	}
	return true;
}

static void chain_release(struct chain *ch)
{
	for (int i = 0; i < ch->n; i++)
		sb_release(&ch->str[i].s);
}

static bool same(const struct jsrc *f, TSNode s, const struct jpat *p, TSNode l,
		 int depth);

static bool same_chain(const struct jsrc *f, TSNode s, const struct jpat *p,
		       TSNode l, int depth, bool *decided)
{
	struct chain *a = xcalloc(2, sizeof(*a)), *b = a + 1;
	*decided = chain_of(f->text, s, a) && chain_of(p->text, l, b);
	bool eq = *decided && a->n == b->n;
	for (int i = 0; eq && i < a->n; i++) {
		bool sa = ts_node_is_null(a->node[i]), sb = ts_node_is_null(b->node[i]);
		eq = sa == sb && (sa ? const_eq(&a->str[i], &b->str[i])
				     : same(f, a->node[i], p, b->node[i], depth + 1));
	}
	chain_release(a);
	chain_release(b);
	free(a);
	return eq;
}

/* The pattern's children of a node, in order, comments skipped. */
struct pkids {
	TSTreeCursor c;
	bool more;
};

static void pkids_start(struct pkids *k, TSNode n)
{
	k->c = ts_tree_cursor_new(n);
	k->more = ts_tree_cursor_goto_first_child(&k->c);
}

static bool pkids_next(struct pkids *k, TSNode *out)
{
	while (k->more) {
		TSNode n = ts_tree_cursor_current_node(&k->c);
		k->more = ts_tree_cursor_goto_next_sibling(&k->c);
		if (!is_comment(n)) {
			*out = n;
			return true;
		}
	}
	return false;
}

/* The next child of the source's node that is not a comment. */
static bool skids_next(struct jkids *k, TSNode *out)
{
	while (jkids_next(k, out))
		if (!is_comment(*out))
			return true;
	return false;
}

static bool same(const struct jsrc *f, TSNode s, const struct jpat *p, TSNode l,
		 int depth)
{
	if (depth > JSRC_MAX_DEPTH)
		return false;
	s = unparen(s);
	l = unparen(l);
	bool cs = constish(f->text, s), cl = constish(p->text, l);
	if (cs || cl) {
		bool decided = false;
		if (is_plus(f->text, s) || is_plus(p->text, l)) {
			bool eq = same_chain(f, s, p, l, depth, &decided);
			if (decided)
				return eq;
		}
		struct jconst a = { 0 }, b = { 0 };
		bool ka = cs && const_of(f->text, s, &a, 0);
		bool kb = cl && const_of(p->text, l, &b, 0);
		bool eq = ka && kb && const_eq(&a, &b);
		sb_release(&a.s);
		sb_release(&b.s);
		if (ka || kb)
			return eq;
	}
	if (strcmp(ts_node_type(s), ts_node_type(l)))
		return false;
	if (p->elided && jnode_is(l, "class_body") && !ts_node_named_child_count(l))
		return true;
	if (!ts_node_child_count(s) || !ts_node_child_count(l)) {
		uint32_t sb = ts_node_start_byte(s), se = ts_node_end_byte(s);
		uint32_t lb = ts_node_start_byte(l), le = ts_node_end_byte(l);
		return ts_node_child_count(s) == ts_node_child_count(l) &&
		       se - sb == le - lb && !memcmp(f->text + sb, p->text + lb, se - sb);
	}
	struct jkids ks = jnode_kids(f, s, false);
	struct pkids kl;
	pkids_start(&kl, l);
	bool eq = true;
	for (;;) {
		TSNode a, b;
		bool ha = skids_next(&ks, &a), hb = pkids_next(&kl, &b);
		if (!ha || !hb) {
			eq = ha == hb;
			break;
		}
		if (!same(f, a, p, b, depth + 1)) {
			eq = false;
			break;
		}
	}
	ts_tree_cursor_delete(&kl.c);
	return eq;
}

bool jpat_matches(const struct jsrc *f, TSNode n, const struct jpat *p)
{
	return same(f, n, p, p->node, 0);
}

bool jnode_folded_literal(const struct jsrc *f, TSNode n)
{
	if (!int_literal(n))
		return false;
	TSNode u = jnode_parent(f, n);
	if (!jnode_is(u, "unary_expression"))
		return false;
	TSNode op = ts_node_child_by_field_name(u, "operator", 8);
	return !ts_node_is_null(op) && f->text[ts_node_start_byte(op)] == '-' &&
	       ts_node_end_byte(op) == ts_node_start_byte(op) + 1;
}
