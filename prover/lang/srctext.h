/*
 * srctext.h - the lexer of the program text a check site holds (a Java
 * or C expression as a log or a source wrote it): identifiers, quoted
 * literals, bracket groups, a name's chain of fields, calls and
 * indexes, type names, blanks.  Issue 28: nothing above lang/ tokenizes
 * program text itself; check/'s site readers (javatext.c, javaobj.c,
 * refs.c, site-read.c: tests/layers.t) read it through these.
 */
#ifndef SUBSUME_LANG_SRCTEXT_H
#define SUBSUME_LANG_SRCTEXT_H

#include <stdbool.h>
#include <stddef.h>

struct arena;

/* Can c start (continue) an identifier (letters, digits, _ and $)? */
bool src_ident_start(int c);
bool src_ident_char(int c);
/* The index after the identifier characters from s[i]. */
size_t src_ident_end(const char *s, size_t i);
/* The index after the blanks (spaces, tabs, newlines) from s[i]. */
size_t src_skip_blanks(const char *s, size_t i);
/* Skip a quoted literal at s[i] ('"' or '\''): the index after it. */
size_t src_skip_quoted(const char *s, size_t i);
/* Index after the bracket group at s[i] ('(' or '['), 0 if unbalanced. */
size_t src_skip_group(const char *s, size_t i);
/* A chain after an identifier: (. ident | (args) | [index])*, and with
 * arrow (C) -> ident too. */
struct src_chain {
	bool any;               /* something follows the identifier */
	bool call;              /* the chain ends with a call of lastid */
	bool has_args;          /* that call has arguments */
	char lastid[64];
};
/* Scan the chain after the identifier first, from s[i]; returns the
 * index after it, or 0 and *why. */
size_t src_scan_chain(const char *s, size_t i, bool arrow, const char *first,
		      struct src_chain *c, const char **why);
/* A Java type name at s[i]: a qualified name, type arguments <...>,
 * []; the index after it, or 0. */
size_t src_type_end(const char *s, size_t i);
/* s[b..e) without blanks (outside literals), in a. */
char *src_squeeze(struct arena *a, const char *s, size_t b, size_t e);
/* Is s[b..e) the word w? */
bool src_word_is(const char *s, size_t b, size_t e, const char *w);
/* The index after the number literal at s[i] (a digit: digits,
 * letters, '.', '_'). */
size_t src_number_end(const char *s, size_t i);
/* e moved back over the blanks (isspace()) before it, not below b. */
size_t src_blanks_back(const char *s, size_t b, size_t e);
/* The start of the operand that ends before s[i] (blanks between): a
 * name, a chain of names, fields, calls and indexes, a parenthesised
 * expression; -1 when none. */
long src_operand_before(const char *s, size_t i);

#endif
