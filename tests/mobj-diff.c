/*
 * mobj-diff.c - the method IR's other references (lang/mir.h: Other
 * references: calls on objects of other classes and static calls as
 * events, `new`, identity, Math) against the real JVM, a sibling of
 * method-diff.c and mheap-diff.c.
 *
 * Random methods m(Peer p, Object o, String s, int x) of a class MObj
 * with fields int f and Peer q (some methods name both, the others
 * neither), Peer a class of the same file, and locals int t, u, Peer r,
 * Object z: reference comparisons (==, != and null, between the types
 * javac allows: Peer with Peer, Object with anything, String with
 * String), ?: on references, assignments of references, `new Peer()` and
 * `new Object()`, calls p.get(e) (int), p.put(e) (void) on Peer
 * references that may be null (NullPointerException after the
 * arguments), static calls Peer.h(e) (int) and Peer.see(o) (a reference
 * argument), Math.abs, min and max of int and long, int arithmetic with
 * / and % (ArithmeticException), if/else, early returns, throws, a for
 * loop; a third of the methods return an Object or a Peer.
 *
 * The JVM's Peer records every call (callee, receiver and arguments, a
 * reference by its identity), and in a method naming the fields the
 * fields it sees, then sets them from a table; a call's result is the
 * table's answer for the call's number (sem/mir.h: Call results, Calls
 * and fields).  Identities are printed as the model prints them: null,
 * this, o1 o2 (the case's Peers), o3 (a String), o4 (an Object), and
 * the objects the run makes as N1, N2, ... in the order a test first
 * sees them (a Peer when its constructor runs, an Object when it is
 * passed, stored or returned): the JVM cannot see java.lang.Object's
 * constructor, so `new Object()` is not in its trace, takes no number
 * in the stubs' table and changes no field; the input given to the
 * model is the one that answers its events so (its fixed point on the
 * run's events, fill() below).  The evaluator (no bound) and the
 * encoding (mir_smt_outcome, loops unrolled to 8) must print what the
 * JVM printed: the return value or the exception's class, the final f
 * and q, and the calls.
 */
#include "gen.h"
#include "jvm-run.h"
#include "prover-test.h"

#include "lang/javasrc-method.h"
#include "sem/mir.h"

#define NM 40
#define NI 16

GEN_STATE(0x0b1ec7, "subsume-mobj")
/* generated: calls (get, put, f, see), new Peer, new Object, Math */
static int ncall, nnew, nmath, nnest;

struct gen {
	struct strbuf *sb;
	int depth;
	bool fields, loop;
	int ret; /* 0 int, 1 Object, 2 Peer */
	int temps; /* calls with a result and Math left: 16 variables */
	int inargs; /* in a call's arguments */
};

static void indent(struct gen *G)
{
	for (int i = 0; i < G->depth + 2; i++)
		sb_puts(G->sb, "  ");
}

/* A Peer, an Object, any reference. */
static const char *peer_ref(struct gen *G)
{
	static const char *const p[] = { "p", "r", "null", "q" };
	return p[rnd(G->fields ? 4 : 3)];
}

static const char *any_ref(struct gen *G)
{
	static const char *const o[] = { "o", "z", "s", "p", "r", "this",
					 "null", "q" };
	return o[rnd(G->fields ? 8 : 7)];
}

static void rcond(struct gen *G, int d)
{
	const char *op = rnd(2) ? "==" : "!=";
	if (d > 0 && rnd(3) == 0) {
		GEN_BINARY(G, rcond, d - 1, rnd(2) ? "&&" : "||");
	} else if (rnd(3) == 0)
		sb_printf(G->sb, "%s %s %s", peer_ref(G), op, peer_ref(G));
	else if (rnd(5) == 0)
		sb_printf(G->sb, "s %s %s", op, rnd(2) ? "null" : "s");
	else
		sb_printf(G->sb, "%s %s %s", rnd(2) ? "o" : "z", op, any_ref(G));
}

static void expr(struct gen *G, int d, bool calls);

/* An int or long argument of Math (int, or long by a cast). */
static void math(struct gen *G, int d, bool calls)
{
	static const char *const fn[] = { "abs", "min", "max" };
	int k = rnd(3);
	bool wide = rnd(3) == 0;
	nmath++;
	sb_printf(G->sb, "%sMath.%s(%s", wide ? "(int) (" : "", fn[k],
		  wide ? "(long) " : "");
	expr(G, d - 1, calls);
	if (k) {
		sb_puts(G->sb, ", ");
		if (wide && rnd(2))
			sb_puts(G->sb, rnd(2) ? "-2147483649L" : "3L");
		else
			expr(G, d - 1, calls);
	}
	sb_puts(G->sb, wide ? (k ? ") >> 1)" : ") - 1L)") : ")");
}

static void expr(struct gen *G, int d, bool calls);

/* The argument of a call on recv ("p", "q.", "Peer."): calls and Math
 * in it sometimes, except on the field q (a call on a field with calls
 * in its arguments is refused). */
static void arg_expr(struct gen *G, const char *recv)
{
	G->inargs++;
	expr(G, 1, *recv != 'q' && rnd(2));
	G->inargs--;
}

/* An int expression; calls: it may make calls. */
static void expr(struct gen *G, int d, bool calls)
{
	static const char *const leaf[] = { "x", "t", "u", "1", "-1", "7",
					    "0", "0x80000000", "f" };
	static const char *const ops[] = { "+", "-", "*", "/", "%", "&",
					   "^", "+" };
	int k = d <= 0 ? 0 : rnd(8);
	if (calls && G->temps > 0 && rnd(5) == 0) {
		G->temps--;
		nnest += G->inargs > 0;
		static const char *const recv[] = { "p.", "r.", "Peer.", "q." };
		const char *c = recv[rnd(G->fields ? 4 : 3)];
		ncall++;
		sb_printf(G->sb, "%s%s(%s", c, *c == 'P' ? "h" : "get",
			  rnd(3) ? "" : "7 / "); /* which throws first */
		arg_expr(G, c);
		sb_puts(G->sb, ")");
	} else if (k <= 2) {
		sb_puts(G->sb, leaf[rnd(G->fields ? 9 : 8)]);
	} else if (k <= 4 && calls && G->temps > 0) {
		G->temps--;
		nnest += G->inargs > 0;
		math(G, d, calls);
	} else if (k == 5) {
		GEN_TERNARY(G, rcond(G, 0), expr(G, d - 1, calls));
	} else {
		sb_puts(G->sb, "(");
		expr(G, d - 1, calls);
		sb_printf(G->sb, " %s ", ops[rnd(8)]);
		expr(G, d - 1, calls);
		sb_puts(G->sb, ")");
	}
}

static void cond(struct gen *G)
{
	static const char *const rel[] = { "<", "<=", ">", "==", "!=" };
	if (rnd(2)) {
		rcond(G, 1);
		return;
	}
	sb_puts(G->sb, "(");
	expr(G, 1, true);
	sb_printf(G->sb, " %s ", rel[rnd(5)]);
	expr(G, 1, false);
	sb_puts(G->sb, ")");
}

/* A value for r (Peer) or z (Object), or returned. */
static void ref_value(struct gen *G, bool peer)
{
	int k = rnd(4);
	if (k == 0) {
		nnew++;
		sb_puts(G->sb, peer || rnd(2) ? "new Peer()" : "new Object()");
	} else if (k <= 2) {
		rcond(G, 0);
		sb_printf(G->sb, " ? %s : %s", peer ? peer_ref(G) : any_ref(G),
			  peer ? peer_ref(G) : any_ref(G));
	} else
		sb_puts(G->sb, peer ? peer_ref(G) : any_ref(G));
}

static void stmts(struct gen *G, int n);

static void block(struct gen *G, const char *head)
{
	sb_puts(G->sb, head);
	G->depth++;
	stmts(G, 1 + rnd(2));
	G->depth--;
	indent(G);
}

static void stmt(struct gen *G)
{
	int k = rnd(G->depth > 1 ? 9 : 12);
	indent(G);
	switch (k) {
	case 0:
		sb_puts(G->sb, "t = ");
		expr(G, 2, true);
		break;
	case 1:
		sb_printf(G->sb, "%s += ", G->fields && rnd(2) ? "f" : "u");
		expr(G, 1, true);
		break;
	case 2: {
		ncall++;
		const char *on = (const char *const[]){ "p", "r", "q" }
			[rnd(G->fields ? 3 : 2)];
		sb_printf(G->sb, "%s.put(", on);
		sb_puts(G->sb, rnd(3) ? "" : "7 / ");
		arg_expr(G, on);
		sb_puts(G->sb, ")");
		break;
	}
	case 3:
		ncall++;
		sb_printf(G->sb, "Peer.see(%s)", any_ref(G));
		break;
	case 4:
		sb_printf(G->sb, "%s = ", G->fields && rnd(3) == 0 ? "q" : "r");
		ref_value(G, true);
		break;
	case 5:
		sb_puts(G->sb, "z = ");
		ref_value(G, false);
		break;
	case 6:
		sb_puts(G->sb, "if (");
		cond(G);
		sb_puts(G->sb, ") return ");
		if (G->ret)
			ref_value(G, G->ret == 2);
		else
			expr(G, 1, true);
		break;
	case 7:
		sb_puts(G->sb, "if (");
		rcond(G, 1);
		sb_puts(G->sb, ") throw new IllegalStateException()");
		break;
	case 8:
	case 9:
	case 10:
		if (k < 10 || G->loop) {
			sb_puts(G->sb, "if (");
			cond(G);
			block(G, ") {\n");
			block(G, "} else {\n");
		} else {
			G->loop = true;
			sb_printf(G->sb, "for (int k = 0; k < %s; k++) {\n",
				  rnd(2) ? "3" : "(x & 3)");
			G->depth++;
			stmts(G, 1 + rnd(2));
			G->depth--;
			indent(G);
		}
		sb_puts(G->sb, "}\n");
		return;
	default:
		sb_puts(G->sb, G->fields ? "f = " : "u = ");
		expr(G, 2, true);
	}
	sb_puts(G->sb, ";\n");
}

GEN_STMTS

/* One case: x and f; p, o, s and q as object ids (0 null, 1 this, 2
 * and 3 the Peers, 4 the String, 5 the Object). */
struct ocase {
	int32_t x, f;
	int p, o, s, q;
};

static struct ocase cases[NM][NI];
static size_t body_at[NM];
static bool hvon[NM];

static int32_t input_int(void)
{
	static const int32_t pool[] = { 0, 1, -1, 2, 7, -8, 2147483647,
					-2147483647 - 1 };
	return rnd(3) ? pool[rnd(8)] : (int32_t)rnd_next(&seed);
}

/* The stubs' table (MObj.ans, MObj.mix): call n's result, and the
 * fields after call n in a method naming them. */
static int32_t answer(int m, int i, int n)
{
	uint64_t h = stub_mix(m, i, n, 1);
	int64_t v = (h >> 61) < 5 ? (int64_t)((h >> 32) % 7) - 3 : (int64_t)h;
	return (int32_t)(uint32_t)(uint64_t)v;
}

static int32_t after_f(int m, int i, int n)
{
	return answer(m + 5000, i, 2 * n);
}

static int32_t after_q(int m, int i, int n)
{
	static const int32_t qp[] = { 0, 2, 3 };
	return qp[(stub_mix(m + 5000, i, n, 2) >> 33) % 3];
}

static void write_case(struct strbuf *sb, int m, int i)
{
	struct ocase *k = &cases[m][i];
	static const int peer[] = { 0, 2, 3 };
	k->x = input_int();
	k->f = input_int();
	k->p = peer[rnd(3)];
	k->q = peer[rnd(3)];
	k->s = rnd(3) ? 4 : 0;
	k->o = rnd(6);
	sb_printf(sb, "    { MObj t0 = new MObj(); Peer p1 = new Peer(), p2 = "
		  "new Peer(); String s1 = new String(\"s\"); Object b1 = new "
		  "Object(); ids[0] = null; ids[1] = t0; ids[2] = p1; ids[3] = "
		  "p2; ids[4] = s1; ids[5] = b1; nid = 6; cur = t0; t0.f = %d; "
		  "t0.q = (Peer) ids[%d]; cm = %d; ci = %d; nc = 0; hvon = %s; "
		  "tr.setLength(0); on = true; String v; try { v = \"R \" + "
		  "%st0.m%d((Peer) ids[%d], ids[%d], (String) ids[%d], %d)%s; "
		  "v += \" \" + t0.f + \" \" + lab(t0.q); } catch "
		  "(RuntimeException e) { v = \"T \" + e.getClass()."
		  "getSimpleName(); } on = false; out.append(\"%d %d \" + v + "
		  "\" |\" + tr + \"\\n\"); }\n", k->f, k->q, m, i,
		  hvon[m] ? "true" : "false", m % 3 == 2 ? "lab(" : "", m, k->p,
		  k->o, k->s, k->x, m % 3 == 2 ? ")" : "", m, i);
}

static const char JAVA_HEAD[] =
	"public class MObj {\n  int f;\n  Peer q;\n"
	"  static StringBuilder tr = new StringBuilder();\n"
	"  static Object[] ids = new Object[256];\n"
	"  static int nid, cm, ci, nc;\n  static boolean on, hvon;\n"
	"  static MObj cur;\n  static final int[] QP = { 0, 2, 3 };\n"
	"  static long mix(int m, int i, int r, int k) { long h = m * 1000003L"
	" + i * 1009L + r * 31L + k; h ^= h >>> 7; h *= 0x9E3779B97F4A7C15L; "
	"h ^= h >>> 29; return h; }\n"
	"  static long ans(int m, int i, int r) { long h = mix(m, i, r, 1); "
	"return (h >>> 61) < 5 ? ((h >>> 32) % 7) - 3 : h; }\n"
	/* identities as the model prints them; made ones by first sight */
	"  static String lab(Object x) {\n    if (x == null) return \"null\";\n"
	"    for (int k = 1; k < nid; k++) if (ids[k] == x) return k == 1 ? "
	"\"this\" : k < 6 ? \"o\" + (k - 1) : \"N\" + (k - 5);\n"
	"    ids[nid] = x;\n    return \"N\" + (++nid - 6);\n  }\n"
	/* an event: logged, the fields seen, then set from the table */
	"  static int ev(String s) {\n    tr.append(' ').append(s);\n"
	"    if (hvon) { tr.append(\"{\" + cur.f + \",\" + lab(cur.q) + \"}\");"
	" cur.f = (int) ans(cm + 5000, ci, 2 * nc); cur.q = (Peer) ids[QP[(int)"
	" ((mix(cm + 5000, ci, nc, 2) >>> 33) % 3)]]; }\n"
	"    return nc++;\n  }\n";

static const char JAVA_PEER[] =
	"class Peer {\n"
	"  Peer() { if (MObj.on) { MObj.lab(this); MObj.ev(\"new Peer()\"); } }\n"
	"  int get(int x) { return (int) MObj.ans(MObj.cm, MObj.ci, "
	"MObj.ev(MObj.lab(this) + \".get(\" + x + \")\")); }\n"
	"  void put(int x) { MObj.ev(MObj.lab(this) + \".put(\" + x + \")\"); }\n"
	"  static int h(int x) { return (int) MObj.ans(MObj.cm, MObj.ci, "
	"MObj.ev(\"Peer.h(\" + x + \")\")); }\n"
	"  static void see(Object o) { MObj.ev(\"Peer.see(\" + MObj.lab(o) + "
	"\")\"); }\n}\n";

static void write_java(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	static const char *const rt[] = { "int", "Object", "Peer" };
	sb_puts(&sb, JAVA_HEAD);
	for (int m = 0; m < NM; m++) {
		struct gen G = { &sb, 0, rnd(3) == 0, false,
				 m % 3 == 2 ? 1 + rnd(2) : 0, 5, 0 };
		hvon[m] = G.fields;
		sb_printf(&sb, "  %s m%d(Peer p, Object o, String s, int x) {\n",
			  rt[G.ret], m);
		body_at[m] = sb.len;
		sb_printf(&sb, "    int t = x%s;\n    int u = 0;\n    Peer r = %s;\n"
			  "    Object z = o;\n", G.fields ? " + f" : "",
			  G.fields ? "q" : "p");
		stmts(&G, 2 + rnd(3));
		sb_puts(&sb, "    return ");
		if (G.ret)
			ref_value(&G, G.ret == 2);
		else
			expr(&G, 2, true);
		sb_puts(&sb, ";\n  }\n");
	}
	jvm_write_cases(&sb, NM, NI, write_case, "a");
	sb_puts(&sb, JAVA_PEER);
	write_text_file(path, sb.buf);
	sb_release(&sb);
}

static const char *callee_name(const struct mmethod *m, const struct mevent *e)
{
	const struct mcallee *c = mir_callee_of(m, e);
	return c ? c->name : "?";
}

/* The input of case k of method mi for m: the variables, then call
 * results and fields after calls as the JVM's stubs give them along
 * run r's events (NULL: as if every event were a stub's); a `new
 * Object()` takes no number and leaves the fields as it saw them. */
static void fill(const struct mmethod *m, int mi, int i, const struct mrun *r,
		 struct value *in)
{
	const struct ocase *k = &cases[mi][i];
	int nf = mir_havoc(m), n = 0, jf = -1, jq = -1;
	memset(in, 0, sizeof(struct value) * MIR_IN);
	for (int v = 0, j = 0; v < m->nvars; v++) {
		const char *s = m->names[v];
		if (m->kinds[v] == MV_FIELD) {
			if (!strcmp(s, "f"))
				jf = j;
			else if (!strcmp(s, "q"))
				jq = j;
			j++;
		}
		if (m->kinds[v] != MV_LOCAL)
			in[v] = value_int(!strcmp(s, "x") ? k->x : !strcmp(s, "f")
					  ? k->f : !strcmp(s, "p") ? k->p
					  : !strcmp(s, "o") ? k->o : !strcmp(s, "s")
					  ? k->s : !strcmp(s, "q") ? k->q : 0);
	}
	for (int e = 0; e < MIR_MAX_EVENTS; e++) {
		bool obj = r && e < r->nevents &&
			   !strcmp(callee_name(m, &r->events[e]), "new Object");
		if (e < MIR_MAX_RESULTS)
			in[MIR_RES + e] = value_int(answer(mi, i, n));
		for (int j = 0; j < nf && (e + 1) * nf <= MIR_MAX_HAVOC; j++)
			in[MIR_HAV + e * nf + j] = obj ? r->events[e].seen[j]
				: value_int(j == jf ? after_f(mi, i, n)
					    : j == jq ? after_q(mi, i, n) : 0);
		n += !obj;
	}
}

/* Identities as the JVM prints them (MObj.lab()). */
struct labels {
	int32_t id[MIR_MAX_EVENTS + 4];
	int n;
};

static void lab(struct strbuf *sb, struct labels *L, int32_t id)
{
	if (!sb) { /* a Peer made: numbered when its constructor runs */
		struct strbuf tmp = STRBUF_INIT;
		lab(&tmp, L, id);
		sb_release(&tmp);
		return;
	}
	if (id == 0 || id == 1 || id < MIR_FRESH) {
		mir_ref_print(sb, value_int(id));
		return;
	}
	int j = 0;
	while (j < L->n && L->id[j] != id)
		j++;
	if (j == L->n && L->n < (int)(sizeof(L->id) / sizeof(L->id[0])))
		L->id[L->n++] = id;
	sb_printf(sb, "N%d", j + 1);
}

/* What run r shows, as the JVM prints it. */
static void show(struct strbuf *sb, const struct mmethod *m,
		 const struct ocase *k, const struct mrun *r)
{
	struct labels L = { { 0 }, 0 };
	struct strbuf tr = STRBUF_INIT;
	int made = 0, vf = gen_var_of(m, "f"), vq = gen_var_of(m, "q");
	for (int e = 0; e < r->nevents; e++) {
		const struct mevent *ev = &r->events[e];
		const struct mcallee *c = mir_callee_of(m, ev);
		if (!c) {
			sb_puts(&tr, " ?");
			continue;
		}
		if (!strncmp(c->name, "new ", 4) && made++ >= 0 &&
		    !strcmp(c->name, "new Object"))
			continue; /* not seen by the JVM */
		sb_puts(&tr, " ");
		if (!strcmp(c->name, "new Peer"))
			lab(NULL, &L, MIR_FRESH + made - 1);
		for (int a = 0; a < ev->nargs; a++) {
			if (a == 0 && c->recv) {
				lab(&tr, &L, (int32_t)ev->args[0].bits);
				sb_printf(&tr, ".%s(", c->name);
				continue;
			}
			if (a == 0)
				sb_printf(&tr, "%s(", c->name);
			if (c->refargs >> a & 1)
				lab(&tr, &L, (int32_t)ev->args[a].bits);
			else
				sb_printf(&tr, "%d", (int32_t)ev->args[a].bits);
		}
		if (!ev->nargs)
			sb_printf(&tr, "%s(", c->name);
		sb_puts(&tr, ")");
		if (ev->nseen) {
			int jf = 0, jq = 0;
			for (int v = 0, j = 0; v < m->nvars; v++)
				if (m->kinds[v] == MV_FIELD) {
					jf = v == vf ? j : jf;
					jq = v == vq ? j : jq;
					j++;
				}
			sb_printf(&tr, "{%d,", (int32_t)ev->seen[jf].bits);
			lab(&tr, &L, (int32_t)ev->seen[jq].bits);
			sb_puts(&tr, "}");
		}
	}
	if (r->threw) {
		sb_printf(sb, "T %s", r->exc < m->nexc ? m->exc[r->exc] : "?");
	} else {
		sb_puts(sb, "R ");
		if (m->ret_ref)
			lab(sb, &L, (int32_t)r->ret.bits);
		else
			sb_printf(sb, "%d", (int32_t)r->ret.bits);
		sb_printf(sb, " %d ", vf < 0 ? k->f : (int32_t)r->vars[vf].bits);
		lab(sb, &L, vq < 0 ? k->q : (int32_t)r->vars[vq].bits);
	}
	sb_printf(sb, " |%s", tr.buf ? tr.buf : "");
	sb_release(&tr);
}

static void compare(const char *path, FILE *jvm)
{
	struct jsrc *f = jvm_front_end(path, A);
	if (!f)
		return;
	const struct mmethod *mm[NM];
	int built = 0, bad_eval = 0, bad_enc = 0, lines = 0, nover = 0;
	int threw = 0, npe = 0, arith = 0, withcalls = 0, made = 0, fresh = 0;
	int refret = 0;
	built = gen_build_java(f, A, body_at, NM, mm);
	ok(built == NM, "all %d generated methods are modelled", NM);
	ok(ncall >= 40 && nnew >= 10 && nmath >= 20 && nnest >= 10, "they make "
	   "calls on Peers and static calls (%d), `new` (%d) and Math calls "
	   "(%d), %d of the calls and Math in a call's arguments", ncall, nnew,
	   nmath, nnest);
	char line[4096];
	struct mir_smt *S[NM] = { 0 };
	int m, i;
	const char *want;
	struct value *in = calloc(MIR_IN, sizeof(*in)),
		     *prev = calloc(MIR_IN, sizeof(*in));
	struct mrun *r = malloc(sizeof(*r)), *e = malloc(sizeof(*e));
	while (in && prev && r && e && gen_next_line(jvm, line, sizeof(line), NM, NI, mm, &m, &i,
			     &want)) {
		lines++;
		/* the stubs' answers along the run's own events */
		fill(mm[m], m, i, NULL, in);
		for (int it = 0; it < MIR_MAX_EVENTS + 2; it++) {
			mir_eval(mm[m], in, 0, r);
			memcpy(prev, in, sizeof(*in) * MIR_IN);
			fill(mm[m], m, i, r, in);
			if (!memcmp(prev, in, sizeof(*in) * MIR_IN))
				break;
		}
		if (r->overflow) { /* too many calls: undecided */
			nover++;
			continue;
		}
		struct strbuf got = STRBUF_INIT, enc = STRBUF_INIT;
		show(&got, mm[m], &cases[m][i], r);
		threw += r->threw;
		npe += strstr(want, "T NullPointerException") == want;
		arith += strstr(want, "T ArithmeticException") == want;
		withcalls += r->nevents > 0;
		made += strstr(want, "new Peer()") != NULL;
		fresh += !strncmp(want, "R N", 3);
		refret += mm[m]->ret_ref && !r->threw;
		if (strcmp(got.buf, want) && bad_eval++ < 5)
			diag("m%d input %d: JVM %s, evaluator %s", m, i, want,
			     got.buf);
		if (!S[m])
			S[m] = mir_smt_new(mm[m], 8, 0, 0);
		if (mir_smt_outcome(S[m], mm[m], in, e) < 0 || e->cut)
			sb_puts(&enc, "failed");
		else
			show(&enc, mm[m], &cases[m][i], e);
		if (strcmp(enc.buf, want) && bad_enc++ < 5)
			diag("m%d input %d: JVM %s, encoding %s", m, i, want,
			     enc.buf);
		sb_release(&got);
		sb_release(&enc);
	}
	for (int m = 0; m < NM; m++)
		mir_smt_free(S[m]);
	free(in);
	free(prev);
	free(r);
	free(e);
	ok(lines == NM * NI, "the JVM ran %d cases (%d)", NM * NI, lines);
	ok(bad_eval == 0, "the evaluator agrees with the JVM on every case "
	   "(%d differ)", bad_eval);
	ok(bad_enc == 0, "the encoding agrees with the JVM on every case "
	   "(%d differ)", bad_enc);
	ok(threw > lines / 10 && threw < lines - lines / 10, "many cases throw "
	   "(%d: %d NullPointerException, %d ArithmeticException), many "
	   "return", threw, npe, arith);
	ok(npe >= 10 && arith >= 10, "null receivers and divisions by zero "
	   "throw in some cases (%d, %d)", npe, arith);
	ok(withcalls > lines / 3, "many cases make calls (%d of %d; %d make a "
	   "Peer)", withcalls, lines, made);
	ok(refret >= 20 && fresh >= 5, "many return a reference (%d), some an "
	   "object they made (%d)", refret, fresh);
	ok(nover * 10 < lines, "few cases make more than %d calls (%d: "
	   "undecided, not compared)", MIR_MAX_EVENTS, nover);
	jsrc_free(f);
}

int main(void)
{
	return jvm_diff_main(&A, &seed, dir, "MObj", NM, write_java, compare);
}
