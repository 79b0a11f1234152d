/*
 * check-report.c - `subsume check` verdicts as a mutation-testing-elements
 * report (cmd/check-report.h).
 */
#include <ctype.h>
#include <string.h>

#include "base/diag.h"
#include "cmd/check-report.h"
#include "emit/elements.h"

/* A file without the program's source: the logged originals by line. */
struct synth {
	int file;
	char **lines;   /* [0..nlines): line i + 1 (heap), NULL: empty */
	int nlines;
};

struct check_report {
	struct mte_report *rep;
	const char **roots;   /* heap array; the strings are the caller's */
	int nroots;
	bool kills;
	struct synth *syn;
	size_t nsyn, capsyn;
	/* --shard: the files added before any group (a report input's),
	 * and every report file's mutants' global indices, in order */
	int npre;
	struct gidx { long *v; size_t n, cap; } *gidx;
	size_t ngidx;
};

/* Mutant global index i added to file f. */
static void note_gidx(struct check_report *r, int f, long i)
{
	if ((size_t)f >= r->ngidx) {
		r->gidx = xrealloc(r->gidx, ((size_t)f + 1) * sizeof(*r->gidx));
		memset(r->gidx + r->ngidx, 0,
		       ((size_t)f + 1 - r->ngidx) * sizeof(*r->gidx));
		r->ngidx = (size_t)f + 1;
	}
	struct gidx *x = &r->gidx[f];
	GROW(x->v, x->n + 1, x->cap);
	x->v[x->n++] = i;
}

struct check_report *check_report_new(const char *const *roots, int nroots,
				      const char *kills)
{
	struct check_report *r = xcalloc(1, sizeof(*r));
	r->rep = mte_report_new();
	r->roots = xcalloc((size_t)nroots + 1, sizeof(char *));
	if (nroots)
		memcpy(r->roots, roots, (size_t)nroots * sizeof(char *));
	r->nroots = nroots;
	r->kills = kills != NULL;
	mte_report_config(r->rep, "tool", "subsume check");
	mte_report_config(r->rep, "verdicts", nroots ? "at the level of each "
			  "mutant's enclosing expression (--source), or of "
			  "its method where its reason says 'method level' "
			  "(--method)" :
			  "from the mutants log (no --source)");
	mte_report_config(r->rep, "source", nroots ? "the program's source "
			  "files (--source)" : "omitted: no --source given; "
			  "each file's source holds, on each logged line, only "
			  "the logged original texts");
	mte_report_config(r->rep, "kills", kills ? kills : "none: no --kills "
			  "given, statuses are Pending (Ignored when proven "
			  "equivalent)");
	return r;
}

struct check_report *check_report_new_elements(const char *kills)
{
	struct check_report *r = xcalloc(1, sizeof(*r));
	r->rep = mte_report_new();
	r->roots = xcalloc(1, sizeof(char *));
	r->kills = kills != NULL;
	mte_report_config(r->rep, "tool", "subsume check");
	mte_report_config(r->rep, "verdicts", "at each mutant's place in the "
			  "input report's sources (its enclosing expression or "
			  "statement), or in its method where its reason says "
			  "'method level' (--method)");
	mte_report_config(r->rep, "source", "the input report's files, "
			  "sources, mutant ids, mutators, replacements and "
			  "locations, unchanged");
	mte_report_config(r->rep, "kills", kills ? kills : "the input report's "
			  "statuses, kept; Survived, NoCoverage and Pending "
			  "become Ignored when proven equivalent");
	return r;
}

void check_report_add_file(struct check_report *r, const char *path,
			   const char *language, const char *source)
{
	int f = mte_report_file(r->rep, path, source);
	mte_report_set_language(r->rep, f, language);
	if (f + 1 > r->npre)
		r->npre = f + 1;
}

void check_report_free(struct check_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nsyn; i++) {
		for (int l = 0; l < r->syn[i].nlines; l++)
			free(r->syn[i].lines[l]);
		free(r->syn[i].lines);
	}
	free(r->syn);
	for (size_t i = 0; i < r->ngidx; i++)
		free(r->gidx[i].v);
	free(r->gidx);
	free(r->roots);
	mte_report_free(r->rep);
	free(r);
}

/* Major: the line number after the last ':' of where ("C@m(int):12"). */
static int major_line(const char *where)
{
	const char *c = strrchr(where, ':');
	return c ? atoi(c + 1) : 0;
}

/* "a/b/C.java" for class a.b.C$D of where "a.b.C$D@m(int):12". */
static char *class_path(const char *where)
{
	size_t n = strcspn(where, "@$:");
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < n; i++)
		sb_putc(&sb, where[i] == '.' ? '/' : where[i]);
	sb_puts(&sb, ".java");
	return sb.buf;
}

/* path relative to the --source root it is under. */
static const char *relative(const struct check_report *r, const char *path)
{
	for (int i = 0; i < r->nroots; i++) {
		size_t n = strlen(r->roots[i]);
		while (n > 1 && r->roots[i][n - 1] == '/')
			n--;
		if (!strncmp(path, r->roots[i], n) && path[n] == '/')
			return path + n + 1;
	}
	return path;
}

/* From (line, col) in text, the position just after the characters of
 * orig (blanks ignored): the end of the mutated text (columns in bytes
 * here). */
static void walk_end(const char *text, int line, int col, const char *orig,
		     int *eline, int *ecol)
{
	long off = text_line_offset(text, line);
	const char *p = text + off + col - 1, *o = orig;
	*eline = line;
	*ecol = col;
	while (*o && *p) {
		if (isspace((unsigned char)*o)) {
			o++;
			continue;
		}
		if (*p == '\n') {
			++*eline;
			*ecol = 1;
			p++;
			continue;
		}
		if (!isspace((unsigned char)*p) && *p != *o)
			break;
		if (*p == *o)
			o++;
		p++;
		++*ecol;
	}
}

static enum mte_status status_of(const struct cmutant *m, enum kill_status st)
{
	bool equiv = m->v == CV_EQUIVALENT;
	switch (st) {
	case KS_FAIL:
	case KS_EXC:
		return MTE_KILLED;
	case KS_TIME:
		return MTE_TIMEOUT;
	case KS_LIVE:
		return equiv ? MTE_IGNORED : MTE_SURVIVED;
	case KS_UNCOV:
		return equiv ? MTE_IGNORED : MTE_NOCOVERAGE;
	default:
		return equiv ? MTE_IGNORED : MTE_PENDING;
	}
}

/* A PIT mutant's status as given (check/pit.h), in the report's words;
 * a live one proven equivalent is Ignored, as PIT's EQUIVALENT is. */
static enum mte_status pit_status(const struct cmutant *m)
{
	static const struct { const char *pit; enum mte_status st; } map[] = {
		{ "KILLED", MTE_KILLED }, { "SURVIVED", MTE_SURVIVED },
		{ "TIMED_OUT", MTE_TIMEOUT }, { "NON_VIABLE", MTE_COMPILEERROR },
		{ "MEMORY_ERROR", MTE_RUNTIMEERROR },
		{ "RUN_ERROR", MTE_RUNTIMEERROR },
		{ "NO_COVERAGE", MTE_NOCOVERAGE }, { "EQUIVALENT", MTE_IGNORED },
	};
	enum mte_status st = MTE_PENDING; /* NOT_STARTED, STARTED */
	for (size_t k = 0; k < ARRAY_SIZE(map); k++)
		if (!strcmp(m->pit->status, map[k].pit))
			st = map[k].st;
	if (m->v == CV_EQUIVALENT && (st == MTE_SURVIVED ||
				      st == MTE_NOCOVERAGE || st == MTE_PENDING))
		st = MTE_IGNORED;
	return st;
}

static const char *const test_words[KS_COUNT] = {
	"not in the kill file", "FAIL (a test failed)", "TIME (a test timed "
	"out)", "EXC (a test ended with an exception)", "LIVE (every test "
	"passed)", "UNCOV (no test reaches it)",
};

static char *reason_of(const struct check_report *r, const struct cmutant *m,
		       enum kill_status st)
{
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "subsume: %s", cverdict_name(m->v));
	if (m->by)
		sb_printf(&sb, "%s%s", m->v == CV_DUPLICATE ? " of " : " by ",
			  m->by);
	sb_printf(&sb, ": %s", m->detail ? m->detail : "");
	if (r->kills)
		sb_printf(&sb, "; Major: %s", test_words[st]);
	return sb.buf;
}

/* The report's file for source file path (read once), or -1 (no path,
 * or the file cannot be read). */
static int source_file(struct check_report *r, const char *path)
{
	if (!path)
		return -1;
	const char *rel = relative(r, path);
	int f = mte_report_find(r->rep, rel);
	if (f >= 0)
		return f;
	size_t len;
	char *text = read_file(path, &len);
	if (text && !memchr(text, 0, len))
		f = mte_report_file(r->rep, rel, text);
	free(text);
	return f;
}

/* The synthesized file of class path p: original o on line, at columns
 * [*col, *ecol). */
static int synth_place(struct check_report *r, const char *p, int line,
		       const char *o, int *col, int *ecol)
{
	int f = mte_report_file(r->rep, p, NULL);
	size_t i;
	for (i = 0; i < r->nsyn && r->syn[i].file != f; i++)
		;
	if (i == r->nsyn) {
		GROW(r->syn, r->nsyn + 1, r->capsyn);
		r->syn[r->nsyn++] = (struct synth){ .file = f };
	}
	struct synth *s = &r->syn[i];
	if (line > s->nlines) {
		s->lines = xrealloc(s->lines, (size_t)line * sizeof(char *));
		memset(s->lines + s->nlines, 0,
		       (size_t)(line - s->nlines) * sizeof(char *));
		s->nlines = line;
	}
	char **l = &s->lines[line - 1];
	const char *at = *l ? strstr(*l, o) : NULL;
	if (!at) {
		struct strbuf sb = STRBUF_INIT;
		sb_printf(&sb, "%s%s%s", *l ? *l : "", *l ? "    " : "", o);
		free(*l);
		*l = sb.buf;
		at = *l + strlen(*l) - strlen(o);
	}
	*col = text_column(*l, 0, (size_t)(at - *l));
	*ecol = text_column(*l, 0, (size_t)(at - *l) + strlen(o));
	return f;
}

/* A mutant read from a report: written back as it was given, with its
 * status (Ignored when proven equivalent and no test detected it) and
 * the verdict as its reason. */
static void report_mutant(struct check_report *r, const struct cmutant *m,
			  long gi)
{
	const struct mte_at *at = m->at;
	int f = mte_report_find(r->rep, at->path);
	if (f < 0)
		BUG("report file %s not registered", at->path);
	enum mte_status st = MTE_PENDING;
	for (int s = 0; s <= MTE_PENDING; s++)
		if (!strcmp(mte_status_names[s], at->status))
			st = (enum mte_status)s;
	if (m->v == CV_EQUIVALENT && (st == MTE_SURVIVED ||
				      st == MTE_NOCOVERAGE || st == MTE_PENDING))
		st = MTE_IGNORED;
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "subsume: %s", cverdict_name(m->v));
	if (m->by)
		sb_printf(&sb, "%s%s", m->v == CV_DUPLICATE ? " of " : " by ",
			  m->by);
	sb_printf(&sb, ": %s; tests: %s (the input report's status)",
		  m->detail ? m->detail : "", at->status);
	struct mte_mutant x = {
		.id = m->id, .mutator = at->mutator,
		.replacement = at->replacement, .description = at->description,
		.reason = sb.buf, .status = st, .sline = at->sline,
		.scol = at->scol, .eline = at->eline, .ecol = at->ecol,
	};
	mte_report_add(r->rep, f, &x);
	note_gidx(r, f, gi);
	sb_release(&sb);
}

void check_report_group(struct check_report *r, const struct cgroup *g,
			const struct check_kills *k, long base)
{
	for (int i = 0; i < g->nmutants; i++) {
		const struct cmutant *m = &g->mutants[i];
		if (m->at) {
			report_mutant(r, m, base + i);
			continue;
		}
		const struct csite *s = &g->sites[m->site];
		const char *orig = m->orig ? m->orig : s->orig;
		enum kill_status st = k ? kills_peek(k, m->id) : KS_NONE;
		struct mte_mutant x = {
			.id = m->id, .mutator = *m->op ? m->op : "mutant",
			.replacement = *m->text ? m->text : "<NO-OP>",
			.status = m->pit ? pit_status(m) : status_of(m, st),
		};
		char *desc = NULL, *reason = reason_of(r, m, st), *path = NULL;
		int f, line = m->from ? major_line(m->where ? m->where : g->where)
				     : 1;
		if (!m->from) { /* a YAML site: its own file */
			path = xstrdup(arena_printf(g->a, "%s: %s", g->file,
						    g->where));
			f = mte_report_file(r->rep, path, s->orig);
			x.sline = x.eline = 1;
			x.scol = 1;
			x.ecol = text_column(s->orig, 0, strlen(s->orig));
		} else if ((f = source_file(r, g->srcpath)) >= 0 && line > 0 &&
			   text_line_offset(mte_report_source(r->rep, f), line) >= 0) {
			const char *text = mte_report_source(r->rep, f);
			long ls = text_line_offset(text, line);
			int col = m->col;
			if (col <= 0) {
				const char *nl = strchr(text + ls, '\n');
				size_t n = nl ? (size_t)(nl - text - ls)
					      : strlen(text + ls);
				char *ln = arena_strndup(g->a, text + ls, n);
				const char *at = strstr(ln, orig);
				col = at ? (int)(at - ln) + 1 : 1;
			}
			x.sline = line;
			walk_end(text, line, col, orig, &x.eline, &x.ecol);
			/* bytes to the report's columns (UTF-16 units) */
			x.scol = text_column(text, (size_t)ls,
					     (size_t)ls + (size_t)col - 1);
			long le = text_line_offset(text, x.eline);
			x.ecol = text_column(text, (size_t)le,
					     (size_t)le + (size_t)x.ecol - 1);
		} else {
			path = class_path(g->where);
			f = synth_place(r, path, line > 0 ? line : 1, orig,
					&x.scol, &x.ecol);
			x.sline = x.eline = line > 0 ? line : 1;
		}
		desc = m->pit ? xstrdup(arena_printf(g->a, "%s |==> %s (PIT: %s; "
					    "status %s)", orig, x.replacement,
					    m->pit->description, m->pit->status))
			: xstrdup(arena_printf(g->a, "%s |==> %s%s%s%s", orig,
					    x.replacement, m->from ? " (Major: " : "",
					    m->from ? m->from : "", m->from ? ")" : ""));
		x.description = desc;
		x.reason = reason;
		mte_report_add(r->rep, f, &x);
		note_gidx(r, f, base + i);
		free(desc);
		free(reason);
		free(path);
	}
}

/* shard (check-run.c's identity, without its closing brace) completed
 * with the files' keys (in report order: [0, i] the i-th file given by
 * a report input, [1, g] another, g its first mutant's global index)
 * and every mutant's global index in report order. */
static void shard_member(const struct check_report *r, const char *shard,
			 struct strbuf *sb)
{
	size_t nf = (size_t)mte_report_nfiles(r->rep);
	sb_puts(sb, shard);
	sb_puts(sb, ",\n    \"files\": [");
	for (size_t f = 0; f < nf; f++) {
		const struct gidx *x = f < r->ngidx ? &r->gidx[f] : NULL;
		if ((int)f < r->npre)
			sb_printf(sb, "%s[0, %zu]", f ? ", " : "", f);
		else
			sb_printf(sb, "%s[1, %ld]", f ? ", " : "",
				  x && x->n ? x->v[0] : -1L);
	}
	sb_puts(sb, "],\n    \"order\": [");
	bool first = true;
	for (size_t f = 0; f < nf && f < r->ngidx; f++)
		for (size_t i = 0; i < r->gidx[f].n; i++, first = false)
			sb_printf(sb, "%s%ld", first ? "" : ", ", r->gidx[f].v[i]);
	sb_puts(sb, "]}");
}

void check_report_annotate(struct check_report *r, const char *id,
			   const char *text)
{
	mte_report_annotate(r->rep, id, text);
}

void check_report_write(struct check_report *r, const char *format,
			const char *shard)
{
	for (size_t i = 0; i < r->nsyn; i++) {
		struct strbuf sb = STRBUF_INIT;
		for (int l = 0; l < r->syn[i].nlines; l++)
			sb_printf(&sb, "%s\n", r->syn[i].lines[l] ?
				  r->syn[i].lines[l] : "");
		mte_report_set_source(r->rep, r->syn[i].file, sb.buf ? sb.buf : "");
		sb_release(&sb);
	}
	struct strbuf sb = STRBUF_INIT;
	if (!strcmp(format, "html")) {
		if (mte_report_html(r->rep, "subsume check", &sb) < 0)
			BUG("--format html without the viewer");
	} else {
		struct strbuf sh = STRBUF_INIT;
		if (shard)
			shard_member(r, shard, &sh);
		mte_report_json(r->rep, shard ? "subsumeShard" : NULL, sh.buf,
				&sb);
		sb_release(&sh);
	}
	fwrite(sb.buf ? sb.buf : "", 1, sb.len, stdout);
	sb_release(&sb);
}

int check_report_start(const char *format, const char *kfile,
		       struct check_kills **kills)
{
	if (!strcmp(format, "html") && !mte_html_available()) {
		error("this subsume was built without the report viewer (npm "
		      "mutation-testing-elements 3.9.0, fetched by make deps): "
		      "--format html is not available; run make deps and "
		      "rebuild, or use --format elements");
		return EXIT_USAGE;
	}
	bool io = false;
	if (kfile && !(*kills = kills_load(kfile, &io)))
		return io ? EXIT_IO : EXIT_INPUT;
	return 0;
}
