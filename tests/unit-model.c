/*
 * unit-model.c - the one model: the analysis constructor's invariants
 * (model/analysis.h), verdicts read from one result alike by prove,
 * check and compare (prove/verdict.c), and operator groups derived
 * from the built-in library (model/opgroup.h) against what
 * configs/operators.yaml (compiled in) says, parsed here on its own.
 */
#include "prover-test.h"

#include "model/analysis.h"
#include "model/opgroup.h"

static struct arena *A;
static struct tenv E;

/* ---- the constructor ---- */

static struct mutant mk(const char *label, const char *text)
{
	struct mutant m = { .label = label, .op = "T", .text = text,
			    .expr = ttype(A, &E, text) };
	if (!m.expr)
		BUG("test expression '%s' does not type", text);
	return m;
}

/* analysis_init over E with original orig and the given mutants;
 * returns the reason it refused, or NULL. */
static const char *build(struct analysis *an, const char *orig,
			 const struct mutant *ms, int n,
			 const struct analysis_origin *from)
{
	struct analysis_spec spec = {
		.nvars = E.n, .var_names = E.names, .var_types = E.types,
		.orig = ttype(A, &E, orig), .observe = { .value = true },
		.nmutants = n, .mutants = ms,
	};
	const char *why = NULL;
	struct analysis_origin site = { .site = "unit" };
	return analysis_init(A, an, &spec, from ? from : &site, &why) < 0
		       ? why : NULL;
}

static void constructor(void)
{
	struct analysis an;
	struct mutant ok2[] = { mk("LE", "i <= j"), mk("NE", "i != j") };
	ok(!build(&an, "i < j", ok2, 2, NULL), "a valid spec is accepted");
	is_int(an.nmutants, 2, "two mutants");
	ok(an.mutants[1].id == 1 && an.mutants[2].id == 2,
	   "ids are 1..n in order");
	is_str(an.mutants[2].label, "NE", "labels kept in order");
	ok(!an.theory && !an.target && !an.domain && !strcmp(an.site, "unit"),
	   "a site analysis has no theory, target or domain records");
	is_str(an.orig_text, "i < j", "the original's text is printed");

	struct mutant same[] = { mk("LE", "i <= j"), mk("SAME", "(i) < j") };
	const char *why = build(&an, "i < j", same, 2, NULL);
	ok(why && strstr(why, "SAME") && strstr(why, "original"),
	   "a mutant equal to the original is rejected (%s)", why ? why : "");
	struct mutant twice[] = { mk("X", "i <= j"), mk("X", "i > j") };
	why = build(&an, "i < j", twice, 2, NULL);
	ok(why && strstr(why, "'X' is used twice"), "a repeated label is rejected");
	struct mutant incomparable[] = { mk("I", "i + j") };
	why = build(&an, "i < j", incomparable, 1, NULL);
	ok(why && strstr(why, "cannot be compared"),
	   "an int mutant of a boolean original is rejected");
	struct mutant untyped[] = { { .label = "U", .op = "T",
				      .expr = tparse(A, "i < j") } };
	why = build(&an, "i < j", untyped, 1, NULL);
	ok(why && strstr(why, "not typed"), "an untyped mutant is rejected");
	ok(build(&an, "i < j", NULL, 0, NULL) != NULL, "no mutant is rejected");
	struct analysis_origin none = { 0 };
	ok(build(&an, "i < j", ok2, 2, &none) != NULL,
	   "an origin without theory records or site is rejected");

	struct analysis_spec spec = {
		.nvars = 2, .var_names = (const char *[]){ "a", "a" },
		.var_types = (const struct type *[]){ T_INT, T_INT },
		.orig = ttype(A, &E, "i < j"), .observe = { .value = true },
		.nmutants = 2, .mutants = ok2,
	};
	struct analysis_origin site = { .site = "unit" };
	ok(analysis_init(A, &an, &spec, &site, &why) < 0 && strstr(why, "twice"),
	   "a repeated variable is rejected");
	spec.var_names = E.names;
	spec.var_types = E.types;
	spec.nvars = E.n;
	spec.assume = ttype(A, &E, "i + 1");
	ok(analysis_init(A, &an, &spec, &site, &why) < 0 &&
		   strstr(why, "assumption"),
	   "a non-boolean assumption is rejected");
	spec.assume = NULL;
	spec.observe.value = true;
	struct mutant del[] = { { .label = "SDL", .op = "SDL",
				  .expr = node_new(A, N_SKIP, 0) } };
	del[0].expr->type = T_VOID;
	spec.mutants = del;
	spec.nmutants = 1;
	spec.orig = ttype(A, &E, "i = j");
	ok(analysis_init(A, &an, &spec, &site, &why) < 0 && strstr(why, "value"),
	   "a deleted statement is rejected while the value is observed");
	spec.observe.value = false;
	spec.observe.var[6] = true; /* i */
	ok(analysis_init(A, &an, &spec, &site, &why) == 0,
	   "and accepted when only variables are observed");

	/* Theory files go through the same constructor. */
	struct theory *th = load_theory_text(A,
		"targets:\n"
		"  - expr: a < b\n"
		"    domains: int\n"
		"    operators: [ROR]\n");
	const struct analysis *ta = th ? &th->analyses[0] : NULL;
	ok(ta && ta->theory == th && ta->target == &th->targets[0] &&
		   ta->domain && !ta->site,
	   "a theory analysis names its theory, target and domain");
	bool fine = ta != NULL;
	for (int m = 1; ta && m <= ta->nmutants; m++)
		fine = fine && ta->mutants[m].id == m &&
		       !expr_equal(ta->mutants[m].expr, ta->orig);
	ok(fine, "its mutants have ids 1..n and none is the original");
}

/* ---- verdicts ---- */

static void verdicts(void)
{
	struct theory *th = load_theory_text(A,
		"targets:\n"
		"  - expr: a && b\n"
		"    domains: boolean\n"
		"    operators: [COR, ROR, LOR, ODL]\n"
		"  - expr: a < b\n"
		"    domains: int\n"
		"    operators: [ROR]\n"
		"  - expr: a + b\n"
		"    domains: byte\n"
		"    operators: [AORB, ODL]\n");
	ok(th != NULL, "verdict theory loads");
	int checked = 0, dups = 0, subs = 0;
	bool agree = true, comp = true;
	for (int i = 0; th && i < th->nanalyses; i++) {
		struct prove_opts po = { .rlimit = 5000000 };
		struct result *r = prove_analysis(A, &th->analyses[i], &po);
		bool *live = ANEWN(A, bool, (size_t)r->n + 1);
		for (int m = 1; m <= r->n; m++)
			live[m] = r->equiv[m] == R_NO;
		for (int m = 1; m <= r->n; m++) {
			int by, by2;
			bool same;
			enum verdict v = result_verdict(r, m, &by);
			enum verdict w = result_verdict_among(r, m, live, &by2, &same);
			checked++;
			if (v == V_EQUIVALENT || v == V_UNKNOWN)
				agree = agree && w == v;
			if (v == V_DUPLICATE) {
				dups++;
				agree = agree && w == V_DUPLICATE && by2 == by;
			}
			if (v == V_SUBSUMED) {
				subs++;
				agree = agree && w == V_SUBSUMED &&
					SUB(r, by2, m) == R_YES;
				/* compare names the minimal subsumer of the class */
				int rep = r->class_rep[r->cls[m]];
				if (rep == m)
					comp = comp && result_minimal_subsumer(r, m) == by;
			}
			if (v == V_MINIMAL)
				agree = agree && w != V_DUPLICATE &&
					!(w == V_SUBSUMED && !same);
		}
	}
	ok(checked > 20 && dups > 0 && subs > 0,
	   "verdict theory has duplicates and subsumed mutants (%d, %d of %d)",
	   dups, subs, checked);
	ok(agree, "check's reading of a result agrees with prove's");
	ok(comp, "compare's minimal subsumer is prove's");
}

/* ---- operator groups ---- */

/* The library as configs/operators.yaml says it, parsed here. */
static struct ynode *library(void)
{
	static struct source src = { "operators.yaml", NULL, 0 };
	src.text = stdops_yaml;
	src.len = strlen(stdops_yaml);
	struct ynode *root = ytree_load(A, &src);
	return root ? ymap_get(root, "operators") : NULL;
}

/* The items of rule kind key ("replace", "delete") of operator op. */
static struct ynode *items(struct ynode *op, const char *key)
{
	if (op->kind == Y_SEQ)
		return strcmp(key, "replace") ? NULL : op;
	return op->kind == Y_MAP ? ymap_get(op, key) : NULL;
}

static enum op binop(const char *s)
{
	for (int o = 0; o < OP_COUNT; o++)
		if (op_is_binary((enum op)o) && !strcmp(op_spelling((enum op)o), s))
			return (enum op)o;
	return OP_NONE;
}

static const struct type *typed(enum op o, const struct type *t)
{
	struct tenv e = { 2, { "a", "b" }, { t, t } };
	char text[32];
	snprintf(text, sizeof(text), "a %s b", op_spelling(o));
	struct node *n = ttype(A, &e, text);
	return n ? n->type : T_ERROR;
}

static bool in_group(const struct repl *g, int n, enum repl_kind k, enum op o,
		     const char *lit)
{
	for (int i = 0; i < n; i++)
		if (g[i].kind == k && (k != REPL_OP || g[i].op == o) &&
		    (k != REPL_LITERAL || !strcmp(g[i].literal, lit)))
			return true;
	return false;
}

/* Is M listed by some library operator's replace rule? */
static bool listed(struct ynode *lib, enum op m)
{
	for (size_t i = 0; i < lib->n; i++) {
		struct ynode *r = items(lib->items[i], "replace");
		for (size_t j = 0; r && j < r->n; j++)
			if (binop(r->items[j]->str) == m)
				return true;
	}
	return false;
}

static bool deletes(struct ynode *lib, const char *role)
{
	for (size_t i = 0; i < lib->n; i++) {
		struct ynode *d = items(lib->items[i], "delete");
		for (size_t j = 0; d && j < d->n; j++)
			if (!strcmp(d->items[j]->str, role))
				return true;
	}
	return false;
}

/* Every operator class of the library: each operator X of a replace
 * list has in its group, over each type where `a X b` types, every
 * other member of the list (operator or literal) that fits; the group
 * holds nothing the library does not list; lhs and rhs only when the
 * library deletes operands. */
static void groups(void)
{
	static const struct type *const ts[] = { T_BOOLEAN, T_BYTE, T_INT, T_LONG };
	struct ynode *lib = library();
	ok(lib && lib->n > 10, "the library parses on its own");
	int classes = 0, pairs = 0;
	bool contains = true, nothing_else = true, self = true, operands = true;
	for (size_t i = 0; lib && i < lib->n; i++) {
		struct ynode *r = items(lib->items[i], "replace");
		bool counted = false;
		for (size_t j = 0; r && j < r->n; j++) {
			enum op x = binop(r->items[j]->str);
			if (x == OP_NONE)
				continue;
			for (size_t t = 0; t < ARRAY_SIZE(ts); t++) {
				const struct type *rt = typed(x, ts[t]);
				if (rt == T_ERROR)
					continue;
				struct repl g[OPGROUP_MAX];
				int n = opgroup_binary(x, ts[t], ts[t], g);
				if (!counted)
					classes++;
				counted = true;
				self = self && n > 0 && !in_group(g, n, REPL_OP, x, NULL);
				for (size_t k = 0; k < r->n; k++) {
					const char *it = r->items[k]->str;
					enum op m = binop(it);
					if (m == x)
						continue;
					if (m != OP_NONE) {
						const struct type *mt = typed(m, ts[t]);
						if (mt == T_ERROR || !types_comparable(mt, rt))
							continue;
						pairs++;
						contains = contains &&
							   in_group(g, n, REPL_OP, m, NULL);
					} else if ((!strcmp(it, "true") || !strcmp(it, "false")) &&
						   rt == T_BOOLEAN) {
						pairs++;
						contains = contains &&
							   in_group(g, n, REPL_LITERAL, OP_NONE, it);
					}
				}
				for (int k = 0; k < n; k++) {
					if (g[k].kind == REPL_OP)
						nothing_else = nothing_else && listed(lib, g[k].op);
					if (g[k].kind == REPL_LHS)
						operands = operands && deletes(lib, "rexp");
					if (g[k].kind == REPL_RHS)
						operands = operands && deletes(lib, "lexp") &&
							   x != OP_SHL && x != OP_SHR &&
							   x != OP_USHR;
				}
			}
		}
	}
	ok(classes >= 5 && pairs > 50, "library classes checked (%d, %d pairs)",
	   classes, pairs);
	ok(self, "a group leaves its own operator out and is not empty");
	ok(contains, "a group holds every fitting member of the operator's "
		     "replace list");
	ok(nothing_else, "a group holds only operators the library lists");
	ok(operands, "lhs and rhs come from the library's operand deletions, "
		     "never a shift distance");
	struct repl g[OPGROUP_MAX];
	ok(opgroup_binary(OP_LT, T_BOOLEAN, T_BOOLEAN, g) == 0,
	   "no group where the operator does not type");
}

/* Major's operator groups as Major's manual lists them (its table of
 * mutation operators, the groups the MML grammar of Major 1.x names),
 * against what the library's `major:` tags give. */
static void major_groups(void)
{
	static const struct {
		const char *group;
		bool unary;
		enum op ops[6];
	} doc[] = {
		{ "AOR", false, { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM } },
		{ "ROR", false, { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE } },
		{ "COR", false, { OP_LAND, OP_LOR } },
		{ "LOR", false, { OP_AND, OP_OR, OP_XOR } },
		{ "SOR", false, { OP_SHL, OP_SHR, OP_USHR } },
		{ "ORU", true, { OP_NEG, OP_PLUS, OP_BNOT } },
	};
	int listed = 0, right = 0;
	bool none_else = true;
	for (int x = 0; x < OP_COUNT; x++)
		for (int u = 0; u < 2; u++) {
			const char *want = NULL;
			for (size_t g = 0; g < ARRAY_SIZE(doc); g++)
				for (int k = 0; k < 6 && doc[g].ops[k]; k++)
					if (doc[g].ops[k] == (enum op)x &&
					    doc[g].unary == (bool)u)
						want = doc[g].group;
			const char *got = opgroup_major((enum op)x, u);
			if (want) {
				listed++;
				right += got && !strcmp(got, want);
			} else if (got) {
				none_else = false;
				diag("op %s (%s) is in Major group %s",
				     op_spelling((enum op)x), u ? "unary" : "binary",
				     got);
			}
		}
	ok(listed == 22 && right == listed,
	   "the library's major: tags put %d of %d operators in Major's "
	   "documented group", right, listed);
	ok(none_else, "no other operator is given a Major group");
}

int main(void)
{
	A = arena_new();
	tenv_std(&E);
	constructor();
	verdicts();
	groups();
	major_groups();
	arena_free(A);
	smt_finalize();
	return done_testing();
}
