/*
 * yschema.h - checking a YAML tree (base/ytree.h) against a schema, with
 * located errors.  Every YAML format of the tool uses these (theory
 * files, check batches, contracts, compare tables), so a mistake reads
 * the same everywhere:
 *
 *     file:3:5: error: unknown key 'operator' in a target; did you mean 'operators'?
 *     file:2:11: error: 'expr' must be a string, not a list
 *     file:1:1: error: a theory file needs a 'targets' key
 *
 * "what" and "where" are the node's name in messages ("a target",
 * "'expr'").  Each function prints its error through diag_error() and
 * returns -1 (or NULL); nodes and strings belong to the tree's arena.
 */
#ifndef SUBSUME_YSCHEMA_H
#define SUBSUME_YSCHEMA_H

#include "base/ytree.h"

/* n is of kind: 0, or -1 with "<what> must be <kind>, not <n's kind>". */
int ys_want(const struct ynode *n, enum ynode_kind kind, const char *what);

/* Every key of map is one of allowed[0..n): 0, or minus the number of
 * unknown keys, after an error for each with the closest allowed key as
 * a suggestion or, when none is close, the list of allowed keys. */
int ys_check_keys(const struct ynode *map, const char *const *allowed,
		  size_t n, const char *where);

/* map has key: 0, or -1 with "<where> needs a '<key>' key". */
int ys_require(const struct ynode *map, const char *key, const char *where);

/* A non-empty string scalar: its text, or NULL after an error. */
const char *ys_scalar(const struct ynode *n, const char *what);

/* An integer scalar in [min, max] (decimal, optional '-'): 0, or -1. */
int ys_int(const struct ynode *n, const char *what, long min, long max,
	   long *out);

/* A boolean scalar, true or false: 0, or -1. */
int ys_bool(const struct ynode *n, const char *what, bool *out);

#endif
