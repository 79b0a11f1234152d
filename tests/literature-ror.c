/*
 * literature-ror.c - facts from the literature as assertions.
 *
 * ROR: the sufficient (minimal) mutant set of each relational operator
 * (Kaminski, Ammann and Offutt, "Better predicate testing", 2011; Gheyi
 * et al., IST 2021, Table 3): a < b keeps exactly a <= b, a != b and
 * false; and so on for the other five.
 *
 * COR: a && b keeps exactly false, a, b and a == b; a || b keeps true,
 * a, b and a != b (Kaminski and Ammann, "Reducing logic test set size
 * while preserving fault detection", 2011).
 *
 * The theory gives ROR, ODL and VDL to the relational targets (deleting
 * an operand of a comparison is ill-typed, so those are skipped) and
 * an operator producing == and != (REL), COR and ODL to the logical
 * ones.  REL comes first: on booleans COR(^) is a duplicate of a != b,
 * and a class is represented by its first-declared mutant.
 * The facts hold over any ordered type, so they are checked over int
 * (the papers' type) and also byte, long and the unbounded integer.
 */
#include "prover-test.h"

static const char theory[] =
	"theory: literature\n"
	"operators:\n"
	"  REL:\n"
	"    description: replace a boolean operator by == or !=\n"
	"    replace: [\"==\", \"!=\"]\n"
	"targets:\n"
	"  - { expr: a < b, domains: [int, byte, long, integer], "
	"operators: [ROR, ODL, VDL] }\n"
	"  - { expr: a <= b, domains: [int, byte, long, integer], "
	"operators: [ROR, ODL, VDL] }\n"
	"  - { expr: a > b, domains: [int, byte, long, integer], "
	"operators: [ROR, ODL, VDL] }\n"
	"  - { expr: a >= b, domains: [int, byte, long, integer], "
	"operators: [ROR, ODL, VDL] }\n"
	"  - { expr: a == b, domains: [int, byte, long, integer], "
	"operators: [ROR, ODL, VDL] }\n"
	"  - { expr: a != b, domains: [int, byte, long, integer], "
	"operators: [ROR, ODL, VDL] }\n"
	"  - { expr: a && b, domains: boolean, operators: [REL, COR, ODL] }\n"
	"  - { expr: a || b, domains: boolean, operators: [REL, COR, ODL] }\n";

static const struct {
	const char *target;
	const char *keeps[5];
} facts[] = {
	{ "a < b", { "a <= b", "a != b", "false" } },
	{ "a <= b", { "a < b", "a == b", "true" } },
	{ "a > b", { "a >= b", "a != b", "false" } },
	{ "a >= b", { "a > b", "a == b", "true" } },
	{ "a == b", { "a <= b", "a >= b", "false" } },
	{ "a != b", { "a < b", "a > b", "true" } },
	{ "a && b", { "false", "a", "b", "a == b" } },
	{ "a || b", { "true", "a", "b", "a != b" } },
};

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* "a, b, c" from a list of strings, sorted. */
static void join_sorted(struct strbuf *sb, const char **v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_str);
	for (int i = 0; i < n; i++)
		sb_printf(sb, "%s%s", i ? " | " : "", v[i]);
}

int main(void)
{
	struct arena *A = arena_new();
	struct theory *th = load_theory_text(A, theory);
	if (!ok(th != NULL, "the theory loads")) {
		diag("%s", cap_buf ? cap_buf : "");
		return done_testing();
	}
	is_int(th->nanalyses, 6 * 4 + 2, "26 analyses");
	for (int i = 0; i < th->nanalyses; i++) {
		const struct analysis *an = &th->analyses[i];
		size_t f;
		for (f = 0; f < ARRAY_SIZE(facts); f++)
			if (!strcmp(facts[f].target, an->target->name))
				break;
		if (!ok(f < ARRAY_SIZE(facts), "a fact for %s",
			an->target->name))
			continue;
		struct prove_opts opts = { .timeout_ms = 0 };
		struct arena *ra = arena_new();
		struct result *r = prove_analysis(ra, an, &opts);
		const char *got[64], *want[8];
		int ngot = 0, nwant = 0;
		for (int m = 1; m <= r->n && ngot < 64; m++)
			if (r->minimal[m])
				got[ngot++] = an->mutants[m].text;
		for (; nwant < 5 && facts[f].keeps[nwant]; nwant++)
			want[nwant] = facts[f].keeps[nwant];
		struct strbuf g = STRBUF_INIT, w = STRBUF_INIT;
		join_sorted(&g, got, ngot);
		join_sorted(&w, want, nwant);
		is_int(r->nunknowns, 0, "%s over %s: every answer proven",
		       an->target->name, an->domain->name);
		is_str(g.buf, w.buf, "%s over %s keeps exactly %s",
		       an->target->name, an->domain->name, w.buf);
		sb_release(&g);
		sb_release(&w);
		arena_free(ra);
	}
	arena_free(A);
	free(cap_buf);
	smt_finalize();
	return done_testing();
}
