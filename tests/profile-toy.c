/*
 * profile-toy.c - the profile interface carries a language that is not
 * Java: a toy profile with unsigned types, int-valued comparisons, C-like
 * promotions and no '>>>', defined here and nowhere in prover/.  Typing
 * inserts its conversions; the evaluator and the Z3 encoding, untouched,
 * agree with each other and with known answers on its unsigned division,
 * remainder, shifts, comparisons and conversions.
 */
#include <inttypes.h>

#include "prover-test.h"

static const struct profile toy;

static const struct type toy_bool = { TK_BOOLEAN, "bool", 0, false, 0, 0,
				      &toy };
static const struct type toy_u8 = { TK_INT, "u8", 8, false, 1, 1, &toy };
static const struct type toy_i32 = { TK_INT, "i32", 32, true, 3, 2, &toy };
static const struct type toy_u32 = { TK_INT, "u32", 32, false, 3, 3, &toy };
static const struct type *const toy_types[] = { &toy_bool, &toy_u8,
						 &toy_i32, &toy_u32 };

static int toy_read_literal(const struct profile *pf, const char *s, int pos,
			    struct literal *lit, int *errpos, char *err,
			    size_t errsz)
{
	(void)pf;
	if (profile_java.read_literal(&profile_java, s, pos, lit, errpos, err,
				      errsz) < 0)
		return -1;
	if (lit->type != T_INT || lit->minus_only) {
		*errpos = pos;
		snprintf(err, errsz, "only i32 literals");
		return -1;
	}
	lit->type = &toy_i32;
	return 0;
}

static bool toy_keyword_literal(const struct profile *pf, const char *id,
				size_t len, struct literal *lit)
{
	(void)pf;
	if (!profile_java.keyword_literal(&profile_java, id, len, lit))
		return false;
	lit->type = &toy_bool;
	return true;
}

static bool toy_has_op(enum op op)
{
	return op != OP_USHR;
}

static const struct type *toy_unary(const struct type *t)
{
	return t->rank < toy_i32.rank ? &toy_i32 : t;
}

/* C's usual arithmetic conversions, for two 32-bit types. */
static const struct type *toy_binary(const struct type *a,
				     const struct type *b)
{
	a = toy_unary(a);
	b = toy_unary(b);
	return a == b ? a : &toy_u32;
}

static const struct type *toy_shift(const struct type *l,
				    const struct type *r)
{
	(void)r;
	return toy_unary(l);
}

static const struct type *toy_cond(const struct node *b, const struct node *c)
{
	return toy_binary(b->type, c->type);
}

static bool toy_assignable(const struct node *rhs, const struct type *to)
{
	return type_is_numeric(rhs->type) && type_is_numeric(to);
}

static bool toy_comparable(const struct type *from, const struct type *to)
{
	return (from->kind == TK_BOOLEAN) == (to->kind == TK_BOOLEAN);
}

static void toy_print(struct strbuf *sb, const struct type *t, struct value v)
{
	if (t->kind == TK_BOOLEAN)
		sb_puts(sb, v.bits ? "true" : "false");
	else if (t->is_signed)
		sb_printf(sb, "%" PRId64, value_i64(v));
	else
		sb_printf(sb, "%" PRIu64 "u", v.bits);
}

static const struct profile toy = {
	.name = "toy",
	.ntypes = 4,
	.types = toy_types,
	.boolean = &toy_bool,
	.compare_result = &toy_i32,
	.read_literal = toy_read_literal,
	.keyword_literal = toy_keyword_literal,
	.has_op = toy_has_op,
	.unary_promote = toy_unary,
	.binary_promote = toy_binary,
	.shift_type = toy_shift,
	.compare_type = toy_binary,
	.cond_type = toy_cond,
	.assignable = toy_assignable,
	.comparable = toy_comparable,
	.div_zero = DIV0_THROWS,
	.shift = SHIFT_MASK,
	.value_print = toy_print,
};

static struct arena *A;
static const char *const names[] = { "a", "b", "x", "c" };
static const struct type *const types[] = { &toy_u32, &toy_u32, &toy_i32,
					    &toy_u8 };
#define NV 4

static struct node *toy_expr(const char *text, char *msg, size_t msgsz)
{
	struct texpr t;
	texpr_init(A, &t, text);
	struct strbuf err = STRBUF_INIT;
	cap_begin();
	struct node *n = parse_expr_in(&toy, A, &t.es, false);
	cap_end();
	if (!n) {
		copy_msg(msg, msgsz, cap_first_line());
		sb_release(&err);
		return NULL;
	}
	struct type_env env = { NV, names, types, false, &err, A, &toy };
	int rc = type_expr(n, &env, NULL);
	snprintf(msg, msgsz, "%s", err.buf ? err.buf : "");
	sb_release(&err);
	return rc < 0 ? NULL : n;
}

static void typed(const char *text, const char *type, const char *conv)
{
	char msg[256];
	struct node *n = toy_expr(text, msg, sizeof(msg));
	struct strbuf sb = STRBUF_INIT;
	if (n)
		expr_print_typed(&sb, n);
	ok(n && !strcmp(type_name(n->type), type) && !strcmp(sb.buf, conv),
	   "toy: '%s' is %s: %s", text, type, conv);
	if (!n)
		diag("%s", msg);
	else if (strcmp(sb.buf, conv))
		diag("got %s: %s", type_name(n->type), sb.buf);
	sb_release(&sb);
}

static const struct node *const *progs;
static const struct node *program(const void *owner, int p)
{
	(void)owner;
	return progs[p];
}

/* eval and Z3 agree on text over random inputs, and on the input known[]
 * (when not NULL) both give want. */
static void agree(const char *text, const int64_t *known, int64_t want)
{
	char msg[256];
	struct node *n = toy_expr(text, msg, sizeof(msg));
	if (!n) {
		ok(0, "toy: '%s' types", text);
		diag("%s", msg);
		return;
	}
	const struct node *ps[1] = { n };
	progs = ps;
	struct observe obs = { .value = true };
	struct problem pb = { &toy, NV, names, types, NULL, &obs, 1, program,
			      NULL };
	struct smt *s = smt_new(&pb, 0, false);
	uint64_t seed = 0x70;
	int bad = 0, n_in = 0;
	for (int k = 0; k < 300; k++) {
		struct value in[MAX_VARS] = { { 0 } };
		for (int v = 0; v < NV; v++)
			in[v] = rnd_value(&seed, types[v]);
		if (k < 8) /* edges: 0, 1, max, sign bit */
			for (int v = 0; v < NV; v++)
				in[v] = type_wrap(types[v], k % 4 == 0 ? 0
						  : k % 4 == 1 ? 1
						  : k % 4 == 2 ? -1
						  : INT32_MIN);
		struct outcome e, z;
		eval_outcome(n, NV, in, &e);
		if (smt_outcome(s, 0, in, &z) < 0 || e.threw != z.threw ||
		    (!e.threw && !value_eq(e.value, z.value))) {
			if (bad++ < 3)
				diag("'%s' on a=%" PRIu64 " x=%" PRId64
				     ": eval %" PRIu64 ", z3 %" PRIu64,
				     text, in[0].bits, value_i64(in[2]),
				     e.value.bits, z.value.bits);
		}
		for (int v = 0; v < NV && !e.threw; v++)
			if (!value_eq(e.vars[v], z.vars[v]))
				bad += 1;
		n_in++;
	}
	ok(bad == 0, "toy: '%s': evaluator = encoding on %d inputs", text,
	   n_in);
	if (known) {
		struct value in[MAX_VARS] = { { 0 } };
		for (int v = 0; v < NV; v++)
			in[v] = type_wrap(types[v], known[v]);
		struct outcome e, z;
		eval_outcome(n, NV, in, &e);
		int rc = smt_outcome(s, 0, in, &z);
		struct strbuf sb = STRBUF_INIT;
		value_print(&sb, n->type, e.value);
		ok(!e.threw && rc == 0 && value_eq(e.value, z.value) &&
			   value_eq(e.value, type_wrap(n->type, want)),
		   "toy: '%s' = %s", text, sb.buf);
		sb_release(&sb);
	}
	smt_free(s);
}

int main(void)
{
	plan_no_plan();
	A = arena_new();

	typed("a + x", "u32", "(a + (u32)x)");
	typed("c + c", "i32", "((i32)c + (i32)c)");
	typed("a < x", "i32", "(a < (u32)x)");
	typed("x < 1", "i32", "(x < 1)");
	typed("c = x", "u8", "(c = (u8)x)");
	typed("c += 200", "u8", "(c += 200 {(u8)((i32)c + 200)})");
	typed("a >> c", "u32", "(a >> (u32)c)");
	typed("true ? a : x", "u32", "(true ? a : (u32)x)");
	{
		char msg[256];
		ok(!toy_expr("a >>> 1", msg, sizeof(msg)) &&
			   strstr(msg, "'>>>' is not an operator in toy"),
		   "toy: '>>>' is not an operator");
	}

	/* Known answers where unsigned and signed differ. */
	int64_t k1[] = { 0xffffffff, 2, -1, 0 };
	agree("a / b", k1, 0x7fffffff);
	agree("a % b", k1, 1);
	agree("a >> 28", k1, 15);
	int64_t k2[] = { 1, 0, -1, 0 };
	agree("a < x", k2, 1);          /* (u32)-1 is the largest */
	agree("x < 0", k2, 1);
	agree("x / 2 + a", k2, 1);      /* signed x / 2 = 0 */
	int64_t k3[] = { 0, 0, 300, 0 };
	agree("c = x", k3, 44);         /* 300 wraps to 44 */
	agree("c += 250", NULL, 0);
	agree("c++ + c", NULL, 0);
	agree("false ? a : x * 3 - c", NULL, 0);
	agree("a % (b | 1) == (a < b)", NULL, 0);
	agree("(x >> 3) + (a << (c & 7))", NULL, 0);
	agree("~a + -x", NULL, 0);
	arena_free(A);
	free(cap_buf);
	return done_testing();
}
