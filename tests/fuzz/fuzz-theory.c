/*
 * fuzz-theory.c - a theory file through theory_load(): YAML tree,
 * schema, expressions, typing, mutant generation.  A rejected file has
 * at least one located error; a loaded one keeps theory.h's invariants.
 */
#include "fuzz/fuzz.h"

#include <string.h>

#include "base/diag.h"

/* theory.h's invariants of every analysis; aborts when one breaks. */
static void check_analysis(const struct analysis *an)
{
	if (!an->orig || an->orig->type == T_ERROR || an->nmutants < 1)
		fuzz_fail("analysis %d: no typed original or no mutant",
			  an->index);
	if (!an->theory || !an->target || !an->domain)
		fuzz_fail("analysis %d: provenance not set", an->index);
	for (int m = 1; m <= an->nmutants; m++) {
		const struct mutant *mu = &an->mutants[m];
		if (mu->id != m || !mu->expr || !mu->label ||
		    mu->expr->type == T_ERROR)
			fuzz_fail("analysis %d: mutant %d malformed", an->index,
				  m);
		bool voided = !an->observe.value &&
			      (mu->expr->type == T_VOID ||
			       an->orig->type == T_VOID);
		if (!voided && !types_comparable(mu->expr->type, an->orig->type))
			fuzz_fail("analysis %d: mutant %s not comparable",
				  an->index, mu->label);
		if (an->observe.value && mu->expr->type == T_VOID)
			fuzz_fail("analysis %d: void mutant %s observed",
				  an->index, mu->label);
		if (expr_equal(mu->expr, an->orig))
			fuzz_fail("analysis %d: mutant %s equals the original",
				  an->index, mu->label);
		for (int k = 1; k < m; k++)
			if (!strcmp(an->mutants[k].label, mu->label))
				fuzz_fail("analysis %d: label %s twice",
					  an->index, mu->label);
	}
}

int fuzz_theory(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write(data, size);
	struct arena *a = arena_new();
	int errs = diag_errors;
	fuzz_enter();
	struct theory *th = theory_load(a, path);
	fuzz_leave();
	if (!th && diag_errors == errs)
		fuzz_fail("theory rejected without an error message");
	if (th)
		for (int i = 0; i < th->nanalyses; i++)
			check_analysis(&th->analyses[i]);
	arena_free(a);
	return 0;
}
