/*
 * unit-type.c - Java typing (type.c): numeric promotion, shifts,
 * compound assignments, assignment conversion of constants, the
 * conditional operator, and type errors reported at the offending
 * subexpression.
 *
 * Variables (tenv_std): z, zb boolean; b, b2 byte; s short; c char;
 * i, j, x, y int; l, m long; n integer.
 */
#include "prover-test.h"

static struct arena *A;
static struct tenv E;

static void types(const char *text, const struct type *want)
{
	char msg[512];
	int col;
	struct node *n = ttype_at(A, &E, text, false, msg, sizeof(msg), &col);
	if (!n) {
		ok(0, "'%s' types", text);
		diag("error at column %d: %s", col, msg);
		return;
	}
	is_str(type_name(n->type), type_name(want), "'%s' is %s", text,
	       type_name(want));
}

static void type_fails(const char *text, int want_col, const char *want_msg)
{
	char msg[512];
	int col;
	struct node *n = ttype_at(A, &E, text, false, msg, sizeof(msg), &col);
	if (n) {
		ok(0, "'%s' is a type error", text);
		diag("typed as %s", type_name(n->type));
		return;
	}
	is_str(msg, want_msg, "'%s': message", text);
	is_int(col, want_col, "'%s': column", text);
}

static void pure_fails(const char *text, int want_col, const char *want_msg)
{
	char msg[512];
	int col;
	struct node *n = ttype_at(A, &E, text, true, msg, sizeof(msg), &col);
	ok(!n, "'%s' is rejected without side effects", text);
	is_str(msg, want_msg, "'%s': message", text);
	is_int(col, want_col, "'%s': column", text);
}

static void promotion(void)
{
	types("b + b2", T_INT);
	types("b * s", T_INT);
	types("c + c", T_INT);
	types("s - c", T_INT);
	types("c % b", T_INT);
	types("i / j", T_INT);
	types("i + l", T_LONG);
	types("b - l", T_LONG);
	types("c * 1L", T_LONG);
	types("l + n", T_INTEGER);
	types("b + n", T_INTEGER);
	types("n * n", T_INTEGER);
	types("'a' + 'b'", T_INT);
	types("-b", T_INT);
	types("+c", T_INT);
	types("~s", T_INT);
	types("-l", T_LONG);
	types("~l", T_LONG);
	types("-n", T_INTEGER);
	types("!z", T_BOOLEAN);
	types("'a'", T_CHAR);
	types("1L", T_LONG);
	types("true", T_BOOLEAN);
	types("b", T_BYTE);
	/* shifts: the promoted type of the left operand only */
	types("b << l", T_INT);
	types("c >> 1", T_INT);
	types("i >>> l", T_INT);
	types("l << i", T_LONG);
	types("l >>> b", T_LONG);
	types("1 << 40L", T_INT);
	/* comparisons and logic */
	types("b < c", T_BOOLEAN);
	types("n <= l", T_BOOLEAN);
	types("i == n", T_BOOLEAN);
	types("c != b", T_BOOLEAN);
	types("z == zb", T_BOOLEAN);
	types("z != false", T_BOOLEAN);
	types("z & zb", T_BOOLEAN);
	types("z ^ zb", T_BOOLEAN);
	types("z | true", T_BOOLEAN);
	types("z && zb || !z", T_BOOLEAN);
	types("i & l", T_LONG);
	types("b | c", T_INT);
	types("b ^ b2", T_INT);
}

static void conditional(void)
{
	types("z ? b : b2", T_BYTE);
	types("z ? c : c", T_CHAR);
	types("z ? i : l", T_LONG);
	types("z ? c : i", T_INT);
	types("z ? b : c", T_INT);
	types("z ? n : i", T_INTEGER);
	types("z ? z : zb", T_BOOLEAN);
	/* JLS 15.25: byte and short give short; a narrow type and an int
	 * constant that fits give the narrow type. */
	types("z ? b : s", T_SHORT);
	types("z ? s : b", T_SHORT);
	types("z ? b : 1", T_BYTE);
	types("z ? -1 : b", T_BYTE);
	types("z ? c : 'a'", T_CHAR);
	types("z ? c : 65", T_CHAR);
	types("z ? b : 128", T_INT);
	types("z ? c : -1", T_INT);
	types("z ? s : 1L", T_LONG);
	type_fails("z ? i : z", 3,
		   "the branches of '?:' have incompatible types int and "
		   "boolean");
	type_fails("i ? 1 : 2", 1, "the condition of '?:' must be boolean, "
				   "not int");
	type_fails("z ? 1 : 2 ? 3 : 4", 9, "the condition of '?:' must be "
					   "boolean, not int");
}

static void assignment(void)
{
	types("b += 200", T_BYTE);
	types("b += 1L", T_BYTE);
	types("c -= 1", T_CHAR);
	types("s *= l", T_SHORT);
	types("i <<= l", T_INT);
	types("l >>>= 1", T_LONG);
	types("i /= n", T_INT);
	types("n += 1", T_INTEGER);
	types("z &= zb", T_BOOLEAN);
	types("z |= true", T_BOOLEAN);
	types("z ^= z", T_BOOLEAN);
	types("b = 1", T_BYTE);
	types("b = 127", T_BYTE);
	types("b = -128", T_BYTE);
	types("b = 'a'", T_BYTE);
	types("b = b2", T_BYTE);
	types("c = 65535", T_CHAR);
	types("c = 'a'", T_CHAR);
	types("s = -32768", T_SHORT);
	types("s = b", T_SHORT);
	types("i = c", T_INT);
	types("l = i", T_LONG);
	types("l = 1", T_LONG);
	types("n = l", T_INTEGER);
	types("z = i < j", T_BOOLEAN);
	types("i = j = 3", T_INT);
	types("(i) = 3", T_INT);
	types("x++", T_INT);
	types("b++", T_BYTE);
	types("--c", T_CHAR);
	types("s--", T_SHORT);
	types("++l", T_LONG);
	types("n++", T_INTEGER);
	types("x++ + ++x", T_INT);

	type_fails("b = 128", 5, "incompatible types: int cannot be assigned "
				 "to byte 'b' (possible lossy conversion)");
	type_fails("b = -129", 5, "incompatible types: int cannot be assigned "
				  "to byte 'b' (possible lossy conversion)");
	type_fails("c = -1", 5, "incompatible types: int cannot be assigned "
				"to char 'c' (possible lossy conversion)");
	type_fails("b = b + 1", 5, "incompatible types: int cannot be "
				   "assigned to byte 'b' (possible lossy "
				   "conversion)");
	type_fails("s = c", 5, "incompatible types: char cannot be assigned "
			       "to short 's' (possible lossy conversion)");
	type_fails("i = l", 5, "incompatible types: long cannot be assigned "
			       "to int 'i' (possible lossy conversion)");
	type_fails("i = 1L", 5, "incompatible types: long cannot be assigned "
				"to int 'i' (possible lossy conversion)");
	type_fails("l = n", 5, "incompatible types: integer cannot be "
			       "assigned to long 'l' (possible lossy "
			       "conversion)");
	type_fails("z = 1", 5, "incompatible types: int cannot be assigned to "
			       "boolean 'z'");
	type_fails("i = z", 5, "incompatible types: boolean cannot be "
			       "assigned to int 'i'");
	type_fails("b += z", 6, "'+' needs numeric operands, but this is "
				"boolean");
	type_fails("z += 1", 1, "'+' needs numeric operands, but this is "
				"boolean");
	type_fails("z &= 1", 6, "'&' needs boolean operands, but this is int");
	type_fails("n <<= 1", 1, "'<<' needs fixed-width integer operands, "
				 "but this is integer");
	type_fails("1 = i", 1, "the operand of '=' must be a variable");
	type_fails("i + 1 += 2", 1, "the operand of '+=' must be a variable");
	type_fails("1++", 1, "the operand of '++' must be a variable");
	type_fails("++(i + 1)", 6, "the operand of '++' must be a variable");
	type_fails("z++", 1, "'++' needs a numeric operand, but this is "
			     "boolean");
	type_fails("--zb", 3, "'--' needs a numeric operand, but this is "
			      "boolean");
}

static void errors(void)
{
	type_fails("true + 1", 1, "'+' needs numeric operands, but this is "
				  "boolean");
	type_fails("1 + true", 5, "'+' needs numeric operands, but this is "
				  "boolean");
	type_fails("i + j * (l + true)", 14, "'+' needs numeric operands, but "
					     "this is boolean");
	type_fails("(z ? 1 : 2) + (i < z)", 20,
		   "'<' needs numeric operands, but this is boolean");
	type_fails("i + (z && zb)", 8, "'+' needs numeric operands, but this "
				       "is boolean");
	type_fails("i << n", 6, "'<<' needs fixed-width integer operands, but "
				"this is integer");
	type_fails("n >> 1", 1, "'>>' needs fixed-width integer operands, but "
				"this is integer");
	type_fails("1 << z", 6, "'<<' needs fixed-width integer operands, but "
				"this is boolean");
	type_fails("n & i", 1, "'&' needs boolean or fixed-width integer "
			       "operands, but this is integer");
	type_fails("z & i", 5, "'&' needs boolean operands, but this is int");
	type_fails("i | z", 5, "'|' needs fixed-width integer operands, but "
			       "this is boolean");
	type_fails("z == 1", 3, "incomparable types for '==': boolean and int");
	type_fails("c != z", 3, "incomparable types for '!=': char and "
				"boolean");
	type_fails("z < zb", 1, "'<' needs numeric operands, but this is "
				"boolean");
	type_fails("-z", 2, "'-' needs a numeric operand, but this is boolean");
	type_fails("~n", 2, "'~' needs a fixed-width integer operand, but this "
			    "is integer");
	type_fails("~z", 2, "'~' needs a fixed-width integer operand, but this "
			    "is boolean");
	type_fails("!i", 2, "'!' needs a boolean operand, but this is int");
	type_fails("!(i + j)", 5, "'!' needs a boolean operand, but this is "
				  "int");
	type_fails("i && z", 1, "'&&' needs boolean operands, but this is int");
	type_fails("z || i", 6, "'||' needs boolean operands, but this is int");
	type_fails("i + ii", 5, "unknown variable 'ii'; did you mean 'i'?");
	type_fails("zbb", 1, "unknown variable 'zbb'; did you mean 'zb'?");
	type_fails("value + 1", 1, "unknown variable 'value'");

	pure_fails("i++ > 0", 2, "assignments and '++' are not allowed here "
				 "(no side effects in assumptions)");
	pure_fails("--i > 0", 1, "assignments and '--' are not allowed here "
				 "(no side effects in assumptions)");
	pure_fails("(i = 1) > 0", 4, "assignments and '=' are not allowed here "
				     "(no side effects in assumptions)");
	pure_fails("z && (i += 1) > 0", 9, "assignments and '+=' are not "
					    "allowed here (no side effects in "
					    "assumptions)");
	{
		struct node *n = ttype_at(A, &E, "i > 0 && z", true, NULL, 0,
					  NULL);
		ok(n && n->type == T_BOOLEAN, "a pure assumption types");
	}

	/* Every node gets a type and variables get their index. */
	struct node *n = ttype(A, &E, "i + c * l");
	/* (The operands as written sit below the implicit conversions
	 * typing inserted: node_strip.) */
	ok(n && node_strip(n->a)->var == 6 && node_strip(n->b->a)->var == 5 &&
		   node_strip(n->b->b)->var == 8,
	   "variables are bound to their environment index");
	ok(n && n->b->type == T_LONG && node_strip(n->a)->type == T_INT &&
		   n->type == T_LONG,
	   "inner nodes are typed");
	ok(n && n->a->kind == N_CONV && n->a->implicit &&
		   n->a->type == T_LONG && n->b->b->kind == N_VAR,
	   "an operand of another type is converted implicitly");

	/* errmsg collects instead of printing */
	struct strbuf sb = STRBUF_INIT;
	struct texpr t;
	struct node *e = tparse_at(A, &t, "z + 1", NULL, 0, NULL);
	struct type_env te = { E.n, E.names, E.types, false, &sb, A, NULL };
	cap_begin();
	int rc = type_expr(e, &te, &t.es);
	const char *printed = cap_end();
	ok(rc < 0 && !strcmp(sb.buf ? sb.buf : "",
			     "'+' needs numeric operands, but this is boolean"),
	   "errmsg collects the first error");
	is_str(printed, "", "errmsg: nothing printed");
	sb_release(&sb);
}

int main(void)
{
	A = arena_new();
	tenv_std(&E);
	promotion();
	conditional();
	assignment();
	errors();
	arena_free(A);
	free(cap_buf);
	return done_testing();
}
