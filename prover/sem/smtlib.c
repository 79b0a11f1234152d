/* smtlib.c - Z3 terms to an SMT-LIB 2 benchmark; see smtlib.h. */
#include "sem/smtlib.h"

#include <string.h>

static _Thread_local bool failed;

static void on_error(Z3_context c, Z3_error_code e)
{
	(void)c;
	(void)e;
	failed = true;
}

int smtlib_benchmark(Z3_context c, Z3_ast assume, Z3_ast f,
		     const char *logic, struct strbuf *out)
{
	Z3_config cfg = Z3_mk_config();
	Z3_context to = Z3_mk_context(cfg);
	Z3_del_config(cfg);
	Z3_set_error_handler(to, on_error);
	failed = false;
	Z3_ast as[1] = { assume ? Z3_translate(c, assume, to) : NULL };
	Z3_ast g = Z3_translate(c, f, to);
	/* Z3 writes a comment line (the benchmark's name), set-info,
	 * set-logic, the declarations, the assumptions, the formula and
	 * check-sat. */
	const char *text = failed || !g || (assume && !as[0]) ? NULL
		: Z3_benchmark_to_smtlib_string(to, "", logic, "unknown", "",
						assume ? 1 : 0, as, g);
	int rc = -1;
	if (text && !failed) {
		if (text[0] == ';')
			text += strcspn(text, "\n") + (strchr(text, '\n') != NULL);
		for (const char *p; (p = strstr(text, "(bv2int ")); text = p + 8) {
			sb_add(out, text, (size_t)(p - text));
			sb_puts(out, "(bv2nat ");
		}
		sb_puts(out, text);
		if (!out->len || out->buf[out->len - 1] != '\n')
			sb_putc(out, '\n');
		rc = 0;
	}
	Z3_del_context(to);
	return rc;
}
