/*
 * prover-test.h - helpers shared by the C tests of the prover stages:
 * parse an expression as if it stood alone in a YAML scalar (so error
 * columns are byte offsets + 1), type it in a small environment, write a
 * theory to a temporary file and load it, capture diagnostics, and an
 * S-expression form of trees for precedence checks.
 *
 * Header-only, like tap.h; include it once per test program.
 */
#ifndef SUBSUME_PROVER_TEST_H
#define SUBSUME_PROVER_TEST_H

#include <float.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "prove/prove.h"
#include "sem/smt.h"
#include "tap.h"
#include "model/theory.h"

/* ---- external programs and files (the differential tests) ---- */

/* Is prog on PATH? */
static inline bool prog_exists(const char *prog)
{
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", prog);
	return system(cmd) == 0;
}

/* Write text to path; exit 99 (a broken test set-up) if it cannot. */
static inline void write_text_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");
	if (!fp)
		exit(99);
	fputs(text, fp);
	fclose(fp);
}

/* The table the differential tests' stubs answer from: a mix of (m, i,
 * r) (method, case, call) and salt k, the same arithmetic as the
 * generated Java or C program's own copy (64-bit wrap-around). */
static inline uint64_t stub_mix(int m, int i, int r, unsigned k)
{
	uint64_t h = (uint64_t)m * 1000003u + (uint64_t)i * 1009u +
		     (uint64_t)r * 31u + k;
	h ^= h >> 7;
	h *= 0x9E3779B97F4A7C15ULL;
	h ^= h >> 29;
	return h;
}

/* ---- diagnostics ---- */

static char *cap_buf;
static size_t cap_len;

/* Send diagnostics to a buffer until cap_end(). */
static inline void cap_begin(void)
{
	free(cap_buf);
	cap_buf = NULL;
	cap_len = 0;
	diag_out = open_memstream(&cap_buf, &cap_len);
	if (!diag_out) {
		perror("open_memstream");
		exit(99);
	}
}

/* The captured text (owned here, valid until the next cap_begin()). */
static inline const char *cap_end(void)
{
	fclose(diag_out);
	diag_out = stderr;
	return cap_buf ? cap_buf : "";
}

/* The first line of the captured text, without the newline. */
static inline const char *cap_first_line(void)
{
	static char line[1024];
	const char *s = cap_buf ? cap_buf : "";
	size_t n = strcspn(s, "\n");
	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	memcpy(line, s, n);
	line[n] = '\0';
	return line;
}

/* Copy a message into a bounded buffer (truncating quietly). */
static inline void copy_msg(char *dst, size_t n, const char *src)
{
	size_t l = strlen(src);
	if (l >= n)
		l = n - 1;
	memcpy(dst, src, l);
	dst[l] = '\0';
}

/* text with control characters escaped, for test names (two rotating
 * static buffers, so two calls may share one printf). */
static inline const char *esc(const char *text)
{
	static char bufs[2][512];
	static int which;
	char *b = bufs[which ^= 1];
	size_t n = 0;
	for (const char *p = text; *p && n < sizeof(bufs[0]) - 8; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '\n')
			n += (size_t)sprintf(b + n, "\\n");
		else if (c == '\t')
			n += (size_t)sprintf(b + n, "\\t");
		else if (c == '\r')
			n += (size_t)sprintf(b + n, "\\r");
		else if (c < 0x20)
			n += (size_t)sprintf(b + n, "\\x%02x", c);
		else
			b[n++] = (char)c;
	}
	b[n] = '\0';
	return b;
}

/* ---- expressions ---- */

/*
 * A lone expression, as a YAML literal block scalar ("|" on line 1, the
 * text from line 2, column 1), so error columns are byte offsets + 1.
 */
struct texpr {
	struct source src;
	struct ynode y;
	struct expr_src es;
	char *buf;
};

static inline void texpr_init(struct arena *a, struct texpr *t,
			       const char *text)
{
	memset(t, 0, sizeof(*t));
	size_t n = strlen(text);
	t->buf = arena_alloc(a, n + 3);
	memcpy(t->buf, "|\n", 2);
	memcpy(t->buf + 2, text, n + 1);
	t->src.name = "e";
	t->src.text = t->buf;
	t->src.len = n + 2;
	t->y.kind = Y_SCALAR;
	t->y.loc.src = &t->src;
	t->y.loc.line = 1;
	t->y.loc.col = 1;
	t->y.str = text;
	t->y.quoted = true;
	t->es.text = text;
	t->es.where = &t->y;
	t->es.src = &t->src;
}

/*
 * Parse text; on failure return NULL with *msg the message (without the
 * "e:LINE:COL: error: " prefix) and *col its column (offset + 1).  The texpr must stay
 * alive as long as the tree is used with error locations.
 */
static inline struct node *tparse_at(struct arena *a, struct texpr *t,
				     const char *text, char *msg, size_t msgsz,
				     int *col)
{
	texpr_init(a, t, text);
	cap_begin();
	struct node *n = parse_expr(a, &t->es, false);
	cap_end();
	if (msg)
		msg[0] = '\0';
	if (col)
		*col = 0;
	if (!n) {
		int line = 0, c = 0, off = 0;
		if (sscanf(cap_first_line(), "e:%d:%d: error: %n", &line, &c,
			   &off) == 2 && off > 0) {
			if (msg)
				copy_msg(msg, msgsz, cap_first_line() + off);
			if (col)
				*col = c;
		} else if (msg) {
			copy_msg(msg, msgsz, cap_first_line());
		}
	}
	return n;
}

static inline struct node *tparse(struct arena *a, const char *text)
{
	struct texpr *t = ANEW(a, struct texpr);
	return tparse_at(a, t, text, NULL, 0, NULL);
}

/* Variables for typing: names and types, in order. */
struct tenv {
	int n;
	const char *names[MAX_VARS];
	const struct type *types[MAX_VARS];
};

/*
 * A conventional environment: z/zb boolean, b/b2 byte, s short, c char,
 * i/j int, l/m long, n integer, a/x/y int.
 */
static inline void tenv_std(struct tenv *e)
{
	static const struct { const char *n; const struct type *t; } vs[] = {
		{ "z", T_BOOLEAN }, { "zb", T_BOOLEAN }, { "b", T_BYTE },
		{ "b2", T_BYTE },   { "s", T_SHORT },    { "c", T_CHAR },
		{ "i", T_INT },     { "j", T_INT },      { "l", T_LONG },
		{ "m", T_LONG },    { "n", T_INTEGER },  { "x", T_INT },
		{ "y", T_INT },
	};
	e->n = (int)ARRAY_SIZE(vs);
	for (int k = 0; k < e->n; k++) {
		e->names[k] = vs[k].n;
		e->types[k] = vs[k].t;
	}
}

/*
 * Parse and type text in env; NULL on any error, with the message and
 * column as for tparse_at().
 */
static inline struct node *ttype_at(struct arena *a, const struct tenv *env,
				    const char *text, bool no_side_effects,
				    char *msg, size_t msgsz, int *col)
{
	struct texpr *t = ANEW(a, struct texpr);
	struct node *n = tparse_at(a, t, text, msg, msgsz, col);
	if (!n)
		return NULL;
	struct type_env te = { env->n, env->names, env->types,
			       no_side_effects, NULL, a, NULL };
	cap_begin();
	int rc = type_expr(n, &te, &t->es);
	cap_end();
	if (rc == 0)
		return n;
	int line = 0, c = 0, off = 0;
	if (sscanf(cap_first_line(), "e:%d:%d: error: %n", &line, &c, &off) ==
		    2 &&
	    off > 0) {
		if (msg)
			copy_msg(msg, msgsz, cap_first_line() + off);
		if (col)
			*col = c;
	} else if (msg) {
		copy_msg(msg, msgsz, cap_first_line());
	}
	return NULL;
}

static inline struct node *ttype(struct arena *a, const struct tenv *env,
				 const char *text)
{
	return ttype_at(a, env, text, false, NULL, 0, NULL);
}

/* S-expression form: (+ a (* b c)), (neg a), (pre++ a), (? a b c),
 * (+= a b), literals as type:value. */
static inline void sexpr(struct strbuf *sb, const struct node *n)
{
	if (!n) {
		sb_puts(sb, "NULL");
		return;
	}
	switch (n->kind) {
	case N_LIT:
		sb_printf(sb, "%s:%" PRId64, type_name(n->type),
			  value_i64(n->val));
		return;
	case N_CONV: /* implicit conversions are not source text */
		sexpr(sb, n->a);
		return;
	case N_VAR:
		sb_puts(sb, n->name);
		return;
	case N_HOLE:
		sb_printf(sb, "{%s}", n->name);
		return;
	case N_SKIP:
		sb_puts(sb, ";");
		return;
	case N_DEFINED:
		sb_puts(sb, "(defined ");
		sexpr(sb, n->a);
		sb_putc(sb, ')');
		return;
	case N_UNARY: {
		static const char *const u[] = { "plus", "neg", "bnot", "not" };
		sb_printf(sb, "(%s ", u[n->op - OP_PLUS]);
		sexpr(sb, n->a);
		sb_putc(sb, ')');
		return;
	}
	case N_INCDEC: {
		static const char *const u[] = { "pre++", "pre--", "post++",
						 "post--" };
		sb_printf(sb, "(%s ", u[n->op - OP_PREINC]);
		sexpr(sb, n->a);
		sb_putc(sb, ')');
		return;
	}
	case N_BINARY:
		sb_printf(sb, "(%s ", op_spelling(n->op));
		sexpr(sb, n->a);
		sb_putc(sb, ' ');
		sexpr(sb, n->b);
		sb_putc(sb, ')');
		return;
	case N_COND:
		sb_puts(sb, "(? ");
		sexpr(sb, n->a);
		sb_putc(sb, ' ');
		sexpr(sb, n->b);
		sb_putc(sb, ' ');
		sexpr(sb, n->c);
		sb_putc(sb, ')');
		return;
	case N_ASSIGN:
		sb_printf(sb, "(%s= ", op_spelling(n->op));
		sexpr(sb, n->a);
		sb_putc(sb, ' ');
		sexpr(sb, n->b);
		sb_putc(sb, ')');
		return;
	}
}

/* sexpr into a static buffer (one at a time). */
static inline const char *sx(const struct node *n)
{
	static struct strbuf sb;
	sb_reset(&sb);
	sexpr(&sb, n);
	return sb.buf ? sb.buf : "";
}

/* ---- theory files ---- */

/*
 * Write text to a fresh temporary file (mkstemp) and load it as a
 * theory.  Diagnostics are captured (see cap_end()'s buffer after the
 * call); the file is removed again.  NULL when the theory is rejected.
 */
static inline struct theory *load_theory_text(struct arena *a,
					       const char *text)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof(path), "%s/subsume-test-XXXXXX.yaml",
		 dir && *dir ? dir : "/tmp");
	int fd = mkstemps(path, 5);
	if (fd < 0) {
		perror("mkstemps");
		exit(99);
	}
	size_t len = strlen(text);
	if (write(fd, text, len) != (ssize_t)len) {
		perror("write");
		exit(99);
	}
	close(fd);
	cap_begin();
	struct theory *th = theory_load(a, path);
	cap_end();
	unlink(path);
	return th;
}

/* The analysis of target `name` (its 'name' or expression) in domain
 * `dom`, or NULL. */
static inline const struct analysis *find_analysis(const struct theory *th,
						   const char *name,
						   const char *dom)
{
	for (int i = 0; th && i < th->nanalyses; i++)
		if (!strcmp(th->analyses[i].target->name, name) &&
		    !strcmp(th->analyses[i].domain->name, dom))
			return &th->analyses[i];
	return NULL;
}

/* ---- inputs ---- */

/* xorshift64*, deterministic. */
static inline uint64_t rnd_next(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* A random value of type t: uniform bits, or small, or near a bound. */
static inline struct value rnd_value(uint64_t *s, const struct type *t)
{
	uint64_t r = rnd_next(s);
	int pick = (int)(r % 8);
	uint64_t bits = rnd_next(s);
	if (t == T_BOOLEAN)
		return value_bool(bits & 1);
	if (t->kind == TK_FLOAT) /* small integers, or any bit pattern */
		return pick < 3 ? type_wrap(t, (int64_t)(bits % 17) - 8)
				: value_observed(t, value_uint(bits >> (64 - t->bits)),
						 FCMP_IDENTICAL);
	int64_t v;
	switch (pick) {
	case 0: case 1:
		v = (int64_t)(bits % 17) - 8;      /* small */
		break;
	case 2:
		v = value_i64(type_min(t)) + (int64_t)(bits % 4);
		break;
	case 3:
		v = value_i64(type_max(t)) - (int64_t)(bits % 4);
		break;
	case 4:
		v = (int64_t)(bits % 65) - 32;     /* shift distances */
		break;
	default:
		v = (int64_t)bits;                 /* anything */
		if (t == T_INTEGER)
			v >>= (int)(bits % 64);    /* all magnitudes */
		break;
	}
	return type_wrap(t, v);
}

/* Boundary values of t: 0, 1, -1, MIN, MAX (those in range). */
static inline int boundary_values(const struct type *t, struct value *out)
{
	int n = 0;
	if (t == T_BOOLEAN) {
		out[n++] = value_bool(false);
		out[n++] = value_bool(true);
		return n;
	}
	if (t->kind == TK_FLOAT) {
		double f[] = { 0.0, -0.0, -1.0, INFINITY, -INFINITY, NAN,
			       t->bits == 32 ? FLT_TRUE_MIN : DBL_TRUE_MIN,
			       t->bits == 32 ? FLT_MAX : DBL_MAX };
		for (size_t k = 0; k < ARRAY_SIZE(f); k++)
			out[n++] = value_from_double(t, f[k]);
		return n;
	}
	int64_t lo = value_i64(type_min(t)), hi = value_i64(type_max(t));
	int64_t c[] = { 0, 1, -1, lo, hi, lo + 1, hi - 1 };
	if (t == T_INTEGER) {
		c[3] = INT32_MIN;
		c[4] = INT32_MAX;
		c[5] = INT64_MIN / 2;
		c[6] = INT64_MAX / 2;
	}
	for (size_t k = 0; k < ARRAY_SIZE(c); k++) {
		if (c[k] < lo || c[k] > hi)
			continue;
		bool dup = false;
		for (int j = 0; j < n; j++)
			dup |= value_i64(out[j]) == c[k];
		if (!dup)
			out[n++] = value_int(c[k]);
	}
	return n;
}

/* A driver's working directory dir removed, or kept (and said so)
 * when the environment variable keep is set. */
static inline void drv_remove_dir(const char *dir, const char *keep)
{
	char cmd[400];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (getenv(keep))
		diag("kept %s", dir);
	else if (system(cmd) != 0)
		diag("cannot remove %s", dir);
}

/* The end of a driver's main(): its arena a, the captured diagnostics
 * and Z3 released; the exit status of its tests. */
static inline int drv_finish(struct arena *a)
{
	arena_free(a);
	free(cap_buf);
	smt_finalize();
	return done_testing();
}

#endif
