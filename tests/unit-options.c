/*
 * unit-options.c - the option parser (base/options.c) and the YAML
 * schema helpers (base/yschema.c): every kind of option and value form,
 * the uniform errors (with their exit code), the help made from the
 * table; schema errors with their locations, integer and boolean
 * scalars; the string buffer's formatting (base/util.c) against
 * snprintf, across its growth.
 */
#include <unistd.h>

#include "base/options.h"
#include "base/util.h"
#include "base/yschema.h"
#include "tap.h"

/* stderr of the last parse. */
static char errbuf[8192];

static int parse(int argc, char **argv, const struct option *o,
		 const struct opt_usage *u, int *first)
{
	fflush(stderr);
	FILE *tmp = tmpfile();
	int saved = dup(2);
	dup2(fileno(tmp), 2);
	int rc = parse_options(argc, argv, o, u, first);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	size_t n = fread(errbuf, 1, sizeof(errbuf) - 1, tmp);
	errbuf[n] = '\0';
	fclose(tmp);
	return rc;
}

/* The first line of errbuf. */
static const char *err1(void)
{
	static char line[512];
	size_t n = strcspn(errbuf, "\n");
	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	memcpy(line, errbuf, n);
	line[n] = '\0';
	return line;
}

static const struct opt_usage U = {
	.usage = "subsume demo [options] FILE...",
	.about = "A demonstration.\n\n",
	.tail = "exit status: 0 done\n",
};

static const char *const colours[] = { "red", "green", "blue", NULL };

struct dest {
	bool verbose, timing;
	unsigned timeout, jobs;
	const char *out, *colour;
	struct opt_list inc;
};

#define TABLE(d)                                                           \
	const struct option o[] = {                                        \
		OPT_FLAG('v', "verbose", &(d).verbose, true, "say more"),  \
		OPT_FLAG(0, "no-timing", &(d).timing, false, "no times"),  \
		OPT_UINT(0, "timeout", "MS", &(d).timeout, 0, 0,           \
			 "milliseconds", "time limit\n(default %u)"),      \
		OPT_UINT('j', NULL, "N", &(d).jobs, 1, 256,                \
			 "a number of jobs from 1 to 256", "threads"),     \
		OPT_STRING('o', NULL, "FILE", &(d).out, "output"),         \
		OPT_CHOICE(0, "colour", "C", &(d).colour, colours,         \
			   "red, green or blue"),                          \
		OPT_LIST('I', "include", "DIR", &(d).inc, "search DIR"),   \
		OPT_HELP(),                                                \
		OPT_END(),                                                 \
	}

static void parse_ok(void)
{
	struct dest d = { .timing = true, .timeout = 60000, .jobs = 1 };
	TABLE(d);
	char *argv[] = { "demo", "-v", "--no-timing", "--timeout", "5",
			 "-j3", "-o", "x.json", "--colour=green", "-I", "a",
			 "--include=b", "-Ic", "--", "-file", "more", NULL };
	int first = 0;
	int rc = parse(16, argv, o, &U, &first);
	is_int(rc, 0, "all kinds parse");
	is_int(first, 14, "arguments start after '--'");
	ok(d.verbose && !d.timing, "flags store their value");
	is_int(d.timeout, 5, "--timeout N");
	is_int(d.jobs, 3, "-jN");
	is_str(d.out, "x.json", "-o FILE");
	is_str(d.colour, "green", "--colour=C");
	ok(d.inc.n == 3 && !strcmp(d.inc.v[0], "a") &&
	   !strcmp(d.inc.v[1], "b") && !strcmp(d.inc.v[2], "c"),
	   "a list option collects every occurrence, in order");
	is_str(errbuf, "", "nothing on stderr");
	opt_list_release(&d.inc);

	struct dest e = { .timeout = 7 };
	{
		TABLE(e);
		char *argv2[] = { "demo", "-v", "file", "--timeout", "9", NULL };
		rc = parse(5, argv2, o, &U, &first);
		ok(rc == 0 && first == 2 && e.timeout == 7,
		   "options end at the first argument");
		char *argv3[] = { "demo", "-", NULL };
		rc = parse(2, argv3, o, &U, &first);
		ok(rc == 0 && first == 1, "'-' alone is an argument");
	}
}

static void parse_errors(void)
{
	static const struct {
		const char *args[4];
		const char *msg;
	} cases[] = {
		{ { "--verbos" }, "subsume: unknown option '--verbos'; did you "
				  "mean '--verbose'?" },
		{ { "--frobnicate" }, "subsume: unknown option '--frobnicate'" },
		{ { "-x" }, "subsume: unknown option '-x'" },
		{ { "--timeout" }, "subsume: option '--timeout' needs a value" },
		{ { "-o" }, "subsume: option '-o' needs a value" },
		{ { "--timeout", "soon" }, "subsume: --timeout takes "
					    "milliseconds, not 'soon'" },
		{ { "--timeout=-5" }, "subsume: --timeout takes milliseconds, "
				      "not '-5'" },
		{ { "--timeout", "99999999999" }, "subsume: --timeout takes "
			"milliseconds, not '99999999999'" },
		{ { "-j", "0" }, "subsume: -j takes a number of jobs from 1 to "
				 "256, not '0'" },
		{ { "-j257" }, "subsume: -j takes a number of jobs from 1 to "
			       "256, not '257'" },
		{ { "--colour", "pink" }, "subsume: unknown colour 'pink' (red, "
					  "green or blue)" },
		{ { "--verbose=yes" }, "subsume: option '--verbose' takes no "
				       "value" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct dest d = { .jobs = 1 };
		TABLE(d);
		char *argv[6] = { "demo" };
		int argc = 1;
		for (int k = 0; cases[i].args[k]; k++)
			argv[argc++] = (char *)cases[i].args[k];
		int first;
		int rc = parse(argc, argv, o, &U, &first);
		is_int(rc, EXIT_USAGE, "%s: exit 2", cases[i].args[0]);
		is_str(err1(), cases[i].msg, "%s: the message", cases[i].args[0]);
		ok(strstr(errbuf, "\n\nusage: subsume demo") != NULL,
		   "%s: then the usage", cases[i].args[0]);
		opt_list_release(&d.inc);
	}
}

static void help(void)
{
	struct dest d = { .timeout = 60000, .jobs = 1 };
	TABLE(d);
	struct strbuf sb = STRBUF_INIT;
	opt_help(&sb, o, &U);
	is_str(sb.buf,
	       "usage: subsume demo [options] FILE...\n"
	       "\n"
	       "A demonstration.\n"
	       "\n"
	       "options:\n"
	       "  -v, --verbose      say more\n"
	       "  --no-timing        no times\n"
	       "  --timeout MS       time limit\n"
	       "                     (default 60000)\n"
	       "  -j N               threads\n"
	       "  -o FILE            output\n"
	       "  --colour C         red, green or blue\n"
	       "  -I, --include DIR  search DIR\n"
	       "  -h, --help         show this help\n"
	       "\n"
	       "exit status: 0 done\n",
	       "the help: every option, aligned, the default shown");
	sb_release(&sb);

	/* --help prints it on stdout and stops parsing. */
	fflush(stdout);
	FILE *tmp = tmpfile();
	int saved = dup(1);
	dup2(fileno(tmp), 1);
	char *argv[] = { "demo", "--help", "--frobnicate", NULL };
	int first;
	int rc = parse_options(3, argv, o, &U, &first);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	rewind(tmp);
	char buf[2048];
	size_t n = fread(buf, 1, sizeof(buf) - 1, tmp);
	buf[n] = '\0';
	fclose(tmp);
	ok(rc == -1 && !strncmp(buf, "usage: subsume demo", 19),
	   "--help: the help on stdout, then stop (-1)");

	struct strbuf man = STRBUF_INIT;
	opt_man_out = &man;
	rc = parse_options(2, argv, o, &U, &first);
	opt_man_out = NULL;
	ok(rc == -1 && strstr(man.buf, ".SS \"subsume demo [options] FILE...\"") &&
	   strstr(man.buf, ".TP\n\\fB\\-\\-timeout\\fR \\fIMS\\fR\ntime limit "
			   "(default 60000)\n"),
	   "man mode: the same table as roff");
	sb_release(&man);
}

/* ---- base/yschema.c ---- */

static struct ynode *load(struct arena *a, const char *text)
{
	struct source *src = ANEW(a, struct source);
	src->name = "t.yaml";
	src->text = text;
	src->len = strlen(text);
	return ytree_load(a, src);
}

static char diagbuf[4096];
static FILE *diagf;

static void diag_begin(void)
{
	diagf = tmpfile();
	diag_out = diagf;
}

static const char *diag_end(void)
{
	fflush(diagf);
	rewind(diagf);
	size_t n = fread(diagbuf, 1, sizeof(diagbuf) - 1, diagf);
	diagbuf[n] = '\0';
	fclose(diagf);
	diag_out = NULL;
	char *nl = strchr(diagbuf, '\n');
	if (nl)
		*nl = '\0';
	return diagbuf;
}

static void schema(void)
{
	struct arena *a = arena_new();
	struct ynode *root = load(a, "name: x\nnmae: y\ncount: 12\nneg: -3\n"
				     "big: 99999999999999999999\nflag: true\n"
				     "no: false\nlist: [1]\nword: abc\n"
				     "empty: \"\"\nzzz: 1\n");
	static const char *const keys[] = { "name", "count", "neg", "big",
					    "flag", "no", "list", "word",
					    "empty" };
	diag_begin();
	int rc = ys_check_keys(root, keys, ARRAY_SIZE(keys), "a demo");
	diag_end();
	is_int(rc, -2, "two unknown keys: both reported");
	ok(strstr(diagbuf, "t.yaml:2:1: error: unknown key 'nmae' in a demo; "
			   "did you mean 'name'?") == diagbuf,
	   "unknown key: located, with a suggestion");

	diag_begin();
	static const char *const few[] = { "a", "b" };
	struct ynode *r2 = load(a, "zzzzzz: 1\n");
	ys_check_keys(r2, few, 2, "a thing");
	is_str(diag_end(), "t.yaml:1:1: error: unknown key 'zzzzzz' in a thing "
	       "(expected one of: a, b)", "unknown key: the allowed keys when "
	       "none is close");

	diag_begin();
	is_int(ys_require(root, "missing", "a demo"), -1, "ys_require fails");
	is_str(diag_end(), "t.yaml:1:1: error: a demo needs a 'missing' key",
	       "ys_require: the message");
	is_int(ys_require(root, "name", "a demo"), 0, "ys_require passes");

	diag_begin();
	is_int(ys_want(ymap_get(root, "list"), Y_MAP, "'list'"), -1,
	       "ys_want: wrong kind");
	is_str(diag_end(), "t.yaml:8:7: error: 'list' must be a mapping, not "
	       "a list", "ys_want: the message, at the node");
	diag_begin();
	ok(!ys_scalar(ymap_get(root, "empty"), "'empty'"), "ys_scalar: empty");
	is_str(diag_end(), "t.yaml:10:8: error: 'empty' must not be empty",
	       "ys_scalar: the message");

	long v = 0;
	ok(!ys_int(ymap_get(root, "count"), "'count'", 0, 100, &v) && v == 12,
	   "ys_int: 12");
	ok(!ys_int(ymap_get(root, "neg"), "'neg'", -5, 5, &v) && v == -3,
	   "ys_int: -3");
	diag_begin();
	ok(ys_int(ymap_get(root, "count"), "'count'", 0, 10, &v) < 0,
	   "ys_int: out of range");
	is_str(diag_end(), "t.yaml:3:8: error: 'count' must be a whole number "
	       "from 0 to 10, not '12'", "ys_int: the message");
	diag_begin();
	ok(ys_int(ymap_get(root, "big"), "'big'", 0, 10, &v) < 0 &&
	   ys_int(ymap_get(root, "word"), "'word'", 0, 10, &v) < 0,
	   "ys_int: overflow and words refused");
	diag_end();

	bool b = false;
	ok(!ys_bool(ymap_get(root, "flag"), "'flag'", &b) && b, "ys_bool: true");
	ok(!ys_bool(ymap_get(root, "no"), "'no'", &b) && !b, "ys_bool: false");
	diag_begin();
	ok(ys_bool(ymap_get(root, "word"), "'word'", &b) < 0, "ys_bool: a word");
	is_str(diag_end(), "t.yaml:9:7: error: 'word' must be true or false, "
	       "not 'abc'", "ys_bool: the message");
	arena_free(a);
}

/* sb_printf() formats in one pass when the text fits and again after
 * growing when it does not: both must give snprintf's text, whatever
 * the buffer held before; sb_putint() and sb_puthex() are "%lld" and
 * "%llx". */
static void strbufs(void)
{
	struct strbuf sb = STRBUF_INIT;
	char want[4096];
	size_t at = 0;
	bool same = true;
	for (int k = 0; k < 400; k++) {
		int w = (k * 37) % 300;
		sb_printf(&sb, "%d:%*s|%s", k, w, "x", k % 2 ? "odd" : "");
		int n = snprintf(want, sizeof(want), "%d:%*s|%s", k, w, "x",
				 k % 2 ? "odd" : "");
		same &= sb.len == at + (size_t)n &&
			!memcmp(sb.buf + at, want, (size_t)n) &&
			sb.buf[sb.len] == '\0';
		at = sb.len;
	}
	ok(same, "sb_printf appends snprintf's text, growing or not (400 "
	   "appends, %zu bytes)", sb.len);
	const long long ints[] = { 0, 7, -7, 10, -10, 2147483647LL,
				   -2147483648LL, INT64_MAX, INT64_MIN };
	for (size_t i = 0; i < sizeof(ints) / sizeof(*ints); i++) {
		sb_reset(&sb);
		sb_putint(&sb, ints[i]);
		snprintf(want, sizeof(want), "%lld", ints[i]);
		is_str(sb.buf, want, "sb_putint(%s)", want);
		sb_reset(&sb);
		sb_puthex(&sb, (unsigned long long)ints[i]);
		snprintf(want, sizeof(want), "%llx", (unsigned long long)ints[i]);
		is_str(sb.buf, want, "sb_puthex(%s)", want);
	}
	sb_release(&sb);
}

int main(void)
{
	plan_no_plan();
	strbufs();
	parse_ok();
	parse_errors();
	help();
	schema();
	return done_testing();
}
