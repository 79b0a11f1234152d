/*
 * mir-call.c - calls of the method IR seen from a run (sem/mir.h:
 * Call results, Calls and fields): which callee an event is, and how
 * events and what a stub must do are printed.
 */
#include "sem/mir.h"

#include <string.h>

int mir_havoc(const struct mmethod *m)
{
	int n = 0;
	for (int i = 0; m->ncallees && i < m->nvars; i++)
		n += m->kinds[i] == MV_FIELD;
	return n;
}

const struct mcallee *mir_callee_of(const struct mmethod *m,
				    const struct mevent *e)
{
	for (int j = 0; j < m->ncallees; j++)
		if (m->callees[j].id == e->id && m->callees[j].nargs == e->nargs)
			return &m->callees[j];
	return NULL;
}

void mir_ref_print(struct strbuf *sb, struct value v)
{
	int32_t id = (int32_t)v.bits;
	if (id == 0 || id == 1)
		sb_puts(sb, id ? "this" : "null");
	else if (id >= MIR_FRESH) /* made by the run (lang/mir.h) */
		sb_printf(sb, "new#%lld", (long long)id - MIR_FRESH + 1);
	else
		sb_printf(sb, "o%lld", (long long)id - 1);
}

/* Field j of m (its MV_FIELD variables in order): its variable. */
static int field_var(const struct mmethod *m, int j)
{
	for (int i = 0; i < m->nvars; i++)
		if (m->kinds[i] == MV_FIELD && !j--)
			return i;
	return -1;
}

void mir_event_print(struct strbuf *sb, const struct mmethod *m,
		     const struct mevent *e, bool seen)
{
	const struct mcallee *c = mir_callee_of(m, e);
	int i = 0;
	if (c && c->recv) {
		mir_ref_print(sb, e->args[0]);
		sb_puts(sb, ".");
		i = 1;
	}
	sb_printf(sb, "%s(", c ? c->name : "?");
	for (int a = i; a < e->nargs; a++) {
		sb_puts(sb, a > i ? ", " : "");
		if (c && (c->refargs >> a & 1))
			mir_ref_print(sb, e->args[a]);
		else if (c)
			value_print(sb, c->args[a], e->args[a]);
		else
			sb_printf(sb, "%lld", (long long)e->args[a].bits);
	}
	sb_puts(sb, ")");
	for (int j = 0; seen && j < e->nseen; j++) {
		int v = field_var(m, j);
		sb_printf(sb, "%s%s=", j ? ", " : " seeing ", m->names[v]);
		mir_value_print(sb, m, v, e->seen[j]);
	}
}

const char *mir_describe_results(struct arena *a, const struct mmethod *o,
				 const struct mrun *r)
{
	struct strbuf sb = STRBUF_INIT;
	for (int k = 0; k < r->nevents; k++) {
		const struct mevent *e = &r->events[k];
		bool set = false;
		for (int j = 0; j < e->nseen; j++)
			set |= e->after[j].bits != e->seen[j].bits;
		/* with fields, every call: a stub answers them in order */
		if ((!e->valued && !e->nseen) || !mir_callee_of(o, e))
			continue;
		sb_puts(&sb, sb.len ? ", then " : " with ");
		mir_event_print(&sb, o, e, false);
		if (e->valued) {
			sb_puts(&sb, " returning ");
			if (e->rref)
				mir_ref_print(&sb, e->result);
			else
				value_print(&sb, e->rtype, e->result);
		}
		for (int j = 0, n = 0; set && j < e->nseen; j++) {
			int v = field_var(o, j);
			if (e->after[j].bits == e->seen[j].bits)
				continue;
			sb_printf(&sb, "%s%s=", n++ ? ", " : e->valued
				  ? " and setting " : " setting ", o->names[v]);
			mir_value_print(&sb, o, v, e->after[j]);
		}
	}
	char *s = arena_strdup(a, sb.buf ? sb.buf : "");
	sb_release(&sb);
	return s;
}
