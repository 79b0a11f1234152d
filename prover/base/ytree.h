/*
 * ytree.h - stage 1: a YAML file as a tree of located nodes.
 *
 * Built from libyaml's event stream (not its document API) so that every
 * rule the theory loader relies on is checked here, once:
 *   - one document per file; nesting at most YTREE_MAX_DEPTH deep;
 *   - duplicate keys in a mapping are errors;
 *   - an alias may only name a finished node: an alias to a node that
 *     contains it (a cycle) is an error, so the tree is a DAG;
 *   - mapping keys are scalars.
 * All nodes live in the caller's arena.  ytree_load() prints its errors
 * through diag and returns NULL.
 */
#ifndef SUBSUME_YTREE_H
#define SUBSUME_YTREE_H

#include "base/diag.h"

#define YTREE_MAX_DEPTH 64

enum ynode_kind { Y_SCALAR, Y_SEQ, Y_MAP };

struct ynode {
	enum ynode_kind kind;
	struct loc loc;     /* where the node starts */
	/* Y_SCALAR */
	const char *str;    /* value, NUL-terminated */
	bool quoted;        /* written in quotes or as a block scalar */
	size_t src_offset;  /* byte offset of the token in the source */
	/* Y_SEQ: items; Y_MAP: keys[i] -> items[i] */
	struct ynode **keys, **items;
	size_t n, cap;
	bool open;          /* still being built (cycle detection) */
	struct ynode *pending; /* Y_MAP being built: key awaiting its value */
};

struct ynode *ytree_load(struct arena *a, const struct source *src);

/* Location of byte `offset` inside a scalar's value (best effort for
 * escapes and folded lines). */
struct loc yscalar_loc(const struct ynode *n, size_t offset);

/* The value of key in a mapping, or NULL. */
struct ynode *ymap_get(const struct ynode *map, const char *key);

/* Human name of a node kind for messages: "a string", "a list", ... */
const char *ynode_what(const struct ynode *n);

#endif
