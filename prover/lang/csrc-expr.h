/*
 * csrc-expr.h - C and C++ source text (the C files of a mutation-
 * testing-elements report, check/mte.h), read with tree-sitter and its C
 * grammar (tree-sitter-c 0.20.6, fetched by scripts/grammar.sh): a
 * mutant's location as an expression, and the declared types of the
 * variables it reads (expression level; the method-level C front end is
 * lang/csrc.h, on its own branch).  C++ sources are read with the C
 * grammar too: a function it cannot read is refused, never guessed.
 *
 * Only prover/lang/javasrc*.[ch] and csrc*.[ch] include
 * <tree_sitter/api.h> (tests/layers.t); what this interface returns is
 * plain text in the caller's arena.
 *
 * Ownership: a struct cexfile owns its text and tree; cexfile_free()
 * releases them.  Used by one thread at a time.
 */
#ifndef SUBSUME_CSRC_EXPR_H
#define SUBSUME_CSRC_EXPR_H

#include "base/diag.h"

struct cexfile;

/* Parse text (copied), named name in messages; NULL and *why (in a)
 * when the grammar cannot be loaded. */
struct cexfile *cexfile_open_text(const char *name, const char *text,
			    struct arena *a, const char **why);
void cexfile_free(struct cexfile *f);

#define CEXFILE_MAX_VARS 16

/* The expression at bytes [b, e) of the file, as a check site reads it:
 * the variables it reads (plain identifiers, not inside calls, field
 * accesses or subscripts: those are opaque) with their declared types as
 * written ("int", "unsigned long", "size_t"), found in the enclosing
 * blocks, the function's parameters or the file's declarations, the
 * innermost declaration before the expression; discarded: its value is
 * dropped (an expression statement).  0, or -1 and *why: not a whole
 * expression, a statement, inside a function that does not parse, a
 * variable whose declaration is not found or is not of a plain type
 * (pointers, arrays, structs). */
struct cexpr {
	bool discarded;
	int nvars;
	struct {
		const char *name, *type;
	} vars[CEXFILE_MAX_VARS];
};
int cexfile_expr(const struct cexfile *f, struct arena *a, size_t b, size_t e,
	      struct cexpr *out, const char **why);

#endif
