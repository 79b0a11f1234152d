/*
 * javasrc-method.h - a Java method of a parsed source file as the
 * method IR (lang/mir.h), for method-level verdicts.
 *
 * What is modelled: parameters, the fields the method names (of the
 * class that declares it) and locals of the primitive types boolean,
 * byte, short, char, int and long; expression statements (assignments,
 * compound assignments, ++ and --), local declarations, blocks, if/else,
 * while, do, for (without labels), break, continue, return,
 * `throw new X(literals)`, try/catch/finally (lang/mir.h: Exceptions),
 * switch over int, char, short and byte (groups and arrow rules), and
 * calls to methods of the class, as statements or with their result
 * used (lang/mir.h: Calls);
 * expressions as lang/parse.c reads them (operators, ?:, short-circuit
 * operators, casts).  Anything else (other calls, field access through
 * a reference, arrays, switch on strings and enums, try-with-resources,
 * labels, lambdas, float and double) makes the build fail with the reason:
 * those mutants keep their expression-level verdicts.
 *
 * Ownership: the IR lives in the arena a; f is only read.
 */
#ifndef SUBSUME_JAVASRC_METHOD_H
#define SUBSUME_JAVASRC_METHOD_H

#include "lang/javasrc.h"
#include "lang/mir.h"

/* The method around byte at of f, as IR, with patch applied (NULL: the
 * original).  NULL and *why (in a) when it is outside a method, uses
 * something not modelled, or the patch's node is not found inside a
 * modelled expression or statement. */
struct mmethod *jsrc_method(struct jsrc *f, struct arena *a, size_t at,
			    const struct mir_patch *patch, const char **why);
/* Where the method around byte at of f starts (the line and column its
 * IR gets), without building it: false when at is in no method. */
bool jsrc_method_pos(struct jsrc *f, size_t at, int *line, int *col);

#endif
