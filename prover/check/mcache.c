/*
 * mcache.c - the method-level proof cache (check/mcache.h).
 */
#include "check/mcache.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "lang/mir.h"
#include "lang/profile.h"

/* MOP_FOUND: an evaluator's search (msolve_found()), not Z3's */
enum mop { MOP_ADD, MOP_CHECK, MOP_SAME, MOP_SUBSUMES, MOP_FOUND };

/* One step of a method's solving: the operation, its mutants (handles;
 * MOP_ADD: a is the new handle), the answer (enum mir_answer or enum
 * mir_rel), and what came with it: the solver's input (a kill, a
 * refutation) or its reason (interned). */
struct mstep {
	unsigned char op;
	bool has_input;
	int a, b;
	int answer;
	const char *reason;
	struct value input[MIR_IN];
};

struct mtape {
	struct mstep *s;
	size_t n, cap;
};

struct mentry {
	struct mentry *next;
	char *key;
	bool pending;           /* its first method is being solved */
	/* the group solving it was cut short (msolve_abandon()): the next
	 * claim fills it, a waiter claims it again */
	bool abandoned;
	struct mtape tape;
};

#define MC_BUCKETS 1024
#define MC_MAX 4096             /* entries */
#define MC_BYTES (64L << 20)    /* keys and tapes */

static pthread_mutex_t mc_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t mc_done = PTHREAD_COND_INITIALIZER;
static struct mentry *mc[MC_BUCKETS];
static long mc_n, mc_bytes;
/* The solver's reasons, copied once (a Z3 context's strings die with
 * it): a short list, under mc_mu. */
static struct reason { struct reason *next; char *s; } *reasons;

static const char *intern(const char *s)
{
	if (!s)
		return NULL;
	recover_hold(); /* an allocation under the lock (base/util.h) */
	pthread_mutex_lock(&mc_mu);
	struct reason *r = reasons;
	while (r && strcmp(r->s, s))
		r = r->next;
	if (!r) {
		r = xmalloc(sizeof(*r));
		r->s = xstrdup(s);
		r->next = reasons;
		reasons = r;
	}
	pthread_mutex_unlock(&mc_mu);
	recover_unhold();
	return r->s;
}

/* --- the key: everything the answers depend on, nothing of where --- */

/* The key writes every field of the IR with a meaning (lang/mir.h,
 * lang/ast.h: all but positions and names of places).  A field added
 * there must be added to key_node(), key_stmt() or key_method() below,
 * then to these sizes: a key that misses a field would let two methods
 * that differ in it share answers. */
#if UINTPTR_MAX == 0xffffffffffffffffu
_Static_assert(sizeof(struct mstmt) == 112,
	       "struct mstmt changed: update the method cache's key");
_Static_assert(sizeof(struct mmethod) == 1576,
	       "struct mmethod changed: update the method cache's key");
_Static_assert(sizeof(struct node) == 80,
	       "struct node changed: update the method cache's key");
#endif

/* v and a space; a string as its length, ':', itself and a space (so
 * that no two keys read alike).  Per node of every mutant's IR: no
 * printf. */
static void key_int(struct strbuf *sb, long long v)
{
	sb_putint(sb, v);
	sb_putc(sb, ' ');
}

static void key_str(struct strbuf *sb, const char *s)
{
	size_t n = strlen(s);
	sb_putint(sb, (long long)n);
	sb_putc(sb, ':');
	sb_add(sb, s, n);
	sb_putc(sb, ' ');
}

static void key_node(struct strbuf *sb, const struct node *n)
{
	if (!n) {
		sb_putc(sb, '.');
		return;
	}
	const char *name = n->name ? n->name : "";
	sb_putc(sb, '(');
	key_int(sb, (int)n->kind);
	key_int(sb, (int)n->op);
	sb_puts(sb, n->type ? type_name(n->type) : "-");
	sb_putc(sb, ' ');
	sb_puthex(sb, (unsigned long long)n->val.bits);
	sb_putc(sb, ' ');
	key_int(sb, n->var);
	key_int(sb, (int)n->implicit);
	key_str(sb, name);
	key_node(sb, n->a);
	key_node(sb, n->b);
	key_node(sb, n->c);
	sb_putc(sb, ')');
}

static void key_stmt(struct strbuf *sb, const struct mstmt *s)
{
	if (!s) {
		sb_putc(sb, '.');
		return;
	}
	sb_putc(sb, '[');
	key_int(sb, (int)s->kind);
	key_int(sb, (int)s->test_first);
	key_int(sb, s->nkids);
	key_node(sb, s->e);
	key_stmt(sb, s->body);
	key_stmt(sb, s->els);
	key_stmt(sb, s->update);
	for (int i = 0; i < s->nkids; i++)
		key_stmt(sb, s->kids[i]);
	sb_putc(sb, ' ');
	key_int(sb, s->nlabels);
	key_int(sb, (int)s->dflt);
	key_int(sb, s->exc);
	for (int i = 0; i < s->nlabels; i++)
		key_node(sb, s->labels[i]);
	sb_putc(sb, ' ');
	key_int(sb, s->callee);
	key_int(sb, s->nargs);
	for (int i = 0; i < s->nargs; i++)
		key_node(sb, s->args[i]);
	if (s->elem) /* arrays: absent from older keys */
		sb_printf(sb, " elem %s", type_name(s->elem));
	if (s->assume) { /* a contract (check/mcontract.c) */
		sb_puts(sb, " assume ");
		key_node(sb, s->assume);
	}
	sb_putc(sb, ']');
}

/* A method without its name and place (they are only printed). */
static void key_method(struct strbuf *sb, const struct mmethod *m)
{
	sb_printf(sb, "{%s %s %s %d %d ",
		  m->profile ? m->profile->name : "java",
		  m->profile ? m->profile->options : "",
		  m->ret ? type_name(m->ret) : "void", m->nvars, m->nloops);
	sb_printf(sb, "%d %d ", m->ncallees, (int)m->fcmp);
	for (int i = 0; i < m->ncallees; i++) {
		const struct mcallee *c = &m->callees[i];
		sb_printf(sb, "%zu:%s %d %d %s", strlen(c->name), c->name, c->id,
			  c->nargs, c->recv ? "recv " : "");
		for (int k = 0; k < c->nargs; k++)
			sb_printf(sb, "%s ", type_name(c->args[k]));
	}
	for (int i = 0; i < m->nvars; i++)
		sb_printf(sb, "%zu:%s %s %d ", strlen(m->names[i]), m->names[i],
			  type_name(m->types[i]), (int)m->kinds[i]);
	if (m->refs || m->ret_ref) /* references: absent from older keys */
		sb_printf(sb, "refs %x %d ", m->refs, (int)m->ret_ref);
	if (m->heap_writes)
		sb_puts(sb, "hw ");
	if (m->arrs) { /* arrays: absent from older keys */
		sb_printf(sb, "arrs %x %d ", m->arrs, (int)m->arr_writes);
		for (int i = 0; i < m->nvars; i++)
			if (m->arrs >> i & 1)
				sb_printf(sb, "%s ", type_name(m->elem[i]));
	}
	sb_printf(sb, "exc %d ", m->nexc); /* the kinds' names are printed only */
	key_stmt(sb, m->body);
	sb_putc(sb, '}');
}

/* The key of o's questions about ms[0..n): a mutant is written as what
 * its text has besides the prefix and suffix it shares with the
 * original's (their lengths given), so the key stays near the size of
 * the method plus its patches. */
static char *make_key(const struct cgroup *g, const struct mmethod *o,
		      const struct cmutant *const *ms, int n,
		      const struct check_opts *opts, unsigned bound)
{
	const struct profile *pf = g->nsites ? g->sites[ms[0]->site].profile
					     : NULL;
	struct strbuf sb = STRBUF_INIT, mb = STRBUF_INIT;
	sb_printf(&sb, "%s %s|%u|%u|%u|%u|", pf ? pf->name : "java",
		  pf ? pf->options : "", bound, opts->rlimit, opts->timeout_ms,
		  opts->budget);
	size_t ostart = sb.len;
	key_method(&sb, o);
	size_t olen = sb.len - ostart;
	for (int i = 0; i < n; i++) {
		sb_reset(&mb);
		key_method(&mb, ms[i]->mm);
		const char *os = sb.buf + ostart;
		size_t p = 0, s = 0;
		while (p < olen && p < mb.len && os[p] == mb.buf[p])
			p++;
		while (s < olen - p && s < mb.len - p &&
		       os[olen - 1 - s] == mb.buf[mb.len - 1 - s])
			s++;
		sb_printf(&sb, "|%d %zu %zu %zu:", (int)ms[i]->v, p, s,
			  mb.len - p - s);
		sb_add(&sb, mb.buf + p, mb.len - p - s);
	}
	sb_release(&mb);
	return sb.buf;
}

/* --- the table --- */

/* The entry of key, to fill (*mine) or filled (waited for); NULL when
 * the table is full.  With busy, an entry being filled is not waited
 * for: NULL and *busy.  An entry abandoned by a group cut short is
 * claimed again (*mine), by a waiter too.  Takes key. */
static struct mentry *claim(char *key, bool *mine, const struct mentry **busy)
{
	size_t h = fnv1a64(key, strlen(key), FNV1A64_INIT) % MC_BUCKETS;
	*mine = false;
	recover_hold(); /* an allocation under the lock (base/util.h) */
	pthread_mutex_lock(&mc_mu);
	struct mentry *e;
again:
	e = mc[h];
	while (e && strcmp(e->key, key))
		e = e->next;
	if (e && e->abandoned) {
		e->abandoned = false;
		e->pending = true;
		*mine = true;
		free(key);
	} else if (e && e->pending && busy) {
		*busy = e;
		e = NULL;
		free(key);
	} else if (e) {
		while (e->pending)
			pthread_cond_wait(&mc_done, &mc_mu);
		if (e->abandoned)
			goto again;
		free(key);
	} else if (mc_n < MC_MAX && mc_bytes + (long)strlen(key) < MC_BYTES) {
		e = xcalloc(1, sizeof(*e));
		e->key = key;
		e->pending = true;
		e->next = mc[h];
		mc[h] = e;
		mc_n++;
		mc_bytes += (long)strlen(key);
		*mine = true;
	} else {
		free(key);
	}
	pthread_mutex_unlock(&mc_mu);
	recover_unhold();
	return e;
}

static void fill(struct mentry *e, struct mtape *t)
{
	pthread_mutex_lock(&mc_mu);
	e->tape = *t;
	memset(t, 0, sizeof(*t));
	e->pending = false;
	mc_bytes += (long)(e->tape.n * sizeof(*e->tape.s));
	pthread_cond_broadcast(&mc_done);
	pthread_mutex_unlock(&mc_mu);
}

/* A group cut short gives up the entry it was filling (its tape is
 * incomplete): waiters wake and claim it again. */
static void give_up(struct mentry *e)
{
	pthread_mutex_lock(&mc_mu);
	e->pending = false;
	e->abandoned = true;
	pthread_cond_broadcast(&mc_done);
	pthread_mutex_unlock(&mc_mu);
}

bool check_mcache_ready(const struct mentry *e)
{
	pthread_mutex_lock(&mc_mu);
	bool ready = !e->pending;
	pthread_mutex_unlock(&mc_mu);
	return ready;
}

void check_mcache_release(void)
{
	pthread_mutex_lock(&mc_mu);
	for (int b = 0; b < MC_BUCKETS; b++) {
		for (struct mentry *e = mc[b], *n; e; e = n) {
			n = e->next;
			free(e->key);
			free(e->tape.s);
			free(e);
		}
		mc[b] = NULL;
	}
	mc_n = mc_bytes = 0;
	for (struct reason *r = reasons, *n; r; r = n) {
		n = r->next;
		free(r->s);
		free(r);
	}
	reasons = NULL;
	pthread_mutex_unlock(&mc_mu);
}

/* --- solving a method: from the tape, or by Z3 (recording) --- */

struct msolve {
	const struct mmethod *orig;
	unsigned bound, timeout_ms, rlimit, budget;
	unsigned bscale; /* the budget's multiple for its mutants (check.h) */
	struct mir_smt *S;            /* NULL while answered from the tape */
	const struct mtape *replay;   /* the cache's tape, or NULL */
	struct mentry *slot;          /* the entry this method fills */
	struct mtape rec;             /* every step so far */
	const struct mmethod **added; /* by handle */
	size_t nadded, capadded;
	struct mstats st;
};

static double ms_since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 +
	       (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Step s asked of Z3: its answer (input and *reason as mir.h says). */
static int ask(struct msolve *M, const struct mstep *s, struct value *input,
	       const char **reason)
{
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	unsigned calls = mir_smt_calls(M->S);
	int r = -1;
	switch ((enum mop)s->op) {
	case MOP_CHECK:
		r = (int)mir_smt_check(M->S, s->a, input, reason);
		break;
	case MOP_SAME:
		r = (int)mir_smt_same(M->S, s->a, s->b, input, reason);
		break;
	case MOP_SUBSUMES:
		r = (int)mir_smt_subsumes(M->S, s->a, s->b, input, reason);
		break;
	case MOP_ADD:
	case MOP_FOUND:
		BUG("a step asked of Z3 that is not a question");
	}
	if (getenv("SUBSUME_TRACE"))
		fprintf(stderr, "trace: method step %d %d %d -> %d (%.1f ms)\n",
			s->op, s->a, s->b, r, ms_since(&t0));
	M->st.calls += mir_smt_calls(M->S) - calls;
	M->st.solver_ms += ms_since(&t0);
	return r;
}

static struct mir_smt *smt_new(const struct msolve *M)
{
	struct mir_smt *S = mir_smt_new(M->orig, M->bound, M->timeout_ms,
					M->rlimit);
	mir_smt_set_budget(S, (uint64_t)M->budget * M->bscale * (mir_smt_divides(S)
			   ? CHECK_METHOD_BUDGET_DIV : CHECK_METHOD_BUDGET));
	return S;
}

/* The tape and this method part: Z3 from here, in the state the steps
 * so far would have left it in (they are made again, in order). */
static void go_live(struct msolve *M)
{
	struct value in[MIR_IN];
	const char *why;
	M->st.diverged = true;
	M->S = smt_new(M);
	for (size_t k = 0; k < M->rec.n; k++) {
		const struct mstep *s = &M->rec.s[k];
		if (s->op == MOP_ADD)
			mir_smt_add(M->S, M->added[s->a]);
		else if (s->op != MOP_FOUND)
			ask(M, s, in, &why);
	}
}

/* The next step (op on a, b): *from_tape when the tape answers it. */
static struct mstep *step(struct msolve *M, enum mop op, int a, int b,
			  bool *from_tape)
{
	const struct mstep *t = NULL;
	if (!M->S && M->replay) {
		if (M->rec.n < M->replay->n)
			t = &M->replay->s[M->rec.n];
		if (t && (t->op != op || t->a != a || t->b != b))
			t = NULL;
		if (!t)
			go_live(M);
	}
	GROW(M->rec.s, M->rec.n + 1, M->rec.cap);
	struct mstep *s = &M->rec.s[M->rec.n++];
	if (t) {
		*s = *t;
	} else {
		memset(s, 0, sizeof(*s));
		s->op = (unsigned char)op;
		s->a = a;
		s->b = b;
	}
	*from_tape = t != NULL;
	return s;
}

/* Question op on a, b: from the tape, or asked and recorded. */
static int question(struct msolve *M, enum mop op, int a, int b,
		    struct value *input, const char **reason, int with_input,
		    int with_reason)
{
	bool taped;
	struct mstep *s = step(M, op, a, b, &taped);
	if (!taped) {
		const char *why = NULL;
		s->answer = ask(M, s, input, &why);
		s->has_input = s->answer == with_input;
		if (s->has_input)
			memcpy(s->input, input, sizeof(s->input));
		if (s->answer == with_reason)
			s->reason = intern(why);
	} else if (s->has_input) {
		memcpy(input, s->input, sizeof(s->input));
	}
	if (s->answer == with_reason)
		*reason = s->reason;
	return s->answer;
}

static void msolve_release(struct msolve *M)
{
	mir_smt_free(M->S);
	free(M->rec.s);
	free(M->added);
	free(M);
}

/* The cleanup of a method whose group is cut short (base/util.h:
 * recover_push()): its cache entry given up, its Z3 context closed. */
static void msolve_abandon(void *arg)
{
	struct msolve *M = arg;
	if (M->slot)
		give_up(M->slot);
	msolve_release(M);
}

struct msolve *msolve_new_or_busy(const struct cgroup *g,
				  const struct mmethod *o,
				  const struct cmutant *const *ms, int n,
				  const struct check_opts *opts,
				  const struct mentry **busy)
{
	unsigned bound = opts->unroll ? opts->unroll : MIR_DEFAULT_UNROLL;
	struct mentry *e = NULL;
	bool mine = false;
	if (busy)
		*busy = NULL;
	if (check_cache_enabled && n > 0)
		e = claim(make_key(g, o, ms, n, opts, bound), &mine, busy);
	if (busy && *busy)
		return NULL;
	struct msolve *M = xcalloc(1, sizeof(*M));
	M->orig = o;
	M->bound = bound;
	M->timeout_ms = opts->timeout_ms;
	M->rlimit = opts->rlimit;
	/* per site: a method gets more (smt_new()), and more again for
	 * every CHECK_METHOD_BUDGET_MUTANTS of its mutants past the first
	 * (check/check.h) */
	M->budget = opts->budget;
	M->bscale = n > CHECK_METHOD_BUDGET_MUTANTS ? (unsigned)((n +
		CHECK_METHOD_BUDGET_MUTANTS - 1) / CHECK_METHOD_BUDGET_MUTANTS) : 1;
	if (e && mine)
		M->slot = e;
	else if (e)
		M->replay = &e->tape;
	/* given up if the group is cut short (check_group_cut()); pushed
	 * before the context is made, which can fail */
	recover_push(msolve_abandon, M);
	if (!M->replay)
		M->S = smt_new(M);
	return M;
}

struct msolve *msolve_new(const struct cgroup *g, const struct mmethod *o,
			  const struct cmutant *const *ms, int n,
			  const struct check_opts *opts)
{
	return msolve_new_or_busy(g, o, ms, n, opts, NULL);
}

int msolve_add(struct msolve *M, const struct mmethod *mm)
{
	int h = (int)M->nadded;
	GROW(M->added, M->nadded + 1, M->capadded);
	M->added[M->nadded++] = mm;
	bool taped;
	step(M, MOP_ADD, h, 0, &taped);
	if (!taped && mir_smt_add(M->S, mm) != h)
		BUG("method handles out of step");
	return h;
}

enum mir_answer msolve_check(struct msolve *M, int h, struct value *input,
			     const char **reason)
{
	return (enum mir_answer)question(M, MOP_CHECK, h, -1, input, reason,
					 MIR_KILLED, MIR_UNKNOWN);
}

enum mir_rel msolve_same(struct msolve *M, int a, int b, struct value *input,
			 const char **reason)
{
	return (enum mir_rel)question(M, MOP_SAME, a, b, input, reason,
				      MIR_REFUTED, MIR_UNDECIDED);
}

enum mir_rel msolve_subsumes(struct msolve *M, int a, int b,
			     struct value *input, const char **reason)
{
	return (enum mir_rel)question(M, MOP_SUBSUMES, a, b, input, reason,
				      MIR_REFUTED, MIR_UNDECIDED);
}

int msolve_found(struct msolve *M, int a, int b,
		 int (*search)(void *ctx, struct value *input), void *ctx,
		 struct value *input)
{
	bool taped;
	struct mstep *s = step(M, MOP_FOUND, a, b, &taped);
	if (!taped) {
		s->answer = search(ctx, input);
		s->has_input = s->answer != 0;
		if (s->has_input)
			memcpy(s->input, input, sizeof(s->input));
	} else if (s->has_input) {
		memcpy(input, s->input, sizeof(s->input));
	}
	return s->answer;
}

void msolve_free(struct msolve *M, struct mstats *st)
{
	recover_pop(M);
	M->st.cached = !M->S;
	if (st)
		*st = M->st;
	if (M->slot)
		fill(M->slot, &M->rec);
	msolve_release(M);
}
