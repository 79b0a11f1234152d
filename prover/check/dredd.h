/*
 * dredd.h - dredd's mutation-info file (dredd --mutation-info-file
 * FILE.json, github.com/mc-imperial/dredd) as the input of `subsume
 * check FILE.json`.
 *
 * dredd writes protobuf's JSON of its MutationInfo message: for each
 * mutated file ("infoForFiles": "filename" and "mutationTree", a flat
 * list of nodes with "mutationGroups" and "children"), groups of one of
 * four kinds, each with its source range (1-based line and column,
 * clang's byte columns, the end exclusive) and the mutants made there
 * ("instances": "mutationId" and "action"):
 *   - "replaceBinaryOperator" (exprStart/End, lhsStart/End,
 *     rhsStart/End): ReplaceWithLHS, ReplaceWithRHS, or another
 *     operator: "(lhs) OP (rhs)" (operands that are one name or number
 *     unparenthesized: dredd's mutant is a call that evaluates each
 *     operand whole);
 *   - "replaceUnaryOperator" (exprStart/End, operandStart/End):
 *     ReplaceWithOperand, or another prefix or postfix operator;
 *   - "replaceExpr" (start/end): a constant (0, 1, -1, 0.0, 1.0, -1.0,
 *     true, false) or an inserted ++, --, !, ~ or -;
 *   - "removeStmt" (start/end, "mutationId"): the statement deleted.
 * The file names the sources; each is read from the path dredd
 * recorded, or, when that is relative and absent, beside the JSON file.
 *
 * The mutants then become a mutation-testing-elements report in memory
 * (check/mte.h: id: the mutationId, mutator: "KIND:ACTION", status
 * Pending, the C source and the replacement text) and are judged as a
 * C file of such a report is: with the C profile (lp64, signed char,
 * UB "outcome"), at expression level and with --method in the
 * function.
 *
 * A bad part is a located error (file:line:col in the JSON file) and
 * left out, the rest judged, and `check` exits 3 (as for a malformed line
 * of a Major log): an unknown kind or action, a member missing or of the
 * wrong type, a range outside its source or ending before it starts, or
 * a mutationId given twice leaves out that mutant (a group's range: its
 * mutants); a source that cannot be read, or a file named twice, that
 * file.  Malformed JSON, or no "infoForFiles" array, is refused whole
 * (exit 3); a JSON file that cannot be read is exit 5.
 */
#ifndef SUBSUME_CHECK_DREDD_H
#define SUBSUME_CHECK_DREDD_H

#include <stdbool.h>

struct check_elements;

/* Is path (not "-") a JSON file whose first member is "infoForFiles"? */
bool check_is_dredd(const char *path);

/* Read and check dredd's file at path: the report its mutants make, or
 * NULL after the errors are printed (*io set when it cannot be read). */
struct check_elements *check_dredd_load(const char *path, bool *io);

/* The same from text (len bytes, owned by the caller) named name, its
 * sources read as named or relative to dir (NULL: none); confine: only
 * names of files in dir are read (the fuzz harness's entry: a fuzzed
 * name reads no other file of the machine). */
struct check_elements *check_dredd_from_text(const char *name,
					     const char *text, size_t len,
					     const char *dir, bool confine,
					     bool *io);

#endif
