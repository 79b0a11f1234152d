/*
 * gen.h - what the random program generators of the differential
 * drivers share (method-diff.c, mheap-diff.c, marr-diff.c, mobj-diff.c,
 * cmethod-diff.c, cmethod-ptrdiff.c, mfloat-gen.h).  Macros, not
 * functions: each calls the including file's own generator functions on
 * its own struct gen G (a strbuf sb, an int depth), and its rnd(), so
 * that the random choices, and the generated programs, stay the same.
 */
#ifndef SUBSUME_TESTS_GEN_H
#define SUBSUME_TESTS_GEN_H

#include "base/util.h"

/* "(A op B)": sub(G, d) twice around the text op, an expression
 * evaluated between the two (the random choices stay in order). */
#define GEN_BINARY(G, sub, d, op)                                            \
	do {                                                                 \
		sb_puts((G)->sb, "(");                                       \
		sub((G), (d));                                               \
		sb_printf((G)->sb, " %s ", (op));                            \
		sub((G), (d));                                               \
		sb_puts((G)->sb, ")");                                       \
	} while (0)

/* "(C ? E : E)": the statement c writes C, the statement e (run twice)
 * each E. */
#define GEN_TERNARY(G, c, e)                                                 \
	do {                                                                 \
		sb_puts((G)->sb, "(");                                       \
		c;                                                           \
		sb_puts((G)->sb, " ? ");                                     \
		e;                                                           \
		sb_puts((G)->sb, " : ");                                     \
		e;                                                           \
		sb_puts((G)->sb, ")");                                       \
	} while (0)

/* The two blocks of an if statement whose condition is written,
 * ") { S } else { S }", one or two statements each (the file's
 * stmts() and indent()). */
#define GEN_IF_BLOCKS(G)                                                     \
	do {                                                                 \
		sb_puts((G)->sb, ") {\n");                                   \
		(G)->depth++;                                                \
		stmts((G), 1 + rnd(2));                                      \
		(G)->depth--;                                                \
		indent(G);                                                   \
		sb_puts((G)->sb, "} else {\n");                              \
		(G)->depth++;                                                \
		stmts((G), 1 + rnd(2));                                      \
		(G)->depth--;                                                \
		indent(G);                                                   \
		sb_puts((G)->sb, "}\n");                                     \
	} while (0)

#endif
