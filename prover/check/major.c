/*
 * check_major.c - read Major's mutants.log, streaming, one source line
 * at a time.
 *
 *   ID:OPERATOR:FROM:TO:Class@method(signature):LINE[:OFFSET]:ORIGINAL |==> MUTANT
 *
 * The 8-field variant (a character offset after LINE) is recognised per
 * line: after LINE, digits followed by ':' are an offset (no Java
 * expression starts that way).  FROM and TO may be quoted literals that
 * contain ':'.  Consecutive lines with the same class, method and LINE
 * form a group; within it, mutants with the same ORIGINAL (and OFFSET)
 * at the same occurrence form a site, or, with the program's source,
 * the mutants of one enclosing expression (check/source.h).  A
 * malformed line is reported with file:line and skipped.
 */
#include "check/source.h"
#include "base/diag.h"

#include <ctype.h>
#include <string.h>

struct mline {
	char *id, *op, *from, *to, *where, *orig, *mut;
	long line, offset; /* offset -1 when absent */
	int lineno;
};

/* A field up to ':', or a quoted literal then ':'.  Returns the end of
 * the field (the ':'), or NULL. */
static char *field_end(char *p)
{
	if (*p == '"' || *p == '\'') {
		char q = *p++;
		while (*p && *p != q) {
			if (*p == '\\' && p[1])
				p++;
			p++;
		}
		if (!*p)
			return NULL;
		p++;
		return *p == ':' ? p : NULL;
	}
	return strchr(p, ':');
}

static const char *take(char **p, char **out)
{
	char *e = field_end(*p);
	if (!e)
		return "missing ':'";
	*e = 0;
	*out = *p;
	*p = e + 1;
	return NULL;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	return s;
}

/* Parse one line in place; NULL, or why it is malformed. */
static const char *parse_line(char *s, struct mline *m)
{
	const char *err;
	char *line;
	if ((err = take(&s, &m->id)) || (err = take(&s, &m->op)) ||
	    (err = take(&s, &m->from)) || (err = take(&s, &m->to)) ||
	    (err = take(&s, &m->where)) || (err = take(&s, &line)))
		return "too few ':'-separated fields (expected ID:OPERATOR:FROM:"
		       "TO:CLASS:LINE:ORIGINAL |==> MUTANT)";
	if (!*m->id)
		return "empty mutant id";
	for (char *p = m->id; *p; p++)
		if (isspace((unsigned char)*p))
			return "the mutant id contains a space";
	if (!*m->op)
		return "empty operator name";
	for (char *p = m->op; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return "the operator name is not a word";
	if (!*line || strspn(line, "0123456789") != strlen(line) ||
	    strlen(line) > 9)
		return "the line number is not a number";
	m->line = atol(line);
	m->offset = -1;
	size_t nd = strspn(s, "0123456789");
	if (nd && nd <= 12 && s[nd] == ':') {
		s[nd] = 0;
		m->offset = atol(s);
		s += nd + 1;
	}
	char *arrow = strstr(s, " |==> ");
	if (!arrow)
		return "no ' |==> ' between original and mutant";
	*arrow = 0;
	m->orig = trim(s);
	m->mut = trim(arrow + 6);
	if (!*m->orig)
		return "empty original text";
	if (!*m->mut)
		return "empty mutant text";
	return NULL;
}

struct reader {
	const char *file;
	struct check_sources *src; /* or NULL */
	cgroup_fn emit;
	void *ctx;
	long *seq;
	struct arena *a;  /* the group being built */
	struct cmutant *ms;
	struct mplace *mp; /* [nms], parallel to ms */
	size_t nms, cap, capmp;
	char *where;
	long line;
	int lineno;
};

/* Cut g's mutants into sites by their keys (mp). */
static void cut_sites(struct cgroup *g, const struct mplace *mp)
{
	const char **keys = ANEWN(g->a, const char *, (size_t)g->nmutants);
	g->nsites = 0;
	for (int i = 0; i < g->nmutants; i++) {
		int s;
		for (s = 0; s < g->nsites; s++)
			if (!strcmp(keys[s], mp[i].key))
				break;
		if (s == g->nsites) {
			struct csite *st = &g->sites[g->nsites++];
			keys[s] = mp[i].key;
			st->orig = mp[i].orig;
			st->statement = mp[i].stmt;
			st->source = mp[i].placed;
			st->discarded = mp[i].discarded;
			st->assume = mp[i].assume;
			st->nvars = mp[i].nvars;
			memcpy(st->vars, mp[i].vars,
			       (size_t)mp[i].nvars * sizeof(st->vars[0]));
		}
		g->mutants[i].site = s;
	}
}

static void flush(struct reader *R)
{
	if (!R->a)
		return;
	struct cgroup *g = ANEW(R->a, struct cgroup);
	g->a = R->a;
	g->seq = (*R->seq)++;
	g->file = R->file;
	g->lineno = R->lineno;
	g->where = arena_printf(R->a, "%s:%ld", R->where, R->line);
	g->nmutants = (int)R->nms;
	g->mutants = ANEWN(R->a, struct cmutant, R->nms);
	memcpy(g->mutants, R->ms, R->nms * sizeof(*R->ms));
	g->sites = ANEWN(R->a, struct csite, R->nms);
	/* Sites: same original text and offset, then one occurrence. */
	check_split_occurrences(g, R->mp);
	if (R->src)
		check_sources_place(R->src, g, R->where, R->line, R->mp);
	cut_sites(g, R->mp);
	R->a = NULL;
	R->nms = 0;
	R->emit(R->ctx, g);
}

static void add(struct reader *R, const struct mline *l)
{
	if (R->a && (l->line != R->line || strcmp(l->where, R->where)))
		flush(R);
	if (!R->a) {
		R->a = arena_new();
		R->where = arena_strdup(R->a, l->where);
		R->line = l->line;
		R->lineno = l->lineno;
	}
	GROW(R->ms, R->nms + 1, R->cap);
	GROW(R->mp, R->nms + 1, R->capmp);
	struct mplace *p = &R->mp[R->nms];
	struct cmutant *m = &R->ms[R->nms++];
	memset(m, 0, sizeof(*m));
	memset(p, 0, sizeof(*p));
	m->id = arena_strdup(R->a, l->id);
	m->op = arena_strdup(R->a, l->op);
	m->from = arena_strdup(R->a, l->from);
	m->lineno = l->lineno;
	bool stmt = !strcmp(l->to, "<NO-OP>") ||
		    l->orig[strlen(l->orig) - 1] == ';';
	m->text = stmt && !strcmp(l->mut, "<NO-OP>") ? arena_strdup(R->a, "")
						     : arena_strdup(R->a, l->mut);
	p->base = p->orig = arena_strdup(R->a, l->orig);
	p->key = arena_printf(R->a, "%ld\037%s", l->offset, l->orig);
	p->stmt = stmt;
	p->offset = l->offset;
}

long check_read_major(FILE *f, const char *file, cgroup_fn emit, void *ctx,
		      long *seq)
{
	return check_read_major_src(f, file, NULL, emit, ctx, seq);
}

long check_read_major_src(FILE *f, const char *file,
			  struct check_sources *src, cgroup_fn emit, void *ctx,
			  long *seq)
{
	struct reader R = { .file = file, .src = src, .emit = emit, .ctx = ctx,
			    .seq = seq };
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	long bad = 0;
	int lineno = 0;
	FILE *out = diag_out ? diag_out : stderr; /* where diagnostics go */
	while ((len = getline(&buf, &cap, f)) >= 0) {
		lineno++;
		while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
			buf[--len] = 0;
		if ((size_t)len != strlen(buf)) {
			fprintf(out, "%s:%d: error: malformed Major log line: "
				"it contains a NUL byte; skipped\n", file, lineno);
			bad++;
			continue;
		}
		char *s = buf;
		while (isspace((unsigned char)*s))
			s++;
		if (!*s || *s == '#')
			continue;
		struct mline l = { .lineno = lineno };
		char *copy = xstrdup(s);
		const char *err = parse_line(copy, &l);
		if (err) {
			fprintf(out, "%s:%d: error: malformed Major log line: "
				"%s; skipped\n", file, lineno, err);
			diag_show_line(out, lineno, s, strlen(s), 0);
			bad++;
		} else {
			add(&R, &l);
		}
		free(copy);
	}
	flush(&R);
	free(R.ms);
	free(R.mp);
	free(buf);
	return bad;
}
