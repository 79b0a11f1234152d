/*
 * watchdog.c - one thread that interrupts solver queries past their
 * wall-clock deadline (watchdog.h).
 */
#include "sem/watchdog.h"

#include <errno.h>
#include <pthread.h>

#include "base/util.h"

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static struct wd_query *armed;   /* under mu */
static bool running, stopping;   /* the thread; under mu */
static struct timespec target;   /* when the thread wakes next; under mu */
static pthread_t thread;

static void add_ms(struct timespec *t, unsigned ms)
{
	t->tv_sec += ms / 1000;
	t->tv_nsec += (long)(ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static bool before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void *watch(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&mu);
	while (!stopping) {
		struct timespec now;
		clock_gettime(CLOCK_MONOTONIC, &now);
		/* idle: look again in a second unless a query is due sooner */
		target = now;
		add_ms(&target, 1000);
		for (struct wd_query *q = armed; q; q = q->next) {
			if (!before(&now, &q->deadline)) {
				Z3_interrupt(q->ctx);
				q->deadline = now;
				add_ms(&q->deadline, WD_REPEAT_MS);
			}
			if (before(&q->deadline, &target))
				target = q->deadline;
		}
		int rc = 0;
		while (!stopping && rc != ETIMEDOUT) {
			rc = pthread_cond_timedwait(&wake, &mu, &target);
			if (rc == 0)
				break; /* an earlier deadline, or stop */
		}
	}
	pthread_mutex_unlock(&mu);
	return NULL;
}

void wd_arm(struct wd_query *q, Z3_context c, unsigned ms)
{
	q->ctx = c;
	clock_gettime(CLOCK_MONOTONIC, &q->deadline);
	add_ms(&q->deadline, ms);
	pthread_mutex_lock(&mu);
	q->next = armed;
	armed = q;
	if (!running) {
		pthread_condattr_t at;
		pthread_condattr_init(&at);
		pthread_condattr_setclock(&at, CLOCK_MONOTONIC);
		pthread_cond_destroy(&wake);
		pthread_cond_init(&wake, &at);
		pthread_condattr_destroy(&at);
		stopping = false;
		target = q->deadline;
		if (pthread_create(&thread, NULL, watch, NULL))
			die("cannot start the solver watchdog thread");
		running = true;
	} else if (before(&q->deadline, &target)) {
		pthread_cond_signal(&wake);
	}
	pthread_mutex_unlock(&mu);
}

void wd_disarm(struct wd_query *q)
{
	pthread_mutex_lock(&mu);
	for (struct wd_query **p = &armed; *p; p = &(*p)->next)
		if (*p == q) {
			*p = q->next;
			break;
		}
	pthread_mutex_unlock(&mu);
}

void wd_stop(void)
{
	pthread_mutex_lock(&mu);
	if (!running) {
		pthread_mutex_unlock(&mu);
		return;
	}
	if (armed)
		BUG("the solver watchdog stopped with a query armed");
	stopping = true;
	pthread_cond_signal(&wake);
	pthread_mutex_unlock(&mu);
	pthread_join(thread, NULL);
	pthread_mutex_lock(&mu);
	running = false;
	pthread_mutex_unlock(&mu);
}
