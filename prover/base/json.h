/*
 * json.h - a strict JSON (RFC 8259) reader with located nodes, for the
 * JSON inputs of `subsume check` (mutation-testing-elements reports).
 *
 * Why not libyaml through base/ytree.h: tried on JSON (libyaml 0.2.5),
 * it rejects valid JSON (a surrogate pair "\ud83d\ude00"; a mapping key
 * longer than 1024 characters, "could not find expected ':'") and
 * accepts invalid JSON (a trailing comma "{\"a\": 1, }", the number
 * "01", "\u0000" inside a string, which a C string then cuts short).
 * A report embeds whole source files as strings, so every escape and
 * every length must read exactly as JSON defines them.
 *
 * What is refused, each as `file:line:col: error: ...` (diag) at the
 * offending character: anything RFC 8259 refuses (trailing commas,
 * leading zeros, single quotes, comments, control characters inside
 * strings, invalid escapes, lone surrogates, bytes that are not UTF-8,
 * text after the value), and, beyond the RFC: duplicate keys in an
 * object, "\u0000" (C strings end there), nesting deeper than
 * JSON_MAX_DEPTH.  Columns count characters (UTF-8 code points).
 *
 * Ownership: every node and string lives in the caller's arena; nodes
 * point into src (their locs), which must outlive them.
 */
#ifndef SUBSUME_JSON_H
#define SUBSUME_JSON_H

#include "base/diag.h"

#define JSON_MAX_DEPTH 64

enum json_kind { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY,
		 JSON_OBJECT };

struct json {
	enum json_kind kind;
	struct loc loc;        /* where the value starts */
	const char *str;       /* JSON_STRING: the decoded text (UTF-8, no NUL
				* inside); JSON_NUMBER: the number as written */
	double num;            /* JSON_NUMBER */
	bool b;                /* JSON_BOOL */
	/* JSON_ARRAY: items[0..n); JSON_OBJECT: keys[i] -> items[i], in
	 * the order written; keyloc[i] where key i starts */
	size_t n;
	struct json **items;
	const char **keys;
	struct loc *keyloc;
};

/* Parse src->text (src->len bytes; a NUL byte inside is an error).
 * NULL after printing one located error. */
struct json *json_parse(struct arena *a, const struct source *src);

/* The member key of object o, or NULL (also when o is not an object). */
struct json *json_get(const struct json *o, const char *key);

/* The member key of object o, which must be of kind k (want: its
 * description, "a string"); NULL when it is missing (a located error
 * and ++*errs, unless optional) or of another kind (the same). */
struct json *json_member(const struct json *o, const char *key,
			 enum json_kind k, const char *want, bool optional,
			 long *errs);

/* "a string", "an object", ... for messages. */
const char *json_what(const struct json *v);

/* A JSON_NUMBER that is an integer within [lo, hi]: true and *out. */
bool json_int(const struct json *v, long lo, long hi, long *out);

#endif
