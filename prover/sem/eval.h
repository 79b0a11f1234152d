/*
 * eval.h - the concrete evaluator: an interpreter of the typed AST.
 *
 * Independent of the Z3 encoding on purpose: every witness the solver
 * returns is re-run here, and the differential tests compare the two on
 * many inputs.  Values are int64_t in the range of their type (booleans
 * 0/1, char 0..65535).  Mathematical integers that leave the int64 range
 * set `overflow`: the evaluator cannot decide that input.
 */
#ifndef SUBSUME_EVAL_H
#define SUBSUME_EVAL_H

#include "lang/ast.h"

#define MAX_VARS 16

struct outcome {
	bool threw;    /* an ArithmeticException (division by zero) */
	bool overflow; /* an integer value left int64: undecided */
	int64_t value; /* the expression's value (0 for void) */
	int64_t vars[MAX_VARS]; /* final values of all variables */
};

/* Evaluate e on the input in[0..nvars). */
void eval_outcome(const struct node *e, int nvars, const int64_t *in,
		  struct outcome *out);

/* What a target observes of an outcome. */
struct observe {
	bool value;
	bool var[MAX_VARS];
};

/* Do two outcomes differ in what is observed?  Both throwing is the same
 * outcome; exactly one throwing differs.  Undefined if either overflowed. */
bool outcome_differs(const struct observe *obs, int nvars,
		     const struct outcome *x, const struct outcome *y);

/* Does a boolean assumption hold (evaluates to true without throwing)?
 * NULL holds.  *undecided is set when an integer overflowed. */
bool eval_holds(const struct node *assume, int nvars, const int64_t *in,
		bool *undecided);

#endif
