/*
 * mfloat-gen.h - what tests/mfloat-diff.c (Java) and tests/cmfloat-diff.c
 * (C) share: random methods over float and double for the method IR
 * (lang/mir.h), their inputs, and the comparison of the evaluator
 * (mir_eval, no bound) and the encoding (mir_smt_outcome, loops
 * unrolled to 8) with what the real program printed.
 *
 * Methods (functions) over parameters double x, y, float z, int a,
 * fields (globals) double h, float k, int f and locals double t, float
 * w, int n: assignments (=, +=, -=, *=, /=; compound ones that narrow,
 * as w += t and n += t do), ++ and --, if/else, early returns (Java:
 * and throws), int for loops and float loops (a float counter stepped
 * by 1.5f, with an int counter that keeps it within 5 iterations: the
 * encoding's bound is 8), break and continue, and expressions with +,
 * -, *, /, % (Java), unary minus, ?:, comparisons (x != x: NaN), casts
 * between the floating and integer types both ways, NaN and infinity
 * constants, and int arithmetic.  Java methods that name no field make
 * calls with floating arguments (events).  Inputs are drawn from the
 * floating boundary values (NaN, +-0, +-infinity, the least subnormal,
 * the largest finite value, +-1, halves) and random bit patterns (NaN
 * made canonical).  A program prints floating results as their IEEE
 * bits, NaN canonical: the rule a test sees (sem/mir.h).
 *
 * Header-only, like prover-test.h; include it once per test program.
 */
#ifndef SUBSUME_MFLOAT_GEN_H
#define SUBSUME_MFLOAT_GEN_H

#include "gen.h"
#include "prover-test.h"

#include "sem/mir.h"

#define NM 28
#define NI 12
#define WANT 2048 /* a result line: up to 64 events */

GEN_STATE(0xf7a0a7, "subsume-mfdiff")

struct gen {
	struct strbuf *sb;
	bool c;        /* C, else Java */
	bool calls;    /* Java: a method with calls names no field */
	const char *rt;
	int depth, loops, in_loop;
};

static void dexpr(struct gen *G, int d);
static void fexpr(struct gen *G, int d);
static void iexpr(struct gen *G, int d);
static void cond(struct gen *G, int d);

static void bin(struct gen *G, int d, void (*e)(struct gen *, int),
		const char *op)
{
	sb_puts(G->sb, "(");
	e(G, d - 1);
	sb_printf(G->sb, " %s ", op);
	e(G, d - 1);
	sb_puts(G->sb, ")");
}

static void pick_cond(struct gen *G, int d, void (*e)(struct gen *, int))
{
	GEN_TERNARY(G, cond(G, d - 1), e(G, d - 1));
}

/* An arithmetic operator: % only in Java (C's is fmod, a call). */
static const char *fop(struct gen *G)
{
	static const char *const ops[] = { "+", "-", "*", "/", "%" };
	return ops[rnd(G->c ? 4 : 5)];
}

static void dexpr(struct gen *G, int d)
{
	static const char *const leaf[] = { "x", "y", "t", "h", "(double) z",
		"w", "1.5", "0.0", "-0.0", "2.0", "1e308", "(double) a", "@N",
		"@I" };
	int k = d <= 0 ? 0 : rnd(7);
	if (k <= 1) {
		int l = rnd(14);
		if (G->calls && l == 3)
			l = 0;
		if (l == 12)
			sb_puts(G->sb, G->c ? "NAN" : "Double.NaN");
		else if (l == 13)
			sb_puts(G->sb, G->c ? "(-INFINITY)"
					    : "Double.NEGATIVE_INFINITY");
		else
			sb_puts(G->sb, leaf[l]);
	} else if (k == 2) {
		sb_puts(G->sb, "-(");
		dexpr(G, d - 1);
		sb_puts(G->sb, ")");
	} else if (k == 3) {
		pick_cond(G, d, dexpr);
	} else if (k == 4) {
		sb_puts(G->sb, "(double) ");
		fexpr(G, d - 1);
	} else {
		bin(G, d, dexpr, fop(G));
	}
}

static void fexpr(struct gen *G, int d)
{
	static const char *const leaf[] = { "z", "w", "k", "(float) x",
		"(float) t", "1.5f", "0.0f", "-0.0f", "3.0f", "(float) a",
		"1e-45f" };
	int k = d <= 0 ? 0 : rnd(6);
	if (k <= 1) {
		int l = rnd(11);
		sb_puts(G->sb, leaf[G->calls && l == 2 ? 0 : l]);
	} else if (k == 2) {
		sb_puts(G->sb, "-(");
		fexpr(G, d - 1);
		sb_puts(G->sb, ")");
	} else if (k == 3) {
		pick_cond(G, d, fexpr);
	} else {
		bin(G, d, fexpr, fop(G));
	}
}

static void iexpr(struct gen *G, int d)
{
	static const char *const leaf[] = { "a", "n", "f", "1", "3", "-2",
		"(int) t", "(int) w", "(int) x", "(int) (y * 100.0)" };
	static const char *const ops[] = { "+", "-", "*", "/", "&" };
	int k = d <= 0 ? 0 : rnd(5);
	if (k <= 1) {
		int l = rnd(10);
		sb_puts(G->sb, leaf[G->calls && l == 2 ? 0 : l]);
	} else if (k == 2) {
		sb_puts(G->sb, "(int) ");
		dexpr(G, d - 1);
	} else {
		bin(G, d, iexpr, ops[rnd(5)]);
	}
}

static void cond(struct gen *G, int d)
{
	static const char *const rel[] = { "<", "<=", ">", ">=", "==", "!=" };
	static const char *const nan[] = { "x != x", "t == t", "w != w",
					   "y == y" };
	int k = d <= 0 ? rnd(2) : rnd(7);
	if (k == 0) {
		sb_puts(G->sb, nan[rnd(4)]);
	} else if (k <= 4) {
		void (*e)(struct gen *, int) = k <= 2 ? dexpr : k == 3 ? fexpr
						: iexpr;
		GEN_BINARY(G, e, d - 1, rel[rnd(6)]);
	} else if (k == 5) {
		GEN_BINARY(G, cond, d - 1, rnd(2) ? "&&" : "||");
	} else {
		sb_puts(G->sb, "!(");
		cond(G, d - 1);
		sb_puts(G->sb, ")");
	}
}

static void ret_expr(struct gen *G, int d)
{
	switch (G->rt[0]) {
	case 'd': dexpr(G, d); break;
	case 'f': fexpr(G, d); break;
	case 'i': iexpr(G, d); break;
	default: cond(G, d); break;
	}
}

static void stmts(struct gen *G, int n);

static void indent(struct gen *G)
{
	for (int i = 0; i < G->depth + 2 - G->c; i++)
		sb_puts(G->sb, "    ");
}

static void body(struct gen *G, int n)
{
	G->depth++;
	stmts(G, n);
	G->depth--;
	indent(G);
	sb_puts(G->sb, "}\n");
}

/* An int loop, or a float loop kept short by an int counter. */
static void loop(struct gen *G)
{
	int d = G->depth;
	G->loops++;
	G->in_loop++;
	if (rnd(2)) {
		sb_printf(G->sb, "for (int i%d = 0; i%d < (", d, d);
		iexpr(G, 1);
		sb_printf(G->sb, " & 3); i%d++) {\n", d);
		body(G, 1 + rnd(3));
	} else {
		sb_printf(G->sb, "{ int c%d = 0; for (float q%d = ", d, d);
		fexpr(G, 0);
		sb_printf(G->sb, "; q%d < 4.0f && c%d < 5; q%d += 1.5f, c%d++) {\n",
			  d, d, d, d);
		indent(G);
		sb_printf(G->sb, "    w += q%d;\n", d);
		body(G, 1 + rnd(2));
		indent(G);
		sb_puts(G->sb, "}\n");
	}
	G->in_loop--;
}

static void assign(struct gen *G)
{
	static const char *const asg[] = { "=", "+=", "-=", "*=", "/=" };
	static const char *const tgt[] = { "t", "w", "n", "h", "k", "f" };
	int v = rnd(G->calls ? 3 : 6), o = rnd(v == 2 || v == 5 ? 4 : 5);
	sb_printf(G->sb, "%s %s ", tgt[v], asg[o]);
	if (v == 0 || v == 3 || (o > 0 && rnd(3) == 0))
		dexpr(G, 2); /* compound: narrowed back (w += t) */
	else if (v == 1 || v == 4)
		fexpr(G, 2);
	else
		iexpr(G, 2);
	sb_puts(G->sb, ";\n");
}

static void stmt(struct gen *G)
{
	int k = rnd(G->depth < 2 ? 10 : 7);
	indent(G);
	if (G->calls && rnd(3) == 0) { /* an event with floating arguments */
		bool one = rnd(2);
		sb_puts(G->sb, one ? "note(" : "this.note2(");
		if (one) {
			dexpr(G, 1);
		} else {
			fexpr(G, 1);
			sb_puts(G->sb, ", ");
			iexpr(G, 1);
		}
		sb_puts(G->sb, ");\n");
		return;
	}
	if (k <= 3) {
		assign(G);
	} else if (k == 4) {
		static const char *const inc[] = { "n++", "n--", "t++", "w--" };
		sb_printf(G->sb, "%s;\n", inc[rnd(4)]);
	} else if (k == 5) {
		sb_puts(G->sb, "if (");
		cond(G, 2);
		sb_puts(G->sb, ") ");
		int j = rnd(G->in_loop ? 4 : 2);
		if (j == 0) {
			sb_puts(G->sb, "return ");
			ret_expr(G, 1);
			sb_puts(G->sb, ";\n");
		} else if (j == 1) {
			sb_puts(G->sb, G->c ? "return 0;\n"
				: "throw new RuntimeException();\n");
		} else {
			sb_puts(G->sb, j == 2 ? "break;\n" : "continue;\n");
		}
	} else if (k == 6) {
		sb_puts(G->sb, "if (");
		cond(G, 2);
		sb_puts(G->sb, ") {\n");
		body(G, 1 + rnd(2));
		if (rnd(2)) {
			indent(G);
			sb_puts(G->sb, "else {\n");
			body(G, 1 + rnd(2));
		}
	} else if (G->loops < 2) {
		loop(G);
	} else {
		sb_puts(G->sb, "t = t * 0.5;\n");
	}
}

GEN_STMTS

/* ---- inputs ---- */

/* in[m][i]: x, y (double bits), z (float bits), a, h, k, f. */
#define NV 7
static const char *const vname[NV] = { "x", "y", "z", "a", "h", "k", "f" };
static uint64_t in[NM][NI][NV];
static const char *rtype[NM];

static uint64_t dbits(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof(u));
	return isnan(d) ? 0x7ff8000000000000ULL : u;
}

static uint64_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof(u));
	return isnan(f) ? 0x7fc00000u : u;
}

static uint64_t input(int j)
{
	static const double pool[] = { 0.0, -0.0, 1.0, -1.0, NAN, INFINITY,
		-INFINITY, 0.5, -2.5, 3.0, 1e-300, 1e308, 4.0, 100.0 };
	static const int32_t ipool[] = { 0, 1, -1, 2, 3, 7, -8, 100,
					 2147483647, -2147483647 - 1 };
	uint64_t r = rnd_next(&seed);
	bool wide = j < 2 || j == 4;
	if (j == 3 || j == 6)
		return (uint64_t)(int64_t)(rnd(3) ? ipool[rnd(10)] : (int32_t)r);
	switch (rnd(5)) {
	case 0: /* random bits */
		if (wide) {
			double d;
			memcpy(&d, &r, sizeof(d));
			return dbits(d);
		} else {
			float f;
			uint32_t u = (uint32_t)r;
			memcpy(&f, &u, sizeof(f));
			return fbits(f);
		}
	case 1: /* the least subnormal, the largest finite value */
		return wide ? dbits((r & 1 ? -1 : 1) * (r & 2 ? DBL_TRUE_MIN
							       : DBL_MAX))
			    : fbits((r & 1 ? -1 : 1) * (r & 2 ? FLT_TRUE_MIN
							      : FLT_MAX));
	default:
		return wide ? dbits(pool[rnd(14)]) : fbits((float)pool[rnd(14)]);
	}
}

static void make_inputs(void)
{
	for (int m = 0; m < NM; m++)
		for (int i = 0; i < NI; i++)
			for (int j = 0; j < NV; j++)
				in[m][i][j] = input(j);
}

/* ---- what a run shows ---- */

static struct value final_of(const struct mmethod *m, const struct mrun *r,
			     int j, uint64_t input)
{
	for (int i = 0; i < m->nvars; i++)
		if (m->kinds[i] == MV_FIELD && !strcmp(m->names[i], vname[j]))
			return r->vars[i];
	return value_uint(input);
}

static int show_value(char *buf, size_t n, const struct type *t,
		      struct value v)
{
	if (t->kind == TK_FLOAT)
		return snprintf(buf, n, "%llx", (unsigned long long)v.bits);
	return snprintf(buf, n, "%lld", (long long)(int32_t)v.bits);
}

/* "R ret h k f |events" or "T |events" (C: "U"), as the programs print. */
static void show(char *buf, size_t n, const struct mmethod *m,
		 const struct mrun *r, const uint64_t *k, bool c)
{
	int w;
	if (r->threw && c) {
		snprintf(buf, n, "U");
		return;
	}
	if (r->threw) {
		w = snprintf(buf, n, "T |");
	} else {
		w = snprintf(buf, n, "R ");
		w += show_value(buf + w, n - (size_t)w, m->ret, r->ret);
		w += snprintf(buf + w, n - (size_t)w, " %llx %llx %d%s",
			      (unsigned long long)final_of(m, r, 4, k[4]).bits,
			      (unsigned long long)final_of(m, r, 5, k[5]).bits,
			      (int32_t)final_of(m, r, 6, k[6]).bits,
			      c ? "" : " |");
	}
	for (int e = 0; !c && e < r->nevents && (size_t)w < n; e++) {
		const struct mevent *ev = &r->events[e];
		const struct mcallee *ce = NULL;
		for (int j = 0; j < m->ncallees; j++)
			if (m->callees[j].id == ev->id)
				ce = &m->callees[j];
		if (!ce)
			return;
		w += snprintf(buf + w, n - (size_t)w, " %s", ce->name);
		for (int a = 0; a < ev->nargs && (size_t)w < n; a++) {
			w += snprintf(buf + w, n - (size_t)w, "/");
			w += show_value(buf + w, n - (size_t)w, ce->args[a],
					ev->args[a]);
		}
	}
}

static void inputs(const struct mmethod *m, const uint64_t *k,
		   struct value *vin)
{
	for (int i = 0; i < m->nvars; i++) {
		vin[i] = value_int(0);
		for (int j = 0; j < NV; j++)
			if (!strcmp(m->names[i], vname[j]))
				vin[i] = j == 3 || j == 6
					 ? value_int((int32_t)k[j])
					 : value_uint(k[j]);
	}
}

static char want[NM][NI][WANT];

/* Each case of the built methods mm[] on the evaluator and the
 * encoding against want[][]; the counts in *bad_eval, *bad_enc. */
static void against(const char *who, const struct mmethod *const *mm,
		    bool c, int *bad_eval, int *bad_enc, int *threw,
		    int *nan_out)
{
	for (int m = 0; m < NM; m++) {
		if (!mm[m])
			continue;
		struct mir_smt *S = mir_smt_new(mm[m], 8, 0, 0);
		for (int i = 0; i < NI; i++) {
			struct value vin[MAX_VARS];
			inputs(mm[m], in[m][i], vin);
			struct mrun r, e;
			char got[WANT], enc[WANT];
			mir_eval(mm[m], vin, 0, &r);
			show(got, sizeof(got), mm[m], &r, in[m][i], c);
			if (mir_smt_outcome(S, mm[m], vin, &e) < 0 || e.cut)
				snprintf(enc, sizeof(enc), "failed");
			else
				show(enc, sizeof(enc), mm[m], &e, in[m][i], c);
			*threw += r.threw;
			*nan_out += !r.threw && mm[m]->ret->kind == TK_FLOAT &&
				    value_is_nan(mm[m]->ret, r.ret);
			if ((strcmp(got, want[m][i]) || r.overflow) &&
			    (*bad_eval)++ < 5)
				diag("m%d input %d: %s %s, evaluator %s", m, i, who,
				     want[m][i], got);
			if (strcmp(enc, want[m][i]) && (*bad_enc)++ < 5)
				diag("m%d input %d: %s %s, encoding %s", m, i, who,
				     want[m][i], enc);
		}
		mir_smt_free(S);
	}
}

/* Read "m i text" lines into out; how many. */
static int read_lines(FILE *p, char (*out)[NI][WANT])
{
	char line[WANT + 32];
	int lines = 0, m, i;
	const char *text;
	while (gen_next_line(p, line, sizeof(line), NM, NI, NULL, &m, &i, &text)) {
		snprintf(out[m][i], sizeof(out[m][i]), "%s", text);
		lines++;
	}
	return lines;
}

/* The built methods mm[] (built of the NM) against the programs'
 * output (against(), who naming the programs there): what they are
 * ("Java methods"), whom they were run by ("the JVM"), what a case
 * without a value does ("throw"). */
static void agree(const struct mmethod *const *mm, int built, bool c,
		  const char *what, const char *who, const char *whom,
		  const char *odd)
{
	int bad_eval = 0, bad_enc = 0, nodd = 0, nan = 0;
	ok(built == NM, "all %d generated %s are modelled", NM, what);
	against(who, mm, c, &bad_eval, &bad_enc, &nodd, &nan);
	ok(bad_eval == 0, "the evaluator agrees with %s on every case (%d "
	   "differ; %d %s, %d return NaN)", whom, bad_eval, nodd, odd, nan);
	ok(bad_enc == 0, "the encoding agrees with %s on every case (%d "
	   "differ)", whom, bad_enc);
	ok(nodd > 0 && nan > 0, "some cases %s, some return NaN", odd);
}

/* main() of a driver: the functions from seed, or from SUBSUME_SEED;
 * the inputs; part() when the programs prog1 and prog2 are installed
 * (else a failed test: need says what is missing); the directory dir
 * removed (kept with SUBSUME_KEEP set); everything released. */
static int mfloat_main(const char *prog1, const char *prog2,
		       const char *need, void (*part)(void))
{
	plan_no_plan();
	A = arena_new();
	if (getenv("SUBSUME_SEED"))
		seed = strtoull(getenv("SUBSUME_SEED"), NULL, 0);
	if (!tap_mkdtemp(dir))
		return 99;
	make_inputs();
	if (!prog_exists(prog1) || !prog_exists(prog2))
		ok(0, "%s", need);
	else
		part();
	drv_remove_dir(dir, "SUBSUME_KEEP");
	return drv_finish(A);
}

#endif
