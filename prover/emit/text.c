/* emit_text.c - the human-readable report of `subsume prove`. */
#include "emit/emit.h"

#include <string.h>

static void vars_line(struct strbuf *sb, const struct analysis *an)
{
	for (int v = 0; v < an->nvars; v++) {
		sb_printf(sb, "%s%s %s", v ? ", " : "",
			  type_name(an->var_types[v]), an->var_names[v]);
	}
}

static const char *unknown_kind_name(enum unknown_kind k)
{
	return k == U_EQUIVALENT ? "equivalence"
	       : k == U_DUPLICATE ? "duplicate" : "subsumption";
}

/* The claims about r's analysis (prove/claims.h), one per line. */
static void emit_claims(struct strbuf *sb, const struct run *run,
			const struct result *r)
{
	for (int i = 0; i < run->nclaims; i++) {
		const struct claim_outcome *o = &run->claims[i];
		if (o->c->base != r->an)
			continue;
		sb_puts(sb, "  expect ");
		claim_print(sb, o->c);
		sb_printf(sb, ": %s (%s)\n", claim_status_name(o->status),
			  o->reason);
		for (int w = 0; w < o->nwitnesses; w++) {
			sb_puts(sb, "    witness: ");
			claim_witness_print(sb, o->r->an, &o->witnesses[w]);
			sb_putc(sb, '\n');
		}
	}
}

static void emit_result(struct strbuf *sb, const struct run *run,
			const struct result *r)
{
	bool timing = run->timing;
	const struct analysis *an = r->an;
	int n = r->n, width = 5;
	for (int m = 1; m <= n; m++) {
		int l = (int)strlen(an->mutants[m].label);
		if (l > width)
			width = l;
	}
	sb_printf(sb, "target %s: %s\n", an->target->name, an->orig_text);
	sb_printf(sb, "  domain %s: ", an->domain->name);
	vars_line(sb, an);
	sb_puts(sb, "\n");
	if (an->assume_text)
		sb_printf(sb, "  assume %s\n", an->assume_text);
	if (!an->observe.value || an->nvars) {
		bool any = false;
		for (int v = 0; v < an->nvars; v++)
			any |= an->observe.var[v];
		if (any) {
			sb_puts(sb, "  observe");
			if (an->observe.value)
				sb_puts(sb, " value");
			for (int v = 0; v < an->nvars; v++)
				if (an->observe.var[v])
					sb_printf(sb, " %s", an->var_names[v]);
			sb_puts(sb, "\n");
		}
	}
	int nmin = 0;
	for (int m = 1; m <= n; m++) {
		const struct mutant *mu = &an->mutants[m];
		int by;
		enum verdict v = result_verdict(r, m, &by);
		nmin += r->minimal[m];
		sb_printf(sb, "  %3d  %-*s  %-24s  ", m, width, mu->label, mu->text);
		switch (v) {
		case V_MINIMAL: sb_puts(sb, "minimal"); break;
		case V_EQUIVALENT: sb_puts(sb, "equivalent"); break;
		case V_UNKNOWN: sb_puts(sb, "unknown, kept"); break;
		case V_DUPLICATE:
			sb_printf(sb, "duplicate of %s", an->mutants[by].label);
			break;
		case V_SUBSUMED:
			sb_printf(sb, "subsumed by %s", an->mutants[by].label);
			break;
		}
		sb_puts(sb, "\n");
	}
	for (int i = 0; i < an->nskipped; i++)
		sb_printf(sb, "       %-*s  skipped: %s\n", width,
			  an->skipped[i].label, an->skipped[i].reason);
	sb_printf(sb, "  minimal set: %d of %d (%.1f%%):", nmin, n,
		  n ? 100.0 * nmin / n : 0.0);
	for (int m = 1; m <= n; m++)
		if (r->minimal[m])
			sb_printf(sb, " %s", an->mutants[m].label);
	sb_puts(sb, "\n");
	for (int i = 0; i < r->nunknowns; i++) {
		const struct unknown *u = &r->unknowns[i];
		sb_printf(sb, "  unknown %s of %s", unknown_kind_name(u->kind),
			  an->mutants[u->kind == U_EQUIVALENT ? u->b : u->a].label);
		if (u->kind != U_EQUIVALENT)
			sb_printf(sb, " and %s", an->mutants[u->b].label);
		sb_printf(sb, ": %s\n", u->reason);
	}
	emit_claims(sb, run, r);
	sb_printf(sb, "  solver calls: %u, test pool: %u inputs", r->solver_calls,
		  r->pool_size);
	if (timing)
		sb_printf(sb, ", %.1f ms", r->time_ms);
	sb_puts(sb, "\n\n");
}

void emit_text(struct strbuf *sb, const struct run *run)
{
	const struct theory *last = NULL;
	for (int i = 0; i < run->n; i++) {
		const struct result *r = run->results[i];
		if (r->an->theory != last) {
			last = r->an->theory;
			sb_printf(sb, "theory %s (%s)\n", last->name, last->file);
			if (last->profile != &profile_java || last->uses_float)
				sb_printf(sb, "language %s: %s%s%s\n",
					  last->profile->name,
					  last->profile->options,
					  last->uses_float && last->profile->options[0]
						  ? ", " : "",
					  last->uses_float
						  ? theory_float_option(last)
						  : "");
			sb_putc(sb, '\n');
		}
		emit_result(sb, run, r);
	}
}
