/*
 * mml.c - `subsume export --mml`: minimal sets as Major's Mutation
 * Modeling Language, in a file Major 1.x applies as it is.
 *
 * Major rewrites a binary operator node with BIN(op)->{...} and a unary
 * one with UNR(op)->{...}; a replacement is another operator of the same
 * Major group (ROR, COR, AOR, LOR, SOR, ORU), LHS or RHS (keep only that
 * operand) or TRUE/FALSE (for conditions).  MML rules are untyped: a
 * rule applies to the operator whatever its operand types, and a second
 * rule for the same operator overrides the first (Major warns
 * "Overriding replacement list"), so there is one rule per operator, the
 * union of the per-type minimal sets; a replacement that does not type
 * for some operand type is not generated there.  For each operator and
 * type a comment lists the type's minimal set and, when the union holds
 * more, what the extra replacements are for that type and why.  The
 * groups that have rules are enabled at the top level, so compiling the
 * file and mutating with it generates the sets.
 *
 * Left out, with the reason on the notes buffer (stderr):
 *   - analyses with assumptions (Major cannot restrict a rule to some
 *     inputs), over mathematical integers (not a Java type), in C, with
 *     mixed operand types, or whose target's top node is not a binary or
 *     unary operator Major knows;
 *   - kept mutants that are not a replacement Major can make (negation
 *     or operator insertion, constants other than true and false...);
 *   - rules with nothing expressible left.
 */
#include "emit/emit.h"

#include <string.h>

#include "model/opgroup.h"
#include "sem/smt.h"

#define MML_ITEMS 16

/* A rule's replacements for one operand type. */
struct mtype {
	const char *type;
	int nitems;
	const char *items[MML_ITEMS];
	struct strbuf from;   /* "//   theory: target" lines */
	int *res;             /* the results it comes from (run indexes) */
	int nres;
	size_t capres;
};

/* One rule: an operator and the union of its types' replacements. */
struct mrule {
	const char *kind;     /* "BIN" or "UNR" */
	enum op op;           /* original operator */
	const char *group;    /* Major operator: ROR, COR, ... */
	int nitems;
	const char *items[MML_ITEMS];
	struct mtype *types;
	int ntypes;
	size_t captypes;
};

static const char *major_group(const struct node *t)
{
	if (t->kind != N_UNARY && t->kind != N_BINARY)
		return NULL;
	return opgroup_major(t->op, t->kind == N_UNARY);
}

/* Major's spelling of mutant m as a replacement of the original, or
 * NULL with *why set. */
static const char *major_item(const struct analysis *an, const struct node *m,
			      const char **why)
{
	const struct node *o = an->orig;
	if (m->kind == N_LIT && m->type == T_BOOLEAN && o->type == T_BOOLEAN)
		return m->val.bits ? "TRUE" : "FALSE";
	if (o->kind == N_BINARY) {
		if (expr_equal(m, o->a))
			return "LHS";
		if (expr_equal(m, o->b))
			return "RHS";
		if (m->kind == N_BINARY && expr_equal(m->a, o->a) &&
		    expr_equal(m->b, o->b)) {
			enum op x = m->op;
			/* on booleans, a ^ b is a != b, which COR can make */
			if (x == OP_XOR && node_strip(o->a)->type == T_BOOLEAN &&
			    !strcmp(major_group(o), "COR"))
				x = OP_NE;
			struct node tmp = *o;
			tmp.op = x;
			const char *g = major_group(&tmp);
			if (g && !strcmp(g, major_group(o)))
				return op_spelling(x);
			if (!strcmp(major_group(o), "COR") &&
			    (x == OP_EQ || x == OP_NE))
				return op_spelling(x);
			*why = "Major's rule for this operator cannot replace "
			       "it by that one";
			return NULL;
		}
	} else if (o->kind == N_UNARY) {
		if (m->kind == N_UNARY && expr_equal(m->a, o->a) &&
		    major_group(m))
			return op_spelling(m->op);
	}
	*why = "not a replacement of the operator that Major can make";
	return NULL;
}

/* Why the analysis cannot be exported at all, or NULL. */
static const char *unexportable(const struct analysis *an)
{
	const struct node *o = an->orig;
	if (an->theory && an->theory->profile != &profile_java)
		return "it is a C result, and MML is Java only (Major)";
	if (an->assume)
		return "it has assumptions, and Major cannot limit a rule to "
		       "some inputs";
	for (int v = 0; v < an->nvars; v++)
		if (an->var_types[v]->kind == TK_MATH)
			return "mathematical integers are not a Java type";
	if (!major_group(o))
		return o->kind == N_BINARY || o->kind == N_UNARY
			       ? "Major has no replacement rule for this "
				 "operator"
			       : "the target is not a binary or unary "
				 "operator, and Major's rules (BIN, UNR) "
				 "only rewrite those";
	if (o->kind == N_BINARY &&
	    node_strip(o->a)->type != node_strip(o->b)->type)
		return "its operands have different types";
	return NULL;
}

static void where(struct strbuf *sb, const struct analysis *an)
{
	sb_printf(sb, "%s: %s (%s), domain %s", an->theory->name,
		  an->target->name, an->orig_text, an->domain->name);
}

static bool has_item(const char *const *items, int n, const char *it)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(items[i], it))
			return true;
	return false;
}

static void add_item(const char **items, int *n, const char *it)
{
	if (!has_item(items, *n, it) && *n < MML_ITEMS)
		items[(*n)++] = it;
}

/* One line of a comment: no newlines. */
static void comment(struct strbuf *sb, const char *s)
{
	for (; *s; s++)
		sb_putc(sb, *s == '\n' || *s == '\r' ? ' ' : *s);
}

struct mrules {
	struct mrule *v;
	size_t cap;
	int n;
};

static struct mrule *rule_for(struct mrules *R, const struct node *o)
{
	const char *kind = o->kind == N_BINARY ? "BIN" : "UNR";
	for (int k = 0; k < R->n; k++)
		if (!strcmp(R->v[k].kind, kind) && R->v[k].op == o->op)
			return &R->v[k];
	GROW(R->v, (size_t)R->n + 1, R->cap);
	struct mrule *x = &R->v[R->n++];
	*x = (struct mrule){ .kind = kind, .op = o->op,
			     .group = major_group(o) };
	return x;
}

static struct mtype *type_for(struct mrule *x, const char *type)
{
	for (int k = 0; k < x->ntypes; k++)
		if (!strcmp(x->types[k].type, type))
			return &x->types[k];
	GROW(x->types, (size_t)x->ntypes + 1, x->captypes);
	struct mtype *t = &x->types[x->ntypes++];
	*t = (struct mtype){ .type = type, .from = STRBUF_INIT };
	return t;
}

/* Add result i's kept replacements to its operator's rule, under its
 * operand type, or say on notes why they are left out. */
static void mml_add(struct mrules *R, struct strbuf *notes,
		    const struct run *run, int i, struct strbuf *wb)
{
	const struct result *r = run->results[i];
	const struct analysis *an = r->an;
	const char *why = unexportable(an);
	sb_reset(wb);
	where(wb, an);
	if (why) {
		sb_printf(notes, "%s: mml: left out %s: %s\n", progname,
			  wb->buf, why);
		return;
	}
	const char *items[MML_ITEMS];
	int nitems = 0;
	for (int m = 1; m <= r->n; m++) {
		if (!emit_kept(r, m))
			continue;
		const char *it = major_item(an, an->mutants[m].expr, &why);
		if (!it) {
			sb_printf(notes,
				  "%s: mml: left out %s (%s) of %s, "
				  "which is in the minimal set: %s\n",
				  progname, an->mutants[m].label,
				  an->mutants[m].text, wb->buf, why);
			continue;
		}
		add_item(items, &nitems, it);
	}
	if (!nitems) {
		sb_printf(notes, "%s: mml: left out %s: no replacement "
			  "in the minimal set is one Major can make\n",
			  progname, wb->buf);
		return;
	}
	struct mrule *x = rule_for(R, an->orig);
	struct mtype *t = type_for(x, type_name(node_strip(an->orig->a)->type));
	bool same = !t->nres || t->nitems == nitems;
	for (int j = 0; j < nitems; j++) {
		same = same && (!t->nres || has_item(t->items, t->nitems,
						      items[j]));
		add_item(t->items, &t->nitems, items[j]);
		add_item(x->items, &x->nitems, items[j]);
	}
	if (!same)
		sb_printf(notes, "%s: mml: %s(%s) on %s: %s keeps other "
			  "replacements than an earlier target; wrote the "
			  "union\n",
			  progname, x->kind, op_spelling(x->op), t->type,
			  wb->buf);
	GROW(t->res, (size_t)t->nres + 1, t->capres);
	t->res[t->nres++] = i;
	sb_puts(&t->from, "//     ");
	comment(&t->from, wb->buf);
	sb_puts(&t->from, "\n");
}

/* Is replacement it of binary operator x made over operands of type ty
 * (does it type there)?  From the operator groups of the library. */
static bool types_there(enum op x, const struct type *ty, const char *it)
{
	struct repl g[OPGROUP_MAX];
	int n = opgroup_binary(x, ty, ty, g);
	for (int k = 0; k < n; k++) {
		const char *l = repl_label(&g[k]);
		if (!strcmp(l, it) ||
		    (g[k].kind == REPL_LITERAL && !strcmp(l, "true") &&
		     !strcmp(it, "TRUE")) ||
		    (g[k].kind == REPL_LITERAL && !strcmp(l, "false") &&
		     !strcmp(it, "FALSE")) ||
		    (g[k].kind == REPL_LHS && !strcmp(it, "LHS")) ||
		    (g[k].kind == REPL_RHS && !strcmp(it, "RHS")))
			return true;
	}
	return false;
}

/* Why replacement it of rule x, beyond type t's minimal set, is there
 * for t: its verdict in the first of t's analyses that has it. */
static void beyond(struct strbuf *sb, const struct run *run,
		   const struct mrule *x, const struct mtype *t,
		   const char *it)
{
	for (int k = 0; k < t->nres; k++) {
		const struct result *r = run->results[t->res[k]];
		const struct analysis *an = r->an;
		for (int m = 1; m <= r->n; m++) {
			const char *why;
			const char *mi = major_item(an, an->mutants[m].expr,
						    &why);
			if (!mi || strcmp(mi, it))
				continue;
			int by = 0;
			enum verdict v = result_verdict(r, m, &by);
			sb_printf(sb, "%s (%s%s%s in %s: %s)", it,
				  verdict_name(v),
				  v == V_DUPLICATE ? " of " :
				  v == V_SUBSUMED  ? " by " : "",
				  by ? an->mutants[by].label : "",
				  an->theory->name, an->target->name);
			return;
		}
	}
	const struct type *ty =
		node_strip(run->results[t->res[0]]->an->orig->a)->type;
	if (!strcmp(x->kind, "BIN") && !types_there(x->op, ty, it))
		sb_printf(sb, "%s (does not type here: Major does not "
			      "generate it)", it);
	else
		sb_printf(sb, "%s (not among these theories' mutants: "
			      "unproven)", it);
}

static void mml_header(struct strbuf *sb, struct theory *const *theories,
		       int ntheories)
{
	sb_printf(sb, "// Major mutation operators (MML), GENERATED by "
		      "subsume %s: do not edit.\n",
		  SUBSUME_VERSION);
	sb_printf(sb, "// Z3 version: %s\n", smt_version());
	sb_puts(sb, "// The minimal mutant sets of these theory files "
		    "(FNV-1a 64-bit hash):\n");
	for (int i = 0; i < ntheories; i++) {
		sb_puts(sb, "//   ");
		comment(sb, theories[i]->file);
		sb_printf(sb, "  %016llx  theory ",
			  (unsigned long long)theories[i]->hash);
		comment(sb, theories[i]->name);
		sb_puts(sb, "\n");
	}
	sb_puts(sb,
		"//\n"
		"// For Major 1.x (BIN, UNR, TRUE, FALSE, LHS, RHS and scopes\n"
		"// \"Class@method\"; DEL, LIT and Class::method came after 1.x).\n"
		"// MML rules are untyped, so each operator has one rule: the "
		"union of\n"
		"// its operand types' minimal sets.  A replacement that does "
		"not type\n"
		"// for some operands is not generated there; the comment "
		"above each\n"
		"// rule says, per type, what is beyond that type's minimal "
		"set and why.\n");
}

static void mml_rule(struct strbuf *sb, const struct run *run,
		     const struct mrule *x)
{
	sb_puts(sb, "\n");
	for (int k = 0; k < x->ntypes; k++) {
		const struct mtype *t = &x->types[k];
		sb_printf(sb, "// %s(%s) on %s: minimal {", x->kind,
			  op_spelling(x->op), t->type);
		for (int j = 0; j < t->nitems; j++)
			sb_printf(sb, "%s%s", j ? "," : "", t->items[j]);
		sb_puts(sb, "}, from\n");
		sb_puts(sb, t->from.buf);
		int extra = 0;
		for (int j = 0; j < x->nitems; j++) {
			if (has_item(t->items, t->nitems, x->items[j]))
				continue;
			if (!extra++)
				sb_printf(sb, "//   beyond it on %s:\n", t->type);
			sb_puts(sb, "//     ");
			beyond(sb, run, x, t, x->items[j]);
			sb_puts(sb, "\n");
		}
	}
	sb_printf(sb, "%s(%s)->{", x->kind, op_spelling(x->op));
	for (int j = 0; j < x->nitems; j++)
		sb_printf(sb, "%s%s", j ? "," : "", x->items[j]);
	sb_puts(sb, "};\n");
}

/* Is group g (of binary or unary rules) before group h?  Binary
 * groups first, each kind by name: AOR COR LOR ROR SOR, then ORU. */
static bool group_before(const struct mrule *g, const struct mrule *h)
{
	bool gu = !strcmp(g->kind, "UNR"), hu = !strcmp(h->kind, "UNR");
	return gu != hu ? hu : strcmp(g->group, h->group) < 0;
}

/* The groups that have rules (their Major group names come from the
 * operator library's `major:` tags), in the order above; each group's
 * operators without a rule, which Major mutates with its full list when
 * the group is enabled. */
static void mml_enable(struct strbuf *sb, const struct mrules *R)
{
	sb_puts(sb, "\n// Enable the Major operators these rules refine.  "
		    "An operator of an\n// enabled group without a rule "
		    "here is mutated with Major's full list.\n");
	const char *first = NULL;
	const struct mrule *last = NULL;
	for (;;) {
		/* the next group after `last` */
		const struct mrule *g = NULL;
		for (int k = 0; k < R->n; k++)
			if ((!last || group_before(last, &R->v[k])) &&
			    (!g || group_before(&R->v[k], g)))
				g = &R->v[k];
		if (!g)
			break;
		last = g;
		bool unary = !strcmp(g->kind, "UNR");
		struct strbuf none = STRBUF_INIT;
		for (int op = 0; op < OP_COUNT; op++) {
			const char *mg = opgroup_major((enum op)op, unary);
			if (!mg || strcmp(mg, g->group))
				continue;
			bool has = false;
			for (int k = 0; k < R->n && !has; k++)
				has = R->v[k].op == (enum op)op &&
				      !strcmp(R->v[k].group, g->group);
			if (!has)
				sb_printf(&none, " %s", op_spelling((enum op)op));
		}
		sb_printf(sb, "%s;", g->group);
		if (none.len)
			sb_printf(sb, "  // no rule for:%s", none.buf);
		sb_puts(sb, "\n");
		sb_release(&none);
		if (!first)
			first = g->group;
	}
	if (first)
		sb_printf(sb, "\n// To mutate one method only, enable a group "
			      "with a scope instead (Major 1.x):\n"
			      "//   %s<\"org.example.Foo@bar\">;\n", first);
	else
		sb_puts(sb, "// (no rule could be written)\n");
}

void emit_mml(struct strbuf *sb, struct strbuf *notes, const struct run *run,
	      struct theory *const *theories, int ntheories)
{
	struct mrules R = { NULL, 0, 0 };
	struct strbuf w = STRBUF_INIT;
	for (int i = 0; i < run->n; i++)
		mml_add(&R, notes, run, i, &w);
	mml_header(sb, theories, ntheories);
	for (int k = 0; k < R.n; k++)
		mml_rule(sb, run, &R.v[k]);
	mml_enable(sb, &R);
	for (int k = 0; k < R.n; k++) {
		for (int j = 0; j < R.v[k].ntypes; j++) {
			sb_release(&R.v[k].types[j].from);
			free(R.v[k].types[j].res);
		}
		free(R.v[k].types);
	}
	free(R.v);
	sb_release(&w);
}
