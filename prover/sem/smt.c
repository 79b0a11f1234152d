/*
 * smt.c - encode typed expressions to Z3 and answer queries; see smt.h.
 *
 * Sorts: boolean -> Bool, integer -> Int, byte/short/char/int/long ->
 * bit-vectors of 8/16/16/32/64 bits (char zero-extends, the others
 * sign-extend).  Java semantics that SMT-LIB leaves total are guarded
 * here: division and remainder by zero set the throw flag, shift
 * distances are masked to 5 or 6 bits, integer division truncates.
 *
 * The context is Z3's non-reference-counted kind: terms built at the
 * base scope live as long as the context, which is exactly the lifetime
 * of the encoded outcomes; query terms are built before the push and are
 * not reused.  Solvers, models and params are reference counted by hand.
 */
#include "sem/smt.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <z3.h>

static _Thread_local struct {
	bool failed;
	char msg[256];
} z3err;

static void on_error(Z3_context c, Z3_error_code e)
{
	const char *m = Z3_get_error_msg(c, e);
	z3err.failed = true;
	snprintf(z3err.msg, sizeof(z3err.msg), "%s", m ? m : "unknown error");
}

struct env {
	Z3_ast v[MAX_VARS];
	Z3_ast thr;
};

struct prog {
	bool built;
	bool division;      /* uses a bit-vector division or remainder */
	Z3_ast thr, value, vars[MAX_VARS];
	Z3_ast kill; /* differs from the original; NULL until needed */
};

struct smt {
	const struct analysis *an;
	Z3_context ctx;
	Z3_solver solver;
	Z3_ast inputs[MAX_VARS];
	struct prog *progs; /* 0..nmutants */
	Z3_ast assume;      /* the assumptions, or NULL */
	unsigned timeout_ms;
	unsigned rlimit;
	bool fresh;         /* --naive: a general solver per question */
	bool retry;         /* shared: an answer other than unsat came */
	bool all_bv;        /* no unbounded integer: the qfbv tactic applies */
	bool assume_division; /* the assumptions divide */
	struct smt_shared *shared; /* ctx and solver belong to it, or NULL */
	Z3_tactic tactic;   /* qfbv, for division queries */
	unsigned calls;
	char reason[300];
};

/* After this many analyses a worker's context is made anew, so that the
 * terms of finished analyses do not pile up: memory stays flat. */
#define SHARED_MAX_USES 64

struct smt_shared {
	Z3_context ctx;
	Z3_tactic tactic;
	unsigned timeout_ms, rlimit;
	unsigned uses;
	bool busy; /* an analysis holds the solver's scope */
};

static void check_z3(const char *what)
{
	if (z3err.failed)
		BUG("Z3 failed while %s: %s", what, z3err.msg);
}

/* ---- sorts and conversions ---- */

static Z3_sort sort_of(struct smt *s, enum type t)
{
	switch (t) {
	case T_BOOLEAN: return Z3_mk_bool_sort(s->ctx);
	case T_INTEGER: return Z3_mk_int_sort(s->ctx);
	default:
		if (type_bits(t))
			return Z3_mk_bv_sort(s->ctx, (unsigned)type_bits(t));
		BUG("no sort for %s", type_name(t));
	}
}

static Z3_ast constant(struct smt *s, enum type t, int64_t v)
{
	if (t == T_BOOLEAN)
		return v ? Z3_mk_true(s->ctx) : Z3_mk_false(s->ctx);
	if (t == T_INTEGER)
		return Z3_mk_int64(s->ctx, v, sort_of(s, t));
	int bits = type_bits(t);
	uint64_t u = (uint64_t)v;
	if (bits < 64)
		u &= ((uint64_t)1 << bits) - 1;
	return Z3_mk_unsigned_int64(s->ctx, u, sort_of(s, t));
}

/* Convert a value of type from to type to (Java widening/narrowing). */
static Z3_ast conv(struct smt *s, Z3_ast x, enum type from, enum type to)
{
	Z3_context c = s->ctx;
	if (from == to || from == T_BOOLEAN || to == T_BOOLEAN)
		return x;
	if (to == T_INTEGER)
		return Z3_mk_bv2int(c, x, from != T_CHAR);
	int wt = type_bits(to);
	if (from == T_INTEGER)
		return Z3_mk_int2bv(c, (unsigned)wt, x);
	int wf = type_bits(from);
	if (wt > wf)
		return from == T_CHAR ? Z3_mk_zero_ext(c, (unsigned)(wt - wf), x)
				      : Z3_mk_sign_ext(c, (unsigned)(wt - wf), x);
	if (wt < wf)
		return Z3_mk_extract(c, (unsigned)wt - 1, 0, x);
	return x;
}

/* The type two values are compared in. */
static enum type common(enum type a, enum type b)
{
	if (a == b)
		return a;
	if (a == T_INTEGER || b == T_INTEGER)
		return T_INTEGER;
	if (a == T_LONG || b == T_LONG)
		return T_LONG;
	return T_INT;
}

/* ---- encoding ---- */

static Z3_ast or2(struct smt *s, Z3_ast a, Z3_ast b)
{
	Z3_ast args[2] = { a, b };
	return Z3_mk_or(s->ctx, 2, args);
}

static Z3_ast and2(struct smt *s, Z3_ast a, Z3_ast b)
{
	Z3_ast args[2] = { a, b };
	return Z3_mk_and(s->ctx, 2, args);
}

static Z3_ast is_zero(struct smt *s, Z3_ast x, enum type t)
{
	return Z3_mk_eq(s->ctx, x, constant(s, t, 0));
}

/* Java integer division on Int: truncate toward zero. */
static Z3_ast int_tdiv(struct smt *s, Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast zero = constant(s, T_INTEGER, 0);
	Z3_ast na = Z3_mk_unary_minus(c, a), nb = Z3_mk_unary_minus(c, b);
	Z3_ast age = Z3_mk_ge(c, a, zero), bge = Z3_mk_ge(c, b, zero);
	Z3_ast pos = Z3_mk_ite(c, bge, Z3_mk_div(c, a, b),
			       Z3_mk_unary_minus(c, Z3_mk_div(c, a, nb)));
	Z3_ast neg = Z3_mk_ite(c, bge,
			       Z3_mk_unary_minus(c, Z3_mk_div(c, na, b)),
			       Z3_mk_div(c, na, nb));
	return Z3_mk_ite(c, age, pos, neg);
}

/* a op b in type t, both already of type t (shift distance too). */
static Z3_ast arith(struct smt *s, enum op op, enum type t, Z3_ast a,
		    Z3_ast b, struct env *e)
{
	Z3_context c = s->ctx;
	Z3_ast args[2] = { a, b };
	if (op == OP_DIV || op == OP_REM)
		e->thr = or2(s, e->thr, is_zero(s, b, t));
	if (t == T_BOOLEAN) {
		switch (op) {
		case OP_AND: return Z3_mk_and(c, 2, args);
		case OP_OR: return Z3_mk_or(c, 2, args);
		case OP_XOR: return Z3_mk_xor(c, a, b);
		default: BUG("%s on boolean", op_spelling(op));
		}
	}
	if (t == T_INTEGER) {
		switch (op) {
		case OP_ADD: return Z3_mk_add(c, 2, args);
		case OP_SUB: return Z3_mk_sub(c, 2, args);
		case OP_MUL: return Z3_mk_mul(c, 2, args);
		case OP_DIV: return int_tdiv(s, a, b);
		case OP_REM:
			args[1] = Z3_mk_mul(c, 2, (Z3_ast[]){ b, int_tdiv(s, a, b) });
			return Z3_mk_sub(c, 2, args);
		default: BUG("%s on integer", op_spelling(op));
		}
	}
	int bits = type_bits(t);
	switch (op) {
	case OP_ADD: return Z3_mk_bvadd(c, a, b);
	case OP_SUB: return Z3_mk_bvsub(c, a, b);
	case OP_MUL: return Z3_mk_bvmul(c, a, b);
	case OP_DIV: return Z3_mk_bvsdiv(c, a, b);
	case OP_REM: return Z3_mk_bvsrem(c, a, b);
	case OP_AND: return Z3_mk_bvand(c, a, b);
	case OP_OR: return Z3_mk_bvor(c, a, b);
	case OP_XOR: return Z3_mk_bvxor(c, a, b);
	case OP_SHL: case OP_SHR: case OP_USHR: {
		Z3_ast d = Z3_mk_bvand(c, b, constant(s, t, bits == 64 ? 63 : 31));
		if (op == OP_SHL)
			return Z3_mk_bvshl(c, a, d);
		if (op == OP_SHR)
			return Z3_mk_bvashr(c, a, d);
		return Z3_mk_bvlshr(c, a, d);
	}
	default:
		BUG("%s on %s", op_spelling(op), type_name(t));
	}
}

static Z3_ast compare(struct smt *s, enum op op, Z3_ast a, enum type ta,
		      Z3_ast b, enum type tb)
{
	Z3_context c = s->ctx;
	enum type t = ta == T_BOOLEAN ? T_BOOLEAN : common(type_promote(ta),
							   type_promote(tb));
	a = conv(s, a, ta, t);
	b = conv(s, b, tb, t);
	switch (op) {
	case OP_EQ: return Z3_mk_eq(c, a, b);
	case OP_NE: return Z3_mk_not(c, Z3_mk_eq(c, a, b));
	default: break;
	}
	if (t == T_INTEGER) {
		switch (op) {
		case OP_LT: return Z3_mk_lt(c, a, b);
		case OP_LE: return Z3_mk_le(c, a, b);
		case OP_GT: return Z3_mk_gt(c, a, b);
		case OP_GE: return Z3_mk_ge(c, a, b);
		default: break;
		}
	} else {
		switch (op) {
		case OP_LT: return Z3_mk_bvslt(c, a, b);
		case OP_LE: return Z3_mk_bvsle(c, a, b);
		case OP_GT: return Z3_mk_bvsgt(c, a, b);
		case OP_GE: return Z3_mk_bvsge(c, a, b);
		default: break;
		}
	}
	BUG("not a comparison");
}

/* Merge two environments after a branch on cond. */
static void merge(struct smt *s, struct env *out, Z3_ast cond,
		  const struct env *t, const struct env *f, int nvars)
{
	for (int i = 0; i < nvars; i++)
		out->v[i] = t->v[i] == f->v[i] ? t->v[i]
					       : Z3_mk_ite(s->ctx, cond, t->v[i],
							   f->v[i]);
	out->thr = Z3_mk_ite(s->ctx, cond, t->thr, f->thr);
}

static Z3_ast enc(struct smt *s, const struct node *n, struct env *e);

/* The operation type of "x op= y" (as eval.c). */
static enum type compound_type(const struct node *n)
{
	enum type vt = n->a->type, bt = n->b->type;
	if (vt == T_BOOLEAN)
		return T_BOOLEAN;
	if (n->op == OP_SHL || n->op == OP_SHR || n->op == OP_USHR)
		return type_promote(vt);
	return common(type_promote(vt), type_promote(bt));
}

static Z3_ast enc_binary(struct smt *s, const struct node *n, struct env *e)
{
	Z3_context c = s->ctx;
	int nv = s->an->nvars;
	Z3_ast a = enc(s, n->a, e);
	if (n->op == OP_LAND || n->op == OP_LOR) {
		struct env eb = *e;
		Z3_ast b = enc(s, n->b, &eb);
		/* b runs only when a is true (&&) or false (||). */
		Z3_ast runs = n->op == OP_LAND ? a : Z3_mk_not(c, a);
		merge(s, e, runs, &eb, e, nv);
		return n->op == OP_LAND ? and2(s, a, b) : or2(s, a, b);
	}
	Z3_ast b = enc(s, n->b, e);
	enum type ta = n->a->type, tb = n->b->type, t = n->type;
	switch (n->op) {
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
		return compare(s, n->op, a, ta, b, tb);
	case OP_SHL: case OP_SHR: case OP_USHR:
		return arith(s, n->op, t, conv(s, a, ta, t), conv(s, b, tb, t), e);
	default:
		return arith(s, n->op, t, conv(s, a, ta, t), conv(s, b, tb, t), e);
	}
}

static Z3_ast enc(struct smt *s, const struct node *n, struct env *e)
{
	Z3_context c = s->ctx;
	Z3_ast a;
	switch (n->kind) {
	case N_LIT:
		return constant(s, n->type, n->val);
	case N_VAR:
		return e->v[n->var];
	case N_SKIP:
		return NULL;
	case N_UNARY:
		a = conv(s, enc(s, n->a, e), n->a->type, n->type);
		switch (n->op) {
		case OP_PLUS: return a;
		case OP_NEG:
			return n->type == T_INTEGER ? Z3_mk_unary_minus(c, a)
						    : Z3_mk_bvneg(c, a);
		case OP_BNOT: return Z3_mk_bvnot(c, a);
		case OP_NOT: return Z3_mk_not(c, a);
		default: BUG("bad unary operator");
		}
	case N_BINARY:
		return enc_binary(s, n, e);
	case N_COND: {
		a = enc(s, n->a, e);
		struct env et = *e, ef = *e;
		Z3_ast t = conv(s, enc(s, n->b, &et), n->b->type, n->type);
		Z3_ast f = conv(s, enc(s, n->c, &ef), n->c->type, n->type);
		merge(s, e, a, &et, &ef, s->an->nvars);
		return Z3_mk_ite(c, a, t, f);
	}
	case N_ASSIGN: {
		int v = n->a->var;
		enum type vt = n->a->type;
		if (n->op == OP_NONE) {
			Z3_ast b = enc(s, n->b, e);
			e->v[v] = conv(s, b, n->b->type, vt);
			return e->v[v];
		}
		Z3_ast old = e->v[v];
		Z3_ast b = enc(s, n->b, e);
		enum type t = compound_type(n);
		Z3_ast r = arith(s, n->op, t, conv(s, old, vt, t),
				 conv(s, b, n->b->type, t), e);
		e->v[v] = conv(s, r, t, vt);
		return e->v[v];
	}
	case N_INCDEC: {
		int v = n->a->var;
		enum type vt = n->type, pt = type_promote(vt);
		Z3_ast old = e->v[v];
		bool inc = n->op == OP_PREINC || n->op == OP_POSTINC;
		Z3_ast r = arith(s, inc ? OP_ADD : OP_SUB, pt, conv(s, old, vt, pt),
				 constant(s, pt, 1), e);
		e->v[v] = conv(s, r, pt, vt);
		return n->op == OP_PREINC || n->op == OP_PREDEC ? e->v[v] : old;
	}
	case N_HOLE:
		break;
	}
	BUG("bad node kind %d", n->kind);
}

/* Does any of the terms contain a bit-vector division or remainder?
 * A walk of the term DAG, each shared subterm once. */
static bool has_division(Z3_context c, const Z3_ast *roots, size_t nroots)
{
	size_t n = 0, cap = 0, nseen = 0, capseen = 0;
	Z3_ast *stack = NULL;
	unsigned *seen = NULL; /* ids, sorted */
	bool found = false;
	for (size_t i = 0; i < nroots; i++)
		if (roots[i]) {
			GROW(stack, n + 1, cap);
			stack[n++] = roots[i];
		}
	while (n && !found) {
		Z3_ast t = stack[--n];
		if (Z3_get_ast_kind(c, t) != Z3_APP_AST)
			continue;
		unsigned id = Z3_get_ast_id(c, t);
		size_t lo = 0, hi = nseen;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (seen[mid] < id)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < nseen && seen[lo] == id)
			continue;
		GROW(seen, nseen + 1, capseen);
		memmove(seen + lo + 1, seen + lo, (nseen - lo) * sizeof(*seen));
		seen[lo] = id;
		nseen++;
		Z3_app app = Z3_to_app(c, t);
		switch (Z3_get_decl_kind(c, Z3_get_app_decl(c, app))) {
		case Z3_OP_BSDIV: case Z3_OP_BUDIV: case Z3_OP_BSREM:
		case Z3_OP_BUREM: case Z3_OP_BSMOD: case Z3_OP_BSDIV_I:
		case Z3_OP_BUDIV_I: case Z3_OP_BSREM_I: case Z3_OP_BUREM_I:
		case Z3_OP_BSMOD_I:
			found = true;
			break;
		default:
			break;
		}
		unsigned k = Z3_get_app_num_args(c, app);
		for (unsigned j = 0; j < k; j++) {
			GROW(stack, n + 1, cap);
			stack[n++] = Z3_get_app_arg(c, app, j);
		}
	}
	free(stack);
	free(seen);
	return found;
}

static const struct node *prog_expr(const struct smt *s, int p)
{
	return p == 0 ? s->an->orig : s->an->mutants[p].expr;
}

static struct prog *prog(struct smt *s, int p)
{
	struct prog *pr = &s->progs[p];
	if (pr->built)
		return pr;
	struct env e;
	memcpy(e.v, s->inputs, sizeof(e.v));
	e.thr = Z3_mk_false(s->ctx);
	pr->value = enc(s, prog_expr(s, p), &e);
	pr->thr = e.thr;
	memcpy(pr->vars, e.v, sizeof(e.v));
	Z3_ast roots[MAX_VARS + 2] = { pr->value, pr->thr };
	memcpy(roots + 2, pr->vars, (size_t)s->an->nvars * sizeof(Z3_ast));
	pr->division = has_division(s->ctx, roots, (size_t)s->an->nvars + 2);
	pr->built = true;
	check_z3("encoding a program");
	return pr;
}

/* Outcomes of programs x and y differ in what is observed. */
static Z3_ast differ(struct smt *s, int x, int y)
{
	Z3_context c = s->ctx;
	const struct analysis *an = s->an;
	struct prog *px = prog(s, x), *py = prog(s, y);
	Z3_ast parts[MAX_VARS + 1];
	unsigned n = 0;
	if (an->observe.value) {
		enum type tx = prog_expr(s, x)->type, ty = prog_expr(s, y)->type;
		enum type t = tx == T_BOOLEAN ? T_BOOLEAN : common(tx, ty);
		parts[n++] = Z3_mk_not(c, Z3_mk_eq(c, conv(s, px->value, tx, t),
						   conv(s, py->value, ty, t)));
	}
	for (int i = 0; i < an->nvars; i++)
		if (an->observe.var[i])
			parts[n++] = Z3_mk_not(c, Z3_mk_eq(c, px->vars[i],
							   py->vars[i]));
	Z3_ast diff = n ? Z3_mk_or(c, n, parts) : Z3_mk_false(c);
	Z3_ast neither = and2(s, Z3_mk_not(c, px->thr), Z3_mk_not(c, py->thr));
	return or2(s, Z3_mk_xor(c, px->thr, py->thr), and2(s, neither, diff));
}

static Z3_ast kill(struct smt *s, int p)
{
	if (!s->progs[p].kill)
		s->progs[p].kill = differ(s, 0, p);
	return s->progs[p].kill;
}

/* The per-query limits: wall-clock milliseconds and Z3's deterministic
 * resource units (0: none). */
static void set_limits(Z3_context c, Z3_solver solver, unsigned timeout_ms,
		       unsigned rlimit)
{
	if (!timeout_ms && !rlimit)
		return;
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	if (timeout_ms)
		Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "timeout"),
				   timeout_ms);
	if (rlimit)
		Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "rlimit"), rlimit);
	Z3_solver_set_params(c, solver, p);
	Z3_params_dec_ref(c, p);
}

/*
 * Solvers.  The fast mode uses Z3's simple solver (the incremental SMT
 * core, no tactic set-up: a fraction of a millisecond to make, where the
 * general solver costs milliseconds), push/pop per question.  Questions
 * about a bit-vector division or remainder go to a fresh solver built
 * from the qfbv tactic instead (word-level simplification, then
 * bit-blasting): the incremental core is up to ten times slower on them.
 * --naive keeps the paper's method: a general solver per question.
 */
static Z3_solver own_solver(Z3_context c, Z3_solver solver, unsigned timeout_ms,
			    unsigned rlimit)
{
	Z3_solver_inc_ref(c, solver);
	set_limits(c, solver, timeout_ms, rlimit);
	return solver;
}

static Z3_solver new_solver(struct smt *s)
{
	Z3_solver solver = s->fresh ? Z3_mk_solver(s->ctx)
				    : Z3_mk_simple_solver(s->ctx);
	return own_solver(s->ctx, solver, s->timeout_ms, s->rlimit);
}

/* A context with our error handler (the default one exits). */
static Z3_context new_context(void)
{
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	Z3_context c = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(c, on_error);
	z3err.failed = false;
	return c;
}

static Z3_tactic new_tactic(Z3_context c)
{
	Z3_tactic t = Z3_mk_tactic(c, "qfbv");
	Z3_tactic_inc_ref(c, t);
	return t;
}

/* The analysis' input variables, and its assumptions asserted on the
 * solver at the current scope. */
static void declare(struct smt *s)
{
	const struct analysis *an = s->an;
	s->all_bv = true;
	for (int i = 0; i < an->nvars; i++) {
		Z3_sort sort = sort_of(s, an->var_types[i]);
		s->all_bv &= Z3_get_sort_kind(s->ctx, sort) != Z3_INT_SORT;
		s->inputs[i] = Z3_mk_const(s->ctx,
					   Z3_mk_string_symbol(s->ctx,
							       an->var_names[i]),
					   sort);
	}
	if (an->assume) {
		struct env e;
		memcpy(e.v, s->inputs, sizeof(e.v));
		e.thr = Z3_mk_false(s->ctx);
		Z3_ast holds = enc(s, an->assume, &e);
		s->assume = and2(s, Z3_mk_not(s->ctx, e.thr), holds);
		s->assume_division = has_division(s->ctx, &s->assume, 1);
		Z3_solver_assert(s->ctx, s->solver, s->assume);
	}
	check_z3("setting up the solver");
}

static struct smt *smt_alloc(const struct analysis *an, unsigned timeout_ms,
			     unsigned rlimit)
{
	struct smt *s = xcalloc(1, sizeof(*s));
	s->an = an;
	s->progs = xcalloc((size_t)an->nmutants + 1, sizeof(*s->progs));
	s->timeout_ms = timeout_ms;
	s->rlimit = rlimit;
	return s;
}

struct smt *smt_new(const struct analysis *an, unsigned timeout_ms, bool fresh)
{
	return smt_new_limits(an, timeout_ms, 0, fresh);
}

struct smt *smt_new_limits(const struct analysis *an, unsigned timeout_ms,
			   unsigned rlimit, bool fresh)
{
	struct smt *s = smt_alloc(an, timeout_ms, rlimit);
	s->ctx = new_context();
	s->fresh = fresh;
	s->solver = new_solver(s);
	s->tactic = new_tactic(s->ctx);
	declare(s);
	return s;
}

void smt_free(struct smt *s)
{
	if (!s)
		return;
	Z3_solver_dec_ref(s->ctx, s->solver);
	if (s->shared) {
		s->shared->busy = false;
		z3err.failed = false;
	} else {
		Z3_tactic_dec_ref(s->ctx, s->tactic);
		Z3_del_context(s->ctx);
	}
	free(s->progs);
	free(s);
}

static void shared_open(struct smt_shared *sh)
{
	sh->ctx = new_context();
	sh->tactic = new_tactic(sh->ctx);
	sh->uses = 0;
	check_z3("setting up a shared solver");
}

/* Close the context (if open); the next light analysis opens a new one. */
static void shared_close(struct smt_shared *sh)
{
	if (!sh->ctx)
		return;
	Z3_tactic_dec_ref(sh->ctx, sh->tactic);
	Z3_del_context(sh->ctx);
	sh->ctx = NULL;
}

struct smt_shared *smt_shared_new(unsigned timeout_ms, unsigned rlimit)
{
	struct smt_shared *sh = xcalloc(1, sizeof(*sh));
	sh->timeout_ms = timeout_ms;
	sh->rlimit = rlimit;
	return sh;
}

void smt_shared_free(struct smt_shared *sh)
{
	if (!sh)
		return;
	if (sh->busy)
		BUG("a shared solver freed while an analysis uses it");
	shared_close(sh);
	free(sh);
}

/* Division, remainder, or multiplication of 64-bit or unbounded values:
 * the operations whose queries take Z3 long. */
static bool heavy_node(const struct node *n)
{
	if (!n)
		return false;
	if ((n->kind == N_BINARY || n->kind == N_ASSIGN) &&
	    (n->op == OP_DIV || n->op == OP_REM ||
	     (n->op == OP_MUL && type_bits(n->type) != 32 &&
	      type_bits(n->type) > 16) ||
	     (n->op == OP_MUL && n->type == T_INTEGER)))
		return true;
	return heavy_node(n->a) || heavy_node(n->b) || heavy_node(n->c);
}

bool smt_heavy(const struct analysis *an)
{
	if (heavy_node(an->orig) || heavy_node(an->assume))
		return true;
	for (int m = 1; m <= an->nmutants; m++)
		if (heavy_node(an->mutants[m].expr))
			return true;
	return false;
}

struct smt *smt_new_alone(struct smt_shared *sh, const struct analysis *an)
{
	/* The shared context is closed meanwhile, so that one context at a
	 * time holds memory. */
	if (sh->busy)
		BUG("a shared solver closed while an analysis uses it");
	shared_close(sh);
	return smt_new_limits(an, sh->timeout_ms, sh->rlimit, false);
}

struct smt *smt_new_shared(struct smt_shared *sh, const struct analysis *an)
{
	if (sh->busy)
		BUG("a shared solver used by two analyses at once");
	if (sh->ctx && sh->uses >= SHARED_MAX_USES)
		shared_close(sh);
	if (smt_heavy(an))
		return smt_new_alone(sh, an);
	if (!sh->ctx)
		shared_open(sh);
	sh->uses++;
	sh->busy = true;
	struct smt *s = smt_alloc(an, sh->timeout_ms, sh->rlimit);
	s->ctx = sh->ctx;
	s->solver = new_solver(s);
	s->tactic = sh->tactic;
	s->shared = sh;
	z3err.failed = false;
	declare(s);
	return s;
}

unsigned smt_calls(const struct smt *s)
{
	return s->calls;
}

/* Read a value of type t from a model-evaluated numeral. */
static int read_value(struct smt *s, Z3_ast v, enum type t, int64_t *out)
{
	if (t == T_BOOLEAN) {
		*out = Z3_get_bool_value(s->ctx, v) == Z3_L_TRUE;
		return 0;
	}
	if (t == T_INTEGER) {
		int64_t x;
		if (!Z3_get_numeral_int64(s->ctx, v, &x))
			return -1;
		*out = x;
		return 0;
	}
	uint64_t u;
	if (!Z3_get_numeral_uint64(s->ctx, v, &u))
		return -1;
	*out = type_wrap(t, (int64_t)u);
	if (t == T_LONG)
		*out = (int64_t)u;
	return 0;
}

static int eval_in(struct smt *s, Z3_model m, Z3_ast t, enum type ty,
		   int64_t *out)
{
	Z3_ast v;
	if (!Z3_model_eval(s->ctx, m, t, true, &v) || z3err.failed)
		return -1;
	return read_value(s, v, ty, out);
}

static double elapsed_ms(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 +
	       (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

static bool trace_on(void)
{
	static int on = -1;
	if (on < 0)
		on = getenv("SUBSUME_TRACE") != NULL;
	return on;
}

/* Ask one question on s's context; see smt_check(). */
static enum smt_result query(struct smt *s, enum smt_query q, int a, int b,
			     int64_t *input, const char **reason)
{
	Z3_context c = s->ctx;
	Z3_ast f = q == SMT_Q_DIFFER
			   ? (a == 0 ? kill(s, b) : differ(s, a, b))
			   : and2(s, kill(s, a), Z3_mk_not(c, kill(s, b)));
	check_z3("building a query");
	bool division = s->assume_division || prog(s, a)->division ||
			prog(s, b)->division ||
			(q == SMT_Q_KILL_NOT && prog(s, 0)->division);
	*reason = NULL;
	Z3_solver solver = s->solver;
	bool own = s->fresh || (division && s->all_bv);
	if (s->fresh) {
		/* The paper's method: a new solver for every question. */
		solver = new_solver(s);
	} else if (own) {
		solver = own_solver(c, Z3_mk_solver_from_tactic(c, s->tactic),
				    s->timeout_ms, s->rlimit);
	} else {
		Z3_solver_push(c, solver);
	}
	if (own && s->assume)
		Z3_solver_assert(c, solver, s->assume);
	Z3_solver_assert(c, solver, f);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	Z3_lbool r = Z3_solver_check(c, solver);
	if (trace_on())
		fprintf(stderr, "trace: %s%s solver: %s, %.1f ms\n",
			s->shared ? "shared context, " : "",
			s->fresh ? "general" : own ? "qfbv tactic" : "simple",
			r == Z3_L_FALSE ? "unsat" : r == Z3_L_TRUE ? "sat" : "unknown",
			elapsed_ms(&t0));
	enum smt_result res = SMT_UNKNOWN;
	if (z3err.failed) {
		snprintf(s->reason, sizeof(s->reason), "Z3 error: %s", z3err.msg);
		z3err.failed = false;
		*reason = s->reason;
	} else if (r == Z3_L_FALSE) {
		res = SMT_UNSAT;
	} else if (r == Z3_L_TRUE) {
		Z3_model m = Z3_solver_get_model(c, solver);
		Z3_model_inc_ref(c, m);
		res = SMT_SAT;
		for (int i = 0; i < s->an->nvars; i++)
			if (eval_in(s, m, s->inputs[i], s->an->var_types[i],
				    &input[i]) < 0) {
				res = SMT_UNKNOWN;
				*reason = "the witness does not fit in 64 bits";
			}
		Z3_model_dec_ref(c, m);
	} else {
		const char *why = Z3_solver_get_reason_unknown(c, solver);
		if (why && (!strcmp(why, "canceled") || !strcmp(why, "timeout") ||
			    strstr(why, "limit"))) {
			/* Which limit: the clock, unless it had time left. */
			double ms = elapsed_ms(&t0);
			if (s->timeout_ms && ms >= 0.9 * s->timeout_ms)
				snprintf(s->reason, sizeof(s->reason),
					 "timeout (%u ms)", s->timeout_ms);
			else if (s->rlimit)
				snprintf(s->reason, sizeof(s->reason),
					 "resource limit (%u units, rlimit)",
					 s->rlimit);
			else
				snprintf(s->reason, sizeof(s->reason), "%s", why);
		} else {
			snprintf(s->reason, sizeof(s->reason), "%s",
				 why ? why : "unknown");
		}
		*reason = s->reason;
	}
	if (own)
		Z3_solver_dec_ref(c, solver);
	else
		Z3_solver_pop(c, solver, 1);
	z3err.failed = false;
	return res;
}

enum smt_result smt_check(struct smt *s, enum smt_query q, int a, int b,
			  int64_t *input, const char **reason)
{
	if (s->retry) {
		*reason = "retry";
		return SMT_UNKNOWN;
	}
	enum smt_result res = query(s, q, a, b, input, reason);
	s->calls++;
	if (res != SMT_UNSAT && s->shared) {
		/* A model or an unknown could depend on what the shared
		 * context served before: start over in a context of its own. */
		s->retry = true;
		*reason = "retry";
		return SMT_UNKNOWN;
	}
	return res;
}

bool smt_retry(const struct smt *s)
{
	return s->retry;
}

int smt_outcome(struct smt *s, int p, const int64_t *input,
		struct outcome *out)
{
	Z3_context c = s->ctx;
	const struct analysis *an = s->an;
	struct prog *pr = prog(s, p);
	Z3_model m = Z3_mk_model(c);
	Z3_model_inc_ref(c, m);
	for (int i = 0; i < an->nvars; i++) {
		Z3_func_decl d = Z3_get_app_decl(c, Z3_to_app(c, s->inputs[i]));
		Z3_add_const_interp(c, m, d,
				    constant(s, an->var_types[i], input[i]));
	}
	memset(out, 0, sizeof(*out));
	int64_t thr = 0;
	int rc = eval_in(s, m, pr->thr, T_BOOLEAN, &thr);
	out->threw = thr;
	if (rc == 0 && pr->value && !out->threw)
		rc = eval_in(s, m, pr->value, prog_expr(s, p)->type, &out->value);
	for (int i = 0; rc == 0 && i < an->nvars; i++)
		rc = eval_in(s, m, pr->vars[i], an->var_types[i], &out->vars[i]);
	Z3_model_dec_ref(c, m);
	z3err.failed = false;
	return rc;
}

const char *smt_version(void)
{
	static char buf[64];
	unsigned maj, min, build, rev;
	Z3_get_version(&maj, &min, &build, &rev);
	snprintf(buf, sizeof(buf), "%u.%u.%u", maj, min, build);
	return buf;
}

void smt_finalize(void)
{
	Z3_finalize_memory();
}
