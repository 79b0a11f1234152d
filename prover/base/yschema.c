/* yschema.c - see yschema.h. */
#include "base/yschema.h"

#include <errno.h>
#include <string.h>

int ys_want(const struct ynode *n, enum ynode_kind kind, const char *what)
{
	if (n->kind == kind)
		return 0;
	static const char *const names[] = { "a string", "a list", "a mapping" };
	return diag_error(n->loc, "%s must be %s, not %s", what, names[kind],
			  ynode_what(n));
}

static int unknown_key(const struct ynode *key, const char *const *allowed,
		       size_t n, const char *where)
{
	const char *k = key->str;
	const char *best = closest_word(k, allowed, n);
	if (best)
		return diag_error(key->loc, "unknown key '%s' in %s; did you "
				  "mean '%s'?", k, where, best);
	struct strbuf sb = STRBUF_INIT;
	for (size_t j = 0; j < n; j++)
		sb_printf(&sb, "%s%s", j ? ", " : "", allowed[j]);
	diag_error(key->loc, "unknown key '%s' in %s (expected one of: %s)", k,
		   where, sb.buf);
	sb_release(&sb);
	return -1;
}

int ys_check_keys(const struct ynode *map, const char *const *allowed,
		  size_t n, const char *where)
{
	int rc = 0;
	for (size_t i = 0; i < map->n; i++) {
		size_t j;
		for (j = 0; j < n; j++)
			if (!strcmp(map->keys[i]->str, allowed[j]))
				break;
		if (j == n)
			rc += unknown_key(map->keys[i], allowed, n, where);
	}
	return rc;
}

int ys_require(const struct ynode *map, const char *key, const char *where)
{
	if (ymap_get(map, key))
		return 0;
	return diag_error(map->loc, "%s needs a '%s' key", where, key);
}

const char *ys_scalar(const struct ynode *n, const char *what)
{
	if (ys_want(n, Y_SCALAR, what) < 0)
		return NULL;
	if (!n->str[0]) {
		diag_error(n->loc, "%s must not be empty", what);
		return NULL;
	}
	return n->str;
}

int ys_int(const struct ynode *n, const char *what, long min, long max,
	   long *out)
{
	const char *s = ys_scalar(n, what);
	if (!s)
		return -1;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (*end || errno || !(s[0] == '-' || (s[0] >= '0' && s[0] <= '9')) ||
	    v < min || v > max)
		return diag_error(n->loc, "%s must be a whole number from %ld "
				  "to %ld, not '%s'", what, min, max, s);
	*out = v;
	return 0;
}

int ys_bool(const struct ynode *n, const char *what, bool *out)
{
	const char *s = ys_scalar(n, what);
	if (!s)
		return -1;
	if (strcmp(s, "true") && strcmp(s, "false"))
		return diag_error(n->loc, "%s must be true or false, not '%s'",
				  what, s);
	*out = !strcmp(s, "true");
	return 0;
}
