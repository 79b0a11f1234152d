/*
 * main.c - the command line: `subsume COMMAND [OPTIONS] ARGS...`.
 *
 * Each command is a cmd_<name>() that parses its own options.  Input is
 * read and checked in full before any output is written, and output
 * files are written all-or-nothing.  Exit codes are in util.h and
 * README.md.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "emit.h"
#include "smt.h"

static const char usage_main[] =
	"usage: subsume <command> [options] [arguments]\n"
	"\n"
	"Prove mutation-testing theories with the Z3 SMT solver.\n"
	"\n"
	"commands:\n"
	"  prove     prove equivalence, duplicates, subsumption and the\n"
	"            minimal mutant set of every target in theory files\n"
	"  help      show the help of a command\n"
	"\n"
	"options:\n"
	"  -h, --help     show this help\n"
	"  --version      show the versions of subsume and Z3\n"
	"\n"
	"Run 'subsume <command> --help' for a command's options.\n";

static const char usage_prove[] =
	"usage: subsume prove [options] PATH...\n"
	"\n"
	"Prove every target of the theory files given (a folder means every\n"
	"*.yaml file in it, in name order).  For each target and domain:\n"
	"the mutants, which are equivalent, which are duplicates, which\n"
	"subsume which, the classes and the minimal set, with a witness\n"
	"input behind every negative answer.\n"
	"\n"
	"options:\n"
	"  --format FMT    text (default) or json\n"
	"  --timeout MS    solver time limit per query in milliseconds\n"
	"                  (default 10000; 0 means none)\n"
	"  -o FILE         write to FILE (all or nothing) instead of stdout\n"
	"  --no-timing     leave run times out, for reproducible output\n"
	"  -h, --help      show this help\n"
	"\n"
	"exit status: 0 all answers proven, 1 some answers unknown,\n"
	"2 usage error, 3 invalid theory, 4 internal error, 5 I/O error\n";

static int usage_error(const char *usage, const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", progname);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n\n%s", usage);
	return EXIT_USAGE;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_yaml(const char *name)
{
	size_t n = strlen(name);
	return name[0] != '.' &&
	       ((n > 5 && !strcmp(name + n - 5, ".yaml")) ||
		(n > 4 && !strcmp(name + n - 4, ".yml")));
}

/* Expand PATH arguments into theory files; folders in name order. */
static int collect_paths(char **args, int nargs, char ***out, size_t *nout)
{
	size_t n = 0, cap = 0;
	char **files = NULL;
	for (int i = 0; i < nargs; i++) {
		struct stat st;
		if (stat(args[i], &st) != 0) {
			error("cannot read '%s': %s", args[i], strerror(errno));
			goto fail;
		}
		if (!S_ISDIR(st.st_mode)) {
			GROW(files, n + 1, cap);
			files[n++] = xstrdup(args[i]);
			continue;
		}
		DIR *d = opendir(args[i]);
		if (!d) {
			error("cannot read '%s': %s", args[i], strerror(errno));
			goto fail;
		}
		size_t first = n;
		struct dirent *de;
		while ((de = readdir(d))) {
			if (!is_yaml(de->d_name))
				continue;
			GROW(files, n + 1, cap);
			struct strbuf sb = STRBUF_INIT;
			size_t l = strlen(args[i]);
			sb_printf(&sb, "%s%s%s", args[i],
				  l && args[i][l - 1] == '/' ? "" : "/",
				  de->d_name);
			files[n++] = sb.buf;
		}
		closedir(d);
		qsort(files + first, n - first, sizeof(*files), cmp_str);
	}
	*out = files;
	*nout = n;
	return 0;
fail:
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
	return -1;
}

static int parse_uint(const char *s, unsigned *out)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (!*s || *end || errno || v > 0xffffffffUL || s[0] == '-')
		return -1;
	*out = (unsigned)v;
	return 0;
}

static int write_output(const char *path, const struct strbuf *sb)
{
	if (!path) {
		if (fwrite(sb->buf, 1, sb->len, stdout) != sb->len ||
		    fflush(stdout) != 0) {
			error("cannot write to standard output: %s",
			      strerror(errno));
			return EXIT_IO;
		}
		return 0;
	}
	return write_file_atomic(path, sb->buf, sb->len) < 0 ? EXIT_IO : 0;
}

static int cmd_prove(int argc, char **argv)
{
	const char *format = "text", *out = NULL;
	struct prove_opts opts = { .timeout_ms = 10000 };
	bool timing = true;
	int i;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_prove, stdout);
			return 0;
		} else if (!strcmp(a, "--format") || !strcmp(a, "--timeout") ||
			   !strcmp(a, "-o")) {
			if (i + 1 >= argc)
				return usage_error(usage_prove,
						   "option '%s' needs a value", a);
			const char *v = argv[++i];
			if (!strcmp(a, "--format"))
				format = v;
			else if (!strcmp(a, "-o"))
				out = v;
			else if (parse_uint(v, &opts.timeout_ms) < 0)
				return usage_error(usage_prove,
						   "--timeout takes milliseconds, "
						   "not '%s'",
						   v);
		} else if (!strncmp(a, "--format=", 9)) {
			format = a + 9;
		} else if (!strncmp(a, "--timeout=", 10)) {
			if (parse_uint(a + 10, &opts.timeout_ms) < 0)
				return usage_error(usage_prove,
						   "--timeout takes milliseconds, "
						   "not '%s'",
						   a + 10);
		} else if (!strcmp(a, "--no-timing")) {
			timing = false;
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (a[0] == '-' && a[1]) {
			return usage_error(usage_prove, "unknown option '%s'", a);
		} else {
			break;
		}
	}
	if (strcmp(format, "text") && strcmp(format, "json"))
		return usage_error(usage_prove,
				   "unknown format '%s' (text or json)", format);
	if (i >= argc)
		return usage_error(usage_prove, "%s", "no theory files given");

	char **files;
	size_t nfiles;
	if (collect_paths(argv + i, argc - i, &files, &nfiles) < 0)
		return EXIT_IO;
	if (!nfiles) {
		error("no theory files (*.yaml) found");
		free(files);
		return EXIT_INPUT;
	}

	struct arena *a = arena_new();
	struct theory **ths = ANEWN(a, struct theory *, nfiles);
	int rc = 0, bad = 0, total = 0;
	for (size_t f = 0; f < nfiles; f++) {
		ths[f] = theory_load(a, files[f]);
		if (!ths[f])
			bad++;
		else
			total += ths[f]->nanalyses;
	}
	if (bad) {
		rc = EXIT_INPUT;
		goto done;
	}
	struct run run = { 0, ANEWN(a, struct result *, (size_t)total + 1),
			   timing };
	bool unknown = false;
	for (size_t f = 0; f < nfiles; f++)
		for (int k = 0; k < ths[f]->nanalyses; k++) {
			struct result *r = prove_analysis(
				a, &ths[f]->analyses[k], &opts);
			unknown |= r->nunknowns > 0;
			run.results[run.n++] = r;
		}
	struct strbuf sb = STRBUF_INIT;
	if (!strcmp(format, "json"))
		emit_json(&sb, &run);
	else
		emit_text(&sb, &run);
	rc = write_output(out, &sb);
	sb_release(&sb);
	if (!rc && unknown)
		rc = EXIT_UNKNOWN;
done:
	arena_free(a);
	for (size_t f = 0; f < nfiles; f++)
		free(files[f]);
	free(files);
	return rc;
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;
} commands[] = {
	{ "prove", cmd_prove, usage_prove },
};

int main(int argc, char **argv)
{
	int rc;
	if (argc < 2) {
		fputs(usage_main, stderr);
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version")) {
		printf("subsume %s (Z3 %s)\n", SUBSUME_VERSION, smt_version());
		return 0;
	}
	if (!strcmp(cmd, "help")) {
		if (argc < 3) {
			fputs(usage_main, stdout);
			return 0;
		}
		cmd = argv[2];
		for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
			if (!strcmp(cmd, commands[i].name)) {
				fputs(commands[i].usage, stdout);
				return 0;
			}
		return usage_error(usage_main, "unknown command '%s'", cmd);
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(cmd, commands[i].name)) {
			rc = commands[i].fn(argc - 1, argv + 1);
			smt_finalize();
			return rc;
		}
	const char *names[ARRAY_SIZE(commands) + 1];
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		names[i] = commands[i].name;
	names[ARRAY_SIZE(commands)] = "help";
	const char *best = closest_word(cmd, names, ARRAY_SIZE(names));
	if (best) {
		fprintf(stderr, "%s: unknown command '%s'; did you mean '%s'?\n",
			progname, cmd, best);
		return EXIT_USAGE;
	}
	return usage_error(usage_main, "unknown command '%s'", cmd);
}
