/*
 * value.h - types and values as data.
 *
 * A type is a descriptor, `const struct type *`, compared by address.
 * Descriptors are static and owned by a language profile (lang/profile.h,
 * e.g. lang/java.c); only the two kinds every language has, the error
 * type and void, are defined here, without a profile.  Typing,
 * evaluation and the Z3 encoding read a descriptor's fields and never
 * test for a particular type: Java's char is an unsigned 16-bit integer,
 * its zero-extension comes from is_signed == false.
 *
 * A value is a 64-bit payload interpreted by its type, which the context
 * always knows (a variable's declared type, a node's type):
 *   TK_BOOLEAN  0 or 1
 *   TK_INT      the value extended to 64 bits: sign-extended when
 *               is_signed, zero-extended otherwise (so a signed value is
 *               its int64_t, an unsigned one its uint64_t); always in
 *               the type's range
 *   TK_MATH     an int64_t; results beyond it are flagged as overflow by
 *               the evaluator, never wrapped
 *   TK_FLOAT    the IEEE 754 bit pattern: binary32 (bits 32) in the low
 *               32 bits, the high ones 0; binary64 (bits 64) in all 64.
 *               NaNs are kept canonical (quiet, positive, no payload:
 *               0x7fc00000, 0x7ff8000000000000) by every producer
 *   TK_VOID     0
 * Two values of the same type are equal iff their payloads are equal.
 */
#ifndef SUBSUME_VALUE_H
#define SUBSUME_VALUE_H

#include <stdbool.h>
#include <stdint.h>

struct profile;

enum type_kind {
	TK_ERROR,   /* typing failed */
	TK_VOID,    /* no value: a deleted statement */
	TK_BOOLEAN,
	TK_INT,     /* fixed-width two's complement integer */
	TK_MATH,    /* mathematical (unbounded) integer */
	TK_FLOAT,   /* IEEE 754 binary32 or binary64 (bits 32 or 64) */
	TK_REF,     /* a reference: room for it, no semantics yet */
};

struct type {
	enum type_kind kind;
	const char *name;     /* as written in theories: "int", "char" */
	int bits;             /* TK_INT, TK_FLOAT: width; 0 otherwise */
	bool is_signed;       /* TK_INT: two's complement signed; TK_FLOAT:
			       * true */
	int rank;             /* numeric types: conversion rank; a binary
			       * operation happens in the higher rank */
	int id;               /* dense index among the profile's types */
	const struct profile *profile; /* owner; NULL for error and void */
};

extern const struct type type_error_desc, type_void_desc;
#define T_ERROR (&type_error_desc)
#define T_VOID (&type_void_desc)

struct value {
	uint64_t bits;        /* payload; meaning given by the type above */
};

static inline struct value value_int(int64_t v)
{
	return (struct value){ (uint64_t)v };
}
static inline struct value value_uint(uint64_t v)
{
	return (struct value){ v };
}
static inline struct value value_bool(bool b)
{
	return (struct value){ b ? 1u : 0u };
}
/* The payload as a signed number (signed, mathematical and boolean). */
static inline int64_t value_i64(struct value v)
{
	return (int64_t)v.bits;
}
static inline bool value_eq(struct value a, struct value b)
{
	return a.bits == b.bits;
}

const char *type_name(const struct type *t);
bool type_is_numeric(const struct type *t);   /* TK_INT, TK_MATH, TK_FLOAT */
bool type_is_integral(const struct type *t);  /* TK_INT: fixed width */
bool type_is_float(const struct type *t);     /* TK_FLOAT */

/* What a conversion from a floating type to a fixed-width integer type
 * does with a value whose truncation does not fit (the target's
 * profile says which, as float_to_int). */
enum float_to_int_rule {
	F2I_SATURATE,  /* Java (JLS 5.1.3): NaN to 0, else clamp to the
			* range of long (64-bit targets) or int, then
			* narrow to the target as an int would */
	F2I_UB,        /* C: undefined behaviour (value_float_fits) */
};

/* Convert a value of type from to type to: to a fixed width by keeping
 * the low bits and extending by to's signedness (two's complement
 * wrap-around), to a mathematical integer unchanged, to boolean as
 * v != 0.  Integer payloads are already extended by from's signedness.
 * from NULL means a signed 64-bit integer.  Floating conversions round
 * to nearest, ties to even (integer to floating, double to float);
 * floating to integer truncates toward zero, out of range as the
 * target profile's float_to_int rule says (F2I_UB: some value). */
struct value value_convert(const struct type *from, struct value v,
			   const struct type *to);
/* Is the floating value v of type from, truncated, inside the range of
 * the fixed-width type to (false for NaN and infinities)? */
bool value_float_fits(const struct type *from, struct value v,
		      const struct type *to);

/* Floating values as C doubles and back (exact both ways for binary32
 * values of a float type; NaN becomes canonical). */
double value_to_double(const struct type *t, struct value v);
struct value value_from_double(const struct type *t, double d);
/* The canonical NaN of floating type t. */
struct value value_nan(const struct type *t);
bool value_is_nan(const struct type *t, struct value v);
/* Is v below zero, or a negative zero (the sign bit of a float)? */
bool value_is_negative(const struct type *t, struct value v);

/* How a test compares two floating outcomes (theory option
 * float-compare). */
enum float_compare {
	FCMP_IDENTICAL,  /* the same value: NaNs alike, -0.0 != +0.0 */
	FCMP_NUMERIC,    /* ==, with NaN equal to NaN */
};
extern const char *const float_compare_names[2]; /* "identical", ... */
/* v of type t in the form outcomes are compared in under fc: equal
 * payloads iff equal outcomes (numeric: -0.0 becomes +0.0). */
struct value value_observed(const struct type *t, struct value v,
			    enum float_compare fc);
/* Wrap a mathematical int64 into t's range (value_convert from a
 * signed 64-bit reading). */
struct value type_wrap(const struct type *t, int64_t v);
/* Order two values of numeric type t: -1, 0, 1. */
int value_cmp(const struct type *t, struct value a, struct value b);
/* Range of an integral type as payloads; for TK_MATH the int64 range,
 * for TK_BOOLEAN 0 and 1. */
struct value type_min(const struct type *t);
struct value type_max(const struct type *t);
/* Is v (read as a signed int64) inside t's range? */
bool type_holds(const struct type *t, int64_t v);
/* Does every value of type u convert to t without change (t's range
 * contains u's)?  Only then are values of u and t equal in t exactly
 * when they are equal numbers (C's -1 and 4294967295u are not). */
bool type_contains(const struct type *t, const struct type *u);
/* Is v, a value of type t, a negative number?  Two values of numeric
 * types are the same number iff their payloads are equal and both or
 * neither are negative (payloads extend by signedness: int -1 and
 * unsigned long 2^64-1 have the same payload). */
static inline bool value_negative(const struct type *t, struct value v)
{
	return (t->kind == TK_MATH || (t->kind == TK_INT && t->is_signed)) &&
	       value_i64(v) < 0;
}

#endif
