/*
 * compare-explain.c - why a row of `subsume compare` differs, from the
 * results alone: the class of mutants with identical kill sets, a
 * proven subsumption with the input that kills one mutant but not the
 * other, or an input that kills a mutant of the published set but not
 * one of ours.  See compare.h.
 */
#include "cmd/compare.h"

#include <string.h>

static const struct witness *find_witness(const struct result *r,
					  enum witness_kind k, int a, int b)
{
	for (int i = 0; i < r->nwitnesses; i++) {
		const struct witness *w = &r->witnesses[i];
		if (w->kind == k && w->a == a && w->b == b)
			return w;
	}
	return NULL;
}

/* What the analysis observes of program e on input in. */
static void outcome_print(struct strbuf *sb, const struct analysis *an,
			  const struct node *e, const struct value *in)
{
	struct outcome o;
	eval_outcome(e, an->nvars, in, &o);
	if (o.threw) {
		sb_puts(sb, "throws");
		return;
	}
	const char *sep = "";
	if (an->observe.value) {
		value_print(sb, e->type, o.value);
		sep = ", ";
	}
	for (int v = 0; v < an->nvars; v++)
		if (an->observe.var[v]) {
			sb_printf(sb, "%s%s=", sep, an->var_names[v]);
			value_print(sb, an->var_types[v], o.vars[v]);
			sep = ", ";
		}
}

/* A mutant's label in running text. */
static void label(struct strbuf *sb, const struct analysis *an, int m)
{
	code(sb, an->mutants[m].label, false);
}

/* "`x=1, y=2`" */
static void input_code(struct strbuf *sb, const struct analysis *an,
		       const struct value *in)
{
	sb_putc(sb, '`');
	input_print(sb, an, in);
	sb_putc(sb, '`');
}

/* "on `x=1`, the original gives 2, `A` gives 0 and `B` gives 2" */
static void on_input(struct strbuf *sb, const struct analysis *an,
		     const struct value *in, const int *ms, int nms)
{
	struct strbuf v = STRBUF_INIT;
	sb_puts(sb, "on ");
	input_code(sb, an, in);
	outcome_print(&v, an, an->orig, in);
	sb_printf(sb, " the original gives %s", v.buf);
	for (int i = 0; i < nms; i++) {
		sb_reset(&v);
		outcome_print(&v, an, an->mutants[ms[i]].expr, in);
		sb_puts(sb, i + 1 < nms ? ", " : " and ");
		label(sb, an, ms[i]);
		sb_printf(sb, " %s", v.buf);
	}
	sb_release(&v);
}

void compare_paper_set(struct strbuf *sb, const struct row *row, bool cell)
{
	if (row->all) {
		sb_puts(sb, "All");
		return;
	}
	for (int i = 0; i < row->nminimal; i++) {
		if (i)
			sb_puts(sb, ", ");
		code(sb, row->minimal[i], cell);
	}
}

void compare_our_set(struct strbuf *sb, const struct result *r, bool cell)
{
	bool first = true;
	for (int m = 1; m <= r->n; m++)
		if (r->minimal[m]) {
			if (!first)
				sb_puts(sb, ", ");
			first = false;
			code(sb, r->an->mutants[m].label, cell);
		}
	if (first)
		sb_puts(sb, "(none)");
}

static void class_members(struct strbuf *sb, const struct result *r, int cl)
{
	int k = 0, total = 0;
	for (int m = 1; m <= r->n; m++)
		total += r->cls[m] == cl;
	for (int m = 1; m <= r->n; m++) {
		if (r->cls[m] != cl)
			continue;
		if (k)
			sb_puts(sb, k + 1 < total ? ", " : " and ");
		label(sb, r->an, m);
		k++;
	}
}

/* The row's heading, what is compared, notes and readings. */
static void explain_intro(struct strbuf *sb, const struct cmp *c)
{
	const struct row *row = c->row;
	const struct result *r = c->r;
	const struct analysis *an = c->an;
	sb_printf(sb, "### Row %d: ", row->index);
	code(sb, row->target, false);
	sb_puts(sb, "\n\n");
	sb_puts(sb, "Ours: ");
	code(sb, an->orig_text, false);
	sb_puts(sb, " in domain ");
	md(sb, an->domain->name, false);
	if (an->assume_text) {
		sb_puts(sb, " (");
		code(sb, an->assume_text, false);
		sb_puts(sb, ")");
	}
	sb_printf(sb, ", target ");
	code(sb, an->target->name, false);
	sb_printf(sb, " of theory %s (%s), %d mutants; the paper's "
		      "minimal set ",
		  an->theory->name, an->theory->file, r->n);
	compare_paper_set(sb, row, false);
	sb_printf(sb, " (%d of %d), ours ", c->npaper, row->nmutants);
	compare_our_set(sb, r, false);
	sb_printf(sb, " (%d of %d).\n\n", c->nmin, r->n);
	if (row->note) {
		sb_puts(sb, "- Note (from the table file): ");
		sb_puts(sb, row->note);
		sb_puts(sb, "\n");
	}
	if (row->nmutants != r->n)
		sb_printf(sb, "- The paper counts %d mutants (%s); the theory "
			      "generates %d.\n",
			  row->nmutants, row->operators, r->n);
	/* Published labels read differently, and those with no mutant. */
	for (int i = 0; i < c->npaper && !row->all; i++) {
		const char *pl = c->plabels[i];
		int m = c->pm[i];
		if (!m) {
			sb_puts(sb, "- ");
			code(sb, pl, false);
			sb_puts(sb, " is not a mutant of this target here.\n");
			continue;
		}
		const struct reading *rd =
			compare_find_reading(row->read, row->nread, pl);
		if (rd) {
			sb_puts(sb, "- The paper's ");
			code(sb, pl, false);
			sb_puts(sb, " is read as ");
			label(sb, an, m);
			sb_puts(sb, ".\n");
		}
	}
}

/* Published mutants that are not in a minimal class. */
static void explain_outside(struct strbuf *sb, const struct cmp *c)
{
	const struct result *r = c->r;
	const struct analysis *an = c->an;
	for (int i = 0; i < c->npaper; i++) {
		int m = c->pm[i];
		if (!m)
			continue;
		if (r->equiv[m] == R_YES) {
			sb_puts(sb, "- ");
			label(sb, an, m);
			sb_puts(sb, " (");
			code(sb, an->mutants[m].text, false);
			sb_puts(sb, ") is equivalent to the original: Z3 proved "
				    "that no input kills it.\n");
			continue;
		}
		if (r->equiv[m] != R_NO) {
			sb_puts(sb, "- ");
			label(sb, an, m);
			sb_puts(sb, ": its equivalence is unknown.\n");
			continue;
		}
		if (r->minimal[r->class_rep[r->cls[m]]])
			continue;
		int x = result_minimal_subsumer(r, m);
		if (!x)
			continue;
		sb_puts(sb, "- ");
		label(sb, an, m);
		sb_puts(sb, " is subsumed by ");
		label(sb, an, x);
		sb_puts(sb, ": every input that kills ");
		label(sb, an, x);
		sb_puts(sb, " kills ");
		label(sb, an, m);
		sb_puts(sb, " (proved)");
		const struct witness *w =
			find_witness(r, W_NOT_SUBSUMES, r->dup[m], r->dup[x]);
		if (w) {
			int ms[2] = { m, x };
			sb_puts(sb, ", but not the other way: ");
			on_input(sb, an, w->input, ms, 2);
		}
		sb_puts(sb, ".\n");
	}
}

/* Classes the published set names more than once. */
static void explain_repeated(struct strbuf *sb, const struct cmp *c)
{
	const struct result *r = c->r;
	const struct analysis *an = c->an;
	for (int cl = 0; cl < r->nclasses; cl++) {
		if (c->hits[cl] < 2)
			continue;
		int first = 0, other = 0;
		for (int i = 0; i < c->npaper; i++) {
			int m = c->pm[i];
			if (!m || r->equiv[m] != R_NO || r->cls[m] != cl)
				continue;
			if (!first)
				first = m;
			else if (!other && r->dup[m] != r->dup[first])
				other = m;
		}
		sb_printf(sb, "- The paper's set has %d mutants of one class: ",
			  c->hits[cl]);
		class_members(sb, r, cl);
		sb_puts(sb, " are killed by exactly the same inputs (proved), "
			    "so a minimal set needs only one of them");
		const struct witness *w =
			other ? find_witness(r, W_DISTINCT,
					     r->dup[first] < r->dup[other]
						     ? r->dup[first]
						     : r->dup[other],
					     r->dup[first] < r->dup[other]
						     ? r->dup[other]
						     : r->dup[first])
			      : NULL;
		if (w) {
			int ms[2] = { first, other };
			sb_puts(sb, " (their outcomes differ, e.g. ");
			on_input(sb, an, w->input, ms, 2);
			sb_puts(sb, ", while every input kills both or neither)");
		}
		sb_puts(sb, ".\n");
	}
}

/* Our minimal classes the published set misses. */
static void explain_missed(struct strbuf *sb, const struct cmp *c)
{
	const struct result *r = c->r;
	const struct analysis *an = c->an;
	for (int cl = 0; cl < r->nclasses; cl++) {
		int x = r->class_rep[cl];
		if (!r->minimal[x] || c->hits[cl])
			continue;
		sb_puts(sb, "- ");
		label(sb, an, x);
		sb_puts(sb, " (");
		code(sb, an->mutants[x].text, false);
		sb_puts(sb, ") is in our minimal set and no mutant of the "
			    "paper's set subsumes it");
		int k = 0;
		for (int i = 0; i < c->npaper; i++) {
			int p = c->pm[i];
			if (!p || r->equiv[p] != R_NO)
				continue;
			const struct witness *w = find_witness(
				r, W_NOT_SUBSUMES, r->dup[p], r->dup[x]);
			if (!w)
				continue;
			int ms[2] = { p, x };
			sb_puts(sb, k++ ? "; " : ": ");
			on_input(sb, an, w->input, ms, 2);
			sb_puts(sb, ", killing ");
			label(sb, an, p);
			sb_puts(sb, " but not ");
			label(sb, an, x);
		}
		if (!k) {
			const struct witness *w = find_witness(r, W_KILLS, x, 0);
			if (w) {
				int ms[1] = { x };
				sb_puts(sb, "; it is killed ");
				on_input(sb, an, w->input, ms, 1);
			}
		}
		sb_puts(sb, ".\n");
	}
}

/* The sizes, when they differ. */
static void explain_size(struct strbuf *sb, const struct cmp *c)
{
	const struct row *row = c->row;
	const struct result *r = c->r;
	if (!c->counted_same)
		sb_printf(sb, "- Size: the paper prints %s, but its own set is "
			      "%d of %d mutants, %.1f%%; ours is %d of %d, "
			      "%.1f%%.\n",
			  row->size, c->npaper, row->nmutants,
			  pct(c->npaper, row->nmutants), c->nmin, r->n,
			  pct(c->nmin, r->n));
	else if (!c->size_same)
		sb_printf(sb, "- Size: the paper prints %s (%d of %d); ours is "
			      "%d of %d, %.1f%%.\n",
			  row->size, c->npaper, row->nmutants, c->nmin, r->n,
			  pct(c->nmin, r->n));
}

void compare_explain_row(struct strbuf *sb, const struct cmp *c)
{
	explain_intro(sb, c);
	if (c->set_same && c->size_same)
		return;
	if (!c->set_same) {
		explain_outside(sb, c);
		explain_repeated(sb, c);
		explain_missed(sb, c);
		for (int i = 0; i < c->r->nunknowns; i++)
			sb_printf(sb, "- An answer is unknown (%s); the minimal "
				      "set is not proven.\n",
				  c->r->unknowns[i].reason);
	}
	explain_size(sb, c);
}

