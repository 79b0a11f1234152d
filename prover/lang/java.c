/*
 * java.c - the Java profile (see profile.h): Java's literals, types,
 * promotions (JLS 5.6), conditional typing (JLS 15.25), assignment
 * conversion (JLS 5.2), exceptions and printing.  The mathematical type
 * "integer" sits above long: mixing it with Java types promotes to
 * integer; bitwise operators are not defined on it (it is not TK_INT).
 */
#include "lang/java.h"

#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Ranks: byte < short, char < int < long < integer; float < double
 * above (typing never mixes integer with a floating type). */
const struct type java_boolean = { TK_BOOLEAN, "boolean", 0, false, 0, 0,
				   &profile_java };
const struct type java_byte = { TK_INT, "byte", 8, true, 1, 1, &profile_java };
const struct type java_short = { TK_INT, "short", 16, true, 2, 2,
				 &profile_java };
const struct type java_char = { TK_INT, "char", 16, false, 2, 3,
				&profile_java };
const struct type java_int = { TK_INT, "int", 32, true, 3, 4, &profile_java };
const struct type java_long = { TK_INT, "long", 64, true, 4, 5, &profile_java };
const struct type java_integer = { TK_MATH, "integer", 0, true, 5, 6,
				   &profile_java };
const struct type java_float = { TK_FLOAT, "float", 32, true, 6, 7,
				 &profile_java };
const struct type java_double = { TK_FLOAT, "double", 64, true, 7, 8,
				  &profile_java };

static const struct type *const java_types[] = {
	T_BOOLEAN, T_BYTE, T_SHORT, T_CHAR, T_INT, T_LONG, T_INTEGER, T_FLOAT,
	T_DOUBLE,
};

/* ---- literals ---- */

struct lexerr {
	int *pos;
	char *msg;
	size_t size;
};

static int lexerr(struct lexerr *e, int pos, const char *fmt, ...)
	PRINTF(3, 4);
static int lexerr(struct lexerr *e, int pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, e->size, fmt, ap);
	va_end(ap);
	*e->pos = pos;
	return -1;
}

/* The digits of a number in base from q on; *end past them. */
static int read_digits(const char *s, const char *q, int base, uint64_t *v,
		       bool *overflow, const char **end, struct lexerr *e)
{
	bool any = false;
	*v = 0;
	for (;; q++) {
		if (*q == '_') {
			/* Java: underscores only between digits. */
			const char *r = q;
			while (*r == '_')
				r++;
			if (!any || digit_value((unsigned char)*r) >= base)
				return lexerr(e, (int)(q - s),
					      "'_' must stand between digits");
			q = r - 1; /* past the run: linear in its length */
			continue;
		}
		int d = digit_value((unsigned char)*q);
		if (d >= base) {
			if (isalnum((unsigned char)*q) && *q != 'l' && *q != 'L')
				return lexerr(e, (int)(q - s),
					      "invalid digit '%c' in a base-%d "
					      "number",
					      *q, base);
			break;
		}
		any = true;
		if (*v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			*overflow = true;
		*v = *v * (uint64_t)base + (uint64_t)d;
	}
	*end = q;
	return any ? 0 : 1;
}

/* integer-literal = (decimal | 0x hex | 0b binary | 0 octal) [lL] */
static int read_number(const char *s, int pos, struct literal *lit,
		       struct lexerr *e)
{
	const char *q = s + pos;
	int base = 10;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
		base = 16, q += 2;
	else if (q[0] == '0' && (q[1] == 'b' || q[1] == 'B'))
		base = 2, q += 2;
	else if (q[0] == '0' && isdigit((unsigned char)q[1]))
		base = 8, q += 1;
	uint64_t v;
	bool overflow = false;
	int rc = read_digits(s, q, base, &v, &overflow, &q, e);
	if (rc < 0)
		return -1;
	if (rc > 0)
		return lexerr(e, pos, "a number needs digits");
	bool is_long = *q == 'l' || *q == 'L', dec = base == 10;
	if (is_long)
		q++;
	lit->len = (int)(q - (s + pos));
	if (isalnum((unsigned char)*q) || *q == '_')
		return lexerr(e, (int)(q - s), "unexpected '%c' after a number",
			      *q);
	if (overflow || (!is_long && v > UINT32_MAX))
		return lexerr(e, pos, "integer number too large for %s",
			      is_long ? "long" : "int");
	if (dec && !is_long && v > 2147483648u)
		return lexerr(e, pos, "integer number too large for int");
	if (dec && is_long && v > (uint64_t)INT64_MAX + 1)
		return lexerr(e, pos, "integer number too large for long");
	lit->type = is_long ? T_LONG : T_INT;
	lit->val = type_wrap(lit->type, (int64_t)v);
	/* 2147483648 and 9223372036854775808L: only after unary minus. */
	if (dec && v == (is_long ? (uint64_t)INT64_MAX + 1 : 2147483648u)) {
		lit->minus_only = is_long ? "9223372036854775808L"
					  : "2147483648";
		lit->neg = type_min(lit->type);
	}
	return 0;
}

static int read_escape(const char *s, int pos, const char **qp, uint64_t *c,
		       struct lexerr *e)
{
	const char *q = *qp;
	switch (*q) {
	case 'n': *c = '\n'; q++; break;
	case 't': *c = '\t'; q++; break;
	case 'r': *c = '\r'; q++; break;
	case 'b': *c = '\b'; q++; break;
	case 'f': *c = '\f'; q++; break;
	case 's': *c = ' '; q++; break;
	case '\'': case '"': case '\\': *c = (unsigned char)*q++; break;
	case 'u':
		while (*q == 'u')
			q++;
		*c = 0;
		for (int i = 0; i < 4; i++, q++) {
			int d = digit_value((unsigned char)*q);
			if (d > 15)
				return lexerr(e, (int)(q - s),
					      "\\u needs four hex digits");
			*c = *c * 16 + (uint64_t)d;
		}
		break;
	default:
		if (*q < '0' || *q > '7')
			return lexerr(e, (int)(q - s), "unknown escape '\\%c'",
				      *q ? *q : ' ');
		*c = 0;
		for (int i = 0; i < 3 && *q >= '0' && *q <= '7'; i++, q++)
			*c = *c * 8 + (uint64_t)(*q - '0');
		if (*c > 0377)
			return lexerr(e, pos, "octal escape out of range");
	}
	*qp = q;
	return 0;
}

/* char-literal = ' (char | \escape | \uXXXX) ' */
static int read_char(const char *s, int pos, struct literal *lit,
		     struct lexerr *e)
{
	const char *q = s + pos + 1;
	uint64_t c = 0;
	if (*q == '\\') {
		q++;
		if (read_escape(s, pos, &q, &c, e) < 0)
			return -1;
	} else if (*q == '\'' || *q == '\0' || *q == '\n') {
		return lexerr(e, pos, "empty or unterminated character literal");
	} else if ((unsigned char)*q >= 0x80) {
		return lexerr(e, (int)(q - s), "only ASCII characters or \\u "
					       "escapes in char literals");
	} else {
		c = (unsigned char)*q++;
	}
	if (*q != '\'')
		return lexerr(e, pos, "unterminated character literal");
	lit->type = T_CHAR;
	lit->val = value_uint(c);
	lit->len = (int)(q + 1 - (s + pos));
	return 0;
}

static int java_read_literal(const struct profile *pf, const char *s,
			     int pos, struct literal *lit, int *errpos,
			     char *err, size_t errsz)
{
	(void)pf;
	struct lexerr e = { errpos, err, errsz };
	memset(lit, 0, sizeof(*lit));
	if (s[pos] == '\'')
		return read_char(s, pos, lit, &e);
	bool is_float;
	double d;
	int rc = float_literal(s, pos, true, &lit->len, &is_float, &d, errpos,
			       err, errsz);
	if (rc < 0)
		return -1;
	if (rc == 0) {
		lit->type = is_float ? T_FLOAT : T_DOUBLE;
		lit->val = value_from_double(lit->type, d);
		return 0;
	}
	return read_number(s, pos, lit, &e);
}

/* Double.NaN, Float.MAX_VALUE ... (JLS: the constants of the wrapper
 * classes); the value, as a double, of the member name. */
static bool java_float_constant(const char *m, size_t len, bool is_float,
				double *d)
{
	static const struct {
		const char *name;
		double f, d;
	} k[] = {
		{ "NaN", NAN, NAN },
		{ "POSITIVE_INFINITY", INFINITY, INFINITY },
		{ "NEGATIVE_INFINITY", -INFINITY, -INFINITY },
		{ "MAX_VALUE", FLT_MAX, DBL_MAX },
		{ "MIN_VALUE", FLT_TRUE_MIN, DBL_TRUE_MIN },
		{ "MIN_NORMAL", FLT_MIN, DBL_MIN },
	};
	for (size_t i = 0; i < ARRAY_SIZE(k); i++)
		if (strlen(k[i].name) == len && !strncmp(m, k[i].name, len)) {
			*d = is_float ? k[i].f : k[i].d;
			return true;
		}
	return false;
}

static bool java_keyword_literal(const struct profile *pf, const char *id,
				 size_t len, struct literal *lit)
{
	(void)pf;
	memset(lit, 0, sizeof(*lit));
	lit->len = (int)len;
	const char *dot = memchr(id, '.', len);
	if (dot) {
		size_t cl = (size_t)(dot - id), ml = len - cl - 1;
		bool f = cl == 5 && !strncmp(id, "Float", 5);
		double d;
		if ((!f && (cl != 6 || strncmp(id, "Double", 6))) ||
		    !java_float_constant(dot + 1, ml, f, &d))
			return false;
		lit->type = f ? T_FLOAT : T_DOUBLE;
		lit->val = value_from_double(lit->type, d);
		return true;
	}
	lit->type = T_BOOLEAN;
	if (len == 4 && !strncmp(id, "true", 4)) {
		lit->val = value_bool(true);
		return true;
	}
	return len == 5 && !strncmp(id, "false", 5);
}

/* "(double) x": a cast to a numeric primitive type (JLS 15.16; not to
 * the mathematical integer, which is not Java's). */
static int java_cast_type(const struct profile *pf, const char *s, int pos,
			  const struct type **t)
{
	int e = pos;
	while (isalnum((unsigned char)s[e]) || s[e] == '_')
		e++;
	char name[16];
	if (e - pos >= (int)sizeof(name))
		return 0;
	memcpy(name, s + pos, (size_t)(e - pos));
	name[e - pos] = '\0';
	*t = profile_type(pf, name);
	if (!*t || *t == T_INTEGER || *t == T_BOOLEAN)
		return 0;
	return e - pos;
}

static bool java_has_op(enum op op)
{
	(void)op; /* every operator of lang/ast.h is Java's (>>> included) */
	return true;
}

/* ---- typing ---- */

/* JLS 5.6.1: byte, short, char -> int. */
static const struct type *java_unary_promote(const struct type *t)
{
	return t->rank < T_INT->rank ? T_INT : t;
}

/* JLS 5.6.2, extended to integer: the higher rank, at least int. */
static const struct type *java_binary_promote(const struct type *a,
					      const struct type *b)
{
	a = java_unary_promote(a);
	b = java_unary_promote(b);
	return a->rank >= b->rank ? a : b;
}

/* JLS 15.19: the promoted type of the left operand. */
static const struct type *java_shift_type(const struct type *l,
					  const struct type *r)
{
	(void)r;
	return java_unary_promote(l);
}

/* An int (or narrower) constant: a literal, or a literal under unary
 * minus or plus, as in "b = -1" (JLS 15.29 constant expressions, as far
 * as theories need them). */
static bool int_constant(const struct node *n, int64_t *v)
{
	n = node_strip(n);
	if (n->kind == N_LIT) {
		*v = value_i64(n->val);
		return type_is_integral(n->type) && n->type->rank <= T_INT->rank;
	}
	if (n->kind == N_UNARY && (n->op == OP_NEG || n->op == OP_PLUS) &&
	    int_constant(n->a, v)) {
		if (n->op == OP_NEG)
			*v = value_i64(type_wrap(T_INT, (int64_t)(0 - (uint64_t)*v)));
		return true;
	}
	return false;
}

/* JLS 5.2: an int constant may be assigned to a narrower type that
 * holds its value. */
static bool literal_fits(const struct node *n, const struct type *to)
{
	int64_t v;
	if (!type_is_integral(to) || !int_constant(n, &v))
		return false;
	return type_holds(to, v);
}

static bool narrow(const struct type *t)
{
	return t->rank < T_INT->rank;
}

/* JLS 15.25.2: the type of a numeric conditional expression. */
static const struct type *java_cond_type(const struct node *b,
					 const struct node *c)
{
	const struct type *tb = b->type, *tc = c->type;
	if ((tb == T_BYTE && tc == T_SHORT) || (tb == T_SHORT && tc == T_BYTE))
		return T_SHORT;
	if (narrow(tb) && tc == T_INT && literal_fits(c, tb))
		return tb;
	if (narrow(tc) && tb == T_INT && literal_fits(b, tc))
		return tc;
	return java_binary_promote(tb, tc);
}

/* Widening primitive conversion (JLS 5.1.2), extended to integer: a
 * higher rank that holds every value (char and short hold each other's
 * values only partly, byte does not widen to char). */
static bool widens(const struct type *from, const struct type *to)
{
	if (from == to)
		return true;
	/* JLS 5.1.2: every integral type widens to float and double,
	 * float to double (rounding to nearest where needed) */
	if (to->kind == TK_FLOAT || from->kind == TK_FLOAT)
		return to->kind == TK_FLOAT && from->kind != TK_MATH &&
		       type_is_numeric(from) && from->rank < to->rank;
	if (!type_is_numeric(from) || !type_is_numeric(to) ||
	    from->rank >= to->rank)
		return false;
	if (to->kind == TK_MATH)
		return true;
	if (from->is_signed && !to->is_signed)
		return false;
	return to->bits > from->bits ||
	       (to->bits == from->bits && from->is_signed == to->is_signed);
}

static bool java_assignable(const struct node *rhs, const struct type *to)
{
	return widens(rhs->type, to) || literal_fits(rhs, to);
}

static bool java_comparable(const struct type *from, const struct type *to)
{
	/* a floating outcome is observed against one of its own type */
	if (from->kind == TK_BOOLEAN || to->kind == TK_BOOLEAN ||
	    from->kind == TK_FLOAT || to->kind == TK_FLOAT)
		return from == to;
	return type_is_numeric(from) && type_is_numeric(to);
}

/* ---- printing ---- */

static void java_value_print(struct strbuf *sb, const struct type *t,
			     struct value v)
{
	if (t->kind == TK_BOOLEAN) {
		sb_puts(sb, v.bits ? "true" : "false");
	} else if (t == T_CHAR) {
		uint64_t c = v.bits;
		if (c == '\'' || c == '\\')
			sb_printf(sb, "'\\%c'", (char)c);
		else if (c >= 0x20 && c < 0x7f)
			sb_printf(sb, "'%c'", (char)c);
		else
			sb_printf(sb, "'\\u%04x'", (unsigned)c);
	} else if (t->kind == TK_FLOAT) {
		const char *cls = t == T_FLOAT ? "Float" : "Double";
		double d = value_to_double(t, v);
		if (isnan(d))
			sb_printf(sb, "%s.NaN", cls);
		else if (isinf(d))
			sb_printf(sb, "%s.%s_INFINITY", cls,
				  d < 0 ? "NEGATIVE" : "POSITIVE");
		else
			float_print_decimal(sb, t, v, t == T_FLOAT ? "f" : "");
	} else if (t == T_LONG) {
		sb_printf(sb, "%" PRId64 "L", value_i64(v));
	} else {
		sb_printf(sb, "%" PRId64, value_i64(v));
	}
}

const struct profile profile_java = {
	.name = "java",
	.ntypes = (int)ARRAY_SIZE(java_types),
	.types = java_types,
	.boolean = T_BOOLEAN,
	.compare_result = T_BOOLEAN,
	.read_literal = java_read_literal,
	.keyword_literal = java_keyword_literal,
	.has_op = java_has_op,
	.cast_type = java_cast_type,
	.unary_promote = java_unary_promote,
	.binary_promote = java_binary_promote,
	.shift_type = java_shift_type,
	.compare_type = java_binary_promote,
	.cond_type = java_cond_type,
	.assignable = java_assignable,
	.comparable = java_comparable,
	.div_zero = DIV0_THROWS,
	.float_rem = true,
	.float_to_int = F2I_SATURATE,
	.shift = SHIFT_MASK,
	.overflow = OVF_WRAP,
	.ub = UB_NONE,
	.options = "",
	.value_print = java_value_print,
};

const struct type *type_parse(const char *name)
{
	const struct type *t = profile_type(&profile_java, name);
	return t ? t : T_ERROR;
}
