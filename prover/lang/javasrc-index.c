/*
 * javasrc-index.c - a parsed file's node index (javasrc-int.h): every
 * visible node of the tree in source order, its parent and the end of
 * its subtree, and a hash from tree-sitter's node identity (TSNode.id,
 * the address of the node's slot in its parent: one per node of a
 * tree) to its position.
 *
 * Why: in tree-sitter 0.20.7 ts_node_parent() walks down from the root
 * to the node, and ts_node_child(n, i) and ts_node_named_child(n, i)
 * step over the i children before the one asked for, so climbing to an
 * enclosing expression and looping over a class body's members cost
 * the depth times the breadth of the tree, per step.  With the index
 * both are a lookup.  Placing the mutants of `check --source` spent
 * most of its time there (about a fifth of a whole -j 1 run, on the
 * reader thread).
 */
#include "lang/javasrc-int.h"

#include <stdint.h>
#include <string.h>

/* The hash of a node identity. */
static uint32_t id_hash(const void *id)
{
	uint64_t x = (uint64_t)(uintptr_t)id;
	x ^= x >> 29;
	x *= 0x9e3779b97f4a7c15ULL;
	return (uint32_t)(x >> 32);
}

static uint32_t add_node(struct jindex *ix, TSNode n, uint32_t up)
{
	if (ix->n == ix->cap) {
		ix->cap = ix->cap ? 2 * ix->cap : 256;
		ix->node = xrealloc(ix->node, ix->cap * sizeof(*ix->node));
		ix->up = xrealloc(ix->up, ix->cap * sizeof(*ix->up));
		ix->skip = xrealloc(ix->skip, ix->cap * sizeof(*ix->skip));
	}
	ix->node[ix->n] = n;
	ix->up[ix->n] = up;
	ix->skip[ix->n] = ix->n + 1;
	return ix->n++;
}

/* The hash of every position (ix->n known). */
static void hash_all(struct jindex *ix)
{
	uint32_t size = 16;
	while (size < 2 * ix->n)
		size *= 2;
	ix->mask = size - 1;
	ix->slot = xcalloc(size, sizeof(*ix->slot));
	for (uint32_t i = 0; i < ix->n; i++) {
		uint32_t h = id_hash(ix->node[i].id) & ix->mask;
		while (ix->slot[h])
			h = (h + 1) & ix->mask;
		ix->slot[h] = i + 1;
	}
}

unsigned jindex_build(struct jindex *ix, TSTree *t)
{
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t));
	uint32_t *stack = NULL; /* positions of the cursor's path */
	size_t cap = 0;
	unsigned d = 0, max = 0;
	memset(ix, 0, sizeof(*ix));
	GROW(stack, 1, cap);
	stack[0] = add_node(ix, ts_tree_cursor_current_node(&c), JIX_NONE);
	for (;;) {
		if (ts_tree_cursor_goto_first_child(&c)) {
			if (++d > max)
				max = d;
			GROW(stack, (size_t)d + 1, cap);
			stack[d] = add_node(ix, ts_tree_cursor_current_node(&c),
					    stack[d - 1]);
			continue;
		}
		for (;;) {
			ix->skip[stack[d]] = ix->n; /* its subtree is done */
			if (d && ts_tree_cursor_goto_next_sibling(&c)) {
				stack[d] = add_node(ix, ts_tree_cursor_current_node(&c),
						    stack[d - 1]);
				break;
			}
			if (!d || !ts_tree_cursor_goto_parent(&c))
				goto done;
			d--;
		}
	}
done:
	free(stack);
	ts_tree_cursor_delete(&c);
	hash_all(ix);
	return max;
}

void jindex_release(struct jindex *ix)
{
	free(ix->node);
	free(ix->up);
	free(ix->skip);
	free(ix->slot);
	memset(ix, 0, sizeof(*ix));
}

uint32_t jindex_pos(const struct jindex *ix, TSNode n)
{
	if (ts_node_is_null(n) || !ix->slot)
		return JIX_NONE;
	for (uint32_t h = id_hash(n.id) & ix->mask; ix->slot[h];
	     h = (h + 1) & ix->mask) {
		uint32_t i = ix->slot[h] - 1;
		if (ix->node[i].id == n.id && ix->node[i].tree == n.tree)
			return i;
	}
	return JIX_NONE;
}

TSNode jnode_parent(const struct jsrc *f, TSNode n)
{
	uint32_t i = jindex_pos(&f->ix, n);
	if (i == JIX_NONE) /* not from f's tree: tree-sitter's own walk */
		return ts_node_is_null(n) ? n : ts_node_parent(n);
	if (f->ix.up[i] == JIX_NONE)
		return (TSNode){ 0 };
	return f->ix.node[f->ix.up[i]];
}

struct jkids jnode_kids(const struct jsrc *f, TSNode n, bool named)
{
	struct jkids k = { .ix = &f->ix, .n = n, .named = named };
	uint32_t i = jindex_pos(&f->ix, n);
	if (i == JIX_NONE) {
		k.ix = NULL;
		k.end = named ? ts_node_named_child_count(n)
			      : ts_node_child_count(n);
		return k;
	}
	k.at = i + 1;
	k.end = f->ix.skip[i];
	return k;
}

bool jkids_next(struct jkids *k, TSNode *out)
{
	if (!k->ix) { /* not indexed: tree-sitter's own (slow) access */
		if (k->at >= k->end)
			return false;
		*out = k->named ? ts_node_named_child(k->n, k->at)
				: ts_node_child(k->n, k->at);
		k->at++;
		return true;
	}
	while (k->at < k->end) {
		uint32_t i = k->at;
		k->at = k->ix->skip[i];
		if (!k->named || ts_node_is_named(k->ix->node[i])) {
			*out = k->ix->node[i];
			return true;
		}
	}
	return false;
}

/* See javasrc-int.h. */
int jnode_field_children(TSNode n, const char *name, TSNode *out, int max)
{
	TSTreeCursor c = ts_tree_cursor_new(n);
	int k = 0;
	if (ts_tree_cursor_goto_first_child(&c))
		do {
			const char *fn = ts_tree_cursor_current_field_name(&c);
			TSNode ch = ts_tree_cursor_current_node(&c);
			if (fn && !strcmp(fn, name) && ts_node_is_named(ch)) {
				if (k < max)
					out[k] = ch;
				k++;
			}
		} while (ts_tree_cursor_goto_next_sibling(&c));
	ts_tree_cursor_delete(&c);
	return k;
}
