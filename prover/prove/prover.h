/*
 * prover.h - internal to prover/prove/: the state of proving one
 * analysis, shared by its steps.  prove.c drives them in order:
 *
 *   pool.c       the test pool (seeded with boundary and pseudo-random
 *                inputs; every confirmed witness joins it)
 *   search.c     one question: pool, concrete search, then Z3
 *   relations.c  equivalence, duplicates, subsumption
 *   minimal.c    classes, minimal set, witnesses, lower bound
 *   verdict.c    per-mutant verdicts from a finished result
 *
 * Ownership: the pool's arrays are heap memory freed by pool_free();
 * everything in struct result lives in the caller's arena.
 */
#ifndef SUBSUME_PROVER_H
#define SUBSUME_PROVER_H

#include "prove/prove.h"
#include "sem/smt.h"

#define POOL_SEED_MAX 256
#define POOL_RANDOM 64
#define SEARCH_GRID 1200
#define GRID_MAX_CELLS 6561 /* 3^8: the grid never holds more inputs */
#define SEARCH_RANDOM 400
#define R_PENDING 3 /* a pair not decided yet (never in a result) */

struct pool {
	int nprogs;            /* original + mutants */
	int n, cap;            /* inputs */
	struct value *inputs;  /* [cap][MAX_VARS] */
	uint64_t *fp;          /* [cap][nprogs] observed-outcome fingerprints */
	int words, capwords;   /* bitset words per mutant */
	uint64_t **kills;      /* [nprogs] bitset over inputs */
};

/* The concrete search's grid (search.c), built at the first search. */
struct grid {
	bool built;
	int n;                 /* inputs */
	struct value *inputs;  /* [n][MAX_VARS] */
	bool *holds;           /* [n] the assumptions hold (decided) */
	uint64_t *fp;          /* [n][nprogs] outcome fingerprints */
	unsigned char *state;  /* [n][nprogs] not yet evaluated, ok, overflow */
};

struct prover {
	struct arena *a;
	const struct analysis *an;
	const struct prove_opts *opts;
	struct result *r;
	struct smt *smt;
	struct pool pool;
	struct grid grid;
	size_t capw, capu, capp;
};

/* pool.c */
/* Program p of an analysis: 0 the original, 1..n the mutants. */
const struct node *prog_expr(const struct analysis *an, int p);
/* Add an input; its index, or -1 when the assumptions do not hold or
 * the evaluator cannot decide it (an integer left int64). */
int pool_add(struct prover *P, const struct value *in);
/* A fingerprint of what the analysis observes of an outcome. */
uint64_t outcome_fp(const struct analysis *an, const struct outcome *o);
/* Fingerprint of program p's observed outcome on pool input i. */
uint64_t pool_fp(const struct pool *pl, int i, int p);
/* First input on which a and b differ, or -1. */
int pool_distinct(const struct pool *pl, int a, int b);
/* First input that kills a but not b (b = 0: kills a), or -1. */
int pool_kill_not(const struct pool *pl, int a, int b);
/* Do a and b kill exactly the same pool inputs? */
bool pool_same_kills(const struct pool *pl, int a, int b);
/* How many pool inputs kill p. */
int pool_count(const struct pool *pl, int p);
void pool_seed(struct prover *P);
void pool_free(struct pool *pl);
/* Deterministic pseudo-random numbers and values of a type. */
uint64_t xorshift(uint64_t *x);
struct value random_value(uint64_t *x, const struct type *t, bool small);

/* search.c: R_NO (a witness is now in the pool), R_YES (Z3 proved no
 * such input exists) or R_UNKNOWN (recorded in the result as uk). */
enum rel prove_ask(struct prover *P, enum smt_query q, int a, int b,
		   enum unknown_kind uk);
void grid_free(struct grid *g);

/* relations.c */
void step_equivalence(struct prover *P);
void step_duplicates(struct prover *P);
void step_subsumption(struct prover *P);

/* minimal.c */
void step_classes(struct prover *P);
void step_witnesses(struct prover *P);
unsigned lower_bound(const struct result *r);

#endif
