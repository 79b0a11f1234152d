/*
 * confirm.h - trust but verify: every unsat answer the solver gave,
 * written as a self-contained SMT-LIB 2 file (`--smt2 DIR`) and
 * re-checked by a second solver (`--confirm cvc5`).
 *
 * Use: confirm_new(), then confirm_result() for every finished result in
 * a deterministic order (theory-file order for prove, input order for
 * check): it writes one file per proof, named after the claim it proves
 * (names are the same whatever -j; a name already taken in this run gets
 * "-2", "-3", ...), with the claim in a comment at its top.  Then
 * confirm_finish() runs the second solver on every file, on `jobs`
 * child processes at a time, and reports on stderr:
 *
 *   subsume: cvc5 disagrees: it answers sat on FILE, where Z3 proved: CLAIM
 *   subsume: cvc5 could not confirm FILE (unknown: REASON): CLAIM
 *   confirm: cvc5 confirmed 951 of 951 proofs (0 unknown, 0 disagreements)
 *
 * in file order.  Without --smt2 the files go to a temporary folder,
 * removed at the end.
 *
 * Ownership: a struct confirm copies what it keeps (file names and
 * claims, not the SMT-LIB texts, which go to disk at once); results
 * passed in need only live during the call.  Not thread-safe: one
 * thread calls confirm_result() (check.c calls it under its mutex).
 */
#ifndef SUBSUME_CONFIRM_H
#define SUBSUME_CONFIRM_H

#include "prove/prove.h"

struct confirm;

/* dir: where the files go (created if missing), or NULL for a temporary
 * folder; solver: "cvc5" to confirm, NULL only to write; tlimit_ms: the
 * second solver's time limit per file (0: none); jobs: processes at a
 * time.  NULL (error printed) if the folder cannot be made or the
 * solver cannot be run. */
struct confirm *confirm_new(const char *dir, const char *solver,
			    unsigned tlimit_ms, unsigned jobs);

/* Write every proof of r (proven with prove_opts.smt2).  origin: NULL
 * for an analysis of a theory file (named by theory, target and
 * domain), else the input file of a check site (named by that file's
 * base name and the site). */
void confirm_result(struct confirm *c, const char *origin,
		    const struct result *r);
/* The same for the analysis of a claim with an extra assumption
 * (model/claims.h): a theory's target and domain analysed again under
 * `assume`, the claim's text as written.  Its files are named by theory,
 * target, domain and "assuming ASSUME", so they never take the names of
 * the plain analysis' files. */
void confirm_claim_result(struct confirm *c, const struct result *r,
			  const char *assume);

/* Confirm (if a solver was given), report and free c.  Returns 0,
 * EXIT_UNKNOWN (some proof not confirmed: the second solver answered
 * unknown or failed), EXIT_DISAGREE (it found a proof false) or EXIT_IO
 * (a file could not be written). */
int confirm_finish(struct confirm *c);

/* The options, shared by prove and check (cmd/run.h style). */
#define OPT_SMT2(d)                                                        \
	OPT_STRING(0, "smt2", "DIR", (d),                                  \
		   "write every proof obligation the solver answered\n"    \
		   "unsat to DIR as an SMT-LIB 2 file named after the\n"   \
		   "claim it proves (the claim in a comment on top)")
#define OPT_CONFIRM(d, choices)                                            \
	OPT_CHOICE(0, "confirm", "NAME", (d), (choices),                 \
		   "re-check every unsat answer with a second solver\n"    \
		   "(cvc5, run on each exported file with --timeout as\n"  \
		   "its time limit): exit 6 when it disagrees")

#endif
