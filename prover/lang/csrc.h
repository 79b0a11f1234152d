/*
 * csrc.h - C source files, read with tree-sitter and its C grammar
 * (tree-sitter-c 0.20.6, fetched by scripts/grammar.sh), for the
 * method-level analysis of C functions (issue 15): open a file (or a
 * text, as a mutation-testing-elements report embeds it), find the
 * node a mutant replaces, and build a function as the method IR
 * (lang/mir.h) in a C profile's semantics.
 *
 * Only prover/lang/csrc*.[ch] and javasrc*.[ch] include
 * <tree_sitter/api.h> (tests/layers.t); this interface gives plain data.
 *
 * What a C function's IR models: parameters, the global variables the
 * body names (inputs whose final values a test sees, like Java's
 * fields) and locals, of the profile's integer types (int, unsigned,
 * long, char, short, _Bool, the fixed-width and other spellings the
 * profile knows; its data model decides the widths); expression
 * statements (=, op=, ++, --), declarations with or without
 * initializers, blocks, if/else, while, do, for, switch, break,
 * continue and return, call statements `f(args);` to functions of the
 * file (events, lang/mir.h Calls); expressions as lang/parse.c reads C
 * (operators, ?:, short-circuit operators, casts); old-style (K&R)
 * definitions, static locals (inputs and outputs, as globals), the
 * file's own #define and enum constants and typedefs (csrc-const.c),
 * definitions without a return type (implicit int: the file is parsed
 * with "int " put before their heads, csrc.c; every byte offset of this
 * interface is the file's), and printf and scanf call statements of
 * <stdio.h> (events; csrc-mstmt.c).
 * Undefined behaviour
 * is the C profile's (docs/c.md, `ub:`): under `ub: outcome` and `wrap`
 * it is the exceptional outcome of the IR; reading a local before a
 * value is stored in it is undefined (C11 6.3.2.1p2, csrc-mstmt.c).
 * Anything else (pointers, arrays, calls whose value is used, structs,
 * floating types, goto, labels, a const global) makes the build fail
 * with the reason.
 *
 * The same parse serves the expression level (csrc_expr(): the C files
 * of a mutation-testing-elements report, check/mte.h): a mutant's
 * location as an expression, and the declared types of the variables it
 * reads.  C++ sources are read with the C grammar too: a function it
 * cannot read is refused, never guessed.
 *
 * Ownership: a struct csrc owns its text, name and tree (csrc_free());
 * the IR and the strings returned live in the arena given.  One thread
 * at a time per csrc.
 */
#ifndef SUBSUME_CSRC_H
#define SUBSUME_CSRC_H

#include "base/diag.h"
#include "lang/mir.h"
#include "lang/profile.h"

struct csrc;

/* Syntax trees deeper than this are refused (the IR builder recurses). */
#define CSRC_MAX_DEPTH 1000

/* Read and parse path; NULL and *why (in a) if it cannot be read or is
 * nested deeper than CSRC_MAX_DEPTH. */
struct csrc *csrc_open(const char *path, struct arena *a, const char **why);
/* Parse text[0..len) (copied), named name in messages. */
struct csrc *csrc_from_text(const char *name, const char *text, size_t len,
			    struct arena *a, const char **why);
void csrc_free(struct csrc *f);
const char *csrc_text(const struct csrc *f);

/* The node of function fname that starts on line (1-based) and whose
 * text without blanks is orig (a statement: orig may lack its ';'):
 * 0 and its bytes [*begin, *end); -1 and *why when there is none or
 * more than one. */
int csrc_find(struct csrc *f, struct arena *a, const char *fname, int line,
	      const char *orig, bool stmt, size_t *begin, size_t *end,
	      const char **why);

/* Function fname as IR in profile pf: the original (mutant NULL), or
 * with the node at bytes [begin, end) replaced by the text mutant (stmt:
 * the statement there deleted, mutant ignored but not NULL).  NULL and
 * *why (in a) when the function is not found, uses something not
 * modelled, or the node is not inside a modelled expression or
 * statement. */
struct mmethod *csrc_method(struct csrc *f, const struct profile *pf,
			    struct arena *a, const char *fname, size_t begin,
			    size_t end, const char *mutant, bool stmt,
			    const char **why);

/* The function_definition whose body holds bytes [b, e): its name (in
 * a), or NULL. */
const char *csrc_function_at(const struct csrc *f, struct arena *a,
			     size_t b, size_t e);

/* Is [b, e) (trailing blanks ignored) exactly a statement of f?  Then
 * *e is its end (without the blanks). */
bool csrc_is_statement(const struct csrc *f, size_t b, size_t *e);

/* Is [b, e) exactly the operator token of a binary, unary, update or
 * assignment expression of f (where Mull locates an operator mutant: the
 * "+" of "a + b")?  Then [*xb, *xe) is that expression. */
bool csrc_operator_at(const struct csrc *f, size_t b, size_t e, size_t *xb,
		      size_t *xe);

/* The file's own constants and types (csrc-const.c, issue 30), as they
 * stand at byte at:
 * csrc_constant(): what name stands for, an object-like #define (its
 * tokens, blank-separated and not parenthesized, as the preprocessor
 * puts them) or an enumeration constant (its value, parenthesized:
 * `((int)(4) + 1)`), every name in it expanded, or NULL when it is none
 * or may be another (defined twice, under #if, #undef'd, an #include
 * between the definition and at, a body that is no constant);
 * csrc_expand(): text with each such name replaced by its value;
 * csrc_typedef(): 0 when name is no typedef of the file, 1 and *type the
 * basic type it stands for ("unsigned char", or a name the file does
 * not define, "size_t"), -1 when it is one that is not a plain integer
 * type (a struct, an enum, a pointer) or may be hidden. */
const char *csrc_constant(const struct csrc *f, struct arena *a,
			  const char *name, size_t at);
const char *csrc_expand(const struct csrc *f, struct arena *a,
			const char *text, size_t at);
int csrc_typedef(const struct csrc *f, struct arena *a, const char *name,
		 size_t at, const char **type);

/* text with each call to the C library's abs, labs, llabs (the file
 * #includes <stdlib.h> before at and does not define the name) written
 * as C computes it: `abs(e)` as `(((int)(e)) < 0 ? -((int)(e)) :
 * ((int)(e)))`, undefined at the type's minimum (C11 7.22.6.1); NULL
 * and *why for a call whose argument has side effects or calls (it is
 * copied) or that has other than one argument.  Without the #include
 * (and no declaration, definition or macro of the name in the file) a
 * call has no prototype: C90's implicit declaration `int abs();`
 * passes the argument after the default argument promotions, which is
 * the library's call exactly when the promoted type is the parameter's
 * (C90 6.3.2.2; gcc's and clang's built-in abs agree there); such a
 * call is written so when promoted(ctx, argument, parameter type) says
 * it is, and left a call otherwise (promoted NULL: always). */
const char *csrc_libc(const struct csrc *f, struct arena *a, const char *text,
		      size_t at, const char **why,
		      bool (*promoted)(void *ctx, const char *arg,
				       const char *type), void *ctx);

#define CSRC_MAX_EXPR_VARS 16

/* The expression at bytes [b, e) of the file, as a check site reads it:
 * the variables it reads (plain identifiers, not inside calls, field
 * accesses or subscripts: those are opaque) with their declared types as
 * written ("int", "unsigned long", "size_t"; a typedef of the file
 * resolved), found in the enclosing
 * blocks, the function's parameters or the file's declarations, the
 * innermost declaration before the expression; discarded: its value is
 * dropped (an expression statement); statement: [b, e) is an expression
 * statement (`x++;`), read as its expression, whose bytes are [out.b,
 * out.e).  0, or -1 and *why: not a whole expression, another statement,
 * inside a function that does not parse, a
 * variable whose declaration is not found or is not of a plain type
 * (pointers, arrays, structs). */
struct cexpr {
	bool discarded, statement;
	size_t b, e;
	int nvars;
	struct {
		const char *name, *type;
	} vars[CSRC_MAX_EXPR_VARS];
	/* its text [b, e) with the file's constants and typedef names
	 * replaced by what they stand for (csrc_expand()): the site's
	 * original; a mutant's text is expanded at b likewise */
	const char *text;
};
int csrc_expr(const struct csrc *f, struct arena *a, size_t b, size_t e,
	      struct cexpr *out, const char **why);

#endif
