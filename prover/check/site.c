/*
 * check_site.c - one site of `subsume check`: texts to a struct
 * analysis, proof, verdicts.  See check.h.
 *
 * Opaque values: a method call or field access (`errors.size()`,
 * `this.fa.y`, `add(a, b)`) is replaced by a fresh variable `$k` before
 * parsing; the same text (spaces ignored) is the same value within the
 * site.  A call whose receiver is an identifier compared with null in
 * the site is guarded: it throws when the receiver is null (the
 * receiver is a reference, modelled as an int identity, null = 0).
 *
 * Soundness: a mutant that evaluates opaque calls under other
 * conditions than the original (a dropped call, a call made on more or
 * fewer inputs) is never reported equivalent, duplicate, subsumed or
 * redundant: only killable (with a witness the evaluator confirmed) or
 * unsupported.
 */
#include "check/check.h"

#include <ctype.h>
#include <pthread.h>
#include <string.h>

#include "sem/smt.h"

const char *cverdict_name(enum cverdict v)
{
	static const char *const names[CV_COUNT] = {
		[CV_EQUIVALENT] = "equivalent", [CV_DUPLICATE] = "duplicate",
		[CV_SUBSUMED] = "subsumed",     [CV_REDUNDANT] = "redundant",
		[CV_KILLABLE] = "killable",     [CV_UNKNOWN] = "unknown",
		[CV_UNSUPPORTED] = "unsupported",
	};
	return names[v];
}

void check_worker_init(struct check_worker *w, unsigned timeout_ms)
{
	memset(w, 0, sizeof(*w));
	w->timeout_ms = timeout_ms;
}

void check_worker_release(struct check_worker *w)
{
	smt_shared_free(w->smt);
	w->smt = NULL;
}

/* ---- opaque calls ---- */

struct opaque {
	const char *text;   /* normalised source text */
	const char *recv;   /* simple identifier receiver, or NULL */
	const char *method; /* name of the final call, or NULL */
	bool has_args;
	int kind;           /* inferred: 0 unknown, 1 boolean, 2 numeric */
};

struct site {
	struct arena *a;
	struct cgroup *g;
	struct csite *cs;
	const struct check_opts *opts;
	int nop;
	struct opaque ops[MAX_VARS + 1];
	/* variables */
	int nvars;
	const char *names[MAX_VARS + 1];
	int kind[MAX_VARS + 1];    /* 0 unknown, 1 boolean, 2 numeric */
	const struct type *declared[MAX_VARS + 1]; /* T_ERROR if not declared */
	bool ref[MAX_VARS + 1];    /* a reference compared with null */
	const struct type *numtype; /* numeric type from the signature */
	const char *err;           /* why the whole site is unsupported */
};

static bool ident_start(int c)
{
	return isalpha(c) || c == '_' || c == '$';
}

static bool ident_char(int c)
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

/*
 * Rewrite Java text for the parser: calls and field accesses become
 * `$k`, null becomes `$null`.  Returns NULL (and *why) for constructs
 * the model does not cover.
 */
static char *rewrite(struct site *S, const char *s, const char **why)
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
			continue;
		}
		if (c == '"') {
			*why = "string literals are not modelled";
			goto fail;
		}
		if (isdigit(c)) {
			size_t e = i;
			while (isalnum((unsigned char)s[e]) || s[e] == '.' ||
			       s[e] == '_')
				e++;
			sb_add(&out, s + i, e - i);
			i = e;
			continue;
		}
		if (!ident_start(c)) {
			if (c == '.' && i && ident_char((unsigned char)s[i - 1])) {
				*why = "unexpected '.'";
				goto fail;
			}
			sb_putc(&out, (char)c);
			i++;
			continue;
		}
		size_t b = i;
		while (ident_char((unsigned char)s[i]))
			i++;
		size_t idlen = i - b;
		char first[64];
		snprintf(first, sizeof(first), "%.*s", (int)(idlen < 63 ? idlen : 63),
			 s + b);
		if (!strcmp(first, "new")) {
			*why = "object creation (new) is not modelled";
			goto fail;
		}
		if (!strcmp(first, "instanceof")) {
			*why = "instanceof is not modelled";
			goto fail;
		}
		/* The chain: (. ident | (args) | [index])* */
		bool chain = false, has_args = false;
		const char *method = NULL;
		char lastid[64];
		snprintf(lastid, sizeof(lastid), "%s", first);
		size_t e = i;
		for (;;) {
			size_t j = e;
			while (s[j] == ' ' || s[j] == '\t')
				j++;
			if (s[j] == '(' || s[j] == '[') {
				size_t k = skip_group(s, j);
				if (!k) {
					*why = "unbalanced brackets";
					goto fail;
				}
				if (s[j] == '(') {
					method = lastid;
					has_args = false;
					for (size_t q = j + 1; q + 1 < k; q++)
						if (!isspace((unsigned char)s[q]))
							has_args = true;
				} else {
					method = NULL;
				}
				chain = true;
				e = k;
				continue;
			}
			if (s[j] == '.') {
				size_t k = j + 1;
				while (s[k] == ' ' || s[k] == '\t')
					k++;
				if (!ident_start((unsigned char)s[k]))
					break;
				size_t q = k;
				while (ident_char((unsigned char)s[q]))
					q++;
				snprintf(lastid, sizeof(lastid), "%.*s",
					 (int)(q - k < 63 ? q - k : 63), s + k);
				method = NULL;
				chain = true;
				e = q;
				continue;
			}
			break;
		}
		if (!chain) {
			if (!strcmp(first, "this")) {
				*why = "'this' is an object; objects are not "
				       "modelled";
				goto fail;
			}
			if (!strcmp(first, "null"))
				sb_puts(&out, "$null");
			else
				sb_add(&out, s + b, idlen);
			continue;
		}
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
		char rbuf[64];
		if (strcmp(first, "this") && s[i] != '(' && s[i] != '[') {
			size_t j = i;
			while (s[j] == ' ')
				j++;
			if (s[j] == '.') {
				snprintf(rbuf, sizeof(rbuf), "%s", first);
				recv = rbuf;
			}
		}
		int k = opaque_index(S, norm.buf, recv, method, has_args);
		sb_release(&norm);
		if (k < 0) {
			*why = S->err;
			goto fail;
		}
		sb_printf(&out, "$%d", k + 1);
		i = e;
	}
	char *r = arena_strdup(S->a, out.buf);
	sb_release(&out);
	return r;
fail:
	sb_release(&out);
	return NULL;
}

/* ---- parsing, types ---- */

static struct node *parse(struct site *S, const char *text, const char **why)
{
	const char *rw = rewrite(S, text, why);
	if (!rw)
		return NULL;
	struct expr_src es = { .text = rw, .quiet = true };
	struct node *n = parse_expr(S->a, &es, false);
	if (!n)
		*why = arena_printf(S->a, "the expression parser cannot read "
					  "'%s'", text);
	return n;
}

static int var_index(struct site *S, const char *name)
{
	for (int i = 0; i < S->nvars; i++)
		if (!strcmp(S->names[i], name))
			return i;
	if (S->nvars >= MAX_VARS) {
		S->err = "more than 16 variables";
		return -1;
	}
	S->names[S->nvars] = arena_strdup(S->a, name);
	S->declared[S->nvars] = T_ERROR;
	S->kind[S->nvars] = 0;
	return S->nvars++;
}

/* Collect variables, turn $null into the literal 0 and mark what is
 * compared with it as a reference. */
static void collect(struct site *S, struct node *n)
{
	if (!n || S->err)
		return;
	if (n->kind == N_VAR) {
		if (!strcmp(n->name, "$null")) {
			n->kind = N_LIT;
			n->type = T_INT;
			n->val = value_int(0);
			return;
		}
		var_index(S, n->name);
		return;
	}
	if (n->kind == N_BINARY && (n->op == OP_EQ || n->op == OP_NE)) {
		struct node *x = n->a, *y = n->b;
		for (int k = 0; k < 2; k++) {
			if (y->kind == N_VAR && !strcmp(y->name, "$null") &&
			    x->kind == N_VAR && strcmp(x->name, "$null")) {
				int v = var_index(S, x->name);
				if (v >= 0) {
					S->ref[v] = true;
					S->kind[v] = 2;
				}
			}
			struct node *t = x;
			x = y;
			y = t;
		}
	}
	collect(S, n->a);
	collect(S, n->b);
	collect(S, n->c);
}

static void set_kind(struct site *S, const struct node *n, int want)
{
	int v = var_index(S, n->name);
	if (v < 0 || !want)
		return;
	if (!S->kind[v])
		S->kind[v] = want;
	else if (S->kind[v] != want)
		S->err = arena_printf(S->a, "'%s' is used both as a boolean "
					    "and as a number",
				      n->name[0] == '$'
					      ? S->ops[atoi(n->name + 1) - 1].text
					      : n->name);
}

static int infer(struct site *S, const struct node *n, int want)
{
	if (!n || S->err)
		return 0;
	int ka, kb, k;
	switch (n->kind) {
	case N_LIT:
		return n->type == T_BOOLEAN ? 1 : 2;
	case N_VAR:
		set_kind(S, n, want);
		{
			int v = var_index(S, n->name);
			return v < 0 ? 0 : S->kind[v];
		}
	case N_UNARY:
		k = n->op == OP_NOT ? 1 : 2;
		infer(S, n->a, k);
		return k;
	case N_BINARY:
		switch (n->op) {
		case OP_LAND: case OP_LOR:
			infer(S, n->a, 1);
			infer(S, n->b, 1);
			return 1;
		case OP_LT: case OP_LE: case OP_GT: case OP_GE:
			infer(S, n->a, 2);
			infer(S, n->b, 2);
			return 1;
		case OP_EQ: case OP_NE:
			ka = infer(S, n->a, 0);
			kb = infer(S, n->b, 0);
			k = ka ? ka : kb;
			infer(S, n->a, k);
			infer(S, n->b, k);
			return 1;
		case OP_AND: case OP_OR: case OP_XOR:
			ka = infer(S, n->a, want);
			kb = infer(S, n->b, want);
			k = want ? want : ka ? ka : kb;
			infer(S, n->a, k);
			infer(S, n->b, k);
			return k;
		default:
			infer(S, n->a, 2);
			infer(S, n->b, 2);
			return 2;
		}
	case N_COND:
		infer(S, n->a, 1);
		kb = infer(S, n->b, want);
		ka = infer(S, n->c, want);
		k = want ? want : kb ? kb : ka;
		infer(S, n->b, k);
		infer(S, n->c, k);
		return k;
	case N_ASSIGN:
		if (n->op == OP_NONE || n->op == OP_AND || n->op == OP_OR ||
		    n->op == OP_XOR) {
			ka = infer(S, n->a, want);
			kb = infer(S, n->b, ka ? ka : want);
			k = ka ? ka : kb;
		} else {
			k = 2;
		}
		infer(S, n->a, k);
		infer(S, n->b, k);
		return k;
	case N_INCDEC:
		infer(S, n->a, 2);
		return 2;
	default:
		return 0;
	}
}

/* Guard signature: each opaque call with the conditions it runs under
 * (short-circuit and ?: operands), in evaluation order. */
static void guards(struct strbuf *sb, const struct node *n, const char *g)
{
	if (!n)
		return;
	if (n->kind == N_VAR && n->name[0] == '$') {
		sb_printf(sb, "%s@{%s};", n->name, g);
		return;
	}
	if ((n->kind == N_BINARY && (n->op == OP_LAND || n->op == OP_LOR)) ||
	    n->kind == N_COND) {
		struct strbuf c = STRBUF_INIT, g2 = STRBUF_INIT;
		expr_print(&c, n->a);
		guards(sb, n->a, g);
		if (n->kind == N_COND) {
			sb_printf(&g2, "%s[?%s]", g, c.buf);
			guards(sb, n->b, g2.buf);
			sb_reset(&g2);
			sb_printf(&g2, "%s[:%s]", g, c.buf);
			guards(sb, n->c, g2.buf);
		} else {
			sb_printf(&g2, "%s[%s%s]", g, n->op == OP_LOR ? "!" : "",
				  c.buf);
			guards(sb, n->b, g2.buf);
		}
		sb_release(&c);
		sb_release(&g2);
		return;
	}
	guards(sb, n->a, g);
	guards(sb, n->b, g);
	guards(sb, n->c, g);
}

static char *guard_sig(struct arena *a, const struct node *n)
{
	struct strbuf sb = STRBUF_INIT;
	guards(&sb, n, "");
	char *r = arena_strdup(a, sb.len ? sb.buf : "");
	sb_release(&sb);
	return r;
}

/* A call on a reference receiver throws when it is null:
 * numeric: ($k + 0 * (1 / r)); boolean: ((1 / r != 0 || true) && $k). */
static struct node *guard_calls(struct site *S, struct node *n)
{
	if (!n)
		return NULL;
	if (n->kind == N_VAR && n->name[0] == '$' && isdigit((unsigned char)n->name[1])) {
		struct opaque *o = &S->ops[atoi(n->name + 1) - 1];
		if (!o->recv)
			return n;
		int r = -1;
		for (int i = 0; i < S->nvars; i++)
			if (S->ref[i] && !strcmp(S->names[i], o->recv))
				r = i;
		if (r < 0)
			return n;
		struct arena *a = S->a;
		struct node *one = node_new(a, N_LIT, n->pos);
		one->type = T_INT;
		one->val = value_int(1);
		struct node *rv = node_new(a, N_VAR, n->pos);
		rv->name = S->names[r];
		rv->var = -1;
		struct node *div = node_new(a, N_BINARY, n->pos);
		div->op = OP_DIV;
		div->a = one;
		div->b = rv;
		div->paren = true;
		struct node *zero = node_new(a, N_LIT, n->pos);
		zero->type = T_INT;
		struct node *out = node_new(a, N_BINARY, n->pos);
		out->paren = true;
		int v = var_index(S, n->name);
		if (v >= 0 && S->kind[v] == 1) {
			struct node *ne = node_new(a, N_BINARY, n->pos);
			ne->op = OP_NE;
			ne->a = div;
			ne->b = zero;
			struct node *t = node_new(a, N_LIT, n->pos);
			t->type = T_BOOLEAN;
			t->val = value_bool(true);
			struct node *lor = node_new(a, N_BINARY, n->pos);
			lor->op = OP_LOR;
			lor->a = ne;
			lor->b = t;
			lor->paren = true;
			out->op = OP_LAND;
			out->a = lor;
			out->b = n;
		} else {
			struct node *mul = node_new(a, N_BINARY, n->pos);
			mul->op = OP_MUL;
			mul->a = zero;
			mul->b = div;
			out->op = OP_ADD;
			out->a = n;
			out->b = mul;
		}
		return out;
	}
	n->a = guard_calls(S, n->a);
	n->b = guard_calls(S, n->b);
	n->c = guard_calls(S, n->c);
	return n;
}

/* Java type names from a Major signature "op(T1,T2)" or "<KIND(T)>". */
static int sig_types(const char *sig, char types[][64], int max)
{
	if (!sig)
		return 0;
	const char *p = strchr(sig, '(');
	if (!p)
		return 0;
	p++;
	int n = 0, depth = 0;
	const char *b = p;
	for (; *p; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>')
			depth--;
		else if ((*p == ',' && depth == 0) || (*p == ')' && depth == 0)) {
			if (n < max)
				snprintf(types[n++], 64, "%.*s", (int)(p - b), b);
			b = p + 1;
			if (*p == ')')
				break;
		}
	}
	return n;
}

static bool is_reference_type(const char *t)
{
	return type_parse(t) == T_ERROR;
}

/* Mark variables assigned anywhere as observed. */
static void assigned(const struct node *n, struct observe *ob)
{
	if (!n)
		return;
	if ((n->kind == N_ASSIGN || n->kind == N_INCDEC) && n->a->var >= 0)
		ob->var[n->a->var] = true;
	assigned(n->a, ob);
	assigned(n->b, ob);
	assigned(n->c, ob);
}

static char *subst_hole(struct arena *a, const char *ctx, const char *e)
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
static char *contract_text(struct arena *a, const char *assume, int k)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; assume[i];) {
		if (ident_start((unsigned char)assume[i]) &&
		    (i == 0 || !ident_char((unsigned char)assume[i - 1]))) {
			size_t e = i;
			while (ident_char((unsigned char)assume[e]))
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

static void describe_witness(struct strbuf *sb, const struct site *S,
			     const struct analysis *an, const struct value *in)
{
	int printed = 0;
	for (int v = 0; v < an->nvars; v++) {
		const char *name = an->var_names[v];
		if (name[0] == '$') {
			const struct opaque *o = &S->ops[atoi(name + 1) - 1];
			bool null_recv = false;
			for (int r = 0; o->recv && r < an->nvars; r++)
				if (S->ref[r] && !strcmp(S->names[r], o->recv) &&
				    in[r].bits == 0)
					null_recv = true;
			if (null_recv)
				continue;
			sb_printf(sb, "%s%s=", printed++ ? ", " : "", o->text);
		} else if (S->ref[v]) {
			sb_printf(sb, "%s%s%s", printed++ ? ", " : "", name,
				  in[v].bits ? "!=null" : "=null");
			continue;
		} else {
			sb_printf(sb, "%s%s=", printed++ ? ", " : "", name);
		}
		value_print(sb, an->var_types[v], in[v]);
	}
	if (!printed)
		sb_puts(sb, "any input");
}

static void unsupported(struct cgroup *g, struct cmutant *m, const char *why)
{
	m->v = CV_UNSUPPORTED;
	m->detail = arena_strdup(g->a, why);
}

/* ---- the proof cache ----
 *
 * Sites with the same proof obligation (the same expressions up to
 * variable names, the same types, assumptions and observations) share
 * one proof: Major writes the same few shapes (x + 1, i < n) over and
 * over.  The key is the analysis with variables numbered by first
 * appearance; entries are bounded (CACHE_MAX), so memory stays flat.
 */
#define CACHE_MAX 8192
#define CACHE_BUCKETS 4096

struct cres {
	struct cres *next;
	char *key;
	int n;
	unsigned char *equiv;
	int *dup;
	unsigned char *sub;          /* [(n+1)^2] */
	struct value (*kill)[MAX_VARS]; /* [n+1] witness of W_KILLS */
	char **ureason;              /* [n+1] unknown equivalence */
	unsigned calls;
};

static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;
static struct cres *cache[CACHE_BUCKETS];
static long cache_n;
bool check_cache_enabled = true;

static void key_expr(struct strbuf *sb, const struct node *n)
{
	if (!n) {
		sb_putc(sb, '.');
		return;
	}
	sb_printf(sb, "(%d %d %s %llu %d ", (int)n->kind, (int)n->op,
		  type_name(n->type), (unsigned long long)n->val.bits,
		  n->kind == N_VAR ? n->var : -1);
	key_expr(sb, n->a);
	key_expr(sb, n->b);
	key_expr(sb, n->c);
	sb_putc(sb, ')');
}

static char *cache_key(const struct analysis *an, unsigned timeout)
{
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "%u|%d|%d|", timeout, an->nvars, an->observe.value);
	for (int v = 0; v < an->nvars; v++)
		sb_printf(&sb, "%s%c", type_name(an->var_types[v]),
			  an->observe.var[v] ? 'o' : '-');
	sb_putc(&sb, '|');
	key_expr(&sb, an->assume);
	sb_putc(&sb, '|');
	key_expr(&sb, an->orig);
	for (int p = 1; p <= an->nmutants; p++) {
		sb_putc(&sb, '|');
		key_expr(&sb, an->mutants[p].expr);
	}
	return sb.buf;
}

static struct cres *cres_from(const struct result *r, char *key)
{
	int n = r->n;
	struct cres *c = xcalloc(1, sizeof(*c));
	c->key = key;
	c->n = n;
	c->equiv = xmalloc((size_t)n + 1);
	memcpy(c->equiv, r->equiv, (size_t)n + 1);
	c->dup = xmalloc(((size_t)n + 1) * sizeof(int));
	memcpy(c->dup, r->dup, ((size_t)n + 1) * sizeof(int));
	size_t ns = ((size_t)n + 1) * ((size_t)n + 1);
	c->sub = xmalloc(ns);
	memcpy(c->sub, r->sub, ns);
	c->kill = xcalloc((size_t)n + 1, sizeof(*c->kill));
	c->ureason = xcalloc((size_t)n + 1, sizeof(char *));
	for (int k = 0; k < r->nwitnesses; k++)
		if (r->witnesses[k].kind == W_KILLS)
			memcpy(c->kill[r->witnesses[k].a], r->witnesses[k].input,
			       sizeof(c->kill[0]));
	for (int u = 0; u < r->nunknowns; u++)
		if (r->unknowns[u].kind == U_EQUIVALENT && !c->ureason[r->unknowns[u].b])
			c->ureason[r->unknowns[u].b] = xstrdup(r->unknowns[u].reason);
	c->calls = r->solver_calls;
	return c;
}

static void cres_free(struct cres *c)
{
	if (!c)
		return;
	for (int p = 0; p <= c->n; p++)
		free(c->ureason[p]);
	free(c->ureason);
	free(c->kill);
	free(c->sub);
	free(c->dup);
	free(c->equiv);
	free(c->key);
	free(c);
}

/* Look key up; NULL if absent. */
static struct cres *cache_get(const char *key)
{
	uint64_t h = fnv1a64(key, strlen(key), FNV1A64_INIT) % CACHE_BUCKETS;
	pthread_mutex_lock(&cache_mu);
	struct cres *c = cache[h];
	while (c && strcmp(c->key, key))
		c = c->next;
	pthread_mutex_unlock(&cache_mu);
	return c;
}

/* Keep c (returns true) or leave it to the caller (full or present). */
static bool cache_put(struct cres *c)
{
	uint64_t h = fnv1a64(c->key, strlen(c->key), FNV1A64_INIT) % CACHE_BUCKETS;
	bool kept = false;
	pthread_mutex_lock(&cache_mu);
	struct cres *x = cache[h];
	while (x && strcmp(x->key, c->key))
		x = x->next;
	if (!x && cache_n < CACHE_MAX) {
		c->next = cache[h];
		cache[h] = c;
		cache_n++;
		kept = true;
	}
	pthread_mutex_unlock(&cache_mu);
	return kept;
}

void check_cache_release(void)
{
	pthread_mutex_lock(&cache_mu);
	for (int b = 0; b < CACHE_BUCKETS; b++) {
		for (struct cres *c = cache[b], *n; c; c = n) {
			n = c->next;
			cres_free(c);
		}
		cache[b] = NULL;
	}
	cache_n = 0;
	pthread_mutex_unlock(&cache_mu);
}

/* ---- one site ---- */

static void check_site(struct check_worker *w, struct cgroup *g, int si,
		       const struct check_opts *opts)
{
	struct csite *cs = &g->sites[si];
	struct site S = { .a = g->a, .g = g, .cs = cs, .opts = opts,
			  .numtype = T_INT };
	int *idx = ANEWN(g->a, int, (size_t)g->nmutants), n = 0;
	for (int i = 0; i < g->nmutants; i++)
		if (g->mutants[i].site == si)
			idx[n++] = i;
	if (!n)
		return;
	struct cmutant *first = &g->mutants[idx[0]];
	const char *why = NULL;

	/* Declared variables (YAML). */
	for (int i = 0; i < cs->nvars; i++) {
		int v = var_index(&S, cs->vars[i].name);
		if (v < 0)
			break;
		const struct type *t = type_parse(cs->vars[i].type);
		if (t == T_ERROR) {
			S.ref[v] = true; /* an object: only == null */
			t = T_INT;
		}
		S.declared[v] = t;
		S.kind[v] = t == T_BOOLEAN ? 1 : 2;
	}

	/* The signature: operand types. */
	char st[4][64];
	int nst = sig_types(first->from, st, 4);
	int top_want = 0;
	for (int i = 0; i < nst; i++) {
		const struct type *t = type_parse(st[i]);
		if (!strcmp(st[i], "float") || !strcmp(st[i], "double") ||
		    !strcmp(st[i], "java.lang.String")) {
			why = arena_printf(g->a, "%s values are not modelled",
					   st[i]);
			goto all_unsupported;
		}
		if (t != T_ERROR && type_is_numeric(t))
			S.numtype = t == T_LONG ? T_LONG : T_INT;
		if (first->from && first->from[0] == '<' && i == 0) {
			if (is_reference_type(st[i])) {
				why = arena_printf(g->a, "a reference-typed "
					"expression (%s): objects are not "
					"modelled", st[i]);
				goto all_unsupported;
			}
			top_want = t == T_BOOLEAN ? 1 : 2;
		}
	}
	if (first->op && (!strcmp(first->op, "COR") || !strcmp(first->op, "ROR")))
		top_want = 1;

	/* Statement deletion. */
	const char *orig_text = cs->orig;
	if (cs->statement) {
		size_t len = strlen(orig_text);
		char *t = arena_strndup(g->a, orig_text, len && orig_text[len - 1] == ';'
						       ? len - 1 : len);
		if (!strncmp(t, "return", 6) && !ident_char((unsigned char)t[6])) {
			why = "statement deletion of a return: the control flow "
			      "is outside the expression";
			goto all_unsupported;
		}
		orig_text = t;
	}

	struct node *orig = parse(&S, cs->context ? subst_hole(g->a, cs->context, orig_text)
						  : orig_text, &why);
	if (!orig)
		goto all_unsupported;
	if (cs->statement && orig->kind != N_ASSIGN && orig->kind != N_INCDEC) {
		why = "statement deletion of a statement that is not an "
		      "assignment: its effect is outside the expression";
		goto all_unsupported;
	}
	struct node *assume = NULL;
	if (cs->assume && !(assume = parse(&S, cs->assume, &why)))
		goto all_unsupported;
	struct node **mx = arena_alloc(g->a, sizeof(*mx) * (size_t)n);
	for (int i = 0; i < n; i++) {
		struct cmutant *m = &g->mutants[idx[i]];
		const char *mw = NULL;
		if (cs->statement) {
			if (*m->text) {
				unsupported(g, m, "a statement mutant other than "
						  "deletion");
				continue;
			}
			mx[i] = node_new(g->a, N_SKIP, 0);
			continue;
		}
		const char *t = cs->context ? subst_hole(g->a, cs->context, m->text)
					    : m->text;
		mx[i] = parse(&S, t, &mw);
		if (!mx[i])
			unsupported(g, m, mw);
	}
	collect(&S, orig);
	collect(&S, assume);
	for (int i = 0; i < n; i++)
		collect(&S, mx[i]);
	if (S.err) {
		why = S.err;
		goto all_unsupported;
	}
	for (int pass = 0; pass < 2; pass++) {
		infer(&S, orig, top_want);
		infer(&S, assume, 1);
		for (int i = 0; i < n; i++)
			if (mx[i])
				infer(&S, mx[i], top_want);
	}
	if (S.err) {
		why = S.err;
		goto all_unsupported;
	}
	/* Guard signatures before calls on references are guarded. */
	const char *osig = guard_sig(g->a, orig);
	const char **msig = arena_alloc(g->a, sizeof(*msig) * (size_t)n);
	for (int i = 0; i < n; i++)
		if (mx[i])
			msig[i] = guard_sig(g->a, mx[i]);
	orig = guard_calls(&S, orig);
	for (int i = 0; i < n; i++)
		if (mx[i])
			mx[i] = guard_calls(&S, mx[i]);

	/* Contracts. */
	for (int k = 0; k < S.nop && opts->contracts; k++) {
		const struct opaque *o = &S.ops[k];
		char name[16];
		snprintf(name, sizeof(name), "$%d", k + 1);
		int v = var_index(&S, name);
		if (!o->method || v < 0 || S.kind[v] == 1)
			continue;
		for (int c = 0; c < opts->contracts->n; c++) {
			const struct contract *ct = &opts->contracts->c[c];
			if (strcmp(ct->method, o->method) ||
			    ct->any_args != o->has_args || !ct->assume)
				continue;
			struct expr_src es = {
				.text = contract_text(g->a, ct->assume, k),
				.quiet = true };
			struct node *cn = parse_expr(g->a, &es, false);
			if (!cn)
				continue;
			if (!assume) {
				assume = cn;
			} else {
				struct node *and = node_new(g->a, N_BINARY, 0);
				and->op = OP_LAND;
				and->a = assume;
				and->b = cn;
				assume = and;
			}
		}
	}

	/* Types. */
	const struct type *types[MAX_VARS];
	for (int v = 0; v < S.nvars; v++)
		types[v] = S.declared[v] != T_ERROR ? S.declared[v]
			   : S.kind[v] == 1	    ? T_BOOLEAN
						    : S.numtype;
	struct strbuf emsg = STRBUF_INIT;
	struct type_env env = { .nvars = S.nvars, .names = S.names,
				.types = types, .errmsg = &emsg, .arena = g->a };
	if (type_expr(orig, &env, NULL) < 0) {
		why = arena_printf(g->a, "the original does not type: %s", emsg.buf);
		sb_release(&emsg);
		goto all_unsupported;
	}
	if (assume) {
		struct type_env aenv = env;
		aenv.no_side_effects = true;
		if (type_expr(assume, &aenv, NULL) < 0 || assume->type != T_BOOLEAN) {
			why = arena_printf(g->a, "the assumption does not type: %s",
					   emsg.len ? emsg.buf : "not a boolean");
			sb_release(&emsg);
			goto all_unsupported;
		}
	}

	/* The analysis. */
	struct theory *th = ANEW(g->a, struct theory);
	th->file = g->file;
	th->name = "check";
	struct target *tg = ANEW(g->a, struct target);
	tg->name = cs->name ? cs->name : g->where;
	tg->expr_text = cs->orig;
	struct domain *dm = ANEW(g->a, struct domain);
	dm->name = "check";
	struct analysis *an = ANEW(g->a, struct analysis);
	an->theory = th;
	an->target = tg;
	an->domain = dm;
	an->nvars = S.nvars;
	for (int v = 0; v < S.nvars; v++) {
		an->var_names[v] = S.names[v];
		an->var_types[v] = types[v];
	}
	an->orig = orig;
	an->orig_text = cs->orig;
	an->assume = assume;
	an->observe.value = !cs->statement;
	an->mutants = ANEWN(g->a, struct mutant, (size_t)n + 1);
	int *prog = ANEWN(g->a, int, (size_t)n); /* mutant i -> program */
	int *back = ANEWN(g->a, int, (size_t)n + 1);
	assigned(orig, &an->observe);
	for (int i = 0; i < n; i++) {
		struct cmutant *m = &g->mutants[idx[i]];
		if (!mx[i])
			continue;
		sb_reset(&emsg);
		if (type_expr(mx[i], &env, NULL) < 0) {
			unsupported(g, m, arena_printf(g->a, "the mutant does not "
						       "type: %s", emsg.buf));
			continue;
		}
		if (!cs->statement && (!types_comparable(mx[i]->type, orig->type) ||
				       mx[i]->type == T_VOID)) {
			unsupported(g, m, arena_printf(g->a, "the mutant is %s but "
						       "the original is %s",
						       type_name(mx[i]->type),
						       type_name(orig->type)));
			continue;
		}
		if (expr_equal(mx[i], orig)) {
			m->v = CV_EQUIVALENT;
			m->detail = "the mutant is the original text";
			continue;
		}
		int p = ++an->nmutants;
		prog[i] = p;
		back[p] = i;
		struct mutant *mu = &an->mutants[p];
		mu->id = p;
		mu->label = m->id;
		mu->op = m->op;
		mu->text = m->text;
		mu->expr = mx[i];
		assigned(mx[i], &an->observe);
	}
	sb_release(&emsg);
	if (!an->nmutants)
		return;

	/* Prove, or reuse the proof of an identical obligation. */
	char *key = check_cache_enabled ? cache_key(an, opts->timeout_ms) : NULL;
	struct cres *r = key ? cache_get(key) : NULL, *own = NULL;
	if (r) {
		free(key);
	} else {
		if (!w->smt || w->uses >= 200) {
			smt_shared_free(w->smt);
			w->smt = smt_shared_new(w->timeout_ms, 0);
			w->uses = 0;
		}
		w->uses++;
		struct prove_opts po = { .timeout_ms = opts->timeout_ms,
					 .shared = w->smt };
		struct result *pr = prove_analysis(g->a, an, &po);
		g->solver_calls += pr->solver_calls;
		r = cres_from(pr, key ? key : xstrdup(""));
		if (!key || !cache_put(r))
			own = r;
	}

	/* Verdicts. */
	int N = an->nmutants;
	bool *clean = ANEWN(g->a, bool, (size_t)N + 1);
	bool *live = ANEWN(g->a, bool, (size_t)N + 1); /* clean, killable */
	for (int p = 1; p <= N; p++) {
		clean[p] = !strcmp(msig[back[p]], osig);
		live[p] = clean[p] && r->equiv[p] == R_NO;
	}
	for (int p = 1; p <= N; p++) {
		struct cmutant *m = &g->mutants[idx[back[p]]];
		if (r->equiv[p] == R_UNKNOWN) {
			const char *reason = r->ureason[p] ? r->ureason[p] : "unknown";
			m->v = CV_UNKNOWN;
			m->detail = arena_printf(g->a, "the solver could not "
						 "decide equivalence: %s", reason);
			continue;
		}
		if (r->equiv[p] == R_YES) {
			if (clean[p]) {
				m->v = CV_EQUIVALENT;
				m->detail = "proven: no input kills it";
			} else {
				m->v = CV_UNSUPPORTED;
				m->detail = "no input kills it in the model, but it "
					    "evaluates calls under other conditions "
					    "than the original (side effects and "
					    "exceptions of calls are not modelled)";
			}
			continue;
		}
		/* Killable: the witness. */
		struct strbuf sb = STRBUF_INIT;
		describe_witness(&sb, &S, an, r->kill[p]);
		const char *wit = arena_strdup(g->a, sb.len ? sb.buf : "?");
		sb_release(&sb);
		m->v = CV_KILLABLE;
		m->detail = arena_printf(g->a, "killed by %s", wit);
		if (!live[p])
			continue;
		/* Duplicate: same outcome as a lower live mutant. */
		int dup = 0;
		if (r->dup[p] != p && r->dup[p] > 0 && live[r->dup[p]])
			dup = r->dup[p];
		for (int x = 1; x < p && !dup; x++)
			if (live[x] && r->dup[x] == r->dup[p] && r->dup[p] != p)
				dup = x;
		if (dup) {
			m->v = CV_DUPLICATE;
			m->by = g->mutants[idx[back[dup]]].id;
			m->detail = arena_printf(g->a, "same outcome as %s on every "
						 "input; %s", m->by, m->detail);
			continue;
		}
		/* Subsumed: a live mutant strictly above it, preferring one no
		 * live mutant is strictly above. */
		int by = 0;
		for (int pass = 0; pass < 2 && !by; pass++)
			for (int x = 1; x <= N && !by; x++) {
				if (!live[x] || x == p || SUB(r, x, p) != R_YES ||
				    SUB(r, p, x) == R_YES)
					continue;
				bool top = true;
				for (int y = 1; y <= N && top && pass == 0; y++)
					if (live[y] && y != x && SUB(r, y, x) == R_YES &&
					    SUB(r, x, y) != R_YES)
						top = false;
				if (top)
					by = x;
			}
		bool same = false;
		for (int x = 1; x < p && !by; x++)
			if (live[x] && SUB(r, x, p) == R_YES && SUB(r, p, x) == R_YES)
				by = x, same = true;
		if (by && same) {
			m->v = CV_SUBSUMED;
			m->by = g->mutants[idx[back[by]]].id;
			m->detail = arena_printf(g->a, "kills the same inputs as %s; "
						 "%s", m->by, m->detail);
			continue;
		}
		if (by) {
			m->v = CV_SUBSUMED;
			m->by = g->mutants[idx[back[by]]].id;
			m->detail = arena_printf(g->a, "every input that kills %s "
						 "kills it; %s", m->by, m->detail);
			continue;
		}
		const char *tw;
		bool refs = false;
		for (int v = 0; v < S.nvars; v++)
			refs |= S.ref[v];
		/* No table for references: only == and != exist on them. */
		if (!refs && check_table(g->a, orig, an->mutants[p].expr, opts->timeout_ms,
				&tw)) {
			m->v = CV_REDUNDANT;
			m->detail = arena_printf(g->a, "%s; %s", tw, m->detail);
		}
	}
	cres_free(own);
	return;

all_unsupported:
	for (int i = 0; i < n; i++)
		if (!g->mutants[idx[i]].detail)
			unsupported(g, &g->mutants[idx[i]], why ? why : "not modelled");
}

void check_group(struct check_worker *w, struct cgroup *g,
		 const struct check_opts *opts)
{
	for (int s = 0; s < g->nsites; s++)
		check_site(w, g, s, opts);
	for (int i = 0; i < g->nmutants; i++)
		if (!g->mutants[i].detail) {
			g->mutants[i].v = CV_UNSUPPORTED;
			g->mutants[i].detail = "not decided";
		}
}

void cgroup_free(struct cgroup *g)
{
	if (g)
		arena_free(g->a);
}
