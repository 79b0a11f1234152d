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
 * Profiles: profile_java (lang/java.c) and the C profiles (lang/c.c,
 * c_profile()): unsigned types (is_signed false: sem/ then divides,
 * compares, shifts and extends unsigned), int-typed comparisons
 * (compare_result), scalar conditions (boolean is then a TK_BOOLEAN type
 * that is not a domain type: typing converts a condition's numeric
 * operand to it, meaning != 0), undefined behaviour as the exceptional
 * outcome (the div_zero, shift and overflow rules, implemented once in
 * sem/eval.c and sem/encode.c) and data models (its types[] table).
 * A 1-bit unsigned TK_INT type is C's _Bool: conversion to it is != 0.
 */
#ifndef SUBSUME_PROFILE_H
#define SUBSUME_PROFILE_H

#include "lang/ast.h"

/* Another name of a type (a typedef). */
struct type_alias {
	const char *name;
	const struct type *type;
};

/* The value of hexadecimal digit c (either case), or 99 for a character
 * that is no digit: what every profile's integer literals are read
 * with. */
static inline int digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

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
	DIV0_UB,          /* undefined behaviour: the exceptional outcome (C) */
};

/* How a shift distance is used. */
enum shift_rule {
	SHIFT_MASK,       /* distance & (bits - 1) of the result type (Java) */
	SHIFT_UB,         /* C: the distance keeps its own promoted type (typing
			   * converts it so); negative or >= the result's width
			   * is undefined behaviour */
};

/* What signed + - * and unary - do when the result does not fit. */
enum overflow_rule {
	OVF_WRAP,         /* wrap modulo 2^bits (Java, C with -fwrapv) */
	OVF_UB,           /* undefined behaviour (C) */
};

/* How a theory treats undefined behaviour (C); UB_NONE for Java. */
enum ub_policy {
	UB_NONE,
	UB_OUTCOME,       /* UB is one more outcome, like an exception */
	UB_DEFINED_ONLY,  /* the domain: inputs on which the original is
			   * defined (then as UB_OUTCOME) */
	UB_WRAP,          /* -fwrapv: signed overflow and << wrap */
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
	/* Conditions (!, &&, ||, ?:, assumptions) may be numbers, converted
	 * to boolean as != 0, and !, && and || yield compare_result (C). */
	bool scalar_conditions;

	/* Syntax.  read_literal: the parser calls it where s + pos starts
	 * with a digit or a quote ('\'');
	 * returns 0 and fills *lit, or -1 with a message in err (errsz
	 * bytes) and the byte offset it refers to in *errpos.
	 * keyword_literal: an identifier that is a literal ("true"). */
	int (*read_literal)(const struct profile *pf, const char *s, int pos,
			    struct literal *lit, int *errpos, char *err,
			    size_t errsz);
	bool (*keyword_literal)(const struct profile *pf, const char *id,
				size_t len, struct literal *lit);
	bool (*has_op)(enum op op);
	/* Casts "(type) e": the length of a type name at s + pos (0: none
	 * there) and the type in *t.  NULL: the language has no casts in
	 * theories.  (Java's are to its numeric primitive types.) */
	int (*cast_type)(const struct profile *pf, const char *s, int pos,
			 const struct type **t);

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
	enum overflow_rule overflow;  /* of signed + - * and unary - */
	bool div_overflow_ub;  /* signed MIN / -1 and MIN % -1 are UB */
	/* Floating point (IEEE 754 binary32/binary64, round to nearest
	 * even, no excess precision): may % take floating operands (Java:
	 * the truncating remainder, C's fmod)?  What does a floating value
	 * that does not fit an integer type convert to (value.h)? */
	bool float_rem;
	enum float_to_int_rule float_to_int;
	bool shl_signed_ub;    /* signed E1 << E2 with E1 < 0 or E1 * 2^E2
				* not representable is UB */
	enum ub_policy ub;
	/* The options for outputs ("data-model: lp64, char: signed,
	 * ub: outcome"); "" for Java.  One by one (C; NULL for Java):
	 * "lp64", "signed", "outcome". */
	const char *options;
	const char *data_model, *char_sign, *ub_name;
	/* Other names of types ("unsigned int", "int32_t"): naliases
	 * pairs, NULL when none. */
	int naliases;
	const struct type_alias *aliases;

	/* Printing: a value of type t in source syntax ("-2L", "'a'"). */
	void (*value_print)(struct strbuf *sb, const struct type *t,
			    struct value v);
};

extern const struct profile profile_java;

/* The C profiles (lang/c.c).  lang: "c" or "c++"; data_model: "lp64",
 * "ilp32", "llp64"; plain char signed or not; ub: the policy.  Returns a
 * static profile (the same pointer for the same options), or NULL for an
 * unknown language or data model. */
const struct profile *c_profile(const char *lang, const char *data_model,
				bool char_signed, enum ub_policy ub);
/* The allowed spellings, for messages: "lp64, ilp32, llp64" ... */
extern const char c_data_models[], c_ub_policies[];
/* The policy named s ("outcome"), or -1. */
int c_ub_policy(const char *s);

/*
 * A floating literal (float.c), the syntax both profiles share: decimal
 * "1.5", ".5", "1e-3", "1.", hexadecimal "0x1.8p1"; a suffix f/F
 * (float), d/D (double, java only); Java's underscores between digits.
 * Returns 1 if s + pos does not start a floating literal (an integer:
 * the caller reads it), 0 with *len, *is_float (suffix f) and the value
 * (as a double; a float's exact value), or -1 with a message (a
 * malformed literal, one that rounds to infinity or to zero).
 */
int float_literal(const char *s, int pos, bool java, int *len,
		  bool *is_float, double *val, int *errpos, char *err,
		  size_t errsz);
/* Print floating value v of type t as the shortest decimal that reads
 * back to the same value ("1.0", "-0.0", "1.0E-5", "3.4028235E38"),
 * for finite values only; suffix appended ("f"). */
void float_print_decimal(struct strbuf *sb, const struct type *t,
			 struct value v, const char *suffix);

/* The profile's type named name (or one of its aliases), or NULL. */
const struct type *profile_type(const struct profile *pf, const char *name);

#endif
