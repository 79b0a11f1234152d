/*
 * util.h - memory, strings and fatal errors shared by every stage.
 *
 * Ownership: an arena owns everything allocated from it; arena_free()
 * releases it all at once.  The prover makes one arena per run (theories,
 * ASTs, mutants, results) so no stage frees piecemeal.  xmalloc() and
 * friends never return NULL: out of memory is fatal, or jumps back to
 * the thread's recovery point (below).
 */
#ifndef SUBSUME_UTIL_H
#define SUBSUME_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#define PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define NORETURN
#define PRINTF(f, a)
#endif

/* Exit codes, documented in README.md ("Exit codes"). */
enum {
	EXIT_OK = 0,
	EXIT_UNKNOWN = 1,  /* finished, but some answers are unknown    */
	EXIT_USAGE = 2,    /* bad command line                          */
	EXIT_INPUT = 3,    /* a theory or input file has errors         */
	EXIT_INTERNAL = 4, /* a bug: unconfirmed witness, solver failure */
	EXIT_IO = 5,       /* cannot read or write a file               */
	EXIT_DISAGREE = 6, /* --confirm: the second solver refutes a proof */
	EXIT_REFUTED = 7,  /* a theory's claim (expect:) is refuted       */
	EXIT_CUT = 8,      /* check: some groups were cut short by a fatal
			    * error of their own (out of memory, a solver
			    * error); the others' verdicts are written */
};

extern const char *progname;

/* die(): print "subsume: fatal: ..." and exit with EXIT_IO. */
NORETURN void die(const char *fmt, ...) PRINTF(1, 2);
/* BUG(): an internal invariant broke; exit with EXIT_INTERNAL. */
#define BUG(...) bug_at(__FILE__, __LINE__, __VA_ARGS__)
NORETURN void bug_at(const char *file, int line, const char *fmt, ...)
	PRINTF(3, 4);
/*
 * Recovery points (`subsume check`'s groups, cmd/check-run.c).  While a
 * thread has one armed (recover_point), a fatal error of its own work
 * does not exit: out of memory in xmalloc() and friends (cause
 * "memory"), die() ("fatal"), a Z3 error (sem/: "solver error") call
 * recover_jump(), which runs the cleanups pushed since the point was
 * armed (newest first: the analysis' Z3 context, pool and arrays, a
 * proof-cache claim) and longjmp()s back to it with the cause and the
 * message.  A section that cannot be abandoned halfway (a lock held, a
 * shared cache being filled) is bracketed by recover_hold() and
 * recover_unhold(): a fatal error inside it exits as without a point.
 * Only heap blocks a cleanup names are released: a temporary buffer of
 * a frame that the jump skips is lost (a few KB at most; the group's
 * arena and its Z3 context, where the memory is, are released).
 */
#define RECOVER_CLEANUPS 8
struct recover {
	jmp_buf jb;
	const char *cause;  /* set by recover_jump() */
	char msg[256];
	int n;              /* cleanups pushed */
	struct {
		void (*fn)(void *);
		void *arg;
	} cleanup[RECOVER_CLEANUPS];
};
extern _Thread_local struct recover *recover_point;
/* Is a recovery point armed, outside every held section? */
bool recover_armed(void);
/* Jump back to the armed point (recover_armed() must be true). */
NORETURN void recover_jump(const char *cause, const char *fmt, ...)
	PRINTF(2, 3);
/* Run fn(arg) should the thread jump back before recover_pop(arg)
 * (nothing without a point); pops are in reverse order of pushes. */
void recover_push(void (*fn)(void *), void *arg);
void recover_pop(void *arg);
void recover_hold(void);
void recover_unhold(void);

/* error(): print "subsume: error: ..." and return -1. */
int error(const char *fmt, ...) PRINTF(1, 2);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* Grow *p (an array of elem-size items with capacity *cap) to hold n. */
#define GROW(p, n, cap)                                                    \
	do {                                                               \
		if ((size_t)(n) > (cap)) {                                 \
			(cap) = (cap) ? (cap)*2 : 8;                       \
			if ((cap) < (size_t)(n))                           \
				(cap) = (n);                               \
			(p) = xrealloc((p), (cap) * sizeof(*(p)));         \
		}                                                          \
	} while (0)

/* Arena: bump allocator in chunks.  Memory is zeroed. */
struct arena;
struct arena *arena_new(void);
void arena_free(struct arena *a);
void *arena_alloc(struct arena *a, size_t n);
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...) PRINTF(2, 3);
#define ANEW(a, type) ((type *)arena_alloc((a), sizeof(type)))
#define ANEWN(a, type, n) ((type *)arena_alloc((a), sizeof(type) * (n)))

/* Growable string buffer (heap); sb.buf is always NUL-terminated. */
struct strbuf {
	char *buf;
	size_t len, cap;
};
#define STRBUF_INIT { NULL, 0, 0 }
void sb_add(struct strbuf *sb, const char *s, size_t n);
void sb_puts(struct strbuf *sb, const char *s);
void sb_putc(struct strbuf *sb, char c);
void sb_printf(struct strbuf *sb, const char *fmt, ...) PRINTF(2, 3);
/* v in decimal, u in lower-case hex (no prefix): as "%lld" and "%llx",
 * without printf's cost (keys built per mutant). */
void sb_putint(struct strbuf *sb, long long v);
void sb_puthex(struct strbuf *sb, unsigned long long u);
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap);
void sb_reset(struct strbuf *sb);
void sb_release(struct strbuf *sb);
/* Append s as a JSON string literal (with quotes). */
void sb_json_str(struct strbuf *sb, const char *s);

/* The byte offset of line (1-based) in the NUL-terminated text, or -1
 * when text has fewer lines. */
long text_line_offset(const char *text, long line);

/* Columns as mutation-testing-elements counts them: 1 + the UTF-16 code
 * units before the position on its line (its report app takes
 * `source.substring(lineStart, lineStart + column - 1)` of a JavaScript
 * string; Stryker's positions are JavaScript's too).  A character of
 * four UTF-8 bytes is two units, any other one unit; bytes that are not
 * UTF-8 count one each.
 * text_column(): the column of byte offset off on the line starting at
 * byte ls.  text_column_offset(): the byte offset of column col on that
 * line; -1 past the line's end (its end is a column), -2 inside a
 * character of two units. */
int text_column(const char *text, size_t ls, size_t off);
long text_column_offset(const char *text, size_t ls, long col);

/* Read a whole file; NULL (errno set) on failure.  Caller frees. */
char *read_file(const char *path, size_t *len);
/*
 * Write data to path all-or-nothing: a temporary file in the same
 * directory, then rename().  Returns 0 or -1 (with an error printed).
 */
int write_file_atomic(const char *path, const char *data, size_t len);
/* mkdir -p; 0 or -1 with an error printed. */
int mkdir_p(const char *path);

/* Levenshtein distance, for "did you mean" suggestions. */
int edit_distance(const char *a, const char *b);
/* The closest of cands[0..n) to s, or NULL when none is close. */
const char *closest_word(const char *s, const char *const *cands, size_t n);

/* 64-bit FNV-1a, for content hashes in generated files. */
uint64_t fnv1a64(const void *data, size_t len, uint64_t h);
#define FNV1A64_INIT 0xcbf29ce484222325ULL

#endif
