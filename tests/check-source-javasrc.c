/*
 * check-source-javasrc.c - the Java front end of `check --source`
 * (lang/javasrc.h) on a written file: occurrences of a text on a line
 * (tokens, not substrings; in source order; spanning lines), the
 * enclosing expression and what consumes it, and the declared types of
 * the variables it reads (parameters, locals, fields, shadowing, arrays,
 * var, inherited names left unknown).
 */
#include "tap.h"

#include <unistd.h>

#include "lang/javasrc.h"

static const char *const java =
	"class A {\n"                                         /* 1 */
	"    char f = 'x';\n"                                 /* 2 */
	"    short g;\n"                                      /* 3 */
	"    int m(int[] a, int i, byte n) {\n"               /* 4 */
	"        if (i % 2 < n) return a[i % 2];\n"           /* 5 */
	"        long i2 = i + 12, k = 2;\n"                  /* 6 */
	"        while (f > 'a' /* c */ && k < i2) k += g;\n" /* 7 */
	"        String s = null; var v = 3;\n"               /* 8 */
	"        boolean t = s == null ? v > 2 : n != 0;\n"   /* 9 */
	"        for (int f = 0; f < g; f++) m(a, f + 1, n);\n" /* 10 */
	"        return i\n"                                  /* 11 */
	"            + 1;\n"                                  /* 12 */
	"    }\n"                                             /* 13 */
	"    class B extends A { int h() { return f + 1; } }\n" /* 14 */
	"}\n";

static struct arena *A;
static struct jsrc *F;

/* The declared type of name in o, "" if it is not listed. */
static const char *type_of(const struct jocc *o, const char *name)
{
	for (int i = 0; i < o->nvars; i++)
		if (!strcmp(o->vars[i].name, name))
			return o->vars[i].type;
	return "";
}

static int find(int line, const char *text, struct jocc *o, int max)
{
	return jsrc_find(F, A, line, text, o, max);
}

int main(void)
{
	char path[TAP_TMP_MAX] = "javasrc";
	int fd = mkstemp(tap_tmpname(path));
	if (fd < 0 || write(fd, java, strlen(java)) != (ssize_t)strlen(java))
		return 1;
	close(fd);
	A = arena_new();
	const char *why = NULL;
	F = jsrc_open(path, A, &why);
	ok(F != NULL, "the file parses (%s)", why ? why : "");
	if (!F)
		return 1;
	int el, ec;
	ok(!jsrc_syntax_error(F, &el, &ec), "no syntax error");
	ok(jsrc_declares(F, "A") && !jsrc_declares(F, "B"),
	   "declares A at top level, not B");

	struct jocc o[4];
	/* line 5: 'i % 2' twice, '2' twice (not the 2 of another token) */
	is_int(find(5, "i % 2", o, 4), 2, "line 5: 'i %% 2' twice");
	is_int(o[0].col, 13, "first at column 13");
	is_int(o[1].col, 33, "second at column 33");
	is_str(o[0].expr, "i % 2 < n", "first: in the if condition");
	is_str(o[0].consumer, "an if condition", "... consumed by the if");
	is_str(o[1].expr, "i % 2", "second: the array index alone");
	is_str(o[1].consumer, "an array index", "... consumed as an index");
	is_int((int)o[0].hole_b, 0, "hole at 0");
	is_int((int)o[0].hole_e, 5, "hole to 5");
	is_str(type_of(&o[0], "i"), "int", "i: int parameter");
	is_str(type_of(&o[0], "n"), "byte", "n: byte parameter");
	is_int(find(5, "2", o, 4), 2, "line 5: '2' twice");
	is_int(find(6, "2", o, 4), 1, "line 6: '2' once (12 is another token)");
	is_str(o[0].consumer, "an initializer", "... an initializer");
	is_int(find(5, "i%2", o, 4), 2, "blanks do not matter");

	/* line 7: a comment inside the expression; a field, a local */
	is_int(find(7, "f > 'a'", o, 4), 1, "line 7: f > 'a'");
	is_str(o[0].expr, "f > 'a' && k < i2", "comment dropped from the text");
	is_str(o[0].consumer, "a while condition", "... a while condition");
	is_str(type_of(&o[0], "f"), "char", "f: the char field");
	is_str(type_of(&o[0], "k"), "long", "k: second declarator of long");
	is_str(type_of(&o[0], "i2"), "long", "i2: long local");
	is_int(find(7, "k += g", o, 4), 1, "line 7: k += g");
	ok(o[0].discarded, "... an expression statement: value discarded");
	is_str(type_of(&o[0], "g"), "short", "g: the short field");

	/* line 9: references, var, ?: */
	is_int(find(9, "v > 2", o, 4), 1, "line 9: v > 2");
	is_str(o[0].expr, "s == null ? v > 2 : n != 0", "the ?: branch climbs");
	is_str(type_of(&o[0], "s"), "String", "s: String (a reference)");
	is_str(type_of(&o[0], "v"), "", "v: var, type unknown");
	is_int(find(9, "s == null", o, 4), 1, "line 9: s == null");
	is_str(o[0].expr, "s == null", "a ?: condition is consumed");

	/* line 10: the loop's f shadows the field; call arguments */
	is_int(find(10, "f + 1", o, 4), 1, "line 10: f + 1");
	is_str(o[0].consumer, "a call argument", "... a call argument");
	is_str(type_of(&o[0], "f"), "int", "the loop's int f shadows the field");
	is_int(find(10, "f < g", o, 4), 1, "line 10: f < g");
	is_str(o[0].consumer, "a for condition", "... a for condition");
	is_int(find(10, "f++", o, 4), 1, "line 10: f++");
	ok(o[0].discarded, "... a for update: value discarded");

	/* a node over two lines starts on its first; Major logs its
	 * mutants at the line of what replaces it: any of its lines */
	is_int(find(11, "i + 1", o, 4), 1, "lines 11-12: i + 1 found at 11");
	is_str(o[0].expr, "i + 1", "... its text on one line");
	is_str(o[0].consumer, "a return value", "... a return value");
	size_t at11 = o[0].start;
	is_int(find(12, "i + 1", o, 4), 1, "... and at 12, its second line");
	ok(o[0].start == at11 && o[0].line == 11, "... the same node, starting on 11");

	/* arrays are references; an inherited name stays unknown */
	is_int(find(5, "a[i % 2]", o, 4), 1, "line 5: a[i %% 2]");
	is_int(find(14, "f + 1", o, 4), 1, "line 14: f + 1");
	is_str(type_of(&o[0], "f"), "", "B extends A: f may be inherited");
	is_int(find(3, "nothing", o, 4), 0, "no occurrence: 0");

	jsrc_free(F);
	unlink(path);
	/* a syntax error is found and located */
	char bad[TAP_TMP_MAX] = "javasrc";
	fd = mkstemp(tap_tmpname(bad));
	const char *btext = "class C {\n  int m() {\n    if (x return 1;\n  }\n}\n";
	if (fd < 0 || write(fd, btext, strlen(btext)) != (ssize_t)strlen(btext))
		return 1;
	close(fd);
	F = jsrc_open(bad, A, &why);
	ok(F && jsrc_syntax_error(F, &el, &ec) && el == 3,
	   "syntax error located on line 3 (%d:%d)", el, ec);
	jsrc_free(F);
	unlink(bad);
	ok(!jsrc_open("/nonexistent/X.java", A, &why) && strstr(why, "cannot read"),
	   "a missing file: NULL and why");
	/* 100,000 nested parentheses: refused, no stack overflow */
	char deep[TAP_TMP_MAX] = "javasrc";
	fd = mkstemp(tap_tmpname(deep));
	FILE *df = fd < 0 ? NULL : fdopen(fd, "w");
	if (!df)
		return 1;
	fputs("class D { int x = ", df);
	for (int i = 0; i < 100000; i++)
		fputc('(', df);
	fputc('1', df);
	for (int i = 0; i < 100000; i++)
		fputc(')', df);
	fputs("; }\n", df);
	fclose(df);
	why = NULL;
	F = jsrc_open(deep, A, &why);
	ok(!F && why && strstr(why, "levels deep"), "a too deep file: refused (%s)",
	   why ? why : "opened");
	jsrc_free(F);
	unlink(deep);

	/* What a check site asks of a text it holds, from the text's
	 * syntax tree (javasrc-query.c): tokens, not characters. */
	static const struct { const char *t; bool assigns; } as[] = {
		{ "a = b", true }, { "a >>= 2", true }, { "a[i++] + 1", true },
		{ "x -= y", true }, { "a == b", false }, { "a <= b && c != d", false },
		{ "\"a=b\".equals(s)", false }, { "c == '='", false },
		{ "\"x++\" + y", false }, { "f(a -> a == 1)", false },
	};
	for (size_t i = 0; i < sizeof(as) / sizeof(as[0]); i++)
		ok(jtext_assigns(as[i].t) == as[i].assigns, "%s %s", as[i].t,
		   as[i].assigns ? "assigns" : "does not assign");
	ok(jtext_is_return("return x;") && jtext_is_return("return(x);") &&
	   jtext_is_return("return;"), "a return statement starts with return");
	ok(!jtext_is_return("returned = x;") && !jtext_is_return("x = 1;") &&
	   !jtext_is_return("\"return\".length();"),
	   "no return statement: a name starting with return, a string");
	const char *lit = NULL, *x = NULL;
	bool name = false;
	ok(jtext_literal_equals(A, "\"L\".equals(s)", &lit, &x, &name) &&
	   !strcmp(lit, "L") && !strcmp(x, "s") && name,
	   "\"L\".equals(s): L compared with the name s");
	ok(jtext_literal_equals(A, "\"\".equals(this.a.b)", &lit, &x, &name) &&
	   !strcmp(lit, "") && !strcmp(x, "this.a.b") && !name,
	   "\"\".equals(this.a.b): a chain of fields");
	static const char *const noteq[] = {
		"\"a\\n\".equals(s)", "s.equals(\"L\")", "\"L\".equals(f(s))",
		"\"L\".equals(a[0])", "\"L\".equals(s, t)", "\"L\".hashCode(s)",
		"\"L\".equals(s) && b", "\"L\" . equals(s)",
	};
	for (size_t i = 0; i < sizeof(noteq) / sizeof(noteq[0]); i++)
		ok(!jtext_literal_equals(A, noteq[i], &lit, &x, &name),
		   "%s: not a literal's equals of a name", noteq[i]);
	arena_free(A);
	return done_testing();
}
