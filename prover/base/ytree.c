/* ytree.c - see ytree.h. */
#include "base/ytree.h"

#include <string.h>
#include <yaml.h>

struct anchor {
	const char *name;
	struct ynode *node;
};

struct builder {
	struct arena *a;
	const struct source *src;
	struct ynode *stack[YTREE_MAX_DEPTH + 1];
	int depth;
	struct anchor *anchors;
	size_t nanchors, capanchors;
	struct ynode *root;
	/* mark_offset()'s cursor: the byte offset where 0-based line
	 * `line` starts (marks arrive in almost increasing order) */
	size_t line, line_start;
};

static struct loc mark_loc(const struct source *src, yaml_mark_t m)
{
	struct loc l = { src, (int)m.line + 1, (int)m.column + 1 };
	return l;
}

/* Location of a byte offset (libyaml's reader errors give only that). */
static struct loc offset_loc(const struct source *src, size_t offset)
{
	struct loc l = { src, 1, 1 };
	for (size_t i = 0; i < offset && i < src->len; i++) {
		if (src->text[i] == '\n') {
			l.line++;
			l.col = 1;
		} else if (((unsigned char)src->text[i] & 0xC0) != 0x80) {
			l.col++;
		}
	}
	return l;
}

/* Byte offset of a (0-based line, 0-based character column) mark:
 * scanned from the cursor, so reading a file stays linear. */
static size_t mark_offset(struct builder *b, yaml_mark_t m)
{
	const struct source *src = b->src;
	if (m.line < b->line)
		b->line = b->line_start = 0;
	const char *p = src->text + b->line_start, *end = src->text + src->len;
	for (; b->line < m.line && p < end; p++)
		if (*p == '\n') {
			b->line++;
			b->line_start = (size_t)(p + 1 - src->text);
		}
	for (size_t c = 0; c < m.column && p < end && *p != '\n'; c++) {
		p++;
		while (p < end && ((unsigned char)*p & 0xC0) == 0x80)
			p++;
	}
	return (size_t)(p - src->text);
}

static void push_item(struct ynode *parent, struct ynode *key,
		      struct ynode *item)
{
	if (parent->n + 1 > parent->cap) {
		parent->cap = parent->cap ? parent->cap * 2 : 8;
		parent->items = xrealloc(parent->items,
					 parent->cap * sizeof(*parent->items));
		if (parent->kind == Y_MAP)
			parent->keys = xrealloc(
				parent->keys,
				parent->cap * sizeof(*parent->keys));
	}
	if (parent->kind == Y_MAP)
		parent->keys[parent->n] = key;
	parent->items[parent->n++] = item;
}

/* Heap arrays in the tree are moved into the arena when a node closes. */
static void seal(struct builder *b, struct ynode *n)
{
	if (n->kind == Y_SCALAR)
		return;
	struct ynode **items = ANEWN(b->a, struct ynode *, n->n + 1);
	if (n->n)
		memcpy(items, n->items, n->n * sizeof(*items));
	free(n->items);
	n->items = items;
	if (n->kind == Y_MAP) {
		struct ynode **keys = ANEWN(b->a, struct ynode *, n->n + 1);
		if (n->n)
			memcpy(keys, n->keys, n->n * sizeof(*keys));
		free(n->keys);
		n->keys = keys;
	}
	n->cap = n->n;
	n->open = false;
}

/* Attach a finished or new node to the current parent. */
static int attach(struct builder *b, struct ynode *n)
{
	if (b->depth == 0) {
		b->root = n;
		return 0;
	}
	struct ynode *parent = b->stack[b->depth - 1];
	if (parent->kind == Y_SEQ) {
		push_item(parent, NULL, n);
		return 0;
	}
	if (parent->pending) {
		push_item(parent, parent->pending, n);
		parent->pending = NULL;
		return 0;
	}
	if (n->kind != Y_SCALAR)
		return diag_error(n->loc,
				  "mapping keys must be plain strings, not %s",
				  ynode_what(n));
	for (size_t i = 0; i < parent->n; i++)
		if (!strcmp(parent->keys[i]->str, n->str)) {
			diag_error(n->loc, "duplicate key '%s'", n->str);
			diag_note(parent->keys[i]->loc, "first defined here");
			return -1;
		}
	parent->pending = n;
	return 0;
}

static int set_anchor(struct builder *b, const yaml_char_t *name,
		      struct ynode *n)
{
	if (!name)
		return 0;
	GROW(b->anchors, b->nanchors + 1, b->capanchors);
	b->anchors[b->nanchors].name = arena_strdup(b->a, (const char *)name);
	b->anchors[b->nanchors].node = n;
	b->nanchors++;
	return 0;
}

static struct ynode *new_node(struct builder *b, enum ynode_kind kind,
			      yaml_mark_t start)
{
	struct ynode *n = ANEW(b->a, struct ynode);
	n->kind = kind;
	n->loc = mark_loc(b->src, start);
	n->src_offset = mark_offset(b, start);
	return n;
}

static int handle(struct builder *b, yaml_event_t *ev)
{
	struct ynode *n;
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		n = new_node(b, Y_SCALAR, ev->start_mark);
		n->str = arena_strndup(b->a, (const char *)ev->data.scalar.value,
				       ev->data.scalar.length);
		if (strlen(n->str) != ev->data.scalar.length)
			return diag_error(n->loc, "NUL character in a string");
		n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
		set_anchor(b, ev->data.scalar.anchor, n);
		return attach(b, n);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		n = new_node(b, ev->type == YAML_SEQUENCE_START_EVENT ? Y_SEQ
								     : Y_MAP,
			     ev->start_mark);
		if (b->depth >= YTREE_MAX_DEPTH)
			return diag_error(n->loc,
					  "nesting deeper than %d levels",
					  YTREE_MAX_DEPTH);
		n->open = true;
		set_anchor(b, ev->type == YAML_SEQUENCE_START_EVENT
				      ? ev->data.sequence_start.anchor
				      : ev->data.mapping_start.anchor,
			   n);
		if (attach(b, n) < 0)
			return -1;
		b->stack[b->depth++] = n;
		return 0;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		n = b->stack[--b->depth];
		seal(b, n);
		return 0;
	case YAML_ALIAS_EVENT: {
		const char *name = (const char *)ev->data.alias.anchor;
		struct loc l = mark_loc(b->src, ev->start_mark);
		for (size_t i = b->nanchors; i-- > 0;) {
			if (strcmp(b->anchors[i].name, name))
				continue;
			n = b->anchors[i].node;
			if (n->open)
				return diag_error(l,
						  "alias '*%s' refers to a node "
						  "that contains it",
						  name);
			return attach(b, n);
		}
		return diag_error(l, "unknown anchor '*%s'", name);
	}
	case YAML_DOCUMENT_START_EVENT:
		if (b->root)
			return diag_error(mark_loc(b->src, ev->start_mark),
					  "a file holds one YAML document; "
					  "this is a second one");
		return 0;
	default:
		return 0;
	}
}

static void free_open(struct builder *b)
{
	for (int i = 0; i < b->depth; i++) {
		free(b->stack[i]->items);
		free(b->stack[i]->keys);
		b->stack[i]->items = b->stack[i]->keys = NULL;
	}
	free(b->anchors);
}

struct ynode *ytree_load(struct arena *a, const struct source *src)
{
	yaml_parser_t p;
	struct builder b = { .a = a, .src = src };
	int rc = 0;

	if (!yaml_parser_initialize(&p))
		die("cannot initialize libyaml");
	yaml_parser_set_input_string(&p, (const unsigned char *)src->text,
				     src->len);
	for (;;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			struct loc l = mark_loc(src, p.problem_mark);
			if (p.error == YAML_READER_ERROR) /* no mark, an offset */
				l = offset_loc(src, p.problem_offset);
			if (p.context)
				diag_error(l, "invalid YAML: %s %s",
					   p.problem ? p.problem : "error",
					   p.context);
			else
				diag_error(l, "invalid YAML: %s",
					   p.problem ? p.problem : "error");
			rc = -1;
			break;
		}
		bool end = ev.type == YAML_STREAM_END_EVENT;
		if (!end)
			rc = handle(&b, &ev);
		yaml_event_delete(&ev);
		if (end || rc < 0)
			break;
	}
	yaml_parser_delete(&p);
	free_open(&b);
	if (rc < 0)
		return NULL;
	if (!b.root) {
		struct loc l = { src, 0, 0 };
		diag_error(l, "the file is empty");
		return NULL;
	}
	return b.root;
}

/* Bytes of the UTF-8 encoding of code point c. */
static size_t utf8_len(unsigned long c)
{
	return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}

/* A double-quoted escape at s (a backslash): where it ends, and how many
 * bytes of the value it stands for (0 for an escaped line break). */
static const char *escape_end(const char *s, const char *end, size_t *bytes)
{
	*bytes = 1;
	if (s + 1 >= end)
		return end;
	int digits = 0;
	switch (s[1]) {
	case '\n': case '\r':
		*bytes = 0;
		return s + 1; /* the line break itself is handled by the caller */
	case 'N': case '_':
		*bytes = 2;
		return s + 2;
	case 'L': case 'P':
		*bytes = 3;
		return s + 2;
	case 'x': digits = 2; break;
	case 'u': digits = 4; break;
	case 'U': digits = 8; break;
	default:
		return s + 2;
	}
	unsigned long c = 0;
	const char *q = s + 2;
	for (int k = 0; k < digits && q < end; k++, q++) {
		int d = *q >= '0' && *q <= '9'	 ? *q - '0'
			: *q >= 'a' && *q <= 'f' ? *q - 'a' + 10
			: *q >= 'A' && *q <= 'F' ? *q - 'A' + 10
						 : -1;
		if (d < 0)
			break;
		c = c * 16 + (unsigned long)d;
	}
	*bytes = utf8_len(c);
	return q;
}

/*
 * Walk the scalar's source and its value side by side.  The source is
 * read according to the scalar's style (the character it starts with):
 * quotes and block headers are skipped, escapes and '' stand for what
 * they produce, a line break and the indentation after it stand for the
 * space or newline they fold into.  Other characters that match advance
 * both; anything else advances the source only.
 */
struct loc yscalar_loc(const struct ynode *n, size_t offset)
{
	const struct source *src = n->loc.src;
	struct loc l = n->loc;
	const char *s = src->text + n->src_offset, *end = src->text + src->len;
	const char *v = n->str;
	size_t vlen = strlen(v);
	if (offset > vlen)
		offset = vlen;
	char style = s < end ? *s : 0;
	int indent = -1; /* block scalars: indentation of the content */
#define ADVANCE()                                                          \
	do {                                                               \
		if (*s == '\n') {                                          \
			l.line++;                                          \
			l.col = 1;                                         \
		} else if (((unsigned char)*s & 0xC0) != 0x80) {           \
			l.col++;                                           \
		}                                                          \
		s++;                                                       \
	} while (0)
	if (style == '"' || style == '\'') {
		ADVANCE();
	} else if (style == '|' || style == '>') {
		while (s < end && *s != '\n')
			ADVANCE();
		const char *q = s;
		while (q < end) { /* the first line with content sets it */
			q++;
			int sp = 0;
			while (q + sp < end && q[sp] == ' ')
				sp++;
			if (q + sp < end && q[sp] != '\n' && q[sp] != '\r') {
				indent = sp;
				break;
			}
			q += sp;
			while (q < end && *q != '\n')
				q++;
		}
		if (indent < 0)
			indent = 0;
		if (s < end) {
			ADVANCE();
			for (int k = 0; k < indent && s < end && *s == ' '; k++)
				ADVANCE();
		}
	} else {
		style = 0;
	}
	size_t i = 0;
	while (s < end && i < offset) {
		if (*s == '\r' && s + 1 < end && s[1] == '\n') {
			ADVANCE();
			continue;
		}
		if (*s == '\n') {
			ADVANCE();
			if (indent >= 0) {
				for (int k = 0; k < indent && s < end && *s == ' ';
				     k++)
					ADVANCE();
			} else {
				while (s < end && (*s == ' ' || *s == '\t'))
					ADVANCE();
			}
			if (v[i] == '\n' || v[i] == ' ')
				i++;
			continue;
		}
		if (style == '"' && *s == '\\') {
			size_t bytes;
			const char *e = escape_end(s, end, &bytes);
			if (i + bytes > offset)
				break; /* inside the escape: point at it */
			i += bytes;
			while (s < e)
				ADVANCE();
			if (bytes == 0 && s < end) {
				/* an escaped line break: drop it and the
				 * indentation after it */
				if (*s == '\r')
					ADVANCE();
				if (s < end && *s == '\n')
					ADVANCE();
				while (s < end && (*s == ' ' || *s == '\t'))
					ADVANCE();
			}
			continue;
		}
		if (style == '\'' && *s == '\'' && s + 1 < end && s[1] == '\'') {
			i++;
			ADVANCE();
			ADVANCE();
			continue;
		}
		if (*s == v[i])
			i++;
		ADVANCE();
	}
#undef ADVANCE
	return l;
}

struct ynode *ymap_get(const struct ynode *map, const char *key)
{
	if (!map || map->kind != Y_MAP)
		return NULL;
	for (size_t i = 0; i < map->n; i++)
		if (!strcmp(map->keys[i]->str, key))
			return map->items[i];
	return NULL;
}

const char *ynode_what(const struct ynode *n)
{
	switch (n->kind) {
	case Y_SCALAR: return "a string";
	case Y_SEQ: return "a list";
	case Y_MAP: return "a mapping";
	}
	return "?";
}
