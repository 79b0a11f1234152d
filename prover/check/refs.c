/*
 * refs.c - references in a Java check site, after parsing (site.h):
 *
 * - what a mutant replaces by null is a reference (`x |==> null`,
 *   `getFieldAccess() |==> null`): an identity, null or not, as what
 *   is compared with null (infer.c);
 * - string concatenation (`+` with a String operand: a string literal,
 *   a variable declared String, another concatenation) is an opaque,
 *   never-null String, by its text, like a call: a mutant that changes
 *   it evaluates a different opaque value, so it is never claimed
 *   equivalent or related (its guard signature differs), only killable;
 * - the objects of javaobj.c (`new`, `this`, literals, casts) are
 *   references unless used as numbers (unboxing: `new Integer(2) + x`),
 *   and then never null; fresh objects (`new`) are distinct.
 */
#include "check/site.h"
#include "lang/javasrc.h"
#include "lang/mir.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool is_null(const struct node *n)
{
	return n->kind == N_VAR && !strcmp(n->name, "$null");
}

void site_null_refs(struct site *S, const struct node *o, const struct node *m)
{
	if (!o || !m || S->err)
		return;
	if (is_null(m) && o->kind == N_VAR && !is_null(o)) {
		int v = site_var(S, o->name);
		if (v >= 0) {
			S->ref[v] = true;
			S->kind[v] = 2;
		}
		return;
	}
	if (o->kind != m->kind || o->op != m->op)
		return;
	site_null_refs(S, o->a, m->a);
	site_null_refs(S, o->b, m->b);
	site_null_refs(S, o->c, m->c);
}

/* Is n an opaque value's variable ($1, $2, ...)? */
static bool opaque_var(const struct node *n)
{
	return n->kind == N_VAR && n->name[0] == '$' &&
	       isdigit((unsigned char)n->name[1]);
}

static const struct opaque *opaque_of(const struct site *S, const struct node *n)
{
	if (!opaque_var(n))
		return NULL;
	int k = atoi(n->name + 1) - 1;
	return k >= 0 && k < S->nop ? &S->ops[k] : NULL;
}

static bool is_string(const struct site *S, const struct node *n)
{
	if (n->kind != N_VAR)
		return false;
	const struct opaque *o = opaque_of(S, n);
	if (o)
		return o->str;
	for (int i = 0; i < S->cs->nvars; i++)
		if (!strcmp(S->cs->vars[i].name, n->name))
			return !strcmp(S->cs->vars[i].type, "String") ||
			       !strcmp(S->cs->vars[i].type, "java.lang.String");
	return false;
}

/* An opaque value's variable ($1, $2, ...) named by its text. */
static const char *opaque_text(void *ctx, const char *name)
{
	const struct site *S = ctx;
	const struct node v = { .kind = N_VAR, .name = name };
	if (!opaque_var(&v))
		return NULL;
	const struct opaque *o = opaque_of(S, &v);
	return o ? o->text : "?";
}

/* n printed in source syntax, opaque values as their texts. */
static char *source_text(struct site *S, const struct node *n)
{
	struct strbuf p = STRBUF_INIT;
	expr_print(&p, node_rename(S->a, n, opaque_text, S));
	char *r = arena_strdup(S->a, p.len ? p.buf : "");
	sb_release(&p);
	return r;
}

struct node *site_concat(struct site *S, struct node *n)
{
	if (!n || S->err)
		return n;
	n->a = site_concat(S, n->a);
	n->b = site_concat(S, n->b);
	n->c = site_concat(S, n->c);
	if (n->kind != N_BINARY || n->op != OP_ADD ||
	    !(is_string(S, n->a) || is_string(S, n->b)))
		return n;
	int k = site_opaque(S, source_text(S, n), NULL, NULL, false);
	if (k < 0)
		return n;
	S->ops[k].str = S->ops[k].nonnull = true;
	struct node *v = node_new(S->a, N_VAR, n->pos);
	v->name = arena_printf(S->a, "$%d", k + 1);
	v->var = -1;
	v->paren = n->paren;
	return v;
}

/* Is variable name an operand of arithmetic (a number) in n? */
static bool numeric_use(const struct node *n, const char *name)
{
	if (!n)
		return false;
	bool arith = (n->kind == N_BINARY && n->op != OP_EQ && n->op != OP_NE &&
		      n->op != OP_LAND && n->op != OP_LOR) ||
		     n->kind == N_UNARY || n->kind == N_INCDEC ||
		     (n->kind == N_ASSIGN && n->op != OP_NONE);
	const struct node *kids[3] = { n->a, n->b, n->c };
	for (int k = 0; k < 3; k++) {
		if (!kids[k])
			continue;
		if (arith && kids[k]->kind == N_VAR && !strcmp(kids[k]->name, name))
			return true;
		if (numeric_use(kids[k], name))
			return true;
	}
	return false;
}

/* A variable compared (==, !=) with a reference is one. */
static bool spread(struct site *S, const struct node *n)
{
	if (!n)
		return false;
	bool changed = false;
	if (n->kind == N_BINARY && (n->op == OP_EQ || n->op == OP_NE) &&
	    n->a->kind == N_VAR && n->b->kind == N_VAR) {
		int x = site_var(S, n->a->name), y = site_var(S, n->b->name);
		if (x >= 0 && y >= 0 && S->ref[x] != S->ref[y] &&
		    S->kind[S->ref[x] ? y : x] != 1) {
			S->ref[x] = S->ref[y] = true;
			changed = true;
		}
	}
	changed |= spread(S, n->a);
	changed |= spread(S, n->b);
	changed |= spread(S, n->c);
	return changed;
}

static struct node *var_node(struct site *S, int v)
{
	struct node *n = node_new(S->a, N_VAR, 0);
	n->name = S->names[v];
	n->var = -1;
	return n;
}

static struct node *ne(struct site *S, struct node *x, struct node *y)
{
	return mir_binary(S->a, OP_NE, x, y);
}

static struct node *all_of(struct site *S, struct node *acc, struct node *c)
{
	if (!acc)
		return c;
	struct node *n = node_new(S->a, N_BINARY, 0);
	n->op = OP_LAND;
	n->a = acc;
	n->b = c;
	return n;
}

static struct node *object_facts(struct site *S, struct node *const *texts,
				 int ntexts)
{
	int obj[MAX_VARS + 1], nobj = 0;
	for (int k = 0; k < S->nop; k++) {
		if (!S->ops[k].nonnull)
			continue;
		char name[16];
		snprintf(name, sizeof(name), "$%d", k + 1);
		int v = -1;
		for (int i = 0; i < S->nvars; i++)
			if (!strcmp(S->names[i], name))
				v = i;
		if (v < 0 || S->kind[v] == 1)
			continue;
		bool number = false;
		for (int t = 0; t < ntexts && !number; t++)
			number = numeric_use(texts[t], name);
		S->ops[k].number = number;
		if (number && !S->ops[k].str)
			continue; /* unboxed: its value, not its identity */
		S->ref[v] = true;
		obj[nobj++] = v;
	}
	for (bool more = true; more;) {
		more = false;
		for (int t = 0; t < ntexts; t++)
			more |= spread(S, texts[t]);
	}
	struct node *facts = NULL;
	for (int i = 0; i < nobj; i++) {
		struct node *zero = node_new(S->a, N_LIT, 0);
		zero->type = T_INT;
		facts = all_of(S, facts, ne(S, var_node(S, obj[i]), zero));
		const struct opaque *x = &S->ops[atoi(S->names[obj[i]] + 1) - 1];
		for (int j = 0; j < i; j++) {
			const struct opaque *y = &S->ops[atoi(S->names[obj[j]] + 1) - 1];
			/* fresh objects, a fresh one and a literal, literals
			 * of different identities */
			if ((x->fresh && (y->fresh || y->lit)) || (x->lit && y->fresh) ||
			    (x->lit && y->lit && strcmp(x->lit, y->lit)))
				facts = all_of(S, facts, ne(S, var_node(S, obj[i]),
							  var_node(S, obj[j])));
		}
	}
	return facts;
}

static struct node *negate(struct site *S, struct node *x)
{
	return mir_unary(S->a, OP_NOT, x);
}

static struct node *either(struct site *S, struct node *x, struct node *y)
{
	struct node *n = mir_binary(S->a, OP_LOR, x, y);
	n->paren = true;
	return n;
}

/* `"L".equals(x)` (String.equals, whatever x is): x, the text it
 * compares with L, in *x; false if not such a call (lang/javasrc.h:
 * jtext_literal_equals(), from the call's syntax tree).
 * `x.equals("L")` and `x.equals(x)` of a String x: javasrc-const.c,
 * which knows x's type. */
static bool literal_equals(struct site *S, const struct opaque *o,
			   const char **x, const char **lit)
{
	bool name;
	if (!o->method || strcmp(o->method, "equals") ||
	    !jtext_literal_equals(S->a, o->text, lit, x, &name))
		return false;
	/* of a name: no effect, no exception (null: false) */
	if (name)
		S->ops[o - S->ops].konst = true;
	return true;
}

/* Two calls that compare one String with different literals are not
 * both true (String.equals compares characters). */
static struct node *equals_facts(struct site *S)
{
	struct node *facts = NULL;
	/* one text, one value: not where the site assigns (asked of the
	 * original's syntax tree once a call needs it) */
	int assigns = -1;
	const char *xs[MAX_VARS + 1], *ls[MAX_VARS + 1];
	int vs[MAX_VARS + 1];
	for (int k = 0; k < S->nop; k++) {
		char name[16];
		snprintf(name, sizeof(name), "$%d", k + 1);
		int v = -1;
		for (int i = 0; i < S->nvars; i++)
			if (!strcmp(S->names[i], name))
				v = i;
		vs[k] = v;
		xs[k] = NULL;
		if (v >= 0 && S->kind[v] == 1 &&
		    !literal_equals(S, &S->ops[k], &xs[k], &ls[k]))
			xs[k] = NULL;
		if (!xs[k])
			continue;
		if (assigns < 0)
			assigns = jtext_assigns(S->cs->orig);
		if (assigns)
			return NULL;
		for (int j = 0; j < k; j++) {
			if (!xs[j] || strcmp(xs[j], xs[k]) || !strcmp(ls[j], ls[k]))
				continue;
			facts = all_of(S, facts,
				       either(S, negate(S, var_node(S, vs[j])),
					      negate(S, var_node(S, vs[k]))));
		}
		/* "L".equals(x) of a reference name x: true only if x is not
		 * null; x the literal "M" object: true exactly when M is L */
		int xv = -1;
		for (int i = 0; i < S->nvars; i++)
			if (!strcmp(S->names[i], xs[k]))
				xv = i;
		if (xv < 0 || !S->ref[xv])
			continue;
		struct node *zero = node_new(S->a, N_LIT, 0);
		zero->type = T_INT;
		facts = all_of(S, facts, either(S, negate(S, var_node(S, vs[k])),
						ne(S, var_node(S, xv), zero)));
		for (int j = 0; j < S->nop; j++) {
			const struct opaque *y = &S->ops[j];
			char yn[16];
			snprintf(yn, sizeof(yn), "$%d", j + 1);
			int yv = -1;
			for (int i = 0; i < S->nvars; i++)
				if (!strcmp(S->names[i], yn))
					yv = i;
			if (!y->lit || y->lit[0] != 'S' || yv < 0 || !S->ref[yv])
				continue;
			struct node *eq = var_node(S, vs[k]);
			facts = all_of(S, facts, either(S, ne(S, var_node(S, xv),
							      var_node(S, yv)),
					     strcmp(y->lit + 1, ls[k]) ? negate(S, eq) : eq));
		}
	}
	return facts;
}

static struct node *lit_int(struct site *S, int v)
{
	struct node *n = node_new(S->a, N_LIT, 0);
	n->type = T_INT;
	n->val = value_int(v);
	return n;
}

static struct node *binary(struct site *S, enum op op, struct node *x,
			   struct node *y)
{
	struct node *n = node_new(S->a, N_BINARY, 0);
	n->op = op;
	n->a = x;
	n->b = y;
	n->paren = true;
	return n;
}

static struct node *named(struct site *S, const char *name)
{
	struct node *n = node_new(S->a, N_VAR, 0);
	n->name = name;
	n->var = -1;
	return n;
}

/* `(1 / (i >= 0 && i < len ? 1 : 0) != 0 || true) ? e : e` for element
 * e of opaque o; NULL when its index is not read (it assigns, or does
 * not parse). */
static struct node *bounds(struct site *S, const struct opaque *o,
			   struct node *e, struct node **facts)
{
	const char *why;
	const char *br = strchr(o->text, '[');
	if (!br || jtext_assigns(o->index))
		return NULL;
	struct node *i1 = site_parse(S, o->index, &why);
	struct node *i2 = i1 ? site_parse(S, o->index, &why) : NULL;
	if (!i2)
		return NULL;
	int len = site_opaque(S, arena_printf(S->a, "%.*s.length",
					      (int)(br - o->text), o->text),
			      NULL, NULL, false);
	if (len < 0)
		return NULL;
	S->ops[len].length = true;
	site_collect(S, i1);
	site_collect(S, i2);
	const char *lname = arena_printf(S->a, "$%d", len + 1);
	site_var(S, lname);
	struct node *in = binary(S, OP_LAND, binary(S, OP_GE, i1, lit_int(S, 0)),
				 binary(S, OP_LT, i2, named(S, lname)));
	struct node *sel = node_new(S->a, N_COND, 0);
	sel->a = in;
	sel->b = lit_int(S, 1);
	sel->c = lit_int(S, 0);
	sel->paren = true;
	struct node *t = node_new(S->a, N_LIT, 0);
	t->type = T_BOOLEAN;
	t->val = value_bool(true);
	struct node *chk = binary(S, OP_LOR,
				  binary(S, OP_NE, binary(S, OP_DIV, lit_int(S, 1), sel),
					 lit_int(S, 0)), t);
	struct node *out = node_new(S->a, N_COND, e->pos);
	out->a = chk;
	out->b = e;
	out->c = node_subst(S->a, e, NULL, NULL);
	out->paren = true;
	*facts = all_of(S, *facts, binary(S, OP_GE, named(S, lname), lit_int(S, 0)));
	return out;
}

static struct node *guard_arrays(struct site *S, struct node *n,
				 struct node **facts)
{
	if (!n)
		return NULL;
	const struct opaque *o = opaque_of(S, n);
	if (o && o->index) {
		struct node *g = bounds(S, o, n, facts);
		return g ? g : n;
	}
	n->a = guard_arrays(S, n->a, facts);
	n->b = guard_arrays(S, n->b, facts);
	n->c = guard_arrays(S, n->c, facts);
	return n;
}

int site_guard_arrays(struct site *S, struct node **orig, struct node **mx,
		      int n, struct node **assume)
{
	struct node *facts = NULL;
	*orig = guard_arrays(S, *orig, &facts);
	for (int i = 0; i < n; i++)
		mx[i] = guard_arrays(S, mx[i], &facts);
	if (facts)
		*assume = site_and(S->a, *assume, facts);
	return S->err ? -1 : 0;
}

void site_concat_refs(struct site *S, struct node **orig, struct node **mx,
		      int n)
{
	*orig = site_concat(S, *orig);
	for (int i = 0; i < n; i++)
		mx[i] = site_concat(S, mx[i]);
	for (int i = 0; i < n; i++)
		site_null_refs(S, *orig, mx[i]);
}

void site_object_facts(struct site *S, struct node *orig, struct node **mx,
		       int n, struct node **assume)
{
	struct node **texts = ANEWN(S->a, struct node *, (size_t)n + 2);
	int nt = 0;
	texts[nt++] = orig;
	if (*assume)
		texts[nt++] = *assume;
	for (int i = 0; i < n; i++)
		if (mx[i])
			texts[nt++] = mx[i];
	struct node *facts = object_facts(S, texts, nt);
	struct node *eq = equals_facts(S);
	if (eq)
		facts = facts ? all_of(S, facts, eq) : eq;
	if (facts)
		*assume = site_and(S->a, *assume, facts);
}

/* A reference variable used other than compared (==, !=), copied or
 * chosen by ?: (string concatenation, unboxing): its name, or NULL. */
const char *site_ref_misuse(const struct site *S, const struct node *n)
{
	if (!n)
		return NULL;
	bool arith = (n->kind == N_BINARY && n->op != OP_EQ && n->op != OP_NE) ||
		     n->kind == N_UNARY || n->kind == N_INCDEC ||
		     (n->kind == N_ASSIGN && n->op != OP_NONE);
	const struct node *kids[3] = { n->a, n->b, n->c };
	for (int k = 0; k < 3; k++) {
		const struct node *c = kids[k];
		if (arith && c && c->kind == N_VAR)
			for (int v = 0; v < S->nvars; v++)
				if (S->ref[v] && !strcmp(S->names[v], c->name))
					return c->name;
		const char *r = site_ref_misuse(S, c);
		if (r)
			return r;
	}
	return NULL;
}


