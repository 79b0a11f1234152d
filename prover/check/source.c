/*
 * source.c - Major mutants at their exact place: occurrences by log
 * order, and, with --source, the enclosing expression from the
 * program's source (check/source.h; the Java front end is
 * lang/javasrc.h).
 */
#include "check/source.h"

#include <dirent.h>
#include <string.h>

#include "check/method.h"
#include "lang/javasrc.h"

/* Occurrences of one text on one line described at first (a line
 * with more is searched again). */
#define MAX_OCC 16

/* Same operator and text: the same mutation, so another occurrence. */
static bool same_mutation(const struct cmutant *x, const struct cmutant *y)
{
	return !strcmp(x->op, y->op) && !strcmp(x->text, y->text);
}

/* The mutants of one logged original (members[0..n), in log order) into
 * blocks; true when every block holds the same mutations in the same
 * order (then block k is occurrence k). */
static bool blocks_of(const struct cgroup *g, const int *members, int n,
		      int *block, int *nblocks)
{
	int b = 0, start = 0;
	for (int i = 0; i < n; i++) {
		for (int j = start; j < i; j++)
			if (same_mutation(&g->mutants[members[j]],
					  &g->mutants[members[i]])) {
				b++;
				start = i;
				break;
			}
		block[i] = b;
	}
	*nblocks = b + 1;
	/* every block as long as the first, mutation by mutation */
	int len = 0;
	while (len < n && block[len] == 0)
		len++;
	if (n % len)
		return false;
	for (int i = len; i < n; i++)
		if (!same_mutation(&g->mutants[members[i]],
				   &g->mutants[members[i % len]]))
			return false;
	return true;
}

void check_split_occurrences(struct cgroup *g, struct mplace *mp)
{
	int n = g->nmutants;
	bool *done = ANEWN(g->a, bool, (size_t)n);
	int *members = ANEWN(g->a, int, (size_t)n);
	int *block = ANEWN(g->a, int, (size_t)n);
	for (int i = 0; i < n; i++) {
		if (done[i])
			continue;
		int k = 0;
		for (int j = i; j < n; j++)
			if (!done[j] && !strcmp(mp[j].key, mp[i].key)) {
				members[k++] = j;
				done[j] = true;
			}
		int nb;
		bool same = blocks_of(g, members, k, block, &nb);
		for (int q = 0; q < k; q++) {
			struct mplace *p = &mp[members[q]];
			p->nblocks = nb;
			p->block = same ? block[q] : -1;
			if (nb == 1)
				continue;
			/* Several occurrences: a site each, or a mutant each
			 * when the log does not tell them apart. */
			p->key = same ? arena_printf(g->a, "%s\037#%d", p->key, block[q])
				      : arena_printf(g->a, "%s\037m%d", p->key,
						     members[q]);
		}
	}
}

/* --- the source files ----------------------------------------------- */

struct sfile {
	char *path;
	struct jsrc *f;   /* NULL: unreadable, or closed (evicted) */
	bool bad;         /* a syntax error: not used */
	bool evicted;     /* parsed fine, closed to bound memory */
	unsigned long used; /* when last asked for (LRU) */
};

/* At most this many parsed files are kept; the least recently used one
 * is closed (and parsed again if asked for again), so memory does not
 * grow with the number of files a long log visits.  Nothing placed in a
 * group points into a parsed file (jsrc_find() copies into the group's
 * arena), so closing one is safe once check_sources_place() returns. */
#define OPEN_MAX 128

struct sclass {
	char *name;       /* "a.b.C", "a.b.C$D" (a binary name) */
	struct sfile *file; /* NULL: not found */
	char *shown;      /* the top-level class's name, for messages */
};

struct check_sources {
	int nroots;
	char **roots;
	struct arena *a;  /* messages */
	struct sfile **files;
	size_t nfiles, capf;
	struct sclass *classes;
	size_t nclasses, capc;
	size_t last;      /* the class found last */
	bool method;      /* --method */
	struct morigs *origs; /* the originals, once a method (method.h) */
	char **warned;    /* keys of warnings given */
	size_t nwarned, capw;
	unsigned long clock; /* LRU stamps */
	size_t nopen;     /* files parsed and kept */
	int keep_open;    /* > 0: a site's constants are being read (files
			   * in use are not closed) */
	/* blocks of earlier groups of one line: Major walks a method once,
	 * so the groups of one class, method, line and original (when
	 * other lines' mutants come between) continue where the previous
	 * one stopped; when the last one brings the count to the number
	 * of occurrences, its blocks are the last occurrences (the earlier
	 * groups could not know it) */
	struct seen {
		char *key;    /* where \037 line \037 original */
		int blocks;   /* blocks so far; -1: not told apart */
	} *seen;          /* open addressing, [mask + 1] */
	size_t nseen, seenmask;
};

struct check_sources *check_sources_new(char *const *roots, int n)
{
	struct check_sources *s = xcalloc(1, sizeof(*s));
	s->nroots = n;
	s->roots = xcalloc((size_t)n + 1, sizeof(char *));
	for (int i = 0; i < n; i++)
		s->roots[i] = xstrdup(roots[i]);
	s->a = arena_new();
	s->origs = check_method_originals_new();
	return s;
}

void check_sources_set_method(struct check_sources *s, bool on)
{
	s->method = on;
}

void check_sources_free(struct check_sources *s)
{
	if (!s)
		return;
	check_method_originals_free(s->origs);
	for (int i = 0; i < s->nroots; i++)
		free(s->roots[i]);
	free(s->roots);
	for (size_t i = 0; i < s->nfiles; i++) {
		jsrc_free(s->files[i]->f);
		free(s->files[i]->path);
		free(s->files[i]);
	}
	free(s->files);
	for (size_t i = 0; i < s->nclasses; i++) {
		free(s->classes[i].name);
		free(s->classes[i].shown);
	}
	free(s->classes);
	for (size_t i = 0; i < s->nwarned; i++)
		free(s->warned[i]);
	free(s->warned);
	for (size_t i = 0; s->seen && i <= s->seenmask; i++)
		free(s->seen[i].key);
	free(s->seen);
	arena_free(s->a);
	free(s);
}

/* Warn once per key: true the first time. */
static bool first_time(struct check_sources *s, const char *key)
{
	for (size_t i = 0; i < s->nwarned; i++)
		if (!strcmp(s->warned[i], key))
			return false;
	GROW(s->warned, s->nwarned + 1, s->capw);
	s->warned[s->nwarned++] = xstrdup(key);
	return true;
}

static size_t key_hash(const char *k)
{
	size_t h = 2166136261u;
	for (; *k; k++)
		h = (h ^ (unsigned char)*k) * 16777619u;
	return h;
}

/* The entry of key in s->seen (added with 0 blocks). */
static struct seen *seen_at(struct check_sources *s, const char *key)
{
	if (2 * (s->nseen + 1) > s->seenmask) { /* grow: rehash */
		size_t mask = s->seen ? 2 * s->seenmask + 1 : 63;
		struct seen *t = xcalloc(mask + 1, sizeof(*t));
		for (size_t i = 0; s->seen && i <= s->seenmask; i++) {
			if (!s->seen[i].key)
				continue;
			size_t h = key_hash(s->seen[i].key) & mask;
			while (t[h].key)
				h = (h + 1) & mask;
			t[h] = s->seen[i];
		}
		free(s->seen);
		s->seen = t;
		s->seenmask = mask;
	}
	size_t h = key_hash(key) & s->seenmask;
	for (; s->seen[h].key; h = (h + 1) & s->seenmask)
		if (!strcmp(s->seen[h].key, key))
			return &s->seen[h];
	s->seen[h].key = xstrdup(key);
	s->seen[h].blocks = 0;
	s->nseen++;
	return &s->seen[h];
}

/* Close the least recently used parsed files while too many are open
 * (the files a site's constants opened are closed later). */
static void bound_open(struct check_sources *s, const struct sfile *keep)
{
	while (s->nopen > OPEN_MAX && !s->keep_open) {
		struct sfile *lru = NULL;
		for (size_t i = 0; i < s->nfiles; i++) {
			struct sfile *sf = s->files[i];
			if (sf != keep && sf->f && !sf->bad &&
			    (!lru || sf->used < lru->used))
				lru = sf;
		}
		if (!lru)
			return;
		jsrc_free(lru->f);
		lru->f = NULL;
		lru->evicted = true;
		s->nopen--;
	}
}

static struct jsrc *other_class(void *ctx, const char *cls);

/* sf, just used: parsed again if it was closed. */
static struct sfile *touch(struct check_sources *s, struct sfile *sf)
{
	sf->used = ++s->clock;
	if (sf->evicted) {
		const char *why = NULL;
		sf->f = jsrc_open(sf->path, s->a, &why);
		sf->evicted = false;
		if (!sf->f) /* gone meanwhile */
			sf->bad = true;
		else
			s->nopen++, jsrc_set_classes(sf->f, other_class, s);
		bound_open(s, sf);
	}
	return sf;
}

/* The parsed file at path (parsed once, again after being closed);
 * NULL if it does not exist. */
static struct sfile *file_at(struct check_sources *s, const char *path)
{
	for (size_t i = 0; i < s->nfiles; i++)
		if (!strcmp(s->files[i]->path, path))
			return touch(s, s->files[i]);
	FILE *probe = fopen(path, "r");
	if (!probe)
		return NULL;
	fclose(probe);
	struct sfile *sf = xcalloc(1, sizeof(*sf));
	sf->path = xstrdup(path);
	sf->used = ++s->clock;
	const char *why = NULL;
	sf->f = jsrc_open(path, s->a, &why);
	int line, col;
	if (!sf->f) {
		struct source src = { .name = path, .text = "", .len = 0 };
		diag_warning((struct loc){ .src = &src }, "%s; the mutants of its "
			     "classes are checked from the log only", why);
		sf->bad = true;
	} else if (jsrc_syntax_error(sf->f, &line, &col)) {
		diag_warning((struct loc){ jsrc_source(sf->f), line, col },
			     "syntax error: the file does not parse; the mutants "
			     "of its classes are checked from the log only");
		sf->bad = true;
	}
	if (sf->f)
		s->nopen++, jsrc_set_classes(sf->f, other_class, s);
	bound_open(s, sf);
	GROW(s->files, s->nfiles + 1, s->capf);
	s->files[s->nfiles++] = sf;
	return sf;
}

/* The file of top-level class cls ("a.b.C") under a root: a/b/C.java,
 * or a file in a/b/ that declares C. */
static struct sfile *find_class_file(struct check_sources *s, const char *cls)
{
	const char *dot = strrchr(cls, '.');
	const char *simple = dot ? dot + 1 : cls;
	struct strbuf dir = STRBUF_INIT;
	if (dot)
		for (const char *p = cls; p < dot; p++)
			sb_putc(&dir, *p == '.' ? '/' : *p);
	struct sfile *found = NULL;
	for (int r = 0; r < s->nroots && !found; r++) {
		char *d = arena_printf(s->a, "%s%s%s", s->roots[r],
				       dir.len ? "/" : "", dir.len ? dir.buf : "");
		found = file_at(s, arena_printf(s->a, "%s/%s.java", d, simple));
		DIR *dh = found ? NULL : opendir(d);
		struct dirent *e;
		while (dh && !found && (e = readdir(dh))) {
			size_t l = strlen(e->d_name);
			if (l < 6 || strcmp(e->d_name + l - 5, ".java"))
				continue;
			struct sfile *sf = file_at(s, arena_printf(s->a, "%s/%s", d,
								   e->d_name));
			if (sf && sf->f && jsrc_declares(sf->f, simple))
				found = sf;
		}
		if (dh)
			closedir(dh);
	}
	sb_release(&dir);
	return found;
}

/* jsrc_class_fn: the file of top-level class cls at root/a/b/C.java,
 * for a site's constants (lang/javasrc-const.c); files stay open while
 * the site is described (keep_open). */
static struct jsrc *other_class(void *ctx, const char *cls)
{
	struct check_sources *s = ctx;
	const char *dot = strrchr(cls, '.');
	struct strbuf rel = STRBUF_INIT;
	for (const char *p = cls; *p; p++)
		sb_putc(&rel, *p == '.' ? '/' : *p);
	struct sfile *found = NULL;
	s->keep_open++;
	for (int r = 0; r < s->nroots && !found; r++) {
		struct sfile *sf = file_at(s, arena_printf(s->a, "%s/%s.java",
							    s->roots[r], rel.buf));
		if (sf && sf->f && !sf->bad && jsrc_declares(sf->f, dot ? dot + 1 : cls))
			found = sf;
	}
	s->keep_open--;
	sb_release(&rel);
	return found ? found->f : NULL;
}

/* Is class entry c the class named where[0..n)? */
static bool class_is(const struct sclass *c, const char *where, size_t n)
{
	return !strncmp(c->name, where, n) && !c->name[n];
}

/* The entry of class where[0..n), or NULL. */
static struct sclass *class_entry(struct check_sources *s, const char *where,
				  size_t n)
{
	if (s->last < s->nclasses && class_is(&s->classes[s->last], where, n))
		return &s->classes[s->last];
	for (size_t i = 0; i < s->nclasses; i++)
		if (class_is(&s->classes[i], where, n)) {
			s->last = i;
			return &s->classes[i];
		}
	return NULL;
}

static struct sclass *add_class(struct check_sources *s, const char *where,
				size_t n, struct sfile *f, const char *shown)
{
	char *name = xmalloc(n + 1);
	memcpy(name, where, n);
	name[n] = 0;
	GROW(s->classes, s->nclasses + 1, s->capc);
	s->last = s->nclasses;
	s->classes[s->nclasses] = (struct sclass){ name, f,
		xstrdup(shown ? shown : name) };
	return &s->classes[s->nclasses++];
}

/* The file of the class in where ("a.b.C$D$1@m(int)"), found once; *cls
 * the top-level class's name (owned by s).  A binary name's $ parts
 * are nested, anonymous or local classes, unless the top-level class's
 * own name has a $ ("a.$Gson$Types"): the shortest prefix that ends
 * before a $ and names a source file is the top-level class.
 * Consecutive groups are mostly of one class: the last one is tried
 * first, and nothing is allocated for a class seen before (memory stays
 * flat in the log's length). */
static struct sfile *class_file(struct check_sources *s, const char *where,
				const char **cls)
{
	size_t full = strcspn(where, "@");
	struct sclass *c = class_entry(s, where, full);
	if (c) {
		*cls = c->shown;
		return c->file ? touch(s, c->file) : NULL;
	}
	struct sfile *f = NULL;
	const char *shown = NULL;
	for (size_t k = 1; k <= full && !f; k++) {
		if (k < full && (where[k] != '$' || where[k - 1] == '.'))
			continue;
		c = class_entry(s, where, k);
		if (!c) {
			char *name = arena_strndup(s->a, where, k);
			c = add_class(s, where, k, find_class_file(s, name), shown);
		}
		if (!shown)
			shown = c->name;
		f = c->file ? touch(s, c->file) : NULL;
	}
	if (!class_entry(s, where, full)) /* the binary name, for next time */
		add_class(s, where, full, f, shown);
	c = class_entry(s, where, full);
	*cls = c->shown;
	return f;
}

/* --- placing a group ------------------------------------------------- */

static void fallback(struct cgroup *g, struct mplace *mp, int i, const char *why)
{
	struct cmutant *m = &g->mutants[i];
	m->level = CL_FALLBACK;
	m->note = arena_printf(g->a, "checked from the log only: %s", why);
	(void)mp;
}

/* Declared variables of a placed site, as check sites take them:
 * primitive types the model has (float and double too), references. */
static void take_vars(struct mplace *p, const struct jocc *o)
{
	p->nvars = 0;
	for (int v = 0; v < o->nvars && p->nvars < MAX_VARS; v++)
		p->vars[p->nvars++] = (struct cvar){ o->vars[v].name,
						     o->vars[v].type };
}

/* Mutant i is at occurrence o of file sf. */
static void place(struct cgroup *g, struct mplace *p, int i,
		  const struct jocc *o, const char *fname)
{
	struct cmutant *m = &g->mutants[i];
	m->col = o->col;
	if (p->stmt) {
		m->level = CL_STATEMENT;
		m->note = arena_printf(g->a, "statement level: %s:%d:%d", fname,
				       o->line, o->col);
		return;
	}
	m->level = CL_EXPRESSION;
	m->orig = p->base;
	m->ctx = arena_printf(g->a, "%.*s#%s", (int)o->hole_b, o->expr,
			      o->expr + o->hole_e);
	m->note = arena_printf(g->a, "expression level: in `%s` at %s:%d:%d, "
			       "%s%s%s%s", o->expr, fname, o->eline, o->ecol,
			       o->consumer, o->assume ? "; path condition `" : "",
			       o->assume ? o->assume : "", o->assume ? "`" : "");
	p->assume = o->assume;
	p->facts = o->facts; /* lang/javasrc-const.c */
	p->loops = o->loops; /* lang/javasrc-loop.c */
	p->dead = o->dead;   /* lang/javasrc-live.c */
	p->placed = true;
	p->discarded = o->discarded;
	p->orig = o->expr;
	p->key = arena_printf(g->a, "S%zu:%zu", o->ebegin, o->eend);
	take_vars(p, o);
}

/* The occurrence of mutant p among occ[0..n), or -1; before: blocks
 * of its original that earlier groups of its line took (-1: unknown). */
static int which(const struct mplace *p, const struct jocc *occ, int n,
		 int before)
{
	for (int k = 0; p->offset >= 0 && k < n; k++)
		if ((long)occ[k].start == p->offset)
			return k;
	if (p->nblocks == 1 && n == 1)
		return 0;
	if (p->block >= 0 && p->nblocks == n)
		return p->block;
	/* the line's mutants are split over several groups (other lines'
	 * mutants in between): the last group, when the blocks of all of
	 * them are as many as the occurrences, holds the last ones */
	if (p->offset < 0 && p->block >= 0 && before > 0 &&
	    before + p->nblocks == n)
		return before + p->block;
	return -1;
}

/* The ids of the mutants of original text base in g, "9, 10". */
static const char *ids_of(struct cgroup *g, const struct mplace *mp,
			  const char *base)
{
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < g->nmutants; i++)
		if (!strcmp(mp[i].base, base))
			sb_printf(&sb, "%s%s", sb.len ? ", " : "", g->mutants[i].id);
	char *r = arena_strdup(g->a, sb.buf ? sb.buf : "");
	sb_release(&sb);
	return r;
}

/* The mutants of original base (first: index first) on line. */
static void place_original(struct check_sources *s, struct cgroup *g,
			   struct mplace *mp, int first, struct sfile *sf,
			   const char *where, long line)
{
	const char *base = mp[first].base;
	const char *fname = jsrc_source(sf->f)->name;
	struct jocc *occ = ANEWN(g->a, struct jocc, MAX_OCC);
	int n = jsrc_find(sf->f, g->a, (int)line, base, occ, MAX_OCC);
	if (n > MAX_OCC) { /* a long line: every occurrence described */
		occ = ANEWN(g->a, struct jocc, (size_t)n);
		jsrc_find(sf->f, g->a, (int)line, base, occ, n);
	}
	struct seen *seen = n > 1 ? seen_at(s, arena_printf(g->a, "%s\037%ld\037%s",
						      where, line, base)) : NULL;
	int before = seen ? seen->blocks : -1;
	if (seen && seen->blocks >= 0)
		seen->blocks = mp[first].block >= 0 && mp[first].offset < 0
			? seen->blocks + mp[first].nblocks : -1;
	if (!n && first_time(s, arena_printf(s->a, "%s\037%ld\037%s", fname,
					     line, base)))
		diag_warning((struct loc){ jsrc_source(sf->f), (int)line, 1 },
			     "the source line does not contain the logged "
			     "original '%s' (mutants %s of %s:%d): a stale "
			     "source? Checked from the log only", base,
			     ids_of(g, mp, base), g->file, g->lineno);
	for (int i = first; i < g->nmutants; i++) {
		struct mplace *p = &mp[i];
		if (strcmp(p->base, base))
			continue;
		if (!n) {
			fallback(g, mp, i, arena_printf(g->a, "%s:%ld does not "
				 "contain the logged original", fname, line));
			continue;
		}
		size_t len = jsrc_source(sf->f)->len;
		if (p->offset >= 0 && (size_t)p->offset >= len) {
			const char *why = arena_printf(g->a, "the logged offset %ld "
				"is past the end of %s (%zu bytes)", p->offset, fname, len);
			diag_warning((struct loc){ jsrc_source(sf->f), (int)line, 1 },
				     "%s (mutant %s of %s:%d); checked from the "
				     "log only", why, g->mutants[i].id, g->file,
				     g->mutants[i].lineno);
			fallback(g, mp, i, why);
			p->key = arena_printf(g->a, "%s\037m%d", p->key, i);
			continue;
		}
		int k = which(p, occ, n, before);
		if (k < 0) {
			const char *why;
			if (p->block >= 0 && p->nblocks > 1 && p->nblocks != n) {
				why = arena_printf(g->a, "the log has %d occurrences "
					"of '%s' on line %ld, %s has %d (a stale "
					"source?)", p->nblocks, base, line, fname, n);
				if (first_time(s, arena_printf(s->a, "%s\037%ld\037%s"
							       "\037n", fname, line, base)))
					diag_warning((struct loc){ jsrc_source(sf->f),
						     (int)line, 1 }, "%s; checked "
						     "from the log only", why);
			} else {
				why = arena_printf(g->a, "'%s' occurs %d times on "
					"%s:%ld and the log does not tell which "
					"occurrence this is", base, n, fname, line);
			}
			fallback(g, mp, i, why);
			/* no relation with any other mutant */
			p->key = arena_printf(g->a, "%s\037m%d", p->key, i);
			continue;
		}
		place(g, p, i, &occ[k], fname);
		if (s->method)
			check_method_attach(s->origs, g, i, sf->f,
					    occ[k].start, base, p->stmt);
	}
}

void check_sources_place(struct check_sources *s, struct cgroup *g,
			 const char *where, long line, struct mplace *mp)
{
	const char *cls;
	struct sfile *sf = class_file(s, where, &cls);
	g->srcpath = sf ? arena_strdup(g->a, sf->path) : NULL;
	if (!sf || sf->bad) {
		if (!sf && first_time(s, arena_printf(s->a, "class\037%s", cls)))
			fprintf(diag_out ? diag_out : stderr, "%s:%d: warning: "
				"no source file for class %s under the --source "
				"directories; its mutants are checked from the "
				"log only\n", g->file, g->lineno, cls);
		for (int i = 0; i < g->nmutants; i++)
			fallback(g, mp, i, !sf ? arena_printf(g->a, "no source "
				 "file for class %s", cls)
				 : arena_printf(g->a, "%s does not parse",
						sf->path));
		return;
	}
	bool *done = ANEWN(g->a, bool, (size_t)g->nmutants);
	for (int i = 0; i < g->nmutants; i++) {
		if (done[i])
			continue;
		for (int j = i; j < g->nmutants; j++)
			if (!strcmp(mp[j].base, mp[i].base))
				done[j] = true;
		place_original(s, g, mp, i, sf, where, line);
	}
}

struct jsrc *check_sources_class(struct check_sources *s, const char *cls,
				 const char **path, const char **why)
{
	const char *top;
	struct sfile *sf = class_file(s, cls, &top);
	*path = sf ? sf->path : NULL;
	if (!sf) {
		*why = arena_printf(s->a, "no source file for class %s under the "
				    "--source directories", top);
		return NULL;
	}
	if (sf->bad || !sf->f) {
		*why = arena_printf(s->a, "%s does not parse", sf->path);
		return NULL;
	}
	return sf->f;
}

/* --- a mutant at an exact place (mutation-testing-elements) --------- */

bool check_place_exact(struct cgroup *g, struct mplace *p, int i,
		       struct jsrc *f, int line, size_t start, bool method,
		       const char **why)
{
	/* Which occurrence starts at start: found with a scratch arena
	 * (the same text may occur many times on a line), then only the
	 * occurrences up to it described in the group's. */
	struct arena *t = arena_new();
	int cap = MAX_OCC, n, k = 0;
	struct jocc *occ = xmalloc((size_t)cap * sizeof(*occ));
	while ((n = jsrc_find(f, t, line, p->base, occ, cap)) > cap) {
		cap = n;
		occ = xrealloc(occ, (size_t)cap * sizeof(*occ));
	}
	while (k < n && occ[k].start != start)
		k++;
	arena_free(t);
	bool found = k < n;
	struct jocc o;
	if (found) {
		jsrc_find(f, g->a, line, p->base, occ, k + 1);
		o = occ[k];
	}
	free(occ);
	if (!found) {
		*why = "it is not a whole expression or statement of the source";
		return false;
	}
	if (!o.expression) {
		*why = "it is a name (declared, a method's or a field's), not an "
		       "expression whose value the program reads";
		return false;
	}
	p->stmt = o.statement;
	place(g, p, i, &o, jsrc_source(f)->name);
	if (method)
		check_method_attach(NULL, g, i, f, o.start, p->base, p->stmt);
	return true;
}
