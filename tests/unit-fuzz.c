/*
 * unit-fuzz.c - robustness, deterministically: thousands of mutated and
 * truncated theory files through theory_load(), and random expression
 * strings through the parser, the typer and the evaluator.  Nothing may
 * crash, hang or leak (the sanitizer build checks the last); every file
 * is either rejected with at least one "error:" diagnostic or loaded
 * with the invariants of theory.h; every expression that parses prints
 * and parses back to the same tree.
 */
#include "prover-test.h"

static struct arena *A;

static const char *const seeds[] = {
	"theory: s1\n"
	"description: a seed with most features\n"
	"domains:\n"
	"  pos: { type: int, assume: value > 0 }\n"
	"  mixed:\n"
	"    vars: { a: byte, b: pos }\n"
	"    assume: a != b\n"
	"operators:\n"
	"  MINE:\n"
	"    description: custom\n"
	"    on: [\"<\", \"<=\"]\n"
	"    replace: [\"==\", \"true\"]\n"
	"    delete: [lexp]\n"
	"    template:\n"
	"      - \"!({expr})\"\n"
	"      - { expr: \"{rexp} {op} {lexp}\", label: swap }\n"
	"targets:\n"
	"  - name: lexp < rexp\n"
	"    expr: a < b\n"
	"    domains: [int, mixed, &d byte]\n"
	"    operators: [ROR, MINE, COI]\n"
	"    mutants:\n"
	"      - { label: \"X(1)\", expr: \"a <= b + 1\" }\n"
	"  - expr: x += y\n"
	"    domains: [*d, long]\n"
	"    observe: [value, x]\n"
	"    operators: ASRS\n"
	"  - expr: 'p && !q'\n"
	"    domains: boolean\n"
	"    assume: p | q\n"
	"    operators: [COR, COI, COD, ODL]\n",

	"targets:\n"
	"  - expr: |\n"
	"      a >> b\n"
	"    domains: [byte, char]\n"
	"    operators: [SOR, LOR, AORB]\n"
	"  - expr: \"-a\"\n"
	"    domains: [short, integer]\n"
	"    operators: [AODU, AOIU, LOI]\n"
	"  - expr: \"c++\"\n"
	"    domains: int\n"
	"    observe: c\n"
	"    operators: [AORS, AODS, SDL]\n",
};

static const char *const inserts[] = {
	"[", "]", "{", "}", ":", ": ", "- ", ",", "&a ", "*a", "\n", "  ",
	"'", "\"", "#", "|", ">", "\t", "?", "!", "%", "@", "`", "\\", "---\n",
	"...\n", "*d", "&d ", "\xc3\xa9", "\xff", "0x", "{lexp}", "{op}", "(",
	")", "++", "<<=", "2147483648", "'a'", "true", "value", "domains",
	"operators", "targets", "expr", "observe", "mutants", "label",
};

static uint64_t S = 0xf022;

static size_t rnd(size_t n)
{
	return n ? (size_t)(rnd_next(&S) % n) : 0;
}

/* One random edit of text (a heap string), returning a new heap string. */
static char *mutate(const char *text)
{
	size_t n = strlen(text);
	struct strbuf sb = STRBUF_INIT;
	size_t at = rnd(n + 1);
	switch (rnd(7)) {
	case 0: /* truncate */
		sb_add(&sb, text, at);
		break;
	case 1: /* delete a few bytes */
		sb_add(&sb, text, at);
		if (at < n) {
			size_t k = 1 + rnd(8);
			sb_puts(&sb, text + (at + k < n ? at + k : n));
		}
		break;
	case 2: case 3: /* insert something meaningful */
		sb_add(&sb, text, at);
		sb_puts(&sb, inserts[rnd(ARRAY_SIZE(inserts))]);
		sb_puts(&sb, text + at);
		break;
	case 4: /* flip a byte */
		sb_puts(&sb, text);
		if (n)
			sb.buf[rnd(n)] = (char)(1 + rnd(255));
		break;
	case 5: { /* duplicate a line */
		const char *l = text + at;
		while (l > text && l[-1] != '\n')
			l--;
		const char *e = strchr(l, '\n');
		e = e ? e + 1 : text + n;
		sb_add(&sb, text, (size_t)(e - text));
		sb_add(&sb, l, (size_t)(e - l));
		sb_puts(&sb, e);
		break;
	}
	default: { /* change the indentation of a line */
		const char *l = text + at;
		while (l > text && l[-1] != '\n')
			l--;
		sb_add(&sb, text, (size_t)(l - text));
		if (rnd(2))
			sb_puts(&sb, "  ");
		else if (*l == ' ')
			l++;
		sb_puts(&sb, l);
		break;
	}
	}
	if (!sb.buf)
		sb_puts(&sb, "");
	return sb.buf;
}

/* The invariants theory.h promises of a loaded theory. */
static bool invariants(const struct theory *th, char *why, size_t whysz)
{
	for (int i = 0; i < th->nanalyses; i++) {
		const struct analysis *an = &th->analyses[i];
		if (!an->orig || an->orig->type == T_ERROR || an->nmutants < 1) {
			snprintf(why, whysz, "analysis %d: bad original", i);
			return false;
		}
		for (int m = 1; m <= an->nmutants; m++) {
			const struct mutant *mu = &an->mutants[m];
			if (!mu->expr) {
				snprintf(why, whysz, "mutant %d has no tree", m);
				return false;
			}
			/* a deleted statement (void) is allowed when only
			 * variables are observed */
			bool comparable =
				types_comparable(mu->expr->type,
						 an->orig->type) ||
				(!an->observe.value &&
				 (mu->expr->type == T_VOID ||
				  an->orig->type == T_VOID));
			if (mu->id != m || mu->expr->type == T_ERROR ||
			    !comparable || expr_equal(mu->expr, an->orig)) {
				snprintf(why, whysz, "analysis %d: mutant %d", i, m);
				return false;
			}
			if (an->observe.value && mu->expr->type == T_VOID) {
				snprintf(why, whysz, "void mutant observed");
				return false;
			}
			for (int k = 1; k < m; k++)
				if (!strcmp(an->mutants[k].label, mu->label)) {
					snprintf(why, whysz, "label %s twice",
						 mu->label);
					return false;
				}
		}
	}
	return true;
}

static void fuzz_theories(void)
{
	enum { ROUNDS = 5000 };
	int loaded = 0, rejected = 0, silent = 0, broken = 0;
	for (int r = 0; r < ROUNDS; r++) {
		char *t = xstrdup(seeds[r % ARRAY_SIZE(seeds)]);
		int edits = 1 + (int)rnd(2);
		for (int e = 0; e < edits; e++) {
			char *u = mutate(t);
			free(t);
			t = u;
		}
		struct arena *a = arena_new();
		int errs = diag_errors;
		struct theory *th = load_theory_text(a, t);
		if (th) {
			char why[256];
			loaded++;
			if (!invariants(th, why, sizeof(why)) && broken++ < 3)
				diag("invariant broken (%s) after loading:\n%s",
				     why, t);
		} else {
			rejected++;
			if ((diag_errors == errs || !strstr(cap_buf, "error: ")) &&
			    silent++ < 3)
				diag("rejected without an error message:\n%s", t);
		}
		arena_free(a);
		free(t);
	}
	ok(silent == 0, "every rejected file has an error message (%d of %d "
			"rejected)",
	   rejected, ROUNDS);
	ok(broken == 0, "every loaded file keeps the invariants (%d loaded)",
	   loaded);
	ok(loaded >= ROUNDS / 100 && rejected > ROUNDS / 4,
	   "the edits produce both valid and invalid theories");
}

static const char *const toks[] = {
	"a", "b", "c", "x", "n", "z", "0", "1", "7", "2147483647",
	"2147483648", "-2147483648", "0x7f", "017", "0b1", "1L",
	"9223372036854775807L", "'a'", "'\\n'", "'\\u0041'", "true", "false",
	"+", "-", "*", "/", "%", "<<", ">>", ">>>", "<", "<=", ">", ">=",
	"==", "!=", "&", "^", "|", "&&", "||", "?", ":", "=", "+=", "-=",
	"*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>=", "++", "--",
	"!", "~", "(", ")", "(", ")", " ", "{lexp}", ".", "\"", "'", "1_0",
	"\xc3", "@",
};

static void fuzz_expressions(void)
{
	enum { ROUNDS = 20000 };
	struct tenv env;
	tenv_std(&env);
	/* single-letter names used above: a/c/x/n/z exist or not */
	int parsed = 0, typed = 0, bad_trip = 0;
	for (int r = 0; r < ROUNDS; r++) {
		struct strbuf sb = STRBUF_INIT;
		int len = 1 + (int)rnd(12);
		for (int k = 0; k < len; k++) {
			if (rnd(40) == 0) {
				char ch = (char)(1 + rnd(255));
				sb_add(&sb, &ch, 1);
			} else {
				sb_puts(&sb, toks[rnd(ARRAY_SIZE(toks))]);
			}
			if (rnd(2))
				sb_putc(&sb, ' ');
		}
		struct arena *a = arena_new();
		struct texpr t;
		struct node *n = tparse_at(a, &t, sb.buf, NULL, 0, NULL);
		if (n) {
			parsed++;
			struct strbuf p = STRBUF_INIT;
			expr_print(&p, n);
			struct node *m = tparse(a, p.buf);
			if ((!m || !expr_equal(n, m)) && bad_trip++ < 3)
				diag("'%s' printed as '%s' does not parse back",
				     esc(sb.buf), esc(p.buf));
			sb_release(&p);
			struct strbuf msg = STRBUF_INIT;
			struct type_env te = { env.n, env.names, env.types, false,
					       &msg, A, NULL };
			if (type_expr(n, &te, NULL) == 0) {
				typed++;
				struct value in[MAX_VARS];
				for (int v = 0; v < env.n; v++)
					in[v] = rnd_value(&S, env.types[v]);
				struct outcome o;
				eval_outcome(n, env.n, in, &o);
			}
			sb_release(&msg);
		}
		arena_free(a);
		sb_release(&sb);
	}
	ok(bad_trip == 0, "random token strings: %d parsed, all print and "
			  "parse back",
	   parsed);
	ok(parsed > ROUNDS / 50 && typed > 0,
	   "some random strings parse (%d) and type (%d)", parsed, typed);
}

int main(void)
{
	A = arena_new();
	fuzz_theories();
	fuzz_expressions();
	arena_free(A);
	free(cap_buf);
	return done_testing();
}
