/*
 * cmd_compare.c - `subsume compare`: a published table of minimal mutant
 * sets next to what the prover proves for the same targets, as Markdown.
 *
 * The published table is a YAML file written by hand (the schema is in
 * docs/theories.md, "Comparing with a published table"); each row names
 * the theory, target and domain it is proved in.  For every row the
 * output shows the published minimal set and Size next to ours, both
 * counted as minimal mutants over all mutants of the target, and, where
 * they differ, why, from the results alone: the class of mutants with
 * identical kill sets, a proven subsumption with the input that kills
 * one mutant but not the other, or an input that kills a mutant of the
 * published set but not one of ours.  Output depends only on the table
 * and the results: rows in file order, witnesses as the prover found
 * them, no timing.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/run.h"

const char usage_compare[] =
	"usage: subsume compare --with TABLE [options] PATH...\n"
	"\n"
	"Prove the theory files given (a folder means its *.yaml files) and\n"
	"write, as Markdown, each row of a published table of minimal mutant\n"
	"sets (TABLE, YAML; see docs/theories.md) next to the minimal set the\n"
	"prover finds for the same target and domain, with the reason for\n"
	"every difference: a witness input, a proven subsumption, or a class\n"
	"of mutants with identical kill sets.\n"
	"\n"
	"options:\n"
	"  --with TABLE    the published table (required)\n"
	"  -o FILE         write to FILE (all or nothing) instead of stdout\n"
	"  --timeout MS    solver time limit per query in milliseconds\n"
	"                  (default 60000; 0 means none;\n"
	"                  Z3's deterministic resource limit also applies)\n"
	"  -j N            prove on N threads (output is the same as -j 1)\n"
	"  -h, --help      show this help\n"
	"\n"
	"exit status: 0 all answers proven, 1 some answers unknown,\n"
	"2 usage error, 3 invalid theory or table, 4 internal error,\n"
	"5 I/O error\n";

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

/* ---- reading the table ---- */

static const char *str_at(const struct ynode *map, const char *key,
			  bool required, const char *where)
{
	struct ynode *n = ymap_get(map, key);
	if (!n) {
		if (required)
			diag_error(map->loc, "%s needs a '%s' key", where, key);
		return NULL;
	}
	if (n->kind != Y_SCALAR || !n->str[0]) {
		diag_error(n->loc, "'%s' must be a non-empty string", key);
		return NULL;
	}
	return n->str;
}

static int check_keys(const struct ynode *map, const char *const *keys,
		      size_t nkeys, const char *where)
{
	for (size_t i = 0; i < map->n; i++) {
		size_t j;
		for (j = 0; j < nkeys; j++)
			if (!strcmp(map->keys[i]->str, keys[j]))
				break;
		if (j == nkeys) {
			const char *best = closest_word(map->keys[i]->str,
							keys, nkeys);
			return diag_error(map->keys[i]->loc,
					  "unknown key '%s' in %s%s%s%s",
					  map->keys[i]->str, where,
					  best ? "; did you mean '" : "",
					  best ? best : "", best ? "'?" : "");
		}
	}
	return 0;
}

/* A list of strings, or one string. */
static int str_list(struct arena *a, struct ynode *n, const char ***out,
		    int *count)
{
	struct ynode *one[1] = { n };
	struct ynode **items = one;
	size_t k = 1;
	if (n->kind == Y_SEQ) {
		items = n->items;
		k = n->n;
	} else if (n->kind != Y_SCALAR) {
		return diag_error(n->loc, "expected a string or a list of "
					  "strings, not %s",
				  ynode_what(n));
	}
	*out = ANEWN(a, const char *, k + 1);
	for (size_t i = 0; i < k; i++) {
		if (items[i]->kind != Y_SCALAR || !items[i]->str[0])
			return diag_error(items[i]->loc,
					  "expected a non-empty string");
		(*out)[i] = items[i]->str;
	}
	*count = (int)k;
	return 0;
}

static int load_readings(struct arena *a, struct ynode *map,
			 struct reading **out, int *count)
{
	if (map->kind != Y_MAP)
		return diag_error(map->loc, "expected a mapping from published "
					    "labels to our labels, not %s",
				  ynode_what(map));
	*out = ANEWN(a, struct reading, map->n + 1);
	for (size_t i = 0; i < map->n; i++) {
		(*out)[i].from = map->keys[i]->str;
		if (str_list(a, map->items[i], &(*out)[i].to, &(*out)[i].n) < 0)
			return -1;
	}
	*count = (int)map->n;
	return 0;
}

/* The number of mutants a published operator column counts: the sum of
 * every "(N)" in it, e.g. "AORB (2), VDL (2)" is 4. */
static int count_mutants(const char *s)
{
	int total = 0;
	for (const char *p = strchr(s, '('); p; p = strchr(p + 1, '(')) {
		char *end;
		long v = strtol(p + 1, &end, 10);
		if (end != p + 1 && *end == ')' && v > 0 && v < 1000)
			total += (int)v;
	}
	return total;
}

static int load_row(struct arena *a, struct ynode *n, struct row *row)
{
	static const char *const keys[] = { "paper", "ours", "read", "note" };
	static const char *const pkeys[] = { "target", "operators", "minimal",
					     "size" };
	static const char *const okeys[] = { "theory", "target", "domain" };
	if (n->kind != Y_MAP)
		return diag_error(n->loc, "a row must be a mapping, not %s",
				  ynode_what(n));
	row->where = n;
	struct ynode *p = ymap_get(n, "paper"), *o = ymap_get(n, "ours");
	if (check_keys(n, keys, ARRAY_SIZE(keys), "a row") < 0)
		return -1;
	if (!p || !o)
		return diag_error(n->loc, "a row needs 'paper' and 'ours'");
	if (p->kind != Y_MAP || o->kind != Y_MAP)
		return diag_error(p->kind != Y_MAP ? p->loc : o->loc,
				  "'paper' and 'ours' must be mappings");
	if (check_keys(p, pkeys, ARRAY_SIZE(pkeys), "'paper'") < 0 ||
	    check_keys(o, okeys, ARRAY_SIZE(okeys), "'ours'") < 0)
		return -1;
	if (!(row->target = str_at(p, "target", true, "'paper'")) ||
	    !(row->operators = str_at(p, "operators", true, "'paper'")) ||
	    !(row->size = str_at(p, "size", true, "'paper'")) ||
	    !(row->theory = str_at(o, "theory", true, "'ours'")) ||
	    !(row->our_target = str_at(o, "target", true, "'ours'")) ||
	    !(row->our_domain = str_at(o, "domain", true, "'ours'")))
		return -1;
	row->nmutants = count_mutants(row->operators);
	if (!row->nmutants)
		return diag_error(ymap_get(p, "operators")->loc,
				  "no mutant counts such as 'ROR (7)' in "
				  "'operators'");
	struct ynode *m = ymap_get(p, "minimal");
	if (!m)
		return diag_error(p->loc, "'paper' needs a 'minimal' key");
	if (m->kind == Y_SCALAR && !strcmp(m->str, "All"))
		row->all = true;
	else if (str_list(a, m, &row->minimal, &row->nminimal) < 0)
		return -1;
	struct ynode *rd = ymap_get(n, "read");
	if (rd && load_readings(a, rd, &row->read, &row->nread) < 0)
		return -1;
	if (ymap_get(n, "note") && !(row->note = str_at(n, "note", false, "")))
		return -1;
	return 0;
}

static int load_table(struct arena *a, const char *path, struct table *t)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		error("cannot read '%s': %s", path, strerror(errno));
		return EXIT_IO;
	}
	struct source *src = ANEW(a, struct source);
	src->name = arena_strdup(a, path);
	src->text = arena_strndup(a, text, len);
	src->len = len;
	free(text);
	struct ynode *root = ytree_load(a, src);
	if (!root)
		return EXIT_INPUT;
	static const char *const keys[] = { "title", "source", "intro",
					    "labels", "rows" };
	if (root->kind != Y_MAP) {
		diag_error(root->loc, "a table file must be a mapping");
		return EXIT_INPUT;
	}
	if (check_keys(root, keys, ARRAY_SIZE(keys), "a table file") < 0)
		return EXIT_INPUT;
	if ((ymap_get(root, "title") &&
	     !(t->title = str_at(root, "title", false, ""))) ||
	    (ymap_get(root, "source") &&
	     !(t->source = str_at(root, "source", false, ""))) ||
	    (ymap_get(root, "intro") &&
	     !(t->intro = str_at(root, "intro", false, ""))))
		return EXIT_INPUT;
	struct ynode *l = ymap_get(root, "labels");
	if (l && load_readings(a, l, &t->labels, &t->nlabels) < 0)
		return EXIT_INPUT;
	struct ynode *rows = ymap_get(root, "rows");
	if (!rows || rows->kind != Y_SEQ || !rows->n) {
		diag_error(rows ? rows->loc : root->loc,
			   "a table file needs a non-empty list 'rows'");
		return EXIT_INPUT;
	}
	t->rows = ANEWN(a, struct row, rows->n);
	for (size_t i = 0; i < rows->n; i++) {
		t->rows[i].index = (int)i + 1;
		if (load_row(a, rows->items[i], &t->rows[i]) < 0)
			return EXIT_INPUT;
	}
	t->nrows = (int)rows->n;
	return 0;
}

/* Find every row's analysis among the results. */
static int bind_rows(struct table *t, const struct run *run)
{
	int bad = 0;
	for (int i = 0; i < t->nrows; i++) {
		struct row *row = &t->rows[i];
		for (int k = 0; k < run->n && !row->r; k++) {
			const struct analysis *an = run->results[k]->an;
			if (!strcmp(an->theory->name, row->theory) &&
			    !strcmp(an->target->name, row->our_target) &&
			    !strcmp(an->domain->name, row->our_domain))
				row->r = run->results[k];
		}
		if (!row->r)
			bad = diag_error(row->where->loc,
					 "row %d: no target '%s' in domain "
					 "'%s' of theory '%s' among the "
					 "theory files given",
					 row->index, row->our_target,
					 row->our_domain, row->theory);
	}
	return bad ? EXIT_INPUT : 0;
}

/* ---- comparing ---- */

static int mutant_by_label(const struct analysis *an, const char *label)
{
	for (int m = 1; m <= an->nmutants; m++)
		if (!strcmp(an->mutants[m].label, label))
			return m;
	return 0;
}

static const struct reading *find_reading(const struct reading *rs, int n,
					  const char *label)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(rs[i].from, label))
			return &rs[i];
	return NULL;
}

/* Our mutant for a published label: the row's reading, then the
 * table's, then the label itself; 0 if none is a mutant here. */
static int resolve(const struct table *t, const struct row *row,
		   const char *label)
{
	const struct reading *rd = find_reading(row->read, row->nread, label);
	if (!rd)
		rd = find_reading(t->labels, t->nlabels, label);
	if (!rd)
		return mutant_by_label(row->r->an, label);
	for (int i = 0; i < rd->n; i++) {
		int m = mutant_by_label(row->r->an, rd->to[i]);
		if (m)
			return m;
	}
	return 0;
}

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

/* Text in a table cell has its '|' escaped (GFM removes the backslash
 * before it parses code spans); running text is written as is. */
static void md(struct strbuf *sb, const char *s, bool cell)
{
	for (; *s; s++) {
		if (*s == '|' && cell)
			sb_putc(sb, '\\');
		sb_putc(sb, *s);
	}
}

static void code(struct strbuf *sb, const char *s, bool cell)
{
	sb_putc(sb, '`');
	md(sb, s, cell);
	sb_putc(sb, '`');
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

static double pct(int k, int n)
{
	return n ? 100.0 * k / n : 0.0;
}

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

static void cmp_init(struct cmp *c, struct arena *a, const struct table *t,
		     const struct row *row)
{
	memset(c, 0, sizeof(*c));
	c->t = t;
	c->row = row;
	c->r = row->r;
	c->an = row->r->an;
	const struct result *r = c->r;
	if (row->all) {
		c->npaper = r->n;
		c->plabels = ANEWN(a, const char *, (size_t)r->n + 1);
		for (int m = 1; m <= r->n; m++)
			c->plabels[m - 1] = c->an->mutants[m].label;
	} else {
		c->npaper = row->nminimal;
		c->plabels = row->minimal;
	}
	c->pm = ANEWN(a, int, (size_t)c->npaper + 1);
	c->hits = ANEWN(a, int, (size_t)r->nclasses + 1);
	bool ok = true;
	for (int i = 0; i < c->npaper; i++) {
		int m = row->all ? i + 1 : resolve(t, row, c->plabels[i]);
		c->pm[i] = m;
		if (!m || r->equiv[m] != R_NO) {
			ok = false;
			continue;
		}
		int cl = r->cls[m];
		c->hits[cl]++;
		if (!r->minimal[r->class_rep[cl]])
			ok = false;
	}
	for (int cl = 0; cl < r->nclasses; cl++)
		if (r->minimal[r->class_rep[cl]] && c->hits[cl] != 1)
			ok = false;
	for (int m = 1; m <= r->n; m++)
		c->nmin += r->minimal[m];
	for (int m = 1; m <= r->n; m++)
		if (r->equiv[m] == R_UNKNOWN)
			ok = false;
	c->set_same = ok && !r->nunknowns;
	c->printed = strtod(row->size, NULL);
	c->size_same = fabs(c->printed - pct(c->nmin, r->n)) < 0.06;
	c->counted_same = fabs(c->printed - pct(c->npaper, row->nmutants)) <
			  0.06;
}

static void cell_paper_set(struct strbuf *sb, const struct row *row,
			   bool cell)
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

static void cell_our_set(struct strbuf *sb, const struct result *r, bool cell)
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

static const char *verdict(const struct cmp *c)
{
	if (c->r->nunknowns)
		return "unknown answers";
	if (c->set_same && c->size_same)
		return "same";
	if (c->set_same)
		return "size differs";
	return c->size_same ? "set differs" : "set and size differ";
}

static void table_row(struct strbuf *sb, const struct cmp *c)
{
	const struct row *row = c->row;
	const struct result *r = c->r;
	sb_printf(sb, "| %d | ", row->index);
	code(sb, row->target, true);
	sb_puts(sb, " | ");
	md(sb, row->theory, true);
	sb_puts(sb, ": ");
	code(sb, c->an->orig_text, true);
	sb_puts(sb, " in ");
	md(sb, row->our_domain, true);
	sb_printf(sb, " | %d / %d | ", row->nmutants, r->n);
	cell_paper_set(sb, row, true);
	sb_puts(sb, " | ");
	md(sb, row->size, true);
	sb_printf(sb, " | %d/%d = %.1f%% | ", c->npaper, row->nmutants,
		  pct(c->npaper, row->nmutants));
	cell_our_set(sb, r, true);
	sb_printf(sb, " | %d/%d = %.1f%% | %s |\n", c->nmin, r->n,
		  pct(c->nmin, r->n), verdict(c));
}

/* The lowest-id minimal mutant that strictly subsumes m, or 0. */
static int minimal_subsumer(const struct result *r, int m)
{
	for (int x = 1; x <= r->n; x++)
		if (r->minimal[x] && r->equiv[x] == R_NO &&
		    r->cls[x] != r->cls[m] && SUB(r, x, m) == R_YES)
			return x;
	return 0;
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

static void explain_row(struct strbuf *sb, const struct cmp *c)
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
	cell_paper_set(sb, row, false);
	sb_printf(sb, " (%d of %d), ours ", c->npaper, row->nmutants);
	cell_our_set(sb, r, false);
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
			find_reading(row->read, row->nread, pl);
		if (rd) {
			sb_puts(sb, "- The paper's ");
			code(sb, pl, false);
			sb_puts(sb, " is read as ");
			label(sb, an, m);
			sb_puts(sb, ".\n");
		}
	}
	if (c->set_same) {
		if (!c->size_same)
			goto size;
		return;
	}
	/* Published mutants that are not in a minimal class. */
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
		int x = minimal_subsumer(r, m);
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
	/* Classes the published set names more than once. */
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
	/* Our minimal classes the published set misses. */
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
	for (int i = 0; i < r->nunknowns; i++)
		sb_printf(sb, "- An answer is unknown (%s); the minimal set "
			      "is not proven.\n",
			  r->unknowns[i].reason);
size:
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

static void write_markdown(struct strbuf *sb, struct arena *a,
			   const struct table *t, const char *table_path)
{
	struct cmp *cs = ANEWN(a, struct cmp, (size_t)t->nrows);
	int nsame = 0, nset = 0, nsize = 0, nunknown = 0;
	for (int i = 0; i < t->nrows; i++) {
		cmp_init(&cs[i], a, t, &t->rows[i]);
		if (cs[i].r->nunknowns)
			nunknown++;
		else if (cs[i].set_same && cs[i].size_same)
			nsame++;
		else if (cs[i].set_same)
			nsize++;
		else
			nset++;
	}
	sb_printf(sb, "<!-- Generated by `subsume compare --with %s`; do not "
		      "edit. -->\n\n",
		  table_path);
	sb_printf(sb, "# %s\n\n", t->title ? t->title : "Minimal mutant sets "
							 "compared");
	if (t->source)
		sb_printf(sb, "Published table: %s, transcribed in `%s`.\n\n",
			  t->source, table_path);
	if (t->intro)
		sb_printf(sb, "%s\n\n", t->intro);
	sb_puts(sb, "Sizes are counted the same way on both sides: mutants in "
		    "the minimal set over all mutants of the target, "
		    "duplicates and equivalent mutants included.  \"Printed\" "
		    "is the Size column as the paper prints it; \"paper's set\" "
		    "counts the paper's minimal set against the paper's own "
		    "mutant count (the sum of its operator column).  A "
		    "minimal set is the same as ours when each of its mutants "
		    "is in a different one of our minimal classes (mutants "
		    "with identical kill sets) and it covers them all.\n\n");
	sb_printf(sb, "%d rows: %d the same, %d with the same minimal set but "
		      "another Size, %d with another minimal set",
		  t->nrows, nsame, nsize, nset);
	if (nunknown)
		sb_printf(sb, ", %d with unknown answers", nunknown);
	sb_puts(sb, ".\n\n");
	sb_puts(sb, "| # | Paper's target | Ours | Mutants (paper / ours) | "
		    "Paper's minimal set | Printed size | Paper's set | "
		    "Our minimal set | Our size | Result |\n");
	sb_puts(sb, "|---|---|---|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < t->nrows; i++)
		table_row(sb, &cs[i]);
	sb_puts(sb, "\n## Why rows differ\n\n");
	sb_puts(sb, "Every reason below is taken from the prover's results "
		    "for the row: a subsumption or a class is proved by Z3, "
		    "and every input shown was found by the prover and "
		    "re-checked by its evaluator.\n\n");
	int ndiff = 0;
	for (int i = 0; i < t->nrows; i++) {
		const struct cmp *c = &cs[i];
		if (c->set_same && c->size_same && !c->r->nunknowns &&
		    c->row->nmutants == c->r->n)
			continue;
		explain_row(sb, c);
		sb_puts(sb, "\n");
		ndiff++;
	}
	if (!ndiff)
		sb_puts(sb, "No row differs.\n");
	/* Rows that agree but carry a note or read a label differently. */
	bool header = false;
	for (int i = 0; i < t->nrows; i++) {
		const struct cmp *c = &cs[i];
		if (!(c->set_same && c->size_same && !c->r->nunknowns &&
		      c->row->nmutants == c->r->n) ||
		    (!c->row->note && !c->row->nread))
			continue;
		if (!header)
			sb_puts(sb, "## Rows that agree, read with a note\n\n");
		header = true;
		explain_row(sb, c);
		sb_puts(sb, "\n");
	}
	/* No trailing blank line. */
	while (sb->len >= 2 && sb->buf[sb->len - 1] == '\n' &&
	       sb->buf[sb->len - 2] == '\n')
		sb->buf[--sb->len] = '\0';
}

/* ---- the command ---- */

int cmd_compare(int argc, char **argv)
{
	const char *with = NULL, *out = NULL;
	struct run_opts opts = RUN_OPTS_DEFAULT;
	int i;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_compare, stdout);
			return 0;
		} else if (!strcmp(a, "--with") || !strcmp(a, "-o") ||
			   !strcmp(a, "--timeout") || !strcmp(a, "-j")) {
			if (i + 1 >= argc)
				return usage_error(usage_compare, "option '%s' needs a value", a);
			const char *v = argv[++i];
			unsigned u;
			if (!strcmp(a, "--with")) {
				with = v;
			} else if (!strcmp(a, "-o")) {
				out = v;
			} else if (!strcmp(a, "--timeout")) {
				if (parse_uint(v, &opts.prove.timeout_ms) < 0)
					return usage_error(usage_compare, "--timeout takes "
							 "milliseconds, not "
							 "'%s'",
							 v);
			} else {
				if (parse_uint(v, &u) < 0 || u < 1 || u > 256)
					return usage_error(usage_compare, "-j takes a number of "
							 "jobs from 1 to 256, "
							 "not '%s'",
							 v);
				opts.jobs = (int)u;
			}
		} else if (!strncmp(a, "--with=", 7)) {
			with = a + 7;
		} else if (!strncmp(a, "--timeout=", 10)) {
			if (parse_uint(a + 10, &opts.prove.timeout_ms) < 0)
				return usage_error(usage_compare, "--timeout takes milliseconds, "
						 "not '%s'",
						 a + 10);
		} else if (!strncmp(a, "-j", 2) && a[2]) {
			unsigned u;
			if (parse_uint(a + 2, &u) < 0 || u < 1 || u > 256)
				return usage_error(usage_compare, "-j takes a number of jobs "
						 "from 1 to 256, not '%s'",
						 a + 2);
			opts.jobs = (int)u;
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (a[0] == '-' && a[1]) {
			return usage_error(usage_compare, "unknown option '%s'", a);
		} else {
			break;
		}
	}
	if (!with)
		return usage_error(usage_compare, "%s", "--with TABLE is required");
	if (i >= argc)
		return usage_error(usage_compare, "%s", "no theory files given");

	struct arena *a = arena_new();
	struct table t;
	memset(&t, 0, sizeof(t));
	int rc = load_table(a, with, &t);
	if (rc) {
		arena_free(a);
		return rc;
	}
	struct run_state st;
	rc = run_load(&st, argv + i, argc - i);
	if (!rc) {
		run_prove(&st, &opts);
		rc = bind_rows(&t, &st.run);
	}
	if (!rc) {
		struct strbuf sb = STRBUF_INIT;
		write_markdown(&sb, a, &t, with);
		rc = write_output(out, &sb);
		sb_release(&sb);
		if (!rc && st.unknown)
			rc = EXIT_UNKNOWN;
	}
	run_release(&st);
	arena_free(a);
	return rc;
}
