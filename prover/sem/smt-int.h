/*
 * smt-int.h - what sem/smt.c (queries) and sem/smt-ctx.c (contexts,
 * solvers, the shared per-worker context) share; private to sem/.
 *
 * Ownership: a struct smt owns its solver, its progs and, unless
 * `shared` is set, its context and tactics; a shared context belongs to
 * its struct smt_shared, which one analysis at a time uses (`busy`).
 */
#ifndef SEM_SMT_INT_H
#define SEM_SMT_INT_H

#include "sem/smt.h"

#include <z3.h>

/* The last Z3 error of this thread (set by the context's error handler,
 * which replaces Z3's default one that exits). */
struct smt_z3err {
	bool failed;
	bool memout;  /* Z3_MEMOUT_FAIL: Z3 ran out of memory */
	char msg[256];
};
extern _Thread_local struct smt_z3err smt_z3err;

struct prog {
	bool built;
	bool division;      /* uses a bit-vector division or remainder */
	bool fp_rem;        /* a remainder of doubles (enc_costs()) */
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
	bool fresh;         /* --naive: a general solver per question */
	bool retry;         /* shared: an answer other than unsat came */
	bool all_bv;        /* no unbounded integer: the qfbv tactic applies */
	bool assume_division; /* the assumptions divide */
	struct smt_shared *shared; /* ctx and solver belong to it, or NULL */
	Z3_tactic tactic;   /* qfbv, for division queries */
	bool floating;      /* a floating value anywhere: the qffpbv tactic */
	Z3_tactic fptactic; /* made at the first floating query, or NULL */
	unsigned calls;
	/* The analysis' budget (smt_set_budget(); own contexts only): Z3
	 * resource units it may spend in all, and spent so far; rl_set: the
	 * limit now set on the simple solver */
	uint64_t budget, spent;
	unsigned rl_set;
	bool heavy;         /* smt_heavy() */
	char reason[300];
	bool export_;       /* keep the SMT-LIB text of unsat answers */
	struct strbuf smt2; /* the last one's (export_ only) */
	bool smt2_valid;
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

/* If Z3 reported an error while doing `what`: recover_jump() to the
 * thread's recovery point (base/util.h), or BUG() without one. */
void smt_check_z3(const char *what);
/* A solver of s's kind (simple, or general for --naive) with s's limits;
 * the caller owns one reference. */
Z3_solver smt_new_solver(struct smt *s);
/* The resource limit of a solver (0: none) and its memory cap. */
void smt_set_rlimit(Z3_context c, Z3_solver solver, unsigned rlimit);
/* The context's resource count so far (Z3's "rlimit count", which
 * every solver of the context adds to), read through solver. */
uint64_t smt_rlimit_count(Z3_context c, Z3_solver solver);
/* solver with one reference taken and the resource limit rlimit set. */
Z3_solver smt_own_solver(Z3_context c, Z3_solver solver, unsigned rlimit);
/* The tactic of that name, with one reference taken. */
Z3_tactic smt_new_tactic(Z3_context c, const char *name);
/* Z3's qfbv tactic without its dependence on the memory of the whole
 * process (smt-ctx.c says how), referenced; use it, not
 * smt_new_tactic(c, "qfbv"). */
Z3_tactic smt_qfbv_tactic(Z3_context c);
/* s's context, solver and declarations, made at its first question
 * (a no-op after). */
void smt_ready(struct smt *s);
/* The analysis' input variables, and its assumptions asserted on the
 * solver at the current scope (sem/smt.c). */
void smt_declare(struct smt *s);

#endif
