/*
 * loops.c - loop counters (issue 29): of the candidate invariants the
 * syntax gives a site (lang/javasrc.h: struct jocc loops), the first
 * of each loop that is proven by induction (sem/induct.h: the start
 * satisfies it, and one iteration, given the condition, preserves it)
 * is what the site may assume.  A candidate that is not proven (Z3
 * finds a counterexample, such as i <= n wrapping at n ==
 * Integer.MAX_VALUE, or gives up) is never assumed.
 *
 * The obligations are over free ints i, a and n, so the same ones
 * recur at every loop of the same shape: their answers are kept for
 * the run (check_loops_release()).
 */
#include "check/site.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lang/java.h"
#include "sem/induct.h"

#define LOOP_BUCKETS 256

struct lproof {
	struct lproof *next;
	bool valid;
	char key[];
};

static pthread_mutex_t loops_mu = PTHREAD_MUTEX_INITIALIZER;
static struct lproof *proofs[LOOP_BUCKETS];

/* text parsed and typed over i, a, n (ints); NULL if it does not. */
static struct node *obligation(struct arena *a, const char *text)
{
	static const char *const names[] = { "i", "a", "n" };
	static const struct type *types[3];
	types[0] = types[1] = types[2] = T_INT;
	struct strbuf err = STRBUF_INIT;
	struct expr_src es = { .text = text, .quiet = true };
	struct node *e = parse_expr(a, &es, false);
	struct type_env env = { .nvars = 3, .names = names, .types = types,
				.no_side_effects = true, .arena = a,
				.errmsg = &err };
	if (e && (type_expr(e, &env, &es) < 0 || e->type != T_BOOLEAN))
		e = NULL;
	sb_release(&err);
	return e;
}

/* hyp ==> concl over i, a, n? */
static bool valid(struct arena *a, const char *hyp, const char *concl,
		  const struct check_opts *opts)
{
	static const char *const names[] = { "i", "a", "n" };
	const struct type *types[3] = { T_INT, T_INT, T_INT };
	struct node *h = obligation(a, hyp), *c = obligation(a, concl),
		    *t = obligation(a, "true");
	return h && c && t &&
	       smt_valid(&profile_java, 3, names, types, h, c, t,
			 opts->timeout_ms, opts->rlimit);
}

/* Is the candidate (H, INIT, STEP, NEXT of a record) proven? */
static bool proven(struct arena *a, char *const *fld,
		   const struct check_opts *opts)
{
	char *key = arena_printf(a, "%s\t%s\t%s\t%s", fld[1], fld[2], fld[3],
				 fld[4]);
	uint64_t hv = fnv1a64(key, strlen(key), FNV1A64_INIT) % LOOP_BUCKETS;
	pthread_mutex_lock(&loops_mu);
	struct lproof *p = proofs[hv];
	while (p && strcmp(p->key, key))
		p = p->next;
	pthread_mutex_unlock(&loops_mu);
	if (p)
		return p->valid;
	/* two threads may both prove a new one: the same answer */
	bool v = valid(a, fld[1], fld[2], opts) &&
		 valid(a, arena_printf(a, "(%s) && (%s)", fld[1], fld[3]),
		       fld[4], opts);
	size_t kl = strlen(key);
	p = xmalloc(sizeof(*p) + kl + 1);
	memcpy(p->key, key, kl + 1);
	p->valid = v;
	pthread_mutex_lock(&loops_mu);
	p->next = proofs[hv];
	proofs[hv] = p;
	pthread_mutex_unlock(&loops_mu);
	return v;
}

const char *check_loop_facts(struct arena *a, const char *loops,
			     const struct check_opts *opts)
{
	struct strbuf sb = STRBUF_INIT;
	char *copy = arena_strdup(a, loops);
	long done = -1; /* the last loop with a proven candidate */
	for (char *line = copy, *nl; line && *line; line = nl) {
		nl = strchr(line, '\n');
		if (nl)
			*nl++ = 0;
		char *fld[6];
		int k = 0;
		for (char *s = line; k < 6; k++) {
			fld[k] = s;
			char *tab = s ? strchr(s, '\t') : NULL;
			if (tab)
				*tab = 0;
			s = tab ? tab + 1 : NULL;
		}
		if (!fld[5])
			continue;
		long id = strtol(fld[0], NULL, 10);
		if (id == done || !proven(a, fld, opts))
			continue;
		done = id;
		sb_printf(&sb, "%s%s", sb.len ? " && " : "", fld[5]);
	}
	const char *r = sb.len ? arena_strdup(a, sb.buf) : NULL;
	sb_release(&sb);
	return r;
}

void check_loops_release(void)
{
	pthread_mutex_lock(&loops_mu);
	for (int b = 0; b < LOOP_BUCKETS; b++)
		for (struct lproof *p = proofs[b], *n; p; p = n) {
			n = p->next;
			free(p);
		}
	memset(proofs, 0, sizeof(proofs));
	pthread_mutex_unlock(&loops_mu);
}
