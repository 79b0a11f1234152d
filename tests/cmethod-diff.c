/*
 * cmethod-diff.c - the method IR of C functions (lang/csrc-method.c),
 * its evaluator and its Z3 encoding against gcc and clang with
 * -fsanitize=undefined -fno-sanitize-recover=all (issue 15).
 *
 * Random C functions over parameters int a, unsigned b, short c,
 * globals int f, long g, unsigned char h and locals int t, unsigned u
 * and int q (declared without an initializer, assigned on both branches
 * of an if before any read: a read before would be UB that UBSan does
 * not see): assignments (= and every compound operator, ++, --) to
 * locals and globals, if/else, for and do-while loops (nested, with
 * break and continue), switch statements (constant-expression labels,
 * default or none, fall-through or break), call statements ev1(e) and
 * ev2(e, e) to functions of the file that record their arguments (in a
 * third of the functions, which name no global: the calls are events a
 * test sees, compared with the record; in twelve more that name all
 * three globals the callees also record the globals they see and set
 * them from a table, hv() here and in the program, the input's MIR_HAV
 * entries: sem/mir.h, Calls and fields), early returns, and expressions
 * with every arithmetic,
 * bitwise and shift operator, casts, ?:, !, short-circuit and scalar
 * conditions; return types int, unsigned, long and short.  Signed
 * overflow, division by zero, INT_MIN / -1 and shifts out of range
 * happen on the boundary inputs: the C profile's undefined behaviour
 * (`ub: outcome`), the IR's exceptional outcome.
 *
 * A quarter of the functions are old-style definitions (issue 30):
 * `m(a, b, c) unsigned b; signed char c; { ... }`, a undeclared (int,
 * C90 6.7.1), c declared narrower than the short the driver passes
 * (promoted by the call without a prototype, converted to signed char on
 * entry, C11 6.5.2.2p6 and 6.9.1p10); their calls go to ev3(v), an
 * old-style definition `signed char v;` too, with arguments of types
 * that promote to int (a, c, t).  Half of them have no return type
 * (implicit int, C90: `m(a, b, c) unsigned b; ... {`, which
 * tree-sitter-c reads as an error: lang/csrc.c reads it with "int "
 * before the head).
 *
 * The file's own types and constants (issue 30): c is a `sh_t` (a
 * typedef of short), t a `bool` or `flag` (typedefs of int: the file's
 * typedef wins over the profile's _Bool), casts to both, and the
 * constants K1, K2 (a #define of a #define, with a comment), KU
 * (0x80000000, an unsigned int), E1, E2 (enumeration constants, one the
 * previous plus 1) and EU ('A') in expressions.
 *
 * Expressions call the C library's abs and labs (<stdlib.h>: the
 * argument converted, undefined at the type's minimum).
 *
 * Some functions without calls have a static local `static int sv = 0;`
 * (an input and output of the model, as a global: each case is a
 * function's first call, where it is 0, as inputs() gives it).
 *
 * One program holds them all; each case runs in a forked child, so a
 * sanitizer's abort (exit status 1) ends only that case: "U".  The
 * tool's front end reads the same file (csrc_method), and every case
 * is run by the evaluator (mir_eval, no bound) and by the encoding
 * (mir_smt_outcome, loops unrolled to 8, which every generated loop
 * stays within).  Each compiler folds some UB away before UBSan sees
 * it (gcc 12 `x + 1 > x`, ../shared/notes/semantics-and-tools.md;
 * clang a constant `2 << 32`), and a report is never a false positive:
 * a case has UB when either compiler reports it, and otherwise both
 * must return the same.  The evaluator and the encoding must give that
 * result on every case.
 */
#include "gen.h"
#include "prover-test.h"

#include "lang/csrc.h"
#include "sem/mir.h"

#define NM 72
#define NM_PLAIN 60 /* then functions with calls that name globals */
#define NI 12
#define OUTW 1024 /* an outcome line: result, globals, calls */

GEN_C_STATE(0xc5eed, "subsume-cdiff")

struct gen {
	struct strbuf *sb;
	int depth, loops, in_loop, wn, switches;
	bool calls;     /* a function that calls */
	bool globals;   /* and names the globals (else none) */
	bool q;         /* the local q, declared without an initializer,
			 * is assigned on every path from here on */
	bool kr;        /* an old-style definition (calls ev3 too) */
	bool sv;        /* has the static local sv (no calls) */
};
static int nsv; /* reads and writes of sv generated */

static void expr(struct gen *G, int d);
static int nconst; /* constants of the file generated */
static int nabs;   /* calls to abs and labs generated */

static void cond(struct gen *G, int d)
{
	static const char *const rel[] = { "<", "<=", ">", ">=", "==", "!=" };
	int k = d <= 0 ? rnd(2) : rnd(6);
	if (k == 0) {
		sb_puts(G->sb, rnd(2) ? "!" : "");
		expr(G, 0);
	} else if (k <= 3) {
		GEN_BINARY(G, expr, d - 1, rel[rnd(6)]);
	} else {
		GEN_BINARY(G, cond, d - 1, rnd(2) ? "&&" : "||");
	}
}

static void expr(struct gen *G, int d)
{
	static const char *const leaf[] = { "a", "b", "c", "t", "u", "f", "g",
					    "h", "1", "2", "-3", "7", "0",
					    "31", "32", "1u", "100000L" };
	static const char *const ops[] = { "+", "-", "*", "/", "%", "&", "|",
					   "^", "<<", ">>", "+", "-" };
	static const char *const casts[] = { "(unsigned char)", "(short)",
					     "(long)", "(unsigned)", "(int)",
					     "(sh_t)", "(bool)" };
	/* the file's #define and enum constants */
	static const char *const konst[] = { "K1", "K2", "KU", "E1", "E2",
					     "EU" };
	int k = d <= 0 ? 0 : rnd(7);
	if (k <= 1 && G->sv && !rnd(6)) {
		sb_puts(G->sb, "sv");
		nsv++;
	} else if (k <= 1 && !rnd(6)) {
		sb_puts(G->sb, konst[rnd(6)]);
		nconst++;
	} else if (k <= 1) {
		int l;
		do
			l = rnd(G->q ? 18 : 17);
		while (G->calls && !G->globals && l >= 5 && l <= 7); /* f, g, h */
		sb_puts(G->sb, l == 17 ? "q" : leaf[l]);
	} else if (k == 5 && !rnd(4)) {
		/* the C library's abs, labs, of a parameter and more (gcc
		 * folds abs of a constant, UB or not, before UBSan sees it) */
		static const char *const par[] = { "a", "b", "c" };
		sb_printf(G->sb, "%s(%s - ", rnd(3) ? "abs" : "labs",
			  par[rnd(3)]);
		expr(G, d - 1);
		sb_puts(G->sb, ")");
		nabs++;
	} else if (k == 5) {
		sb_puts(G->sb, casts[rnd(7)]);
		sb_puts(G->sb, "(");
		expr(G, d - 1);
		sb_puts(G->sb, ")");
	} else {
		GEN_C_COND_OR_ARITH(G, k, d, ops, 2);
	}
}

GEN_C_INDENT_BLOCK

static void loop(struct gen *G)
{
	G->loops++;
	G->in_loop++;
	if (rnd(2)) {
		sb_printf(G->sb, "for (int i%d = 0; i%d < (", G->depth, G->depth);
		expr(G, 1);
		sb_printf(G->sb, " & 7); i%d++%s) ", G->depth,
			  rnd(3) ? "" : ", u += 3");
		block(G, 1 + rnd(3));
		sb_puts(G->sb, "\n");
	} else {
		int w = G->wn++;
		sb_printf(G->sb, "int w%d = 0;\n", w);
		indent(G);
		sb_puts(G->sb, "do ");
		block(G, 1 + rnd(3));
		sb_printf(G->sb, " while (++w%d < (", w);
		expr(G, 1);
		sb_puts(G->sb, " & 7));\n");
	}
	G->in_loop--;
}

/* switch (e) with three to five groups: distinct labels (some constant
 * expressions), a default or not, each group ending in break or
 * falling through. */
static int nswitch; /* switch statements generated */

static void switch_stmt(struct gen *G)
{
	static const char *const lab[] = { "0", "1", "2 + 1", "'\\004'", "-1",
					   "5", "(short)6", "100000" };
	int used = 0, n = 3 + rnd(3), dflt = rnd(n + 1);
	G->switches++;
	nswitch++;
	sb_puts(G->sb, "switch (");
	expr(G, 1);
	sb_puts(G->sb, rnd(2) ? " & 7) {\n" : ") {\n");
	for (int i = 0; i < n; i++) {
		int l;
		do
			l = rnd(8);
		while (used & 1 << l);
		used |= 1 << l;
		indent(G);
		if (i == dflt)
			sb_puts(G->sb, "default:\n");
		else
			sb_printf(G->sb, "case %s:\n", lab[l]);
		G->depth++;
		int k = rnd(3);
		bool brk = rnd(3);
		indent(G);
		if (k) { /* a block: a declaration may not follow a label */
			block(G, k);
			sb_puts(G->sb, "\n");
		} else if (!brk) {
			sb_puts(G->sb, ";\n"); /* nor may the end of a block */
		}
		if (brk) {
			if (k)
				indent(G);
			sb_puts(G->sb, "break;\n");
		}
		G->depth--;
	}
	indent(G);
	sb_puts(G->sb, "}\n");
}

/* ev1(e); or ev2(e, e); (the callees record their calls) */
static void call_stmt(struct gen *G)
{
	static const char *const kra[] = { "a", "c", "t", "(short)a" };
	if (G->kr && rnd(2)) {
		sb_printf(G->sb, "ev3(%s);\n", kra[rnd(4)]);
		return;
	}
	if (rnd(2)) {
		sb_puts(G->sb, "ev1(");
		expr(G, 1);
	} else {
		sb_puts(G->sb, "ev2(");
		expr(G, 1);
		sb_puts(G->sb, ", ");
		expr(G, 1);
	}
	sb_puts(G->sb, ");\n");
}

static void stmt(struct gen *G)
{
	static const char *const tgt[] = { "t", "u", "q", "f", "g", "h" };
	static const char *const asg[] = { "=", "+=", "-=", "*=", "/=", "%=",
					   "<<=", ">>=", "&=", "|=", "^=", "=" };
	int k = rnd(G->depth < 2 ? 12 : 7);
	indent(G);
	if (G->sv && !rnd(5)) {
		sb_printf(G->sb, "sv %s ", asg[rnd(3)]);
		expr(G, 1);
		sb_puts(G->sb, ";\n");
		nsv++;
	} else if ((k == 10 || (G->globals && k <= 1)) && G->calls && G->in_loop <= 1) {
		call_stmt(G);
	} else if (k == 11 && G->switches < 2) {
		switch_stmt(G);
	} else if (k <= 3 || k >= 10) {
		int n = G->calls && !G->globals ? 2 + G->q : 6, t;
		do
			t = rnd(n);
		while (t == 2 && !G->q);
		sb_printf(G->sb, "%s %s ", tgt[t], asg[rnd(12)]);
		expr(G, 2);
		sb_puts(G->sb, ";\n");
	} else if (k == 4) {
		const char *v = tgt[rnd(2)], *o = rnd(2) ? "++" : "--";
		if (rnd(2))
			sb_printf(G->sb, "%s%s;\n", v, o);
		else
			sb_printf(G->sb, "%s%s;\n", o, v);
	} else if (k == 5) {
		static const char *const jump[] = { "return t;", "return u;",
						    "break;", "continue;" };
		sb_puts(G->sb, "if (");
		cond(G, 2);
		sb_printf(G->sb, ") %s\n", jump[rnd(G->in_loop ? 4 : 2)]);
	} else if (k == 6) {
		sb_puts(G->sb, "if (");
		cond(G, 2);
		sb_puts(G->sb, ") ");
		block(G, 1 + rnd(2));
		if (rnd(2)) {
			sb_puts(G->sb, " else ");
			block(G, 1 + rnd(2));
		}
		sb_puts(G->sb, "\n");
	} else if (G->loops < 3) {
		loop(G);
	} else {
		sb_puts(G->sb, "t ^= u;\n");
	}
}

GEN_STMTS

static int64_t input(void)
{
	static const int64_t pool[] = { 0, 1, -1, 2, 3, 7, -8, 31, 32,
					2147483647, -2147483647 - 1, 65535,
					-32768, 4294967295LL };
	return rnd(3) ? pool[rnd(14)] : (int64_t)rnd_next(&seed);
}

/* a, b, c, f, g, h: the inputs of a case, as the C program's types
 * hold them */
struct ccase {
	int64_t v[6];
};
static const char *const vname[6] = { "a", "b", "c", "f", "g", "h" };
static const char *const vtype[6] = { "int", "unsigned", "short", "int",
				      "long", "unsigned char" };

static struct ccase cases[NM][NI];

/* The value global j gets after call r of case i of function m (one
 * with calls that names the globals): hv() in the program. */
static int64_t hv(int m, int i, int r)
{
	uint64_t x = stub_mix(m, i, r, 7);
	return (x >> 61) < 5 ? (int64_t)((x >> 32) % 9) - 4
			     : (int64_t)(x >> 33) - (1LL << 30);
}
static const char *rtype[NM];

/* What main()'s child process does for a case of function m
 * (gen_c_main()). */
static void case_body(struct strbuf *b, int m)
{
	sb_printf(b, "\t\t\tcm = %d; ci = i; nc = 0; hvon = %d;\n"
		  "\t\t\tf = (int)x[3];\n"
		  "\t\t\tg = (long)x[4];\n\t\t\th = (unsigned char)x[5];\n"
		  "\t\t\t%s r = m%d((int)x[0], (unsigned)x[1], (short)x[2]);\n"
		  "\t\t\tprintf(\"%d %%d R %s %%lld %%lld %%u |\", i, "
		  "(%s)r, (long long)f, (long long)g, (unsigned)h);\n"
		  "\t\t\tfor (int k = 0; k < ntr; k++)\n"
		  "\t\t\t\tprintf(\" %%lld\", tr[k]);\n"
		  "\t\t\tprintf(\"\\n\");\n",
		  m, m >= NM_PLAIN, rtype[m], m, m,
		  rtype[m][0] == 'u' ? "%llu" : "%lld",
		  rtype[m][0] == 'u' ? "unsigned long long" : "long long");
}

static void write_c(const char *path)
{
	static const char *const rts[] = { "int", "unsigned", "long", "short" };
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "#include <stdio.h>\n#include <stdlib.h>\n"
		"#include <unistd.h>\n#include <sys/wait.h>\n"
		"int f;\nlong g;\nunsigned char h;\n"
		"typedef short sh_t;\ntypedef int bool;\ntypedef bool flag;\n"
		"#define K1 7 /* a comment */\n#define K2 (K1 * 3 - 100)\n"
		"#define KU 0x80000000\n"
		"enum { E0, E1 = -5, E2, EU = 'A' };\n"
		"static long long tr[400];\nstatic int ntr, cm, ci, nc, hvon;\n\n"
		"static long long hv(int m, int i, int r)\n{\n"
		"\tunsigned long long x = (unsigned long long)m * 1000003u + "
		"(unsigned long long)i * 1009u + (unsigned long long)r * 31u + 7;\n"
		"\tx ^= x >> 7;\n\tx *= 0x9E3779B97F4A7C15ULL;\n\tx ^= x >> 29;\n"
		"\treturn (x >> 61) < 5 ? (long long)((x >> 32) % 9) - 4 : "
		"(long long)(x >> 33) - (1LL << 30);\n}\n\n"
		"/* the globals a callee sees, then sets from the table */\n"
		"static void havoc(void)\n{\n\tif (!hvon)\n\t\treturn;\n"
		"\tif (ntr < 390) {\n\t\ttr[ntr++] = f;\n\t\ttr[ntr++] = g;\n"
		"\t\ttr[ntr++] = h;\n\t}\n\tf = (int)hv(cm, ci, 3 * nc);\n"
		"\tg = (long)hv(cm, ci, 3 * nc + 1);\n"
		"\th = (unsigned char)hv(cm, ci, 3 * nc + 2);\n\tnc++;\n}\n\n"
		"void ev1(int v)\n{\n\tif (ntr < 390) {\n\t\ttr[ntr++] = 1;\n"
		"\t\ttr[ntr++] = v;\n\t}\n\thavoc();\n}\n\n"
		"void ev2(int a, unsigned char b)\n{\n\tif (ntr < 390) {\n"
		"\t\ttr[ntr++] = 2;\n\t\ttr[ntr++] = a;\n\t\ttr[ntr++] = b;\n"
		"\t}\n\thavoc();\n}\n\n"
		"void ev3(v)\nsigned char v;\n{\n\tif (ntr < 390) {\n"
		"\t\ttr[ntr++] = 3;\n\t\ttr[ntr++] = v;\n\t}\n"
		"\thavoc();\n}\n\n");
	for (int m = 0; m < NM; m++) {
		rtype[m] = rts[rnd(4)];
		if (m % 8 == 2) /* no return type: implicit int (C90) */
			rtype[m] = "int";
		if (m % 4 == 2)
			sb_printf(&sb, "%s%sm%d(a, b, c)\nunsigned b;\n"
				  "signed char c;\n{\n", m % 8 == 2 ? "" :
				  rtype[m], m % 8 == 2 ? "" : " ", m);
		else
			sb_printf(&sb, "%s m%d(int a, unsigned b, sh_t c)\n{\n",
				  rtype[m], m);
		struct gen G = { .sb = &sb, .calls = m % 3 == 1 || m >= NM_PLAIN ||
				 m % 4 == 2,
				 .globals = m >= NM_PLAIN, .kr = m % 4 == 2 };
		G.sv = !G.calls && m % 2 == 0;
		/* with calls and globals: all three named (the callees set
		 * them all) */
		sb_puts(&sb, G.globals ? "\tflag t = a ^ f ^ (int)(g & 255) ^ h;\n"
				       "\tunsigned u = b;\n\tint q;\n"
				       : "\tbool t = a;\n\tunsigned u = b;\n\tint q;\n");
		/* q assigned on every path before it is read */
		if (G.sv) /* 0 on the first call, each case's */
			sb_puts(&sb, "\tstatic int sv = 0;\n");
		sb_puts(&sb, "\tif (");
		cond(&G, 1);
		sb_puts(&sb, ")\n\t\tq = ");
		expr(&G, 1);
		sb_puts(&sb, ";\n\telse\n\t\tq = ");
		expr(&G, 1);
		sb_puts(&sb, ";\n");
		G.q = true;
		stmts(&G, 2 + rnd(5));
		sb_puts(&sb, "\treturn ");
		expr(&G, 2);
		sb_puts(&sb, ";\n}\n\n");
	}
	sb_printf(&sb, "static long long in[%d][%d][6] = {\n", NM, NI);
	for (int m = 0; m < NM; m++) {
		sb_puts(&sb, "\t{\n");
		for (int i = 0; i < NI; i++) {
			struct ccase *k = &cases[m][i];
			sb_puts(&sb, "\t\t{");
			for (int j = 0; j < 6; j++) {
				k->v[j] = input();
				sb_printf(&sb, "%s%lldLL", j ? ", " : "",
					  (long long)k->v[j]);
			}
			sb_puts(&sb, "},\n");
		}
		sb_puts(&sb, "\t},\n");
	}
	gen_c_main(&sb, NM, NI, "x", "p", case_body);
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

/* The final value of global j in r (its input when m never names it). */
static struct value global_of(const struct mmethod *m, const struct mrun *r,
			      int j, struct value input)
{
	for (int i = 0; i < m->nvars; i++)
		if (m->kinds[i] == MV_FIELD && !strcmp(m->names[i], vname[j]))
			return r->vars[i];
	return input;
}

/* "R ret f g h" or "U", as the program prints it. */
static void show(char *buf, size_t n, const struct mmethod *m,
		 const struct mrun *r, const struct value *gin)
{
	if (r->threw) {
		snprintf(buf, n, "U");
		return;
	}
	char ret[32];
	if (m->ret->is_signed)
		snprintf(ret, sizeof(ret), "%lld", (long long)value_i64(r->ret));
	else
		snprintf(ret, sizeof(ret), "%llu", (unsigned long long)r->ret.bits);
	int w = snprintf(buf, n, "R %s %lld %lld %u |", ret,
			 (long long)value_i64(global_of(m, r, 3, gin[0])),
			 (long long)value_i64(global_of(m, r, 4, gin[1])),
			 (unsigned)global_of(m, r, 5, gin[2]).bits);
	/* the calls, as the callees record them: ev1 1, ev2 2 */
	for (int e = 0; e < r->nevents && w > 0 && (size_t)w < n; e++) {
		const struct mevent *ev = &r->events[e];
		const char *name = "?";
		for (int j = 0; j < m->ncallees; j++)
			if (m->callees[j].id == ev->id)
				name = m->callees[j].name;
		w += snprintf(buf + w, n - (size_t)w, " %s", !strcmp(name, "ev1")
			      ? "1" : !strcmp(name, "ev2") ? "2"
			      : !strcmp(name, "ev3") ? "3" : "?");
		for (int i = 0; i < ev->nargs && w > 0 && (size_t)w < n; i++)
			w += snprintf(buf + w, n - (size_t)w, " %lld",
				      (long long)value_i64(ev->args[i]));
		/* the globals it saw (f, g, h: their declaration order) */
		for (int j = 0; j < ev->nseen && w > 0 && (size_t)w < n; j++)
			w += snprintf(buf + w, n - (size_t)w, " %lld", j == 2
				      ? (long long)ev->seen[j].bits
				      : (long long)value_i64(ev->seen[j]));
	}
}

/* The inputs of case k in m's variable order; gin: the globals'. */
static void inputs(const struct mmethod *m, const struct ccase *k,
		   struct value *in, struct value *gin)
{
	for (int j = 3; j < 6; j++)
		gin[j - 3] = type_wrap(profile_type(PF, vtype[j]), k->v[j]);
	for (int i = 0; i < m->nvars; i++) {
		in[i] = value_int(0);
		for (int j = 0; j < 6; j++)
			if (!strcmp(m->names[i], vname[j]))
				in[i] = type_wrap(m->types[i], k->v[j]);
	}
}

/* out[m][i]: what the program compiled by cc printed for case i of m. */
static bool run_compiler(const char *cc, const char *src,
			 char (*out)[NI][OUTW])
{
	return gen_run_compiler(cc, src, dir, (char *)out, NM, NI, OUTW,
				OUTW + 32);
}

static char outg[NM][NI][OUTW], outc[NM][NI][OUTW];

static void compare(const char *path)
{
	const char *why = NULL;
	struct csrc *f = csrc_open(path, A, &why);
	if (!ok(f != NULL, "the C front end reads the generated file"))
		return;
	const struct mmethod *mm[NM];
	int built = 0, bad_eval = 0, bad_enc = 0, bad_gcc = 0, ub = 0;
	int gcc_missed = 0, clang_missed = 0, cases_run = 0, events = 0;
	int with_events = 0, nover = 0, havoc_events = 0;
	int kr_cases = 0, kr_narrow = 0, kr_events = 0, implicit_cases = 0;
	for (int m = 0; m < NM; m++) {
		char name[16];
		snprintf(name, sizeof(name), "m%d", m);
		mm[m] = csrc_method(f, PF, A, name, 0, 0, NULL, false, &why);
		built += mm[m] != NULL;
		if (!mm[m])
			diag("m%d: %s", m, why);
	}
	ok(built == NM, "all %d generated functions are modelled", NM);
	for (int m = 0; m < NM; m++) {
		if (!mm[m])
			continue;
		struct mir_smt *S = mir_smt_new(mm[m], 8, 0, 0);
		for (int i = 0; i < NI; i++) {
			struct value in[MIR_IN], gin[3];
			inputs(mm[m], &cases[m][i], in, gin);
			for (int r = 0; r < MIR_MAX_HAVOC; r++)
				in[MIR_HAV + r] = value_int(hv(m, i, r));
			struct mrun r, e;
			char got[OUTW], enc[OUTW];
			mir_eval(mm[m], in, 0, &r);
			if (r.overflow && m >= NM_PLAIN) { /* past the table */
				nover++;
				continue;
			}
			havoc_events += m >= NM_PLAIN && !r.threw ? r.nevents : 0;
			if (m % 4 == 2) { /* old-style: c converted on entry */
				int64_t c = cases[m][i].v[2];
				kr_cases++;
				implicit_cases += m % 8 == 2;
				kr_narrow += (int16_t)c != (int8_t)c;
				for (int e = 0; !r.threw && e < r.nevents; e++)
					for (int j = 0; j < mm[m]->ncallees; j++)
						kr_events += mm[m]->callees[j].id ==
							r.events[e].id &&
							!strcmp(mm[m]->callees[j].name,
								"ev3");
			}
			show(got, sizeof(got), mm[m], &r, gin);
			if (mir_smt_outcome(S, mm[m], in, &e) < 0 || e.cut)
				snprintf(enc, sizeof(enc), "failed");
			else
				show(enc, sizeof(enc), mm[m], &e, gin);
			/* UB: what either compiler reports (a report is never
			 * a false positive; each folds some UB away first) */
			const char *cw = outc[m][i], *gw = outg[m][i];
			const char *want = *gw == 'U' ? gw : cw;
			cases_run++;
			ub += r.threw;
			events += r.threw ? 0 : r.nevents;
			with_events += !r.threw && r.nevents;
			if ((strcmp(got, want) || r.overflow) && bad_eval++ < 5)
				diag("m%d input %d: gcc %s, clang %s, evaluator "
				     "%s", m, i, gw, cw, got);
			if (strcmp(enc, want) && bad_enc++ < 5)
				diag("m%d input %d: gcc %s, clang %s, encoding %s",
				     m, i, gw, cw, enc);
			gcc_missed += *cw == 'U' && *gw == 'R';
			clang_missed += *gw == 'U' && *cw == 'R';
			if (*gw == 'R' && *cw == 'R' && strcmp(gw, cw) &&
			    bad_gcc++ < 5)
				diag("m%d input %d: gcc %s, clang %s", m, i, gw, cw);
		}
		mir_smt_free(S);
	}
	ok(bad_gcc == 0, "gcc and clang return the same where neither "
	   "reports UB (%d differ; UB only gcc reports %d, only clang %d)",
	   bad_gcc, clang_missed, gcc_missed);
	ok(bad_eval == 0, "the evaluator agrees with the compilers on every "
	   "case (%d differ; %d of %d have undefined behaviour)", bad_eval,
	   ub, cases_run);
	ok(bad_enc == 0, "the encoding agrees with the compilers on every "
	   "case (%d differ)", bad_enc);
	ok(ub > 0 && ub < cases_run, "some cases have undefined behaviour, "
	   "some return");
	ok(nswitch >= 10 && with_events >= 20, "%d switch statements; %d cases "
	   "return after calls (%d events), each compared with what the "
	   "callees recorded", nswitch, with_events, events);
	ok(havoc_events >= 20 && nover * 10 < (NM - NM_PLAIN) * NI, "%d calls "
	   "in functions that name the globals (each sees them, then they "
	   "come from a table), %d cases past the table's %d entries",
	   havoc_events, nover, MIR_MAX_HAVOC);
	ok(nsv >= 20, "%d reads and writes of static locals (an input of the "
	   "model, 0 on each case's first call)", nsv);
	ok(nabs >= 20, "%d calls to abs and labs (undefined at the minimum: "
	   "gcc's UBSan reports it, clang's does not)", nabs);
	ok(nconst >= 30, "%d uses of the file's #define and enum constants",
	   nconst);
	ok(kr_cases >= 100 && kr_narrow >= 20 && kr_events >= 5, "%d cases "
	   "of old-style definitions, %d with a c the signed char parameter "
	   "does not hold (converted on entry), %d calls to the old-style "
	   "ev3", kr_cases, kr_narrow, kr_events);
	ok(implicit_cases >= 50, "%d cases of old-style definitions without a "
	   "return type (implicit int)", implicit_cases);
	csrc_free(f);
}

GEN_C_MAIN("cdiff.c", (void)0)
