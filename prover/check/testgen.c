/*
 * testgen.c - the driver of `check --tests DIR` (check/testgen.h):
 * collects the live killable mutants, hands each to its language's
 * row, and reports.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check/testgen.h"

extern char **environ;

static const struct tg_lang *const langs[] = { &tg_java, &tg_c };

struct testgen {
	struct testgen_opts o;
	struct tg_case **cs;
	size_t n, cap;
	long counts[3];
	long observed;    /* verified with observed expected values */
	long searched;    /* verified, the input found by a search */
	bool finished;
	char *junit;
};

char *tg_strdup(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

char *tg_printf(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	return sb.buf ? sb.buf : xstrdup("");
}

static bool is_file(const char *p)
{
	struct stat st;
	return p && !stat(p, &st) && S_ISREG(st.st_mode);
}

/* The JUnit 5 console launcher's standalone jar: --junit, $SUBSUME_JUNIT,
 * Debian's, or the one scripts/junit.sh fetched into .deps/m2 beside
 * the binary (or its parent: build-san/). */
#define JUNIT_VERSION "1.11.4"
#define JUNIT_M2 ".deps/m2/org/junit/platform/junit-platform-console-" \
	"standalone/" JUNIT_VERSION "/junit-platform-console-standalone-" \
	JUNIT_VERSION ".jar"
static char *find_junit(const char *given)
{
	if (given)
		return is_file(given) ? xstrdup(given) : NULL;
	const char *env = getenv("SUBSUME_JUNIT");
	if (env && *env)
		return is_file(env) ? xstrdup(env) : NULL;
	const char *deb = "/usr/share/java/junit-platform-console-standalone.jar";
	if (is_file(deb))
		return xstrdup(deb);
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = 0;
	for (int up = 0; up < 2; up++) {
		char *slash = strrchr(exe, '/');
		if (!slash)
			break;
		*slash = 0;
		char *p = tg_printf("%s/%s", exe, JUNIT_M2);
		if (is_file(p))
			return p;
		free(p);
	}
	return NULL;
}

struct testgen *testgen_new(const struct testgen_opts *o)
{
	if (mkdir_p(o->dir))
		return NULL;
	struct testgen *t = xcalloc(1, sizeof(*t));
	t->o = *o;
	t->junit = find_junit(o->junit);
	if (!t->junit && (o->junit || getenv("SUBSUME_JUNIT")))
		fprintf(stderr, "subsume: warning: --tests: %s is not a file: "
			"the tests are written, not verified\n", o->junit ? o->junit
			: getenv("SUBSUME_JUNIT"));
	return t;
}

static void case_free(struct tg_case *c)
{
	char *s[] = { c->id, c->where, c->mutation, c->verdict, c->status,
		      c->cls, c->srcpath, c->root, c->rel, c->tclass, c->tfile,
		      c->tmethod, c->code, c->comment, c->mutfile, c->orig,
		      c->text, c->why, c->file, c->stext, c->search,
		      c->mname };
	for (size_t i = 0; i < ARRAY_SIZE(s); i++)
		free(s[i]);
	free(c);
}

void testgen_free(struct testgen *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		case_free(t->cs[i]);
	free(t->cs);
	free(t->junit);
	free(t);
}

void testgen_note(struct testgen *t, const struct cgroup *g,
		  const struct cmutant *m, const char *status)
{
	if (!status || m->v != CV_KILLABLE || t->finished)
		return;
	const struct csite *s = &g->sites[m->site];
	struct tg_case *c = xcalloc(1, sizeof(*c));
	c->id = xstrdup(m->id);
	c->where = xstrdup(m->where ? m->where : g->where);
	c->mutation = tg_printf("%s |==> %s%s%s%s", m->orig ? m->orig : s->orig,
				*m->text ? m->text : "<NO-OP>", *m->op ? " (" : "",
				m->op, *m->op ? ")" : "");
	c->verdict = tg_printf("killable: %s", m->detail ? m->detail : "");
	c->status = xstrdup(status);
	c->seq = (long)t->n;
	for (size_t k = 0; k < ARRAY_SIZE(langs); k++)
		if (langs[k]->takes(g, m)) {
			c->lang = langs[k];
			break;
		}
	if (!c->lang)
		c->why = xstrdup("no test writer for this language");
	else
		c->lang->prepare(c, g, m);
	GROW(t->cs, t->n + 1, t->cap);
	t->cs[t->n++] = c;
}

/* rm -r dir (our temporary folder) */
static void remove_tree(const char *dir)
{
	char *argv[] = { "rm", "-rf", (char *)dir, NULL };
	tg_spawn(argv, "/dev/null");
}

/* A case's status as one line. */
static void status_text(const struct tg_case *c, struct strbuf *sb)
{
	if (c->st == TG_VERIFIED)
		sb_printf(sb, "test written and verified%s: %s %s()",
			  c->search ? " (input found by a search)" : c->observed
			  ? " (expected values observed)" : "",
			  c->file, c->tmethod);
	else if (c->st == TG_UNVERIFIED)
		sb_printf(sb, "test not verified, written to %s %s(): %s",
			  c->file, c->tmethod, c->why ? c->why : "");
	else
		sb_printf(sb, "no test: %s", c->why ? c->why : "");
}

int testgen_finish(struct testgen *t)
{
	const char *tmp = getenv("TMPDIR");
	char *work = tg_printf("%s/subsume-tests.XXXXXX", tmp && *tmp ? tmp
			       : "/tmp");
	bool io = false;
	if (!mkdtemp(work)) {
		error("--tests: cannot make a temporary folder %s: %s", work,
		      strerror(errno));
		free(work);
		work = NULL;
		io = true;
	}
	struct tg_ctx x = { .o = &t->o, .work = work, .junit = t->junit };
	struct tg_case **mine = xcalloc(t->n + 1, sizeof(*mine));
	for (size_t k = 0; work && k < ARRAY_SIZE(langs); k++) {
		size_t n = 0;
		for (size_t i = 0; i < t->n; i++)
			if (t->cs[i]->lang == langs[k] && !t->cs[i]->why)
				mine[n++] = t->cs[i];
		if (n)
			langs[k]->finish(&x, mine, n);
	}
	free(mine);
	if (work) {
		if (!getenv("SUBSUME_TESTS_KEEP"))
			remove_tree(work);
		free(work);
	}
	for (size_t i = 0; i < t->n; i++) {
		struct tg_case *c = t->cs[i];
		if (c->st == TG_NONE && !c->why)
			c->why = xstrdup("not verified: no temporary folder");
		t->counts[c->st]++;
		t->observed += c->st == TG_VERIFIED && c->observed;
		t->searched += c->st == TG_VERIFIED && c->search;
		struct strbuf sb = STRBUF_INIT;
		status_text(c, &sb);
		c->stext = sb.buf;
	}
	t->finished = true;
	return io || x.io_error ? EXIT_IO : 0;
}

static const struct tg_case *find_case(const struct testgen *t, const char *id)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->cs[i]->id, id))
			return t->cs[i];
	return NULL;
}

const char *testgen_status(const struct testgen *t, const char *id)
{
	const struct tg_case *c = t ? find_case(t, id) : NULL;
	return c ? c->stext : NULL;
}

void testgen_each(const struct testgen *t,
		  void (*fn)(void *ctx, const char *id, const char *status),
		  void *ctx)
{
	for (size_t i = 0; i < t->n; i++)
		fn(ctx, t->cs[i]->id, t->cs[i]->stext ? t->cs[i]->stext : "");
}

void testgen_summary_text(const struct testgen *t, struct strbuf *sb)
{
	struct strbuf srch = STRBUF_INIT; /* said only when there are some */
	if (t->searched)
		sb_printf(&srch, ", %ld with the input found by a search of the "
			  "method's inputs", t->searched);
	sb_printf(sb, "tests written (--tests %s): %zu live killable "
		  "mutant%s: %ld test%s written and verified (pass on the "
		  "original, fail on the mutant; %ld of them with the expected "
		  "values observed from the original's run%s), %ld not verified "
		  "(in %s/unverified, with the reason), %ld without a test\n",
		  t->o.dir, t->n, t->n == 1 ? "" : "s", t->counts[TG_VERIFIED],
		  t->counts[TG_VERIFIED] == 1 ? "" : "s", t->observed,
		  srch.buf ? srch.buf : "", t->counts[TG_UNVERIFIED], t->o.dir,
		  t->counts[TG_NONE]);
	sb_release(&srch);
	for (size_t i = 0; i < t->n; i++) {
		const struct tg_case *c = t->cs[i];
		sb_printf(sb, "    %s: %s %s: ", c->where, c->id, c->mutation);
		status_text(c, sb);
		sb_putc(sb, '\n');
	}
}

void testgen_summary_json(const struct testgen *t, struct strbuf *sb)
{
	static const char *const st[] = { "none", "verified", "unverified" };
	/* said only when a search found one (the shipped subjects' JSON
	 * stays as it was) */
	struct strbuf srch = STRBUF_INIT;
	if (t->searched)
		sb_printf(&srch, "\"verified_searched\": %ld, ", t->searched);
	sb_puts(sb, ", \"tests_written\": {\"dir\": ");
	sb_json_str(sb, t->o.dir);
	sb_printf(sb, ", \"live_killable\": %zu, \"verified\": %ld, "
		  "\"verified_observed\": %ld, %s\"unverified\": %ld, "
		  "\"none\": %ld, \"mutants\": [", t->n,
		  t->counts[TG_VERIFIED], t->observed, srch.buf ? srch.buf : "",
		  t->counts[TG_UNVERIFIED],
		  t->counts[TG_NONE]);
	for (size_t i = 0; i < t->n; i++) {
		const struct tg_case *c = t->cs[i];
		sb_puts(sb, i ? ", {\"id\": " : "{\"id\": ");
		sb_json_str(sb, c->id);
		sb_puts(sb, ", \"where\": ");
		sb_json_str(sb, c->where);
		sb_printf(sb, ", \"test\": \"%s\", \"expected\": \"%s\", "
			  "\"file\": ", st[c->st], c->st == TG_NONE ? "none"
			  : c->search ? "search" : c->observed ? "observed" : "model");
		if (c->file)
			sb_json_str(sb, c->file);
		else
			sb_puts(sb, "null");
		sb_puts(sb, ", \"method\": ");
		if (c->st != TG_NONE)
			sb_json_str(sb, c->tmethod);
		else
			sb_puts(sb, "null");
		sb_puts(sb, ", \"reason\": ");
		if (c->st != TG_VERIFIED && c->why)
			sb_json_str(sb, c->why);
		else
			sb_puts(sb, "null");
		sb_puts(sb, "}");
	}
	sb_puts(sb, "]}");
	sb_release(&srch);
}

bool tg_write(const char *dir, const char *rel, const char *text)
{
	char *path = tg_printf("%s/%s", dir, rel);
	char *slash = strrchr(path, '/');
	bool ok = true;
	*slash = 0;
	if (mkdir_p(path))
		ok = false;
	*slash = '/';
	if (ok && write_file_atomic(path, text, strlen(text)))
		ok = false;
	free(path);
	return ok;
}

int tg_by_file(const void *a, const void *b)
{
	const struct tg_case *x = *(struct tg_case *const *)a;
	const struct tg_case *y = *(struct tg_case *const *)b;
	int d = strcmp(x->tfile, y->tfile);
	return d ? d : (x->seq > y->seq) - (x->seq < y->seq);
}

void tg_write_files(struct tg_ctx *x, struct tg_case **cs, size_t n,
		    char *(*text)(struct tg_case **sel, size_t k,
				  bool verified))
{
	struct tg_case **sel = xcalloc(n + 1, sizeof(*sel));
	for (int pass = 0; pass < 2; pass++) {
		enum tg_state want = pass ? TG_UNVERIFIED : TG_VERIFIED;
		for (size_t i = 0; i < n;) {
			size_t j = i, k = 0;
			while (j < n && !strcmp(cs[j]->tfile, cs[i]->tfile)) {
				if (cs[j]->st == want)
					sel[k++] = cs[j];
				j++;
			}
			if (k) {
				char *body = text(sel, k, !pass);
				char *rel = pass ? tg_printf("unverified/%s",
							     cs[i]->tfile)
						 : xstrdup(cs[i]->tfile);
				if (!tg_write(x->o->dir, rel, body))
					x->io_error = true;
				for (size_t q = 0; q < k; q++)
					sel[q]->file = tg_printf("%s/%s", x->o->dir,
								 rel);
				free(rel);
				free(body);
			}
			i = j;
		}
	}
	free(sel);
}

int tg_spawn(char *const argv[], const char *log)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT |
					 O_APPEND, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		return -1;
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/* Does text at p (in a line starting at ls) hold want, blanks ignored
 * on both sides, starting and ending at a token's edge?  *end: just
 * past the match in text. */
static bool match_at(const char *ls, const char *p, const char *want,
		     const char **end)
{
	if (!*want || *p == ' ' || *p == '\t' ||
	    (p > ls && word_char(p[-1]) && word_char(*p)))
		return false;
	const char *w = want;
	while (*w) {
		if (*w == ' ' || *w == '\t') {
			w++;
			continue;
		}
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (*p != *w)
			return false;
		p++, w++;
	}
	if (word_char(p[-1]) && word_char(*p))
		return false;
	*end = p;
	return true;
}

bool tg_apply(struct tg_ctx *x, struct tg_case *c)
{
	size_t len;
	char *src = read_file(c->srcpath, &len);
	if (!src) {
		c->why = tg_printf("cannot read %s: %s", c->srcpath,
				   strerror(errno));
		return false;
	}
	long ls = text_line_offset(src, c->line);
	const char *at = NULL, *end = NULL;
	if (ls >= 0) {
		const char *line = src + ls;
		size_t ll = strcspn(line, "\n");
		/* the placed column first, else the only occurrence on the
		 * line */
		if (c->col > 0 && (size_t)c->col <= ll &&
		    match_at(line, line + c->col - 1, c->orig, &end))
			at = line + c->col - 1;
		int found = 0;
		const char *e2;
		for (size_t i = 0; !at && i < ll; i++)
			if (match_at(line, line + i, c->orig, &e2) && !found++)
				at = line + i, end = e2;
		if (found > 1)
			at = NULL;
	}
	if (!at) {
		c->why = tg_printf("the mutation cannot be applied to a copy of "
				   "the source: %s:%d does not hold `%s` at its "
				   "place (give Major's mutated sources with "
				   "--mutants DIR)", c->srcpath, c->line, c->orig);
		free(src);
		return false;
	}
	struct strbuf sb = STRBUF_INIT;
	sb_add(&sb, src, (size_t)(at - src));
	sb_puts(&sb, c->text);
	sb_puts(&sb, end);
	char *rel = tg_printf("src-m/%s/%s", c->id, c->rel);
	bool ok = tg_write(x->work, rel, sb.buf);
	c->mutfile = tg_printf("%s/%s", x->work, rel);
	free(rel);
	sb_release(&sb);
	free(src);
	if (!ok)
		c->why = xstrdup("cannot write the mutated copy of the source");
	return ok;
}
