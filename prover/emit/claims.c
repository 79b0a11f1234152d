/*
 * claims.c - checked claims (prove/claims.h) in JSON, as a Markdown
 * section of the report, and as docs/audit.md (`subsume audit`).
 */
#include "emit/emit.h"

#include <string.h>

/* Markdown text: punctuation escaped, '|' too, newlines as spaces. */
static void md_text(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_[]<>#!~|", *s))
			sb_putc(sb, '\\');
		sb_putc(sb, *s == '\n' || *s == '\r' ? ' ' : *s);
	}
}

/* A code span; '|' escaped for tables, a backtick widens the fence. */
static void md_code(struct strbuf *sb, const char *s)
{
	bool tick = strchr(s, '`') != NULL;
	sb_puts(sb, tick ? "`` " : "`");
	for (; *s; s++) {
		if (*s == '|')
			sb_puts(sb, "\\|");
		else
			sb_putc(sb, *s == '\n' ? ' ' : *s);
	}
	sb_puts(sb, tick ? " ``" : "`");
}

static const char *const wkinds[] = { "kills", "distinct", "not-subsumes" };

static void json_witness(struct strbuf *sb, const struct analysis *an,
			 const struct witness *w)
{
	sb_printf(sb, "{\"kind\":\"%s\",\"of\":", wkinds[w->kind]);
	if (w->kind == W_KILLS)
		sb_printf(sb, "[%d]", w->a);
	else
		sb_printf(sb, "[%d,%d]", w->a, w->b);
	sb_puts(sb, ",\"input\":");
	emit_input_json(sb, an, w->input);
	struct strbuf t = STRBUF_INIT;
	input_print(&t, an, w->input);
	sb_puts(sb, ",\"text\":");
	sb_json_str(sb, t.buf);
	sb_reset(&t);
	claim_witness_print(&t, an, w);
	sb_puts(sb, ",\"says\":");
	sb_json_str(sb, t.buf);
	sb_release(&t);
	sb_putc(sb, '}');
}

static void json_claim(struct strbuf *sb, const struct claim_outcome *o)
{
	const struct claim *c = o->c;
	struct strbuf t = STRBUF_INIT;
	claim_print(&t, c);
	sb_puts(sb, "{\"claim\":");
	sb_json_str(sb, t.buf);
	sb_release(&t);
	sb_printf(sb, ",\"kind\":\"%s\",\"mutants\":[",
		  claim_kind_name(c->kind));
	for (int i = 0; i < c->n; i++)
		sb_printf(sb, "%s%d", i ? "," : "", c->ids[i]);
	sb_puts(sb, "],\"assume\":");
	if (c->assume_text)
		sb_json_str(sb, c->assume_text);
	else
		sb_puts(sb, "null");
	sb_printf(sb, ",\"line\":%d,\"status\":\"%s\",\"reason\":", c->loc.line,
		  claim_status_name(o->status));
	sb_json_str(sb, o->reason);
	if (c->rule) {
		sb_puts(sb, ",\"rule\":");
		sb_json_str(sb, c->rule);
	}
	if (c->source) {
		sb_puts(sb, ",\"source\":");
		sb_json_str(sb, c->source);
	}
	sb_puts(sb, ",\"witnesses\":[");
	for (int w = 0; w < o->nwitnesses; w++) {
		if (w)
			sb_putc(sb, ',');
		json_witness(sb, o->r->an, &o->witnesses[w]);
	}
	sb_puts(sb, "]}");
}

void emit_claims_json(struct strbuf *sb, const struct run *run,
		      const struct result *r)
{
	int k = 0;
	for (int i = 0; i < run->nclaims; i++) {
		if (run->claims[i].c->base != r->an)
			continue;
		sb_puts(sb, k++ ? "," : ",\"claims\":[");
		json_claim(sb, &run->claims[i]);
	}
	if (k)
		sb_putc(sb, ']');
}

/* The verdict cell: status, reason, witnesses in code spans. */
static void md_verdict(struct strbuf *sb, const struct claim_outcome *o)
{
	sb_printf(sb, "**%s**: ", claim_status_name(o->status));
	md_text(sb, o->reason);
	for (int w = 0; w < o->nwitnesses; w++) {
		struct strbuf t = STRBUF_INIT;
		claim_witness_print(&t, o->r->an, &o->witnesses[w]);
		sb_puts(sb, w ? "; " : ": ");
		md_code(sb, t.buf);
		sb_release(&t);
	}
}

static void md_claim_text(struct strbuf *sb, const struct claim *c)
{
	struct strbuf t = STRBUF_INIT;
	claim_print(&t, c);
	md_code(sb, t.buf);
	sb_release(&t);
}

void emit_claims_md(struct strbuf *sb, const struct run *run)
{
	if (!run->nclaims)
		return;
	sb_puts(sb, "\n## Claims\n\n| Theory | Target | Domain | Claim | "
		    "Verdict |\n|---|---|---|---|---|\n");
	for (int i = 0; i < run->nclaims; i++) {
		const struct claim_outcome *o = &run->claims[i];
		const struct analysis *an = o->c->base;
		sb_puts(sb, "| ");
		md_text(sb, an->theory->name);
		sb_puts(sb, " | ");
		md_code(sb, an->target->name);
		sb_puts(sb, " | ");
		md_text(sb, an->domain->name);
		sb_puts(sb, " | ");
		md_claim_text(sb, o->c);
		sb_puts(sb, " | ");
		md_verdict(sb, o);
		sb_puts(sb, " |\n");
	}
}

/* The types (and assumptions) of an analysis: "int a, int b". */
static void semantics(struct strbuf *sb, const struct analysis *an)
{
	for (int v = 0; v < an->nvars; v++)
		sb_printf(sb, "%s%s %s", v ? ", " : "",
			  type_name(an->var_types[v]), an->var_names[v]);
	if (an->assume_text)
		sb_printf(sb, "; assume %s", an->assume_text);
}

/* "c (data-model: lp64, ..., ub: outcome)", "java", and the theory's
 * float-compare when it has floating point: "java (float-compare:
 * identical)". */
static void language(struct strbuf *sb, const struct theory *th)
{
	const char *o = th->profile->options;
	const char *f = th->uses_float ? theory_float_option(th) : "";
	if (!*o && !*f) {
		sb_puts(sb, th->profile->name);
		return;
	}
	sb_printf(sb, "%s (%s%s%s)", th->profile->name, o, *o && *f ? ", " : "",
		  f);
}

/* Claims i and j come from the same rule (one claim, several domains). */
static bool same_rule(const struct claim_outcome *x, const struct claim_outcome *y)
{
	return x->c->base->theory == y->c->base->theory &&
	       x->c->loc.line == y->c->loc.line &&
	       x->c->loc.col == y->c->loc.col;
}

/* The rules of claims[i..), counted by status; the index after them. */
static int rules_of(const struct run *run, int i, int *nrules, int cnt[3])
{
	const struct theory *th = run->claims[i].c->base->theory;
	int j = i;
	for (; j < run->nclaims && run->claims[j].c->base->theory == th; j++) {
		cnt[run->claims[j].status]++;
		*nrules += j == i || !same_rule(&run->claims[j - 1], &run->claims[j]);
	}
	return j;
}

static void summary(struct strbuf *sb, const struct run *run)
{
	int all[3] = { 0 }, allrules = 0;
	sb_puts(sb, "| Tool (theory) | Language | Rules | Checks (rule x type) "
		    "| Proven | Refuted | Unknown |\n"
		    "|---|---|---:|---:|---:|---:|---:|\n");
	for (int i = 0; i < run->nclaims;) {
		const struct theory *th = run->claims[i].c->base->theory;
		int cnt[3] = { 0 }, nrules = 0;
		int j = rules_of(run, i, &nrules, cnt);
		sb_puts(sb, "| ");
		md_text(sb, th->description ? th->description : th->name);
		sb_puts(sb, " (");
		md_text(sb, th->name);
		sb_printf(sb, ") | %s | %d | %d | %d | %d | %d |\n",
			  th->profile->name, nrules, j - i, cnt[CS_PROVEN],
			  cnt[CS_REFUTED], cnt[CS_UNKNOWN]);
		for (int s = 0; s < 3; s++)
			all[s] += cnt[s];
		allrules += nrules;
		i = j;
	}
	sb_printf(sb, "| **all** | | %d | %d | %d | %d | %d |\n", allrules,
		  run->nclaims, all[CS_PROVEN], all[CS_REFUTED], all[CS_UNKNOWN]);
}

/* One rule: the claims[i..j) of its domains. */
static void rule(struct strbuf *sb, int no, const struct run *run, int i, int j)
{
	const struct claim *c = run->claims[i].c;
	sb_printf(sb, "%d. ", no);
	if (c->rule)
		md_text(sb, c->rule);
	else
		md_claim_text(sb, c);
	sb_puts(sb, "\n   - source: ");
	md_text(sb, c->source ? c->source : "(not given)");
	sb_printf(sb, "; claim at %s:%d\n   - target ", c->base->theory->file,
		  c->loc.line);
	md_code(sb, c->base->orig_text);
	sb_puts(sb, ", claim ");
	md_claim_text(sb, c);
	sb_putc(sb, '\n');
	for (int k = i; k < j; k++) {
		struct strbuf t = STRBUF_INIT;
		semantics(&t, run->claims[k].r->an);
		sb_puts(sb, "   - ");
		md_text(sb, t.buf);
		sb_puts(sb, ": ");
		md_verdict(sb, &run->claims[k]);
		sb_putc(sb, '\n');
		sb_release(&t);
	}
}

/* Every refuted check in one table, after the summary. */
static void refuted(struct strbuf *sb, const struct run *run)
{
	sb_puts(sb, "\nRefuted:\n\n| Tool | Rule | Semantics | Verdict |\n"
		    "|---|---|---|---|\n");
	for (int i = 0; i < run->nclaims; i++) {
		const struct claim_outcome *o = &run->claims[i];
		const struct theory *th = o->c->base->theory;
		if (o->status != CS_REFUTED)
			continue;
		sb_puts(sb, "| ");
		md_text(sb, th->description ? th->description : th->name);
		sb_puts(sb, " | ");
		if (o->c->rule)
			md_text(sb, o->c->rule);
		else
			md_claim_text(sb, o->c);
		sb_puts(sb, " | ");
		language(sb, th);
		sb_puts(sb, ": ");
		struct strbuf t = STRBUF_INIT;
		semantics(&t, o->r->an);
		md_text(sb, t.buf);
		sb_release(&t);
		sb_puts(sb, " | ");
		md_verdict(sb, o);
		sb_puts(sb, " |\n");
	}
}

void emit_audit_md(struct strbuf *sb, const struct run *run)
{
	sb_puts(sb, "# Audits: the hand-coded rules of mutation tools, "
		    "proven or refuted\n\n"
		    "Generated by `subsume audit -o docs/audit.md "
		    "theories/audit` (`make audit`);\ndo not edit.  Each rule "
		    "is a claim (`expect:`) of a theory in `theories/audit/`\n"
		    "([docs/claims.md](claims.md)), checked for every type "
		    "its target lists; a\nrefuted check comes with witness "
		    "inputs that the concrete evaluator confirmed\nand "
		    "`tests/audit.t` re-runs compiled with gcc (UBSan) or "
		    "javac and the JVM.\n\n## Summary\n\n");
	summary(sb, run);
	refuted(sb, run);
	for (int i = 0; i < run->nclaims;) {
		const struct theory *th = run->claims[i].c->base->theory;
		sb_puts(sb, "\n## ");
		md_text(sb, th->description ? th->description : th->name);
		sb_puts(sb, "\n\n`");
		sb_puts(sb, th->file);
		sb_puts(sb, "`, language ");
		language(sb, th);
		sb_puts(sb, ".\n\n");
		int no = 1;
		while (i < run->nclaims && run->claims[i].c->base->theory == th) {
			int j = i + 1;
			while (j < run->nclaims &&
			       same_rule(&run->claims[i], &run->claims[j]))
				j++;
			rule(sb, no++, run, i, j);
			i = j;
		}
	}
}
