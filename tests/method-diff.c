/*
 * method-diff.c - the method IR's evaluator and Z3 encoding against the
 * real JVM (issue 15).
 *
 * Random Java methods over parameters int a, int b, boolean c, fields
 * int f, g and locals t, u: assignments (=, +=, -=, *=, ++, --) to
 * locals and fields, if/else, for loops (nested, sibling loops reusing
 * one name, with break and continue), early returns, explicit throws
 * of several classes (standard ones, MyEx declared in the file, some
 * with a literal message), try statements with catch clauses (multi-
 * catch, superclasses, Throwable) and finally blocks holding returns,
 * breaks, throws and divisions (lang/mir.h: Exceptions),
 * switch statements over int, char, short and byte selectors (old-style
 * groups with fall-through, empty groups and break, or arrow rules; a
 * default in some), and int expressions with every arithmetic, bitwise and shift
 * operator, ?: and short-circuit conditions (division and remainder by
 * zero throw); a quarter of the methods (naming no field) make calls:
 * statements note(x), this.note2(x, y), and calls whose result is used,
 * val(x) in int expressions and bv(x) in conditions (short-circuit ones
 * too), whose answers come from one table indexed by the method, the
 * case and the call's number in the run (MDiff.ans(), answer() here:
 * sem/mir.h: Call results).  Twelve more make the same calls and
 * name and write both fields (f += val(x) too): each callee logs the
 * fields it sees and sets f and g from a second table indexed by the
 * call's number and the field (MDiff.hv(), the input's MIR_HAV entries:
 * sem/mir.h: Calls and fields).  One class holds them all; javac compiles it and the JVM
 * runs each method on random and boundary inputs, printing the return
 * value and the fields' final values, or T and the exception's class.  The same
 * file is read by the tool's front end (jsrc_method), and every case is
 * run by the evaluator (mir_eval, no bound) and by the encoding
 * (mir_smt_outcome: the encoded terms on the concrete input, loops
 * unrolled to 8, which every generated loop stays within).  All three
 * must agree on what a test sees.
 */
#include "gen.h"
#include "jvm-run.h"
#include "prover-test.h"

#include "lang/javasrc-method.h"
#include "sem/mir.h"

#define NM 52
#define NM_PLAIN 40 /* then methods with calls and fields */
#define NI 12

GEN_STATE(0x3e7a0d, "subsume-mdiff")
static int nswitch, narrow; /* switch statements generated, arrow ones */
static int ncalls;          /* call statements generated */
static int nvals;           /* calls whose result is used, generated */
static int nhcalls;         /* calls in methods that name fields */
static int ntry, nfinally;  /* try statements generated, with finally */

struct gen {
	struct strbuf *sb;
	int depth, loops, in_loop, switches, in_switch;
	bool calls; /* a method with calls */
	bool fields; /* and it names fields (else none) */
	int tries;  /* try statements (none in a method with calls) */
};

static void expr(struct gen *G, int d);

static void cond(struct gen *G, int d)
{
	static const char *const rel[] = { "<", "<=", ">", ">=", "==", "!=" };
	int k = d <= 0 ? rnd(3) : rnd(6);
	if (G->calls && rnd(G->fields ? 9 : 5) == 0) { /* a boolean result */
		sb_puts(G->sb, "bv(");
		expr(G, d - 1);
		sb_puts(G->sb, ")");
		nvals++;
	} else if (k == 0)
		sb_puts(G->sb, rnd(2) ? "c" : "!c");
	else if (k <= 2 || k == 5) {
		GEN_BINARY(G, expr, d - 1, rel[rnd(6)]);
	} else {
		GEN_BINARY(G, cond, d - 1, rnd(2) ? "&&" : "||");
	}
}

static void expr(struct gen *G, int d)
{
	static const char *const leaf[] = { "a", "b", "t", "u", "f", "g", "1",
					    "2", "-3", "7", "0" };
	static const char *const ops[] = { "+", "-", "*", "/", "%", "&", "|",
					   "^", "<<", ">>", ">>>" };
	int k = d <= 0 ? 0 : rnd(5);
	if (G->calls && rnd(G->fields ? 9 : 5) == 0) { /* an int result */
		sb_puts(G->sb, "val(");
		expr(G, d - 1);
		sb_puts(G->sb, ")");
		nvals++;
		nhcalls += G->fields;
	} else if (k <= 1) {
		int l = rnd(11);
		sb_puts(G->sb, leaf[G->calls && !G->fields && (l == 4 || l == 5)
				    ? l - 4 : l]);
	} else if (k == 4) {
		GEN_TERNARY(G, cond(G, d - 1), expr(G, d - 1));
	} else {
		sb_puts(G->sb, "(");
		expr(G, d - 1);
		sb_printf(G->sb, " %s ", ops[rnd(11)]);
		expr(G, d - 1);
		sb_puts(G->sb, ")");
	}
}

static void stmts(struct gen *G, int n);
static void indent(struct gen *G);

/* A switch over an int, char, short or byte selector: old-style groups
 * (some empty: fall-through; some without a break) or arrow rules,
 * labels distinct, a default in some. */
static void switch_stmt(struct gen *G)
{
	static const char *const cast[] = { "", "(char) ", "(short) ",
					    "(byte) " };
	static const char *const lab[] = { "0", "1", "2", "3", "5", "7", "6",
					   "-1" };
	int ct = rnd(4), n = 1 + rnd(4), dflt = rnd(n + 1), used = 0;
	bool arrow = rnd(3) == 0;
	G->switches++;
	nswitch++;
	narrow += arrow;
	sb_printf(G->sb, "switch (%s(", cast[ct]);
	expr(G, 1);
	sb_puts(G->sb, rnd(4) ? " & 7))" : "))");
	sb_puts(G->sb, " {\n");
	for (int g = 0; g < n; g++) {
		int nl = arrow && g == dflt ? 0 : 1 + rnd(2), max = ct == 1 ? 7 : 8;
		if (used + nl > max)
			break; /* char has no -1; every label once */
		indent(G);
		for (int l = 0; l < nl; l++) {
			const char *v = lab[used++];
			if (arrow)
				sb_printf(G->sb, "%s%s", l ? ", " : "case ", v);
			else
				sb_printf(G->sb, "case %s: ", v);
		}
		if (g == dflt)
			sb_puts(G->sb, arrow ? "default" : "default: ");
		G->depth++;
		G->in_switch++;
		if (arrow) {
			sb_puts(G->sb, " -> {\n");
			stmts(G, rnd(3));
			G->depth--;
			indent(G);
			sb_puts(G->sb, "}\n");
			G->depth++;
		} else {
			sb_puts(G->sb, "\n");
			stmts(G, rnd(3));
			if (rnd(3)) {
				indent(G);
				sb_puts(G->sb, "break;\n");
			}
		}
		G->in_switch--;
		G->depth--;
	}
	indent(G);
	sb_puts(G->sb, "}\n");
}

/* A try statement: its body, catch clauses from a list javac accepts
 * (no clause after one that takes a superclass), and a finally block
 * in some; the caught variable is unused (lang/mir.h: Exceptions). */
static void try_stmt(struct gen *G)
{
	static const char *const catches[][3] = {
		{ "ArithmeticException", NULL, NULL },
		{ "ArithmeticException", "RuntimeException", NULL },
		{ "IllegalStateException | UnsupportedOperationException", NULL,
		  NULL },
		{ "MyEx", "IllegalStateException", "Throwable" },
		{ "IllegalArgumentException | ArithmeticException", "Error",
		  "RuntimeException" },
		{ NULL, NULL, NULL },
	};
	int k = rnd(6);
	bool fin = k == 5 || rnd(2);
	G->tries++;
	ntry++;
	nfinally += fin;
	sb_puts(G->sb, "try {\n");
	G->depth++;
	stmts(G, 1 + rnd(3));
	G->depth--;
	for (int i = 0; i < 3 && catches[k][i]; i++) {
		indent(G);
		sb_printf(G->sb, "} catch (%s e%d) {\n", catches[k][i], G->depth);
		G->depth++;
		stmts(G, rnd(3));
		G->depth--;
	}
	if (fin) {
		indent(G);
		sb_puts(G->sb, "} finally {\n");
		G->depth++;
		stmts(G, 1 + rnd(2));
		G->depth--;
	}
	indent(G);
	sb_puts(G->sb, "}\n");
}

static void indent(struct gen *G)
{
	for (int i = 0; i < G->depth + 2; i++)
		sb_puts(G->sb, "  ");
}

static void stmt(struct gen *G)
{
	static const char *const tgt[] = { "t", "u", "f", "g" };
	static const char *const asg[] = { "=", "+=", "-=", "*=" };
	int k = rnd(G->depth < 2 ? 12 : 7);
	indent(G);
	if (G->calls && rnd(3) == 0) { /* a call: an event */
		if (rnd(2)) {
			sb_puts(G->sb, "note(");
			expr(G, 1);
		} else {
			sb_puts(G->sb, "this.note2(");
			expr(G, 1);
			sb_puts(G->sb, ", ");
			cond(G, 1);
		}
		sb_puts(G->sb, ");\n");
		ncalls++;
		nhcalls += G->fields;
		return;
	}
	if (k >= 10 && G->switches < 2) {
		switch_stmt(G);
		return;
	}
	if (k == 9 && !G->calls && G->tries < 2) {
		try_stmt(G);
		return;
	}
	if (k <= 3) {
		sb_printf(G->sb, "%s %s ", tgt[rnd(G->calls && !G->fields ? 2 : 4)],
			  asg[rnd(4)]);
		expr(G, 2);
		sb_puts(G->sb, ";\n");
	} else if (k == 4) {
		sb_printf(G->sb, "%s%s;\n", tgt[rnd(G->calls && !G->fields ? 2 : 4)],
			  rnd(2) ? "++" : "--");
	} else if (k == 5) {
		sb_puts(G->sb, "if (");
		cond(G, 2);
		sb_puts(G->sb, ")");
		static const char *const jump[] = {
			"return t;", "throw", "break;", "continue;"
		};
		/* a standard class, one of the file (MyEx), a message */
		static const char *const thrown[] = {
			"RuntimeException()", "IllegalArgumentException(\"a\")",
			"IllegalStateException()", "MyEx()",
			"UnsupportedOperationException(\"b\" + \"c\")",
			"ArithmeticException()", "java.lang.IllegalStateException()"
		};
		const char *j = jump[G->in_loop ? rnd(4) : G->in_switch ? rnd(3)
				      : rnd(2)];
		if (!strcmp(j, "throw"))
			sb_printf(G->sb, " throw new %s;\n", thrown[rnd(7)]);
		else
			sb_printf(G->sb, " %s\n", j);
	} else if (k == 6) {
		sb_puts(G->sb, "if (");
		cond(G, 2);
		sb_puts(G->sb, ") {\n");
		G->depth++;
		stmts(G, 1 + rnd(2));
		G->depth--;
		indent(G);
		if (rnd(2)) {
			sb_puts(G->sb, "} else {\n");
			G->depth++;
			stmts(G, 1 + rnd(2));
			G->depth--;
			indent(G);
		}
		sb_puts(G->sb, "}\n");
	} else if (G->loops < 3) {
		G->loops++;
		sb_printf(G->sb, "for (int i%d = 0; i%d < (", G->depth, G->depth);
		expr(G, 1);
		/* sometimes an update list of two (a cursor walk's case) */
		sb_printf(G->sb, " & 7); i%d++%s) {\n", G->depth,
			  rnd(3) ? "" : ", u += 3");
		G->depth++;
		G->in_loop++;
		stmts(G, 1 + rnd(3));
		G->in_loop--;
		G->depth--;
		indent(G);
		sb_puts(G->sb, "}\n");
	} else {
		sb_puts(G->sb, "t ^= u;\n");
	}
}

GEN_STMTS

static int32_t input_int(void)
{
	static const int32_t pool[] = { 0, 1, -1, 2, 3, 7, -8, 31, 32,
					2147483647, -2147483647 - 1 };
	return rnd(3) ? pool[rnd(11)] : (int32_t)rnd_next(&seed);
}

struct mcase {
	int32_t a, b, f, g;
	bool c;
};

static struct mcase cases[NM][NI];
/* The callees' answer to call r of case i of method m: MDiff.ans(). */
static int64_t answer(int m, int i, int r)
{
	uint64_t h = stub_mix(m, i, r, 1);
	return (h >> 61) < 5 ? (int64_t)((h >> 32) % 7) - 3 : (int64_t)h;
}
/* The value field j gets after call r of case i of method m (a method
 * with calls and fields): MDiff.hv(). */
static int64_t havoc_value(int m, int i, int r, int j)
{
	return answer(m + 5000, i, 2 * r + j);
}
static size_t body_at[NM];

static void write_java(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "public class MDiff {\n  int f, g;\n"
		"  static class MyEx extends IllegalStateException {}\n"
		"  static StringBuilder tr = new StringBuilder();\n"
		"  static int cm, ci, nc;\n"
		"  static long ans(int m, int i, int r) { long h = m * 1000003L + "
		"i * 1009L + r * 31L + 1; h ^= h >>> 7; h *= 0x9E3779B97F4A7C15L; "
		"h ^= h >>> 29; return (h >>> 61) < 5 ? ((h >>> 32) % 7) - 3 : h; }\n"
		"  static MDiff cur; static boolean hvon;\n"
		"  static void hv() { if (!hvon) return; tr.append(\"{\" + cur.f + \",\" + "
		"cur.g + \"}\"); cur.f = (int) ans(cm + 5000, ci, 2 * nc); cur.g = (int) "
		"ans(cm + 5000, ci, 2 * nc + 1); }\n"
		"  static void note(int x) { tr.append(\" n\" + x); hv(); nc++; }\n"
		"  void note2(int x, boolean y) { tr.append(\" o\" + x + \"/\" + y); hv(); nc++; }\n"
		"  int val(int x) { tr.append(\" v\" + x); hv(); return (int) ans(cm, ci, nc++); }\n"
		"  boolean bv(int x) { tr.append(\" b\" + x); hv(); return (ans(cm, ci, nc++) & 1) != 0; }\n");
	for (int m = 0; m < NM; m++) {
		sb_printf(&sb, "  int m%d(int a, int b, boolean c) {\n", m);
		body_at[m] = sb.len;
		struct gen G = { &sb, 0, 0, 0, 0, 0, m % 4 == 3 || m >= NM_PLAIN,
				 m >= NM_PLAIN, 0 };
		/* with calls and fields: both named (the stubs set both) */
		sb_puts(&sb, G.fields ? "    int t = a + f;\n    int u = b ^ g;\n"
				      : "    int t = a;\n    int u = b;\n");
		stmts(&G, 2 + rnd(5));
		sb_puts(&sb, "    return ");
		expr(&G, 2);
		sb_puts(&sb, ";\n  }\n");
	}
	/* one driver method per generated method: a single main would pass
	 * the JVM's 64 KB limit on a method's code */
	for (int m = 0; m < NM; m++) {
		sb_printf(&sb, "  static void drive%d(StringBuilder out) {\n", m);
		for (int i = 0; i < NI; i++) {
			struct mcase *k = &cases[m][i];
			*k = (struct mcase){ input_int(), input_int(), input_int(),
					     input_int(), rnd(2) };
			sb_printf(&sb, "    cm = %d; ci = %d; nc = 0; hvon = %s;\n", m, i,
				  m >= NM_PLAIN ? "true" : "false");
			sb_printf(&sb, "    { MDiff o = new MDiff(); cur = o; o.f = %d; "
				  "o.g = %d; tr.setLength(0); String v; try { int r = "
				  "o.m%d(%d, %d, %s); v = \"R \" + r + \" \" + o.f + "
				  "\" \" + o.g; } catch (RuntimeException e) { v = "
				  "\"T \" + e.getClass().getSimpleName(); } out.append(\"%d %d \" + v + \" |\" + tr + "
				  "\"\\n\"); }\n",
				  k->f, k->g, m, k->a, k->b, k->c ? "true" : "false",
				  m, i);
		}
		sb_puts(&sb, "  }\n");
	}
	sb_puts(&sb, "  public static void main(String[] x) {\n"
		"    StringBuilder out = new StringBuilder();\n");
	for (int m = 0; m < NM; m++)
		sb_printf(&sb, "    drive%d(out);\n", m);
	sb_puts(&sb, "    System.out.print(out);\n  }\n}\n");
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

/* The final value of field name in r (its input when m never names
 * it: then it is not one of m's variables). */
static int32_t field_of(const struct mmethod *m, const struct mrun *r,
			const char *name, int32_t input)
{
	for (int i = 0; i < m->nvars; i++)
		if (m->kinds[i] == MV_FIELD && !strcmp(m->names[i], name))
			return (int32_t)r->vars[i].bits;
	return input;
}

/* "R ret f g |calls" or "T |calls" for what run r shows (calls as
 * the helpers log them: " n3 o4/true"). */
static void show(char *buf, size_t n, const struct mmethod *m,
		 const struct mrun *r, const struct mcase *k)
{
	int w;
	if (r->threw)
		w = snprintf(buf, n, "T %s |", r->exc < m->nexc ? m->exc[r->exc]
						      : "?");
	else
		w = snprintf(buf, n, "R %d %d %d |", (int32_t)r->ret.bits,
			     field_of(m, r, "f", k->f), field_of(m, r, "g", k->g));
	for (int e = 0; e < r->nevents && w > 0 && (size_t)w < n; e++) {
		const struct mevent *ev = &r->events[e];
		const char *name = "?";
		for (int j = 0; j < m->ncallees; j++)
			if (m->callees[j].id == ev->id)
				name = m->callees[j].name;
		if (!strcmp(name, "note") || !strcmp(name, "val") ||
		    !strcmp(name, "bv"))
			w += snprintf(buf + w, n - (size_t)w, " %c%d", *name,
				      (int32_t)ev->args[0].bits);
		else
			w += snprintf(buf + w, n - (size_t)w, " o%d/%s",
				      (int32_t)ev->args[0].bits,
				      ev->args[1].bits ? "true" : "false");
		if (ev->nseen == 2 && w > 0 && (size_t)w < n) /* f, g seen */
			w += snprintf(buf + w, n - (size_t)w, "{%d,%d}",
				      (int32_t)ev->seen[0].bits,
				      (int32_t)ev->seen[1].bits);
	}
}

/* The inputs of case k in m's variable order. */
static void inputs(const struct mmethod *m, const struct mcase *k,
		   struct value *in)
{
	for (int i = 0; i < m->nvars; i++) {
		const char *v = m->names[i];
		in[i] = value_int(!strcmp(v, "a") ? k->a : !strcmp(v, "b") ? k->b
				  : !strcmp(v, "c") ? k->c : !strcmp(v, "f") ? k->f
				  : !strcmp(v, "g") ? k->g : 0);
	}
}

static void compare(const char *path, FILE *jvm)
{
	struct jsrc *f = jvm_front_end(path, A);
	if (!f)
		return;
	const struct mmethod *mm[NM];
	int built = 0, bad_eval = 0, bad_enc = 0, threw = 0, lines = 0, nover = 0;
	char kinds[512] = " "; /* the exception classes the JVM printed */
	int nkinds = 0;
	built = gen_build_java(f, A, body_at, NM, mm);
	ok(built == NM, "all %d generated methods are modelled", NM);
	ok(ncalls >= 10, "%d call statements (events) in the methods with calls",
	   ncalls);
	ok(nhcalls >= 10, "%d calls in methods that name and write fields (each "
	   "sees f and g, then sets them from a table)", nhcalls);
	ok(nvals >= 10, "%d calls whose result is used (val, bv: answers from "
	   "a table by call number, the same in the JVM, evaluator and encoding)",
	   nvals);
	ok(nswitch >= 5 && narrow >= 1 && narrow < nswitch, "they have switch "
	   "statements, old-style and arrow (%d, %d arrow)", nswitch, narrow);
	char line[2048];
	struct mir_smt *S[NM] = { 0 };
	int m, i;
	const char *want;
	while (gen_next_line(jvm, line, sizeof(line), NM, NI, mm, &m, &i,
			     &want)) {
		lines++;
		if (want[0] == 'T' && want[1] == ' ') {
			char name[64], key[80];
			if (sscanf(want + 2, "%63s", name) == 1 &&
			    snprintf(key, sizeof(key), " %s ", name) > 0 &&
			    !strstr(kinds, key) && strlen(kinds) + strlen(key) < 500) {
				strcat(kinds, key + 1);
				nkinds++;
			}
		}
		struct mcase *k = &cases[m][i];
		struct value in[MIR_IN];
		inputs(mm[m], k, in);
		for (int r = 0; r < MIR_MAX_RESULTS; r++)
			in[MIR_RES + r] = value_int(answer(m, i, r));
		for (int r = 0; r < MIR_MAX_HAVOC; r++)
			in[MIR_HAV + r] = value_int(havoc_value(m, i, r / 2, r % 2));
		struct mrun r, e;
		char got[1024], enc[1024];
		mir_eval(mm[m], in, 0, &r);
		if (r.overflow) { /* more than MIR_MAX_EVENTS calls: undecided */
			nover++;
			continue;
		}
		show(got, sizeof(got), mm[m], &r, k);
		threw += r.threw;
		if (strcmp(got, want) && bad_eval++ < 5)
			diag("m%d input %d: JVM %s, evaluator %s", m, i, want, got);
		if (!S[m])
			S[m] = mir_smt_new(mm[m], 8, 0, 0);
		if (mir_smt_outcome(S[m], mm[m], in, &e) < 0 || e.cut) {
			snprintf(enc, sizeof(enc), "failed");
		} else
			show(enc, sizeof(enc), mm[m], &e, k);
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
	ok(threw > 0 && threw < lines, "some cases throw, some return");
	ok(nkinds >= 4, "the JVM threw %d classes of exception:%s", nkinds,
	   kinds);
	ok(ntry >= 5 && nfinally >= 2 && nfinally < ntry, "%d try statements, "
	   "%d with finally", ntry, nfinally);
	ok(nover * 10 < lines, "few cases make more than %d calls (%d: the "
	   "evaluator says undecided, not compared)", MIR_MAX_EVENTS, nover);
	jsrc_free(f);
}

int main(void)
{
	return jvm_diff_main(&A, &seed, dir, "MDiff", NM, write_java, compare);
}
