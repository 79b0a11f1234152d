/*
 * mir-solve.c - the questions asked of the method IR's Z3 encoding
 * (sem/mir.h): a solver per method holding the original's run, each
 * mutant's run added once (mir_smt_add), whether a mutant differs from
 * the original, and the duplicate and subsumption questions between two
 * mutants, each on the method's solver or, where it divides, on a solver
 * of its own; a model is read back as an input (and the calls' results)
 * for the concrete evaluator to re-check.
 */
#include "sem/mir-int.h"
#include "sem/smt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sem/fault.h"
#include "sem/watchdog.h"

/* Is there a floating value in n, in s? */
static bool float_node(const struct node *n)
{
	return n && ((n->type && n->type->kind == TK_FLOAT) ||
		     float_node(n->a) || float_node(n->b) || float_node(n->c));
}

static bool float_stmt(const struct mstmt *s)
{
	if (!s)
		return false;
	if (float_node(s->e) || float_stmt(s->body) || float_stmt(s->els) ||
	    float_stmt(s->update))
		return true;
	for (int i = 0; i < s->nkids; i++)
		if (float_stmt(s->kids[i]))
			return true;
	for (int i = 0; i < s->nargs; i++)
		if (float_node(s->args[i]))
			return true;
	return false;
}

/* Does m compute with floating values anywhere? */
static bool floating(const struct mmethod *m)
{
	for (int i = 0; i < m->nvars; i++)
		if (m->types[i]->kind == TK_FLOAT)
			return true;
	return (m->ret && m->ret->kind == TK_FLOAT) || float_stmt(m->body);
}

/* The method's solver: Z3's simple solver (incremental, push/pop per
 * question); with floating values one from the qffpbv tactic, as the
 * expression level's (sem/smt.c: its word-level preprocessing decides
 * x * 2.0 against x + x where bit-blasting alone runs out of limits;
 * push/pop still scope each question). */
static Z3_solver make_solver(Z3_context c, const struct mmethod *orig)
{
	if (!floating(orig))
		return Z3_mk_simple_solver(c);
	Z3_tactic t = Z3_mk_tactic(c, "qffpbv");
	Z3_tactic_inc_ref(c, t);
	Z3_solver s = Z3_mk_solver_from_tactic(c, t);
	Z3_tactic_dec_ref(c, t);
	return s;
}

static void on_error(Z3_context c, Z3_error_code e)
{
	(void)c;
	(void)e;
}

/* A test build's planted group failures (sem/fault.h) in the method
 * level's solver set-up, for a method with a variable named as the
 * fault says. */
static void plant_method_fault(const struct mmethod *orig)
{
	const char *ov = fault_arg("method-oom"), *fv = fault_arg("method-fatal");
	for (int i = 0; (ov || fv) && i < orig->nvars; i++) {
		if (ov && !strcmp(orig->names[i], ov))
			free(xmalloc(SIZE_MAX / 2));
		if (fv && !strcmp(orig->names[i], fv))
			die("a planted fatal error in the method level of %s",
			    orig->name);
	}
}

struct mir_smt *mir_smt_new(const struct mmethod *orig, unsigned bound,
			    unsigned timeout_ms, unsigned rlimit)
{
	plant_method_fault(orig);
	struct mir_smt *S = xcalloc(1, sizeof(*S));
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	Z3_context c = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(c, on_error);
	S->enc = (struct encoder){ .ctx = c, .nvars = orig->nvars };
	/* the trace only where there are calls (else Z3 sees what it saw
	 * before calls were modelled) */
	S->nf = mir_havoc(orig);
	if ((S->calls_made = orig->ncallees > 0)) {
		Z3_func_decl is_nil, is_cons, head, tail;
		S->tsort = Z3_mk_list_sort(c, Z3_mk_string_symbol(c, "trace"),
					   Z3_mk_bv_sort(c, EV_WIDTH(S)), &S->nil,
					   &is_nil, &S->cons, &is_cons, &head, &tail);
	}
	S->contracts = mir_has_contracts(orig);
	if ((S->results = mir_uses_results(orig))) {
		Z3_sort s32 = Z3_mk_bv_sort(c, 32);
		S->rfun = Z3_mk_func_decl(c, Z3_mk_string_symbol(c, "$result"), 1,
					  &s32, Z3_mk_bv_sort(c, 64));
	}
	if (S->nf) {
		Z3_sort s32 = Z3_mk_bv_sort(c, 32);
		S->hfun = Z3_mk_func_decl(c, Z3_mk_string_symbol(c, "$field"), 1,
					  &s32, Z3_mk_bv_sort(c, 64));
	}
	S->orig = orig;
	S->typed = mir_typed(orig);
	S->bound = bound ? bound : MIR_DEFAULT_UNROLL;
	for (int i = 0; i < orig->nvars; i++)
		S->in[i] = Z3_mk_const(c, Z3_mk_string_symbol(c, orig->names[i]),
				       enc_sort(&S->enc, orig->types[i]));
	if (orig->arrs)
		mir_arr_setup(S);
	S->solver = make_solver(c, orig);
	Z3_solver_inc_ref(c, S->solver);
	S->timeout_ms = timeout_ms;
	if (rlimit && floating(orig)) /* sem/mir.h: Solver cost */
		rlimit = rlimit / MIR_FLOAT_RLIMIT_DIV ? rlimit / MIR_FLOAT_RLIMIT_DIV
						       : 1;
	S->rlimit = rlimit;
	S->rl_set = rlimit;
	smt_set_rlimit(c, S->solver, rlimit);
	mir_run(S, orig, S->in, &S->o);
	S->ocut = orig->nloops ? CUT_UNASKED : CUT_NEVER;
	S->fp = floating(orig);
	S->odiv = S->fp ? DIV_NO : DIV_UNASKED;
	return S;
}

void mir_smt_free(struct mir_smt *S)
{
	if (!S)
		return;
	if (getenv("SUBSUME_TRACE"))
		fprintf(stderr, "trace: method: %u calls, %llu units\n",
			S->calls, (unsigned long long)S->spent);
	Z3_solver_dec_ref(S->enc.ctx, S->solver);
	if (S->qfbv)
		Z3_tactic_dec_ref(S->enc.ctx, S->qfbv);
	Z3_del_context(S->enc.ctx);
	free(S->mut);
	free(S->mcut);
	free(S->mdiv);
	free(S);
}

unsigned mir_smt_calls(const struct mir_smt *S)
{
	return S->calls;
}

/* Are a and b, of type t, different outcomes (sem/mir.h: floating
 * values by the expression level's rule)? */
static Z3_ast unlike(struct mir_smt *S, const struct type *t, Z3_ast a,
		     Z3_ast b)
{
	Z3_context c = S->enc.ctx;
	if (t->kind == TK_FLOAT)
		return Z3_mk_not(c, enc_float_same(&S->enc, a, b, S->orig->fcmp));
	return Z3_mk_not(c, Z3_mk_eq(c, a, b));
}

/* --- traces compared without the datatype's theory ---
 *
 * A trace is built as a tree of ite (branches merged, a call that
 * threw before it was made) over cons cells and nil (mir-encode.c).
 * Z3 given `trace_x = trace_y` over that list datatype decides it by
 * splitting on the ites and bit-blasting the equalities of the 392-bit
 * heads it meets, slowly: on commons-cli's Option.requiresArg a
 * subsumption question took 3.3M resource units with it, 0.17M
 * without the traces.  The same equality unfolded here over the
 * trees, down to the equalities of the heads, is one boolean formula
 * of bit-vectors (equal by the datatype's axioms: cons is injective,
 * nil is no cons, ite distributes), which Z3 decides as its other
 * bit-vector questions.  Memoised on the pair of subterms (the runs
 * share most of their trees); past TEQ_MAX pairs the equality of the
 * rest is left to Z3 as it was: the same formula, never a different
 * answer. */
#define TEQ_MAX 16384

struct teq {
	unsigned *kx, *ky; /* ids + 1 (0: empty) */
	Z3_ast *v;
	unsigned cap, n;
};

static Z3_app app_of(Z3_context c, Z3_ast x)
{
	return Z3_get_ast_kind(c, x) == Z3_APP_AST ? Z3_to_app(c, x) : NULL;
}

static bool is_ite(Z3_context c, Z3_app a)
{
	return a && Z3_get_decl_kind(c, Z3_get_app_decl(c, a)) == Z3_OP_ITE;
}

static Z3_ast teq(struct mir_smt *S, struct teq *T, Z3_ast x, Z3_ast y)
{
	Z3_context c = S->enc.ctx;
	if (Z3_is_eq_ast(c, x, y))
		return Z3_mk_true(c);
	unsigned ix = Z3_get_ast_id(c, x) + 1, iy = Z3_get_ast_id(c, y) + 1;
	unsigned h = (ix * 2654435761u ^ iy * 40503u) & (T->cap - 1);
	while (T->kx[h] && (T->kx[h] != ix || T->ky[h] != iy))
		h = (h + 1) & (T->cap - 1);
	if (T->kx[h])
		return T->v[h];
	if (T->n >= TEQ_MAX)
		return Z3_mk_eq(c, x, y);
	Z3_app ax = app_of(c, x), ay = app_of(c, y);
	Z3_ast r;
	if (is_ite(c, ax) || is_ite(c, ay)) {
		Z3_app a = is_ite(c, ax) ? ax : ay;
		Z3_ast other = a == ax ? y : x;
		Z3_ast t = Z3_get_app_arg(c, a, 1), e = Z3_get_app_arg(c, a, 2);
		Z3_ast rt = a == ax ? teq(S, T, t, other) : teq(S, T, other, t);
		Z3_ast re = a == ax ? teq(S, T, e, other) : teq(S, T, other, e);
		r = Z3_mk_ite(c, Z3_get_app_arg(c, a, 0), rt, re);
	} else if (ax && ay) {
		Z3_func_decl dx = Z3_get_app_decl(c, ax), dy = Z3_get_app_decl(c, ay);
		bool nx = Z3_is_eq_func_decl(c, dx, S->nil),
		     ny = Z3_is_eq_func_decl(c, dy, S->nil),
		     cx = Z3_is_eq_func_decl(c, dx, S->cons),
		     cy = Z3_is_eq_func_decl(c, dy, S->cons);
		if ((nx || cx) && (ny || cy)) {
			if (nx || ny)
				r = nx && ny ? Z3_mk_true(c) : Z3_mk_false(c);
			else
				r = Z3_mk_and(c, 2, (Z3_ast[]){
					Z3_mk_eq(c, Z3_get_app_arg(c, ax, 0),
						 Z3_get_app_arg(c, ay, 0)),
					teq(S, T, Z3_get_app_arg(c, ax, 1),
					    Z3_get_app_arg(c, ay, 1)) });
		} else {
			r = Z3_mk_eq(c, x, y);
		}
	} else {
		r = Z3_mk_eq(c, x, y);
	}
	/* the slot again: the calls above filled others */
	h = (ix * 2654435761u ^ iy * 40503u) & (T->cap - 1);
	while (T->kx[h])
		h = (h + 1) & (T->cap - 1);
	T->kx[h] = ix;
	T->ky[h] = iy;
	T->v[h] = r;
	T->n++;
	return r;
}

/* trace_x = trace_y, unfolded (above). */
static Z3_ast trace_eq(struct mir_smt *S, Z3_ast x, Z3_ast y)
{
	struct teq T = { .cap = 2 * TEQ_MAX };
	T.kx = xcalloc(T.cap, sizeof(*T.kx));
	T.ky = xcalloc(T.cap, sizeof(*T.ky));
	T.v = xcalloc(T.cap, sizeof(*T.v));
	Z3_ast r = teq(S, &T, x, y);
	free(T.kx);
	free(T.ky);
	free(T.v);
	return r;
}

/* Do the final states x and y differ in what a test sees? */
static Z3_ast differ(struct mir_smt *S, const struct mst *x, const struct mst *y)
{
	Z3_context c = S->enc.ctx;
	const struct mmethod *m = S->orig;
	Z3_ast parts[MIR_MAX_VARS + 1];
	unsigned n = 0;
	if (m->ret)
		parts[n++] = unlike(S, m->ret, x->ret, y->ret);
	for (int i = 0; i < m->nvars; i++)
		if (mir_observed(m, i))
			parts[n++] = unlike(S, m->types[i], x->v[i], y->v[i]);
	Z3_ast d = n ? Z3_mk_or(c, n, parts) : Z3_mk_false(c);
	if (m->arr_writes)
		d = Z3_mk_or(c, 2, (Z3_ast[]){ d, mir_arr_differ(S, x, y) });
	Z3_ast neither = Z3_mk_and(c, 2, (Z3_ast[]){ Z3_mk_not(c, x->thr),
						       Z3_mk_not(c, y->thr) });
	Z3_ast r = Z3_mk_or(c, 2, (Z3_ast[]){ Z3_mk_xor(c, x->thr, y->thr),
					      Z3_mk_and(c, 2, (Z3_ast[]){ neither, d }) });
	unsigned kinds = x->kinds | y->kinds;
	if (kinds & (kinds - 1)) /* two kinds or more: which one is seen */
		r = Z3_mk_or(c, 2, (Z3_ast[]){ r, Z3_mk_and(c, 3, (Z3_ast[]){
			x->thr, y->thr, Z3_mk_not(c, Z3_mk_eq(c, x->exc, y->exc)) }) });
	if (!S->calls_made) /* the formula as before calls existed */
		return r;
	return Z3_mk_or(c, 2, (Z3_ast[]){ r, Z3_mk_not(c, trace_eq(S, x->trace,
								 y->trace)) });
}

/* f(0..n) in the model into res (0 without f: with: f is used). */
static int read_fun(struct mir_smt *S, Z3_model mdl, Z3_func_decl f, bool with,
		    int n, struct value *res)
{
	Z3_context c = S->enc.ctx;
	for (int k = 0; k < n; k++) {
		res[k] = value_int(0);
		if (!with) /* no term made: Z3 as without results */
			continue;
		uint64_t u = 0;
		Z3_ast v = NULL, x = Z3_mk_int(c, k, Z3_mk_bv_sort(c, 32));
		if (!Z3_model_eval(c, mdl, Z3_mk_app(c, f, 1, &x), true, &v) ||
		    !v || !Z3_get_numeral_uint64(c, v, &u))
			return -1;
		res[k].bits = u;
	}
	return 0;
}

/* R(0..MIR_MAX_RESULTS) and H(0..MIR_MAX_HAVOC) into the input. */
static int read_results(struct mir_smt *S, Z3_model mdl, struct value *input)
{
	if (read_fun(S, mdl, S->rfun, S->results, MIR_MAX_RESULTS,
		     input + MIR_RES) < 0)
		return -1;
	return read_fun(S, mdl, S->hfun, S->nf > 0, MIR_MAX_HAVOC,
			input + MIR_HAV);
}

void mir_smt_set_budget(struct mir_smt *S, uint64_t units)
{
	S->budget = units;
}

/* A new method solver in place of one a question left unknown: Z3's
 * simple solver, stopped by its resource limit, answered the next
 * questions sat in a few units with a model that is no input of the
 * method (MutantBench's MathUtils.gcd, --budget 0: 40 questions after
 * the first one's limit, each "killed" by gcd(0, 0), which the
 * evaluator's re-check refused).  Each question has its own scope and
 * nothing is asserted outside one, so nothing is lost. */
static void fresh_solver(struct mir_smt *S)
{
	Z3_context c = S->enc.ctx;
	Z3_solver_dec_ref(c, S->solver);
	S->solver = make_solver(c, S->orig);
	Z3_solver_inc_ref(c, S->solver);
	smt_set_rlimit(c, S->solver, S->rl_set);
}

/* A solver of the qfbv tactic for one question, with resource limit
 * lim (one reference taken). */
static Z3_solver own_solver(struct mir_smt *S, unsigned lim)
{
	Z3_context c = S->enc.ctx;
	if (!S->qfbv) {
		S->qfbv = smt_qfbv_tactic(c);
	}
	Z3_solver sv = Z3_mk_solver_from_tactic(c, S->qfbv);
	Z3_solver_inc_ref(c, sv);
	smt_set_rlimit(c, sv, lim);
	return sv;
}

/* The limit of the next question: the rlimit, or what is left of the
 * budget when that is less (*cut). */
static unsigned question_rlimit(const struct mir_smt *S, bool *cut)
{
	unsigned lim = S->rlimit;
	*cut = false;
	if (S->qcap && (!lim || S->qcap < lim))
		lim = S->qcap;
	if (S->budget) {
		uint64_t left = S->budget > S->spent ? S->budget - S->spent : 0;
		if (!lim || left < lim) {
			lim = (unsigned)left;
			*cut = true;
		}
	}
	return lim;
}

#define BUDGET_SPENT "budget: the resource units of its method are spent " \
		     "(--budget)"

/* Check q in a scope of the method's solver, or (own) alone on a
 * solver of its own: SAT fills input. */
static Z3_lbool ask_on(struct mir_smt *S, Z3_ast q, struct value *input,
		       bool own)
{
	Z3_context c = S->enc.ctx;
	bool cut;
	unsigned lim = question_rlimit(S, &cut);
	if (cut && lim < SMT_BUDGET_MIN) {
		S->reason = BUDGET_SPENT;
		return Z3_L_UNDEF;
	}
	bool count = S->budget || getenv("SUBSUME_TRACE");
	uint64_t count0 = count ? smt_rlimit_count(c, S->solver) : 0;
	Z3_solver sv = own ? own_solver(S, lim) : S->solver;
	if (!own && lim != S->rl_set) {
		smt_set_rlimit(c, sv, lim);
		S->rl_set = lim;
	}
	if (!own)
		Z3_solver_push(c, sv);
	Z3_solver_assert(c, sv, q);
	S->calls++;
	struct wd_query wq;
	if (S->timeout_ms)
		wd_arm(&wq, c, S->timeout_ms);
	Z3_lbool r = Z3_solver_check(c, sv);
	if (S->timeout_ms)
		wd_disarm(&wq);
	if (r == Z3_L_UNDEF) {
		S->reason = Z3_solver_get_reason_unknown(c, sv);
		if (S->reason && !strcmp(S->reason, "interrupted"))
			S->reason = "timeout";
		else if (S->reason && strstr(S->reason, "memory"))
			S->reason = "memory: the solver reached its memory cap";
		else if (cut && S->reason && (strstr(S->reason, "limit") ||
					      !strcmp(S->reason, "canceled")))
			S->reason = BUDGET_SPENT;
	}
	if (r == Z3_L_TRUE && input) {
		Z3_model mdl = Z3_solver_get_model(c, sv);
		Z3_model_inc_ref(c, mdl);
		for (int i = 0; i < S->orig->nvars; i++) {
			Z3_ast v = NULL;
			input[i] = value_int(0);
			if (S->orig->kinds[i] != MV_LOCAL &&
			    Z3_model_eval(c, mdl, S->in[i], true, &v) && v &&
			    enc_read_value(&S->enc, v, S->orig->types[i],
					   &input[i]) < 0)
				r = Z3_L_UNDEF;
		}
		if (read_results(S, mdl, input) < 0)
			r = Z3_L_UNDEF;
		S->reason = NULL;
		if (r != Z3_L_UNDEF && S->natype &&
		    mir_arr_model(S, mdl, input) < 0)
			r = Z3_L_UNDEF;
		Z3_model_dec_ref(c, mdl);
		if (r == Z3_L_UNDEF && !S->reason)
			S->reason = "a model value out of range";
	}
	if (count) {
		uint64_t count1 = smt_rlimit_count(c, S->solver);
		S->spent += count1 > count0 ? count1 - count0 : 0;
		if (getenv("SUBSUME_TRACE"))
			fprintf(stderr, "trace: method question %u%s: %s, %llu "
				"units\n", S->calls, own ? " (own)" : "",
				r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat"
				: "unknown", (unsigned long long)(count1 > count0
				? count1 - count0 : 0));
	}
	if (own)
		Z3_solver_dec_ref(c, sv);
	else
		Z3_solver_pop(c, sv, 1);
	if (!own && r == Z3_L_UNDEF)
		fresh_solver(S);
	if (Z3_get_error_code(c) != Z3_OK) {
		S->reason = "Z3 failed";
		r = Z3_L_UNDEF;
	}
	return r;
}

/* q, with an input to read back: with arrays, first with every input
 * array at most 8 long (a small test), then without (sem/mir.h:
 * Arrays). */
static Z3_lbool ask_in(struct mir_smt *S, Z3_ast q, struct value *input,
		       bool own)
{
	if (S->natype && input) {
		Z3_context c = S->enc.ctx;
		Z3_lbool r = ask_on(S, Z3_mk_and(c, 2, (Z3_ast[]){ q,
					mir_arr_small(S) }), input, own);
		if (r != Z3_L_FALSE)
			return r;
	}
	return ask_on(S, q, input, own);
}

static Z3_lbool ask(struct mir_smt *S, Z3_ast q, struct value *input)
{
	return ask_in(S, q, input, false);
}

int mir_smt_add(struct mir_smt *S, const struct mmethod *mut)
{
	GROW(S->mut, (size_t)S->nmut + 1, S->capmut);
	GROW(S->mcut, (size_t)S->nmut + 1, S->capcut);
	GROW(S->mdiv, (size_t)S->nmut + 1, S->capdiv);
	mir_run(S, mut, S->in, &S->mut[S->nmut]);
	S->mcut[S->nmut] = mut->nloops ? CUT_UNASKED : CUT_NEVER;
	S->mdiv[S->nmut] = S->fp ? DIV_NO : DIV_UNASKED;
	return S->nmut++;
}

static const struct mst *state(const struct mir_smt *S, int h)
{
	if (h < -1 || h >= S->nmut)
		BUG("bad mutant handle %d", h);
	return h < 0 ? &S->o : &S->mut[h];
}

/* Does what a question sees of the run of mutant h (-1: the original)
 * divide: its outcome (as differ() reads it) or its cut? */
static bool divides(struct mir_smt *S, int h)
{
	unsigned char *d = h < 0 ? &S->odiv : &S->mdiv[h];
	if (*d == DIV_UNASKED) {
		const struct mst *st = state(S, h);
		Z3_ast roots[MIR_MAX_VARS + 4] = { st->thr, st->ret, st->cut,
					       st->trace };
		size_t n = 4;
		for (int i = 0; i < S->orig->nvars; i++)
			if (S->orig->kinds[i] == MV_FIELD)
				roots[n++] = st->v[i];
		*d = enc_has_division(S->enc.ctx, roots, n) ? DIV_YES : DIV_NO;
	}
	return *d == DIV_YES;
}

bool mir_smt_divides(struct mir_smt *S)
{
	return divides(S, -1);
}

/* The solver of a relation between the runs hs[0..n): one of its own
 * (own_solver()) when one of them divides.  Why there and only there:
 * the method's solver, Z3's incremental core, bit-blasts division and
 * remainder whole and can spend the whole --rlimit on a subsumption
 * question over `(a + b) % c` or `/ x` (30 s each, then unknown),
 * where the qfbv tactic's word-level preprocessing answers in well
 * under a second, as at the expression level (sem/smt.c).  A solver of
 * its own holds only the question (the runs compared, the original's
 * for a subsumption), so its answer does not depend on the questions
 * before it: the same on every machine and -j, from the method cache's
 * tape or not.  Questions against the original (mir_smt_check) stay on
 * the method's solver whatever they divide: their models are the
 * killing inputs printed, and a solver of another kind finds other
 * ones.  A relation's input is only evidence (check/mrel.c runs it on
 * the evaluator), so its model may differ. */
static bool own_question(struct mir_smt *S, const int *hs, int n)
{
	for (int i = 0; i < n; i++)
		if (divides(S, hs[i]))
			return true;
	return false;
}

/* Can a run of mutant h (-1: the original) be cut by the bound? */
static enum cut cut_of(struct mir_smt *S, int h)
{
	unsigned char *c = h < 0 ? &S->ocut : &S->mcut[h];
	if (*c == CUT_UNASKED) {
		Z3_lbool r = ask(S, state(S, h)->cut, NULL);
		*c = r == Z3_L_FALSE ? CUT_NEVER
		     : r == Z3_L_TRUE ? CUT_REACHABLE : CUT_UNKNOWN;
	}
	return *c;
}

/* No run of the original nor of the mutants hs[0..n) is cut. */
static Z3_ast uncut(struct mir_smt *S, const int *hs, int n)
{
	Z3_context c = S->enc.ctx;
	Z3_ast any[4];
	for (int i = 0; i < n; i++)
		any[i] = state(S, hs[i])->cut;
	return Z3_mk_not(c, Z3_mk_or(c, (unsigned)n, any));
}

/* q under the contracts along leader h's run (sem/mir.h: Contracts). */
static Z3_ast kept(struct mir_smt *S, int h, Z3_ast q)
{
	if (!S->contracts)
		return q;
	return Z3_mk_and(S->enc.ctx, 2, (Z3_ast[]){ q, state(S, h)->kept });
}

enum mir_answer mir_smt_check(struct mir_smt *S, int h, struct value *input,
			      const char **reason)
{
	Z3_context c = S->enc.ctx;
	const struct mst *m = state(S, h);
	Z3_ast q = kept(S, -1, uncut(S, (int[]){ -1, h }, 2));
	Z3_lbool r = ask(S, Z3_mk_and(c, 2, (Z3_ast[]){ q, differ(S, &S->o, m) }),
			 input);
	if (r == Z3_L_TRUE)
		return MIR_KILLED;
	if (r == Z3_L_FALSE)
		return cut_of(S, -1) == CUT_NEVER && cut_of(S, h) == CUT_NEVER
		       ? MIR_EQUIVALENT : MIR_BOUNDED;
	*reason = S->reason ? S->reason : "unknown";
	return MIR_UNKNOWN;
}

/* --- a relation by the shapes of its references ---
 *
 * A relation over a method with reference inputs can be hard for Z3 as
 * one question and trivial in every case of which inputs are null,
 * this, or the same object: commons-cli's Option.hashCode (`result =
 * opt != null ? opt.hashCode() : 0; result = 31 * result + (longOpt !=
 * null ? longOpt.hashCode() : 0)`) has a subsumption question that
 * took 22 to 40 million resource units (10 to 15 s) whole, and 10 ms
 * in all for its 10 cases: fixed, the conditions on the references
 * fold, the runs' sums become one term on both sides and nothing is
 * left to bit-blast.  A reference is an id compared only for identity
 * (lang/mir.h: References, Other references, New: fresh ids are out of
 * the inputs' range), so every input is one of these cases up to a
 * renaming of ids, which changes no outcome and no relation: each input
 * reference null (0), this (1), an earlier input reference's object,
 * or an object of its own (2, 3, ... in order), as check/method.c's
 * canon_refs() numbers them.  The other values (integers, fields after
 * calls, call results) stay free.  So the question is asked whole
 * first, with at most SPLIT_FIRST units (SPLIT_FIRST_ONE with one
 * reference: its three cases fold little, and on Option.acceptsArg
 * each took about as long as the whole question, 0.5M units against
 * 0.7M); when that limit stops it, it
 * is asked again in each case (SPLIT_MAX of them at most, in a fixed
 * order, each alone on a solver of its own, as own_question()'s, so
 * that its answer does not depend on the questions before it, under the
 * limits of any question): unsat in every case
 * is a proof, sat in one refutes it with that case's input.  Java only
 * (a C pointer's value can be more than its identity), and not with
 * arrays (their ids are a range of their own). */
#define SPLIT_FIRST 200000u
#define SPLIT_FIRST_ONE 1000000u
#define SPLIT_MAX 64

struct shapes {
	int refs[MIR_MAX_VARS], n;
	int val[MIR_MAX_VARS];
};

/* The number of cases from reference k on with f objects of their own
 * so far (capped past SPLIT_MAX). */
static int shapes_count(int k, int n, int f)
{
	if (k == n)
		return 1;
	int r = 0;
	for (int v = 0; v < 2 + f + 1 && r <= SPLIT_MAX; v++)
		r += shapes_count(k + 1, n, v == 2 + f ? f + 1 : f);
	return r;
}

/* The reference inputs of the original, or 0 when it is not split. */
static int shape_refs(const struct mir_smt *S, struct shapes *P)
{
	const struct mmethod *o = S->orig;
	P->n = 0;
	if (o->profile || o->arrs || S->natype)
		return 0;
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] != MV_LOCAL && (o->refs & (1u << i)))
			P->refs[P->n++] = i;
	if (!P->n || shapes_count(0, P->n, 0) > SPLIT_MAX)
		P->n = 0;
	return P->n;
}

struct split {
	struct mir_smt *S;
	Z3_ast q;
	bool own;
	struct shapes P;
	struct value *input;
	Z3_lbool r;            /* sat found, else unknown if one was */
	const char *reason;
};

static void split_case(struct split *X, int k, int f)
{
	struct mir_smt *S = X->S;
	Z3_context c = S->enc.ctx;
	if (X->r == Z3_L_TRUE)
		return;
	if (k < X->P.n) {
		for (int v = 0; v < 2 + f + 1 && X->r != Z3_L_TRUE; v++) {
			X->P.val[k] = v;
			split_case(X, k + 1, v == 2 + f ? f + 1 : f);
		}
		return;
	}
	Z3_ast parts[MIR_MAX_VARS + 1];
	parts[0] = X->q;
	for (int j = 0; j < X->P.n; j++) {
		int i = X->P.refs[j];
		parts[j + 1] = Z3_mk_eq(c, S->in[i], enc_constant(&S->enc,
				S->orig->types[i], value_int(X->P.val[j])));
	}
	Z3_lbool r = ask_in(S, Z3_mk_and(c, (unsigned)X->P.n + 1, parts),
			    X->input, true);
	if (r == Z3_L_TRUE)
		X->r = r;
	else if (r == Z3_L_UNDEF && X->r == Z3_L_FALSE) {
		X->r = r;
		X->reason = S->reason;
	}
}

/* q asked whole (with at most SPLIT_FIRST units when its references can
 * be split), then, when that limit stopped it, case by case (above). */
static Z3_lbool ask_split(struct mir_smt *S, Z3_ast q, struct value *input,
			  bool own)
{
	struct split X = { .S = S, .q = q, .own = own, .input = input,
			   .r = Z3_L_FALSE };
	if (!shape_refs(S, &X.P))
		return ask_in(S, q, input, own);
	unsigned first = X.P.n > 1 ? SPLIT_FIRST : SPLIT_FIRST_ONE;
	S->qcap = first;
	uint64_t spent = S->spent;
	Z3_lbool r = ask_in(S, q, input, own);
	S->qcap = 0;
	/* stopped by the cap (what it spent reached it), not the budget */
	if (r != Z3_L_UNDEF || !S->reason || strncmp(S->reason, "budget", 6) == 0 ||
	    (S->budget && S->spent - spent < first))
		return r;
	split_case(&X, 0, 0);
	if (X.r == Z3_L_UNDEF)
		S->reason = X.reason;
	return X.r;
}

/* q over runs nobody cut (of hs[0..n)): unsat, when no such run can be
 * cut at all, is a proof; sat is refuted, with input.  The cuts are
 * asked first (once per method): a run that can be cut leaves every
 * relation of its mutant open, whatever q. */
static enum mir_rel relation(struct mir_smt *S, Z3_ast q, const int *hs,
			     int n, struct value *input, const char **reason)
{
	Z3_context c = S->enc.ctx;
	for (int i = 0; i < n; i++)
		if (cut_of(S, hs[i]) != CUT_NEVER) {
			*reason = "a loop can run longer than the bound";
			return MIR_UNDECIDED;
		}
	Z3_lbool r = ask_split(S, Z3_mk_and(c, 2, (Z3_ast[]){ uncut(S, hs, n), q }),
			       input, own_question(S, hs, n));
	if (r == Z3_L_TRUE)
		return MIR_REFUTED;
	if (r == Z3_L_FALSE)
		return MIR_PROVEN;
	*reason = S->reason ? S->reason : "unknown";
	return MIR_UNDECIDED;
}

enum mir_rel mir_smt_same(struct mir_smt *S, int a, int b, struct value *input,
			  const char **reason)
{
	return relation(S, kept(S, a, differ(S, state(S, a), state(S, b))),
			(int[]){ a, b }, 2, input, reason);
}

enum mir_rel mir_smt_subsumes(struct mir_smt *S, int a, int b,
			      struct value *input, const char **reason)
{
	Z3_context c = S->enc.ctx;
	Z3_ast q = Z3_mk_and(c, 2, (Z3_ast[]){
		differ(S, &S->o, state(S, a)),
		Z3_mk_not(c, differ(S, &S->o, state(S, b))) });
	return relation(S, kept(S, -1, q), (int[]){ -1, a, b }, 3, input, reason);
}

/* bits hi..lo of the numeral v. */
static int64_t bits_of(Z3_context c, Z3_ast v, unsigned hi, unsigned lo)
{
	uint64_t u = 0;
	Z3_ast x = Z3_simplify(c, Z3_mk_extract(c, hi, lo, v));
	if (!Z3_get_numeral_uint64(c, x, &u))
		return -1;
	return (int64_t)u;
}

/* The events of a concrete trace t (cons cells, the last first). */
static int read_trace(struct mir_smt *S, const struct mmethod *mm, Z3_ast t,
		      struct mrun *out)
{
	Z3_context c = S->enc.ctx;
	int n = 0;
	for (Z3_ast x = t; Z3_get_app_decl(c, Z3_to_app(c, x)) != S->nil;
	     x = Z3_get_app_arg(c, Z3_to_app(c, x), 1))
		if (Z3_get_app_decl(c, Z3_to_app(c, x)) != S->cons ||
		    ++n > MIR_MAX_EVENTS)
			return -1;
	out->nevents = n;
	for (Z3_ast x = t; n > 0; x = Z3_get_app_arg(c, Z3_to_app(c, x), 1)) {
		Z3_ast ev = Z3_get_app_arg(c, Z3_to_app(c, x), 0);
		struct mevent *e = &out->events[--n];
		unsigned top = EV_WIDTH(S);
		e->id = (int)bits_of(c, ev, top - 1, top - 8);
		e->nargs = -1;
		for (int j = 0; j < mm->ncallees; j++)
			if (mm->callees[j].id == e->id)
				e->nargs = mm->callees[j].nargs;
		if (e->nargs < 0)
			return -1;
		for (int i = 0; i < e->nargs; i++) {
			unsigned lo = top - 8 - 64 * (unsigned)(i + 1);
			e->args[i].bits = (uint64_t)bits_of(c, ev, lo + 63, lo);
		}
		e->nseen = S->nf;
		for (int j = 0; j < S->nf; j++) {
			unsigned lo = top - 8 - 64 * (unsigned)(MIR_MAX_ARGS + j + 1);
			e->seen[j].bits = (uint64_t)bits_of(c, ev, lo + 63, lo);
		}
	}
	return 0;
}

int mir_smt_outcome(struct mir_smt *S, const struct mmethod *mm,
		    const struct value *in, struct mrun *out)
{
	Z3_context c = S->enc.ctx;
	struct mst st;
	Z3_ast cin[MIR_MAX_VARS];
	for (int i = 0; i < mm->nvars; i++)
		cin[i] = enc_constant(&S->enc, mm->types[i], in[i]);
	S->oracle = in + MIR_RES;
	mir_arr_concrete(S, in, false);
	mir_run(S, mm, cin, &st);
	mir_arr_concrete(S, in, true);
	S->oracle = NULL;
	memset(out, 0, sizeof(*out));
	Z3_ast t[3] = { Z3_simplify(c, st.thr), Z3_simplify(c, st.cut),
			Z3_simplify(c, st.ret) };
	out->threw = Z3_get_bool_value(c, t[0]) == Z3_L_TRUE;
	if (out->threw && S->typed) {
		uint64_t k = 0;
		if (!Z3_get_numeral_uint64(c, Z3_simplify(c, st.exc), &k))
			return -1;
		out->exc = (int)k;
	}
	out->cut = Z3_get_bool_value(c, t[1]) == Z3_L_TRUE;
	if (S->calls_made && read_trace(S, mm, Z3_simplify(c, st.trace), out) < 0)
		return -1;
	if (out->threw) /* values after C's UB may be left open (fp.to_sbv) */
		return Z3_get_error_code(c) == Z3_OK ? 0 : -1;
	if (mm->ret && enc_read_value(&S->enc, t[2], mm->ret, &out->ret) < 0)
		return -1;
	for (int i = 0; i < mm->nvars; i++)
		if (enc_read_value(&S->enc, Z3_simplify(c, st.v[i]), mm->types[i],
				   &out->vars[i]) < 0)
			return -1;
	if (S->natype && mir_arr_outcome(S, &st, in, out) < 0)
		return -1;
	return Z3_get_error_code(c) == Z3_OK ? 0 : -1;
}
