/*
 * major.h - one line of Major's mutants.log, split into its fields
 * (the reader, check_read_major(), is declared in check/check.h).
 *
 *   ID:OPERATOR:FROM:TO:Class@method(signature):LINE[:OFFSET]:ORIGINAL |==> MUTANT
 *
 * FROM, TO, ORIGINAL and MUTANT may hold Java code: a ':' or ' |==> '
 * inside a string or char literal (with escaped quotes in it: "\"",
 * '\'') belongs to the code, as does a ':' inside brackets or after an
 * unmatched '?' of a conditional (a wildcard '?' of a generic type is
 * no conditional).  A FROM or TO whose brackets or '?' do not match
 * ends at its first ':' outside literals, as a plain field.  After
 * LINE, digits followed by ':' are the 8-field variant's character
 * offset (no Java expression starts that way).
 *
 * Ownership: major_parse_line() cuts the line in place; the fields
 * point into it.
 */
#ifndef SUBSUME_CHECK_MAJOR_H
#define SUBSUME_CHECK_MAJOR_H

struct major_line {
	char *id, *op, *from, *to, *where, *orig, *mut;
	long line, offset; /* offset -1 when absent */
};

/* Split line s (no newline; NUL-terminated) in place into *m.  Returns
 * NULL, or why the line is malformed with *at the byte of s the error
 * is about. */
const char *major_parse_line(char *s, struct major_line *m, const char **at);

#endif
