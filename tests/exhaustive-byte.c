/*
 * exhaustive-byte.c - for targets over two byte variables, enumerate all
 * 65536 inputs with the concrete evaluator, compute every mutant's kill
 * set by brute force, derive equivalence, duplicates, subsumption,
 * classes and the minimal set from the definitions (Gheyi et al., Def. 1
 * and 2), and check that prove_analysis() proved exactly that -- in the
 * default mode for every analysis, and in the naive (paper's) mode for
 * the analyses named in naive_too[] (a fresh solver per question is
 * slow; those cover exceptions, assumptions, observed variables and
 * duplicates).  Every witness it reports must be a true witness on the
 * brute-force outcomes.
 */
#include "prover-test.h"

#define NIN 65536

static struct arena *A;

static const char theory[] =
	"theory: exhaustive\n"
	"domains:\n"
	"  bnz: { type: byte, assume: value != 0 }\n"
	"  ne: { vars: { a: byte, b: byte }, assume: \"a != b\" }\n"
	"  small: { vars: { a: bnz, b: byte }, assume: \"b >= -8 && b <= 8\" }\n"
	"targets:\n"
	"  - expr: a < b\n"
	"    domains: [byte, ne]\n"
	"    operators: [ROR, COI, ODL]\n"
	"  - expr: a + b\n"
	"    domains: [byte, bnz]\n"
	"    operators: [AORB, ODL, AOIU]\n"
	"  - expr: a / b\n"
	"    domains: [byte, small]\n"
	"    operators: [AORB, ODL]\n"
	"    mutants:\n"
	"      - { label: GUARD, expr: \"b == 0 ? 0 : a / b\" }\n"
	"  - expr: a >> b\n"
	"    domains: [byte]\n"
	"    operators: [SOR, LOR, AORB]\n"
	"  - expr: a & b\n"
	"    domains: [byte]\n"
	"    operators: [LOR, ODL, SOR, LOI]\n"
	"  - expr: a += b\n"
	"    domains: [byte]\n"
	"    observe: a\n"
	"    operators: [ASRS, SDL, ODL]\n"
	"  - name: a -= b (value and a)\n"
	"    expr: a -= b\n"
	"    domains: [byte]\n"
	"    observe: [value, a]\n"
	"    operators: [ASRS, ODL]\n"
	"  - expr: a++ + b\n"
	"    domains: [byte]\n"
	"    observe: [value, a]\n"
	"    operators: [AORB, ODL]\n"
	"    mutants:\n"
	"      - { label: PRE, expr: \"++a + b\" }\n"
	"      - { label: NOINC, expr: \"a + b\" }\n"
	"      - { label: SWAP, expr: \"b + a++\" }\n"
	"  - name: a %= b (small)\n"
	"    expr: a %= b\n"
	"    domains: [byte]\n"
	"    observe: [value, a]\n"
	"    operators: [ODL]\n"
	"    mutants:\n"
	"      - { label: DIV, expr: \"a /= b\" }\n"
	"      - { label: AND, expr: \"a &= b\" }\n"
	"      - { label: GUARD, expr: \"b == 0 ? a / b : (a %= b)\" }\n"
	"      - { label: NEG, expr: \"a %= -b\" }\n";

/* target name, domain: also proved in the naive mode */
static const char *const naive_too[][2] = {
	{ "a < b", "ne" }, { "a & b", "byte" }, { "a %= b (small)", "byte" },
};

/* What a program does on one input, as far as any target observes. */
struct out {
	bool threw;
	int64_t value;
	int64_t vars[2];
};

static bool differ(const struct analysis *an, const struct out *x,
		   const struct out *y)
{
	if (x->threw || y->threw)
		return x->threw != y->threw;
	if (an->observe.value && x->value != y->value)
		return true;
	for (int v = 0; v < an->nvars; v++)
		if (an->observe.var[v] && x->vars[v] != y->vars[v])
			return true;
	return false;
}

struct brute {
	int n;
	int nin;                 /* inputs in the domain */
	struct out *o;           /* [(n+1) * NIN] */
	uint64_t (*kills)[NIN / 64];
	bool killable[64];
	int dup[64];
	bool sub[64][64];
	int rep[64];             /* lowest id of the class, 0 if none */
	bool minimal[64];
};

static bool in_domain(const struct analysis *an, const struct value *in)
{
	bool und = false;
	return eval_holds(an->assume, an->nvars, in, &und);
}

static void input_of(int k, struct value *in)
{
	in[0] = value_int((int8_t)(uint8_t)(k >> 8));
	in[1] = value_int((int8_t)(uint8_t)(k & 0xff));
}

static void brute_force(const struct analysis *an, struct brute *B)
{
	int n = an->nmutants;
	B->n = n;
	B->o = xcalloc((size_t)(n + 1) * NIN, sizeof(*B->o));
	B->kills = xcalloc((size_t)n + 1, sizeof(*B->kills));
	bool *dom = xcalloc(NIN, sizeof(*dom));
	B->nin = 0;
	for (int k = 0; k < NIN; k++) {
		struct value in[MAX_VARS] = { { 0 } };
		input_of(k, in);
		dom[k] = in_domain(an, in);
		B->nin += dom[k];
		for (int p = 0; p <= n; p++) {
			const struct node *e = p ? an->mutants[p].expr : an->orig;
			struct outcome o;
			eval_outcome(e, an->nvars, in, &o);
			struct out *x = &B->o[(size_t)p * NIN + (size_t)k];
			x->threw = o.threw;
			x->value = value_i64(o.value);
			x->vars[0] = value_i64(o.vars[0]);
			x->vars[1] = value_i64(o.vars[1]);
		}
	}
	for (int m = 1; m <= n; m++) {
		for (int k = 0; k < NIN; k++)
			if (dom[k] && differ(an, &B->o[k],
					     &B->o[(size_t)m * NIN + (size_t)k]))
				B->kills[m][k / 64] |= (uint64_t)1 << (k % 64);
		B->killable[m] = false;
		for (int w = 0; w < NIN / 64; w++)
			B->killable[m] |= B->kills[m][w] != 0;
	}
	for (int m = 1; m <= n; m++) {
		B->dup[m] = 0;
		if (!B->killable[m])
			continue;
		B->dup[m] = m;
		for (int x = 1; x < m && B->dup[m] == m; x++) {
			if (!B->killable[x])
				continue;
			bool same = true;
			for (int k = 0; k < NIN && same; k++)
				same = !dom[k] ||
				       !differ(an, &B->o[(size_t)x * NIN + (size_t)k],
					       &B->o[(size_t)m * NIN + (size_t)k]);
			if (same)
				B->dup[m] = x;
		}
	}
	for (int a = 1; a <= n; a++)
		for (int b = 1; b <= n; b++) {
			B->sub[a][b] = false;
			if (!B->killable[a] || !B->killable[b])
				continue;
			bool subset = true;
			for (int w = 0; w < NIN / 64 && subset; w++)
				subset = (B->kills[a][w] & ~B->kills[b][w]) == 0;
			B->sub[a][b] = subset;
		}
	for (int m = 1; m <= n; m++) {
		B->rep[m] = 0;
		if (!B->killable[m])
			continue;
		for (int x = 1; x <= m && !B->rep[m]; x++)
			if (B->sub[x][m] && B->sub[m][x])
				B->rep[m] = x;
	}
	for (int m = 1; m <= n; m++) {
		B->minimal[m] = false;
		if (!B->killable[m] || B->rep[m] != m)
			continue;
		bool dominated = false;
		for (int x = 1; x <= n; x++)
			dominated |= B->killable[x] && B->rep[x] != m &&
				     B->sub[x][m];
		B->minimal[m] = !dominated;
	}
	free(dom);
}

static bool kills_at(const struct brute *B, int m, int k)
{
	return (B->kills[m][k / 64] >> (k % 64)) & 1;
}

static int index_of(const struct value *in)
{
	return (int)(((uint8_t)in[0].bits << 8) | (uint8_t)in[1].bits);
}

static void compare(const struct analysis *an, const struct brute *B,
		    const struct result *r, const char *mode)
{
	char what[256];
	snprintf(what, sizeof(what), "%s in %s (%s)", an->target->name,
		 an->domain->name, mode);
	int n = an->nmutants;
	is_int(r->nunknowns, 0, "%s: no unknown answers", what);
	int bad = 0;
	for (int m = 1; m <= n; m++) {
		int want = B->killable[m] ? R_NO : R_YES;
		if (r->equiv[m] != want && bad++ < 3)
			diag("mutant %s: equivalent %d, brute force %d",
			     an->mutants[m].label, r->equiv[m], want);
	}
	ok(bad == 0, "%s: equivalent mutants", what);
	bad = 0;
	for (int m = 1; m <= n; m++)
		if (B->killable[m] && r->dup[m] != B->dup[m] && bad++ < 3)
			diag("mutant %s: duplicate of %d, brute force %d",
			     an->mutants[m].label, r->dup[m], B->dup[m]);
	ok(bad == 0, "%s: duplicates", what);
	bad = 0;
	for (int a = 1; a <= n; a++)
		for (int b = 1; b <= n; b++) {
			if (!B->killable[a] || !B->killable[b])
				continue;
			int want = B->sub[a][b] ? R_YES : R_NO;
			if (SUB(r, a, b) != want && bad++ < 3)
				diag("%s subsumes %s: %d, brute force %d",
				     an->mutants[a].label, an->mutants[b].label,
				     SUB(r, a, b), want);
		}
	ok(bad == 0, "%s: subsumption", what);
	bad = 0;
	int nclasses = 0;
	for (int m = 1; m <= n; m++) {
		nclasses += B->killable[m] && B->rep[m] == m;
		int got = r->cls[m] < 0 ? 0 : r->class_rep[r->cls[m]];
		if (got != B->rep[m] && bad++ < 3)
			diag("mutant %s: class of %d, brute force %d",
			     an->mutants[m].label, got, B->rep[m]);
	}
	ok(bad == 0 && r->nclasses == nclasses, "%s: classes (%d)", what,
	   nclasses);
	bad = 0;
	struct strbuf sb = STRBUF_INIT;
	for (int m = 1; m <= n; m++) {
		if (B->minimal[m])
			sb_printf(&sb, " %s", an->mutants[m].label);
		if (r->minimal[m] != B->minimal[m] && bad++ < 3)
			diag("mutant %s: minimal %d, brute force %d",
			     an->mutants[m].label, r->minimal[m], B->minimal[m]);
	}
	ok(bad == 0, "%s: minimal set {%s }", what, sb.buf ? sb.buf : "");
	sb_release(&sb);
	/* Every witness is a real one. */
	bad = 0;
	for (int i = 0; i < r->nwitnesses; i++) {
		const struct witness *w = &r->witnesses[i];
		int k = index_of(w->input);
		bool in = in_domain(an, w->input), good = false;
		switch (w->kind) {
		case W_KILLS:
			good = kills_at(B, w->a, k);
			break;
		case W_DISTINCT:
			good = differ(an, &B->o[(size_t)w->a * NIN + (size_t)k],
				      &B->o[(size_t)w->b * NIN + (size_t)k]);
			break;
		case W_NOT_SUBSUMES:
			good = kills_at(B, w->a, k) && !kills_at(B, w->b, k);
			break;
		}
		if ((!in || !good) && bad++ < 3)
			diag("witness %d (kind %d, %d, %d) is wrong", i, w->kind,
			     w->a, w->b);
	}
	ok(bad == 0 && r->nwitnesses > 0, "%s: %d witnesses are true", what,
	   r->nwitnesses);
}

int main(void)
{
	A = arena_new();
	struct theory *th = load_theory_text(A, theory);
	if (!ok(th != NULL, "the theory loads")) {
		diag("%s", cap_buf ? cap_buf : "");
		return done_testing();
	}
	ok(th->nanalyses == 12, "12 analyses (%d)", th->nanalyses);
	int naive_runs = 0;
	for (int i = 0; i < th->nanalyses; i++) {
		const struct analysis *an = &th->analyses[i];
		bool bytes = an->nvars == 2 && an->var_types[0] == T_BYTE &&
			     an->var_types[1] == T_BYTE && an->nmutants < 64;
		if (!ok(bytes, "%s in %s: two byte variables, %d mutants",
			an->target->name, an->domain->name, an->nmutants))
			continue;
		struct brute B;
		brute_force(an, &B);
		ok(B.nin > 0, "%s in %s: %d inputs in the domain",
		   an->target->name, an->domain->name, B.nin);
		struct prove_opts fast = { .timeout_ms = 0 };
		struct prove_opts naive = { .timeout_ms = 0, .naive = true };
		struct arena *ra = arena_new();
		compare(an, &B, prove_analysis(ra, an, &fast), "default");
		for (size_t k = 0; k < ARRAY_SIZE(naive_too); k++)
			if (!strcmp(an->target->name, naive_too[k][0]) &&
			    !strcmp(an->domain->name, naive_too[k][1])) {
				compare(an, &B, prove_analysis(ra, an, &naive),
					"naive");
				naive_runs++;
			}
		arena_free(ra);
		free(B.o);
		free(B.kills);
	}
	is_int(naive_runs, (int)ARRAY_SIZE(naive_too),
	       "the naive mode ran on every analysis chosen for it");
	arena_free(A);
	free(cap_buf);
	smt_finalize();
	return done_testing();
}
