/*
 * profile.h - a language profile: everything language-specific in one
 * place, so that a new language is a new profile, not edits to the
 * parser, the typer, the evaluator or the Z3 encoder.
 *
 * A profile owns its type descriptors (lang/value.h) and says:
 *   - syntax: how literals are written (read_literal, keyword_literal)
 *     and which operators exist (has_op);
 *   - typing: the promotions and conversions of the language
 *     (unary_promote ... assignable).  Typing (lang/type.c) asks these
 *     hooks and records every conversion as an explicit N_CONV node, so
 *     evaluation and encoding never re-derive a promotion;
 *   - semantics that are not types: what division by zero does and how
 *     shift distances are treated (data, read by sem/eval.c and
 *     sem/smt.c, which implement each choice once);
 *   - printing: values in source syntax (value_print).
 *
 * Promises every profile keeps (the typer and sem rely on them):
 *   - every hook is set (no NULL function pointers);
 *   - types[] lists the domain types in their built-in order; each has
 *     profile == this profile and id == its index in types[];
 *   - the promotion hooks are called only with numeric types (TK_INT,
 *     TK_MATH) and return a numeric type of this profile;
 *   - a binary arithmetic, bitwise or comparison operation happens in one
 *     type: both operands are converted to it (for shifts, shift_type
 *     gives the type of the result and of both converted operands);
 *   - value_print prints any value of any of its types so that
 *     read_literal (with a leading '-' parsed as unary minus) reads the
 *     same value back, where the language has a literal for it.
 *
 * Profiles: profile_java (lang/java.c).  A C profile would add unsigned
 * types (is_signed false: sem/ then divides, compares, shifts and extends
 * unsigned), int-typed comparisons (compare_result), undefined behaviour
 * instead of exceptions (new div_zero and shift rules, implemented once
 * in sem/eval.c and sem/encode.c) and data models (its types[] table:
 * the widths of int, long, pointers).
 */
#ifndef SUBSUME_PROFILE_H
#define SUBSUME_PROFILE_H

#include "lang/ast.h"

/* A literal as a profile read it from source text. */
struct literal {
	int len;                  /* bytes of source text consumed */
	const struct type *type;
	struct value val;
	/* The literal is only valid right after unary minus (Java's
	 * 2147483648): minus_only is its canonical spelling for messages,
	 * neg the negated literal's value, of type; otherwise NULL. */
	const char *minus_only;
	struct value neg;
};

/* What integer division or remainder by zero does. */
enum div_zero_rule {
	DIV0_THROWS,      /* an exceptional outcome (Java's ArithmeticException) */
};

/* How a shift distance is used. */
enum shift_rule {
	SHIFT_MASK,       /* distance & (bits - 1) of the result type (Java) */
};

struct profile {
	const char *name;                 /* "java" */

	/* Types: the domain types in built-in order; the boolean type
	 * (conditions, logical operators); the type of a comparison's
	 * value (boolean in Java; C's int would be an integer type, whose
	 * value is 1 or 0). */
	int ntypes;
	const struct type *const *types;
	const struct type *boolean;
	const struct type *compare_result;

	/* Syntax.  read_literal: the parser calls it where s + pos starts
	 * with a digit or a quote ('\'');
	 * returns 0 and fills *lit, or -1 with a message in err (errsz
	 * bytes) and the byte offset it refers to in *errpos.
	 * keyword_literal: an identifier that is a literal ("true"). */
	int (*read_literal)(const char *s, int pos, struct literal *lit,
			    int *errpos, char *err, size_t errsz);
	bool (*keyword_literal)(const char *id, size_t len,
				struct literal *lit);
	bool (*has_op)(enum op op);

	/* Typing (numeric arguments only, see above). */
	const struct type *(*unary_promote)(const struct type *t);
	const struct type *(*binary_promote)(const struct type *a,
					     const struct type *b);
	const struct type *(*shift_type)(const struct type *left,
					 const struct type *right);
	/* The type both operands of <, ==, ... are converted to. */
	const struct type *(*compare_type)(const struct type *a,
					   const struct type *b);
	/* The type of "c ? b : e" with numeric branches b and e of
	 * different types (the nodes, for constant rules). */
	const struct type *(*cond_type)(const struct node *b,
					const struct node *e);
	/* May the typed expression rhs be assigned to a variable of type
	 * to (widening, or a constant that fits)? */
	bool (*assignable)(const struct node *rhs, const struct type *to);
	/* Can an outcome of type from be observed against one of type to
	 * (a mutant against its original)? */
	bool (*comparable)(const struct type *from, const struct type *to);

	/* Semantics. */
	enum div_zero_rule div_zero;
	enum shift_rule shift;

	/* Printing: a value of type t in source syntax ("-2L", "'a'"). */
	void (*value_print)(struct strbuf *sb, const struct type *t,
			    struct value v);
};

extern const struct profile profile_java;

/* The profile's type named name, or NULL. */
const struct type *profile_type(const struct profile *pf, const char *name);

#endif
