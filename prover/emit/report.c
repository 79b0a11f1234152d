/*
 * emit_report.c - `subsume report --format markdown`: one table row per
 * target and domain, like Table 1 of Gheyi et al.
 *
 * Every row counts the same way: "mutants" is every mutant the target's
 * operators (and explicit mutants) produced for that domain, equivalent
 * and duplicate ones included, skipped (ill-typed) ones not; the size of
 * the minimal set is its share of those.  Mutants whose equivalence is
 * unknown are kept in the minimal set, and such rows are marked.
 */
#include "emit/emit.h"

#include <string.h>

/* A table cell: '|' escaped, newlines as spaces. */
static void cell(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			sb_puts(sb, "\\|");
		else if (*s == '\n' || *s == '\r')
			sb_putc(sb, ' ');
		else
			sb_putc(sb, *s);
	}
}

/* Plain text in a cell: Markdown's punctuation escaped. */
static void text(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_[]<>#!~", *s))
			sb_putc(sb, '\\');
		if (*s == '|')
			sb_puts(sb, "\\|");
		else if (*s == '\n' || *s == '\r')
			sb_putc(sb, ' ');
		else
			sb_putc(sb, *s);
	}
}

/* Code span in a cell; a backtick in the text widens the fence. */
static void code(struct strbuf *sb, const char *s)
{
	bool tick = strchr(s, '`') != NULL;
	sb_puts(sb, tick ? "`` " : "`");
	cell(sb, s);
	sb_puts(sb, tick ? " ``" : "`");
}

/* A note naming the language of each theory that is not Java (C and
 * C++ with their profile options); nothing when every theory is Java. */
static void languages(struct strbuf *sb, const struct run *run)
{
	int n = 0;
	for (int i = 0; i < run->n; i++) {
		const struct theory *th = run->results[i]->an->theory;
		bool seen = false;
		for (int k = 0; k < i && !seen; k++)
			seen = run->results[k]->an->theory == th;
		if (seen || !*th->profile->options)
			continue;
		sb_puts(sb, n++ ? ";\n" : "\nLanguage: Java, except ");
		text(sb, th->name);
		sb_printf(sb, " (%s: %s)", th->profile->name,
			  th->profile->options);
	}
	if (n)
		sb_puts(sb, ".\n");
	/* how the theories with floating point compare floating outcomes */
	n = 0;
	for (int i = 0; i < run->n; i++) {
		const struct theory *th = run->results[i]->an->theory;
		bool seen = false;
		for (int k = 0; k < i && !seen; k++)
			seen = run->results[k]->an->theory == th;
		if (seen || !th->uses_float)
			continue;
		sb_puts(sb, n++ ? ";\n" : "\nFloating point: ");
		text(sb, th->name);
		sb_printf(sb, " (%s)", theory_float_option(th));
	}
	if (n)
		sb_puts(sb, ".\n");
}

void emit_report_md(struct strbuf *sb, const struct run *run)
{
	int total = 0, total_min = 0;
	bool any_unknown = false;
	sb_puts(sb, "| Theory | Target | Domain | Operators (mutants) | Mutants "
		    "| Minimal set | Size |\n");
	sb_puts(sb, "|---|---|---|---|---:|---|---:|\n");
	for (int i = 0; i < run->n; i++) {
		const struct result *r = run->results[i];
		const struct analysis *an = r->an;
		sb_puts(sb, "| ");
		text(sb, an->theory->name);
		sb_puts(sb, " | ");
		code(sb, an->target->name);
		if (strcmp(an->target->name, an->orig_text)) {
			sb_puts(sb, " (");
			code(sb, an->orig_text);
			sb_puts(sb, ")");
		}
		sb_puts(sb, " | ");
		text(sb, an->domain->name);
		sb_puts(sb, " | ");
		/* operators in order of first appearance, with counts */
		for (int m = 1; m <= r->n; m++) {
			const char *op = an->mutants[m].op;
			bool seen = false;
			for (int k = 1; k < m && !seen; k++)
				seen = !strcmp(an->mutants[k].op, op);
			if (seen)
				continue;
			int c = 0;
			for (int k = m; k <= r->n; k++)
				c += !strcmp(an->mutants[k].op, op);
			if (m > 1)
				sb_puts(sb, ", ");
			text(sb, op);
			sb_printf(sb, " (%d)", c);
		}
		if (!r->n)
			sb_puts(sb, "none");
		sb_printf(sb, " | %d | ", r->n);
		int nmin = 0;
		bool unknown = false;
		for (int m = 1; m <= r->n; m++) {
			if (!emit_kept(r, m))
				continue;
			if (nmin++)
				sb_puts(sb, ", ");
			code(sb, an->mutants[m].label);
			if (r->equiv[m] == R_UNKNOWN) {
				sb_puts(sb, "?");
				unknown = true;
			}
		}
		if (!nmin)
			sb_puts(sb, "none");
		unknown |= r->nunknowns > 0;
		any_unknown |= unknown;
		sb_printf(sb, " | %d (%.1f%%)%s |\n", nmin,
			  r->n ? 100.0 * nmin / r->n : 0.0, unknown ? " ?" : "");
		total += r->n;
		total_min += nmin;
	}
	sb_printf(sb, "| **all** | | | | %d | | %d (%.1f%%) |\n", total,
		  total_min, total ? 100.0 * total_min / total : 0.0);
	sb_puts(sb, "\nMutants: every mutant the operators produced for that "
		    "domain, equivalent\nand duplicate ones included, ill-typed "
		    "(skipped) ones not.  Size: the minimal\nset as a share of "
		    "those mutants.\n");
	languages(sb, run);
	if (any_unknown)
		sb_puts(sb, "\n?: some answers are unknown (solver time "
			    "limit); mutants marked ? may be\nequivalent and are "
			    "kept, and the set may not be minimal.\n");
	emit_claims_md(sb, run);
}
