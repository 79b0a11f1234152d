/*
 * smt.c - encode typed expressions to Z3 and answer queries; see smt.h.
 *
 * The encoding of typed trees is sem/encode.c; contexts, solvers and
 * the shared context are sem/smt-ctx.c; this file owns the queries.
 *
 * The context is Z3's non-reference-counted kind: terms built at the
 * base scope live as long as the context, which is exactly the lifetime
 * of the encoded outcomes; query terms are built before the push and are
 * not reused.  Solvers, models and params are reference counted by hand.
 */
#include "sem/smt-int.h"

#include "lang/profile.h"
#include "sem/encode.h"
#include "sem/fault.h"
#include "sem/smtlib.h"
#include "sem/watchdog.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* The encoder of this analysis' programs (sem/encode.h). */
static struct encoder encoder(const struct smt *s)
{
	struct encoder en = { s->ctx, s->pb.nvars };
	return en;
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
	struct enc_env e;
	struct encoder en = encoder(s);
	memcpy(e.v, s->inputs, sizeof(s->inputs));
	e.thr = Z3_mk_false(s->ctx);
	pr->value = enc_expr(&en, prog_expr(s, p), &e);
	pr->thr = e.thr;
	memcpy(pr->vars, e.v, sizeof(pr->vars));
	Z3_ast roots[MAX_VARS + 2] = { pr->value, pr->thr };
	memcpy(roots + 2, pr->vars, (size_t)s->pb.nvars * sizeof(Z3_ast));
	unsigned costs = enc_costs(s->ctx, roots, (size_t)s->pb.nvars + 2);
	pr->division = costs & ENC_DIVISION;
	pr->fp_rem = costs & ENC_WIDE_FP_REM;
	pr->built = true;
	smt_check_z3("encoding a program");
	return pr;
}

/* Are two observed values of type t the same (floating ones as the
 * analysis' float-compare says)? */
static Z3_ast same(struct smt *s, const struct type *t, Z3_ast a, Z3_ast b)
{
	if (t && t->kind == TK_FLOAT) {
		struct encoder en = encoder(s);
		return enc_float_same(&en, a, b, s->pb.observe->fcmp);
	}
	return Z3_mk_eq(s->ctx, a, b);
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
		struct encoder en = encoder(s);
		Z3_ast vx, vy;
		if (type_contains(t, tx) && type_contains(t, ty)) {
			vx = enc_conv(&en, px->value, tx, t);
			vy = enc_conv(&en, py->value, ty, t);
		} else { /* as numbers: C's -1 is not 4294967295u */
			vx = enc_widen(&en, px->value, tx, 65);
			vy = enc_widen(&en, py->value, ty, 65);
		}
		parts[n++] = Z3_mk_not(c, same(s, t, vx, vy));
	}
	for (int i = 0; i < pb->nvars; i++)
		if (pb->observe->var[i])
			parts[n++] = Z3_mk_not(c, same(s, pb->var_types[i],
						       px->vars[i], py->vars[i]));
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
/* A test build's planted group failures (sem/fault.h): in the solver
 * set-up of an analysis with a variable named as the fault says. */
static void plant_group_fault(struct smt *s)
{
	const char *zv = fault_arg("z3-error"), *mv = fault_arg("oom");
	for (int i = 0; (zv || mv) && i < s->pb.nvars; i++) {
		if (zv && !strcmp(s->pb.var_names[i], zv)) {
			/* bits 63..0 of a 1-bit vector: Z3 reports an error */
			Z3_mk_extract(s->ctx, 63, 0,
				      Z3_mk_int(s->ctx, 0, Z3_mk_bv_sort(s->ctx, 1)));
			smt_check_z3("setting up the solver");
		}
		if (mv && !strcmp(s->pb.var_names[i], mv))
			free(xmalloc(SIZE_MAX / 2));
	}
}

/* See smt-int.h. */
void smt_declare(struct smt *s)
{
	plant_group_fault(s);
	const struct problem *an = &s->pb;
	struct encoder en = encoder(s);
	s->all_bv = true;
	for (int i = 0; i < an->nvars; i++) {
		Z3_sort sort = enc_sort(&en, an->var_types[i]);
		Z3_sort_kind k = Z3_get_sort_kind(s->ctx, sort);
		s->all_bv &= k != Z3_INT_SORT && k != Z3_FLOATING_POINT_SORT;
		s->inputs[i] = Z3_mk_const(s->ctx,
					   Z3_mk_string_symbol(s->ctx,
							       an->var_names[i]),
					   sort);
	}
	if (an->assume) {
		struct enc_env e;
		memcpy(e.v, s->inputs, sizeof(s->inputs));
		e.thr = Z3_mk_false(s->ctx);
		Z3_ast holds = enc_expr(&en, an->assume, &e);
		s->assume = and2(s, Z3_mk_not(s->ctx, e.thr), holds);
		s->assume_division = enc_has_division(s->ctx, &s->assume, 1);
		Z3_solver_assert(s->ctx, s->solver, s->assume);
	}
	smt_check_z3("setting up the solver");
}
unsigned smt_calls(const struct smt *s)
{
	return s->calls;
}

static int eval_in(struct smt *s, Z3_model m, Z3_ast t, const struct type *ty,
		   struct value *out)
{
	Z3_ast v;
	if (!Z3_model_eval(s->ctx, m, t, true, &v) || smt_z3err.failed)
		return -1;
	/* floating terms can come back unevaluated around (fp ...) */
	if (!(v = Z3_simplify(s->ctx, v)) || smt_z3err.failed)
		return -1;
	struct encoder en = encoder(s);
	return enc_read_value(&en, v, ty, out);
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

/* The answering solver's assertions as a self-contained SMT-LIB 2
 * benchmark, into s->smt2.  Every solver query() uses has exactly two:
 * the assumptions (if any: asserted at the base scope of the shared
 * solver, or first on a solver of its own) and the query f.  (Z3's
 * solver_get_assertions() is no substitute: the simple solver gives
 * its preprocessed formulas, "false" after an unsat answer.) */
static void export_smt2(struct smt *s, Z3_ast f)
{
	sb_reset(&s->smt2);
	s->smt2_valid = smtlib_benchmark(s->ctx, s->assume, f,
					 s->all_bv ? "QF_BV" : "ALL",
					 &s->smt2) == 0;
	smt_check_z3("exporting a query");
}

void smt_set_export(struct smt *s, bool on)
{
	s->export_ = on;
}

const char *smt_last_smt2(const struct smt *s)
{
	return s->smt2_valid ? s->smt2.buf : NULL;
}

/* The tactic of a question's own solver: qfbv for bit-vector division,
 * qffpbv for floating point (its word-level preprocessing decides
 * x * 1.0 == x over double in a fraction of a second, where the simple
 * solver's bit-blasting runs out of its limits). */
static Z3_tactic tactic(struct smt *s)
{
	if (!s->floating)
		return s->tactic;
	if (!s->fptactic)
		s->fptactic = smt_new_tactic(s->ctx, "qffpbv");
	return s->fptactic;
}

static void budget_reason(struct smt *s)
{
	snprintf(s->reason, sizeof(s->reason),
		 "budget: the %llu resource units of its site are spent "
		 "(--budget)", (unsigned long long)s->budget);
}

/* The resource limit of question (q, a, b): --rlimit, with a budget a
 * fraction of it for a pair question (duplicate, subsumption) of a heavy problem (a
 * division, a 64-bit or unbounded multiplication: bit-blasted, such a
 * question runs to its limit where an equivalence one may still end),
 * and no more than what is left of the budget (*cut set when that is
 * what limits it). */
static unsigned query_rlimit(struct smt *s, enum smt_query q, int a,
			     bool division, bool *cut)
{
	unsigned lim = s->rlimit;
	bool pair = q == SMT_Q_KILL_NOT || a != 0;
	if (s->budget && lim && pair && (division || s->heavy) &&
	    lim / SMT_PAIR_RLIMIT_DIV)
		lim /= SMT_PAIR_RLIMIT_DIV;
	*cut = false;
	if (s->budget) {
		uint64_t left = s->budget > s->spent ? s->budget - s->spent : 0;
		if (!lim || left < lim) {
			lim = (unsigned)left;
			*cut = true;
		}
	}
	return lim;
}

void smt_set_budget(struct smt *s, uint64_t units)
{
	if (!s->shared && !s->fresh)
		s->budget = s->floating ? units * SMT_FLOAT_BUDGET : units;
}

uint64_t smt_units(const struct smt *s)
{
	return s->spent;
}

bool smt_budget_spent(const struct smt *s)
{
	return s->budget && s->spent + SMT_BUDGET_MIN > s->budget;
}

/* Ask one question on s's context; see smt_check(). */
static enum smt_result query(struct smt *s, enum smt_query q, int a, int b,
			     struct value *input, const char **reason)
{
	Z3_context c = s->ctx;
	Z3_ast f = q == SMT_Q_DIFFER
			   ? (a == 0 ? kill(s, b) : differ(s, a, b))
			   : q == SMT_Q_SURVIVES ? Z3_mk_not(c, kill(s, b))
			   : and2(s, kill(s, a), Z3_mk_not(c, kill(s, b)));
	smt_check_z3("building a query");
	bool division = s->assume_division || prog(s, a)->division ||
			prog(s, b)->division ||
			(q == SMT_Q_KILL_NOT && prog(s, 0)->division);
	*reason = NULL;
	/* With a budget, a remainder of doubles is not bit-blasted: over
	 * 1.5 GB for one question, past the memory cap (cost.c) */
	if (s->budget && (prog(s, a)->fp_rem || prog(s, b)->fp_rem ||
			  ((q == SMT_Q_KILL_NOT || a == 0) &&
			   prog(s, 0)->fp_rem))) {
		*reason = SMT_FP_REM_REASON;
		return SMT_UNKNOWN;
	}
	bool cut = false; /* the budget, not rlimit, limits this question */
	unsigned lim = query_rlimit(s, q, a, division, &cut);
	if (cut && lim < SMT_BUDGET_MIN) {
		budget_reason(s);
		*reason = s->reason;
		return SMT_UNKNOWN;
	}
	bool count = s->budget || trace_on();
	uint64_t count0 = count ? smt_rlimit_count(c, s->solver) : 0;
	Z3_solver solver = s->solver;
	bool own = s->fresh || (division && s->all_bv) || s->floating;
	if (s->fresh) {
		/* The paper's method: a new solver for every question. */
		solver = smt_new_solver(s);
	} else if (own) {
		solver = smt_own_solver(c, Z3_mk_solver_from_tactic(c, tactic(s)),
					 lim);
	} else {
		if (lim != s->rl_set) {
			smt_set_rlimit(c, solver, lim);
			s->rl_set = lim;
		}
		Z3_solver_push(c, solver);
	}
	if (own && s->assume)
		Z3_solver_assert(c, solver, s->assume);
	Z3_solver_assert(c, solver, f);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct wd_query wq;
	if (s->timeout_ms)
		wd_arm(&wq, c, s->timeout_ms);
	Z3_lbool r = Z3_solver_check(c, solver);
	if (s->timeout_ms)
		wd_disarm(&wq);
	if (r == Z3_L_TRUE && fault_planted("z3-unsat"))
		r = Z3_L_FALSE; /* a test build's planted solver bug */
	if (trace_on())
		fprintf(stderr, "trace: %s%s solver: %s, %.1f ms\n",
			s->shared ? "shared context, " : "",
			s->fresh ? "general"
			: own	 ? (s->floating ? "qffpbv tactic" : "qfbv tactic")
				 : "simple",
			r == Z3_L_FALSE ? "unsat" : r == Z3_L_TRUE ? "sat" : "unknown",
			elapsed_ms(&t0));
	enum smt_result res = SMT_UNKNOWN;
	if (smt_z3err.failed) {
		/* Z3's own allocation failed (not its cap): memory too */
		snprintf(s->reason, sizeof(s->reason), "%sZ3 error: %s",
			 smt_z3err.memout ? "memory: " : "", smt_z3err.msg);
		smt_z3err.failed = false;
		*reason = s->reason;
	} else if (r == Z3_L_FALSE) {
		res = SMT_UNSAT;
		if (s->export_)
			export_smt2(s, f);
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
		if (why && strstr(why, "memory")) {
			snprintf(s->reason, sizeof(s->reason),
				 "memory: the solver reached its memory cap "
				 "(%u MB)", SMT_MEMORY_MB);
		} else if (why && (!strcmp(why, "canceled") || !strcmp(why, "timeout") ||
			    !strcmp(why, "interrupted") ||
			    strstr(why, "limit"))) {
			/* Which limit: the clock, unless it had time left. */
			double ms = elapsed_ms(&t0);
			if (s->timeout_ms && ms >= 0.9 * s->timeout_ms)
				snprintf(s->reason, sizeof(s->reason),
					 "timeout (%u ms)", s->timeout_ms);
			else if (cut)
				budget_reason(s);
			else if (lim)
				snprintf(s->reason, sizeof(s->reason),
					 "resource limit (%u units, rlimit)",
					 lim);
			else
				snprintf(s->reason, sizeof(s->reason), "%s", why);
		} else {
			snprintf(s->reason, sizeof(s->reason), "%s",
				 why ? why : "unknown");
		}
		*reason = s->reason;
	}
	if (count) {
		uint64_t count1 = smt_rlimit_count(c, s->solver);
		uint64_t units = count1 > count0 ? count1 - count0 : 0;
		s->spent += units;
		if (trace_on())
			fprintf(stderr, "trace: %llu units (%llu in all, budget "
				"%llu)\n", (unsigned long long)units,
				(unsigned long long)s->spent,
				(unsigned long long)s->budget);
	}
	if (own)
		Z3_solver_dec_ref(c, solver);
	else
		Z3_solver_pop(c, solver, 1);
	smt_z3err.failed = false;
	return res;
}

enum smt_result smt_check(struct smt *s, enum smt_query q, int a, int b,
			  struct value *input, const char **reason)
{
	if (s->retry) {
		*reason = "retry";
		return SMT_UNKNOWN;
	}
	s->smt2_valid = false;
	smt_ready(s);
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

int smt_outcome(struct smt *s, int p, const struct value *input,
		struct outcome *out)
{
	smt_ready(s);
	Z3_context c = s->ctx;
	const struct problem *an = &s->pb;
	struct encoder en = encoder(s);
	struct prog *pr = prog(s, p);
	Z3_model m = Z3_mk_model(c);
	Z3_model_inc_ref(c, m);
	for (int i = 0; i < an->nvars; i++) {
		Z3_func_decl d = Z3_get_app_decl(c, Z3_to_app(c, s->inputs[i]));
		Z3_add_const_interp(c, m, d,
				    Z3_simplify(c, enc_constant(&en, an->var_types[i],
								input[i])));
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
	smt_z3err.failed = false;
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
	wd_stop();
	Z3_finalize_memory();
}
