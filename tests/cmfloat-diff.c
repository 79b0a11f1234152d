/*
 * cmfloat-diff.c - float and double in C functions (lang/mir.h): the
 * method IR's evaluator and Z3 encoding against gcc and clang.
 *
 * Random functions (tests/mfloat-gen.h: floating parameters, globals
 * and locals, float loops, NaN and signed zeros) in one program,
 * compiled by gcc and by clang with -fsanitize=undefined,
 * float-cast-overflow -fno-sanitize-recover=all -ffp-contract=off (a
 * conversion to int out of range, signed overflow and division by zero
 * are undefined behaviour: what either compiler reports); each case
 * runs in a forked child and prints the return value and the globals'
 * final values as IEEE bits, or U.  The tool's front end reads the same
 * file (csrc_method, the C profile lp64, ub: outcome), and the
 * evaluator and the encoding must print the same on every case.
 */
#include "mfloat-gen.h"

#include "lang/csrc.h"

static const struct profile *CPF;

static void write_c(const char *path)
{
	static const char *const rts[] = { "double", "float", "int" };
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n"
		"#include <unistd.h>\n#include <sys/wait.h>\n"
		"double h;\nfloat k;\nint f;\n\n");
	for (int m = 0; m < NM; m++) {
		rtype[m] = rts[rnd(3)];
		sb_printf(&sb, "%s m%d(double x, double y, float z, int a)\n{\n",
			  rtype[m], m);
		sb_puts(&sb, "    double t = x;\n    float w = z;\n    int n = a;\n");
		struct gen G = { .sb = &sb, .c = true, .rt = rtype[m] };
		stmts(&G, 2 + rnd(5));
		sb_puts(&sb, "    return ");
		ret_expr(&G, 2);
		sb_puts(&sb, ";\n}\n\n");
	}
	sb_puts(&sb, "static unsigned long long D(double d) { unsigned long long u; "
		"if (d != d) return 0x7ff8000000000000ULL; memcpy(&u, &d, 8); "
		"return u; }\n"
		"static unsigned long long F(float d) { unsigned u; if (d != d) "
		"return 0x7fc00000u; memcpy(&u, &d, 4); return u; }\n"
		"static double BD(unsigned long long u) { double d; memcpy(&d, "
		"&u, 8); return d; }\n"
		"static float BF(unsigned u) { float d; memcpy(&d, &u, 4); "
		"return d; }\n");
	sb_printf(&sb, "static unsigned long long in[%d][%d][%d] = {\n", NM, NI, NV);
	for (int m = 0; m < NM; m++) {
		sb_puts(&sb, "    {");
		for (int i = 0; i < NI; i++) {
			sb_puts(&sb, i ? ", {" : "{");
			for (int j = 0; j < NV; j++)
				sb_printf(&sb, "%s0x%llxULL", j ? ", " : "",
					  (unsigned long long)in[m][i][j]);
			sb_puts(&sb, "}");
		}
		sb_puts(&sb, "},\n");
	}
	sb_puts(&sb, "};\n\nint main(void)\n{\n");
	for (int m = 0; m < NM; m++) {
		const char *show = rtype[m][0] == 'd' ? "printf(\"%llx\", D(r))"
				   : rtype[m][0] == 'f' ? "printf(\"%llx\", F(r))"
							: "printf(\"%d\", r)";
		sb_printf(&sb, "    for (int i = 0; i < %d; i++) {\n"
			  "        unsigned long long *x = in[%d][i];\n"
			  "        fflush(stdout);\n        pid_t p = fork();\n"
			  "        if (p == 0) {\n"
			  "            h = BD(x[4]); k = BF((unsigned)x[5]); f = (int)x[6];\n"
			  "            %s r = m%d(BD(x[0]), BD(x[1]), BF((unsigned)x[2]), "
			  "(int)x[3]);\n"
			  "            printf(\"%d %%d R \", i); %s;\n"
			  "            printf(\" %%llx %%llx %%d\\n\", D(h), F(k), f);\n"
			  "            fflush(stdout);\n            _exit(0);\n        }\n"
			  "        int st = 0;\n        waitpid(p, &st, 0);\n"
			  "        if (!WIFEXITED(st) || WEXITSTATUS(st))\n"
			  "            printf(\"%d %%d U\\n\", i);\n    }\n",
			  NI, m, rtype[m], m, m, show, m);
	}
	sb_puts(&sb, "    fflush(stdout);\n    return 0;\n}\n");
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

static char outg[NM][NI][WANT], outc[NM][NI][WANT];

static bool run_compiler(const char *cc, const char *src,
			 char (*out)[NI][WANT])
{
	char cmd[1200];
	snprintf(cmd, sizeof(cmd), "%s -O0 -w -ffp-contract=off "
		 "-fsanitize=undefined,float-cast-overflow "
		 "-fno-sanitize-recover=all -o %s/%s %s -lm 2>&1 && %s/%s "
		 "2>/dev/null", cc, dir, cc, src, dir, cc);
	FILE *p = popen(cmd, "r");
	if (!p)
		return false;
	int lines = read_lines(p, out);
	int rc = pclose(p);
	return ok(rc == 0 && lines == NM * NI, "%s -fsanitize=undefined,"
		  "float-cast-overflow ran the %d cases (%d)", cc, NM * NI, lines);
}

static void c_part(void)
{
	char src[300];
	snprintf(src, sizeof(src), "%s/mf.c", dir);
	write_c(src);
	if (!run_compiler("gcc", src, outg) || !run_compiler("clang", src, outc))
		return;
	int bad_cc = 0;
	for (int m = 0; m < NM; m++)
		for (int i = 0; i < NI; i++) {
			/* UB: what either compiler reports */
			const char *g = outg[m][i], *c = outc[m][i];
			snprintf(want[m][i], sizeof(want[m][i]), "%s",
				 *g == 'U' ? g : c);
			if (*g == 'R' && *c == 'R' && strcmp(g, c) && bad_cc++ < 5)
				diag("m%d input %d: gcc %s, clang %s", m, i, g, c);
		}
	ok(bad_cc == 0, "gcc and clang agree where neither reports UB (%d "
	   "differ)", bad_cc);
	const char *why = NULL;
	struct csrc *f = csrc_open(src, A, &why);
	if (!ok(f != NULL, "the C front end reads the generated file"))
		return;
	const struct mmethod *mm[NM];
	int built = 0;
	for (int m = 0; m < NM; m++) {
		char name[16];
		snprintf(name, sizeof(name), "m%d", m);
		mm[m] = csrc_method(f, CPF, A, name, 0, 0, NULL, false, &why);
		built += mm[m] != NULL;
		if (!mm[m])
			diag("m%d: %s", m, why);
	}
	agree(mm, built, true, "C functions", "gcc/clang", "the compilers",
	      "have UB");
	csrc_free(f);
}

int main(void)
{
	CPF = c_profile("c", "lp64", true, UB_OUTCOME);
	seed = 0xf7a0a9; /* other functions than the Java test's */
	return mfloat_main("gcc", "clang", "gcc and clang are installed "
			   "(scripts/deps.sh)", c_part);
}
