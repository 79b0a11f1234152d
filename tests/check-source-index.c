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
 *     (the walk the index replaced, with the same test of a node:
 *     javasrc-match.c's, first on nodes starting on the line, then on
 *     nodes over it), in the same order;
 *   - what jsrc_find() tells of each occurrence (enclosing expression,
 *     variables and their types, path condition) is the same when the
 *     file has described other occurrences of the site before (its
 *     memo) as when it has not (memo cleared before each search);
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
	const struct jpat *pat;
	bool spans;
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
	if ((R->spans || s.row == R->row) && ts_node_is_named(n) &&
	    !jnode_is(n, "parenthesized_expression") && !jnode_is(n, "condition") &&
	    !jnode_folded_literal(R->f, n) &&
	    !(R->n && b == R->last_b && en == R->last_e) &&
	    (R->pat->parsed ? jpat_matches(R->f, n, R->pat)
			    : jnode_text_is(R->f, n, R->norm))) {
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

static bool same_str(const char *x, const char *y)
{
	return (!x && !y) || (x && y && !strcmp(x, y));
}

/* Occurrences x and y tell the same. */
static bool same_occ(const struct jocc *x, const struct jocc *y)
{
	if (x->start != y->start || !same_str(x->expr, y->expr) ||
	    x->hole_b != y->hole_b || x->hole_e != y->hole_e ||
	    x->ebegin != y->ebegin || x->eend != y->eend ||
	    !same_str(x->consumer, y->consumer) || x->discarded != y->discarded ||
	    !same_str(x->assume, y->assume) || x->nvars != y->nvars)
		return false;
	for (int v = 0; v < x->nvars; v++)
		if (!same_str(x->vars[v].name, y->vars[v].name) ||
		    !same_str(x->vars[v].type, y->vars[v].type))
			return false;
	return true;
}

/* g without what it remembers of the sites it described. */
static void forget(struct jsrc *g)
{
	free(g->memo);
	arena_free(g->memo_a);
	g->memo = NULL;
	g->memo_a = NULL;
}

/* jsrc_find() for the text of every named node that starts a line's
 * search, against ref_find(), and against jsrc_find() on g (the same
 * file, opened again) with its memo cleared; the number of searches,
 * *bad the disagreements, *memo_bad the occurrences told otherwise. */
static long finds(struct jsrc *f, struct jsrc *g, struct arena *a, long *bad,
		  long *memo_bad)
{
	long searches = 0;
	struct jocc occ[16], cold[16];
	for (uint32_t i = 0; i < f->ix.n; i++) {
		TSNode n = f->ix.node[i];
		if (!ts_node_is_named(n) || ts_node_end_byte(n) -
		    ts_node_start_byte(n) > 200)
			continue;
		char *norm = jnode_squeezed(a, f, n);
		if (!*norm)
			continue;
		uint32_t row = ts_node_start_point(n).row;
		/* the node's text as written: what a log's original is */
		char *text = arena_strndup(a, f->text + ts_node_start_byte(n),
					   ts_node_end_byte(n) - ts_node_start_byte(n));
		struct jpat pat;
		jpat_parse(&pat, text);
		struct ref R = { .f = f, .row = row, .norm = norm, .pat = &pat };
		ref_find(&R, ts_tree_root_node(f->tree));
		if (!R.n) {
			R.spans = true;
			ref_find(&R, ts_tree_root_node(f->tree));
		}
		/* text that reads as another kind of node (a type's name, a
		 * field declaration) is no original a log holds */
		bool original = (!pat.parsed || !strcmp(ts_node_type(pat.node),
							ts_node_type(n))) &&
				!jnode_is(n, "condition"); /* parentheses: the
							    * inside is found */
		jpat_release(&pat);
		int got = jsrc_find(f, a, (int)row + 1, text, occ, 16);
		searches++;
		/* a node's own text is found, but for an integer literal
		 * after a minus (javac's literal is the two) */
		bool same = got == R.n && (got >= 1 || !original ||
					   jnode_folded_literal(f, n));
		for (int k = 0; same && k < got && k < 16; k++)
			same = occ[k].start == R.start[k];
		if (!same)
			(*bad)++;
		forget(g);
		int fresh = jsrc_find(g, a, (int)row + 1, text, cold, 16);
		for (int k = 0; k < fresh && k < got && k < 16; k++)
			if (!same_occ(&occ[k], &cold[k]))
				(*memo_bad)++;
		if (fresh != got)
			(*memo_bad)++;
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
		struct jsrc *g = jsrc_open(files[i], a, &why);
		long bad = 0, memo_bad = 0, n = g ? finds(f, g, a, &bad, &memo_bad) : 0;
		jsrc_free(g);
		ok(n > 20 && !bad, "%s: jsrc_find() agrees with a recursive walk "
		   "on %ld searches (%ld differ)", files[i], n, bad);
		ok(n > 20 && !memo_bad && f->memo, "%s: the sites described "
		   "before tell the same as described afresh (%ld differ)",
		   files[i], memo_bad);
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
	char path[TAP_TMP_MAX] = "javasrc-index";
	int fd = mkstemp(tap_tmpname(path));
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
		struct jsrc *g = jsrc_open(path, a, &why);
		long bad = 0, memo_bad = 0, n = g ? finds(f, g, a, &bad, &memo_bad) : 0;
		jsrc_free(g);
		ok(n > 5 && !bad && !memo_bad, "jsrc_find() on the broken file: "
		   "%ld searches, %ld differ (%ld with the memo)", n, bad, memo_bad);
	}
	jsrc_free(f);
	unlink(path);
	arena_free(a);
	return done_testing();
}
