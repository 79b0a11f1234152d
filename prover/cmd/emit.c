/*
 * cmd_emit.c - `subsume tables`, `graphs`, `export` and `report`: load
 * and prove like `prove`, then hand the results to an emitter and write
 * what it produced all-or-nothing.  User documentation: docs/emitters.md.
 *
 * Several files (tables, graphs) are written in two phases: every file
 * goes to a temporary name first, and only when all of them are written
 * are they renamed into place, so a failing run (bad theory, full disk)
 * leaves the previous outputs untouched.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/run.h"

/* ---- shared helpers (declared in emit.h) ---- */

const char *emit_orig_op(const struct analysis *an)
{
	const struct node *t = an->orig;
	switch (t->kind) {
	case N_BINARY:
	case N_UNARY:
		return op_spelling(t->op);
	case N_INCDEC:
		switch (t->op) {
		case OP_PREINC: return "++exp";
		case OP_PREDEC: return "--exp";
		case OP_POSTINC: return "exp++";
		default: return "exp--";
		}
	case N_ASSIGN: {
		static const char *const compound[OP_COUNT] = {
			[OP_MUL] = "*=", [OP_DIV] = "/=", [OP_REM] = "%=",
			[OP_ADD] = "+=", [OP_SUB] = "-=", [OP_SHL] = "<<=",
			[OP_SHR] = ">>=", [OP_USHR] = ">>>=", [OP_AND] = "&=",
			[OP_XOR] = "^=", [OP_OR] = "|=",
		};
		const char *s = t->op > OP_NONE && t->op < OP_COUNT
					? compound[t->op] : NULL;
		return s ? s : "=";
	}
	case N_COND:
		return "?:";
	default:
		return "";
	}
}

void emit_operand_type(struct strbuf *sb, const struct analysis *an)
{
	const struct node *t = an->orig;
	switch (t->kind) {
	case N_BINARY:
	case N_ASSIGN:
		/* the operands as written: without implicit conversions */
		sb_puts(sb, type_name(node_strip(t->a)->type));
		if (node_strip(t->b)->type != node_strip(t->a)->type)
			sb_printf(sb, ",%s", type_name(node_strip(t->b)->type));
		return;
	case N_UNARY:
	case N_INCDEC:
		sb_puts(sb, type_name(node_strip(t->a)->type));
		return;
	default:
		sb_puts(sb, type_name(t->type));
	}
}

void emit_label_detail(struct strbuf *sb, const char *label)
{
	const char *open = strchr(label, '(');
	size_t n = strlen(label);
	if (open && n >= 2 && label[n - 1] == ')' && open > label)
		sb_add(sb, open + 1, (size_t)(label + n - 1 - (open + 1)));
	else
		sb_puts(sb, label);
}

bool emit_kept(const struct result *r, int m)
{
	return r->minimal[m];
}

/* ---- options ---- */

const char usage_tables[] =
	"usage: subsume tables [options] PATH...\n"
	"\n"
	"Prove the theory files given (a folder means every *.yaml file in\n"
	"it) and write C99 tables of the results: subsume_tables.h (types,\n"
	"lookup functions, documented) and subsume_tables.c (const data).\n"
	"For every theory, target and domain: the mutants, each one's\n"
	"verdict, the minimal set, and per operator family the\n"
	"replacements to keep.\n"
	"\n"
	"options:\n"
	"  -o DIR          write into DIR (default tables/; created if needed)\n"
	"  --timeout MS    solver time limit per query (default 60000)\n"
	"  -j N            prove on N threads\n"
	"  -h, --help      show this help\n"
	"\n"
	"Both files are written or neither is.  exit status: 0 done, 1 some\n"
	"answers unknown (files written), 2 usage, 3 invalid theory (nothing\n"
	"written), 4 internal error, 5 I/O error\n";

const char usage_graphs[] =
	"usage: subsume graphs [options] PATH...\n"
	"\n"
	"Prove the theory files given and write one Graphviz DOT file per\n"
	"target and domain, THEORY--TARGET--DOMAIN.dot: a node per class of\n"
	"mutants with the same kills, an arrow from subsumer to subsumed\n"
	"(transitive reduction), the minimal set filled and bold, equivalent\n"
	"mutants dashed in a box of their own.\n"
	"\n"
	"options:\n"
	"  -o DIR          write into DIR (default graphs/; created if needed)\n"
	"  --svg           also render each graph to .svg with the 'dot'\n"
	"                  program (exit status 5 if it is not installed)\n"
	"  --timeout MS    solver time limit per query (default 60000)\n"
	"  -j N            prove on N threads\n"
	"  -h, --help      show this help\n"
	"\n"
	"All DOT files are written or none is.  exit status as for tables.\n";

const char usage_export[] =
	"usage: subsume export --mml [options] PATH...\n"
	"\n"
	"Prove the theory files given and write the minimal sets as Major's\n"
	"Mutation Modeling Language: per Java type an operator group with one\n"
	"rule per original operator, e.g. BIN(<)->{<=,!=,FALSE};.  What Major\n"
	"cannot express (assumptions, mathematical integers, negations,\n"
	"insertions...) is left out and listed on standard error.\n"
	"\n"
	"options:\n"
	"  --mml           the format (the only one for now; required)\n"
	"  -o FILE         write to FILE (all or nothing) instead of stdout\n"
	"  --timeout MS    solver time limit per query (default 60000)\n"
	"  -j N            prove on N threads\n"
	"  -h, --help      show this help\n";

const char usage_report[] =
	"usage: subsume report [options] PATH...\n"
	"\n"
	"Prove the theory files given and write a table like Table 1 of\n"
	"Gheyi et al.: per target and domain, the operators with the number\n"
	"of mutants each produced, the minimal set and its size as a share\n"
	"of all mutants.\n"
	"\n"
	"options:\n"
	"  --format FMT    markdown (the default and only format for now)\n"
	"  -o FILE         write to FILE (all or nothing) instead of stdout\n"
	"  --timeout MS    solver time limit per query (default 60000)\n"
	"  -j N            prove on N threads\n"
	"  -h, --help      show this help\n";

enum { OPT_SVG = 1, OPT_MML = 2, OPT_FORMAT = 4 };

struct eopts {
	const char *out;
	const char *format;
	bool svg, mml;
	struct run_opts run;
	int first; /* argv index of the first PATH */
};

/* 0 to go on, -1 after printing help, or an exit code. */
static int parse_opts(int argc, char **argv, const char *usage, int allow,
		      struct eopts *o)
{
	memset(o, 0, sizeof(*o));
	o->run = (struct run_opts)RUN_OPTS_DEFAULT;
	o->run.jobs = 1;
	int i;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			return -1;
		} else if (!strcmp(a, "-o") || !strcmp(a, "--timeout") ||
			   (!strcmp(a, "--format") && (allow & OPT_FORMAT))) {
			if (i + 1 >= argc)
				return usage_error(usage,
						 "option '%s' needs a value", a);
			const char *v = argv[++i];
			if (!strcmp(a, "-o"))
				o->out = v;
			else if (!strcmp(a, "--format"))
				o->format = v;
			else if (parse_uint(v, &o->run.prove.timeout_ms) < 0)
				return usage_error(usage,
						 "--timeout takes milliseconds, "
						 "not '%s'", v);
		} else if (!strncmp(a, "--format=", 9) && (allow & OPT_FORMAT)) {
			o->format = a + 9;
		} else if (!strncmp(a, "--timeout=", 10)) {
			if (parse_uint(a + 10, &o->run.prove.timeout_ms) < 0)
				return usage_error(usage,
						 "--timeout takes milliseconds, "
						 "not '%s'", a + 10);
		} else if (!strcmp(a, "--svg") && (allow & OPT_SVG)) {
			o->svg = true;
		} else if (!strcmp(a, "--mml") && (allow & OPT_MML)) {
			o->mml = true;
		} else if (!strncmp(a, "-j", 2)) {
			const char *v = a[2] ? a + 2
				      : i + 1 < argc ? argv[++i] : "";
			unsigned j;
			if (parse_uint(v, &j) < 0 || j < 1 || j > 256)
				return usage_error(usage,
						 "-j takes a number of jobs "
						 "from 1 to 256, not '%s'", v);
			o->run.jobs = (int)j;
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (a[0] == '-' && a[1]) {
			return usage_error(usage, "unknown option '%s'", a);
		} else {
			break;
		}
	}
	if (o->out && !*o->out)
		return usage_error(usage, "%s", "-o needs a non-empty name");
	if (i >= argc)
		return usage_error(usage, "%s", "no theory files given");
	o->first = i;
	return 0;
}

/* Load and prove; 0 or an exit code.  st must be released either way. */
static int load_prove(struct run_state *st, int argc, char **argv,
		      const struct eopts *o)
{
	int rc = run_load(st, argv + o->first, argc - o->first);
	if (rc)
		return rc;
	run_prove(st, &o->run);
	st->run.timing = false;
	return 0;
}

/* ---- writing several files all-or-nothing ---- */

struct outfile {
	char *path;
	struct strbuf data;
	char *tmp;
};

static void outfiles_free(struct outfile *f, int n)
{
	for (int i = 0; i < n; i++) {
		free(f[i].path);
		free(f[i].tmp);
		sb_release(&f[i].data);
	}
	free(f);
}

static int write_all(struct outfile *f, int n)
{
	int i;
	/* What rename() would refuse, refused before anything changes. */
	for (i = 0; i < n; i++) {
		struct stat st;
		if (stat(f[i].path, &st) == 0 && S_ISDIR(st.st_mode)) {
			error("cannot write '%s': it is a directory", f[i].path);
			return EXIT_IO;
		}
	}
	for (i = 0; i < n; i++) {
		struct strbuf t = STRBUF_INIT;
		sb_printf(&t, "%s.tmp.%ld", f[i].path, (long)getpid());
		f[i].tmp = t.buf;
		FILE *fp = fopen(f[i].tmp, "wb");
		if (!fp) {
			error("cannot write '%s': %s", f[i].path,
			      strerror(errno));
			goto fail;
		}
		size_t w = fwrite(f[i].data.buf, 1, f[i].data.len, fp);
		int bad = w != f[i].data.len || fflush(fp) != 0;
		if (fclose(fp) != 0 || bad) {
			error("cannot write '%s': %s", f[i].path,
			      strerror(errno));
			i++;
			goto fail;
		}
	}
	for (i = 0; i < n; i++)
		if (rename(f[i].tmp, f[i].path) != 0) {
			error("cannot write '%s': %s", f[i].path,
			      strerror(errno));
			for (int k = i; k < n; k++)
				remove(f[k].tmp);
			return EXIT_IO;
		}
	return 0;
fail:
	for (int k = 0; k < i; k++)
		remove(f[k].tmp);
	return EXIT_IO;
}

static void add_out(struct outfile **f, int *n, size_t *cap, const char *dir,
		    const char *name)
{
	GROW(*f, (size_t)*n + 1, *cap);
	struct outfile *o = &(*f)[(*n)++];
	struct strbuf p = STRBUF_INIT;
	size_t l = strlen(dir);
	sb_printf(&p, "%s%s%s", dir, l && dir[l - 1] == '/' ? "" : "/", name);
	o->path = p.buf;
	o->tmp = NULL;
	o->data = (struct strbuf)STRBUF_INIT;
}

static int finish(int rc, const struct run_state *st)
{
	if (!rc && st->unknown) {
		fprintf(stderr, "%s: some answers are unknown; outputs keep "
			"those mutants\n", progname);
		rc = EXIT_UNKNOWN;
	}
	return rc;
}

/* ---- subsume tables ---- */

int cmd_tables(int argc, char **argv)
{
	struct eopts o;
	int rc = parse_opts(argc, argv, usage_tables, 0, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	const char *dir = o.out ? o.out : "tables";
	struct run_state st;
	rc = load_prove(&st, argc, argv, &o);
	if (!rc && mkdir_p(dir) < 0)
		rc = EXIT_IO;
	if (!rc) {
		struct outfile *f = NULL;
		int n = 0;
		size_t cap = 0;
		add_out(&f, &n, &cap, dir, "subsume_tables.h");
		emit_tables_h(&f[0].data, &st.run, st.theories, st.ntheories);
		add_out(&f, &n, &cap, dir, "subsume_tables.c");
		emit_tables_c(&f[1].data, &st.run, st.theories, st.ntheories);
		rc = write_all(f, n);
		outfiles_free(f, n);
	}
	rc = finish(rc, &st);
	run_release(&st);
	return rc;
}

/* ---- subsume graphs ---- */

/* A file-name part: letters, digits, '_', '.' inside and '-' between
 * letters or digits kept; operator characters as words ("<=" -> "lteq",
 * "-" -> "minus"); blanks and brackets as one '_'; other bytes as xHH.
 * Names that come out the same are told apart by the caller. */
static bool alnum(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static void safe_part(struct strbuf *sb, const char *s)
{
	static const struct { char c; const char *w; } words[] = {
		{ '<', "lt" }, { '>', "gt" }, { '=', "eq" }, { '!', "not" },
		{ '&', "and" }, { '|', "or" }, { '^', "xor" }, { '+', "plus" },
		{ '-', "minus" }, { '*', "times" }, { '/', "div" },
		{ '%', "mod" }, { '~', "tilde" }, { '?', "q" }, { ':', "c" },
	};
	size_t start = sb->len;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		unsigned char c = *p;
		if (alnum(c) || (c == '.' && sb->len > start) ||
		    (c == '-' && p > (const unsigned char *)s && alnum(p[-1]) &&
		     alnum(p[1])) ||
		    (c == '_' && sb->len > start && sb->buf[sb->len - 1] != '_')) {
			sb_putc(sb, (char)c);
			continue;
		}
		if (c == ' ' || c == '\t' || c == '(' || c == ')' ||
		    c == '[' || c == ']' || c == '{' || c == '}' || c == ',' ||
		    c == '_') {
			if (sb->len > start && sb->buf[sb->len - 1] != '_')
				sb_putc(sb, '_');
			continue;
		}
		size_t k;
		for (k = 0; k < ARRAY_SIZE(words); k++)
			if (words[k].c == (char)c)
				break;
		if (k < ARRAY_SIZE(words))
			sb_puts(sb, words[k].w);
		else
			sb_printf(sb, "x%02X", c);
	}
	while (sb->len > start && sb->buf[sb->len - 1] == '_')
		sb->buf[--sb->len] = '\0';
	if (sb->len == start)
		sb_putc(sb, '_');
}

/* THEORY--TARGET--DOMAIN, at most about 200 bytes; a long or clashing
 * name gets the FNV-1a hash of the three names. */
static char *graph_stem(const struct analysis *an, bool with_hash)
{
	struct strbuf sb = STRBUF_INIT;
	safe_part(&sb, an->theory->name);
	sb_puts(&sb, "--");
	safe_part(&sb, an->target->name);
	sb_puts(&sb, "--");
	safe_part(&sb, an->domain->name);
	if (sb.len > 200 || with_hash) {
		uint64_t h = FNV1A64_INIT;
		const char *parts[3] = { an->theory->name, an->target->name,
					 an->domain->name };
		for (int i = 0; i < 3; i++)
			h = fnv1a64(parts[i], strlen(parts[i]) + 1, h);
		if (sb.len > 200) {
			sb.len = 200;
			sb.buf[sb.len] = '\0';
		}
		sb_printf(&sb, "-%08lx", (unsigned long)(h & 0xffffffffUL));
	}
	return sb.buf;
}

static bool on_path(const char *prog)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/bin:/bin";
	while (*path) {
		const char *end = strchr(path, ':');
		size_t n = end ? (size_t)(end - path) : strlen(path);
		struct strbuf p = STRBUF_INIT;
		sb_printf(&p, "%.*s/%s", (int)n, n ? path : ".", prog);
		struct stat st;
		bool ok = stat(p.buf, &st) == 0 && S_ISREG(st.st_mode) &&
			  access(p.buf, X_OK) == 0;
		sb_release(&p);
		if (ok)
			return true;
		if (!end)
			break;
		path = end + 1;
	}
	return false;
}

/* dot -Tsvg -o SVG.tmp DOT, then rename; 0 or -1 (error printed). */
static int render_svg(const char *dot_path)
{
	struct strbuf svg = STRBUF_INIT, tmp = STRBUF_INIT;
	size_t l = strlen(dot_path);
	sb_add(&svg, dot_path, l > 4 ? l - 4 : l);
	sb_puts(&svg, ".svg");
	sb_printf(&tmp, "%s.tmp.%ld", svg.buf, (long)getpid());
	int rc = -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		error("cannot run dot: %s", strerror(errno));
	} else if (pid == 0) {
		char *args[] = { "dot", "-Tsvg", "-o", tmp.buf,
				 (char *)dot_path, NULL };
		execvp("dot", args);
		_exit(127);
	} else {
		int status;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
			if (rename(tmp.buf, svg.buf) == 0)
				rc = 0;
			else
				error("cannot write '%s': %s", svg.buf,
				      strerror(errno));
		} else {
			error("dot failed on '%s'", dot_path);
		}
		if (rc)
			remove(tmp.buf);
	}
	sb_release(&svg);
	sb_release(&tmp);
	return rc;
}

int cmd_graphs(int argc, char **argv)
{
	struct eopts o;
	int rc = parse_opts(argc, argv, usage_graphs, OPT_SVG, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	const char *dir = o.out ? o.out : "graphs";
	struct run_state st;
	rc = load_prove(&st, argc, argv, &o);
	struct outfile *f = NULL;
	int n = 0;
	size_t cap = 0;
	for (int i = 0; !rc && i < st.run.n; i++) {
		const struct analysis *an = st.run.results[i]->an;
		bool clash = false;
		char *stem = graph_stem(an, false);
		for (int k = 0; k < st.run.n && !clash; k++) {
			char *other = graph_stem(st.run.results[k]->an, false);
			clash = k != i && !strcmp(stem, other);
			free(other);
		}
		if (clash) {
			free(stem);
			stem = graph_stem(an, true);
		}
		struct strbuf name = STRBUF_INIT;
		sb_printf(&name, "%s.dot", stem);
		for (int k = 0; k < n; k++)
			if (!strcmp(strrchr(f[k].path, '/') + 1, name.buf)) {
				/* the same three names twice: number it */
				sb_reset(&name);
				sb_printf(&name, "%s-%d.dot", stem, i + 1);
				break;
			}
		free(stem);
		add_out(&f, &n, &cap, dir, name.buf);
		sb_release(&name);
		if (emit_dot(&f[n - 1].data, st.run.results[i]) < 0)
			rc = EXIT_INTERNAL;
	}
	if (!rc && mkdir_p(dir) < 0)
		rc = EXIT_IO;
	if (!rc)
		rc = write_all(f, n);
	if (!rc && o.svg) {
		if (!on_path("dot")) {
			fprintf(stderr,
				"%s: error: --svg: the 'dot' program (Graphviz) "
				"is not installed or not on PATH; wrote the DOT "
				"files only\n",
				progname);
			rc = EXIT_IO;
		}
		for (int i = 0; !rc && i < n; i++)
			if (render_svg(f[i].path) < 0)
				rc = EXIT_IO;
	}
	outfiles_free(f, n);
	rc = finish(rc, &st);
	run_release(&st);
	return rc;
}

/* ---- subsume export --mml ---- */

int cmd_export(int argc, char **argv)
{
	struct eopts o;
	int rc = parse_opts(argc, argv, usage_export, OPT_MML, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (!o.mml)
		return usage_error(usage_export, "%s",
				 "which format? (--mml is the only one)");
	struct run_state st;
	rc = load_prove(&st, argc, argv, &o);
	if (!rc) {
		struct strbuf sb = STRBUF_INIT, notes = STRBUF_INIT;
		emit_mml(&sb, &notes, &st.run, st.theories, st.ntheories);
		rc = write_output(o.out, &sb);
		if (notes.len)
			fputs(notes.buf, stderr);
		sb_release(&sb);
		sb_release(&notes);
	}
	rc = finish(rc, &st);
	run_release(&st);
	return rc;
}

/* ---- subsume report ---- */

int cmd_report(int argc, char **argv)
{
	struct eopts o;
	int rc = parse_opts(argc, argv, usage_report, OPT_FORMAT, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (o.format && strcmp(o.format, "markdown") && strcmp(o.format, "md"))
		return usage_error(usage_report,
				 "unknown format '%s' (markdown)", o.format);
	struct run_state st;
	rc = load_prove(&st, argc, argv, &o);
	if (!rc) {
		struct strbuf sb = STRBUF_INIT;
		emit_report_md(&sb, &st.run);
		rc = write_output(o.out, &sb);
		sb_release(&sb);
	}
	rc = finish(rc, &st);
	run_release(&st);
	return rc;
}
