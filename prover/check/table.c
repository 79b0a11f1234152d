/*
 * table.c - "redundant by table": the minimal set of a generic target
 * shape, proven once per run per shape and operand types.
 *
 * The mutated node is found by diffing original and mutant: the first
 * node where they differ must be a binary operator whose replacement is
 * another operator of its group (over the same operands), a boolean
 * literal, or one of its operands.  The generic target is "a OP b" with
 * a and b of the operand types, and its mutants are every replacement
 * of OP's group, derived from the built-in operator library
 * (model/opgroup.h: relational, arithmetic, shift and bitwise operators
 * on numbers, the logical ones on booleans).
 *
 * A relation of the generic target holds for every value of the
 * operands, hence at any site whose operands are evaluated the same way
 * by original and mutant (no side effects in an operand whose
 * evaluation the mutation changes).
 *
 * Concurrency without a global lock: there is one entry per (OP, type
 * of a, type of b), created on first use under a short lock that only
 * inserts it (no proving).  The entry is proven exactly once, under its
 * own lock: a worker needing another entry never waits, one needing the
 * same entry waits for that proof only.  The proof uses a fresh solver
 * with a deterministic resource limit, so the answer is the same
 * whatever the number of workers and whichever one builds it.
 */
#include "check/check.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "model/analysis.h"
#include "model/opgroup.h"

/* A table question's budget: Z3 resource units (deterministic, about a
 * quarter second here), and the clock only as a safety net. */
#define TABLE_RLIMIT 400000u
#define TABLE_TIMEOUT_MS 5000

struct gentry {
	struct gentry *next;
	enum op op;
	const struct type *ta, *tb;
	pthread_mutex_t mu;       /* held while proving */
	bool done;                /* proven (under mu) */
	struct arena *a;          /* owns r, labels, texts, shape */
	struct result *r;         /* NULL: the shape cannot be proven */
	const char **labels;      /* [n+1] "<", "true", "lhs" */
	const char **texts;       /* [n+1] "a < b" */
	const char *shape;        /* "a <= b over int, int" */
};

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gentry *entries;
bool check_table_smt2;

static struct node *var(struct arena *a, const char *name, int index,
			const struct type *t)
{
	struct node *n = node_new(a, N_VAR, 0);
	n->name = name;
	n->var = index;
	n->type = t;
	return n;
}

/* The node of replacement x of `a op b` (orig), typed. */
static struct node *repl_node(struct arena *a, const struct node *orig,
			      const struct repl *x, const struct type_env *env)
{
	struct node *m;
	switch (x->kind) {
	case REPL_OP:
		m = node_new(a, N_BINARY, 0);
		m->op = x->op;
		m->a = var(a, "a", -1, T_ERROR);
		m->b = var(a, "b", -1, T_ERROR);
		break;
	case REPL_LITERAL: {
		struct expr_src es = { .text = x->literal, .quiet = true };
		m = parse_expr(a, &es, false);
		break;
	}
	case REPL_LHS:
		m = var(a, "a", -1, T_ERROR);
		break;
	default:
		m = var(a, "b", -1, T_ERROR);
		break;
	}
	if (!m || type_expr(m, env, NULL) < 0 ||
	    !types_comparable(m->type, orig->type))
		return NULL;
	return m;
}

static const char *printed(struct arena *a, const struct node *n)
{
	struct strbuf sb = STRBUF_INIT;
	expr_print(&sb, n);
	const char *s = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return s;
}

/* Prove entry e (its lock held). */
static void build(struct gentry *e, unsigned timeout_ms)
{
	struct arena *a = e->a;
	struct repl group[OPGROUP_MAX];
	int ng = opgroup_binary(e->op, e->ta, e->tb, group);
	static const char *const names[] = { "a", "b" };
	const struct type *types[2] = { e->ta, e->tb };
	struct strbuf err = STRBUF_INIT;
	struct type_env env = { .nvars = 2, .names = names, .types = types,
				.errmsg = &err, .arena = a };
	struct node *orig = node_new(a, N_BINARY, 0);
	orig->op = e->op;
	orig->a = var(a, "a", -1, T_ERROR);
	orig->b = var(a, "b", -1, T_ERROR);
	if (!ng || type_expr(orig, &env, NULL) < 0) {
		sb_release(&err);
		return;
	}
	e->shape = arena_printf(a, "%s over %s, %s", printed(a, orig),
				type_name(e->ta), type_name(e->tb));
	struct mutant *ms = ANEWN(a, struct mutant, (size_t)ng);
	e->labels = ANEWN(a, const char *, (size_t)ng + 1);
	e->texts = ANEWN(a, const char *, (size_t)ng + 1);
	int n = 0;
	for (int i = 0; i < ng; i++) {
		sb_reset(&err);
		struct node *m = repl_node(a, orig, &group[i], &env);
		if (!m)
			continue;
		ms[n] = (struct mutant){ .label = repl_label(&group[i]),
					 .op = "table", .text = printed(a, m),
					 .expr = m };
		n++;
		e->labels[n] = ms[n - 1].label;
		e->texts[n] = ms[n - 1].text;
	}
	sb_release(&err);
	struct analysis_spec spec = {
		.nvars = 2, .var_names = names, .var_types = types,
		.orig = orig, .orig_text = e->shape,
		.observe = { .value = true }, .nmutants = n, .mutants = ms,
	};
	struct analysis_origin from = { .site = e->shape };
	struct analysis *an = ANEW(a, struct analysis);
	const char *why;
	if (!n)
		return;
	if (analysis_init(a, an, &spec, &from, &why) < 0)
		BUG("check table %s: %s", e->shape, why);
	/* Generic shapes over 32- and 64-bit operands can hold hard
	 * questions (is a * b above a / b?); an undecided one only leaves
	 * its mutants "not redundant", so the table gets a short budget. */
	struct prove_opts po = { .timeout_ms = timeout_ms && timeout_ms < TABLE_TIMEOUT_MS
					       ? timeout_ms : TABLE_TIMEOUT_MS,
				 .rlimit = TABLE_RLIMIT, .smt2 = check_table_smt2 };
	e->r = prove_analysis(a, an, &po);
}

/* The entry of (op, ta, tb), created if new; never NULL. */
static struct gentry *entry(enum op op, const struct type *ta,
			    const struct type *tb)
{
	pthread_mutex_lock(&list_lock);
	struct gentry *e;
	for (e = entries; e; e = e->next)
		if (e->op == op && e->ta == ta && e->tb == tb)
			break;
	if (!e) {
		e = xcalloc(1, sizeof(*e));
		e->op = op;
		e->ta = ta;
		e->tb = tb;
		pthread_mutex_init(&e->mu, NULL);
		e->next = entries;
		entries = e;
	}
	pthread_mutex_unlock(&list_lock);
	return e;
}

/* The proven entry of (op, ta, tb): proven once, by the first worker
 * that needs it; others needing it wait for that proof. */
static struct gentry *proven(enum op op, const struct type *ta,
			     const struct type *tb, unsigned timeout_ms)
{
	struct gentry *e = entry(op, ta, tb);
	pthread_mutex_lock(&e->mu);
	if (!e->done) {
		e->a = arena_new();
		build(e, timeout_ms);
		e->done = true;
	}
	pthread_mutex_unlock(&e->mu);
	return e;
}

static int cmp_shape(const void *x, const void *y)
{
	const struct gentry *a = *(const struct gentry *const *)x;
	const struct gentry *b = *(const struct gentry *const *)y;
	return strcmp(a->shape, b->shape);
}

void check_table_each(void (*fn)(void *ctx, const struct result *r),
		      void *ctx)
{
	size_t n = 0, cap = 0;
	struct gentry **v = NULL;
	for (struct gentry *e = entries; e; e = e->next)
		if (e->r) {
			GROW(v, n + 1, cap);
			v[n++] = e;
		}
	if (n)
		qsort(v, n, sizeof(*v), cmp_shape);
	for (size_t i = 0; i < n; i++)
		fn(ctx, v[i]->r);
	free(v);
}

/* The first node pair where o and m differ. */
static void diff(const struct node **o, const struct node **m)
{
	for (;;) {
		const struct node *x = *o, *y = *m;
		if (x->kind != y->kind || x->op != y->op)
			return;
		if (x->kind == N_BINARY) {
			if (expr_equal(x->a, y->a) && !expr_equal(x->b, y->b)) {
				*o = x->b, *m = y->b;
				continue;
			}
			if (expr_equal(x->b, y->b) && !expr_equal(x->a, y->a)) {
				*o = x->a, *m = y->a;
				continue;
			}
			return;
		}
		if (x->kind == N_UNARY) {
			*o = x->a, *m = y->a;
			continue;
		}
		return;
	}
}

bool check_table(struct arena *a, const struct node *o, const struct node *m,
		 unsigned timeout_ms, const char **why)
{
	diff(&o, &m);
	if (o->kind != N_BINARY)
		return false;
	const char *label = NULL;
	enum op op2 = OP_NONE;
	if (m->kind == N_BINARY && expr_equal(m->a, o->a) && expr_equal(m->b, o->b)) {
		label = op_spelling(m->op);
		op2 = m->op;
	} else if (m->kind == N_LIT && m->type == T_BOOLEAN) {
		label = m->val.bits ? "true" : "false";
	} else if (expr_equal(m, o->a)) {
		label = "lhs";
	} else if (expr_equal(m, o->b)) {
		label = "rhs";
	} else {
		return false;
	}
	/* Operand evaluation must not change where it matters. */
	bool shortc = o->op == OP_LAND || o->op == OP_LOR || op2 == OP_LAND ||
		      op2 == OP_LOR;
	if ((shortc || op2 == OP_NONE) && (expr_has_side_effects(o->b) ||
					  (op2 == OP_NONE &&
					   expr_has_side_effects(o->a))))
		return false;
	struct gentry *e = proven(o->op, o->a->type, o->b->type, timeout_ms);
	if (!e->r)
		return false;
	for (int p = 1; p <= e->r->n; p++) {
		if (strcmp(e->labels[p], label))
			continue;
		int by;
		enum verdict v = result_verdict(e->r, p, &by);
		if (v == V_MINIMAL || v == V_UNKNOWN)
			return false;
		if (v == V_EQUIVALENT)
			*why = arena_printf(a, "redundant by table: in %s, %s "
					    "is equivalent", e->shape, e->texts[p]);
		else
			*why = arena_printf(a, "redundant by table: not in the "
					    "minimal set of %s (%s is %s %s)",
					    e->shape, e->texts[p],
					    v == V_DUPLICATE ? "a duplicate of"
							     : "subsumed by",
					    e->texts[by]);
		return true;
	}
	return false;
}

void check_table_release(void)
{
	pthread_mutex_lock(&list_lock);
	for (struct gentry *e = entries, *next; e; e = next) {
		next = e->next;
		pthread_mutex_destroy(&e->mu);
		arena_free(e->a);
		free(e);
	}
	entries = NULL;
	pthread_mutex_unlock(&list_lock);
}
