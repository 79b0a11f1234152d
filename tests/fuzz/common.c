/*
 * common.c - what every fuzz harness shares: scratch file, quiet
 * diagnostics, the exit() guard, the built-in contracts.  See fuzz.h.
 */
#include "fuzz/fuzz.h"

#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"

static char scratch[4096];
static FILE *devnull;
static struct arena *keep;
static struct contracts builtin;
static volatile int inside;

static void exit_guard(void)
{
	if (inside) {
		inside = 0;
		fprintf(stderr, "fuzz: exit() called inside the code under "
				"test\n");
		abort();
	}
}

void fuzz_init(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	progname = "subsume";
	if (!getenv("FUZZ_VERBOSE")) {
		devnull = fopen("/dev/null", "w");
		if (devnull)
			diag_out = devnull;
	}
	atexit(exit_guard);
	keep = arena_new();
	fuzz_enter();
	if (contracts_load(keep, NULL, &builtin) < 0)
		fuzz_fail("the built-in contracts do not load");
	size_t n;
	stdops_operators(&n); /* parse the built-in library once, here */
	fuzz_leave();
}

void fuzz_release(void)
{
	if (scratch[0])
		unlink(scratch);
	scratch[0] = '\0';
	arena_free(keep);
	keep = NULL;
	theory_release_builtins();
	if (devnull) {
		diag_out = stderr;
		fclose(devnull);
		devnull = NULL;
	}
}

const struct contracts *fuzz_contracts_builtin(void)
{
	return &builtin;
}

const char *fuzz_write(const uint8_t *data, size_t size)
{
	if (!scratch[0]) { /* named after the first use: after AFL's fork */
		const char *dir = getenv("TMPDIR");
		snprintf(scratch, sizeof(scratch), "%s/subsume-fuzz-%ld.yaml",
			 dir && *dir ? dir : "/tmp", (long)getpid());
	}
	FILE *f = fopen(scratch, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror(scratch);
		abort();
	}
	return scratch;
}

char *fuzz_strndup(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

void fuzz_enter(void)
{
	inside = 1;
}

void fuzz_leave(void)
{
	inside = 0;
}

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;
	inside = 0;
	fprintf(stderr, "fuzz: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
