/*
 * check_yaml.c - the native YAML batch of `subsume check` (format in
 * docs/check.md):
 *
 *   check: name                      # optional
 *   sites:
 *     - name: isLower                # optional
 *       vars: { c: char }            # optional; others are inferred
 *       assume: "..."                # optional path condition
 *       expr: "c >= 'a' && c <= 'z'" # the original
 *       context: "(#) + 1 > n"       # optional enclosing expression
 *       mutants:
 *         - { id: M2, expr: "c >= 'a' == c <= 'z'", op: COR }
 *         - "c >= 'a' || c <= 'z'"   # id: site name and position
 *
 * A batch or a site may say `language: c` (or c++) with C's options
 * data-model, char and ub, read by the theory loader's language_load();
 * a site inherits the batch's.  So with float-compare (identical or
 * numeric), read by the loader's float_compare_load().  A C site may
 * name its function (source, function, line: check/cmethod.c), for
 * --method.  A C site's variable types are C types
 * and its texts are checked for C syntax here, while the file's
 * locations are at hand.
 *
 * Each site is one group.  Errors are reported with file:line:col and
 * the site is skipped.
 */
#include "check/check.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/yschema.h"
#include "check/site.h"
#include "model/theory.h"

#define CT_NAMES 64

bool check_is_yaml(const char *file)
{
	size_t n = strlen(file);
	return (n >= 5 && !strcmp(file + n - 5, ".yaml")) ||
	       (n >= 4 && !strcmp(file + n - 4, ".yml"));
}

static const char *scalar(struct ynode *n, const char *what, long *errs)
{
	if (!n)
		return NULL;
	if (ys_want(n, Y_SCALAR, what) < 0) {
		(*errs)++;
		return NULL;
	}
	return n->str;
}

/* Every key of m is in keys[] (base/yschema.h); errors counted. */
static bool keys_ok(struct ynode *m, const char *const *keys, size_t nk,
		    const char *where, long *errs)
{
	int bad = ys_check_keys(m, keys, nk, where);
	*errs -= bad;
	return !bad;
}

/* C sites: a variable's type must be a C arithmetic type. */
static int c_var_type(const struct profile *pf, struct ynode *t)
{
	if (check_c_type(pf, t->str))
		return 0;
	const char *names[CT_NAMES];
	size_t n = 0;
	for (int i = 0; i < pf->ntypes && n < CT_NAMES; i++)
		names[n++] = pf->types[i]->name;
	for (int i = 0; i < pf->naliases && n < CT_NAMES; i++)
		names[n++] = pf->aliases[i].name;
	const char *best = closest_word(t->str, names, n);
	if (best)
		return diag_error(t->loc, "'%s' is not a C type; did you mean "
				  "'%s'?", t->str, best);
	return diag_error(t->loc, "'%s' is not a C arithmetic type", t->str);
}

/* C sites: an expression must be C (syntax only: types come later), so
 * that Java's '>>>' is an error at its place, not an unsupported
 * mutant.  Texts the checker refuses anyway (strings outside calls)
 * are left to the site.  Errors counted. */
static void c_syntax(const struct profile *pf, struct ynode *n, long *errs)
{
	if (!n || n->kind != Y_SCALAR || !strcmp(n->str, "<NO-OP>"))
		return;
	struct arena *a = arena_new();
	struct site S = { .a = a, .pf = pf, .c = true };
	char *text = arena_strdup(a, n->str);
	for (char *p = text; *p; p++)
		if (*p == '#')
			*p = '0'; /* a context's hole: same length */
	size_t l = strlen(text); /* a statement "x = e;" reads as "x = e" */
	while (l && text[l - 1] == ' ')
		l--;
	if (l && text[l - 1] == ';')
		text[l - 1] = ' ';
	const char *why;
	int *offs;
	const char *rw = site_rewrite_map(&S, text, &why, &offs);
	struct expr_src es = { .text = rw, .where = n, .offsets = offs };
	if (rw && !parse_expr_in(pf, a, &es, false))
		(*errs)++;
	arena_free(a);
}

/* A site's fields, read and checked (site_fields()). */
struct site_fields {
	const char *name, *expr, *assume, *context;
	struct ynode *vars, *mutants;
	const char *csource, *cfunc;
	int cline;
	const struct profile *pf;
	enum float_compare fc;
};

/* A C site in its function: source, function and line, all three,
 * C only (check/cmethod.c); -1 with the errors counted. */
static int c_in_function(struct ynode *s, struct site_fields *f, long *errs)
{
	struct ynode *src = ymap_get(s, "source"), *fn = ymap_get(s, "function");
	struct ynode *ln = ymap_get(s, "line");
	long e0 = *errs;
	f->csource = scalar(src, "'source'", errs);
	f->cfunc = scalar(fn, "'function'", errs);
	const char *l = scalar(ln, "'line'", errs);
	if (*errs != e0 || (!src && !fn && !ln))
		return *errs != e0 ? -1 : 0;
	struct ynode *at = src ? src : fn ? fn : ln;
	char *end;
	errno = 0;
	long v = l ? strtol(l, &end, 10) : 0;
	if (f->pf == &profile_java)
		diag_error(at->loc, "'source', 'function' and 'line' name a C "
			   "function: the site needs 'language: c'");
	else if (!src || !fn || !ln)
		diag_error(at->loc, "a site in a C function needs 'source', "
			   "'function' and 'line' together");
	else if (errno || *end || v < 1 || v > 100000000)
		diag_error(ln->loc, "'line' is a line number (1 or more)");
	else {
		f->cline = (int)v;
		return 0;
	}
	(*errs)++;
	return -1;
}

/* path resolved against the folder of the batch file (in a). */
static const char *beside(struct arena *a, const char *file, const char *path)
{
	const char *slash = strrchr(file, '/');
	if (path[0] == '/' || !slash)
		return arena_strdup(a, path);
	return arena_printf(a, "%.*s/%s", (int)(slash - file), file, path);
}

/* Read and check site s's own fields (not yet its mutants' texts);
 * -1 with the errors counted in *errs. */
static int site_fields(struct ynode *s, const struct profile *bpf,
		       enum float_compare bfc, struct site_fields *f,
		       long *errs)
{
	static const char *const skeys[] = { "name", "vars", "assume", "expr",
					     "context", "mutants", "language",
					     "data-model", "char", "ub",
					     "float-compare", "source",
					     "function", "line" };
	if (s->kind != Y_MAP) {
		diag_error(s->loc, "a site is a mapping with 'expr' and "
				   "'mutants'");
		(*errs)++;
		return -1;
	}
	if (!keys_ok(s, skeys, ARRAY_SIZE(skeys), "a site", errs))
		return -1;
	if (language_load(s, bpf, &f->pf) < 0 ||
	    float_compare_load(s, bfc, &f->fc) < 0) {
		(*errs)++;
		return -1;
	}
	long e0 = *errs;
	f->name = scalar(ymap_get(s, "name"), "'name'", errs);
	f->expr = scalar(ymap_get(s, "expr"), "'expr'", errs);
	f->assume = scalar(ymap_get(s, "assume"), "'assume'", errs);
	f->context = scalar(ymap_get(s, "context"), "'context'", errs);
	struct ynode *vars = f->vars = ymap_get(s, "vars");
	struct ynode *ms = f->mutants = ymap_get(s, "mutants");
	if (!f->expr && *errs == e0) {
		diag_error(s->loc, "a site needs 'expr' (the original)");
		(*errs)++;
	}
	if (!ms || ms->kind != Y_SEQ || !ms->n) {
		diag_error(ms ? ms->loc : s->loc, "a site needs 'mutants', a "
						  "non-empty list");
		(*errs)++;
		return -1;
	}
	if (vars && vars->kind != Y_MAP) {
		diag_error(vars->loc, "'vars' maps names to types, e.g. "
				      "{ c: char }");
		(*errs)++;
		return -1;
	}
	if (vars && vars->n > MAX_VARS) {
		diag_error(vars->loc, "at most %d variables", MAX_VARS);
		(*errs)++;
		return -1;
	}
	if (f->context && !strchr(f->context, '#')) {
		diag_error(ymap_get(s, "context")->loc, "the context needs '#' "
				"where the original goes, e.g. \"(#) + 1 > n\"");
		(*errs)++;
	}
	if (c_in_function(s, f, errs) < 0)
		return -1;
	if (f->pf != &profile_java) {
		for (size_t i = 0; vars && i < vars->n; i++)
			if (vars->items[i]->kind == Y_SCALAR &&
			    c_var_type(f->pf, vars->items[i]) < 0)
				(*errs)++;
		c_syntax(f->pf, ymap_get(s, "expr"), errs);
		c_syntax(f->pf, ymap_get(s, "assume"), errs);
		c_syntax(f->pf, ymap_get(s, "context"), errs);
		for (size_t i = 0; i < ms->n; i++)
			c_syntax(f->pf, ms->items[i]->kind == Y_MAP
						? ymap_get(ms->items[i], "expr")
						: ms->items[i],
				 errs);
	}
	return *errs != e0 ? -1 : 0;
}

/* Mutant i of the site (m), appended to g's mutants unless in error. */
static void site_mutant(struct cgroup *g, struct csite *cs, struct ynode *m,
			size_t i, long *errs)
{
	static const char *const mkeys[] = { "id", "expr", "op" };
	struct arena *a = g->a;
	const char *id = NULL, *mx = NULL, *op = NULL;
	if (m->kind == Y_SCALAR) {
		mx = m->str;
	} else if (m->kind == Y_MAP && keys_ok(m, mkeys, ARRAY_SIZE(mkeys), "a mutant", errs)) {
		id = scalar(ymap_get(m, "id"), "'id'", errs);
		mx = scalar(ymap_get(m, "expr"), "'expr'", errs);
		op = scalar(ymap_get(m, "op"), "'op'", errs);
		if (!mx) {
			diag_error(m->loc, "a mutant needs 'expr'");
			(*errs)++;
		}
	} else if (m->kind != Y_MAP) {
		diag_error(m->loc, "a mutant is an expression or a "
				   "mapping with 'id' and 'expr'");
		(*errs)++;
	}
	if (!mx)
		return;
	if (!*mx) {
		diag_error(m->loc, "a mutant's 'expr' is empty (a deleted "
				   "statement is \"<NO-OP>\")");
		(*errs)++;
		return;
	}
	/* Statement deletion, as Major writes it: the site is an
	 * expression statement (its value dropped, what it assigns
	 * observed), the mutant the empty statement. */
	bool noop = !strcmp(mx, "<NO-OP>");
	if (noop) {
		mx = "";
		cs->discarded = true;
	}
	struct cmutant *cm = &g->mutants[g->nmutants++];
	cm->id = id ? arena_strdup(a, id)
		    : arena_printf(a, "%s.%zu", g->where, i + 1);
	cm->op = arena_strdup(a, op ? op : "");
	cm->text = arena_strdup(a, mx);
	cm->lineno = m->loc.line;
	cm->site = 0;
}

/* -1 (reported) if two of g's mutants have the same id. */
static int ids_unique(const struct cgroup *g, const struct ynode *s,
		      long *errs)
{
	for (int i = 0; i < g->nmutants; i++)
		for (int j = 0; j < i; j++)
			if (!strcmp(g->mutants[i].id, g->mutants[j].id)) {
				struct loc l = { s->loc.src, g->mutants[i].lineno, 1 };
				diag_error(l, "mutant id '%s' is used twice in this "
					      "site", g->mutants[i].id);
				(*errs)++;
				return -1;
			}
	return 0;
}

static struct cgroup *site_group(struct ynode *s, const char *file, int k,
				 const struct profile *bpf,
				 enum float_compare bfc, long *errs)
{
	struct site_fields f;
	if (site_fields(s, bpf, bfc, &f, errs) < 0)
		return NULL;
	long e0 = *errs;
	struct arena *a = arena_new();
	struct cgroup *g = ANEW(a, struct cgroup);
	g->a = a;
	g->file = file;
	g->lineno = s->loc.line;
	g->where = f.name ? arena_strdup(a, f.name) : arena_printf(a, "site %d", k);
	g->nsites = 1;
	g->sites = ANEW(a, struct csite);
	struct csite *cs = g->sites;
	cs->name = g->where;
	cs->orig = arena_strdup(a, f.expr);
	cs->context = f.context ? arena_strdup(a, f.context) : NULL;
	cs->assume = f.assume ? arena_strdup(a, f.assume) : NULL;
	cs->profile = f.pf == &profile_java ? NULL : f.pf;
	if (f.cfunc) {
		cs->csource = beside(a, file, f.csource);
		cs->cfunc = arena_strdup(a, f.cfunc);
		cs->cline = f.cline;
	}
	cs->fcmp = f.fc;
	for (size_t i = 0; f.vars && i < f.vars->n; i++) {
		const char *t = scalar(f.vars->items[i], "a variable's type", errs);
		if (!t)
			continue;
		cs->vars[cs->nvars].name = arena_strdup(a, f.vars->keys[i]->str);
		cs->vars[cs->nvars].type = arena_strdup(a, t);
		cs->nvars++;
	}
	g->mutants = ANEWN(a, struct cmutant, f.mutants->n);
	for (size_t i = 0; i < f.mutants->n; i++)
		site_mutant(g, cs, f.mutants->items[i], i, errs);
	if (ids_unique(g, s, errs) < 0) {
		arena_free(a);
		return NULL;
	}
	if (cs->discarded) /* a statement: `x = e;` reads as `x = e` */
		for (int i = -1; i < g->nmutants; i++) {
			const char **t = i < 0 ? &cs->orig : &g->mutants[i].text;
			size_t l = strlen(*t);
			while (l && (*t)[l - 1] == ' ')
				l--;
			if (l && (*t)[l - 1] == ';')
				*t = arena_strndup(a, *t, l - 1);
		}
	if (*errs != e0 || !g->nmutants) {
		arena_free(a);
		return NULL;
	}
	return g;
}

long check_read_yaml(const char *file, cgroup_fn emit, void *ctx, long *seq)
{
	size_t len;
	char *text = read_file(file, &len);
	if (!text) {
		error("cannot read %s: %s", file, strerror(errno));
		return -1;
	}
	struct arena *a = arena_new();
	struct source src = { file, text, len };
	long errs = 0;
	struct ynode *root = ytree_load(a, &src);
	if (!root) {
		errs = 1;
		goto out;
	}
	static const char *const keys[] = { "check", "sites", "language",
					    "data-model", "char", "ub",
					    "float-compare" };
	if (root->kind != Y_MAP) {
		diag_error(root->loc, "a check batch is a mapping with 'sites'");
		errs = 1;
		goto out;
	}
	keys_ok(root, keys, ARRAY_SIZE(keys), "a check batch", &errs);
	const struct profile *bpf;
	enum float_compare bfc;
	if (language_load(root, NULL, &bpf) < 0 ||
	    float_compare_load(root, FCMP_IDENTICAL, &bfc) < 0) {
		errs++;
		goto out;
	}
	struct ynode *sites = ymap_get(root, "sites");
	if (!sites || sites->kind != Y_SEQ) {
		diag_error(sites ? sites->loc : root->loc,
			   "'sites' must be a list of sites");
		errs++;
		goto out;
	}
	for (size_t i = 0; i < sites->n; i++) {
		struct cgroup *g = site_group(sites->items[i], file, (int)i + 1,
					      bpf, bfc, &errs);
		if (g) {
			g->seq = (*seq)++;
			emit(ctx, g);
		}
	}
out:
	arena_free(a);
	free(text);
	return errs;
}
