/*
 * html.c - a self-contained HTML page for a mutation-testing-elements
 * report (elements.h): the web component's bundled script
 * (mutation-testing-elements 3.9.0, dist/mutation-test-elements.js,
 * fetched by scripts/elements.sh and compiled in as mte_elements_js by
 * make) and the report, inlined; the page needs no network.
 *
 * Built without the component (scripts/elements.sh could not fetch it),
 * mte_elements_js is empty and mte_report_html() refuses.
 */
#include <string.h>

#include "emit/elements.h"

extern const char mte_elements_js[];

bool mte_html_available(void)
{
	return mte_elements_js[0] != 0;
}

/* Text inside <script>: "</" and "<!--" must not appear; in the JSON
 * every '<' is inside a string, where "\u003c" means the same. */
static void script_json(struct strbuf *sb, const char *s)
{
	for (; *s; s++)
		if (*s == '<')
			sb_puts(sb, "\\u003c");
		else
			sb_putc(sb, *s);
}

static void html_text(struct strbuf *sb, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': sb_puts(sb, "&lt;"); break;
		case '>': sb_puts(sb, "&gt;"); break;
		case '&': sb_puts(sb, "&amp;"); break;
		case '"': sb_puts(sb, "&quot;"); break;
		default: sb_putc(sb, *s);
		}
}

int mte_report_html(const struct mte_report *r, const char *title,
		    struct strbuf *sb)
{
	if (!mte_html_available())
		return -1;
	struct strbuf json = STRBUF_INIT;
	mte_report_json(r, NULL, NULL, &json);
	sb_puts(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n<title>");
	html_text(sb, title);
	sb_puts(sb, "</title>\n<!-- mutation-testing-elements 3.9.0 "
		"(Apache-2.0, https://github.com/stryker-mutator/"
		"mutation-testing-elements), inlined by subsume -->\n<script>\n");
	sb_puts(sb, mte_elements_js);
	sb_puts(sb, "</script>\n</head>\n<body>\n<mutation-test-report-app "
		"title-postfix=\"");
	html_text(sb, title);
	sb_puts(sb, "\"></mutation-test-report-app>\n<script>\n"
		"document.querySelector('mutation-test-report-app').report = ");
	script_json(sb, json.buf);
	sb_puts(sb, ";\n</script>\n</body>\n</html>\n");
	sb_release(&json);
	return 0;
}
