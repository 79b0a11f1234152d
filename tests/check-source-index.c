/*
 * check-source-index.c - the node index of a parsed Java file
 * (lang/javasrc-index.c) against tree-sitter's own navigation, on every
 * Java file of the test data and on a written file with a syntax error:
 *   - for every node reached through ts_node_child(n, i), jnode_parent()
 *     gives n (the same node identity), and so does ts_node_parent(),
 *     except for a zero-width MISSING node (an error recovery), where
 *     tree-sitter 0.20.7's ts_node_parent() returns the token before it;
 *   - jnode_kids() lists exactly ts_node_child(n, 0..) and, named,
 *     exactly ts_node_named_child(n, 0..), for every node;
 *   - jsrc_find() on every line and every named node's text gives the
 *     occurrences a plain recursive walk with ts_node_child() finds
 *     (the walk the index replaced), in the same order;
 *   - a node of another tree is not in the index, and jnode_parent()
 *     still answers for it (tree-sitter's own walk).
 */
#include "tap.h"

#include <ctype.h>
#include <unistd.h>

#include "lang/javasrc-int.h"

static const char *const files[] = {
	"tests/data/check-source/src/Occ.java",
	"tests/data/check-source/src/Paths.java",
	"tests/data/check-source/src/Refs.java",
	"tests/data/check-float/src/Flt.java",
	"tests/data/check-constructs/src/Obj.java",
	"tests/data/check-method/src/Meth.java",
	"tests/data/check-kills/KillRunner.java",
	"tests/data/check-kills/triangle/TriangleTest.java",
};

struct tally {
	long nodes, parent_bad, kids_bad, named_bad;
	long ts_parent_bad; /* ts_node_parent() differs: MISSING nodes */
};

static bool same_node(TSNode x, TSNode y)
{
	if (ts_node_is_null(x) || ts_node_is_null(y))
		return ts_node_is_null(x) && ts_node_is_null(y);
	return x.id == y.id && x.tree == y.tree;
}

/* Every node under n (whose parent is up), by tree-sitter's own
 * access, against the index. */
static void walk(const struct jsrc *f, TSNode n, TSNode up, struct tally *t)
{
	t->nodes++;
	if (!same_node(jnode_parent(f, n), up))
		t->parent_bad++;
	if (!same_node(ts_node_parent(n), up) && !(ts_node_is_missing(n) &&
	    ts_node_start_byte(n) == ts_node_end_byte(n)))
		t->ts_parent_bad++;
	uint32_t k = ts_node_child_count(n), i = 0;
	struct jkids all = jnode_kids(f, n, false);
	TSNode c;
	for (; jkids_next(&all, &c); i++)
		if (i >= k || !same_node(c, ts_node_child(n, i)))
			t->kids_bad++;
	if (i != k)
		t->kids_bad++;
	uint32_t kn = ts_node_named_child_count(n);
	struct jkids named = jnode_kids(f, n, true);
	for (i = 0; jkids_next(&named, &c); i++)
		if (i >= kn || !same_node(c, ts_node_named_child(n, i)))
			t->named_bad++;
	if (i != kn)
		t->named_bad++;
	for (i = 0; i < k; i++)
		walk(f, ts_node_child(n, i), n, t);
}

/* The search jsrc_find() did before the index: a recursive walk. */
struct ref {
	const struct jsrc *f;
	uint32_t row;
	const char *norm;
	uint32_t start[64];
	int n;
	uint32_t last_b, last_e;
};

static void ref_find(struct ref *R, TSNode n)
{
	TSPoint s = ts_node_start_point(n), e = ts_node_end_point(n);
	if (s.row > R->row || e.row < R->row)
		return;
	uint32_t b = ts_node_start_byte(n), en = ts_node_end_byte(n);
	if (s.row == R->row && ts_node_is_named(n) &&
	    !(R->n && b == R->last_b && en == R->last_e) &&
	    jnode_text_is(R->f, n, R->norm)) {
		if (R->n < 64)
			R->start[R->n] = b;
		R->n++;
		R->last_b = b;
		R->last_e = en;
		return;
	}
	uint32_t k = ts_node_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		ref_find(R, ts_node_child(n, i));
}

/* jsrc_find() for the text of every named node that starts a line's
 * search, against ref_find(); the number of searches, *bad the
 * disagreements. */
static long finds(struct jsrc *f, struct arena *a, long *bad)
{
	long searches = 0;
	struct jocc occ[16];
	for (uint32_t i = 0; i < f->ix.n; i++) {
		TSNode n = f->ix.node[i];
		if (!ts_node_is_named(n) || ts_node_end_byte(n) -
		    ts_node_start_byte(n) > 200)
			continue;
		char *norm = jnode_squeezed(a, f, n);
		if (!*norm)
			continue;
		uint32_t row = ts_node_start_point(n).row;
		struct ref R = { .f = f, .row = row, .norm = norm };
		ref_find(&R, ts_tree_root_node(f->tree));
		int got = jsrc_find(f, a, (int)row + 1, norm, occ, 16);
		searches++;
		bool same = got == R.n && got >= 1;
		for (int k = 0; same && k < got && k < 16; k++)
			same = occ[k].start == R.start[k];
		if (!same)
			(*bad)++;
	}
	return searches;
}

int main(void)
{
	plan_no_plan();
	struct arena *a = arena_new();
	struct jsrc *prev = NULL;
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		const char *why = NULL;
		struct jsrc *f = jsrc_open(files[i], a, &why);
		ok(f != NULL, "%s parses (%s)", files[i], why ? why : "");
		if (!f)
			continue;
		struct tally t = { 0 };
		walk(f, ts_tree_root_node(f->tree), (TSNode){ 0 }, &t);
		ok(t.nodes > 50 && t.nodes == (long)f->ix.n,
		   "%s: %ld nodes, %u indexed", files[i], t.nodes, f->ix.n);
		ok(!t.parent_bad && !t.ts_parent_bad, "%s: jnode_parent() is the "
		   "parent, as ts_node_parent() says (%ld, %ld differ)", files[i],
		   t.parent_bad, t.ts_parent_bad);
		ok(!t.kids_bad && !t.named_bad, "%s: jnode_kids() lists "
		   "ts_node_child() and ts_node_named_child() (%ld, %ld differ)",
		   files[i], t.kids_bad, t.named_bad);
		long bad = 0, n = finds(f, a, &bad);
		ok(n > 20 && !bad, "%s: jsrc_find() agrees with a recursive walk "
		   "on %ld searches (%ld differ)", files[i], n, bad);
		if (prev) {
			TSNode other = ts_node_named_child(ts_tree_root_node(
				prev->tree), 0);
			ok(jindex_pos(&f->ix, other) == JIX_NONE &&
			   same_node(jnode_parent(f, other), ts_node_parent(other)),
			   "%s: a node of another file is not in its index", files[i]);
			jsrc_free(prev);
		}
		prev = f;
	}
	jsrc_free(prev);

	/* a file with a syntax error: the ERROR nodes are indexed too */
	static const char *const bad_java =
		"class E {\n  int m(int a) {\n    return a + ;\n  }\n"
		"  int k(int b) { if (b > 0 { return b; } return 1 % b; }\n}\n";
	char path[] = "/tmp/javasrc-index-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || write(fd, bad_java, strlen(bad_java)) !=
	    (ssize_t)strlen(bad_java))
		return 1;
	close(fd);
	const char *why = NULL;
	struct jsrc *f = jsrc_open(path, a, &why);
	int line = 0, col = 0;
	bool err = f && jsrc_syntax_error(f, &line, &col);
	ok(err && line == 3,
	   "the broken file is read, its first error on line 3 (%d:%d)", line,
	   col);
	if (f) {
		struct tally t = { 0 };
		walk(f, ts_tree_root_node(f->tree), (TSNode){ 0 }, &t);
		ok(t.nodes == (long)f->ix.n && !t.parent_bad && !t.kids_bad &&
		   !t.named_bad && !t.ts_parent_bad, "the broken file's index "
		   "agrees with tree-sitter (%ld nodes; %ld, %ld, %ld, %ld differ)",
		   t.nodes, t.parent_bad, t.kids_bad, t.named_bad, t.ts_parent_bad);
		long bad = 0, n = finds(f, a, &bad);
		ok(n > 5 && !bad, "jsrc_find() on the broken file: %ld searches, "
		   "%ld differ", n, bad);
	}
	jsrc_free(f);
	unlink(path);
	arena_free(a);
	return done_testing();
}
