/*
 * smt.h - stage 4a: the Z3 encoding.  The only module that includes z3.h.
 *
 * One struct smt per analysis (seen as a struct problem, sem/problem.h,
 * which smt copies; the nodes it points to must outlive the struct smt):
 * a Z3 context, one solver with the
 * assumptions asserted at the base level, and each program's outcome
 * (throws, value, final variables) encoded once, lazily.  Queries push,
 * assert, check and pop.  Program 0 is the original, 1..n the mutants.
 *
 * Every query asks for an input on which the assumptions hold and:
 *   SMT_Q_DIFFER(a, b):   the outcomes of a and b differ
 *                         (with a = 0: the mutant b is killed);
 *   SMT_Q_KILL_NOT(a, b): a is killed and b is not.
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

enum smt_query { SMT_Q_DIFFER, SMT_Q_KILL_NOT };
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

/* Number of solver checks made so far. */
unsigned smt_calls(const struct smt *s);

/* The outcome Z3's encoding gives program p on a concrete input, by
 * evaluating the encoded terms in a model (no solving).  For the
 * differential tests.  Returns 0, or -1 if Z3 failed. */
int smt_outcome(struct smt *s, int p, const struct value *input,
		struct outcome *out);

/*
 * A Z3 context and solver reused by many analyses in turn, on one
 * thread (creating a context costs milliseconds, a small query tens of
 * microseconds).  smt_new_shared() pushes a scope holding the analysis'
 * assumptions; smt_free() pops it and keeps the context.  Terms built
 * for earlier analyses stay in the context until smt_shared_free():
 * callers recreate it now and then to bound memory.
 */
struct smt_shared;
struct smt_shared *smt_shared_new(unsigned timeout_ms);
void smt_shared_free(struct smt_shared *sh);
struct smt *smt_new_shared(struct smt_shared *sh, const struct problem *pb);

/* "4.8.12" */
const char *smt_version(void);

/* Release Z3's global memory (at exit, for leak checkers). */
void smt_finalize(void);

#endif
