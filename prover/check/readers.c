/*
 * readers.c - the table of `subsume check`'s input formats
 * (check/readers.h).
 */
#include "check/readers.h"
#include "check/dredd.h"
#include "check/mte.h"
#include "check/pit.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool check_sniff(const char *path, const char *ext, int first)
{
	size_t n = strlen(path), m = strlen(ext);
	if (n >= m && !strcmp(path + n - m, ext))
		return true;
	if (!strcmp(path, "-"))
		return false;
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	int c;
	while ((c = getc(f)) != EOF && isspace(c))
		;
	fclose(f);
	return c == first;
}

static long read_yaml(const struct check_input *in, cgroup_fn emit,
		      void *ctx, long *seq)
{
	return check_read_yaml(in->path, emit, ctx, seq);
}

static long read_report(const struct check_input *in, cgroup_fn emit,
			void *ctx, long *seq)
{
	return check_read_elements(in->elements, in->method, emit, ctx, seq);
}

static bool any_path(const char *path)
{
	(void)path;
	return true;
}

static long read_major(const struct check_input *in, cgroup_fn emit,
		       void *ctx, long *seq)
{
	return check_read_major_src(in->f, in->path, in->src, emit, ctx, seq);
}

static const struct check_reader readers[] = {
	{ "YAML batch", CHECK_IN_YAML, false, check_is_yaml, read_yaml },
	{ "PIT mutations.xml", CHECK_IN_PIT, false, check_is_pit,
	  check_read_pit },
	{ "dredd mutation info", CHECK_IN_REPORT, false, check_is_dredd,
	  read_report },
	{ "mutation-testing-elements report", CHECK_IN_REPORT, false,
	  check_is_elements, read_report },
	{ "Major log", CHECK_IN_MAJOR, true, any_path, read_major },
};

const struct check_reader *check_reader_for(const char *path)
{
	size_t k = 0;
	while (!readers[k].sniff(path))
		k++;
	return &readers[k];
}
