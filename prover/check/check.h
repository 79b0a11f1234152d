/*
 * check.h - `subsume check`: per-mutant verdicts for real mutant lists.
 *
 * Input (major.c, yaml.c) is cut into groups: the mutants of
 * one source line of a Major log (in log order), or one site of a YAML
 * batch.  A group holds one or more sites (mutants sharing line and
 * original text, and character offset when the log has one).  Each
 * group owns an arena; the driver (cmd/check.c) hands groups to worker
 * threads and writes their lines in input order, so memory stays flat
 * however long the log is.
 *
 * site.c turns a site into a struct analysis (opaque calls become
 * fresh variables, identifiers get the types they must have, contracts
 * become assumptions; the steps are listed in site.h), proves it with
 * prove_analysis() on the worker's shared Z3 context, and gives every
 * mutant a verdict.  table.c answers "redundant by table" from generic
 * target shapes proven once per run per shape and operand types.
 */
#ifndef SUBSUME_CHECK_H
#define SUBSUME_CHECK_H

#include "prove/prove.h"

enum cverdict {
	CV_EQUIVALENT,
	CV_DUPLICATE,
	CV_SUBSUMED,
	CV_REDUNDANT,   /* redundant by table */
	CV_KILLABLE,
	CV_UNKNOWN,
	CV_UNSUPPORTED,
	CV_AMBIGUOUS,   /* a PIT mutant with several candidate places, not
			 * all equivalent (check/pit.h); shown in a summary
			 * only when some mutant has it */
	CV_COUNT
};
const char *cverdict_name(enum cverdict v);

struct mmethod;

/* A mutant read from a mutation-testing-elements report (check/mte.h):
 * what the report says of it, kept to write the report back.  Points
 * into the loaded report, which outlives the run. */
struct mte_at {
	const char *path;      /* its file's name in the report */
	int sline, scol, eline, ecol; /* its location, as given */
	const char *mutator;
	const char *replacement, *description; /* as given, or NULL */
	const char *status;    /* as given ("Survived", ...) */
};

/* A mutant read from PIT's mutations.xml (check/pit.h). */
struct pit_at {
	int doc, index;        /* its file's and its own ordinal */
	bool detected;         /* as given */
	const char *status;    /* as given ("SURVIVED", ...) */
	const char *description;
	/* placed among several candidates by PIT's instruction order (the
	 * reason), or NULL */
	const char *order;
};

struct cmutant {
	const char *id;      /* "30", "M2" */
	const char *op;      /* "AOR", or "" */
	const char *from;    /* Major's FROM field ("<=(int,int)"), or NULL */
	const char *text;    /* the mutant's source text */
	int lineno;          /* input line, for messages */
	int site;            /* index into group->sites */
	/* with --source (check/source.h), else NULL: */
	const char *orig;    /* the logged original (the site's is its
			      * enclosing expression) */
	const char *ctx;     /* the site's original with '#' where this
			      * mutant's occurrence is */
	const char *note;    /* the level of the verdict, or why the mutant
			      * is checked from the log only */
	unsigned char level; /* enum check_level (check/source.h) */
	int col;             /* the occurrence's column on its line, or 0 */
	const char *where;   /* its own "Class@method:LINE" when its group
			      * spans lines (an enclosing expression over
			      * several lines, --source), else NULL: the
			      * group's */
	/* with --method (check/method.h): the method IR of the original and
	 * of the mutant (both NULL: not modelled, mwhy says why) */
	const struct mmethod *mo, *mm;
	const char *mwhy;
	bool mdone;
	const struct mte_at *at; /* read from a report, or NULL */
	const struct pit_at *pit; /* read from PIT's mutations.xml, or NULL */
	/* results */
	enum cverdict v;
	const char *by;      /* the other mutant (duplicate, subsumed) */
	const char *detail;  /* witness, reason */
	/* killable in its method (check/method.c): the killing input
	 * (MIR_IN values, sem/mir.h), re-checked, in the group's arena,
	 * for `check --tests` (check/testgen.h); else NULL */
	const struct value *kin;
};

struct cvar {
	const char *name;
	const char *type;    /* Java type as written */
};

struct csite {
	const char *name;    /* YAML site name, or NULL */
	const char *orig;    /* original text */
	const char *context; /* enclosing expression with '#', or NULL */
	const char *assume;  /* YAML assumption, or NULL */
	/* What the program states of the values the site reads (--source:
	 * lang/javasrc.h struct jocc facts), or NULL: joined to the
	 * assumption when it parses and types (site-read.c), else left out */
	const char *facts;
	/* Loop counters' candidate invariants (lang/javasrc.h: struct
	 * jocc loops), or NULL: each loop's first proven by induction
	 * (check/loops.c) is joined to the assumption like facts */
	const char *loops;
	/* Dead locals after the site (lang/javasrc.h: struct jocc dead),
	 * or NULL: their final values are not observed (site.c) */
	const char *dead;
	int nvars;
	struct cvar vars[MAX_VARS]; /* declared (YAML batch) */
	bool statement;      /* Major: the original is a statement */
	/* The site's language (YAML: 'language' and C's options, of the
	 * site or its batch); NULL: Java (Major logs, Java batches). */
	const struct profile *profile;
	bool source;         /* the original is the mutants' enclosing
			      * expression read from the program's source
			      * (--source): types come from the expression,
			      * not from an operator's signature */
	bool discarded;      /* its value is dropped (expression statement):
			      * only the variables it assigns are observed */
	/* How a test compares floating results (YAML: key float-compare of
	 * the site or its batch; Major logs: the default, identical), unless
	 * check_opts.fcmp overrides it. */
	enum float_compare fcmp;
	bool floating;       /* set by check_group(): a variable or value of
			      * the site is floating point (outputs then name
			      * fcmp) */
	/* A C site in its function (YAML keys source, function, line;
	 * check/cmethod.c): the source's path (relative ones resolved
	 * against the batch's folder), the function, the original's line;
	 * NULL: none */
	const char *csource, *cfunc;
	int cline;
};

struct cres;
struct mentry;

struct cgroup {
	struct arena *a;
	/* the arenas of line groups joined into this one (an enclosing
	 * expression over several lines): their mutants' method models and
	 * reasons still point into them; freed with the group */
	struct arena **joined;
	int njoined;
	long seq;
	const char *file;
	int lineno;          /* input line of the first mutant */
	const char *where;   /* "Triangle@classify(int,int,int):10" */
	int nsites;
	struct csite *sites;
	int nmutants;
	struct cmutant *mutants;
	unsigned solver_calls;
	/* the time check_group() spent on it, over every call (a put-off
	 * group's too), ms (a clock: reported with the timing only) */
	double check_ms;
	/* --method (check/method.h): the methods modelled, how many were
	 * answered from the method cache (check/mcache.h), their time in
	 * all and the longest (its method's "name at file:line"), and the
	 * time in the solver (ms, clocks: reported with the timing only) */
	int nmethods, mcached, mdiverged;
	double method_ms, method_max_ms, method_solver_ms;
	const char *method_max;
	/* a put-off group (check_group()): the site to resume at and the
	 * proof it waits for */
	int resume;
	const struct cres *wait;
	/* ... or, at method level, the method's answers (mcache.h), and
	 * whether its C sites were given their IR already */
	const struct mentry *mwait;
	bool mattached;
	/* --source: the path of the source file of the group's class (in
	 * the group's arena), or NULL */
	const char *srcpath;
	/* with check_opts.smt2: the results proven for this group (not
	 * the cached ones), whose proofs are exported (cmd/confirm.h) */
	int nproved;
	const struct result **proved;
	/* cut short by a fatal error of its own (check_group_cut()); at
	 * method level (in_method: its sites were done) */
	bool cut, in_method;
	/* the reader's last pass over the decided group, before it is
	 * written (check/pit.c: a PIT mutant's candidates made one), or
	 * NULL */
	void (*finish)(struct cgroup *g);
	int nwritten;        /* with finish: the mutants it leaves */
	/* check/pit.c: why none of the candidates is known to be the PIT
	 * mutant's place (its finish() makes it ambiguous), or NULL */
	const char *unsure;
};
/* The mutants group g writes (its own, or what its finish leaves):
 * what the driver counts before it is decided. */
static inline int cgroup_written(const struct cgroup *g)
{
	return g->finish ? g->nwritten : g->nmutants;
}

/* Contracts: assumptions about opaque calls, by method name, per
 * language.  A Java contract applies to Java sites only; a C contract
 * ('language: c') to C and C++ sites, a 'language: c++' one to C++
 * sites only. */
struct contract {
	const char *method;  /* "size" */
	bool any_args;       /* written "indexOf(...)" */
	const char *assume;  /* over "value", or NULL: unconstrained */
	const char *lang;    /* "java", "c" or "c++" */
	/* C only: the result's type name ("size_t"; NULL: int), and for a
	 * call with parameters ("abs(int x)") the call's value over them
	 * (the call is then not opaque: it is replaced by value, each
	 * parameter by its argument converted to the parameter's type). */
	const char *returns;
	int nparams;
	const char **param_names, **param_types;
	const char *value;
};
struct contracts {
	int n;
	struct contract *c;
};
/* Load contracts from a file, or the built-in defaults (path NULL).
 * Returns 0, or -1 with errors printed. */
int contracts_load(struct arena *a, const char *path, struct contracts *out);
extern const char check_default_contracts[];
/* Does contract c apply to a site of language pf (NULL: Java)? */
bool contract_applies(const struct contract *c, const struct profile *pf);
/* The one rule of which contract a call takes (the expression level's
 * opaque calls and inlined ones, the method level's call events): does
 * c apply to a call of name (its final method's) with nargs arguments
 * (-1: some, how many unknown) at a site of language pf?  A defining
 * contract (value) when nargs is its parameters' count; another when
 * its shape, "name()" or "name(...)", is the call's. */
bool contract_matches(const struct contract *c, const struct profile *pf,
		      const char *name, int nargs);
/* A C type of profile pf by name: the profile's names and aliases, and
 * the library's size_t, ssize_t, ptrdiff_t, intptr_t, uintptr_t per
 * data model; NULL if none. */
const struct type *check_c_type(const struct profile *pf, const char *name);

/* --budget's default: Z3 resource units per site (measured: the 12
 * shipped logs spend at most 522,158 at one site); a method at method
 * level (--method) gets CHECK_METHOD_BUDGET times as many (they spend
 * at most 13,422,880 in one method, Triangle.classify, 120 mutants;
 * commons-cli at most 2.1M, Option.hashCode).  15, not 50: at 50
 * commons-codec's BaseNCodec.getEncodedLength (64-bit division and
 * multiplication) spent its 50M units on three questions, 15 s of CPU,
 * the last cut by the budget all the same; at 15 the same verdicts in
 * 5.7 s. */
#define CHECK_DEFAULT_BUDGET 1000000u
#define CHECK_METHOD_BUDGET 15u
/* A method whose original divides (sem/mir.h: mir_smt_divides()) gets
 * CHECK_METHOD_BUDGET_DIV times a site's: its questions bit-blast
 * 64-bit division and run to whatever limit they get.  Measured on
 * getEncodedLength: at 5 the same verdicts as at 15 and at 50, 3.4 s of
 * CPU instead of 5.7. */
#define CHECK_METHOD_BUDGET_DIV 5u
/* A method's budget is for its first CHECK_METHOD_BUDGET_MUTANTS
 * mutants; one with more gets it again for every that many (rounded
 * up): its equivalence questions are as many as its mutants, and a
 * site's mutants each get their site's budget at expression level.
 * 128: the 12 shipped logs have at most 120 mutants in one method
 * (Triangle.classify), whose budget is the same; MutantBench's
 * Triangle.classify has 530, whose questions left 14 mutants labelled
 * equivalent unknown at 15 budgets (all 14 proven with 5 times that,
 * 13 s of CPU for the file). */
#define CHECK_METHOD_BUDGET_MUTANTS 128

struct check_opts {
	unsigned timeout_ms;  /* per query, the safety net */
	unsigned rlimit;      /* Z3 resource units per query (prove's
			       * DEFAULT_RLIMIT): the limit that decides, the
			       * same on every machine whatever its load */
	unsigned budget;      /* Z3 resource units per site and per method
			       * (--budget; 0: none): past it, the questions
			       * left are unknown (budget) */
	const struct contracts *contracts;
	bool smt2;            /* keep proofs' SMT-LIB text (cgroup.proved) */
	bool method;          /* --method: method-level verdicts */
	unsigned unroll;      /* --unroll: loop bound (0: the default) */
	int fcmp;             /* --float-compare: 1 + an enum float_compare
			       * that overrides every site's; 0: none */
};
/* The float-compare a site is proven under (opts' override, or its own). */
enum float_compare check_site_fcmp(const struct csite *cs,
				   const struct check_opts *opts);

/* Per-thread state: the reused Z3 context. */
struct check_worker {
	struct smt_shared *smt;
	unsigned uses;
	unsigned timeout_ms;
	/* With other workers: a site whose obligation another worker is
	 * proving puts its group off (check_group() returns false) instead
	 * of waiting, so that this worker can take other groups meanwhile */
	bool defer;
};
void check_worker_init(struct check_worker *w, unsigned timeout_ms);
void check_worker_release(struct check_worker *w);

/* Decide every mutant of a group (fills v, by, detail); true when done.
 * With w->defer, false when a site's obligation is being proven by
 * another worker: the group is put off, g->wait is that proof's entry,
 * and a later call (when check_group_ready(), or to wait) resumes at
 * the site it stopped at.  Verdicts are the same either way. */
bool check_group(struct check_worker *w, struct cgroup *g,
		 const struct check_opts *opts);
/* End group g after a fatal error of its own at the worker's recovery
 * point (base/util.h; cmd/check-run.c): every mutant without a verdict
 * yet is unknown, with the reason "CAUSE: MSG; ..." (cause "memory",
 * "solver error", "fatal"); the verdicts of its sites decided before
 * stand.  Cut at method level (--method), its mutants keep the verdicts
 * of the level above with the cause in their note.  The worker's Z3
 * context is released (another is made for the next group).  Returns
 * the number of mutants made unknown. */
int check_group_cut(struct check_worker *w, struct cgroup *g,
		     const char *cause, const char *msg);
/* Can put-off group g resume without waiting? */
bool check_group_ready(const struct cgroup *g);

/* Every site of g as an analysis (texts parsed, types inferred,
 * contracts added, mutants admitted), without proving anything: the
 * fuzz harnesses' entry point.  Unsupported mutants get their verdict;
 * returns the number of analyses built. */
int check_group_analyses(struct cgroup *g, const struct check_opts *opts);

/* Redundant by table: is the mutation from o to m (typed, o's top
 * operator replaced, or o replaced by a literal or an operand) outside
 * the minimal set of its generic target?  Returns true and a message,
 * or false.  Thread-safe. */
bool check_table(struct arena *a, const struct node *o, const struct node *m,
		 unsigned timeout_ms, const char **why);
void check_table_release(void);
/* With check_table_smt2 set before the first check_table(), table
 * shapes keep their proofs' SMT-LIB text; check_table_each() calls fn
 * on every proven shape's result, in the order of their shapes' text
 * (the same whatever the threads did).  After the workers finish. */
extern bool check_table_smt2;
void check_table_each(void (*fn)(void *ctx, const struct result *r),
		      void *ctx);
/* Prove every Java shape of the table and write the shipped table
 * (configs/check-table.yaml) to f; -1 on a write error.  The shipped one
 * is compiled in as check_shipped_table. */
int check_table_write(FILE *f);
extern const char check_shipped_table[];

/* Readers.  Each calls emit(ctx, g) for every group in input order and
 * returns the number of malformed input lines (reported on stderr), or
 * -1 if the file cannot be read. */
typedef void (*cgroup_fn)(void *ctx, struct cgroup *g);
long check_read_major(FILE *f, const char *file, cgroup_fn emit, void *ctx,
		      long *seq);
/* The same with the program's sources (NULL: none; check/source.h). */
struct check_sources;
long check_read_major_src(FILE *f, const char *file,
			  struct check_sources *src, cgroup_fn emit, void *ctx,
			  long *seq);
long check_read_yaml(const char *file, cgroup_fn emit, void *ctx, long *seq);
/* Does the file look like a YAML batch (by name or first line)? */
bool check_is_yaml(const char *file);
/* A sniff of the readers' table (readers.c): path ends in ext, or (not
 * "-") its first character after blanks is first. */
bool check_sniff(const char *path, const char *ext, int first);

void cgroup_free(struct cgroup *g);

/* The slowest groups of a run, by check_ms (the first noted of equal
 * times kept): noted in input order, reported with the timing only
 * (slowest.c).  Owns copies of the texts; release with
 * check_slowest_release(). */
#define CHECK_SLOWEST 10
struct check_slowest {
	int n;
	struct check_slow {
		char *file, *where;
		int lineno, nmutants;
		double ms;
	} g[CHECK_SLOWEST]; /* slowest first */
};
void check_slowest_note(struct check_slowest *s, const struct cgroup *g);
/* "  slowest groups: ..." lines; a JSON member ", \"slowest_groups\": [...]" */
void check_slowest_text(const struct check_slowest *s, struct strbuf *sb);
void check_slowest_json(const struct check_slowest *s, struct strbuf *sb);
void check_slowest_release(struct check_slowest *s);

/* The proof caches (cache.c; the method level's, mcache.h): on by
 * default (--no-cache: off); release at exit. */
extern bool check_cache_enabled;
void check_cache_release(void);

#endif
