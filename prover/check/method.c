/*
 * method.c - method-level verdicts (check/method.h).
 */
#include "check/method.h"

#include <ctype.h>
#include <string.h>

#include "check/source.h"
#include "lang/javasrc-method.h"
#include "sem/mir.h"

static char *squeeze(struct arena *a, const char *s)
{
	char *r = arena_strdup(a, s), *p = r;
	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			*p++ = *s;
	*p = 0;
	return r;
}

void check_method_attach(struct cgroup *g, int i, struct jsrc *f,
			 size_t start, const char *base, bool stmt)
{
	struct cmutant *m = &g->mutants[i];
	const char *why = NULL;
	if (stmt && strcmp(m->text, "<NO-OP>") && *m->text) {
		m->mwhy = "a statement mutant other than a deletion";
		return;
	}
	const struct mmethod *o = jsrc_method(f, g->a, start, NULL, &why);
	/* one original per method in the group: encoded once */
	for (int j = 0; o && j < i; j++) {
		const struct mmethod *p = g->mutants[j].mo;
		if (p && p->line == o->line && p->col == o->col) {
			o = p;
			break;
		}
	}
	struct mir_patch p = { start, squeeze(g->a, base), m->text, stmt };
	const struct mmethod *mm = o ? jsrc_method(f, g->a, start, &p, &why)
				     : NULL;
	if (mm) {
		m->mo = o;
		m->mm = mm;
	} else {
		m->mwhy = why;
	}
}

/* "max(a=2, b=2), fields x=0" */
static const char *call_text(struct arena *a, const struct mmethod *o,
			     const struct value *in)
{
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "%s(", o->name);
	int k = 0;
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_PARAM) {
			sb_printf(&sb, "%s%s=", k++ ? ", " : "", o->names[i]);
			value_print(&sb, o->types[i], in[i]);
		}
	sb_puts(&sb, ")");
	k = 0;
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_FIELD) {
			sb_printf(&sb, "%s%s=", k++ ? ", " : " with field ",
				  o->names[i]);
			value_print(&sb, o->types[i], in[i]);
		}
	char *r = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return r;
}

static void add_note(struct cgroup *g, struct cmutant *m, const char *what)
{
	m->note = m->note ? arena_printf(g->a, "%s; method level: %s", m->note,
					 what)
			  : arena_printf(g->a, "method level: %s", what);
}

static const char *where(struct cgroup *g, const struct mmethod *o)
{
	return arena_printf(g->a, "in %s at %s:%d:%d", o->name, o->file,
			    o->line, o->col);
}

/* A killing input from the solver, re-run exactly by the evaluator. */
static void killed(struct cgroup *g, struct cmutant *m, const struct value *in)
{
	const struct mmethod *o = m->mo;
	struct mrun ro, rm;
	mir_eval(o, in, 0, &ro);
	mir_eval(m->mm, in, 0, &rm);
	const char *call = call_text(g->a, o, in);
	if (ro.overflow || rm.overflow || !mir_differs(o, &ro, &rm)) {
		add_note(g, m, arena_printf(g->a, "the solver's killing input "
			 "%s did not re-check in the evaluator (not used)", call));
		return;
	}
	const char *how = arena_printf(g->a, "killed by %s: the original %s, "
		"the mutant %s", call, mir_describe(g->a, o, in, &ro),
		mir_describe(g->a, m->mm, in, &rm));
	if (m->v == CV_DUPLICATE || m->v == CV_SUBSUMED ||
	    m->v == CV_REDUNDANT) {
		add_note(g, m, how); /* the expression-level claim stays */
		return;
	}
	if (m->v == CV_EQUIVALENT) { /* a semantic mismatch: say so */
		add_note(g, m, arena_printf(g->a, "%s, but the mutant is "
			 "equivalent in its expression: not used", how));
		return;
	}
	m->v = CV_KILLABLE;
	m->by = NULL;
	m->detail = how;
	m->level = CL_METHOD;
	m->note = arena_printf(g->a, "method level: %s", where(g, o));
}

/* Cheap first: inputs from boundary values and a fixed-seed generator,
 * run by the evaluator with the loop bound (a cut run says nothing);
 * true and in[] when one tells the methods apart.  Most killable
 * mutants end here, without a solver call (the same whatever -j). */
#define TRIES 48

static bool tested(const struct cmutant *m, unsigned bound, struct value *in)
{
	static const int64_t pool[] = { 0, 1, -1, 2, 3, -2, 7, 100,
					2147483647, -2147483648LL };
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	const struct mmethod *o = m->mo;
	for (int k = 0; k < TRIES; k++) {
		for (int i = 0; i < o->nvars; i++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			uint64_t r = seed >> 33;
			int64_t v = k < 8 ? pool[(k + i) % 8]
				    : r % 3 ? pool[r % 10] : (int64_t)(r % 401) - 200;
			in[i] = type_wrap(o->types[i], v);
		}
		struct mrun ro, rm;
		mir_eval(o, in, bound, &ro);
		mir_eval(m->mm, in, bound, &rm);
		if (!ro.cut && !rm.cut && !ro.overflow && !rm.overflow &&
		    mir_differs(o, &ro, &rm))
			return true;
	}
	return false;
}

static void decide(struct cgroup *g, struct cmutant *m, struct mir_smt *S,
		   const struct check_opts *opts)
{
	struct value in[MAX_VARS];
	const char *reason = NULL;
	unsigned bound = opts->unroll ? opts->unroll : MIR_DEFAULT_UNROLL;
	if (tested(m, bound, in)) {
		killed(g, m, in);
		return;
	}
	switch (mir_smt_check(S, m->mm, in, &reason)) {
	case MIR_EQUIVALENT:
		m->v = CV_EQUIVALENT;
		m->by = NULL;
		m->detail = arena_printf(g->a, "equivalent in its method: no "
			"input makes %s return, throw or leave the fields it "
			"names differently", m->mo->name);
		m->level = CL_METHOD;
		m->note = arena_printf(g->a, "method level: %s%s", where(g, m->mo),
				       m->mo->nloops ? ", every loop bounded" : "");
		return;
	case MIR_BOUNDED:
		add_note(g, m, arena_printf(g->a, "equivalent up to %u loop "
			 "iterations (a loop can run longer: no proof)", bound));
		return;
	case MIR_KILLED:
		killed(g, m, in);
		return;
	case MIR_UNKNOWN:
		add_note(g, m, arena_printf(g->a, "unknown (%s)", reason));
		return;
	}
}

void check_method_verdicts(struct cgroup *g, const struct check_opts *opts)
{
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		if (m->mwhy)
			add_note(g, m, arena_printf(g->a, "not modelled: %s",
						    m->mwhy));
		if (!m->mm || m->mdone)
			continue;
		struct mir_smt *S = mir_smt_new(m->mo, opts->unroll,
						opts->timeout_ms, opts->rlimit);
		for (int j = i; j < g->nmutants; j++) {
			struct cmutant *n = &g->mutants[j];
			if (n->mm && !n->mdone && n->mo == m->mo) {
				decide(g, n, S, opts);
				n->mdone = true;
			}
		}
		g->solver_calls += mir_smt_calls(S);
		mir_smt_free(S);
	}
}
