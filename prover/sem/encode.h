/*
 * encode.h - internal to sem/: the Z3 encoding of typed trees, used by
 * smt.c (which owns contexts, solvers and queries).  Only sem/ includes
 * this header (it includes z3.h).
 *
 * Terms are built in the encoder's context and not reference counted
 * (smt.c uses Z3's non-reference-counted kind of context).  Encoding
 * reads the type descriptors and the profile's semantic data from the
 * nodes: it applies the conversions typing made explicit (enc_conv, the
 * one conversion function) and never derives a promotion.
 */
#ifndef SUBSUME_ENCODE_H
#define SUBSUME_ENCODE_H

#include <z3.h>

#include "sem/problem.h"

struct encoder {
	Z3_context ctx;
	int nvars;          /* variables of the programs encoded */
};

/* The state a program's encoding threads through: every variable's
 * current term and whether it has thrown so far (a Bool term). */
struct enc_env {
	Z3_ast v[ENV_VARS];
	Z3_ast thr;
};

/* The sort of type t: Bool, Int or a bit-vector of its width. */
Z3_sort enc_sort(struct encoder *s, const struct type *t);
/* A value of type t as a numeral (or true/false). */
Z3_ast enc_constant(struct encoder *s, const struct type *t, struct value v);
/* x, of type from, converted to type to. */
Z3_ast enc_conv(struct encoder *s, Z3_ast x, const struct type *from,
		const struct type *to);
/* x, of the fixed-width type from, as a bit-vector of width bits
 * (> from's width) holding the same number: sign- or zero-extended. */
Z3_ast enc_widen(struct encoder *s, Z3_ast x, const struct type *from,
		 int bits);
/* The value of the typed tree n (NULL for void), updating e's variables
 * and throw flag by its side effects and exceptional outcomes. */
Z3_ast enc_expr(struct encoder *s, const struct node *n, struct enc_env *e);
/* A model-evaluated numeral of type t as a value; -1 if it does not fit
 * (a mathematical integer beyond int64). */
int enc_read_value(struct encoder *s, Z3_ast v, const struct type *t,
		   struct value *out);

/* cost.c: does any of the terms contain a bit-vector division or
 * remainder (a walk of the term DAG, each shared subterm once)?  Does
 * the problem have a floating value anywhere? */
bool enc_has_division(Z3_context c, const Z3_ast *roots, size_t nroots);
/* The costly operations of the terms, enum enc_cost bits: a bit-vector
 * division or remainder; a floating remainder of doubles (cost.c:
 * wide_fp_rem()). */
enum enc_cost { ENC_DIVISION = 1, ENC_WIDE_FP_REM = 2 };
unsigned enc_costs(Z3_context c, const Z3_ast *roots, size_t nroots);
bool enc_problem_floating(const struct problem *pb);

/* encfloat.c: floating point (TK_FLOAT), as the functions above use it.
 * enc_float_int_ub: the condition under which converting x of type from
 * to type to is undefined behaviour (C), or NULL when it never is;
 * enc_float_same: are two floating outcomes the same under fc? */
Z3_sort enc_float_sort(struct encoder *s, const struct type *t);
Z3_ast enc_float_constant(struct encoder *s, const struct type *t,
			  struct value v);
Z3_ast enc_float_conv(struct encoder *s, Z3_ast x, const struct type *from,
		      const struct type *to);
Z3_ast enc_float_int_ub(struct encoder *s, Z3_ast x, const struct type *from,
			const struct type *to);
Z3_ast enc_float_is_zero(struct encoder *s, Z3_ast x);
Z3_ast enc_float_arith(struct encoder *s, enum op op, Z3_ast a, Z3_ast b);
Z3_ast enc_float_compare(struct encoder *s, enum op op, Z3_ast a, Z3_ast b);
Z3_ast enc_float_same(struct encoder *s, Z3_ast a, Z3_ast b,
		      enum float_compare fc);
/* x of floating type t as a bit-vector of t's width in the form
 * outcomes are compared in under fc (value_observed's twin: equal iff
 * enc_float_same; NaN the canonical pattern). */
Z3_ast enc_float_observed(struct encoder *s, Z3_ast x, const struct type *t,
			  enum float_compare fc);
int enc_float_read(struct encoder *s, Z3_ast v, const struct type *t,
		   struct value *out);

#endif
