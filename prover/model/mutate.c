/*
 * mutate.c - apply operator rules to a target: the mutants of one
 * analysis.
 *
 * A rule applies to the target's top node ("shape"): replace its
 * operator or the whole expression by a literal, delete an operand or
 * the operator or the statement, or instantiate a template over the
 * shape's parts.  A rule that does not fit the shape (deleting lexp of a
 * unary expression) produces nothing; a mutant that Java would reject
 * (ill-typed) is recorded as skipped with the reason, never dropped
 * silently.  See README.md ("Operators").
 */
#include <stdlib.h>
#include <string.h>

#include "model/theory.h"
#include "model/analysis.h"

static const char *const role_names[] = {
	"lexp", "rexp", "exp", "expr", "lhs", "rhs", "cond", "then", "else",
	"min", "max",
};

struct gen {
	struct arena *a;
	struct analysis *an;
	const struct node *top; /* untyped original */
	size_t cap, capskip;
};

/* ---- shapes and roles ---- */

/* The node a role names in the top node's shape, or NULL. */
static const struct node *role(const struct node *top, const char *name)
{
	bool whole = !strcmp(name, "expr");
	switch (top->kind) {
	case N_BINARY:
		if (!strcmp(name, "lexp")) return top->a;
		if (!strcmp(name, "rexp")) return top->b;
		break;
	case N_UNARY:
	case N_INCDEC:
		if (!strcmp(name, "exp")) return top->a;
		break;
	case N_ASSIGN:
		if (!strcmp(name, "lhs")) return top->a;
		if (!strcmp(name, "rhs")) return top->b;
		break;
	case N_COND:
		if (!strcmp(name, "cond")) return top->a;
		if (!strcmp(name, "then")) return top->b;
		if (!strcmp(name, "else")) return top->c;
		break;
	default:
		whole = whole || !strcmp(name, "exp");
	}
	return whole ? top : NULL;
}

/* The shape written with role names: "lexp && rexp", "-exp", "exp". */
static void role_form(struct strbuf *sb, const struct node *top)
{
	switch (top->kind) {
	case N_BINARY:
		sb_printf(sb, "lexp %s rexp", op_spelling(top->op));
		return;
	case N_UNARY:
		sb_printf(sb, "%sexp", op_spelling(top->op));
		return;
	case N_INCDEC:
		if (top->op == OP_PREINC || top->op == OP_PREDEC)
			sb_printf(sb, "%sexp", op_spelling(top->op));
		else
			sb_printf(sb, "exp%s", op_spelling(top->op));
		return;
	case N_ASSIGN:
		sb_printf(sb, "lhs %s= rhs", op_spelling(top->op));
		return;
	case N_COND:
		sb_puts(sb, "cond ? then : else");
		return;
	default:
		sb_puts(sb, "exp");
	}
}

/* The operator spelling {op} stands for, or NULL. */
static const char *op_of(const struct node *top)
{
	switch (top->kind) {
	case N_BINARY: case N_UNARY: case N_INCDEC: case N_ASSIGN:
		return op_spelling(top->op);
	default:
		return NULL;
	}
}

static struct node *copy(struct arena *a, const struct node *n)
{
	return node_subst(a, n, NULL, NULL);
}

struct fill {
	struct arena *a;
	const struct node *top;
	const struct type *type; /* the typed original's type */
	bool missing;
};

/* {min} and {max}: the least and greatest value of the original's type
 * as a literal of that type (CRCR); a type without a range (boolean,
 * mathematical integers) does not fit. */
static struct node *limit_literal(struct fill *f, bool max)
{
	if (!type_is_integral(f->type)) {
		f->missing = true;
		return NULL;
	}
	struct node *n = node_new(f->a, N_LIT, f->top->pos);
	n->type = f->type;
	n->val = max ? type_max(f->type) : type_min(f->type);
	return n;
}

static struct node *fill_hole(void *ctx, const char *name)
{
	struct fill *f = ctx;
	if (!strcmp(name, "min") || !strcmp(name, "max"))
		return limit_literal(f, !strcmp(name, "max"));
	const struct node *r = role(f->top, name);
	if (!r) {
		f->missing = true;
		return NULL;
	}
	return copy(f->a, r);
}

/* ---- checking rules at load time ---- */

static bool is_literal(const struct node *n)
{
	return n->kind == N_LIT ||
	       (n->kind == N_UNARY && n->op == OP_NEG && n->a->kind == N_LIT);
}

static enum op parse_op(const char *s, bool *assign)
{
	*assign = false;
	for (int op = OP_MUL; op < OP_COUNT; op++)
		if (!strcmp(s, op_spelling((enum op)op)))
			return (enum op)op;
	size_t n = strlen(s);
	if (n >= 1 && s[n - 1] == '=') {
		*assign = true;
		if (n == 1)
			return OP_NONE;
		char tmp[8];
		if (n - 1 >= sizeof(tmp))
			return OP_COUNT;
		memcpy(tmp, s, n - 1);
		tmp[n - 1] = '\0';
		for (int op = OP_MUL; op <= OP_OR; op++)
			if (op_prec((enum op)op) >= 6 && op != OP_LT &&
			    op != OP_LE && op != OP_GT && op != OP_GE &&
			    op != OP_EQ && op != OP_NE &&
			    !strcmp(tmp, op_spelling((enum op)op)))
				return (enum op)op;
	}
	return OP_COUNT;
}

/* Replace "{op}" by spelling; NULL spelling keeps a stand-in "+". */
static char *subst_op(struct arena *a, const char *t, const char *spelling)
{
	struct strbuf sb = STRBUF_INIT;
	for (const char *s = t; *s; s++) {
		if (!strncmp(s, "{op}", 4)) {
			sb_puts(&sb, spelling ? spelling : "+");
			s += 3;
		} else {
			sb_putc(&sb, *s);
		}
	}
	char *r = arena_strdup(a, sb.buf);
	sb_release(&sb);
	return r;
}

/* The offset in a template as written of offset pos in its text with
 * each {op} replaced by a one-character stand-in (subst_op). */
static size_t item_offset(const char *item, int pos)
{
	size_t i = 0;
	for (int t = 0; item[i] && t < pos; t++)
		i += strncmp(item + i, "{op}", 4) ? 1 : 4;
	return i;
}

static int check_holes(const struct node *n, const struct rule *r)
{
	if (!n)
		return 0;
	if (n->kind == N_HOLE) {
		for (size_t i = 0; i < ARRAY_SIZE(role_names); i++)
			if (!strcmp(n->name, role_names[i]))
				return 0;
		const char *best = closest_word(n->name, role_names,
						ARRAY_SIZE(role_names));
		return diag_error(yscalar_loc(r->where,
					      item_offset(r->item, n->pos)),
				  "unknown placeholder {%s}%s%s%s", n->name,
				  best ? "; did you mean {" : "",
				  best ? best : "", best ? "}?" : "");
	}
	return check_holes(n->a, r) < 0 || check_holes(n->b, r) < 0 ||
			       check_holes(n->c, r) < 0
		       ? -1
		       : 0;
}

int rule_check(struct arena *a, const struct rule *r)
{
	if (r->kind == RULE_DELETE)
		return 0;
	if (r->kind == RULE_REPLACE) {
		bool assign;
		if (parse_op(r->item, &assign) != OP_COUNT)
			return 0;
		struct expr_src es = { r->item, r->where, r->where->loc.src,
				       true };
		struct node *n = parse_expr(a, &es, false);
		if (n && is_literal(n))
			return 0;
		return diag_error(r->where->loc,
				  "'%s' is neither an operator nor a literal",
				  r->item);
	}
	bool plain = !strstr(r->item, "{op}");
	char *text = subst_op(a, r->item, NULL);
	struct expr_src es = { text, plain ? r->where : NULL,
			       r->where->loc.src, false };
	struct node *n = parse_expr(a, &es, true);
	if (!n) {
		if (!plain)
			diag_error(r->where->loc, "cannot parse template '%s'",
				   r->item);
		return -1;
	}
	return check_holes(n, r);
}

/* ---- producing mutants ---- */

static void skip(struct gen *g, const char *label, const char *reason)
{
	struct analysis *an = g->an;
	GROW(an->skipped, (size_t)an->nskipped + 1, g->capskip);
	an->skipped[an->nskipped].label = label;
	an->skipped[an->nskipped].reason = arena_strdup(g->a, reason);
	an->nskipped++;
}

/* Type e and add it as a mutant; generated mutants that fail are
 * recorded as skipped, explicit ones are errors. */
static int add(struct gen *g, const char *op, const char *label,
	       struct node *e, const struct explicit_mutant *em)
{
	struct analysis *an = g->an;
	struct strbuf msg = STRBUF_INIT;
	struct type_env env = { an->nvars, an->var_names, an->var_types,
				false, em ? NULL : &msg, g->a,
				analysis_profile(an) };
	int rc = 0;
	for (int i = 1; i <= an->nmutants; i++)
		if (!strcmp(an->mutants[i].label, label)) {
			if (em)
				rc = diag_error(em->where->loc,
						"label '%s' is already used by "
						"a generated mutant",
						label);
			goto out;
		}
	if (type_expr(e, &env, em ? &em->src : NULL) < 0) {
		if (em) {
			diag_note(em->where->loc, "in mutant '%s', domain '%s'",
				  label, an->domain->name);
			rc = -1;
		} else
			skip(g, label, msg.buf);
		goto out;
	}
	sb_reset(&msg);
	const char *unfit = analysis_mutant_unfit(g->a, an, e);
	if (unfit)
		sb_puts(&msg, unfit);
	if (msg.len) {
		if (em)
			rc = diag_error(em->where->loc, "mutant '%s' in domain "
							"'%s': %s",
					label, an->domain->name, msg.buf);
		else
			skip(g, label, msg.buf);
		goto out;
	}
	GROW(an->mutants, (size_t)an->nmutants + 2, g->cap);
	struct mutant *m = &an->mutants[++an->nmutants];
	memset(m, 0, sizeof(*m));
	m->id = an->nmutants;
	m->label = label;
	m->op = op;
	m->expr = e;
	m->explicit_ = em != NULL;
	sb_reset(&msg);
	expr_print(&msg, e);
	m->text = arena_strdup(g->a, msg.buf);
out:
	sb_release(&msg);
	return rc;
}

static const char *label_of(struct gen *g, const char *op, const char *detail)
{
	if (!detail)
		return op;
	return arena_printf(g->a, "%s(%s)", op, detail);
}

static int apply_replace(struct gen *g, const struct operator *op,
			 const struct rule *r)
{
	const struct node *top = g->top;
	bool assign;
	enum op newop = parse_op(r->item, &assign);
	const char *label = label_of(g, op->name, r->item);
	if (newop == OP_COUNT) {
		/* A literal: replace the whole expression. */
		struct expr_src es = { r->item, r->where, r->where->loc.src,
				       false };
		struct node *lit = parse_expr_in(analysis_profile(g->an), g->a,
						 &es, false);
		if (!lit)
			return -1;
		return add(g, op->name, label, lit, NULL);
	}
	const struct profile *pf = analysis_profile(g->an);
	if (!pf->has_op(newop)) {
		skip(g, label, arena_printf(g->a, "'%s' is not an operator in %s",
					    op_spelling(newop), pf->name));
		return 0;
	}
	struct node *m = copy(g->a, top);
	switch (top->kind) {
	case N_BINARY:
		if (assign || !op_is_binary(newop))
			return 0;
		break;
	case N_UNARY:
		if (assign || !op_is_unary(newop))
			return 0;
		break;
	case N_INCDEC: {
		bool pre = top->op == OP_PREINC || top->op == OP_PREDEC;
		if (newop == OP_PREINC)
			newop = pre ? OP_PREINC : OP_POSTINC;
		else if (newop == OP_PREDEC)
			newop = pre ? OP_PREDEC : OP_POSTDEC;
		else
			return 0;
		break;
	}
	case N_ASSIGN:
		if (!assign)
			return 0;
		break;
	default:
		return 0;
	}
	if (newop == top->op)
		return 0;
	m->op = newop;
	return add(g, op->name, label, m, NULL);
}

static int apply_delete(struct gen *g, const struct operator *op,
			const struct rule *r)
{
	const struct node *top = g->top;
	const char *what = r->item;
	struct node *m = NULL;
	const char *detail = what;
	if (!strcmp(what, "lexp") && top->kind == N_BINARY) {
		m = copy(g->a, top->b);
	} else if (!strcmp(what, "rexp") && top->kind == N_BINARY) {
		m = copy(g->a, top->a);
	} else if (!strcmp(what, "op") &&
		   (top->kind == N_UNARY || top->kind == N_INCDEC)) {
		m = copy(g->a, top->a);
		detail = "exp";
	} else if (!strcmp(what, "op") && top->kind == N_ASSIGN &&
		   top->op != OP_NONE) {
		m = copy(g->a, top);
		m->op = OP_NONE;
		detail = "lhs=rhs";
	} else if (!strcmp(what, "statement")) {
		m = node_new(g->a, N_SKIP, 0);
		detail = NULL;
	}
	if (!m)
		return 0;
	return add(g, op->name, label_of(g, op->name, detail), m, NULL);
}

static int apply_template(struct gen *g, const struct operator *op,
			  const struct rule *r)
{
	const struct node *top = g->top;
	const char *spelling = op_of(top);
	bool uses_op = strstr(r->item, "{op}") != NULL;
	if (uses_op && !spelling)
		return 0;
	char *text = subst_op(g->a, r->item, spelling);
	/* With {op} filled in, a template written for another shape may
	 * not parse ("!{lexp} ! {rexp}" on "!a"): it does not fit, like a
	 * missing role.  rule_check() has already checked its syntax. */
	struct expr_src es = { text, uses_op ? NULL : r->where,
			       r->where->loc.src, uses_op };
	struct node *t = parse_expr_in(analysis_profile(g->an), g->a, &es,
				       true);
	if (!t)
		return uses_op ? 0 : -1;
	struct fill f = { g->a, top, g->an->orig->type, false };
	struct node *m = node_subst(g->a, t, fill_hole, &f);
	if (f.missing)
		return 0;
	const char *detail = r->label;
	if (!detail) {
		struct strbuf sb = STRBUF_INIT;
		for (const char *s = text; *s; s++) {
			if (!strncmp(s, "{expr}", 6)) {
				role_form(&sb, top);
				s += 5;
			} else if (*s != '{' && *s != '}') {
				sb_putc(&sb, *s);
			}
		}
		detail = arena_strdup(g->a, sb.buf);
		sb_release(&sb);
	}
	return add(g, op->name, label_of(g, op->name, detail), m, NULL);
}

/* An operator with an 'on' list applies only to those top operators. */
static bool applies(const struct operator *op, const struct node *top)
{
	if (!op->non)
		return true;
	const char *s = op_of(top);
	char buf[8];
	if (!s)
		return false;
	if (top->kind == N_ASSIGN) {
		snprintf(buf, sizeof(buf), "%s=", s);
		s = buf;
	}
	for (int i = 0; i < op->non; i++)
		if (!strcmp(op->on[i], s))
			return true;
	return false;
}

int mutate_analysis(struct arena *a, struct analysis *an,
		    const struct target_spec *ts)
{
	struct gen g = { a, an, ts->expr, 0, 0 };
	int rc = 0;
	an->mutants = NULL;
	GROW(an->mutants, 1, g.cap);
	memset(&an->mutants[0], 0, sizeof(an->mutants[0]));
	for (int i = 0; i < ts->nops && rc == 0; i++) {
		const struct operator *op = ts->ops[i];
		if (!applies(op, ts->expr))
			continue;
		for (int j = 0; j < op->nrules && rc == 0; j++) {
			const struct rule *r = &op->rules[j];
			switch (r->kind) {
			case RULE_REPLACE: rc = apply_replace(&g, op, r); break;
			case RULE_DELETE: rc = apply_delete(&g, op, r); break;
			case RULE_TEMPLATE: rc = apply_template(&g, op, r); break;
			}
		}
	}
	for (int i = 0; i < ts->nexplicit && rc == 0; i++) {
		const struct explicit_mutant *em = &ts->explicit_[i];
		rc = add(&g, em->op, em->label, copy(a, em->expr), em);
	}
	/* Move the arrays into the arena. */
	struct mutant *ms = ANEWN(a, struct mutant, (size_t)an->nmutants + 1);
	memcpy(ms, an->mutants, ((size_t)an->nmutants + 1) * sizeof(*ms));
	free(an->mutants);
	an->mutants = ms;
	if (an->nskipped) {
		struct skipped *sk = ANEWN(a, struct skipped,
					   (size_t)an->nskipped);
		memcpy(sk, an->skipped, (size_t)an->nskipped * sizeof(*sk));
		free(an->skipped);
		an->skipped = sk;
	}
	if (rc == 0 && an->nmutants == 0) {
		struct loc l = ts->expr_src.where ? ts->expr_src.where->loc
						  : ts->t->loc;
		return diag_error(l, "no operator produces a mutant of '%s' in "
				     "domain '%s'",
				  ts->t->name, an->domain->name);
	}
	return rc;
}
