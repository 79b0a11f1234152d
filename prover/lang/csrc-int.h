/*
 * csrc-int.h - internal to prover/lang/csrc*.c: the parsed C file.
 * Includes <tree_sitter/api.h> (tests/layers.t allows csrc*.[ch]).
 */
#ifndef SUBSUME_CSRC_INT_H
#define SUBSUME_CSRC_INT_H

#include <tree_sitter/api.h>

#include "lang/csrc.h"

struct csrc {
	struct source src;
	char *text;   /* heap */
	char *name;   /* heap */
	TSTree *tree;
};

bool cnode_is(TSNode n, const char *type);
TSNode cnode_field(TSNode n, const char *name);
/* The text of n without blanks, and with runs of blanks as one blank
 * ("unsigned int"), in a. */
char *cnode_squeezed(struct arena *a, const struct csrc *f, TSNode n);
char *cnode_spaced(struct arena *a, const struct csrc *f, TSNode n);
/* The text of n as written, in a. */
char *cnode_text(struct arena *a, const struct csrc *f, TSNode n);
/* Is n's text s exactly? */
bool cnode_text_is(const struct csrc *f, TSNode n, const char *s);
/* Do x and y stand for one node (type and bytes)? */
bool cnode_same(TSNode x, TSNode y);
/* The function_definition named fname, or a null node. */
TSNode csrc_function(const struct csrc *f, const char *fname);
/* The identifier a (function) declarator declares, or a null node. */
TSNode cdecl_name(TSNode d);

#endif
