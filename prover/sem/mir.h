/*
 * mir.h (sem) - the meaning of the method IR (lang/mir.h): a concrete
 * evaluator (mir-eval.c) and a Z3 encoding (mir-encode.c), each the
 * only implementation of the statements' semantics in its world; both
 * take every expression's meaning from sem/eval.c and sem/encode.c.
 *
 * What a test sees of a run (the observable outcome): whether the
 * method ended by an exception and, in Java, its kind (lang/mir.h:
 * Exceptions: a class; C's undefined behaviour is one outcome), and
 * when it did not, its return value and the final values of the fields
 * it names and, when it writes through references (lang/mir.h: Writes),
 * of every field cell it names (a path: the final heap on the objects
 * the test reaches; mir_observed()); and, in every case, the calls it
 * made (lang/mir.h: Calls), in order, each with its callee, receiver
 * and argument values and the values of the fields the method names
 * (Calls and fields below).  Locals and parameters are not seen.
 *
 * Call results (lang/mir.h: Calls).  A call whose result is used
 * yields an opaque value: the value of an uninterpreted function of
 * (callee, argument values, k), k the number of calls the run made
 * before it.  The original and every mutant share that function: it is
 * part of the input.  Both implementations use R(k), a function of k
 * alone, which asks the same questions: two runs whose calls so far
 * differ in a callee or an argument are already told apart by their
 * traces, so a difference (original against mutant, mutant against
 * mutant, or "a kills, b does not") exists for some function of
 * (callee, args, k) exactly when it exists for some R(k) (given one,
 * R(k) := the answer along the run whose calls the others follow; given
 * R, the function that ignores callee and arguments).  An input is
 * therefore in[0..MIR_IN): the variables' values in[0..nvars) and the
 * results in[MIR_RES + k], k < MIR_MAX_RESULTS (the low bits, as the
 * call's result type: a boolean is bit 0); a run that uses the result
 * of call MIR_MAX_RESULTS or later overflows (undecided).  A killing
 * input prints the results along the original's calls, which is what a
 * stub answering each callee's calls in order gives: a mutant whose
 * calls follow the original's gets the same answers, and one whose
 * calls differ is killed by its trace whatever comes after.  A callee
 * that throws needs no modelling outside try statements, where both
 * runs would end alike at that call (the same calls so far); a call
 * inside one is not modelled (lang/mir.h: Exceptions).
 *
 * Exceptions.  The evaluator keeps the kind of the exception a run
 * ends with (mrun.exc), the encoding an 8-bit term beside the throw
 * flag, kept only when the original has a throw or a try statement or
 * reads through a reference (null checks; else every kind is
 * ArithmeticException, and Z3 sees what it saw
 * before kinds existed); two runs that throw differ when their kinds
 * do, asked only when the two methods can end with two kinds or more.
 * An expression that throws leaves the variables as they were (its
 * only effect, its final store, is not made: the builder refuses an
 * earlier effect inside a try), and a return whose value throws does
 * not return, so a catch clause or a finally block sees the state
 * Java leaves.
 *
 * Calls and fields (lang/mir.h).  In a method with calls that names
 * fields, nf of them (mir_havoc()), a callee sees the fields and may
 * change them: the event of call k also holds each field's value when
 * it is made (compared like arguments), and after it field j holds the
 * opaque H(k, j), in[MIR_HAV + k * nf + j] (the low bits, as the field's
 * type; a run whose call k has (k + 1) * nf > MIR_MAX_HAVOC overflows).
 * The original and every mutant share H, part of the input.  A real
 * callee is a function of its whole history: the calls made so far and
 * everything it saw, so its effect on field j at call k is some
 * F(callee, args, fields seen, events before, k, j).  H(k, j), a
 * function of k and j alone, asks the same questions, by the Call
 * results argument: two runs whose events so far differ (in a callee,
 * an argument, a receiver or a field seen) are already told apart by
 * their traces; runs whose events agree up to call k give F the same
 * arguments there, so F along the run the others follow is an H
 * (H(k, j) := F's value at its call k), and an H is an F that ignores
 * all but k and j.  So a difference exists for some F (original against
 * mutant, mutant against mutant, "a kills, b does not") exactly when it
 * exists for some H.  A killing input prints, for every call of the
 * original in order, its result (when used) and the fields it sets to a
 * new value: what a stub answering each callee's calls in order does;
 * a mutant whose calls follow the original's gets the same, one whose
 * calls differ is killed by its trace whatever comes after.
 *
 * Floating values (float, double: returned, a field's or global's final
 * value, a call's argument) are seen as the expression-level checker
 * sees them, by one rule: lang/value.h's value_observed() here and
 * sem/encode.h's enc_float_same() in Z3, under the method's fcmp (the
 * site's float-compare: YAML key or --float-compare; by default
 * identical).  Identical is what a test sees: Java's
 * assertEquals(double, double) and Double.equals compare
 * doubleToLongBits, so every NaN is the same outcome and -0.0 differs
 * from 0.0; outcomes are equal iff both are NaN or their bits are.  A C
 * test has no Double.equals; the analogous check a C test can write,
 * memcmp of the results after isnan() (or signbit() beside ==), is the
 * same rule: bitwise after NaN canonicalisation (C's NaN payloads and
 * signs are unspecified by the operations that make them, so a test
 * cannot rely on them; a difference only in -0.0 is visible to 1/x and
 * signbit, so it counts).  Values are kept canonical (lang/value.h), so
 * under identical two payloads are equal iff the outcomes are.
 *
 * Arrays (lang/mir.h: Arrays).  An input gives each input array j
 * (1..K) a length and its elements: in[MIR_ARR..MIR_IN) (the low bits
 * as the element type; a boolean: bit 0), the type of the first input
 * array variable whose id is j (the prelude makes inputs where two of
 * different element types share an id return at once).  A test sees,
 * when the method writes an array (arr_writes) and returns normally,
 * the final contents of the input arrays, compared element by element;
 * an array the run creates is not reachable (lang/mir.h).  The
 * evaluator keeps every array concretely (mir-arr.c: input arrays of at
 * most MIR_ALEN elements, created ones of any length whose elements
 * past MIR_ACAP are never written, at most MIR_ANEW of them: beyond,
 * overflow: undecided).  The encoding
 * (mir-aenc.c) keeps, per element type T, a memory mem_T: Z3 array from
 * id (32 bits) to a Z3 array from index (32 bits) to T's sort, and one
 * length array from id to 32 bits, so symbolic indices and loops are
 * exact: a read is select(select(mem_T, a), i), a write a store, `new`
 * a store of the all-zero array at the next id (a counter in the state).
 * The input arrays are free: input array j is select(mem_T, j) = A_Tj
 * (a free constant per T and j) and its length zero-extended from 31
 * free bits (0..2^31-1), the original and every mutant sharing them.
 * Soundness and completeness: every Java input (arguments and fields
 * referring to at most K distinct arrays of any lengths and contents)
 * is such an input (number the distinct arrays 1..K in any order), and
 * every input the prelude does not reject is a Java heap (one array per
 * id referred to, of its variables' element type); the statements'
 * meaning is the same on both (reads, writes and `new` never touch an
 * array by anything but its id, and ids of created arrays are distinct
 * from the inputs').  A question is asked first with every input
 * length at most 8 (a small killing input, printable as a test), then
 * without that assumption (so a proof covers every length); a model
 * whose arrays are longer than MIR_ALEN is not read back (unknown, with
 * the reason).
 *
 * Contracts (check/mcontract.c).  A call whose callee has a contract
 * (mstmt.assume) gives a result that keeps it.  A question is asked of
 * contract-respecting callees by assuming the contracts along the runs
 * of one run, the leader: the original's for a kill and a subsumption
 * (a mutant that kills does so at its first event that differs from
 * the original's, whatever the results after it), mutant a's for
 * duplicates a, b.  The leader's results are those of a contract-
 * respecting callee: every other run follows the leader's calls up to
 * its first different event, where it is told apart, so a difference
 * exists for some contract-respecting callee exactly when it exists
 * for some R(k) keeping the leader's contracts.  Whether a loop can be
 * cut is asked without contracts (a superset of the runs: an
 * equivalence stays a proof).  The evaluator says which call broke its
 * contract (mrun.broke); an input whose leader run broke one is no
 * evidence (check/method.c, check/mrel.c).
 *
 * Loops.  With a bound N, a loop whose body has run N times in one
 * entry and whose condition holds again is cut: the run stops there
 * and is flagged (cut), and says nothing about the method.  The
 * encoding asks for differences on runs nobody cut, and separately
 * whether a cut is reachable at all; only when it is not is an
 * equivalence a proof for every input.  The evaluator also runs without
 * a bound (N = 0), stopping after MIR_EVAL_STEPS loop iterations in
 * all (then overflow: undecided), to re-check killing inputs exactly.
 */
#ifndef SUBSUME_SEM_MIR_H
#define SUBSUME_SEM_MIR_H

#include "lang/mir.h"
#include "sem/eval.h"

/* Solver cost.  A method with floating values (anywhere) is solved by
 * Z3's qffpbv tactic, push/pop per question, with a tenth of the
 * resource limit (rlimit) per question: floating questions bit-blast
 * to large SAT problems: at the default limit (50 million units) a
 * question about a loop of eight float multiplications (r * 0.5f
 * against r / 2.0f) took 14 s and still ended unknown; a tenth ends it
 * in about 1.5 s (unknown: the expression-level verdict stays, with
 * the reason), while the questions seen decided took well under it. */
#define MIR_FLOAT_RLIMIT_DIV 10

#define MIR_EVAL_STEPS 1000000L
#define MIR_DEFAULT_UNROLL 8
#define MIR_MAX_EVENTS 64 /* calls per run; beyond: overflow (undecided) */
#define MIR_MAX_RESULTS 32 /* call results an input holds */
#define MIR_RES MIR_MAX_VARS  /* in[MIR_RES + k]: the result of call k */
#define MIR_MAX_HAVOC 64   /* fields' values after calls an input holds */
/* in[MIR_HAV + k * nf + j]: field j's value after call k (Calls and
 * fields), nf = mir_havoc() */
#define MIR_HAV (MIR_RES + MIR_MAX_RESULTS)
/* in[MIR_ARR + (j - 1) * MIR_ASLOT]: input array j's length, then its
 * elements (Arrays below) */
#define MIR_ALEN 16        /* an input array's length at most */
#define MIR_ASLOT (1 + MIR_ALEN)
#define MIR_ARR (MIR_HAV + MIR_MAX_HAVOC)
#define MIR_IN (MIR_ARR + MIR_AOBJ * MIR_ASLOT) /* an input's entries */

/* A call made: callee (mcallee.id, a place in the class) and arguments
 * (a call on a reference: args[0] is the receiver); valued: its result
 * was used, and was result, of type rtype.  In a method with calls and
 * fields (mir_havoc() > 0): seen[j], field j's value at the call (the
 * method's MV_FIELD variables in order), after[j] its value after. */
struct mevent {
	int id, nargs;
	struct value args[MIR_MAX_ARGS];
	bool valued, rref;       /* rref: the result is a reference's id */
	struct value result;
	const struct type *rtype;
	int nseen;
	struct value seen[MIR_MAX_SEEN], after[MIR_MAX_SEEN];
};

struct mrun {
	/* Contracts: 1 + the index of the first call whose result broke
	 * its callee's contract (mstmt.assume), 0: none */
	int broke;
	bool threw;
	int exc;        /* threw, Java: the kind (lang/mir.h: Exceptions) */
	bool cut;       /* a loop ran past the bound */
	bool overflow;  /* undecided (an int64 overflow, too many steps) */
	struct value ret;
	struct value vars[MIR_MAX_VARS];
	/* the input arrays' final lengths and contents (arrs) */
	int32_t alen[MIR_AOBJ];
	struct value aval[MIR_AOBJ][MIR_ALEN];
	int nevents;
	struct mevent events[MIR_MAX_EVENTS];
};

/* Is the final value of variable i seen by a test?  The fields the
 * method names, and the paths when it writes through references
 * (lang/mir.h: Writes). */
static inline bool mir_observed(const struct mmethod *m, int i)
{
	return m->kinds[i] == MV_FIELD ||
	       (m->kinds[i] == MV_HEAP && m->heap_writes);
}

/* Run m on in[0..m->nvars) (locals' entries are ignored) and, when it
 * uses call results, in[MIR_RES..MIR_IN): see Call results. */
void mir_eval(const struct mmethod *m, const struct value *in, unsigned bound,
	      struct mrun *out);
/* Do two runs of methods with m's variables differ in what a test sees?
 * (Neither may be cut or overflowed.) */
bool mir_differs(const struct mmethod *m, const struct mrun *x,
		 const struct mrun *y);
/* The value v of variable var (-1: the return value) in sb: a
 * reference (lang/mir.h: References) as null, this or o1, o2, ...; a
 * C pointer as NULL, &o1, &o2, ... */
void mir_value_print(struct strbuf *sb, const struct mmethod *m, int var,
		     struct value v);
/* A reference's id v: null, this, o1, o2, ... or new#1, new#2, ...
 * (an object the run made: lang/mir.h, MIR_FRESH). */
void mir_ref_print(struct strbuf *sb, struct value v);
/* "returns 3", "throws ArithmeticException" (C: "has undefined
 * behaviour"), "returns normally, x = 1" (the fields whose
 * final value differs from in), ", fields unchanged", then the calls
 * made (", calls log(3), log(4)"; ", no call" when the method has
 * calls), in a. */
const char *mir_describe(struct arena *a, const struct mmethod *m,
			 const struct value *in, const struct mrun *r);

/* Event e as "f(1, 2)", "o1.g()" (a call on a reference), with seen
 * the fields' values at the call after it (" seeing x=1, y=2"). */
void mir_event_print(struct strbuf *sb, const struct mmethod *m,
		     const struct mevent *e, bool seen);

/* Does m use the result of a call (an MS_CALL with a result variable)? */
bool mir_uses_results(const struct mmethod *m);
/* The number of m's statements (blocks, branches and loop parts
 * included): what one run of a loop-free m costs the evaluator. */
long mir_size(const struct mmethod *m);
/* Has m a call whose result keeps a contract (mstmt.assume)? */
bool mir_has_contracts(const struct mmethod *m);
/* The fields each call of m sees and may change (Calls and fields): the
 * number of m's MV_FIELD variables when m has calls, else 0. */
int mir_havoc(const struct mmethod *m);
/* The callee of event e (its id and arity: a call on a reference has
 * its receiver as one more), or NULL. */
const struct mcallee *mir_callee_of(const struct mmethod *m,
				    const struct mevent *e);

/* " with f(0) returning 5, then f(1) returning 6": the results of the
 * calls of run r whose result was used, in order, what a stub answering
 * each callee's calls in order returns (see Call results); "" when
 * none.  In a method with calls and fields every call, with the fields
 * it changes: " with inc() returning 5 and setting x=3, then log(1),
 * then o1.reset() setting x=0" (Calls and fields). */
const char *mir_describe_results(struct arena *a, const struct mmethod *m,
				 const struct mrun *r);

/* The encoding: the original once, each mutant in a push/pop scope.
 * An input it fills (input[] below) has MIR_IN entries. */
struct mir_smt;
/* bound: loop unrolling (0: MIR_DEFAULT_UNROLL); per query, timeout_ms
 * (a clock) and rlimit (Z3's resource count, the same on every machine;
 * divided by MIR_FLOAT_RLIMIT_DIV for a floating method); 0: none. */
struct mir_smt *mir_smt_new(const struct mmethod *orig, unsigned bound,
			    unsigned timeout_ms, unsigned rlimit);
void mir_smt_free(struct mir_smt *s);

/* Encode mutant mut (it must have the original's variables: the same
 * method, patched) over the original's inputs, once: its handle, for
 * the questions below (valid until mir_smt_free). */
int mir_smt_add(struct mir_smt *s, const struct mmethod *mut);

enum mir_answer {
	MIR_EQUIVALENT, /* no input tells them apart, no loop cut */
	MIR_BOUNDED,    /* none within the bound; a loop can run past it */
	MIR_KILLED,     /* input[] tells them apart (within the bound) */
	MIR_UNKNOWN,    /* *reason says why */
};
/* Mutant h against the original. */
enum mir_answer mir_smt_check(struct mir_smt *s, int h, struct value *input,
			      const char **reason);

/* Relations between two mutants a and b (handles) of one method, on
 * what a test sees (Gheyi et al.'s definitions at method level):
 *   same:     no input makes a's and b's outcomes differ (duplicates);
 *   subsumes: every input that kills a (a's outcome differs from the
 *             original's) kills b.
 * MIR_PROVEN only when the solver finds no such input on runs that no
 * loop bound cut AND no run of the methods involved (a and b; for
 * subsumes also the original) can be cut, so the proof covers every
 * path; MIR_REFUTED fills input[] (within the bound: re-check it);
 * MIR_UNDECIDED sets *reason (the solver's, or a loop that can run
 * past the bound).  Neither says anything about a being killable. */
enum mir_rel { MIR_PROVEN, MIR_REFUTED, MIR_UNDECIDED };
enum mir_rel mir_smt_same(struct mir_smt *s, int a, int b, struct value *input,
			  const char **reason);
enum mir_rel mir_smt_subsumes(struct mir_smt *s, int a, int b,
			      struct value *input, const char **reason);

/* The outcome the encoding gives m on in (model evaluation, no
 * solving): for the differential tests.  0, or -1 if Z3 failed. */
int mir_smt_outcome(struct mir_smt *s, const struct mmethod *m,
		    const struct value *in, struct mrun *out);
unsigned mir_smt_calls(const struct mir_smt *s);
/* Does what a question sees of the original's run hold a bit-vector
 * division or remainder (sem/encode.h: enc_has_division())? */
bool mir_smt_divides(struct mir_smt *s);
/* The method's budget (sem/smt.h: smt_set_budget()): Z3 resource units
 * for all its questions, each limited by what is left; once less than
 * SMT_BUDGET_MIN is left, every question answers unknown at once with a
 * reason that starts with "budget".  units 0: none. */
void mir_smt_set_budget(struct mir_smt *s, uint64_t units);

/* Arrays, concretely (mir-arr.c; the evaluator's, sem/mir-eval.c). */
#define MIR_ANEW 8     /* arrays a run creates, at most */
#define MIR_ACAP 256   /* elements of a created array, at most */
struct marr;
/* The arrays of m on input in (NULL when m has none). */
struct marr *marr_new(const struct mmethod *m, const struct value *in);
void marr_free(struct marr *A);
/* Statement s (MS_ALOAD ... MS_ANEW) on its evaluated args: 0 (and
 * *out: the value s->e gets), 1 a failing check (*exc: its kind), 2
 * overflow (undecided). */
int marr_step(struct marr *A, const struct mmethod *m, const struct mstmt *s,
	      const struct value *args, struct value *out, unsigned *exc);
/* The input arrays' final contents into r (r->alen, r->aval). */
void marr_finish(const struct marr *A, struct mrun *r);
/* Do the input arrays' final contents differ (m writes arrays)? */
bool mir_arr_differs(const struct mmethod *m, const struct mrun *x,
		     const struct mrun *y);
/* The array variable var of input in as a test writes it: null, {1, 2}
 * or, when another input array variable has its id, o<id>. */
void mir_arr_print(struct strbuf *sb, const struct mmethod *m,
		   const struct value *in, int var);
/* " with o1 = {1, 2}": the shared input arrays' contents. */
void mir_arr_shared(struct strbuf *sb, const struct mmethod *m,
		    const struct value *in);
/* ", a = {1, 2}" per input array whose final contents differ from the
 * input's (", arrays unchanged" when none), for m writing arrays. */
void mir_arr_describe(struct strbuf *sb, const struct mmethod *m,
		      const struct value *in, const struct mrun *r);
/* K: m's input array variables (parameters and fields) */
int mir_arr_inputs(const struct mmethod *m);

#endif
