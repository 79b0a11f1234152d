/*
 * elements.c - the mutation-testing-elements JSON report (elements.h).
 */
#include <string.h>

#include "emit/elements.h"
#include "emit/emit.h"

const char *const mte_status_names[] = {
	"Killed", "Survived", "NoCoverage", "CompileError", "RuntimeError",
	"Timeout", "Ignored", "Pending",
};

struct mfile {
	char *path, *source;
	const char *language;
	struct mte_mutant *m;
	size_t n, cap;
};

struct mte_report {
	struct arena *a;
	struct mfile *files;
	size_t n, cap;
	const char **ckeys, **cvals;
	size_t nconf, capk, capv;
};

struct mte_report *mte_report_new(void)
{
	struct mte_report *r = xcalloc(1, sizeof(*r));
	r->a = arena_new();
	return r;
}

void mte_report_free(struct mte_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++)
		free(r->files[i].m);
	free(r->files);
	free(r->ckeys);
	free(r->cvals);
	arena_free(r->a);
	free(r);
}

void mte_report_config(struct mte_report *r, const char *key,
		       const char *value)
{
	GROW(r->ckeys, r->nconf + 1, r->capk);
	GROW(r->cvals, r->nconf + 1, r->capv);
	r->ckeys[r->nconf] = arena_strdup(r->a, key);
	r->cvals[r->nconf++] = arena_strdup(r->a, value);
}

int mte_report_find(const struct mte_report *r, const char *path)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->files[i].path, path))
			return (int)i;
	return -1;
}

int mte_report_file(struct mte_report *r, const char *path,
		    const char *source)
{
	int k = mte_report_find(r, path);
	if (k >= 0)
		return k;
	GROW(r->files, r->n + 1, r->cap);
	struct mfile *f = &r->files[r->n];
	memset(f, 0, sizeof(*f));
	f->path = arena_strdup(r->a, path);
	f->language = "java";
	f->source = source ? arena_strdup(r->a, source) : NULL;
	return (int)r->n++;
}

const char *mte_report_source(const struct mte_report *r, int f)
{
	return r->files[f].source;
}

void mte_report_set_source(struct mte_report *r, int f, const char *source)
{
	r->files[f].source = arena_strdup(r->a, source);
}

void mte_report_set_language(struct mte_report *r, int f, const char *lang)
{
	r->files[f].language = arena_strdup(r->a, lang);
}

static const char *dup_or_null(struct arena *a, const char *s)
{
	return s ? arena_strdup(a, s) : NULL;
}

void mte_report_add(struct mte_report *r, int f, const struct mte_mutant *m)
{
	struct mfile *fl = &r->files[f];
	GROW(fl->m, fl->n + 1, fl->cap);
	struct mte_mutant *c = &fl->m[fl->n++];
	*c = *m;
	c->id = arena_strdup(r->a, m->id);
	c->mutator = arena_strdup(r->a, m->mutator);
	c->replacement = dup_or_null(r->a, m->replacement);
	c->description = dup_or_null(r->a, m->description);
	c->reason = dup_or_null(r->a, m->reason);
}

void mte_report_annotate(struct mte_report *r, const char *id,
			 const char *text)
{
	for (size_t i = 0; i < r->n; i++)
		for (size_t k = 0; k < r->files[i].n; k++) {
			struct mte_mutant *m = &r->files[i].m[k];
			if (strcmp(m->id, id))
				continue;
			m->reason = m->reason ? arena_printf(r->a, "%s; %s",
							     m->reason, text)
					      : arena_strdup(r->a, text);
		}
}

static void pos(struct strbuf *sb, const char *name, int line, int col)
{
	sb_printf(sb, "\"%s\": {\"line\": %d, \"column\": %d}", name,
		  line < 1 ? 1 : line, col < 1 ? 1 : col);
}

static void opt_str(struct strbuf *sb, const char *key, const char *v)
{
	if (!v)
		return;
	sb_printf(sb, ", \"%s\": ", key);
	sb_json_str(sb, v);
}

static void mutant_json(struct strbuf *sb, const struct mte_mutant *m)
{
	sb_puts(sb, "{\"id\": ");
	sb_json_str(sb, m->id);
	sb_puts(sb, ", \"mutatorName\": ");
	sb_json_str(sb, m->mutator);
	opt_str(sb, "replacement", m->replacement);
	opt_str(sb, "description", m->description);
	sb_puts(sb, ", \"location\": {");
	pos(sb, "start", m->sline, m->scol);
	sb_puts(sb, ", ");
	pos(sb, "end", m->eline, m->ecol);
	sb_printf(sb, "}, \"status\": \"%s\"", mte_status_names[m->status]);
	opt_str(sb, "statusReason", m->reason);
	sb_puts(sb, "}");
}

int mte_report_nfiles(const struct mte_report *r)
{
	return (int)r->n;
}

void mte_report_json(const struct mte_report *r, const char *key,
		     const char *value, struct strbuf *sb)
{
	sb_printf(sb, "{\n  \"schemaVersion\": \"2\",\n  \"thresholds\": "
		  "{\"high\": 80, \"low\": 60},\n  \"framework\": {\"name\": "
		  "\"subsume\", \"version\": \"%s\"},\n  \"config\": {",
		  SUBSUME_VERSION);
	for (size_t i = 0; i < r->nconf; i++) {
		sb_puts(sb, i ? ", " : "");
		sb_json_str(sb, r->ckeys[i]);
		sb_puts(sb, ": ");
		sb_json_str(sb, r->cvals[i]);
	}
	sb_puts(sb, "},\n  \"files\": {");
	for (size_t i = 0; i < r->n; i++) {
		const struct mfile *f = &r->files[i];
		sb_puts(sb, i ? ",\n    " : "\n    ");
		sb_json_str(sb, f->path);
		sb_puts(sb, ": {\"language\": ");
		sb_json_str(sb, f->language);
		sb_puts(sb, ", \"source\": ");
		sb_json_str(sb, f->source ? f->source : "");
		sb_puts(sb, ",\n      \"mutants\": [");
		for (size_t k = 0; k < f->n; k++) {
			sb_puts(sb, k ? ",\n        " : "\n        ");
			mutant_json(sb, &f->m[k]);
		}
		sb_puts(sb, "]}");
	}
	sb_puts(sb, r->n ? "\n  }" : "}");
	if (key) {
		sb_puts(sb, ",\n  ");
		sb_json_str(sb, key);
		sb_puts(sb, ": ");
		sb_puts(sb, value ? value : "null");
	}
	sb_puts(sb, "\n}\n");
}
