/*
 * prove.h - stage 5 and 6: decide the relations of one analysis, then
 * its classes and minimal set.
 *
 * Relations follow Gheyi et al. (Def. 1 and 2): kills(m) is the set of
 * inputs (assumptions hold) on which m's observed outcome differs from
 * the original's; m is equivalent when kills(m) is empty; a and b are
 * duplicates when their outcomes agree on every input; a subsumes b when
 * kills(a) is non-empty and kills(a) is a subset of kills(b).
 *
 * A YES is a proof (Z3 answered unsat, or it follows from proofs by
 * transitivity).  A NO carries a witness input that the concrete
 * evaluator has confirmed.  UNKNOWN is neither and is reported.
 */
#ifndef SUBSUME_PROVE_H
#define SUBSUME_PROVE_H

#include "model/theory.h"

enum rel { R_NO = 0, R_YES = 1, R_UNKNOWN = 2 };

enum witness_kind {
	W_KILLS,        /* the input kills mutant a */
	W_DISTINCT,     /* a and b have different outcomes */
	W_NOT_SUBSUMES, /* kills a, not b: a does not subsume b */
};

struct witness {
	enum witness_kind kind;
	int a, b;
	struct value input[MAX_VARS];
};

enum unknown_kind { U_EQUIVALENT, U_DUPLICATE, U_SUBSUMES };

struct unknown {
	enum unknown_kind kind;
	int a, b;
	const char *reason;
};

struct prove_opts {
	unsigned timeout_ms; /* per solver query; 0: none */
	unsigned rlimit;     /* Z3 resource units per query; 0: none */
	unsigned budget;     /* Z3 resource units for the whole analysis
			      * (sem/smt.h: smt_set_budget()); 0: none */
	bool naive;          /* the paper's method: a fresh solver per
			      * question, every pair, no pool, nothing
			      * derived; the reference for the fast mode */
	struct smt_shared *shared; /* non-NULL: use this Z3 context and
				    * solver (smt.h) instead of a new one;
				    * ignored with naive */
	bool smt2;           /* keep every unsat answer's SMT-LIB 2 text
			      * in the result's proofs (--smt2, --confirm) */
	bool no_vacuous;     /* no subsumption claim between two mutants
			      * that every input kills (check: a value
			      * used elsewhere, issue 29): left unknown */
};

/* One unsat answer of the solver, with prove_opts.smt2: the question
 * (kind U_EQUIVALENT: a = 0 and mutant b is equivalent; U_DUPLICATE:
 * a and b have the same outcome on every input; U_SUBSUMES: no input
 * kills a but not b) and the obligation as the solver had it. */
struct proof {
	enum unknown_kind kind;
	int a, b;
	const char *smt2;     /* self-contained SMT-LIB 2 (sem/smt.h) */
};

struct result {
	const struct analysis *an;
	int n;                /* mutants 1..n */
	unsigned char *equiv; /* [n+1] R_YES: equivalent, R_NO: killable */
	int *dup;             /* [n+1] lowest id with identical outcomes
			       * (itself if none); 0 if not killable */
	unsigned char *sub;   /* [(n+1)^2] sub[a*(n+1)+b]: a subsumes b,
			       * among killable mutants */
	int nclasses;
	int *cls;             /* [n+1] class index, -1 if not killable */
	int *class_rep;       /* [nclasses] lowest id of each class */
	bool *minimal;        /* [n+1] */
	int nwitnesses;
	struct witness *witnesses;
	int nunknowns;
	struct unknown *unknowns;
	int nproofs;          /* with prove_opts.smt2, else 0 */
	struct proof *proofs; /* in the order they were answered */
	unsigned solver_calls;
	unsigned lower_bound; /* answers that need an unsat proof at least:
			       * equivalences, duplicate links, and the
			       * subsumption edges no transitivity gives */
	unsigned pool_size;
	double time_ms;
};

#define SUB(r, a, b) ((r)->sub[(size_t)(a) * (size_t)((r)->n + 1) + (size_t)(b)])

/* Prove one analysis.  Results live in the arena.  A witness that the
 * evaluator does not confirm is an internal error: reported, exit 4. */
struct result *prove_analysis(struct arena *a, const struct analysis *an,
			      const struct prove_opts *opts);

/* Is there a strict subsumption edge a -> b in the Hasse diagram of the
 * classes (a and b class representatives)? */
bool result_hasse_edge(const struct result *r, int a, int b);


/* Was an unknown answer's reason a cut (the analysis' budget, the
 * solver's memory cap) rather than a question's own limit?  A static
 * text naming it ("budget: ..."), or NULL. */
const char *prove_cut_short(const char *reason);

/* What one mutant comes to, for reports and tables. */
enum verdict {
	V_MINIMAL,    /* in the minimal set */
	V_EQUIVALENT, /* no input kills it */
	V_DUPLICATE,  /* same outcome as *by (the lowest such id) on
		       * every input */
	V_SUBSUMED,   /* *by subsumes it: the lowest-id minimal mutant
		       * that does, or a proven subsumer if unknown
		       * answers leave no minimal one proven */
	V_UNKNOWN,    /* the solver could not decide its equivalence */
};
const char *verdict_name(enum verdict v);
/* The verdict of mutant m; *by is the other mutant, or 0. */
enum verdict result_verdict(const struct result *r, int m, int *by);

/* The lowest-id minimal mutant of another class than m's that subsumes
 * m, or 0 (compare: what a published mutant outside the minimal set is
 * subsumed by). */
int result_minimal_subsumer(const struct result *r, int m);

/* The same, read at a site of `subsume check`, where only some mutants
 * may be named (live[x]: killable, and evaluating calls as the original
 * does).  Uses n, equiv, dup and sub only.  For a killable live m:
 * V_DUPLICATE by the lowest live mutant with identical outcomes;
 * V_SUBSUMED by a live mutant strictly above m, the lowest one that no
 * live mutant is strictly above if any (*same = false), else by the
 * lowest live mutant killed by the same inputs (*same = true);
 * V_MINIMAL when neither.  Otherwise V_EQUIVALENT, V_UNKNOWN, or
 * V_MINIMAL (killable, not live: nothing to name). */
enum verdict result_verdict_among(const struct result *r, int m,
				  const bool *live, int *by, bool *same);

#endif
