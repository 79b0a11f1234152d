/*
 * fuzz-operator.c - an operator definition applied to one target, the
 * mutation rules' path through theory_load() (rule checks, template
 * holes, replace/delete/on, labels).
 *
 * Test case format, line by line:
 *
 *     int                      the target's domains (a YAML flow list's body)
 *     a < b                    the target expression
 *     value                    what it observes (flow list body; may be empty)
 *     replace: [">", "<="]     the rest: the body of operator F
 *     template: ["!({expr})"]
 *
 * becomes the theory
 *
 *     operators:
 *       F:
 *         replace: [">", "<="]
 *         template: ["!({expr})"]
 *     targets:
 *       - expr: 'a < b'
 *         domains: [int]
 *         observe: [value]
 *         operators: [F]
 *
 * and is checked like fuzz_theory (fuzz-theory.c).
 */
#include "fuzz/fuzz.h"

#include <string.h>

/* The next line of *s (without its newline); advances *s. */
static const char *line(const char **s, size_t *n)
{
	const char *l = *s;
	*n = strcspn(l, "\n");
	*s = l[*n] ? l + *n + 1 : l + *n;
	return l;
}

int fuzz_operator(const uint8_t *data, size_t size)
{
	char *in = fuzz_strndup(data, size);
	const char *s = in;
	size_t nd, ne, no, nb;
	const char *dom = line(&s, &nd);
	const char *expr = line(&s, &ne);
	const char *obs = line(&s, &no);
	struct strbuf t = STRBUF_INIT;
	sb_puts(&t, "operators:\n  F:\n");
	while (*s) {
		const char *b = line(&s, &nb);
		sb_puts(&t, "    ");
		sb_add(&t, b, nb);
		sb_putc(&t, '\n');
	}
	sb_puts(&t, "targets:\n  - expr: '");
	for (size_t i = 0; i < ne; i++) {
		if (expr[i] == '\'')
			sb_putc(&t, '\'');
		sb_putc(&t, expr[i]);
	}
	sb_puts(&t, "'\n    domains: [");
	sb_add(&t, dom, nd);
	sb_puts(&t, "]\n");
	if (no) {
		sb_puts(&t, "    observe: [");
		sb_add(&t, obs, no);
		sb_puts(&t, "]\n");
	}
	sb_puts(&t, "    operators: [F]\n");
	fuzz_theory((const uint8_t *)t.buf, t.len);
	sb_release(&t);
	free(in);
	return 0;
}
