/*
 * mheap-diff.c - references in the method IR (lang/mir.h: References)
 * against the real JVM (issue 15), a sibling of method-diff.c.
 *
 * Random methods of a class H { int x, y; H p, q; } with parameters
 * H a, H b, int i: int expressions that read through references (a.x,
 * p.q.y, this.p.x: null receivers throw), reference comparisons (a == b,
 * p != null, combined with && and ||), ?: on references, locals of type
 * H, if/else, early returns, writes to x and y through references and
 * to this's (=, += and ++; aliases: a.x and this.x may be one cell), a for loop whose condition reads through a
 * reference, explicit throws, and every fourth method returning an H
 * (compared by identity).  Each case is a heap of three objects (this,
 * o1, o2; ids 1, 2, 3, null 0) with random fields and links, and random
 * arguments; the JVM builds it and runs the method; the evaluator and
 * the encoding run the front end's IR on the same heap, read as its
 * path variables.  All three must agree on the outcome (a value, an
 * object's id, or an exception) and, when it returns, on the final x and
 * y of every object (the IR's from its field cells' final values).
 */
#include "gen.h"
#include "jvm-run.h"
#include "prover-test.h"

#include "lang/javasrc-method.h"
#include "sem/mir.h"

#define NM 40
#define NI 16

GEN_STATE(0x4ea9, "subsume-mheap")

struct gen {
	struct strbuf *sb;
	const char *chain[2]; /* the reads through references it may use */
	int depth, nref;
	bool loop, href; /* href: the method returns an H */
};

static const char *const CHAINS[] = { "a.x", "a.y", "b.x", "p.x", "q.y",
				      "a.p.x", "p.q.y", "this.p.x",
				      "this.q.y", "b.q.x" };
static const char *const REFS[] = { "a", "b", "p", "q", "this", "null" };

static void expr(struct gen *G, int d)
{
	static const char *const ops[] = { "+", "-", "*", "&", "^", "/", "%" };
	int k = d <= 0 ? rnd(6) : rnd(9);
	if (k < 6) {
		static const char *const leaf[] = { "i", "t", "u", "x", "this.y" };
		sb_puts(G->sb, k < 2 ? G->chain[k] : leaf[rnd(5)]);
		return;
	}
	sb_puts(G->sb, "(");
	expr(G, d - 1);
	sb_printf(G->sb, " %s ", ops[rnd(7)]);
	expr(G, d - 1);
	sb_puts(G->sb, ")");
}

/* A reference comparison without a read through a reference. */
static void rcond(struct gen *G, int d)
{
	if (d > 0 && rnd(3) == 0) {
		GEN_BINARY(G, rcond, d - 1, rnd(2) ? "&&" : "||");
		return;
	}
	sb_printf(G->sb, "%s %s %s", REFS[rnd(5)], rnd(2) ? "==" : "!=",
		  REFS[rnd(6)]);
}

/* A read where Java may not evaluate it: after &&, || or ?. */
static void guarded(struct gen *G)
{
	const char *r = REFS[rnd(5)], *c = G->chain[rnd(2)];
	switch (rnd(3)) {
	case 0:
		sb_printf(G->sb, "(%s != null && %s > i)", r, c);
		break;
	case 1:
		sb_printf(G->sb, "(%s == null || %s < t)", r, c);
		break;
	default:
		sb_printf(G->sb, "((%s != null ? %s : i) & 1) == 0", r, c);
	}
}

static void cond(struct gen *G)
{
	static const char *const rel[] = { "<", "<=", ">", "==", "!=" };
	int k = rnd(4);
	if (k == 3) {
		guarded(G);
		return;
	}
	if (k >= 1) {
		rcond(G, 2);
		return;
	}
	sb_puts(G->sb, "(");
	expr(G, 1);
	sb_printf(G->sb, " %s ", rel[rnd(5)]);
	expr(G, 1);
	sb_puts(G->sb, ")");
}

static void stmts(struct gen *G, int n);

static void indent(struct gen *G)
{
	for (int i = 0; i < G->depth + 2; i++)
		sb_puts(G->sb, "  ");
}

/* A write through a reference (lang/mir.h: Writes): to a chain the
 * method reads, or to its field in this (its aliases: a.x and this.x,
 * a.x and b.x may be one cell). */
static void write_stmt(struct gen *G)
{
	const char *c = G->chain[rnd(2)], *f = strrchr(c, '.') + 1;
	if (rnd(3)) /* a new path would be one more variable */
		sb_printf(G->sb, "%.*s", (int)(f - c), c);
	else
		sb_puts(G->sb, "this.");
	switch (rnd(3)) {
	case 0:
		sb_printf(G->sb, "%s++;\n", f);
		break;
	case 1:
		sb_printf(G->sb, "%s += ", f);
		expr(G, 1);
		sb_puts(G->sb, ";\n");
		break;
	default:
		sb_printf(G->sb, "%s = ", f);
		expr(G, 1);
		sb_puts(G->sb, ";\n");
	}
}

static void stmt(struct gen *G)
{
	int k = rnd(G->depth > 1 ? 5 : 9);
	indent(G);
	if (rnd(4) == 0) {
		write_stmt(G);
		return;
	}
	if (k == 0 || (k == 2 && G->nref)) { /* one H local: 16 variables */
		sb_puts(G->sb, "t = ");
		expr(G, 2);
		sb_puts(G->sb, ";\n");
	} else if (k == 1) {
		sb_puts(G->sb, "u += ");
		expr(G, 1);
		sb_puts(G->sb, ";\n");
	} else if (k == 2) {
		sb_printf(G->sb, "H r%d = ", G->nref++);
		rcond(G, 0);
		sb_printf(G->sb, " ? %s : %s;\n", REFS[rnd(6)], REFS[rnd(6)]);
		indent(G);
		sb_printf(G->sb, "if (r%d == a) t++;\n", G->nref - 1);
	} else if (k == 3) {
		sb_puts(G->sb, "if (");
		cond(G);
		sb_puts(G->sb, ") return ");
		if (G->href)
			sb_puts(G->sb, REFS[rnd(6)]);
		else
			expr(G, 1);
		sb_puts(G->sb, ";\n");
	} else if (k == 4) {
		sb_puts(G->sb, "if (");
		rcond(G, 1);
		sb_puts(G->sb, ") throw new IllegalStateException();\n");
	} else if (k <= 6 || G->loop) {
		sb_puts(G->sb, "if (");
		cond(G);
		GEN_IF_BLOCKS(G);
	} else {
		G->loop = true;
		if (rnd(2))
			sb_printf(G->sb, "for (int k = 0; k < (%s & 3); k++) {\n",
				  G->chain[rnd(2)]);
		else /* a read in the update, after ?: each time it runs */
			sb_printf(G->sb, "for (int k = 0; k < 3; k += %s != null"
				  " ? (%s & 1) + 1 : 2) {\n", REFS[rnd(5)],
				  G->chain[rnd(2)]);
		G->depth++;
		stmts(G, 1 + rnd(2));
		G->depth--;
		indent(G);
		sb_puts(G->sb, "}\n");
	}
}

GEN_STMTS

/* One case: the three objects (1: this, 2: o1, 3: o2), the arguments. */
struct hcase {
	int32_t x[4], y[4], p[4], q[4];
	int32_t a, b, i;
};

static struct hcase cases[NM][NI];
static size_t body_at[NM];

static int32_t input_int(void)
{
	static const int32_t pool[] = { 0, 1, -1, 2, 3, 7, -8,
					2147483647, -2147483647 - 1 };
	return rnd(3) ? pool[rnd(9)] : (int32_t)rnd_next(&seed);
}

static int32_t input_ref(void)
{
	return rnd(4) == 0 ? 0 : 1 + rnd(3);
}

static void write_case(struct strbuf *sb, int m, int i)
{
	struct hcase *k = &cases[m][i];
	sb_puts(sb, "    { H o = new H(), o1 = new H(), o2 = new H(); "
		"H[] ob = { null, o, o1, o2 };");
	for (int j = 1; j <= 3; j++) {
		k->x[j] = input_int();
		k->y[j] = input_int();
		k->p[j] = input_ref();
		k->q[j] = input_ref();
		sb_printf(sb, " ob[%d].x = %d; ob[%d].y = %d; ob[%d].p = ob[%d];"
			  " ob[%d].q = ob[%d];", j, k->x[j], j, k->y[j], j,
			  k->p[j], j, k->q[j]);
	}
	k->a = input_ref();
	k->b = input_ref();
	k->i = input_int();
	sb_printf(sb, " String v; try { v = \"R \" + %so.m%d(ob[%d], ob[%d], "
		  "%d)%s + hs(ob); } catch (RuntimeException e) { v = \"T \" + "
		  "e.getClass().getSimpleName(); } "
		  "out.append(\"%d %d \" + v + \"\\n\"); }\n",
		  m % 4 == 3 ? "id(" : "", m, k->a, k->b, k->i,
		  m % 4 == 3 ? ", ob)" : "", m, i);
}

static void write_java(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "public class H {\n  int x, y;\n  H p, q;\n"
		"  static int id(H h, H[] ob) {\n"
		"    for (int k = 0; k < 4; k++) if (ob[k] == h) return k;\n"
		"    return -1;\n  }\n"
		"  static String hs(H[] ob) {\n    String s = \"\";\n"
		"    for (int k = 1; k < 4; k++) s += \" \" + ob[k].x + \" \" + "
		"ob[k].y;\n    return s;\n  }\n");
	for (int m = 0; m < NM; m++) {
		bool href = m % 4 == 3;
		sb_printf(&sb, "  %s m%d(H a, H b, int i) {\n", href ? "H" : "int",
			  m);
		body_at[m] = sb.len;
		sb_puts(&sb, "    int t = i;\n    int u = 0;\n");
		struct gen G = { &sb, { CHAINS[rnd(10)], CHAINS[rnd(10)] }, 0, 0,
				 false, href };
		stmts(&G, 2 + rnd(4));
		if (href) {
			sb_puts(&sb, "    return ");
			rcond(&G, 0);
			sb_printf(&sb, " ? %s : %s;\n  }\n", REFS[rnd(6)],
				  REFS[rnd(6)]);
		} else {
			sb_puts(&sb, "    return ");
			expr(&G, 2);
			sb_puts(&sb, ";\n  }\n");
		}
	}
	jvm_write_cases(&sb, NM, NI, write_case, "x");
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

/* Field f of object id o in case k (null's fields read as 0). */
static int32_t heap_field(const struct hcase *k, int32_t o, const char *f)
{
	if (o < 1 || o > 3)
		return 0;
	return !strcmp(f, "x") ? k->x[o] : !strcmp(f, "y") ? k->y[o]
	       : !strcmp(f, "p") ? k->p[o] : k->q[o];
}

/* The inputs of case k in m's variable order: parameters, this's
 * fields, and each path's value in the heap. */
static void inputs(const struct mmethod *m, const struct hcase *k,
		   struct value *in)
{
	for (int i = 0; i < m->nvars; i++) {
		const char *v = m->names[i], *dot = strrchr(v, '.');
		int32_t x = 0;
		if (m->kinds[i] == MV_PARAM)
			x = !strcmp(v, "a") ? k->a : !strcmp(v, "b") ? k->b : k->i;
		else if (m->kinds[i] == MV_FIELD)
			x = heap_field(k, 1, v);
		else if (m->kinds[i] == MV_HEAP)
			for (int j = 0; j < i; j++)
				if (strlen(m->names[j]) == (size_t)(dot - v) &&
				    !strncmp(m->names[j], v, (size_t)(dot - v)))
					x = heap_field(k, (int32_t)in[j].bits,
						       dot + 1);
		in[i] = value_int(x);
	}
}

/* The outcome as the JVM prints it: "T" and the exception's class
 * (lang/mir.h: Exceptions: a null receiver, a division by zero, in
 * Java's order), or R and the value, then the final x and y of the three
 * objects: the case's heap with every field cell's final value (a field
 * of this, a path: its base's id, which no run changes) written in; two
 * cells of one object and field must agree. */
static void show(char *buf, size_t n, const struct mmethod *m,
		 const struct hcase *k, const struct value *in,
		 const struct mrun *r)
{
	if (r->threw) {
		snprintf(buf, n, "T %s", r->exc < m->nexc ? m->exc[r->exc] : "?");
		return;
	}
	int32_t hx[4], hy[4];
	bool set[4][2] = { { false } }, clash = false;
	memcpy(hx, k->x, sizeof(hx));
	memcpy(hy, k->y, sizeof(hy));
	for (int i = 0; i < m->nvars; i++) {
		const char *v = m->names[i], *dot = strrchr(v, '.');
		const char *f = dot ? dot + 1 : v;
		int32_t o = m->kinds[i] == MV_FIELD ? 1 : -1;
		if (m->kinds[i] == MV_HEAP)
			for (int j = 0; j < i; j++)
				if (strlen(m->names[j]) == (size_t)(dot - v) &&
				    !strncmp(m->names[j], v, (size_t)(dot - v)))
					o = (int32_t)in[j].bits;
		bool fx = !strcmp(f, "x");
		if (o < 1 || o > 3 || (!fx && strcmp(f, "y")))
			continue;
		int32_t *cell = fx ? &hx[o] : &hy[o];
		int32_t val = (int32_t)r->vars[i].bits;
		clash |= set[o][!fx] && *cell != val;
		set[o][!fx] = true;
		*cell = val;
	}
	snprintf(buf, n, "R %d %d %d %d %d %d %d%s", (int32_t)r->ret.bits,
		 hx[1], hy[1], hx[2], hy[2], hx[3], hy[3],
		 clash ? " (two cells of one field differ)" : "");
}

static void compare(const char *path, FILE *jvm)
{
	struct jsrc *f = jvm_front_end(path, A);
	if (!f)
		return;
	const struct mmethod *mm[NM];
	int built = 0, bad_eval = 0, bad_enc = 0, threw = 0, lines = 0;
	int nheap = 0, writes = 0;
	built = gen_build_java(f, A, body_at, NM, mm);
	for (int m = 0; m < NM; m++)
		for (int i = 0; mm[m] && i < mm[m]->nvars; i++)
			nheap += mm[m]->kinds[i] == MV_HEAP;
	ok(built == NM, "all %d generated methods are modelled", NM);
	ok(nheap >= NM, "they read through references (%d path variables)",
	   nheap);
	char line[2048];
	struct mir_smt *S[NM] = { 0 };
	int m, i;
	const char *want;
	while (gen_next_line(jvm, line, sizeof(line), NM, NI, mm, &m, &i,
			     &want)) {
		lines++;
		struct value in[MAX_VARS];
		inputs(mm[m], &cases[m][i], in);
		struct mrun r, e;
		char got[160], enc[160];
		mir_eval(mm[m], in, 0, &r);
		show(got, sizeof(got), mm[m], &cases[m][i], in, &r);
		threw += r.threw;
		if (strcmp(got, want) && bad_eval++ < 5)
			diag("m%d input %d: JVM %s, evaluator %s", m, i, want, got);
		if (!S[m])
			S[m] = mir_smt_new(mm[m], 8, 0, 0);
		if (mir_smt_outcome(S[m], mm[m], in, &e) < 0 || e.cut)
			snprintf(enc, sizeof(enc), "failed");
		else
			show(enc, sizeof(enc), mm[m], &cases[m][i], in, &e);
		writes += mm[m]->heap_writes;
		if (strcmp(enc, want) && bad_enc++ < 5)
			diag("m%d input %d: JVM %s, encoding %s", m, i, want, enc);
	}
	for (int m = 0; m < NM; m++)
		mir_smt_free(S[m]);
	ok(lines == NM * NI, "the JVM ran %d cases (%d)", NM * NI, lines);
	ok(bad_eval == 0, "the evaluator agrees with the JVM on every case "
	   "(%d differ; %d cases throw)", bad_eval, threw);
	ok(bad_enc == 0, "the encoding agrees with the JVM on every case "
	   "(%d differ)", bad_enc);
	ok(writes > lines / 4, "many cases write through references (%d of %d)",
	   writes, lines);
	ok(threw > lines / 10 && threw < lines - lines / 10,
	   "many cases throw, many return (%d of %d throw)", threw, lines);
	jsrc_free(f);
}

int main(void)
{
	return jvm_diff_main(&A, &seed, dir, "H", NM, write_java, compare);
}
