/*
 * pit.c - PIT's mutations.xml as input (check/pit.h).
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "base/ytree.h"
#include "check/pit.h"
#include "check/site.h"
#include "check/source.h"
#include "lang/javasrc.h"

/* --- a small XML reader for PIT's schema --------------------------- */

#define XML_MAX_DEPTH 16

struct xattr {
	const char *name, *val;
	size_t vb, ve;      /* the value's bytes in the file */
	struct loc loc;
};

struct xel {
	const char *name;
	struct loc loc;
	struct xattr *attrs;
	int nattrs;
	struct xel **kids;
	int nkids;
	const char *text;   /* its character data, decoded */
};

struct xr {
	struct arena *a;
	const struct source *src;
	const char *s;
	size_t n, i;
	int line, col;
	bool bad;
};

static struct loc xloc(const struct xr *x)
{
	return (struct loc){ x->src, x->line, x->col };
}

static void adv(struct xr *x)
{
	if (x->i >= x->n)
		return;
	if (x->s[x->i] == '\n')
		x->line++, x->col = 1;
	else if (((unsigned char)x->s[x->i] & 0xc0) != 0x80)
		x->col++;
	x->i++;
}

static int xerr(struct xr *x, const char *what)
{
	if (!x->bad)
		diag_error(xloc(x), "%s", what);
	x->bad = true;
	return -1;
}

static bool at(const struct xr *x, const char *lit)
{
	size_t l = strlen(lit);
	return x->n - x->i >= l && !memcmp(x->s + x->i, lit, l);
}

static void skip_blank(struct xr *x)
{
	while (x->i < x->n && isspace((unsigned char)x->s[x->i]))
		adv(x);
}

/* Skip up to and past lit; false at the end of the file. */
static bool skip_past(struct xr *x, const char *lit)
{
	while (x->i < x->n && !at(x, lit))
		adv(x);
	if (x->i >= x->n)
		return false;
	for (size_t k = strlen(lit); k; k--)
		adv(x);
	return true;
}

/* Comments, processing instructions, a DOCTYPE and blanks. */
static int skip_misc(struct xr *x)
{
	for (;;) {
		skip_blank(x);
		if (at(x, "<!--")) {
			if (!skip_past(x, "-->"))
				return xerr(x, "a comment not closed by -->");
		} else if (at(x, "<?")) {
			if (!skip_past(x, "?>"))
				return xerr(x, "a processing instruction not closed by ?>");
		} else if (at(x, "<!DOCTYPE")) {
			if (!skip_past(x, ">"))
				return xerr(x, "a DOCTYPE not closed by >");
		} else {
			return 0;
		}
	}
}

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.' ||
	       c == ':' || (unsigned char)c >= 0x80;
}

static const char *xname(struct xr *x)
{
	size_t b = x->i;
	while (x->i < x->n && name_char(x->s[x->i]))
		adv(x);
	if (x->i == b) {
		xerr(x, "a name expected here");
		return NULL;
	}
	return arena_strndup(x->a, x->s + b, x->i - b);
}

static void put_utf8(struct strbuf *sb, unsigned long u)
{
	if (u < 0x80) {
		sb_putc(sb, (char)u);
	} else if (u < 0x800) {
		sb_putc(sb, (char)(0xc0 | (u >> 6)));
		sb_putc(sb, (char)(0x80 | (u & 0x3f)));
	} else if (u < 0x10000) {
		sb_putc(sb, (char)(0xe0 | (u >> 12)));
		sb_putc(sb, (char)(0x80 | ((u >> 6) & 0x3f)));
		sb_putc(sb, (char)(0x80 | (u & 0x3f)));
	} else {
		sb_putc(sb, (char)(0xf0 | (u >> 18)));
		sb_putc(sb, (char)(0x80 | ((u >> 12) & 0x3f)));
		sb_putc(sb, (char)(0x80 | ((u >> 6) & 0x3f)));
		sb_putc(sb, (char)(0x80 | (u & 0x3f)));
	}
}

/* An entity or character reference at '&', decoded into sb. */
static int entity(struct xr *x, struct strbuf *sb)
{
	static const struct { const char *n; char c; } named[] = {
		{ "&lt;", '<' }, { "&gt;", '>' }, { "&amp;", '&' },
		{ "&quot;", '"' }, { "&apos;", '\'' },
	};
	for (size_t k = 0; k < ARRAY_SIZE(named); k++)
		if (at(x, named[k].n)) {
			sb_putc(sb, named[k].c);
			for (size_t l = strlen(named[k].n); l; l--)
				adv(x);
			return 0;
		}
	if (!at(x, "&#"))
		return xerr(x, "an unknown entity (XML's are &lt; &gt; &amp; "
			    "&quot; &apos; and &#N; &#xN;)");
	struct loc l0 = xloc(x);
	adv(x), adv(x);
	bool hex = x->i < x->n && x->s[x->i] == 'x';
	if (hex)
		adv(x);
	unsigned long u = 0;
	int digits = 0;
	while (x->i < x->n && (hex ? isxdigit((unsigned char)x->s[x->i])
			       : isdigit((unsigned char)x->s[x->i]))) {
		char c = x->s[x->i];
		int d = isdigit((unsigned char)c) ? c - '0'
			: tolower((unsigned char)c) - 'a' + 10;
		u = u * (hex ? 16 : 10) + (unsigned long)d;
		if (u > 0x10ffff)
			u = 0x110000;
		digits++;
		adv(x);
	}
	if (!digits || x->i >= x->n || x->s[x->i] != ';' || !u ||
	    u > 0x10ffff || (u >= 0xd800 && u <= 0xdfff)) {
		if (!x->bad)
			diag_error(l0, "a malformed character reference");
		x->bad = true;
		return -1;
	}
	adv(x);
	put_utf8(sb, u);
	return 0;
}

static int attributes(struct xr *x, struct xel *e)
{
	int cap = 0;
	for (;;) {
		skip_blank(x);
		if (x->i >= x->n)
			return xerr(x, "the file ends inside a start tag");
		if (x->s[x->i] == '>' || at(x, "/>"))
			return 0;
		struct xattr at_ = { .loc = xloc(x) };
		if (!(at_.name = xname(x)))
			return -1;
		skip_blank(x);
		if (x->i >= x->n || x->s[x->i] != '=')
			return xerr(x, "'=' expected after an attribute's name");
		adv(x);
		skip_blank(x);
		char q = x->i < x->n ? x->s[x->i] : 0;
		if (q != '"' && q != '\'')
			return xerr(x, "an attribute's value is quoted");
		adv(x);
		struct strbuf sb = STRBUF_INIT;
		at_.vb = x->i;
		while (x->i < x->n && x->s[x->i] != q) {
			if (x->s[x->i] == '<') {
				sb_release(&sb);
				return xerr(x, "'<' inside an attribute's value");
			}
			if (x->s[x->i] == '&') {
				if (entity(x, &sb) < 0) {
					sb_release(&sb);
					return -1;
				}
				continue;
			}
			sb_putc(&sb, x->s[x->i]);
			adv(x);
		}
		if (x->i >= x->n) {
			sb_release(&sb);
			return xerr(x, "the file ends inside an attribute's value");
		}
		at_.ve = x->i;
		adv(x);
		at_.val = arena_strdup(x->a, sb.buf ? sb.buf : "");
		sb_release(&sb);
		for (int k = 0; k < e->nattrs; k++)
			if (!strcmp(e->attrs[k].name, at_.name)) {
				if (!x->bad)
					diag_error(at_.loc, "attribute %s given twice",
						   at_.name);
				x->bad = true;
				return -1;
			}
		if (e->nattrs == cap) {
			struct xattr *v = ANEWN(x->a, struct xattr,
						(size_t)(cap = cap ? 2 * cap : 4));
			if (e->nattrs)
				memcpy(v, e->attrs, (size_t)e->nattrs * sizeof(*v));
			e->attrs = v;
		}
		e->attrs[e->nattrs++] = at_;
	}
}

/* The element at '<' (depth: its nesting). */
static struct xel *element(struct xr *x, int depth)
{
	if (depth > XML_MAX_DEPTH) {
		xerr(x, "elements nested too deep for PIT's mutations.xml");
		return NULL;
	}
	struct xel *e = ANEW(x->a, struct xel);
	e->loc = xloc(x);
	adv(x); /* '<' */
	if (!(e->name = xname(x)) || attributes(x, e) < 0)
		return NULL;
	if (at(x, "/>")) {
		adv(x), adv(x);
		e->text = "";
		return e;
	}
	adv(x); /* '>' */
	struct strbuf sb = STRBUF_INIT;
	int cap = 0;
	for (;;) {
		if (x->i >= x->n) {
			sb_release(&sb);
			diag_error(xloc(x), "the file ends inside <%s> (opened at "
				   "%d:%d)", e->name, e->loc.line, e->loc.col);
			x->bad = true;
			return NULL;
		}
		char c = x->s[x->i];
		if (c == '&') {
			if (entity(x, &sb) < 0)
				goto fail;
			continue;
		}
		if (c != '<') {
			sb_putc(&sb, c);
			adv(x);
			continue;
		}
		if (at(x, "<!--")) {
			if (!skip_past(x, "-->")) {
				xerr(x, "a comment not closed by -->");
				goto fail;
			}
			continue;
		}
		if (at(x, "<![CDATA[")) {
			for (int k = 0; k < 9; k++)
				adv(x);
			size_t b = x->i;
			if (!skip_past(x, "]]>")) {
				xerr(x, "a CDATA section not closed by ]]>");
				goto fail;
			}
			sb_add(&sb, x->s + b, x->i - 3 - b);
			continue;
		}
		if (at(x, "</")) {
			struct loc l = xloc(x);
			adv(x), adv(x);
			const char *nm = xname(x);
			if (!nm)
				goto fail;
			skip_blank(x);
			if (strcmp(nm, e->name) || x->i >= x->n || x->s[x->i] != '>') {
				if (!x->bad)
					diag_error(l, "</%s> closes <%s> (opened at "
						   "%d:%d)", nm, e->name,
						   e->loc.line, e->loc.col);
				x->bad = true;
				goto fail;
			}
			adv(x);
			break;
		}
		struct xel *k = element(x, depth + 1);
		if (!k)
			goto fail;
		if (e->nkids == cap) {
			struct xel **v = ANEWN(x->a, struct xel *,
					       (size_t)(cap = cap ? 2 * cap : 8));
			if (e->nkids)
				memcpy(v, e->kids, (size_t)e->nkids * sizeof(*v));
			e->kids = v;
		}
		e->kids[e->nkids++] = k;
	}
	e->text = arena_strdup(x->a, sb.buf ? sb.buf : "");
	sb_release(&sb);
	return e;
fail:
	sb_release(&sb);
	return NULL;
}

/* The whole document's root, or NULL (the error printed). */
static struct xel *xml_root(struct xr *x)
{
	if (at(x, "\xef\xbb\xbf"))
		x->i += 3;
	if (skip_misc(x) < 0)
		return NULL;
	if (x->i >= x->n || x->s[x->i] != '<') {
		xerr(x, "not XML: PIT's mutations.xml starts with <mutations>");
		return NULL;
	}
	struct xel *r = element(x, 0);
	if (!r || skip_misc(x) < 0)
		return NULL;
	if (x->i < x->n) {
		xerr(x, "text after the root element");
		return NULL;
	}
	return r;
}

/* --- the mutations -------------------------------------------------- */

struct pmut {
	struct loc loc;
	const char *file, *cls, *method, *desc, *mutator, *description;
	int line;
	long index;            /* PIT's first instruction index, or -1 */
	/* the mutants of the file with its class, method, line, mutator
	 * and description: how many, and its rank among them by index (-1:
	 * two share an index, or one has none) */
	int nsame, rank;
	struct pit_at at;
	size_t sb, se, db, de; /* status's and detected's value bytes */
	bool has_detected;
};

struct pdoc {
	const char *path;
	char *text;
	size_t len;
	struct source src;
	struct arena *a;
	int n;
	struct pmut *m;
	bool *equiv;
};

/* Every file read, for --format pit (the reader thread adds, a worker
 * notes under the driver's lock; the lock here for both). */
static pthread_mutex_t docs_mu = PTHREAD_MUTEX_INITIALIZER;
static struct pdoc **docs;
static size_t ndocs, capdocs;

static const char *const statuses[] = {
	"KILLED", "SURVIVED", "TIMED_OUT", "NON_VIABLE", "MEMORY_ERROR",
	"NOT_STARTED", "STARTED", "RUN_ERROR", "NO_COVERAGE", "EQUIVALENT",
};

bool check_is_pit(const char *path)
{
	return check_sniff(path, ".xml", '<');
}

static const struct xattr *attr(const struct xel *e, const char *name)
{
	for (int k = 0; k < e->nattrs; k++)
		if (!strcmp(e->attrs[k].name, name))
			return &e->attrs[k];
	return NULL;
}

static const struct xel *kid(const struct xel *e, const char *name)
{
	for (int k = 0; k < e->nkids; k++)
		if (!strcmp(e->kids[k]->name, name))
			return e->kids[k];
	return NULL;
}

/* Mutation e into m; 0, or -1 with the errors printed. */
static int take_mutation(const struct xel *e, struct pmut *m)
{
	int errs = 0;
	m->loc = e->loc;
	static const char *const need[] = { "sourceFile", "mutatedClass",
		"mutatedMethod", "lineNumber", "mutator", "description" };
	const char *v[ARRAY_SIZE(need)];
	for (size_t k = 0; k < ARRAY_SIZE(need); k++) {
		const struct xel *c = kid(e, need[k]);
		v[k] = c ? c->text : NULL;
		if (!c)
			errs += diag_error(e->loc, "<mutation> without <%s>",
					   need[k]) < 0;
	}
	const struct xattr *st = attr(e, "status"), *dt = attr(e, "detected");
	if (!st)
		errs += diag_error(e->loc, "<mutation> without its status "
				   "attribute") < 0;
	if (errs)
		return -1;
	m->file = v[0];
	m->cls = v[1];
	m->method = v[2];
	m->mutator = v[4];
	m->description = v[5];
	const struct xel *md = kid(e, "methodDescription");
	m->desc = md ? md->text : "";
	const struct xel *ix = kid(e, "indexes");
	ix = ix ? kid(ix, "index") : kid(e, "index");
	m->index = -1;
	if (ix) {
		char *ie;
		errno = 0;
		long v = strtol(ix->text, &ie, 10);
		if (ie != ix->text && !*ie && !errno && v >= 0 &&
		    isdigit((unsigned char)ix->text[0]))
			m->index = v;
	}
	const struct xel *ln = kid(e, "lineNumber");
	char *end;
	errno = 0;
	long line = strtol(ln->text, &end, 10);
	if (end == ln->text || *end || errno || line < -1 || line > 100000000 ||
	    !(isdigit((unsigned char)ln->text[0]) || ln->text[0] == '-'))
		return diag_error(ln->loc, "lineNumber \"%s\": a whole number "
				  "(from 1; 0 and -1: none)", ln->text);
	m->line = (int)line;
	size_t s;
	for (s = 0; s < ARRAY_SIZE(statuses); s++)
		if (!strcmp(st->val, statuses[s]))
			break;
	if (s == ARRAY_SIZE(statuses))
		return diag_error(st->loc, "unknown status \"%s\" (PIT's are "
				  "KILLED, SURVIVED, TIMED_OUT, NON_VIABLE, "
				  "MEMORY_ERROR, NOT_STARTED, STARTED, RUN_ERROR, "
				  "NO_COVERAGE and EQUIVALENT)", st->val);
	if (dt && strcmp(dt->val, "true") && strcmp(dt->val, "false"))
		return diag_error(dt->loc, "detected=\"%s\": true or false",
				  dt->val);
	m->at.status = st->val;
	m->at.detected = dt && !strcmp(dt->val, "true");
	m->at.description = m->description;
	m->sb = st->vb;
	m->se = st->ve;
	if (dt) {
		m->has_detected = true;
		m->db = dt->vb;
		m->de = dt->ve;
	}
	return 0;
}

/* The order of mutants by class, method, line, mutator, description
 * and index. */
static int same_order(const void *x, const void *y)
{
	const struct pmut *a = *(const struct pmut *const *)x,
			  *b = *(const struct pmut *const *)y;
	int c;
	if ((c = strcmp(a->cls, b->cls)) || (c = strcmp(a->method, b->method)) ||
	    (c = strcmp(a->desc, b->desc)) ||
	    (c = (a->line > b->line) - (a->line < b->line)) ||
	    (c = strcmp(a->mutator, b->mutator)) ||
	    (c = strcmp(a->description, b->description)))
		return c;
	return (a->index > b->index) - (a->index < b->index);
}

static bool same_place(const struct pmut *a, const struct pmut *b)
{
	return !strcmp(a->cls, b->cls) && !strcmp(a->method, b->method) &&
	       !strcmp(a->desc, b->desc) && a->line == b->line &&
	       !strcmp(a->mutator, b->mutator) &&
	       !strcmp(a->description, b->description);
}

/* Each mutant's nsame and rank. */
static void rank_mutants(struct pdoc *d)
{
	struct pmut **v = xmalloc(((size_t)d->n + 1) * sizeof(*v));
	for (int i = 0; i < d->n; i++)
		v[i] = &d->m[i];
	qsort(v, (size_t)d->n, sizeof(*v), same_order);
	for (int i = 0, j; i < d->n; i = j) {
		bool ok = true;
		for (j = i + 1; j < d->n && same_place(v[i], v[j]); j++)
			ok &= v[j]->index >= 0 && v[j]->index != v[j - 1]->index;
		ok &= v[i]->index >= 0;
		for (int k = i; k < j; k++) {
			v[k]->nsame = j - i;
			v[k]->rank = ok ? k - i : -1;
		}
	}
	free(v);
}

/* Load path; NULL (errors printed; *io when it cannot be read). */
static struct pdoc *load(const char *path, bool *io)
{
	size_t len;
	char *text = read_file(path, &len);
	*io = false;
	if (!text) {
		error("cannot read %s: %s", path, strerror(errno));
		*io = true;
		return NULL;
	}
	struct pdoc *d = xcalloc(1, sizeof(*d));
	d->a = arena_new();
	d->path = arena_strdup(d->a, path);
	d->text = text;
	d->len = len;
	d->src = (struct source){ .name = d->path, .text = text, .len = len };
	struct xr x = { .a = d->a, .src = &d->src, .s = text, .n = len,
			.line = 1, .col = 1 };
	struct xel *root = memchr(text, 0, len)
		? (xerr(&x, "a NUL byte: not PIT's mutations.xml"), NULL)
		: xml_root(&x);
	int errs = root ? 0 : 1;
	if (root && strcmp(root->name, "mutations")) {
		diag_error(root->loc, "<%s>: not PIT's mutations.xml (its root "
			   "is <mutations>)", root->name);
		errs++;
	}
	if (!errs) {
		d->m = ANEWN(d->a, struct pmut, (size_t)root->nkids + 1);
		for (int k = 0; k < root->nkids; k++) {
			const struct xel *e = root->kids[k];
			if (strcmp(e->name, "mutation")) {
				diag_error(e->loc, "<%s> inside <mutations>: PIT "
					   "writes <mutation> elements only",
					   e->name);
				errs++;
				continue;
			}
			struct pmut *m = &d->m[d->n];
			memset(m, 0, sizeof(*m));
			if (take_mutation(e, m) < 0) {
				errs++;
				continue;
			}
			m->at.index = d->n++;
		}
	}
	if (errs) {
		arena_free(d->a);
		free(d->text);
		free(d);
		return NULL;
	}
	rank_mutants(d);
	d->equiv = ANEWN(d->a, bool, (size_t)d->n + 1);
	memset(d->equiv, 0, (size_t)d->n + 1);
	pthread_mutex_lock(&docs_mu);
	GROW(docs, ndocs + 1, capdocs);
	for (int k = 0; k < d->n; k++)
		d->m[k].at.doc = (int)ndocs;
	docs[ndocs++] = d;
	pthread_mutex_unlock(&docs_mu);
	return d;
}

/* --- the mutators' table -------------------------------------------- */

struct prow {
	const char *name, *desc, *match, *unsupported;
	int iinc;                      /* -1: either, 0: none, 1: only */
	int jump;                      /* -1: none, 0: never, 1: always */
	unsigned kinds;                /* 1 << enum jline_kind */
	const struct ynode *rewrite, *words, *values;
};

static struct arena *table_a;
static struct prow *rows;
static size_t nrows;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static const char *scalar(const struct ynode *m, const char *key)
{
	const struct ynode *v = m ? ymap_get(m, key) : NULL;
	return v && v->kind == Y_SCALAR ? v->str : NULL;
}

static void load_table(void)
{
	table_a = arena_new();
	struct source *src = ANEW(table_a, struct source);
	src->name = "configs/pit-mutators.yaml (built in)";
	src->text = pit_mutators_yaml;
	src->len = strlen(pit_mutators_yaml);
	struct ynode *root = ytree_load(table_a, src);
	const struct ynode *list = root ? ymap_get(root, "mutators") : NULL;
	if (!list || list->kind != Y_SEQ)
		BUG("configs/pit-mutators.yaml: no list of mutators");
	rows = ANEWN(table_a, struct prow, list->n + 1);
	for (size_t i = 0; i < list->n; i++) {
		const struct ynode *m = list->items[i];
		struct prow *r = &rows[nrows++];
		memset(r, 0, sizeof(*r));
		r->name = scalar(m, "mutator");
		r->desc = scalar(m, "description");
		r->match = scalar(m, "match");
		r->unsupported = scalar(m, "unsupported");
		const char *ii = scalar(m, "iinc");
		r->iinc = !ii ? -1 : !strcmp(ii, "true");
		const char *jp = scalar(m, "jump");
		r->jump = !jp ? -1 : !strcmp(jp, "always");
		if (jp && strcmp(jp, "always") && strcmp(jp, "never"))
			BUG("configs/pit-mutators.yaml: jump: %s", jp);
		r->rewrite = ymap_get(m, "rewrite");
		r->words = ymap_get(m, "words");
		r->values = ymap_get(m, "values");
		const struct ynode *nodes = ymap_get(m, "nodes");
		if (!r->name || !r->desc)
			BUG("configs/pit-mutators.yaml: row %zu without its "
			    "mutator or description", i + 1);
		for (size_t k = 0; nodes && k < nodes->n; k++) {
			int j = 0;
			while (j < JL_KINDS && strcmp(jline_kind_names[j],
						      nodes->items[k]->str))
				j++;
			if (j == JL_KINDS)
				BUG("configs/pit-mutators.yaml: node kind %s",
				    nodes->items[k]->str);
			r->kinds |= 1u << j;
		}
	}
}

/* The row of mutator (a class name, its package and all), or NULL. */
static const struct prow *row_of(const char *mutator)
{
	pthread_once(&table_once, load_table);
	const char *dot = strrchr(mutator, '.');
	const char *simple = dot ? dot + 1 : mutator;
	for (size_t i = 0; i < nrows; i++)
		if (!strcmp(rows[i].name, simple))
			return &rows[i];
	return NULL;
}

/* Does description d fit pattern p ({from}, {to}, {_} capture text up
 * to the literal text after them)?  The captures in *from, *to. */
static bool fits(struct arena *a, const char *p, const char *d,
		 const char **from, const char **to)
{
	*from = *to = NULL;
	while (*p) {
		if (*p != '{') {
			if (*p++ != *d++)
				return false;
			continue;
		}
		const char *close = strchr(p, '}');
		if (!close)
			return false;
		const char *lit = close + 1;
		size_t ll = strcspn(lit, "{");
		const char *e;
		if (!ll) {
			e = d + strlen(d);
		} else {
			char *need = arena_strndup(a, lit, ll);
			/* the last occurrence when the literal ends the
			 * pattern, else the first */
			e = strstr(d, need);
			if (e && !lit[ll])
				for (const char *q; (q = strstr(e + 1, need));)
					e = q;
		}
		if (!e || e == d)
			return false;
		char *cap = arena_strndup(a, d, (size_t)(e - d));
		if (!strncmp(p, "{from}", 6))
			*from = cap;
		else if (!strncmp(p, "{to}", 4))
			*to = cap;
		d = e;
		p = lit;
	}
	return !*d;
}

/* The operator the description's {from} names (words: its longest
 * ending), or NULL. */
static const char *word_op(const struct prow *r, const char *from)
{
	const char *best = NULL;
	size_t bl = 0, fl = strlen(from);
	for (size_t k = 0; r->words && k < r->words->n; k++) {
		const char *w = r->words->keys[k]->str;
		size_t wl = strlen(w);
		if (wl <= fl && wl > bl && !strcmp(from + fl - wl, w) &&
		    (wl == fl || from[fl - wl - 1] == ' ')) {
			best = r->words->items[k]->str;
			bl = wl;
		}
	}
	return best;
}

/* The rewrite key of node x. */
static const char *key_of(const struct jline_node *x)
{
	switch (x->kind) {
	case JL_CONDITION: return "condition";
	case JL_RETURN: return "return";
	case JL_CALL_STMT:
	case JL_CALL: return "call";
	case JL_NEW: return "new";
	case JL_LITERAL: return "literal";
	case JL_BOOLVAL: return "boolean-value";
	default: return x->op;
	}
}

/* Is node x a candidate of row r with the description's from? */
static bool selects(const struct prow *r, const struct jline_node *x,
		    const char *from, const char *wop)
{
	if (!(r->kinds & (1u << x->kind)) || !scalar(r->rewrite, key_of(x)))
		return false;
	bool iinc = x->iinc;
	if (x->string) /* javac's StringBuilder or invokedynamic: no iadd */
		return false;
	if (r->iinc == 1 && !iinc)
		return false;
	if (r->iinc == 0 && iinc)
		return false;
	if (r->words) {
		if (!wop)
			return false;
		if (x->kind == JL_UPDATE)
			return !strcmp(wop, x->op[0] == '+' || x->op[1] == '+'
				       ? "+" : "-");
		size_t l = strlen(wop);
		return !strncmp(x->op, wop, l) &&
		       (x->kind != JL_COMPOUND || !strcmp(x->op + l, "="));
	}
	if (!r->match || !from)
		return true;
	if (!strcmp(r->match, "increment")) { /* by 1, or by the literal */
		bool up = from[0] != '-';
		const char *by = from + !up;
		bool plus = x->kind == JL_UPDATE
			? (x->op[0] == '+' || x->op[1] == '+') : x->op[0] == '+';
		return up == plus && (x->kind == JL_UPDATE ? !strcmp(by, "1")
				      : x->r && !strcmp(x->r, by));
	}
	if (!strcmp(r->match, "call") || !strcmp(r->match, "new")) {
		const char *cc = strstr(from, "::");
		if (!cc)
			return false;
		if (!strcmp(r->match, "call"))
			return !strcmp(x->op, cc + 2);
		const char *b = cc;
		while (b > from && b[-1] != '/' && b[-1] != '$' && b[-1] != '.')
			b--;
		return strlen(x->op) == (size_t)(cc - b) &&
		       !strncmp(x->op, b, (size_t)(cc - b));
	}
	if (x->kind == JL_BOOLVAL) /* javac's 1 and 0 of a boolean value */
		return !strcmp(from, "1") || !strcmp(from, "0");
	return true; /* literal: lang/ chose them by value */
}

/* The mutant's text for node x: its rewrite with the parts filled. */
static const char *mutant_text(struct arena *a, const struct prow *r,
			       const struct jline_node *x, const char *to)
{
	const char *t = scalar(r->rewrite, key_of(x));
	const char *tv = to ? to : "";
	if (r->jump >= 0 && (x->kind == JL_COMPARE || x->kind == JL_CONDITION)) {
		/* the value at which the jump is (always) or is not (never)
		 * taken: not the rewrite's for the left operand of ||, or a
		 * condition under a ! */
		if (x->jump < 0)
			return NULL;
		bool v = r->jump ? x->jump : !x->jump;
		/* PIT pops the operands it evaluated: a node with a call, a
		 * dereference, an array access or a division (an effect, an
		 * exception) is still evaluated, then the value taken */
		if (strpbrk(x->text, "(.[/%"))
			return arena_printf(a, "((%s) %s)", x->text,
					    v ? "|| true" : "&& false");
		return v ? "true" : "false";
	}
	const char *mapped = r->values ? scalar(r->values, tv) : NULL;
	if (mapped)
		tv = mapped;
	if (x->kind == JL_BOOLVAL && to) /* cond ? 1 : 0 made cond ? 0 : 0 */
		tv = strcmp(to, "0") ? "true" : "false";
	if (x->kind == JL_LITERAL && to) { /* PIT prints the JVM's constant */
		if (!strcmp(x->op, "boolean"))
			tv = !strcmp(to, "0") ? "false" : "true";
		else if (!strcmp(x->op, "long"))
			tv = arena_printf(a, "%sL", to);
		else if (!strcmp(x->op, "float"))
			tv = arena_printf(a, "%sf", to);
		else if (!strcmp(x->op, "char"))
			tv = arena_printf(a, "(char) %s", to);
	}
	if (strstr(t, "{default}")) { /* the call's type's default value */
		static const char *const zero[] = { "int", "long", "short", "byte",
			"char", "float", "double" };
		const char *ty = x->type;
		if (!ty)
			return NULL;
		const char *dv = "null";
		for (size_t k = 0; k < ARRAY_SIZE(zero); k++)
			if (!strcmp(ty, zero[k]))
				dv = "0";
		if (!strcmp(ty, "boolean"))
			dv = "false";
		if (!strcmp(ty, "void"))
			return NULL;
		t = dv;
	}
	struct strbuf sb = STRBUF_INIT;
	for (const char *p = t; *p; p++) {
		if (!strncmp(p, "{l}", 3)) {
			sb_puts(&sb, x->l ? x->l : "");
			p += 2;
		} else if (!strncmp(p, "{r}", 3)) {
			sb_puts(&sb, x->r ? x->r : "");
			p += 2;
		} else if (!strncmp(p, "{e}", 3)) {
			sb_puts(&sb, x->text);
			p += 2;
		} else if (!strncmp(p, "{to}", 4)) {
			sb_puts(&sb, tv);
			p += 3;
		} else {
			sb_putc(&sb, *p);
		}
	}
	char *s = arena_strdup(a, sb.buf ? sb.buf : "");
	sb_release(&sb);
	return s;
}

/* --- groups --------------------------------------------------------- */

static const char *short_name(const char *mutator)
{
	const char *dot = strrchr(mutator, '.');
	return dot ? dot + 1 : mutator;
}

/* The candidates of a decided group made one PIT mutant: ambiguous
 * when its place is unsure (g->unsure), unless unsupported. */
static void finish(struct cgroup *g)
{
	if (g->unsure) {
		bool any = false;
		for (int i = 0; i < g->nmutants; i++)
			any |= g->mutants[i].v != CV_UNSUPPORTED;
		if (any && g->nmutants == 1) {
			struct cmutant *c = &g->mutants[0];
			c->detail = arena_printf(g->a, "%s; its one place's verdict: "
				"%s%s%s%s%s", g->unsure, cverdict_name(c->v),
				c->by ? " " : "", c->by ? c->by : "",
				c->detail ? ": " : "", c->detail ? c->detail : "");
			c->v = CV_AMBIGUOUS;
			c->by = NULL;
			return;
		}
	}
	if (g->nmutants == 1 && g->mutants[0].pit && g->mutants[0].pit->order)
		g->mutants[0].detail = arena_printf(g->a, "%s [%s]",
			g->mutants[0].detail ? g->mutants[0].detail : "",
			g->mutants[0].pit->order);
	if (g->nmutants < 2)
		return;
	struct cmutant *c = &g->mutants[0];
	bool all = true;
	for (int i = 0; i < g->nmutants; i++)
		all &= g->mutants[i].v == CV_EQUIVALENT;
	struct strbuf d = STRBUF_INIT, o = STRBUF_INIT, t = STRBUF_INIT;
	if (g->unsure)
		sb_printf(&d, "%s; ", g->unsure);
	sb_printf(&d, "%s%d candidate places on its line: ", all ? "every one "
		  "of its " : "", g->nmutants);
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		const char *mo = m->orig ? m->orig : g->sites[m->site].orig;
		sb_printf(&d, "%s[%s] column %d `%s` |==> `%s`: %s%s%s: %s",
			  i ? "; " : "", m->id, m->col, mo,
			  *m->text ? m->text : "<NO-OP>", cverdict_name(m->v),
			  m->by ? " " : "", m->by ? m->by : "",
			  m->detail ? m->detail : "");
		sb_printf(&o, "%s%s", i ? " | " : "", mo);
		sb_printf(&t, "%s%s", i ? " | " : "", *m->text ? m->text : "<NO-OP>");
	}
	c->v = all && !g->unsure ? CV_EQUIVALENT : CV_AMBIGUOUS;
	c->id = arena_strndup(g->a, c->id, (size_t)(strrchr(c->id, '.') - c->id));
	c->by = NULL;
	c->detail = arena_strdup(g->a, d.buf);
	c->orig = arena_strdup(g->a, o.buf);
	c->text = arena_strdup(g->a, t.buf);
	c->col = 0;
	g->nmutants = 1;
	sb_release(&d);
	sb_release(&o);
	sb_release(&t);
}
struct cgroup *check_pit_group(const char *file, int lineno, int n)
{
	struct arena *a = arena_new();
	struct cgroup *g = ANEW(a, struct cgroup);
	g->a = a;
	g->file = file;
	g->lineno = lineno;
	g->nmutants = n;
	g->mutants = ANEWN(a, struct cmutant, (size_t)(n ? n : 1));
	g->sites = ANEWN(a, struct csite, (size_t)(n ? n : 1));
	g->nwritten = 1;
	return g;
}


/* A group of n mutants of m of d, each's identity filled. */
static struct cgroup *new_group(const struct pdoc *d, const struct pmut *m,
				int n)
{
	struct cgroup *g = check_pit_group(d->path, m->loc.line, n);
	struct arena *a = g->a;
	g->where = arena_printf(a, "%s@%s:%d", m->cls, m->method, m->line);
	for (int i = 0; i < n; i++) {
		struct cmutant *c = &g->mutants[i];
		c->id = n > 1 ? arena_printf(a, "%d.%d", m->at.index + 1, i + 1)
			      : arena_printf(a, "%d", m->at.index + 1);
		c->op = short_name(m->mutator);
		c->from = c->op;
		c->lineno = m->loc.line;
		c->pit = &m->at;
		c->text = "";
	}
	return g;
}

/* A group (of p's one mutant) that is unsupported (why). */
static struct cgroup *unsupported(const struct pit_mutant *p, const char *why)
{
	struct cgroup *g = p->group(p->ctx, 1);
	struct cmutant *c = &g->mutants[0];
	struct mplace mp = { .key = "U", .base = "", .orig = "", .offset = -1 };
	g->finish = finish;
	c->orig = arena_printf(g->a, "line %d", p->line);
	c->text = "";
	c->level = CL_FALLBACK;
	check_cut_sites(g, &mp);
	site_unsupported(g, c, arena_printf(g->a, "PIT's \"%s\" (%s): %s",
					    p->description, short_name(p->mutator),
					    why));
	return g;
}

/* See pit.h. */
struct cgroup *check_pit_place(const struct pit_mutant *p, const char **order)
{
	*order = NULL;
	struct arena *t = arena_new(); /* the line's nodes, the reasons */
	struct cgroup *g = NULL;
	const struct prow *r = row_of(p->mutator);
	const char *from, *to;
	if (!r) {
		g = unsupported(p, arena_printf(t, "mutator %s is not in "
			"configs/pit-mutators.yaml (a newer PIT?)", p->mutator));
		goto out;
	}
	if (r->unsupported) {
		g = unsupported(p, r->unsupported);
		goto out;
	}
	if (!fits(t, r->desc, p->description, &from, &to)) {
		g = unsupported(p, arena_printf(t, "the description is not "
			"what configs/pit-mutators.yaml gives for %s: \"%s\"",
			r->name, r->desc));
		goto out;
	}
	if (p->nosource) {
		g = unsupported(p, p->nosource);
		goto out;
	}
	if (p->line < 1) {
		g = unsupported(p, "no line number: code the compiler generated");
		goto out;
	}
	const char *path = NULL, *why = NULL;
	struct jsrc *f = p->source(p->ctx, &path, &why);
	if (!f) {
		g = unsupported(p, why);
		goto out;
	}
	if (text_line_offset(jsrc_source(f)->text, p->line) < 0) {
		g = unsupported(p, arena_printf(t, "line %d is past the end "
			"of %s", p->line, path));
		goto out;
	}
	const char *wop = r->words && from ? word_op(r, from) : NULL;
	struct jline_node *x;
	int nx = jsrc_line_nodes(f, t, p->line, p->method,
				 r->match && !strcmp(r->match, "literal")
				 ? from : NULL, &x);
	int *pick = ANEWN(t, int, (size_t)nx + 1), n = 0;
	/* a mutant that is the original is no candidate: PIT does not make
	 * it (its filter of equivalent return mutations) */
	for (int k = 0; k < nx; k++) {
		if (!selects(r, &x[k], from, wop))
			continue;
		const char *mt = mutant_text(t, r, &x[k], to);
		if (!mt || strcmp(mt, x[k].text))
			pick[n++] = k;
	}
	if (!n) {
		g = unsupported(p, arena_printf(t, "no place on line %d of "
			"%s in %s that %s acts on: code the compiler generated, "
			"or a stale source?", p->line, path,
			p->method ? p->method : "its code", r->name));
		goto out;
	}
	/* As many mutants of this mutator and description on the line as
	 * candidates: PIT numbers its mutants in instruction order, which
	 * is the order of the nodes' ends (operands before operators, left
	 * to right), unless javac moved one (a for update) */
	/* more jumps of this mutator on the line than places in the
	 * source: javac's own (an enhanced for's hasNext(), a
	 * try-with-resources' null check, an assert's
	 * $assertionsDisabled) are among them, and none of the places is
	 * known to be this mutant's */
	const char *unsure = r->jump >= 0 && p->nsame > n
		? arena_printf(t, "PIT made %d of these mutants on line %d, "
			"whose source has %d place%s for them (javac compiles "
			"jumps of its own: an enhanced for's hasNext(), a "
			"try-with-resources' null check, an assert's "
			"$assertionsDisabled): which one this is is not known",
			p->nsame, p->line, n, n == 1 ? "" : "s")
		: NULL;
	bool late = false;
	for (int i = 0; i < n; i++)
		late |= x[pick[i]].late;
	if (n > 1 && p->nsame == n && p->rank >= 0 && !late) {
		for (int i = 1; i < n; i++) /* by end, then start: few */
			for (int j = i; j > 0 && (x[pick[j]].end < x[pick[j - 1]].end ||
			     (x[pick[j]].end == x[pick[j - 1]].end &&
			      x[pick[j]].start > x[pick[j - 1]].start)); j--) {
				int tmp = pick[j];
				pick[j] = pick[j - 1];
				pick[j - 1] = tmp;
			}
		pick[0] = pick[p->rank];
		*order = arena_printf(t, "placed by PIT's instruction order: "
			"place %d of the %d on its line (index %ld)", p->rank + 1,
			n, p->index);
		n = 1;
	}
	g = p->group(p->ctx, n);
	g->finish = finish;
	g->srcpath = arena_strdup(g->a, path);
	if (unsure)
		g->unsure = arena_strdup(g->a, unsure);
	if (*order)
		*order = arena_strdup(g->a, *order);
	struct mplace *mp = xcalloc((size_t)n, sizeof(*mp));
	for (int i = 0; i < n; i++) {
		const struct jline_node *nx_ = &x[pick[i]];
		struct cmutant *c = &g->mutants[i];
		struct mplace *pl = &mp[i];
		const char *base = nx_->text;
		const char *mt = mutant_text(g->a, r, nx_, to);
		c->text = mt ? mt : r->jump >= 0
			? scalar(r->rewrite, key_of(nx_)) : "<default value>";
		c->orig = arena_strdup(g->a, base);
		c->col = nx_->col;
		pl->offset = -1;
		pl->base = pl->orig = c->orig;
		pl->key = arena_printf(g->a, "P%d", i);
		const char *w = mt ? NULL : r->jump >= 0
			? "the value at which javac's jump for it is taken is not "
			  "known (an assert's condition, tested after a jump of "
			  "its own)"
			: "the call's type, whose default value "
			"replaces it, is not known (a method of another class, "
			"or overloaded)";
		if (w || !check_place_exact(g, pl, i, f, nx_->line, nx_->start,
				       p->method_level, &w) ||
		    (!pl->stmt && !*c->text && (w = "an empty replacement of an "
						"expression"))) {
			c->level = CL_FALLBACK;
			c->mo = c->mm = NULL;
			site_unsupported(g, c, arena_printf(g->a, "%s:%d:%d `%s`: %s",
				path, nx_->line, nx_->col, base, w));
		} else if (!strcmp(base, "null") && *c->text &&
			   strcmp(c->text, "null")) {
			/* a null return made a value (boxed by javac: `return
			 * 0;` of an Integer method is Integer.valueOf(0)): the
			 * site model's null is a reference 0, the same as the
			 * literal 0, so it is decided here */
			c->v = CV_KILLABLE;
			c->level = CL_EXPRESSION;
			c->mo = c->mm = NULL;
			c->detail = arena_printf(g->a, "killed by any input that "
				"reaches it: the original is null, the mutant `%s` "
				"a non-null value", c->text);
		}
		c->col = nx_->col;
	}
	check_cut_sites(g, mp);
	free(mp);
out:
	arena_free(t);
	return g;
}

/* check_pit_place()'s callbacks for mutant m of d */
struct pit_read {
	const struct check_input *in;
	struct pdoc *d;
	struct pmut *m;
};

static struct cgroup *read_group(void *ctx, int n)
{
	struct pit_read *R = ctx;
	return new_group(R->d, R->m, n);
}

static struct jsrc *read_source(void *ctx, const char **path,
				const char **why)
{
	struct pit_read *R = ctx;
	return check_sources_class(R->in->src, R->m->cls, path, why);
}

static void read_mutation(const struct check_input *in, struct pdoc *d,
			  struct pmut *m, cgroup_fn emit, void *ctx,
			  long *seq)
{
	struct pit_read R = { in, d, m };
	struct pit_mutant p = {
		.mutator = m->mutator, .description = m->description,
		.method = m->method, .line = m->line, .index = m->index,
		.nsame = m->nsame, .rank = m->rank, .method_level = in->method,
		.nosource = in->src ? NULL : "PIT's mutants are placed in "
			"their source: give --source",
		.source = read_source, .group = read_group, .ctx = &R,
	};
	const char *order;
	struct cgroup *g = check_pit_place(&p, &order);
	if (order) /* the doc's arena: read by finish() */
		m->at.order = arena_strdup(d->a, order);
	g->seq = (*seq)++;
	emit(ctx, g);
}

long check_read_pit(const struct check_input *in, cgroup_fn emit, void *ctx,
		    long *seq)
{
	bool io;
	struct pdoc *d = load(in->path, &io);
	if (!d)
		return io ? -1 : 1;
	for (int k = 0; k < d->n; k++)
		read_mutation(in, d, &d->m[k], emit, ctx, seq);
	return 0;
}

/* --- --format pit --------------------------------------------------- */

void check_pit_note(const struct cmutant *m)
{
	if (!m->pit || m->v != CV_EQUIVALENT)
		return;
	pthread_mutex_lock(&docs_mu);
	if ((size_t)m->pit->doc < ndocs)
		docs[m->pit->doc]->equiv[m->pit->index] = true;
	pthread_mutex_unlock(&docs_mu);
}

int check_pit_write(FILE *out)
{
	for (size_t k = 0; k < ndocs; k++) {
		const struct pdoc *d = docs[k];
		size_t pos = 0;
		for (int i = 0; i < d->n; i++) {
			const struct pmut *m = &d->m[i];
			if (!d->equiv[i])
				continue;
			/* the two attributes in file order */
			size_t b1 = m->sb, e1 = m->se;
			const char *v1 = "EQUIVALENT", *v2 = "true";
			size_t b2 = m->db, e2 = m->de;
			bool two = m->has_detected;
			if (two && b2 < b1) {
				size_t tb = b1, te = e1;
				b1 = b2, e1 = e2, b2 = tb, e2 = te;
				v1 = "true", v2 = "EQUIVALENT";
			}
			fwrite(d->text + pos, 1, b1 - pos, out);
			fputs(v1, out);
			pos = e1;
			if (two) {
				fwrite(d->text + pos, 1, b2 - pos, out);
				fputs(v2, out);
				pos = e2;
			}
		}
		fwrite(d->text + pos, 1, d->len - pos, out);
	}
	return ferror(out) ? -1 : 0;
}

void check_pit_release(void)
{
	for (size_t k = 0; k < ndocs; k++) {
		arena_free(docs[k]->a);
		free(docs[k]->text);
		free(docs[k]);
	}
	free(docs);
	docs = NULL;
	ndocs = capdocs = 0;
}
