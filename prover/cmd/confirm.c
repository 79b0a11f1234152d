/* confirm.c - proof obligations to SMT-LIB 2 files, re-checked by a
 * second solver; see confirm.h. */
#include "cmd/confirm.h"

#include "emit/emit.h"
#include "sem/smt.h"

#include <errno.h>
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Longest file name we make (file systems allow 255 bytes). */
#define NAME_MAX_LEN 200

enum answer { A_PENDING, A_UNSAT, A_SAT, A_UNKNOWN };

struct obligation {
	char *file;          /* path of the written file */
	char *claim;
	enum answer answer;
	char *reason;        /* A_UNKNOWN: what the solver said */
};

struct confirm {
	char *dir;
	bool temporary;      /* dir is ours: removed at the end */
	const char *solver;  /* "cvc5", or NULL: write only */
	unsigned tlimit_ms, jobs;
	bool io_error;
	struct obligation *obs;
	size_t n, cap;
	/* names taken: an open-addressing set of the obligations' names */
	char **names;
	size_t nnames, capnames;
	atomic_size_t next;  /* confirm_finish(): the next to check */
};

static uint64_t fnv(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* Is name taken?  If not, take it (the set keeps a copy). */
static bool name_taken(struct confirm *c, const char *name)
{
	if (2 * (c->nnames + 1) > c->capnames) {
		size_t cap = c->capnames ? 2 * c->capnames : 256;
		char **t = xcalloc(cap, sizeof(*t));
		for (size_t i = 0; i < c->capnames; i++)
			if (c->names[i]) {
				size_t k = fnv(c->names[i]) & (cap - 1);
				while (t[k])
					k = (k + 1) & (cap - 1);
				t[k] = c->names[i];
			}
		free(c->names);
		c->names = t;
		c->capnames = cap;
	}
	size_t k = fnv(name) & (c->capnames - 1);
	for (; c->names[k]; k = (k + 1) & (c->capnames - 1))
		if (!strcmp(c->names[k], name))
			return true;
	c->names[k] = xstrdup(name);
	c->nnames++;
	return false;
}

/* A part of a file name: letters, digits, '.', '-' kept (not a leading
 * '.'), a space as '_', every other byte as %XX.  Injective, and safe
 * on every file system. */
static void name_part(struct strbuf *sb, const char *s)
{
	if (sb->len)
		sb_puts(sb, "--");
	for (size_t i = 0; s[i]; i++) {
		unsigned char ch = (unsigned char)s[i];
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || ch == '-' || (ch == '.' && i))
			sb_putc(sb, (char)ch);
		else if (ch == ' ')
			sb_putc(sb, '_');
		else
			sb_printf(sb, "%%%02X", ch);
	}
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s && s[1] ? s + 1 : path;
}

/* Text on one line, for a comment or a message. */
static void one_line(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++)
		sb_putc(sb, *s == '\n' || *s == '\r' ? ' ' : *s);
}

static void describe(struct strbuf *sb, const struct analysis *an, int p)
{
	if (!p) {
		sb_puts(sb, "the original `");
		one_line(sb, an->orig_text);
	} else if (an->theory) {
		sb_printf(sb, "mutant %d %s `", p, an->mutants[p].label);
		one_line(sb, an->mutants[p].text);
	} else { /* a check site's labels are the log's mutant ids */
		sb_puts(sb, "mutant ");
		one_line(sb, an->mutants[p].label);
		sb_puts(sb, " `");
		one_line(sb, an->mutants[p].text);
	}
	sb_putc(sb, '`');
}

/* What the proof claims, in words (one line). */
static void claim_text(struct strbuf *sb, const char *origin,
		       const struct analysis *an, const struct proof *pf)
{
	if (an->theory) {
		sb_printf(sb, "theory %s (%s), target '", an->theory->name,
			  an->theory->file);
		one_line(sb, an->target->name);
		sb_printf(sb, "', domain %s: ", an->domain->name);
	} else {
		sb_printf(sb, "%s, site ", origin ? origin : "-");
		one_line(sb, an->site);
		sb_puts(sb, " (`");
		one_line(sb, an->orig_text);
		sb_puts(sb, "`): ");
	}
	switch (pf->kind) {
	case U_EQUIVALENT:
		describe(sb, an, pf->b);
		sb_puts(sb, " is equivalent: no input kills it");
		break;
	case U_DUPLICATE:
		describe(sb, an, pf->a);
		sb_puts(sb, " and ");
		describe(sb, an, pf->b);
		sb_puts(sb, " have the same outcome on every input");
		break;
	case U_SUBSUMES:
		sb_puts(sb, "every input that kills ");
		describe(sb, an, pf->a);
		sb_puts(sb, " kills ");
		describe(sb, an, pf->b);
		break;
	}
	if (an->assume_text) {
		sb_puts(sb, " (assuming ");
		one_line(sb, an->assume_text);
		sb_putc(sb, ')');
	}
}

/* The file name of a proof, unique in this run. */
static char *file_name(struct confirm *c, const char *origin,
		       const char *assume, const struct analysis *an,
		       const struct proof *pf)
{
	struct strbuf sb = STRBUF_INIT, rel = STRBUF_INIT;
	if (an->theory) {
		name_part(&sb, an->theory->name);
		name_part(&sb, an->target->name);
		name_part(&sb, an->domain->name);
		if (assume) {
			struct strbuf v = STRBUF_INIT;
			sb_printf(&v, "assuming %s", assume);
			name_part(&sb, v.buf);
			sb_release(&v);
		}
	} else {
		name_part(&sb, base_name(origin ? origin : "-"));
		name_part(&sb, an->site);
	}
	/* mutants by id in a theory, by label (the log's ids) at a site */
	const char *kind = pf->kind == U_EQUIVALENT ? "equivalent"
			   : pf->kind == U_DUPLICATE ? "duplicate" : "subsumes";
	if (an->theory && pf->kind == U_EQUIVALENT)
		sb_printf(&rel, "%s-%d", kind, pf->b);
	else if (an->theory)
		sb_printf(&rel, "%s-%d-%d", kind, pf->a, pf->b);
	else if (pf->kind == U_EQUIVALENT)
		sb_printf(&rel, "%s-%s", kind, an->mutants[pf->b].label);
	else
		sb_printf(&rel, "%s-%s-%s", kind, an->mutants[pf->a].label,
			  an->mutants[pf->b].label);
	if (sb.len + rel.len > NAME_MAX_LEN) {
		/* too long: cut, and keep it unique with a hash */
		uint64_t h = fnv(sb.buf);
		sb.len = NAME_MAX_LEN - rel.len - 20;
		sb.buf[sb.len] = '\0';
		sb_printf(&sb, "~%016llx", (unsigned long long)h);
	}
	name_part(&sb, rel.buf);
	size_t len = sb.len;
	for (int k = 2; name_taken(c, sb.buf); k++) {
		sb.len = len;
		sb.buf[len] = '\0';
		sb_printf(&sb, "-%d", k);
	}
	char *path = NULL;
	struct strbuf p = STRBUF_INIT;
	sb_printf(&p, "%s/%s.smt2", c->dir, sb.buf);
	path = p.buf;
	sb_release(&sb);
	sb_release(&rel);
	return path;
}

/* Run argv, its stdout and stderr into out; the exit status (as
 * waitpid's), or -1 with errno when it cannot be started. */
static int run_child(char *const argv[], struct strbuf *out)
{
	int fd[2];
	if (pipe(fd) != 0)
		return -1;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
	posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addclose(&fa, fd[1]);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (rc != 0) {
		close(fd[0]);
		errno = rc;
		return -1;
	}
	char buf[4096];
	ssize_t k;
	while ((k = read(fd[0], buf, sizeof(buf))) != 0) {
		if (k < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		sb_add(out, buf, (size_t)k);
	}
	close(fd[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

/* Ask the second solver about one file. */
static void check_one(const struct confirm *c, struct obligation *ob)
{
	char tl[32];
	snprintf(tl, sizeof(tl), "--tlimit=%u", c->tlimit_ms);
	char *argv[] = { (char *)c->solver, (char *)"--lang=smt2",
			 c->tlimit_ms ? tl : (char *)"--lang=smt2", ob->file,
			 NULL };
	struct strbuf out = STRBUF_INIT;
	int st = run_child(argv, &out);
	const char *text = out.buf ? out.buf : "";
	size_t first = strcspn(text, "\n");
	if (st == -1) {
		ob->answer = A_UNKNOWN;
		ob->reason = xstrdup(strerror(errno));
	} else if (first == 5 && !strncmp(text, "unsat", 5)) {
		ob->answer = A_UNSAT;
	} else if (first == 3 && !strncmp(text, "sat", 3)) {
		ob->answer = A_SAT;
	} else {
		struct strbuf why = STRBUF_INIT;
		if (first)
			sb_add(&why, text, first);
		else
			sb_puts(&why, "no answer");
		if (WIFSIGNALED(st))
			sb_printf(&why, " (killed by signal %d)", WTERMSIG(st));
		ob->answer = A_UNKNOWN;
		ob->reason = why.buf;
	}
	sb_release(&out);
}

struct confirm *confirm_new(const char *dir, const char *solver,
			    unsigned tlimit_ms, unsigned jobs)
{
	if (solver) {
		/* Fail before proving anything when it cannot run. */
		char *argv[] = { (char *)solver, (char *)"--version", NULL };
		struct strbuf out = STRBUF_INIT;
		int st = run_child(argv, &out);
		int err = errno;
		sb_release(&out);
		if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			error("--confirm %s: cannot run '%s': %s", solver,
			      solver, st == -1 ? strerror(err) : "it failed");
			return NULL;
		}
	}
	struct confirm *c = xcalloc(1, sizeof(*c));
	c->solver = solver;
	c->tlimit_ms = tlimit_ms;
	c->jobs = jobs ? jobs : 1;
	if (dir) {
		if (mkdir_p(dir) < 0) {
			free(c);
			return NULL;
		}
		c->dir = xstrdup(dir);
	} else {
		const char *tmp = getenv("TMPDIR");
		struct strbuf sb = STRBUF_INIT;
		sb_printf(&sb, "%s/subsume-smt2.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(sb.buf)) {
			error("cannot create a temporary folder '%s': %s", sb.buf,
			      strerror(errno));
			sb_release(&sb);
			free(c);
			return NULL;
		}
		c->dir = sb.buf;
		c->temporary = true;
	}
	return c;
}

/* Write every proof of r; assume: a claim's extra assumption, or NULL. */
static void write_proofs(struct confirm *c, const char *origin,
			 const char *assume, const struct result *r)
{
	for (int i = 0; i < r->nproofs; i++) {
		const struct proof *pf = &r->proofs[i];
		struct strbuf claim = STRBUF_INIT, text = STRBUF_INIT;
		claim_text(&claim, origin, r->an, pf);
		if (assume) {
			sb_puts(&claim, " [the analysis of a claim assuming ");
			one_line(&claim, assume);
			sb_putc(&claim, ']');
		}
		char *file = file_name(c, origin, assume, r->an, pf);
		sb_printf(&text, "; subsume %s: Z3 %s answered unsat\n; claim: %s\n",
			  SUBSUME_VERSION, smt_version(), claim.buf);
		sb_puts(&text, pf->smt2);
		FILE *fp = fopen(file, "w");
		if (!fp || fwrite(text.buf, 1, text.len, fp) != text.len) {
			error("cannot write '%s': %s", file, strerror(errno));
			c->io_error = true;
		}
		if (fp && fclose(fp) != 0 && !c->io_error) {
			error("cannot write '%s': %s", file, strerror(errno));
			c->io_error = true;
		}
		GROW(c->obs, c->n + 1, c->cap);
		c->obs[c->n++] = (struct obligation){ .file = file,
						      .claim = claim.buf };
		sb_release(&text);
	}
}

void confirm_result(struct confirm *c, const char *origin,
		    const struct result *r)
{
	write_proofs(c, origin, NULL, r);
}

void confirm_claim_result(struct confirm *c, const struct result *r,
			  const char *assume)
{
	write_proofs(c, NULL, assume, r);
}

static void *confirm_worker(void *arg)
{
	struct confirm *c = arg;
	for (;;) {
		size_t i = atomic_fetch_add(&c->next, 1);
		if (i >= c->n)
			break;
		check_one(c, &c->obs[i]);
	}
	return NULL;
}

/* Run the second solver on every file, c->jobs at a time. */
static void confirm_all(struct confirm *c)
{
	unsigned jobs = c->jobs < c->n ? c->jobs : (unsigned)c->n;
	if (jobs <= 1) {
		confirm_worker(c);
		return;
	}
	pthread_t *th = xcalloc(jobs, sizeof(*th));
	for (unsigned k = 0; k < jobs; k++)
		if (pthread_create(&th[k], NULL, confirm_worker, c) != 0)
			die("cannot start a thread");
	for (unsigned k = 0; k < jobs; k++)
		pthread_join(th[k], NULL);
	free(th);
}

int confirm_finish(struct confirm *c)
{
	size_t sat = 0, unknown = 0, unsat = 0;
	if (c->solver && !c->io_error) {
		confirm_all(c);
		for (size_t i = 0; i < c->n; i++) {
			struct obligation *ob = &c->obs[i];
			if (ob->answer == A_UNSAT) {
				unsat++;
			} else if (ob->answer == A_SAT) {
				sat++;
				fprintf(stderr, "%s: %s disagrees: it answers sat on "
					"%s, where Z3 proved: %s\n", progname,
					c->solver, ob->file, ob->claim);
			} else {
				unknown++;
				fprintf(stderr, "%s: %s could not confirm %s "
					"(unknown: %s): %s\n", progname,
					c->solver, ob->file, ob->reason, ob->claim);
			}
		}
		fprintf(stderr, "confirm: %s confirmed %zu of %zu proofs (%zu "
			"unknown, %zu disagreements)\n", c->solver, unsat, c->n,
			unknown, sat);
	}
	/* A temporary folder keeps the files of proofs not confirmed,
	 * which the messages name. */
	for (size_t i = 0; i < c->n; i++) {
		if (c->temporary && c->obs[i].answer == A_UNSAT)
			unlink(c->obs[i].file);
		free(c->obs[i].file);
		free(c->obs[i].claim);
		free(c->obs[i].reason);
	}
	if (c->temporary && (sat || unknown || c->io_error))
		fprintf(stderr, "%s: the proofs not confirmed are kept in %s\n",
			progname, c->dir);
	else if (c->temporary)
		rmdir(c->dir);
	for (size_t i = 0; i < c->capnames; i++)
		free(c->names[i]);
	free(c->names);
	free(c->obs);
	free(c->dir);
	bool io = c->io_error;
	free(c);
	return io ? EXIT_IO : sat ? EXIT_DISAGREE : unknown ? EXIT_UNKNOWN : 0;
}
