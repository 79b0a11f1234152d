/*
 * parse.c - stage 2: Java expression text to an untyped AST.
 *
 * A hand-written lexer and a recursive-descent parser, one function per
 * grammar rule with the rule above it.  Every node records the byte
 * offset of its operator so errors point into the YAML source.
 */
#include <ctype.h>
#include <string.h>

#include "lang/ast.h"

#define MAX_NESTING 200

enum tok {
	TK_EOF, TK_IDENT, TK_INT, TK_CHAR, TK_HOLE, TK_PUNCT,
};

struct token {
	enum tok kind;
	int pos, len;
	uint64_t num;     /* TK_INT magnitude, TK_CHAR code */
	bool is_long;     /* TK_INT with L suffix */
	bool decimal;     /* TK_INT written in decimal */
	char punct[5];    /* TK_PUNCT spelling */
};

struct parser {
	struct arena *a;
	const struct expr_src *es;
	const char *s;
	struct token tok;
	int depth;      /* recursion depth of the parser */
	int height;     /* height of the tree the last rule returned */
	bool allow_holes;
	bool failed;
};

static void perr(struct parser *p, int pos, const char *fmt, ...)
	PRINTF(3, 4);
static void perr(struct parser *p, int pos, const char *fmt, ...)
{
	if (p->failed)
		return;
	p->failed = true;
	if (p->es->quiet)
		return;
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	diag_error(expr_loc(p->es, pos), "%s", sb.buf);
	sb_release(&sb);
}

/* ---- lexer ---- */

static const char *const puncts[] = {
	">>>=", "<<=", ">>=", ">>>", "==", "!=", "<=", ">=", "&&", "||",
	"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<",
	">>", "+", "-", "*", "/", "%", "<", ">", "=", "!", "~", "&", "|",
	"^", "?", ":", "(", ")",
};

static int digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/* integer-literal = (decimal | 0x hex | 0b binary | 0 octal) [lL] */
static void lex_number(struct parser *p, int pos)
{
	const char *s = p->s + pos, *q = s;
	int base = 10;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
		base = 16, q += 2;
	else if (q[0] == '0' && (q[1] == 'b' || q[1] == 'B'))
		base = 2, q += 2;
	else if (q[0] == '0' && isdigit((unsigned char)q[1]))
		base = 8, q += 1;
	uint64_t v = 0;
	bool overflow = false, any = false;
	for (;; q++) {
		if (*q == '_') {
			/* Java: underscores only between digits. */
			const char *r = q;
			while (*r == '_')
				r++;
			if (!any || digit_value((unsigned char)*r) >= base) {
				perr(p, (int)(q - p->s),
				     "'_' must stand between digits");
				break;
			}
			continue;
		}
		int d = digit_value((unsigned char)*q);
		if (d >= base) {
			if (isalnum((unsigned char)*q) && *q != 'l' && *q != 'L')
				perr(p, (int)(q - p->s),
				     "invalid digit '%c' in a base-%d number",
				     *q, base);
			break;
		}
		any = true;
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			overflow = true;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	if (!any)
		perr(p, pos, "a number needs digits");
	p->tok.kind = TK_INT;
	p->tok.is_long = *q == 'l' || *q == 'L';
	if (p->tok.is_long)
		q++;
	p->tok.decimal = base == 10;
	p->tok.num = v;
	p->tok.len = (int)(q - s);
	if (isalnum((unsigned char)*q) || *q == '_')
		perr(p, (int)(q - p->s), "unexpected '%c' after a number", *q);
	if (overflow || (!p->tok.is_long && v > UINT32_MAX))
		perr(p, pos, "integer number too large for %s",
		     p->tok.is_long ? "long" : "int");
	else if (p->tok.decimal && !p->tok.is_long && v > 2147483648u)
		perr(p, pos, "integer number too large for int");
	else if (p->tok.decimal && p->tok.is_long &&
		 v > (uint64_t)INT64_MAX + 1)
		perr(p, pos, "integer number too large for long");
}

/* char-literal = ' (char | \escape | \uXXXX) ' */
static void lex_char(struct parser *p, int pos)
{
	const char *q = p->s + pos + 1;
	uint64_t c;
	if (*q == '\\') {
		q++;
		switch (*q) {
		case 'n': c = '\n'; q++; break;
		case 't': c = '\t'; q++; break;
		case 'r': c = '\r'; q++; break;
		case 'b': c = '\b'; q++; break;
		case 'f': c = '\f'; q++; break;
		case 's': c = ' '; q++; break;
		case '\'': case '"': case '\\': c = (unsigned char)*q++; break;
		case 'u': {
			while (*q == 'u')
				q++;
			c = 0;
			for (int i = 0; i < 4; i++, q++) {
				int d = digit_value((unsigned char)*q);
				if (d > 15) {
					perr(p, (int)(q - p->s),
					     "\\u needs four hex digits");
					return;
				}
				c = c * 16 + (uint64_t)d;
			}
			break;
		}
		default:
			if (*q >= '0' && *q <= '7') {
				c = 0;
				for (int i = 0; i < 3 && *q >= '0' && *q <= '7';
				     i++, q++)
					c = c * 8 + (uint64_t)(*q - '0');
				if (c > 0377) {
					perr(p, pos, "octal escape out of range");
					return;
				}
			} else {
				perr(p, (int)(q - p->s),
				     "unknown escape '\\%c'", *q ? *q : ' ');
				return;
			}
		}
	} else if (*q == '\'' || *q == '\0' || *q == '\n') {
		perr(p, pos, "empty or unterminated character literal");
		return;
	} else if ((unsigned char)*q >= 0x80) {
		perr(p, (int)(q - p->s),
		     "only ASCII characters or \\u escapes in char literals");
		return;
	} else {
		c = (unsigned char)*q++;
	}
	if (*q != '\'') {
		perr(p, pos, "unterminated character literal");
		return;
	}
	p->tok.kind = TK_CHAR;
	p->tok.num = c;
	p->tok.len = (int)(q + 1 - (p->s + pos));
}

static void next(struct parser *p)
{
	int pos = p->tok.pos + p->tok.len, after = pos;
	const char *s = p->s;
	while (s[pos] && isspace((unsigned char)s[pos]))
		pos++;
	memset(&p->tok, 0, sizeof(p->tok));
	p->tok.pos = pos;
	if (p->failed || !s[pos]) {
		/* "end of expression" is right after the last token, not
		 * after trailing blanks (a block scalar's final newline would
		 * put it on the next line). */
		p->tok.pos = after;
		p->tok.kind = TK_EOF;
		return;
	}
	unsigned char c = (unsigned char)s[pos];
	if (isalpha(c) || c == '_' || c == '$') {
		int e = pos;
		while (isalnum((unsigned char)s[e]) || s[e] == '_' || s[e] == '$')
			e++;
		p->tok.kind = TK_IDENT;
		p->tok.len = e - pos;
		return;
	}
	if (isdigit(c)) {
		lex_number(p, pos);
		return;
	}
	if (c == '\'') {
		lex_char(p, pos);
		return;
	}
	if (c == '{' && p->allow_holes) {
		int e = pos + 1;
		while (isalnum((unsigned char)s[e]) || s[e] == '_')
			e++;
		if (s[e] != '}' || e == pos + 1) {
			perr(p, pos, "a placeholder is written {name}");
			return;
		}
		p->tok.kind = TK_HOLE;
		p->tok.len = e + 1 - pos;
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(puncts); i++) {
		size_t n = strlen(puncts[i]);
		if (!strncmp(s + pos, puncts[i], n)) {
			p->tok.kind = TK_PUNCT;
			p->tok.len = (int)n;
			memcpy(p->tok.punct, puncts[i], n + 1);
			return;
		}
	}
	if (c == '"')
		perr(p, pos, "strings are not supported in expressions");
	else if (c == '.')
		perr(p, pos, "floating-point numbers and member access are "
			     "not supported");
	else if (c >= 0x20 && c < 0x7f)
		perr(p, pos, "unexpected character '%c'", c);
	else
		perr(p, pos, "unexpected byte 0x%02x", c);
}

static bool is(struct parser *p, const char *punct)
{
	return p->tok.kind == TK_PUNCT && !strcmp(p->tok.punct, punct);
}

static bool accept(struct parser *p, const char *punct)
{
	if (!is(p, punct))
		return false;
	next(p);
	return true;
}

static void describe(struct parser *p, struct strbuf *sb)
{
	if (p->tok.kind == TK_EOF)
		sb_puts(sb, "end of expression");
	else
		sb_printf(sb, "'%.*s'", p->tok.len, p->s + p->tok.pos);
}

static void expect(struct parser *p, const char *punct, const char *what)
{
	if (accept(p, punct))
		return;
	struct strbuf sb = STRBUF_INIT;
	describe(p, &sb);
	perr(p, p->tok.pos, "expected %s, found %s", what, sb.buf);
	sb_release(&sb);
}

/* ---- parser ---- */

/* Every later stage walks trees recursively, so the height of the tree
 * is bounded as well as the parser's own recursion: a flat chain like
 * "a + a + ... + a" is as deep as it is long.  Records h as the height
 * of the node just built; false (error printed) when it is too high. */
static bool height_ok(struct parser *p, int h, int pos)
{
	p->height = h;
	if (h <= MAX_NESTING)
		return true;
	perr(p, pos, "expression nested too deeply (over %d)", MAX_NESTING);
	return false;
}

static int max2(int a, int b)
{
	return a > b ? a : b;
}

static struct node *expr(struct parser *p);
static struct node *unary(struct parser *p);

static enum op binop(const char *s)
{
	for (int op = OP_MUL; op <= OP_LOR; op++)
		if (!strcmp(s, op_spelling((enum op)op)))
			return (enum op)op;
	return OP_NONE;
}

static struct node *new_lit(struct parser *p, enum type t, int64_t v, int pos)
{
	struct node *n = node_new(p->a, N_LIT, pos);
	n->type = t;
	n->val = v;
	return n;
}

/* primary = "(" expr ")" | "true" | "false" | ident | int | char | hole */
static struct node *primary(struct parser *p)
{
	int pos = p->tok.pos;
	struct node *n;
	switch (p->tok.kind) {
	case TK_PUNCT:
		if (accept(p, "(")) {
			n = expr(p); /* parentheses add no node */
			expect(p, ")", "')'");
			if (n)
				n->paren = true;
			return n;
		}
		break;
	case TK_IDENT: {
		const char *id = p->s + pos;
		int len = p->tok.len;
		next(p);
		p->height = 1;
		if (len == 4 && !strncmp(id, "true", 4))
			return new_lit(p, T_BOOLEAN, 1, pos);
		if (len == 5 && !strncmp(id, "false", 5))
			return new_lit(p, T_BOOLEAN, 0, pos);
		if (is(p, "(")) {
			perr(p, p->tok.pos, "method calls are not supported "
					    "in theories");
			return NULL;
		}
		n = node_new(p->a, N_VAR, pos);
		n->name = arena_strndup(p->a, id, (size_t)len);
		n->var = -1;
		return n;
	}
	case TK_INT: {
		uint64_t v = p->tok.num;
		bool is_long = p->tok.is_long, dec = p->tok.decimal;
		next(p);
		p->height = 1;
		if (dec && v == (is_long ? (uint64_t)INT64_MAX + 1 : 2147483648u)) {
			perr(p, pos, "%s is only valid after unary minus",
			     is_long ? "9223372036854775808L" : "2147483648");
			return NULL;
		}
		if (is_long)
			return new_lit(p, T_LONG, (int64_t)v, pos);
		return new_lit(p, T_INT, (int32_t)(uint32_t)v, pos);
	}
	case TK_CHAR:
		n = new_lit(p, T_CHAR, (int64_t)p->tok.num, pos);
		next(p);
		p->height = 1;
		return n;
	case TK_HOLE:
		n = node_new(p->a, N_HOLE, pos);
		n->name = arena_strndup(p->a, p->s + pos + 1,
					(size_t)p->tok.len - 2);
		next(p);
		p->height = 1;
		return n;
	default:
		break;
	}
	struct strbuf sb = STRBUF_INIT;
	describe(p, &sb);
	perr(p, pos, "expected an expression, found %s", sb.buf);
	sb_release(&sb);
	return NULL;
}

/* postfix = primary ("++" | "--")* */
static struct node *postfix(struct parser *p)
{
	struct node *n = primary(p);
	while (n && (is(p, "++") || is(p, "--"))) {
		if (!height_ok(p, p->height + 1, p->tok.pos))
			return NULL;
		struct node *m = node_new(p->a, N_INCDEC, p->tok.pos);
		m->op = is(p, "++") ? OP_POSTINC : OP_POSTDEC;
		m->a = n;
		next(p);
		n = m;
	}
	return n;
}

/* unary = ("+" | "-" | "~" | "!" | "++" | "--") unary | postfix */
static struct node *unary(struct parser *p)
{
	static const struct { const char *s; enum nkind k; enum op op; } ops[] = {
		{ "+", N_UNARY, OP_PLUS },    { "-", N_UNARY, OP_NEG },
		{ "~", N_UNARY, OP_BNOT },    { "!", N_UNARY, OP_NOT },
		{ "++", N_INCDEC, OP_PREINC }, { "--", N_INCDEC, OP_PREDEC },
	};
	if (p->depth++ > MAX_NESTING) {
		perr(p, p->tok.pos, "expression nested too deeply (over %d)",
		     MAX_NESTING);
		return NULL;
	}
	struct node *n = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		if (!is(p, ops[i].s))
			continue;
		int pos = p->tok.pos;
		next(p);
		/* -2147483648 and -9223372036854775808L are literals. */
		if (ops[i].op == OP_NEG && p->tok.kind == TK_INT &&
		    p->tok.decimal &&
		    p->tok.num == (p->tok.is_long ? (uint64_t)INT64_MAX + 1
						  : 2147483648u)) {
			bool l = p->tok.is_long;
			next(p);
			n = new_lit(p, l ? T_LONG : T_INT,
				    l ? INT64_MIN : INT32_MIN, pos);
			p->height = 1;
			goto out;
		}
		struct node *operand = unary(p);
		if (!operand || !height_ok(p, p->height + 1, pos))
			goto out;
		n = node_new(p->a, ops[i].k, pos);
		n->op = ops[i].op;
		n->a = operand;
		goto out;
	}
	n = postfix(p);
out:
	p->depth--;
	return n;
}

/* binary(prec) = unary (binop binary(prec(binop) + 1))*
 * for every binary operator whose precedence is at least prec */
static struct node *binary(struct parser *p, int prec)
{
	struct node *lhs = unary(p);
	int h = p->height;
	while (lhs && p->tok.kind == TK_PUNCT) {
		enum op op = binop(p->tok.punct);
		if (op == OP_NONE || op_prec(op) < prec)
			break;
		int pos = p->tok.pos;
		next(p);
		struct node *rhs = binary(p, op_prec(op) + 1);
		if (!rhs || !height_ok(p, max2(h, p->height) + 1, pos))
			return NULL;
		h = p->height;
		struct node *n = node_new(p->a, N_BINARY, pos);
		n->op = op;
		n->a = lhs;
		n->b = rhs;
		lhs = n;
	}
	p->height = h;
	return lhs;
}

/* cond = binary(4) ("?" expr ":" cond)? */
static struct node *cond(struct parser *p)
{
	struct node *c = binary(p, 4);
	if (!c || !is(p, "?"))
		return c;
	int h = p->height;
	int pos = p->tok.pos;
	next(p);
	if (p->depth++ > MAX_NESTING) {
		perr(p, pos, "expression nested too deeply (over %d)",
		     MAX_NESTING);
		return NULL;
	}
	struct node *t = expr(p);
	h = max2(h, p->height);
	expect(p, ":", "':' of the conditional");
	struct node *f = t && !p->failed ? cond(p) : NULL;
	p->depth--;
	if (!f || !height_ok(p, max2(h, p->height) + 1, pos))
		return NULL;
	struct node *n = node_new(p->a, N_COND, pos);
	n->a = c;
	n->b = t;
	n->c = f;
	return n;
}

/* assign = cond (("=" | "+=" | "-=" | ... | ">>>=") assign)? */
static struct node *assign(struct parser *p)
{
	struct node *lhs = cond(p);
	if (!lhs || p->tok.kind != TK_PUNCT)
		return lhs;
	int h = p->height;
	size_t n = strlen(p->tok.punct);
	if (n == 0 || p->tok.punct[n - 1] != '=' || is(p, "==") ||
	    is(p, "!=") || is(p, "<=") || is(p, ">="))
		return lhs;
	enum op op = OP_NONE;
	if (n > 1) {
		char tmp[5];
		memcpy(tmp, p->tok.punct, n - 1);
		tmp[n - 1] = '\0';
		op = binop(tmp);
	}
	int pos = p->tok.pos;
	next(p);
	if (p->depth++ > MAX_NESTING) {
		perr(p, pos, "expression nested too deeply (over %d)",
		     MAX_NESTING);
		return NULL;
	}
	struct node *rhs = assign(p);
	p->depth--;
	if (!rhs || !height_ok(p, max2(h, p->height) + 1, pos))
		return NULL;
	struct node *a = node_new(p->a, N_ASSIGN, pos);
	a->op = op;
	a->a = lhs;
	a->b = rhs;
	return a;
}

/* expr = assign */
static struct node *expr(struct parser *p)
{
	return assign(p);
}

struct node *parse_expr(struct arena *a, const struct expr_src *es,
			bool allow_holes)
{
	struct parser p = { .a = a, .es = es, .s = es->text,
			    .allow_holes = allow_holes };
	next(&p);
	if (p.tok.kind == TK_EOF && !p.failed) {
		perr(&p, 0, "empty expression");
		return NULL;
	}
	struct node *n = expr(&p);
	if (n && !p.failed && p.tok.kind != TK_EOF) {
		struct strbuf sb = STRBUF_INIT;
		describe(&p, &sb);
		perr(&p, p.tok.pos, "unexpected %s after the expression",
		     sb.buf);
		sb_release(&sb);
	}
	return p.failed ? NULL : n;
}
