/*
 * consumer.c - a mutation tool's view of generated tables: compiled by
 * tests/emit-consumer.t against subsume_tables.{h,c} with
 * -std=c99 -Wpedantic -Werror, it answers queries through the lookup API
 * only, so the test can compare the answers with `subsume prove --format
 * json` for the same theories.
 *
 * Input, one query a line, fields separated by tabs:
 *   M theory target domain label     a mutant
 *   E                                the entry count
 * Output, one line per query:
 *   M theory target domain label in_minimal verdict subsumer
 *     in_minimal: 1, 0 or -1 (no such label); verdict: its name or "-";
 *     subsumer: the label subsume_subsumer() gives, or "-".
 *   E n
 * Then, unprompted, every compact rule, checked against its entry:
 *   R language theory target domain family keep,keep,...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "subsume_tables.h"

static int failures;

static void fail(const char *what, const char *detail)
{
	printf("FAIL %s: %s\n", what, detail);
	failures++;
}

/* The part of a label in parentheses ("ROR(<=)" -> "<="), else all. */
static void detail(char *out, size_t n, const char *label)
{
	const char *open = strchr(label, '(');
	size_t len = strlen(label);
	if (open && open > label && len >= 2 && label[len - 1] == ')') {
		size_t k = (size_t)(label + len - 1 - (open + 1));
		if (k >= n)
			k = n - 1;
		memcpy(out, open + 1, k);
		out[k] = '\0';
	} else {
		snprintf(out, n, "%s", label);
	}
}

static void query(char *line)
{
	char *f[6];
	int n = 0;
	for (char *p = line; n < 6;) {
		f[n++] = p;
		p = strchr(p, '\t');
		if (!p)
			break;
		*p++ = '\0';
	}
	if (n == 1 && !strcmp(f[0], "E")) {
		printf("E %lu\n", (unsigned long)subsume_nentries);
		return;
	}
	if (n != 5 || strcmp(f[0], "M")) {
		fail("bad query", f[0]);
		return;
	}
	const struct subsume_entry *e = subsume_find(f[1], f[2], f[3]);
	if (!e) {
		printf("M\t%s\t%s\t%s\t%s\tno-entry\n", f[1], f[2], f[3], f[4]);
		return;
	}
	if (subsume_find(NULL, f[2], f[3]) == NULL)
		fail("find without theory", f[2]);
	const struct subsume_mutant *m = subsume_mutant(e, f[4]);
	const struct subsume_mutant *s = subsume_subsumer(e, f[4]);
	if (m && subsume_mutant_by_id(e, m->id) != m)
		fail("mutant_by_id", f[4]);
	printf("M\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", f[1], f[2], f[3], f[4],
	       subsume_in_minimal(e, f[4]),
	       m ? subsume_verdict_name(m->verdict) : "-", s ? s->label : "-");
}

/* Each rule must agree with its entry: a mutant of the family is kept
 * exactly when it is in the minimal set. */
static void rules(void)
{
	char d[256];
	for (size_t i = 0; i < subsume_nrules; i++) {
		const struct subsume_rule *r = &subsume_rules[i];
		const struct subsume_entry *e =
			subsume_find(r->theory, r->target, r->domain);
		size_t count = 0;
		if (!e) {
			fail("rule without entry", r->target);
			continue;
		}
		for (size_t k = 0; k < e->nmutants; k++) {
			const struct subsume_mutant *m = &e->mutants[k];
			if (strcmp(m->op, r->family))
				continue;
			count++;
			detail(d, sizeof(d), m->label);
			if (subsume_rule_keeps(r, d) !=
			    (subsume_in_minimal(e, m->label) == 1))
				fail("rule and entry disagree", m->label);
		}
		if (count != r->nmutants)
			fail("rule mutant count", r->family);
		if (strcmp(r->orig_op, e->orig_op) || strcmp(r->type, e->type))
			fail("rule operator or type", r->family);
		if (strcmp(r->language, e->language) ||
		    strcmp(r->options, e->options))
			fail("rule language or options", r->family);
		const struct subsume_rule *x = subsume_find_rule_in(
			r->language, r->family, r->orig_op, r->domain);
		if (!x || x > r || strcmp(x->language, r->language))
			fail("find_rule_in", r->family);
		/* the language-blind lookup is Java's */
		const struct subsume_rule *j =
			subsume_find_rule(r->family, r->orig_op, r->domain);
		if (j && strcmp(j->language, "java"))
			fail("find_rule gives another language", r->family);
		if (!strcmp(r->language, "java") && j != x)
			fail("find_rule", r->family);
		printf("R\t%s\t%s\t%s\t%s\t%s\t", r->language, r->theory,
		       r->target, r->domain, r->family);
		for (size_t k = 0; k < r->nkeep; k++)
			printf("%s%s", k ? "," : "", r->keep[k]);
		printf("\n");
	}
	if (subsume_find_rule("no such family", "<", "int") ||
	    subsume_find_rule_in(NULL, "ROR", "<", "int") ||
	    subsume_rule_keeps(NULL, "x") || subsume_find(NULL, NULL, "int") ||
	    subsume_in_minimal(NULL, "x") != -1 || subsume_subsumer(NULL, "x"))
		fail("NULL handling", "-");
}

int main(void)
{
	char line[4096];
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (*line)
			query(line);
	}
	rules();
	return failures ? 1 : 0;
}
