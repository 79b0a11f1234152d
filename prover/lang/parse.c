/*
 * parse.c - stage 2: Java expression text to an untyped AST.
 *
 * A hand-written lexer and a recursive-descent parser, one function per
 * grammar rule with the rule above it.  Every node records the byte
 * offset of its operator so errors point into the YAML source.
 *
 * The run's parse table (at the end): while one is open, each distinct
 * (text, profile, holes) is parsed once and every caller gets a copy.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "lang/profile.h"
#include "lang/stats.h"

#define MAX_NESTING 200

enum tok {
	TOK_EOF, TOK_IDENT, TOK_LIT, TOK_HOLE, TOK_PUNCT,
};

struct token {
	enum tok kind;
	int pos, len;
	struct literal lit; /* TOK_LIT, as the profile read it */
	char punct[5];      /* TOK_PUNCT spelling */
};

struct parser {
	struct arena *a;
	const struct profile *pf;
	const struct expr_src *es;
	const char *s;
	struct token tok;
	int depth;      /* recursion depth of the parser */
	int height;     /* height of the tree the last rule returned */
	bool allow_holes;
	bool failed;
	bool keep_error; /* record the error in err, errpos (parse table) */
	struct strbuf err;
	int errpos;
};

/* The first error: printed (unless quiet), and kept when keep_error. */
static void perr(struct parser *p, int pos, const char *fmt, ...)
	PRINTF(3, 4);
static void perr(struct parser *p, int pos, const char *fmt, ...)
{
	if (p->failed)
		return;
	p->failed = true;
	if (p->es->quiet && !p->keep_error)
		return;
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	if (!p->es->quiet)
		diag_error(expr_loc(p->es, pos), "%s", sb.buf);
	if (p->keep_error) {
		sb_puts(&p->err, sb.buf);
		p->errpos = pos;
	}
	sb_release(&sb);
}

/* ---- lexer ---- */

static const char *const puncts[] = {
	">>>=", "<<=", ">>=", ">>>", "==", "!=", "<=", ">=", "&&", "||",
	"++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<",
	">>", "+", "-", "*", "/", "%", "<", ">", "=", "!", "~", "&", "|",
	"^", "?", ":", "(", ")",
};

/* A literal: the profile reads it. */
static void lex_literal(struct parser *p, int pos)
{
	char msg[200];
	int errpos = pos;
	if (p->pf->read_literal(p->pf, p->s, pos, &p->tok.lit, &errpos, msg,
				sizeof(msg)) < 0) {
		perr(p, errpos, "%s", msg);
		return;
	}
	p->tok.kind = TOK_LIT;
	p->tok.len = p->tok.lit.len;
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
		p->tok.kind = TOK_EOF;
		return;
	}
	unsigned char c = (unsigned char)s[pos];
	if (isalpha(c) || c == '_' || c == '$') {
		int e = pos;
		/* qualified names (Double.NaN): the profile may know them */
		while (isalnum((unsigned char)s[e]) || s[e] == '_' || s[e] == '$' ||
		       (s[e] == '.' && (isalpha((unsigned char)s[e + 1]) ||
					s[e + 1] == '_')))
			e++;
		p->tok.kind = TOK_IDENT;
		p->tok.len = e - pos;
		return;
	}
	if (isdigit(c) || c == '\'' ||
	    (c == '.' && isdigit((unsigned char)s[pos + 1]))) {
		lex_literal(p, pos);
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
		p->tok.kind = TOK_HOLE;
		p->tok.len = e + 1 - pos;
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(puncts); i++) {
		size_t n = strlen(puncts[i]);
		if (!strncmp(s + pos, puncts[i], n)) {
			p->tok.kind = TOK_PUNCT;
			p->tok.len = (int)n;
			memcpy(p->tok.punct, puncts[i], n + 1);
			return;
		}
	}
	if (c == '"')
		perr(p, pos, "strings are not supported in expressions");
	else if (c == '.')
		perr(p, pos, "member access is not supported");
	else if (c >= 0x20 && c < 0x7f)
		perr(p, pos, "unexpected character '%c'", c);
	else
		perr(p, pos, "unexpected byte 0x%02x", c);
}

static bool is(struct parser *p, const char *punct)
{
	return p->tok.kind == TOK_PUNCT && !strcmp(p->tok.punct, punct);
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
	if (p->tok.kind == TOK_EOF)
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

static struct node *new_lit(struct parser *p, const struct type *t,
			    struct value v, int pos)
{
	struct node *n = node_new(p->a, N_LIT, pos);
	n->type = t;
	n->val = v;
	return n;
}

/* cast = "(" type-name ")" unary, where the profile has casts and names
 * a type right after the "(" (already consumed); false if there is no
 * type name (then it is a parenthesized expression). */
static bool cast(struct parser *p, int pos, struct node **out)
{
	const struct type *t;
	if (!p->pf->cast_type || p->tok.kind != TOK_IDENT)
		return false;
	int len = p->pf->cast_type(p->pf, p->s, p->tok.pos, &t);
	if (!len)
		return false;
	int q = p->tok.pos + len;
	while (isspace((unsigned char)p->s[q]))
		q++;
	if (p->s[q] != ')')
		return false;
	p->tok.len = q + 1 - p->tok.pos; /* up to and with the ")" */
	next(p);
	struct node *operand = unary(p);
	*out = NULL;
	if (!operand || !height_ok(p, p->height + 1, pos))
		return true;
	struct node *n = node_new(p->a, N_CONV, pos);
	n->type = t;
	n->a = operand;
	*out = n;
	return true;
}

/* primary = "(" expr ")" | cast | "true" | "false" | ident | int | char
 *         | hole */
static struct node *primary(struct parser *p)
{
	int pos = p->tok.pos;
	struct node *n;
	switch (p->tok.kind) {
	case TOK_PUNCT:
		if (accept(p, "(")) {
			if (cast(p, pos, &n))
				return n;
			n = expr(p); /* parentheses add no node */
			expect(p, ")", "')'");
			if (n)
				n->paren = true;
			return n;
		}
		break;
	case TOK_IDENT: {
		const char *id = p->s + pos;
		int len = p->tok.len;
		next(p);
		p->height = 1;
		struct literal kw;
		if (p->pf->keyword_literal(p->pf, id, (size_t)len, &kw))
			return new_lit(p, kw.type, kw.val, pos);
		if (is(p, "(")) {
			perr(p, p->tok.pos, "method calls are not supported "
					    "in theories");
			return NULL;
		}
		if (memchr(id, '.', (size_t)len)) {
			perr(p, pos, "unknown constant '%.*s' (member access is "
				     "not supported)", len, id);
			return NULL;
		}
		n = node_new(p->a, N_VAR, pos);
		n->name = arena_strndup(p->a, id, (size_t)len);
		n->var = -1;
		return n;
	}
	case TOK_LIT: {
		struct literal lit = p->tok.lit;
		next(p);
		p->height = 1;
		if (lit.minus_only) {
			perr(p, pos, "%s is only valid after unary minus",
			     lit.minus_only);
			return NULL;
		}
		return new_lit(p, lit.type, lit.val, pos);
	}
	case TOK_HOLE:
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

/* Does the profile's language have operator op? */
static bool known_op(struct parser *p, enum op op, int pos)
{
	if (p->pf->has_op(op))
		return true;
	perr(p, pos, "'%s' is not an operator in %s", op_spelling(op),
	     p->pf->name);
	return false;
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
		if (!known_op(p, m->op, p->tok.pos))
			return NULL;
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
		if (!known_op(p, ops[i].op, pos))
			goto out;
		next(p);
		/* -2147483648 and -9223372036854775808L are literals. */
		if (ops[i].op == OP_NEG && p->tok.kind == TOK_LIT &&
		    p->tok.lit.minus_only) {
			struct literal lit = p->tok.lit;
			next(p);
			n = new_lit(p, lit.type, lit.neg, pos);
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
	while (lhs && p->tok.kind == TOK_PUNCT) {
		enum op op = binop(p->tok.punct);
		if (op == OP_NONE || op_prec(op) < prec)
			break;
		int pos = p->tok.pos;
		if (!known_op(p, op, pos))
			return NULL;
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
	if (!lhs || p->tok.kind != TOK_PUNCT)
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
	if (op != OP_NONE && !known_op(p, op, pos))
		return NULL;
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
	return parse_expr_in(&profile_java, a, es, allow_holes);
}

/* Parse p's text: the tree, or NULL after perr(). */
static struct node *parse(struct parser *p)
{
	lang_stat_parse(p->pf, p->allow_holes, p->s);
	next(p);
	if (p->tok.kind == TOK_EOF && !p->failed) {
		perr(p, 0, "empty expression");
		return NULL;
	}
	struct node *n = expr(p);
	if (n && !p->failed && p->tok.kind != TOK_EOF) {
		struct strbuf sb = STRBUF_INIT;
		describe(p, &sb);
		perr(p, p->tok.pos, "unexpected %s after the expression",
		     sb.buf);
		sb_release(&sb);
	}
	return p->failed ? NULL : n;
}

/* ---- the run's parse table ----
 *
 * One entry per distinct (text, profile, holes), chained in a hash
 * table, all in the table's arena under its lock.  A parse depends on
 * nothing else (the expression source's location and quietness only
 * place and silence its error), so an entry holds the untyped tree, or
 * the first error's message and offset, and every later caller gets a
 * copy of the tree in its own arena (typing writes into the tree), or
 * that error at its own location.  The trees in the table are never
 * handed out, so never written. */
struct pentry {
	const char *text;
	const struct profile *pf;
	bool holes;
	struct node *n;       /* the tree, or NULL: */
	const char *err;      /* the error, at */
	int errpos;
	struct pentry *next;
};

struct parse_table {
	struct arena *a;
	pthread_mutex_t mu;
	struct pentry **slot;
	size_t nslots, n;
};

/* The open table: set and cleared while no other thread parses. */
static struct parse_table *run_table;

void parse_run_open(struct arena *a)
{
	if (run_table)
		BUG("parse_run_open: a table is open already");
	struct parse_table *t = ANEW(a, struct parse_table);
	t->a = a;
	pthread_mutex_init(&t->mu, NULL);
	t->nslots = 256;
	t->slot = ANEWN(a, struct pentry *, t->nslots);
	memset(t->slot, 0, t->nslots * sizeof(*t->slot));
	run_table = t;
}

void parse_run_close(void)
{
	if (run_table)
		pthread_mutex_destroy(&run_table->mu);
	run_table = NULL;
}

static size_t phash(const struct profile *pf, bool holes, const char *s)
{
	size_t h = (size_t)(uintptr_t)pf * 31 + holes;
	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

/* Double the slots (lock held): the old array stays in the arena. */
static void pgrow(struct parse_table *t)
{
	size_t n = 2 * t->nslots;
	struct pentry **slot = ANEWN(t->a, struct pentry *, n);
	memset(slot, 0, n * sizeof(*slot));
	for (size_t i = 0; i < t->nslots; i++)
		for (struct pentry *e = t->slot[i], *next; e; e = next) {
			next = e->next;
			size_t j = phash(e->pf, e->holes, e->text) & (n - 1);
			e->next = slot[j];
			slot[j] = e;
		}
	t->slot = slot;
	t->nslots = n;
}

/* The entry of (text, pf, holes), parsed now if new (lock held). */
static const struct pentry *pentry(struct parse_table *t,
				   const struct profile *pf,
				   const struct expr_src *es, bool holes)
{
	size_t h = phash(pf, holes, es->text);
	for (struct pentry *e = t->slot[h & (t->nslots - 1)]; e; e = e->next)
		if (e->pf == pf && e->holes == holes &&
		    !strcmp(e->text, es->text))
			return e;
	if (2 * (t->n + 1) > t->nslots)
		pgrow(t);
	struct pentry *e = ANEW(t->a, struct pentry);
	*e = (struct pentry){ .text = arena_strdup(t->a, es->text), .pf = pf,
			      .holes = holes };
	/* parsed quietly: the error is printed for each caller below */
	struct expr_src q = *es;
	q.quiet = true;
	struct parser p = { .a = t->a, .es = &q, .s = e->text, .pf = pf,
			    .allow_holes = holes, .keep_error = true,
			    .err = STRBUF_INIT };
	e->n = parse(&p);
	if (!e->n) {
		e->err = arena_strdup(t->a, p.err.buf ? p.err.buf : "");
		e->errpos = p.errpos;
	}
	sb_release(&p.err);
	size_t j = h & (t->nslots - 1);
	e->next = t->slot[j];
	t->slot[j] = e;
	t->n++;
	return e;
}

struct node *parse_expr_in(const struct profile *pf, struct arena *a,
			   const struct expr_src *es, bool allow_holes)
{
	struct parse_table *t = run_table;
	if (!t) {
		struct parser p = { .a = a, .es = es, .s = es->text, .pf = pf,
				    .allow_holes = allow_holes };
		return parse(&p);
	}
	pthread_mutex_lock(&t->mu);
	recover_hold(); /* the table is never left halfway */
	const struct pentry *e = pentry(t, pf, es, allow_holes);
	recover_unhold();
	pthread_mutex_unlock(&t->mu);
	/* e is complete and never changes: copied outside the lock */
	if (e->n)
		return node_copy(a, e->n);
	if (!es->quiet)
		diag_error(expr_loc(es, e->errpos), "%s", e->err);
	return NULL;
}
