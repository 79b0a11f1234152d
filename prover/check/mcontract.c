/*
 * mcontract.c - the contracts of opaque calls (configs/contracts.yaml,
 * check/contracts.c) at method level (sem/mir.h: Contracts): every call
 * whose result the method uses and whose callee a contract names (the
 * rule of contract_matches(), the expression level's) gets the
 * contract's `assume`, parsed and typed as the expression level does,
 * over the call's result variable (mstmt.assume).  The evaluator and
 * the encoding read it there; the method cache's key holds it.
 *
 * C: a call at method level is a statement (lang/csrc-mstmt.c), its
 * result never used, so `assume` and `returns` have nothing to
 * constrain; a call to a function that a contract defines by its value
 * (abs(int x)) is not modelled (it would be the value, not an event).
 */
#include "check/method.h"

#include <string.h>

/* The final method of a callee's name ("size", "Helper.f" -> "f"), or
 * NULL for a constructor. */
static const char *final_name(const struct mcallee *c)
{
	if (!strncmp(c->name, "new ", 4))
		return NULL;
	const char *d = strrchr(c->name, '.');
	return d ? d + 1 : c->name;
}

/* The contract assumption of call s of m (texts joined by &&) typed
 * over its result variable; NULL and *why (a refusal) or none. */
static const struct node *assume_of(struct arena *a, const struct mmethod *m,
				    const struct mstmt *s,
				    const struct contracts *cts,
				    const char **why)
{
	const struct mcallee *c = &m->callees[s->callee];
	const char *name = final_name(c);
	const struct profile *pf = m->profile;
	struct strbuf sb = STRBUF_INIT;
	for (int k = 0; name && k < cts->n; k++) {
		const struct contract *ct = &cts->c[k];
		if (!contract_matches(ct, pf, name, c->nargs - (int)c->recv))
			continue;
		if (ct->value) {
			*why = arena_printf(a, "a call to %s, which a contract "
					    "defines by its value (%s(...) is "
					    "inlined at expression level only)",
					    c->name, ct->method);
			sb_release(&sb);
			return NULL;
		}
		if (ct->assume && s->e)
			sb_printf(&sb, "%s(%s)", sb.len ? " && " : "", ct->assume);
	}
	const struct type *t = s->e ? s->e->type : NULL;
	if (!sb.len || !t || (m->refs >> s->e->var & 1) ||
	    !type_is_numeric(t)) { /* numeric results only, as at a site */
		sb_release(&sb);
		return NULL;
	}
	const char *names[MIR_MAX_VARS];
	for (int i = 0; i < m->nvars; i++)
		names[i] = i == s->e->var ? "value" : "\001";
	struct strbuf err = STRBUF_INIT;
	struct expr_src es = { .text = arena_strdup(a, sb.buf), .quiet = true };
	struct node *n = pf ? parse_expr_in(pf, a, &es, false)
			    : parse_expr(a, &es, false);
	struct type_env env = { .nvars = m->nvars, .names = names,
				.types = m->types, .no_side_effects = true,
				.errmsg = &err, .arena = a, .profile = pf };
	if (!n || type_expr(n, &env, &es) < 0 ||
	    n->type->kind != TK_BOOLEAN)
		*why = arena_printf(a, "the contract of %s (%s) does not type "
				    "over its %s result", c->name, sb.buf,
				    type_name(t));
	sb_release(&sb);
	sb_release(&err);
	return *why ? NULL : n;
}

/* Every call of s's tree: its assumption; false and *why on a refusal. */
static bool attach(struct arena *a, const struct mmethod *m, struct mstmt *s,
		   const struct contracts *cts, const char **why)
{
	if (!s)
		return true;
	if (s->kind == MS_CALL) {
		s->assume = assume_of(a, m, s, cts, why);
		if (*why)
			return false;
	}
	for (int i = 0; i < s->nkids; i++)
		if (!attach(a, m, s->kids[i], cts, why))
			return false;
	return attach(a, m, s->body, cts, why) && attach(a, m, s->els, cts, why) &&
	       attach(a, m, s->update, cts, why);
}

void check_method_contracts(struct cgroup *g, const struct check_opts *opts)
{
	const struct contracts *cts = opts->contracts;
	for (int i = 0; cts && i < g->nmutants; i++) {
		struct cmutant *m = &g->mutants[i];
		if (!m->mm)
			continue;
		const char *why = NULL;
		bool done = false; /* its original, shared: once */
		for (int j = 0; j < i && !done; j++)
			done = g->mutants[j].mo == m->mo && g->mutants[j].mm;
		if ((!done && !attach(g->a, m->mo, m->mo->body, cts, &why)) ||
		    !attach(g->a, m->mm, m->mm->body, cts, &why)) {
			m->mwhy = why;
			m->mo = m->mm = NULL;
		}
	}
}
