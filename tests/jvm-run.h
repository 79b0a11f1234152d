/*
 * jvm-run.h - the JVM side of the random differential drivers
 * (method-diff.c, mheap-diff.c, marr-diff.c, mobj-diff.c): one Java
 * file with every generated method, compiled and run once.
 */
#ifndef SUBSUME_TESTS_JVM_RUN_H
#define SUBSUME_TESTS_JVM_RUN_H

#include <stdio.h>
#include <stdlib.h>

#include "prover-test.h"
#include "tap.h"

/* Make the directory dir (a mkdtemp template), write class cls's source
 * there with write_java(path), compile it (a test: nm methods), run it
 * and hand its output to compare(path, jvm); then remove dir (kept with
 * MDIFF_KEEP set, for exploring).  false when dir cannot be made. */
static inline bool jvm_diff(char *dir, const char *cls, int nm,
			    void (*write_java)(const char *path),
			    void (*compare)(const char *path, FILE *jvm))
{
	if (!mkdtemp(dir))
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
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (getenv("MDIFF_KEEP"))
		diag("kept %s", dir);
	else if (system(cmd) != 0)
		diag("cannot remove %s", dir);
	return true;
}

#endif
