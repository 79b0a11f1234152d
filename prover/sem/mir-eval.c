/*
 * mir-eval.c - the concrete evaluator of the method IR (sem/mir.h).
 * Expressions are evaluated by eval_outcome() (sem/eval.c); this file
 * only adds the statements.
 */
#include "sem/mir.h"

#include <stddef.h>
#include <string.h>

_Static_assert(MIR_MAX_VARS <= ENV_VARS, "a method's variables fit the "
	       "evaluators' (sem/eval.h)");

enum flow { F_NORMAL, F_BREAK, F_CONTINUE, F_RETURN, F_THROW, F_CUT, F_OVER };

struct ev {
	const struct mmethod *m;
	unsigned bound;
	long steps;
	struct value v[MIR_MAX_VARS];
	struct value ret;
	unsigned exc;      /* F_THROW: the kind (lang/mir.h: Exceptions) */
	struct mrun *out;  /* its events */
	const struct value *res; /* the call results: in + MIR_RES */
	const struct value *hav; /* the fields after calls: in + MIR_HAV */
	int nf;            /* mir_havoc() */
	struct marr *arr;  /* its arrays (sem/mir.h: Arrays), or NULL */
};

/* Evaluate n on the current variables: F_NORMAL and *val, or F_THROW,
 * F_OVER. */
static enum flow value_of(struct ev *E, const struct node *n,
			  struct value *val)
{
	struct outcome o;
	eval_outcome(n, E->m->nvars, E->v, &o);
	if (o.overflow)
		return F_OVER;
	if (o.threw) {
		E->exc = MIR_EXC_ARITH; /* Java: / and % by zero (C: UB) */
		return F_THROW;
	}
	memcpy(E->v, o.vars, sizeof(E->v[0]) * (size_t)E->m->nvars);
	if (val)
		*val = o.value;
	return F_NORMAL;
}

static enum flow run(struct ev *E, const struct mstmt *s);

static enum flow run_loop(struct ev *E, const struct mstmt *s)
{
	for (unsigned it = 0;; it++) {
		if ((s->test_first || it > 0) && s->e) {
			struct value c;
			enum flow f = value_of(E, s->e, &c);
			if (f != F_NORMAL)
				return f;
			if (!c.bits)
				return F_NORMAL;
		}
		if (E->bound && it == E->bound)
			return F_CUT;
		if (++E->steps > MIR_EVAL_STEPS)
			return F_OVER;
		enum flow f = run(E, s->body);
		if (f == F_BREAK)
			return F_NORMAL;
		if (f != F_NORMAL && f != F_CONTINUE)
			return f;
		if (s->update && (f = run(E, s->update)) != F_NORMAL)
			return f;
	}
}

/* The group a switch enters (-1: none), or F_THROW, F_OVER in *f. */
static int switch_entry(struct ev *E, const struct mstmt *s,
			const struct value *sel, enum flow *f)
{
	int dflt = -1;
	for (int i = 0; i < s->nkids; i++) {
		const struct mstmt *g = s->kids[i];
		struct value c;
		if (g->dflt)
			dflt = i;
		for (int j = 0; j < g->nlabels; j++) {
			if ((*f = value_of(E, g->labels[j], &c)) != F_NORMAL)
				return -1;
			if (c.bits == sel->bits)
				return i;
		}
	}
	*f = F_NORMAL;
	return dflt;
}

static enum flow run_switch(struct ev *E, const struct mstmt *s)
{
	struct value sel;
	enum flow f = value_of(E, s->e, &sel);
	if (f != F_NORMAL)
		return f;
	int i = switch_entry(E, s, &sel, &f);
	for (; f == F_NORMAL && i >= 0 && i < s->nkids; i++)
		f = run(E, s->kids[i]->body);
	return f == F_BREAK ? F_NORMAL : f;
}

/* The value of type t an opaque input's bits give (a boolean: bit 0),
 * as a call's result or a field after a call. */
static struct value opaque(const struct type *t, uint64_t b)
{
	return t->kind == TK_BOOLEAN ? value_int((int64_t)(b & 1))
	       : type_wrap(t, (int64_t)b);
}

/* Call k of a method with calls and fields (sem/mir.h: Calls and
 * fields): the event records the fields' values, then each gets the
 * opaque H(k, j); F_OVER past the input's MIR_MAX_HAVOC entries. */
static enum flow havoc(struct ev *E, struct mevent *ev, int k)
{
	const struct mmethod *m = E->m;
	if ((k + 1) * E->nf > MIR_MAX_HAVOC)
		return F_OVER;
	for (int i = 0, j = 0; i < m->nvars; i++) {
		if (m->kinds[i] != MV_FIELD)
			continue;
		ev->seen[j] = E->v[i];
		E->v[i] = ev->after[j] = opaque(m->types[i],
						E->hav[k * E->nf + j].bits);
		j++;
	}
	ev->nseen = E->nf;
	return F_NORMAL;
}

/* A call: its arguments, then the event; its result (s->e, when
 * used) is R(k) of the input, k the calls made before it. */
static enum flow run_call(struct ev *E, const struct mstmt *s, struct mrun *r)
{
	struct mevent ev = { .id = E->m->callees[s->callee].id,
			     .nargs = s->nargs };
	for (int i = 0; i < s->nargs; i++) {
		enum flow f = value_of(E, s->args[i], &ev.args[i]);
		if (f != F_NORMAL)
			return f;
	}
	if (E->m->callees[s->callee].recv && !ev.args[0].bits) {
		E->exc = MIR_EXC_NULL; /* a null receiver, after the arguments */
		return F_THROW;
	}
	if (r->nevents == MIR_MAX_EVENTS)
		return F_OVER;
	if (E->nf && havoc(E, &ev, r->nevents) != F_NORMAL)
		return F_OVER;
	if (s->e) {
		const struct type *t = s->e->type;
		if (r->nevents >= MIR_MAX_RESULTS)
			return F_OVER;
		uint64_t b = E->res[r->nevents].bits;
		ev.valued = true;
		ev.rref = E->m->refs >> s->e->var & 1;
		ev.rtype = t;
		ev.result = opaque(t, b);
		E->v[s->e->var] = ev.result;
		bool undecided = false;
		if (s->assume && !r->broke &&
		    !eval_holds(s->assume, E->m->nvars, E->v, &undecided))
			r->broke = r->nevents + 1;
		if (undecided)
			return F_OVER;
	}
	r->events[r->nevents++] = ev;
	return F_NORMAL;
}

/* A try statement (lang/mir.h: Exceptions): the first catch clause
 * whose mask has the kind thrown, then the finally block on every
 * exit, its own abrupt exit replacing the pending one. */
static enum flow run_try(struct ev *E, const struct mstmt *s)
{
	enum flow f = run(E, s->body);
	for (int i = 0; f == F_THROW && i < s->nkids; i++)
		if (s->kids[i]->exc & (1u << E->exc)) {
			f = run(E, s->kids[i]->body);
			break;
		}
	if (!s->els || f == F_CUT || f == F_OVER)
		return f;
	struct value ret = E->ret;
	unsigned exc = E->exc;
	enum flow g = run(E, s->els);
	if (g != F_NORMAL)
		return g;
	E->ret = ret;
	E->exc = exc;
	return f;
}

/* An array statement (lang/mir.h: Arrays): its args in order, then
 * the checks and the effect (mir-arr.c). */
static enum flow run_arr(struct ev *E, const struct mstmt *s)
{
	struct value a[3], out = value_int(0);
	for (int i = 0; i < s->nargs; i++) {
		enum flow f = value_of(E, s->args[i], &a[i]);
		if (f != F_NORMAL)
			return f;
	}
	int r = marr_step(E->arr, E->m, s, a, &out, &E->exc);
	if (r)
		return r == 1 ? F_THROW : F_OVER;
	if (s->e)
		E->v[s->e->var] = out;
	return F_NORMAL;
}

static bool stmt_uses_results(const struct mstmt *s)
{
	if (!s)
		return false;
	if (s->kind == MS_CALL && s->e)
		return true;
	for (int i = 0; i < s->nkids; i++)
		if (stmt_uses_results(s->kids[i]))
			return true;
	return stmt_uses_results(s->body) || stmt_uses_results(s->els) ||
	       stmt_uses_results(s->update);
}

bool mir_uses_results(const struct mmethod *m)
{
	return stmt_uses_results(m->body);
}

static long stmt_size(const struct mstmt *s)
{
	if (!s)
		return 0;
	long n = 1;
	for (int i = 0; i < s->nkids; i++)
		n += stmt_size(s->kids[i]);
	return n + stmt_size(s->body) + stmt_size(s->els) +
	       stmt_size(s->update);
}

long mir_size(const struct mmethod *m)
{
	return stmt_size(m->body);
}


static enum flow run(struct ev *E, const struct mstmt *s)
{
	struct value c;
	enum flow f;
	switch (s->kind) {
	case MS_SKIP:
		return F_NORMAL;
	case MS_EXPR:
		return value_of(E, s->e, NULL);
	case MS_BLOCK:
		for (int i = 0; i < s->nkids; i++)
			if ((f = run(E, s->kids[i])) != F_NORMAL)
				return f;
		return F_NORMAL;
	case MS_IF:
		if ((f = value_of(E, s->e, &c)) != F_NORMAL)
			return f;
		if (c.bits)
			return run(E, s->body);
		return s->els ? run(E, s->els) : F_NORMAL;
	case MS_LOOP:
		return run_loop(E, s);
	case MS_BREAK:
		return F_BREAK;
	case MS_CONTINUE:
		return F_CONTINUE;
	case MS_RETURN:
		if (s->e && (f = value_of(E, s->e, &E->ret)) != F_NORMAL)
			return f;
		return F_RETURN;
	case MS_THROW:
		E->exc = s->exc;
		return F_THROW;
	case MS_TRY:
		return run_try(E, s);
	case MS_SWITCH:
		return run_switch(E, s);
	case MS_CALL:
		return run_call(E, s, E->out);
	case MS_ALOAD:
	case MS_ASTORE:
	case MS_ALEN:
	case MS_ANEW:
		return run_arr(E, s);
	case MS_CASE:
	case MS_CATCH:
		break;
	}
	BUG("bad statement kind %d", s->kind);
}

void mir_eval(const struct mmethod *m, const struct value *in, unsigned bound,
	      struct mrun *out)
{
	struct ev E = { .m = m, .bound = bound, .out = out,
			.res = in + MIR_RES, .hav = in + MIR_HAV,
			.nf = mir_havoc(m) };
	for (int i = 0; i < m->nvars; i++)
		E.v[i] = m->kinds[i] == MV_LOCAL ? value_int(0) : in[i];
	memset(out, 0, offsetof(struct mrun, events)); /* nevents = 0 */
	E.arr = marr_new(m, in);
	enum flow f = run(&E, m->body);
	marr_finish(E.arr, out);
	marr_free(E.arr);
	out->threw = f == F_THROW;
	out->exc = out->threw ? (int)E.exc : 0;
	out->cut = f == F_CUT;
	out->overflow = f == F_OVER;
	out->ret = E.ret;
	memcpy(out->vars, E.v, sizeof(E.v[0]) * (size_t)m->nvars);
}

/* Are a and b, values of type t, the same outcome under m's rule for
 * floating values (sem/mir.h)? */
static bool same_value(const struct mmethod *m, const struct type *t,
		       struct value a, struct value b)
{
	return value_observed(t, a, m->fcmp).bits ==
	       value_observed(t, b, m->fcmp).bits;
}

/* The type of argument i of event e (NULL: unknown). */
static const struct type *arg_type(const struct mmethod *m,
				   const struct mevent *e, int i)
{
	const struct mcallee *c = mir_callee_of(m, e);
	return c && i < c->nargs ? c->args[i] : NULL;
}

static bool same_events(const struct mmethod *m, const struct mrun *x,
			const struct mrun *y)
{
	if (x->nevents != y->nevents)
		return false;
	for (int k = 0; k < x->nevents; k++) {
		const struct mevent *a = &x->events[k], *b = &y->events[k];
		if (a->id != b->id || a->nargs != b->nargs)
			return false;
		for (int i = 0; i < a->nargs; i++)
			if (!same_value(m, arg_type(m, a, i), a->args[i],
					b->args[i]))
				return false;
		for (int j = 0; j < a->nseen; j++)
			if (a->seen[j].bits != b->seen[j].bits)
				return false;
	}
	return true;
}

bool mir_differs(const struct mmethod *m, const struct mrun *x,
		 const struct mrun *y)
{
	if (!same_events(m, x, y))
		return true;
	if (x->threw || y->threw) /* C: undefined behaviour is one outcome */
		return x->threw != y->threw || (!m->profile && x->exc != y->exc);
	if (m->ret && !same_value(m, m->ret, x->ret, y->ret))
		return true;
	for (int i = 0; i < m->nvars; i++)
		if (mir_observed(m, i) &&
		    !same_value(m, m->types[i], x->vars[i], y->vars[i]))
			return true;
	return m->arr_writes && mir_arr_differs(m, x, y);
}

void mir_value_print(struct strbuf *sb, const struct mmethod *m, int var,
		     struct value v)
{
	if (var >= 0 && (m->arrs >> var & 1)) { /* an id (mir_arr_print) */
		int64_t id = (int32_t)v.bits;
		if (id)
			sb_printf(sb, "o%lld", (long long)id);
		else
			sb_puts(sb, "null");
		return;
	}
	if (var < 0 ? !m->ret_ref : !(m->refs & (1u << var))) {
		value_print(sb, var < 0 ? m->ret : m->types[var], v);
		return;
	}
	int32_t id = (int32_t)v.bits;
	if (m->profile) /* C: a pointer (lang/mir.h: C pointers) */
		sb_printf(sb, id ? "&o%lld" : "NULL", (long long)id);
	else
		mir_ref_print(sb, v);
}

const char *mir_describe(struct arena *a, const struct mmethod *m,
			 const struct value *in, const struct mrun *r)
{
	struct strbuf sb = STRBUF_INIT;
	if (r->threw && m->profile) /* C: undefined behaviour */
		sb_puts(&sb, "has undefined behaviour");
	else if (r->threw)
		sb_printf(&sb, "throws%s%s", r->exc < m->nexc ? " " : "",
			  r->exc < m->nexc ? m->exc[r->exc] : "");
	else if (m->ret) {
		sb_puts(&sb, "returns ");
		mir_value_print(&sb, m, -1, r->ret);
	} else
		sb_puts(&sb, "returns normally");
	bool fields = false, changed = false;
	for (int i = 0; !r->threw && i < m->nvars; i++)
		if (mir_observed(m, i) && !(m->arrs >> i & 1)) {
			fields = true;
			if (r->vars[i].bits == in[i].bits)
				continue;
			changed = true;
			sb_printf(&sb, ", %s = ", m->names[i]);
			mir_value_print(&sb, m, i, r->vars[i]);
		}
	if (fields && !changed && !r->threw)
		sb_puts(&sb, !m->profile ? ", fields unchanged" : m->heap_writes
			     ? ", nothing written" : ", globals unchanged");
	if (m->arr_writes && !r->threw)
		mir_arr_describe(&sb, m, in, r);
	for (int k = 0; k < r->nevents; k++) {
		sb_puts(&sb, k ? ", " : ", calls ");
		mir_event_print(&sb, m, &r->events[k], true);
	}
	if (m->ncallees && !r->nevents)
		sb_puts(&sb, ", no call");
	char *s = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return s;
}
