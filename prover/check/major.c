/*
 * major.c - read Major's mutants.log, streaming, one source line
 * at a time.
 *
 *   ID:OPERATOR:FROM:TO:Class@method(signature):LINE[:OFFSET]:ORIGINAL |==> MUTANT
 *
 * The 8-field variant (a character offset after LINE) is recognised per
 * line; the fields are split as check/major.h says (':' and ' |==> '
 * inside literals belong to the code).  Consecutive lines with the same class, method and LINE
 * form a group; within it, mutants with the same ORIGINAL (and OFFSET)
 * at the same occurrence form a site, or, with the program's source,
 * the mutants of one enclosing expression (check/source.h).  A
 * malformed line is reported with file:line:column and skipped.
 */
#include "check/source.h"
#include "check/major.h"
#include "check/method.h"
#include "base/diag.h"

#include <ctype.h>
#include <string.h>

/* p at a quote: the byte after its literal's closing quote (escapes
 * skipped), or NULL when the line ends inside the literal. */
static char *skip_literal(char *p)
{
	char q = *p++;
	for (; *p && *p != q; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : NULL;
}

/* Is the '?' at p a wildcard of a generic type (List<?>, Map<?, ?>,
 * ? extends T, ? super T) rather than a conditional's? */
static bool wildcard(const char *p)
{
	p++;
	while (*p == ' ')
		p++;
	return *p == '>' || *p == ',' || !strncmp(p, "extends ", 8) ||
	       !strncmp(p, "super ", 6);
}

/* The ':' ending a field of code (FROM, TO) that starts at p: the first
 * outside literals, brackets and a conditional's '?' ... ':', else the
 * first outside literals (unmatched brackets: a plain field).  NULL when
 * there is none, *bad then the quote of an unterminated literal (or
 * NULL). */
static char *code_end(char *p, char **bad)
{
	int depth = 0, cond = 0;
	char *first = NULL;
	*bad = NULL;
	for (char *q = p; *q; q++) {
		switch (*q) {
		case '"':
		case '\'': {
			char *e = skip_literal(q);
			if (!e) {
				*bad = q;
				return first;
			}
			q = e - 1;
			break;
		}
		case '(': case '[': case '{':
			depth++;
			break;
		case ')': case ']': case '}':
			depth -= depth > 0;
			break;
		case '?':
			cond += !depth && !wildcard(q);
			break;
		case ':':
			if (!first)
				first = q;
			if (!depth && !cond)
				return q;
			cond -= !depth && cond;
			break;
		}
	}
	return first;
}

/* The ' |==> ' between ORIGINAL and MUTANT: the first outside literals
 * (NULL: none; *bad as code_end()'s). */
static char *arrow_at(char *p, char **bad)
{
	*bad = NULL;
	for (char *q = p; *q; q++) {
		if (*q == '"' || *q == '\'') {
			char *e = skip_literal(q);
			if (!e) {
				*bad = q;
				return NULL;
			}
			q = e - 1;
		} else if (!strncmp(q, " |==> ", 6)) {
			return q;
		}
	}
	return NULL;
}

/* Cut the field at *p ending at e (a ':'): *out, *p after it. */
static void cut(char **p, char *e, char **out)
{
	*e = 0;
	*out = *p;
	*p = e + 1;
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

#define TOO_FEW "too few ':'-separated fields (expected ID:OPERATOR:FROM:" \
		"TO:CLASS:LINE:ORIGINAL |==> MUTANT)"

/* See major.h. */
const char *major_parse_line(char *s, struct major_line *m, const char **at)
{
	/* the fields up to LINE: code in FROM and TO (k 2, 3) */
	char **out[] = { &m->id, &m->op, &m->from, &m->to, &m->where, NULL };
	char *line = NULL, *bad = NULL;
	out[5] = &line;
	for (int k = 0; k < 6; k++) {
		bool code = k == 2 || k == 3;
		char *e = code ? code_end(s, &bad) : strchr(s, ':');
		*at = s;
		if (!e && bad) {
			*at = bad;
			return "unterminated literal (no closing quote)";
		}
		if (!e)
			return TOO_FEW;
		cut(&s, e, out[k]);
	}
	*at = m->id;
	if (!*m->id)
		return "empty mutant id";
	for (char *p = m->id; *p; p++)
		if (isspace((unsigned char)*p)) {
			*at = p;
			return "the mutant id contains a space";
		}
	*at = m->op;
	if (!*m->op)
		return "empty operator name";
	for (char *p = m->op; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_') {
			*at = p;
			return "the operator name is not a word";
		}
	*at = line;
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
	char *arrow = arrow_at(s, &bad);
	*at = bad ? bad : s;
	if (!arrow)
		return bad ? "unterminated literal (no closing quote)"
			   : "no ' |==> ' between original and mutant";
	*arrow = 0;
	m->orig = trim(s);
	m->mut = trim(arrow + 6);
	if (!*m->orig)
		return "empty original text";
	*at = arrow + 6;
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
	/* with sources: the group waiting for the next line, which joins
	 * it when they share an enclosing expression (one spanning lines);
	 * pmp[0..pending->nmutants) its places */
	struct cgroup *pending;
	char *pwhere;      /* its class and method (heap) */
	struct mplace *pmp;
	struct cmutant *pms; /* its mutants while it grows (heap) */
	size_t cappmp, cappms;
	bool capped;       /* the current line was cut at MAX_LINE */
};

/* At most MAX_LINE mutants in a line group: a log line with more (the
 * real logs have at most 70) is cut into groups of MAX_LINE, whose
 * occurrences and sites are found apart (check_split_occurrences() is
 * quadratic in a line's distinct originals).  Lines join an enclosing
 * expression or method only while the group stays within MAX_GROUP
 * (the largest class of the real logs has 2,448).  So a group's memory
 * and the work of cutting it stay bounded whatever the log. */
#define MAX_LINE 256
#define MAX_GROUP 8192

void check_cut_sites(struct cgroup *g, const struct mplace *mp)
{
	/* the sites by key: open addressing over a power of two at least
	 * twice the mutants (linear in the group, however many sites) */
	size_t cap = 16;
	while (cap < 2 * (size_t)g->nmutants)
		cap *= 2;
	int *slot = xcalloc(cap, sizeof(*slot)); /* a site + 1, 0: empty */
	const char **keys = ANEWN(g->a, const char *, (size_t)g->nmutants);
	g->nsites = 0;
	for (int i = 0; i < g->nmutants; i++) {
		size_t h = (size_t)fnv1a64(mp[i].key, strlen(mp[i].key),
					   14695981039346656037ULL) & (cap - 1);
		while (slot[h] && strcmp(keys[slot[h] - 1], mp[i].key))
			h = (h + 1) & (cap - 1);
		int s = slot[h] - 1;
		if (!slot[h]) {
			s = g->nsites++;
			slot[h] = s + 1;
			struct csite *st = &g->sites[s];
			keys[s] = mp[i].key;
			st->orig = mp[i].orig;
			st->statement = mp[i].stmt;
			st->source = mp[i].placed;
			st->discarded = mp[i].discarded;
			st->assume = mp[i].assume;
			st->facts = mp[i].facts;
			st->loops = mp[i].loops;
			st->dead = mp[i].dead;
			st->nvars = mp[i].nvars;
			memcpy(st->vars, mp[i].vars,
			       (size_t)mp[i].nvars * sizeof(st->vars[0]));
		}
		g->mutants[i].site = s;
	}
	free(slot);
}

/* --- lines whose mutants share an enclosing expression ------------- */

static bool placed_key(const char *key)
{
	return key[0] == 'S'; /* source.c: "S<begin>:<end>" */
}

/* Does line group g (places mp) share an enclosing expression with the
 * pending group? */
static bool joins(const struct reader *R, const struct cgroup *g,
		  const struct mplace *mp)
{
	const struct cgroup *p = R->pending;
	if (!p || strcmp(R->pwhere, R->where) ||
	    p->nmutants + g->nmutants > MAX_GROUP)
		return false;
	if (check_method_joins(p, g)) /* --method: one method, one group */
		return true;
	for (int i = 0; i < g->nmutants; i++)
		for (int j = 0; placed_key(mp[i].key) && j < p->nmutants; j++)
			if (!strcmp(mp[i].key, R->pmp[j].key))
				return true;
	return false;
}

static const char *dup_in(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

/* Append line group g (places mp) to the pending group, its texts
 * copied; every mutant keeps its own line (cmutant.where). */
static void join(struct reader *R, struct cgroup *g, const struct mplace *mp)
{
	struct cgroup *p = R->pending;
	struct arena *a = p->a;
	int n = p->nmutants + g->nmutants;
	GROW(R->pms, (size_t)n, R->cappms);
	struct cmutant *ms = R->pms;
	for (int i = 0; !p->njoined && i < p->nmutants; i++)
		if (!ms[i].where)
			ms[i].where = p->where;
	GROW(R->pmp, (size_t)n, R->cappmp);
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &ms[p->nmutants + i];
		*m = g->mutants[i];
		m->id = dup_in(a, m->id);
		m->op = dup_in(a, m->op);
		m->from = dup_in(a, m->from);
		m->text = dup_in(a, m->text);
		m->orig = dup_in(a, m->orig);
		m->ctx = dup_in(a, m->ctx);
		m->note = dup_in(a, m->note);
		m->where = dup_in(a, g->where);
		struct mplace *q = &R->pmp[p->nmutants + i];
		*q = mp[i];
		q->key = placed_key(mp[i].key) ? dup_in(a, mp[i].key)
			: arena_printf(a, "L%ld\037%s", R->line, mp[i].key);
		q->orig = dup_in(a, q->orig);
		q->base = dup_in(a, q->base);
		q->assume = dup_in(a, q->assume);
		q->facts = dup_in(a, q->facts);
		q->loops = dup_in(a, q->loops);
		q->dead = dup_in(a, q->dead);
		for (int v = 0; v < q->nvars; v++) {
			q->vars[v].name = dup_in(a, q->vars[v].name);
			q->vars[v].type = dup_in(a, q->vars[v].type);
		}
	}
	p->mutants = ms;
	p->nmutants = n;
	/* g's arena lives on with p: the mutants' method models (mo, mm)
	 * and reasons (mwhy) point into it */
	p->joined = xrealloc(p->joined,
			     ((size_t)p->njoined + 1 + (size_t)g->njoined) *
				     sizeof(*p->joined));
	for (int k = 0; k < g->njoined; k++)
		p->joined[p->njoined++] = g->joined[k];
	free(g->joined);
	p->joined[p->njoined++] = g->a;
}

/* Cut the pending group into sites and hand it on. */
static void emit_pending(struct reader *R)
{
	struct cgroup *g = R->pending;
	if (!g)
		return;
	R->pending = NULL;
	free(R->pwhere);
	R->pwhere = NULL;
	g->mutants = ANEWN(g->a, struct cmutant, (size_t)g->nmutants);
	memcpy(g->mutants, R->pms, (size_t)g->nmutants * sizeof(*R->pms));
	g->sites = ANEWN(g->a, struct csite, (size_t)g->nmutants);
	check_cut_sites(g, R->pmp);
	g->seq = (*R->seq)++;
	R->emit(R->ctx, g);
}

static void flush(struct reader *R)
{
	if (!R->a)
		return;
	struct cgroup *g = ANEW(R->a, struct cgroup);
	g->a = R->a;
	g->file = R->file;
	g->lineno = R->lineno;
	g->where = arena_printf(R->a, "%s:%ld", R->where, R->line);
	g->nmutants = (int)R->nms;
	g->mutants = ANEWN(R->a, struct cmutant, R->nms);
	memcpy(g->mutants, R->ms, R->nms * sizeof(*R->ms));
	g->sites = ANEWN(R->a, struct csite, R->nms);
	/* Sites: same original text and offset, then one occurrence. */
	check_split_occurrences(g, R->mp);
	R->a = NULL;
	R->nms = 0;
	if (!R->src) {
		g->seq = (*R->seq)++;
		check_cut_sites(g, R->mp);
		R->emit(R->ctx, g);
		return;
	}
	check_sources_place(R->src, g, R->where, R->line, R->mp);
	if (joins(R, g, R->mp)) {
		join(R, g, R->mp);
		return;
	}
	emit_pending(R);
	R->pending = g;
	R->pwhere = xstrdup(R->where);
	GROW(R->pmp, (size_t)g->nmutants, R->cappmp);
	memcpy(R->pmp, R->mp, (size_t)g->nmutants * sizeof(*R->pmp));
	GROW(R->pms, (size_t)g->nmutants, R->cappms);
	memcpy(R->pms, g->mutants, (size_t)g->nmutants * sizeof(*R->pms));
	g->mutants = R->pms; /* until emit_pending() */
}

static void add(struct reader *R, const struct major_line *l, int lineno)
{
	bool same = R->a && l->line == R->line && !strcmp(l->where, R->where);
	if (same && R->nms == MAX_LINE && !R->capped) {
		FILE *out = diag_out ? diag_out : stderr;
		fprintf(out, "%s:%d:1: warning: more than %d mutants on %s:%ld: "
			"the rest are decided in groups of their own (no relation "
			"is claimed between groups)\n", R->file, lineno,
			MAX_LINE, l->where, l->line);
		R->capped = true;
	}
	if (R->a && (!same || R->nms == MAX_LINE))
		flush(R);
	R->capped &= same;
	if (!R->a) {
		R->a = arena_new();
		R->where = arena_strdup(R->a, l->where);
		R->line = l->line;
		R->lineno = lineno;
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
	m->lineno = lineno;
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
		const char *why = NULL, *at = buf + strlen(buf);
		struct major_line l;
		char *copy = NULL;
		if ((size_t)len != strlen(buf)) {
			why = "it contains a NUL byte";
		} else {
			char *s = buf;
			while (isspace((unsigned char)*s))
				s++;
			if (!*s || *s == '#')
				continue;
			copy = xstrdup(buf);
			why = major_parse_line(copy + (s - buf), &l, &at);
			at = buf + (at - copy);
		}
		if (why) {
			int col = 1;
			for (const char *p = buf; p < at; p++)
				col += ((unsigned char)*p & 0xC0) != 0x80;
			fprintf(out, "%s:%d:%d: error: malformed Major log line: "
				"%s; skipped\n", file, lineno, col, why);
			diag_show_line(out, lineno, buf, strlen(buf), col);
			bad++;
		} else {
			add(&R, &l, lineno);
		}
		free(copy);
	}
	flush(&R);
	emit_pending(&R);
	free(R.ms);
	free(R.mp);
	free(R.pmp);
	free(R.pms);
	free(buf);
	return bad;
}
