/*
 * site.h - internal to check/: one site of `subsume check` on its way
 * to a struct analysis, and the cached result of its proof.
 *
 *   javatext.c  Java text rewritten for the parser (opaque calls, null)
 *   infer.c     variables, inferred types, null modelling, guards
 *   cache.c     the proof cache (results shared by identical sites)
 *   cverdict.c  verdicts from a proof
 *   site.c      the driver: a site from texts to verdicts
 *
 * Everything lives in the group's arena (struct site.a) except cache
 * entries (struct cres), which the cache owns once put, or the caller.
 */
#ifndef SUBSUME_CHECK_SITE_H
#define SUBSUME_CHECK_SITE_H

#include "check/check.h"

/* An opaque value: a call or field access, by its normalised text. */
struct opaque {
	const char *text;   /* normalised source text */
	const char *recv;   /* simple identifier receiver, or NULL */
	const char *method; /* name of the final call, or NULL */
	bool has_args;
	int kind;           /* inferred: 0 unknown, 1 boolean, 2 numeric */
	/* Java objects the text makes (refs.c): never null when used as
	 * a reference (`new X()`, `this`, a string literal, a cast of a
	 * non-null name); fresh: a `new` object, distinct from every
	 * other fresh one; str: a java.lang.String. */
	bool nonnull, fresh, str;
	/* a literal's identity (refs.c): "S" and a string literal's
	 * characters (without escapes), "C" and a class literal's type's
	 * simple name; literals of different identities are distinct
	 * objects (JLS 3.10.5, 15.8.2), and distinct from fresh ones */
	const char *lit;
	bool number;        /* such an object used as a number (unboxed) */
	/* An array element `a[i]` (javaobj.c): its index's source text;
	 * the access throws when the index is out of bounds (refs.c).
	 * length: the opaque value is an array's length (never negative). */
	const char *index;
	bool length;
	/* a constant of the program (lang/javasrc.h: struct jocc facts,
	 * a field access among the site's declared variables): javac
	 * writes its value, so reading it has no effect and no exception */
	bool konst;
};

struct site {
	struct arena *a;
	struct cgroup *g;
	struct csite *cs;
	const struct check_opts *opts;
	const struct profile *pf;  /* the site's language (never NULL) */
	bool c;                    /* a C or C++ site */
	int nop;
	struct opaque ops[MAX_VARS + 1];
	/* variables */
	int nvars;
	const char *names[MAX_VARS + 1];
	int kind[MAX_VARS + 1];    /* 0 unknown, 1 boolean, 2 numeric */
	const struct type *declared[MAX_VARS + 1]; /* T_ERROR if not declared */
	bool ref[MAX_VARS + 1];    /* a reference compared with null */
	const struct type *numtype; /* numeric type from the signature */
	const char *err;           /* why the whole site is unsupported */
	int objdepth;              /* javaobj.c: nested casts being read */
};

/* javatext.c and javaobj.c read the site's program text through
 * lang/srctext.h; refs.c and site-read.c ask lang/javasrc.h's
 * jtext_*() of its syntax tree (tests/layers.t). */
/* javaobj.c: Java's object constructs in a Java text, before the
 * rewrite: `new X(...)`, `this`, string literals, reference casts and
 * `instanceof` become opaque values (struct opaque nonnull, fresh,
 * str), written as SITE_OBJ k SITE_OBJ for the rewrite to turn into
 * `$k+1`; a reference cast is `((x == null || x instanceof T) ? x :
 * 1 / 0)` (ClassCastException an exception), `x instanceof T` is
 * `(x instanceof T && x != null)`.  NULL and *why for what it does not
 * read. */
#define SITE_OBJ '\001'
char *site_objects(struct site *S, const char *s, const char **why);
/* The opaque value of normalised text norm (the same text is the same
 * value), added if new; its index, or -1 (S->err). */
int site_opaque(struct site *S, const char *norm, const char *recv,
		const char *method, bool has_args);
/* Rewrite Java text for the parser: calls and field accesses become
 * `$k`, null becomes `$null`.  NULL (and *why) for constructs the model
 * does not cover. */
char *site_rewrite(struct site *S, const char *s, const char **why);
/* The same, and (offs non-NULL) for every byte of the result and its
 * end the offset in s it comes from (arena array), for error locations.
 * C sites: `a->b` is a field access, NULL is 0, and a call with a
 * defining contract ('value', contracts.c) is replaced by its value. */
char *site_rewrite_map(struct site *S, const char *s, const char **why,
		       int **offs);
/* Rewrite and parse (untyped); NULL and *why if either fails. */
struct node *site_parse(struct site *S, const char *text, const char **why);
/* ctx with its '#' replaced by "(e)". */
char *site_subst_hole(struct arena *a, const char *ctx, const char *e);

/* infer.c */
/* The index of variable name (added if new), or -1 (S->err set). */
int site_var(struct site *S, const char *name);
/* Collect variables, turn $null into the literal 0 and mark what is
 * compared with it as a reference. */
void site_collect(struct site *S, struct node *n);
/* Infer kinds (0 unknown, 1 boolean, 2 numeric) of n's variables when
 * n must have kind want; returns n's kind.  Conflicts set S->err. */
int site_infer(struct site *S, const struct node *n, int want);
/* Guard signature: each opaque call with the conditions it runs under
 * (short-circuit and ?: operands), in evaluation order. */
char *site_guard_sig(const struct site *S, const struct node *n);
/* A call on a reference receiver throws when it is null. */
struct node *site_guard_calls(struct site *S, struct node *n);
/* Java type names from a Major signature "op(T1,T2)" or "<KIND(T)>". */
int site_sig_types(const char *sig, char types[][64], int max);
/* Why Major's signature from puts its mutant out of the model (String
 * operands; a reference-typed expression), or NULL. */
const char *site_sig_refusal(struct arena *a, const char *from);
/* The wider of a site's numeric type so far and a signature's type t:
 * int, long, float, double in that order (Java's binary numeric
 * promotion); narrower integer types count as int. */
const struct type *site_numtype_wider(const struct type *cur,
				      const struct type *t);
/* A floating signature "+(double,int)" of a binary original whose
 * operands are variables gives each its own type (Major logs the
 * operands' types): the int operand of d + i stays an int.  Integer
 * signatures leave the site's one numeric type. */
void site_sig_operand_types(struct site *S, const char *from,
			    const struct node *orig);
/* Mark variables assigned anywhere in n as observed. */
void site_assigned(const struct node *n, struct observe *ob);

/* refs.c (Java sites) */
/* What mutant m replaces by null (at the same place in o) is a
 * reference.  Before site_collect(). */
void site_null_refs(struct site *S, const struct node *o, const struct node *m);
/* String concatenations in n become opaque never-null Strings. */
struct node *site_concat(struct site *S, struct node *n);
/* Both, on a site's original and mutants mx[0..n) (NULL ones skipped),
 * before site_collect(). */
void site_concat_refs(struct site *S, struct node **orig, struct node **mx,
		      int n);
/* After inference: the objects of javaobj.c used as references in the
 * site are references; what is compared with a reference is one.  Their
 * facts (never null, fresh ones distinct) are added to *assume. */
void site_object_facts(struct site *S, struct node *orig, struct node **mx,
		       int n, struct node **assume);
/* Array elements (after inference): `a[i]` becomes `((1 / (i >= 0 &&
 * i < a.length ? 1 : 0) != 0 || true) ? $k : $k)`, an exception when
 * the index is out of bounds; `a.length >= 0` is added to *assume.
 * 0, or -1 (S->err). */
int site_guard_arrays(struct site *S, struct node **orig, struct node **mx,
		      int n, struct node **assume);
/* A reference used other than compared (==, !=), copied or chosen by
 * ?: (string concatenation, unboxing): its name, or NULL. */
const char *site_ref_misuse(const struct site *S, const struct node *n);
/* site-read.c: x && y (x may be NULL: y). */
struct node *site_and(struct arena *a, struct node *x, struct node *y);

/* A site on its way: the parsed texts and what is known of them. */
struct job {
	struct site S;
	int n;                  /* mutants of the site */
	int *idx;               /* [n] their indices in the group */
	int top_want;           /* kind the whole expression must have */
	bool typed_sig;         /* the operator's signature gave a numeric
				 * type (Major's log): S->numtype */
	struct node *orig, *assume;
	struct node *facts;     /* the program's facts (struct csite), or
				 * NULL: joined to assume once typed */
	struct node *loops;     /* the proven loop counters' facts (loops.c),
				 * or NULL: the same */
	struct node **mx;       /* [n] parsed mutants, NULL: unsupported */
	const char *osig;       /* guard signatures (infer.c) */
	const char **msig;      /* [n] */
	const struct type *types[MAX_VARS];
};

/* loops.c: of loops (struct csite loops), each loop's first candidate
 * proven by induction, its facts joined by && (in a), or NULL. */
const char *check_loop_facts(struct arena *a, const char *loops,
			     const struct check_opts *opts);
/* The proofs kept for the run, released (cache.c). */
void check_loops_release(void);

/* site-read.c: J's texts to a typed site (J->S, the members J->idx set
 * by the driver); 0, or -1 and *why (the whole site is unsupported). */
int site_read(struct job *J, struct type_env *env, const char **why);

/* cache.c: a proof's result, as much of it as verdicts need. */
struct cres {
	struct cres *next;
	char *key;
	bool pending;                /* claimed, being proven (cache.c) */
	bool gone;                   /* abandoned: its prover's group was
				      * cut short (no proof) */
	int n;
	unsigned char *equiv;
	int *dup;
	unsigned char *sub;          /* [(n+1)^2] */
	struct value (*kill)[MAX_VARS]; /* [n+1] witness of W_KILLS */
	char **ureason;              /* [n+1] unknown equivalence */
	const char **pcut;           /* [n+1] a duplicate or subsumption
				      * question of the mutant left unknown
				      * by the budget or memory: the reason
				      * (in ureason's strings or static) */
	unsigned calls;
};
/* The key of an analysis' proof obligation under the given limits
 * (heap string). */
char *proof_cache_key(const struct analysis *an, unsigned timeout,
		      unsigned rlimit, unsigned budget);
/* A heap copy of r, owning key. */
struct cres *cres_from(const struct result *r, char *key);
void cres_free(struct cres *c);
/* The entry of key (takes key): a proven one, waiting while another
 * worker proves it; or, when key is new, a pending entry claimed for the
 * caller (*mine set), who proves it and hands the proof to
 * proof_cache_fill(); or NULL when the cache is full (prove, keep).
 * With busy non-NULL it does not wait: an entry another worker is
 * proving gives NULL with *busy set to it (proof_cache_ready()). */
struct cres *proof_cache_claim(char *key, bool *mine,
			       const struct cres **busy);
/* Has the proof of entry slot (from proof_cache_claim()) been filled? */
bool proof_cache_ready(const struct cres *slot);
/* Complete the claimed entry slot with proof r (frees r's shell). */
void proof_cache_fill(struct cres *slot, struct cres *r);
/* Give up the claimed entry slot (its group was cut short, check.h):
 * out of the table, so that the next site with its key proves it;
 * a waiter for it looks again (proof_cache_ready() is then true). */
void proof_cache_abandon(struct cres *slot);

/* cverdict.c */
void site_unsupported(struct cgroup *g, struct cmutant *m, const char *why);
/* Give the mutants of a proven site their verdicts.  idx[back[p]] is
 * the group index of analysis mutant p; clean[p]: p evaluates calls
 * under the original's conditions (guard signatures equal); refs: the
 * site has references (no table then). */
void site_verdicts(struct site *S, const struct analysis *an,
		   const struct cres *r, const int *idx, const int *back,
		   const bool *clean, bool refs);

#endif
