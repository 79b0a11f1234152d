/*
 * progress.c - the progress line on stderr (cmd/progress.h).
 */
#define _GNU_SOURCE /* fopencookie(): the warnings' stream */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "base/diag.h"
#include "cmd/progress.h"

#define TICK_MS 250

bool progress_default(void)
{
	return isatty(STDERR_FILENO) == 1;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int width(FILE *f)
{
	struct winsize ws;
	if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
		return ws.ws_col;
	const char *c = getenv("COLUMNS");
	int n = c ? atoi(c) : 0;
	return n > 10 && n < 1000 ? n : 80;
}

/* "1:05", "2:03:07" */
static void clock_text(char *buf, size_t n, double s)
{
	long t = s < 0 ? 0 : (long)(s + 0.5);
	if (t >= 3600)
		snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, n, "%ld:%02ld", t / 60, t % 60);
}

/* The line, under p->mu. */
static void draw(struct progress *p)
{
	char line[512], el[32], left[32];
	double t = now() - p->t0, rate = t > 0 ? (double)p->done / t : 0;
	clock_text(el, sizeof(el), t);
	int n;
	if (p->total >= 0 && !p->more) {
		if (rate > 0 && p->done)
			clock_text(left + 1, sizeof(left) - 1,
				   (double)(p->total - p->done) / rate);
		else
			snprintf(left + 1, sizeof(left) - 1, "?");
		left[0] = '~';
		n = snprintf(line, sizeof(line), "%s: %ld/%ld %s %ld%% | %.1f/s"
			     " | %s elapsed | %s left | %s", p->cmd, p->done,
			     p->total, p->unit, p->total ? p->done * 100 /
			     p->total : 100, rate, el, left, p->what);
	} else {
		n = snprintf(line, sizeof(line), "%s: %ld/%ld+ %s | %.1f/s | %s "
			     "elapsed | reading input | %s", p->cmd, p->done,
			     p->total < 0 ? 0 : p->total, p->unit, rate, el,
			     p->what);
	}
	size_t len = n < 0 ? 0 : (size_t)n < sizeof(line) ? (size_t)n
		     : sizeof(line) - 1;
	size_t w = (size_t)width(p->err) - 1;
	if (len > w) {
		len = w;
		while (len && ((unsigned char)line[len] & 0xc0) == 0x80)
			len--; /* not inside a UTF-8 character */
	}
	fprintf(p->err, "\r%.*s\033[K", (int)len, line);
	fflush(p->err);
	p->shown = true;
}

static void erase(struct progress *p)
{
	if (!p->shown)
		return;
	fputs("\r\033[K", p->err);
	fflush(p->err);
	p->shown = false;
}

static void *tick(void *arg)
{
	struct progress *p = arg;
	pthread_mutex_lock(&p->mu);
	while (!p->stop) {
		draw(p);
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += TICK_MS * 1000000L;
		ts.tv_sec += ts.tv_nsec / 1000000000L;
		ts.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&p->cv, &p->mu, &ts);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* The warnings' stream (line-buffered: whole lines): the line erased,
 * the warning written; the ticker draws the line again. */
static ssize_t diag_write(void *cookie, const char *buf, size_t n)
{
	struct progress *p = cookie;
	pthread_mutex_lock(&p->mu);
	erase(p);
	size_t w = fwrite(buf, 1, n, p->err);
	fflush(p->err);
	pthread_mutex_unlock(&p->mu);
	return (ssize_t)w;
}

void progress_start(struct progress *p, bool on, const char *cmd,
		    const char *unit)
{
	memset(p, 0, sizeof(*p));
	if (!on)
		return;
	p->on = true;
	p->cmd = cmd;
	p->unit = unit;
	p->total = -1;
	p->err = stderr;
	p->t0 = now();
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	cookie_io_functions_t io = { .write = diag_write };
	p->saved_diag = diag_out;
	p->diag = fopencookie(p, "w", io);
	if (p->diag) {
		setvbuf(p->diag, NULL, _IOLBF, 0);
		diag_out = p->diag;
	}
	if (pthread_create(&p->ticker, NULL, tick, p))
		die("cannot start a thread");
}

void progress_total(struct progress *p, long total, bool more)
{
	if (!p->on)
		return;
	pthread_mutex_lock(&p->mu);
	p->total = total;
	p->more = more;
	pthread_mutex_unlock(&p->mu);
}

void progress_add(struct progress *p, long n)
{
	if (!p->on)
		return;
	pthread_mutex_lock(&p->mu);
	p->done += n;
	pthread_mutex_unlock(&p->mu);
}

void progress_what(struct progress *p, const char *what)
{
	if (!p->on)
		return;
	pthread_mutex_lock(&p->mu);
	snprintf(p->what, sizeof(p->what), "%s", what ? what : "");
	pthread_mutex_unlock(&p->mu);
}

void progress_end(struct progress *p)
{
	if (!p->on)
		return;
	pthread_mutex_lock(&p->mu);
	p->stop = true;
	pthread_cond_signal(&p->cv);
	pthread_mutex_unlock(&p->mu);
	pthread_join(p->ticker, NULL);
	if (p->diag) {
		diag_out = p->saved_diag;
		fclose(p->diag); /* anything left is written through */
	}
	draw(p); /* the final count, then nothing */
	erase(p);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	p->on = false;
}
