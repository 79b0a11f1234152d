/* diag.c - see diag.h. */
#include "base/diag.h"

#include <string.h>

int diag_errors;
FILE *diag_out;

/* Lines longer than this many bytes print as a window around the caret. */
#define DIAG_WIDTH 100
/* Bytes of the line shown before the caret in a window. */
#define DIAG_BEFORE 40

static bool utf8_cont(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

void diag_show_line(FILE *out, int lineno, const char *p, size_t len, int col)
{
	if (len <= DIAG_WIDTH) {
		fprintf(out, "%5d | %.*s\n", lineno, (int)len, p);
		if (col <= 0)
			return;
		fprintf(out, "      | ");
		/* Reproduce tabs so the caret lines up. */
		for (int c = 1; c < col && (size_t)c - 1 < len; c++)
			fputc(p[c - 1] == '\t' ? '\t' : ' ', out);
		fprintf(out, "^\n");
		return;
	}
	/* col counts characters: the caret's byte offset. */
	size_t caret = 0;
	for (int c = 1; c < col && caret < len; c++) {
		caret++;
		while (caret < len && utf8_cont(p[caret]))
			caret++;
	}
	size_t start = caret > DIAG_BEFORE ? caret - DIAG_BEFORE : 0, end;
	if (start + DIAG_WIDTH > len)
		start = len - DIAG_WIDTH;
	/* Never cut a UTF-8 character in two. */
	while (start > 0 && utf8_cont(p[start]))
		start--;
	end = start + DIAG_WIDTH;
	while (end < len && utf8_cont(p[end]))
		end--;
	fprintf(out, "%5d | %s%.*s%s\n", lineno, start ? "..." : "",
		(int)(end - start), p + start, end < len ? "..." : "");
	if (col <= 0)
		return;
	fprintf(out, "      | %s", start ? "   " : "");
	/* One space per character (a tab for a tab) up to the caret. */
	for (size_t c = start; c < caret && c < end; c++)
		if (p[c] == '\t')
			fputc('\t', out);
		else if (!utf8_cont(p[c]))
			fputc(' ', out);
	fprintf(out, "^\n");
}

static void show_line(const struct loc *loc)
{
	const char *p = loc->src->text, *end = p + loc->src->len;
	for (int l = 1; l < loc->line && p < end; p++)
		if (*p == '\n')
			l++;
	if (p >= end && loc->line > 1)
		return;
	const char *e = p;
	while (e < end && *e != '\n' && *e != '\r')
		e++;
	diag_show_line(diag_out, loc->line, p, (size_t)(e - p), loc->col);
}

static void vreport(struct loc loc, const char *kind, const char *fmt,
		    va_list ap)
{
	if (!diag_out)
		diag_out = stderr;
	if (loc.src && loc.line > 0)
		fprintf(diag_out, "%s:%d:%d: %s: ", loc.src->name, loc.line,
			loc.col, kind);
	else if (loc.src)
		fprintf(diag_out, "%s: %s: ", loc.src->name, kind);
	else
		fprintf(diag_out, "%s: %s: ", progname, kind);
	vfprintf(diag_out, fmt, ap);
	fputc('\n', diag_out);
	if (loc.src && loc.line > 0)
		show_line(&loc);
}

int diag_error(struct loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(loc, "error", fmt, ap);
	va_end(ap);
	diag_errors++;
	return -1;
}

void diag_warning(struct loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(loc, "warning", fmt, ap);
	va_end(ap);
}

void diag_note(struct loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(loc, "note", fmt, ap);
	va_end(ap);
}
