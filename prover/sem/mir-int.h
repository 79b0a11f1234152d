/*
 * mir-int.h (sem) - what the method IR's Z3 encoding (mir-encode.c: the
 * statements, a run as a symbolic state) and its questions
 * (mir-solve.c: the solvers, the questions asked of them, models read
 * back as inputs) share; not for use outside sem/mir-*.c.  sem/mir.h
 * says what a run means and what a test sees of it.
 */
#ifndef SUBSUME_SEM_MIR_INT_H
#define SUBSUME_SEM_MIR_INT_H

#include "sem/mir.h"
#include "sem/encode.h"

#define MIR_ATYPES 6 /* element types: boolean and the integers */

/* Can a run be cut by the bound?  Asked once each, then kept. */
enum cut { CUT_UNASKED, CUT_NEVER, CUT_REACHABLE, CUT_UNKNOWN };
/* Does a run's encoding divide?  Looked at once each, then kept. */
enum div { DIV_UNASKED, DIV_NO, DIV_YES };

/* The symbolic state of a run. */
struct mst {
	Z3_ast v[MIR_MAX_VARS];
	Z3_ast thr, retf, ret, brk, cont, cut;
	Z3_ast exc;    /* thr: the kind, 8 bits (lang/mir.h: Exceptions) */
	unsigned kinds; /* the kinds the run may end with (a superset) */
	Z3_ast trace; /* the calls made, the last first: a list of events */
	Z3_ast ncalls; /* how many (32 bits), kept when results are used or
			* fields havocked */
	Z3_ast kept;  /* with contracts: every result so far kept its
		       * callee's contract (sem/mir.h: Contracts) */
	/* arrays (sem/mir.h: Arrays; mir-aenc.c), kept when the original
	 * has array variables: mem[t] the memory of element type atype[t],
	 * lens the lengths, nalloc the arrays created so far (32 bits) */
	Z3_ast mem[MIR_ATYPES], lens, nalloc;
};

/* An event as one bit-vector: the callee's id (8 bits), then each
 * argument as 64 bits (booleans 0 or 1, integers sign- or zero-extended
 * as their type), unused ones 0; in a method with calls and fields
 * (S->nf of them), then each field's value at the call, as 64 bits. */
#define EV_BITS (8 + 64 * MIR_MAX_ARGS)
#define EV_WIDTH(S) (EV_BITS + 64 * (unsigned)(S)->nf)

struct mir_smt {
	struct encoder enc;
	Z3_solver solver;
	const struct mmethod *orig;
	unsigned bound;
	Z3_ast in[MIR_MAX_VARS];   /* the inputs (locals: unused) */
	struct mst o;          /* the original's final state */
	/* the mutants encoded so far (mir_smt_add), and whether a run can
	 * be cut, per mutant and for the original (ocut): an enum cut */
	struct mst *mut;
	unsigned char *mcut;
	int nmut;
	size_t capmut, capcut;
	unsigned char ocut;
	/* whether a run divides (an enum div), per mutant and for the
	 * original (odiv): see own_question() */
	unsigned char *mdiv, odiv;
	bool fp;               /* floating(orig): its solver is qffpbv */
	size_t capdiv;
	unsigned rlimit;       /* per question (--rlimit's share) */
	unsigned rl_set;       /* the limit now set on solver */
	uint64_t budget, spent; /* mir_smt_set_budget(); 0: none */
	unsigned qcap;         /* a lower limit for the next question, or 0 */
	Z3_tactic qfbv;        /* made at the first own solver */
	unsigned calls;
	unsigned timeout_ms;   /* kept by the watchdog (sem/watchdog.h) */
	const char *reason;
	const struct mmethod *cur; /* the method being encoded */
	bool calls_made;       /* the original has calls: traces kept */
	Z3_sort tsort;         /* lists of events (Z3's list datatype) */
	Z3_func_decl nil, cons;
	/* the original uses call results: R(k), 64 bits of the result of
	 * the call made after k others (sem/mir.h: Call results) */
	bool results;
	Z3_func_decl rfun;
	/* the original has a call with a contract (mstmt.assume): the runs'
	 * kept is tracked (else Z3 sees what it saw before contracts) */
	bool contracts;
	const struct value *oracle; /* mir_smt_outcome(): R from an input */
	/* calls and fields (sem/mir.h): nf fields, H(k * nf + j) 64 bits of
	 * field j after call k */
	int nf;
	Z3_func_decl hfun;
	/* Java, the original throws, catches or reads through a reference
	 * (null checks): the runs' exception kinds are kept (else they are
	 * all ArithmeticException, and Z3 sees what it saw before kinds
	 * were modelled) */
	bool typed;
	/* arrays (mir-aenc.c): the original's element types, K input
	 * arrays: memories and lengths at the start (the free input arrays
	 * ain[t][j - 1] and lengths alen[j - 1], or an input's constants in
	 * mir_smt_outcome()) */
	int natype, ak;
	const struct type *atype[MIR_ATYPES];
	Z3_ast mem0[MIR_ATYPES], lens0;
	Z3_ast ain[MIR_ATYPES][MIR_AOBJ], alen[MIR_AOBJ];
};

/* The run of m (the original or a mutant) on the inputs in, from its
 * start to its end, into st (mir-encode.c). */
void mir_run(struct mir_smt *S, const struct mmethod *m, const Z3_ast *in,
	     struct mst *st);

/* mir-aenc.c (sem/mir.h: Arrays).  The free input arrays, once per
 * solver (S->orig has arrays); the start of a run's arrays; st = g ? t
 * : st on them; an array statement whose args are evaluated (args);
 * do two final states differ in the input arrays' contents; every input
 * array at most 8 long; the model's input arrays into input[MIR_ARR..]
 * (-1, S->reason set: one longer than MIR_ALEN); the start from the
 * concrete input in (mir_smt_outcome(); restore: back to the free one);
 * the final contents of st into out; the exception kinds s may end
 * with by its array checks. */
void mir_arr_setup(struct mir_smt *S);
void mir_arr_start(struct mir_smt *S, struct mst *st);
void mir_arr_pick(struct mir_smt *S, Z3_ast g, struct mst *st,
		  const struct mst *t);
void mir_arr_stmt(struct mir_smt *S, const struct mstmt *s, struct mst *st,
		  const Z3_ast *args);
Z3_ast mir_arr_differ(struct mir_smt *S, const struct mst *x,
		      const struct mst *y);
Z3_ast mir_arr_small(struct mir_smt *S);
int mir_arr_model(struct mir_smt *S, Z3_model mdl, struct value *input);
void mir_arr_concrete(struct mir_smt *S, const struct value *in, bool restore);
int mir_arr_outcome(struct mir_smt *S, const struct mst *st,
		    const struct value *in, struct mrun *out);
unsigned mir_arr_kinds(const struct mstmt *s);

/* Are the original's runs' exception kinds kept (struct mir_smt: typed)? */
bool mir_typed(const struct mmethod *orig);

#endif
