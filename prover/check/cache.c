/*
 * cache.c - the proof cache of `subsume check`.
 *
 * Sites with the same proof obligation (the same expressions up to
 * variable names, the same types, assumptions and observations) share
 * one proof: Major writes the same few shapes (x + 1, i < n) over and
 * over.  The key is the analysis with variables numbered by first
 * appearance; entries are bounded (CACHE_MAX), so memory stays flat.
 * The lock guards the table only; proofs are made outside it.  The first
 * worker to need a key claims it and proves it; a worker needing the
 * same key meanwhile waits for that proof instead of making it twice
 * (the same answers either way: limits are deterministic; less work
 * with -j).
 */
#include "check/mcache.h"
#include "check/site.h"

#include <pthread.h>
#include <string.h>

#define CACHE_MAX 8192
#define CACHE_BUCKETS 4096

static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cache_done = PTHREAD_COND_INITIALIZER;
static struct cres *cache[CACHE_BUCKETS];
static long cache_n;
/* Claims given up (proof_cache_abandon()): out of the table, kept until
 * check_cache_release() since a waiter may still hold one. */
static struct cres *abandoned;
bool check_cache_enabled = true;

static void key_expr(struct strbuf *sb, const struct node *n)
{
	if (!n) {
		sb_putc(sb, '.');
		return;
	}
	sb_printf(sb, "(%d %d %s %llu %d ", (int)n->kind, (int)n->op,
		  type_name(n->type), (unsigned long long)n->val.bits,
		  n->kind == N_VAR ? n->var : -1);
	key_expr(sb, n->a);
	key_expr(sb, n->b);
	key_expr(sb, n->c);
	sb_putc(sb, ')');
}

char *proof_cache_key(const struct analysis *an, unsigned timeout,
		      unsigned rlimit, unsigned budget)
{
	struct strbuf sb = STRBUF_INIT;
	const struct profile *pf = analysis_profile(an);
	sb_printf(&sb, "%s %s|%u|%u|%u|%d|%d|%d|", pf->name, pf->options,
		  timeout, rlimit, budget, an->nvars, an->observe.value, (int)an->observe.fcmp);
	for (int v = 0; v < an->nvars; v++)
		sb_printf(&sb, "%s%c", type_name(an->var_types[v]),
			  an->observe.var[v] ? 'o' : '-');
	sb_putc(&sb, '|');
	key_expr(&sb, an->assume);
	sb_putc(&sb, '|');
	key_expr(&sb, an->orig);
	for (int p = 1; p <= an->nmutants; p++) {
		sb_putc(&sb, '|');
		key_expr(&sb, an->mutants[p].expr);
	}
	return sb.buf;
}

struct cres *cres_from(const struct result *r, char *key)
{
	int n = r->n;
	struct cres *c = xcalloc(1, sizeof(*c));
	c->key = key;
	c->n = n;
	c->equiv = xmalloc((size_t)n + 1);
	memcpy(c->equiv, r->equiv, (size_t)n + 1);
	c->dup = xmalloc(((size_t)n + 1) * sizeof(int));
	memcpy(c->dup, r->dup, ((size_t)n + 1) * sizeof(int));
	size_t ns = ((size_t)n + 1) * ((size_t)n + 1);
	c->sub = xmalloc(ns);
	memcpy(c->sub, r->sub, ns);
	c->kill = xcalloc((size_t)n + 1, sizeof(*c->kill));
	c->ureason = xcalloc((size_t)n + 1, sizeof(char *));
	for (int k = 0; k < r->nwitnesses; k++)
		if (r->witnesses[k].kind == W_KILLS)
			memcpy(c->kill[r->witnesses[k].a], r->witnesses[k].input,
			       sizeof(c->kill[0]));
	for (int u = 0; u < r->nunknowns; u++)
		if (r->unknowns[u].kind == U_EQUIVALENT && !c->ureason[r->unknowns[u].b])
			c->ureason[r->unknowns[u].b] = xstrdup(r->unknowns[u].reason);
	c->pcut = xcalloc((size_t)n + 1, sizeof(char *));
	for (int u = 0; u < r->nunknowns; u++) {
		const struct unknown *k = &r->unknowns[u];
		if (k->kind == U_EQUIVALENT || !prove_cut_short(k->reason))
			continue;
		for (int p = 1; p <= n; p++)
			if (!c->pcut[p] && r->equiv[p] == R_NO &&
			    (p == k->a || p == k->b || r->dup[p] == k->a ||
			     r->dup[p] == k->b))
				c->pcut[p] = prove_cut_short(k->reason);
	}
	c->calls = r->solver_calls;
	return c;
}

void cres_free(struct cres *c)
{
	if (!c)
		return;
	for (int p = 0; c->ureason && p <= c->n; p++)
		free(c->ureason[p]);
	free(c->ureason);
	free(c->pcut);
	free(c->kill);
	free(c->sub);
	free(c->dup);
	free(c->equiv);
	free(c->key);
	free(c);
}

/* The entry of key in its bucket, or NULL; under cache_mu. */
static struct cres *find(uint64_t h, const char *key)
{
	struct cres *c = cache[h];
	while (c && strcmp(c->key, key))
		c = c->next;
	return c;
}

struct cres *proof_cache_claim(char *key, bool *mine,
			       const struct cres **busy)
{
	uint64_t h = fnv1a64(key, strlen(key), FNV1A64_INIT) % CACHE_BUCKETS;
	*mine = false;
	pthread_mutex_lock(&cache_mu);
	recover_hold(); /* the table must not be left halfway */
	struct cres *c;
	for (;;) {
		c = find(h, key);
		if (c && c->pending && busy) {
			*busy = c;
			c = NULL;
			free(key);
		} else if (c) {
			while (c->pending)
				pthread_cond_wait(&cache_done, &cache_mu);
			if (c->gone) /* its prover gave it up: look again */
				continue;
			free(key);
		} else if (cache_n < CACHE_MAX) {
			c = xcalloc(1, sizeof(*c));
			c->key = key;
			c->pending = true;
			c->next = cache[h];
			cache[h] = c;
			cache_n++;
			*mine = true;
		} else {
			free(key);
		}
		break;
	}
	recover_unhold();
	pthread_mutex_unlock(&cache_mu);
	return c;
}

void proof_cache_abandon(struct cres *slot)
{
	pthread_mutex_lock(&cache_mu);
	uint64_t h = fnv1a64(slot->key, strlen(slot->key), FNV1A64_INIT) %
		     CACHE_BUCKETS;
	for (struct cres **p = &cache[h]; *p; p = &(*p)->next)
		if (*p == slot) {
			*p = slot->next;
			cache_n--;
			break;
		}
	slot->pending = false;
	slot->gone = true;
	slot->next = abandoned;
	abandoned = slot;
	pthread_cond_broadcast(&cache_done);
	pthread_mutex_unlock(&cache_mu);
}

bool proof_cache_ready(const struct cres *slot)
{
	pthread_mutex_lock(&cache_mu);
	bool ready = !slot->pending;
	pthread_mutex_unlock(&cache_mu);
	return ready;
}

void proof_cache_fill(struct cres *slot, struct cres *r)
{
	pthread_mutex_lock(&cache_mu);
	struct cres *next = slot->next;
	char *key = slot->key;
	*slot = *r;
	slot->next = next;
	slot->key = key;
	slot->pending = false;
	pthread_cond_broadcast(&cache_done);
	pthread_mutex_unlock(&cache_mu);
	free(r->key);
	free(r);
}

void check_cache_release(void)
{
	check_mcache_release(); /* and the method level's (mcache.h) */
	check_loops_release();  /* and the loop counters' (loops.c) */
	pthread_mutex_lock(&cache_mu);
	for (int b = 0; b < CACHE_BUCKETS; b++) {
		for (struct cres *c = cache[b], *n; c; c = n) {
			n = c->next;
			cres_free(c);
		}
		cache[b] = NULL;
	}
	cache_n = 0;
	for (struct cres *c = abandoned, *n; c; c = n) {
		n = c->next;
		cres_free(c);
	}
	abandoned = NULL;
	pthread_mutex_unlock(&cache_mu);
}
