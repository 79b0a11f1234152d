/*
 * mull.c - `subsume export --mull`: a mull.yml (Mull's configuration,
 * docs/MullConfig.rst of mull-project/mull) that enables the Mull
 * mutators not redundant on the C types chosen, and keeps the others out
 * with ignoreMutators.
 *
 * A mutant is a Mull mutator when its label is the mutator's name
 * (theories/c-mull.yaml): a label that starts with "cxx_", or one of the
 * two experimental names.  Across the C results whose domain is one of
 * the types (all of them when no type is given), a mutator is kept when
 * some result keeps it (minimal, or its equivalence unknown) and left
 * out when every result that has it proves it redundant: equivalent, or
 * a duplicate of or subsumed by a mutant that result keeps.  Each
 * result's kept mutants subsume all its others, so leaving out every
 * mutator redundant everywhere keeps, at every site and type, a set that
 * subsumes the full one.  The file's top comment names the assumptions:
 * the language options of each theory (data model, plain char, UB
 * policy, float-compare), the operand types, and that the value of the
 * mutated expression is what a test observes.
 *
 * Ownership: everything is on the heap and freed before returning.
 */
#include "emit/emit.h"

#include <stdlib.h>
#include <string.h>

#include "model/theory.h"

struct mname {
	const char *name;     /* a mutant label (the result's storage) */
	int seen, kept;       /* results that have it, and keep it */
	struct strbuf why;    /* the first result that proves it redundant */
	int nwhy;             /* results that prove it redundant */
};

struct mull {
	struct mname *names;
	size_t n, cap;
	const char **types;   /* operand types met, in result order */
	size_t ntypes, captypes;
	const struct theory **ths; /* theories met */
	size_t nths, capths;
};

static bool is_mull_label(const char *s)
{
	return !strncmp(s, "cxx_", 4) || !strcmp(s, "negate_mutator") ||
	       !strcmp(s, "scalar_value_mutator");
}

static struct mname *name_of(struct mull *M, const char *label)
{
	for (size_t i = 0; i < M->n; i++)
		if (!strcmp(M->names[i].name, label))
			return &M->names[i];
	GROW(M->names, M->n + 1, M->cap);
	struct mname *x = &M->names[M->n++];
	memset(x, 0, sizeof(*x));
	x->name = label;
	return x;
}

static bool wanted(const char *type, const char *const *types, int ntypes)
{
	if (!ntypes)
		return true;
	for (int i = 0; i < ntypes; i++)
		if (!strcmp(types[i], type))
			return true;
	return false;
}

/* The operand type of a result ("int"), as its domain names it. */
static const char *type_of(const struct result *r)
{
	return r->an->domain->name;
}

static void note_type(struct mull *M, const char *t)
{
	for (size_t i = 0; i < M->ntypes; i++)
		if (!strcmp(M->types[i], t))
			return;
	GROW(M->types, M->ntypes + 1, M->captypes);
	M->types[M->ntypes++] = t;
}

static void note_theory(struct mull *M, const struct theory *th)
{
	for (size_t i = 0; i < M->nths; i++)
		if (M->ths[i] == th)
			return;
	GROW(M->ths, M->nths + 1, M->capths);
	M->ths[M->nths++] = th;
}

/* Read one result's Mull mutants; false when it has none.  *other
 * counts the mutants whose labels are not Mull's names. */
static bool read_result(struct mull *M, const struct result *r, int *other)
{
	const struct analysis *an = r->an;
	bool any = false;
	for (int m = 1; m <= an->nmutants; m++) {
		const char *label = an->mutants[m].label;
		if (!is_mull_label(label)) {
			(*other)++;
			continue;
		}
		any = true;
		struct mname *x = name_of(M, label);
		x->seen++;
		int by;
		enum verdict v = result_verdict(r, m, &by);
		if (v == V_MINIMAL || v == V_UNKNOWN) {
			x->kept++;
			continue;
		}
		if (x->nwhy++)
			continue;
		sb_printf(&x->why, "%s over %s: %s", an->target->name,
			  type_of(r), verdict_name(v));
		if (by)
			sb_printf(&x->why, " %s %s",
				  v == V_DUPLICATE ? "of" : "by",
				  an->mutants[by].label);
	}
	return any;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct mname *)a)->name,
		      ((const struct mname *)b)->name);
}

static void header(struct strbuf *sb, const struct mull *M)
{
	sb_puts(sb, "# mull.yml - written by `subsume export --mull` (subsume "
		    SUBSUME_VERSION "); do not edit.\n"
		    "# Mull's mutators that are not redundant on the C types "
		    "below, from the\n# proven results of:\n");
	for (size_t i = 0; i < M->nths; i++) {
		const struct theory *th = M->ths[i];
		const char *o = th->profile->options;
		sb_printf(sb, "#   %s (%s): %s%s%s", th->file, th->name,
			  th->profile->name, *o ? ", " : "", o);
		if (th->uses_float)
			sb_printf(sb, ", %s", theory_float_option(th));
		sb_putc(sb, '\n');
	}
	sb_puts(sb, "# Assumptions: C as gcc and clang compile it for x86-64 "
		    "Linux, with the\n# options above (data model, plain char, "
		    "the policy for undefined behaviour,\n# how floating "
		    "results are compared); operand types:\n#  ");
	for (size_t i = 0; i < M->ntypes; i++)
		sb_printf(sb, "%s %s", i ? "," : "", M->types[i]);
	sb_puts(sb, ";\n# a test observes the value of the mutated expression "
		    "(and the variable of\n# ++ and --).  A mutator is left out "
		    "(ignoreMutators) when, at every\n# operator and type above "
		    "it applies to, it is equivalent or a kept mutator\n# "
		    "subsumes or duplicates it.  Mull's mutators the theories "
		    "do not model\n# (assignments, calls) are not enabled: add "
		    "them to 'mutators' if wanted.\n");
}

int emit_mull(struct strbuf *sb, struct strbuf *notes, const struct run *run,
	      const char *const *types, int ntypes)
{
	struct mull M = { 0 };
	int skipped = 0, other = 0;
	for (int i = 0; i < run->n; i++) {
		const struct result *r = run->results[i];
		const struct theory *th = r->an->theory;
		if (!strcmp(th->profile->name, "java") ||
		    !wanted(type_of(r), types, ntypes))
			continue;
		if (r->an->assume_text) {
			skipped++;
			continue;
		}
		int o = 0;
		if (read_result(&M, r, &o)) {
			other += o;
			note_type(&M, type_of(r));
			note_theory(&M, th);
		}
	}
	if (skipped)
		sb_printf(notes, "subsume: export --mull: %d analyses with "
				 "assumptions left out (a mull.yml holds for "
				 "every input)\n", skipped);
	if (other)
		sb_printf(notes, "subsume: export --mull: %d mutants beside "
				 "Mull's left out: their labels are not Mull "
				 "mutator names (cxx_...)\n", other);
	int rc = M.n ? 0 : -1;
	if (M.n) {
		qsort(M.names, M.n, sizeof(*M.names), by_name);
		header(sb, &M);
		sb_puts(sb, "mutators:\n");
		for (size_t i = 0; i < M.n; i++)
			if (M.names[i].kept)
				sb_printf(sb, "  - %s\n", M.names[i].name);
		sb_puts(sb, "ignoreMutators:\n");
		for (size_t i = 0; i < M.n; i++)
			if (!M.names[i].kept)
				sb_printf(sb, "  - %s  # redundant wherever it "
					      "applies (%d operator-type pairs), "
					      "e.g. %s\n",
					  M.names[i].name, M.names[i].seen,
					  M.names[i].why.buf);
	}
	for (size_t i = 0; i < M.n; i++)
		sb_release(&M.names[i].why);
	free(M.names);
	free(M.types);
	free(M.ths);
	return rc;
}
