/*
 * javasrc-marr.c - Java arrays in the method IR (lang/mir.h: Arrays):
 * array variables, reads and lengths lowered out of expressions (by
 * javasrc-mlower.c, into MS_ALOAD and MS_ALEN), stores `a[i] = v`,
 * `a[i] op= v`, `a[i]++` as statements, `new T[n]` into a local, and
 * the rules and the prelude after the body.
 */
#include <ctype.h>
#include <string.h>

#include "lang/javasrc-int.h"
#include "lang/javasrc-mir-int.h"
#include "lang/profile.h"

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

const struct type *mb_arr_elem(const char *type)
{
	size_t l = strlen(type);
	if (l < 3 || strcmp(type + l - 2, "[]") || strchr(type, '[') != type + l - 2)
		return NULL;
	char name[16];
	if (l - 2 >= sizeof(name))
		return NULL;
	memcpy(name, type, l - 2);
	name[l - 2] = 0;
	const struct type *t = mb_type(name);
	return t && t->kind != TK_FLOAT ? t : NULL;
}

/* The visible array variable named by n (an identifier), or -1. */
static int arr_var(struct mb *B, struct jsrc *f, TSNode n)
{
	const struct mmethod *m = B->m;
	if (ts_node_is_null(n) || !jnode_is(n, "identifier"))
		return -1;
	for (int i = m->nvars - 1; i >= 0; i--)
		if (B->visible[i] && jnode_text_is(f, n, m->names[i]))
			return (m->arrs >> i & 1) ? i : -1;
	return -1;
}

bool mb_arr_read(struct mb *B, struct jsrc *f, TSNode n)
{
	if (!B->arr_on)
		return false;
	if (jnode_is(n, "array_access"))
		return arr_var(B, f, field(n, "array")) >= 0;
	return jnode_is(n, "field_access") &&
	       jnode_text_is(f, field(n, "field"), "length") &&
	       arr_var(B, f, field(n, "object")) >= 0;
}

/* The expression text as an int (Java promotes an index). */
static const struct node *int_expr(struct mb *B, const char *text)
{
	const char *whole[] = { text, NULL }, *cw[] = { "(int)(", text, ")",
							  NULL };
	struct mb_part P;
	struct node *e = mb_part(B, text, whole, &P) ? mb_part_typed(B, P.n,
				&P, false, whole, P.p0) : NULL;
	if (e && e->type != mb_type("int"))
		e = mb_part_typed(B, mb_cast(B, mb_type("int"), e), &P, false,
				  cw, B->npend);
	return e;
}

static struct mstmt *arr_stmt(struct mb *B, enum mstmt_kind k, TSNode at,
			      int var, int nargs)
{
	struct mstmt *s = mb_stmt_new(B, k, at);
	s->nargs = nargs;
	s->args = arena_alloc(B->a, sizeof(*s->args) * 3);
	s->elem = B->m->elem[var];
	s->args[0] = mb_expr_node(B, mir_var(B->a, B->m->names[var]), false);
	return s->args[0] ? s : NULL;
}

struct mstmt *mb_arr_load(struct mb *B, struct jsrc *f, TSNode at, TSNode arr,
			  const char *idx, const char **temp)
{
	int var = arr_var(B, f, arr);
	if (var < 0)
		return mb_fail(B, "an array that is not a variable"), NULL;
	struct mstmt *s = arr_stmt(B, idx ? MS_ALOAD : MS_ALEN, at, var,
				   idx ? 2 : 1);
	if (!s || (idx && !(s->args[1] = int_expr(B, idx))))
		return NULL;
	if (!(*temp = mb_temp(B, idx ? s->elem : mb_type("int"))) ||
	    !(s->e = mb_expr_node(B, mir_var(B->a, *temp), false)))
		return NULL;
	return s;
}

/* Append s to the statements the statement being built needs first. */
static void pre_add(struct mb *B, struct mstmt *s, TSNode at)
{
	if (!B->pre)
		B->pre = mb_stmt_new(B, MS_BLOCK, at);
	mb_append(B, B->pre, s, &B->precap);
}

/* Is text a name or a literal (it reads the same when read again)? */
static bool simple(const char *t)
{
	for (; *t; t++)
		if (!(isalnum((unsigned char)*t) || *t == '_' || *t == '$'))
			return false;
	return true;
}

/* The index n as a text that reads the same twice: a temporary of it
 * unless it is a name or a literal. */
static const char *fixed_index(struct mb *B, TSNode n, bool fix)
{
	const char *idx = mb_lower(B, n, mb_text(B, n));
	if (!idx || !fix || simple(idx))
		return idx;
	const char *t = mb_temp(B, mb_type("int"));
	struct mstmt *s = t ? mb_stmt_new(B, MS_EXPR, n) : NULL;
	const char *whole[] = { t, " = (int)(", idx, ")", NULL };
	struct mb_part P;
	if (!s || !mb_part(B, idx, whole, &P) ||
	    !(s->e = mb_part_typed(B, mir_assign(B->a, mir_var(B->a, t),
			mb_cast(B, mb_type("int"), P.n)), &P, false, whole, P.p0)))
		return NULL;
	pre_add(B, s, n);
	return t;
}

/* The binary operator spelled op ("+", ">>>"). */
static enum op binary_op(const char *op)
{
	for (int o = OP_NONE + 1; o < OP_COUNT; o++)
		if (op_is_binary((enum op)o) && !strcmp(op_spelling((enum op)o), op))
			return (enum op)o;
	return OP_NONE;
}

/* a[i] op= v (op "": a[i] = v), v NULL for ++ and --. */
static struct mstmt *store(struct mb *B, TSNode n, TSNode acc, const char *op,
			   TSNode v)
{
	int var = arr_var(B, B->f, field(acc, "array"));
	if (var < 0)
		return mb_fail(B, "a store into an array that is not a "
			       "variable"), NULL;
	const char *vt = ts_node_is_null(v) ? "1" : mb_text(B, v);
	bool compound = *op != 0;
	const char *idx = fixed_index(B, field(acc, "index"), compound ||
				      strchr(vt, '[') || mb_maybe_call(vt) ||
				      strstr(vt, ".length"));
	const char *t = NULL;
	if (!idx)
		return NULL;
	if (compound) {
		struct mstmt *ld = mb_arr_load(B, B->f, n, field(acc, "array"),
					       idx, &t);
		if (!ld)
			return NULL;
		pre_add(B, ld, n);
	}
	if (!ts_node_is_null(v) && !(vt = mb_lower(B, v, vt)))
		return NULL;
	struct mstmt *s = arr_stmt(B, MS_ASTORE, n, var, 3);
	if (!s || !(s->args[1] = int_expr(B, idx)))
		return NULL;
	/* compound: (T)((t) op (v)) */
	const char *en = s->elem->name;
	const char *whole[] = { "(", en, ")((", t, ") ", op, " (", vt, "))",
				NULL };
	const char *cw[] = { "(", en, ")(", "(", en, ")((", t, ") ", op, " (",
			     vt, "))", ")", NULL };
	struct mb_part P;
	if (!compound) {
		whole[0] = vt;
		whole[1] = NULL;
		cw[3] = vt;
		cw[4] = ")";
		cw[5] = NULL;
	}
	if (!mb_part(B, vt, whole, &P))
		return NULL;
	enum op bo = compound ? binary_op(op) : OP_NONE;
	struct node *e = !compound ? P.n : bo == OP_NONE ? NULL : mb_cast(B,
		s->elem, mir_binary(B->a, bo, mir_var(B->a, t), P.n));
	e = mb_part_typed(B, e, &P, false, whole, P.p0);
	if (e && e->type != s->elem)
		e = mb_part_typed(B, mb_cast(B, s->elem, e), &P, false, cw,
				  B->npend);
	if (!(s->args[2] = e))
		return NULL;
	B->m->arr_writes = true;
	return s;
}

struct mstmt *mb_arr_new(struct mb *B, TSNode at, const char *name, TSNode v)
{
	struct mmethod *m = B->m;
	int var = -1;
	for (int i = m->nvars - 1; var < 0 && i >= 0; i--)
		if (B->visible[i] && !strcmp(m->names[i], name))
			var = i;
	if (var < 0 || !(m->arrs >> var & 1) || m->kinds[var] != MV_LOCAL)
		return mb_fail(B, arena_printf(B->a, "`new` stored in `%s`, not "
			       "a local array (a test would not see it)",
			       name)), NULL;
	TSNode dims = field(v, "dimensions");
	if (!ts_node_is_null(field(v, "value")) || ts_node_is_null(dims) ||
	    !jnode_is(dims, "dimensions_expr") ||
	    ts_node_named_child_count(v) != 2)
		return mb_fail(B, "an array creation other than `new T[n]`"), NULL;
	const struct type *t = mb_type(jnode_squeezed(B->a, B->f,
						      field(v, "type")));
	if (t != m->elem[var])
		return mb_fail(B, "an array creation of another type"), NULL;
	TSNode len = ts_node_named_child(dims, 0);
	const char *lt = mb_lower(B, len, mb_text(B, len));
	struct mstmt *s = lt ? arr_stmt(B, MS_ANEW, at, var, 1) : NULL;
	if (!s || !(s->args[0] = int_expr(B, lt)) ||
	    !(s->e = mb_expr_node(B, mir_var(B->a, name), false)))
		return NULL;
	return s;
}

bool mb_arr_is_stmt(struct mb *B, TSNode c)
{
	if (!B->arr_on)
		return false;
	if (jnode_is(c, "update_expression"))
		return jnode_is(ts_node_named_child(c, 0), "array_access");
	if (!jnode_is(c, "assignment_expression"))
		return false;
	return jnode_is(field(c, "left"), "array_access") ||
	       jnode_is(field(c, "right"), "array_creation_expression");
}

struct mstmt *mb_arr_stmt(struct mb *B, TSNode c)
{
	if (jnode_is(c, "update_expression")) {
		TSNode acc = ts_node_named_child(c, 0);
		const char *t = mb_text(B, c);
		bool inc = strstr(t, "++") != NULL;
		return store(B, c, acc, inc ? "+" : "-", (TSNode){ 0 });
	}
	TSNode l = field(c, "left"), r = field(c, "right");
	if (jnode_is(r, "array_creation_expression")) {
		if (!jnode_is(l, "identifier"))
			return mb_fail(B, "`new` stored in an array element or "
				       "a field"), NULL;
		return mb_arr_new(B, c, jnode_squeezed(B->a, B->f, l), r);
	}
	const char *op = jnode_squeezed(B->a, B->f, field(c, "operator"));
	size_t ol = strlen(op);
	return store(B, c, l, arena_strndup(B->a, op, ol - 1), r);
}

/* Does n assign an array field? */
static bool assigns_field(const struct mmethod *m, const struct node *n)
{
	if (!n)
		return false;
	if ((n->kind == N_ASSIGN || n->kind == N_INCDEC) && n->a &&
	    n->a->kind == N_VAR && (m->arrs >> n->a->var & 1) &&
	    m->kinds[n->a->var] == MV_FIELD)
		return true;
	return assigns_field(m, n->a) || assigns_field(m, n->b) ||
	       assigns_field(m, n->c);
}

static bool stmt_assigns_field(const struct mmethod *m, const struct mstmt *s)
{
	if (!s)
		return false;
	if (assigns_field(m, s->e))
		return true;
	for (int i = 0; i < s->nkids; i++)
		if (stmt_assigns_field(m, s->kids[i]))
			return true;
	for (int i = 0; i < s->nargs; i++)
		if (assigns_field(m, s->args[i]))
			return true;
	return stmt_assigns_field(m, s->body) || stmt_assigns_field(m, s->els) ||
	       stmt_assigns_field(m, s->update);
}

/* c && d (d alone when c is NULL), joined from the left as && is. */
static struct node *and(struct mb *B, struct node *c, struct node *d)
{
	return c ? mir_binary(B->a, OP_LAND, c, d) : d;
}

/* The prelude's condition: ids in 0..K, inputs of two element types
 * apart (lang/mir.h: Arrays). */
static struct node *prelude(struct mb *B, int k)
{
	const struct mmethod *m = B->m;
	struct node *c = NULL;
	const struct profile *pf = &profile_java;
	for (int i = 0; i < m->nvars; i++) {
		if (!(m->arrs >> i & 1) || m->kinds[i] == MV_LOCAL)
			continue;
		const char *a = mb_env_name(B, i);
		c = and(B, c, mir_binary(B->a, OP_LE, mir_int(B->a, pf, 0),
					 mir_var(B->a, a)));
		c = and(B, c, mir_binary(B->a, OP_LE, mir_var(B->a, a),
					 mir_int(B->a, pf, k)));
		for (int j = 0; j < i; j++)
			if ((m->arrs >> j & 1) && m->kinds[j] != MV_LOCAL &&
			    m->elem[j] != m->elem[i])
				c = and(B, c, mir_binary(B->a, OP_LOR,
					mir_binary(B->a, OP_NE, mir_var(B->a, a),
					   mir_var(B->a, mb_env_name(B, j))),
					mir_binary(B->a, OP_EQ, mir_var(B->a, a),
						   mir_int(B->a, pf, 0))));
	}
	return c;
}

bool mb_arr_finish(struct mb *B)
{
	struct mmethod *m = B->m;
	if (!m->arrs)
		return true;
	for (int i = 0; i < m->nvars; i++)
		if (m->kinds[i] == MV_HEAP || (m->refs >> i & 1))
			return mb_fail(B, "arrays and references in one method");
	if (m->ncallees)
		return mb_fail(B, "arrays and calls in one method");
	int k = 0;
	for (int i = 0; i < m->nvars; i++)
		k += (m->arrs >> i & 1) && m->kinds[i] != MV_LOCAL;
	if (k > MIR_AOBJ)
		return mb_fail(B, arena_printf(B->a, "more than %d array "
					       "parameters and fields", MIR_AOBJ));
	if (stmt_assigns_field(m, m->body))
		return mb_fail(B, "an assignment to an array field");
	if (!k)
		return true;
	return mb_prelude(B, prelude(B, k));
}
