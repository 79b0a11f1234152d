/*
 * cost.c - what makes a query hard for Z3, decided before it is asked
 * (see encode.h and smt.h): bit-vector division in the encoded terms,
 * floating values, and the operations that take Z3 long.
 */
#include <stdlib.h>
#include <string.h>

#include "lang/profile.h"
#include "sem/encode.h"
#include "sem/smt.h"

/* A floating remainder over a sort with an exponent of 11 bits or more
 * (double): Z3 bit-blasts fp.rem as a loop over the exponents'
 * difference, over 1.5 GB for one question (MutantBench's Vector3D.java:
 * `x * x % (z * z)` beside `x / x + z * z`; `x % x` beside `x - x + z *
 * z` too), past the memory cap every time it was measured. */
static bool wide_fp_rem(Z3_context c, Z3_app app)
{
	if (Z3_get_app_num_args(c, app) != 2)
		return false;
	Z3_sort so = Z3_get_sort(c, Z3_get_app_arg(c, app, 0));
	return Z3_get_sort_kind(c, so) == Z3_FLOATING_POINT_SORT &&
	       Z3_fpa_get_ebits(c, so) >= 11;
}

/* The costly operations (enum enc_cost bits) in the terms: a walk of
 * the term DAG, each shared subterm once. */
unsigned enc_costs(Z3_context c, const Z3_ast *roots, size_t nroots)
{
	size_t n = 0, cap = 0, nseen = 0, capseen = 0;
	Z3_ast *stack = NULL;
	unsigned *seen = NULL; /* ids, sorted */
	unsigned found = 0;
	for (size_t i = 0; i < nroots; i++)
		if (roots[i]) {
			GROW(stack, n + 1, cap);
			stack[n++] = roots[i];
		}
	while (n && found != (ENC_DIVISION | ENC_WIDE_FP_REM)) {
		Z3_ast t = stack[--n];
		if (Z3_get_ast_kind(c, t) != Z3_APP_AST)
			continue;
		unsigned id = Z3_get_ast_id(c, t);
		size_t lo = 0, hi = nseen;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (seen[mid] < id)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < nseen && seen[lo] == id)
			continue;
		GROW(seen, nseen + 1, capseen);
		memmove(seen + lo + 1, seen + lo, (nseen - lo) * sizeof(*seen));
		seen[lo] = id;
		nseen++;
		Z3_app app = Z3_to_app(c, t);
		switch (Z3_get_decl_kind(c, Z3_get_app_decl(c, app))) {
		case Z3_OP_BSDIV: case Z3_OP_BUDIV: case Z3_OP_BSREM:
		case Z3_OP_BUREM: case Z3_OP_BSMOD: case Z3_OP_BSDIV_I:
		case Z3_OP_BUDIV_I: case Z3_OP_BSREM_I: case Z3_OP_BUREM_I:
		case Z3_OP_BSMOD_I:
			found |= ENC_DIVISION;
			break;
		case Z3_OP_FPA_REM:
			if (wide_fp_rem(c, app))
				found |= ENC_WIDE_FP_REM;
			break;
		default:
			break;
		}
		unsigned k = Z3_get_app_num_args(c, app);
		for (unsigned j = 0; j < k; j++) {
			GROW(stack, n + 1, cap);
			stack[n++] = Z3_get_app_arg(c, app, j);
		}
	}
	free(stack);
	free(seen);
	return found;
}

bool enc_has_division(Z3_context c, const Z3_ast *roots, size_t nroots)
{
	return enc_costs(c, roots, nroots) & ENC_DIVISION;
}

/* Is there a floating value in n? */
static bool float_node(const struct node *n)
{
	if (!n)
		return false;
	if (n->type && n->type->kind == TK_FLOAT)
		return true;
	return float_node(n->a) || float_node(n->b) || float_node(n->c);
}

bool enc_problem_floating(const struct problem *pb)
{
	for (int i = 0; i < pb->nvars; i++)
		if (pb->var_types[i]->kind == TK_FLOAT)
			return true;
	if (float_node(pb->assume))
		return true;
	for (int p = 0; p < pb->nprogs; p++)
		if (float_node(problem_program(pb, p)))
			return true;
	return false;
}

/* Division, remainder, or multiplication of 64-bit or unbounded values,
 * or any floating value: the operations whose queries take Z3 long. */
static bool heavy_node(const struct node *n)
{
	if (!n)
		return false;
	if (n->type && n->type->kind == TK_FLOAT)
		return true;
	if ((n->kind == N_BINARY || n->kind == N_ASSIGN) &&
	    (n->op == OP_DIV || n->op == OP_REM ||
	     (n->op == OP_MUL && n->type->kind == TK_INT &&
	      n->type->bits > 32) ||
	     (n->op == OP_MUL && n->type->kind == TK_MATH)))
		return true;
	/* (the c of an assignment is derived from its a and b) */
	return heavy_node(n->a) || heavy_node(n->b) ||
	       (n->kind == N_COND && heavy_node(n->c));
}

bool smt_heavy(const struct problem *pb)
{
	if (heavy_node(pb->assume))
		return true;
	for (int p = 0; p < pb->nprogs; p++)
		if (heavy_node(problem_program(pb, p)))
			return true;
	return false;
}

