/*
 * unit-eval.c - the concrete evaluator (eval.c) against hand-checked
 * Java semantics: wrap-around of every fixed-width type, division and
 * remainder (by zero, MIN / -1), shift distance masking and >>> on
 * negative values, short-circuit evaluation with side effects, ?:, pre
 * and post increment, and compound assignments that narrow.
 *
 * Variables (tenv_std): z, zb boolean; b, b2 byte; s short; c char;
 * i, j, x, y int; l, m long; n integer.
 */
#include "prover-test.h"

static struct arena *A;
static struct tenv E;

static int var_index(const char *name)
{
	for (int k = 0; k < E.n; k++)
		if (!strcmp(E.names[k], name))
			return k;
	fprintf(stderr, "no variable %s\n", name);
	exit(99);
}

/* "i=1,b=-128" into in[] (the others stay as they are). */
static void assign_vars(struct value *in, const char *spec)
{
	char buf[256];
	snprintf(buf, sizeof(buf), "%s", spec ? spec : "");
	for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
		char *eq = strchr(tok, '=');
		*eq = '\0';
		in[var_index(tok)] = value_int(strtoll(eq + 1, NULL, 0));
	}
}

/*
 * Evaluate text with the variables in init (others 0).  want is the
 * value ("throws" for an ArithmeticException, "overflow" for an
 * integer that leaves int64); after lists variables' final values.
 */
static void check(const char *text, const char *init, const char *want,
		  const char *after)
{
	char msg[512];
	int col;
	struct node *e = ttype_at(A, &E, text, false, msg, sizeof(msg), &col);
	if (!e) {
		ok(0, "%s [%s]: types", text, init ? init : "");
		diag("column %d: %s", col, msg);
		return;
	}
	struct value in[MAX_VARS] = { { 0 } };
	assign_vars(in, init);
	struct outcome o;
	eval_outcome(e, E.n, in, &o);
	char name[512];
	snprintf(name, sizeof(name), "%s [%s]", text, init ? init : "");
	if (!strcmp(want, "throws")) {
		ok(o.threw, "%s throws", name);
	} else if (!strcmp(want, "overflow")) {
		ok(o.overflow, "%s overflows int64", name);
	} else {
		ok(!o.threw && !o.overflow, "%s does not throw", name);
		is_int(value_i64(o.value), strtoll(want, NULL, 0), "%s = %s",
		       name, want);
	}
	if (after) {
		struct value exp[MAX_VARS];
		memcpy(exp, in, sizeof(exp));
		assign_vars(exp, after);
		bool same = true;
		for (int k = 0; k < E.n; k++)
			if (!value_eq(o.vars[k], exp[k])) {
				same = false;
				diag("%s: got %" PRId64 ", want %" PRId64,
				     E.names[k], value_i64(o.vars[k]),
				     value_i64(exp[k]));
			}
		ok(same, "%s leaves %s", name, after);
	}
}

static void wrap_around(void)
{
	check("i + 1", "i=2147483647", "-2147483648", NULL);
	check("i - 1", "i=-2147483648", "2147483647", NULL);
	check("65536 * 65536", NULL, "0", NULL);
	check("46341 * 46341", NULL, "-2147479015", NULL);
	check("-i", "i=-2147483648", "-2147483648", NULL);
	check("i * -1", "i=-2147483648", "-2147483648", NULL);
	check("2147483647 + 2147483647", NULL, "-2", NULL);
	check("l + 1", "l=9223372036854775807", "-9223372036854775808", NULL);
	check("l - 1", "l=-9223372036854775808", "9223372036854775807", NULL);
	check("-l", "l=-9223372036854775808", "-9223372036854775808", NULL);
	check("l * 2", "l=9223372036854775807", "-2", NULL);
	check("i + 1L", "i=2147483647", "2147483648", NULL);
	check("i * 2L", "i=-2147483648", "-4294967296", NULL);
	/* byte, short and char are promoted: no wrap at their width */
	check("b + b2", "b=127,b2=1", "128", NULL);
	check("b * b2", "b=-128,b2=-128", "16384", NULL);
	check("s + 1", "s=32767", "32768", NULL);
	check("c + 1", "c=65535", "65536", NULL);
	check("c - 1", "c=0", "-1", NULL);
	check("-c", "c=65535", "-65535", NULL);
	check("-b", "b=-128", "128", NULL);
	check("~c", "c=0", "-1", NULL);
	check("~b", "b=-1", "0", NULL);
	check("~i", "i=5", "-6", NULL);
	check("~l", "l=0", "-1", NULL);
	check("+b", "b=-7", "-7", NULL);
	/* the increment operators keep the variable's type */
	check("b++", "b=127", "127", "b=-128");
	check("++b", "b=127", "-128", "b=-128");
	check("b--", "b=-128", "-128", "b=127");
	check("--b", "b=-128", "127", "b=127");
	check("s++", "s=32767", "32767", "s=-32768");
	check("++s", "s=32767", "-32768", "s=-32768");
	check("c--", "c=0", "0", "c=65535");
	check("--c", "c=0", "65535", "c=65535");
	check("c++", "c=65535", "65535", "c=0");
	check("i++", "i=2147483647", "2147483647", "i=-2147483648");
	check("--l", "l=-9223372036854775808", "9223372036854775807",
	      "l=9223372036854775807");
	check("n++", "n=41", "41", "n=42");
	/* the mathematical integer does not wrap: it reports overflow */
	check("n + n", "n=4611686018427387903", "9223372036854775806", NULL);
	check("n + 1", "n=9223372036854775807", "overflow", NULL);
	check("n - 1", "n=-9223372036854775808", "overflow", NULL);
	check("n * n", "n=4294967296", "overflow", NULL);
	check("-n", "n=-9223372036854775808", "overflow", NULL);
	check("n++", "n=9223372036854775807", "overflow", NULL);
	check("n * n", "n=-3037000499", "9223372030926249001", NULL);
}

static void division(void)
{
	check("7 / 2", NULL, "3", NULL);
	check("-7 / 2", NULL, "-3", NULL);
	check("7 / -2", NULL, "-3", NULL);
	check("-7 / -2", NULL, "3", NULL);
	check("7 % 2", NULL, "1", NULL);
	check("-7 % 2", NULL, "-1", NULL);
	check("7 % -2", NULL, "1", NULL);
	check("-7 % -2", NULL, "-1", NULL);
	check("i / j", "i=-2147483648,j=-1", "-2147483648", NULL);
	check("i % j", "i=-2147483648,j=-1", "0", NULL);
	check("l / m", "l=-9223372036854775808,m=-1", "-9223372036854775808",
	      NULL);
	check("l % m", "l=-9223372036854775808,m=-1", "0", NULL);
	check("i / l", "i=-2147483648,l=-1", "2147483648", NULL);
	check("b / b2", "b=-128,b2=-1", "128", NULL);
	check("c / b", "c=65535,b=-1", "-65535", NULL);
	check("c % b", "c=65535,b=-2", "1", NULL);
	check("i / j", "i=5,j=0", "throws", NULL);
	check("i % j", "i=5,j=0", "throws", NULL);
	check("0 / j", "j=0", "throws", NULL);
	check("l / 0L", NULL, "throws", NULL);
	check("l % m", "l=1,m=0", "throws", NULL);
	check("b / b2", "b=1,b2=0", "throws", NULL);
	check("c % c", "c=0", "throws", NULL);
	check("n / 2", "n=-7", "-3", NULL);
	check("n % 2", "n=-7", "-1", NULL);
	check("n % -2", "n=7", "1", NULL);
	check("n / -2", "n=7", "-3", NULL);
	check("n / n", "n=0", "throws", NULL);
	check("n % 0", "n=3", "throws", NULL);
	check("n / -1", "n=-9223372036854775808", "overflow", NULL);
	check("n % -1", "n=-9223372036854775808", "0", NULL);
	/* an exception stops evaluation: later side effects do not run */
	check("i / j + ++x", "i=1,j=0", "throws", "x=0");
	check("-(i / j)", "i=1,j=0", "throws", NULL);
	check("(i / j > 0) ? 1 : 2", "i=1,j=0", "throws", NULL);
}

static void shifts(void)
{
	check("1 << 31", NULL, "-2147483648", NULL);
	check("1 << 32", NULL, "1", NULL);
	check("1 << 33", NULL, "2", NULL);
	check("1 << -1", NULL, "-2147483648", NULL);
	check("i << l", "i=1,l=32", "1", NULL);
	check("i << l", "i=1,l=4294967297", "2", NULL);
	check("1L << 63", NULL, "-9223372036854775808", NULL);
	check("1L << 64", NULL, "1", NULL);
	check("1L << 65", NULL, "2", NULL);
	check("l << i", "l=1,i=-1", "-9223372036854775808", NULL);
	check("-1 >>> 28", NULL, "15", NULL);
	check("-1 >>> 0", NULL, "-1", NULL);
	check("-1 >>> 32", NULL, "-1", NULL);
	check("-1 >>> 33", NULL, "2147483647", NULL);
	check("-8 >> 1", NULL, "-4", NULL);
	check("-9 >> 1", NULL, "-5", NULL);
	check("-1 >> 31", NULL, "-1", NULL);
	check("i >> 40", "i=-2147483648", "-8388608", NULL);
	check("i >>> 31", "i=-2147483648", "1", NULL);
	check("-1L >>> 60", NULL, "15", NULL);
	check("-1L >>> 64", NULL, "-1", NULL);
	check("l >>> 63", "l=-9223372036854775808", "1", NULL);
	check("l >> 63", "l=-9223372036854775808", "-1", NULL);
	check("l >> 1", "l=-9223372036854775807", "-4611686018427387904", NULL);
	check("b >>> 28", "b=-1", "15", NULL);
	check("b >> 1", "b=-1", "-1", NULL);
	check("b << 8", "b=-1", "-256", NULL);
	check("b << b2", "b=1,b2=31", "-2147483648", NULL);
	check("c >>> 4", "c=65535", "4095", NULL);
	check("c << 16", "c=65535", "-65536", NULL);
	check("s >>> 16", "s=-1", "65535", NULL);
	check("i & l", "i=-1,l=1095216660480", "1095216660480", NULL);
	check("c & b", "c=65535,b=-1", "65535", NULL);
	check("b | c", "b=-128,c=0", "-128", NULL);
	check("5 ^ 3", NULL, "6", NULL);
	check("i ^ -1", "i=0", "-1", NULL);
	check("b & b2", "b=-128,b2=-1", "-128", NULL);
}

static void logic(void)
{
	check("z & zb", "z=1,zb=1", "1", NULL);
	check("z & zb", "z=1,zb=0", "0", NULL);
	check("z | zb", "z=0,zb=0", "0", NULL);
	check("z ^ zb", "z=1,zb=1", "0", NULL);
	check("z ^ zb", "z=1,zb=0", "1", NULL);
	check("z == zb", "z=0,zb=0", "1", NULL);
	check("z != zb", "z=0,zb=1", "1", NULL);
	check("!z", "z=0", "1", NULL);
	check("c > b", "c=65535,b=-1", "1", NULL);
	check("c == 65535", "c=65535", "1", NULL);
	check("b == -1", "b=-1", "1", NULL);
	check("l == i", "l=-1,i=-1", "1", NULL);
	check("n > l", "n=5,l=4", "1", NULL);
	check("i < l", "i=-2147483648,l=-2147483649", "0", NULL);
	check("'a' < c", "c=98", "1", NULL);

	/* short circuit: the right operand runs only when needed */
	check("z && ++i > 0", "z=0", "0", "i=0");
	check("z && ++i > 0", "z=1", "1", "i=1");
	check("z || ++i > 0", "z=1", "1", "i=0");
	check("z || ++i > 0", "z=0", "1", "i=1");
	check("z & ++i > 0", "z=0", "0", "i=1");
	check("z | ++i > 0", "z=1", "1", "i=1");
	check("false && 1 / i == 0", "i=0", "0", NULL);
	check("true & 1 / i == 0", "i=0", "throws", NULL);
	check("true || 1 / i == 0", "i=0", "1", NULL);
	check("false | 1 / i == 0", "i=0", "throws", NULL);
	check("i != 0 && 10 / i > 1", "i=0", "0", NULL);
	check("i == 0 || 10 / i > 1", "i=0", "1", NULL);
	check("(i = 5) > 0 && (j = 7) > 0", NULL, "1", "i=5,j=7");
	check("(i = 5) < 0 && (j = 7) > 0", NULL, "0", "i=5");
	check("z && zb || ++x > 0", "z=1,zb=1", "1", "x=0");
	check("z && zb || ++x > 0", "z=1,zb=0", "1", "x=1");

	/* ?: runs one branch */
	check("z ? i++ : j++", "z=1", "0", "i=1");
	check("z ? i++ : j++", "z=0", "0", "j=1");
	check("z ? 1 / i : 2", "z=0,i=0", "2", NULL);
	check("z ? 1 / i : 2", "z=1,i=0", "throws", NULL);
	check("i > 0 ? i : -i", "i=-5", "5", NULL);
	check("z ? b : 1000", "z=1,b=-1", "-1", NULL);
	check("z ? c : b", "z=1,c=65535", "65535", NULL);
	check("z ? b : c", "z=1,b=-1", "-1", NULL);
	check("z ? l : i", "z=0,i=-1", "-1", NULL);
}

static void increments(void)
{
	check("i++ + i", "i=1", "3", "i=2");
	check("++i + i", "i=1", "4", "i=2");
	check("i + i++", "i=1", "2", "i=2");
	check("i++ + i++", "i=1", "3", "i=3");
	check("i-- - --i", "i=1", "2", "i=-1");
	check("i = i++", "i=1", "1", "i=1");
	check("i = ++i", "i=1", "2", "i=2");
	check("i += i++", "i=1", "2", "i=2");
	check("i += ++i", "i=1", "3", "i=3");
	check("i = j = 5", NULL, "5", "i=5,j=5");
	check("i += j += 2", "i=1,j=1", "4", "i=4,j=3");
	check("x++ * 10 + x", "x=3", "34", "x=4");
}

static void compound(void)
{
	check("b += 200", "b=100", "44", "b=44");
	check("b += 200", "b=0", "-56", "b=-56");
	check("b *= 30", "b=10", "44", "b=44");
	check("b += 1L", "b=127", "-128", "b=-128");
	check("b -= b2", "b=-128,b2=1", "127", "b=127");
	check("b /= b2", "b=-128,b2=-1", "-128", "b=-128");
	check("b %= b2", "b=-128,b2=-1", "0", "b=0");
	check("b /= b2", "b=1,b2=0", "throws", NULL);
	check("b >>= 1", "b=-128", "-64", "b=-64");
	check("b <<= 1", "b=64", "-128", "b=-128");
	check("b >>>= 28", "b=-1", "15", "b=15");
	check("b >>>= 1", "b=-1", "-1", "b=-1");
	check("b >>>= 1", "b=-128", "-64", "b=-64");
	check("b &= 0x0f", "b=-1", "15", "b=15");
	check("b |= 0x80", "b=0", "-128", "b=-128");
	check("b ^= c", "b=1,c=257", "0", "b=0");
	check("c += 1", "c=97", "98", "c=98");
	check("c -= 1", "c=0", "65535", "c=65535");
	check("c += 1", "c=65535", "0", "c=0");
	check("c *= 2", "c=40000", "14464", "c=14464");
	check("s += 1", "s=32767", "-32768", "s=-32768");
	check("s >>>= 10", "s=-1", "-1", "s=-1");
	check("s /= j", "s=7,j=0", "throws", NULL);
	check("i += 3000000000L", "i=5", "-1294967291", "i=-1294967291");
	check("i += 1", "i=2147483647", "-2147483648", "i=-2147483648");
	check("i *= l", "i=65536,l=65536", "0", "i=0");
	check("i <<= 33", "i=1", "2", "i=2");
	check("i >>>= l", "i=-1,l=60", "15", "i=15");
	check("l <<= 65", "l=1", "2", "l=2");
	check("l /= m", "l=-9223372036854775808,m=-1", "-9223372036854775808",
	      "l=-9223372036854775808");
	check("z &= zb", "z=1,zb=0", "0", "z=0");
	check("z |= zb", "z=0,zb=1", "1", "z=1");
	check("z ^= true", "z=1", "0", "z=0");
	check("n *= 3", "n=5", "15", "n=15");
	check("n -= 10", "n=3", "-7", "n=-7");
	check("n /= 2", "n=-7", "-3", "n=-3");
	check("n += l", "n=1,l=9223372036854775807", "overflow", NULL);
	/* simple assignments convert (widen) to the variable's type */
	check("b = -1", NULL, "-1", "b=-1");
	check("c = 'a'", NULL, "97", "c=97");
	check("b = 'a'", NULL, "97", "b=97");
	check("l = i", "i=-1", "-1", "l=-1");
	check("s = b", "b=-128", "-128", "s=-128");
	check("i = c", "c=65535", "65535", "i=65535");
	check("n = l", "l=-9223372036854775808", "-9223372036854775808",
	      "n=-9223372036854775808");
}

static void outcomes(void)
{
	struct observe val = { .value = true }, var = { .value = false };
	var.var[1] = true;
	struct outcome x, y;
	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	x.value = value_int(1);
	y.value = value_int(2);
	ok(outcome_differs(&val, 3, &x, &y), "different values differ");
	ok(!outcome_differs(&var, 3, &x, &y),
	   "values are not compared when not observed");
	x.vars[1] = value_int(5);
	ok(outcome_differs(&var, 3, &x, &y), "an observed variable differs");
	x.vars[1] = value_int(0);
	x.vars[2] = value_int(5);
	ok(!outcome_differs(&var, 3, &x, &y),
	   "an unobserved variable does not count");
	x.threw = true;
	ok(outcome_differs(&val, 3, &x, &y), "one throwing differs");
	ok(outcome_differs(&var, 3, &y, &x), "one throwing differs (swapped)");
	y.threw = true;
	ok(!outcome_differs(&val, 3, &x, &y), "both throwing is the same");

	struct node *e = ttype(A, &E, "i > 0 && 10 / i > 1");
	struct value in[MAX_VARS] = { { 0 } };
	bool und = false;
	ok(eval_holds(NULL, E.n, in, &und), "no assumption holds");
	ok(!eval_holds(e, E.n, in, &und) && !und,
	   "a false assumption does not hold");
	in[var_index("i")] = value_int(3);
	ok(eval_holds(e, E.n, in, &und) && !und, "a true assumption holds");
	struct node *t = ttype(A, &E, "10 / i > 1");
	in[var_index("i")] = value_int(0);
	ok(!eval_holds(t, E.n, in, &und), "a throwing assumption does not "
					  "hold");
	struct node *o = ttype(A, &E, "n + n > 0");
	in[var_index("n")] = value_int(INT64_MAX);
	und = false;
	eval_holds(o, E.n, in, &und);
	ok(und, "an overflowing assumption is undecided");
}

int main(void)
{
	A = arena_new();
	tenv_std(&E);
	wrap_around();
	division();
	shifts();
	logic();
	increments();
	compound();
	outcomes();
	arena_free(A);
	free(cap_buf);
	return done_testing();
}
