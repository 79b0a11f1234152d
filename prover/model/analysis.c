/*
 * analysis.c - the one constructor of a struct analysis.  See analysis.h.
 */
#include "model/analysis.h"

#include <string.h>

const char *analysis_mutant_unfit(struct arena *a, const struct analysis *an,
				  const struct node *e)
{
	if (!e || e->type == T_ERROR)
		return "it is not typed";
	/* A deleted statement (void) is comparable with anything when only
	 * variables are observed: its value is never looked at. */
	if (e->type == T_VOID && an->observe.value)
		return "it deletes the statement, which leaves no value to "
		       "observe (observe variables instead)";
	if (an->orig->type == T_VOID && an->observe.value)
		return "the original has no value";
	if (e->type != T_VOID && an->orig->type != T_VOID &&
	    !types_comparable(e->type, an->orig->type))
		return arena_printf(a, "its type %s cannot be compared with "
				       "the original's %s",
				    type_name(e->type), type_name(an->orig->type));
	if (expr_equal(e, an->orig))
		return "it is the original expression";
	return NULL;
}

static const char *printed(struct arena *a, const struct node *n)
{
	struct strbuf sb = STRBUF_INIT;
	expr_print(&sb, n);
	const char *s = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return s;
}

static int fail(const char **why, const char *msg)
{
	*why = msg;
	return -1;
}

static int check_vars(struct arena *a, const struct analysis_spec *s,
		      const char **why)
{
	if (s->nvars < 0 || s->nvars > MAX_VARS)
		return fail(why, arena_printf(a, "%d variables (at most %d)",
					      s->nvars, MAX_VARS));
	for (int v = 0; v < s->nvars; v++) {
		if (!s->var_names[v] || s->var_types[v] == T_ERROR ||
		    s->var_types[v] == T_VOID)
			return fail(why, arena_printf(a, "variable %d has no "
						      "name or type", v));
		for (int w = 0; w < v; w++)
			if (!strcmp(s->var_names[w], s->var_names[v]))
				return fail(why, arena_printf(a, "variable '%s' "
							      "is declared twice",
							      s->var_names[v]));
	}
	return 0;
}

static int check_origin(const struct analysis_origin *from, const char **why)
{
	if (from->theory && from->target && from->domain)
		return 0;
	if (!from->theory && !from->target && !from->domain && from->site)
		return 0;
	return fail(why, "the origin is neither a theory's target and domain "
			 "nor a site");
}

int analysis_init(struct arena *a, struct analysis *an,
		  const struct analysis_spec *s,
		  const struct analysis_origin *from, const char **why)
{
	memset(an, 0, sizeof(*an));
	if (check_origin(from, why) < 0 || check_vars(a, s, why) < 0)
		return -1;
	if (!s->orig || s->orig->type == T_ERROR)
		return fail(why, "the original is not typed");
	if (s->assume && s->assume->type->kind != TK_BOOLEAN)
		return fail(why, "the assumption is not a typed boolean");
	if (s->nmutants < 1)
		return fail(why, "there is no mutant");
	an->theory = from->theory;
	an->target = from->target;
	an->domain = from->domain;
	an->index = from->index;
	an->site = from->site;
	an->profile = from->theory ? NULL : from->profile;
	an->nvars = s->nvars;
	for (int v = 0; v < s->nvars; v++) {
		an->var_names[v] = s->var_names[v];
		an->var_types[v] = s->var_types[v];
	}
	an->orig = s->orig;
	an->orig_text = s->orig_text ? s->orig_text : printed(a, s->orig);
	an->assume = s->assume;
	an->assume_text = s->assume_text ? s->assume_text
			  : s->assume	 ? printed(a, s->assume)
					 : NULL;
	an->observe = s->observe;
	/* floating variables are compared as floating values */
	for (int v = 0; v < s->nvars; v++)
		an->observe.vtype[v] = s->var_types[v];
	an->mutants = ANEWN(a, struct mutant, (size_t)s->nmutants + 1);
	for (int i = 0; i < s->nmutants; i++) {
		const struct mutant *m = &s->mutants[i];
		const char *unfit = analysis_mutant_unfit(a, an, m->expr);
		if (unfit)
			return fail(why, arena_printf(a, "mutant '%s': %s",
						      m->label ? m->label : "?",
						      unfit));
		if (!m->label || !m->op)
			return fail(why, "a mutant has no label or operator");
		for (int j = 0; j < i; j++)
			if (!strcmp(s->mutants[j].label, m->label))
				return fail(why, arena_printf(a, "label '%s' is "
							      "used twice",
							      m->label));
		struct mutant *d = &an->mutants[i + 1];
		*d = *m;
		d->id = i + 1;
		if (!d->text)
			d->text = printed(a, m->expr);
	}
	an->nmutants = s->nmutants;
	an->nskipped = s->nskipped;
	if (s->nskipped) {
		an->skipped = ANEWN(a, struct skipped, (size_t)s->nskipped);
		memcpy(an->skipped, s->skipped,
		       (size_t)s->nskipped * sizeof(*an->skipped));
	}
	return 0;
}

void analysis_where(struct strbuf *sb, const struct analysis *an)
{
	if (an->theory)
		sb_printf(sb, "%s (target '%s', domain '%s')", an->theory->file,
			  an->target->name, an->domain->name);
	else
		sb_puts(sb, an->site);
}
