/*
 * compare.h - `subsume compare`'s published table (compare-table.c
 * reads it; compare.c compares and writes Markdown).  The schema is in
 * docs/theories.md, "Comparing with a published table".
 *
 * Ownership: a table and everything it points to lives in the arena
 * it was loaded into; the rows point at the YAML tree (for messages)
 * and, once bound, at results owned by the run.
 */
#ifndef SUBSUME_COMPARE_H
#define SUBSUME_COMPARE_H

#include "cmd/run.h"

/* A published label read as one of our labels (first that exists). */
struct reading {
	const char *from;
	int n;
	const char **to;
};

struct row {
	int index;                 /* 1-based, for headings */
	struct ynode *where;
	/* as published */
	const char *target, *operators, *size, *note;
	bool all;                  /* minimal set "All" */
	int nminimal;
	const char **minimal;
	int nmutants;              /* the sum of the (N) in operators */
	/* ours */
	const char *theory, *our_target, *our_domain;
	int nread;
	struct reading *read;
	const struct result *r;
};

struct table {
	const char *title, *source, *intro;
	int nlabels;
	struct reading *labels;
	int nrows;
	struct row *rows;
};

/* Read and check the table file; 0, EXIT_INPUT or EXIT_IO (errors
 * printed). */
int compare_load_table(struct arena *a, const char *path, struct table *t);
/* Find every row's analysis among the results; 0 or EXIT_INPUT. */
int compare_bind_rows(struct table *t, const struct run *run);

/* The reading of a published label in rs[0..n), or NULL. */
const struct reading *compare_find_reading(const struct reading *rs, int n,
					   const char *label);
/* A published label's mutant here: the row's reading of it, else the
 * table's, then the label itself; 0 if none is a mutant here. */
int compare_resolve(const struct table *t, const struct row *row,
		    const char *label);

/* One row compared (compare.c, cmp_init()). */
struct cmp {
	const struct table *t;
	const struct row *row;
	const struct result *r;
	const struct analysis *an;
	int npaper;        /* published labels (all mutants for "All") */
	const char **plabels;
	int *pm;           /* [npaper] our mutant, 0 if none */
	int *hits;         /* [nclasses] published mutants in each class */
	int nmin;          /* ours */
	bool set_same, size_same, counted_same;
	double printed;
};

/* Text in a table cell has its '|' escaped (GFM removes the backslash
 * before it parses code spans); running text is written as is. */
static inline void md(struct strbuf *sb, const char *s, bool cell)
{
	for (; *s; s++) {
		if (*s == '|' && cell)
			sb_putc(sb, '\\');
		sb_putc(sb, *s);
	}
}

static inline void code(struct strbuf *sb, const char *s, bool cell)
{
	sb_putc(sb, '`');
	md(sb, s, cell);
	sb_putc(sb, '`');
}

static inline double pct(int k, int n)
{
	return n ? 100.0 * k / n : 0.0;
}

/* compare-explain.c: the published set and ours in Markdown, and the
 * paragraph that explains a row. */
void compare_paper_set(struct strbuf *sb, const struct row *row, bool cell);
void compare_our_set(struct strbuf *sb, const struct result *r, bool cell);
void compare_explain_row(struct strbuf *sb, const struct cmp *c);

#endif
