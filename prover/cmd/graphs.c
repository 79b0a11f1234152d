/*
 * graphs.c - `subsume graphs`: prove like `prove`, then write one DOT
 * file per target and domain (emit_dot()), all or none, and render them
 * to SVG with Graphviz's 'dot' program on request.  User documentation:
 * docs/emitters.md.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/output.h"

static const struct opt_usage usage_graphs = {
	.usage = "subsume graphs [options] PATH...",
	.about =
	"Prove the theory files given and write one Graphviz DOT file per\n"
	"target and domain, THEORY--TARGET--DOMAIN.dot: a node per class of\n"
	"mutants with the same kills, an arrow from subsumer to subsumed\n"
	"(transitive reduction), the minimal set filled and bold, equivalent\n"
	"mutants dashed in a box of their own.\n"
	"\n",
	.tail = "All DOT files are written or none is.  exit status as for tables.\n",
};

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

int graphs_outfiles(struct outfile **f, int *n, size_t *cap, const char *dir,
		    const struct run_state *st)
{
	int first = *n;
	for (int i = 0; i < st->run.n; i++) {
		const struct analysis *an = st->run.results[i]->an;
		bool clash = false;
		char *stem = graph_stem(an, false);
		for (int k = 0; k < st->run.n && !clash; k++) {
			char *other = graph_stem(st->run.results[k]->an, false);
			clash = k != i && !strcmp(stem, other);
			free(other);
		}
		if (clash) {
			free(stem);
			stem = graph_stem(an, true);
		}
		struct strbuf name = STRBUF_INIT;
		sb_printf(&name, "%s.dot", stem);
		for (int k = first; k < *n; k++)
			if (!strcmp(strrchr((*f)[k].path, '/') + 1, name.buf)) {
				/* the same three names twice: number it */
				sb_reset(&name);
				sb_printf(&name, "%s-%d.dot", stem, i + 1);
				break;
			}
		free(stem);
		outfile_add(f, n, cap, dir, name.buf);
		sb_release(&name);
		if (emit_dot(&(*f)[*n - 1].data, st->run.results[i]) < 0)
			return EXIT_INTERNAL;
	}
	return 0;
}

int cmd_graphs(int argc, char **argv)
{
	struct eopts o = EOPTS_INIT;
	bool svg = false;
	const struct option options[] = {
		OPT_EMIT_OUT(&o, "DIR",
			     "write into DIR (default graphs/; created if needed)"),
		OPT_FLAG(0, "svg", &svg, true,
			 "also render each graph to .svg with the 'dot'\n"
			 "program (exit status 5 if it is not installed)"),
		OPT_EMIT_PROVER(&o),
		OPT_HELP(),
		OPT_END(),
	};
	int rc = eopts_parse(argc, argv, options, &usage_graphs, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	const char *dir = o.out ? o.out : "graphs";
	struct run_state st;
	rc = eopts_load_prove(&st, argc, argv, &o);
	struct outfile *f = NULL;
	int n = 0;
	size_t cap = 0;
	if (!rc)
		rc = graphs_outfiles(&f, &n, &cap, dir, &st);
	if (!rc && mkdir_p(dir) < 0)
		rc = EXIT_IO;
	if (!rc)
		rc = outfiles_write(f, n);
	if (!rc && svg) {
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
	rc = eopts_finish(rc, &st);
	run_release(&st);
	return rc;
}

