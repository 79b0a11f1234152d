/*
 * testgen.h - `subsume check --tests DIR` (issue 32): for every live
 * mutant that is killable in its method, a unit test that calls the
 * method with the killing input and asserts what the original does,
 * verified before it is presented as a kill.
 *
 * A mutant is live when the test results say no test killed it (LIVE
 * or UNCOV in `--kills`, a report's Survived or NoCoverage, PIT's
 * SURVIVED or NO_COVERAGE), or, when the input gives no test results
 * at all (a YAML batch, a log without --kills), every mutant; the
 * driver (cmd/check-run.c) says so when it notes the mutant.  Each test is
 *   - compiled and run against the original sources: it must pass;
 *   - compiled and run against the mutant (Major's mutated source with
 *     `--mutants DIR`, else the mutation applied to a copy of the
 *     source at the mutant's placed occurrence): it must fail;
 * and only then written under DIR as a kill ("test written and
 * verified").  A test that does not pass this check goes to
 * DIR/unverified/ with the reason in a comment above it; a mutant for
 * which no test can be written (an expression-level killing input, no
 * source) gets the reason only.  The summary (text, JSON) and the
 * elements/HTML report say, per mutant, which.
 *
 * Design: a driver (testgen.c) and one row per language (struct
 * tg_lang: Java, testgen-java.c; C, testgen-c.c) that turns a
 * mutant into a case (prepare) and writes and verifies a run's cases
 * of its language (finish).
 *
 * Ownership: struct testgen owns copies of everything it keeps (the
 * groups are freed after they are noted).  Not thread-safe: the driver
 * calls testgen_note() under its lock, in output order.
 */
#ifndef SUBSUME_CHECK_TESTGEN_H
#define SUBSUME_CHECK_TESTGEN_H

#include "check/check.h"

struct testgen_opts {
	const char *dir;      /* --tests DIR */
	const char *mutants;  /* --mutants DIR: Major's mutated sources
			       * (DIR/ID/...), or NULL */
	const char *junit;    /* --junit JAR, or NULL: found (testgen.c) */
};

struct testgen;
/* NULL (error printed) when dir cannot be made. */
struct testgen *testgen_new(const struct testgen_opts *o);
void testgen_free(struct testgen *t);

/* Mutant m of group g, its verdict decided; status: what the test
 * results say of it ("LIVE", "SURVIVED"), NULL when it is not live.
 * Under the driver's lock, in output order. */
void testgen_note(struct testgen *t, const struct cgroup *g,
		  const struct cmutant *m, const char *status);

/* Write and verify every case (after the last group).  0, or EXIT_IO
 * when a file could not be written. */
int testgen_finish(struct testgen *t);

/* Per mutant id: "test written and verified: FILE METHOD", "test not
 * verified (...)", "no test: ..."; NULL when it was not a case. */
const char *testgen_status(const struct testgen *t, const char *id);

/* fn(ctx, id, status) for every case, in the order noted. */
void testgen_each(const struct testgen *t,
		  void (*fn)(void *ctx, const char *id, const char *status),
		  void *ctx);

/* The summary block (text), or the "tests_written" member of the JSON
 * summary (", \"tests_written\": {...}"). */
void testgen_summary_text(const struct testgen *t, struct strbuf *sb);
void testgen_summary_json(const struct testgen *t, struct strbuf *sb);

/* --- the language rows (testgen-java.c, ...) --- */

enum tg_state { TG_NONE, TG_VERIFIED, TG_UNVERIFIED };

struct tg_lang;
/* One live killable mutant.  Strings are heap copies (tg_case_free). */
struct tg_case {
	const struct tg_lang *lang;
	char *id, *where, *mutation, *verdict, *status;
	/* by the row's prepare(); why set: no test (the reason) */
	char *cls;        /* the class (Java binary name) or source file */
	char *srcpath;    /* the source file of the code under test */
	char *root;       /* its source root (Java: of its package) */
	char *rel;        /* srcpath below root */
	char *tclass;     /* the test class (Java: qualified) */
	char *tfile;      /* the test file below DIR */
	char *tmethod;    /* the test method */
	char *code;       /* the test method's text */
	char *comment;    /* the comment above it */
	char *mutfile;    /* the mutated source (given or applied) */
	/* the mutation to apply to a copy of the source: at line (1-based)
	 * and column (1-based byte), orig becomes text */
	int line, col;
	char *orig, *text;
	/* Java: no method-level input (the reason); the runner searches
	 * the inputs of method mname (testgen-verify.java's S lines) */
	char *search, *mname;
	/* results */
	enum tg_state st;
	bool observed;    /* its expected values were observed from the
			   * original's run, not the model's (Java: the
			   * runner rewrote them, testgen-verify.java) */
	long first, last; /* its lines in the verification's test file */
	char *why;
	char *file;       /* the file it was written to */
	char *stext;      /* its status as one line (testgen_status()) */
	long seq;         /* the order it was noted in */
};

struct tg_ctx {
	const struct testgen_opts *o;
	const char *work;   /* a temporary folder of the run */
	const char *junit;  /* the JUnit console launcher's jar, or NULL */
	bool io_error;
};

struct tg_lang {
	const char *name;
	/* does this row write tests for g's mutant m? */
	bool (*takes)(const struct cgroup *g, const struct cmutant *m);
	/* fill c (c->why: no test can be written, the reason) */
	void (*prepare)(struct tg_case *c, const struct cgroup *g,
			const struct cmutant *m);
	/* write, verify and place the cases cs[0..n) of this row */
	void (*finish)(struct tg_ctx *x, struct tg_case **cs, size_t n);
};
extern const struct tg_lang tg_java, tg_c;
/* testgen-verify.java, compiled in (Makefile) */
extern const char testgen_verify_java[];

/* Shared by the rows (testgen.c). */
char *tg_strdup(const char *s);
char *tg_printf(const char *fmt, ...) PRINTF(1, 2);
/* Write text to DIR/rel (folders made); false (error printed) if not. */
bool tg_write(const char *dir, const char *rel, const char *text);
/* qsort order of cases: by test file (one per source file or class
 * under test), then as noted. */
int tg_by_file(const void *a, const void *b);
/* Write the test files of cases cs[0..n), a file's cases adjacent (the
 * same tfile): the verified ones to DIR/TFILE, the unverified ones to
 * DIR/unverified/TFILE; text(sel, k, verified) is the text of one file
 * of k cases, with their reasons when not verified.  Each case's file
 * is set; x->io_error on a failed write. */
void tg_write_files(struct tg_ctx *x, struct tg_case **cs, size_t n,
		    char *(*text)(struct tg_case **sel, size_t k,
				  bool verified));
/* Run argv (argv[0] found on PATH) with stdout and stderr to log; its
 * exit status, or -1 when it could not be started. */
int tg_spawn(char *const argv[], const char *log);
/* The mutated copy of c's source: c->orig at (line, col) replaced by
 * c->text, written to WORK/src-m/ID/REL; false with c->why if the
 * source does not hold orig there. */
bool tg_apply(struct tg_ctx *x, struct tg_case *c);

#endif
