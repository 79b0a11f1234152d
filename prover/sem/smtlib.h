/*
 * smtlib.h - Z3 terms as a self-contained SMT-LIB 2 benchmark, for
 * `--smt2 DIR` and `--confirm` (sem/smt.h: smt_last_smt2()).  Internal
 * to sem/ (it includes z3.h).
 */
#ifndef SUBSUME_SMTLIB_H
#define SUBSUME_SMTLIB_H

#include <z3.h>

#include "base/util.h"

/*
 * Append to out the benchmark that asserts assume (NULL: nothing) and
 * f, terms of context c: set-info, (set-logic LOGIC), the declarations,
 * the assertions, check-sat.  The terms are printed from a copy in a
 * fresh context, because Z3 names let-bound terms by their ids, which
 * in a long-lived context depend on everything built in it before; in
 * a fresh one they depend on the terms alone.  Z3's bv2int is written
 * as SMT-LIB's bv2nat (the same function), which other solvers read.
 * Returns 0, or -1 when Z3 failed (out unchanged).
 */
int smtlib_benchmark(Z3_context c, Z3_ast assume, Z3_ast f,
		     const char *logic, struct strbuf *out);

#endif
