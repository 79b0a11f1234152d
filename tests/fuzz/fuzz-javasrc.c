/*
 * fuzz-javasrc.c - a Java source file through the front end of
 * `check --source` (lang/javasrc.h): jsrc_open(), jsrc_syntax_error(),
 * jsrc_declares(), and jsrc_find() for every word of every line (the
 * first 200 lines, 20 words each) and for each whole line.  Promises
 * checked: an occurrence starts on the line asked for, its enclosing
 * expression starts no later, the hole lies inside the expression's
 * text and, in a file without syntax errors (the only ones `check`
 * uses), holds the text looked for (blanks aside; comments, which the
 * expression's text drops, aside); variables are named and typed.
 * Then `check --method`'s front end and evaluator: jsrc_method() at the
 * start of every line (the first 200), and each method built run by
 * mir_eval() on all-zero, all-minimum and all-maximum inputs with the
 * default loop bound: it ends, and a run never differs from itself.
 */
#include "fuzz/fuzz.h"

#include <ctype.h>
#include <string.h>

#include "lang/javasrc.h"
#include "lang/javasrc-method.h"
#include "sem/mir.h"

/* a and b equal without blanks? */
static bool same_squeezed(const char *a, size_t alen, const char *b)
{
	size_t i = 0;
	for (;; b++) {
		while (i < alen && isspace((unsigned char)a[i]))
			i++;
		while (*b && isspace((unsigned char)*b))
			b++;
		if (i == alen || !*b)
			return i == alen && !*b;
		if (a[i++] != *b)
			return false;
	}
}

static void check_text(struct jsrc *f, struct arena *a, int line, const char *text,
		       bool clean)
{
	struct jocc occ[4];
	int n = jsrc_find(f, a, line, text, occ, 4);
	for (int k = 0; k < n && k < 4; k++) {
		const struct jocc *o = &occ[k];
		if (o->line != line || o->col < 1)
			fuzz_fail("'%s' found at %d:%d, asked for line %d", text,
				  o->line, o->col, line);
		if (!o->expr || o->hole_b > o->hole_e || o->hole_e > strlen(o->expr))
			fuzz_fail("'%s': hole [%zu, %zu) outside its expression",
				  text, o->hole_b, o->hole_e);
		if (o->eline > o->line || (o->eline == o->line && o->ecol > o->col))
			fuzz_fail("'%s': the enclosing expression starts after it",
				  text);
		if (!o->consumer || o->nvars < 0 || o->nvars > JSRC_MAX_VARS)
			fuzz_fail("'%s': no consumer, or %d variables", text, o->nvars);
		for (int v = 0; v < o->nvars; v++)
			if (!o->vars[v].name || !o->vars[v].type)
				fuzz_fail("'%s': a variable without name or type", text);
		if (clean && !strstr(text, "/*") && !strstr(text, "//") &&
		    !same_squeezed(o->expr + o->hole_b, o->hole_e - o->hole_b, text))
			fuzz_fail("'%s': the hole holds '%.*s'", text,
				  (int)(o->hole_e - o->hole_b), o->expr + o->hole_b);
	}
}

/* The method around byte at, built and run (see the top). */
static void check_method(struct jsrc *f, struct arena *a, size_t at)
{
	const char *why = NULL;
	struct mmethod *m = jsrc_method(f, a, at, NULL, &why);
	if (!m) {
		if (!why)
			fuzz_fail("no method at byte %zu, without a reason", at);
		return;
	}
	if (m->nvars < 0 || m->nvars > MIR_MAX_VARS)
		fuzz_fail("method %s: %d variables", m->name, m->nvars);
	for (int k = 0; k < 3; k++) {
		/* a whole input: the variables, then call results, havoc
		 * values and arrays (sem/mir.h: MIR_IN), those zero */
		struct value in[MIR_IN];
		memset(in, 0, sizeof(in));
		for (int i = 0; i < m->nvars; i++)
			in[i] = k == 0 ? type_wrap(m->types[i], 0)
			      : k == 1 ? type_min(m->types[i])
				       : type_max(m->types[i]);
		struct mrun r;
		mir_eval(m, in, MIR_DEFAULT_UNROLL, &r);
		if (!r.cut && !r.overflow && mir_differs(m, &r, &r))
			fuzz_fail("method %s: a run differs from itself", m->name);
	}
}

int fuzz_javasrc(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write(data, size);
	struct arena *a = arena_new();
	const char *why = NULL;
	fuzz_enter();
	struct jsrc *f = jsrc_open(path, a, &why);
	if (!f && !why)
		fuzz_fail("a file refused without a reason");
	char *text = f ? fuzz_strndup(data, size) : NULL;
	int el, ec;
	bool clean = false;
	if (f) {
		clean = !jsrc_syntax_error(f, &el, &ec);
		jsrc_declares(f, "A");
	}
	char *save = NULL;
	int line = 0;
	for (char *l = text ? strtok_r(text, "\n", &save) : NULL; l && line < 200;
	     l = strtok_r(NULL, "\n", &save)) {
		line++; /* strtok_r skips empty lines: lines may be off, fine */
		check_method(f, a, (size_t)(l - text));
		check_text(f, a, line, l, clean);
		char *ws = NULL;
		int words = 0;
		for (char *w = strtok_r(l, " \t\r", &ws); w && words < 20;
		     w = strtok_r(NULL, " \t\r", &ws), words++)
			check_text(f, a, line, w, clean);
	}
	fuzz_leave();
	free(text);
	jsrc_free(f);
	arena_free(a);
	return 0;
}
