/*
 * unit-profile.c - types and values as data, and the Java profile:
 * the type descriptors, value conversion, the promotion table, the
 * conversion nodes typing inserts, literal reading and value printing
 * round trips.
 */
#include "prover-test.h"

static struct arena *A;
static struct tenv E;
static const struct profile *J = &profile_java;

static void descriptors(void)
{
	static const struct {
		const struct type *t;
		const char *name;
		enum type_kind kind;
		int bits;
		bool is_signed;
	} want[] = {
		{ T_BOOLEAN, "boolean", TK_BOOLEAN, 0, false },
		{ T_BYTE, "byte", TK_INT, 8, true },
		{ T_SHORT, "short", TK_INT, 16, true },
		{ T_CHAR, "char", TK_INT, 16, false },
		{ T_INT, "int", TK_INT, 32, true },
		{ T_LONG, "long", TK_INT, 64, true },
		{ T_INTEGER, "integer", TK_MATH, 0, true },
		{ T_FLOAT, "float", TK_FLOAT, 32, true },
		{ T_DOUBLE, "double", TK_FLOAT, 64, true },
	};
	is_int(J->ntypes, (int)ARRAY_SIZE(want), "Java has 9 domain types");
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		const struct type *t = want[i].t;
		ok(J->types[i] == t && t->id == (int)i && t->profile == J,
		   "%s is the profile's type %zu", want[i].name, i);
		ok(!strcmp(t->name, want[i].name) && t->kind == want[i].kind &&
			   t->bits == want[i].bits &&
			   t->is_signed == want[i].is_signed,
		   "%s: kind, width and signedness", want[i].name);
		ok(profile_type(J, want[i].name) == t, "%s is found by name",
		   want[i].name);
	}
	ok(!profile_type(J, "void") && profile_type(J, "float") == T_FLOAT &&
		   profile_type(J, "double") == T_DOUBLE,
	   "void is no domain type, float and double are");
	ok(T_BYTE->rank < T_SHORT->rank && T_SHORT->rank == T_CHAR->rank &&
		   T_CHAR->rank < T_INT->rank && T_INT->rank < T_LONG->rank &&
		   T_LONG->rank < T_INTEGER->rank,
	   "ranks: byte < short = char < int < long < integer");
	ok(type_is_numeric(T_INTEGER) && !type_is_integral(T_INTEGER) &&
		   type_is_integral(T_CHAR) && !type_is_numeric(T_BOOLEAN),
	   "numeric and fixed-width kinds");
}

static void values(void)
{
	is_int(value_i64(type_wrap(T_BYTE, 200)), -56, "byte wraps 200 to -56");
	is_int(value_i64(type_wrap(T_CHAR, -1)), 65535,
	       "char zero-extends: -1 is 65535");
	is_int(value_i64(type_wrap(T_SHORT, 65535)), -1,
	       "short sign-extends: 65535 is -1");
	is_int(value_i64(type_wrap(T_INT, (int64_t)1 << 32)), 0,
	       "int keeps 32 bits");
	is_int(value_i64(type_wrap(T_INTEGER, INT64_MIN)), INT64_MIN,
	       "integer does not wrap");
	is_int((int64_t)type_wrap(T_BOOLEAN, 7).bits, 1, "boolean is 0 or 1");
	is_int(value_i64(value_convert(T_CHAR, type_wrap(T_CHAR, 65535),
				       T_SHORT)),
	       -1, "char 65535 converts to short -1");
	is_int(value_i64(value_convert(T_BYTE, value_int(-1), T_CHAR)), 65535,
	       "byte -1 converts to char 65535");
	static const struct {
		const struct type *t;
		int64_t lo, hi;
	} ranges[] = {
		{ T_BYTE, INT8_MIN, INT8_MAX },    { T_SHORT, INT16_MIN, INT16_MAX },
		{ T_CHAR, 0, UINT16_MAX },         { T_INT, INT32_MIN, INT32_MAX },
		{ T_LONG, INT64_MIN, INT64_MAX },  { T_INTEGER, INT64_MIN, INT64_MAX },
		{ T_BOOLEAN, 0, 1 },
	};
	for (size_t i = 0; i < ARRAY_SIZE(ranges); i++) {
		const struct type *t = ranges[i].t;
		ok(value_i64(type_min(t)) == ranges[i].lo &&
			   value_i64(type_max(t)) == ranges[i].hi,
		   "%s: range", type_name(t));
	}
	ok(type_holds(T_BYTE, -128) && !type_holds(T_BYTE, 128) &&
		   !type_holds(T_CHAR, -1) && type_holds(T_CHAR, 65535),
	   "type_holds");
	ok(value_cmp(T_INT, value_int(-1), value_int(1)) < 0 &&
		   value_cmp(T_CHAR, type_wrap(T_CHAR, 65535), value_int(1)) > 0,
	   "value_cmp orders by the type's signedness");
}

static void promotions(void)
{
	static const struct {
		const struct type *a, *b, *want;
	} bin[] = {
		{ T_BYTE, T_SHORT, T_INT },   { T_BYTE, T_BYTE, T_INT },
		{ T_CHAR, T_CHAR, T_INT },    { T_SHORT, T_CHAR, T_INT },
		{ T_CHAR, T_LONG, T_LONG },   { T_INT, T_LONG, T_LONG },
		{ T_INT, T_INTEGER, T_INTEGER }, { T_LONG, T_INTEGER, T_INTEGER },
		{ T_BYTE, T_INTEGER, T_INTEGER },
	};
	for (size_t i = 0; i < ARRAY_SIZE(bin); i++) {
		is_str(type_name(J->binary_promote(bin[i].a, bin[i].b)),
		       type_name(bin[i].want), "binary promotion: %s, %s",
		       type_name(bin[i].a), type_name(bin[i].b));
		ok(J->binary_promote(bin[i].b, bin[i].a) == bin[i].want,
		   "binary promotion is symmetric: %s, %s",
		   type_name(bin[i].b), type_name(bin[i].a));
		ok(J->compare_type(bin[i].a, bin[i].b) == bin[i].want,
		   "comparison type: %s, %s", type_name(bin[i].a),
		   type_name(bin[i].b));
	}
	ok(J->unary_promote(T_BYTE) == T_INT && J->unary_promote(T_CHAR) ==
		   T_INT && J->unary_promote(T_SHORT) == T_INT &&
		   J->unary_promote(T_LONG) == T_LONG &&
		   J->unary_promote(T_INTEGER) == T_INTEGER,
	   "unary promotion");
	ok(J->shift_type(T_BYTE, T_LONG) == T_INT &&
		   J->shift_type(T_LONG, T_BYTE) == T_LONG &&
		   J->shift_type(T_CHAR, T_INT) == T_INT,
	   "shift result: the promoted left type");
	ok(J->div_zero == DIV0_THROWS && J->shift == SHIFT_MASK,
	   "Java: division by zero throws, shift distances are masked");
}

/* text typed in E, printed with its conversions */
static void conv(const char *text, const char *want)
{
	struct node *n = ttype(A, &E, text);
	if (!n) {
		ok(0, "'%s' types", text);
		return;
	}
	struct strbuf sb = STRBUF_INIT;
	expr_print_typed(&sb, n);
	is_str(sb.buf, want, "'%s' typed: %s", text, want);
	sb_reset(&sb);
	expr_print(&sb, n);
	is_str(sb.buf, text, "'%s' prints as written", text);
	/* typing again drops and rebuilds the conversions */
	struct type_env te = { E.n, E.names, E.types, false, NULL, A, NULL };
	ok(type_expr(n, &te, NULL) == 0, "'%s' types again", text);
	sb_reset(&sb);
	expr_print_typed(&sb, n);
	is_str(sb.buf, want, "'%s' typed twice: the same conversions", text);
	sb_release(&sb);
}

static void conversions(void)
{
	conv("b + s", "((int)b + (int)s)");
	conv("i + l", "((long)i + l)");
	conv("n * i", "(n * (integer)i)");
	conv("c < l", "((long)c < l)");
	conv("b == c", "((int)b == (int)c)");
	conv("z == zb", "(z == zb)");
	conv("-c", "-((int)c)");
	conv("~b", "~((int)b)");
	conv("i << l", "(i << (int)l)");
	conv("l >> b", "(l >> (long)b)");
	conv("z ? b : 1", "(z ? b : (byte)1)");
	conv("z ? i : l", "(z ? (long)i : l)");
	conv("z ? b : s", "(z ? (short)b : s)");
	conv("l = i", "(l = (long)i)");
	conv("b = 1", "(b = (byte)1)");
	conv("i = j", "(i = j)");
	conv("b += 200", "(b += 200 {(byte)((int)b + 200)})");
	conv("s *= l", "(s *= l {(short)((long)s * l)})");
	conv("i <<= l", "(i <<= l {(i << (int)l)})");
	conv("n += i", "(n += i {(n + (integer)i)})");
	conv("z &= zb", "(z &= zb {(z & zb)})");
	conv("b++", "(b++ {(byte)((int)b + 1)})");
	conv("--c", "(--c {(char)((int)c - 1)})");
	conv("l++", "(l++ {(l + 1L)})");

	/* equality sees through the conversions */
	struct node *t = ttype(A, &E, "b + s");
	struct texpr tx;
	struct node *u = tparse_at(A, &tx, "b + s", NULL, 0, NULL);
	ok(t && u && expr_equal(t, u) && expr_equal(u, t),
	   "a typed tree equals its untyped text");
	struct node *v = ttype(A, &E, "b += s"), *w = ttype(A, &E, "b += s");
	ok(v && w && expr_equal(v, w), "compound assignments compare by text");
}

/* The profile reads s as one literal of type want with value v. */
static void lit(const char *s, const struct type *want, int64_t v)
{
	struct literal l;
	char err[200];
	int pos;
	int rc = J->read_literal(J, s, 0, &l, &pos, err, sizeof(err));
	ok(rc == 0 && l.type == want && value_i64(l.val) == v &&
		   l.len == (int)strlen(s),
	   "literal %s", s);
	if (rc)
		diag("%s", err);
}

static void literals(void)
{
	lit("0", T_INT, 0);
	lit("0x7fL", T_LONG, 127);
	lit("0b101", T_INT, 5);
	lit("017", T_INT, 15);
	lit("0xffffffff", T_INT, -1);
	lit("1_000", T_INT, 1000);
	lit("'a'", T_CHAR, 'a');
	lit("'\\u0041'", T_CHAR, 65);
	lit("'\\n'", T_CHAR, 10);
	lit("'\\377'", T_CHAR, 255);
	struct literal l;
	char err[200];
	int pos;
	ok(J->read_literal(J, "2147483648", 0, &l, &pos, err, sizeof(err)) == 0 &&
		   l.minus_only && value_i64(l.neg) == INT32_MIN,
	   "2147483648 is valid only after minus");
	ok(J->read_literal(J, "12_", 0, &l, &pos, err, sizeof(err)) < 0 &&
		   pos == 2 && !strcmp(err, "'_' must stand between digits"),
	   "an error says where");
	ok(J->keyword_literal(J, "true", 4, &l) && l.type == T_BOOLEAN &&
		   l.val.bits == 1 && !J->keyword_literal(J, "truth", 5, &l),
	   "true is a keyword literal");
}

/* value_print of v, read back by parsing and evaluating the text. */
static void round_trip(const struct type *t, struct value v)
{
	struct strbuf sb = STRBUF_INIT;
	value_print(&sb, t, v);
	struct node *n = ttype(A, &E, sb.buf);
	struct outcome o;
	bool same = false;
	if (n) {
		eval_outcome(n, E.n, (struct value[MAX_VARS]){ { 0 } }, &o);
		same = !o.threw && value_eq(value_convert(n->type, o.value, t), v) &&
		       (t == T_INTEGER || t->kind == TK_BOOLEAN ||
			J->assignable(n, t));
	}
	ok(same, "%s %s reads back", type_name(t), sb.buf);
	sb_release(&sb);
}

static void printing(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct value in[MAX_VARS] = { { 0 } };
	in[0] = value_bool(true);
	in[1] = value_int(-2);
	in[2] = value_int('a');
	in[3] = value_int(INT64_MIN);
	in[4] = value_int('\'');
	in[5] = value_int(0x1234);
	static const struct type *const ts[] = { T_BOOLEAN, T_BYTE, T_CHAR,
						 T_LONG, T_CHAR, T_CHAR };
	for (int i = 0; i < 6; i++) {
		if (i)
			sb_puts(&sb, ", ");
		value_print(&sb, ts[i], in[i]);
	}
	is_str(sb.buf, "true, -2, 'a', -9223372036854775808L, '\\'', '\\u1234'",
	       "values print in Java syntax");
	sb_release(&sb);
	uint64_t seed = 77;
	for (int i = 0; i < J->ntypes; i++) {
		const struct type *t = J->types[i];
		struct value b[8];
		int nb = boundary_values(t, b);
		for (int k = 0; k < nb; k++)
			if (t != T_INTEGER || type_holds(T_INT, value_i64(b[k])))
				round_trip(t, b[k]);
		for (int k = 0; k < 5; k++) {
			struct value v = rnd_value(&seed, t);
			if (t == T_INTEGER)
				v = value_int((int32_t)value_i64(v));
			round_trip(t, v);
		}
	}
}

int main(void)
{
	plan_no_plan();
	A = arena_new();
	tenv_std(&E);
	descriptors();
	values();
	promotions();
	conversions();
	literals();
	printing();
	arena_free(A);
	free(cap_buf);
	return done_testing();
}
