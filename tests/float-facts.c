/*
 * float-facts.c - folklore about floating point as assertions: answers
 * that hold for integers and fail for double, each with the witness the
 * prover found, re-checked by the evaluator (and, for Java's %, by the
 * JVM).
 *
 *   a < b  vs  !(a >= b):  equivalent over int; distinct over double,
 *                          on a NaN.
 *   x + 0  vs  x:          equivalent over int; over double (float-compare:
 *                          identical) killed by x = -0.0, whose sum is
 *                          +0.0; equivalent under float-compare: numeric.
 *   x - 0.0  vs  x:        equivalent (x - 0.0 keeps -0.0 and NaN).
 *   x * 0  vs  0:          equivalent over int; over double killed (by
 *                          a negative, an infinity or a NaN).
 *   x == x  vs  true:      equivalent over int; killed by NaN.
 *   a % b  vs  a - b:      Java's truncating %: a witness, and the JVM
 *                          gives different results on it.
 *
 * Then docs/float-rules.yaml proves what docs/float.md says, and the
 * shipped floating theories prove with no unknown answer and at most
 * 1.2 times as many solver calls as answers that need a proof.
 */
#include <inttypes.h>

#include "prover-test.h"

static const char theory[] =
	"theory: folklore\n"
	"targets:\n"
	"  - { name: lt, expr: a < b, domains: [int, double],\n"
	"      mutants: [ { label: NEG, expr: \"!(a >= b)\" } ] }\n"
	"  - { name: plus0, expr: x + 0, domains: [int], mutants: [ { label: ID, "
	"expr: x } ] }\n"
	"  - { name: plus0.0, expr: x + 0.0, domains: [double], mutants: [ { "
	"label: ID, expr: x } ] }\n"
	"  - { name: minus0.0, expr: x - 0.0, domains: [double], mutants: [ { "
	"label: ID, expr: x } ] }\n"
	"  - { name: times0, expr: x * 0, domains: [int], mutants: [ { label: "
	"ZERO, expr: \"0\" } ] }\n"
	"  - { name: times0.0, expr: x * 0.0, domains: [double], mutants: [ { "
	"label: ZERO, expr: \"0.0\" } ] }\n"
	"  - { name: self, expr: x == x, domains: [int, double], mutants: [ { "
	"label: TRUE, expr: \"true\" } ] }\n"
	"  - { name: rem, expr: a % b, domains: [double], mutants: [ { label: "
	"SUB, expr: a - b } ] }\n";

static struct arena *A;

/* Prove the one-mutant analysis; R_YES: the mutant is equivalent.  The
 * witness that kills it (if any) in w. */
static int prove1(const struct theory *th, const char *name, const char *dom,
		  struct value *w)
{
	const struct analysis *an = find_analysis(th, name, dom);
	if (!an)
		BUG("no analysis %s over %s", name, dom);
	struct prove_opts opts = { .timeout_ms = 0 };
	struct result *r = prove_analysis(A, an, &opts);
	if (r->nunknowns)
		return R_UNKNOWN;
	for (int k = 0; k < r->nwitnesses; k++)
		if (r->witnesses[k].kind == W_KILLS && r->witnesses[k].a == 1)
			memcpy(w, r->witnesses[k].input, sizeof(r->witnesses[k].input));
	return r->equiv[1];
}

/* Does input w kill the mutant (the evaluator's say)? */
static bool kills(const struct theory *th, const char *name, const char *dom,
		  const struct value *w)
{
	const struct analysis *an = find_analysis(th, name, dom);
	struct outcome o0, o1;
	eval_outcome(an->orig, an->nvars, w, &o0);
	eval_outcome(an->mutants[1].expr, an->nvars, w, &o1);
	return outcome_differs(&an->observe, an->nvars, &o0, &o1);
}

static const char *show(const struct theory *th, const char *name,
			const char *dom, const struct value *w)
{
	static char buf[200];
	struct strbuf sb = STRBUF_INIT;
	input_print(&sb, find_analysis(th, name, dom), w);
	snprintf(buf, sizeof(buf), "%s", sb.buf);
	sb_release(&sb);
	return buf;
}

static bool is_nan(struct value v)
{
	return value_is_nan(T_DOUBLE, v);
}

/* Run a % b and a - b in the JVM on doubles with bits x, y: do the
 * results differ (Double.equals)? -1 if the JVM could not run it. */
static int jvm_rem_differs(struct value x, struct value y)
{
	char dir[TAP_TMP_MAX] = "subsume-rem";
	if (!tap_mkdtemp(dir))
		return -1;
	char path[200], cmd[600];
	snprintf(path, sizeof(path), "%s/Rem.java", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "public class Rem { public static void main(String[] s) {\n"
		   " double a = Double.longBitsToDouble(0x%" PRIx64 "L);\n"
		   " double b = Double.longBitsToDouble(0x%" PRIx64 "L);\n"
		   " System.out.println(Double.valueOf(a %% b).equals(a - b) ? "
		   "\"same\" : \"differ\"); } }\n",
		x.bits, y.bits);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "javac -d %s %s && java -cp %s Rem", dir,
		 path, dir);
	FILE *p = popen(cmd, "r");
	char line[64] = "";
	if (!p || !fgets(line, sizeof(line), p))
		line[0] = '\0';
	int rc = p ? pclose(p) : -1;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		diag("cannot remove %s", dir);
	if (rc != 0)
		return -1;
	return !strncmp(line, "differ", 6);
}

/* Prove name over dom: the answer, the witness in w (printed in wtext). */
static int fact(const struct theory *th, const char *name, const char *dom,
		struct value *w, const char **wtext)
{
	memset(w, 0, MAX_VARS * sizeof(*w));
	int r = prove1(th, name, dom, w);
	*wtext = show(th, name, dom, w);
	return r;
}

static void facts(const struct theory *th)
{
	struct value w[MAX_VARS];
	const char *t;
	is_int(fact(th, "lt", "int", w, &t), R_YES,
	       "int: a < b and !(a >= b) are equivalent");
	int r = fact(th, "lt", "double", w, &t);
	ok(r == R_NO && (is_nan(w[0]) || is_nan(w[1])) &&
		   kills(th, "lt", "double", w),
	   "double: a < b and !(a >= b) differ, on a NaN (%s)", t);
	is_int(fact(th, "plus0", "int", w, &t), R_YES, "int: x + 0 is x");
	r = fact(th, "plus0.0", "double", w, &t);
	ok(r == R_NO && value_is_negative(T_DOUBLE, w[0]) &&
		   value_to_double(T_DOUBLE, w[0]) == 0 &&
		   kills(th, "plus0.0", "double", w),
	   "double: x + 0.0 is killed by x = -0.0 (%s)", t);
	is_int(fact(th, "minus0.0", "double", w, &t), R_YES,
	       "double: x - 0.0 is x");
	is_int(fact(th, "times0", "int", w, &t), R_YES, "int: x * 0 is 0");
	r = fact(th, "times0.0", "double", w, &t);
	ok(r == R_NO && kills(th, "times0.0", "double", w),
	   "double: x * 0.0 is not 0.0 (%s)", t);
	is_int(fact(th, "self", "int", w, &t), R_YES, "int: x == x is true");
	r = fact(th, "self", "double", w, &t);
	ok(r == R_NO && is_nan(w[0]) && kills(th, "self", "double", w),
	   "double: x == x is false for %s", t);
	r = fact(th, "rem", "double", w, &t);
	ok(r == R_NO && kills(th, "rem", "double", w),
	   "double: a %% b and a - b differ (%s)", t);
	int jvm = jvm_rem_differs(w[0], w[1]);
	ok(jvm == 1, "the JVM confirms: a %% b differs from a - b on %s (%s)", t,
	   jvm < 0 ? "JVM failed" : "ran");
}

/* docs/float-rules.yaml proves what docs/float.md says of each rule:
 * the rules that hold are equivalent, the others killed. */
static void rules_file(void)
{
	static const struct {
		const char *target;
		int holds;
	} rules[] = {
		{ "x + 0.0", R_NO }, { "x - 0.0", R_YES }, { "x * 0.0", R_NO },
		{ "0.0 / y", R_NO }, { "x == x", R_NO }, { "x * 1.0", R_YES },
		{ "x / 1.0", R_YES }, { "x + y - y", R_NO },
	};
	cap_begin();
	struct theory *th = theory_load(A, "docs/float-rules.yaml");
	cap_end();
	if (!ok(th && th->nanalyses == (int)ARRAY_SIZE(rules),
		"docs/float-rules.yaml loads: %zu rules", ARRAY_SIZE(rules)))
		return;
	for (size_t i = 0; i < ARRAY_SIZE(rules); i++) {
		struct value w[MAX_VARS];
		const char *t;
		int r = fact(th, rules[i].target, "double", w, &t);
		ok(r == rules[i].holds &&
			   (r == R_YES || kills(th, rules[i].target, "double", w)),
		   "docs/float-rules.yaml: %s %s%s%s", rules[i].target,
		   rules[i].holds == R_YES ? "is equivalent" : "is killed by ",
		   rules[i].holds == R_YES ? "" : t, "");
	}
}

/* The shipped floating theories: every answer proven under the default
 * limits, with solver calls within 1.2 times the lower bound (the
 * answers that need a proof): the test pool and the concrete search
 * answer every other question before Z3 is asked. */
static void speed(void)
{
	static const char *const files[] = { "theories/java-float.yaml",
					     "theories/c-float.yaml" };
	unsigned calls = 0, lb = 0, unknown = 0, n = 0;
	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		cap_begin();
		struct theory *th = theory_load(A, files[f]);
		cap_end();
		if (!ok(th != NULL, "%s loads", files[f]))
			return;
		for (int i = 0; i < th->nanalyses; i++, n++) {
			/* the default limits (cmd/run.h) */
			struct prove_opts opts = { .timeout_ms = 60000,
						   .rlimit = 50000000 };
			struct result *r = prove_analysis(A, &th->analyses[i],
							  &opts);
			calls += r->solver_calls;
			lb += r->lower_bound;
			unknown += (unsigned)r->nunknowns;
		}
	}
	is_int((int)unknown, 0, "the floating theories: no unknown answer in "
				"%u analyses", n);
	ok(calls * 5 <= lb * 6, "the floating theories: %u solver calls for a "
				"lower bound of %u (at most 1.2 times)",
	   calls, lb);
}

int main(void)
{
	plan_no_plan();
	A = arena_new();
	struct theory *th = load_theory_text(A, theory);
	if (!ok(th != NULL, "the theory loads")) {
		diag("%s", cap_buf ? cap_buf : "");
		return done_testing();
	}
	facts(th);
	rules_file();
	speed();
	/* float-compare: numeric: x + 0.0 is x (-0.0 == 0.0) */
	theory_force_float_compare(FCMP_NUMERIC);
	struct theory *num = load_theory_text(A, theory);
	theory_force_float_compare(-1);
	struct value w[MAX_VARS];
	const char *t = "";
	if (!ok(num && num->fcmp == FCMP_NUMERIC, "float-compare: numeric "
						  "loads"))
		return done_testing();
	is_int(fact(num, "plus0.0", "double", w, &t), R_YES,
	       "float-compare: numeric: x + 0.0 is x");
	int r = fact(num, "times0.0", "double", w, &t);
	ok(r == R_NO && !isfinite(value_to_double(T_DOUBLE, w[0])) &&
		   kills(num, "times0.0", "double", w),
	   "float-compare: numeric: x * 0.0 is killed, by an infinity or NaN "
	   "(%s)", t);
	arena_free(A);
	free(cap_buf);
	smt_finalize();
	return done_testing();
}
