/*
 * mir.c - the method IR's constructors (lang/mir.h), shared by the Java
 * front end (lang/javasrc-method.c and its javasrc-m*.c) and the C one
 * (lang/csrc-method.c and its csrc-m*.c): statements, blocks, the
 * patched text of a node, and expression nodes built directly instead
 * of printed as text and parsed again.  No tree-sitter here: the front
 * ends pass lines and byte offsets.
 */
#include "lang/mir.h"

#include <string.h>

#include "lang/profile.h"

struct mstmt *mir_stmt(struct arena *a, enum mstmt_kind k, int line)
{
	struct mstmt *s = ANEW(a, struct mstmt);
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->line = line;
	return s;
}

void mir_append(struct arena *a, struct mstmt *blk, struct mstmt *s, int *cap)
{
	if (blk->nkids == *cap) {
		int nc = *cap ? 2 * *cap : 8;
		struct mstmt **k = ANEWN(a, struct mstmt *, (size_t)nc);
		if (blk->nkids)
			memcpy(k, blk->kids, sizeof(*k) * (size_t)blk->nkids);
		blk->kids = k;
		*cap = nc;
	}
	blk->kids[blk->nkids++] = s;
}

const char *mir_joined(struct arena *a, const char *const *pieces)
{
	struct strbuf sb = STRBUF_INIT;
	for (; *pieces; pieces++)
		sb_puts(&sb, *pieces);
	const char *r = arena_strdup(a, sb.buf ? sb.buf : "");
	sb_release(&sb);
	return r;
}

struct mstmt *mir_early_return(struct arena *a, const struct mmethod *m)
{
	struct mstmt *s = mir_stmt(a, MS_IF, m->line);
	s->body = mir_stmt(a, MS_RETURN, m->line);
	return s;
}

void mir_prepend(struct arena *a, struct mmethod *m, struct mstmt *s)
{
	struct mstmt *blk = mir_stmt(a, MS_BLOCK, m->line);
	int cap = 0;
	mir_append(a, blk, s, &cap);
	mir_append(a, blk, m->body, &cap);
	m->body = blk;
}

char *mir_patched(struct arena *a, const char *src, size_t b, size_t e,
		  size_t pb, size_t pe, const char *repl)
{
	return arena_printf(a, "%.*s(%s)%.*s", (int)(pb - b), src + b, repl,
			    (int)(e - pe), src + pe);
}

struct node *mir_var(struct arena *a, const char *name)
{
	struct node *n = node_new(a, N_VAR, 0);
	n->name = name;
	n->var = -1;
	return n;
}

struct node *mir_lit(struct arena *a, const struct type *t, struct value v)
{
	struct node *n = node_new(a, N_LIT, 0);
	n->type = t;
	n->val = v;
	return n;
}

struct node *mir_int(struct arena *a, const struct profile *pf, int64_t v)
{
	return mir_lit(a, profile_type(pf, "int"), value_int(v));
}

/* A node of kind k, operator op, children x, y, z */
static struct node *kids(struct arena *a, enum nkind k, enum op op,
			 struct node *x, struct node *y, struct node *z)
{
	struct node *n = node_new(a, k, 0);
	n->op = op;
	n->a = x;
	n->b = y;
	n->c = z;
	return n;
}

struct node *mir_unary(struct arena *a, enum op op, struct node *x)
{
	return kids(a, N_UNARY, op, x, NULL, NULL);
}

struct node *mir_binary(struct arena *a, enum op op, struct node *x,
			struct node *y)
{
	return kids(a, N_BINARY, op, x, y, NULL);
}

struct node *mir_cond(struct arena *a, struct node *c, struct node *x,
		      struct node *y)
{
	return kids(a, N_COND, OP_NONE, c, x, y);
}

struct node *mir_assign(struct arena *a, struct node *x, struct node *y)
{
	return kids(a, N_ASSIGN, OP_NONE, x, y, NULL);
}

struct node *mir_cast(struct arena *a, const struct type *t, struct node *x)
{
	struct node *n = kids(a, N_CONV, OP_NONE, x, NULL, NULL);
	n->type = t;
	return n;
}

struct node *mir_cast_written(const struct profile *pf, struct arena *a,
			      const struct type *t, struct node *x)
{
	const struct type *u = NULL;
	if (!t || !pf->cast_type ||
	    pf->cast_type(pf, t->name, 0, &u) != (int)strlen(t->name))
		return NULL;
	return mir_cast(a, u, x);
}

struct node *mir_zero(struct arena *a, const struct profile *pf,
		      const struct type *t)
{
	if (t->kind == TK_BOOLEAN)
		return mir_lit(a, t, value_bool(false));
	return mir_cast(a, t, mir_int(a, pf, 0));
}

int mir_type(struct node *n, const struct mmethod *m, const char *const *names,
	     const struct profile *pf, struct arena *a,
	     const struct expr_src *es, struct strbuf *err)
{
	struct type_env env = { .nvars = m->nvars, .names = names,
				.types = m->types, .errmsg = err,
				.arena = a, .profile = pf };
	return type_expr(n, &env, es);
}
