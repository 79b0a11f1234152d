/* util.c - see util.h. */
#include "base/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *progname = "subsume";

_Thread_local struct recover *recover_point;
static _Thread_local int recover_holds;

bool recover_armed(void)
{
	return recover_point && !recover_holds;
}

void recover_jump(const char *cause, const char *fmt, ...)
{
	struct recover *r = recover_point;
	if (!r || recover_holds)
		BUG("recover_jump() without a recovery point");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->msg, sizeof(r->msg), fmt, ap);
	va_end(ap);
	r->cause = cause;
	recover_point = NULL; /* a fatal error in a cleanup exits */
	while (r->n > 0) {
		r->n--;
		r->cleanup[r->n].fn(r->cleanup[r->n].arg);
	}
	longjmp(r->jb, 1);
}

void recover_push(void (*fn)(void *), void *arg)
{
	struct recover *r = recover_point;
	if (!r)
		return;
	if (r->n == RECOVER_CLEANUPS)
		BUG("more than %d cleanups at a recovery point",
		    RECOVER_CLEANUPS);
	r->cleanup[r->n].fn = fn;
	r->cleanup[r->n++].arg = arg;
}

void recover_pop(void *arg)
{
	struct recover *r = recover_point;
	if (!r)
		return;
	if (!r->n || r->cleanup[r->n - 1].arg != arg)
		BUG("recover_pop() out of order");
	r->n--;
}

void recover_hold(void)
{
	recover_holds++;
}

void recover_unhold(void)
{
	recover_holds--;
}

void die(const char *fmt, ...)
{
	va_list ap;
	if (recover_armed()) {
		char msg[200];
		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		recover_jump("fatal", "%s", msg);
	}
	fprintf(stderr, "%s: fatal: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_IO);
}

void bug_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: BUG: %s:%d: ", progname, file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_INTERNAL);
}

int error(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: error: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

NORETURN static void out_of_memory(size_t n)
{
	if (recover_armed())
		recover_jump("memory", "out of memory (an allocation of %zu "
			     "bytes failed)", n);
	die("out of memory (%zu bytes)", n);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

/* ---- arena ---- */

struct chunk {
	struct chunk *next;
	size_t size, used;
	max_align_t data[];
};

struct arena {
	struct chunk *head;
};

struct arena *arena_new(void)
{
	return xcalloc(1, sizeof(struct arena));
}

void arena_free(struct arena *a)
{
	if (!a)
		return;
	for (struct chunk *c = a->head, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	free(a);
}

void *arena_alloc(struct arena *a, size_t n)
{
	size_t align = sizeof(max_align_t);
	n = (n + align - 1) / align * align;
	if (!n)
		n = align;
	struct chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t size = n > 65536 ? n : 65536;
		c = xmalloc(sizeof(*c) + size);
		c->size = size;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	char *p = arena_strndup(a, sb.buf, sb.len);
	sb_release(&sb);
	return p;
}

/* ---- strbuf ---- */

static void sb_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 > sb->cap) {
		size_t cap = sb->cap ? sb->cap : 64;
		while (cap < sb->len + extra + 1)
			cap *= 2;
		sb->buf = xrealloc(sb->buf, cap);
		sb->cap = cap;
	}
}

void sb_add(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_putc(struct strbuf *sb, char c)
{
	sb_add(sb, &c, 1);
}

/* Formats into the room left first (one pass, the usual case), and
 * only when that is too small grows and formats again. */
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	sb_grow(sb, 32);
	size_t room = sb->cap - sb->len;
	int n = vsnprintf(sb->buf + sb->len, room, fmt, cp);
	va_end(cp);
	if (n < 0)
		BUG("vsnprintf failed");
	if ((size_t)n >= room) {
		sb_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

void sb_putint(struct strbuf *sb, long long v)
{
	char b[24], *p = b + sizeof(b);
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v
				     : (unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	sb_add(sb, p, (size_t)(b + sizeof(b) - p));
}

void sb_puthex(struct strbuf *sb, unsigned long long u)
{
	char b[16], *p = b + sizeof(b);
	do
		*--p = "0123456789abcdef"[u & 15];
	while (u >>= 4);
	sb_add(sb, p, (size_t)(b + sizeof(b) - p));
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void sb_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void sb_json_str(struct strbuf *sb, const char *s)
{
	sb_putc(sb, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '"': sb_puts(sb, "\\\""); break;
		case '\\': sb_puts(sb, "\\\\"); break;
		case '\n': sb_puts(sb, "\\n"); break;
		case '\t': sb_puts(sb, "\\t"); break;
		case '\r': sb_puts(sb, "\\r"); break;
		default:
			if (c < 0x20)
				sb_printf(sb, "\\u%04x", c);
			else
				sb_putc(sb, (char)c);
		}
	}
	sb_putc(sb, '"');
}

/* ---- files ---- */

long text_line_offset(const char *text, long line)
{
	const char *p = text;
	for (long l = 1; l < line; l++) {
		p = strchr(p, '\n');
		if (!p)
			return -1;
		p++;
	}
	return p - text;
}

/* The bytes and UTF-16 units of the character at p (not a NUL). */
static int utf8_char(const char *p, int *units)
{
	unsigned char c = (unsigned char)*p;
	int n = c >= 0xf0 && c < 0xf8 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
	for (int k = 1; k < n; k++)
		if (((unsigned char)p[k] & 0xc0) != 0x80)
			n = 1; /* not UTF-8: a byte is a character */
	*units = n == 4 ? 2 : 1;
	return n;
}

int text_column(const char *text, size_t ls, size_t off)
{
	int col = 1, u;
	for (size_t p = ls; p < off && text[p];) {
		p += (size_t)utf8_char(text + p, &u);
		col += u;
	}
	return col;
}

long text_column_offset(const char *text, size_t ls, long col)
{
	size_t p = ls;
	for (long c = 1; c < col;) {
		if (!text[p] || text[p] == '\n')
			return -1;
		int u, n = utf8_char(text + p, &u);
		if (c + u > col)
			return -2;
		c += u;
		p += (size_t)n;
	}
	return (long)p;
}

char *read_file(const char *path, size_t *lenp)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	char tmp[65536];
	size_t n;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		sb_add(&sb, tmp, n);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		sb_release(&sb);
		errno = EIO;
		return NULL;
	}
	if (!sb.buf)
		sb_add(&sb, "", 0);
	if (lenp)
		*lenp = sb.len;
	return sb.buf;
}

int write_file_atomic(const char *path, const char *data, size_t len)
{
	struct strbuf tmp = STRBUF_INIT;
	sb_printf(&tmp, "%s.tmp.%ld", path, (long)getpid());
	FILE *f = fopen(tmp.buf, "wb");
	if (!f) {
		error("cannot write '%s': %s", path, strerror(errno));
		sb_release(&tmp);
		return -1;
	}
	size_t w = fwrite(data, 1, len, f);
	int bad = w != len || fflush(f) != 0;
	if (fclose(f) != 0)
		bad = 1;
	if (bad || rename(tmp.buf, path) != 0) {
		error("cannot write '%s': %s", path, strerror(errno));
		remove(tmp.buf);
		sb_release(&tmp);
		return -1;
	}
	sb_release(&tmp);
	return 0;
}

int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	for (char *s = p + 1;; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST) {
				error("cannot create directory '%s': %s", p,
				      strerror(errno));
				free(p);
				return -1;
			}
			*s = c;
			if (!c)
				break;
		}
	}
	free(p);
	return 0;
}

/* ---- words ---- */

int edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return INT_MAX;
	int d[65][65];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int ca = a[i - 1], cb = b[j - 1];
			if (ca >= 'A' && ca <= 'Z')
				ca += 'a' - 'A';
			if (cb >= 'A' && cb <= 'Z')
				cb += 'a' - 'A';
			int best = d[i - 1][j - 1] + (ca != cb);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

const char *closest_word(const char *s, const char *const *cands, size_t n)
{
	const char *best = NULL;
	int bestd = INT_MAX;
	int limit = (int)strlen(s) / 3 + 1;
	if (limit > 3)
		limit = 3;
	for (size_t i = 0; i < n; i++) {
		int d = edit_distance(s, cands[i]);
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	return bestd <= limit ? best : NULL;
}

uint64_t fnv1a64(const void *data, size_t len, uint64_t h)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}
