/*
 * unit-theory.c - loading theories (theory.c, mutate.c): domain
 * assumptions renamed per variable, per-variable domains, the analyses
 * and mutants generated (ids, labels, texts, skipped ones), operator
 * redefinition, 'on' lists, observed variables, explicit mutants.
 */
#include "prover-test.h"

static struct arena *A;

static const char *labels(const struct analysis *an)
{
	static struct strbuf sb;
	sb_reset(&sb);
	for (int m = 1; m <= an->nmutants; m++)
		sb_printf(&sb, "%s%s=%s", m > 1 ? " " : "",
			  an->mutants[m].label, an->mutants[m].text);
	return sb.buf ? sb.buf : "";
}

static const char *skipped(const struct analysis *an)
{
	static struct strbuf sb;
	sb_reset(&sb);
	for (int k = 0; k < an->nskipped; k++)
		sb_printf(&sb, "%s%s: %s", k ? "; " : "", an->skipped[k].label,
			  an->skipped[k].reason);
	return sb.buf ? sb.buf : "";
}

static void basics(void)
{
	struct theory *th = load_theory_text(A,
		"domains:\n"
		"  pos: { type: int, assume: value > 0 }\n"
		"  mixed:\n"
		"    vars: { a: pos, b: char }\n"
		"    assume: a != b\n"
		"targets:\n"
		"  - expr: a < b\n"
		"    domains: [int, pos, mixed]\n"
		"    assume: a != 7\n"
		"    operators: [ROR, COI]\n"
		"    mutants:\n"
		"      - { label: \"X(1)\", expr: \"a <= b + 1\" }\n");
	if (!ok(th != NULL, "theory 1 loads")) {
		diag("%s", cap_buf);
		return;
	}
	ok(!strncmp(th->name, "subsume-test-", 13),
	   "the theory is named after its file (%s)", th->name);
	is_int(th->nanalyses, 3, "one analysis per domain");
	const struct analysis *i = &th->analyses[0], *p = &th->analyses[1],
			      *m = &th->analyses[2];
	is_str(i->domain->name, "int", "first analysis: int");
	is_str(i->assume_text, "a != 7", "int: the target's assumption only");
	is_str(p->assume_text, "a > 0 && b > 0 && a != 7",
	       "pos: the domain assumption for each variable, then the "
	       "target's");
	is_str(m->assume_text, "a > 0 && a != b && a != 7",
	       "mixed: the variable's domain, the domain's, the target's");
	ok(m->var_types[0] == T_INT && m->var_types[1] == T_CHAR,
	   "mixed: per-variable types");
	is_str(labels(i),
	       "ROR(>)=a > b ROR(>=)=a >= b ROR(<=)=a <= b ROR(==)=a == b "
	       "ROR(!=)=a != b ROR(true)=true ROR(false)=false "
	       "COI(!(lexp < rexp))=!(a < b) X(1)=a <= b + 1",
	       "mutants in declaration order, labels in the paper's style");
	is_str(skipped(i),
	       "COI(!lexp < rexp): '!' needs a boolean operand, but this is "
	       "int; COI(lexp < !rexp): '!' needs a boolean operand, but "
	       "this is int",
	       "ill-typed generated mutants are skipped with the reason");
	is_str(i->mutants[9].op, "X", "an explicit mutant's operator is its "
				     "label up to '('");
	ok(i->mutants[9].explicit_ && !i->mutants[1].explicit_,
	   "explicit mutants are marked");
	ok(i->observe.value && !i->observe.var[0] && !i->observe.var[1],
	   "by default the value is observed");
}

static void operators(void)
{
	struct theory *th = load_theory_text(A,
		"operators:\n"
		"  ROR: [\"==\"]\n"
		"  ONLYLT:\n"
		"    on: [\"<\"]\n"
		"    replace: [\">\"]\n"
		"  SWAP:\n"
		"    template:\n"
		"      - { expr: \"{rexp} {op} {lexp}\", label: swap }\n"
		"      - \"{lexp} {op} {lexp}\"\n"
		"targets:\n"
		"  - expr: a < b\n"
		"    domains: int\n"
		"    operators: [ROR, ONLYLT, SWAP]\n"
		"  - expr: a <= b\n"
		"    domains: int\n"
		"    operators: [ROR, ONLYLT, SWAP]\n"
		"  - expr: x += y\n"
		"    domains: byte\n"
		"    observe: [x]\n"
		"    operators: [ASRS, SDL, ODL]\n"
		"  - expr: x++\n"
		"    domains: byte\n"
		"    observe: [value, x]\n"
		"    operators: [AORS, AODS, SDL]\n");
	if (!ok(th != NULL, "theory 2 loads")) {
		diag("%s", cap_buf);
		return;
	}
	is_str(labels(&th->analyses[0]),
	       "ROR(==)=a == b ONLYLT(>)=a > b SWAP(swap)=b < a "
	       "SWAP(lexp < lexp)=a < a",
	       "a redefined built-in, an 'on' list, templates");
	is_str(labels(&th->analyses[1]),
	       "ROR(==)=a == b SWAP(swap)=b <= a SWAP(lexp <= lexp)=a <= a",
	       "'on' keeps ONLYLT off '<='");
	const struct analysis *c = &th->analyses[2];
	ok(!c->observe.value && c->observe.var[0] && !c->observe.var[1],
	   "observe: [x] observes x only");
	is_int(c->nmutants, 12, "x += y: ten ASRS, SDL and ODL");
	is_str(c->mutants[11].text, ";", "SDL deletes the statement");
	is_str(c->mutants[12].text, "x = y", "ODL deletes the operator");
	const struct analysis *d = &th->analyses[3];
	is_str(labels(d), "AORS(--)=x-- AODS(exp)=x",
	       "x++: AORS and AODS; SDL has no value to observe");
	is_str(skipped(d),
	       "SDL: it deletes the statement, which leaves no value to "
	       "observe (observe variables instead)",
	       "SDL is skipped when the value is observed");
}

static void deep_assumption(void)
{
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, "domains:\n  d: { type: int, assume: \"");
	for (int k = 0; k < 150; k++)
		sb_printf(&sb, "value == %d ? true : ", k);
	sb_puts(&sb, "false\" }\ntargets:\n  - expr: a < b\n"
		     "    domains: d\n    operators: [ROR]\n");
	struct theory *th = load_theory_text(A, sb.buf);
	sb_release(&sb);
	if (!ok(th != NULL, "a 150-deep domain assumption loads")) {
		diag("%s", cap_buf);
		return;
	}
	const struct analysis *an = &th->analyses[0];
	ok(an->assume_text && !strstr(an->assume_text, "value") &&
		   strstr(an->assume_text, "a == 149") &&
		   strstr(an->assume_text, "b == 149"),
	   "'value' is renamed at every depth, for both variables");
	struct value in[MAX_VARS] = { value_int(3), value_int(140) };
	bool und = false;
	ok(eval_holds(an->assume, an->nvars, in, &und), "a=3, b=140 holds");
	in[1] = value_int(150);
	ok(!eval_holds(an->assume, an->nvars, in, &und),
	   "a=3, b=150 does not hold");
}

int main(void)
{
	A = arena_new();
	basics();
	operators();
	deep_assumption();
	arena_free(A);
	free(cap_buf);
	return done_testing();
}
