/*
 * fuzz.h - the fuzz harnesses: one function per input the tool reads,
 * each calling the real entry points in-process on one test case
 * (parsing, schema checks, typing, mutant generation; never Z3).
 *
 *   fuzz_theory     a theory file                     theory_load()
 *   fuzz_expr       one Java expression               parse_expr(), type_expr(),
 *                                                     expr_print(), eval_outcome()
 *   fuzz_operator   an operator definition applied    theory_load()
 *                   to one target (format in fuzz-operator.c)
 *   fuzz_major      a Major mutants.log               check_read_major(),
 *                                                     check_group_analyses()
 *   fuzz_yaml       a YAML check batch                check_read_yaml(),
 *                                                     check_group_analyses()
 *   fuzz_contracts  a contracts file                  contracts_load(), then
 *                                                     the contracts on a site
 *   fuzz_javasrc    a Java source file                jsrc_open(), jsrc_find()
 *   fuzz_kills      a Major kill.csv (--kills)        kills_load(), kills_take(),
 *                                                     the summaries
 *   fuzz_elements   a mutation-testing-elements       check_elements_load(),
 *                   report (check report.json)        check_read_elements(),
 *                                                     check_group_analyses()
 *   fuzz_dredd      dredd's mutation-info JSON        check_dredd_from_text(),
 *                   (check info.json)                 check_read_elements(),
 *                                                     check_group_analyses()
 *
 * A harness returns 0; a broken promise of the code under test (a
 * rejection without an error message, a loaded theory that breaks
 * theory.h's invariants, an expression that does not print and parse
 * back, any exit() from inside the code under test) calls fuzz_fail(),
 * which aborts: a crash to AFL++ and to the corpus test.
 *
 * Two drivers call them: afl-main.c (AFL++ persistent mode, or files)
 * and tests/fuzz-corpus.c (every corpus file, under `make check`).
 * Diagnostics go to diag_out, /dev/null unless FUZZ_VERBOSE is set.
 */
#ifndef SUBSUME_FUZZ_H
#define SUBSUME_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "check/check.h"
#include "model/theory.h"

typedef int (*fuzz_fn)(const uint8_t *data, size_t size);

int fuzz_theory(const uint8_t *data, size_t size);
int fuzz_expr(const uint8_t *data, size_t size);
int fuzz_operator(const uint8_t *data, size_t size);
int fuzz_major(const uint8_t *data, size_t size);
int fuzz_yaml(const uint8_t *data, size_t size);
int fuzz_contracts(const uint8_t *data, size_t size);
int fuzz_javasrc(const uint8_t *data, size_t size);
int fuzz_kills(const uint8_t *data, size_t size);
int fuzz_elements(const uint8_t *data, size_t size);
int fuzz_dredd(const uint8_t *data, size_t size);

/* Once per process, before the first test case: diagnostics, the
 * exit() guard, the built-in operator library and contracts. */
void fuzz_init(void);
/* Release what fuzz_init() keeps (for leak checkers), at the end. */
void fuzz_release(void);
/* The built-in contracts (loaded by fuzz_init). */
const struct contracts *fuzz_contracts_builtin(void);

/* Write data to this process's scratch file; returns its path (valid
 * until fuzz_release).  For entry points that take a path. */
const char *fuzz_write(const uint8_t *data, size_t size);
/* data as a NUL-terminated heap string (caller frees). */
char *fuzz_strndup(const uint8_t *data, size_t size);

/* Around calls into the code under test: an exit() in between is a
 * failure (the parsers report errors, they never exit). */
void fuzz_enter(void);
void fuzz_leave(void);
/* A broken promise: print why and abort. */
_Noreturn void fuzz_fail(const char *fmt, ...) PRINTF(1, 2);

#endif
