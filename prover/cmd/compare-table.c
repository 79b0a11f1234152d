/* compare-table.c - read the published table of `subsume compare`; see
 * compare.h. */
#include "cmd/compare.h"
#include "base/yschema.h"

#include <errno.h>
#include <string.h>

/* The string at map[key]: NULL, with an error when it is missing and
 * required, or is not a non-empty string (base/yschema.h). */
static const char *str_at(const struct ynode *map, const char *key,
			  bool required, const char *where)
{
	struct ynode *n = ymap_get(map, key);
	if (!n) {
		if (required)
			ys_require(map, key, where);
		return NULL;
	}
	char what[64];
	snprintf(what, sizeof(what), "'%s'", key);
	return ys_scalar(n, what);
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
	if (ys_want(n, Y_MAP, "a row") < 0)
		return -1;
	row->where = n;
	struct ynode *p = ymap_get(n, "paper"), *o = ymap_get(n, "ours");
	if (ys_check_keys(n, keys, ARRAY_SIZE(keys), "a row") < 0)
		return -1;
	if (!p || !o)
		return diag_error(n->loc, "a row needs 'paper' and 'ours'");
	if (ys_want(p, Y_MAP, "'paper'") < 0 || ys_want(o, Y_MAP, "'ours'") < 0)
		return -1;
	if (ys_check_keys(p, pkeys, ARRAY_SIZE(pkeys), "'paper'") < 0 ||
	    ys_check_keys(o, okeys, ARRAY_SIZE(okeys), "'ours'") < 0)
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

int compare_load_table(struct arena *a, const char *path, struct table *t)
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
	if (ys_want(root, Y_MAP, "a table file") < 0)
		return EXIT_INPUT;
	if (ys_check_keys(root, keys, ARRAY_SIZE(keys), "a table file") < 0)
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

int compare_bind_rows(struct table *t, const struct run *run)
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


/* ---- reading published labels ---- */

static int mutant_by_label(const struct analysis *an, const char *label)
{
	for (int m = 1; m <= an->nmutants; m++)
		if (!strcmp(an->mutants[m].label, label))
			return m;
	return 0;
}

const struct reading *compare_find_reading(const struct reading *rs, int n,
					   const char *label)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(rs[i].from, label))
			return &rs[i];
	return NULL;
}

/* Our mutant for a published label: the row's reading, then the
 * table's, then the label itself; 0 if none is a mutant here. */
int compare_resolve(const struct table *t, const struct row *row,
		   const char *label)
{
	const struct reading *rd =
		compare_find_reading(row->read, row->nread, label);
	if (!rd)
		rd = compare_find_reading(t->labels, t->nlabels, label);
	if (!rd)
		return mutant_by_label(row->r->an, label);
	for (int i = 0; i < rd->n; i++) {
		int m = mutant_by_label(row->r->an, rd->to[i]);
		if (m)
			return m;
	}
	return 0;
}
