/*
 * mir-encode.c - the method IR in Z3 (sem/mir.h).  Expressions are
 * encoded by enc_expr() (sem/encode.c); this file adds the statements,
 * as guarded updates of a symbolic state: every statement's effect is
 * kept only where the run is still going (no exception, return, break,
 * continue or cut so far), branches are merged with ite, loops are
 * unrolled to the bound.  The questions asked of it are in mir-solve.c.
 */
#include "sem/mir-int.h"

#include <string.h>


static Z3_ast running(Z3_context c, const struct mst *st)
{
	Z3_ast stop[5] = { st->thr, st->retf, st->brk, st->cont, st->cut };
	return Z3_mk_not(c, Z3_mk_or(c, 5, stop));
}

/* *st = g ? *t : *st, field by field. */
static void pick(struct mir_smt *S, Z3_ast g, struct mst *st,
		 const struct mst *t)
{
	Z3_context c = S->enc.ctx;
	for (int i = 0; i < S->enc.nvars; i++)
		st->v[i] = Z3_mk_ite(c, g, t->v[i], st->v[i]);
	st->thr = Z3_mk_ite(c, g, t->thr, st->thr);
	if (S->typed)
		st->exc = Z3_mk_ite(c, g, t->exc, st->exc);
	st->retf = Z3_mk_ite(c, g, t->retf, st->retf);
	st->ret = Z3_mk_ite(c, g, t->ret, st->ret);
	st->brk = Z3_mk_ite(c, g, t->brk, st->brk);
	st->cont = Z3_mk_ite(c, g, t->cont, st->cont);
	st->cut = Z3_mk_ite(c, g, t->cut, st->cut);
	if (S->calls_made)
		st->trace = Z3_mk_ite(c, g, t->trace, st->trace);
	if (S->results || S->nf)
		st->ncalls = Z3_mk_ite(c, g, t->ncalls, st->ncalls);
	if (S->contracts)
		st->kept = Z3_mk_ite(c, g, t->kept, st->kept);
	mir_arr_pick(S, g, st, t);
}

static Z3_ast exc_kind(struct mir_smt *S, unsigned k)
{
	return Z3_mk_int(S->enc.ctx, (int)k, Z3_mk_bv_sort(S->enc.ctx, 8));
}

static Z3_ast expr(struct mir_smt *S, const struct node *n, struct mst *st)
{
	struct enc_env e;
	memcpy(e.v, st->v, sizeof(e.v));
	e.thr = st->thr;
	Z3_ast r = enc_expr(&S->enc, n, &e);
	if (S->typed && e.thr != st->thr) { /* it may throw: Arithmetic- */
		Z3_context c = S->enc.ctx;  /* Exception, its store undone */
		for (int i = 0; i < S->enc.nvars; i++) /* (a catch sees it) */
			if (e.v[i] != st->v[i])
				e.v[i] = Z3_mk_ite(c, e.thr, st->v[i], e.v[i]);
		st->exc = Z3_mk_ite(c, st->thr, st->exc,
				    exc_kind(S, MIR_EXC_ARITH));
	}
	memcpy(st->v, e.v, sizeof(e.v));
	st->thr = e.thr;
	return r;
}

static void stmt(struct mir_smt *S, const struct mstmt *s, struct mst *st);

/* Iteration k of loop L, entered with st running. */
static void iter(struct mir_smt *S, const struct mstmt *L, struct mst *st,
		 unsigned k)
{
	Z3_context c = S->enc.ctx;
	Z3_ast cond = Z3_mk_true(c);
	if ((L->test_first || k > 0) && L->e)
		cond = expr(S, L->e, st);
	Z3_ast go = Z3_mk_and(c, 2, (Z3_ast[]){ cond, running(c, st) });
	struct mst b = *st;
	if (k == S->bound) {
		b.cut = Z3_mk_true(c);
	} else {
		stmt(S, L->body, &b);
		b.cont = Z3_mk_false(c);
		if (L->update)
			stmt(S, L->update, &b);
		struct mst next = b;
		iter(S, L, &next, k + 1);
		pick(S, running(c, &b), &b, &next);
	}
	pick(S, go, st, &b);
}

/* A switch: a run not yet entered is still in the state before it, so
 * each group is run on the state so far where the run has entered it
 * or an earlier one (fall-through), which a break stops. */
static void switch_body(struct mir_smt *S, const struct mstmt *s,
			struct mst *st)
{
	Z3_context c = S->enc.ctx;
	Z3_ast sel = expr(S, s->e, st);
	Z3_ast *hit = xcalloc((size_t)s->nkids + 1, sizeof(*hit));
	hit[s->nkids] = Z3_mk_false(c);
	for (int i = 0; i < s->nkids; i++) {
		const struct mstmt *g = s->kids[i];
		hit[i] = Z3_mk_false(c);
		for (int j = 0; j < g->nlabels; j++)
			hit[i] = Z3_mk_or(c, 2, (Z3_ast[]){ hit[i],
				Z3_mk_eq(c, sel, expr(S, g->labels[j], st)) });
	}
	Z3_ast none = Z3_mk_not(c, Z3_mk_or(c, (unsigned)s->nkids + 1, hit));
	Z3_ast in = Z3_mk_false(c);
	for (int i = 0; i < s->nkids; i++) {
		Z3_ast enter = s->kids[i]->dflt
			       ? Z3_mk_or(c, 2, (Z3_ast[]){ hit[i], none }) : hit[i];
		in = Z3_mk_or(c, 2, (Z3_ast[]){ in, enter });
		struct mst t = *st;
		stmt(S, s->kids[i]->body, &t);
		pick(S, in, st, &t);
	}
	st->brk = Z3_mk_false(c);
	free(hit);
}

/* The opaque value f(k) (R: a call's result, H: a field after a call)
 * as type t: its low bits (a boolean: bit 0); from the oracle's n
 * entries when there is one. */
static Z3_ast opaque(struct mir_smt *S, Z3_func_decl f, const struct value *or,
		     int n, const struct type *t, Z3_ast k)
{
	Z3_context c = S->enc.ctx;
	Z3_sort s64 = Z3_mk_bv_sort(c, 64), s32 = Z3_mk_bv_sort(c, 32);
	Z3_ast r;
	if (or) {
		r = Z3_mk_int64(c, 0, s64);
		for (int i = n - 1; i >= 0; i--)
			r = Z3_mk_ite(c, Z3_mk_eq(c, k, Z3_mk_int(c, i, s32)),
				      Z3_mk_unsigned_int64(c, or[i].bits, s64), r);
	} else {
		r = Z3_mk_app(c, f, 1, &k);
	}
	if (t->kind == TK_BOOLEAN)
		return Z3_mk_eq(c, Z3_mk_extract(c, 0, 0, r),
				Z3_mk_int(c, 1, Z3_mk_bv_sort(c, 1)));
	return t->bits < 64 ? Z3_mk_extract(c, (unsigned)t->bits - 1, 0, r) : r;
}

static Z3_ast result(struct mir_smt *S, const struct type *t, Z3_ast k)
{
	return opaque(S, S->rfun, S->oracle, MIR_MAX_RESULTS, t, k);
}

/* a, a value of type t, as 64 bits in an event. */
static Z3_ast bits64(struct mir_smt *S, const struct type *t, Z3_ast a)
{
	Z3_context c = S->enc.ctx;
	if (t->kind == TK_FLOAT) /* as a test compares it */
		a = enc_float_observed(&S->enc, a, t, S->orig->fcmp);
	if (t->kind == TK_BOOLEAN)
		return Z3_mk_ite(c, a, Z3_mk_int(c, 1, Z3_mk_bv_sort(c, 64)),
				 Z3_mk_int(c, 0, Z3_mk_bv_sort(c, 64)));
	if (t->kind == TK_FLOAT && t->bits < 64)
		return Z3_mk_zero_ext(c, 64 - (unsigned)t->bits, a);
	if (t->bits < 64)
		return t->is_signed ? Z3_mk_sign_ext(c, 64 - (unsigned)t->bits, a)
				    : Z3_mk_zero_ext(c, 64 - (unsigned)t->bits, a);
	return a;
}

/* Calls and fields (sem/mir.h): the fields' values at the call appended
 * to the event ev, then each field j gets H(k * nf + j), k the calls
 * made so far (where the run makes the call: nothing threw). */
static Z3_ast havoc(struct mir_smt *S, Z3_ast ev, struct mst *st)
{
	Z3_context c = S->enc.ctx;
	const struct mmethod *m = S->orig;
	Z3_sort s32 = Z3_mk_bv_sort(c, 32);
	Z3_ast base = Z3_mk_bvmul(c, st->ncalls, Z3_mk_int(c, S->nf, s32));
	for (int i = 0, j = 0; i < m->nvars; i++) {
		if (m->kinds[i] != MV_FIELD)
			continue;
		if (S->cur->kinds[i] != MV_FIELD)
			BUG("a mutant's fields are not its original's");
		ev = Z3_mk_concat(c, ev, bits64(S, m->types[i], st->v[i]));
		Z3_ast k = Z3_mk_bvadd(c, base, Z3_mk_int(c, j++, s32));
		st->v[i] = Z3_mk_ite(c, st->thr, st->v[i],
				     opaque(S, S->hfun, S->oracle ? S->oracle +
					    (MIR_HAV - MIR_RES) : NULL,
					    MIR_MAX_HAVOC, m->types[i], k));
	}
	return ev;
}

/* A call: its arguments, then the event on the trace; its result (s->e,
 * when used) is R(the calls made so far).  On a null receiver (a call
 * on a reference: args[0]) it throws after the arguments, before the
 * call. */
static void call(struct mir_smt *S, const struct mstmt *s, struct mst *st)
{
	Z3_context c = S->enc.ctx;
	const struct mcallee *ce = &S->cur->callees[s->callee];
	Z3_ast ev = Z3_mk_int(c, ce->id, Z3_mk_bv_sort(c, 8)), recv = NULL;
	for (int i = 0; i < MIR_MAX_ARGS; i++) {
		Z3_ast a = Z3_mk_int(c, 0, Z3_mk_bv_sort(c, 64));
		if (i < s->nargs) {
			Z3_ast x = expr(S, s->args[i], st);
			recv = i ? recv : x;
			a = bits64(S, ce->args[i], x);
		}
		ev = Z3_mk_concat(c, ev, a);
	}
	if (ce->recv) { /* NullPointerException, unless an argument threw */
		Z3_ast null = Z3_mk_eq(c, recv, enc_constant(&S->enc,
					ce->args[0], value_int(0)));
		if (S->typed)
			st->exc = Z3_mk_ite(c, st->thr, st->exc,
				Z3_mk_ite(c, null, exc_kind(S, MIR_EXC_NULL), st->exc));
		st->thr = Z3_mk_or(c, 2, (Z3_ast[]){ st->thr, null });
	}
	if (S->nf)
		ev = havoc(S, ev, st);
	/* no call when an argument threw */
	st->trace = Z3_mk_ite(c, st->thr, st->trace,
			      Z3_mk_app(c, S->cons, 2, (Z3_ast[]){ ev, st->trace }));
	if (!S->results && !S->nf)
		return;
	if (s->e) {
		Z3_ast r = result(S, s->e->type, st->ncalls);
		if (S->contracts && s->assume) { /* it holds, without throwing */
			struct enc_env e;
			memcpy(e.v, st->v, sizeof(e.v));
			e.v[s->e->var] = r;
			e.thr = Z3_mk_false(c);
			Z3_ast h = enc_expr(&S->enc, s->assume, &e);
			h = Z3_mk_and(c, 3, (Z3_ast[]){ st->kept, h,
							Z3_mk_not(c, e.thr) });
			st->kept = Z3_mk_ite(c, st->thr, st->kept, h);
		}
		st->v[s->e->var] = Z3_mk_ite(c, st->thr, st->v[s->e->var], r);
	}
	Z3_sort s32 = Z3_mk_bv_sort(c, 32);
	st->ncalls = Z3_mk_ite(c, st->thr, st->ncalls,
			       Z3_mk_bvadd(c, st->ncalls, Z3_mk_int(c, 1, s32)));
}

/* A try statement (lang/mir.h: Exceptions): each catch clause on the
 * state after the body where its mask is the first to take the kind
 * thrown, then the finally block on every exit: the pending exit (an
 * exception, a return, a break, a continue) set aside and restored
 * where the finally block completes normally. */
static void try_stmt(struct mir_smt *S, const struct mstmt *s, struct mst *st)
{
	Z3_context c = S->enc.ctx;
	stmt(S, s->body, st);
	struct mst after = *st;
	Z3_ast taken = Z3_mk_false(c);
	for (int i = 0; i < s->nkids; i++) {
		Z3_ast in = Z3_mk_false(c);
		for (int k = 0; k < MIR_MAX_EXC; k++)
			if (s->kids[i]->exc & (1u << k))
				in = Z3_mk_or(c, 2, (Z3_ast[]){ in,
					Z3_mk_eq(c, after.exc, exc_kind(S, (unsigned)k)) });
		Z3_ast hit = Z3_mk_and(c, 3, (Z3_ast[]){ after.thr, in,
						  Z3_mk_not(c, taken) });
		taken = Z3_mk_or(c, 2, (Z3_ast[]){ taken, hit });
		struct mst t = after;
		t.thr = Z3_mk_false(c);
		stmt(S, s->kids[i]->body, &t);
		pick(S, hit, st, &t);
	}
	if (!s->els)
		return;
	struct mst f = *st;
	f.thr = f.retf = f.brk = f.cont = Z3_mk_false(c);
	stmt(S, s->els, &f);
	Z3_ast normal = running(c, &f);
	f.thr = Z3_mk_ite(c, normal, st->thr, f.thr);
	f.exc = Z3_mk_ite(c, normal, st->exc, f.exc);
	f.retf = Z3_mk_ite(c, normal, st->retf, f.retf);
	f.ret = Z3_mk_ite(c, normal, st->ret, f.ret);
	f.brk = Z3_mk_ite(c, normal, st->brk, f.brk);
	f.cont = Z3_mk_ite(c, normal, st->cont, f.cont);
	*st = f;
}

static void stmt_body(struct mir_smt *S, const struct mstmt *s, struct mst *st)
{
	Z3_context c = S->enc.ctx;
	switch (s->kind) {
	case MS_SKIP:
		return;
	case MS_EXPR:
		expr(S, s->e, st);
		return;
	case MS_BLOCK:
		for (int i = 0; i < s->nkids; i++)
			stmt(S, s->kids[i], st);
		return;
	case MS_IF: {
		Z3_ast cond = expr(S, s->e, st);
		struct mst t = *st;
		stmt(S, s->body, &t);
		if (s->els)
			stmt(S, s->els, st);
		pick(S, cond, st, &t);
		return;
	}
	case MS_LOOP:
		iter(S, s, st, 0);
		st->brk = Z3_mk_false(c);
		return;
	case MS_BREAK:
		st->brk = Z3_mk_true(c);
		return;
	case MS_CONTINUE:
		st->cont = Z3_mk_true(c);
		return;
	case MS_RETURN:
		if (s->e)
			st->ret = expr(S, s->e, st);
		/* typed: a return whose value throws does not return (a
		 * catch may take it) */
		st->retf = S->typed ? Z3_mk_not(c, st->thr) : Z3_mk_true(c);
		return;
	case MS_THROW:
		st->thr = Z3_mk_true(c);
		if (S->typed)
			st->exc = exc_kind(S, s->exc);
		return;
	case MS_TRY:
		try_stmt(S, s, st);
		return;
	case MS_SWITCH:
		switch_body(S, s, st);
		return;
	case MS_CALL:
		call(S, s, st);
		return;
	case MS_ALOAD:
	case MS_ASTORE:
	case MS_ALEN:
	case MS_ANEW: { /* its args in order, then mir-aenc.c */
		Z3_ast a[3];
		for (int i = 0; i < s->nargs; i++)
			a[i] = expr(S, s->args[i], st);
		mir_arr_stmt(S, s, st, a);
		return;
	}
	case MS_CASE:
	case MS_CATCH:
		break;
	}
	BUG("bad statement kind %d", s->kind);
}

/* A statement's effect where the run is going. */
static void stmt(struct mir_smt *S, const struct mstmt *s, struct mst *st)
{
	struct mst t = *st;
	stmt_body(S, s, &t);
	pick(S, running(S->enc.ctx, st), st, &t);
}

/* Can n throw (a division or a remainder)? */
static bool node_divides(const struct node *n)
{
	return n && ((n->kind == N_BINARY && (n->op == OP_DIV ||
					      n->op == OP_REM)) ||
		     node_divides(n->a) || node_divides(n->b) ||
		     node_divides(n->c));
}

/* The kinds of exception a run of s may end with (bit k: kind k), a
 * superset: its throws' kinds, ArithmeticException where it divides. */
static unsigned stmt_kinds(const struct mstmt *s)
{
	if (!s)
		return 0;
	unsigned m = s->kind == MS_THROW ? 1u << s->exc : mir_arr_kinds(s);
	if (node_divides(s->e))
		m |= 1u << MIR_EXC_ARITH;
	for (int i = 0; i < s->nlabels; i++)
		if (node_divides(s->labels[i]))
			m |= 1u << MIR_EXC_ARITH;
	for (int i = 0; i < s->nargs; i++)
		if (node_divides(s->args[i]))
			m |= 1u << MIR_EXC_ARITH;
	for (int i = 0; i < s->nkids; i++)
		m |= stmt_kinds(s->kids[i]);
	return m | stmt_kinds(s->body) | stmt_kinds(s->els) |
	       stmt_kinds(s->update);
}

/* Has s a throw or a try statement? */
static bool throws(const struct mstmt *s)
{
	if (!s)
		return false;
	if (s->kind == MS_THROW || s->kind == MS_TRY)
		return true;
	for (int i = 0; i < s->nkids; i++)
		if (throws(s->kids[i]))
			return true;
	return throws(s->body) || throws(s->els) || throws(s->update);
}

/* Does m read through a reference (then its builds put null checks,
 * lang/mir.h: References; a mutant reads only the original's paths)? */
static bool reads_heap(const struct mmethod *m)
{
	for (int i = 0; i < m->nvars; i++)
		if (m->kinds[i] == MV_HEAP)
			return true;
	return false;
}

/* Does m call a method on a reference (a null receiver throws
 * NullPointerException; a mutant calls only the original's callees)? */
static bool calls_on_refs(const struct mmethod *m)
{
	for (int i = 0; i < m->ncallees; i++)
		if (m->callees[i].recv)
			return true;
	return false;
}

void mir_run(struct mir_smt *S, const struct mmethod *m, const Z3_ast *in,
	     struct mst *st)
{
	Z3_context c = S->enc.ctx;
	S->cur = m;
	if (m->ncallees > S->orig->ncallees)
		BUG("a mutant with calls its original does not make");
	if (!S->results && mir_uses_results(m))
		BUG("a mutant using call results its original does not");
	/* a mutant's calls may need fewer or more temporaries (lang/mir.h) */
	S->enc.nvars = m->nvars;
	st->trace = S->calls_made ? Z3_mk_app(c, S->nil, 0, NULL) : NULL;
	st->ncalls = S->results || S->nf ? Z3_mk_int(c, 0, Z3_mk_bv_sort(c, 32))
					 : NULL;
	for (int i = 0; i < m->nvars; i++)
		st->v[i] = m->kinds[i] == MV_LOCAL
			   ? enc_constant(&S->enc, m->types[i], value_int(0))
			   : in[i];
	st->thr = st->retf = st->brk = st->cont = st->cut = Z3_mk_false(c);
	st->kept = S->contracts ? Z3_mk_true(c) : NULL;
	mir_arr_start(S, st);
	if (!S->typed && !m->profile && throws(m->body))
		BUG("a mutant that throws where its original does not (a patch "
		    "adds no throw, try or read through a reference)");
	st->exc = S->typed ? exc_kind(S, MIR_EXC_ARITH) : NULL;
	st->kinds = !S->typed ? 1u : stmt_kinds(m->body) |
		(calls_on_refs(m) ? 1u << MIR_EXC_NULL : 0);
	st->ret = m->ret ? enc_constant(&S->enc, m->ret, value_int(0))
			 : Z3_mk_false(c);
	stmt(S, m->body, st);
}

static bool stmt_contracts(const struct mstmt *s)
{
	if (!s)
		return false;
	if (s->kind == MS_CALL && s->e && s->assume)
		return true;
	for (int i = 0; i < s->nkids; i++)
		if (stmt_contracts(s->kids[i]))
			return true;
	return stmt_contracts(s->body) || stmt_contracts(s->els) ||
	       stmt_contracts(s->update);
}

bool mir_has_contracts(const struct mmethod *m)
{
	return stmt_contracts(m->body);
}

bool mir_typed(const struct mmethod *orig)
{
	return !orig->profile && (throws(orig->body) || reads_heap(orig) ||
				  calls_on_refs(orig) || orig->arrs);
}
