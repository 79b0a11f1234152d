/*
 * afl-main.c - the AFL++ driver of one harness (FUZZ_FN, set by the
 * Makefile: -DFUZZ_FN=fuzz_theory).
 *
 * Built by afl-clang-fast: persistent mode (__AFL_LOOP) with test cases
 * in shared memory, the forkserver started after fuzz_init().  Built by
 * any other compiler, or given file arguments: each file (or stdin)
 * once, for replaying a crash or a queue (`build-fuzz/fuzz/theory
 * crash-file`).
 */
#include "fuzz/fuzz.h"

#include <errno.h>
#include <string.h>
#include <unistd.h> /* read(), in __AFL_FUZZ_TESTCASE_LEN */

#ifndef FUZZ_FN
#error "build with -DFUZZ_FN=fuzz_NAME (see tests/fuzz/fuzz.h)"
#endif

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
#endif

static int run_stream(FILE *f, const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_add(&sb, buf, n);
	if (ferror(f)) {
		fprintf(stderr, "%s: %s\n", name, strerror(errno));
		sb_release(&sb);
		return 1;
	}
	FUZZ_FN((const uint8_t *)(sb.buf ? sb.buf : ""), sb.len);
	sb_release(&sb);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;
	fuzz_init();
	if (argc > 1) {
		for (int i = 1; i < argc; i++) {
			FILE *f = fopen(argv[i], "rb");
			if (!f) {
				fprintf(stderr, "%s: %s\n", argv[i],
					strerror(errno));
				rc = 1;
				continue;
			}
			rc |= run_stream(f, argv[i]);
			fclose(f);
		}
		fuzz_release();
		return rc;
	}
#ifdef __AFL_FUZZ_TESTCASE_LEN
	__AFL_INIT();
	const unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(10000))
		FUZZ_FN(buf, (size_t)__AFL_FUZZ_TESTCASE_LEN);
#else
	rc = run_stream(stdin, "stdin");
#endif
	fuzz_release();
	return rc;
}
