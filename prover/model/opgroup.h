/*
 * opgroup.h - operator groups, derived from the built-in operator
 * library (configs/operators.yaml, the one definition).
 *
 * The replacement group of a binary operator X over operand types
 * (ta, tb) is what the library's rules can turn `a X b` into, as one
 * class of interchangeable operators:
 *
 *   - operators: the `replace` rules of the library operators linked to
 *     X (those listing X, and transitively those sharing an item with a
 *     linked one: ROR, COR and LOR share true, false and ^), keeping
 *     every binary operator M for which `a M b` types over (ta, tb) with
 *     a result comparable with that of `a X b`;
 *   - literals: the literal items of the same rules whose type is
 *     comparable with the result (true and false for conditions);
 *   - operands: `delete: [lexp]` (keeps the right operand, "rhs") and
 *     `delete: [rexp]` ("lhs") of library operators that apply to X,
 *     when the kept operand's type is comparable with the result and the
 *     result is made of it: it is boolean, or the result's type follows
 *     its type (not a shift distance, JLS 15.19).
 *
 * Order: operators, then literals in library order, then lhs, rhs.
 * The order gives a generic analysis its mutant ids, hence which of two
 * duplicates represents their class and which of several minimal
 * subsumers a message names.  Operators come in the order && || < <= >
 * >= == != + - * / % << >> >>> & | ^ (opgroup.c), the order the check
 * table has always used, so that its verdicts and messages stay the
 * same; only the order is fixed there, membership is derived.
 */
#ifndef SUBSUME_OPGROUP_H
#define SUBSUME_OPGROUP_H

#include "model/theory.h"

enum repl_kind { REPL_OP, REPL_LITERAL, REPL_LHS, REPL_RHS };

struct repl {
	enum repl_kind kind;
	enum op op;            /* REPL_OP */
	const char *literal;   /* REPL_LITERAL: its spelling ("true") */
};

#define OPGROUP_MAX (OP_COUNT + 8)

/* The replacements of `a X b` over (ta, tb), X itself left out, in the
 * order above; returns how many (0: X has no group over these types,
 * or `a X b` does not type).  Thread-safe. */
int opgroup_binary(enum op x, const struct type *ta, const struct type *tb,
		   struct repl out[OPGROUP_MAX]);

/* Major's MML group of operator x ("ROR", "AOR", "ORU"; NULL: none),
 * from the built-in library's `major:` tags: for a binary x, the tagged
 * operator whose `replace` list has x (the last one in library order
 * when several do: MuJava's COR lists ^, Major's LOR owns it); for a
 * unary x, the tagged operator whose `on` list has x.  Thread-safe. */
const char *opgroup_major(enum op x, bool unary);

/* The label of a replacement: the operator's spelling, the literal,
 * "lhs" or "rhs". */
const char *repl_label(const struct repl *r);

#endif
