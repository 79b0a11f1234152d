/*
 * kills.c - Major's kill.csv beside the verdicts (check/kills.h).
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "base/diag.h"
#include "check/kills.h"

struct krow {
	char *id;
	enum kill_status st;
	int line, col;
	bool seen;
};

struct check_kills {
	struct source src;       /* the kill file (owns text) */
	char *label;             /* "--kills FILE", or what gave the results */
	struct krow *rows;       /* sorted by id */
	size_t nrows, caprows;   /* (caprows: kills_add()) */
	/* noted while the verdicts are written */
	long total, n[KS_COUNT], equiv_live, nwrite, ncontra;
	long nmissing;
	struct strbuf missing;   /* first ids of the log not in the file */
	struct strbuf t_equiv, t_write, t_contra; /* text lines */
	struct strbuf j_equiv, j_write, j_contra; /* JSON items */
};

static const char *const status_names[KS_COUNT] = {
	"-", "FAIL", "TIME", "EXC", "LIVE", "UNCOV"
};

const char *kill_status_name(enum kill_status s)
{
	return (unsigned)s < KS_COUNT ? status_names[s] : "?";
}

bool kill_status_killed(enum kill_status s)
{
	return s == KS_FAIL || s == KS_TIME || s == KS_EXC;
}

static int row_cmp(const void *x, const void *y)
{
	return strcmp(((const struct krow *)x)->id, ((const struct krow *)y)->id);
}

static int bad(struct check_kills *k, int line, int col, const char *what,
	       const char *word)
{
	return diag_error((struct loc){ &k->src, line, col }, "%s%s%s%s", what,
			  word ? " '" : "", word ? word : "", word ? "'" : "");
}

/* One row "12,FAIL" of line lineno (text p, n bytes, no newline). */
static int parse_row(struct check_kills *k, const char *p, size_t n,
		     int lineno, size_t *cap)
{
	size_t i = 0;
	while (i < n && isdigit((unsigned char)p[i]))
		i++;
	if (!i)
		return bad(k, lineno, 1, "expected a mutant number (MutantNo) "
			   "at the start of the row", NULL);
	if (i >= n || p[i] != ',')
		return bad(k, lineno, (int)i + 1, "expected ',' and a status "
			   "after the mutant number", NULL);
	size_t s = i + 1, e = s;
	while (e < n && isalpha((unsigned char)p[e]))
		e++;
	char word[16];
	snprintf(word, sizeof(word), "%.*s", (int)(e - s), p + s);
	int st = KS_FAIL;
	while (st < KS_COUNT && (e - s != strlen(status_names[st]) ||
				 strncmp(p + s, status_names[st], e - s)))
		st++;
	if (st == KS_COUNT)
		return e == s ? bad(k, lineno, (int)s + 1, "expected a status "
				    "(FAIL, TIME, EXC, LIVE or UNCOV)", NULL)
			: diag_error((struct loc){ &k->src, lineno, (int)s + 1 },
				     "unknown status '%s' (Major writes FAIL, "
				     "TIME, EXC, LIVE or UNCOV)", word);
	size_t t = e;
	while (t < n && (p[t] == ' ' || p[t] == '\t'))
		t++;
	if (t < n)
		return bad(k, lineno, (int)t + 1, "unexpected text after the "
			   "status (a row is MutantNo,STATUS)", NULL);
	GROW(k->rows, k->nrows + 1, *cap);
	char *id = xmalloc(i + 1);
	memcpy(id, p, i);
	id[i] = 0;
	k->rows[k->nrows++] = (struct krow){ .id = id,
		.st = (enum kill_status)st, .line = lineno, .col = 1 };
	return 0;
}

/* The header: "MutantNo," then Major's bracketed list of statuses. */
static int parse_header(struct check_kills *k, const char *p, size_t n)
{
	static const char want[] = "MutantNo,";
	if (n < sizeof(want) - 1 || strncmp(p, want, sizeof(want) - 1) ||
	    n == sizeof(want) - 1 || p[sizeof(want) - 1] != '[' || p[n - 1] != ']')
		return bad(k, 1, 1, "expected Major's kill.csv header "
			   "'MutantNo,[FAIL | TIME | EXC | LIVE]'", NULL);
	return 0;
}

static void kills_free_rows(struct check_kills *k)
{
	for (size_t i = 0; i < k->nrows; i++)
		free(k->rows[i].id);
	free(k->rows);
}

static char *label_of(const char *what, const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "%s%s", what, name);
	return sb.buf;
}

struct check_kills *kills_new(const char *name, const char *label)
{
	struct check_kills *k = xcalloc(1, sizeof(*k));
	k->src = (struct source){ .name = name, .text = xstrdup(""), .len = 0 };
	k->label = label_of("", label);
	return k;
}

bool kills_add(struct check_kills *k, const char *id, enum kill_status st)
{
	for (size_t i = 0; i < k->nrows; i++)
		if (!strcmp(k->rows[i].id, id))
			return false;
	GROW(k->rows, k->nrows + 1, k->caprows);
	k->rows[k->nrows++] = (struct krow){ .id = xstrdup(id), .st = st };
	return true;
}

void kills_seal(struct check_kills *k)
{
	if (k->nrows)
		qsort(k->rows, k->nrows, sizeof(*k->rows), row_cmp);
}

struct check_kills *kills_load(const char *path, bool *io)
{
	size_t len;
	char *text = read_file(path, &len);
	*io = false;
	if (!text) {
		error("--kills %s: %s", path, strerror(errno));
		*io = true;
		return NULL;
	}
	struct check_kills *k = xcalloc(1, sizeof(*k));
	k->src = (struct source){ .name = path, .text = text, .len = len };
	k->label = label_of("--kills ", path);
	size_t cap = 0;
	int lineno = 0, rc = 0;
	const char *p = text, *end = text + len;
	if (memchr(text, 0, len))
		rc = bad(k, 1, 1, "the kill file holds a NUL byte; not a CSV "
			 "text file", NULL);
	while (!rc && (p < end || lineno == 0)) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		lineno++;
		if (n && p[n - 1] == '\r')
			n--;
		if (lineno == 1)
			rc = parse_header(k, p, n);
		else if (n)
			rc = parse_row(k, p, n, lineno, &cap);
		p = nl ? nl + 1 : end;
	}
	if (!rc && k->nrows)
		qsort(k->rows, k->nrows, sizeof(*k->rows), row_cmp);
	for (size_t i = 1; !rc && i < k->nrows; i++)
		if (!strcmp(k->rows[i].id, k->rows[i - 1].id)) {
			const struct krow *a = &k->rows[i - 1], *b = &k->rows[i];
			if (a->line > b->line)
				a = b, b = &k->rows[i - 1];
			rc = diag_error((struct loc){ &k->src, b->line, 1 },
					"mutant %s is listed twice", b->id);
			diag_note((struct loc){ &k->src, a->line, 1 },
				  "mutant %s first listed here", a->id);
		}
	if (rc) {
		kills_free(k);
		return NULL;
	}
	return k;
}

void kills_free(struct check_kills *k)
{
	if (!k)
		return;
	kills_free_rows(k);
	free((char *)k->src.text);
	free(k->label);
	struct strbuf *sbs[] = { &k->missing, &k->t_equiv, &k->t_write,
				 &k->t_contra, &k->j_equiv, &k->j_write,
				 &k->j_contra };
	for (size_t i = 0; i < ARRAY_SIZE(sbs); i++)
		sb_release(sbs[i]);
	free(k);
}

static struct krow *find(const struct check_kills *k, const char *id)
{
	struct krow key = { .id = (char *)id };
	return k->nrows ? bsearch(&key, k->rows, k->nrows, sizeof(*k->rows),
				  row_cmp) : NULL;
}

enum kill_status kills_peek(const struct check_kills *k, const char *id)
{
	const struct krow *r = find(k, id);
	return r ? r->st : KS_NONE;
}

enum kill_status kills_take(struct check_kills *k, const char *id)
{
	struct krow *r = find(k, id);
	if (!r)
		return KS_NONE;
	r->seen = true;
	return r->st;
}

/* "where: id orig |==> mutant (op)" */
static void mutant_text(struct strbuf *sb, const struct cgroup *g,
			const struct cmutant *m)
{
	const struct csite *s = &g->sites[m->site];
	sb_printf(sb, "%s: %s %s |==> %s", m->at ? m->where : g->where, m->id,
		  m->orig ? m->orig : s->orig, *m->text ? m->text : "<NO-OP>");
	if (*m->op)
		sb_printf(sb, " (%s)", m->op);
}

static void json_item(struct strbuf *sb, const struct cgroup *g,
		      const struct cmutant *m)
{
	sb_puts(sb, sb->len ? ", {" : "{");
	sb_puts(sb, "\"id\": ");
	sb_json_str(sb, m->id);
	sb_puts(sb, ", \"where\": ");
	sb_json_str(sb, m->at ? m->where : g->where);
}

/* Do the statuses contradict m's proven claim?  *weak: the claim may
 * hold at the expression and still fail in the program (weak versus
 * strong mutation: only subsumption). */
static bool contradicted(const struct cmutant *m, enum kill_status st,
			 enum kill_status by, bool *weak)
{
	bool k = kill_status_killed(st), kb = kill_status_killed(by);
	*weak = m->v == CV_SUBSUMED;
	switch (m->v) {
	case CV_EQUIVALENT:
		return k;
	case CV_DUPLICATE:
		return (k && by == KS_LIVE) || (st == KS_LIVE && kb);
	case CV_SUBSUMED:
		return kb && st == KS_LIVE;
	default:
		return false;
	}
}

void kills_note(struct check_kills *k, const struct cgroup *g,
		const struct cmutant *m)
{
	enum kill_status st = kills_peek(k, m->id);
	k->total++;
	k->n[st]++;
	if (st == KS_NONE && k->nmissing++ < 10)
		sb_printf(&k->missing, "%s%s", k->missing.len ? ", " : "", m->id);
	if (st == KS_LIVE && m->v == CV_EQUIVALENT) {
		k->equiv_live++;
		sb_puts(&k->t_equiv, "    ");
		mutant_text(&k->t_equiv, g, m);
		sb_putc(&k->t_equiv, '\n');
		json_item(&k->j_equiv, g, m);
		sb_puts(&k->j_equiv, "}");
	}
	if (st == KS_LIVE && m->v == CV_KILLABLE) {
		k->nwrite++;
		sb_puts(&k->t_write, "    ");
		mutant_text(&k->t_write, g, m);
		sb_printf(&k->t_write, ": %s\n", m->detail ? m->detail : "");
		json_item(&k->j_write, g, m);
		sb_puts(&k->j_write, ", \"input\": ");
		sb_json_str(&k->j_write, m->detail ? m->detail : "");
		sb_puts(&k->j_write, "}");
	}
	enum kill_status by = m->by ? kills_peek(k, m->by) : KS_NONE;
	bool weak;
	if (!contradicted(m, st, by, &weak))
		return;
	k->ncontra++;
	struct strbuf *t = &k->t_contra;
	sb_puts(t, "    ");
	mutant_text(t, g, m);
	sb_printf(t, ": %s", cverdict_name(m->v));
	if (m->v == CV_EQUIVALENT)
		sb_printf(t, ", but the tests kill it (%s)", kill_status_name(st));
	else if (kill_status_killed(st))
		sb_printf(t, " %s %s, but the tests kill %s (%s) and not %s (%s)",
			  m->v == CV_DUPLICATE ? "of" : "by", m->by, m->id,
			  kill_status_name(st), m->by, kill_status_name(by));
	else
		sb_printf(t, " %s %s, but the tests kill %s (%s) and not %s (%s)",
			  m->v == CV_DUPLICATE ? "of" : "by", m->by, m->by,
			  kill_status_name(by), m->id, kill_status_name(st));
	if (weak)
		sb_printf(t, ": a bug, or weak versus strong mutation (at the "
			  "expression, every input that kills %s kills %s; only "
			  "%s's change reached an assertion)\n", m->by, m->id,
			  m->by);
	else
		sb_puts(t, ": a bug to report (the claim says no input tells "
			"them apart)\n");
	json_item(&k->j_contra, g, m);
	sb_puts(&k->j_contra, ", \"verdict\": ");
	sb_json_str(&k->j_contra, cverdict_name(m->v));
	sb_puts(&k->j_contra, ", \"by\": ");
	if (m->by)
		sb_json_str(&k->j_contra, m->by);
	else
		sb_puts(&k->j_contra, "null");
	sb_printf(&k->j_contra, ", \"tests\": \"%s\", \"by_tests\": ",
		  kill_status_name(st));
	if (m->by)
		sb_printf(&k->j_contra, "\"%s\"", kill_status_name(by));
	else
		sb_puts(&k->j_contra, "null");
	sb_printf(&k->j_contra, ", \"weak_vs_strong_possible\": %s}",
		  weak ? "true" : "false");
}

void kills_warn(struct check_kills *k)
{
	if (k->nmissing)
		fprintf(diag_out ? diag_out : stderr, "%s: warning: %ld mutant%s "
			"of the log %s no row in the kill file (%s%s): test status "
			"unknown ('-')\n", k->src.name, k->nmissing,
			k->nmissing == 1 ? "" : "s", k->nmissing == 1 ? "has" : "have",
			k->missing.buf, k->nmissing > 10 ? ", ..." : "");
	long extra = 0;
	for (size_t i = 0; i < k->nrows; i++)
		if (!k->rows[i].seen && extra++ < 5)
			diag_warning((struct loc){ &k->src, k->rows[i].line, 1 },
				     "mutant %s is not in the checked logs; its row "
				     "is ignored", k->rows[i].id);
	if (extra > 5)
		fprintf(diag_out ? diag_out : stderr, "%s: warning: %ld more rows "
			"name mutants that are not in the checked logs\n",
			k->src.name, extra - 5);
}

void kills_score(const struct check_kills *k, struct kills_score *s)
{
	s->total = k->total;
	memcpy(s->n, k->n, sizeof(s->n));
	s->killed = k->n[KS_FAIL] + k->n[KS_TIME] + k->n[KS_EXC];
	s->equiv_live = k->equiv_live;
}

static double pct(long a, long b)
{
	return b > 0 ? 100.0 * (double)a / (double)b : 0;
}

void kills_summary_text(const struct check_kills *k, struct strbuf *sb)
{
	struct kills_score s;
	kills_score(k, &s);
	sb_printf(sb, "tests (%s): %ld mutants: %ld killed (FAIL %ld, "
		  "TIME %ld, EXC %ld), %ld live, %ld not covered (UNCOV), %ld "
		  "not in the kill file\n", k->label, s.total, s.killed,
		  s.n[KS_FAIL], s.n[KS_TIME], s.n[KS_EXC], s.n[KS_LIVE],
		  s.n[KS_UNCOV], s.n[KS_NONE]);
	sb_printf(sb, "  mutation score: killed / total = %ld/%ld = %.1f%%\n",
		  s.killed, s.total, pct(s.killed, s.total));
	sb_printf(sb, "  corrected score: killed / (total - live proven "
		  "equivalent) = %ld/(%ld - %ld) = %.1f%%\n", s.killed, s.total,
		  s.equiv_live, pct(s.killed, s.total - s.equiv_live));
	sb_printf(sb, "  live and proven equivalent (drop them from the "
		  "score): %ld\n%s", s.equiv_live, k->t_equiv.buf ? k->t_equiv.buf : "");
	sb_printf(sb, "  live with a killing input (a test to write): %ld\n%s",
		  k->nwrite, k->t_write.buf ? k->t_write.buf : "");
	sb_printf(sb, "  proven claims the test results contradict: %ld\n%s",
		  k->ncontra, k->t_contra.buf ? k->t_contra.buf : "");
	if (k->ncontra)
		sb_puts(sb, "  a contradicted proven claim is a bug, or (subsumption) "
			"a weak- versus strong-mutation case: verdicts are about "
			"the enclosing expression's value, tests see only what "
			"reaches their assertions\n");
}

void kills_summary_json(const struct check_kills *k, struct strbuf *sb)
{
	struct kills_score s;
	kills_score(k, &s);
	sb_puts(sb, ", \"tests\": {\"file\": ");
	sb_json_str(sb, k->src.name);
	sb_printf(sb, ", \"mutants\": %ld, \"killed\": %ld, \"status\": {",
		  s.total, s.killed);
	for (int i = 0; i < KS_COUNT; i++)
		sb_printf(sb, "%s\"%s\": %ld", i ? ", " : "", kill_status_name(i),
			  s.n[i]);
	sb_printf(sb, "}, \"score\": %.4f, \"corrected_score\": %.4f, "
		  "\"corrected_formula\": \"killed / (total - live proven "
		  "equivalent)\", \"live_equivalent\": [%s], "
		  "\"tests_to_write\": [%s], \"contradicted\": [%s]}",
		  s.total ? (double)s.killed / (double)s.total : 0,
		  s.total - s.equiv_live > 0 ? (double)s.killed /
		  (double)(s.total - s.equiv_live) : 0,
		  k->j_equiv.buf ? k->j_equiv.buf : "",
		  k->j_write.buf ? k->j_write.buf : "",
		  k->j_contra.buf ? k->j_contra.buf : "");
}
