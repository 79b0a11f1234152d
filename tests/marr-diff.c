/*
 * marr-diff.c - arrays in the method IR (lang/mir.h: Arrays) against
 * the real JVM (issue 15), a sibling of mheap-diff.c.
 *
 * Random methods of a class A { int[] f; byte[] g; } with parameters
 * int[] a, int[] b, int i: reads a[e] and lengths in expressions (after
 * && and ?: too), stores a[e] = v, a[e] op= v (byte: narrowed), a[e]++,
 * reads and stores whose operands throw first (JLS 15.26.1: the value
 * of `a[e] = v` before the null and bounds checks; 15.26.2: `a[e] op=
 * v` checks first), loops over a.length, `new int[n]` into a local
 * (n < 0 throws), aliasing (a == b, f == a: one array), null arrays and
 * indices out of bounds.  Each case is three int arrays and a byte
 * array of random lengths (0..4) and contents, the parameters and
 * fields each null or one of them, and i; the JVM builds it and runs
 * the method.  The evaluator and the encoding run the front end's IR on
 * the same input (the arrays numbered as the method's input ids).  All
 * three must agree on the outcome (a value or an exception's class)
 * and, when it returns, on every array's final contents.
 */
#include "gen.h"
#include "jvm-run.h"
#include "prover-test.h"

#include "lang/javasrc-method.h"
#include "sem/mir.h"

#define NM 40
#define NI 16

GEN_STATE(0x6a77, "subsume-marr")

struct gen {
	struct strbuf *sb;
	int depth;
	bool loop, fld, tnew; /* tnew: the local t holds an array */
};

static const char *arr(struct gen *G)
{
	static const char *const a[] = { "a", "b", "f" };
	return a[rnd(G->fld ? 3 : 2)];
}

static void index_expr(struct gen *G)
{
	static const char *const ix[] = { "i", "0", "1", "(i & 1)", "i - 1",
					  "s & 1" };
	if (G->loop && rnd(2))
		sb_puts(G->sb, "k");
	else if (rnd(6) == 0)
		sb_printf(G->sb, "%s.length - 1", arr(G));
	else
		sb_puts(G->sb, ix[rnd(6)]);
}

static void expr(struct gen *G, int d)
{
	static const char *const ops[] = { "+", "-", "*", "&", "^", "/" };
	int k = d <= 0 ? rnd(5) : rnd(8);
	if (k < 5) {
		switch (k) {
		case 0:
		case 1:
			sb_printf(G->sb, "%s[", arr(G));
			index_expr(G);
			sb_puts(G->sb, "]");
			break;
		case 2:
			sb_printf(G->sb, "%s.length", arr(G));
			break;
		case 3:
			sb_puts(G->sb, rnd(2) ? "s" : "i");
			break;
		default:
			if (G->fld && rnd(2))
				sb_puts(G->sb, "g[0]");
			else if (G->tnew && rnd(2))
				sb_puts(G->sb, "t[i & 1]");
			else
				sb_printf(G->sb, "%d", rnd(7) - 2);
		}
		return;
	}
	sb_puts(G->sb, "(");
	expr(G, d - 1);
	sb_printf(G->sb, " %s ", ops[rnd(6)]);
	expr(G, d - 1);
	sb_puts(G->sb, ")");
}

static void cond(struct gen *G)
{
	static const char *const rel[] = { "<", "<=", ">", "==", "!=" };
	const char *x = arr(G), *y = arr(G);
	switch (rnd(4)) {
	case 0:
		sb_printf(G->sb, "%s %s %s", x, rnd(2) ? "==" : "!=",
			  rnd(3) ? y : "null");
		break;
	case 1: /* a read only some runs make */
		sb_printf(G->sb, "%s != null && i >= 0 && i < %s.length && "
			  "%s[i] > s", x, x, x);
		break;
	default:
		expr(G, 1);
		sb_printf(G->sb, " %s ", rel[rnd(5)]);
		expr(G, 1);
	}
}

static void stmts(struct gen *G, int n);

static void indent(struct gen *G)
{
	for (int i = 0; i < G->depth + 2; i++)
		sb_puts(G->sb, "  ");
}

static void store(struct gen *G)
{
	static const char *const ops[] = { "=", "+=", "-=", "*=", "=" };
	if (G->fld && rnd(4) == 0) { /* a byte element: narrowed */
		const char *op = ops[rnd(4)];
		bool set = !strcmp(op, "=");
		sb_printf(G->sb, "g[%s] %s %s", rnd(2) ? "0" : "i & 1", op,
			  set ? "(byte)(" : "");
		expr(G, 1);
		sb_puts(G->sb, set ? ");\n" : ";\n");
		return;
	}
	const char *x = G->tnew && rnd(4) == 0 ? "t" : arr(G);
	sb_printf(G->sb, "%s[", x);
	index_expr(G);
	if (rnd(5) == 0) {
		sb_puts(G->sb, rnd(2) ? "]++;\n" : "]--;\n");
		return;
	}
	sb_printf(G->sb, "] %s ", ops[rnd(5)]);
	expr(G, 1);
	sb_puts(G->sb, ";\n");
}

static void stmt(struct gen *G)
{
	int k = rnd(G->depth > 1 ? 4 : 8);
	indent(G);
	if (k == 0 || k == 1) {
		store(G);
	} else if (k == 2) {
		sb_puts(G->sb, "s += ");
		expr(G, 1 + rnd(2));
		sb_puts(G->sb, ";\n");
	} else if (k == 3) {
		sb_puts(G->sb, "if (");
		cond(G);
		sb_puts(G->sb, ") return ");
		expr(G, 1);
		sb_puts(G->sb, ";\n");
	} else if (k == 4 && !G->tnew) {
		G->tnew = true;
		sb_printf(G->sb, "t = new int[%s];\n", rnd(2) ? "i & 3"
			  : "(i & 3) - 1");
	} else if (k <= 5 || G->loop) {
		sb_puts(G->sb, "if (");
		cond(G);
		GEN_IF_BLOCKS(G);
	} else {
		G->loop = true;
		sb_printf(G->sb, "for (int k = 0; k < %s.length; k++) {\n",
			  arr(G));
		G->depth++;
		stmts(G, 1 + rnd(2));
		G->depth--;
		indent(G);
		sb_puts(G->sb, "}\n");
		G->loop = false;
	}
}

GEN_STMTS

/* One case: arrays 1..3 (int) and 4 (byte), the arguments and fields
 * (0: null). */
struct acase {
	int len[5];
	int32_t v[5][4];
	int a, b, f, g;
	int32_t i;
};

static struct acase cases[NM][NI];
static size_t body_at[NM];

static int32_t input_int(void)
{
	static const int32_t pool[] = { 0, 1, -1, 2, 3, 7, -8, 127,
					2147483647, -2147483647 - 1 };
	return rnd(3) ? pool[rnd(10)] : (int32_t)rnd_next(&seed);
}

static void write_case(struct strbuf *sb, int m, int i)
{
	struct acase *k = &cases[m][i];
	sb_puts(sb, "    { int[][] ob = { null, ");
	for (int j = 1; j <= 4; j++) {
		k->len[j] = rnd(8) == 0 ? 0 : 2 + rnd(3);
		if (j == 4)
			sb_puts(sb, "}; byte[] o4 = ");
		sb_puts(sb, j < 4 ? "{" : "{");
		for (int e = 0; e < k->len[j]; e++) {
			k->v[j][e] = j < 4 ? input_int() : (int8_t)input_int();
			sb_printf(sb, "%s%d", e ? ", " : "", k->v[j][e]);
		}
		sb_puts(sb, j < 3 ? "}, " : "}");
	}
	k->a = rnd(8) == 0 ? 0 : 1 + rnd(3);
	k->b = rnd(8) == 0 ? 0 : 1 + rnd(3);
	k->f = rnd(8) == 0 ? 0 : 1 + rnd(3);
	k->g = rnd(8) == 0 ? 0 : 4;
	k->i = rnd(5) ? rnd(3) : rnd(2) ? -1 : input_int();
	sb_printf(sb, "; A x = new A(); x.f = ob[%d]; x.g = %s; String v; "
		  "try { v = \"R \" + x.m%d(ob[%d], ob[%d], %d) + show(ob, o4);"
		  " } "
		  "catch (RuntimeException e) { v = \"T \" + "
		  "e.getClass().getSimpleName(); } "
		  "out.append(\"%d %d \" + v + \"\\n\"); }\n",
		  k->f, k->g ? "o4" : "null", m, k->a, k->b, k->i, m, i);
}

static void write_java(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "public class A {\n  int[] f;\n  byte[] g;\n"
		"  static String show(int[][] ob, byte[] o4) {\n"
		"    String s = \"\";\n"
		"    for (int k = 1; k < 4; k++) {\n"
		"      s += \" |\";\n"
		"      for (int e : ob[k]) s += \" \" + e;\n    }\n"
		"    s += \" |\";\n    for (byte e : o4) s += \" \" + e;\n"
		"    return s;\n  }\n");
	for (int m = 0; m < NM; m++) {
		struct gen G = { &sb, 0, false, m % 2 == 1, false };
		sb_printf(&sb, "  int m%d(int[] a, int[] b, int i) {\n", m);
		body_at[m] = sb.len;
		sb_puts(&sb, "    int s = i;\n    int[] t = null;\n");
		stmts(&G, 2 + rnd(4));
		sb_puts(&sb, "    return ");
		expr(&G, 1);
		sb_puts(&sb, ";\n  }\n");
	}
	jvm_write_cases(&sb, NM, NI, write_case, "x");
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

/* The case's object (1..4, 0 null) of input variable i of m. */
static int object_of(const struct mmethod *m, const struct acase *k, int i)
{
	const char *v = m->names[i];
	return !strcmp(v, "a") ? k->a : !strcmp(v, "b") ? k->b
	       : !strcmp(v, "f") ? k->f : !strcmp(v, "g") ? k->g : -1;
}

/* The inputs of case k in m's variables (the arrays numbered by first
 * appearance: irid[obj]), and the objects' ids. */
static void inputs(const struct mmethod *m, const struct acase *k,
		   struct value *in, int *irid)
{
	int next = 1;
	memset(irid, 0, 5 * sizeof(*irid));
	for (int i = 0; i < MIR_IN; i++)
		in[i] = value_int(0);
	for (int i = 0; i < m->nvars; i++) {
		if (m->kinds[i] == MV_LOCAL)
			continue;
		if (!(m->arrs >> i & 1)) {
			in[i] = value_int(k->i);
			continue;
		}
		int o = object_of(m, k, i);
		if (o > 0 && !irid[o]) {
			struct value *s = in + MIR_ARR + (next - 1) * MIR_ASLOT;
			s[0] = value_int(k->len[o]);
			for (int e = 0; e < k->len[o]; e++)
				s[1 + e] = value_int(k->v[o][e]);
			irid[o] = next++;
		}
		in[i] = value_int(o > 0 ? irid[o] : 0);
	}
}

static void show(char *buf, size_t n, const struct mmethod *m,
		 const struct acase *k, const int *irid, const struct mrun *r)
{
	if (r->threw) {
		snprintf(buf, n, "T %s", r->exc < m->nexc ? m->exc[r->exc] : "?");
		return;
	}
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "R %d", (int32_t)r->ret.bits);
	for (int o = 1; o <= 4; o++) {
		sb_puts(&sb, " |");
		for (int e = 0; e < k->len[o]; e++) {
			int64_t v = k->v[o][e];
			if (irid[o])
				v = o < 4 ? (int32_t)r->aval[irid[o] - 1][e].bits
					  : (int8_t)r->aval[irid[o] - 1][e].bits;
			sb_printf(&sb, " %lld", (long long)v);
		}
	}
	snprintf(buf, n, "%s", sb.buf);
	sb_release(&sb);
}

static void compare(const char *path, FILE *jvm)
{
	struct jsrc *f = jvm_front_end(path, A);
	if (!f)
		return;
	const struct mmethod *mm[NM];
	int built = 0, bad_eval = 0, bad_enc = 0, threw = 0, lines = 0;
	int kinds[MIR_EXC_STD] = { 0 }, writes = 0, aliased = 0;
	built = gen_build_java(f, A, body_at, NM, mm);
	ok(built == NM, "all %d generated methods are modelled", NM);
	char line[4096];
	struct mir_smt *S[NM] = { 0 };
	int m, i;
	const char *want;
	while (gen_next_line(jvm, line, sizeof(line), NM, NI, mm, &m, &i,
			     &want)) {
		lines++;
		const struct acase *k = &cases[m][i];
		struct value in[MIR_IN];
		int irid[5];
		inputs(mm[m], k, in, irid);
		struct mrun r, e;
		char got[512], enc[512];
		mir_eval(mm[m], in, 0, &r);
		show(got, sizeof(got), mm[m], k, irid, &r);
		if (r.overflow)
			snprintf(got, sizeof(got), "undecided");
		if (r.threw && r.exc < MIR_EXC_STD)
			kinds[r.exc]++;
		threw += r.threw;
		aliased += (k->a && k->a == k->b) || (k->f && (k->f == k->a ||
							       k->f == k->b));
		if (strncmp(got, want, strlen(want)) | (strlen(got) != strlen(want)))
			if (bad_eval++ < 5)
				diag("m%d input %d: JVM %s, evaluator %s", m, i,
				     want, got);
		if (!S[m])
			S[m] = mir_smt_new(mm[m], 8, 0, 0);
		if (mir_smt_outcome(S[m], mm[m], in, &e) < 0 || e.cut)
			snprintf(enc, sizeof(enc), "failed");
		else
			show(enc, sizeof(enc), mm[m], k, irid, &e);
		if (strcmp(enc, want) && bad_enc++ < 5)
			diag("m%d input %d: JVM %s, encoding %s", m, i, want, enc);
		if (!r.threw && strstr(want, "|")) {
			char init[512];
			struct mrun z = r;
			for (int o = 1; o <= 4; o++)
				if (irid[o])
					for (int x = 0; x < k->len[o]; x++)
						z.aval[irid[o] - 1][x] =
							value_int(k->v[o][x]);
			show(init, sizeof(init), mm[m], k, irid, &z);
			writes += strcmp(init, got) != 0;
		}
	}
	for (int m = 0; m < NM; m++)
		mir_smt_free(S[m]);
	ok(lines == NM * NI, "the JVM ran %d cases (%d)", NM * NI, lines);
	ok(bad_eval == 0, "the evaluator agrees with the JVM on every case "
	   "(%d differ; %d cases throw)", bad_eval, threw);
	ok(bad_enc == 0, "the encoding agrees with the JVM on every case "
	   "(%d differ)", bad_enc);
	ok(writes > lines / 10, "many cases change an array (%d of %d)",
	   writes, lines);
	ok(aliased > lines / 10, "many cases alias two arrays (%d of %d)",
	   aliased, lines);
	ok(kinds[MIR_EXC_NULL] > 10 && kinds[MIR_EXC_INDEX] > 10 &&
	   kinds[MIR_EXC_ARITH] > 0 && kinds[MIR_EXC_NEGSIZE] > 0,
	   "cases throw each kind (null %d, index %d, arithmetic %d, "
	   "negative size %d)", kinds[MIR_EXC_NULL], kinds[MIR_EXC_INDEX],
	   kinds[MIR_EXC_ARITH], kinds[MIR_EXC_NEGSIZE]);
	ok(threw < lines - lines / 4, "many return (%d of %d throw)", threw,
	   lines);
	jsrc_free(f);
}

int main(void)
{
	return jvm_diff_main(&A, &seed, dir, "A", NM, write_java, compare);
}
