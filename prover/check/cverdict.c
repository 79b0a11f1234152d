/*
 * cverdict.c - the verdicts of a proven check site (check.h: enum
 * cverdict).  Equivalent, duplicate and subsumed come from the one
 * verdict module (prove.h: result_verdict_among(), which prove and
 * compare read results with too); check adds its own categories on
 * top: unsupported (a mutant that evaluates calls under other
 * conditions than the original is never proven anything), redundant by
 * table (table.c), killable with a witness in source syntax.
 */
#include "check/site.h"

#include <stdlib.h>
#include <string.h>

const char *cverdict_name(enum cverdict v)
{
	static const char *const names[CV_COUNT] = {
		[CV_EQUIVALENT] = "equivalent", [CV_DUPLICATE] = "duplicate",
		[CV_SUBSUMED] = "subsumed",     [CV_REDUNDANT] = "redundant",
		[CV_KILLABLE] = "killable",     [CV_UNKNOWN] = "unknown",
		[CV_UNSUPPORTED] = "unsupported", [CV_AMBIGUOUS] = "ambiguous",
	};
	return names[v];
}

static void describe_witness(struct strbuf *sb, const struct site *S,
			     const struct analysis *an, const struct value *in)
{
	int printed = 0;
	for (int v = 0; v < an->nvars; v++) {
		const char *name = an->var_names[v];
		if (name[0] == '$') {
			const struct opaque *o = &S->ops[atoi(name + 1) - 1];
			bool null_recv = false;
			for (int r = 0; o->recv && r < an->nvars; r++)
				if (S->ref[r] && !strcmp(S->names[r], o->recv) &&
				    in[r].bits == 0)
					null_recv = true;
			if (null_recv || (o->nonnull && !o->number))
				continue; /* an object, never null: not an input */
			if (S->ref[v]) { /* a reference: null or not, no number */
				sb_printf(sb, "%s%s%s", printed++ ? ", " : "", o->text,
					  in[v].bits ? "!=null" : "=null");
				continue;
			}
			sb_printf(sb, "%s%s=", printed++ ? ", " : "", o->text);
		} else if (S->ref[v]) {
			sb_printf(sb, "%s%s%s", printed++ ? ", " : "", name,
				  in[v].bits ? "!=null" : "=null");
			continue;
		} else {
			sb_printf(sb, "%s%s=", printed++ ? ", " : "", name);
		}
		value_print(sb, an->var_types[v], in[v]);
	}
	if (!printed)
		sb_puts(sb, "any input");
}

void site_unsupported(struct cgroup *g, struct cmutant *m, const char *why)
{
	m->v = CV_UNSUPPORTED;
	m->detail = arena_strdup(g->a, why);
}

/* A literal, a variable or an opaque value alone, maybe negated. */
static bool bare(const struct node *n)
{
	while (n->kind == N_UNARY && (n->op == OP_NEG || n->op == OP_PLUS))
		n = n->a;
	return n->kind == N_LIT || n->kind == N_VAR;
}

/* A killable mutant p: duplicate or subsumed as the verdict module
 * says (v, by, same), else redundant by table if live, else killable. */
static void killable_verdict(struct site *S, const struct analysis *an,
			     int p, enum verdict v, int by, bool same,
			     bool live, struct cmutant *m,
			     const struct cmutant *const *cm, bool refs)
{
	struct cgroup *g = S->g;
	/* A bare literal or variable from the log alone: every mutant
	 * changes its value on every input; how its consumer sees them
	 * is unknown (check/source.h), so no relation is claimed. */
	if ((v == V_DUPLICATE || v == V_SUBSUMED) && !S->cs->source &&
	    bare(an->orig))
		return;
	if (v == V_DUPLICATE) {
		m->v = CV_DUPLICATE;
		m->by = cm[by]->id;
		m->detail = arena_printf(g->a, "same outcome as %s on every "
					 "input; %s", m->by, m->detail);
		return;
	}
	if (v == V_SUBSUMED) {
		m->v = CV_SUBSUMED;
		m->by = cm[by]->id;
		m->detail = same ? arena_printf(g->a, "kills the same inputs as "
						"%s; %s", m->by, m->detail)
				 : arena_printf(g->a, "every input that kills %s "
						"kills it; %s", m->by, m->detail);
		return;
	}
	const char *tw;
	/* No table for references: only == and != exist on them; the
	 * table's shapes are Java's, proven under float-compare: identical. */
	if (live && !refs && !S->c &&
	    (!S->cs->floating || S->cs->fcmp == FCMP_IDENTICAL) &&
	    check_table(g->a, an->orig, an->mutants[p].expr,
					 S->opts->timeout_ms, &tw)) {
		m->v = CV_REDUNDANT;
		m->detail = arena_printf(g->a, "%s; %s", tw, m->detail);
	}
}

void site_verdicts(struct site *S, const struct analysis *an,
		   const struct cres *r, const int *idx, const int *back,
		   const bool *clean, bool refs)
{
	struct cgroup *g = S->g;
	int N = an->nmutants;
	bool *live = ANEWN(g->a, bool, (size_t)N + 1); /* clean, killable */
	const struct cmutant **cm = ANEWN(g->a, const struct cmutant *,
					  (size_t)N + 1);
	live[0] = false;
	for (int p = 1; p <= N; p++) {
		live[p] = clean[p] && r->equiv[p] == R_NO;
		cm[p] = &g->mutants[idx[back[p]]];
	}
	struct result rv = { .an = an, .n = r->n, .equiv = r->equiv,
			     .dup = r->dup, .sub = r->sub };
	for (int p = 1; p <= N; p++) {
		struct cmutant *m = &g->mutants[idx[back[p]]];
		int by;
		bool same;
		enum verdict v = result_verdict_among(&rv, p, live, &by, &same);
		if (v == V_UNKNOWN) {
			const char *reason = r->ureason[p] ? r->ureason[p] : "unknown";
			m->v = CV_UNKNOWN;
			m->detail = arena_printf(g->a, "the solver could not "
						 "decide equivalence: %s", reason);
			continue;
		}
		if (v == V_EQUIVALENT) {
			if (clean[p]) {
				m->v = CV_EQUIVALENT;
				m->detail = "proven: no input kills it";
			} else {
				m->v = CV_UNSUPPORTED;
				m->detail = "no input kills it in the model, but it "
					    "evaluates calls under other conditions "
					    "than the original (side effects and "
					    "exceptions of calls are not modelled)";
			}
			continue;
		}
		/* Killable: the witness. */
		struct strbuf sb = STRBUF_INIT;
		describe_witness(&sb, S, an, r->kill[p]);
		const char *wit = arena_strdup(g->a, sb.len ? sb.buf : "?");
		sb_release(&sb);
		m->v = CV_KILLABLE;
		m->detail = arena_printf(g->a, "killed by %s", wit);
		killable_verdict(S, an, p, v, by, same, live[p], m, cm, refs);
		if (r->pcut[p] && (m->v == CV_KILLABLE || m->v == CV_SUBSUMED))
			m->detail = arena_printf(g->a, "duplicate and subsumption "
						 "questions unknown (%s); %s",
						 r->pcut[p], m->detail);
	}
}
