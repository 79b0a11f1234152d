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
 * form a site.  A malformed line is reported with file:line and
 * skipped.
 */
#include "check/check.h"
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
	cgroup_fn emit;
	void *ctx;
	long *seq;
	struct arena *a;  /* the group being built */
	struct cmutant *ms;
	size_t nms, cap;
	char *where;
	long line;
	int lineno;
};

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
	/* Sites: same original text and offset (the key in detail). */
	g->nsites = 0;
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		const char *key = m->detail; /* "offset\037orig" */
		int s;
		for (s = 0; s < g->nsites; s++)
			if (!strcmp(g->sites[s].name, key))
				break;
		if (s == g->nsites) {
			struct csite *st = &g->sites[g->nsites++];
			st->name = key;
			st->orig = strchr(key, '\037') + 1;
			st->statement = !strcmp(m->by, "1");
		}
		m->site = s;
		m->detail = NULL;
		m->by = NULL;
	}
	for (int s = 0; s < g->nsites; s++)
		g->sites[s].name = NULL;
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
	struct cmutant *m = &R->ms[R->nms++];
	memset(m, 0, sizeof(*m));
	m->id = arena_strdup(R->a, l->id);
	m->op = arena_strdup(R->a, l->op);
	m->from = arena_strdup(R->a, l->from);
	m->lineno = l->lineno;
	bool stmt = !strcmp(l->to, "<NO-OP>") ||
		    l->orig[strlen(l->orig) - 1] == ';';
	m->text = stmt && !strcmp(l->mut, "<NO-OP>") ? arena_strdup(R->a, "")
						     : arena_strdup(R->a, l->mut);
	/* Temporary: the site key and the statement flag, read by flush. */
	m->detail = arena_printf(R->a, "%ld\037%s", l->offset, l->orig);
	m->by = stmt ? "1" : "0";
}

long check_read_major(FILE *f, const char *file, cgroup_fn emit, void *ctx,
		      long *seq)
{
	struct reader R = { .file = file, .emit = emit, .ctx = ctx, .seq = seq };
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	long bad = 0;
	int lineno = 0;
	while ((len = getline(&buf, &cap, f)) >= 0) {
		lineno++;
		while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
			buf[--len] = 0;
		if ((size_t)len != strlen(buf)) {
			fprintf(stderr, "%s:%d: error: malformed Major log line: "
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
			fprintf(stderr, "%s:%d: error: malformed Major log line: "
				"%s; skipped\n", file, lineno, err);
			diag_show_line(stderr, lineno, s, strlen(s), 0);
			bad++;
		} else {
			add(&R, &l);
		}
		free(copy);
	}
	flush(&R);
	free(R.ms);
	free(buf);
	return bad;
}
