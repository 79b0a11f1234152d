/*
 * c.c - the C and C++ profiles (see profile.h): C11's integer types per
 * data model, integer constants with suffixes and character constants
 * (C11 6.4.4), the integer promotions and usual arithmetic conversions
 * (6.3.1.1, 6.3.1.8), int-valued comparisons and logical operators,
 * casts, undefined behaviour as the exceptional outcome, and values
 * printed as C constants.
 *
 * Implementation-defined behaviour is gcc's and clang's on x86-64
 * Linux: >> of a negative value is arithmetic, a conversion to a signed
 * type that does not fit wraps modulo 2^N, plain char is signed unless
 * the theory says otherwise.
 *
 * One profile per combination of options, built once (pthread_once) in
 * static storage: a type names its profile, so the types are per
 * profile too.  The theory's options select one with c_profile().
 */
#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "lang/profile.h"

enum {
	CT_BOOL, CT_CHAR, CT_SCHAR, CT_UCHAR, CT_SHORT, CT_USHORT, CT_INT,
	CT_UINT, CT_LONG, CT_ULONG, CT_LLONG, CT_ULLONG, CT_FLOAT, CT_DOUBLE,
	CT_N
};

/* Names, ranks, signedness (plain char: by option) and suffixes. */
static const struct {
	const char *name;
	int rank;
	bool is_signed;
	const char *suffix;
} ctypes[CT_N] = {
	[CT_BOOL] = { "_Bool", 0, false, "" },
	[CT_CHAR] = { "char", 1, true, "" },
	[CT_SCHAR] = { "signed char", 1, true, "" },
	[CT_UCHAR] = { "unsigned char", 1, false, "" },
	[CT_SHORT] = { "short", 2, true, "" },
	[CT_USHORT] = { "unsigned short", 2, false, "" },
	[CT_INT] = { "int", 3, true, "" },
	[CT_UINT] = { "unsigned", 3, false, "u" },
	[CT_LONG] = { "long", 4, true, "L" },
	[CT_ULONG] = { "unsigned long", 4, false, "UL" },
	[CT_LLONG] = { "long long", 5, true, "LL" },
	[CT_ULLONG] = { "unsigned long long", 5, false, "ULL" },
	/* C11 6.3.1.8: any floating operand makes the operation floating */
	[CT_FLOAT] = { "float", 6, true, "f" },
	[CT_DOUBLE] = { "double", 7, true, "" },
};

static const struct {
	const char *name;
	int type;     /* CT_*; for the 64-bit fixed types: long or long long */
} calias[] = {
	{ "bool", CT_BOOL },
	{ "unsigned int", CT_UINT },
	{ "signed", CT_INT },
	{ "signed int", CT_INT },
	{ "short int", CT_SHORT },
	{ "signed short", CT_SHORT },
	{ "unsigned short int", CT_USHORT },
	{ "long int", CT_LONG },
	{ "signed long", CT_LONG },
	{ "unsigned long int", CT_ULONG },
	{ "long long int", CT_LLONG },
	{ "signed long long", CT_LLONG },
	{ "unsigned long long int", CT_ULLONG },
	{ "int8_t", CT_SCHAR },
	{ "uint8_t", CT_UCHAR },
	{ "int16_t", CT_SHORT },
	{ "uint16_t", CT_USHORT },
	{ "int32_t", CT_INT },
	{ "uint32_t", CT_UINT },
	{ "int64_t", -1 },
	{ "uint64_t", -2 },
};
#define NALIAS ((int)ARRAY_SIZE(calias))

static const char *const models[] = { "lp64", "ilp32", "llp64" };
static const char *const policies[] = { "outcome", "defined-only", "wrap" };
const char c_data_models[] = "lp64, ilp32, llp64";
const char c_ub_policies[] = "outcome, defined-only, wrap";

/* One profile with its types. */
struct cprof {
	struct profile pf;
	bool cxx;
	struct type t[CT_N];
	struct type truth;     /* conditions: not a domain type */
	const struct type *types[CT_N];
	struct type_alias alias[ARRAY_SIZE(calias)];
	char options[80];
};

#define NLANG 2
#define NMODEL 3
#define NPOL 3
static struct cprof all[NLANG][NMODEL][2][NPOL];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static const struct cprof *cp(const struct profile *pf)
{
	return (const struct cprof *)pf; /* pf is the first member */
}

static const struct type *ct(const struct profile *pf, int k)
{
	return &cp(pf)->t[k];
}

/* ---- literals ---- */

static int lexerr(char *err, size_t errsz, int *errpos, int pos,
		  const char *msg)
{
	snprintf(err, errsz, "%s", msg);
	*errpos = pos;
	return -1;
}

/* Does v fit type k of profile pf? */
static bool fits(const struct profile *pf, int k, uint64_t v)
{
	const struct type *t = ct(pf, k);
	return v <= type_max(t).bits;
}

/* C11 6.4.4.1p5: the first type of the list that holds v. */
static const struct type *constant_type(const struct profile *pf, uint64_t v,
					bool dec, bool u, int l)
{
	static const int lists[2][2][3][4] = {
		/* decimal */
		{ { { CT_INT, CT_LONG, CT_LLONG, -1 }, { CT_LONG, CT_LLONG, -1 },
		    { CT_LLONG, -1 } },
		  { { CT_UINT, CT_ULONG, CT_ULLONG, -1 }, { CT_ULONG, CT_ULLONG, -1 },
		    { CT_ULLONG, -1 } } },
		/* octal, hexadecimal */
		{ { { CT_INT, CT_UINT, CT_LONG, CT_ULONG }, { CT_LONG, CT_ULONG,
							      CT_LLONG, CT_ULLONG },
		    { CT_LLONG, CT_ULLONG, -1 } },
		  { { CT_UINT, CT_ULONG, CT_ULLONG, -1 }, { CT_ULONG, CT_ULLONG, -1 },
		    { CT_ULLONG, -1 } } },
	};
	const int *list = lists[!dec][u][l];
	for (int i = 0; i < 4 && list[i] >= 0; i++)
		if (fits(pf, list[i], v))
			return ct(pf, list[i]);
	/* octal/hex without suffix: long long, unsigned long long last */
	if (!dec && !u && l == 0) {
		if (fits(pf, CT_LLONG, v))
			return ct(pf, CT_LLONG);
		return ct(pf, CT_ULLONG);
	}
	return NULL;
}

/* integer-constant = (decimal | 0 octal | 0x hex) [u|U] [l|L|ll|LL] (either
 * order) */
static int read_number(const struct profile *pf, const char *s, int pos,
		       struct literal *lit, int *errpos, char *err,
		       size_t errsz)
{
	const char *q = s + pos;
	int base = 10;
	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
		base = 16, q += 2;
	else if (q[0] == '0')
		base = 8;
	uint64_t v = 0;
	bool over = false, any = false;
	for (;; q++) {
		int d = digit_value((unsigned char)*q);
		if (d >= base)
			break;
		any = true;
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			over = true;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	if (!any)
		return lexerr(err, errsz, errpos, pos, "a number needs digits");
	bool u = false;
	int l = 0;
	for (int k = 0; k < 2; k++) {
		if (!u && (*q == 'u' || *q == 'U')) {
			u = true, q++;
		} else if (!l && (*q == 'l' || *q == 'L')) {
			l = q[1] == q[0] ? 2 : 1;
			q += l;
		}
	}
	if (isalnum((unsigned char)*q) || *q == '_') {
		char msg[64];
		snprintf(msg, sizeof(msg), "unexpected '%c' in an integer "
			 "constant", *q);
		return lexerr(err, errsz, errpos, (int)(q - s), msg);
	}
	const struct type *t = over ? NULL
				    : constant_type(pf, v, base == 10, u, l);
	if (!t)
		return lexerr(err, errsz, errpos, pos, "integer constant too "
						       "large for its type");
	lit->type = t;
	lit->val = type_wrap(t, (int64_t)v);
	lit->len = (int)(q - (s + pos));
	return 0;
}

static int read_escape(const char **qp, uint64_t *c)
{
	const char *q = *qp;
	static const char from[] = "ntrbfav\\'\"?", to[] = "\n\t\r\b\f\a\v\\'\"?";
	const char *f = *q ? strchr(from, *q) : NULL;
	if (f) {
		*c = (unsigned char)to[f - from];
		q++;
	} else if (*q == 'x') {
		q++;
		*c = 0;
		if (digit_value((unsigned char)*q) > 15)
			return -1;
		while (digit_value((unsigned char)*q) <= 15)
			*c = *c * 16 + (uint64_t)digit_value((unsigned char)*q++);
		if (*c > 0xff)
			return -1;
	} else if (*q >= '0' && *q <= '7') {
		*c = 0;
		for (int i = 0; i < 3 && *q >= '0' && *q <= '7'; i++, q++)
			*c = *c * 8 + (uint64_t)(*q - '0');
		if (*c > 0377)
			return -1;
	} else {
		return -1;
	}
	*qp = q;
	return 0;
}

/* character-constant = ' (char | \escape) ': type int, the value of the
 * char converted to int (C11 6.4.4.4p10; '\xff' is -1 when char is
 * signed). */
static int read_char(const struct profile *pf, const char *s, int pos,
		     struct literal *lit, int *errpos, char *err, size_t errsz)
{
	const char *q = s + pos + 1;
	uint64_t c;
	if (*q == '\\') {
		q++;
		if (read_escape(&q, &c) < 0)
			return lexerr(err, errsz, errpos, (int)(q - s),
				      "bad escape in a character constant");
	} else if (*q == '\'' || *q == '\0' || *q == '\n') {
		return lexerr(err, errsz, errpos, pos,
			      "empty or unterminated character constant");
	} else if ((unsigned char)*q >= 0x80) {
		return lexerr(err, errsz, errpos, (int)(q - s),
			      "only ASCII characters or escapes in "
			      "character constants");
	} else {
		c = (unsigned char)*q++;
	}
	if (*q != '\'')
		return lexerr(err, errsz, errpos, pos,
			      "unterminated or multi-character constant");
	lit->type = ct(pf, CT_INT);
	lit->val = value_convert(NULL, type_wrap(ct(pf, CT_CHAR), (int64_t)c),
				 lit->type);
	lit->len = (int)(q + 1 - (s + pos));
	return 0;
}

static int c_read_literal(const struct profile *pf, const char *s, int pos,
			  struct literal *lit, int *errpos, char *err,
			  size_t errsz)
{
	memset(lit, 0, sizeof(*lit));
	if (s[pos] == '\'')
		return read_char(pf, s, pos, lit, errpos, err, errsz);
	bool is_float;
	double d;
	int rc = float_literal(s, pos, false, &lit->len, &is_float, &d, errpos,
			       err, errsz);
	if (rc < 0)
		return -1;
	if (rc == 0) { /* C11 6.4.4.2: double, or float with f */
		lit->type = ct(pf, is_float ? CT_FLOAT : CT_DOUBLE);
		lit->val = value_from_double(lit->type, d);
		return 0;
	}
	return read_number(pf, s, pos, lit, errpos, err, errsz);
}

/* <math.h> and <float.h> constants: NAN and INFINITY are floats
 * (C11 7.12p4-5), the others have the type of their prefix. */
static bool c_float_constant(const struct profile *pf, const char *id,
			     size_t len, struct literal *lit)
{
	static const struct {
		const char *name;
		int type;
		double val;
	} k[] = {
		{ "NAN", CT_FLOAT, NAN }, { "INFINITY", CT_FLOAT, INFINITY },
		{ "FLT_MAX", CT_FLOAT, FLT_MAX }, { "FLT_MIN", CT_FLOAT, FLT_MIN },
		{ "FLT_TRUE_MIN", CT_FLOAT, FLT_TRUE_MIN },
		{ "FLT_EPSILON", CT_FLOAT, FLT_EPSILON },
		{ "DBL_MAX", CT_DOUBLE, DBL_MAX }, { "DBL_MIN", CT_DOUBLE, DBL_MIN },
		{ "DBL_TRUE_MIN", CT_DOUBLE, DBL_TRUE_MIN },
		{ "DBL_EPSILON", CT_DOUBLE, DBL_EPSILON },
	};
	for (size_t i = 0; i < ARRAY_SIZE(k); i++)
		if (strlen(k[i].name) == len && !strncmp(id, k[i].name, len)) {
			lit->type = ct(pf, k[i].type);
			lit->val = value_from_double(lit->type, k[i].val);
			return true;
		}
	return false;
}

/* true and false: C's <stdbool.h> macros (int 1 and 0); C++'s bool. */
static bool c_keyword_literal(const struct profile *pf, const char *id,
			      size_t len, struct literal *lit)
{
	memset(lit, 0, sizeof(*lit));
	lit->len = (int)len;
	if (c_float_constant(pf, id, len, lit))
		return true;
	lit->type = cp(pf)->cxx ? ct(pf, CT_BOOL) : ct(pf, CT_INT);
	if (len == 4 && !strncmp(id, "true", 4)) {
		lit->val = value_int(1);
		return true;
	}
	return len == 5 && !strncmp(id, "false", 5);
}

static bool c_has_op(enum op op)
{
	return op != OP_USHR;
}

/* A type name of up to four words at s + pos, the longest that names a
 * type. */
static int c_cast_type(const struct profile *pf, const char *s, int pos,
		       const struct type **t)
{
	int ends[4], nw = 0, q = pos;
	while (nw < 4) {
		if (!isalpha((unsigned char)s[q]) && s[q] != '_')
			break;
		while (isalnum((unsigned char)s[q]) || s[q] == '_')
			q++;
		ends[nw++] = q;
		while (s[q] == ' ' || s[q] == '\t')
			q++;
	}
	for (int k = nw; k > 0; k--) {
		char name[64];
		int o = 0;
		for (int i = pos; i < ends[k - 1] && o < 62; i++)
			if (!isspace((unsigned char)s[i]) ||
			    (o && name[o - 1] != ' '))
				name[o++] = isspace((unsigned char)s[i]) ? ' '
									: s[i];
		name[o] = '\0';
		*t = profile_type(pf, name);
		if (*t)
			return ends[k - 1] - pos;
	}
	return 0;
}

/* ---- typing ---- */

/* C11 6.3.1.1p2: ranks below int promote to int (every such type's
 * values fit an int in the data models here). */
static const struct type *c_unary_promote(const struct type *t)
{
	const struct type *i = ct(t->profile, CT_INT);
	return t->rank < i->rank ? i : t;
}

/* C11 6.3.1.8p1, the usual arithmetic conversions. */
static const struct type *c_binary_promote(const struct type *a,
					   const struct type *b)
{
	a = c_unary_promote(a);
	b = c_unary_promote(b);
	if (a == b)
		return a;
	if (a->kind == TK_FLOAT || b->kind == TK_FLOAT)
		return a->rank >= b->rank ? a : b;
	if (a->is_signed == b->is_signed)
		return a->rank >= b->rank ? a : b;
	const struct type *sg = a->is_signed ? a : b, *us = a->is_signed ? b : a;
	if (us->rank >= sg->rank)
		return us;
	if (sg->bits > us->bits)
		return sg;
	return ct(sg->profile, sg->id + 1); /* its unsigned counterpart */
}

static const struct type *c_shift_type(const struct type *l,
				       const struct type *r)
{
	(void)r;
	return c_unary_promote(l);
}

/* C11 6.5.15p5: the usual arithmetic conversions. */
static const struct type *c_cond_type(const struct node *b,
				      const struct node *c)
{
	return c_binary_promote(b->type, c->type);
}

/* C11 6.5.16.1: any arithmetic type converts to any other. */
static bool c_assignable(const struct node *rhs, const struct type *to)
{
	return type_is_numeric(rhs->type) && type_is_numeric(to);
}

static bool c_comparable(const struct type *from, const struct type *to)
{
	/* a floating outcome is observed against one of its own type */
	if (from->kind == TK_FLOAT || to->kind == TK_FLOAT)
		return from == to;
	return type_is_numeric(from) && type_is_numeric(to);
}

/* ---- printing ---- */

/* Integers as decimal constants with the suffix of their type (the
 * types below int print as plain numbers, which are ints), a signed
 * type's minimum as (-MAX - 1) ("(-2147483647 - 1)", "(-9223372036854775807L
 * - 1)"): C's constants have no sign, and MAX + 1 does not fit the type,
 * so -2147483648 is a long and -9223372036854775808L is no C at all;
 * _Bool as 0 or 1 (C++: false, true). */
static void c_value_print(struct strbuf *sb, const struct type *t,
			  struct value v)
{
	const struct cprof *p = cp(t->profile);
	int k = (int)(t - p->t);
	if (t->kind == TK_FLOAT) {
		double d = value_to_double(t, v);
		if (isnan(d))
			sb_puts(sb, "NAN");
		else if (isinf(d))
			sb_puts(sb, d < 0 ? "-INFINITY" : "INFINITY");
		else
			float_print_decimal(sb, t, v, ctypes[k].suffix);
	} else if (t->kind == TK_BOOLEAN || (k == CT_BOOL && p->cxx))
		sb_puts(sb, v.bits ? (p->cxx ? "true" : "1")
				   : (p->cxx ? "false" : "0"));
	else if (t->is_signed && t->rank >= ctypes[CT_INT].rank &&
		 v.bits == type_min(t).bits)
		/* C has no literal for a signed type's minimum: -2147483648
		 * is minus a long.  The same expression as <limits.h>'s
		 * (glibc's LONG_MIN), without the header: a constant of the
		 * type. */
		sb_printf(sb, "(-%" PRId64 "%s - 1)", value_i64(type_max(t)),
			  ctypes[k].suffix);
	else if (t->is_signed)
		sb_printf(sb, "%" PRId64 "%s", value_i64(v), ctypes[k].suffix);
	else
		sb_printf(sb, "%" PRIu64 "%s", v.bits, ctypes[k].suffix);
}

/* ---- the profiles ---- */

static void build(struct cprof *p, int lang, int model, bool char_signed,
		  int pol)
{
	struct profile *pf = &p->pf;
	p->cxx = lang == 1;
	for (int k = 0; k < CT_N; k++) {
		static const int lp64[] = { 1, 8, 8, 8, 16, 16, 32, 32, 64, 64,
					    64, 64, 32, 64 };
		struct type *t = &p->t[k];
		t->kind = k >= CT_FLOAT ? TK_FLOAT : TK_INT;
		t->name = ctypes[k].name;
		t->bits = lp64[k];
		if ((k == CT_LONG || k == CT_ULONG) && model != 0)
			t->bits = 32;
		t->is_signed = k == CT_CHAR ? char_signed : ctypes[k].is_signed;
		t->rank = ctypes[k].rank;
		t->id = k;
		t->profile = pf;
		p->types[k] = t;
	}
	if (p->cxx)
		p->t[CT_BOOL].name = "bool";
	p->truth = (struct type){ TK_BOOLEAN, "truth value", 0, false, 0, CT_N,
				  pf };
	for (int i = 0; i < NALIAS; i++) {
		int k = calias[i].type;
		if (k < 0) /* int64_t, uint64_t: long where it has 64 bits */
			k = (model == 0 ? CT_LONG : CT_LLONG) + (k == -2);
		p->alias[i] = (struct type_alias){ calias[i].name, &p->t[k] };
	}
	if (p->cxx)
		p->alias[0].name = "_Bool"; /* C++ spells it bool */
	snprintf(p->options, sizeof(p->options),
		 "data-model: %s, char: %s, ub: %s", models[model],
		 char_signed ? "signed" : "unsigned", policies[pol]);
	*pf = (struct profile){
		.name = p->cxx ? "c++" : "c",
		.ntypes = CT_N,
		.types = p->types,
		.boolean = &p->truth,
		.compare_result = p->cxx ? &p->t[CT_BOOL] : &p->t[CT_INT],
		.scalar_conditions = true,
		.read_literal = c_read_literal,
		.keyword_literal = c_keyword_literal,
		.has_op = c_has_op,
		.cast_type = c_cast_type,
		.unary_promote = c_unary_promote,
		.binary_promote = c_binary_promote,
		.shift_type = c_shift_type,
		.compare_type = c_binary_promote,
		.cond_type = c_cond_type,
		.assignable = c_assignable,
		.comparable = c_comparable,
		.div_zero = DIV0_UB,
		.shift = SHIFT_UB,
		.overflow = pol == 2 ? OVF_WRAP : OVF_UB,
		.div_overflow_ub = true,
		.float_rem = false,
		.float_to_int = F2I_UB,
		/* -fwrapv stops both compilers checking <<; C++20 defines it */
		.shl_signed_ub = pol != 2 && !p->cxx,
		.ub = (enum ub_policy)(UB_OUTCOME + pol),
		.options = p->options,
		.data_model = models[model],
		.char_sign = char_signed ? "signed" : "unsigned",
		.ub_name = policies[pol],
		.naliases = NALIAS,
		.aliases = p->alias,
		.value_print = c_value_print,
	};
}

static void build_all(void)
{
	for (int l = 0; l < NLANG; l++)
		for (int m = 0; m < NMODEL; m++)
			for (int c = 0; c < 2; c++)
				for (int u = 0; u < NPOL; u++)
					build(&all[l][m][c][u], l, m, c, u);
}

int c_ub_policy(const char *s)
{
	for (int i = 0; i < NPOL; i++)
		if (!strcmp(s, policies[i]))
			return UB_OUTCOME + i;
	return -1;
}

const struct profile *c_profile(const char *lang, const char *data_model,
				bool char_signed, enum ub_policy ub)
{
	int l = !strcmp(lang, "c") ? 0 : !strcmp(lang, "c++") ? 1 : -1;
	int m = -1;
	for (int i = 0; i < NMODEL; i++)
		if (!strcmp(data_model, models[i]))
			m = i;
	if (l < 0 || m < 0 || ub < UB_OUTCOME || ub > UB_WRAP)
		return NULL;
	pthread_once(&once, build_all);
	return &all[l][m][char_signed][ub - UB_OUTCOME].pf;
}
