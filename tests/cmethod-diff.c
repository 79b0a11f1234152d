/*
 * cmethod-diff.c - the method IR of C functions (lang/csrc-method.c),
 * its evaluator and its Z3 encoding against gcc and clang with
 * -fsanitize=undefined -fno-sanitize-recover=all (issue 15).
 *
 * Random C functions over parameters int a, unsigned b, short c,
 * globals int f, long g, unsigned char h and locals int t, unsigned u:
 * assignments (= and every compound operator, ++, --) to locals and
 * globals, if/else, for and do-while loops (nested, with break and
 * continue), early returns, and expressions with every arithmetic,
 * bitwise and shift operator, casts, ?:, !, short-circuit and scalar
 * conditions; return types int, unsigned, long and short.  Signed
 * overflow, division by zero, INT_MIN / -1 and shifts out of range
 * happen on the boundary inputs: the C profile's undefined behaviour
 * (`ub: outcome`), the IR's exceptional outcome.
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
#include "prover-test.h"

#include "lang/csrc.h"
#include "sem/mir.h"

#define NM 60
#define NI 12

static struct arena *A;
static uint64_t seed = 0xc5eed;
/* SUBSUME_SEED overrides it (to try others by hand) */
static char dir[] = "/tmp/subsume-cdiff-XXXXXX";
static const struct profile *PF;

static int rnd(int n)
{
	return (int)(rnd_next(&seed) % (uint64_t)n);
}

struct gen {
	struct strbuf *sb;
	int depth, loops, in_loop, wn;
};

static void expr(struct gen *G, int d);

static void cond(struct gen *G, int d)
{
	static const char *const rel[] = { "<", "<=", ">", ">=", "==", "!=" };
	int k = d <= 0 ? rnd(2) : rnd(6);
	if (k == 0) {
		sb_puts(G->sb, rnd(2) ? "!" : "");
		expr(G, 0);
	} else if (k <= 3) {
		sb_puts(G->sb, "(");
		expr(G, d - 1);
		sb_printf(G->sb, " %s ", rel[rnd(6)]);
		expr(G, d - 1);
		sb_puts(G->sb, ")");
	} else {
		sb_puts(G->sb, "(");
		cond(G, d - 1);
		sb_puts(G->sb, rnd(2) ? " && " : " || ");
		cond(G, d - 1);
		sb_puts(G->sb, ")");
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
					     "(long)", "(unsigned)", "(int)" };
	int k = d <= 0 ? 0 : rnd(7);
	if (k <= 1) {
		sb_puts(G->sb, leaf[rnd(17)]);
	} else if (k == 5) {
		sb_puts(G->sb, casts[rnd(5)]);
		sb_puts(G->sb, "(");
		expr(G, d - 1);
		sb_puts(G->sb, ")");
	} else if (k == 6) {
		sb_puts(G->sb, "(");
		cond(G, d - 1);
		sb_puts(G->sb, " ? ");
		expr(G, d - 1);
		sb_puts(G->sb, " : ");
		expr(G, d - 1);
		sb_puts(G->sb, ")");
	} else {
		/* half of the shift counts and divisors tamed, so that not
		 * every case ends in undefined behaviour */
		int o = rnd(12);
		bool tame = (o == 3 || o == 4 || o == 8 || o == 9) && rnd(2);
		sb_puts(G->sb, "(");
		expr(G, d - 1);
		sb_printf(G->sb, " %s %s", ops[o], tame ? "(" : "");
		expr(G, d - 1);
		sb_printf(G->sb, "%s)", !tame ? "" : o == 3 || o == 4 ? " | 1)"
					  : " & 15)");
	}
}

static void stmts(struct gen *G, int n);

static void indent(struct gen *G)
{
	for (int i = 0; i < G->depth + 1; i++)
		sb_puts(G->sb, "\t");
}

static void block(struct gen *G, int n)
{
	sb_puts(G->sb, "{\n");
	G->depth++;
	stmts(G, n);
	G->depth--;
	indent(G);
	sb_puts(G->sb, "}");
}

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

static void stmt(struct gen *G)
{
	static const char *const tgt[] = { "t", "u", "f", "g", "h" };
	static const char *const asg[] = { "=", "+=", "-=", "*=", "/=", "%=",
					   "<<=", ">>=", "&=", "|=", "^=", "=" };
	int k = rnd(G->depth < 2 ? 10 : 7);
	indent(G);
	if (k <= 3) {
		sb_printf(G->sb, "%s %s ", tgt[rnd(5)], asg[rnd(12)]);
		expr(G, 2);
		sb_puts(G->sb, ";\n");
	} else if (k == 4) {
		const char *v = tgt[rnd(5)], *o = rnd(2) ? "++" : "--";
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

static void stmts(struct gen *G, int n)
{
	for (int i = 0; i < n; i++)
		stmt(G);
}

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
static const char *rtype[NM];

static void write_c(const char *path)
{
	static const char *const rts[] = { "int", "unsigned", "long", "short" };
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "#include <stdio.h>\n#include <stdlib.h>\n"
		"#include <unistd.h>\n#include <sys/wait.h>\n"
		"int f;\nlong g;\nunsigned char h;\n\n");
	for (int m = 0; m < NM; m++) {
		rtype[m] = rts[rnd(4)];
		sb_printf(&sb, "%s m%d(int a, unsigned b, short c)\n{\n",
			  rtype[m], m);
		sb_puts(&sb, "\tint t = a;\n\tunsigned u = b;\n");
		struct gen G = { &sb, 0, 0, 0, 0 };
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
	sb_puts(&sb, "};\n\nint main(void)\n{\n");
	for (int m = 0; m < NM; m++)
		sb_printf(&sb, "\tfor (int i = 0; i < %d; i++) {\n"
			  "\t\tlong long *x = in[%d][i];\n"
			  "\t\tfflush(stdout);\n\t\tpid_t p = fork();\n"
			  "\t\tif (p == 0) {\n\t\t\tf = (int)x[3];\n"
			  "\t\t\tg = (long)x[4];\n\t\t\th = (unsigned char)x[5];\n"
			  "\t\t\t%s r = m%d((int)x[0], (unsigned)x[1], (short)x[2]);\n"
			  "\t\t\tprintf(\"%d %%d R %s %%lld %%lld %%u\\n\", i, "
			  "(%s)r, (long long)f, (long long)g, (unsigned)h);\n"
			  "\t\t\tfflush(stdout);\n\t\t\t_exit(0);\n\t\t}\n"
			  "\t\tint st = 0;\n\t\twaitpid(p, &st, 0);\n"
			  "\t\tif (!WIFEXITED(st) || WEXITSTATUS(st))\n"
			  "\t\t\tprintf(\"%d %%d U\\n\", i);\n\t}\n",
			  NI, m, rtype[m], m, m,
			  rtype[m][0] == 'u' ? "%llu" : "%lld",
			  rtype[m][0] == 'u' ? "unsigned long long" : "long long",
			  m);
	sb_puts(&sb, "\tfflush(stdout);\n\treturn 0;\n}\n");
	FILE *fp = fopen(path, "w");
	if (!fp)
		exit(99);
	fputs(sb.buf, fp);
	fclose(fp);
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
	snprintf(buf, n, "R %s %lld %lld %u", ret,
		 (long long)value_i64(global_of(m, r, 3, gin[0])),
		 (long long)value_i64(global_of(m, r, 4, gin[1])),
		 (unsigned)global_of(m, r, 5, gin[2]).bits);
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
			 char (*out)[NI][64])
{
	char cmd[1200], line[200];
	snprintf(cmd, sizeof(cmd), "%s -O0 -w -fsanitize=undefined "
		 "-fno-sanitize-recover=all -o %s/%s %s 2>&1 && %s/%s "
		 "2>/dev/null", cc, dir, cc, src, dir, cc);
	FILE *p = popen(cmd, "r");
	if (!p)
		return false;
	int lines = 0;
	while (fgets(line, sizeof(line), p)) {
		int m, i, pos = 0;
		if (sscanf(line, "%d %d %n", &m, &i, &pos) != 2 || m < 0 ||
		    m >= NM || i < 0 || i >= NI)
			continue;
		line[strcspn(line, "\n")] = 0;
		snprintf(out[m][i], sizeof(out[m][i]), "%s", line + pos);
		lines++;
	}
	int rc = pclose(p);
	return ok(rc == 0 && lines == NM * NI, "%s -fsanitize=undefined ran "
		  "the %d cases (%d)", cc, NM * NI, lines);
}

static char outg[NM][NI][64], outc[NM][NI][64];

static void compare(const char *path)
{
	const char *why = NULL;
	struct csrc *f = csrc_open(path, A, &why);
	if (!ok(f != NULL, "the C front end reads the generated file"))
		return;
	const struct mmethod *mm[NM];
	int built = 0, bad_eval = 0, bad_enc = 0, bad_gcc = 0, ub = 0;
	int gcc_missed = 0, clang_missed = 0, cases_run = 0;
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
			struct value in[MAX_VARS], gin[3];
			inputs(mm[m], &cases[m][i], in, gin);
			struct mrun r, e;
			char got[80], enc[80];
			mir_eval(mm[m], in, 0, &r);
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
	csrc_free(f);
}

static bool have(const char *prog)
{
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", prog);
	return system(cmd) == 0;
}

int main(void)
{
	plan_no_plan();
	A = arena_new();
	PF = c_profile("c", "lp64", true, UB_OUTCOME);
	if (getenv("SUBSUME_SEED"))
		seed = strtoull(getenv("SUBSUME_SEED"), NULL, 0);
	if (!mkdtemp(dir))
		return 99;
	char src[300], cmd[400];
	snprintf(src, sizeof(src), "%s/cdiff.c", dir);
	write_c(src);
	if (!have("gcc") || !have("clang"))
		ok(0, "gcc and clang are installed (scripts/deps.sh)");
	else if (run_compiler("gcc", src, outg) &&
		 run_compiler("clang", src, outc))
		compare(src);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (getenv("SUBSUME_KEEP"))
		diag("kept %s", dir);
	else if (system(cmd) != 0)
		diag("cannot remove %s", dir);
	arena_free(A);
	free(cap_buf);
	smt_finalize();
	return done_testing();
}
