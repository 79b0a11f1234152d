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
 *
 * Shipped with the tool: the verdicts of every Java shape over integer
 * and boolean operands (not floating ones), proven with
 * the same budget by check_table_write() (`make check-table`), are
 * compiled in (configs/check-table.yaml, check_shipped_table); a Java
 * entry is then looked up, not proven, unless the run exports its
 * proofs (--smt2, --confirm).  tests/check-table.c keeps the file equal
 * to what the prover gives today.
 */
#include "check/check.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/ytree.h"
#include "lang/java.h"
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
	struct result *r;         /* proven here (not shipped), or NULL */
	int n;                    /* mutants; 0: the shape has no table */
	const char **labels;      /* [n+1] "<", "true", "lhs" */
	const char **texts;       /* [n+1] "a < b" */
	const char *shape;        /* "a <= b over int, int" */
	enum verdict *v;          /* [n+1] each mutant's verdict */
	int *by;                  /* [n+1] and the mutant it names, or 0 */
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

/* Entry e's shape, labels, texts and analysis, not proven; NULL when
 * the shape has no table (in e's arena). */
static struct analysis *shape(struct gentry *e)
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
		return NULL;
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
	if (!n)
		return NULL;
	struct analysis_spec spec = {
		.nvars = 2, .var_names = names, .var_types = types,
		.orig = orig, .orig_text = e->shape,
		.observe = { .value = true }, .nmutants = n, .mutants = ms,
	};
	struct analysis_origin from = { .site = e->shape };
	struct analysis *an = ANEW(a, struct analysis);
	const char *why;
	if (analysis_init(a, an, &spec, &from, &why) < 0)
		BUG("check table %s: %s", e->shape, why);
	e->n = n;
	e->v = ANEWN(a, enum verdict, (size_t)n + 1);
	e->by = ANEWN(a, int, (size_t)n + 1);
	return an;
}

/* Prove entry e (its lock held). */
static void build(struct gentry *e, unsigned timeout_ms)
{
	struct analysis *an = shape(e);
	if (!an)
		return;
	/* Generic shapes over 32- and 64-bit operands can hold hard
	 * questions (is a * b above a / b?); an undecided one only leaves
	 * its mutants "not redundant", so the table gets a short budget. */
	struct prove_opts po = { .timeout_ms = timeout_ms && timeout_ms < TABLE_TIMEOUT_MS
					       ? timeout_ms : TABLE_TIMEOUT_MS,
				 .rlimit = TABLE_RLIMIT, .smt2 = check_table_smt2 };
	e->r = prove_analysis(e->a, an, &po);
	for (int p = 1; p <= e->n; p++)
		e->v[p] = result_verdict(e->r, p, &e->by[p]);
}

/* The entry of (op, ta, tb), created if new; never NULL. */
static struct gentry *entry(enum op op, const struct type *ta,
			    const struct type *tb)
{
	pthread_mutex_lock(&list_lock);
	recover_hold(); /* never left halfway (base/util.h) */
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
	recover_unhold();
	pthread_mutex_unlock(&list_lock);
	return e;
}

/* The operand types of the shipped shapes.  Floating shapes are proven
 * when a run meets them, as before: their 132 shapes take twenty times
 * as long to prove as these 75, too long for the freshness test. */
static const struct type *const shipped_types[] = { T_BOOLEAN, T_INT, T_LONG };

/* The shipped table, parsed at its first use (under list_lock). */
static struct arena *shipped_arena;
static struct ynode *shipped_root;
static bool shipped_read;

static const char *scalar_of(const struct ynode *map, const char *key)
{
	const struct ynode *n = map ? ymap_get(map, key) : NULL;
	return n && n->kind == Y_SCALAR ? n->str : NULL;
}

/* The shipped verdicts of (op, ta, tb): a mapping label -> verdict, or
 * NULL. */
static const struct ynode *shipped(enum op op, const struct type *ta,
				   const struct type *tb)
{
	static const struct source src = { "configs/check-table.yaml",
					   check_shipped_table, 0 };
	pthread_mutex_lock(&list_lock);
	recover_hold(); /* never left halfway (base/util.h) */
	if (!shipped_read) {
		shipped_read = true;
		struct source *sp = ANEW(shipped_arena = arena_new(),
					 struct source);
		*sp = src;
		sp->len = strlen(src.text);
		shipped_root = ytree_load(shipped_arena, sp);
		const char *rl = scalar_of(shipped_root, "rlimit");
		if (!rl || strtoul(rl, NULL, 10) != TABLE_RLIMIT)
			shipped_root = NULL; /* another budget: prove */
	}
	recover_unhold();
	pthread_mutex_unlock(&list_lock);
	const struct ynode *list = shipped_root ? ymap_get(shipped_root, "shapes")
						: NULL;
	for (size_t i = 0; list && list->kind == Y_SEQ && i < list->n; i++) {
		const struct ynode *e = list->items[i];
		const char *o = scalar_of(e, "op"), *a = scalar_of(e, "a"),
			   *b = scalar_of(e, "b");
		if (o && a && b && !strcmp(o, op_spelling(op)) &&
		    !strcmp(a, type_name(ta)) && !strcmp(b, type_name(tb)))
			return ymap_get(e, "verdicts");
	}
	return NULL;
}

/* Entry e from the shipped verdicts vs; false if they do not fit its
 * mutants (the table is stale: prove instead). */
static bool load(struct gentry *e, const struct ynode *vs)
{
	if (!shape(e) || !vs || vs->kind != Y_MAP || vs->n != (size_t)e->n)
		return false;
	for (int p = 1; p <= e->n; p++) {
		const char *t = scalar_of(vs, e->labels[p]), *by = NULL;
		if (!t)
			return false;
		e->by[p] = 0;
		if (!strcmp(t, "minimal")) {
			e->v[p] = V_MINIMAL;
		} else if (!strcmp(t, "unknown")) {
			e->v[p] = V_UNKNOWN;
		} else if (!strcmp(t, "equivalent")) {
			e->v[p] = V_EQUIVALENT;
		} else if (!strncmp(t, "duplicate of ", 13)) {
			e->v[p] = V_DUPLICATE;
			by = t + 13;
		} else if (!strncmp(t, "subsumed by ", 12)) {
			e->v[p] = V_SUBSUMED;
			by = t + 12;
		} else {
			return false;
		}
		for (int q = 1; by && q <= e->n; q++)
			if (!strcmp(e->labels[q], by))
				e->by[p] = q;
		if (by && !e->by[p])
			return false;
	}
	return true;
}

/* The proven entry of (op, ta, tb): looked up in the shipped table, or
 * proven once, by the first worker that needs it; others needing it
 * wait for that proof. */
static struct gentry *proven(enum op op, const struct type *ta,
			     const struct type *tb, unsigned timeout_ms)
{
	struct gentry *e = entry(op, ta, tb);
	pthread_mutex_lock(&e->mu);
	recover_hold();
	if (!e->done) {
		e->a = arena_new();
		if (check_table_smt2 || !load(e, shipped(op, ta, tb))) {
			/* prove it, from nothing: a load that did not fit
			 * may have filled some fields */
			arena_free(e->a);
			e->a = arena_new();
			e->n = 0;
			e->labels = e->texts = NULL;
			e->shape = NULL;
			e->v = NULL;
			e->by = NULL;
			build(e, timeout_ms);
		}
		e->done = true;
	}
	recover_unhold();
	pthread_mutex_unlock(&e->mu);
	return e;
}

static void put_quoted(FILE *f, const char *s)
{
	putc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', f);
		putc(*s, f);
	}
	putc('"', f);
}

int check_table_write(FILE *f)
{
	fprintf(f, "# The generic shapes of \"redundant by table\" (subsume check,\n"
		   "# prover/check/table.c): for `a OP b` over Java operand types, each\n"
		   "# replacement of OP's group with its verdict, proven with the\n"
		   "# resource limit below.  Compiled into subsume, which looks these\n"
		   "# up instead of proving them at run time.  Generated by\n"
		   "# `make check-table`; do not edit.  Shapes over float and\n"
		   "# double are not here: a run proves those it meets.\n"
		   "rlimit: %u\nshapes:\n", TABLE_RLIMIT);
	for (int op = 0; op < OP_COUNT; op++) {
		if (!op_is_binary((enum op)op))
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(shipped_types); i++)
			for (size_t j = 0; j < ARRAY_SIZE(shipped_types); j++) {
				struct gentry e = { .op = (enum op)op,
						    .ta = shipped_types[i],
						    .tb = shipped_types[j],
						    .a = arena_new() };
				build(&e, 0);
				if (e.n) {
					fprintf(f, "  - op: ");
					put_quoted(f, op_spelling(e.op));
					fprintf(f, "\n    a: %s\n    b: %s\n"
						   "    verdicts: # %s\n",
						type_name(e.ta), type_name(e.tb),
						e.shape);
					for (int p = 1; p <= e.n; p++) {
						fprintf(f, "      ");
						put_quoted(f, e.labels[p]);
						fprintf(f, ": %s%s%s\n",
							verdict_name(e.v[p]),
							e.v[p] == V_DUPLICATE ? " of "
							: e.v[p] == V_SUBSUMED ? " by " : "",
							e.by[p] ? e.labels[e.by[p]] : "");
					}
				}
				arena_free(e.a);
			}
	}
	return ferror(f) ? -1 : 0;
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
	for (int p = 1; p <= e->n; p++) {
		if (strcmp(e->labels[p], label))
			continue;
		int by = e->by[p];
		enum verdict v = e->v[p];
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
	recover_hold(); /* never left halfway (base/util.h) */
	for (struct gentry *e = entries, *next; e; e = next) {
		next = e->next;
		pthread_mutex_destroy(&e->mu);
		arena_free(e->a);
		free(e);
	}
	entries = NULL;
	arena_free(shipped_arena);
	shipped_arena = NULL;
	shipped_root = NULL;
	shipped_read = false;
	recover_unhold();
	pthread_mutex_unlock(&list_lock);
}
