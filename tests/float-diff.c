/*
 * float-diff.c - floating point against the real machines.
 *
 * Random typed expressions over float f, g, double d, e, int i and
 * long l (every arithmetic operator, % in Java, unary minus,
 * comparisons, casts between the floating and integer types, floating
 * literals and named constants), on inputs drawn from the floating
 * boundary values (+-0, +-1, +-infinity, NaN, the smallest subnormal,
 * the largest finite value, the smallest normal, one ulp above 1,
 * halves) and random bit patterns.  Each case is evaluated by
 *   - the evaluator (eval_outcome),
 *   - the Z3 encoding (smt_outcome: the encoded terms evaluated in a
 *     model that fixes the input),
 *   - Java: the expression compiled by javac and run by the JVM;
 *   - C: the expression compiled by gcc and by clang (-O2
 *     -ffp-contract=off, volatile inputs; clang under
 *     -fsanitize=undefined,float-cast-overflow for the cases the
 *     evaluator calls undefined, which must stop the program).
 * Results are compared bit for bit (NaN payloads aside: every side's NaN
 * is made canonical): floating results as their IEEE bits, integers as
 * their 64-bit payloads, booleans as 1 or 0, an exception (Java's
 * ArithmeticException) or undefined behaviour (C) as such.
 */
#include <inttypes.h>

#include "prover-test.h"

static struct arena *A;
static uint64_t seed = 0xf10a7;

static int rnd(int n)
{
	return (int)(rnd_next(&seed) % (uint64_t)n);
}

#define NV 6
static const char *const names[NV] = { "f", "g", "d", "e", "i", "l" };
static const char *const jtypes[NV] = { "float", "float", "double",
					"double", "int", "long" };

struct lang {
	const char *tag;
	const struct profile *pf;
	const struct type *tys[NV];
	bool java;
};

static const char *const consts[] = {
	"0.0", "-0.0", "1.5", "0.1", "1e308", "4.9e-324", "0.5f", "3.4e38f",
	"1e-45f", "2", "-7", "0x1.8p1", "3e9", "1L", "2147483647", ".25",
	"16777217", "9007199254740993L", "1.0f",
};
static const char *const jconsts[] = {
	"Double.NaN", "Float.POSITIVE_INFINITY", "Double.MIN_VALUE",
	"Float.MAX_VALUE", "Double.NEGATIVE_INFINITY", "1d", "2F",
};
static const char *const cconsts[] = { "NAN", "INFINITY", "DBL_MAX",
				       "FLT_TRUE_MIN", "-INFINITY" };
static const char *const casts[] = { "float", "double", "int", "long" };
static const char *const ops[] = { "+", "-", "*", "/", "%", "<", "<=", ">",
				   ">=", "==", "!=" };

static void gen(struct strbuf *sb, const struct lang *L, int depth)
{
	int k = depth <= 0 ? rnd(3) : rnd(8);
	switch (k) {
	case 0: case 1:
		sb_puts(sb, names[rnd(NV)]);
		return;
	case 2:
		if (rnd(3))
			sb_puts(sb, consts[rnd((int)ARRAY_SIZE(consts))]);
		else if (L->java)
			sb_puts(sb, jconsts[rnd((int)ARRAY_SIZE(jconsts))]);
		else
			sb_puts(sb, cconsts[rnd((int)ARRAY_SIZE(cconsts))]);
		return;
	case 3:
		sb_printf(sb, "(%s) (", casts[rnd((int)ARRAY_SIZE(casts))]);
		gen(sb, L, depth - 1);
		sb_putc(sb, ')');
		return;
	case 4:
		sb_puts(sb, "-(");
		gen(sb, L, depth - 1);
		sb_putc(sb, ')');
		return;
	default: {
		int o = rnd((int)ARRAY_SIZE(ops));
		if (!L->java && !strcmp(ops[o], "%"))
			o = 0;
		sb_putc(sb, '(');
		gen(sb, L, depth - 1);
		sb_printf(sb, " %s ", ops[o]);
		gen(sb, L, depth - 1);
		sb_putc(sb, ')');
		return;
	}
	}
}

static struct node *typed(const struct lang *L, const char *text)
{
	struct texpr t;
	texpr_init(A, &t, text);
	struct strbuf err = STRBUF_INIT;
	cap_begin();
	struct node *n = parse_expr_in(L->pf, A, &t.es, false);
	cap_end();
	struct type_env env = { NV, names, L->tys, false, &err, A, L->pf };
	if (n && type_expr(n, &env, NULL) < 0)
		n = NULL;
	sb_release(&err);
	/* a value the languages can print as a number */
	if (n && n->type->kind != TK_FLOAT && n->type->kind != TK_INT &&
	    n->type->kind != TK_BOOLEAN)
		n = NULL;
	return n;
}

/* ---- cases ---- */

#define NEXPR 160
#define PER 48
#define NCASE (NEXPR * PER)

struct fcase {
	int e;
	struct value in[NV];
	struct outcome o;   /* the evaluator's */
};

static struct fcase cases[NCASE];
static struct node *exprs[NEXPR];
static char *texts[NEXPR];

static struct value input(const struct type *t)
{
	if (t->kind != TK_FLOAT) {
		struct value b[8];
		int n = boundary_values(t, b);
		return rnd(2) ? b[rnd(n)] : rnd_value(&seed, t);
	}
	double v[] = { 0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN,
		       t->bits == 32 ? FLT_TRUE_MIN : DBL_TRUE_MIN,
		       t->bits == 32 ? FLT_MAX : DBL_MAX,
		       t->bits == 32 ? FLT_MIN : DBL_MIN,
		       t->bits == 32 ? 1.0 + FLT_EPSILON : 1.0 + DBL_EPSILON,
		       0.5, -1.5, 2.5, 3e9, -2147483648.0 };
	int k = rnd(3);
	if (k == 0)
		return value_observed(t, value_uint(rnd_next(&seed) >>
						    (64 - t->bits)),
				      FCMP_IDENTICAL);
	return value_from_double(t, v[rnd((int)ARRAY_SIZE(v))]);
}

static const struct node *the_prog;
static const struct node *program(const void *owner, int p)
{
	(void)owner;
	(void)p;
	return the_prog;
}

/* The first expressions: each operation and conversion alone. */
static const char *const fixed[] = {
	"d % e", "f % g", "d % f", "l % d", "d + e", "d - e", "d * e", "d / e",
	"f + g", "f - g", "f * g", "f / g", "(int) d", "(long) d", "(int) f",
	"(long) f", "(char) d", "(byte) f", "(short) d", "(float) d",
	"(double) l", "(float) l", "(float) i", "(double) i", "-d", "-f",
	"d < e", "d <= e", "d == e", "d != e", "f >= g", "f > g", "i + d",
	"l * f", "(_Bool) d", "(unsigned) d", "(unsigned long) f",
	"(unsigned char) d", "!d", "d && f", "d ? f : e", "(double) (unsigned long) l",
	"(float) (unsigned) i",
};

/* Generate the expressions and cases, evaluate them, and compare the
 * evaluator with the Z3 encoding on every case. */
static void subsume_side(const struct lang *L)
{
	int nf = 0;
	for (int e = 0; e < NEXPR; e++) {
		struct strbuf sb = STRBUF_INIT;
		do {
			sb_reset(&sb);
			if (nf < (int)ARRAY_SIZE(fixed))
				sb_puts(&sb, fixed[nf++]);
			else
				gen(&sb, L, 3);
		} while (!(exprs[e] = typed(L, sb.buf)));
		texts[e] = arena_strdup(A, sb.buf);
		sb_release(&sb);
	}
	int bad = 0, threw = 0;
	for (int e = 0; e < NEXPR; e++) {
		the_prog = exprs[e];
		struct observe obs = { .value = true };
		struct problem pb = { L->pf, NV, names, L->tys, NULL, &obs, 1,
				      program, NULL };
		struct smt *s = smt_new(&pb, 0, false);
		for (int k = e * PER; k < (e + 1) * PER; k++) {
			struct fcase *c = &cases[k];
			c->e = e;
			for (int v = 0; v < NV; v++)
				c->in[v] = input(L->tys[v]);
			eval_outcome(exprs[e], NV, c->in, &c->o);
			threw += c->o.threw;
			struct outcome z;
			if (smt_outcome(s, 0, c->in, &z) < 0 ||
			    z.threw != c->o.threw ||
			    (!z.threw && !value_eq(z.value, c->o.value))) {
				if (bad++ < 5)
					diag("%s: Z3 %s %" PRIx64 ", evaluator %s "
					     "%" PRIx64 " on case %d: %s",
					     L->tag, z.threw ? "throws" : "gives",
					     z.value.bits,
					     c->o.threw ? "throws" : "gives",
					     c->o.value.bits, k, texts[e]);
			}
		}
		smt_free(s);
	}
	ok(bad == 0, "%s: the Z3 encoding = the evaluator, bit for bit, on %d "
		     "cases of %d expressions (%d exceptional)",
	   L->tag, NCASE, NEXPR, threw);
}

/* ---- running a compiled program ---- */

static char dir[TAP_TMP_MAX] = "subsume-float";

static bool have(const char *prog)
{
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", prog);
	return system(cmd) == 0;
}

/* The cases' inputs, one line each: "k e bits bits ...". */
static void write_inputs(const char *path, const bool *want)
{
	FILE *f = fopen(path, "w");
	if (!f)
		exit(99);
	for (int k = 0; k < NCASE; k++) {
		if (want && !want[k])
			continue;
		fprintf(f, "%d %d", k, cases[k].e);
		for (int v = 0; v < NV; v++)
			fprintf(f, " %" PRIx64, cases[k].in[v].bits);
		fputc('\n', f);
	}
	fclose(f);
}

/* Run cmd; record "k hexbits" (or "k T": thrown) lines. */
static int read_results(const char *cmd, uint64_t *got, char *state)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	char line[128];
	int n = 0;
	while (fgets(line, sizeof(line), p)) {
		int k;
		char val[40];
		if (sscanf(line, "%d %39s", &k, val) != 2 || k < 0 || k >= NCASE)
			continue;
		n++;
		if (!strcmp(val, "T")) {
			state[k] = 'T';
		} else {
			state[k] = 'V';
			got[k] = strtoull(val, NULL, 16);
		}
	}
	return pclose(p) == 0 ? n : -1;
}

/* The evaluator's result as the harness programs print it. */
static bool same_result(const struct fcase *c, char state, uint64_t got)
{
	if (c->o.threw)
		return state == 'T';
	return state == 'V' && got == c->o.value.bits;
}

static int compare_all(const char *tag, const uint64_t *got,
		       const char *state, const bool *only)
{
	int bad = 0;
	for (int k = 0; k < NCASE; k++) {
		if (only && !only[k])
			continue;
		if (same_result(&cases[k], state[k], got[k]))
			continue;
		if (bad++ < 5)
			diag("%s: case %d (%s): subsume %s %" PRIx64 ", %s %c %" PRIx64,
			     tag, k, texts[cases[k].e],
			     cases[k].o.threw ? "throws" : "gives",
			     cases[k].o.value.bits, tag, state[k] ? state[k] : '-',
			     got[k]);
	}
	return bad;
}

/* ---- Java ---- */

/* A Java source with one case per expression, reading the inputs'
 * lines on stdin and printing "k hexbits" or "k T" (an exception). */
static void write_java(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		exit(99);
	fputs("import java.io.*;\npublic class FloatDiff {\n"
	      "static float f, g; static double d, e; static int i; static long l;\n"
	      "static String r(boolean x) { return x ? \"1\" : \"0\"; }\n"
	      "static String r(int x) { return Long.toHexString(x); }\n"
	      "static String r(long x) { return Long.toHexString(x); }\n"
	      "static String r(float x) { return Integer.toHexString("
	      "Float.floatToIntBits(x)); }\n"
	      "static String r(double x) { return Long.toHexString("
	      "Double.doubleToLongBits(x)); }\n"
	      "static long u(String s) { return Long.parseUnsignedLong(s, 16); }\n"
	      "static String run(int k) {\n switch (k) {\n", f);
	for (int e = 0; e < NEXPR; e++)
		fprintf(f, " case %d: return r(%s);\n", e, texts[e]);
	fputs(" }\n return \"?\";\n}\n"
	      "public static void main(String[] a) throws IOException {\n"
	      " BufferedReader in = new BufferedReader(new InputStreamReader("
	      "System.in));\n"
	      " StringBuilder out = new StringBuilder();\n String line;\n"
	      " while ((line = in.readLine()) != null) {\n"
	      "  String[] w = line.split(\" \");\n"
	      "  f = Float.intBitsToFloat((int) u(w[2]));\n"
	      "  g = Float.intBitsToFloat((int) u(w[3]));\n"
	      "  d = Double.longBitsToDouble(u(w[4]));\n"
	      "  e = Double.longBitsToDouble(u(w[5]));\n"
	      "  i = (int) u(w[6]); l = u(w[7]);\n"
	      "  String v;\n"
	      "  try { v = run(Integer.parseInt(w[1])); }\n"
	      "  catch (ArithmeticException x) { v = \"T\"; }\n"
	      "  out.append(w[0]).append(' ').append(v).append('\\n');\n"
	      " }\n System.out.print(out);\n}\n}\n", f);
	fclose(f);
}

static void against_jvm(void)
{
	char src[300], cmd[1200];
	snprintf(src, sizeof(src), "%s/FloatDiff.java", dir);
	write_java(src);
	snprintf(cmd, sizeof(cmd), "javac -nowarn -d %s %s 2>&1", dir, src);
	int rc = system(cmd);
	if (!ok(rc == 0, "java: javac compiles the %d expressions", NEXPR))
		return;
	char inputs[300];
	snprintf(inputs, sizeof(inputs), "%s/java.in", dir);
	write_inputs(inputs, NULL);
	snprintf(cmd, sizeof(cmd), "java -Xshare:auto -cp %s FloatDiff < %s",
		 dir, inputs);
	uint64_t *got = xcalloc(NCASE, sizeof(*got));
	char *state = xcalloc(NCASE, 1);
	int n = read_results(cmd, got, state);
	ok(n == NCASE, "java: the JVM ran the %d cases (%d results)", NCASE, n);
	int bad = compare_all("java", got, state, NULL);
	ok(bad == 0, "java: the JVM = the evaluator, bit for bit, on %d of %d "
		     "cases", NCASE - bad, NCASE);
	free(got);
	free(state);
}

/* ---- C ---- */

/* A C program with one function per expression, reading the inputs'
 * lines from argv[1] from line argv[2] on, printing "k hexbits" after
 * each case (flushed: a case that stops it is the next line). */
static void write_c(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		exit(99);
	fputs("#include <float.h>\n#include <math.h>\n#include <stdio.h>\n"
	      "#include <stdlib.h>\n#include <string.h>\n#include <stdint.h>\n"
	      "static volatile float f, g; static volatile double d, e;\n"
	      "static volatile int i; static volatile long l;\n"
	      "static void rf(float x) { uint32_t u; memcpy(&u, &x, 4);\n"
	      " if (x != x) u = 0x7fc00000u; printf(\"%x\", (unsigned)u); }\n"
	      "static void rd(double x) { uint64_t u; memcpy(&u, &x, 8);\n"
	      " if (x != x) u = 0x7ff8000000000000ull;\n"
	      " printf(\"%llx\", (unsigned long long)u); }\n"
	      "static void ri(long long x) { printf(\"%llx\", "
	      "(unsigned long long)x); }\n", f);
	for (int e = 0; e < NEXPR; e++) {
		const struct type *t = exprs[e]->type;
		fprintf(f, "static void e%d(void) { %s(%s); }\n", e,
			t->kind != TK_FLOAT ? "ri" : t->bits == 32 ? "rf" : "rd",
			texts[e]);
	}
	fputs("static void (*const fn[])(void) = {", f);
	for (int e = 0; e < NEXPR; e++)
		fprintf(f, "%se%d", e ? ", " : "", e);
	fputs("};\nint main(int argc, char **argv)\n{\n"
	      " FILE *in = fopen(argv[1], \"r\"); int start = atoi(argv[2]);\n"
	      " int k, x, n = 0; unsigned long long b[6];\n"
	      " while (fscanf(in, \"%d %d %llx %llx %llx %llx %llx %llx\", &k, "
	      "&x, b, b + 1, b + 2, b + 3, b + 4, b + 5) == 8) {\n"
	      "  if (n++ < start) continue;\n"
	      "  uint32_t u; float t; double w;\n"
	      "  u = (uint32_t)b[0]; memcpy(&t, &u, 4); f = t;\n"
	      "  u = (uint32_t)b[1]; memcpy(&t, &u, 4); g = t;\n"
	      "  memcpy(&w, b + 2, 8); d = w; memcpy(&w, b + 3, 8); e = w;\n"
	      "  i = (int)b[4]; l = (long)b[5];\n"
	      "  printf(\"%d \", k); fn[x](); printf(\"\\n\"); fflush(stdout);\n"
	      " }\n return 0;\n}\n", f);
	fclose(f);
}

/* Run bin over the lines of inputs; a run that stops marks the next
 * line's case 'T' (undefined behaviour) and restarts after it. */
static int run_c(const char *bin, const char *inputs, const bool *want,
		 uint64_t *got, char *state)
{
	int lines[NCASE], nl = 0, runs = 0;
	for (int k = 0; k < NCASE; k++)
		if (!want || want[k])
			lines[nl++] = k;
	int start = 0;
	while (start < nl && runs < NCASE) {
		char cmd[900];
		snprintf(cmd, sizeof(cmd), "%s %s %d 2>/dev/null", bin, inputs,
			 start);
		runs++;
		int before = 0;
		for (int j = start; j < nl; j++)
			before += state[lines[j]] != 0;
		if (read_results(cmd, got, state) >= 0)
			break;
		int next = start;
		while (next < nl && state[lines[next]])
			next++;
		if (next >= nl)
			break;
		state[lines[next]] = 'T';
		start = next + 1;
		(void)before;
	}
	return runs;
}

static void against_cc(void)
{
	char src[300], inputs[300], defined[300], bin[300], cmd[1200];
	snprintf(src, sizeof(src), "%s/fd.c", dir);
	snprintf(inputs, sizeof(inputs), "%s/c.in", dir);
	snprintf(defined, sizeof(defined), "%s/c-defined.in", dir);
	write_c(src);
	bool *def = xcalloc(NCASE, sizeof(bool));
	int ndef = 0;
	for (int k = 0; k < NCASE; k++)
		ndef += def[k] = !cases[k].o.threw;
	write_inputs(inputs, NULL);
	write_inputs(defined, def);
	static const struct {
		const char *cc, *flags;
		bool all;
	} ccs[] = {
		{ "gcc", "-O2", false },
		{ "clang", "-O2", false },
		{ "clang", "-O0 -fsanitize=undefined,float-cast-overflow "
			   "-fno-sanitize-recover=all", true },
	};
	for (size_t c = 0; c < ARRAY_SIZE(ccs); c++) {
		snprintf(bin, sizeof(bin), "%s/fd-%zu", dir, c);
		snprintf(cmd, sizeof(cmd), "%s -std=c11 -w -ffp-contract=off %s "
			 "-o %s %s -lm", ccs[c].cc, ccs[c].flags, bin, src);
		if (!ok(system(cmd) == 0, "c: %s %s compiles the %d expressions",
			ccs[c].cc, ccs[c].flags, NEXPR))
			continue;
		uint64_t *got = xcalloc(NCASE, sizeof(*got));
		char *state = xcalloc(NCASE, 1);
		int runs = run_c(bin, ccs[c].all ? inputs : defined,
				 ccs[c].all ? NULL : def, got, state);
		int bad = compare_all(ccs[c].cc, got, state,
				      ccs[c].all ? NULL : def);
		ok(bad == 0, "c: %s %s = the evaluator on %d of %d %s cases "
			     "(%d runs)",
		   ccs[c].cc, ccs[c].flags, (ccs[c].all ? NCASE : ndef) - bad,
		   ccs[c].all ? NCASE : ndef,
		   ccs[c].all ? "cases, undefined ones stopping it," : "defined",
		   runs);
		free(got);
		free(state);
	}
	free(def);
}

int main(void)
{
	plan_no_plan();
	A = arena_new();
	if (!tap_mkdtemp(dir)) {
		perror("mkdtemp");
		return 99;
	}
	struct lang java = { "java", &profile_java, { 0 }, true };
	const struct profile *cp = c_profile("c", "lp64", true, UB_OUTCOME);
	struct lang c = { "c", cp, { 0 }, false };
	for (int v = 0; v < NV; v++) {
		java.tys[v] = profile_type(&profile_java, jtypes[v]);
		c.tys[v] = profile_type(cp, jtypes[v]);
	}
	subsume_side(&java);
	if (have("javac") && have("java"))
		against_jvm();
	else
		ok(0, "javac and java are installed (make check: scripts/deps.sh "
		      "installs default-jdk-headless)");
	subsume_side(&c);
	if (have("gcc") && have("clang"))
		against_cc();
	else
		ok(0, "gcc and clang are installed");
	char cmd[400];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		diag("cannot remove %s", dir);
	arena_free(A);
	free(cap_buf);
	smt_finalize();
	return done_testing();
}
