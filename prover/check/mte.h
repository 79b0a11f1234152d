/*
 * mte.h - a mutation-testing-elements report (schema version 2: PIT's
 * report plugin, Stryker and Mull write it) as the input of `subsume
 * check report.json`.
 *
 * The report embeds each file's source and, for each mutant, its id,
 * mutator, location (start and end, line and column, 1-based, the end
 * exclusive; columns count UTF-16 code units as the report's app and
 * Stryker do, base/util.h text_column()), replacement (optional) and
 * test status.  The original is the source text at the location, the
 * mutant the source with the replacement there.
 *
 * Loading (check_elements_load()) reads the whole report and checks it
 * against the schema before anything is judged: malformed JSON, a
 * member missing or of the wrong type, a status the schema does not
 * name, a location outside its file's source or ending before it
 * starts, or two mutants with one id, is an error located at its line
 * and column (base/json.h), and nothing is checked.
 *
 * Judging (check_read_elements()): each Java file's source is parsed
 * (lang/javasrc.h) and each mutant placed at its location exactly, as
 * `--source` places a Major mutant (check/source.h), and with --method
 * judged in its method.  A C or C++ file's source is parsed with the C
 * grammar (lang/csrc.h) and each mutant judged with the C profile (the
 * C defaults: lp64, signed char, UB "outcome") as the mutated
 * expression itself, its variables typed by their declarations.  A
 * C mutant located at an operator token alone (Mull's operator mutants)
 * is the whole expression with the operator replaced.  PIT's mutants
 * (a Java file, no replacement, a description: PIT's report plugin gives
 * whole lines) are placed as the mutations.xml reader places them
 * (check/pit.h check_pit_place(): the candidates of their line in any
 * method, no instruction index), each a group of its own, with PIT's
 * status in their struct pit_at (detected: Killed, Timeout,
 * RuntimeError, CompileError, Ignored).  A
 * mutant is unsupported, with the reason, when the report gives no
 * replacement and it is not PIT's, when its location is not
 * a whole expression or statement (or is a name, not a value), when the
 * embedded source (a C file: the function around it) does not parse,
 * when a C variable is not of a plain type, or when its file is in
 * another language.  Each file's other mutants are one group (in
 * report order), after its PIT mutants' groups.
 *
 * Ownership: struct check_elements owns the report's text and every
 * string the mutants point to (struct mte_at); it must outlive the
 * groups read from it and the report written from them.
 */
#ifndef SUBSUME_CHECK_MTE_H
#define SUBSUME_CHECK_MTE_H

#include "check/check.h"

struct check_elements;

/* Does path look like a mutation-testing-elements report: a name
 * ending in .json, or (not "-") a file whose first non-blank byte is
 * '{' (no Major log or YAML batch starts so)? */
bool check_is_elements(const char *path);

/* Read and check the report at path (or dredd's mutation info,
 * check/dredd.h, as such a report); NULL after the errors are printed
 * (*io set when the file cannot be read). */
struct check_elements *check_elements_load(const char *path, bool *io);
/* The same from text (len bytes, NUL-terminated, malloc'd: the report
 * owns it) named path: dredd's reader (check/dredd.h) writes one. */
struct check_elements *check_elements_from_text(const char *path, char *text,
						size_t len);
void check_elements_free(struct check_elements *e);

/* Its files, in report order: name, language and source. */
int check_elements_nfiles(const struct check_elements *e);
void check_elements_file(const struct check_elements *e, int i,
			 const char **path, const char **language,
			 const char **source);
/* Each mutant's id and status as given, in report order. */
void check_elements_each(const struct check_elements *e,
			 void (*fn)(void *ctx, const char *id,
				    const char *status),
			 void *ctx);

/* Judge its mutants: emit(ctx, g) for each file's group (seq as the
 * other readers); method: --method.  Returns the errors its maker
 * reported and left out (check_elements_set_errors(); 0 for a report
 * read from a file: it is refused whole). */
long check_read_elements(struct check_elements *e, bool method,
			 cgroup_fn emit, void *ctx, long *seq);
void check_elements_set_errors(struct check_elements *e, long errs);

#endif
