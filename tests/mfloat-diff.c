/*
 * mfloat-diff.c - float and double in Java methods (lang/mir.h): the
 * method IR's evaluator and Z3 encoding against the JVM.
 *
 * Random methods (tests/mfloat-gen.h: floating parameters, fields and
 * locals, float loops, saturating casts, NaN and signed zeros, calls
 * with floating arguments) in one class, compiled by javac and run by
 * the JVM on boundary and random inputs (each case prints the return
 * value and the fields' final values as IEEE bits, or T for an
 * exception, then the calls made); the tool's front end reads the same
 * file (jsrc_method), and the evaluator and the encoding must print
 * the same on every case.
 */
#include "mfloat-gen.h"

#include "lang/javasrc-method.h"

static size_t body_at[NM]; /* where method m's body starts */

static void write_java(const char *path)
{
	static const char *const rts[] = { "double", "float", "int", "boolean" };
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "public class MF {\n    double h;\n    float k;\n    int f;\n"
		"    static StringBuilder tr = new StringBuilder();\n"
		"    static String S(double d) { return Long.toHexString("
		"Double.doubleToLongBits(d)); }\n"
		"    static String S(float d) { return Integer.toHexString("
		"Float.floatToIntBits(d)); }\n"
		"    static String S(int d) { return \"\" + d; }\n"
		"    static String S(boolean d) { return d ? \"1\" : \"0\"; }\n"
		"    static void note(double d) { tr.append(\" note/\" + S(d)); }\n"
		"    void note2(float d, int e) { tr.append(\" note2/\" + S(d) + "
		"\"/\" + e); }\n");
	for (int m = 0; m < NM; m++) {
		rtype[m] = rts[rnd(4)];
		sb_printf(&sb, "    %s m%d(double x, double y, float z, int a) {\n",
			  rtype[m], m);
		body_at[m] = sb.len;
		sb_puts(&sb, "        double t = x;\n        float w = z;\n"
			"        int n = a;\n");
		struct gen G = { .sb = &sb, .calls = m % 4 == 3, .rt = rtype[m] };
		stmts(&G, 2 + rnd(5));
		sb_puts(&sb, "        return ");
		ret_expr(&G, 2);
		sb_puts(&sb, ";\n    }\n");
	}
	for (int m = 0; m < NM; m++) {
		sb_printf(&sb, "    static void r%d(StringBuilder out) {\n", m);
		for (int i = 0; i < NI; i++) {
			const uint64_t *k = in[m][i];
			sb_printf(&sb, "        { MF o = new MF(); o.h = Double."
				  "longBitsToDouble(0x%llxL); o.k = Float.intBitsTo"
				  "Float(0x%llx); o.f = %d; tr.setLength(0); String v; "
				  "try { %s r = o.m%d(Double.longBitsToDouble(0x%llxL), "
				  "Double.longBitsToDouble(0x%llxL), Float.intBitsToFloat"
				  "(0x%llx), %d); v = \"R \" + S(r) + \" \" + S(o.h) + "
				  "\" \" + S(o.k) + \" \" + o.f + \" |\"; } catch "
				  "(RuntimeException e) { v = \"T |\"; } out.append("
				  "\"%d %d \" + v + tr + \"\\n\"); }\n",
				  (unsigned long long)k[4], (unsigned long long)k[5],
				  (int32_t)k[6], rtype[m], m, (unsigned long long)k[0],
				  (unsigned long long)k[1], (unsigned long long)k[2],
				  (int32_t)k[3], m, i);
		}
		sb_puts(&sb, "    }\n");
	}
	sb_puts(&sb, "    public static void main(String[] x) {\n"
		"        StringBuilder out = new StringBuilder();\n");
	for (int m = 0; m < NM; m++)
		sb_printf(&sb, "        r%d(out);\n", m);
	sb_puts(&sb, "        System.out.print(out);\n    }\n}\n");
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

static void java_part(void)
{
	char src[300], cmd[1000];
	snprintf(src, sizeof(src), "%s/MF.java", dir);
	write_java(src);
	snprintf(cmd, sizeof(cmd), "javac -nowarn -d %s %s 2>&1", dir, src);
	if (!ok(system(cmd) == 0, "javac compiles the %d Java methods", NM))
		return;
	snprintf(cmd, sizeof(cmd), "java -Xshare:auto -cp %s MF", dir);
	FILE *p = popen(cmd, "r");
	if (!p)
		return;
	int lines = read_lines(p, want);
	pclose(p);
	ok(lines == NM * NI, "the JVM ran %d cases (%d)", NM * NI, lines);
	const char *why = NULL;
	struct jsrc *f = jsrc_open(src, A, &why);
	if (!ok(f != NULL, "the Java front end reads the generated file"))
		return;
	const struct mmethod *mm[NM];
	int built = gen_build_java(f, A, body_at, NM, mm);
	agree(mm, built, false, "Java methods", "JVM", "the JVM", "throw");
	jsrc_free(f);
}

int main(void)
{
	return mfloat_main("javac", "java", "javac and java are installed "
			   "(scripts/deps.sh)", java_part);
}
