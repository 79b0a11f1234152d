/*
 * smt.c - encode typed expressions to Z3 and answer queries; see smt.h.
 *
 * Sorts from the type descriptor's kind: boolean -> Bool, mathematical
 * integer -> Int, fixed-width integers -> bit-vectors of their width
 * (extended by their signedness: Java's char zero-extends).  Conversions
 * are the N_CONV nodes typing made explicit, encoded by one function,
 * conv().  What SMT-LIB leaves total is guarded as the profile says:
 * division and remainder by zero set the throw flag, shift distances are
 * masked to the width, integer division truncates.
 *
 * The context is Z3's non-reference-counted kind: terms built at the
 * base scope live as long as the context, which is exactly the lifetime
 * of the encoded outcomes; query terms are built before the push and are
 * not reused.  Solvers, models and params are reference counted by hand.
 */
#include "sem/smt.h"

#include "lang/profile.h"

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
	Z3_ast thr, value, vars[MAX_VARS];
	Z3_ast kill; /* differs from the original; NULL until needed */
};

struct smt {
	struct problem pb;
	Z3_context ctx;
	Z3_solver solver;
	Z3_ast inputs[MAX_VARS];
	struct prog *progs; /* 0..nmutants */
	Z3_ast assume;      /* the assumptions, or NULL */
	unsigned timeout_ms;
	unsigned rlimit;
	bool fresh;
	bool shared;        /* ctx and solver belong to a struct smt_shared */
	unsigned calls;
	char reason[300];
};

static void check_z3(const char *what)
{
	if (z3err.failed)
		BUG("Z3 failed while %s: %s", what, z3err.msg);
}

/* ---- sorts and conversions ---- */

static Z3_sort sort_of(struct smt *s, const struct type *t)
{
	switch (t->kind) {
	case TK_BOOLEAN: return Z3_mk_bool_sort(s->ctx);
	case TK_MATH: return Z3_mk_int_sort(s->ctx);
	case TK_INT: return Z3_mk_bv_sort(s->ctx, (unsigned)t->bits);
	default: BUG("no sort for %s", type_name(t));
	}
}

static Z3_ast constant(struct smt *s, const struct type *t, struct value v)
{
	if (t->kind == TK_BOOLEAN)
		return v.bits ? Z3_mk_true(s->ctx) : Z3_mk_false(s->ctx);
	if (t->kind == TK_MATH)
		return Z3_mk_int64(s->ctx, value_i64(v), sort_of(s, t));
	uint64_t u = v.bits;
	if (t->bits < 64)
		u &= ((uint64_t)1 << t->bits) - 1;
	return Z3_mk_unsigned_int64(s->ctx, u, sort_of(s, t));
}

static Z3_ast constant_int(struct smt *s, const struct type *t, int64_t v)
{
	return constant(s, t, type_wrap(t, v));
}

/* Convert a value of type from to type to: widening extends by from's
 * signedness, narrowing keeps the low bits, Int <-> bit-vectors. */
static Z3_ast conv(struct smt *s, Z3_ast x, const struct type *from,
		   const struct type *to)
{
	Z3_context c = s->ctx;
	if (from == to || from->kind == TK_BOOLEAN || to->kind == TK_BOOLEAN)
		return x;
	if (to->kind == TK_MATH)
		return Z3_mk_bv2int(c, x, from->is_signed);
	int wt = to->bits;
	if (from->kind == TK_MATH)
		return Z3_mk_int2bv(c, (unsigned)wt, x);
	int wf = from->bits;
	if (wt > wf)
		return from->is_signed ? Z3_mk_sign_ext(c, (unsigned)(wt - wf), x)
				       : Z3_mk_zero_ext(c, (unsigned)(wt - wf), x);
	if (wt < wf)
		return Z3_mk_extract(c, (unsigned)wt - 1, 0, x);
	return x;
}

/* The encoded operand n, whose unconverted form was encoded as x: the
 * implicit conversion typing put around it, applied. */
static Z3_ast operand(struct smt *s, const struct node *n, Z3_ast x)
{
	const struct node *in = node_strip(n);
	return in == n ? x : conv(s, x, in->type, n->type);
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

static Z3_ast is_zero(struct smt *s, Z3_ast x, const struct type *t)
{
	return Z3_mk_eq(s->ctx, x, constant_int(s, t, 0));
}

/* Java integer division on Int: truncate toward zero. */
static Z3_ast int_tdiv(struct smt *s, Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast zero = Z3_mk_int64(c, 0, Z3_mk_int_sort(c));
	Z3_ast na = Z3_mk_unary_minus(c, a), nb = Z3_mk_unary_minus(c, b);
	Z3_ast age = Z3_mk_ge(c, a, zero), bge = Z3_mk_ge(c, b, zero);
	Z3_ast pos = Z3_mk_ite(c, bge, Z3_mk_div(c, a, b),
			       Z3_mk_unary_minus(c, Z3_mk_div(c, a, nb)));
	Z3_ast neg = Z3_mk_ite(c, bge,
			       Z3_mk_unary_minus(c, Z3_mk_div(c, na, b)),
			       Z3_mk_div(c, na, nb));
	return Z3_mk_ite(c, age, pos, neg);
}

/* a op b on Bool or Int. */
static Z3_ast arith_unbounded(struct smt *s, enum op op, const struct type *t,
			      Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	Z3_ast args[2] = { a, b };
	if (t->kind == TK_BOOLEAN) {
		switch (op) {
		case OP_AND: return Z3_mk_and(c, 2, args);
		case OP_OR: return Z3_mk_or(c, 2, args);
		case OP_XOR: return Z3_mk_xor(c, a, b);
		default: BUG("%s on boolean", op_spelling(op));
		}
	}
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

/* a op b in type t, both already of type t (shift distance too). */
static Z3_ast arith(struct smt *s, enum op op, const struct type *t, Z3_ast a,
		    Z3_ast b, struct env *e)
{
	Z3_context c = s->ctx;
	if (op == OP_DIV || op == OP_REM) {
		if (t->profile->div_zero != DIV0_THROWS)
			BUG("unknown division-by-zero rule");
		e->thr = or2(s, e->thr, is_zero(s, b, t));
	}
	if (t->kind != TK_INT)
		return arith_unbounded(s, op, t, a, b);
	bool sg = t->is_signed;
	switch (op) {
	case OP_ADD: return Z3_mk_bvadd(c, a, b);
	case OP_SUB: return Z3_mk_bvsub(c, a, b);
	case OP_MUL: return Z3_mk_bvmul(c, a, b);
	case OP_DIV: return sg ? Z3_mk_bvsdiv(c, a, b) : Z3_mk_bvudiv(c, a, b);
	case OP_REM: return sg ? Z3_mk_bvsrem(c, a, b) : Z3_mk_bvurem(c, a, b);
	case OP_AND: return Z3_mk_bvand(c, a, b);
	case OP_OR: return Z3_mk_bvor(c, a, b);
	case OP_XOR: return Z3_mk_bvxor(c, a, b);
	case OP_SHL: case OP_SHR: case OP_USHR: {
		if (t->profile->shift != SHIFT_MASK)
			BUG("unknown shift rule");
		Z3_ast d = Z3_mk_bvand(c, b, constant_int(s, t, t->bits - 1));
		if (op == OP_SHL)
			return Z3_mk_bvshl(c, a, d);
		if (op == OP_SHR && sg)
			return Z3_mk_bvashr(c, a, d);
		return Z3_mk_bvlshr(c, a, d);
	}
	default:
		BUG("%s on %s", op_spelling(op), type_name(t));
	}
}

/* a op b for a comparison, both already of type t. */
static Z3_ast compare(struct smt *s, enum op op, const struct type *t,
		      Z3_ast a, Z3_ast b)
{
	Z3_context c = s->ctx;
	switch (op) {
	case OP_EQ: return Z3_mk_eq(c, a, b);
	case OP_NE: return Z3_mk_not(c, Z3_mk_eq(c, a, b));
	default: break;
	}
	if (t->kind == TK_MATH) {
		switch (op) {
		case OP_LT: return Z3_mk_lt(c, a, b);
		case OP_LE: return Z3_mk_le(c, a, b);
		case OP_GT: return Z3_mk_gt(c, a, b);
		case OP_GE: return Z3_mk_ge(c, a, b);
		default: break;
		}
	} else if (t->is_signed) {
		switch (op) {
		case OP_LT: return Z3_mk_bvslt(c, a, b);
		case OP_LE: return Z3_mk_bvsle(c, a, b);
		case OP_GT: return Z3_mk_bvsgt(c, a, b);
		case OP_GE: return Z3_mk_bvsge(c, a, b);
		default: break;
		}
	} else {
		switch (op) {
		case OP_LT: return Z3_mk_bvult(c, a, b);
		case OP_LE: return Z3_mk_bvule(c, a, b);
		case OP_GT: return Z3_mk_bvugt(c, a, b);
		case OP_GE: return Z3_mk_bvuge(c, a, b);
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

/* The operands are encoded before their conversions are applied (the
 * order in which terms are created is part of what Z3 sees). */
static Z3_ast enc_binary(struct smt *s, const struct node *n, struct env *e)
{
	Z3_context c = s->ctx;
	int nv = s->pb.nvars;
	Z3_ast a = enc(s, node_strip(n->a), e);
	if (n->op == OP_LAND || n->op == OP_LOR) {
		struct env eb = *e;
		Z3_ast b = enc(s, n->b, &eb);
		/* b runs only when a is true (&&) or false (||). */
		Z3_ast runs = n->op == OP_LAND ? a : Z3_mk_not(c, a);
		merge(s, e, runs, &eb, e, nv);
		return n->op == OP_LAND ? and2(s, a, b) : or2(s, a, b);
	}
	Z3_ast b = enc(s, node_strip(n->b), e);
	switch (n->op) {
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
		a = operand(s, n->a, a);
		b = operand(s, n->b, b);
		return compare(s, n->op, n->a->type, a, b);
	default:
		return arith(s, n->op, n->type, operand(s, n->a, a),
			     operand(s, n->b, b), e);
	}
}

static Z3_ast enc_unary(struct smt *s, const struct node *n, struct env *e)
{
	Z3_context c = s->ctx;
	Z3_ast a = enc(s, n->a, e);
	switch (n->op) {
	case OP_PLUS: return a;
	case OP_NEG:
		return n->type->kind == TK_MATH ? Z3_mk_unary_minus(c, a)
						: Z3_mk_bvneg(c, a);
	case OP_BNOT: return Z3_mk_bvnot(c, a);
	case OP_NOT: return Z3_mk_not(c, a);
	default: BUG("bad unary operator");
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
	case N_CONV:
		return conv(s, enc(s, n->a, e), n->a->type, n->type);
	case N_UNARY:
		return enc_unary(s, n, e);
	case N_BINARY:
		return enc_binary(s, n, e);
	case N_COND: {
		a = enc(s, n->a, e);
		struct env et = *e, ef = *e;
		Z3_ast t = enc(s, n->b, &et);
		Z3_ast f = enc(s, n->c, &ef);
		merge(s, e, a, &et, &ef, s->pb.nvars);
		return Z3_mk_ite(c, a, t, f);
	}
	case N_ASSIGN:
	case N_INCDEC: {
		/* The stored value: b (converted by typing), or c (the
		 * operation and the cast back). */
		int v = n->a->var;
		Z3_ast old = e->v[v];
		e->v[v] = enc(s, n->c ? n->c : n->b, e);
		return n->op == OP_POSTINC || n->op == OP_POSTDEC ? old
								  : e->v[v];
	}
	case N_HOLE:
		break;
	}
	BUG("bad node kind %d", n->kind);
}

static const struct node *prog_expr(const struct smt *s, int p)
{
	return problem_program(&s->pb, p);
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
	pr->built = true;
	check_z3("encoding a program");
	return pr;
}

/* Outcomes of programs x and y differ in what is observed. */
static Z3_ast differ(struct smt *s, int x, int y)
{
	Z3_context c = s->ctx;
	const struct problem *pb = &s->pb;
	struct prog *px = prog(s, x), *py = prog(s, y);
	Z3_ast parts[MAX_VARS + 1];
	unsigned n = 0;
	if (pb->observe->value) {
		/* Values of different types are observed in the type the
		 * profile compares them in. */
		const struct type *tx = prog_expr(s, x)->type;
		const struct type *ty = prog_expr(s, y)->type;
		const struct type *t = tx == ty ? tx
					: pb->profile->compare_type(tx, ty);
		parts[n++] = Z3_mk_not(c, Z3_mk_eq(c, conv(s, px->value, tx, t),
						   conv(s, py->value, ty, t)));
	}
	for (int i = 0; i < pb->nvars; i++)
		if (pb->observe->var[i])
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

static Z3_solver new_solver(struct smt *s)
{
	Z3_solver solver = Z3_mk_solver(s->ctx);
	Z3_solver_inc_ref(s->ctx, solver);
	set_limits(s->ctx, solver, s->timeout_ms, s->rlimit);
	return solver;
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

/* The analysis' input variables, and its assumptions asserted on the
 * solver at the current scope. */
static void declare(struct smt *s)
{
	const struct problem *pb = &s->pb;
	for (int i = 0; i < pb->nvars; i++)
		s->inputs[i] = Z3_mk_const(s->ctx,
					   Z3_mk_string_symbol(s->ctx,
							       pb->var_names[i]),
					   sort_of(s, pb->var_types[i]));
	if (pb->assume) {
		struct env e;
		memcpy(e.v, s->inputs, sizeof(e.v));
		e.thr = Z3_mk_false(s->ctx);
		Z3_ast holds = enc(s, pb->assume, &e);
		s->assume = and2(s, Z3_mk_not(s->ctx, e.thr), holds);
		Z3_solver_assert(s->ctx, s->solver, s->assume);
	}
	check_z3("setting up the solver");
}

struct smt *smt_new(const struct problem *pb, unsigned timeout_ms, bool fresh)
{
	return smt_new_limits(pb, timeout_ms, 0, fresh);
}

struct smt *smt_new_limits(const struct problem *pb, unsigned timeout_ms,
			   unsigned rlimit, bool fresh)
{
	struct smt *s = xcalloc(1, sizeof(*s));
	s->pb = *pb;
	s->progs = xcalloc((size_t)pb->nprogs, sizeof(*s->progs));
	s->ctx = new_context();
	s->timeout_ms = timeout_ms;
	s->rlimit = rlimit;
	s->fresh = fresh;
	s->solver = new_solver(s);
	declare(s);
	return s;
}

void smt_free(struct smt *s)
{
	if (!s)
		return;
	if (s->shared) {
		Z3_solver_pop(s->ctx, s->solver, 1);
		z3err.failed = false;
		free(s->progs);
		free(s);
		return;
	}
	Z3_solver_dec_ref(s->ctx, s->solver);
	Z3_del_context(s->ctx);
	free(s->progs);
	free(s);
}

struct smt_shared {
	Z3_context ctx;
	Z3_solver solver;
};

struct smt_shared *smt_shared_new(unsigned timeout_ms)
{
	struct smt_shared *sh = xcalloc(1, sizeof(*sh));
	struct smt tmp = { .timeout_ms = timeout_ms };
	sh->ctx = tmp.ctx = new_context();
	sh->solver = new_solver(&tmp);
	check_z3("setting up a shared solver");
	return sh;
}

void smt_shared_free(struct smt_shared *sh)
{
	if (!sh)
		return;
	Z3_solver_dec_ref(sh->ctx, sh->solver);
	Z3_del_context(sh->ctx);
	free(sh);
}

struct smt *smt_new_shared(struct smt_shared *sh, const struct problem *pb)
{
	struct smt *s = xcalloc(1, sizeof(*s));
	s->pb = *pb;
	s->progs = xcalloc((size_t)pb->nprogs, sizeof(*s->progs));
	s->ctx = sh->ctx;
	s->solver = sh->solver;
	s->shared = true;
	z3err.failed = false;
	Z3_solver_push(s->ctx, s->solver);
	declare(s);
	return s;
}

unsigned smt_calls(const struct smt *s)
{
	return s->calls;
}

/* Read a value of type t from a model-evaluated numeral. */
static int read_value(struct smt *s, Z3_ast v, const struct type *t,
		      struct value *out)
{
	if (t->kind == TK_BOOLEAN) {
		*out = value_bool(Z3_get_bool_value(s->ctx, v) == Z3_L_TRUE);
		return 0;
	}
	if (t->kind == TK_MATH) {
		int64_t x;
		if (!Z3_get_numeral_int64(s->ctx, v, &x))
			return -1;
		*out = value_int(x);
		return 0;
	}
	uint64_t u;
	if (!Z3_get_numeral_uint64(s->ctx, v, &u))
		return -1;
	*out = type_wrap(t, (int64_t)u);
	return 0;
}

static int eval_in(struct smt *s, Z3_model m, Z3_ast t, const struct type *ty,
		   struct value *out)
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

enum smt_result smt_check(struct smt *s, enum smt_query q, int a, int b,
			  struct value *input, const char **reason)
{
	Z3_context c = s->ctx;
	Z3_ast f = q == SMT_Q_DIFFER
			   ? (a == 0 ? kill(s, b) : differ(s, a, b))
			   : and2(s, kill(s, a), Z3_mk_not(c, kill(s, b)));
	check_z3("building a query");
	*reason = NULL;
	Z3_solver solver = s->solver;
	if (s->fresh) {
		/* The paper's method: a new solver for every question. */
		solver = new_solver(s);
		if (s->assume)
			Z3_solver_assert(c, solver, s->assume);
	} else {
		Z3_solver_push(c, solver);
	}
	Z3_solver_assert(c, solver, f);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	Z3_lbool r = Z3_solver_check(c, solver);
	s->calls++;
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
		for (int i = 0; i < s->pb.nvars; i++)
			if (eval_in(s, m, s->inputs[i], s->pb.var_types[i],
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
	if (s->fresh)
		Z3_solver_dec_ref(c, solver);
	else
		Z3_solver_pop(c, solver, 1);
	z3err.failed = false;
	return res;
}

int smt_outcome(struct smt *s, int p, const struct value *input,
		struct outcome *out)
{
	Z3_context c = s->ctx;
	const struct problem *an = &s->pb;
	struct prog *pr = prog(s, p);
	Z3_model m = Z3_mk_model(c);
	Z3_model_inc_ref(c, m);
	for (int i = 0; i < an->nvars; i++) {
		Z3_func_decl d = Z3_get_app_decl(c, Z3_to_app(c, s->inputs[i]));
		Z3_add_const_interp(c, m, d,
				    constant(s, an->var_types[i], input[i]));
	}
	memset(out, 0, sizeof(*out));
	struct value thr = { 0 };
	int rc = eval_in(s, m, pr->thr, an->profile->boolean, &thr);
	out->threw = thr.bits;
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
