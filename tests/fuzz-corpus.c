/*
 * fuzz-corpus.c - every fuzz harness (tests/fuzz/) run once on every
 * file of its seed corpus (tests/fuzz/corpus/NAME/) and of its
 * regression cases (tests/data/fuzz/NAME/: inputs that crashed or hung
 * a harness once).  Built with the normal compiler, no AFL++; under
 * `make check SANITIZE=address,undefined` the sanitizers check every
 * input and LeakSanitizer the whole run.  A harness that finds a broken
 * promise aborts (tests/fuzz/fuzz.h), which fails this test.
 *
 * FUZZ_CORPUS_DIR and FUZZ_DATA_DIR override the two folders.
 */
#include <dirent.h>
#include <string.h>

#include "tap.h"
#include "fuzz/fuzz.h"

static const struct {
	const char *name;
	fuzz_fn fn;
} harnesses[] = {
	{ "theory", fuzz_theory },     { "expr", fuzz_expr },
	{ "operator", fuzz_operator }, { "major", fuzz_major },
	{ "yaml", fuzz_yaml },         { "contracts", fuzz_contracts },
	{ "javasrc", fuzz_javasrc },   { "kills", fuzz_kills },
	{ "elements", fuzz_elements }, { "dredd", fuzz_dredd },
};

static int cmp(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Run fn on every regular file of dir, in name order; the count, or -1
 * when dir cannot be read. */
static long replay(const char *dir, fuzz_fn fn, size_t *bytes)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		GROW(names, n + 1, cap);
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp);
	long done = 0;
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		size_t len;
		char *data = read_file(path, &len);
		if (data) {
			fn((const uint8_t *)data, len);
			*bytes += len;
			done++;
			free(data);
		}
		free(names[i]);
	}
	free(names);
	return done;
}

int main(void)
{
	const char *corpus = getenv("FUZZ_CORPUS_DIR");
	const char *data = getenv("FUZZ_DATA_DIR");
	corpus = corpus ? corpus : "tests/fuzz/corpus";
	data = data ? data : "tests/data/fuzz";
	fuzz_init();
	plan_no_plan();
	for (size_t h = 0; h < ARRAY_SIZE(harnesses); h++) {
		char dir[4096];
		size_t bytes = 0;
		snprintf(dir, sizeof(dir), "%s/%s", corpus, harnesses[h].name);
		long n = replay(dir, harnesses[h].fn, &bytes);
		ok(n >= 3, "fuzz_%s: %ld seed files (%zu bytes), none crashed",
		   harnesses[h].name, n, bytes);
		snprintf(dir, sizeof(dir), "%s/%s", data, harnesses[h].name);
		bytes = 0;
		n = replay(dir, harnesses[h].fn, &bytes);
		if (n >= 0)
			ok(n > 0, "fuzz_%s: %ld regression cases in %s, none "
				  "crashed", harnesses[h].name, n, dir);
	}
	fuzz_release();
	return done_testing();
}
