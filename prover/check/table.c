/*
 * check_table.c - "redundant by table": the minimal set of a generic
 * target shape, proven once per shape and operand types and cached.
 *
 * The mutated node is found by diffing original and mutant: the first
 * node where they differ must be a binary operator whose replacement is
 * another operator of its group (over the same operands), a boolean
 * literal, or one of its operands.  The generic target is "a OP b" with
 * a and b of the operand types, and its mutants are every replacement
 * of the group (Major's and MuJava's operator classes):
 *
 *   relational  < <= > >= == != (numbers)  + true, false
 *   arithmetic  + - * / %                   + lhs, rhs
 *   shift       << >> >>>                   + lhs
 *   bitwise     & | ^ (numbers)             + lhs, rhs
 *   logical     && || == != ^ & | (booleans) + lhs, rhs, true, false
 *
 * A relation of the generic target holds for every value of the
 * operands, hence at any site whose operands are evaluated the same way
 * by original and mutant (no side effects in an operand whose
 * evaluation the mutation changes).
 */
#include "check/check.h"

#include <pthread.h>
#include <string.h>

#include "sem/smt.h"

/* A table question's budget: Z3 resource units (deterministic, about a
 * quarter second here), and the clock only as a safety net. */
#define TABLE_RLIMIT 400000u
#define TABLE_TIMEOUT_MS 5000

static const enum op g_rel[] = { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE };
static const enum op g_arith[] = { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM };
static const enum op g_shift[] = { OP_SHL, OP_SHR, OP_USHR };
static const enum op g_bitw[] = { OP_AND, OP_OR, OP_XOR };
static const enum op g_logic[] = { OP_LAND, OP_LOR, OP_EQ, OP_NE,
				   OP_XOR, OP_AND, OP_OR };

struct gentry {
	struct gentry *next;
	enum op op;
	const struct type *ta, *tb;
	struct result *r;         /* NULL: the shape cannot be proven */
	char **labels;            /* [n+1] "<", "true", "lhs" */
	char **texts;             /* [n+1] "a < b" */
	char *shape;              /* "a <= b over int, int" */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct arena *tarena;
static struct gentry *cache;

static bool in(const enum op *g, size_t n, enum op op)
{
	for (size_t i = 0; i < n; i++)
		if (g[i] == op)
			return true;
	return false;
}

/* The group of op over operands of type t; NULL if none. */
static const enum op *group(enum op op, const struct type *t, size_t *n, bool *tf,
			    bool *lhs, bool *rhs)
{
	*tf = *lhs = *rhs = false;
	if (t == T_BOOLEAN) {
		if (!in(g_logic, ARRAY_SIZE(g_logic), op))
			return NULL;
		*n = ARRAY_SIZE(g_logic);
		*tf = *lhs = *rhs = true;
		return g_logic;
	}
	if (in(g_rel, ARRAY_SIZE(g_rel), op)) {
		*n = ARRAY_SIZE(g_rel);
		*tf = true;
		return g_rel;
	}
	if (in(g_arith, ARRAY_SIZE(g_arith), op)) {
		*n = ARRAY_SIZE(g_arith);
		*lhs = *rhs = true;
		return g_arith;
	}
	if (in(g_shift, ARRAY_SIZE(g_shift), op)) {
		*n = ARRAY_SIZE(g_shift);
		*lhs = true;
		return g_shift;
	}
	if (in(g_bitw, ARRAY_SIZE(g_bitw), op)) {
		*n = ARRAY_SIZE(g_bitw);
		*lhs = *rhs = true;
		return g_bitw;
	}
	return NULL;
}

static struct node *var(struct arena *a, const char *name)
{
	struct node *n = node_new(a, N_VAR, 0);
	n->name = name;
	n->var = -1;
	return n;
}

static struct node *bin(struct arena *a, enum op op)
{
	struct node *n = node_new(a, N_BINARY, 0);
	n->op = op;
	n->a = var(a, "a");
	n->b = var(a, "b");
	return n;
}

static struct gentry *build(enum op op, const struct type *ta, const struct type *tb,
			    unsigned timeout_ms)
{
	struct arena *a = tarena;
	struct gentry *e = ANEW(a, struct gentry);
	e->op = op;
	e->ta = ta;
	e->tb = tb;
	size_t ng;
	bool tf, lhs, rhs;
	const enum op *gr = group(op, ta, &ng, &tf, &lhs, &rhs);
	static const char *const names[] = { "a", "b" };
	const struct type *types[2] = { ta, tb };
	struct type_env env = { .nvars = 2, .names = names, .types = types,
				.arena = a };
	struct strbuf err = STRBUF_INIT;
	env.errmsg = &err;
	struct node *orig = bin(a, op);
	if (!gr || type_expr(orig, &env, NULL) < 0) {
		sb_release(&err);
		return e;
	}
	struct analysis *an = ANEW(a, struct analysis);
	struct theory *th = ANEW(a, struct theory);
	struct target *tg = ANEW(a, struct target);
	struct domain *dm = ANEW(a, struct domain);
	th->file = "(generic table)";
	th->name = "table";
	dm->name = arena_printf(a, "%s, %s", type_name(ta), type_name(tb));
	struct strbuf sb = STRBUF_INIT;
	expr_print(&sb, orig);
	e->shape = arena_printf(a, "%s over %s", sb.buf, dm->name);
	tg->name = e->shape;
	an->theory = th;
	an->target = tg;
	an->domain = dm;
	an->nvars = 2;
	an->var_names[0] = "a";
	an->var_names[1] = "b";
	an->var_types[0] = ta;
	an->var_types[1] = tb;
	an->orig = orig;
	an->orig_text = e->shape;
	an->observe.value = true;
	size_t max = ng + 4;
	an->mutants = ANEWN(a, struct mutant, max + 1);
	e->labels = ANEWN(a, char *, max + 1);
	e->texts = ANEWN(a, char *, max + 1);
	for (size_t i = 0; i < ng + 4; i++) {
		struct node *m;
		const char *label;
		if (i < ng) {
			if (gr[i] == op)
				continue;
			m = bin(a, gr[i]);
			label = op_spelling(gr[i]);
		} else if (i == ng && tf) {
			m = node_new(a, N_LIT, 0);
			m->type = T_BOOLEAN;
			m->val = value_bool(true);
			label = "true";
		} else if (i == ng + 1 && tf) {
			m = node_new(a, N_LIT, 0);
			m->type = T_BOOLEAN;
			label = "false";
		} else if (i == ng + 2 && lhs) {
			m = var(a, "a");
			label = "lhs";
		} else if (i == ng + 3 && rhs) {
			m = var(a, "b");
			label = "rhs";
		} else {
			continue;
		}
		sb_reset(&err);
		if (type_expr(m, &env, NULL) < 0 ||
		    !types_comparable(m->type, orig->type))
			continue;
		int p = ++an->nmutants;
		an->mutants[p].id = p;
		an->mutants[p].label = label;
		an->mutants[p].op = "table";
		sb_reset(&sb);
		expr_print(&sb, m);
		an->mutants[p].text = e->texts[p] = arena_strdup(a, sb.buf);
		an->mutants[p].expr = m;
		e->labels[p] = arena_strdup(a, label);
	}
	sb_release(&sb);
	sb_release(&err);
	/* Generic shapes over 32- and 64-bit operands can hold hard
	 * questions (is a * b above a / b?); an undecided one only leaves
	 * its mutants "not redundant", so the table gets a short budget. */
	struct prove_opts po = { .timeout_ms = timeout_ms && timeout_ms < TABLE_TIMEOUT_MS
					       ? timeout_ms : TABLE_TIMEOUT_MS,
				 .rlimit = TABLE_RLIMIT };
	e->r = prove_analysis(a, an, &po);
	return e;
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
	const struct type *ta = node_strip(o->a)->type;
	const struct type *tb = node_strip(o->b)->type;
	pthread_mutex_lock(&lock);
	if (!tarena)
		tarena = arena_new();
	struct gentry *e;
	for (e = cache; e; e = e->next)
		if (e->op == o->op && e->ta == ta && e->tb == tb)
			break;
	if (!e) {
		e = build(o->op, ta, tb, timeout_ms);
		e->next = cache;
		cache = e;
	}
	pthread_mutex_unlock(&lock);
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
	pthread_mutex_lock(&lock);
	arena_free(tarena);
	tarena = NULL;
	cache = NULL;
	pthread_mutex_unlock(&lock);
}
