/*
 * cmethod-ptrdiff.c - C pointers in the method IR (lang/csrc-mptr.c;
 * lang/mir.h: References, C pointers), its evaluator and its Z3
 * encoding against gcc and clang with -fsanitize=undefined
 * -fno-sanitize-recover=all (issue 15), beside cmethod-diff.c (the
 * functions without pointers).
 *
 * Random C functions m(int *p, int *q, const int *k, long *r, int a),
 * in a third of them also reading and writing through the global
 * `int *gp`: reads *p (guarded in && and ?:, after `if (!p) return`),
 * writes `*p = e`, `*q op= e`, `(*p)++`, `--*q`, `*r += e` as statements,
 * pointer conditions (`p == q`, `p != NULL`, `!k`, `if (q)`), locals,
 * if/else and short loops, and int arithmetic whose overflow,
 * division by zero and shifts are undefined behaviour.  Each case calls
 * the function on objects int x, int y and long z: every int pointer is
 * NULL, &x or &y (so p and q alias in about half the cases: m(&x, &x)
 * against m(&x, &y)), r is NULL or &z.  A NULL dereference is undefined
 * behaviour; UBSan reports it (-fsanitize=null), and a run that crashes
 * counts as "U" too (each case runs in a forked child).  The program
 * prints the result and the final x, y and z ("R ret x y z"), what a
 * test sees; the tool's side gives the pointers the ids 0 (NULL), 1, 2,
 * 3 (x, y, z), each cell its object's value, and reads the objects'
 * final values from the cells of the pointers to them.  The evaluator
 * (no bound) and the encoding (loops unrolled to 8, which every
 * generated loop stays within) must print what the compilers print on
 * every case.  And each construct outside the model (p[i], arithmetic,
 * <, overlapping pointee types, a global the pointer may point to, a
 * write inside an expression or through a pointer to const, local
 * pointers, `&x`, two pointers to double, calls, pointer assignment, a
 * pointer to a pointer) makes the build fail with its reason.
 */
#include "gen.h"
#include "prover-test.h"

#include "lang/csrc.h"
#include "sem/mir.h"

#define NM 60
#define NI 12
#define NP 5 /* the pointers: p, q, k, r, gp */

GEN_C_STATE(0xc9717, "subsume-cptr")

struct gen {
	struct strbuf *sb;
	int depth, loops;
	bool gp;        /* the function uses the global gp */
};

static const char *ptr(struct gen *G)
{
	static const char *const ps[] = { "p", "q", "k", "gp" };
	return ps[rnd(G->gp ? 4 : 3)];
}

static const char *wptr(struct gen *G)
{
	static const char *const ps[] = { "p", "q", "gp" };
	return ps[rnd(G->gp ? 3 : 2)];
}

static void expr(struct gen *G, int d);

static void cond(struct gen *G, int d)
{
	static const char *const rel[] = { "<", "<=", ">", ">=", "==", "!=" };
	int k = d <= 0 ? rnd(2) : rnd(8);
	if (k == 0) {
		sb_puts(G->sb, rnd(2) ? "!" : "");
		expr(G, 0);
	} else if (k <= 2) {
		sb_puts(G->sb, "(");
		expr(G, d - 1);
		sb_printf(G->sb, " %s ", rel[rnd(6)]);
		expr(G, d - 1);
		sb_puts(G->sb, ")");
	} else if (k == 3) { /* pointers compared */
		const char *x = ptr(G), *y = rnd(4) ? ptr(G) : "NULL";
		sb_printf(G->sb, "(%s %s %s)", x, rnd(2) ? "==" : "!=", y);
	} else if (k == 4) {
		sb_printf(G->sb, "%s%s", rnd(2) ? "!" : "", ptr(G));
	} else if (k == 5) { /* a guarded read */
		const char *x = ptr(G);
		sb_printf(G->sb, "(%s && *%s %s ", x, x, rel[rnd(6)]);
		expr(G, 0);
		sb_puts(G->sb, ")");
	} else {
		GEN_BINARY(G, cond, d - 1, rnd(2) ? "&&" : "||");
	}
}

static void expr(struct gen *G, int d)
{
	static const char *const leaf[] = { "a", "t", "1", "2", "-3", "7", "0",
					    "31", "-1" };
	static const char *const ops[] = { "+", "-", "*", "/", "%", "&", "|",
					   "^", "<<", ">>", "+", "-" };
	int k = d <= 0 ? rnd(2) : rnd(7);
	if (k == 0) {
		sb_puts(G->sb, leaf[rnd(9)]);
	} else if (k == 1) {
		int w = rnd(5);
		if (w == 4)
			sb_puts(G->sb, "(int)*r");
		else
			sb_printf(G->sb, "*%s", ptr(G));
	} else if (k == 5) {
		const char *x = ptr(G);
		sb_printf(G->sb, "(%s ? *%s : ", x, x);
		expr(G, d - 1);
		sb_puts(G->sb, ")");
	} else {
		GEN_C_COND_OR_ARITH(G, k, d, ops, 3);
	}
}

GEN_C_INDENT_BLOCK

static void stmt(struct gen *G)
{
	static const char *const asg[] = { "=", "+=", "-=", "*=", "/=", "%=",
					   "<<=", ">>=", "&=", "|=", "^=", "=" };
	int k = rnd(G->depth < 2 ? 11 : 7);
	indent(G);
	if (k <= 2) {
		sb_printf(G->sb, "*%s %s ", wptr(G), asg[rnd(12)]);
		expr(G, 2);
		sb_puts(G->sb, ";\n");
	} else if (k == 3) {
		const char *x = wptr(G);
		int f = rnd(4);
		sb_printf(G->sb, f == 0 ? "(*%s)++;\n" : f == 1 ? "--*%s;\n" : f == 2
			  ? "++*%s;\n" : "(*%s)--;\n", x);
	} else if (k == 4) {
		sb_puts(G->sb, rnd(2) ? "*r += " : "*r = *r * ");
		expr(G, 1);
		sb_puts(G->sb, ";\n");
	} else if (k == 5) {
		sb_printf(G->sb, "t %s ", asg[rnd(3)]);
		expr(G, 2);
		sb_puts(G->sb, ";\n");
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
	} else if (k == 7) {
		const char *x = ptr(G);
		sb_printf(G->sb, "if (%s%s) return ", rnd(2) ? "!" : "", x);
		expr(G, 1);
		sb_puts(G->sb, ";\n");
	} else if (k == 8 && G->loops < 2) {
		G->loops++;
		sb_printf(G->sb, "for (int i%d = 0; i%d < 3; i%d++) ", G->depth,
			  G->depth, G->depth);
		block(G, 1 + rnd(2));
		sb_puts(G->sb, "\n");
	} else {
		sb_puts(G->sb, "t ^= a;\n");
	}
}

GEN_STMTS

/* A case: the objects' initial values x, y, z, a, and where each
 * pointer points (0: NULL, 1: x, 2: y, 3: z). */
struct ccase {
	int64_t x, y, z, a;
	int to[NP];
};
static const char *const pname[NP] = { "p", "q", "k", "r", "gp" };
static struct ccase cases[NM][NI];

static int64_t input(void)
{
	static const int64_t pool[] = { 0, 1, -1, 2, 3, 7, -8, 31, 32,
					2147483647, -2147483647 - 1, 65535 };
	return rnd(3) ? pool[rnd(12)] : (int64_t)(int32_t)rnd_next(&seed);
}

/* What main()'s child process does for a case of function m
 * (gen_c_main()). */
static void case_body(struct strbuf *b, int m)
{
	sb_printf(b, "\t\t\tint x = (int)v[0], y = (int)v[1];\n"
		  "\t\t\tlong z = (long)v[2];\n"
		  "\t\t\tint *o[3] = { NULL, &x, &y };\n"
		  "\t\t\tgp = o[v[8]];\n"
		  "\t\t\tint res = m%d(o[v[4]], o[v[5]], o[v[6]], "
		  "v[7] ? &z : NULL, (int)v[3]);\n"
		  "\t\t\tprintf(\"%d %%d R %%d %%d %%d %%ld\\n\", i, res, "
		  "x, y, z);\n", m, m);
}

static void write_c(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "#include <stdio.h>\n#include <stddef.h>\n"
		"#include <unistd.h>\n#include <sys/wait.h>\n\nint *gp;\n\n");
	for (int m = 0; m < NM; m++) {
		struct gen G = { .sb = &sb, .gp = m % 3 == 2 };
		sb_printf(&sb, "int m%d(int *p, int *q, const int *k, long *r, "
			  "int a)\n{\n\tint t = a;\n", m);
		stmts(&G, 2 + rnd(5));
		sb_puts(&sb, "\treturn ");
		expr(&G, 2);
		sb_puts(&sb, ";\n}\n\n");
	}
	sb_printf(&sb, "static long long in[%d][%d][%d] = {\n", NM, NI, 4 + NP);
	for (int m = 0; m < NM; m++) {
		sb_puts(&sb, "\t{\n");
		for (int i = 0; i < NI; i++) {
			struct ccase *c = &cases[m][i];
			c->x = input(), c->y = input(), c->a = input();
			c->z = rnd(2) ? input() : (int64_t)rnd_next(&seed);
			for (int j = 0; j < NP; j++)
				c->to[j] = j == 3 ? (rnd(8) ? 3 : 0)
					 : (rnd(12) ? 1 + rnd(2) : 0);
			sb_printf(&sb, "\t\t{%lldLL, %lldLL, %lldLL, %lldLL", (long long)
				  c->x, (long long)c->y, (long long)c->z,
				  (long long)c->a);
			for (int j = 0; j < NP; j++)
				sb_printf(&sb, ", %d", c->to[j]);
			sb_puts(&sb, "},\n");
		}
		sb_puts(&sb, "\t},\n");
	}
	gen_c_main(&sb, NM, NI, "v", "c", case_body);
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

/* The inputs of case c in m's variable order. */
static void inputs(const struct mmethod *m, const struct ccase *c,
		   struct value *in)
{
	const int64_t obj[4] = { 0, c->x, c->y, c->z };
	for (int i = 0; i < MIR_IN; i++)
		in[i] = value_int(0);
	for (int i = 0; i < m->nvars; i++) {
		const char *n = m->names[i];
		bool cell = n[0] == '*';
		for (int j = 0; j < NP; j++)
			if (!strcmp(cell ? n + 1 : n, pname[j]))
				in[i] = type_wrap(m->types[i], cell ? obj[c->to[j]]
						  : c->to[j]);
		if (!strcmp(n, "a"))
			in[i] = type_wrap(m->types[i], c->a);
	}
}

/* "R ret x y z" or "U": an object's final value is its cell's, through
 * any pointer to it; its initial one when none points to it. */
static void show(char *buf, size_t n, const struct mmethod *m,
		 const struct mrun *r, const struct ccase *c)
{
	if (r->threw) {
		snprintf(buf, n, "U");
		return;
	}
	int64_t obj[4] = { 0, c->x, c->y, c->z };
	for (int j = 0; j < NP; j++) {
		char cell[8];
		snprintf(cell, sizeof(cell), "*%s", pname[j]);
		int v = gen_var_of(m, cell);
		if (v >= 0 && c->to[j])
			obj[c->to[j]] = value_i64(r->vars[v]);
	}
	snprintf(buf, n, "R %lld %d %d %lld", (long long)value_i64(r->ret),
		 (int)obj[1], (int)obj[2], (long long)obj[3]);
}

static bool run_compiler(const char *cc, const char *src, char (*out)[NI][96])
{
	return gen_run_compiler(cc, src, dir, (char *)out, NM, NI, 96,
				160);
}

static char outg[NM][NI][96], outc[NM][NI][96];

/* Does case c pass NULL for a pointer that m dereferences on its way
 * to UB, as far as one can tell: the run has UB and a pointer is NULL. */
static bool has_null(const struct ccase *c)
{
	for (int j = 0; j < NP; j++)
		if (!c->to[j])
			return true;
	return false;
}

static void compare(const char *path)
{
	const char *why = NULL;
	struct csrc *f = csrc_open(path, A, &why);
	if (!ok(f != NULL, "the C front end reads the generated file"))
		return;
	int built = 0, bad_eval = 0, bad_enc = 0, bad_gcc = 0, ub = 0, run = 0;
	int null_ub = 0, aliased = 0, apart = 0, wrote = 0;
	for (int m = 0; m < NM; m++) {
		char name[16];
		snprintf(name, sizeof(name), "m%d", m);
		const struct mmethod *mm = csrc_method(f, PF, A, name, 0, 0, NULL,
						       false, &why);
		built += mm != NULL;
		if (!mm) {
			diag("m%d: %s", m, why);
			continue;
		}
		struct mir_smt *S = mir_smt_new(mm, 8, 0, 0);
		for (int i = 0; i < NI; i++) {
			const struct ccase *c = &cases[m][i];
			struct value in[MIR_IN];
			struct mrun r, e;
			char got[96], enc[96];
			inputs(mm, c, in);
			mir_eval(mm, in, 0, &r);
			show(got, sizeof(got), mm, &r, c);
			if (mir_smt_outcome(S, mm, in, &e) < 0 || e.cut)
				snprintf(enc, sizeof(enc), "failed");
			else
				show(enc, sizeof(enc), mm, &e, c);
			const char *cw = outc[m][i], *gw = outg[m][i];
			const char *want = *gw == 'U' ? gw : cw;
			run++;
			ub += *want == 'U';
			null_ub += *want == 'U' && has_null(c);
			if (*want == 'R' && c->to[0] && c->to[1]) {
				aliased += c->to[0] == c->to[1];
				apart += c->to[0] != c->to[1];
			}
			char init[96];
			snprintf(init, sizeof(init), "%d %d %lld", (int)c->x,
				 (int)c->y, (long long)c->z);
			const char *sp = strchr(want + 2, ' ');
			wrote += *want == 'R' && sp && strcmp(sp + 1, init);
			if ((strcmp(got, want) || r.overflow) && bad_eval++ < 5)
				diag("m%d input %d: gcc %s, clang %s, evaluator "
				     "%s", m, i, gw, cw, got);
			if (strcmp(enc, want) && bad_enc++ < 5)
				diag("m%d input %d: gcc %s, clang %s, encoding %s",
				     m, i, gw, cw, enc);
			if (*gw == 'R' && *cw == 'R' && strcmp(gw, cw) &&
			    bad_gcc++ < 5)
				diag("m%d input %d: gcc %s, clang %s", m, i, gw, cw);
		}
		mir_smt_free(S);
	}
	ok(built == NM, "all %d generated functions with pointers are "
	   "modelled", NM);
	ok(bad_gcc == 0, "gcc and clang agree where neither reports UB (%d "
	   "differ)", bad_gcc);
	ok(bad_eval == 0, "the evaluator agrees with the compilers on every "
	   "case (%d differ; %d of %d have undefined behaviour)", bad_eval,
	   ub, run);
	ok(bad_enc == 0, "the encoding agrees with the compilers on every "
	   "case (%d differ)", bad_enc);
	ok(null_ub >= 20 && ub < run, "%d cases with a NULL pointer have "
	   "undefined behaviour, %d of %d return", null_ub, run - ub, run);
	ok(aliased >= 20 && apart >= 20 && wrote >= 50, "%d cases return with "
	   "p and q aliased, %d with them apart; %d change an object",
	   aliased, apart, wrote);
	csrc_free(f);
}

/* Functions the model refuses, each with the words its reason must
 * have: one line each, `name|words|source`. */
static const char *const refused[] = {
	"r1|`p[i]`|int r1(int *p) { return p[1]; }",
	"r2|pointer used as a number|int r2(int *p, int *q) { return p < q; }",
	"r3|pointer arithmetic|int r3(int *p) { return *p++; }",
	"r4|int and unsigned|int r4(int *p, unsigned *q) { return *p + *q; }",
	"r5|the global g|int r5(int *p) { return *p + g; }",
	"r6|inside an expression|int r6(int *p) { int x = (*p)++; return x; }",
	"r7|pointer to const|void r7(const int *p) { *p = 1; }",
	"r8|char and int|int r8(char *s, int *p) { return *s + *p; }",
	"r9|local pointer|int r9(int *p) { int *r = p; return *r; }",
	"r10|`&x`|int r10(int *p) { int x = 1; return *p + (&x != 0); }",
	"r11|two pointers to double|double r11(double *p, double *q) "
	"{ return *p + *q; }",
	"r12|may change what they point to|void ev(int v);\nint r12(int *p) "
	"{ ev(1); return *p; }",
	"r13|assignment to the pointer|int r13(int *p, int *q) { p = q; "
	"return *p; }",
	"r14|pointer to a pointer|int r14(int **p) { return p != 0; }",
};

static void refusals(void)
{
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "int g;\n");
	for (size_t i = 0; i < sizeof(refused) / sizeof(*refused); i++)
		sb_printf(&sb, "%s\n", strrchr(refused[i], '|') + 1);
	char path[300];
	snprintf(path, sizeof(path), "%s/refused.c", dir);
	write_text_file(path, sb.buf);
	sb_release(&sb);
	const char *why = NULL;
	struct csrc *f = csrc_open(path, A, &why);
	int good = 0, n = (int)(sizeof(refused) / sizeof(*refused));
	for (int i = 0; f && i < n; i++) {
		const char *bar = strchr(refused[i], '|');
		const char *end = strchr(bar + 1, '|');
		char *name = arena_strndup(A, refused[i], (size_t)(bar - refused[i]));
		char *words = arena_strndup(A, bar + 1, (size_t)(end - bar - 1));
		why = NULL;
		const struct mmethod *m = csrc_method(f, PF, A, name, 0, 0, NULL,
						      false, &why);
		if (!m && why && strstr(why, words))
			good++;
		else
			diag("%s: %s", name, m ? "modelled" : why);
	}
	ok(good == n, "each of %d functions outside the pointer model is "
	   "refused with its reason (%d)", n, good);
	csrc_free(f);
}

GEN_C_MAIN("cptr.c", refusals())
