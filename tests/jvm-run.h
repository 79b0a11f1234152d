/*
 * jvm-run.h - the JVM side of the random differential drivers
 * (method-diff.c, mheap-diff.c, marr-diff.c, mobj-diff.c): one Java
 * file with every generated method, compiled and run once, the cases'
 * driver methods and main().
 */
#ifndef SUBSUME_TESTS_JVM_RUN_H
#define SUBSUME_TESTS_JVM_RUN_H

#include <stdio.h>
#include <stdlib.h>

#include "prover-test.h"
#include "tap.h"

#include "lang/javasrc.h"

/* Make the directory dir (a mkdtemp template), write class cls's source
 * there with write_java(path), compile it (a test: nm methods), run it
 * and hand its output to compare(path, jvm); then remove dir (kept with
 * MDIFF_KEEP set, for exploring).  false when dir cannot be made. */
static inline bool jvm_diff(char *dir, const char *cls, int nm,
			    void (*write_java)(const char *path),
			    void (*compare)(const char *path, FILE *jvm))
{
	if (!tap_mkdtemp(dir))
		return false;
	char src[300], cmd[1000];
	snprintf(src, sizeof(src), "%s/%s.java", dir, cls);
	write_java(src);
	if (!prog_exists("javac") || !prog_exists("java")) {
		ok(0, "javac and java are installed (scripts/deps.sh)");
	} else {
		snprintf(cmd, sizeof(cmd), "javac -nowarn -d %s %s 2>&1", dir, src);
		if (ok(system(cmd) == 0, "javac compiles the %d methods", nm)) {
			snprintf(cmd, sizeof(cmd), "java -Xshare:auto -cp %s %s",
				 dir, cls);
			FILE *p = popen(cmd, "r");
			if (p) {
				compare(src, p);
				pclose(p);
			}
		}
	}
	drv_remove_dir(dir, "MDIFF_KEEP");
	return true;
}

/* The front end's reading of the generated file path into a (a test),
 * or NULL. */
static inline struct jsrc *jvm_front_end(const char *path, struct arena *a)
{
	const char *why = NULL;
	struct jsrc *f = jsrc_open(path, a, &why);
	ok(f != NULL, "the front end reads the generated file");
	return f;
}

/* The end of the Java class of a driver: static methods c0 .. c<nm-1>
 * (a method's code is limited), c<m> writing method m's ni cases with
 * write_case(sb, m, i), and main(String[] <arg>) running them in order
 * into one StringBuilder, printed at the end. */
static inline void jvm_write_cases(struct strbuf *sb, int nm, int ni,
				   void (*write_case)(struct strbuf *sb,
						      int m, int i),
				   const char *arg)
{
	for (int m = 0; m < nm; m++) {
		sb_printf(sb, "  static void c%d(StringBuilder out) {\n", m);
		for (int i = 0; i < ni; i++)
			write_case(sb, m, i);
		sb_puts(sb, "  }\n");
	}
	sb_printf(sb, "  public static void main(String[] %s) {\n"
		  "    StringBuilder out = new StringBuilder();\n", arg);
	for (int m = 0; m < nm; m++)
		sb_printf(sb, "    c%d(out);\n", m);
	sb_puts(sb, "    System.out.print(out);\n  }\n}\n");
}

/* main() of a driver: the methods from *seed, or from MDIFF_SEED (for
 * exploring other methods; MDIFF_KEEP=1 keeps the Java file), *A the
 * arena of the run; jvm_diff(), then everything released. */
static inline int jvm_diff_main(struct arena **A, uint64_t *seed, char *dir,
				const char *cls, int nm,
				void (*write_java)(const char *path),
				void (*compare)(const char *path, FILE *jvm))
{
	plan_no_plan();
	*A = arena_new();
	if (getenv("MDIFF_SEED"))
		*seed = strtoull(getenv("MDIFF_SEED"), NULL, 0);
	if (!jvm_diff(dir, cls, nm, write_java, compare))
		return 99;
	return drv_finish(*A);
}

#endif
