/*
 * check-eval.c - `subsume check` verdicts cross-checked by the concrete
 * evaluator (eval.c), independently of Z3: equivalences by exhausting
 * the domain (char) or a range under the contract, killing inputs by
 * running original and mutant on the printed witness.
 */
#include <ctype.h>
#include <string.h>

#include "check/check.h"
#include "sem/smt.h"
#include "tap.h"

static struct cgroup *groups[16];
static int ngroups;

static void keep(void *ctx, struct cgroup *g)
{
	(void)ctx;
	if (ngroups < 16)
		groups[ngroups++] = g;
}

static struct node *typed(struct arena *a, const char *text, int nv,
			  const char **names, const struct type *const *types)
{
	struct expr_src es = { .text = text };
	struct node *n = parse_expr(a, &es, false);
	struct type_env env = { .nvars = nv, .names = names, .types = types,
				.arena = a };
	if (!n || type_expr(n, &env, &es) < 0)
		return NULL;
	return n;
}

static char *subst(const char *ctx, const char *e)
{
	struct strbuf sb = STRBUF_INIT;
	for (; *ctx; ctx++)
		if (*ctx == '#')
			sb_printf(&sb, "(%s)", e);
		else
			sb_putc(&sb, *ctx);
	return sb.buf;
}

/* "x=1, n=-3" or "c='a'" into in[] by variable name; -1 if unparsable. */
static int parse_witness(const char *w, int nv, const char **names,
			 struct value *in)
{
	const char *p = strstr(w, "killed by ");
	if (!p)
		return -1;
	p += 10;
	int got = 0;
	while (*p) {
		const char *eq = strchr(p, '=');
		if (!eq)
			return -1;
		int v = -1;
		for (int i = 0; i < nv; i++)
			if (strlen(names[i]) == (size_t)(eq - p) &&
			    !strncmp(names[i], p, (size_t)(eq - p)))
				v = i;
		if (v < 0)
			return -1;
		p = eq + 1;
		if (*p == '\'') {
			in[v] = value_int((unsigned char)p[1]);
			p += 3;
		} else {
			char *end;
			in[v] = value_int(strtoll(p, &end, 10));
			p = end;
		}
		got++;
		if (*p == ',')
			p += 2;
		else
			break;
	}
	return got == nv ? 0 : -1;
}

int main(void)
{
	const char *dir = getenv("TEST_DATA_DIR");
	char path[512];
	snprintf(path, sizeof(path), "%s/emiw.yaml", dir ? dir : "tests/data/check");
	struct arena *a = arena_new();
	struct contracts c;
	plan(10);
	int njava = 0;
	bool loaded = contracts_load(a, NULL, &c) == 0;
	for (int k = 0; loaded && k < c.n; k++)
		njava += !strcmp(c.c[k].lang, "java");
	ok(loaded && njava == 6 && c.n == 6 + 28,
	   "built-in contracts load (6 Java, 28 C)");
	size_t len;
	char *shipped = read_file("configs/contracts.yaml", &len);
	ok(shipped && !strcmp(shipped, check_default_contracts),
	   "the built-in contracts are configs/contracts.yaml");
	free(shipped);
	long seq = 0;
	ok(check_read_yaml(path, keep, NULL, &seq) == 0 && ngroups == 3,
	   "the batch has 3 sites");
	if (ngroups != 3)
		return 1;
	struct check_opts opts = { .timeout_ms = 10000, .contracts = &c };
	struct check_worker w;
	check_worker_init(&w, 10000);
	for (int i = 0; i < ngroups; i++)
		check_group(&w, groups[i], &opts);

	/* isLower: M2 equivalent; every char agrees. */
	struct cgroup *g = groups[0];
	const char *cn[] = { "c" };
	const struct type *ct[] = { T_CHAR };
	struct node *o = typed(a, g->sites[0].orig, 1, cn, ct);
	struct node *m2 = typed(a, g->mutants[1].text, 1, cn, ct);
	ok(g->mutants[1].v == CV_EQUIVALENT, "M2 is equivalent");
	int differ = 0;
	for (int64_t x = 0; x <= 65535 && o && m2; x++) {
		struct outcome p, q;
		struct value xv = value_int(x);
		eval_outcome(o, 1, &xv, &p);
		eval_outcome(m2, 1, &xv, &q);
		struct observe ob = { .value = true };
		differ += outcome_differs(&ob, 1, &p, &q);
	}
	ok(o && m2 && differ == 0, "the evaluator agrees on all 65536 chars");
	/* M1 killable: the witness kills it. */
	struct value in[MAX_VARS] = { { 0 } };
	struct node *m1 = typed(a, g->mutants[0].text, 1, cn, ct);
	struct outcome p, q;
	struct observe ob = { .value = true };
	int rc = parse_witness(g->mutants[0].detail, 1, cn, in);
	if (rc == 0 && o && m1) {
		eval_outcome(o, 1, in, &p);
		eval_outcome(m1, 1, in, &q);
	}
	ok(g->mutants[0].v == CV_KILLABLE && rc == 0 && o && m1 &&
	   outcome_differs(&ob, 1, &p, &q), "M1's witness (%s) kills it",
	   g->mutants[0].detail);

	/* isEmpty: M3 equivalent given length() >= 0: L == 0 vs L <= 0. */
	g = groups[1];
	const char *ln[] = { "L" };
	const struct type *lt[] = { T_INT };
	struct node *le = typed(a, "L == 0", 1, ln, lt), *ll = typed(a, "L <= 0", 1, ln, lt);
	differ = 0;
	for (int64_t x = 0; x <= 100000; x++) {
		struct value xv = value_int(x);
		eval_outcome(le, 1, &xv, &p);
		eval_outcome(ll, 1, &xv, &q);
		differ += outcome_differs(&ob, 1, &p, &q);
	}
	ok(g->mutants[0].v == CV_EQUIVALENT && differ == 0,
	   "M3 equivalent; the evaluator agrees for length() in 0..100000");

	/* inContext: every killing input kills in the context. */
	g = groups[2];
	const char *xn[] = { "x", "n" };
	const struct type *xt[] = { T_INT, T_INT };
	char *os = subst(g->sites[0].context, g->sites[0].orig);
	o = typed(a, os, 2, xn, xt);
	struct node *as = typed(a, g->sites[0].assume, 2, xn, xt);
	for (int i = 0; i < 3; i++) {
		struct cmutant *m = &g->mutants[i];
		char *ms = subst(g->sites[0].context, m->text);
		struct node *mx = typed(a, ms, 2, xn, xt);
		memset(in, 0, sizeof(in));
		rc = parse_witness(m->detail, 2, xn, in);
		bool und = false, holds = rc == 0 && eval_holds(as, 2, in, &und);
		if (rc == 0 && o && mx) {
			eval_outcome(o, 2, in, &p);
			eval_outcome(mx, 2, in, &q);
		}
		ok(rc == 0 && holds && o && mx && outcome_differs(&ob, 2, &p, &q),
		   "%s: the witness satisfies the assumption and kills it (%s)",
		   m->id, m->detail);
		free(ms);
	}
	free(os);
	check_worker_release(&w);
	for (int i = 0; i < ngroups; i++)
		cgroup_free(groups[i]);
	check_table_release();
	check_cache_release();
	arena_free(a);
	smt_finalize();
	return tap_failed != 0;
}
