/*
 * theory.h - a theory file, loaded: domains, operators, targets, and the
 * analyses (one per target and domain) with their generated mutants.
 *
 * theory_load() runs stages 1-3 and mutant generation for one file:
 * YAML tree (ytree.c), schema and names (theory.c), expressions
 * (parse.c, type.c), mutants from operator rules (mutate.c).  Everything
 * lives in the arena passed in.  On any error the file is rejected as a
 * whole: errors are printed and NULL is returned.
 *
 * Invariants of an analysis, established by its one constructor,
 * analysis_init() (model/analysis.h), for theory files and check sites
 * alike:
 *   - orig and every mutant's expr are typed; types are comparable with
 *     the original's (and non-void when the value is observed);
 *   - mutant ids are 1..nmutants in declaration order (0 is the
 *     original); labels are unique within the analysis;
 *   - no mutant is structurally equal to the original;
 *   - theory, target and domain are all set (an analysis of a theory
 *     file) or all NULL with site set (any other analysis).
 */
#ifndef SUBSUME_THEORY_H
#define SUBSUME_THEORY_H

#include "lang/java.h"
#include "sem/problem.h"
#include "base/ytree.h"

struct domain {
	const char *name;
	struct loc loc;
	bool builtin;
	const struct type *type;/* single-type domain; T_ERROR if per-variable */
	struct node *assume;    /* over the variable "value"; typed; or NULL */
	const char *assume_text;
	/* per-variable domain: */
	int nvars;
	const char **var_names;
	struct domain **var_domains;
	struct node *vars_assume_ast; /* over the named variables, untyped */
	struct expr_src vars_assume_src;
};

enum rule_kind { RULE_REPLACE, RULE_DELETE, RULE_TEMPLATE };

struct rule {
	enum rule_kind kind;
	const char *item;       /* operator spelling, literal, role or template */
	const char *label;      /* explicit label detail (templates), or NULL */
	struct ynode *where;    /* for messages */
};

struct operator {
	const char *name;
	const char *description;
	struct loc loc;
	bool builtin;
	int non;
	const char **on;        /* applies only to these top operators */
	const char *major;      /* Major's MML group ("ROR"), or NULL */
	int nrules;
	struct rule *rules;
};

struct mutant {
	int id;
	const char *label;      /* "ROR(<=)" */
	const char *op;         /* "ROR" */
	const char *text;       /* Java text of the mutant */
	struct node *expr;      /* typed */
	bool explicit_;         /* listed under mutants: in the theory */
};

struct skipped {
	const char *label;
	const char *reason;
};

struct target;

struct analysis {
	/* Provenance: a theory file's target and domain, or NULL. */
	const struct theory *theory;
	const struct target *target;
	const struct domain *domain;
	int index;              /* position within the theory, 0-based */
	const char *site;       /* when theory is NULL: what it checks */
	const struct profile *profile; /* when theory is NULL: the site's
					* language; NULL: Java */
	int nvars;
	const char *var_names[MAX_VARS];
	const struct type *var_types[MAX_VARS];
	struct node *orig;
	const char *orig_text;
	struct node *assume;    /* conjunction of all assumptions, or NULL */
	const char *assume_text;/* printable form, or NULL */
	struct observe observe;
	int nmutants;
	struct mutant *mutants; /* [0] is unused: ids start at 1 */
	int nskipped;
	struct skipped *skipped;
};

struct target {
	const char *name;
	const char *expr_text;
	struct loc loc;
};

struct theory {
	const char *name;
	const char *description;
	const char *file;
	struct source src;
	uint64_t hash;          /* FNV-1a of the file's bytes */
	/* The language (its 'language' key and options): profile_java, or
	 * a C profile (c_profile()). */
	const struct profile *profile;
	/* How floating outcomes are compared (key float-compare, or the
	 * --float-compare flag); named in outputs when uses_float: some
	 * analysis has a floating variable or value. */
	enum float_compare fcmp;
	bool uses_float;
	int ntargets;
	struct target *targets;
	int nanalyses;
	struct analysis *analyses;
	/* The targets' `expect:` claims (model/claims.h), and the analyses
	 * of those with an extra assumption (proven, never emitted). */
	int nclaims;
	struct claim *claims;
	int nextra;
	struct analysis **extra;
};

struct theory *theory_load(struct arena *a, const char *path);
/* The language of a YAML mapping (a theory file, a check batch or
 * site): its key 'language' (java, c, c++) and C's options
 * 'data-model', 'char' and 'ub'.  Keys the mapping does not have come
 * from around (the enclosing batch's profile; NULL: Java): a site in a
 * C batch is C with the batch's options unless it says otherwise.
 * Options in a Java mapping are errors.  Sets *pf; 0, or -1 after a
 * located error (an unknown value lists the allowed ones). */
int language_load(struct ynode *map, const struct profile *around,
		  const struct profile **pf);
/* The key float-compare of a YAML mapping (a theory file, a check
 * batch or site): identical or numeric; absent: around (the enclosing
 * batch's choice, or the default FCMP_IDENTICAL).  Sets *fc; 0, or -1
 * after a located error listing the allowed values. */
int float_compare_load(struct ynode *map, enum float_compare around,
		       enum float_compare *fc);
/* "float-compare: identical": the option as outputs name it. */
const char *theory_float_option(const struct theory *th);
/* The --float-compare flag: every theory loaded afterwards compares
 * floating outcomes so, whatever its float-compare key says; -1 (the
 * default): as the key says.  Set before loading, from one thread. */
void theory_force_float_compare(int fc);
/* Free the built-in operator library (parsed once, at the first
 * theory_load()); at exit, for leak checkers. */
void theory_release_builtins(void);

/* An input of an analysis in source syntax: "a=1, b=-2L". */
void input_print(struct strbuf *sb, const struct analysis *an,
		 const struct value *input);

/* The analysis as the semantics sees it (sem/problem.h): pointers into
 * an, valid while an is.  The profile is the theory's (Java for an
 * analysis without a theory: the checker's sites). */
struct problem analysis_problem(const struct analysis *an);
/* The language profile of an analysis's expressions: its theory's, or
 * its own (a site's), or Java. */
const struct profile *analysis_profile(const struct analysis *an);

/* Internal to theory.c and mutate.c: a target as written, before it is
 * instantiated per domain.  Expressions here are untyped. */
struct target_spec {
	struct target *t;
	struct ynode *node;
	struct node *expr;
	struct expr_src expr_src;
	int ndomains;
	struct domain **domains;
	struct ynode **domain_where;
	struct node *assume;
	struct expr_src assume_src;
	int nops;
	struct operator **ops;
	struct ynode **op_where;
	int nexplicit;
	struct explicit_mutant {
		const char *label, *op;
		struct node *expr;
		struct expr_src src;
		struct ynode *where;
	} *explicit_;
	int nobserve;
	struct ynode **observe;
	struct ynode *expect;   /* the claims (model/claims.c), or NULL */
};

/* mutate.c: generate the mutants of one analysis from the target's
 * operators and explicit mutants.  Returns 0 or -1 (errors printed). */
int mutate_analysis(struct arena *a, struct analysis *an,
		    const struct target_spec *ts);

/* Check a rule's item when the operator is loaded (syntax, names). */
int rule_check(struct arena *a, const struct rule *r);

/* Built-in operator library (configs/operators.yaml, compiled in). */
extern const char stdops_yaml[];
/* The built-in library, loaded once per process (thread-safe); the
 * operators in library order. */
struct operator *const *stdops_operators(size_t *n);

#endif
