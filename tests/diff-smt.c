/*
 * diff-smt.c - differential test of the Z3 encoding (smt.c) against the
 * concrete evaluator (eval.c).
 *
 * Part 1: a generated theory applies every built-in operator to targets
 * over every type (byte, short, char, int, long, integer, boolean, and
 * mixed per-variable domains).  For every analysis and every program
 * (the original and each mutant), smt_outcome() -- Z3 evaluating the
 * encoded terms on a concrete input -- must give the outcome the
 * evaluator gives: whether it throws, and if not, the value and the
 * final value of every variable.  Inputs: all pairs of boundary values
 * (0, +-1, MIN, MAX, MIN+1, MAX-1) plus random ones.
 *
 * Part 2: the same comparison on random well-typed expressions built in
 * code (nested operators, side effects, conditionals, mixed types).
 */
#include "prover-test.h"

static struct arena *A;

/* Mismatch details, printed after the test line they belong to. */
static struct strbuf notes;

#define note(...) sb_printf(&notes, "# " __VA_ARGS__), sb_putc(&notes, '\n')

static void flush_notes(void)
{
	if (notes.len)
		fputs(notes.buf, stdout);
	sb_reset(&notes);
}

#define NRANDOM 60

/* Compare evaluator and encoding of program p on one input; returns
 * false (with a diagnostic for the first few) when they disagree. */
static bool same_outcome(struct smt *s, const struct analysis *an, int p,
			 const struct value *in, bool *skipped, int *shown)
{
	const struct node *e = p ? an->mutants[p].expr : an->orig;
	struct outcome ev, sm;
	eval_outcome(e, an->nvars, in, &ev);
	if (ev.overflow) {
		*skipped = true;
		return true;
	}
	if (smt_outcome(s, p, in, &sm) < 0) {
		if ((*shown)++ < 3)
			note("smt_outcome failed");
		return false;
	}
	bool same = ev.threw == sm.threw;
	if (same && !ev.threw) {
		if (e->type != T_VOID)
			same = value_eq(ev.value, sm.value);
		for (int v = 0; v < an->nvars; v++)
			same = same && value_eq(ev.vars[v], sm.vars[v]);
	}
	if (!same && (*shown)++ < 3) {
		struct strbuf sb = STRBUF_INIT;
		for (int v = 0; v < an->nvars; v++) {
			sb_printf(&sb, "%s%s=", v ? ", " : "", an->var_names[v]);
			value_print(&sb, an->var_types[v], in[v]);
		}
		note("%s on %s:", p ? an->mutants[p].text : an->orig_text,
		     sb.buf);
		sb_reset(&sb);
		for (int v = 0; v < an->nvars; v++)
			sb_printf(&sb, " %s=%" PRId64, an->var_names[v],
				  value_i64(ev.vars[v]));
		note("  evaluator: threw=%d value=%" PRId64 "%s", ev.threw,
		     value_i64(ev.value), sb.buf);
		sb_reset(&sb);
		for (int v = 0; v < an->nvars; v++)
			sb_printf(&sb, " %s=%" PRId64, an->var_names[v],
				  value_i64(sm.vars[v]));
		note("  encoding:  threw=%d value=%" PRId64 "%s", sm.threw,
		     value_i64(sm.value), sb.buf);
		sb_release(&sb);
	}
	return same;
}

/* Boundary product (for up to 3 variables) plus NRANDOM random inputs;
 * returns the number of inputs written to ins. */
static int make_inputs(const struct analysis *an, uint64_t *seed,
		       struct value (*ins)[MAX_VARS], int max)
{
	int n = 0;
	struct value bv[MAX_VARS][8];
	int nb[MAX_VARS];
	for (int v = 0; v < an->nvars; v++)
		nb[v] = boundary_values(an->var_types[v], bv[v]);
	if (an->nvars <= 3) {
		int idx[MAX_VARS] = { 0 };
		for (;;) {
			if (n >= max)
				break;
			for (int v = 0; v < an->nvars; v++)
				ins[n][v] = bv[v][idx[v]];
			n++;
			int v = an->nvars - 1;
			while (v >= 0 && ++idx[v] == nb[v])
				idx[v--] = 0;
			if (v < 0)
				break;
		}
	}
	for (int k = 0; k < NRANDOM && n < max; k++, n++)
		for (int v = 0; v < an->nvars; v++)
			ins[n][v] = rnd_value(seed, an->var_types[v]);
	return n;
}

static void check_analysis(const struct analysis *an, uint64_t *seed,
			   int *programs)
{
	static struct value ins[1024][MAX_VARS];
	int nin = make_inputs(an, seed, ins, 1024);
	struct problem pb = analysis_problem(an);
	struct smt *s = smt_new(&pb, 0, false);
	for (int p = 0; p <= an->nmutants; p++) {
		int bad = 0, shown = 0, decided = 0;
		for (int k = 0; k < nin; k++) {
			bool skipped = false;
			if (!same_outcome(s, an, p, ins[k], &skipped, &shown))
				bad++;
			decided += !skipped;
		}
		ok(bad == 0 && decided >= 20,
		   "%s in %s: %s: encoding = evaluator on %d of %d inputs",
		   an->target->name, an->domain->name,
		   p ? an->mutants[p].label : "original", decided - bad, nin);
		flush_notes();
		(*programs)++;
	}
	smt_free(s);
}

/* ---- part 1: the operator library on every type ---- */

static const char *const NUM[] = {
	"byte", "short", "char", "int", "long", "integer", "bc", "sb", "cl",
	"il", "li", "ni", "nl", "bnz", "zpos", NULL,
};
static const char *const FIX[] = {
	"byte", "short", "char", "int", "long", "bc", "sb", "cl", "il", "li",
	"bnz", NULL,
};
static const char *const SAME[] = {
	"byte", "short", "char", "int", "long", "integer", NULL,
};
static const char *const SIGNED[] = {
	"byte", "short", "int", "long", "integer", NULL,
};
static const char *const BOOL[] = { "boolean", NULL };
static const char *const COND[] = { "zbc", "zil", "zni", "zss", NULL };

static const struct {
	const char *expr;
	const char *const *domains;
	const char *ops;
	const char *observe; /* or NULL: the value */
	const char *mutants; /* explicit mutants, YAML flow list, or NULL */
} targets[] = {
	{ "a + b", NUM, "AORB, ODL, AOIU, CDL, LOI", NULL, NULL },
	{ "a - b", NUM, "AORB, VDL", NULL, NULL },
	{ "a * b", NUM, "AORB", NULL, NULL },
	{ "a / b", NUM, "AORB, ODL", NULL, NULL },
	{ "a % b", NUM, "AORB", NULL, NULL },
	{ "a + 1", NUM, "AORB, CDL, AOIU", NULL, NULL },
	{ "a < b", NUM, "ROR, COI", NULL, NULL },
	{ "a == b", NUM, "ROR", NULL, NULL },
	{ "a >= b", NUM, "ROR", NULL, NULL },
	{ "a << b", FIX, "SOR, LOR, AORB", NULL, NULL },
	{ "a >> b", FIX, "SOR, LOR", NULL, NULL },
	{ "a >>> b", FIX, "SOR, AORB", NULL, NULL },
	{ "a & b", FIX, "LOR, SOR, AORB, LOI", NULL, NULL },
	{ "a | b", FIX, "LOR", NULL, NULL },
	{ "a ^ b", FIX, "LOR, ROR", NULL, NULL },
	{ "-a", NUM, "AODU, AOIU, LOI", NULL, NULL },
	{ "+a", NUM, "AODU, AOIU", NULL, NULL },
	{ "~a", FIX, "LOD, AOIU", NULL, NULL },
	{ "a++", NUM, "AORS, AODS, AOIS, AOIU", "[value, a]", NULL },
	{ "--a", NUM, "AORS, AODS, AOIU", "[value, a]", NULL },
	{ "a--", NUM, "AORS, AODS", "a", NULL },
	{ "a += b", NUM, "ASRS, ODL", "[value, a]", NULL },
	{ "a -= b", NUM, "ASRS, SDL", "a", NULL },
	{ "a <<= b", FIX, "ASRS, SDL", "[a, b]", NULL },
	{ "a >>>= b", FIX, "ASRS", "[value, a]", NULL },
	{ "a &= b", FIX, "ASRS", "[value, a]", NULL },
	{ "a = b", SAME, "ASRS, SDL", "a", NULL },
	{ "a = -1", SIGNED, "ASRS", "[value, a]",
	  "[{label: M2, expr: \"a = -2\"}, {label: M3, expr: \"a = +1\"}]" },
	{ "a++ > 0 && b-- < 0", NUM, "COR, COI, ODL", "[value, a, b]", NULL },
	{ "(a += b) * a", NUM, "AORB", "[value, a]", NULL },
	{ "a / b + b % a", NUM, "AORB", NULL,
	  "[{label: M1, expr: \"a % b + b / a\"}, "
	  "{label: M2, expr: \"b != 0 ? a / b : 0\"}]" },
	{ "a && b", BOOL, "COR, COI, ODL", NULL, NULL },
	{ "a || b", BOOL, "COR, COI, ODL", NULL, NULL },
	{ "a ^ b", BOOL, "COR, LOR, ROR", NULL, NULL },
	{ "a & b", BOOL, "LOR, COR", NULL, NULL },
	{ "a == b", BOOL, "ROR, COR", NULL, NULL },
	{ "!a", BOOL, "COD, COI", NULL, NULL },
	{ "a &= b", BOOL, "ASRS, SDL", "[value, a]", NULL },
	{ "(a = !b) || b", BOOL, "COR, COI", "[value, a]", NULL },
	{ "z ? a : b", COND, "COI", NULL,
	  "[{label: X1, expr: \"z ? b : a\"}, {label: X2, expr: \"!z ? a : "
	  "b\"}, {label: X3, expr: \"z ? a / b : b % a\"}, {label: X4, "
	  "expr: \"z ? a++ : b--\"}, {label: X5, expr: \"(z ? a : b) * 2\"}, "
	  "{label: X6, expr: \"z ? a : 1\"}, {label: X7, expr: \"z ? -1 : "
	  "b\"}, {label: X8, expr: \"-(z ? a : 'x')\"}]" },
	{ "z ? a++ : b--", COND, "COI", "[value, a, b]",
	  "[{label: X1, expr: \"z ? ++a : --b\"}, {label: X2, expr: \"z ? a "
	  ": b\"}]" },
};

static char *make_theory(void)
{
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb,
		"theory: diff\n"
		"domains:\n"
		"  bc: { vars: { a: byte, b: char } }\n"
		"  sb: { vars: { a: short, b: byte } }\n"
		"  cl: { vars: { a: char, b: long } }\n"
		"  il: { vars: { a: int, b: long } }\n"
		"  li: { vars: { a: long, b: int } }\n"
		"  ni: { vars: { a: integer, b: int } }\n"
		"  nl: { vars: { a: integer, b: long } }\n"
		"  bnz: { type: byte, assume: value != 0 }\n"
		"  zpos: { type: integer, assume: value > 0 }\n"
		"  zbc: { vars: { z: boolean, a: byte, b: char } }\n"
		"  zil: { vars: { z: boolean, a: int, b: long } }\n"
		"  zni: { vars: { z: boolean, a: integer, b: int } }\n"
		"  zss: { vars: { z: boolean, a: short, b: short } }\n"
		"targets:\n");
	for (size_t t = 0; t < ARRAY_SIZE(targets); t++) {
		sb_printf(&sb, "  - name: \"T%zu: %s\"\n", t, targets[t].expr);
		sb_printf(&sb, "    expr: \"%s\"\n", targets[t].expr);
		sb_puts(&sb, "    domains: [");
		for (int d = 0; targets[t].domains[d]; d++)
			sb_printf(&sb, "%s%s", d ? ", " : "",
				  targets[t].domains[d]);
		sb_puts(&sb, "]\n");
		sb_printf(&sb, "    operators: [%s]\n", targets[t].ops);
		if (targets[t].observe)
			sb_printf(&sb, "    observe: %s\n", targets[t].observe);
		if (targets[t].mutants)
			sb_printf(&sb, "    mutants: %s\n", targets[t].mutants);
	}
	return sb.buf;
}

static void part1(void)
{
	char *text = make_theory();
	struct theory *th = load_theory_text(A, text);
	if (!ok(th != NULL, "the generated theory loads")) {
		diag("%s", cap_buf ? cap_buf : "");
		free(text);
		return;
	}
	free(text);
	int expected = 0;
	for (size_t t = 0; t < ARRAY_SIZE(targets); t++)
		for (int d = 0; targets[t].domains[d]; d++)
			expected++;
	is_int(th->nanalyses, expected, "one analysis per target and domain");
	uint64_t seed = 0x5eed;
	int programs = 0;
	/* DIFF_SMT_ONLY=TEXT: only the targets whose expression contains
	 * TEXT, and no coverage counts nor part 2 (tests/confirm.t: a
	 * planted fault in one operator, caught quickly) */
	const char *only = getenv("DIFF_SMT_ONLY");
	for (int i = 0; i < th->nanalyses; i++)
		if (!only || strstr(th->analyses[i].target->expr_text, only))
			check_analysis(&th->analyses[i], &seed, &programs);
	if (only) {
		diag("%d programs compared (targets with %s only)", programs,
		     only);
		return;
	}
	/* Which types and operators were covered at all. */
	bool seen_type[16] = { false }; /* by type id */
	int ops_seen = 0;
	static const char *const ops[] = {
		"AORB", "AORS", "AOIU", "AOIS", "AODU", "AODS", "ROR", "COR",
		"COI", "COD", "SOR", "LOR", "LOI", "LOD", "ASRS", "SDL", "ODL",
		"VDL", "CDL",
	};
	for (size_t o = 0; o < ARRAY_SIZE(ops); o++) {
		bool seen = false;
		for (int i = 0; i < th->nanalyses && !seen; i++)
			for (int m = 1; m <= th->analyses[i].nmutants; m++)
				seen |= !strcmp(th->analyses[i].mutants[m].op,
						ops[o]);
		if (seen)
			ops_seen++;
		else
			diag("operator %s produced no mutant", ops[o]);
	}
	for (int i = 0; i < th->nanalyses; i++)
		for (int v = 0; v < th->analyses[i].nvars; v++)
			seen_type[th->analyses[i].var_types[v]->id] = true;
	is_int(ops_seen, (int)ARRAY_SIZE(ops),
	       "every built-in operator produced mutants");
	int types_seen = 0;
	for (int t = 0; t < profile_java.ntypes; t++)
		types_seen += seen_type[profile_java.types[t]->id];
	is_int(types_seen, 7, "every type was an input type");
	diag("%d programs compared", programs);
}

/* ---- part 2: random well-typed expressions ---- */

static const char *const rvars[] = { "z", "b", "s", "c", "i", "l", "n" };
static const struct type *const rtypes[] = { T_BOOLEAN, T_BYTE, T_SHORT, T_CHAR,
				    T_INT, T_LONG, T_INTEGER };

static struct node *var_node(uint64_t *s)
{
	struct node *n = node_new(A, N_VAR, 0);
	n->name = rvars[rnd_next(s) % ARRAY_SIZE(rvars)];
	return n;
}

static struct node *gen(uint64_t *s, int depth)
{
	static const enum op bin[] = {
		OP_MUL, OP_DIV, OP_REM, OP_ADD, OP_SUB, OP_SHL, OP_SHR,
		OP_USHR, OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_AND,
		OP_XOR, OP_OR, OP_LAND, OP_LOR,
	};
	static const enum op asg[] = {
		OP_NONE, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM, OP_AND,
		OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_USHR,
	};
	int k = depth <= 0 ? (int)(rnd_next(s) % 3) : (int)(rnd_next(s) % 12);
	struct node *n;
	switch (k) {
	case 0: case 1:
		return var_node(s);
	case 2: {
		static const struct { const struct type *t; int64_t v; } lits[] = {
			{ T_INT, 0 }, { T_INT, 1 }, { T_INT, 2 }, { T_INT, 7 },
			{ T_INT, 31 }, { T_INT, 33 }, { T_INT, INT32_MIN },
			{ T_INT, INT32_MAX }, { T_LONG, 1 }, { T_LONG, 63 },
			{ T_LONG, INT64_MIN }, { T_CHAR, 'a' },
			{ T_CHAR, 0xffff }, { T_BOOLEAN, 1 },
			{ T_BOOLEAN, 0 }, { T_INT, -1 },
		};
		size_t x = rnd_next(s) % ARRAY_SIZE(lits);
		n = node_new(A, N_LIT, 0);
		n->type = lits[x].t;
		n->val = value_int(lits[x].v);
		return n;
	}
	case 3: case 4: case 5: case 6:
		n = node_new(A, N_BINARY, 0);
		n->op = bin[rnd_next(s) % ARRAY_SIZE(bin)];
		n->a = gen(s, depth - 1);
		n->b = gen(s, depth - 1);
		return n;
	case 7:
		n = node_new(A, N_UNARY, 0);
		n->op = (enum op)(OP_PLUS + (int)(rnd_next(s) % 4));
		n->a = gen(s, depth - 1);
		return n;
	case 8:
		n = node_new(A, N_COND, 0);
		n->a = gen(s, depth - 1);
		n->b = gen(s, depth - 1);
		n->c = gen(s, depth - 1);
		return n;
	case 9: case 10:
		n = node_new(A, N_ASSIGN, 0);
		n->op = asg[rnd_next(s) % ARRAY_SIZE(asg)];
		n->a = var_node(s);
		n->b = gen(s, depth - 1);
		return n;
	default:
		n = node_new(A, N_INCDEC, 0);
		n->op = (enum op)(OP_PREINC + (int)(rnd_next(s) % 4));
		n->a = var_node(s);
		return n;
	}
}

static int height(const struct node *n)
{
	if (!n)
		return 0;
	int a = height(n->a), b = height(n->b), c = height(n->c);
	return 1 + (a > b ? (a > c ? a : c) : (b > c ? b : c));
}

static void part2(void)
{
	enum { NEXPR = 400 };
	struct analysis *an = ANEW(A, struct analysis);
	static struct target tg = { "random expressions", "", { 0 } };
	static struct domain dom = { .name = "mixed" };
	an->target = &tg;
	an->domain = &dom;
	an->nvars = (int)ARRAY_SIZE(rvars);
	for (int v = 0; v < an->nvars; v++) {
		an->var_names[v] = rvars[v];
		an->var_types[v] = rtypes[v];
	}
	an->observe.value = true;
	an->mutants = ANEWN(A, struct mutant, NEXPR + 1);
	struct strbuf msg = STRBUF_INIT;
	struct type_env env = { an->nvars, an->var_names, an->var_types,
				false, &msg, A, NULL };
	uint64_t s = 0xd1ff;
	int tries = 0, deep = 0;
	while (an->nmutants < NEXPR && tries < 200000) {
		tries++;
		struct node *e = gen(&s, 2 + tries % 4);
		sb_reset(&msg);
		if (type_expr(e, &env, NULL) < 0)
			continue;
		if (e->kind == N_VAR || e->kind == N_LIT)
			continue;
		struct mutant *m = &an->mutants[++an->nmutants];
		m->id = an->nmutants;
		struct strbuf sb = STRBUF_INIT;
		expr_print(&sb, e);
		m->text = arena_strdup(A, sb.buf);
		m->label = m->text;
		m->op = "random";
		m->expr = e;
		sb_release(&sb);
		deep += height(e) >= 3;
	}
	sb_release(&msg);
	an->orig = an->mutants[1].expr;
	an->orig_text = an->mutants[1].text;
	is_int(an->nmutants, NEXPR, "%d random well-typed expressions", NEXPR);
	ok(deep > NEXPR / 4, "many of them three levels deep or more (%d)", deep);

	struct problem pb = analysis_problem(an);
	struct smt *sm = smt_new(&pb, 0, false);
	uint64_t seed = 0xabcdef;
	int bad = 0, shown = 0, compared = 0;
	for (int p = 1; p <= an->nmutants; p++)
		for (int k = 0; k < 40; k++) {
			struct value in[MAX_VARS];
			for (int v = 0; v < an->nvars; v++)
				in[v] = rnd_value(&seed, an->var_types[v]);
			bool skipped = false;
			if (!same_outcome(sm, an, p, in, &skipped, &shown))
				bad++;
			compared += !skipped;
		}
	smt_free(sm);
	ok(bad == 0, "random expressions: encoding = evaluator on %d "
		     "decided inputs (%d differ)",
	   compared, bad);
	flush_notes();
	ok(compared > NEXPR * 40 / 2, "most random inputs were decided");
}

int main(void)
{
	A = arena_new();
	part1();
	if (!getenv("DIFF_SMT_ONLY"))
		part2();
	arena_free(A);
	free(cap_buf);
	sb_release(&notes);
	smt_finalize();
	return done_testing();
}
