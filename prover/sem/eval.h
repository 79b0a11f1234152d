/*
 * eval.h - the concrete evaluator: an interpreter of the typed AST.
 *
 * Independent of the Z3 encoding on purpose: every witness the solver
 * returns is re-run here, and the differential tests compare the two on
 * many inputs.  Values are struct value (lang/value.h), interpreted by
 * the type the context gives them (a variable's type, the program's
 * type), always in that type's range.  Mathematical integers that leave
 * the int64 range set `overflow`: the evaluator cannot decide that input.
 *
 * The evaluator reads types and the profile's semantic data
 * (lang/profile.h) from the nodes; it applies the conversions typing made
 * explicit and never derives a promotion.
 */
#ifndef SUBSUME_EVAL_H
#define SUBSUME_EVAL_H

#include "lang/ast.h"

#define MAX_VARS 16
/* The evaluators' and encoders' variables: MAX_VARS in an expression,
 * MIR_MAX_VARS (lang/mir.h) in a method's IR. */
#define ENV_VARS 32

struct outcome {
	bool threw;    /* an exceptional outcome (Java: division by zero;
			* C: undefined behaviour) */
	bool overflow; /* an integer value left int64: undecided */
	struct value value; /* the expression's value (0 for void) */
	const struct type *type; /* the expression's type */
	bool negative;      /* value is a negative number (value_negative):
			     * values of programs of different types are
			     * compared as numbers, payload and sign */
	struct value vars[ENV_VARS]; /* final values of all variables */
};

/* Evaluate e on the input in[0..nvars). */
void eval_outcome(const struct node *e, int nvars, const struct value *in,
		  struct outcome *out);

/* What a target observes of an outcome, and how: floating values are
 * compared as fcmp says (lang/value.h), variables by their types
 * (vtype; NULL: as integers). */
struct observe {
	bool value;
	bool var[MAX_VARS];
	enum float_compare fcmp;
	const struct type *vtype[MAX_VARS];
};

/* Do two outcomes differ in what is observed?  Both throwing is the same
 * outcome; exactly one throwing differs.  Values of different types are
 * compared as numbers (payloads are extended by signedness, so equal
 * payloads are equal numbers; floating values are comparable only with
 * their own type, as value_observed() gives them).  Undefined if either
 * overflowed. */
bool outcome_differs(const struct observe *obs, int nvars,
		     const struct outcome *x, const struct outcome *y);
/* The observed value and variable i of o, as outcome_differs() compares
 * them (for fingerprints: equal iff not different). */
struct value outcome_value(const struct observe *obs, const struct outcome *o);
struct value outcome_var(const struct observe *obs, const struct outcome *o,
			 int i);

/* Does a boolean assumption hold (evaluates to true without throwing)?
 * NULL holds.  *undecided is set when an integer overflowed. */
bool eval_holds(const struct node *assume, int nvars, const struct value *in,
		bool *undecided);

#endif
