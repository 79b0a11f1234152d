/*
 * testgen-c.c - the C row of `check --tests DIR` (check/testgen.h): a
 * test file per C source file, DIR/NAME_subsume_test.c for NAME.c, one
 * function per mutant calling the function with the killing input
 * (check/cmethod.c: arguments and globals) and checking what the
 * original does with plain assert-style code (CHECK: print and fail,
 * the other tests still run), compiling under gcc -std=c11 -Wall
 * -Wextra -Werror.  The file includes the source under test
 * (`#include "NAME.c"`, found with -isystem: its own folder for the
 * original, a mutated copy's for a mutant, so that the source's own
 * warnings are not the test's; its main() renamed away), so static
 * functions and globals are reachable without reflection.
 *
 * Verified like the Java tests: compiled and run against the original
 * (each test must pass), compiled against each mutated copy and run
 * (its test must fail: a failed check, a crash, or the 10 s timeout).
 * Not written: pointers and arrays in the input, an original whose run
 * has undefined behaviour (no outcome to assert).
 */
#include <string.h>

#include "check/testgen.h"
#include "sem/mir.h"

static bool c_takes(const struct cgroup *g, const struct cmutant *m)
{
	return g->sites[m->site].profile != NULL;
}

static char *c_ident(const char *s)
{
	char *r = xstrdup(s);
	for (char *p = r; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') ||
		      (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			*p = '_';
	return r;
}

/* A check that v (of type t) is what expression actual holds. */
static void c_check(struct strbuf *sb, const struct type *t, struct value v,
		    const char *actual)
{
	if (t->kind == TK_FLOAT) {
		sb_printf(sb, "\t{\n\t\t%s want = ", t->name);
		value_print(sb, t, v);
		sb_printf(sb, ", got = %s;\n\t\tCHECK(SAME_FLOAT(want, got));\n"
			  "\t}\n", actual);
		return;
	}
	sb_printf(sb, "\tCHECK(%s == (%s)", actual, t->name);
	value_print(sb, t, v);
	sb_puts(sb, ");\n");
}

static void c_prepare(struct tg_case *c, const struct cgroup *g,
		      const struct cmutant *m)
{
	const struct mmethod *o = m->mo;
	const struct csite *s = &g->sites[m->site];
	if (!m->kin || !o || !o->profile) {
		c->why = xstrdup("the killing input is of the mutated expression, "
				 "not of its function (a C site names its source, "
				 "function and line, and --method)");
		return;
	}
	if (o->refs || o->arrs) {
		c->why = xstrdup("the killing input holds pointers or arrays, "
				 "which the C test writer does not build yet");
		return;
	}
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_HEAP) {
			c->why = xstrdup("the killing input reads through "
					 "pointers, which the C test writer does "
					 "not build yet");
			return;
		}
	struct value in[MIR_IN];
	memcpy(in, m->kin, sizeof(in));
	struct mrun ro;
	mir_eval(o, in, 0, &ro);
	if (ro.threw) {
		c->why = xstrdup("the original has undefined behaviour on the "
				 "killing input: there is no outcome to check");
		return;
	}
	c->srcpath = xstrdup(o->file);
	const char *slash = strrchr(o->file, '/');
	c->root = slash ? tg_printf("%.*s", (int)(slash - o->file), o->file)
			: xstrdup(".");
	c->rel = xstrdup(slash ? slash + 1 : o->file);
	c->cls = xstrdup(c->rel);
	size_t bl = strlen(c->rel);
	if (bl > 2 && !strcmp(c->rel + bl - 2, ".c"))
		bl -= 2;
	char *base = tg_printf("%.*s", (int)bl, c->rel);
	char *flat = c_ident(base);
	c->tclass = xstrdup(flat);
	c->tfile = tg_printf("%s_subsume_test.c", flat);
	char *sid = c_ident(m->id);
	c->tmethod = tg_printf("test_%s", sid);
	free(sid);
	free(flat);
	free(base);
	c->line = s->cline;
	c->col = 0;
	c->orig = xstrdup(s->orig);
	/* a statement site keeps its ';' (its mutants are written without) */
	size_t ol = strlen(s->orig), tl = strlen(m->text);
	c->text = ol && s->orig[ol - 1] == ';' && tl && m->text[tl - 1] != ';'
		? tg_printf("%s;", m->text) : xstrdup(m->text);

	struct strbuf b = STRBUF_INIT, args = STRBUF_INIT, notes = STRBUF_INIT;
	sb_printf(&b, "static int %s(void)\n{\n", c->tmethod);
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_FIELD) {
			sb_printf(&b, "\t%s = ", o->names[i]);
			value_print(&b, o->types[i], in[i]);
			sb_puts(&b, ";\n");
		}
	for (int i = 0, k = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_PARAM) {
			if (k++)
				sb_puts(&args, ", ");
			value_print(&args, o->types[i], in[i]);
		}
	char *call = tg_printf("%s(%s)", o->name, args.buf ? args.buf : "");
	if (o->ret) {
		sb_printf(&b, "\t%s got = %s;\n", o->ret->name, call);
		c_check(&b, o->ret, ro.ret, "got");
	} else {
		sb_printf(&b, "\t%s;\n", call);
	}
	for (int i = 0; i < o->nvars; i++)
		if (o->kinds[i] == MV_FIELD)
			c_check(&b, o->types[i], ro.vars[i], o->names[i]);
	sb_puts(&b, "\treturn 0;\n}\n");
	if (ro.nevents) {
		struct strbuf ev = STRBUF_INIT;
		for (int k = 0; k < ro.nevents; k++) {
			if (k)
				sb_puts(&ev, ", ");
			mir_event_print(&ev, o, &ro.events[k], false);
		}
		sb_printf(&notes, " * not checked: the calls the original makes "
			  "(%s)\n", ev.buf);
		sb_release(&ev);
	}
	c->code = b.buf;
	c->comment = notes.buf ? notes.buf : xstrdup("");
	free(call);
	sb_release(&args);
}

/* Comment text safe inside a block comment. */
static void c_comment(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (s[0] == '*' && s[1] == '/')
			sb_puts(sb, "* /");
		else
			sb_putc(sb, *s);
	}
}

/* The test file of cases cs[0..n); an unverified file gives each test's
 * reason. */
static char *c_file_text(struct tg_case **cs, size_t n, bool verified)
{
	bool reasons = !verified;
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "/*\n * Written by subsume check --tests: each test calls "
		  "a function of %s with the\n * input that kills one mutant, "
		  "and checks what the original does there.\n * %s\n *\n *   "
		  "gcc -std=c11 -Wall -Wextra -Werror -isystem SRCDIR -o t %s && ./t "
		  "[TEST]\n */\n", cs[0]->rel, verified ? "Verified: each passes "
		  "on the original and fails on its mutant." : "NOT verified as "
		  "kills: the reason is above each test.", cs[0]->tfile);
	sb_puts(&sb, "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n\n"
		"#define main subsume_tested_main\n");
	sb_printf(&sb, "#include \"%s\"\n#undef main\n\n", cs[0]->rel);
	sb_puts(&sb, "#define CHECK(c) do { if (!(c)) { fprintf(stderr, "
		"\"%s:%d: check failed: %s\\n\", __FILE__, __LINE__, #c); "
		"return 1; } } while (0)\n"
		"/* the same floating outcome: both NaN, or the same bits */\n"
		"#define SAME_FLOAT(a, b) ((isnan(a) && isnan(b)) || "
		"(!isnan(a) && !memcmp(&(a), &(b), sizeof(a))))\n");
	for (size_t i = 0; i < n; i++) {
		const struct tg_case *c = cs[i];
		sb_puts(&sb, "\n/*\n * Mutant ");
		c_comment(&sb, c->id);
		sb_puts(&sb, " at ");
		c_comment(&sb, c->where);
		sb_puts(&sb, ": ");
		c_comment(&sb, c->mutation);
		sb_puts(&sb, "\n * subsume: ");
		c_comment(&sb, c->verdict);
		sb_puts(&sb, "\n");
		c_comment(&sb, c->comment);
		if (reasons && c->why) {
			sb_puts(&sb, " * NOT VERIFIED: ");
			c_comment(&sb, c->why);
			sb_putc(&sb, '\n');
		}
		sb_puts(&sb, " */\n");
		sb_puts(&sb, c->code);
	}
	sb_puts(&sb, "\nstatic const struct {\n\tconst char *name;\n\tint (*run)"
		"(void);\n} tests[] = {\n");
	for (size_t i = 0; i < n; i++)
		sb_printf(&sb, "\t{ \"%s\", %s },\n", cs[i]->tmethod, cs[i]->tmethod);
	sb_puts(&sb, "};\n\n/* every test, or the one named: 0 when they pass */\n"
		"int main(int argc, char **argv)\n{\n\tint failed = 0;\n"
		"\tfor (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)\n"
		"\t\tif (argc < 2 || !strcmp(argv[1], tests[i].name)) {\n"
		"\t\t\tint f = tests[i].run();\n"
		"\t\t\tprintf(\"%s %s\\n\", f ? \"FAIL\" : \"PASS\", tests[i].name);\n"
		"\t\t\tfailed |= f;\n\t\t}\n\treturn failed;\n}\n");
	return sb.buf;
}

/* gcc the test file test against the folder inc; false with the reason
 * in *why (the log's first line) */
static bool c_compile(struct tg_ctx *x, const char *test, const char *inc,
		      const char *root, const char *bin, char **why)
{
	char *log = tg_printf("%s/gcc.log", x->work);
	remove(log);
	char *iarg = tg_printf("-isystem%s", inc);
	char *rarg = tg_printf("-isystem%s", root);
	char *argv[] = { "gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", iarg,
			 rarg, "-o", (char *)bin, (char *)test, "-lm", NULL };
	int rc = tg_spawn(argv, log);
	if (rc) {
		size_t n;
		char *t = read_file(log, &n);
		*why = tg_printf("%s", rc < 0 ? "gcc cannot be started"
				 : t ? t : "gcc failed");
		for (char *p = *why; *p; p++)
			if (*p == '\n')
				*p = ' ';
		if (strlen(*why) > 300)
			strcpy(*why + 297, "...");
		free(t);
	}
	free(iarg);
	free(rarg);
	free(log);
	return rc == 0;
}

/* run bin [name] (10 s at most): its exit status, the output in out */
static int c_run(struct tg_ctx *x, const char *bin, const char *name,
		 char **out)
{
	char *log = tg_printf("%s/run.log", x->work);
	remove(log);
	char *argv[] = { "timeout", "10", (char *)bin, (char *)name, NULL };
	int rc = tg_spawn(argv, log);
	size_t n;
	*out = read_file(log, &n);
	free(log);
	return rc;
}

static void c_finish(struct tg_ctx *x, struct tg_case **cs, size_t n)
{
	qsort(cs, n, sizeof(*cs), tg_by_file);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && !strcmp(cs[j]->srcpath, cs[i]->srcpath))
			j++;
		char *text = c_file_text(cs + i, j - i, true);
		char *rel = tg_printf("c/%s/%s", cs[i]->tclass, cs[i]->tfile);
		char *test = tg_printf("%s/%s", x->work, rel);
		char *bin = tg_printf("%s/c/%s/orig", x->work, cs[i]->tclass);
		char *why = NULL;
		if (!tg_write(x->work, rel, text))
			x->io_error = true;
		else if (c_compile(x, test, cs[i]->root, cs[i]->root, bin, &why)) {
			char *out = NULL;
			c_run(x, bin, NULL, &out);
			/* the failed checks name the test file by its path:
			 * the work folder's temporary name left out */
			char *dir = tg_printf("%s/c/%s/", x->work, cs[i]->tclass);
			for (char *p; out && (p = strstr(out, dir));)
				memmove(p, p + strlen(dir), strlen(p + strlen(dir)) + 1);
			free(dir);
			for (size_t k = i; k < j; k++) {
				char *pass = tg_printf("PASS %s\n", cs[k]->tmethod);
				if (!out || !strstr(out, pass)) {
					cs[k]->st = TG_UNVERIFIED;
					cs[k]->why = tg_printf("fails on the original: "
						"%.300s", out ? out : "");
				}
				free(pass);
			}
			free(out);
			/* each mutant: the test file against its mutated copy */
			for (size_t k = i; k < j; k++) {
				struct tg_case *c = cs[k];
				if (c->st != TG_NONE)
					continue;
				if (!tg_apply(x, c)) {
					c->st = TG_UNVERIFIED;
					continue;
				}
				char *inc = tg_printf("%s/src-m/%s", x->work, c->id);
				char *mbin = tg_printf("%s/c/%s/m", x->work, c->tclass);
				char *mwhy = NULL;
				if (!c_compile(x, test, inc, c->root, mbin, &mwhy)) {
					c->st = TG_UNVERIFIED;
					c->why = tg_printf("the mutant does not compile: %s",
							   mwhy);
				} else {
					char *mo = NULL;
					int rc = c_run(x, mbin, c->tmethod, &mo);
					c->st = rc ? TG_VERIFIED : TG_UNVERIFIED;
					if (!rc)
						c->why = xstrdup("passes on the mutant: what "
								 "tells them apart is not what "
								 "the test checks");
					free(mo);
				}
				free(mwhy);
				free(inc);
				free(mbin);
			}
		} else {
			for (size_t k = i; k < j; k++) {
				cs[k]->st = TG_UNVERIFIED;
				cs[k]->why = tg_printf("the test file does not compile: "
						       "%s", why);
			}
		}
		free(why);
		free(text);
		free(rel);
		free(test);
		free(bin);
		i = j;
	}
	tg_write_files(x, cs, n, c_file_text);
}

const struct tg_lang tg_c = {
	.name = "c",
	.takes = c_takes,
	.prepare = c_prepare,
	.finish = c_finish,
};
