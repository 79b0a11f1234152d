/*
 * fuzz-expr.c - one Java expression (the whole test case) through the
 * parser, the printer, the typer and the concrete evaluator.
 *
 * Variables: a b x int, c char, s short, y byte, l m long, i j integer,
 * p q boolean.  Every expression that parses prints and parses back to
 * the same tree; a rejection has an error message; a typed expression
 * is evaluated on boundary inputs (the evaluator must not hit C
 * undefined behaviour: UBSan checks that).  A rejected text is parsed
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

static void roundtrip(struct arena *a, const struct node *n)
{
	struct strbuf p = STRBUF_INIT;
	expr_print(&p, n);
	struct source src = { "printed", p.buf, p.len };
	struct expr_src es = { .text = p.buf, .src = &src };
	fuzz_enter();
	struct node *m = parse_expr(a, &es, false);
	fuzz_leave();
	if (!m || !expr_equal(n, m))
		fuzz_fail("printed as '%s', which does not parse back to the "
			  "same tree", p.buf);
	sb_release(&p);
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
		roundtrip(a, n);
		struct type_env env = { .nvars = NV, .names = names,
					.types = types, .arena = a };
		errs = diag_errors;
		fuzz_enter();
		int rc = type_expr(n, &env, &es);
		fuzz_leave();
		if (rc < 0 && diag_errors == errs)
			fuzz_fail("type error without an error message");
		for (int k = 0; rc == 0 && k < 7; k++) {
			struct value in[NV];
			struct outcome out;
			input(k, in);
			fuzz_enter();
			eval_outcome(n, NV, in, &out);
			fuzz_leave();
		}
	} else {
		fuzz_enter();
		parse_expr(a, &es, true); /* holes print as names: no trip */
		fuzz_leave();
	}
	arena_free(a);
	free(text);
	return 0;
}
