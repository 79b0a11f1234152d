/*
 * fault.h - deliberately broken rules, for the tests that show the
 * guards (the evaluator, the differential tests, a second solver) catch
 * a wrong encoding or a wrong solver answer, and for the test that
 * shows a group's fatal error ends that group only (tests/check-fatal.t).
 *
 * Only a build with -DSUBSUME_FAULTS (the Makefile's build/subsume-fault,
 * used by tests/confirm.t and tests/check-fatal.t; never installed)
 * reads SUBSUME_FAULT from the environment; in every other build
 * fault_planted() is false, fault_arg() NULL, and the faulty branches
 * compile away.  Faults:
 *   java-shift-mask-15  Java shift distances masked with 15, not 31/63
 *                       (sem/encode.c)
 *   z3-unsat            every sat answer of Z3 reported as unsat
 *                       (sem/smt.c: a solver that proves false things)
 *   z3-error:VAR        a Z3 error (a term Z3 refuses) while the solver
 *                       of an analysis with a variable named VAR is set
 *                       up (sem/smt.c): `check` cuts that group short
 *   oom:VAR             the same with an allocation that fails (xmalloc
 *                       of half the address space; a sanitizer build
 *                       needs ASAN_OPTIONS=allocator_may_return_null=1)
 *   method-oom:VAR      the same when the method level's solver of a
 *                       method with a variable named VAR is set up
 *                       (sem/mir-solve.c)
 *   method-fatal:VAR    there, a die() (a fatal error of the tool's own)
 */
#ifndef SUBSUME_FAULT_H
#define SUBSUME_FAULT_H

#include <stdbool.h>

#ifdef SUBSUME_FAULTS
#include <stdlib.h>
#include <string.h>
static inline bool fault_planted(const char *name)
{
	const char *f = getenv("SUBSUME_FAULT");
	return f && !strcmp(f, name);
}
/* The ARG of fault "NAME:ARG" when it is planted, else NULL. */
static inline const char *fault_arg(const char *name)
{
	const char *f = getenv("SUBSUME_FAULT");
	size_t n = strlen(name);
	return f && !strncmp(f, name, n) && f[n] == ':' ? f + n + 1 : NULL;
}
#else
static inline bool fault_planted(const char *name)
{
	(void)name;
	return false;
}
static inline const char *fault_arg(const char *name)
{
	(void)name;
	return NULL;
}
#endif

#endif
