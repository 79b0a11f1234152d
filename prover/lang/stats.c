/*
 * stats.c - the front end's repetition counts (lang/stats.h): two
 * string multisets (texts parsed, methods built) under one lock.
 */
#include "lang/stats.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct bag {
	char **keys;
	unsigned long *counts;
	size_t n, mask;  /* open addressing, mask + 1 slots (0: none) */
	unsigned long total, most;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct bag parsed, built;
static unsigned long mutants, low_built, low_printed, low_own, low_again;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static bool on;

static void read_env(void)
{
	on = getenv("SUBSUME_TRACE") != NULL;
}

bool lang_stats_on(void)
{
	pthread_once(&once, read_env);
	return on;
}

static size_t hash(const char *s)
{
	size_t h = 5381;
	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

static void grow(struct bag *b)
{
	struct bag old = *b;
	size_t cap = old.mask ? 2 * (old.mask + 1) : 64;
	b->keys = xcalloc(cap, sizeof(*b->keys));
	b->counts = xcalloc(cap, sizeof(*b->counts));
	b->mask = cap - 1;
	b->n = 0;
	unsigned long total = b->total, most = b->most;
	for (size_t i = 0; old.mask && i <= old.mask; i++)
		if (old.keys[i]) {
			size_t j = hash(old.keys[i]) & b->mask;
			while (b->keys[j])
				j = (j + 1) & b->mask;
			b->keys[j] = old.keys[i];
			b->counts[j] = old.counts[i];
			b->n++;
		}
	b->total = total;
	b->most = most;
	free(old.keys);
	free(old.counts);
}

static void bag_add(struct bag *b, const char *key)
{
	if (2 * (b->n + 1) > b->mask + 1)
		grow(b);
	size_t j = hash(key) & b->mask;
	while (b->keys[j] && strcmp(b->keys[j], key))
		j = (j + 1) & b->mask;
	if (!b->keys[j]) {
		b->keys[j] = xstrdup(key);
		b->n++;
	}
	b->total++;
	if (++b->counts[j] > b->most)
		b->most = b->counts[j];
}

void lang_stat_parse(const struct profile *pf, bool holes, const char *text)
{
	if (!lang_stats_on())
		return;
	/* the profile and the mode make the text another one */
	struct strbuf key = STRBUF_INIT;
	sb_printf(&key, "%p %d %s", (const void *)pf, holes, text);
	recover_hold(); /* an allocation under the lock (base/util.h) */
	pthread_mutex_lock(&lock);
	bag_add(&parsed, key.buf);
	pthread_mutex_unlock(&lock);
	recover_unhold();
	sb_release(&key);
}

void lang_stat_build(bool original, const char *key)
{
	if (!lang_stats_on())
		return;
	recover_hold();
	pthread_mutex_lock(&lock);
	if (original)
		bag_add(&built, key);
	else
		mutants++;
	pthread_mutex_unlock(&lock);
	recover_unhold();
}

void lang_stat_lowered(bool b)
{
	if (!lang_stats_on())
		return;
	pthread_mutex_lock(&lock);
	++*(b ? &low_built : &low_printed);
	pthread_mutex_unlock(&lock);
}

void lang_stat_reread(bool again)
{
	if (!lang_stats_on())
		return;
	pthread_mutex_lock(&lock);
	++*(again ? &low_again : &low_own);
	pthread_mutex_unlock(&lock);
}

void lang_stats_get(struct lang_stats *st)
{
	pthread_mutex_lock(&lock);
	*st = (struct lang_stats){
		.parses = parsed.total, .texts = parsed.n,
		.text_most = parsed.most, .orig_builds = built.total,
		.methods = built.n, .orig_most = built.most,
		.mutant_builds = mutants, .low_built = low_built,
		.low_printed = low_printed, .low_own = low_own,
		.low_again = low_again };
	pthread_mutex_unlock(&lock);
}

void lang_stats_print(FILE *out)
{
	if (!lang_stats_on())
		return;
	struct lang_stats st;
	lang_stats_get(&st);
	fprintf(out, "trace: front end: %lu parses of %lu distinct "
		"expression texts (at most %lu of one); %lu builds of %lu "
		"original methods (at most %lu of one), %lu of mutants\n",
		st.parses, st.texts, st.text_most, st.orig_builds, st.methods,
		st.orig_most, st.mutant_builds);
	fprintf(out, "trace: lowering: %lu expressions built of nodes (or "
		"known to have none), %lu printed and parsed; %lu read as the "
		"method's own node, %lu parsed again alone\n", st.low_built,
		st.low_printed, st.low_own, st.low_again);
}
