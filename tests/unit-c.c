/*
 * unit-c.c - the C profiles (lang/c.c) and C's undefined behaviour in
 * the evaluator and the Z3 encoding: constants and their types, the
 * usual arithmetic conversions, int-valued comparisons and conditions,
 * casts, values printed as C constants, and known answers (value or
 * undefined) on which the evaluator and the encoding must both agree,
 * under the policies outcome and wrap and the data models.
 */
#include <inttypes.h>

#include "prover-test.h"

static struct arena *A;

/* Variables: x, y int; u, v unsigned; l long; ul unsigned long; c char;
 * uc unsigned char; sc signed char; b _Bool; s short; ll long long. */
static const char *const names[] = { "x", "y", "u", "v", "l", "ul", "c",
				     "uc", "sc", "b", "s", "ll" };
#define NV ((int)ARRAY_SIZE(names))
static const char *const tnames[NV] = {
	"int", "int", "unsigned", "unsigned int", "long", "unsigned long",
	"char", "unsigned char", "int8_t", "bool", "short", "long long",
};

static const struct profile *P;
static const struct type *types[NV];

static void use(const struct profile *pf)
{
	P = pf;
	for (int i = 0; i < NV; i++)
		types[i] = profile_type(pf, tnames[i]);
}

static struct node *cexpr(const char *text, char *msg, size_t msgsz)
{
	struct texpr t;
	texpr_init(A, &t, text);
	struct strbuf err = STRBUF_INIT;
	cap_begin();
	struct node *n = parse_expr_in(P, A, &t.es, false);
	const char *cap = cap_end();
	if (!n) {
		copy_msg(msg, msgsz, cap);
		sb_release(&err);
		return NULL;
	}
	struct type_env env = { NV, names, types, false, &err, A, P };
	int rc = type_expr(n, &env, NULL);
	snprintf(msg, msgsz, "%s", err.buf ? err.buf : "");
	sb_release(&err);
	return rc < 0 ? NULL : n;
}

static void typed(const char *text, const char *type, const char *conv)
{
	char msg[256];
	struct node *n = cexpr(text, msg, sizeof(msg));
	struct strbuf sb = STRBUF_INIT;
	if (n)
		expr_print_typed(&sb, n);
	ok(n && !strcmp(type_name(n->type), type) && !strcmp(sb.buf, conv),
	   "c: '%s' is %s: %s", text, type, conv);
	if (!n)
		diag("%s", msg);
	else if (strcmp(sb.buf, conv))
		diag("got %s: %s", type_name(n->type), sb.buf);
	sb_release(&sb);
}

static void bad(const char *text, const char *want)
{
	char msg[256];
	ok(!cexpr(text, msg, sizeof(msg)) && strstr(msg, want),
	   "c: '%s' is an error: %s", text, want);
	if (!strstr(msg, want))
		diag("got: %s", msg);
}

static const struct node *const *progs;
static const struct node *program(const void *owner, int p)
{
	(void)owner;
	return progs[p];
}

/* On the input x=X, y=Y, u=X, v=Y, l=X, ul=X, c=X, uc=X, sc=X, b=X, s=X,
 * ll=X (each wrapped to its type), text is undefined (want_ub) or has the
 * value printed as want; the evaluator and the encoding agree on it and
 * on 200 random inputs. */
static void known(const char *text, int64_t X, int64_t Y, bool want_ub,
		  const char *want)
{
	char msg[256];
	struct node *n = cexpr(text, msg, sizeof(msg));
	if (!n) {
		ok(0, "c: '%s' types", text);
		diag("%s", msg);
		return;
	}
	const struct node *ps[1] = { n };
	progs = ps;
	struct observe obs = { .value = true };
	struct problem pb = { P, NV, names, types, NULL, &obs, 1, program,
			      NULL };
	struct smt *s = smt_new(&pb, 0, false);
	uint64_t seed = 0xc0ffee;
	int mismatch = 0;
	for (int k = 0; k <= 200; k++) {
		struct value in[MAX_VARS] = { { 0 } };
		for (int v = 0; v < NV; v++)
			in[v] = k < 200 ? rnd_value(&seed, types[v])
					: type_wrap(types[v], v == 1 || v == 3 ? Y : X);
		struct outcome e, z;
		eval_outcome(n, NV, in, &e);
		if (smt_outcome(s, 0, in, &z) < 0 || e.threw != z.threw ||
		    (!e.threw && !value_eq(e.value, z.value)))
			mismatch++;
		if (k < 200)
			continue;
		struct strbuf sb = STRBUF_INIT;
		if (!e.threw)
			value_print(&sb, n->type, e.value);
		ok(mismatch == 0 && e.threw == want_ub &&
			   (want_ub || !strcmp(sb.buf, want)),
		   "c %s: '%s' on x=%" PRId64 " y=%" PRId64 " is %s",
		   P->options, text, X, Y, want_ub ? "undefined" : want);
		if (mismatch || e.threw != want_ub)
			diag("eval ub=%d value=%s, %d mismatches with Z3",
			     e.threw, sb.buf, mismatch);
		sb_release(&sb);
	}
	smt_free(s);
}

static void printed(const char *type, int64_t v, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	const struct type *t = profile_type(P, type);
	value_print(&sb, t, type_wrap(t, v));
	ok(!strcmp(sb.buf, want), "c: %s %" PRId64 " prints as %s", type, v,
	   want);
	sb_release(&sb);
}

int main(void)
{
	plan_no_plan();
	A = arena_new();
	use(c_profile("c", "lp64", true, UB_OUTCOME));
	ok(P && !strcmp(P->options, "data-model: lp64, char: signed, ub: "
				    "outcome"),
	   "c: the default profile names its options");
	ok(!c_profile("c", "lp32", true, UB_OUTCOME) &&
		   !c_profile("cobol", "lp64", true, UB_OUTCOME),
	   "c: unknown data models and languages have no profile");
	ok(c_ub_policy("defined-only") == UB_DEFINED_ONLY &&
		   c_ub_policy("wrapv") < 0,
	   "c: UB policies by name");

	/* constants (C11 6.4.4) */
	typed("2147483647", "int", "2147483647");
	typed("2147483648", "long", "2147483648L");
	typed("0x80000000", "unsigned", "2147483648u");
	typed("4294967296", "long", "4294967296L");
	typed("1u", "unsigned", "1u");
	typed("1UL", "unsigned long", "1UL");
	typed("1lu", "unsigned long", "1UL");
	typed("1LL", "long long", "1LL");
	typed("1ull", "unsigned long long", "1ULL");
	typed("0xFFFFFFFFFFFFFFFF", "unsigned long", "18446744073709551615UL");
	typed("9223372036854775807", "long", "9223372036854775807L");
	typed("'a'", "int", "97");
	typed("'\\xff'", "int", "-1");
	typed("'\\n'", "int", "10");
	typed("017", "int", "15");
	typed("true", "int", "1");
	bad("9223372036854775808", "too large");
	bad("1uu", "unexpected 'u'");
	bad("'ab'", "multi-character");

	/* conversions (C11 6.3.1.1, 6.3.1.8) */
	typed("-1 < 0u", "int", "((unsigned)-(1) < 0u)");
	typed("x + u", "unsigned", "((unsigned)x + u)");
	typed("x + l", "long", "((long)x + l)");
	typed("u + l", "long", "((long)u + l)");
	typed("ul + l", "unsigned long", "(ul + (unsigned long)l)");
	typed("l + ll", "long long", "((long long)l + ll)");
	typed("c + uc", "int", "((int)c + (int)uc)");
	typed("b + b", "int", "((int)b + (int)b)");
	typed("x < y", "int", "(x < y)");
	typed("!x", "int", "!((truth value)x)");
	typed("x && u", "int", "((truth value)x && (truth value)u)");
	typed("x ? u : l", "long", "((truth value)x ? (long)u : l)");
	typed("(unsigned char)x", "unsigned char", "(unsigned char)x");
	typed("(unsigned long long)x + 1",
	      "unsigned long long",
	      "((unsigned long long)x + (unsigned long long)1)");
	typed("x << l", "int", "(x << l)");
	typed("c << 1", "int", "((int)c << 1)");
	typed("c += 1", "char", "(c += 1 {(char)((int)c + 1)})");
	typed("u <<= c", "unsigned", "(u <<= c {(u << (int)c)})");
	bad("x >>> 1", "'>>>' is not an operator in c");
	bad("(boolean)x", "unexpected 'x' after the expression");

	/* values printed as C constants */
	printed("unsigned", -1, "4294967295u");
	printed("int", INT32_MIN, "(-2147483647 - 1)");
	printed("int", INT32_MIN + 1, "-2147483647");
	printed("long", INT64_MIN, "(-9223372036854775807L - 1)");
	printed("long long", INT64_MIN, "(-9223372036854775807LL - 1)");
	printed("short", INT16_MIN, "-32768");
	printed("signed char", INT8_MIN, "-128");
	printed("long", INT64_MAX, "9223372036854775807L");
	printed("unsigned long long", 1, "1ULL");
	printed("unsigned char", 255, "255");
	printed("bool", 1, "1");

	/* undefined behaviour (C11 6.5p5, 6.5.5, 6.5.7) and its absence */
	known("x + 1", INT32_MAX, 0, true, NULL);
	known("x - 1", INT32_MIN, 0, true, NULL);
	known("x * y", 65536, 65536, true, NULL);
	known("x * y", 46340, 46340, false, "2147395600");
	known("-x", INT32_MIN, 0, true, NULL);
	known("x++", INT32_MAX, 0, true, NULL);
	known("x += y", INT32_MAX, 1, true, NULL);
	known("u + 1", -1, 0, false, "0u");
	known("c + 1", 127, 0, false, "128");
	known("c += 1", 127, 0, false, "-128");
	known("uc - 1", 0, 0, false, "-1");
	known("l + 1", INT32_MAX, 0, false, "2147483648L");
	known("x / y", 1, 0, true, NULL);
	known("u % v", 1, 0, true, NULL);
	known("x / y", INT32_MIN, -1, true, NULL);
	known("x % y", INT32_MIN, -1, true, NULL);
	known("l / y", INT32_MIN, -1, false, "2147483648L");
	known("x / y", -7, 2, false, "-3");
	known("x % y", -7, 2, false, "-1");
	known("x << y", 1, 31, true, NULL);
	known("x << y", 1, 30, false, "1073741824");
	known("x << y", -1, 0, true, NULL);
	known("x << y", 0, 32, true, NULL);
	known("x << y", 0, -1, true, NULL);
	known("u << y", -1, 31, false, "2147483648u");
	known("u << y", 1, 32, true, NULL);
	known("x >> y", -8, 1, false, "-4");
	known("u >> y", -8, 1, false, "2147483644u");
	known("l << y", 1, 32, false, "4294967296L");
	known("x << l", 1, 0, false, "2");
	known("x << ul", 1, 0, false, "2");
	known("c << 8", -1, 0, true, NULL);
	known("(signed char)x", 200, 0, false, "-56");
	known("(unsigned char)x", -1, 0, false, "255");
	known("(_Bool)x", 256, 0, false, "1");
	known("b = x", 256, 0, false, "1");
	known("-1 < 0u", 0, 0, false, "0");
	known("-1 < 0", 0, 0, false, "1");
	known("x != 0 && 1 / x > 0", 0, 0, false, "0");
	known("x ? 1 / x : 0", 0, 0, false, "0");
	known("!x + !!y", 0, 5, false, "2");
	known("x + 1 > x", INT32_MAX, 0, true, NULL);

	use(c_profile("c", "lp64", true, UB_WRAP));
	known("x + 1", INT32_MAX, 0, false, "(-2147483647 - 1)");
	known("-x", INT32_MIN, 0, false, "(-2147483647 - 1)");
	known("x << y", -1, 1, false, "-2");
	known("x << y", 1, 31, false, "(-2147483647 - 1)");
	known("x << y", 1, 32, true, NULL);
	known("x / y", INT32_MIN, -1, true, NULL);
	known("x + 1 > x", INT32_MAX, 0, false, "0");

	use(c_profile("c", "ilp32", false, UB_OUTCOME));
	typed("2147483648", "long long", "2147483648LL");
	printed("long", INT32_MIN, "(-2147483647L - 1)");
	printed("long long", INT64_MIN, "(-9223372036854775807LL - 1)");
	typed("'\\xff'", "int", "255");
	typed("u + l", "unsigned long", "((unsigned long)u + (unsigned long)l)");
	known("l + 1", INT32_MAX, 0, true, NULL);
	known("c + 0", -1, 0, false, "255");

	use(c_profile("c", "llp64", true, UB_OUTCOME));
	ok(profile_type(P, "int64_t") == profile_type(P, "long long") &&
		   profile_type(P, "long")->bits == 32,
	   "c llp64: long has 32 bits, int64_t is long long");

	use(c_profile("c++", "lp64", true, UB_OUTCOME));
	typed("x < y", "bool", "(x < y)");
	typed("true", "bool", "true");
	printed("long", INT64_MIN, "(-9223372036854775807L - 1)");
	known("x << y", -1, 1, false, "-2");
	known("x << y", 1, 31, false, "(-2147483647 - 1)");
	known("x + 1", INT32_MAX, 0, true, NULL);

	arena_free(A);
	return done_testing();
}
