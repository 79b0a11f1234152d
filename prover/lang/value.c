/* value.c - type descriptors and values; see value.h. */
#include "lang/value.h"

#include <inttypes.h>
#include <string.h>

#include "lang/profile.h"

const struct type type_error_desc = { .kind = TK_ERROR, .name = "<error>" };
const struct type type_void_desc = { .kind = TK_VOID, .name = "void" };

const char *type_name(const struct type *t)
{
	return t->name;
}

bool type_is_numeric(const struct type *t)
{
	return t->kind == TK_INT || t->kind == TK_MATH;
}

bool type_is_integral(const struct type *t)
{
	return t->kind == TK_INT;
}

/* The low `bits` bits of u, extended to 64 by signedness. */
static uint64_t extend(uint64_t u, int bits, bool is_signed)
{
	if (bits >= 64)
		return u;
	uint64_t mask = ((uint64_t)1 << bits) - 1;
	u &= mask;
	if (is_signed && (u >> (bits - 1)) & 1)
		u |= ~mask;
	return u;
}

struct value value_convert(const struct type *from, struct value v,
			   const struct type *to)
{
	(void)from; /* payloads are already extended by from's signedness */
	switch (to->kind) {
	case TK_BOOLEAN:
		return value_bool(v.bits != 0);
	case TK_INT:
		if (to->bits == 1) /* C's _Bool */
			return value_bool(v.bits != 0);
		return value_uint(extend(v.bits, to->bits, to->is_signed));
	default:
		return v;
	}
}

struct value type_wrap(const struct type *t, int64_t v)
{
	return value_convert(NULL, value_int(v), t);
}

int value_cmp(const struct type *t, struct value a, struct value b)
{
	if (t->kind == TK_INT && !t->is_signed)
		return (a.bits > b.bits) - (a.bits < b.bits);
	int64_t x = value_i64(a), y = value_i64(b);
	return (x > y) - (x < y);
}

struct value type_min(const struct type *t)
{
	switch (t->kind) {
	case TK_BOOLEAN:
		return value_bool(false);
	case TK_INT:
		if (!t->is_signed)
			return value_uint(0);
		return value_uint(extend((uint64_t)1 << (t->bits - 1), t->bits,
					 true));
	default:
		return value_int(INT64_MIN);
	}
}

struct value type_max(const struct type *t)
{
	switch (t->kind) {
	case TK_BOOLEAN:
		return value_bool(true);
	case TK_INT:
		if (!t->is_signed)
			return value_uint(extend(UINT64_MAX, t->bits, false));
		return value_uint(extend(UINT64_MAX, t->bits - 1, false));
	default:
		return value_int(INT64_MAX);
	}
}

bool type_contains(const struct type *t, const struct type *u)
{
	if (t == u)
		return true;
	if (u->kind != TK_INT && u->kind != TK_MATH)
		return false;
	if (t->kind == TK_MATH)
		return true;
	if (t->kind != TK_INT || u->kind != TK_INT)
		return false;
	if (t->is_signed == u->is_signed)
		return t->bits >= u->bits;
	return t->is_signed && t->bits > u->bits;
}

bool type_holds(const struct type *t, int64_t v)
{
	return value_eq(type_wrap(t, v), value_int(v));
}

void value_print(struct strbuf *sb, const struct type *t, struct value v)
{
	if (!t->profile) /* void and error have no literals */
		sb_printf(sb, "%" PRId64, value_i64(v));
	else
		t->profile->value_print(sb, t, v);
}

const struct type *profile_type(const struct profile *pf, const char *name)
{
	for (int i = 0; i < pf->ntypes; i++)
		if (!strcmp(pf->types[i]->name, name))
			return pf->types[i];
	for (int i = 0; i < pf->naliases; i++)
		if (!strcmp(pf->aliases[i].name, name))
			return pf->aliases[i].type;
	return NULL;
}
