/* options.c - see options.h. */
#include "base/options.h"

#include <errno.h>
#include <string.h>

struct strbuf *opt_man_out;

void opt_list_release(struct opt_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* "-h, --help", "-j N", "--timeout MS". */
static void spec(struct strbuf *sb, const struct option *o)
{
	if (o->short_name)
		sb_printf(sb, "-%c", o->short_name);
	if (o->short_name && o->long_name)
		sb_puts(sb, ", ");
	if (o->long_name)
		sb_printf(sb, "--%s", o->long_name);
	if (o->argname)
		sb_printf(sb, " %s", o->argname);
}

/* The help text with "%u" replaced by the default. */
static void help_text(struct strbuf *sb, const struct option *o)
{
	const char *h = o->help ? o->help : "";
	const char *pct = o->kind == OPT_KIND_UINT ? strstr(h, "%u") : NULL;
	if (!pct) {
		sb_puts(sb, h);
		return;
	}
	sb_add(sb, h, (size_t)(pct - h));
	sb_printf(sb, "%u", *(const unsigned *)o->dest);
	sb_puts(sb, pct + 2);
}

static int column(const struct option *opts, const struct opt_usage *u)
{
	int width = u->width ? u->width : 18;
	for (const struct option *o = opts; o->kind; o++) {
		struct strbuf s = STRBUF_INIT;
		spec(&s, o);
		if ((int)s.len + 4 > width)
			width = (int)s.len + 4;
		sb_release(&s);
	}
	return width;
}

void opt_help(struct strbuf *sb, const struct option *opts,
	      const struct opt_usage *u)
{
	int width = column(opts, u);
	sb_printf(sb, "usage: %s\n\n%s", u->usage, u->about ? u->about : "");
	sb_puts(sb, "options:\n");
	for (const struct option *o = opts; o->kind; o++) {
		struct strbuf s = STRBUF_INIT, h = STRBUF_INIT;
		spec(&s, o);
		help_text(&h, o);
		sb_printf(sb, "  %-*s", width - 2, s.buf);
		for (const char *p = h.buf ? h.buf : ""; *p;) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);
			if (p != h.buf)
				sb_printf(sb, "%*s", width, "");
			sb_add(sb, p, n);
			sb_putc(sb, '\n');
			p += n + (nl != NULL);
		}
		if (!h.len)
			sb_putc(sb, '\n');
		sb_release(&s);
		sb_release(&h);
	}
	if (u->tail)
		sb_printf(sb, "\n%s", u->tail);
}

int opt_usage_error(const struct option *opts, const struct opt_usage *u,
		    const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	sb_printf(&sb, "%s: ", progname);
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	sb_puts(&sb, "\n\n");
	opt_help(&sb, opts, u);
	fputs(sb.buf, stderr);
	sb_release(&sb);
	return EXIT_USAGE;
}

/* ---- the man page ---- */

void opt_roff_text(struct strbuf *sb, const char *text)
{
	bool bol = true;
	for (const char *p = text; *p; p++) {
		if (bol && (*p == '.' || *p == '\''))
			sb_puts(sb, "\\&");
		bol = *p == '\n';
		if (*p == '\\')
			sb_puts(sb, "\\e");
		else if (*p == '-')
			sb_puts(sb, "\\-");
		else
			sb_putc(sb, *p);
	}
}

static void man_section(struct strbuf *sb, const struct option *opts,
			const struct opt_usage *u)
{
	sb_puts(sb, ".SS \"");
	opt_roff_text(sb, u->usage);
	sb_puts(sb, "\"\n");
	if (u->about && *u->about) {
		opt_roff_text(sb, u->about);
		if (sb->buf[sb->len - 1] != '\n')
			sb_putc(sb, '\n');
	}
	for (const struct option *o = opts; o->kind; o++) {
		struct strbuf s = STRBUF_INIT, h = STRBUF_INIT;
		if (o->short_name)
			sb_printf(&s, "-%c", o->short_name);
		if (o->short_name && o->long_name)
			sb_puts(&s, ", ");
		if (o->long_name)
			sb_printf(&s, "--%s", o->long_name);
		sb_puts(sb, ".TP\n\\fB");
		opt_roff_text(sb, s.buf);
		sb_puts(sb, "\\fR");
		if (o->argname) {
			sb_puts(sb, " \\fI");
			opt_roff_text(sb, o->argname);
			sb_puts(sb, "\\fR");
		}
		sb_putc(sb, '\n');
		help_text(&h, o);
		for (size_t i = 0; i < h.len; i++)
			if (h.buf[i] == '\n')
				h.buf[i] = ' ';
		opt_roff_text(sb, h.buf ? h.buf : "");
		sb_putc(sb, '\n');
		sb_release(&s);
		sb_release(&h);
	}
	if (u->tail) {
		sb_puts(sb, ".PP\n");
		opt_roff_text(sb, u->tail);
		if (sb->buf[sb->len - 1] != '\n')
			sb_putc(sb, '\n');
	}
}

/* ---- parsing ---- */

static int bad_value(const struct option *opts, const struct opt_usage *u,
		     const struct option *o, const char *name, const char *v)
{
	if (o->kind == OPT_KIND_UINT)
		return opt_usage_error(opts, u, "%s takes %s, not '%s'", name,
				       o->what ? o->what : "a number", v);
	struct strbuf sb = STRBUF_INIT;
	int n = 0;
	while (o->choices[n])
		n++;
	for (int i = 0; i < n; i++)
		sb_printf(&sb, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
			  o->choices[i]);
	opt_usage_error(opts, u, "unknown %s '%s' (%s)",
			o->long_name ? o->long_name : name, v, sb.buf);
	sb_release(&sb);
	return EXIT_USAGE;
}

/* Store v (the option's value as typed) in o's destination. */
static int store(const struct option *opts, const struct opt_usage *u,
		 const struct option *o, const char *name, const char *v)
{
	switch (o->kind) {
	case OPT_KIND_UINT: {
		char *end;
		errno = 0;
		unsigned long x = strtoul(v, &end, 10);
		if (!*v || *end || errno || x > 0xffffffffUL || v[0] == '-' ||
		    v[0] == '+' || v[0] == ' ' || x < o->min ||
		    (o->max && x > o->max))
			return bad_value(opts, u, o, name, v);
		*(unsigned *)o->dest = (unsigned)x;
		return 0;
	}
	case OPT_KIND_CHOICE:
		for (int i = 0; o->choices[i]; i++)
			if (!strcmp(v, o->choices[i])) {
				*(const char **)o->dest = o->choices[i];
				return 0;
			}
		return bad_value(opts, u, o, name, v);
	case OPT_KIND_LIST: {
		struct opt_list *l = o->dest;
		l->v = xrealloc(l->v, sizeof(*l->v) * (size_t)(l->n + 1));
		l->v[l->n++] = v;
		return 0;
	}
	default:
		*(const char **)o->dest = v;
		return 0;
	}
}

static int unknown(const struct option *opts, const struct opt_usage *u,
		   const char *arg)
{
	size_t n = 0;
	for (const struct option *o = opts; o->kind; o++)
		n += (o->short_name != 0) + (o->long_name != NULL);
	char **names = xcalloc(n + 1, sizeof(*names));
	size_t k = 0;
	for (const struct option *o = opts; o->kind; o++) {
		struct strbuf s = STRBUF_INIT;
		if (o->short_name) {
			sb_printf(&s, "-%c", o->short_name);
			names[k++] = s.buf;
			s = (struct strbuf)STRBUF_INIT;
		}
		if (o->long_name) {
			sb_printf(&s, "--%s", o->long_name);
			names[k++] = s.buf;
		}
	}
	size_t len = strcspn(arg, "=");
	char *typed = xstrdup(arg);
	typed[len] = '\0';
	/* "-x" is one letter from every short option: no suggestion. */
	const char *best = len <= 2 ? NULL
			   : closest_word(typed, (const char *const *)names, k);
	if (best)
		opt_usage_error(opts, u, "unknown option '%s'; did you mean "
				"'%s'?", arg, best);
	else
		opt_usage_error(opts, u, "unknown option '%s'", arg);
	for (size_t i = 0; i < k; i++)
		free(names[i]);
	free(names);
	free(typed);
	return EXIT_USAGE;
}

static int show_help(const struct option *opts, const struct opt_usage *u)
{
	if (opt_man_out) {
		man_section(opt_man_out, opts, u);
		return -1;
	}
	struct strbuf sb = STRBUF_INIT;
	opt_help(&sb, opts, u);
	fputs(sb.buf, stdout);
	sb_release(&sb);
	return -1;
}

/* One option at argv[*i]; advances *i past its value.  0, -1 (help)
 * or EXIT_USAGE. */
static int parse_one(int argc, char **argv, int *i, const struct option *opts,
		     const struct opt_usage *u)
{
	const char *a = argv[*i], *v = NULL;
	const struct option *o;
	struct strbuf name = STRBUF_INIT;
	bool is_long = a[1] == '-';
	for (o = opts; o->kind; o++) {
		if (is_long && o->long_name) {
			size_t n = strlen(o->long_name);
			if (!strncmp(a + 2, o->long_name, n) &&
			    (a[2 + n] == '\0' || a[2 + n] == '=')) {
				v = a[2 + n] == '=' ? a + 3 + n : NULL;
				sb_printf(&name, "--%s", o->long_name);
				break;
			}
		} else if (!is_long && o->short_name == a[1]) {
			v = a[2] ? a + 2 : NULL;
			sb_printf(&name, "-%c", o->short_name);
			break;
		}
	}
	if (!o->kind)
		return unknown(opts, u, a);
	int rc = 0;
	if (o->kind == OPT_KIND_HELP || o->kind == OPT_KIND_FLAG) {
		if (v)
			rc = opt_usage_error(opts, u, "option '%s' takes no "
					     "value", name.buf);
		else if (o->kind == OPT_KIND_HELP)
			rc = show_help(opts, u);
		else
			*(bool *)o->dest = o->value;
	} else {
		if (!v && *i + 1 >= argc)
			rc = opt_usage_error(opts, u, "option '%s' needs a "
					     "value", name.buf);
		else
			rc = store(opts, u, o, name.buf, v ? v : argv[++*i]);
	}
	sb_release(&name);
	return rc;
}

int parse_options(int argc, char **argv, const struct option *opts,
		  const struct opt_usage *u, int *first)
{
	int i;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] != '-' || !a[1])
			break;
		int rc = parse_one(argc, argv, &i, opts, u);
		if (rc)
			return rc;
	}
	*first = i;
	return 0;
}
