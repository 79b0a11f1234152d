/*
 * unit-parse.c - the expression parser (parse.c) and printer (ast.c):
 * precedence and associativity, literals in every form, errors with
 * their columns, and print-then-parse round trips.
 */
#include "prover-test.h"

static struct arena *A;

static void parses(const char *text, const char *want)
{
	struct texpr t;
	char msg[512];
	int col;
	struct node *n = tparse_at(A, &t, text, msg, sizeof(msg), &col);
	if (!n) {
		ok(0, "parse '%s'", esc(text));
		diag("error at column %d: %s", col, msg);
		return;
	}
	is_str(sx(n), want, "parse '%s'", esc(text));
}

static void fails(const char *text, int want_col, const char *want_msg)
{
	struct texpr t;
	char msg[512];
	int col;
	struct node *n = tparse_at(A, &t, text, msg, sizeof(msg), &col);
	if (n) {
		ok(0, "'%s' is rejected", esc(text));
		diag("parsed as %s", sx(n));
		return;
	}
	is_str(msg, want_msg, "'%s': message", esc(text));
	is_int(col, want_col, "'%s': column", esc(text));
}

static void precedence(void)
{
	parses("a + b * c", "(+ a (* b c))");
	parses("a * b + c", "(+ (* a b) c)");
	parses("a - b - c", "(- (- a b) c)");
	parses("a / b / c", "(/ (/ a b) c)");
	parses("a % b * c", "(* (% a b) c)");
	parses("a - (b - c)", "(- a (- b c))");
	parses("a << b + c", "(<< a (+ b c))");
	parses("a >>> b >> c << d", "(<< (>> (>>> a b) c) d)");
	parses("a < b << c", "(< a (<< b c))");
	parses("a < b == c >= d", "(== (< a b) (>= c d))");
	parses("a == b != c", "(!= (== a b) c)");
	parses("a & b == c", "(& a (== b c))");
	parses("a | b ^ c & d", "(| a (^ b (& c d)))");
	parses("a ^ b | c", "(| (^ a b) c)");
	parses("a && b | c", "(&& a (| b c))");
	parses("a || b && c", "(|| a (&& b c))");
	parses("a && b || c && d", "(|| (&& a b) (&& c d))");
	parses("a || b || c", "(|| (|| a b) c)");
	parses("a ? b : c", "(? a b c)");
	parses("a || b ? c : d", "(? (|| a b) c d)");
	parses("a ? b : c ? d : e", "(? a b (? c d e))");
	parses("a ? b ? c : d : e", "(? a (? b c d) e)");
	parses("a ? b = c : d", "(? a (= b c) d)");
	parses("a = b", "(= a b)");
	parses("a = b = c", "(= a (= b c))");
	parses("a += b -= c", "(+= a (-= b c))");
	parses("a = b ? c : d", "(= a (? b c d))");
	parses("a >>>= b << c", "(>>>= a (<< b c))");
	parses("a <<= 1", "(<<= a int:1)");
	parses("a >>= 1", "(>>= a int:1)");
	parses("a ^= b | c", "(^= a (| b c))");
	parses("-a * b", "(* (neg a) b)");
	parses("- -a", "(neg (neg a))");
	parses("!!a", "(not (not a))");
	parses("~-+a", "(bnot (neg (plus a)))");
	parses("!a && b", "(&& (not a) b)");
	parses("-a++", "(neg (post++ a))");
	parses("++a", "(pre++ a)");
	parses("--a", "(pre-- a)");
	parses("a++", "(post++ a)");
	parses("a--", "(post-- a)");
	parses("a+++b", "(+ (post++ a) b)");
	parses("a---b", "(- (post-- a) b)");
	parses("a - --b", "(- a (pre-- b))");
	parses("a++ + ++b", "(+ (post++ a) (pre++ b))");
	parses("((a))", "a");
	parses("(a + b) * c", "(* (+ a b) c)");
	parses("a*(b+c)", "(* a (+ b c))");
	parses("  a\t+\tb  ", "(+ a b)");
	{
		struct node *n = tparse(A, "a\n+\r\nb\n");
		is_str(n ? sx(n) : "error", "(+ a b)", "newlines are spaces");
	}
	parses("true && false", "(&& boolean:1 boolean:0)");
	parses("$x + _y1", "(+ $x _y1)");
}

static void literals(void)
{
	parses("0", "int:0");
	parses("42", "int:42");
	parses("2147483647", "int:2147483647");
	parses("-2147483648", "int:-2147483648");
	parses("- 2147483648", "int:-2147483648");
	parses("-2147483647", "(neg int:2147483647)");
	parses("-2147483648L", "(neg long:2147483648)");
	parses("9223372036854775807L", "long:9223372036854775807");
	parses("-9223372036854775808L", "long:-9223372036854775808");
	parses("-9223372036854775808l", "long:-9223372036854775808");
	parses("10L", "long:10");
	parses("10l", "long:10");
	parses("0x1F", "int:31");
	parses("0X1f", "int:31");
	parses("0x7fffffff", "int:2147483647");
	parses("0x80000000", "int:-2147483648");
	parses("0xFFFFFFFF", "int:-1");
	parses("0xFFFFFFFFFFFFFFFFL", "long:-1");
	parses("0x8000000000000000L", "long:-9223372036854775808");
	parses("017", "int:15");
	parses("00", "int:0");
	parses("037777777777", "int:-1");
	parses("0b101", "int:5");
	parses("0B11111111111111111111111111111111", "int:-1");
	parses("1_000_000", "int:1000000");
	parses("0x7fff_ffff", "int:2147483647");
	parses("0b1010_1010", "int:170");
	parses("1__2", "int:12");
	parses("0_7", "int:7");
	parses("'a'", "char:97");
	parses("' '", "char:32");
	parses("'\"'", "char:34");
	parses("'\\n'", "char:10");
	parses("'\\t'", "char:9");
	parses("'\\r'", "char:13");
	parses("'\\b'", "char:8");
	parses("'\\f'", "char:12");
	parses("'\\s'", "char:32");
	parses("'\\''", "char:39");
	parses("'\\\"'", "char:34");
	parses("'\\\\'", "char:92");
	parses("'\\0'", "char:0");
	parses("'\\7'", "char:7");
	parses("'\\77'", "char:63");
	parses("'\\177'", "char:127");
	parses("'\\377'", "char:255");
	parses("'\\u0041'", "char:65");
	parses("'\\uFFFF'", "char:65535");
	parses("'\\uuu00e9'", "char:233");
	parses("true", "boolean:1");
	parses("false", "boolean:0");
	parses("'a' + 1", "(+ char:97 int:1)");
	parses("1-2", "(- int:1 int:2)");
	parses("1+-2147483648", "(+ int:1 int:-2147483648)");
	parses("-2147483648 * 2", "(* int:-2147483648 int:2)");
}

static void errors(void)
{
	fails("", 1, "empty expression");
	fails("   ", 1, "empty expression");
	fails("a +", 4, "expected an expression, found end of expression");
	fails("a + * b", 5, "expected an expression, found '*'");
	fails("(a + b", 7, "expected ')', found end of expression");
	fails("a + b)", 6, "unexpected ')' after the expression");
	fails("a b", 3, "unexpected 'b' after the expression");
	fails("a ? b", 6, "expected ':' of the conditional, found end of "
			  "expression");
	fails("a ? b : ", 8, "expected an expression, found end of expression");
	fails("a +  \n ", 4, "expected an expression, found end of expression");
	fails("f(x)", 2, "method calls are not supported in theories");
	fails("a.b", 1, "unknown constant 'a.b' (member access is not "
			"supported)");
	fails("a .b", 3, "member access is not supported");
	fails("Double.NAN", 1, "unknown constant 'Double.NAN' (member access "
			       "is not supported)");
	fails("1.5.2", 4, "unexpected '.' in a number");
	fails("1e", 3, "an exponent needs digits");
	fails("1.5e+", 6, "an exponent needs digits");
	fails("0x1.8", 6, "a hexadecimal floating literal needs a binary "
			  "exponent (p)");
	fails("1.5x", 4, "unexpected character after a number");
	fails("1e400", 1, "floating-point number too large");
	fails("1e-400", 1, "floating-point number too small");
	fails("1e39f", 1, "floating-point number too large");
	fails("1._5", 3, "'_' must stand between digits");
	fails("1.5L", 4, "long double is not supported");
	fails("\"s\"", 1, "strings are not supported in expressions");
	fails("a @ b", 3, "unexpected character '@'");
	fails("a # b", 3, "unexpected character '#'");
	fails("a \x01 b", 3, "unexpected byte 0x01");
	fails("a + {lexp}", 5, "unexpected character '{'");
	fails("2147483648", 1, "2147483648 is only valid after unary minus");
	fails("1 + 2147483648", 5, "2147483648 is only valid after unary minus");
	fails("-(2147483648)", 3, "2147483648 is only valid after unary minus");
	fails("2147483649", 1, "integer number too large for int");
	fails("-2147483649", 2, "integer number too large for int");
	fails("4294967296", 1, "integer number too large for int");
	fails("0x100000000", 1, "integer number too large for int");
	fails("0b111111111111111111111111111111111", 1,
	      "integer number too large for int");
	fails("040000000000", 1, "integer number too large for int");
	fails("9223372036854775808L", 1,
	      "9223372036854775808L is only valid after unary minus");
	fails("9223372036854775809L", 1, "integer number too large for long");
	fails("-9223372036854775809L", 2, "integer number too large for long");
	fails("0x10000000000000000L", 1, "integer number too large for long");
	fails("99999999999999999999999L", 1,
	      "integer number too large for long");
	fails("09", 2, "invalid digit '9' in a base-8 number");
	fails("0b102", 5, "invalid digit '2' in a base-2 number");
	fails("0x1g", 4, "invalid digit 'g' in a base-16 number");
	fails("12abc", 3, "invalid digit 'a' in a base-10 number");
	fails("0x", 1, "a number needs digits");
	fails("0b", 1, "a number needs digits");
	fails("1Lx", 3, "unexpected 'x' after a number");
	fails("1_L", 2, "'_' must stand between digits");
	fails("1_", 2, "'_' must stand between digits");
	fails("0x_1", 3, "'_' must stand between digits");
	fails("0b1_", 4, "'_' must stand between digits");
	fails("7_ + 1", 2, "'_' must stand between digits");
	fails("''", 1, "empty or unterminated character literal");
	fails("'", 1, "empty or unterminated character literal");
	fails("'ab'", 1, "unterminated character literal");
	fails("'a", 1, "unterminated character literal");
	fails("'\\q'", 3, "unknown escape '\\q'");
	fails("'\\u12'", 6, "\\u needs four hex digits");
	fails("'\\400'", 1, "octal escape out of range");
	fails("'\xc3\xa9'", 2,
	      "only ASCII characters or \\u escapes in char literals");
	fails("x + 'a", 5, "unterminated character literal");
}

static void nesting(void)
{
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < 150; i++)
		sb_putc(&sb, '(');
	sb_putc(&sb, 'a');
	for (int i = 0; i < 150; i++)
		sb_putc(&sb, ')');
	parses(sb.buf, "a");

	sb_reset(&sb);
	for (int i = 0; i < 100000; i++)
		sb_putc(&sb, '(');
	char msg[512];
	int col;
	struct texpr t;
	struct node *n = tparse_at(A, &t, sb.buf, msg, sizeof(msg), &col);
	ok(!n, "100000 parentheses are rejected");
	is_str(msg, "expression nested too deeply (over 200)",
	       "100000 parentheses: message");
	ok(col > 150 && col < 250, "100000 parentheses: column %d near the "
				   "limit", col);

	sb_reset(&sb);
	for (int i = 0; i < 100000; i++)
		sb_puts(&sb, "-");
	sb_puts(&sb, "a");
	n = tparse_at(A, &t, sb.buf, msg, sizeof(msg), &col);
	ok(!n, "100000 unary minus signs are rejected");
	is_str(msg, "expression nested too deeply (over 200)",
	       "100000 unary minus signs: message");

	sb_reset(&sb);
	for (int i = 0; i < 100000; i++)
		sb_puts(&sb, "a ? b : ");
	sb_puts(&sb, "c");
	n = tparse_at(A, &t, sb.buf, msg, sizeof(msg), &col);
	ok(!n, "100000 nested conditionals are rejected");
	is_str(msg, "expression nested too deeply (over 200)",
	       "100000 nested conditionals: message");

	sb_reset(&sb);
	for (int i = 0; i < 100000; i++)
		sb_puts(&sb, "a = ");
	sb_puts(&sb, "c");
	n = tparse_at(A, &t, sb.buf, msg, sizeof(msg), &col);
	ok(!n, "100000 chained assignments are rejected");
	is_str(msg, "expression nested too deeply (over 200)",
	       "100000 chained assignments: message");

	/* A long flat chain is a deep tree: every later stage recurses on
	 * it, so the parser must bound it too. */
	sb_reset(&sb);
	sb_puts(&sb, "a");
	for (int i = 0; i < 200000; i++)
		sb_puts(&sb, " + a");
	n = tparse_at(A, &t, sb.buf, msg, sizeof(msg), &col);
	ok(!n, "a chain of 200000 additions is rejected");
	is_str(msg, "expression nested too deeply (over 200)",
	       "a chain of 200000 additions: message");

	sb_reset(&sb);
	sb_puts(&sb, "a");
	for (int i = 0; i < 150; i++)
		sb_puts(&sb, " + a");
	n = tparse_at(A, &t, sb.buf, msg, sizeof(msg), &col);
	ok(n != NULL, "a chain of 150 additions parses");
	sb_release(&sb);
}

/* ---- print, then parse again ---- */

static void round_trip_text(const char *text, const char *want)
{
	struct node *n = tparse(A, text);
	if (!n) {
		ok(0, "round trip: '%s' parses", text);
		return;
	}
	struct strbuf sb = STRBUF_INIT;
	expr_print(&sb, n);
	if (want)
		is_str(sb.buf, want, "print '%s'", text);
	struct node *m = tparse(A, sb.buf);
	ok(m && expr_equal(n, m), "round trip '%s' -> '%s'", text, sb.buf);
	sb_release(&sb);
}

static const enum op bin_ops[] = {
	OP_MUL, OP_DIV, OP_REM, OP_ADD, OP_SUB, OP_SHL, OP_SHR, OP_USHR,
	OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_AND, OP_XOR, OP_OR,
	OP_LAND, OP_LOR,
};

static struct node *rnd_tree(uint64_t *s, int depth)
{
	static const char *const vars[] = { "a", "b", "c" };
	int k = depth <= 0 ? (int)(rnd_next(s) % 2) : (int)(rnd_next(s) % 9);
	struct node *n;
	switch (k) {
	case 0:
		n = node_new(A, N_VAR, 0);
		n->name = vars[rnd_next(s) % 3];
		return n;
	case 1: {
		n = node_new(A, N_LIT, 0);
		static const struct { const struct type *t; int64_t v; } lits[] = {
			{ T_INT, 0 }, { T_INT, 7 }, { T_INT, INT32_MIN },
			{ T_INT, INT32_MAX }, { T_LONG, 3 },
			{ T_LONG, INT64_MIN }, { T_LONG, INT64_MAX },
			{ T_CHAR, 'x' }, { T_CHAR, '\'' }, { T_CHAR, '\\' },
			{ T_CHAR, 0 }, { T_CHAR, 0xffff }, { T_CHAR, '\n' },
			{ T_BOOLEAN, 1 }, { T_BOOLEAN, 0 },
		};
		size_t i = rnd_next(s) % ARRAY_SIZE(lits);
		n->type = lits[i].t;
		n->val = value_int(lits[i].v);
		return n;
	}
	case 2: case 3: case 4:
		n = node_new(A, N_BINARY, 0);
		n->op = bin_ops[rnd_next(s) % ARRAY_SIZE(bin_ops)];
		n->a = rnd_tree(s, depth - 1);
		n->b = rnd_tree(s, depth - 1);
		return n;
	case 5:
		n = node_new(A, N_UNARY, 0);
		n->op = (enum op)(OP_PLUS + (int)(rnd_next(s) % 4));
		n->a = rnd_tree(s, depth - 1);
		return n;
	case 6:
		n = node_new(A, N_COND, 0);
		n->a = rnd_tree(s, depth - 1);
		n->b = rnd_tree(s, depth - 1);
		n->c = rnd_tree(s, depth - 1);
		return n;
	case 7: {
		n = node_new(A, N_ASSIGN, 0);
		static const enum op ops[] = {
			OP_NONE, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM,
			OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_USHR,
		};
		n->op = ops[rnd_next(s) % ARRAY_SIZE(ops)];
		n->a = node_new(A, N_VAR, 0);
		n->a->name = vars[rnd_next(s) % 3];
		n->b = rnd_tree(s, depth - 1);
		return n;
	}
	default:
		n = node_new(A, N_INCDEC, 0);
		n->op = (enum op)(OP_PREINC + (int)(rnd_next(s) % 4));
		n->a = rnd_tree(s, depth - 1);
		return n;
	}
}

static void round_trips(void)
{
	round_trip_text("a + b * c", "a + b * c");
	round_trip_text("(a + b) * c", "(a + b) * c");
	round_trip_text("a - (b - c)", "a - (b - c)");
	round_trip_text("(a - b) - c", "a - b - c");
	round_trip_text("a - -b", "a - -b");
	round_trip_text("-(-a)", "-(-a)");
	round_trip_text("- -a", "-(-a)");
	round_trip_text("+(+a)", "+(+a)");
	round_trip_text("-(--a)", "-(--a)");
	round_trip_text("+(++a)", "+(++a)");
	round_trip_text("-(-2147483648)", "-(-2147483648)");
	round_trip_text("a - -2147483648", "a - -2147483648");
	round_trip_text("-9223372036854775808L * a",
			"-9223372036854775808L * a");
	round_trip_text("(a ? b : c) ? d : e", "(a ? b : c) ? d : e");
	round_trip_text("a ? (b ? c : d) : e", "a ? b ? c : d : e");
	round_trip_text("a ? b : (c = d)", "a ? b : (c = d)");
	round_trip_text("(a = b) + c", "(a = b) + c");
	round_trip_text("a = (b = c)", "a = b = c");
	round_trip_text("a += b", "a += b");
	round_trip_text("a >>>= b", "a >>>= b");
	round_trip_text("(a + b)++", "(a + b)++");
	round_trip_text("-(a++)", "-a++");
	round_trip_text("(-a)++", "(-a)++");
	round_trip_text("!(a && b)", "!(a && b)");
	round_trip_text("~(a & b)", "~(a & b)");
	round_trip_text("a < b == (c < d)", "a < b == c < d");
	round_trip_text("a == (b == c)", "a == (b == c)");
	round_trip_text("'\\''", "'\\''");
	round_trip_text("'\\\\'", "'\\\\'");
	round_trip_text("'\\n'", "'\\u000a'");
	round_trip_text("'\\uffff'", "'\\uffff'");
	round_trip_text("0x10", "16");
	round_trip_text("0xFFFFFFFFL", "4294967295L");
	round_trip_text("1_0", "10");

	uint64_t s = 12345;
	int bad = 0;
	for (int i = 0; i < 3000; i++) {
		struct node *n = rnd_tree(&s, 1 + (int)(i % 6));
		struct strbuf sb = STRBUF_INIT;
		expr_print(&sb, n);
		struct node *m = tparse(A, sb.buf);
		if (!m || !expr_equal(n, m)) {
			if (bad++ < 5)
				diag("round trip failed: %s printed as '%s', "
				     "read back as %s",
				     sx(n), sb.buf, m ? sx(m) : "an error");
		}
		sb_release(&sb);
	}
	ok(bad == 0, "3000 random trees print and parse back equal (%d bad)",
	   bad);
}

/* node_rename(): a contract's `value` named by the call's variable,
 * a node substituted, not a text rewritten. */
static const char *value_to(void *ctx, const char *name)
{
	return strcmp(name, "value") ? NULL : ctx;
}

static void renames(void)
{
	struct node *n = tparse(A, "value >= -1 && values < value + 1");
	struct node *r = n ? node_rename(A, n, value_to, "$1") : NULL;
	struct strbuf sb = STRBUF_INIT, so = STRBUF_INIT;
	expr_print(&sb, r);
	expr_print(&so, n);
	ok(r && !strcmp(sb.buf, "$1 >= -1 && values < $1 + 1") &&
	   !strcmp(so.buf, "value >= -1 && values < value + 1"),
	   "node_rename: each variable value renamed, another name kept, the "
	   "original unchanged (%s)", sb.len ? sb.buf : "");
	sb_release(&sb);
	sb_release(&so);
}

int main(void)
{
	A = arena_new();
	renames();
	precedence();
	literals();
	errors();
	nesting();
	round_trips();
	arena_free(A);
	free(cap_buf);
	return done_testing();
}
