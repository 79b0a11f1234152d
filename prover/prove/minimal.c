/*
 * minimal.c - from the relations to classes, the minimal set, the Hasse
 * edges, one witness per negative answer and the lower bound on proofs.
 */
#include "prove/prover.h"

#include <string.h>

static int find(int *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

void step_classes(struct prover *P)
{
	struct result *r = P->r;
	int n = r->n;
	int *parent = xmalloc(((size_t)n + 1) * sizeof(*parent));
	for (int m = 0; m <= n; m++)
		parent[m] = m;
	for (int a = 1; a <= n; a++)
		for (int b = a + 1; b <= n; b++)
			if (r->equiv[a] == R_NO && r->equiv[b] == R_NO &&
			    SUB(r, a, b) == R_YES && SUB(r, b, a) == R_YES) {
				int x = find(parent, a), y = find(parent, b);
				if (x != y)
					parent[x > y ? x : y] = x < y ? x : y;
			}
	r->class_rep = ANEWN(P->a, int, (size_t)n + 1);
	for (int m = 1; m <= n; m++) {
		r->cls[m] = -1;
		if (r->equiv[m] != R_NO)
			continue;
		int root = find(parent, m); /* the lowest id of its class */
		if (root == m)
			r->class_rep[r->nclasses++] = m;
	}
	for (int m = 1; m <= n; m++) {
		if (r->equiv[m] != R_NO)
			continue;
		int root = find(parent, m);
		for (int c = 0; c < r->nclasses; c++)
			if (r->class_rep[c] == root)
				r->cls[m] = c;
	}
	/* Minimal: the representative of every class that no mutant
	 * outside it strictly subsumes; unknown mutants are kept. */
	for (int c = 0; c < r->nclasses; c++) {
		int rep = r->class_rep[c];
		bool dominated = false;
		for (int x = 1; x <= n && !dominated; x++)
			dominated = r->equiv[x] == R_NO && r->cls[x] != c &&
				    SUB(r, x, rep) == R_YES;
		r->minimal[rep] = !dominated;
	}
	for (int m = 1; m <= n; m++)
		if (r->equiv[m] == R_UNKNOWN)
			r->minimal[m] = true;
	free(parent);
}

bool result_hasse_edge(const struct result *r, int a, int b)
{
	if (a == b || SUB(r, a, b) != R_YES || SUB(r, b, a) == R_YES)
		return false;
	for (int c = 0; c < r->nclasses; c++) {
		int x = r->class_rep[c];
		if (x != a && x != b && SUB(r, a, x) == R_YES &&
		    SUB(r, x, a) != R_YES && SUB(r, x, b) == R_YES &&
		    SUB(r, b, x) != R_YES)
			return false;
	}
	return true;
}

static void add_witness(struct prover *P, enum witness_kind k, int a, int b,
			int i)
{
	struct result *r = P->r;
	GROW(r->witnesses, (size_t)r->nwitnesses + 1, P->capw);
	struct witness *w = &r->witnesses[r->nwitnesses++];
	w->kind = k;
	w->a = a;
	w->b = b;
	memcpy(w->input, P->pool.inputs + (size_t)i * MAX_VARS,
	       sizeof(w->input));
}

/* One witness for every negative answer, from the pool, first input. */
void step_witnesses(struct prover *P)
{
	struct result *r = P->r;
	int n = r->n;
	for (int m = 1; m <= n; m++)
		if (r->equiv[m] == R_NO)
			add_witness(P, W_KILLS, m, 0, pool_kill_not(&P->pool, m, 0));
	for (int a = 1; a <= n; a++)
		for (int b = a + 1; b <= n; b++) {
			if (r->equiv[a] != R_NO || r->equiv[b] != R_NO ||
			    r->dup[a] != a || r->dup[b] != b)
				continue;
			int i = pool_distinct(&P->pool, a, b);
			if (i >= 0)
				add_witness(P, W_DISTINCT, a, b, i);
		}
	for (int a = 1; a <= n; a++)
		for (int b = 1; b <= n; b++) {
			if (a == b || r->equiv[a] != R_NO ||
			    r->equiv[b] != R_NO || r->dup[a] != a ||
			    r->dup[b] != b || SUB(r, a, b) != R_NO)
				continue;
			int i = pool_kill_not(&P->pool, a, b);
			if (i < 0)
				BUG("a NO without a witness (%d, %d)", a, b);
			add_witness(P, W_NOT_SUBSUMES, a, b, i);
		}
}

/*
 * The fewest unsat proofs any method needs for this result: one per
 * equivalent mutant, one per mutant joining a duplicate group, k per
 * class of k > 1 groups (a cycle), one per Hasse edge between classes.
 * Unknown answers are not counted.
 */
unsigned lower_bound(const struct result *r)
{
	unsigned lb = 0;
	for (int m = 1; m <= r->n; m++) {
		lb += r->equiv[m] == R_YES;
		lb += r->equiv[m] == R_NO && r->dup[m] != m;
	}
	for (int c = 0; c < r->nclasses; c++) {
		unsigned groups = 0;
		for (int m = 1; m <= r->n; m++)
			groups += r->cls[m] == c && r->dup[m] == m;
		if (groups > 1)
			lb += groups;
		for (int d = 0; d < r->nclasses; d++)
			lb += result_hasse_edge(r, r->class_rep[c],
						r->class_rep[d]);
	}
	return lb;
}
