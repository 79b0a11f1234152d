/*
 * elements.h - the mutation-testing-elements report (schema version 2,
 * npm package mutation-testing-report-schema 3.8.4) and the HTML page
 * that renders it with the mutation-testing-elements web component
 * (npm package 3.9.0, compiled into the binary; see html.c).
 *
 * The report knows nothing of where its mutants come from: a caller
 * (cmd/check-report.c for `subsume check`) adds files and mutants with
 * their statuses and reasons already decided.  Files keep the order of
 * their first mutant; mutants the order they were added.
 *
 * Ownership: struct mte_report owns copies of everything added (its
 * arena); mte_report_free() releases it.
 */
#ifndef SUBSUME_EMIT_ELEMENTS_H
#define SUBSUME_EMIT_ELEMENTS_H

#include "base/util.h"

/* The schema's statuses. */
enum mte_status {
	MTE_KILLED, MTE_SURVIVED, MTE_NOCOVERAGE, MTE_COMPILEERROR,
	MTE_RUNTIMEERROR, MTE_TIMEOUT, MTE_IGNORED, MTE_PENDING,
};
extern const char *const mte_status_names[];

struct mte_mutant {
	const char *id, *mutator, *replacement, *description, *reason;
	enum mte_status status;
	/* 1-based; end exclusive (the schema's location) */
	int sline, scol, eline, ecol;
};

struct mte_report;
struct mte_report *mte_report_new(void);
void mte_report_free(struct mte_report *r);
/* A free-form "config" member: key and value (copied). */
void mte_report_config(struct mte_report *r, const char *key,
		       const char *value);
/* The file named path (its source, copied, set on first call); returns
 * its index. */
int mte_report_file(struct mte_report *r, const char *path,
		    const char *source);
/* The index of the file named path, or -1. */
int mte_report_find(const struct mte_report *r, const char *path);
/* The current source of file f (NULL: none yet). */
const char *mte_report_source(const struct mte_report *r, int f);
/* Replace the source of file f (copied). */
void mte_report_set_source(struct mte_report *r, int f, const char *source);
/* The language of file f ("java" unless set; copied). */
void mte_report_set_language(struct mte_report *r, int f, const char *lang);
void mte_report_add(struct mte_report *r, int f, const struct mte_mutant *m);
/* Append "; text" to the statusReason of the mutants named id (text
 * alone when they have none): `check --tests`' verdict on its test. */
void mte_report_annotate(struct mte_report *r, const char *id,
			 const char *text);

/* The number of files. */
int mte_report_nfiles(const struct mte_report *r);
/* The report as JSON (schema version 2), appended to sb; key (or
 * NULL): one more top-level member, last, whose value is the JSON text
 * value (check --shard's "subsumeShard"). */
void mte_report_json(const struct mte_report *r, const char *key,
		     const char *value, struct strbuf *sb);
/* A self-contained HTML page rendering it; -1 (nothing appended) when
 * this binary was built without the web component. */
int mte_report_html(const struct mte_report *r, const char *title,
		    struct strbuf *sb);
/* Was the web component compiled in? */
bool mte_html_available(void);

#endif
