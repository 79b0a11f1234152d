/*
 * major-lines.c - Major log lines read field by field: every case of
 * the table tests/data/check/major-lines.txt (its format is in its
 * head) through major_parse_line() (prover/check/major.h).
 */
#include "tap.h"

#include "base/util.h"
#include "check/major.h"

#define TABLE "tests/data/check/major-lines.txt"

struct tcase {
	char *line;      /* the log line */
	int lineno;      /* its line in the table */
	char *keys[16], *vals[16];
	int n;
};

static const char *field(const struct major_line *m, const char *key,
			 char *num, size_t cap)
{
	if (!strcmp(key, "id")) return m->id;
	if (!strcmp(key, "op")) return m->op;
	if (!strcmp(key, "from")) return m->from;
	if (!strcmp(key, "to")) return m->to;
	if (!strcmp(key, "where")) return m->where;
	if (!strcmp(key, "orig")) return m->orig;
	if (!strcmp(key, "mut")) return m->mut;
	if (!strcmp(key, "line") || !strcmp(key, "offset")) {
		snprintf(num, cap, "%ld", key[0] == 'l' ? m->line : m->offset);
		return num;
	}
	return NULL;
}

static void run(struct tcase *c)
{
	if (!c->line)
		return;
	char *copy = xstrdup(c->line);
	struct major_line m = { 0 };
	const char *at = NULL;
	const char *err = major_parse_line(copy, &m, &at);
	const char *want_err = NULL;
	int want_col = 0;
	for (int k = 0; k < c->n; k++)
		if (!strcmp(c->keys[k], "error")) {
			want_col = atoi(c->vals[k]);
			char *msg = strchr(c->vals[k], '\t');
			want_err = msg ? msg + 1 : "";
		}
	if (want_err) {
		int col = err ? (int)(at - copy) + 1 : 0;
		ok(err && !strncmp(err, want_err, strlen(want_err)) &&
		   col == want_col, "table line %d: rejected at column %d: %s "
		   "(got %s at %d)", c->lineno, want_col, want_err,
		   err ? err : "no error", col);
	} else if (!ok(!err, "table line %d reads", c->lineno)) {
		diag("  %s at column %d", err, (int)(at - copy) + 1);
	} else {
		for (int k = 0; k < c->n; k++) {
			char num[32];
			const char *got = field(&m, c->keys[k], num, sizeof(num));
			if (!ok(got && !strcmp(got, c->vals[k]),
				"table line %d: %s is %s", c->lineno, c->keys[k],
				c->vals[k]))
				diag("  got %s", got ? got : "(no such key)");
		}
	}
	free(copy);
	free(c->line);
	for (int k = 0; k < c->n; k++) {
		free(c->keys[k]);
		free(c->vals[k]);
	}
	memset(c, 0, sizeof(*c));
}

int main(void)
{
	FILE *f = fopen(TABLE, "r");
	if (!f) {
		printf("Bail out! cannot read %s\n", TABLE);
		return 1;
	}
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, cases = 0;
	struct tcase c = { 0 };
	while ((len = getline(&buf, &cap, f)) >= 0) {
		lineno++;
		if (len && buf[len - 1] == '\n')
			buf[--len] = 0;
		if (!strncmp(buf, "> ", 2)) {
			run(&c);
			c.line = xstrdup(buf + 2);
			c.lineno = lineno;
			cases++;
		} else if (*buf && *buf != '#') {
			char *tab = strchr(buf, '\t');
			if (!c.line || !tab || c.n == 16) {
				printf("Bail out! %s:%d: not a case line\n", TABLE,
				       lineno);
				return 1;
			}
			*tab = 0;
			c.keys[c.n] = xstrdup(buf);
			c.vals[c.n++] = xstrdup(tab + 1);
		}
	}
	run(&c);
	free(buf);
	fclose(f);
	ok(cases >= 30, "the table has %d cases", cases);
	done_testing();
}
