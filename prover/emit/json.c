/*
 * emit_json.c - `subsume prove --format json`: one object, schema in
 * README.md ("JSON output").
 */
#include "emit/emit.h"

#include <inttypes.h>

#include "sem/smt.h"

static void ids(struct strbuf *sb, const int *v, int n)
{
	sb_putc(sb, '[');
	for (int i = 0; i < n; i++)
		sb_printf(sb, "%s%d", i ? "," : "", v[i]);
	sb_putc(sb, ']');
}

static void key(struct strbuf *sb, const char *k)
{
	sb_printf(sb, ",\"%s\":", k);
}

/* A floating value: a JSON number in the shortest form that reads back
 * to the same bits, or "NaN", "Infinity", "-Infinity" (JSON has no
 * number for them). */
static void json_float(struct strbuf *sb, const struct type *t,
		       struct value v)
{
	double d = value_to_double(t, v);
	if (d != d)
		sb_puts(sb, "\"NaN\"");
	else if (d - d != 0)
		sb_puts(sb, d < 0 ? "\"-Infinity\"" : "\"Infinity\"");
	else
		float_print_decimal(sb, t, v, "");
}

void emit_input_json(struct strbuf *sb, const struct analysis *an,
		     const struct value *in)
{
	sb_putc(sb, '{');
	for (int v = 0; v < an->nvars; v++) {
		if (v)
			sb_putc(sb, ',');
		sb_json_str(sb, an->var_names[v]);
		sb_putc(sb, ':');
		const struct type *t = an->var_types[v];
		if (t->kind == TK_BOOLEAN)
			sb_puts(sb, in[v].bits ? "true" : "false");
		else if (t->kind == TK_FLOAT)
			json_float(sb, t, in[v]);
		else if (an->var_types[v]->is_signed)
			sb_printf(sb, "%" PRId64, value_i64(in[v]));
		else
			sb_printf(sb, "%" PRIu64, in[v].bits);
	}
	sb_putc(sb, '}');
}

/* Names, variables, assumption and what is observed. */
static void json_analysis(struct strbuf *sb, const struct analysis *an)
{
	int k;
	sb_puts(sb, "{\"theory\":");
	sb_json_str(sb, an->theory->name);
	key(sb, "file");
	sb_json_str(sb, an->theory->file);
	const struct profile *pf = an->theory->profile;
	/* Java results without floating point stay as they were */
	if (pf != &profile_java || an->theory->uses_float) {
		key(sb, "language");
		sb_json_str(sb, pf->name);
		key(sb, "options");
		sb_putc(sb, '{');
		if (pf != &profile_java) {
			sb_puts(sb, "\"data-model\":");
			sb_json_str(sb, pf->data_model);
			sb_puts(sb, ",\"char\":");
			sb_json_str(sb, pf->char_sign);
			sb_puts(sb, ",\"ub\":");
			sb_json_str(sb, pf->ub_name);
		}
		if (an->theory->uses_float) {
			sb_puts(sb, pf != &profile_java ? ",\"float-compare\":"
							: "\"float-compare\":");
			sb_json_str(sb, float_compare_names[an->theory->fcmp]);
		}
		sb_putc(sb, '}');
	}
	key(sb, "target");
	sb_json_str(sb, an->target->name);
	key(sb, "expr");
	sb_json_str(sb, an->orig_text);
	key(sb, "domain");
	sb_json_str(sb, an->domain->name);
	key(sb, "vars");
	sb_putc(sb, '{');
	for (int v = 0; v < an->nvars; v++) {
		sb_printf(sb, "%s", v ? "," : "");
		sb_json_str(sb, an->var_names[v]);
		sb_printf(sb, ":\"%s\"", type_name(an->var_types[v]));
	}
	sb_putc(sb, '}');
	key(sb, "assume");
	if (an->assume_text)
		sb_json_str(sb, an->assume_text);
	else
		sb_puts(sb, "null");
	key(sb, "observe");
	sb_putc(sb, '[');
	k = 0;
	if (an->observe.value)
		sb_printf(sb, "%s\"value\"", k++ ? "," : "");
	for (int v = 0; v < an->nvars; v++)
		if (an->observe.var[v]) {
			sb_printf(sb, "%s", k++ ? "," : "");
			sb_json_str(sb, an->var_names[v]);
		}
	sb_putc(sb, ']');
}

/* The mutants with their verdicts, and the skipped ones. */
static void json_mutants(struct strbuf *sb, const struct result *r)
{
	const struct analysis *an = r->an;
	int n = r->n;
	key(sb, "mutants");
	sb_putc(sb, '[');
	for (int m = 1; m <= n; m++) {
		const struct mutant *mu = &an->mutants[m];
		int by;
		enum verdict v = result_verdict(r, m, &by);
		sb_printf(sb, "%s{\"id\":%d,\"label\":", m > 1 ? "," : "", m);
		sb_json_str(sb, mu->label);
		key(sb, "operator");
		sb_json_str(sb, mu->op);
		key(sb, "expr");
		sb_json_str(sb, mu->text);
		sb_printf(sb, ",\"verdict\":\"%s\"", verdict_name(v));
		if (by)
			sb_printf(sb, ",\"by\":%d", by);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');

	key(sb, "skipped");
	sb_putc(sb, '[');
	for (int i = 0; i < an->nskipped; i++) {
		sb_puts(sb, i ? ",{\"label\":" : "{\"label\":");
		sb_json_str(sb, an->skipped[i].label);
		key(sb, "reason");
		sb_json_str(sb, an->skipped[i].reason);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
}

/* Equivalent, duplicate groups, classes, subsumption, Hasse edges and
 * the minimal set, as lists of mutant ids. */
static void json_relations(struct strbuf *sb, const struct result *r)
{
	int n = r->n;
	int *tmp = xmalloc(((size_t)n + 1) * sizeof(*tmp));
	int k = 0;
	for (int m = 1; m <= n; m++)
		if (r->equiv[m] == R_YES)
			tmp[k++] = m;
	key(sb, "equivalent");
	ids(sb, tmp, k);

	key(sb, "duplicates");
	sb_putc(sb, '[');
	int groups = 0;
	for (int rep = 1; rep <= n; rep++) {
		if (r->equiv[rep] != R_NO || r->dup[rep] != rep)
			continue;
		k = 0;
		for (int m = rep; m <= n; m++)
			if (r->equiv[m] == R_NO && r->dup[m] == rep)
				tmp[k++] = m;
		if (k < 2)
			continue;
		sb_printf(sb, "%s", groups++ ? "," : "");
		ids(sb, tmp, k);
	}
	sb_putc(sb, ']');

	key(sb, "classes");
	sb_putc(sb, '[');
	for (int c = 0; c < r->nclasses; c++) {
		k = 0;
		for (int m = 1; m <= n; m++)
			if (r->cls[m] == c)
				tmp[k++] = m;
		sb_printf(sb, "%s", c ? "," : "");
		ids(sb, tmp, k);
	}
	sb_putc(sb, ']');

	key(sb, "subsumes");
	sb_putc(sb, '[');
	k = 0;
	for (int a = 1; a <= n; a++)
		for (int b = 1; b <= n; b++)
			if (a != b && r->equiv[a] == R_NO &&
			    r->equiv[b] == R_NO && SUB(r, a, b) == R_YES)
				sb_printf(sb, "%s[%d,%d]", k++ ? "," : "", a, b);
	sb_putc(sb, ']');

	key(sb, "hasse");
	sb_putc(sb, '[');
	k = 0;
	for (int i = 0; i < r->nclasses; i++)
		for (int j = 0; j < r->nclasses; j++) {
			int a = r->class_rep[i], b = r->class_rep[j];
			if (result_hasse_edge(r, a, b))
				sb_printf(sb, "%s[%d,%d]", k++ ? "," : "", a, b);
		}
	sb_putc(sb, ']');

	k = 0;
	for (int m = 1; m <= n; m++)
		if (r->minimal[m])
			tmp[k++] = m;
	key(sb, "minimal");
	ids(sb, tmp, k);
	free(tmp);
}

static void json_unknowns(struct strbuf *sb, const struct result *r)
{
	key(sb, "unknown");
	sb_putc(sb, '[');
	for (int i = 0; i < r->nunknowns; i++) {
		const struct unknown *u = &r->unknowns[i];
		static const char *const kinds[] = { "equivalent", "duplicate",
						     "subsumes" };
		sb_printf(sb, "%s{\"kind\":\"%s\",\"of\":", i ? "," : "",
			  kinds[u->kind]);
		if (u->kind == U_EQUIVALENT)
			sb_printf(sb, "[%d]", u->b);
		else
			sb_printf(sb, "[%d,%d]", u->a, u->b);
		key(sb, "reason");
		sb_json_str(sb, u->reason);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
}

static void json_witnesses(struct strbuf *sb, const struct result *r)
{
	const struct analysis *an = r->an;
	key(sb, "witnesses");
	sb_putc(sb, '[');
	for (int i = 0; i < r->nwitnesses; i++) {
		const struct witness *w = &r->witnesses[i];
		static const char *const kinds[] = { "kills", "distinct",
						     "not-subsumes" };
		sb_printf(sb, "%s{\"kind\":\"%s\",\"of\":", i ? "," : "",
			  kinds[w->kind]);
		if (w->kind == W_KILLS)
			sb_printf(sb, "[%d]", w->a);
		else
			sb_printf(sb, "[%d,%d]", w->a, w->b);
		key(sb, "input");
		emit_input_json(sb, an, w->input);
		key(sb, "text");
		struct strbuf t = STRBUF_INIT;
		input_print(&t, an, w->input);
		sb_json_str(sb, t.buf);
		sb_release(&t);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
}

static void emit_result(struct strbuf *sb, const struct run *run,
			const struct result *r, bool timing)
{
	json_analysis(sb, r->an);
	json_mutants(sb, r);
	json_relations(sb, r);
	json_unknowns(sb, r);
	json_witnesses(sb, r);
	emit_claims_json(sb, run, r);
	sb_printf(sb, ",\"stats\":{\"solver_calls\":%u,\"lower_bound\":%u,"
		      "\"pool\":%u",
		  r->solver_calls, r->lower_bound, r->pool_size);
	if (timing)
		sb_printf(sb, ",\"time_ms\":%.3f", r->time_ms);
	sb_puts(sb, "}}");
}

void emit_json(struct strbuf *sb, const struct run *run)
{
	sb_printf(sb, "{\"tool\":\"subsume\",\"version\":\"%s\",\"z3\":\"%s\","
		      "\"results\":[",
		  SUBSUME_VERSION, smt_version());
	for (int i = 0; i < run->n; i++) {
		if (i)
			sb_puts(sb, ",\n");
		else
			sb_puts(sb, "\n");
		emit_result(sb, run, run->results[i], run->timing);
	}
	sb_puts(sb, "\n]}\n");
}
