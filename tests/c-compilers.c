/*
 * c-compilers.c - the C semantics against the real compilers.
 *
 * Part 1: random typed C expressions over a variable of every C type
 * (every operator, casts, constants with suffixes, mixed signedness),
 * on boundary inputs (0, +-1, MIN, MAX, MIN+1, MAX-1 and shift counts
 * around the widths).  Each case is evaluated by the evaluator, by the
 * Z3 encoding (smt_outcome) and by the expression compiled with gcc and
 * with clang under -fsanitize=undefined -fno-sanitize-recover=all (and
 * gcc's -fsanitize=float-cast-overflow), with volatile inputs.  The
 * compiled program evaluates the cases in order and writes each result
 * before it evaluates the next; a case that stops it (a UBSan report,
 * SIGFPE) is undefined, and the harness restarts after it.  For every
 * case: undefined per subsume == undefined per gcc or per clang (a UBSan
 * report is never a false positive; gcc folds some overflows away
 * before UBSan sees them, clang is the reference there), and when
 * defined, subsume's value == gcc's == clang's.
 *
 * Part 2: exhaustive 8-bit: every pair of a signed char and an unsigned
 * char (and of two signed chars) through operators whose promoted
 * result is converted back, against gcc and clang; Z3 on every 61st
 * input.
 *
 * Part 3: part 1's kind of expressions again (other ones: the generator
 * goes on) under ub: wrap against both compilers with -fwrapv, which
 * makes signed overflow wrap and stops UBSan checking it and signed <<
 * (../shared notes; division by zero, INT_MIN / -1 and shift counts out
 * of range stay undefined).
 *
 * Data model lp64, plain char signed, ub: outcome (parts 1 and 2) and
 * wrap (part 3) (x86-64 Linux).
 */
#include <inttypes.h>
#include <sys/wait.h>

#include "prover-test.h"

#define BAIL_OUT(...) \
	(printf("Bail out! "), printf(__VA_ARGS__), printf("\n"), exit(255))

static struct arena *A;
static const struct profile *P;
static const char *mode_flags = ""; /* "-fwrapv" under ub: wrap */

/* One variable per type; the names used in the generated C. */
static const char *const vnames[] = { "b", "c", "sc", "uc", "s", "us", "i",
				      "u", "l", "ul", "ll", "ull" };
static const char *const vtypes[] = {
	"_Bool", "char", "signed char", "unsigned char", "short",
	"unsigned short", "int", "unsigned", "long", "unsigned long",
	"long long", "unsigned long long",
};
#define NV ((int)ARRAY_SIZE(vnames))
static const struct type *types[NV];

#define NEXPR 120
#define MAXCASE (32 * 65536)

struct ccase {
	int expr;
	bool ub;            /* subsume: undefined */
	struct value value; /* subsume: the value, when defined */
	struct value *in;   /* the input: one value per variable */
};
static struct ccase *cases;
static int ncases;
static struct value *inputs; /* the cases' inputs, nvars per case */

/* A new case of expression e over nv variables, all 0. */
static struct ccase *new_case(int e, int nv)
{
	if (ncases >= MAXCASE)
		BAIL_OUT("too many cases");
	struct ccase *c = &cases[ncases];
	c->expr = e;
	c->in = inputs + (size_t)ncases * (size_t)nv;
	memset(c->in, 0, (size_t)nv * sizeof(*c->in));
	ncases++;
	return c;
}

/* ---- random expressions ---- */

static uint64_t seed = 0x5eed;

static int rnd(int n)
{
	return (int)(rnd_next(&seed) % (uint64_t)n);
}

static const char *const consts[] = {
	"0", "1", "2", "7", "8", "31", "32", "33", "63", "64", "-1",
	"2147483647", "0x7fffffff", "0x80000000", "4294967295u", "1u", "0u",
	"1L", "1UL", "1LL", "1ULL", "9223372036854775807L", "0xffffffffUL",
	"'a'", "'\\xff'", "'\\0'", "65535", "32767", "255", "128",
};
static const char *const binops[] = {
	"+", "-", "*", "/", "%", "<<", ">>", "<", "<=", ">", ">=", "==",
	"!=", "&", "^", "|", "&&", "||",
};
static const char *const unops[] = { "-", "~", "!", "+" };

/* An expression over variables va and vb. */
static void gen(struct strbuf *sb, int depth, int va, int vb)
{
	int k = depth <= 0 ? rnd(3) : rnd(12);
	switch (k) {
	case 0: case 1:
		sb_puts(sb, vnames[k == 0 ? va : vb]);
		return;
	case 2:
		if (rnd(2)) {
			sb_puts(sb, vnames[rnd(2) ? va : vb]);
			return;
		}
		sb_puts(sb, consts[rnd((int)ARRAY_SIZE(consts))]);
		return;
	case 3:
		sb_printf(sb, "(%s)", vtypes[rnd(NV)]);
		gen(sb, depth - 1, va, vb);
		return;
	case 4:
		sb_printf(sb, "%s(", unops[rnd((int)ARRAY_SIZE(unops))]);
		gen(sb, depth - 1, va, vb);
		sb_putc(sb, ')');
		return;
	case 5:
		sb_putc(sb, '(');
		gen(sb, depth - 1, va, vb);
		sb_puts(sb, " ? ");
		gen(sb, depth - 1, va, vb);
		sb_puts(sb, " : ");
		gen(sb, depth - 1, va, vb);
		sb_putc(sb, ')');
		return;
	default:
		sb_putc(sb, '(');
		gen(sb, depth - 1, va, vb);
		sb_printf(sb, " %s ", binops[rnd((int)ARRAY_SIZE(binops))]);
		gen(sb, depth - 1, va, vb);
		sb_putc(sb, ')');
		return;
	}
}

/* A compound assignment or ++/-- to va whose right side does not use
 * va (one side effect, nothing unsequenced). */
static void gen_store(struct strbuf *sb, int va, int vb)
{
	static const char *const ops[] = { "+=", "-=", "*=", "/=", "%=",
					   "<<=", ">>=", "&=", "|=", "^=", "=" };
	int k = rnd(13);
	if (k >= 11) {
		sb_printf(sb, k == 11 ? "%s++" : "--%s", vnames[va]);
		return;
	}
	sb_printf(sb, "%s %s ", vnames[va], ops[k]);
	gen(sb, 1, vb, vb);
}

/* ---- inputs ---- */

static int input_values(const struct type *t, struct value *out)
{
	int64_t lo = value_i64(type_min(t)), hi = value_i64(type_max(t));
	if (!t->is_signed && t->bits == 64)
		lo = 0, hi = -1; /* payloads: 0 .. UINT64_MAX */
	int64_t c[] = { 0, 1, -1, lo, hi, lo + 1, hi - 1, 7, 8, 31, 32, 63,
			64, -2 };
	int n = 0;
	for (size_t k = 0; k < ARRAY_SIZE(c); k++) {
		struct value v = type_wrap(t, c[k]);
		bool dup = false;
		for (int j = 0; j < n; j++)
			dup |= value_eq(out[j], v);
		if (!dup)
			out[n++] = v;
	}
	return n;
}

/* ---- subsume's side ---- */

static const struct node *the_prog;
static const struct node *program(const void *owner, int p)
{
	(void)owner;
	(void)p;
	return the_prog;
}

static struct node *ctype(const char *text, const char *const *names,
			  const struct type *const *tys, int nv)
{
	struct texpr t;
	texpr_init(A, &t, text);
	struct strbuf err = STRBUF_INIT;
	cap_begin();
	struct node *n = parse_expr_in(P, A, &t.es, false);
	cap_end();
	if (!n)
		return NULL;
	struct type_env env = { nv, names, tys, false, &err, A, P };
	int rc = type_expr(n, &env, NULL);
	if (rc < 0)
		diag("'%s': %s", text, err.buf);
	sb_release(&err);
	return rc < 0 ? NULL : n;
}

/* Evaluate every case of expression e with the evaluator, and every
 * zstride-th with Z3 too; count evaluator/Z3 disagreements. */
static int subsume_side(const struct node *e, int first, int last,
			const char *const *names, const struct type *const *tys,
			int nv, int zstride, int *zchecked)
{
	the_prog = e;
	struct observe obs = { .value = true };
	struct problem pb = { P, nv, names, tys, NULL, &obs, 1, program,
			      NULL };
	struct smt *s = smt_new(&pb, 0, false);
	int bad = 0;
	for (int k = first; k < last; k++) {
		struct outcome o, z;
		eval_outcome(e, nv, cases[k].in, &o);
		cases[k].ub = o.threw;
		cases[k].value = o.value;
		if (zstride && (k - first) % zstride)
			continue;
		(*zchecked)++;
		if (smt_outcome(s, 0, cases[k].in, &z) < 0 || z.threw != o.threw ||
		    (!o.threw && !value_eq(z.value, o.value))) {
			if (bad++ < 3)
				diag("Z3 and the evaluator differ on case %d", k);
		}
	}
	smt_free(s);
	return bad;
}

/* ---- the compilers' side ---- */

static char dir[TAP_TMP_MAX] = "subsume-cc";

/* The C literal of value v of type t, for the case tables. */
static void c_const(struct strbuf *sb, const struct type *t, struct value v)
{
	if (t->is_signed)
		sb_printf(sb, "(%s)%" PRId64 "LL", t->name,
			  value_i64(v) == INT64_MIN ? INT64_MIN + 1 : value_i64(v));
	else
		sb_printf(sb, "(%s)%" PRIu64 "ULL", t->name, v.bits);
	if (t->is_signed && value_i64(v) == INT64_MIN)
		sb_puts(sb, "-1");
}

/*
 * The program: volatile globals for the variables, a function per
 * expression, a table of cases; main(start) evaluates cases start.. in
 * order, writing "k value" (the value as an unsigned 64-bit payload)
 * before the next, and the index of the next case to a file, so that a
 * case that stops the program can be found.
 */
static void write_program(const char *path, const char *const *exprs,
			  int nexpr, const char *const *names,
			  const struct type *const *tys, int nv, bool pairs)
{
	FILE *f = fopen(path, "w");
	if (!f)
		BAIL_OUT("cannot write %s", path);
	fputs("#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n"
	      "#include <fcntl.h>\n", f);
	for (int v = 0; v < nv; v++)
		fprintf(f, "static volatile %s %s;\n", tys[v]->name, names[v]);
	for (int e = 0; e < nexpr; e++)
		fprintf(f, "static unsigned long long e%d(void) { return "
			   "(unsigned long long)(%s); }\n",
			e, exprs[e]);
	fprintf(f, "static unsigned long long (*const fn[])(void) = {");
	for (int e = 0; e < nexpr; e++)
		fprintf(f, "%se%d", e ? ", " : "", e);
	fprintf(f, "};\nstatic int set(int k);\n");
	fprintf(f, "int main(int argc, char **argv)\n{\n"
		   "\tint n = %d, k = atoi(argv[1]);\n"
		   "\tint fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);\n"
		   "\tfor (; k < n; k++) {\n"
		   "\t\tchar buf[64];\n"
		   "\t\tpwrite(fd, &k, sizeof(k), 0);\n"
		   "\t\tint e = set(k), m;\n"
		   "\t\tm = snprintf(buf, sizeof(buf), \"%%d %%llu\\n\", k, "
		   "fn[e]());\n"
		   "\t\tif (write(1, buf, (size_t)m) != m) return 2;\n"
		   "\t}\n\treturn 0;\n}\n",
		ncases);
	if (pairs) { /* every 8-bit pair, a outer: no table */
		fprintf(f, "static int set(int k)\n{\n\t%s = (%s)((k >> 8) & 255);"
			   "\n\t%s = (%s)(k & 255);\n\treturn k >> 16;\n}\n",
			names[0], tys[0]->name, names[1], tys[1]->name);
		fclose(f);
		return;
	}
	/* set(k): assign the inputs, return the expression index */
	fprintf(f, "static const struct { int e; ");
	for (int v = 0; v < nv; v++)
		fprintf(f, "%s %s; ", tys[v]->name, names[v]);
	fprintf(f, "} tab[] = {\n");
	struct strbuf sb = STRBUF_INIT;
	for (int k = 0; k < ncases; k++) {
		sb_reset(&sb);
		sb_printf(&sb, "{%d", cases[k].expr);
		for (int v = 0; v < nv; v++) {
			sb_puts(&sb, ", ");
			c_const(&sb, tys[v], cases[k].in[v]);
		}
		fprintf(f, "%s},\n", sb.buf);
	}
	sb_release(&sb);
	fprintf(f, "};\nstatic int set(int k)\n{\n");
	for (int v = 0; v < nv; v++)
		fprintf(f, "\t%s = tab[k].%s;\n", names[v], names[v]);
	fprintf(f, "\treturn tab[k].e;\n}\n");
	fclose(f);
}

/* Run the compiled program over every case: *got the value per case,
 * ub[k] true where a case stopped it. */
static int run_program(const char *bin, uint64_t *got, bool *ub)
{
	char cmd[1024], line[128], pos[300];
	snprintf(pos, sizeof(pos), "%s/pos", dir);
	int start = 0, runs = 0;
	while (start < ncases) {
		snprintf(cmd, sizeof(cmd), "%s %d %s 2>/dev/null", bin, start,
			 pos);
		FILE *p = popen(cmd, "r");
		if (!p)
			return -1;
		runs++;
		int last = start - 1;
		while (fgets(line, sizeof(line), p)) {
			int k;
			unsigned long long v;
			if (sscanf(line, "%d %llu", &k, &v) == 2 && k >= 0 &&
			    k < ncases) {
				got[k] = v;
				ub[k] = false;
				last = k;
			}
		}
		int st = pclose(p);
		if (st == 0)
			break;
		/* the case after the last written one stopped the program */
		FILE *pf = fopen(pos, "rb");
		int stopped = last + 1;
		if (pf) {
			if (fread(&stopped, sizeof(stopped), 1, pf) != 1)
				stopped = last + 1;
			fclose(pf);
		}
		if (stopped != last + 1)
			return -1;
		ub[stopped] = true;
		start = stopped + 1;
	}
	return runs;
}

static bool compile(const char *cc, const char *flags, const char *src,
		    const char *bin)
{
	char cmd[2048];
	snprintf(cmd, sizeof(cmd),
		 "%s -std=c11 -O0 -w %s %s -fno-sanitize-recover=all -o %s %s",
		 cc, flags, mode_flags, bin, src);
	return system(cmd) == 0;
}

struct compiler {
	const char *cc, *flags;
	uint64_t *got;
	bool *ub;
};

static struct compiler ccs[2] = {
	{ "gcc", "-fsanitize=undefined -fsanitize=float-cast-overflow", NULL,
	  NULL },
	{ "clang", "-fsanitize=undefined", NULL, NULL },
};

/* Compile and run the cases with both compilers and compare them with
 * subsume's; returns the number of disagreeing cases. */
static int against_compilers(const char *tag, const char *const *exprs,
			     int nexpr, const char *const *names,
			     const struct type *const *tys, int nv, bool pairs,
			     int *nub, int *gcc_missed)
{
	char src[300], bin[300];
	snprintf(src, sizeof(src), "%s/%s.c", dir, tag);
	write_program(src, exprs, nexpr, names, tys, nv, pairs);
	for (int c = 0; c < 2; c++) {
		snprintf(bin, sizeof(bin), "%s/%s-%s", dir, tag, ccs[c].cc);
		free(ccs[c].got);
		free(ccs[c].ub);
		ccs[c].got = xcalloc((size_t)ncases, sizeof(uint64_t));
		ccs[c].ub = xcalloc((size_t)ncases, sizeof(bool));
		bool built = compile(ccs[c].cc, ccs[c].flags, src, bin);
		ok(built, "%s: %s compiles the %d expressions", tag, ccs[c].cc,
		   nexpr);
		int runs = built ? run_program(bin, ccs[c].got, ccs[c].ub) : -1;
		ok(runs > 0, "%s: %s's program ran the %d cases (%d runs)",
		   tag, ccs[c].cc, ncases, runs);
		if (runs <= 0)
			return ncases;
	}
	int bad = 0;
	*nub = 0;
	*gcc_missed = 0;
	for (int k = 0; k < ncases; k++) {
		const struct ccase *x = &cases[k];
		bool ub = ccs[0].ub[k] || ccs[1].ub[k];
		*nub += ub;
		*gcc_missed += ccs[1].ub[k] && !ccs[0].ub[k];
		bool same = x->ub == ub;
		if (same && !ub)
			same = ccs[0].got[k] == x->value.bits &&
			       ccs[1].got[k] == x->value.bits;
		if (!same && bad++ < 8) {
			struct strbuf sb = STRBUF_INIT;
			for (int v = 0; v < nv; v++) {
				sb_printf(&sb, " %s=", names[v]);
				value_print(&sb, tys[v], x->in[v]);
			}
			diag("%s on%s: subsume %s %" PRIu64
			     ", gcc %s %" PRIu64 ", clang %s %" PRIu64,
			     exprs[x->expr], sb.buf, x->ub ? "UB" : "value",
			     x->value.bits, ccs[0].ub[k] ? "UB" : "value",
			     ccs[0].got[k], ccs[1].ub[k] ? "UB" : "value",
			     ccs[1].got[k]);
			sb_release(&sb);
		}
	}
	return bad;
}

/* ---- part 1 ---- */

static void random_expressions(const char *tag)
{
	const char *exprs[NEXPR];
	const char *names[NV];
	for (int v = 0; v < NV; v++)
		names[v] = vnames[v];
	int zbad = 0, zchecked = 0;
	ncases = 0;
	for (int e = 0; e < NEXPR; e++) {
		struct strbuf sb = STRBUF_INIT;
		struct node *n = NULL;
		int va, vb;
		do {
			sb_reset(&sb);
			va = rnd(NV);
			vb = rnd(NV);
			if (e % 6 == 5 && va != vb)
				gen_store(&sb, va, vb);
			else
				gen(&sb, 1 + rnd(3), va, vb);
			n = ctype(sb.buf, names, types, NV);
		} while (!n);
		exprs[e] = arena_strdup(A, sb.buf);
		sb_release(&sb);
		struct value xa[16], xb[16];
		int na = input_values(types[va], xa);
		int nb = input_values(types[vb], xb);
		int first = ncases;
		for (int i = 0; i < na; i++)
			for (int j = 0; j < nb; j++) {
				struct ccase *c = new_case(e, NV);
				c->in[va] = xa[i];
				c->in[vb] = xb[j];
				if (va == vb)
					c->in[vb] = xa[i];
			}
		zbad += subsume_side(n, first, ncases, names, types, NV, 1,
				     &zchecked);
	}
	ok(zbad == 0, "%s: Z3 = evaluator on %d of %d cases", tag,
	   zchecked - zbad, zchecked);
	int nub = 0, missed = 0;
	int bad = against_compilers(tag, exprs, NEXPR, names, types, NV,
				    false, &nub, &missed);
	ok(bad == 0,
	   "%s: subsume = gcc and clang on %d of %d cases of %d "
	   "expressions (%d undefined; %d reported by clang only)",
	   tag, ncases - bad, ncases, NEXPR, nub, missed);
}

/* ---- part 2 ---- */

static void exhaustive_8bit(void)
{
	static const char *const exprs[] = {
		"a + b", "a - b", "a * b", "a / b", "a % b", "a & b", "a | b",
		"a ^ b", "a < b", "a == b", "a >= b", "(signed char)(a + b)",
		"(unsigned char)(a * b)", "(signed char)((unsigned char)a << (b & 7))",
		"a >> (b & 7)", "-a + ~b", "a && b", "!a || b",
		"(char)(a - b)", "b += a", "a -= b", "a *= b",
		"(unsigned char)a == (unsigned char)b",
		"a > b ? a : b",
	};
	int ne = (int)ARRAY_SIZE(exprs);
	static const char *const names[] = { "a", "b" };
	for (int pairing = 0; pairing < 2; pairing++) {
		const struct type *tys[2] = {
			profile_type(P, "signed char"),
			profile_type(P, pairing ? "signed char" : "unsigned char"),
		};
		ncases = 0;
		int zbad = 0, zchecked = 0;
		for (int e = 0; e < ne; e++) {
			struct node *n = ctype(exprs[e], names, tys, 2);
			if (!n)
				BAIL_OUT("'%s' does not type", exprs[e]);
			int first = ncases;
			for (int x = 0; x < 256; x++)
				for (int y = 0; y < 256; y++) {
					struct ccase *c = new_case(e, 2);
					c->in[0] = type_wrap(tys[0], x);
					c->in[1] = type_wrap(tys[1], y);
				}
			zbad += subsume_side(n, first, ncases, names, tys, 2, 61,
					     &zchecked);
		}
		const char *tag = pairing ? "schar-schar" : "schar-uchar";
		ok(zbad == 0, "%s: Z3 = evaluator on %d sampled cases", tag,
		   zchecked);
		int nub = 0, missed = 0;
		int bad = against_compilers(tag, exprs, ne, names, tys, 2, true,
					    &nub, &missed);
		ok(bad == 0,
		   "%s: subsume = gcc and clang on %d of %d inputs "
		   "(every pair, %d expressions; %d undefined)",
		   tag, ncases - bad, ncases, ne, nub);
	}
}

static bool have(const char *cc)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", cc);
	return system(cmd) == 0;
}

int main(void)
{
	if (!have("gcc") || !have("clang")) {
		printf("1..0 # SKIP gcc and clang are needed "
		       "(scripts/deps.sh installs them)\n");
		return 0;
	}
	plan_no_plan();
	A = arena_new();
	P = c_profile("c", "lp64", true, UB_OUTCOME);
	for (int v = 0; v < NV; v++)
		types[v] = profile_type(P, vtypes[v]);
	if (!tap_mkdtemp(dir))
		BAIL_OUT("mkdtemp");
	cases = xcalloc(MAXCASE, sizeof(*cases));
	inputs = xcalloc((size_t)MAXCASE * 2, sizeof(*inputs));
	random_expressions("random");
	exhaustive_8bit();
	/* Part 3: ub: wrap against -fwrapv. */
	P = c_profile("c", "lp64", true, UB_WRAP);
	for (int v = 0; v < NV; v++)
		types[v] = profile_type(P, vtypes[v]);
	mode_flags = "-fwrapv";
	random_expressions("wrap");
	free(cases);
	free(inputs);
	for (int c = 0; c < 2; c++) {
		free(ccs[c].got);
		free(ccs[c].ub);
	}
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	arena_free(A);
	return done_testing();
}
