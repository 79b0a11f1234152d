/*
 * gen.h - what the random program generators of the differential
 * drivers share (method-diff.c, mheap-diff.c, marr-diff.c, mobj-diff.c,
 * cmethod-diff.c, cmethod-ptrdiff.c, mfloat-gen.h).  Macros, not
 * functions, for the generators: each calls the including file's own generator functions on
 * its own struct gen G (a strbuf sb, an int depth), and its rnd(), so
 * that the random choices, and the generated programs, stay the same
 * (and gen_var_of(), which reads a built method).
 */
#ifndef SUBSUME_TESTS_GEN_H
#define SUBSUME_TESTS_GEN_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "lang/javasrc-method.h"
#include "lang/mir.h"
#include "tap.h"

/* "(A op B)": sub(G, d) twice around the text op, an expression
 * evaluated between the two (the random choices stay in order). */
#define GEN_BINARY(G, sub, d, op)                                            \
	do {                                                                 \
		sb_puts((G)->sb, "(");                                       \
		sub((G), (d));                                               \
		sb_printf((G)->sb, " %s ", (op));                            \
		sub((G), (d));                                               \
		sb_puts((G)->sb, ")");                                       \
	} while (0)

/* "(C ? E : E)": the statement c writes C, the statement e (run twice)
 * each E. */
#define GEN_TERNARY(G, c, e)                                                 \
	do {                                                                 \
		sb_puts((G)->sb, "(");                                       \
		c;                                                           \
		sb_puts((G)->sb, " ? ");                                     \
		e;                                                           \
		sb_puts((G)->sb, " : ");                                     \
		e;                                                           \
		sb_puts((G)->sb, ")");                                       \
	} while (0)

/* The C drivers' (cmethod-diff.c, cmethod-ptrdiff.c) "(A op B)" over
 * ops[12] (/, % and the shifts at 3, 4, 8 and 9): sub(G, d) twice, the
 * right operand of a divisor or shift count tamed (| 1, & 15) unless
 * rnd(n) is 0, so that not every case ends in undefined behaviour. */
#define GEN_C_ARITH(G, sub, d, ops, n)                                       \
	do {                                                                 \
		int o_ = rnd(12);                                            \
		bool tame_ = (o_ == 3 || o_ == 4 || o_ == 8 || o_ == 9) &&   \
			     rnd(n);                                         \
		sb_puts((G)->sb, "(");                                       \
		sub((G), (d));                                               \
		sb_printf((G)->sb, " %s %s", (ops)[o_], tame_ ? "(" : "");   \
		sub((G), (d));                                               \
		sb_printf((G)->sb, "%s)", !tame_ ? ""                         \
			  : o_ == 3 || o_ == 4 ? " | 1)" : " & 15)");        \
	} while (0)

/* The variable named name of m that is not a local (a parameter, field
 * or path), or -1. */
static inline int gen_var_of(const struct mmethod *m, const char *name)
{
	for (int i = 0; i < m->nvars; i++)
		if (m->kinds[i] != MV_LOCAL && !strcmp(m->names[i], name))
			return i;
	return -1;
}

/* stmts(): n statements of the file's stmt(), defined. */
#define GEN_STMTS                                                            \
	static void stmts(struct gen *G, int n)                              \
	{                                                                    \
		for (int i = 0; i < n; i++)                                  \
			stmt(G);                                             \
	}

/* A driver's state: its arena A, seed (SUBSUME_SEED or MDIFF_SEED
 * overrides it, to try others by hand), the directory dir it writes in
 * (a mkdtemp template), and rnd(n), the next random number below n. */
#define GEN_STATE(seed0, dir0)                                               \
	static struct arena *A;                                              \
	static uint64_t seed = (seed0);                                      \
	static char dir[TAP_TMP_MAX] = dir0;                                 \
	static int rnd(int n)                                                \
	{                                                                    \
		return (int)(rnd_next(&seed) % (uint64_t)n);                 \
	}

/* The C drivers' (GEN_C_MAIN): the same and their profile PF. */
#define GEN_C_STATE(seed0, dir0)                                             \
	GEN_STATE(seed0, dir0)                                               \
	static const struct profile *PF;

/* The C drivers' indent() (a tab a level, one more than depth) and
 * block() ("{ S }", n statements of the file's stmts(), declared here),
 * defined. */
#define GEN_C_INDENT_BLOCK                                                   \
	static void stmts(struct gen *G, int n);                             \
	static void indent(struct gen *G)                                    \
	{                                                                    \
		for (int i = 0; i < G->depth + 1; i++)                       \
			sb_puts(G->sb, "\t");                                \
	}                                                                    \
	static void block(struct gen *G, int n)                              \
	{                                                                    \
		sb_puts(G->sb, "{\n");                                       \
		G->depth++;                                                  \
		stmts(G, n);                                                 \
		G->depth--;                                                  \
		indent(G);                                                   \
		sb_puts(G->sb, "}");                                         \
	}

/* The C drivers' expression of kind k >= 6 at depth d: "(C ? E : E)"
 * for 6 (the file's cond() and expr() at d - 1), else GEN_C_ARITH over
 * ops with n. */
#define GEN_C_COND_OR_ARITH(G, k, d, ops, n)                                 \
	do {                                                                 \
		if ((k) == 6)                                                \
			GEN_TERNARY(G, cond((G), (d) - 1),                   \
				    expr((G), (d) - 1));                     \
		else                                                         \
			GEN_C_ARITH(G, expr, (d) - 1, ops, n);               \
	} while (0)

/* The two blocks of an if statement whose condition is written,
 * ") { S } else { S }", one or two statements each (the file's
 * stmts() and indent()). */
#define GEN_IF_BLOCKS(G)                                                     \
	do {                                                                 \
		sb_puts((G)->sb, ") {\n");                                   \
		(G)->depth++;                                                \
		stmts((G), 1 + rnd(2));                                      \
		(G)->depth--;                                                \
		indent(G);                                                   \
		sb_puts((G)->sb, "} else {\n");                              \
		(G)->depth++;                                                \
		stmts((G), 1 + rnd(2));                                      \
		(G)->depth--;                                                \
		indent(G);                                                   \
		sb_puts((G)->sb, "}\n");                                     \
	} while (0)

/* The next line "m i text" of a generated program's output p (read
 * into line, size bytes at a time) for a function m < nm and a case
 * i < ni, with a model when mm is given (mm[m]): m, i and its text (the
 * line's rest, in line) set; false at the end. */
static inline bool gen_next_line(FILE *p, char *line, int size, int nm,
				 int ni, const struct mmethod *const *mm,
				 int *m, int *i, const char **text)
{
	while (fgets(line, size, p)) {
		int pos = 0;
		if (sscanf(line, "%d %d %n", m, i, &pos) != 2 || *m < 0 ||
		    *m >= nm || *i < 0 || *i >= ni || (mm && !mm[*m]))
			continue;
		line[strcspn(line, "\n")] = 0;
		*text = line + pos;
		return true;
	}
	return false;
}

/* The nm generated Java methods of f, whose bodies start at at[m], built
 * in a into mm (NULL: not modelled, the reason a diagnostic): how many
 * were built. */
static inline int gen_build_java(struct jsrc *f, struct arena *a,
				 const size_t *at, int nm,
				 const struct mmethod **mm)
{
	int built = 0;
	for (int m = 0; m < nm; m++) {
		const char *why = NULL;
		mm[m] = jsrc_method(f, a, at[m], NULL, &why);
		built += mm[m] != NULL;
		if (!mm[m])
			diag("m%d: %s", m, why);
	}
	return built;
}

/* The end of the C drivers' program: the inputs' table closed, then
 * main(), for each of the nm functions m a loop over its ni cases, each
 * run in a child process (its pid named pid) reading its inputs
 * in[m][i] (a long long array named arr), the child's statements (body()
 * writes them for m) printing its line "m i ..."; a child that does not
 * exit normally is "m i U". */
static inline void gen_c_main(struct strbuf *sb, int nm, int ni,
			      const char *arr, const char *pid,
			      void (*body)(struct strbuf *, int))
{
	sb_puts(sb, "};\n\nint main(void)\n{\n");
	for (int m = 0; m < nm; m++) {
		struct strbuf b = STRBUF_INIT;
		body(&b, m);
		sb_printf(sb, "\tfor (int i = 0; i < %d; i++) {\n"
			  "\t\tlong long *%s = in[%d][i];\n"
			  "\t\tfflush(stdout);\n\t\tpid_t %s = fork();\n"
			  "\t\tif (%s == 0) {\n%s"
			  "\t\t\tfflush(stdout);\n\t\t\t_exit(0);\n\t\t}\n"
			  "\t\tint st = 0;\n\t\twaitpid(%s, &st, 0);\n"
			  "\t\tif (!WIFEXITED(st) || WEXITSTATUS(st))\n"
			  "\t\t\tprintf(\"%d %%d U\\n\", i);\n\t}\n",
			  ni, arr, m, pid, pid, b.buf ? b.buf : "", pid, m);
		sb_release(&b);
	}
	sb_puts(sb, "\tfflush(stdout);\n\treturn 0;\n}\n");
}

/* The C drivers' run of the program src compiled by cc with UBSan in
 * dir: out + (m * ni + i) * w (w bytes each) what it printed for case i
 * of function m, from "m i text" lines read linew bytes at a time; a
 * test that it ran all nm * ni cases. */
static inline bool gen_run_compiler(const char *cc, const char *src,
				    const char *dir, char *out, int nm,
				    int ni, size_t w, size_t linew)
{
	char cmd[1200], *line = malloc(linew);
	if (!line)
		return false;
	snprintf(cmd, sizeof(cmd), "%s -O0 -w -fsanitize=undefined "
		 "-fno-sanitize-recover=all -o %s/%s %s 2>&1 && %s/%s "
		 "2>/dev/null", cc, dir, cc, src, dir, cc);
	FILE *p = popen(cmd, "r");
	if (!p) {
		free(line);
		return false;
	}
	int lines = 0, m, i;
	const char *text;
	while (gen_next_line(p, line, (int)linew, nm, ni, NULL, &m, &i, &text)) {
		snprintf(out + ((size_t)m * (size_t)ni + (size_t)i) * w, w, "%s",
			 text);
		lines++;
	}
	free(line);
	int rc = pclose(p);
	return ok(rc == 0 && lines == nm * ni, "%s -fsanitize=undefined ran "
		  "the %d cases (%d)", cc, nm * ni, lines);
}

/* The C drivers' main() (cmethod-diff.c, cmethod-ptrdiff.c): the plan,
 * their arena A and profile PF (C, lp64, signed char, ub: outcome),
 * SUBSUME_SEED over their seed, their directory dir made; write_c()
 * writes the program to dir/file, then the statement before runs (the
 * random choices stay in order: the program first); the program is
 * compiled by gcc and clang (run_compiler() into outg, outc) and
 * compare(src) judges it; dir is removed unless SUBSUME_KEEP is set. */
#define GEN_C_MAIN(file, before)                                             \
	int main(void)                                                       \
	{                                                                    \
		plan_no_plan();                                              \
		A = arena_new();                                             \
		PF = c_profile("c", "lp64", true, UB_OUTCOME);               \
		if (getenv("SUBSUME_SEED"))                                  \
			seed = strtoull(getenv("SUBSUME_SEED"), NULL, 0);     \
		if (!tap_mkdtemp(dir))                                       \
			return 99;                                           \
		char src_[300];                                              \
		snprintf(src_, sizeof(src_), "%s/%s", dir, (file));          \
		write_c(src_);                                               \
		before;                                                      \
		if (!prog_exists("gcc") || !prog_exists("clang"))            \
			ok(0, "gcc and clang are installed (scripts/deps.sh)"); \
		else if (run_compiler("gcc", src_, outg) &&                  \
			 run_compiler("clang", src_, outc))                  \
			compare(src_);                                       \
		drv_remove_dir(dir, "SUBSUME_KEEP");                         \
		return drv_finish(A);                                        \
	}

#endif
