/*
 * javasrc-int.h - internal to prover/lang/javasrc*.c: the parsed file
 * and the tree-sitter helpers they share.  The only header that
 * includes <tree_sitter/api.h> (tests/layers.t).
 */
#ifndef SUBSUME_JAVASRC_INT_H
#define SUBSUME_JAVASRC_INT_H

#include <tree_sitter/api.h>

#include "lang/javasrc.h"

/* The index of a tree (javasrc-index.c): its visible nodes in source
 * order (preorder, the order of a cursor walk), node[i]'s parent at
 * up[i] (JIX_NONE for the root) and its subtree at [i, skip[i]); a hash
 * from a node's identity to its position.  Owned by its struct jsrc. */
#define JIX_NONE UINT32_MAX
struct jindex {
	TSNode *node;
	uint32_t *up, *skip;
	uint32_t n, cap;
	uint32_t *slot;   /* position + 1 by id hash, 0: empty; [mask + 1] */
	uint32_t mask;
};

struct jsrc {
	struct source src;
	char *text;   /* the whole file (heap) */
	char *name;   /* its path (heap) */
	TSTree *tree;
	struct jindex ix; /* the tree's nodes */
	/* javasrc.c: what a site's occurrences share, by its position in
	 * ix (NULL until the first occurrence is described; texts in
	 * memo_a) */
	struct jmemo **memo;
	struct arena *memo_a;
	/* javasrc-method.c, the method builder's memory of the file (in
	 * mb_a): the originals' paths, one entry a method; the expression
	 * texts parsed, untyped, by hash (NULL until the first) */
	struct jpaths *mpaths;
	struct jparsed **parsed;
	struct arena *mb_a;
	/* javasrc-const.c: other classes (jsrc_set_classes()) */
	jsrc_class_fn classes;
	void *classes_ctx;
};

/* Index tree t into ix (released with jindex_release()); returns the
 * tree's depth.  Walks with a cursor, without recursion. */
unsigned jindex_build(struct jindex *ix, TSTree *t);
void jindex_release(struct jindex *ix);
/* n's position in ix, or JIX_NONE (null, or not a node of its tree). */
uint32_t jindex_pos(const struct jindex *ix, TSNode n);

/* The parent of n in f's tree (a null node for the root): what
 * ts_node_parent() gives, in constant time. */
TSNode jnode_parent(const struct jsrc *f, TSNode n);

/* The children of n, all or the named ones, in order, what
 * ts_node_child() (ts_node_named_child()) gives for 0, 1, ...,
 * stepping through the index:
 *     struct jkids k = jnode_kids(f, n, true);
 *     for (TSNode c; jkids_next(&k, &c);) ...
 * A jkids points into f's index: valid while f is. */
struct jkids {
	const struct jindex *ix; /* NULL: n is not indexed */
	TSNode n;
	uint32_t at, end;
	bool named;
};
struct jkids jnode_kids(const struct jsrc *f, TSNode n, bool named);
bool jkids_next(struct jkids *k, TSNode *out);

/* Is n (not null) of this node type? */
bool jnode_is(TSNode n, const char *type);
/* Do x and y cover the same bytes (both not null)? */
bool jnode_same(TSNode x, TSNode y);
/* The node's text without blanks (in a). */
char *jnode_squeezed(struct arena *a, const struct jsrc *f, TSNode n);
/* Does node n's text equal norm (a text without blanks)? */
bool jnode_text_is(const struct jsrc *f, TSNode n, const char *norm);
/* javasrc-path.c: does subtree n assign (=, op=, ++, --) the variable
 * name? */
bool jnode_assigns(const struct jsrc *f, TSNode n, const char *name);
/* javasrc-index.c: the named children of n in field name, in order, the
 * first max of them into out; returns how many there are (more than max
 * when some were left out).  A cursor walk: ts_node_field_name_for_child()
 * of tree-sitter 0.20.7 misses repeated fields (`a--, b--, c++` gave
 * only a--). */
int jnode_field_children(TSNode n, const char *name, TSNode *out, int max);

/* javasrc-match.c: a logged original parsed as Java (an expression or
 * a statement, wrapped in a method), to compare with the source's
 * nodes as a tree: literals by type and value (javac's spelling of
 * them), parentheses, blanks and comments ignored, string literals
 * joined by + as one.  Owns its text and tree (jpat_release()). */
struct jpat {
	char *text;
	size_t len;
	TSTree *tree;
	TSNode node;   /* the original in tree */
	bool parsed;   /* false: it does not parse as one expression or
			* statement (then compare text, blanks removed) */
	bool elided;   /* an anonymous class body logged as {...} */
};
bool jpat_parse(struct jpat *p, const char *text);
/* The bytes of p->text before the logged text (the wrapping). */
extern const size_t jpat_head_len;
void jpat_release(struct jpat *p);
/* Is source node n the original p (p->parsed)? */
bool jpat_matches(const struct jsrc *f, TSNode n, const struct jpat *p);
/* Is n an integer literal right after a unary minus (javac reads the
 * two as one literal: never an original of its own)? */
bool jnode_folded_literal(const struct jsrc *f, TSNode n);

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

/* javasrc-loop.c: o's loop counters (javasrc.h: struct jocc loops),
 * the names they read added to o->vars. */
void jsrc_loop_facts(struct arena *a, const struct jsrc *f, TSNode site,
		     struct jocc *o);

/* javasrc-live.c: o's dead locals (javasrc.h: struct jocc dead). */
void jsrc_dead_vars(struct arena *a, const struct jsrc *f, TSNode site,
		    struct jocc *o);

/* javasrc-const.c: o's facts (javasrc.h: struct jocc facts), the
 * field accesses they name added to o->vars. */
void jsrc_site_facts(struct arena *a, const struct jsrc *f, TSNode site,
		     struct jocc *o);
/* The value of the constant field declarator v of field declaration d
 * (javasrc-const.c: a Java expression, cast to its type), or NULL: not
 * final, not primitive, floating (NaN is not equal to itself), or its
 * initializer is no constant expression. */
/* Is declarator v of field declaration d a static final field (or an
 * interface's) initialized with `new` or an array initializer: one
 * object, never null and no other such field's once its class is
 * initialized? */
bool jsrc_field_object(struct arena *a, const struct jsrc *f, TSNode d, TSNode v);
const char *jsrc_field_constant(struct arena *a, const struct jsrc *f,
				TSNode d, TSNode v);
/* The value of the constant qual ("Integer.MAX_VALUE", "Chars.NL",
 * "Outer.In.TAB": a class name, then the field) read at node at of f:
 * a class of the source tree's (JLS 15.29, as jsrc_site_facts() reads
 * it) or the library's table, "((type) value)"; NULL when qual is no
 * such constant. */
const char *jsrc_qualified_constant(struct arena *a, const struct jsrc *f,
				    TSNode at, const char *qual);

#endif
