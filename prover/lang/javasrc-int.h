/*
 * javasrc-int.h - internal to prover/lang/javasrc*.c: the parsed file
 * and the tree-sitter helpers they share.  The only header that
 * includes <tree_sitter/api.h> (tests/layers.t).
 */
#ifndef SUBSUME_JAVASRC_INT_H
#define SUBSUME_JAVASRC_INT_H

#include <tree_sitter/api.h>

#include "lang/javasrc.h"

struct jsrc {
	struct source src;
	char *text;   /* the whole file (heap) */
	char *name;   /* its path (heap) */
	TSTree *tree;
};

/* Is n (not null) of this node type? */
bool jnode_is(TSNode n, const char *type);
/* Do x and y cover the same bytes (both not null)? */
bool jnode_same(TSNode x, TSNode y);
/* The node's text without blanks (in a). */
char *jnode_squeezed(struct arena *a, const struct jsrc *f, TSNode n);
/* Does node n's text equal norm (a text without blanks)? */
bool jnode_text_is(const struct jsrc *f, TSNode n, const char *norm);

/* javasrc-scope.c: the declared type of name where node site reads
 * it, as written ("char", "String", "int[]"); NULL if not found, or
 * declared `var` or without a type (lambda parameters).  *field (if
 * field is not NULL): the declaration is a field. */
const char *jsrc_declared_type(struct arena *a, const struct jsrc *f,
			       TSNode site, const char *name, bool *field);

/* javasrc-path.c: the path condition of o's site (javasrc.h: struct
 * jocc assume), its variables added to o->vars. */
void jsrc_path_condition(struct arena *a, const struct jsrc *f, TSNode site,
			 struct jocc *o);

#endif
