/*
 * mte.c - a mutation-testing-elements report as input (check/mte.h).
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "base/json.h"
#include "check/dredd.h"
#include "check/method.h"
#include "check/mte.h"
#include "check/pit.h"
#include "check/site.h"
#include "check/source.h"
#include "lang/csrc.h"
#include "lang/javasrc.h"
#include "lang/profile.h"

struct emutant {
	const char *id;
	struct mte_at at;
	int jline;          /* the mutant's line in the report */
	struct loc idl;     /* where its id is */
	size_t b, e;        /* the location's bytes in the source */
	int line;           /* the line of b (after leading blanks) */
};

struct efile {
	const char *path, *language, *source;
	int n;
	struct emutant *m;
};

struct check_elements {
	struct arena *a;
	long errs;          /* errors its maker reported (dredd's reader) */
	struct source src;  /* the report (owns text) */
	int nfiles;
	struct efile *files;
};

static const char *const statuses[] = {
	"Killed", "Survived", "NoCoverage", "CompileError", "RuntimeError",
	"Timeout", "Ignored", "Pending",
};

bool check_is_elements(const char *path)
{
	return check_sniff(path, ".json", '{');
}

/* --- loading -------------------------------------------------------- */

struct loader {
	struct check_elements *E;
	long errs;
};

/* Member key of o, which must be of kind k (want: its description);
 * NULL (an error counted) when missing or of another kind, unless
 * optional and missing. */
static struct json *member(struct loader *L, const struct json *o,
			   const char *key, enum json_kind k, const char *want,
			   bool optional)
{
	return json_member(o, key, k, want, optional, &L->errs);
}

/* A position {line, column} of source s: its byte offset, or -1 (an
 * error counted).  Columns count UTF-16 code units (text_column_offset,
 * base/util.h); the end of a line (and of the source) is a position
 * too. */
static long position(struct loader *L, const struct json *pos,
		     const char *what, const char *s, int *line, int *col)
{
	long l, c;
	struct json *jl = member(L, pos, "line", JSON_NUMBER, "a number", false);
	struct json *jc = member(L, pos, "column", JSON_NUMBER, "a number", false);
	if (!jl || !jc)
		return -1;
	if (!json_int(jl, 1, 100000000, &l) || !json_int(jc, 1, 100000000, &c)) {
		diag_error((json_int(jl, 1, 100000000, &l) ? jc : jl)->loc,
			   "the %s's line and column are whole numbers from 1",
			   what);
		L->errs++;
		return -1;
	}
	long b = text_line_offset(s, l);
	if (b < 0) {
		diag_error(jl->loc, "the %s is on line %ld, after the end of the "
			   "file's source", what, l);
		L->errs++;
		return -1;
	}
	long p = text_column_offset(s, (size_t)b, c);
	if (p < 0) {
		diag_error(jc->loc, p == -1 ? "the %s is at column %ld, after the "
			   "end of line %ld of the file's source"
			   : "the %s's column %ld on line %ld is inside a "
			   "character of two UTF-16 units", what, c, l);
		L->errs++;
		return -1;
	}
	*line = (int)l;
	*col = (int)c;
	return p;
}

static int load_location(struct loader *L, const struct json *jm,
			 const char *src, struct emutant *m)
{
	struct json *loc = member(L, jm, "location", JSON_OBJECT, "an object "
				  "with \"start\" and \"end\"", false);
	struct json *s = loc ? member(L, loc, "start", JSON_OBJECT, "an object "
				      "with \"line\" and \"column\"", false) : NULL;
	struct json *e = loc ? member(L, loc, "end", JSON_OBJECT, "an object "
				      "with \"line\" and \"column\"", false) : NULL;
	if (!s || !e)
		return -1;
	long b = position(L, s, "start", src, &m->at.sline, &m->at.scol);
	long en = position(L, e, "end", src, &m->at.eline, &m->at.ecol);
	if (b < 0 || en < 0)
		return -1;
	if (en < b) {
		diag_error(e->loc, "the location ends before it starts");
		L->errs++;
		return -1;
	}
	m->line = m->at.sline;
	while (b < en && isspace((unsigned char)src[b]))
		if (src[b++] == '\n')
			m->line++;
	m->b = (size_t)b;
	m->e = (size_t)en;
	return 0;
}

static const char *opt_string(struct loader *L, const struct json *o,
			      const char *key)
{
	struct json *v = member(L, o, key, JSON_STRING, "a string", true);
	return v ? v->str : NULL;
}

/* Mutant jm of file f (its source src). */
static int load_mutant(struct loader *L, struct efile *f,
		       const struct json *jm, struct emutant *m)
{
	if (jm->kind != JSON_OBJECT) {
		L->errs++;
		return diag_error(jm->loc, "a mutant is an object, not %s",
				  json_what(jm));
	}
	struct json *id = member(L, jm, "id", JSON_STRING, "a string", false);
	struct json *mn = member(L, jm, "mutatorName", JSON_STRING, "a string",
				 false);
	struct json *st = member(L, jm, "status", JSON_STRING, "a string",
				 false);
	m->jline = jm->loc.line;
	m->at.path = f->path;
	m->at.replacement = opt_string(L, jm, "replacement");
	m->at.description = opt_string(L, jm, "description");
	int rc = load_location(L, jm, f->source, m);
	if (!id || !mn || !st || rc < 0)
		return -1;
	m->id = id->str;
	m->idl = id->loc;
	m->at.mutator = mn->str;
	m->at.status = st->str;
	if (!*id->str) {
		L->errs++;
		return diag_error(id->loc, "an empty mutant id");
	}
	for (size_t k = 0; k < ARRAY_SIZE(statuses); k++)
		if (!strcmp(st->str, statuses[k]))
			return 0;
	L->errs++;
	return diag_error(st->loc, "unknown status \"%s\" (the schema's are "
			  "Killed, Survived, NoCoverage, CompileError, "
			  "RuntimeError, Timeout, Ignored and Pending)", st->str);
}

static void load_file(struct loader *L, const struct json *files, size_t i)
{
	struct check_elements *E = L->E;
	struct efile *f = &E->files[E->nfiles++];
	const struct json *jf = files->items[i];
	f->path = files->keys[i];
	if (jf->kind != JSON_OBJECT) {
		diag_error(jf->loc, "a file is an object with \"language\", "
			   "\"source\" and \"mutants\", not %s", json_what(jf));
		L->errs++;
		return;
	}
	struct json *lang = member(L, jf, "language", JSON_STRING, "a string",
				   false);
	struct json *src = member(L, jf, "source", JSON_STRING, "a string",
				  false);
	struct json *ms = member(L, jf, "mutants", JSON_ARRAY, "an array",
				 false);
	if (!lang || !src || !ms)
		return;
	f->language = lang->str;
	f->source = src->str;
	f->m = ANEWN(E->a, struct emutant, ms->n);
	for (size_t k = 0; k < ms->n; k++)
		if (load_mutant(L, f, ms->items[k], &f->m[f->n]) == 0)
			f->n++;
}

static int by_id(const void *x, const void *y)
{
	const struct emutant *a = *(const struct emutant *const *)x,
			     *b = *(const struct emutant *const *)y;
	int c = strcmp(a->id, b->id);
	if (c)
		return c;
	c = (a->idl.line > b->idl.line) - (a->idl.line < b->idl.line);
	return c ? c : (a->idl.col > b->idl.col) - (a->idl.col < b->idl.col);
}

/* Two mutants with one id: the later one is an error. */
static void unique_ids(struct loader *L)
{
	struct check_elements *E = L->E;
	size_t n = 0;
	for (int i = 0; i < E->nfiles; i++)
		n += (size_t)E->files[i].n;
	struct emutant **v = xmalloc((n + 1) * sizeof(*v));
	n = 0;
	for (int i = 0; i < E->nfiles; i++)
		for (int k = 0; k < E->files[i].n; k++)
			v[n++] = &E->files[i].m[k];
	qsort(v, n, sizeof(*v), by_id);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(v[i]->id, v[i - 1]->id)) {
			diag_error(v[i]->idl, "mutant id \"%s\" is given twice",
				   v[i]->id);
			diag_note(v[i - 1]->idl, "\"%s\" first given here",
				  v[i]->id);
			L->errs++;
		}
	free(v);
}

static bool schema_ok(struct loader *L, const struct json *root)
{
	if (root->kind != JSON_OBJECT) {
		diag_error(root->loc, "a mutation-testing-elements report is an "
			   "object, not %s", json_what(root));
		return false;
	}
	struct json *v = member(L, root, "schemaVersion", JSON_STRING,
				"a string", false);
	if (v && ((v->str[0] != '1' && v->str[0] != '2') ||
		  (v->str[1] && v->str[1] != '.'))) {
		diag_error(v->loc, "schema version \"%s\": subsume reads "
			   "versions 1 and 2 of the mutation-testing-elements "
			   "report", v->str);
		return false;
	}
	return v != NULL;
}

struct check_elements *check_elements_load(const char *path, bool *io)
{
	*io = false;
	if (check_is_dredd(path)) /* its mutants as such a report */
		return check_dredd_load(path, io);
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		error("cannot read %s: %s", path, strerror(errno));
		*io = true;
		return NULL;
	}
	return check_elements_from_text(path, text, len);
}

struct check_elements *check_elements_from_text(const char *path, char *text,
						size_t len)
{
	struct check_elements *E = xcalloc(1, sizeof(*E));
	E->a = arena_new();
	E->src = (struct source){ .name = path, .text = text, .len = len };
	struct loader L = { .E = E };
	struct json *root = json_parse(E->a, &E->src);
	struct json *files = NULL;
	if (!root || !schema_ok(&L, root) ||
	    !(files = member(&L, root, "files", JSON_OBJECT, "an object",
			     false))) {
		check_elements_free(E);
		return NULL;
	}
	E->files = ANEWN(E->a, struct efile, files->n);
	for (size_t i = 0; i < files->n; i++)
		load_file(&L, files, i);
	if (!L.errs)
		unique_ids(&L);
	if (L.errs) {
		check_elements_free(E);
		return NULL;
	}
	return E;
}

void check_elements_free(struct check_elements *e)
{
	if (!e)
		return;
	arena_free(e->a);
	free((char *)e->src.text);
	free(e);
}

int check_elements_nfiles(const struct check_elements *e)
{
	return e->nfiles;
}

void check_elements_file(const struct check_elements *e, int i,
			 const char **path, const char **language,
			 const char **source)
{
	*path = e->files[i].path;
	*language = e->files[i].language;
	*source = e->files[i].source;
}

void check_elements_each(const struct check_elements *e,
			 void (*fn)(void *ctx, const char *id,
				    const char *status),
			 void *ctx)
{
	for (int i = 0; i < e->nfiles; i++)
		for (int k = 0; k < e->files[i].n; k++)
			fn(ctx, e->files[i].m[k].id, e->files[i].m[k].at.status);
}

/* --- judging -------------------------------------------------------- */

static bool lang_is(const char *l, const char *const *names)
{
	for (; *names; names++)
		if (!strcasecmp(l, *names))
			return true;
	return false;
}

/* A replacement that deletes a statement. */
static bool deletes(const char *r)
{
	return !*r || !strcmp(r, "{}") || !strcmp(r, ";") ||
	       !strcmp(r, "<NO-OP>");
}

/* The languages read as C (with the C grammar) and as Java. */
static const char *const c_langs[] = { "c", "cpp", "c++", "cc", "cxx", "h",
				       "hpp", NULL };
static const char *const java_langs[] = { "java", NULL };

/* A parsed file of the report: Java or C (one of them set). */
struct pfile {
	struct jsrc *j;
	struct csrc *c;
	const struct profile *pf; /* C: the profile (lp64, signed char,
				   * UB "outcome", the C defaults of
				   * docs/c.md) */
};

/* Why no mutant of file f is judged (another language, a source that
 * does not parse), or NULL with *pf parsed. */
static const char *file_refusal(struct cgroup *g, const struct efile *f,
				struct pfile *pf)
{
	const char *why = NULL;
	memset(pf, 0, sizeof(*pf));
	if (lang_is(f->language, c_langs)) {
		bool cxx = strcasecmp(f->language, "c") && strcasecmp(f->language, "h");
		pf->pf = c_profile(cxx ? "c++" : "c", "lp64", true,
				   (enum ub_policy)c_ub_policy("outcome"));
		pf->c = csrc_from_text(f->path, f->source, strlen(f->source),
				       g->a, &why);
		return pf->c ? NULL : arena_printf(g->a, "its source: %s", why);
	}
	if (!lang_is(f->language, java_langs))
		return arena_printf(g->a, "language \"%s\": subsume judges Java "
				    "and C", f->language);
	pf->j = jsrc_open_text(f->path, f->source, g->a, &why);
	if (!pf->j)
		return arena_printf(g->a, "its source: %s", why);
	int line, col;
	if (jsrc_syntax_error(pf->j, &line, &col)) {
		diag_warning((struct loc){ jsrc_source(pf->j), line, col },
			     "syntax error: the report's source of %s does not "
			     "parse; its mutants are unsupported", f->path);
		return arena_printf(g->a, "the report's source of %s does not "
				    "parse (%d:%d)", f->path, line, col);
	}
	return NULL;
}

static const char *f_text(const struct pfile *pf)
{
	return csrc_text(pf->c);
}

/* A C mutant at bytes [b, e): its site is the expression there (or in
 * the expression statement there), typed from its declarations
 * (lang/csrc.h), in *x; true, or false and *why. */
static bool place_c(struct cgroup *g, struct mplace *p, int k,
		    const struct pfile *pf, const struct emutant *em,
		    struct cexpr *xp, const char **why)
{
	struct cexpr x;
	if (csrc_expr(pf->c, g->a, em->b, em->e, &x, why) < 0)
		return false;
	*xp = x;
	struct cmutant *m = &g->mutants[k];
	p->key = arena_printf(g->a, "C%zu:%zu", x.b, x.e);
	p->discarded = x.discarded;
	if (x.statement) { /* `x++;` read as `x++`, its mutant likewise */
		p->base = p->orig = m->orig =
			arena_strndup(g->a, f_text(pf) + x.b, x.e - x.b);
		size_t l = strlen(m->text);
		while (l && (isspace((unsigned char)m->text[l - 1]) ||
			     m->text[l - 1] == ';'))
			l--;
		m->text = arena_strndup(g->a, m->text, l);
	}
	/* the file's #define and enum constants and typedef names replaced
	 * by what they stand for (lang/csrc.h csrc_expand()), in the
	 * original and the mutant alike */
	const char *xm = csrc_expand(pf->c, g->a, m->text, x.b);
	if (!xm) {
		*why = "the mutant names a macro of the file that is no "
		       "constant or a typedef that is no integer type";
		return false;
	}
	if (strcmp(x.text, p->orig))
		p->base = p->orig = m->orig = x.text;
	m->text = xm;
	p->nvars = x.nvars;
	for (int v = 0; v < x.nvars; v++)
		p->vars[v] = (struct cvar){ x.vars[v].name, x.vars[v].type };
	m->level = CL_EXPRESSION;
	m->note = arena_printf(g->a, "expression level: the mutated expression "
			       "itself at %s:%d:%d (C files: no enclosing "
			       "expression yet)", em->at.path, em->at.sline,
			       em->at.scol);
	return true;
}

/* --method: C mutant k of g in its function (x: its expression, when it
 * has one). */
static void attach_c(struct cgroup *g, int k, const struct pfile *pf,
		     const struct emutant *em, const struct cexpr *x)
{
	struct cmutant *m = &g->mutants[k];
	size_t b = em->b, e = em->e;
	bool stmt = false;
	if (x->statement && *m->text) {
		b = x->b; /* the expression of an expression statement */
		e = x->e;
	} else {
		stmt = csrc_is_statement(pf->c, b, &e);
	}
	if (stmt && *m->text)
		m->mwhy = "a statement mutant other than a deletion";
	else if (!stmt && !*m->text)
		m->mwhy = "an empty replacement of an expression";
	else
		check_cmethod_attach_at(g, k, pf->c, pf->pf, b, e, stmt);
}

/* A C mutant located at an operator token alone, as Mull locates
 * operator mutants ("+" of "a + b", replacement "-"): the same mutant as
 * the whole expression with the operator replaced, in *w. */
static bool widen_operator(struct cgroup *g, const struct pfile *pf,
			   const struct emutant *em, struct emutant *w)
{
	size_t xb, xe;
	const char *r = em->at.replacement;
	if (!pf->c || !r || !csrc_operator_at(pf->c, em->b, em->e, &xb, &xe))
		return false;
	const char *s = f_text(pf);
	*w = *em;
	w->b = xb;
	w->e = xe;
	w->at.replacement = arena_printf(g->a, "%.*s%s%.*s", (int)(em->b - xb),
					 s + xb, r, (int)(xe - em->e),
					 s + em->e);
	return true;
}

/* Mutant k of f into group g (its mutant i), placed in pf (or
 * refused). */
static void take_mutant(struct cgroup *g, struct mplace *p, int i, int k,
			const struct efile *f, const struct pfile *pf,
			const char *refusal, bool method)
{
	const struct emutant *em = &f->m[k];
	struct cmutant *m = &g->mutants[i];
	m->at = &em->at; /* as the report gives it, for the report written */
	struct emutant wide;
	if (!refusal && widen_operator(g, pf, em, &wide))
		em = &wide;
	const char *r = em->at.replacement;
	m->id = em->id;
	m->op = em->at.mutator;
	m->lineno = em->jline;
	m->where = arena_printf(g->a, "%s:%d:%d", f->path, em->at.sline,
				em->at.scol);
	m->text = !r ? "<no replacement>" : deletes(r) ? "" : r;
	char *base = arena_strndup(g->a, f->source + em->b, em->e - em->b);
	m->orig = base;
	p->base = p->orig = base;
	p->key = arena_printf(g->a, "U%d", i);
	const char *why = refusal;
	if (!why && !r)
		why = em->at.description ? arena_printf(g->a, "the report gives "
			"no replacement, only a description: \"%s\"",
			em->at.description)
			: "the report gives no replacement";
	if (!why && em->b == em->e)
		why = "its location is empty";
	struct cexpr x = { 0 };
	bool placed = !why && pf->c && place_c(g, p, i, pf, em, &x, &why);
	if (placed && !*m->text && !x.statement)
		why = "an empty replacement of an expression";
	size_t se = em->e;
	if (pf->c && method && !refusal && r && em->b < em->e &&
	    (placed || csrc_is_statement(pf->c, em->b, &se)))
		attach_c(g, i, pf, em, &x);
	if (!why && pf->j && check_place_exact(g, p, i, pf->j, em->line, em->b,
					       method, &why) && !p->stmt &&
	    !*m->text)
		why = "an empty replacement of an expression";
	if (!why)
		return;
	m->orig = base;
	m->note = NULL;
	m->level = CL_FALLBACK;
	if (!pf->c) /* a C mutant may still be judged in its function */
		m->mo = m->mm = NULL;
	site_unsupported(g, m, arena_printf(g->a, "%s:%d:%d-%d:%d `%s`: %s",
		f->path, em->at.sline, em->at.scol, em->at.eline, em->at.ecol,
		base, why));
}

/* --- PIT's mutants ---------------------------------------------------- */

/* Is mutant em of f one of PIT's (its report plugin's): no replacement,
 * a description, in a Java file whose source parses?  Those are placed
 * as the mutations.xml reader places them (check_pit_place()). */
static bool is_pit(const struct emutant *em, const struct pfile *pf,
		   const char *refusal)
{
	return !refusal && pf->j && !em->at.replacement && em->at.description;
}

/* PIT's statuses that it counts as detected, in the report's words (its
 * plugin writes KILLED Killed, TIMED_OUT Timeout, NON_VIABLE,
 * MEMORY_ERROR and RUN_ERROR RuntimeError). */
static bool pit_detected(const char *status)
{
	return !strcmp(status, "Killed") || !strcmp(status, "Timeout") ||
	       !strcmp(status, "RuntimeError") ||
	       !strcmp(status, "CompileError");
}

struct pit_ctx {
	const struct check_elements *e;
	const struct efile *f;
	const struct emutant *em;
	struct pit_at *at;
	struct jsrc *j;
};

static struct cgroup *pit_group(void *ctx, int n)
{
	struct pit_ctx *P = ctx;
	const struct emutant *em = P->em;
	struct cgroup *g = check_pit_group(P->e->src.name, em->jline, n);
	struct arena *a = g->a;
	g->where = P->f->path;
	for (int i = 0; i < n; i++) {
		struct cmutant *c = &g->mutants[i];
		/* the candidates' ids: finish() keeps what is before the
		 * last '.' */
		c->id = n > 1 ? arena_printf(a, "%s.%d", em->id, i + 1)
			      : em->id;
		c->op = em->at.mutator;
		c->from = c->op;
		c->lineno = em->jline;
		c->where = arena_printf(a, "%s:%d:%d", P->f->path, em->at.sline,
					em->at.scol);
		c->at = &em->at;
		c->pit = P->at;
		c->text = "";
	}
	return g;
}

static struct jsrc *pit_source(void *ctx, const char **path, const char **why)
{
	struct pit_ctx *P = ctx;
	*path = P->f->path;
	const char *s = P->f->source;
	while (*s && isspace((unsigned char)*s))
		s++;
	if (!*s) {
		*why = "the report embeds no source of this file (PIT's report "
		       "plugin writes blanks when it finds none)";
		return NULL;
	}
	return P->j;
}

/* PIT's mutant k of f as its own group. */
static void read_pit_mutant(const struct check_elements *e,
			    const struct efile *f, int k, struct jsrc *j,
			    bool method, cgroup_fn emit, void *ctx, long *seq)
{
	const struct emutant *em = &f->m[k];
	struct pit_at *at = ANEW(e->a, struct pit_at);
	*at = (struct pit_at){ .doc = -1, .index = k,
		.detected = pit_detected(em->at.status),
		.status = em->at.status, .description = em->at.description };
	struct pit_ctx P = { e, f, em, at, j };
	/* the report gives whole lines, no method and no instruction
	 * index: every candidate of the line is judged */
	struct pit_mutant p = {
		.mutator = em->at.mutator, .description = em->at.description,
		.line = em->line, .index = -1, .rank = -1,
		.method_level = method, .source = pit_source, .group = pit_group,
		.ctx = &P,
	};
	const char *order;
	struct cgroup *g = check_pit_place(&p, &order);
	g->seq = (*seq)++;
	emit(ctx, g);
}

/* Each of PIT's mutants of file f as a group of its own, then the
 * others as one group. */
static void read_file_group(const struct check_elements *e,
			    const struct efile *f, bool method, cgroup_fn emit,
			    void *ctx, long *seq)
{
	struct arena *a = arena_new();
	struct cgroup *g = ANEW(a, struct cgroup);
	g->a = a;
	g->file = e->src.name;
	g->lineno = f->n ? f->m[0].jline : 1;
	g->where = f->path;
	g->mutants = ANEWN(a, struct cmutant, (size_t)f->n);
	g->sites = ANEWN(a, struct csite, (size_t)f->n);
	struct mplace *mp = xcalloc((size_t)f->n, sizeof(*mp));
	struct pfile pf;
	const char *refusal = file_refusal(g, f, &pf);
	for (int k = 0; k < f->n; k++) {
		if (is_pit(&f->m[k], &pf, refusal))
			continue;
		int i = g->nmutants++;
		mp[i].offset = -1;
		take_mutant(g, &mp[i], i, k, f, &pf, refusal, method);
	}
	if (g->nmutants) {
		check_cut_sites(g, mp);
		for (int s = 0; pf.c && s < g->nsites; s++)
			g->sites[s].profile = pf.pf;
	}
	free(mp);
	/* PIT's first: the parsed source lives in g's arena */
	for (int k = 0; k < f->n; k++)
		if (is_pit(&f->m[k], &pf, refusal))
			read_pit_mutant(e, f, k, pf.j, method, emit, ctx, seq);
	jsrc_free(pf.j);
	csrc_free(pf.c);
	if (g->nmutants) {
		g->seq = (*seq)++;
		emit(ctx, g);
	} else {
		cgroup_free(g);
	}
}

long check_read_elements(struct check_elements *e, bool method,
			 cgroup_fn emit, void *ctx, long *seq)
{
	for (int i = 0; i < e->nfiles; i++)
		if (e->files[i].n)
			read_file_group(e, &e->files[i], method, emit, ctx, seq);
	return e->errs;
}

void check_elements_set_errors(struct check_elements *e, long errs)
{
	e->errs = errs;
}
