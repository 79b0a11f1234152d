/* diag.c - see diag.h. */
#include "base/diag.h"

#include <string.h>

int diag_errors;
FILE *diag_out;

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
	fprintf(diag_out, "%5d | %.*s\n", loc->line, (int)(e - p), p);
	fprintf(diag_out, "      | ");
	/* Reproduce tabs so the caret lines up. */
	for (int c = 1; c < loc->col && p + c - 1 < e; c++)
		fputc(p[c - 1] == '\t' ? '\t' : ' ', diag_out);
	fprintf(diag_out, "^\n");
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

void diag_note(struct loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(loc, "note", fmt, ap);
	va_end(ap);
}
