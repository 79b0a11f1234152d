/*
 * fuzz-expr.c - one Java expression (the whole test case) through the
 * parser, the printer, the typer and the concrete evaluator.
 *
 * Variables: a b x int, c char, s short, y byte, l m long, i j integer,
 * p q boolean.  Every expression that parses prints as text that parses
 * back, prints the same and, when the expression types, types the same
 * and evaluates the same on boundary inputs (the evaluator must not hit
 * C undefined behaviour: UBSan checks that); a rejection has an error
 * message.  A rejected text is parsed
 * once more with template holes allowed ({lexp}), as operator
 * templates are.
 */
#include "fuzz/fuzz.h"

#include <string.h>

#include "base/diag.h"
#include "lang/java.h"

static const char *const names[] = { "a", "b", "x", "c", "s", "y", "l",
				     "m", "i", "j", "p", "q" };
static const struct type *const types[] = {
	T_INT, T_INT, T_INT, T_CHAR, T_SHORT, T_BYTE, T_LONG, T_LONG,
	T_INTEGER, T_INTEGER, T_BOOLEAN, T_BOOLEAN };
#define NV ((int)ARRAY_SIZE(names))

/* Input k of a few boundary inputs, each value in its variable's type. */
static void input(int k, struct value *in)
{
	static const int64_t pick[] = { 0, 1, -1, 0, 0, 7, -2 };
	for (int v = 0; v < NV; v++) {
		const struct type *t = types[v];
		int p = (k + v) % (int)ARRAY_SIZE(pick);
		if (t->kind == TK_MATH)
			in[v] = value_int(p == 3 ? INT64_MIN / 4
				       : p == 4 ? INT64_MAX / 4 : pick[p]);
		else if (p == 3)
			in[v] = type_min(t);
		else if (p == 4)
			in[v] = type_max(t);
		else if (t->kind == TK_BOOLEAN)
			in[v] = value_bool(pick[p] & 1);
		else
			in[v] = type_wrap(t, pick[p]);
	}
}

/* n printed and parsed back: NULL if that fails. */
static struct node *reparse(struct arena *a, const struct node *n,
			    struct strbuf *p)
{
	expr_print(p, n);
	struct source *src = ANEW(a, struct source);
	*src = (struct source){ "printed", arena_strdup(a, p->buf), p->len };
	struct expr_src es = { .text = src->text, .src = src };
	fuzz_enter();
	struct node *m = parse_expr(a, &es, false);
	fuzz_leave();
	return m;
}

static bool same_outcome(const struct outcome *x, const struct outcome *y)
{
	if (x->overflow || y->overflow)
		return true; /* undecided */
	if (x->threw != y->threw)
		return false;
	if (x->threw)
		return true;
	if (!value_eq(x->value, y->value))
		return false;
	for (int v = 0; v < NV; v++)
		if (!value_eq(x->vars[v], y->vars[v]))
			return false;
	return true;
}

static int type_it(struct arena *a, struct node *n, const struct expr_src *es)
{
	struct type_env env = { .nvars = NV, .names = names, .types = types,
				.arena = a };
	int errs = diag_errors;
	fuzz_enter();
	int rc = type_expr(n, &env, es);
	fuzz_leave();
	if (rc < 0 && diag_errors == errs)
		fuzz_fail("type error without an error message");
	return rc;
}

int fuzz_expr(const uint8_t *data, size_t size)
{
	char *text = fuzz_strndup(data, size);
	struct source src = { "expr", text, size };
	struct expr_src es = { .text = text, .src = &src };
	struct arena *a = arena_new();
	int errs = diag_errors;
	fuzz_enter();
	struct node *n = parse_expr(a, &es, false);
	fuzz_leave();
	if (!n && diag_errors == errs)
		fuzz_fail("expression rejected without an error message");
	if (n) {
		/* The printed form parses back, prints the same (a negative
		 * hex literal prints as a negated decimal, so the trees may
		 * differ) and means the same: same type, same outcomes. */
		struct strbuf p1 = STRBUF_INIT, p2 = STRBUF_INIT;
		struct node *m = reparse(a, n, &p1);
		if (!m)
			fuzz_fail("printed as '%s', which does not parse",
				  p1.buf);
		if (!reparse(a, m, &p2) || strcmp(p1.buf, p2.buf))
			fuzz_fail("printed as '%s', then as '%s'", p1.buf,
				  p2.buf);
		int rc = type_it(a, n, &es);
		if (rc == 0 && (type_it(a, m, NULL) < 0 || m->type != n->type))
			fuzz_fail("'%s' types, its printed form '%s' does not "
				  "type the same", text, p1.buf);
		for (int k = 0; rc == 0 && k < 7; k++) {
			struct value in[NV];
			struct outcome on, om;
			input(k, in);
			fuzz_enter();
			eval_outcome(n, NV, in, &on);
			eval_outcome(m, NV, in, &om);
			fuzz_leave();
			if (!same_outcome(&on, &om))
				fuzz_fail("'%s' and its printed form '%s' "
					  "evaluate differently", text, p1.buf);
		}
		sb_release(&p1);
		sb_release(&p2);
	} else {
		fuzz_enter();
		parse_expr(a, &es, true); /* holes print as names: no trip */
		fuzz_leave();
	}
	arena_free(a);
	free(text);
	return 0;
}
