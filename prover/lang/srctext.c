/*
 * srctext.c - the lexer of a check site's program text (lang/srctext.h),
 * moved here from check/javatext.c and check/javaobj.c.
 */
#include "lang/srctext.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"

bool src_ident_start(int c)
{
	return isalpha(c) || c == '_' || c == '$';
}

bool src_ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

/* Skip a quoted literal starting at s[i]; returns the index after it. */
size_t src_skip_quoted(const char *s, size_t i)
{
	char q = s[i++];
	while (s[i] && s[i] != q) {
		if (s[i] == '\\' && s[i + 1])
			i++;
		i++;
	}
	return s[i] ? i + 1 : i;
}

/* Index after the bracket group starting at s[i] ('(' or '['), or 0 if
 * unbalanced. */
size_t src_skip_group(const char *s, size_t i)
{
	int depth = 0;
	while (s[i]) {
		char c = s[i];
		if (c == '"' || c == '\'') {
			i = src_skip_quoted(s, i);
			continue;
		}
		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']') {
			if (--depth == 0)
				return i + 1;
		}
		i++;
	}
	return 0;
}

/* Scan the chain after the identifier first, from s[i]; returns the
 * index after it, or 0 and *why. */
size_t src_scan_chain(const char *s, size_t i, bool arrow, const char *first,
		      struct src_chain *c, const char **why)
{
	*c = (struct src_chain){ 0 };
	snprintf(c->lastid, sizeof(c->lastid), "%s", first);
	size_t e = i;
	for (;;) {
		size_t j = e;
		while (s[j] == ' ' || s[j] == '\t')
			j++;
		if (s[j] == '(' || s[j] == '[') {
			size_t k = src_skip_group(s, j);
			if (!k) {
				*why = "unbalanced brackets";
				return 0;
			}
			c->call = s[j] == '(';
			c->has_args = false;
			for (size_t q = j + 1; c->call && q + 1 < k; q++)
				if (!isspace((unsigned char)s[q]))
					c->has_args = true;
			c->any = true;
			e = k;
			continue;
		}
		size_t k = j + 1;
		if (arrow && s[j] == '-' && s[j + 1] == '>')
			k = j + 2;
		else if (s[j] != '.')
			return e;
		while (s[k] == ' ' || s[k] == '\t')
			k++;
		if (!src_ident_start((unsigned char)s[k]))
			return e;
		size_t q = k;
		while (src_ident_char((unsigned char)s[q]))
			q++;
		snprintf(c->lastid, sizeof(c->lastid), "%.*s",
			 (int)(q - k < 63 ? q - k : 63), s + k);
		c->call = false;
		c->any = true;
		e = q;
	}
}

bool src_word_is(const char *s, size_t b, size_t e, const char *w)
{
	return strlen(w) == e - b && !strncmp(s + b, w, e - b);
}

size_t src_skip_blanks(const char *s, size_t i)
{
	while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
		i++;
	return i;
}

size_t src_ident_end(const char *s, size_t i)
{
	while (src_ident_char((unsigned char)s[i]))
		i++;
	return i;
}

size_t src_type_end(const char *s, size_t i)
{
	if (!src_ident_start((unsigned char)s[i]))
		return 0;
	for (;;) {
		i = src_ident_end(s, i);
		size_t j = src_skip_blanks(s, i);
		if (s[j] != '.' ||
		    !src_ident_start((unsigned char)s[src_skip_blanks(s, j + 1)]))
			break;
		i = src_skip_blanks(s, j + 1);
	}
	size_t j = src_skip_blanks(s, i);
	if (s[j] == '<') {
		int depth = 0;
		for (; s[j]; j++) {
			if (s[j] == '<')
				depth++;
			else if (s[j] == '>' && --depth == 0)
				break;
			else if (!src_ident_char((unsigned char)s[j]) &&
				 !strchr(" \t.,?[]", s[j]))
				return 0;
		}
		if (!s[j])
			return 0;
		i = j + 1;
	}
	for (j = src_skip_blanks(s, i); s[j] == '['; j = src_skip_blanks(s, i)) {
		size_t k = src_skip_blanks(s, j + 1);
		if (s[k] != ']')
			break;
		i = k + 1;
	}
	return i;
}

char *src_squeeze(struct arena *a, const char *s, size_t b, size_t e)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t q = b; q < e;) {
		if (s[q] == '"' || s[q] == '\'') {
			size_t r = src_skip_quoted(s, q);
			sb_add(&sb, s + q, (r < e ? r : e) - q);
			q = r;
		} else {
			if (!isspace((unsigned char)s[q]))
				sb_putc(&sb, s[q]);
			q++;
		}
	}
	char *r = arena_strdup(a, sb.len ? sb.buf : "");
	sb_release(&sb);
	return r;
}

size_t src_number_end(const char *s, size_t i)
{
	while (isalnum((unsigned char)s[i]) || s[i] == '.' || s[i] == '_')
		i++;
	return i;
}

size_t src_blanks_back(const char *s, size_t b, size_t e)
{
	while (e > b && isspace((unsigned char)s[e - 1]))
		e--;
	return e;
}

long src_operand_before(const char *s, size_t i)
{
	long p = (long)i - 1;
	while (p >= 0 && isspace((unsigned char)s[p]))
		p--;
	long start = -1;
	while (p >= 0) {
		if (s[p] == ')' || s[p] == ']') {
			int depth = 0;
			for (; p >= 0; p--) {
				if (s[p] == ')' || s[p] == ']')
					depth++;
				else if ((s[p] == '(' || s[p] == '[') && --depth == 0)
					break;
			}
			if (p < 0)
				return -1;
			start = p--;
			continue;
		}
		if (!src_ident_char((unsigned char)s[p]))
			break;
		while (p >= 0 && src_ident_char((unsigned char)s[p]))
			p--;
		start = p + 1;
		long q = p;
		while (q >= 0 && isspace((unsigned char)s[q]))
			q--;
		if (q < 0 || s[q] != '.')
			break;
		p = q - 1;
		while (p >= 0 && isspace((unsigned char)s[p]))
			p--;
	}
	return start;
}
