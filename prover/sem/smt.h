/*
 * smt.h - stage 4a: the Z3 encoding.  The only module that includes z3.h.
 *
 * One struct smt per analysis (seen as a struct problem, sem/problem.h,
 * which smt copies; the nodes it points to must outlive the struct smt):
 * a Z3 context (its own, or a worker's shared one), one simple solver
 * with the assumptions asserted at the base level, and each program's
 * outcome (throws, value, final variables) encoded once, lazily.  Queries
 * push, assert, check and pop; a query over a bit-vector division or
 * remainder gets a fresh solver from Z3's qfbv tactic instead (much
 * faster on those).  Program 0 is the original, 1..n the mutants.
 *
 * Every query asks for an input on which the assumptions hold and:
 *   SMT_Q_DIFFER(a, b):   the outcomes of a and b differ
 *                         (with a = 0: the mutant b is killed);
 *   SMT_Q_KILL_NOT(a, b): a is killed and b is not;
 *   SMT_Q_SURVIVES(0, b): the mutant b is not killed (unsat: every
 *                         input kills it).
 * SMT_SAT fills input[] (values of each variable's type, lang/value.h);
 * SMT_UNSAT is a proof that no such input exists; SMT_UNKNOWN carries
 * Z3's reason (a timeout is "timeout") and is never a proof.
 *
 * Not thread-safe; separate struct smt objects may be used from
 * separate threads.
 */
#ifndef SUBSUME_SMT_H
#define SUBSUME_SMT_H

#include "sem/problem.h"

enum smt_query { SMT_Q_DIFFER, SMT_Q_KILL_NOT, SMT_Q_SURVIVES };
enum smt_result { SMT_UNSAT, SMT_SAT, SMT_UNKNOWN };

struct smt;

/* timeout_ms: per query; 0 means none.  fresh: a new solver for every
 * query (the paper's method, for --naive) instead of push/pop on one.
 * Never NULL. */
struct smt *smt_new(const struct problem *pb, unsigned timeout_ms,
		    bool fresh);
/* The same with a deterministic limit too: rlimit is Z3's resource
 * count per query (0: none), which unlike time gives the same answers
 * on every machine. */
struct smt *smt_new_limits(const struct problem *pb, unsigned timeout_ms,
			   unsigned rlimit, bool fresh);
void smt_free(struct smt *s);

/* reason: for SMT_UNKNOWN, a static or smt-owned string valid until the
 * next call. */
enum smt_result smt_check(struct smt *s, enum smt_query q, int a, int b,
			  struct value *input, const char **reason);

/*
 * Export (for `--smt2 DIR` and `--confirm`): with export on, every
 * unsat answer leaves the SMT-LIB 2 text of exactly the assertions the
 * answering solver had (the assumptions and the query, whichever solver
 * answered: simple, qfbv tactic or general), self-contained: a
 * set-logic line (QF_BV when every variable is a bit-vector, ALL when
 * one is an unbounded integer), the declarations, the assertions and
 * check-sat.  smt_last_smt2() returns it after an SMT_UNSAT, else NULL;
 * the text is s's, valid until the next smt_check() or smt_free().
 */
void smt_set_export(struct smt *s, bool on);
const char *smt_last_smt2(const struct smt *s);

/*
 * The budget of an analysis: Z3 resource units (the rlimit's, the same
 * on every machine) it may spend in all its questions.  Each question
 * is limited by what is left; once less than SMT_BUDGET_MIN is left,
 * smt_check() answers SMT_UNKNOWN at once, with a reason that starts
 * with "budget".  Only in a context of the analysis' own: a shared
 * context's counts depend on what it served before, and it answers
 * nothing but unsat (smt_new_shared()), a proof whatever it cost; units
 * 0: none.  With a budget, a pair question (a, b both mutants, or KILL_NOT)
 * of a heavy problem (smt_heavy()) gets 1/SMT_PAIR_RLIMIT_DIV of the rlimit: such
 * questions run to the limit where equivalence ones end.
 */
#define SMT_BUDGET_MIN 100000u
/* A floating problem's questions bit-blast IEEE operations: its budget
 * is this many times the units given (the shipped floating tests spend
 * up to 6,312,512 units at a site, their integer sites 522,158). */
#define SMT_FLOAT_BUDGET 20u
#define SMT_PAIR_RLIMIT_DIV 50u
void smt_set_budget(struct smt *s, uint64_t units);
/* The units s's questions spent so far (counted with a budget, or with
 * SUBSUME_TRACE set; else 0). */
uint64_t smt_units(const struct smt *s);
/* Is the budget spent (less than SMT_BUDGET_MIN left)? */
bool smt_budget_spent(const struct smt *s);

/*
 * Memory: every solver stops at SMT_MEMORY_MB megabytes of Z3's memory
 * (its "max_memory", which counts what Z3 holds in the whole process,
 * every thread's contexts together) and answers SMT_UNKNOWN with a
 * reason that starts with "memory".  Unlike the rlimit, whether a
 * question reaches it can depend on what other threads hold: it is a
 * safety net, like the clock.
 */
#define SMT_MEMORY_MB 768u
/* The reason of a question not asked: with a budget, a remainder of
 * doubles is not bit-blasted (sem/cost.c: enc_costs()). */
#define SMT_FP_REM_REASON                                                    \
	"budget: a remainder (%) of doubles is not asked of the solver "     \
	"with a budget (bit-blasted, one question takes over 1.5 GB)"

/* Shared context only: an answer other than unsat came, and s answers
 * nothing more (see smt_new_shared()). */
bool smt_retry(const struct smt *s);

/* Number of solver checks made so far. */
unsigned smt_calls(const struct smt *s);

/* The outcome Z3's encoding gives program p on a concrete input, by
 * evaluating the encoded terms in a model (no solving).  For the
 * differential tests.  Returns 0, or -1 if Z3 failed. */
int smt_outcome(struct smt *s, int p, const struct value *input,
		struct outcome *out);

/*
 * A Z3 context reused by many analyses in turn, on one thread: making a
 * context costs milliseconds, a small query a fraction of one.  Each
 * analysis gets its own simple solver in it (smt_new_shared(); about
 * 0.3 ms), so no solver state carries over from one analysis to the
 * next; smt_free() releases the solver and keeps the context.  After a
 * bounded number of analyses the context is made anew, so terms of
 * finished analyses do not pile up.  One analysis at a time per shared
 * context.  Every struct smt makes its context (or opens the shared one)
 * and its solver at its first question, so an analysis that the test
 * pool and the concrete search answer makes none.
 *
 * Answers do not depend on which analyses a context served before.
 * Z3's models and its unknowns can (term ids, caches), so a shared
 * context only ever answers unsat, a proof whatever the history: at the
 * first answer that is not unsat, smt_check() answers SMT_UNKNOWN and
 * smt_retry() turns true, and the caller proves the analysis again from
 * the start in a context of its own (smt_new_limits()), whose answers
 * depend on the analysis alone.  So witnesses, unknowns and solver call
 * counts are the same whatever -j or the order of the theory files.
 */
struct smt_shared;
struct smt_shared *smt_shared_new(unsigned timeout_ms, unsigned rlimit);
void smt_shared_free(struct smt_shared *sh);
/* The same after a recovery (base/util.h) that left it busy: the
 * analysis that held it was freed by its cleanup. */
void smt_shared_abandon(struct smt_shared *sh);
struct smt *smt_new_shared(struct smt_shared *sh, const struct problem *pb);
/* A context of its own for pb (as smt_new_limits() with sh's limits);
 * the shared one stays open (it holds light analyses' terms only). */
struct smt *smt_new_alone(struct smt_shared *sh, const struct problem *pb);
/* Does the problem divide, or multiply 64-bit or unbounded values?  Its
 * queries can be hard, and a hard query in a context that served other
 * analyses can take many times longer than in a context of its own (and
 * the bit-blasted terms of the qfbv tactic stay in the context): such
 * an analysis gets its own context (smt_new_limits()). */
bool smt_heavy(const struct problem *pb);

/* "4.8.12" */
const char *smt_version(void);

/* Release Z3's global memory (at exit, for leak checkers). */
void smt_finalize(void);

#endif
