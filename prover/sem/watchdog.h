/*
 * watchdog.h - the wall-clock limit of solver queries, kept by one
 * thread for the whole process.
 *
 * Z3's own "timeout" parameter starts a timer for every check, and at
 * the end of the check the calling thread spins (sched_yield) until the
 * timer thread has seen it finish: with every core busy (check -j 2,
 * prove -j 2) that handshake cost a third of the CPU time.  Instead, a
 * query is armed with its deadline here and disarmed when it returns;
 * one watchdog thread interrupts (Z3_interrupt) a context whose query
 * is past its deadline, and again every WD_REPEAT_MS while it stays
 * armed.  Arming never waits for the watchdog.
 *
 * The clock is only a safety net: the deterministic resource limit
 * (rlimit) decides answers; a query the watchdog stops answers unknown
 * ("canceled"), which smt.c reports as a timeout.
 *
 * A struct wd_query lives on the caller's stack between wd_arm() and
 * wd_disarm(); after wd_disarm() returns the watchdog no longer touches
 * it or its context.
 */
#ifndef SUBSUME_WATCHDOG_H
#define SUBSUME_WATCHDOG_H

#include <stdbool.h>
#include <time.h>
#include <z3.h>

#define WD_REPEAT_MS 50

struct wd_query {
	Z3_context ctx;
	struct timespec deadline;
	struct wd_query *next;
};

/* Interrupt c's check unless disarmed within ms milliseconds (ms > 0). */
void wd_arm(struct wd_query *q, Z3_context c, unsigned ms);
void wd_disarm(struct wd_query *q);
/* Stop the watchdog thread (no query armed); it restarts when needed. */
void wd_stop(void);

#endif
