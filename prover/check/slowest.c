/*
 * slowest.c - the slowest groups of a `check` run (check/check.h), for
 * the summary when it shows times (`make bench` reports them).
 */
#include "check/check.h"

#include <string.h>

void check_slowest_note(struct check_slowest *s, const struct cgroup *g)
{
	int k = s->n;
	while (k > 0 && s->g[k - 1].ms < g->check_ms)
		k--;
	if (k == CHECK_SLOWEST)
		return;
	if (s->n == CHECK_SLOWEST) {
		free(s->g[CHECK_SLOWEST - 1].file);
		free(s->g[CHECK_SLOWEST - 1].where);
		s->n--;
	}
	memmove(&s->g[k + 1], &s->g[k], (size_t)(s->n - k) * sizeof(s->g[0]));
	s->g[k] = (struct check_slow){ xstrdup(g->file), xstrdup(g->where),
				       g->lineno, g->nmutants, g->check_ms };
	s->n++;
}

void check_slowest_text(const struct check_slowest *s, struct strbuf *sb)
{
	if (!s->n)
		return;
	sb_printf(sb, "  slowest groups:\n");
	for (int k = 0; k < s->n; k++)
		sb_printf(sb, "    %10.1f ms  %s (%s:%d, %d mutants)\n",
			  s->g[k].ms, s->g[k].where, s->g[k].file,
			  s->g[k].lineno, s->g[k].nmutants);
}

void check_slowest_json(const struct check_slowest *s, struct strbuf *sb)
{
	sb_puts(sb, ", \"slowest_groups\": [");
	for (int k = 0; k < s->n; k++) {
		sb_puts(sb, k ? ", {\"where\": " : "{\"where\": ");
		sb_json_str(sb, s->g[k].where);
		sb_puts(sb, ", \"file\": ");
		sb_json_str(sb, s->g[k].file);
		sb_printf(sb, ", \"line\": %d, \"mutants\": %d, \"ms\": %.1f}",
			  s->g[k].lineno, s->g[k].nmutants, s->g[k].ms);
	}
	sb_puts(sb, "]");
}

void check_slowest_release(struct check_slowest *s)
{
	for (int k = 0; k < s->n; k++) {
		free(s->g[k].file);
		free(s->g[k].where);
	}
	s->n = 0;
}
