/*
 * cmethod.c - C sites judged in their function (check/method.h):
 * a YAML site with `source`, `function` and `line` (check/yaml.c) names
 * the C function around its original; with --method each of its
 * mutants gets the function's IR, original and mutated
 * (lang/csrc.h), before the method-level verdicts.  A reader that
 * knows a C mutant's bytes (a mutation-testing-elements report,
 * check/mte.c) attaches it with check_cmethod_attach_at().
 */
#include "check/method.h"

#include <string.h>

#include "lang/csrc.h"

/* The IR of the mutants of site si of g. */
static void attach_site(struct cgroup *g, int si)
{
	struct csite *cs = &g->sites[si];
	const char *why = NULL, *swhy = NULL;
	struct csrc *f = csrc_open(cs->csource, g->a, &why);
	size_t eb = 0, ee = 0, sb = 0, se = 0;
	bool have_e = f && !csrc_find(f, g->a, cs->cfunc, cs->cline, cs->orig,
				      false, &eb, &ee, &why);
	bool have_s = f && cs->discarded &&
		      !csrc_find(f, g->a, cs->cfunc, cs->cline, cs->orig, true,
				 &sb, &se, &swhy);
	const struct mmethod *o = NULL;
	if (f && (have_e || have_s))
		o = csrc_method(f, cs->profile, g->a, cs->cfunc, 0, 0, NULL,
				false, &why);
	for (int i = 0; i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		if (m->site != si || m->mo || m->mwhy)
			continue;
		bool del = !*m->text;
		const struct mmethod *mm = NULL;
		const char *mwhy = why;
		if (o && del && !have_s)
			mwhy = swhy ? swhy : "a deletion of a statement not found";
		else if (o && !del && !have_e)
			mwhy = why;
		else if (o)
			mm = csrc_method(f, cs->profile, g->a, cs->cfunc,
					 del ? sb : eb, del ? se : ee, m->text,
					 del, &mwhy);
		if (mm) {
			m->mo = o;
			m->mm = mm;
		} else {
			m->mwhy = mwhy ? mwhy : "not modelled";
		}
	}
	csrc_free(f);
}

void check_cmethod_attach_at(struct cgroup *g, int i, struct csrc *f,
			     const struct profile *pf, size_t b, size_t e,
			     bool stmt)
{
	struct cmutant *m = &g->mutants[i];
	const char *why = NULL, *fn = csrc_function_at(f, g->a, b, e);
	if (!fn) {
		m->mwhy = "it is not inside a function's body";
		return;
	}
	/* one original per function in the group: encoded once */
	const struct mmethod *o = NULL;
	for (int j = 0; j < i && !o; j++) {
		const struct mmethod *p = g->mutants[j].mo;
		if (p && p->profile == pf && !strcmp(p->name, fn))
			o = p;
	}
	if (!o)
		o = csrc_method(f, pf, g->a, fn, 0, 0, NULL, false, &why);
	const struct mmethod *mm = o ? csrc_method(f, pf, g->a, fn, b, e,
						   m->text, stmt, &why)
				     : NULL;
	if (mm && mm->ncallees > o->ncallees) {
		m->mwhy = "the mutant calls a function its original does not";
	} else if (mm) {
		m->mo = o;
		m->mm = mm;
	} else {
		m->mwhy = why ? why : "not modelled";
	}
}

void check_cmethod_attach(struct cgroup *g)
{
	for (int si = 0; si < g->nsites; si++)
		if (g->sites[si].cfunc && g->sites[si].profile)
			attach_site(g, si);
}
