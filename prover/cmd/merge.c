/*
 * merge.c - `subsume merge`: the outputs of `check --shard K/N` (every
 * K of one run, --format json or elements) joined into exactly the
 * output of the run without --shard (cmd/check-run.h).
 *
 * Each shard's output carries its identity (a "shard" member after the
 * JSON summary, "subsumeShard" in a report): the run's hash (version,
 * options, the inputs' mutants), K, N, the whole run's number of
 * mutants, and the global index of each mutant it holds.  The shards
 * must be of one run, every K from 1 to N exactly once, and their
 * mutants every global index exactly once; anything else is an error
 * (exit 3) and nothing is written.  JSON: the mutant lines are copied
 * as written, in global order, and the summary is made from the
 * shards' numbers (check_summary_json()).  Reports: files in the whole
 * run's order (a report input's files first, then by first mutant),
 * each file's mutants in global order, written by emit/elements.h.
 */
#include <string.h>

#include "base/json.h"
#include "cmd/check-run.h"
#include "cmd/cmd.h"
#include "cmd/run.h"
#include "emit/elements.h"

static const struct opt_usage usage_merge = {
	.usage = "subsume merge [options] SHARD...",
	.about =
	"Join the outputs of 'subsume check --shard K/N' (every K from 1 to\n"
	"N, --format json or elements) into the output the run without\n"
	"--shard writes, byte for byte.\n"
	"\n",
	.tail =
	"exit status: 0 merged, 2 usage error, 3 the shards do not make one\n"
	"  run (not check --shard output, text or csv output, shards of\n"
	"  different runs or inputs, a shard missing or given twice);\n"
	"  nothing is written then, 5 a file cannot be read or written\n",
};

struct shard {
	const char *path;
	struct source src;
	struct json *root, *id; /* the output, its shard member */
	long k, n, total;
	const char *run, *format;
	long *order;            /* the global index of each mutant */
	size_t norder;
	long *lines;            /* JSON: the offset of each line */
	size_t nlines;
};

struct merge {
	struct arena *a;
	struct shard *s;
	int n;
};

/* Member key of o of kind k, else NULL after a located error. */
static struct json *need(const struct json *o,
			 const char *key, enum json_kind k)
{
	static const char *const kinds[] = { "null", "a boolean", "a number",
					     "a string", "an array",
					     "an object" };
	struct json *v = json_get(o, key);
	if (v && v->kind == k)
		return v;
	diag_error(v ? v->loc : o->loc, "\"%s\" should be %s (is this "
		   "the output of subsume check --shard?)", key,
		   kinds[k]);
	return NULL;
}

static bool need_long(const struct json *o,
		      const char *key, long *out)
{
	struct json *v = need(o, key, JSON_NUMBER);
	if (v && json_int(v, 0, 1L << 40, out))
		return true;
	if (v)
		diag_error(v->loc, "\"%s\" should be a count", key);
	return false;
}

/* Read shard s: its JSON and identity; false after an error (*rc). */
static bool load(struct merge *M, struct shard *s, int *rc)
{
	size_t len;
	char *text = read_file(s->path, &len);
	if (!text) {
		error("cannot read %s", s->path);
		*rc = EXIT_IO;
		return false;
	}
	s->src = (struct source){ .name = s->path, .text = text, .len = len };
	*rc = EXIT_INPUT;
	size_t b = strspn(text, " \t\r\n");
	if (text[b] != '{') {
		error("%s: not the JSON output of check --shard: merge joins "
		      "--format json or elements outputs; text and csv outputs "
		      "cannot be merged (their summaries are formatted, not "
		      "data): run the shards with --format json", s->path);
		return false;
	}
	if (!(s->root = json_parse(M->a, &s->src)))
		return false;
	s->id = json_get(s->root, "shard");
	if (!s->id)
		s->id = json_get(s->root, "subsumeShard");
	if (!s->id || s->id->kind != JSON_OBJECT) {
		diag_error(s->root->loc, "no \"shard\" member: not written "
			   "by subsume check --shard K/N");
		return false;
	}
	struct json *run = need(s->id, "run", JSON_STRING),
		    *fmt = need(s->id, "format", JSON_STRING),
		    *order = need(s->id, "order", JSON_ARRAY);
	if (!run || !fmt || !order || !need_long(s->id, "shard", &s->k) ||
	    !need_long(s->id, "of", &s->n) ||
	    !need_long(s->id, "mutants", &s->total))
		return false;
	if (s->k < 1 || s->k > s->n)
		return diag_error(s->id->loc, "shard %ld of %ld does not "
				  "exist", s->k, s->n), false;
	s->run = run->str;
	s->format = fmt->str;
	s->order = ANEWN(M->a, long, order->n + 1);
	s->norder = order->n;
	for (size_t i = 0; i < order->n; i++)
		if (!json_int(order->items[i], 0, s->total - 1, &s->order[i]))
			return diag_error(order->items[i]->loc, "a mutant's "
					  "index outside the run's %ld mutants",
					  s->total), false;
	*rc = 0;
	return true;
}

/* The shards make one run: same run, N, format; every K once; every
 * mutant once.  who[g], pos[g]: the shard that holds mutant g, and its
 * place there. */
static bool one_run(struct merge *M, int *who, long *pos)
{
	struct shard *s0 = &M->s[0];
	for (int i = 1; i < M->n; i++) {
		struct shard *s = &M->s[i];
		if (strcmp(s->run, s0->run) || s->n != s0->n ||
		    s->total != s0->total || strcmp(s->format, s0->format)) {
			error("%s and %s are not shards of one run (other "
			      "inputs, options, subsume version, format or "
			      "number of shards: %s %ld/%ld of run %s, %s "
			      "%ld/%ld of run %s)", s0->path, s->path, s0->format,
			      s0->k, s0->n, s0->run, s->format, s->k, s->n,
			      s->run);
			return false;
		}
	}
	for (int i = 0; i < M->n; i++)
		for (int j = 0; j < i; j++)
			if (M->s[i].k == M->s[j].k) {
				error("shard %ld/%ld is given twice: %s and %s",
				      M->s[i].k, M->s[i].n, M->s[j].path,
				      M->s[i].path);
				return false;
			}
	if (M->n != s0->n) {
		struct strbuf miss = STRBUF_INIT;
		for (long k = 1; k <= s0->n; k++) {
			int i;
			for (i = 0; i < M->n && M->s[i].k != k; i++)
				;
			if (i == M->n)
				sb_printf(&miss, "%s%ld/%ld", miss.len ? ", " : "",
					  k, s0->n);
		}
		error("%ld of %ld shards given: missing %s", (long)M->n, s0->n,
		      miss.buf);
		sb_release(&miss);
		return false;
	}
	for (long g = 0; g < s0->total; g++)
		who[g] = -1;
	for (int i = 0; i < M->n; i++)
		for (size_t j = 0; j < M->s[i].norder; j++) {
			long g = M->s[i].order[j];
			if (who[g] >= 0) {
				error("mutant %ld of the run is in %s and %s: "
				      "overlapping shards", g, M->s[who[g]].path,
				      M->s[i].path);
				return false;
			}
			who[g] = i;
			pos[g] = (long)j;
		}
	for (long g = 0; g < s0->total; g++)
		if (who[g] < 0) {
			error("mutant %ld of the run is in no shard", g);
			return false;
		}
	return true;
}

/* --- --format json --------------------------------------------------- */

/* The text of line l (1-based) of s, without its indent and a final
 * comma. */
static void line_text(struct shard *s, int l, const char **p, size_t *n)
{
	if (!s->lines) {
		size_t cap = 0;
		GROW(s->lines, 1, cap);
		s->lines[s->nlines++] = 0;
		for (size_t i = 0; i < s->src.len; i++)
			if (s->src.text[i] == '\n') {
				GROW(s->lines, s->nlines + 1, cap);
				s->lines[s->nlines++] = (long)i + 1;
			}
	}
	const char *b = s->src.text + s->lines[l - 1];
	const char *e = strchr(b, '\n');
	if (!e)
		e = s->src.text + s->src.len;
	b += strspn(b, " ");
	if (e > b && e[-1] == ',')
		e--;
	*p = b;
	*n = (size_t)(e - b);
}

/* The shard's numbers added to st; false after an error. */
static bool add_stats(struct shard *s, struct check_stats *st, bool first)
{
	struct json *x = need(s->id, "stats", JSON_OBJECT);
	if (!x)
		return false;
	if (json_get(x, "tests") && json_get(x, "tests")->b) {
		error("%s: the shards hold test results (--kills, or a report's "
		      "statuses): merge cannot join their summaries; merge the "
		      "shards' --format elements outputs instead", s->path);
		return false;
	}
	long v, a[CV_COUNT], m[3];
	struct json *arr[3] = { need(x, "verdicts", JSON_ARRAY),
				need(x, "levels", JSON_ARRAY),
				need(x, "methods", JSON_ARRAY) };
	struct json *ops = need(x, "operators", JSON_ARRAY);
	if (!arr[0] || !arr[1] || !arr[2] || !ops || arr[0]->n != CV_COUNT ||
	    arr[1]->n != ARRAY_SIZE(st->level) || arr[2]->n != 3)
		return false;
	for (int i = 0; i < CV_COUNT; i++) {
		if (!json_int(arr[0]->items[i], 0, 1L << 40, &a[i]))
			return false;
		st->count[i] += a[i];
	}
	for (size_t i = 0; i < ARRAY_SIZE(st->level); i++) {
		if (!json_int(arr[1]->items[i], 0, 1L << 40, &v))
			return false;
		st->level[i] += v;
	}
	for (int i = 0; i < 3; i++)
		if (!json_int(arr[2]->items[i], 0, 1L << 40, &m[i]))
			return false;
	st->nmethods += m[0];
	st->mcached += m[1];
	st->mdiverged += m[2];
	/* the unknowns' causes and the groups cut short: written only when
	 * some (check-run.c) */
	struct json *u = json_get(x, "unknown") ? need(x, "unknown", JSON_ARRAY)
						: NULL;
	if (json_get(x, "unknown") && (!u || u->n != 4))
		return false;
	for (int i = 0; u && i < 4; i++) {
		if (!json_int(u->items[i], 0, 1L << 40, &v))
			return false;
		if (i < 3)
			st->unknown[i] += v;
		else
			st->ncut += v;
	}
	/* PIT's mutants, detected, proven equivalent among the undetected
	 * and the detected: only when some */
	struct json *pit = json_get(x, "pit") ? need(x, "pit", JSON_ARRAY)
					      : NULL;
	if (json_get(x, "pit") && (!pit || pit->n != 4))
		return false;
	long *pv[4] = { &st->pit_total, &st->pit_detected, &st->pit_equivalent,
			&st->pit_contra };
	for (int i = 0; pit && i < 4; i++) {
		if (!json_int(pit->items[i], 0, 1L << 40, &v))
			return false;
		*pv[i] += v;
	}
	if (!need_long(x, "sites", &v))
		return false;
	st->nsites += v;
	if (!need_long(x, "malformed", &v))
		return false;
	st->bad = v; /* each shard reads all input */
	if (!need_long(x, "solver_calls", &v))
		return false;
	st->calls += (unsigned long)v;
	struct json *f[] = { need(x, "time_ms", JSON_NUMBER),
			     need(x, "worker_ms", JSON_NUMBER),
			     need(x, "method_ms", JSON_NUMBER),
			     need(x, "method_max_ms", JSON_NUMBER),
			     need(x, "method_solver_ms", JSON_NUMBER) };
	struct json *mm = need(x, "method_max", JSON_STRING);
	for (size_t i = 0; i < ARRAY_SIZE(f); i++)
		if (!f[i])
			return false;
	if (!mm)
		return false;
	if (f[0]->num > st->ms) /* the shards ran side by side */
		st->ms = f[0]->num;
	st->worker_ms += f[1]->num;
	st->method_ms += f[2]->num;
	st->method_solver_ms += f[4]->num;
	if (first || f[3]->num > st->method_max_ms) {
		st->method_max_ms = f[3]->num;
		snprintf(st->method_max, sizeof(st->method_max), "%s", mm->str);
	}
	if (first) {
		struct json *p = json_get(x, "placed"), *me = json_get(x, "method"),
			    *t = json_get(x, "timing");
		st->placed = p && p->b;
		st->method = me && me->b;
		st->timing = t && t->b;
	}
	for (size_t i = 0; i < ops->n; i++) {
		struct json *o = ops->items[i];
		long first_ix;
		if (o->kind != JSON_ARRAY || o->n != 2 + CV_COUNT ||
		    o->items[0]->kind != JSON_STRING ||
		    !json_int(o->items[1], 0, 1L << 40, &first_ix))
			return diag_error(o->loc, "an operator's row should "
					  "be [name, first, counts...]"),
			       false;
		struct opstat *r = check_stats_op(st, o->items[0]->str, first_ix);
		if (first_ix < r->first)
			r->first = first_ix;
		for (int k = 0; k < CV_COUNT; k++) {
			if (!json_int(o->items[2 + k], 0, 1L << 40, &v))
				return false;
			r->n[k] += v;
		}
	}
	return true;
}

static int by_first(const void *a, const void *b)
{
	const struct opstat *x = a, *y = b;
	return x->first < y->first ? -1 : x->first > y->first;
}

static bool merge_json(struct merge *M, const int *who, const long *pos,
		       struct strbuf *out)
{
	struct check_stats st = { 0 };
	struct json *ver = NULL;
	bool ok = true;
	for (int i = 0; ok && i < M->n; i++) {
		struct shard *s = &M->s[i];
		struct json *ms = need(s->root, "mutants", JSON_ARRAY);
		ver = need(s->root, "subsume_check", JSON_STRING);
		ok = ver && ms && add_stats(s, &st, i == 0);
		if (ok && ms->n != s->norder)
			ok = !diag_error(ms->loc, "%zu mutants, but %zu indices "
					 "in its shard member", ms->n,
					 s->norder);
	}
	if (!ok) {
		free(st.ops);
		return false;
	}
	qsort(st.ops, st.nops, sizeof(*st.ops), by_first);
	st.nmut = M->s[0].total;
	sb_printf(out, "{\n  \"subsume_check\": \"%s\",\n  \"mutants\": [",
		  ver->str);
	for (long g = 0; g < st.nmut; g++) {
		struct shard *s = &M->s[who[g]];
		const struct json *m = json_get(s->root, "mutants")->items[pos[g]];
		const char *p;
		size_t n;
		line_text(s, m->loc.line, &p, &n);
		sb_puts(out, g ? ",\n    " : "\n    ");
		sb_add(out, p, n);
	}
	check_summary_json(&st, out);
	sb_puts(out, "}\n}\n");
	free(st.ops);
	return true;
}

/* --- --format elements ----------------------------------------------- */

struct mfile {
	const char *path, *language, *source;
	int pre;             /* 0: a report input's file, 1: another */
	long key;            /* its index, or its first mutant's */
	int shard;           /* where it was first seen */
};

static int by_key(const void *a, const void *b)
{
	const struct mfile *x = a, *y = b;
	if (x->pre != y->pre)
		return x->pre < y->pre ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* A report's mutant m as emit/elements.h's; false after an error. */
static bool read_mutant(const struct json *m,
			struct mte_mutant *x)
{
	static const char *const se[] = { "start", "end" };
	struct json *id = need(m, "id", JSON_STRING),
		    *mu = need(m, "mutatorName", JSON_STRING),
		    *st = need(m, "status", JSON_STRING),
		    *loc = need(m, "location", JSON_OBJECT);
	if (!id || !mu || !st || !loc)
		return false;
	struct json *r = json_get(m, "replacement"), *d = json_get(m, "description"),
		    *why = json_get(m, "statusReason");
	*x = (struct mte_mutant){ .id = id->str, .mutator = mu->str,
		.replacement = r ? r->str : NULL, .description = d ? d->str : NULL,
		.reason = why ? why->str : NULL, .status = MTE_PENDING };
	int *lc[2][2] = { { &x->sline, &x->scol }, { &x->eline, &x->ecol } };
	for (int k = 0; k < 2; k++) {
		struct json *p = need(loc, se[k], JSON_OBJECT);
		long l, c;
		if (!p || !need_long(p, "line", &l) ||
		    !need_long(p, "column", &c))
			return false;
		*lc[k][0] = (int)l;
		*lc[k][1] = (int)c;
	}
	int k;
	for (k = 0; k <= MTE_PENDING && strcmp(mte_status_names[k], st->str); k++)
		;
	if (k > MTE_PENDING)
		return !diag_error(st->loc, "unknown status \"%s\"", st->str);
	x->status = (enum mte_status)k;
	return true;
}

static bool merge_elements(struct merge *M, struct strbuf *out)
{
	struct mfile *fs = NULL;
	size_t nf = 0, cap = 0;
	/* each shard's mutants in report order: (global index, file, node) */
	long total = M->s[0].total;
	const struct json **node = ANEWN(M->a, const struct json *,
					 (size_t)total + 1);
	const char **file = ANEWN(M->a, const char *, (size_t)total + 1);
	struct mte_report *r = mte_report_new();
	bool ok = true;
	for (int i = 0; ok && i < M->n; i++) {
		struct shard *s = &M->s[i];
		struct json *ver = json_get(json_get(s->root, "framework"),
					    "version");
		struct json *files = need(s->root, "files", JSON_OBJECT),
			    *keys = need(s->id, "files", JSON_ARRAY),
			    *conf = need(s->root, "config", JSON_OBJECT);
		if (!files || !keys || !conf) {
			ok = false;
			break;
		}
		if (!ver || ver->kind != JSON_STRING ||
		    strcmp(ver->str, SUBSUME_VERSION)) {
			error("%s: written by another version of subsume (%s); "
			      "this one is %s", s->path, ver && ver->kind ==
			      JSON_STRING ? ver->str : "?", SUBSUME_VERSION);
			ok = false;
			break;
		}
		for (size_t c = 0; i == 0 && c < conf->n; c++)
			if (conf->items[c]->kind == JSON_STRING)
				mte_report_config(r, conf->keys[c],
						  conf->items[c]->str);
		if (keys->n != files->n) {
			ok = !diag_error(keys->loc, "%zu files, %zu keys",
					 files->n, keys->n);
			break;
		}
		size_t j = 0;
		for (size_t f = 0; ok && f < files->n; f++) {
			const struct json *fo = files->items[f], *k = keys->items[f];
			struct json *lang = need(fo, "language", JSON_STRING),
				    *src = need(fo, "source", JSON_STRING),
				    *ms = need(fo, "mutants", JSON_ARRAY);
			long pre, key;
			if (!lang || !src || !ms || k->kind != JSON_ARRAY ||
			    k->n != 2 || !json_int(k->items[0], 0, 1, &pre) ||
			    !json_int(k->items[1], -1, 1L << 40, &key)) {
				ok = false;
				break;
			}
			size_t x;
			for (x = 0; x < nf && strcmp(fs[x].path, files->keys[f]); x++)
				;
			if (x == nf) {
				GROW(fs, nf + 1, cap);
				fs[nf++] = (struct mfile){ files->keys[f], lang->str,
					src->str, (int)pre, key, i };
			} else if (pre || fs[x].pre || fs[x].key != key ||
				   strcmp(fs[x].source, src->str)) {
				error("file %s is in %s and %s: overlapping shards",
				      files->keys[f], M->s[fs[x].shard].path,
				      s->path);
				ok = false;
				break;
			}
			for (size_t m = 0; m < ms->n; m++, j++) {
				if (j >= s->norder) {
					ok = !diag_error(ms->items[m]->loc, "more "
							 "mutants than indices");
					break;
				}
				node[s->order[j]] = ms->items[m];
				file[s->order[j]] = fs[x].path;
			}
		}
		if (ok && j != s->norder)
			ok = !diag_error(s->id->loc, "%zu mutants, %zu indices",
					 j, s->norder);
	}
	if (ok) {
		qsort(fs, nf, sizeof(*fs), by_key);
		for (size_t x = 0; x < nf; x++) {
			int f = mte_report_file(r, fs[x].path, fs[x].source);
			mte_report_set_language(r, f, fs[x].language);
		}
	}
	for (long g = 0; ok && g < total; g++) {
		struct mte_mutant mm;
		ok = read_mutant(node[g], &mm);
		if (ok)
			mte_report_add(r, mte_report_find(r, file[g]), &mm);
	}
	if (ok)
		mte_report_json(r, NULL, NULL, out);
	mte_report_free(r);
	free(fs);
	return ok;
}

int cmd_merge(int argc, char **argv)
{
	const char *out = NULL;
	const struct option options[] = {
		OPT_STRING('o', NULL, "FILE", &out,
			   "write to FILE (all or nothing: a temporary file\n"
			   "renamed) instead of stdout"),
		OPT_HELP(),
		OPT_END(),
	};
	int i, rc = parse_options(argc, argv, options, &usage_merge, &i);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (i >= argc)
		return opt_usage_error(options, &usage_merge, "no shards given");
	struct merge M = { .a = arena_new(), .n = argc - i };
	M.s = ANEWN(M.a, struct shard, (size_t)M.n);
	for (int k = 0; k < M.n && !rc; k++) {
		M.s[k].path = argv[i + k];
		load(&M, &M.s[k], &rc);
	}
	struct strbuf sb = STRBUF_INIT;
	if (!rc) {
		long total = M.s[0].total;
		int *who = ANEWN(M.a, int, (size_t)total + 1);
		long *pos = ANEWN(M.a, long, (size_t)total + 1);
		bool json = !strcmp(M.s[0].format, "json");
		if (!json && strcmp(M.s[0].format, "elements")) {
			error("%s: a --format %s shard: merge joins --format json "
			      "or elements outputs", M.s[0].path, M.s[0].format);
			rc = EXIT_INPUT;
		} else if (!one_run(&M, who, pos) ||
			   !(json ? merge_json(&M, who, pos, &sb)
				  : merge_elements(&M, &sb))) {
			rc = EXIT_INPUT;
		}
	}
	if (!rc)
		rc = write_output(out, &sb);
	sb_release(&sb);
	for (int k = 0; k < M.n; k++) {
		free((char *)M.s[k].src.text);
		free(M.s[k].lines);
	}
	arena_free(M.a);
	return rc;
}
