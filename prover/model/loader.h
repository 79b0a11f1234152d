/*
 * loader.h - internal to model/: the state of loading one theory file,
 * shared by its parts in the order they run:
 *
 *   theory.c     the file: top-level keys, then each part below
 *   domains.c    built-in and declared domains
 *   operators.c  the built-in operator library and the theory's own
 *   targets.c    targets, then one analysis per target and domain
 *   claims.c     the targets' claims (`expect:`)
 *
 * Ownership: everything a loader builds lives in its arena; the
 * domains and ops arrays are heap memory that theory_load() frees.
 * Every function prints its errors (diag.h) and returns -1 or NULL.
 */
#ifndef SUBSUME_LOADER_H
#define SUBSUME_LOADER_H

#include "base/yschema.h"
#include "model/analysis.h"
#include "model/theory.h"

struct loader {
	struct arena *a;
	struct theory *th;
	struct domain **domains;
	size_t ndomains, capdomains;
	struct operator **ops;
	size_t nops, capops;
};

/* theory.c: parse the expression in scalar n (es is filled in). */
struct node *loader_parse_at(struct loader *L, struct ynode *n,
			     struct expr_src *es, bool holes);
/* "unknown KIND 'x'" at n, with the closest of names as a suggestion. */
int loader_unknown_name(struct ynode *n, const char *kind,
			const char *const *names, size_t nnames);

/* domains.c */
/* Type the assumption *ep (again: a conversion typing put at its root
 * goes first); in a language with scalar conditions (C) a number is
 * converted to the boolean (!= 0), *ep then being that conversion.
 * Errors are located at where (or printed by typing). */
int loader_type_assumption(struct node **ep, const struct type_env *env,
			   const struct expr_src *es, const struct ynode *where);

void domains_builtin(struct loader *L);
int domain_load(struct loader *L, struct ynode *key, struct ynode *val);
struct domain *domain_lookup(struct loader *L, struct ynode *n);

/* operators.c */
void operators_builtin(struct loader *L);
int operators_load(struct loader *L, struct ynode *map, bool builtin);
struct operator *operator_find(struct loader *L, const char *name);

/* targets.c */
int target_load(struct loader *L, struct ynode *n, struct target_spec *ts);
int target_build_analysis(struct loader *L, struct target_spec *ts, int di,
			  struct analysis *an);

/* claims.c: the claims of target ts, whose analyses are
 * first[0..ts->ndomains), appended to the theory's. */
int claims_load(struct loader *L, struct target_spec *ts,
		struct analysis *first);

#endif
