/*
 * float.c - floating literals and their printing, shared by the
 * profiles (see profile.h).
 *
 * Values are read with strtod/strtof (correctly rounded, to nearest
 * even, in glibc: one rounding, straight to the literal's type) and
 * printed as the shortest decimal that strtod/strtof read back to the
 * same bits, in Java's Double.toString layout.  The process never calls
 * setlocale(), so the decimal point is '.'.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang/profile.h"

static int ferr(char *err, size_t errsz, int *errpos, int pos,
		const char *msg)
{
	snprintf(err, errsz, "%s", msg);
	*errpos = pos;
	return -1;
}

/* Digits of the given kind from q on, copied (without Java's
 * underscores, which must stand between digits) to buf; returns how
 * many digits, or -1 for a misplaced underscore at *bad. */
static int digits(const char *s, const char **qp, bool hex, bool java,
		  struct strbuf *buf, int *bad)
{
	const char *q = *qp;
	int n = 0;
	for (;; q++) {
		if (java && *q == '_') {
			const char *r = q;
			while (*r == '_')
				r++;
			if (!n || !(hex ? isxdigit((unsigned char)*r)
					: isdigit((unsigned char)*r))) {
				*bad = (int)(q - s);
				return -1;
			}
			q = r - 1;
			continue;
		}
		if (!(hex ? isxdigit((unsigned char)*q) : isdigit((unsigned char)*q)))
			break;
		sb_putc(buf, *q);
		n++;
	}
	*qp = q;
	return n;
}

/* The literal's text at s + pos, scanned into buf (as strtod reads it);
 * 1: not a floating literal; -1: error; 0: *qp past the mantissa and
 * exponent, *nonzero if a mantissa digit is not 0. */
static int scan(const char *s, int pos, bool java, struct strbuf *buf,
		const char **qp, bool *nonzero, int *errpos, char *err,
		size_t errsz)
{
	const char *q = s + pos;
	bool hex = q[0] == '0' && (q[1] == 'x' || q[1] == 'X');
	int bad = 0, nint, nfrac = 0;
	if (hex) {
		sb_puts(buf, "0x");
		q += 2;
	}
	size_t m0 = buf->len;
	if ((nint = digits(s, &q, hex, java, buf, &bad)) < 0)
		return ferr(err, errsz, errpos, bad, "'_' must stand between digits");
	bool dot = *q == '.', expo;
	if (dot) {
		sb_putc(buf, '.');
		q++;
		if (*q == '_')
			return ferr(err, errsz, errpos, (int)(q - s),
				    "'_' must stand between digits");
		if ((nfrac = digits(s, &q, hex, java, buf, &bad)) < 0)
			return ferr(err, errsz, errpos, bad,
				    "'_' must stand between digits");
	}
	for (size_t i = m0; i < buf->len; i++)
		*nonzero |= buf->buf[i] != '0' && buf->buf[i] != '.';
	expo = hex ? (*q == 'p' || *q == 'P') : (*q == 'e' || *q == 'E');
	char c = *q;
	bool suffix = c == 'f' || c == 'F' || (java && (c == 'd' || c == 'D'));
	if (!dot && !expo && !(suffix && !hex))
		return 1; /* an integer */
	if (!nint && !nfrac)
		return ferr(err, errsz, errpos, pos, "a number needs digits");
	if (hex && !expo)
		return ferr(err, errsz, errpos, (int)(q - s),
			    "a hexadecimal floating literal needs a binary "
			    "exponent (p)");
	if (expo) {
		sb_putc(buf, hex ? 'p' : 'e');
		q++;
		if (*q == '+' || *q == '-')
			sb_putc(buf, *q++);
		if (digits(s, &q, false, java, buf, &bad) <= 0)
			return ferr(err, errsz, errpos, (int)(q - s),
				    "an exponent needs digits");
	}
	*qp = q;
	return 0;
}

int float_literal(const char *s, int pos, bool java, int *len,
		  bool *is_float, double *val, int *errpos, char *err,
		  size_t errsz)
{
	struct strbuf buf = STRBUF_INIT;
	const char *q;
	bool nonzero = false;
	int rc = scan(s, pos, java, &buf, &q, &nonzero, errpos, err, errsz);
	if (rc) {
		sb_release(&buf);
		return rc;
	}
	*is_float = *q == 'f' || *q == 'F';
	if (*is_float || (java && (*q == 'd' || *q == 'D')))
		q++;
	else if (*q == 'l' || *q == 'L')
		rc = ferr(err, errsz, errpos, (int)(q - s),
			  "long double is not supported");
	if (!rc && (isalnum((unsigned char)*q) || *q == '_'))
		rc = ferr(err, errsz, errpos, (int)(q - s),
			  *q == '.' ? "unexpected '.' in a number"
				    : "unexpected character after a number");
	if (!rc) {
		errno = 0;
		*val = *is_float ? (double)strtof(buf.buf, NULL)
				 : strtod(buf.buf, NULL);
		if (isinf(*val))
			rc = ferr(err, errsz, errpos, pos, "floating-point "
				  "number too large");
		else if (*val == 0 && nonzero)
			rc = ferr(err, errsz, errpos, pos, "floating-point "
				  "number too small");
	}
	if (!rc && *q == '.')
		rc = ferr(err, errsz, errpos, (int)(q - s),
			  "unexpected '.' in a number");
	*len = (int)(q - (s + pos));
	sb_release(&buf);
	return rc;
}

/* The shortest "%.*e" digits of d that read back to d in type t:
 * digits into dig (no point, no trailing zeros), the decimal exponent of
 * the first digit. */
static int shortest(const struct type *t, double d, char *dig, size_t n)
{
	char tmp[40];
	int maxp = t->bits == 32 ? 9 : 17;
	for (int p = 1; p <= maxp; p++) {
		snprintf(tmp, sizeof(tmp), "%.*e", p - 1, d);
		bool same = t->bits == 32 ? strtof(tmp, NULL) == (float)d
					  : strtod(tmp, NULL) == d;
		if (same || p == maxp)
			break;
	}
	char *e = strchr(tmp, 'e');
	int exp = atoi(e + 1);
	size_t k = 0;
	for (char *c = tmp; c < e && k + 1 < n; c++)
		if (isdigit((unsigned char)*c))
			dig[k++] = *c;
	while (k > 1 && dig[k - 1] == '0')
		k--;
	dig[k] = '\0';
	return exp;
}

void float_print_decimal(struct strbuf *sb, const struct type *t,
			 struct value v, const char *suffix)
{
	double d = value_to_double(t, v);
	if (value_is_negative(t, v))
		sb_putc(sb, '-');
	d = fabs(d);
	if (d == 0) {
		sb_printf(sb, "0.0%s", suffix);
		return;
	}
	char dig[24];
	int e = shortest(t, d, dig, sizeof(dig));
	int nd = (int)strlen(dig);
	if (e >= -3 && e < 7) {
		if (e < 0) {
			sb_puts(sb, "0.");
			for (int i = -1; i > e; i--)
				sb_putc(sb, '0');
			sb_puts(sb, dig);
		} else {
			for (int i = 0; i <= e; i++)
				sb_putc(sb, i < nd ? dig[i] : '0');
			sb_putc(sb, '.');
			sb_puts(sb, nd > e + 1 ? dig + e + 1 : "0");
		}
	} else {
		sb_printf(sb, "%c.%s", dig[0], nd > 1 ? dig + 1 : "0");
		sb_printf(sb, "E%d", e);
	}
	sb_puts(sb, suffix);
}
