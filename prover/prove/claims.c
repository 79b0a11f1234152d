/*
 * claims.c - check a claim against a proven result.  See claims.h.
 */
#include "prove/claims.h"
#include "sem/eval.h"

#include <stdarg.h>
#include <string.h>

const char *claim_status_name(enum claim_status s)
{
	return s == CS_PROVEN ? "proven" : s == CS_REFUTED ? "refuted"
							   : "unknown";
}

struct check {
	struct arena *a;
	const struct result *r;
	const struct analysis *an;
	struct claim_outcome o;
	int cap;
};

static const char *label(const struct check *k, int m)
{
	return k->an->mutants[m].label;
}

static bool differs(const struct analysis *an, int p, int q,
		    const struct value *in)
{
	struct outcome x, y;
	eval_outcome(p ? an->mutants[p].expr : an->orig, an->nvars, in, &x);
	eval_outcome(q ? an->mutants[q].expr : an->orig, an->nvars, in, &y);
	if (x.overflow || y.overflow)
		BUG("a claim's witness is undecided by the evaluator");
	return outcome_differs(&an->observe, an->nvars, &x, &y);
}

/* Does the evaluator confirm w (the assumptions hold, and it shows what
 * its kind says)? */
static bool confirmed(const struct analysis *an, const struct witness *w)
{
	bool undecided = false;
	if (!eval_holds(an->assume, an->nvars, w->input, &undecided) ||
	    undecided)
		return false;
	switch (w->kind) {
	case W_KILLS:
		return differs(an, 0, w->a, w->input);
	case W_NOT_SUBSUMES:
		return differs(an, 0, w->a, w->input) &&
		       !differs(an, 0, w->b, w->input);
	case W_DISTINCT:
		return differs(an, w->a, w->b, w->input);
	}
	return false;
}

/* Add the result's witness of kind for mutants a and b (read through
 * their duplicate representatives), reported with a and b. */
static void add_witness(struct check *k, enum witness_kind kind, int a, int b)
{
	const struct result *r = k->r;
	int ra = r->dup[a] > 0 ? r->dup[a] : a;
	int rb = b > 0 && r->dup[b] > 0 ? r->dup[b] : b;
	if (kind == W_DISTINCT && ra > rb) {
		int t = ra;
		ra = rb;
		rb = t;
	}
	for (int i = 0; i < r->nwitnesses; i++) {
		const struct witness *w = &r->witnesses[i];
		if (w->kind != kind || w->a != ra || (kind != W_KILLS && w->b != rb))
			continue;
		if (k->o.nwitnesses == k->cap) {
			k->cap = k->cap ? 2 * k->cap : 4;
			struct witness *nw = ANEWN(k->a, struct witness,
						   (size_t)k->cap);
			if (k->o.nwitnesses)
				memcpy(nw, k->o.witnesses,
				       (size_t)k->o.nwitnesses * sizeof(*nw));
			k->o.witnesses = nw;
		}
		struct witness *d = &k->o.witnesses[k->o.nwitnesses++];
		*d = *w;
		d->a = a;
		d->b = kind == W_KILLS ? 0 : b;
		if (!confirmed(k->an, d))
			BUG("the evaluator does not confirm a claim's witness "
			    "(%d, %d)", a, b);
		return;
	}
	BUG("no witness for a proven negative answer (%d, %d, %d)", (int)kind,
	    a, b);
}

static void set(struct check *k, enum claim_status s, const char *fmt, ...)
	PRINTF(3, 4);
static void set(struct check *k, enum claim_status s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct strbuf sb = STRBUF_INIT;
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	k->o.status = s;
	k->o.reason = arena_strdup(k->a, sb.buf);
	sb_release(&sb);
}

/* The reason of the first unknown answer about mutant m (or any, m = 0). */
static const char *unknown_reason(const struct check *k, int m)
{
	for (int i = 0; i < k->r->nunknowns; i++) {
		const struct unknown *u = &k->r->unknowns[i];
		if (!m || u->b == m || (u->kind != U_EQUIVALENT && u->a == m))
			return u->reason;
	}
	return "an answer it needs is unknown";
}

static void check_equivalent(struct check *k, int m)
{
	if (k->r->equiv[m] == R_YES)
		set(k, CS_PROVEN, "no input kills it");
	else if (k->r->equiv[m] == R_UNKNOWN)
		set(k, CS_UNKNOWN, "%s", unknown_reason(k, m));
	else {
		set(k, CS_REFUTED, "an input kills it");
		add_witness(k, W_KILLS, m, 0);
	}
}

/* Same outcome everywhere? */
static void check_pair_dup(struct check *k, int a, int b)
{
	const struct result *r = k->r;
	if (r->equiv[a] == R_UNKNOWN || r->equiv[b] == R_UNKNOWN) {
		set(k, CS_UNKNOWN, "%s",
		    unknown_reason(k, r->equiv[a] == R_UNKNOWN ? a : b));
	} else if (r->equiv[a] == R_YES && r->equiv[b] == R_YES) {
		set(k, CS_PROVEN, "both are equivalent to the original");
	} else if (r->equiv[a] == R_YES || r->equiv[b] == R_YES) {
		int kil = r->equiv[a] == R_YES ? b : a;
		set(k, CS_REFUTED, "%s is equivalent to the original, %s is "
				   "not",
		    label(k, kil == a ? b : a), label(k, kil));
		add_witness(k, W_KILLS, kil, 0);
	} else if (r->dup[a] == r->dup[b]) {
		set(k, CS_PROVEN, "same outcome on every input");
	} else {
		bool found = false;
		int ra = r->dup[a], rb = r->dup[b];
		for (int i = 0; i < r->nwitnesses && !found; i++)
			found = r->witnesses[i].kind == W_DISTINCT &&
				r->witnesses[i].a == (ra < rb ? ra : rb) &&
				r->witnesses[i].b == (ra < rb ? rb : ra);
		if (!found) {
			set(k, CS_UNKNOWN, "%s", unknown_reason(k, b));
			return;
		}
		set(k, CS_REFUTED, "%s and %s differ", label(k, a), label(k, b));
		add_witness(k, W_DISTINCT, a, b);
	}
}

static void check_duplicates(struct check *k)
{
	const struct claim *c = k->o.c;
	for (int i = 1; i < c->n; i++) {
		check_pair_dup(k, c->ids[0], c->ids[i]);
		if (k->o.status != CS_PROVEN)
			return;
	}
}

static void check_subsumes(struct check *k, int a, int b)
{
	const struct result *r = k->r;
	if (r->equiv[a] == R_UNKNOWN || r->equiv[b] == R_UNKNOWN) {
		set(k, CS_UNKNOWN, "%s",
		    unknown_reason(k, r->equiv[a] == R_UNKNOWN ? a : b));
	} else if (r->equiv[a] == R_YES) {
		set(k, CS_REFUTED, "%s is equivalent (proven): no input kills "
				   "it, so it subsumes nothing",
		    label(k, a));
	} else if (r->equiv[b] == R_YES) {
		set(k, CS_REFUTED, "%s is equivalent to the original "
				   "(proven), %s is not",
		    label(k, b), label(k, a));
		add_witness(k, W_KILLS, a, 0);
	} else if (SUB(r, a, b) == R_YES) {
		set(k, CS_PROVEN, "every input that kills %s kills %s",
		    label(k, a), label(k, b));
	} else if (SUB(r, a, b) == R_NO) {
		set(k, CS_REFUTED, "an input kills %s, not %s", label(k, a),
		    label(k, b));
		add_witness(k, W_NOT_SUBSUMES, a, b);
	} else {
		set(k, CS_UNKNOWN, "%s", unknown_reason(k, b));
	}
}

/* m is in the minimal set and killable: refute its redundancy with an
 * input per other kept mutant that kills that one, not m. */
static void refute_redundant(struct check *k, int m, const char *claimed)
{
	const struct result *r = k->r;
	for (int x = 1; x <= r->n; x++)
		if (x != m && r->minimal[x] && r->equiv[x] == R_UNKNOWN) {
			set(k, CS_UNKNOWN, "%s", unknown_reason(k, x));
			return;
		}
	for (int x = 1; x <= r->n; x++)
		if (x != m && r->minimal[x] && r->equiv[x] == R_NO &&
		    SUB(r, x, m) != R_NO) {
			set(k, CS_UNKNOWN, "%s", unknown_reason(k, m));
			return;
		}
	set(k, CS_REFUTED, "%s is in the minimal set%s: an input kills it and "
			   "no other kept mutant subsumes it",
	    label(k, m), claimed);
	add_witness(k, W_KILLS, m, 0);
	for (int x = 1; x <= r->n; x++)
		if (x != m && r->minimal[x] && r->equiv[x] == R_NO)
			add_witness(k, W_NOT_SUBSUMES, x, m);
}

static void check_redundant(struct check *k, int m)
{
	int by;
	enum verdict v = result_verdict(k->r, m, &by);
	switch (v) {
	case V_EQUIVALENT:
		set(k, CS_PROVEN, "equivalent");
		break;
	case V_DUPLICATE:
		set(k, CS_PROVEN, "duplicate of %s", label(k, by));
		break;
	case V_SUBSUMED:
		set(k, CS_PROVEN, "subsumed by %s", label(k, by));
		break;
	case V_UNKNOWN:
		set(k, CS_UNKNOWN, "%s", unknown_reason(k, m));
		break;
	case V_MINIMAL:
		refute_redundant(k, m, "");
		break;
	}
}

static bool claimed(const struct claim *c, int m)
{
	for (int i = 0; i < c->n; i++)
		if (c->ids[i] == m)
			return true;
	return false;
}

static void check_minimal(struct check *k)
{
	const struct claim *c = k->o.c;
	const struct result *r = k->r;
	/* A kept mutant the claim leaves out. */
	for (int m = 1; m <= r->n; m++)
		if (r->minimal[m] && !claimed(c, m) && r->equiv[m] == R_NO) {
			refute_redundant(k, m, ", not in the claimed set");
			if (k->o.status == CS_REFUTED)
				return;
		}
	/* A claimed mutant that is not kept. */
	for (int i = 0; i < c->n; i++) {
		int m = c->ids[i], by;
		if (r->minimal[m])
			continue;
		enum verdict v = result_verdict(r, m, &by);
		if (v == V_EQUIVALENT)
			set(k, CS_REFUTED, "%s is equivalent (proven)",
			    label(k, m));
		else
			set(k, CS_REFUTED, "%s is %s %s (proven)", label(k, m),
			    v == V_DUPLICATE ? "a duplicate of" : "subsumed by",
			    label(k, by));
		return;
	}
	if (r->nunknowns) {
		set(k, CS_UNKNOWN, "%s", unknown_reason(k, 0));
		return;
	}
	for (int m = 1; m <= r->n; m++)
		if (r->minimal[m] && !claimed(c, m)) {
			set(k, CS_UNKNOWN, "%s is kept (its equivalence is "
					   "unknown)",
			    label(k, m));
			return;
		}
	set(k, CS_PROVEN, "exactly the minimal set");
}

struct claim_outcome claim_check(struct arena *a, const struct claim *c,
				 const struct result *r)
{
	if (r->an != c->an)
		BUG("a claim checked against another analysis");
	struct check k = { .a = a, .r = r, .an = r->an };
	k.o.c = c;
	k.o.r = r;
	switch (c->kind) {
	case C_MINIMAL: check_minimal(&k); break;
	case C_EQUIVALENT: check_equivalent(&k, c->ids[0]); break;
	case C_DUPLICATES: check_duplicates(&k); break;
	case C_SUBSUMES: check_subsumes(&k, c->ids[0], c->ids[1]); break;
	case C_REDUNDANT: check_redundant(&k, c->ids[0]); break;
	}
	return k.o;
}

void claim_witness_print(struct strbuf *sb, const struct analysis *an,
			 const struct witness *w)
{
	switch (w->kind) {
	case W_KILLS:
		input_print(sb, an, w->input);
		sb_printf(sb, " kills %s", an->mutants[w->a].label);
		break;
	case W_NOT_SUBSUMES:
		input_print(sb, an, w->input);
		sb_printf(sb, " kills %s, not %s", an->mutants[w->a].label,
			  an->mutants[w->b].label);
		break;
	case W_DISTINCT:
		sb_puts(sb, "on ");
		input_print(sb, an, w->input);
		sb_printf(sb, " %s and %s differ", an->mutants[w->a].label,
			  an->mutants[w->b].label);
		break;
	}
}
