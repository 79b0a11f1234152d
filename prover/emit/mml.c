/*
 * emit_mml.c - `subsume export --mml`: minimal sets as Major's Mutation
 * Modeling Language.
 *
 * Major rewrites a binary operator node with BIN(op)->{...} and a unary
 * one with UNR(op)->{...}; a replacement is another operator of the same
 * Major group (ROR, COR, AOR, LOR, SOR, ORU), LHS or RHS (keep only that
 * operand) or TRUE/FALSE (for conditions).  A rule applies to every
 * such operator in the code Major mutates, whatever the operand types,
 * so this file has one operator group per operand type; the user calls
 * the group for the code of that type.
 *
 * Left out, with the reason on the notes buffer (stderr):
 *   - analyses with assumptions (Major cannot restrict a rule to some
 *     inputs), over mathematical integers (not a Java type), with mixed
 *     operand types, or whose target's top node is not a binary or
 *     unary operator Major knows;
 *   - kept mutants that are not a replacement Major can make (negation
 *     or operator insertion, constants other than true and false...);
 *   - rules with nothing expressible left.
 * Two targets with the same operator and type whose kept replacements
 * differ get the union (which is sufficient for both) and a note.
 */
#include "emit/emit.h"

#include <string.h>

#include "sem/smt.h"

struct mrule {
	const char *type;
	const char *kind;     /* "BIN" or "UNR" */
	const char *op;       /* original operator */
	const char *group;    /* Major operator: ROR, COR, ... */
	int nitems;
	const char *items[16];
	struct strbuf from;   /* "// theory: target" lines */
};

static const char *major_group(const struct node *t)
{
	if (t->kind == N_UNARY)
		return t->op == OP_NEG || t->op == OP_PLUS || t->op == OP_BNOT
			       ? "ORU" : NULL;
	if (t->kind != N_BINARY)
		return NULL;
	switch (t->op) {
	case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ:
	case OP_NE:
		return "ROR";
	case OP_LAND: case OP_LOR:
		return "COR";
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_REM:
		return "AOR";
	case OP_AND: case OP_OR: case OP_XOR:
		return "LOR";
	case OP_SHL: case OP_SHR: case OP_USHR:
		return "SOR";
	default:
		return NULL;
	}
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

static bool has_item(const struct mrule *r, const char *it)
{
	for (int i = 0; i < r->nitems; i++)
		if (!strcmp(r->items[i], it))
			return true;
	return false;
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

/* Add result i's kept replacements to its (type, operator) rule, or say
 * on notes why they are left out. */
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
	struct mrule cur = { 0 };
	cur.type = type_name(node_strip(an->orig->a)->type);
	cur.kind = an->orig->kind == N_BINARY ? "BIN" : "UNR";
	cur.op = op_spelling(an->orig->op);
	cur.group = major_group(an->orig);
	for (int m = 1; m <= r->n; m++) {
		if (!emit_kept(r, m))
			continue;
		const char *it = major_item(an, an->mutants[m].expr,
					    &why);
		if (!it) {
			sb_printf(notes,
				  "%s: mml: left out %s (%s) of %s, "
				  "which is in the minimal set: %s\n",
				  progname, an->mutants[m].label,
				  an->mutants[m].text, wb->buf, why);
			continue;
		}
		if (!has_item(&cur, it) &&
		    cur.nitems < (int)ARRAY_SIZE(cur.items))
			cur.items[cur.nitems++] = it;
	}
	if (!cur.nitems) {
		sb_printf(notes, "%s: mml: left out %s: no replacement "
			  "in the minimal set is one Major can make\n",
			  progname, wb->buf);
		return;
	}
	int k;
	for (k = 0; k < R->n; k++)
		if (!strcmp(R->v[k].type, cur.type) &&
		    !strcmp(R->v[k].kind, cur.kind) &&
		    !strcmp(R->v[k].op, cur.op))
			break;
	if (k == R->n) {
		GROW(R->v, (size_t)R->n + 1, R->cap);
		R->v[R->n] = cur;
		R->v[R->n].from = (struct strbuf)STRBUF_INIT;
		R->n++;
	} else {
		struct mrule *x = &R->v[k];
		bool same = x->nitems == cur.nitems;
		for (int j = 0; j < cur.nitems; j++)
			same = same && has_item(x, cur.items[j]);
		if (!same)
			sb_printf(notes,
				  "%s: mml: %s(%s) on %s: %s keeps "
				  "other replacements than an earlier "
				  "target; wrote the union\n",
				  progname, cur.kind, cur.op, cur.type,
				  wb->buf);
		for (int j = 0; j < cur.nitems; j++)
			if (!has_item(x, cur.items[j]) &&
			    x->nitems < (int)ARRAY_SIZE(x->items))
				x->items[x->nitems++] = cur.items[j];
	}
	sb_puts(&R->v[k].from, "    // ");
	comment(&R->v[k].from, wb->buf);
	sb_puts(&R->v[k].from, "\n");
}

static void mml_header(struct strbuf *sb, const struct mrule *rules,
		       int nrules, struct theory *const *theories,
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
	sb_puts(sb, "//\n"
		    "// A Major rule cannot be limited to a type, so there is "
		    "one operator group\n"
		    "// per operand type.  Call a group for the code whose "
		    "operands have that\n"
		    "// type, for instance:\n");
	if (nrules)
		sb_printf(sb, "//   ops_%s<\"org.example.Foo::bar(%s,%s)\">;\n",
			  rules[0].type, rules[0].type, rules[0].type);
	else
		sb_puts(sb, "//   (no rule could be written)\n");
}

/* The groups, in order of first appearance of their type. */
static void mml_groups(struct strbuf *sb, const struct mrule *rules,
		       int nrules)
{
	for (int i = 0; i < nrules; i++) {
		bool first = true;
		for (int k = 0; k < i; k++)
			first = first && strcmp(rules[k].type, rules[i].type);
		if (!first)
			continue;
		sb_printf(sb, "\nops_%s {\n", rules[i].type);
		const char *groups[8];
		int ng = 0;
		for (int k = i; k < nrules; k++) {
			const struct mrule *x = &rules[k];
			if (strcmp(x->type, rules[i].type))
				continue;
			sb_puts(sb, x->from.buf);
			sb_printf(sb, "    %s(%s)->{", x->kind, x->op);
			for (int j = 0; j < x->nitems; j++)
				sb_printf(sb, "%s%s", j ? "," : "", x->items[j]);
			sb_puts(sb, "};\n");
			int g;
			for (g = 0; g < ng; g++)
				if (!strcmp(groups[g], x->group))
					break;
			if (g == ng && ng < (int)ARRAY_SIZE(groups))
				groups[ng++] = x->group;
		}
		sb_puts(sb, "    // enable the operators these rules refine\n");
		for (int g = 0; g < ng; g++)
			sb_printf(sb, "    %s;\n", groups[g]);
		sb_puts(sb, "}\n");
	}
}

void emit_mml(struct strbuf *sb, struct strbuf *notes, const struct run *run,
	      struct theory *const *theories, int ntheories)
{
	struct mrules R = { NULL, 0, 0 };
	struct strbuf w = STRBUF_INIT;
	for (int i = 0; i < run->n; i++)
		mml_add(&R, notes, run, i, &w);
	mml_header(sb, R.v, R.n, theories, ntheories);
	mml_groups(sb, R.v, R.n);
	for (int i = 0; i < R.n; i++)
		sb_release(&R.v[i].from);
	free(R.v);
	sb_release(&w);
}
