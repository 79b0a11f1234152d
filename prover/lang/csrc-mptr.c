/*
 * csrc-mptr.c - pointers to scalars in a C function's method IR
 * (lang/mir.h: References, C pointers): a pointer parameter or global
 * `T *p` is an int object id (0: NULL) with a cell, the MV_HEAP
 * variable "*p" of type T, the value of the object p points to; reads of
 * *p are guarded (`p != 0 ? *p : UB`), a write through p is a statement
 * checked for NULL first and followed by the alias updates of the other
 * cells of T, and the function starts with the consistency prelude.
 */
#include "lang/csrc-int.h"

#include <ctype.h>
#include <string.h>

static bool is_ptr(const struct cb *B, int v)
{
	return v >= 0 && v < B->m->nvars && B->cell[v] > 0;
}

static bool is_cell(const struct cb *B, int v)
{
	return v >= 0 && v < B->m->nvars && B->m->kinds[v] == MV_HEAP;
}

int cb_ptr_decl(struct cb *B, TSNode decl, TSNode pd, enum mvar_kind kind)
{
	TSNode id = cnode_field(pd, "declarator");
	if (!cnode_is(id, "identifier"))
		return cb_fail(B, "a pointer to a pointer, an array or a "
			       "function"), -1;
	bool is_const;
	const struct type *t = cb_ctype(B, decl, &is_const);
	if (!t)
		return -1;
	const char *name = cnode_squeezed(B->a, B->f, id);
	int p = cb_add_var(B, name, profile_type(B->pf, "int"), kind);
	int c = p < 0 ? -1 : cb_add_var(B, arena_printf(B->a, "*%s", name), t,
					 MV_HEAP);
	if (c < 0)
		return -1;
	B->m->refs |= 1u << p;
	B->cell[p] = c + 1;
	B->base[c] = p;
	B->cconst[c] = is_const;
	B->envname[c] = arena_printf(B->a, "__subsume_cell_%s", name);
	B->nptr++;
	B->raw = true;
	B->guard[c] = cb_expr_node(B, mir_cond(B->a, mir_binary(B->a, OP_NE,
				   cb_var(B, name), mir_int(B->a, B->pf, 0)),
				   cb_var(B, B->envname[c]), cb_ub(B, t)), false);
	B->raw = false;
	return B->guard[c] ? 0 : -1;
}

/* Does the pointer var stand at t[i..)?  Its cell, or -1. */
static int ptr_named(const struct cb *B, const char *t, size_t i, size_t e)
{
	for (int v = B->m->nvars - 1; v >= 0; v--)
		if (is_ptr(B, v) && B->visible[v] &&
		    strlen(B->m->names[v]) == e - i &&
		    !strncmp(B->m->names[v], t + i, e - i))
			return v;
	return -1;
}

/* Is the `*` or `&` after t[0..at) a unary operator?  The significant
 * character before it, last (at its place lat), ends an operand unless
 * it is the `)` of a cast to a type of the profile. */
static bool unary(const struct cb *B, const char *t, char last, size_t lat)
{
	if (!last || (!csrc_id_char((unsigned char)last) && last != ')' &&
		      last != ']' && last != '"' && last != '\''))
		return true;
	if (last != ')')
		return false;
	int depth = 0;
	size_t j = lat + 1;
	while (j-- > 0) {
		depth += t[j] == ')' ? 1 : t[j] == '(' ? -1 : 0;
		if (!depth)
			break;
	}
	if (depth)
		return false;
	char *in = arena_strndup(B->a, t + j + 1, lat - j - 1);
	char *w = in;
	for (char *r = in; *r; r++) /* squeezed: "unsigned int" */
		if (!isspace((unsigned char)*r) ||
		    (w > in && w[-1] != ' ' && r[1] && !isspace((unsigned char)r[1])))
			*w++ = isspace((unsigned char)*r) ? ' ' : *r;
	*w = 0;
	return profile_type(B->pf, in) != NULL;
}

size_t csrc_token_end(const char *t, size_t i, int *kind)
{
	size_t e = i + 1;
	char c = t[i];
	*kind = CSRC_OTHER;
	if (c == '/' && (t[e] == '*' || t[e] == '/')) {
		const char *end = t[e] == '*' ? strstr(t + e + 1, "*/") : NULL;
		*kind = CSRC_COMMENT;
		return end ? (size_t)(end - t) + 2 : t[e] == '*' ? strlen(t)
			   : e + strcspn(t + e, "\n");
	}
	if (c == '"' || c == '\'') {
		while (t[e] && t[e] != c)
			e += t[e] == '\\' && t[e + 1] ? 2 : 1;
		*kind = CSRC_LITERAL;
		return e + (t[e] ? 1 : 0);
	}
	return e;
}

const char *cb_rewritten(struct cb *B, struct strbuf *sb, const char *shown,
			 const char *why)
{
	const char *r = why ? NULL : arena_strdup(B->a, sb->buf ? sb->buf : "");
	sb_release(sb);
	if (why)
		cb_fail(B, arena_printf(B->a, "`%s`: %s", shown, why));
	return r;
}

const char *cb_ptr_text(struct cb *B, const char *t, const char *shown)
{
	struct strbuf sb = STRBUF_INIT;
	const char *why = NULL;
	char last = 0;
	size_t lat = 0, i = 0;
	while (t[i] && !why) {
		unsigned char c = (unsigned char)t[i];
		int kind;
		size_t e = csrc_token_end(t, i, &kind);
		if (kind == CSRC_COMMENT) { /* one blank, as C reads it */
			sb_puts(&sb, " ");
			i = e;
			continue;
		}
		if (kind == CSRC_LITERAL) {
			/* a string or character literal: as it is */
		} else if (csrc_id_char(c)) {
			while (csrc_id_char((unsigned char)t[e]))
				e++;
			size_t n = csrc_blanks(t, e);
			if (e - i == 4 && !strncmp(t + i, "NULL", 4)) {
				sb_puts(&sb, "0");
				last = '0', lat = i, i = e;
				continue;
			}
			if (ptr_named(B, t, i, e) >= 0 && t[n] == '[')
				why = "`p[i]` (C arrays and pointer arithmetic "
				      "need the array layer, not there yet)";
			else if (ptr_named(B, t, i, e) >= 0 && t[n] == '-' &&
				 t[n + 1] == '>')
				why = "`p->f` (structs are not modelled)";
		} else if (c == '*' && unary(B, t, last, lat)) {
			size_t b = csrc_blanks(t, e), d = b;
			while (csrc_id_char((unsigned char)t[d]))
				d++;
			int v = d > b ? ptr_named(B, t, b, d) : -1;
			size_t n = csrc_blanks(t, d);
			if (v >= 0 && (t[n] == '[' || ((t[n] == '+' || t[n] == '-') &&
							t[n + 1] == t[n])))
				why = "`*p++`, `*p[i]` (pointer arithmetic, arrays)";
			if (v >= 0) {
				sb_puts(&sb, B->envname[B->cell[v] - 1]);
				last = 'a', lat = d - 1, i = d;
				continue;
			}
			why = "a dereference of anything but a pointer parameter "
			      "or global";
		} else if (c == '&' && t[e] == '&') {
			e++; /* && */
		} else if (c == '&' && t[e] != '=' && unary(B, t, last, lat)) {
			why = "`&x` (taking an address is not modelled)";
		}
		sb_printf(&sb, "%.*s", (int)(e - i), t + i);
		if (!isspace(c))
			last = (char)(csrc_id_char(c) ? 'a' : c), lat = e - 1;
		i = e;
	}
	return cb_rewritten(B, &sb, shown, why);
}

static const struct node *bare(const struct node *n)
{
	while (n && n->kind == N_CONV && n->implicit)
		n = n->a;
	return n;
}

/* May pointer n (a child of up) stand there?  As a truth value (if,
 * !, &&, ||, ?:) or compared by == and != with NULL or a pointer of its
 * pointee type. */
static bool use_ok(const struct cb *B, const struct node *n,
		   const struct node *up)
{
	if (!up)
		return false;
	if (up->kind == N_CONV)
		return up->implicit && up->type->kind == TK_BOOLEAN;
	if (up->kind == N_UNARY)
		return up->op == OP_NOT;
	if (up->kind == N_COND)
		return bare(up->a) == n;
	if (up->kind != N_BINARY)
		return false;
	if (up->op == OP_LAND || up->op == OP_LOR)
		return true;
	if (up->op != OP_EQ && up->op != OP_NE)
		return false;
	const struct node *o = bare(bare(up->a) == n ? up->b : up->a);
	if (o->kind == N_LIT)
		return o->val.bits == 0;
	return o->kind == N_VAR && is_ptr(B, o->var) &&
	       B->m->types[B->cell[o->var] - 1] == B->m->types[B->cell[n->var] - 1];
}

/* Where up is n's nearest parent that is not an implicit conversion to
 * anything but a truth value. */
static int check(struct cb *B, const struct node *n, const struct node *up,
		 const char *text)
{
	if (!n)
		return 0;
	if (n->kind == N_VAR && is_ptr(B, n->var) && !use_ok(B, n, up))
		return cb_fail(B, arena_printf(B->a, "`%s`: a pointer used as a "
			       "number (pointer arithmetic, <, casts) or "
			       "compared with another pointee type", text)) - 1;
	if ((n->kind == N_ASSIGN || n->kind == N_INCDEC) && is_ptr(B, n->a->var))
		return cb_fail(B, arena_printf(B->a, "`%s`: an assignment to the "
			       "pointer %s", text, n->a->name)) - 1;
	const struct node *me = n->kind == N_CONV && n->implicit &&
				n->type->kind != TK_BOOLEAN ? up : n;
	return check(B, n->a, me, text) | check(B, n->b, me, text) |
	       check(B, n->c, me, text);
}

int cb_ptr_check(struct cb *B, const struct node *n, const char *text)
{
	return check(B, n, NULL, text) ? -1 : 0;
}

int cb_ptr_write_to(struct cb *B, int v, bool top)
{
	if (!is_cell(B, v))
		return 0;
	const char *p = B->m->names[B->base[v]];
	if (!top)
		return cb_fail(B, arena_printf(B->a, "a write through %s inside an "
			       "expression", p)) - 1;
	if (B->cconst[v])
		return cb_fail(B, arena_printf(B->a, "a write through %s, a "
			       "pointer to const", p)) - 1;
	B->set_cell = v + 1;
	return 0;
}

bool cb_ptr_write(struct cb *B, struct mstmt *blk, struct mstmt *s, int *cap,
		  TSNode at)
{
	struct mmethod *m = B->m;
	int c = B->set_cell - 1, p = B->base[c];
	B->set_cell = 0;
	B->raw = true;
	struct mstmt *chk = cb_stmt_new(B, MS_IF, at);
	struct mstmt *ub = chk->body = cb_stmt_new(B, MS_EXPR, at);
	chk->e = cb_expr_node(B, mir_binary(B->a, OP_EQ, cb_var(B, m->names[p]),
					    mir_int(B->a, B->pf, 0)), true);
	ub->e = cb_expr_node(B, cb_ub(B, NULL), false);
	bool ok = chk->e && ub->e;
	if (ok) {
		cb_append(B, blk, chk, cap);
		cb_append(B, blk, s, cap);
	}
	for (int d = 0; ok && d < m->nvars; d++) {
		if (d == c || !is_cell(B, d) || m->types[d] != m->types[c])
			continue;
		struct mstmt *u = cb_stmt_new(B, MS_IF, at);
		struct mstmt *w = u->body = cb_stmt_new(B, MS_EXPR, at);
		u->e = cb_expr_node(B, mir_binary(B->a, OP_EQ, cb_var(B,
				    m->names[B->base[d]]), cb_var(B, m->names[p])),
				    true);
		w->e = cb_expr_node(B, mir_assign(B->a, cb_var(B, B->envname[d]),
						  cb_var(B, B->envname[c])), false);
		if ((ok = u->e && w->e))
			cb_append(B, blk, u, cap);
	}
	B->raw = false;
	return ok;
}

/* May objects of types x and y overlap in a defined program although
 * they are not of one type (C11 6.5p7: the signed or unsigned variant,
 * a character type)? */
static bool overlap(const struct type *x, const struct type *y)
{
	if (x == y)
		return false;
	if ((x->kind == TK_INT && x->bits == 8) ||
	    (y->kind == TK_INT && y->bits == 8))
		return true;
	return x->kind == y->kind && x->bits == y->bits;
}

bool cb_ptr_overlaps(struct cb *B)
{
	const struct mmethod *m = B->m;
	for (int c = 0; c < m->nvars; c++) {
		if (!is_cell(B, c))
			continue;
		for (int d = 0; d < m->nvars; d++) {
			const char *what = NULL;
			if (is_cell(B, d) && d > c && m->types[c] == m->types[d] &&
			    m->types[c]->kind == TK_FLOAT)
				what = arena_printf(B->a, "%s and %s, two pointers to "
					"%s (the consistency of their objects needs "
					"bitwise equality, not ==)",
					m->names[B->base[c]], m->names[B->base[d]],
					m->types[c]->name);
			else if (is_cell(B, d) && d > c &&
				 overlap(m->types[c], m->types[d]))
				what = arena_printf(B->a, "%s and %s may point to one "
					"object with the types %s and %s (C11 6.5p7)",
					m->names[B->base[c]], m->names[B->base[d]],
					m->types[c]->name, m->types[d]->name);
			else if (m->kinds[d] == MV_FIELD && !is_ptr(B, d) &&
				 (m->types[d] == m->types[c] ||
				  overlap(m->types[c], m->types[d])))
				what = arena_printf(B->a, "%s may point to the global "
					"%s, which the function names",
					m->names[B->base[c]], m->names[d]);
			if (what)
				return cb_fail(B, arena_printf(B->a, "%s: not "
					"modelled", what));
		}
	}
	return true;
}

/* The prelude's condition (lang/mir.h: References, C pointers), an
 * untyped node, NULL when there is none: the conjunction of
 * p != q || *p == *q for two pointers to one type, p != q || p == 0
 * for two of different types (strict aliasing). */
static struct node *consistency(struct cb *B)
{
	const struct mmethod *m = B->m;
	struct node *all = NULL;
	for (int c = 0; c < m->nvars; c++)
		for (int d = c + 1; is_cell(B, c) && d < m->nvars; d++) {
			if (!is_cell(B, d))
				continue;
			const char *p = m->names[B->base[c]], *q = m->names[B->base[d]];
			struct node *same = m->types[c] == m->types[d]
				? mir_binary(B->a, OP_EQ, cb_var(B, B->envname[c]),
					     cb_var(B, B->envname[d]))
				: mir_binary(B->a, OP_EQ, cb_var(B, p),
					     mir_int(B->a, B->pf, 0));
			struct node *one = mir_binary(B->a, OP_LOR, mir_binary(B->a,
				OP_NE, cb_var(B, p), cb_var(B, q)), same);
			all = all ? mir_binary(B->a, OP_LAND, all, one) : one;
		}
	return all;
}

bool cb_ptr_finish(struct cb *B)
{
	struct mmethod *m = B->m;
	if (!B->nptr)
		return true;
	m->heap_writes = true; /* the cells' final values are seen */
	struct node *cond = consistency(B);
	if (!cond)
		return true;
	B->raw = true;
	struct mstmt *s = mir_early_return(B->a, m), *r = s->body;
	s->e = cb_expr_node(B, mir_unary(B->a, OP_NOT, cond), true);
	if (s->e && m->ret)
		r->e = cb_expr_node(B, mir_zero(B->a, B->pf, m->ret), false);
	B->raw = false;
	if (!s->e || (m->ret && !r->e))
		return false;
	mir_prepend(B->a, m, s);
	return true;
}
