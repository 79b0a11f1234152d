/*
 * smt-ctx.c - Z3 contexts, solvers and tactics for sem/smt.c: their
 * creation with our error handler and limits, the per-worker shared
 * context, and their release.  See smt-int.h.
 */
#include "sem/smt-int.h"

#include "sem/encode.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

_Thread_local struct smt_z3err smt_z3err;

static void on_error(Z3_context c, Z3_error_code e)
{
	const char *m = Z3_get_error_msg(c, e);
	smt_z3err.failed = true;
	smt_z3err.memout = e == Z3_MEMOUT_FAIL;
	snprintf(smt_z3err.msg, sizeof(smt_z3err.msg), "%s", m ? m : "unknown error");
}

/* A Z3 error while building terms: the group's end when a recovery
 * point is armed (util.h: `subsume check` then releases the analysis'
 * context and goes on with the other groups), else a bug as before. */
void smt_check_z3(const char *what)
{
	if (!smt_z3err.failed)
		return;
	if (recover_armed()) {
		smt_z3err.failed = false;
		recover_jump(smt_z3err.memout ? "memory" : "solver error",
			     "Z3 failed while %s: %s", what, smt_z3err.msg);
	}
	BUG("Z3 failed while %s: %s", what, smt_z3err.msg);
}

/* The per-query resource limit, Z3's deterministic units (0: none),
 * and the memory cap (SMT_MEMORY_MB).  The wall-clock limit is kept by
 * the watchdog (sem/watchdog.h), not by Z3's timeout parameter. */
void smt_set_rlimit(Z3_context c, Z3_solver solver, unsigned rlimit)
{
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "rlimit"), rlimit);
	Z3_params_set_uint(c, p, Z3_mk_string_symbol(c, "max_memory"),
			   SMT_MEMORY_MB);
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
Z3_solver smt_own_solver(Z3_context c, Z3_solver solver, unsigned rlimit)
{
	Z3_solver_inc_ref(c, solver);
	smt_set_rlimit(c, solver, rlimit);
	return solver;
}

uint64_t smt_rlimit_count(Z3_context c, Z3_solver solver)
{
	Z3_stats st = Z3_solver_get_statistics(c, solver);
	Z3_stats_inc_ref(c, st);
	uint64_t n = 0;
	for (unsigned i = 0; i < Z3_stats_size(c, st); i++)
		if (!strcmp(Z3_stats_get_key(c, st, i), "rlimit count"))
			n = Z3_stats_is_uint(c, st, i)
				    ? Z3_stats_get_uint_value(c, st, i)
				    : (uint64_t)Z3_stats_get_double_value(c, st, i);
	Z3_stats_dec_ref(c, st);
	return n;
}

Z3_solver smt_new_solver(struct smt *s)
{
	Z3_solver solver = s->fresh ? Z3_mk_solver(s->ctx)
				    : Z3_mk_simple_solver(s->ctx);
	return smt_own_solver(s->ctx, solver, s->rlimit);
}

/* A context with our error handler (the default one exits). */
static Z3_context new_context(void)
{
	Z3_config cfg = Z3_mk_config();
	Z3_set_param_value(cfg, "model", "true");
	Z3_context c = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(c, on_error);
	smt_z3err.failed = false;
	return c;
}

Z3_tactic smt_new_tactic(Z3_context c, const char *name)
{
	Z3_tactic t = Z3_mk_tactic(c, name);
	Z3_tactic_inc_ref(c, t);
	return t;
}

/*
 * Z3's qfbv tactic, rebuilt from its parts as Z3 4.8.12 composes it
 * (tactic/smtlogics/qfbv_tactic.cpp) but for one step: after
 * bit-blasting, Z3 applies a local-context simplification and the AIG
 * tactic only "when" the memory Z3 holds in the whole process is under
 * 300 MB (its memory probe).  With other contexts alive (-j 2, the
 * shared context) a question near its resource limit was then decided
 * in one run and cut in another: 241,133 units alone, 131,831 beside a
 * context holding 350 MB, for one commons-codec question.  Here the step
 * is always taken, so the units spent depend on the question alone; on
 * 523 questions of the shipped logs and commons-codec the answers and
 * units are those of Z3's qfbv in a process under 300 MB.  (The
 * preprocess=false of the bv1-blast branch's smt tactic is internal to
 * Z3 and not settable here; that branch, for goals of 1-bit vectors
 * only, is not one the encodings make.)  Each helper below takes the
 * references of the tactics it is given.
 */
static Z3_tactic tac(Z3_context c, const char *name)
{
	Z3_tactic t = Z3_mk_tactic(c, name);
	Z3_tactic_inc_ref(c, t);
	return t;
}

static Z3_tactic tac_then(Z3_context c, Z3_tactic a, Z3_tactic b)
{
	Z3_tactic t = Z3_tactic_and_then(c, a, b);
	Z3_tactic_inc_ref(c, t);
	Z3_tactic_dec_ref(c, a);
	Z3_tactic_dec_ref(c, b);
	return t;
}

static Z3_tactic tac_cond(Z3_context c, const char *probe, Z3_tactic a,
			  Z3_tactic b)
{
	Z3_probe p = Z3_mk_probe(c, probe);
	Z3_probe_inc_ref(c, p);
	Z3_tactic t = Z3_tactic_cond(c, p, a, b);
	Z3_tactic_inc_ref(c, t);
	Z3_probe_dec_ref(c, p);
	Z3_tactic_dec_ref(c, a);
	Z3_tactic_dec_ref(c, b);
	return t;
}

/* t with parameters "k1=v1,k2=v2,..." (v: true, false or a number) */
static Z3_tactic tac_with(Z3_context c, Z3_tactic t, const char *params)
{
	Z3_params p = Z3_mk_params(c);
	Z3_params_inc_ref(c, p);
	char buf[200];
	snprintf(buf, sizeof(buf), "%s", params);
	char *save = NULL;
	for (char *kv = strtok_r(buf, ",", &save); kv;
	     kv = strtok_r(NULL, ",", &save)) {
		char *v = strchr(kv, '=');
		*v++ = 0;
		Z3_symbol k = Z3_mk_string_symbol(c, kv);
		if (!strcmp(v, "true") || !strcmp(v, "false"))
			Z3_params_set_bool(c, p, k, !strcmp(v, "true"));
		else
			Z3_params_set_uint(c, p, k, (unsigned)strtoul(v, NULL, 10));
	}
	Z3_tactic r = Z3_tactic_using_params(c, t, p);
	Z3_tactic_inc_ref(c, r);
	Z3_params_dec_ref(c, p);
	Z3_tactic_dec_ref(c, t);
	return r;
}

Z3_tactic smt_qfbv_tactic(Z3_context c)
{
	Z3_tactic pre = tac(c, "simplify");
	pre = tac_then(c, pre, tac(c, "propagate-values"));
	pre = tac_then(c, pre, tac_with(c, tac(c, "solve-eqs"),
					"solve_eqs_max_occs=2"));
	pre = tac_then(c, pre, tac(c, "elim-uncnstr"));
	pre = tac_then(c, pre, tac(c, "reduce-bv-size"));
	pre = tac_then(c, pre, tac_with(c, tac(c, "simplify"),
					"som=true,pull_cheap_ite=true,"
					"push_ite_bv=false,local_ctx=true,"
					"local_ctx_limit=10000000,flat=true,"
					"hoist_mul=false"));
	pre = tac_then(c, pre, tac_with(c, tac(c, "simplify"),
					"hoist_mul=true,som=false"));
	pre = tac_then(c, pre, tac(c, "max-bv-sharing"));
	pre = tac_then(c, pre, tac(c, "ackermannize_bv"));
	Z3_tactic eq = tac_then(c, tac(c, "bv1-blast"), tac(c, "smt"));
	Z3_tactic local = tac_with(c, tac_then(c, tac(c, "simplify"),
					       tac(c, "solve-eqs")),
				   "local_ctx=true");
	Z3_tactic aig = tac_with(c, tac(c, "aig"), "aig_per_assertion=false");
	Z3_tactic bb = tac_then(c, tac(c, "bit-blast"),
				tac_then(c, tac_then(c, local, aig),
					 tac(c, "psat")));
	Z3_tactic body = tac_then(c, pre,
				  tac_cond(c, "is-qfbv-eq", eq,
					   tac_cond(c, "is-qfbv", bb,
						    tac(c, "smt"))));
	return tac_with(c, body,
			"elim_and=true,push_ite_bv=true,blast_distinct=true");
}
static void shared_open(struct smt_shared *sh);

static struct smt *smt_alloc(const struct problem *pb, unsigned timeout_ms,
			     unsigned rlimit)
{
	struct smt *s = xcalloc(1, sizeof(*s));
	s->pb = *pb;
	s->progs = xcalloc((size_t)pb->nprogs, sizeof(*s->progs));
	s->floating = enc_problem_floating(pb);
	s->timeout_ms = timeout_ms;
	s->rlimit = rlimit;
	s->rl_set = rlimit;
	s->heavy = smt_heavy(pb);
	return s;
}

struct smt *smt_new(const struct problem *an, unsigned timeout_ms, bool fresh)
{
	return smt_new_limits(an, timeout_ms, 0, fresh);
}

struct smt *smt_new_limits(const struct problem *an, unsigned timeout_ms,
			   unsigned rlimit, bool fresh)
{
	struct smt *s = smt_alloc(an, timeout_ms, rlimit);
	s->fresh = fresh;
	return s; /* the context is made at the first question */
}

/* Make s's context (its own, or the shared one it was given), solver
 * and declarations, at its first question: an analysis the pool and
 * the concrete search answer makes none (a context of its own costs
 * milliseconds, more than most of its questions). */
void smt_ready(struct smt *s)
{
	if (s->ctx)
		return;
	struct smt_shared *sh = s->shared;
	if (sh) {
		if (!sh->ctx)
			shared_open(sh);
		sh->uses++;
		s->ctx = sh->ctx;
		s->tactic = sh->tactic;
	} else {
		s->ctx = new_context();
		s->tactic = smt_qfbv_tactic(s->ctx);
	}
	s->solver = smt_new_solver(s);
	smt_z3err.failed = false;
	/* s belongs to its analysis here, whose recovery point releases
	 * it (prove/prove.c) */
	smt_declare(s);
}

void smt_free(struct smt *s)
{
	if (!s)
		return;
	if (s->ctx)
		Z3_solver_dec_ref(s->ctx, s->solver);
	if (s->shared) {
		s->shared->busy = false;
		smt_z3err.failed = false;
	} else if (s->ctx) {
		Z3_tactic_dec_ref(s->ctx, s->tactic);
		if (s->fptactic)
			Z3_tactic_dec_ref(s->ctx, s->fptactic);
		Z3_del_context(s->ctx);
	}
	sb_release(&s->smt2);
	free(s->progs);
	free(s);
}

/* The cleanup of a context being set up, at a recovery point. */

static void shared_open(struct smt_shared *sh)
{
	sh->ctx = new_context();
	sh->tactic = smt_qfbv_tactic(sh->ctx);
	sh->uses = 0;
	smt_check_z3("setting up a shared solver");
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

void smt_shared_abandon(struct smt_shared *sh)
{
	if (!sh)
		return;
	sh->busy = false;
	smt_z3err.failed = false;
	smt_shared_free(sh);
}

struct smt *smt_new_alone(struct smt_shared *sh, const struct problem *an)
{
	/* The shared context stays open: it holds the terms of light
	 * analyses only (a few megabytes), and opening it again after
	 * every heavy analysis cost as much as the analysis. */
	if (sh->busy)
		BUG("a shared solver closed while an analysis uses it");
	return smt_new_limits(an, sh->timeout_ms, sh->rlimit, false);
}

struct smt *smt_new_shared(struct smt_shared *sh, const struct problem *an)
{
	if (sh->busy)
		BUG("a shared solver used by two analyses at once");
	if (sh->ctx && sh->uses >= SHARED_MAX_USES)
		shared_close(sh);
	if (smt_heavy(an))
		return smt_new_alone(sh, an);
	sh->busy = true;
	struct smt *s = smt_alloc(an, sh->timeout_ms, sh->rlimit);
	s->shared = sh;
	return s; /* the context is opened at the first question */
}
