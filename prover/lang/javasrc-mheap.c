/*
 * javasrc-mheap.c - references of the method's own class in the method
 * IR (lang/mir.h: References): reads through them as path variables,
 * their null checks, the read-only rules and the consistency prelude.
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

const struct type *mb_var_type(struct mb *B, const char *name, bool *ref)
{
	*ref = (B->cls_name && !strcmp(name, B->cls_name)) ||
	       mb_is_ref_type(name);
	if (*ref) {
		B->heap_on = true;
		return profile_type(&profile_java, "int");
	}
	return mb_type(name);
}

/* The declared type of the class's field name, or NULL. */
static const char *field_decl(struct mb *B, const char *name)
{
	uint32_t k = ts_node_named_child_count(B->cls);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(B->cls, i);
		if (!jnode_is(d, "field_declaration"))
			continue;
		uint32_t nd = ts_node_named_child_count(d);
		for (uint32_t j = 0; j < nd; j++) {
			TSNode v = ts_node_named_child(d, j);
			if (!jnode_is(v, "variable_declarator") ||
			    !jnode_text_is(B->f, field(v, "name"), name))
				continue;
			if (!ts_node_is_null(field(v, "dimensions")))
				return "an array";
			/* one value for every object: not a cell per object */
			if (mb_has_modifier(B, d, "static"))
				return "static";
			return jnode_squeezed(B->a, B->f, field(d, "type"));
		}
	}
	return NULL;
}

/* The variable of the path base.f (base: a variable; -1: this, for a
 * field a parameter hides, named f, typed as this$f), made if new. */
static int heap_var(struct mb *B, int base, const char *f)
{
	struct mmethod *m = B->m;
	const char *name = base < 0 ? f : arena_printf(B->a, "%s.%s",
						       m->names[base], f);
	for (int i = 0; i < m->nvars; i++)
		if (B->envname[i] && !strcmp(m->names[i], name) &&
		    (base < 0) == (m->kinds[i] == MV_FIELD))
			return B->visible[i] = true, i;
	if (B->hpre && B->patch)
		return mb_fail(B, arena_printf(B->a, "the mutant reads `%s`, which "
					    "its original does not", name)), -1;
	const char *ft = field_decl(B, f);
	if (ft && base >= 0 && !strcmp(ft, "static"))
		return mb_fail(B, arena_printf(B->a, "the static field %s read "
					    "through a reference", f)), -1;
	bool ref;
	const struct type *t = ft ? mb_var_type(B, ft, &ref) : NULL;
	if (!t)
		return mb_fail(B, ft ? arena_printf(B->a, "`%s %s` has a type the "
				    "method model does not have yet", ft, f)
				 : arena_printf(B->a, "`%s` is not a field of %s",
						f, B->cls_name)), -1;
	if (m->nvars == JSRC_MAX_VARS)
		return mb_fail(B, "more than 16 variables"), -1;
	int i = m->nvars++;
	char *env = base < 0 ? arena_printf(B->a, "this.%s", f)
			     : arena_strdup(B->a, name);
	for (char *p = env; *p; p++)
		if (*p == '.')
			*p = '$';
	m->names[i] = name;
	m->types[i] = t;
	m->kinds[i] = base < 0 ? MV_FIELD : MV_HEAP;
	if (ref) {
		m->refs |= 1u << i;
		mb_ref_note(B, i, ft);
	}
	B->envname[i] = env;
	B->hbase[i] = base;
	B->hfield[i] = arena_strdup(B->a, f);
	B->visible[i] = true;
	return i;
}

const char *mb_env_name(const struct mb *B, int i)
{
	return B->envname[i] ? B->envname[i] : B->m->names[i];
}

/* The variable a chain s[0].s[1]...s[k-1] reads, -2 when it is not a
 * read through the method's references (left to the parser), -1 after
 * mb_fail(); cond: it stands after &&, || or ?. */
static int chain(struct mb *B, char **s, int k, bool cond)
{
	struct mmethod *m = B->m;
	int cur = -1; /* this */
	if (strcmp(s[0], "this")) {
		cur = -2;
		for (int i = 0; i < m->nvars; i++)
			if (B->visible[i] && !strcmp(m->names[i], s[0]))
				cur = i;
		if (cur < 0 || !(m->refs & (1u << cur)))
			return -2;
		if (m->kinds[cur] == MV_LOCAL)
			return mb_fail(B, arena_printf(B->a, "a read through the "
				       "local reference `%s`", s[0])), -1;
	}
	for (int j = 1; j < k; j++) {
		if (cur >= 0 && (B->oref >> cur & 1))
			return mb_fail(B, arena_printf(B->a, "a read of the field "
				"%s of `%s`, of another class", s[j],
				m->names[cur])), -1;
		if (cur >= 0) {
			bool dup = false;
			if (cond && !B->hprobe)
				return mb_fail(B, arena_printf(B->a, "a read through "
					"`%s` after &&, || or ?", m->names[cur])), -1;
			for (int p = 0; p < B->npend; p++)
				dup |= B->pend[p] == cur;
			if (!dup)
				B->pend[B->npend++] = cur;
			if ((cur = heap_var(B, cur, s[j])) < 0)
				return -1;
			continue;
		}
		for (int i = 0; i < m->nvars; i++)
			if (m->kinds[i] == MV_FIELD && !strcmp(m->names[i], s[j]))
				cur = i;
		if (cur >= 0 && B->envname[cur]) /* made before */
			B->visible[cur] = true;
		if (cur < 0 && j + 1 == k) /* a parameter hides it */
			cur = heap_var(B, -1, s[j]);
		else if (cur < 0 || !B->visible[cur])
			return mb_fail(B, arena_printf(B->a, "`this.%s` where a %s "
				       "hides the field", s[j], cur < 0 ?
				       "parameter" : "local")), -1;
		if (cur < 0)
			return -1;
	}
	return cur;
}

static bool id_start(int c)
{
	return isalpha(c) || c == '_' || c == '$';
}

static bool id_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

/* Copy a literal or identifier chain at t[i] into sb; the next i. */
static size_t word(struct mb *B, struct strbuf *sb, const char *t, size_t i,
		   bool cond)
{
	size_t e = i;
	char *seg[32];
	int k = 0;
	do {
		size_t b = e;
		while (id_char((unsigned char)t[e]))
			e++;
		if (k < 32)
			seg[k++] = arena_strndup(B->a, t + b, e - b);
	} while (t[e] == '.' && id_start((unsigned char)t[e + 1]) && ++e);
	size_t after = e;
	while (isspace((unsigned char)t[after]))
		after++;
	size_t before = i;
	while (before > 0 && isspace((unsigned char)t[before - 1]))
		before--;
	bool raw = t[after] == '(' || (before > 0 && t[before - 1] == '.') ||
		   k == 32;
	int v = -2;
	bool null = !strcmp(seg[0], "null");
	if (!raw && k == 1 && ((null && (B->heap_on || B->arr_on)) ||
			       (B->heap_on && !strcmp(seg[0], "this")))) {
		if (B->nrefpos < 32) /* an id, not a number (mb_ref_check) */
			B->refpos[B->nrefpos++] = (int)sb->len;
		return sb_puts(sb, null ? "0" : "1"), e;
	}
	if (!raw && k > 1 && (v = chain(B, seg, k, cond)) == -1)
		return (size_t)-1;
	if (v >= 0)
		sb_puts(sb, mb_env_name(B, v));
	else
		sb_printf(sb, "%.*s", (int)(e - i), t + i);
	return e;
}

const char *mb_heap_text(struct mb *B, const char *t)
{
	bool cond = false;
	return mb_heap_text_after(B, t, &cond);
}

const char *mb_heap_text_after(struct mb *B, const char *t, bool *after)
{
	struct strbuf sb = STRBUF_INIT;
	bool cond = *after;
	size_t i = 0;
	B->nrefpos = 0;
	while (t[i]) {
		unsigned char c = (unsigned char)t[i];
		size_t e = i + 1;
		if (c == '"' || c == '\'') { /* a literal, escapes and all */
			while (t[e] && t[e] != (char)c)
				e += t[e] == '\\' && t[e + 1] ? 2 : 1;
			e += t[e] ? 1 : 0;
		} else if (isdigit(c) || (c == '.' && isdigit((unsigned char)t[e]))) {
			while (id_char((unsigned char)t[e]) || t[e] == '.' ||
			       ((t[e] == '+' || t[e] == '-') &&
				strchr("eEpP", t[e - 1])))
				e++;
		} else if (id_start(c)) {
			if ((e = word(B, &sb, t, i, cond)) == (size_t)-1) {
				sb_release(&sb);
				return NULL;
			}
			i = e;
			continue;
		} else if (c == '?' || ((c == '&' || c == '|') && t[e] == (char)c)) {
			cond = true;
		}
		sb_printf(&sb, "%.*s", (int)(e - i), t + i);
		i = e;
	}
	const char *r = arena_strdup(B->a, sb.buf ? sb.buf : "");
	sb_release(&sb);
	*after = cond;
	return r;
}

/* `if (v == 0) throw;` (NullPointerException) for the reference v. */
static struct mstmt *null_check(struct mb *B, int p, TSNode n)
{
	int v = B->pend[p];
	bool vis = B->visible[v];
	B->visible[v] = true;
	struct mstmt *s = mb_stmt_new(B, MS_IF, n);
	const char *whole[] = { mb_env_name(B, v), " == null", NULL };
	s->e = mb_built(B, mir_binary(B->a, OP_EQ, mir_var(B->a,
			mb_env_name(B, v)), mb_id(B, 0)), true, whole);
	B->visible[v] = vis;
	s->body = mb_null_throw(B, p, n);
	return s->e ? s : NULL;
}

bool mb_heap_flush(struct mb *B, int p0, struct mstmt *blk, int *cap,
		   TSNode n)
{
	int np = B->npend;
	B->npend = p0;
	for (int p = p0; p < np; p++) {
		struct mstmt *s = null_check(B, p, n);
		if (!s)
			return false;
		mb_append(B, blk, s, cap);
	}
	return true;
}

struct mstmt *mb_heap_wrap(struct mb *B, int p0, struct mstmt *s, TSNode n)
{
	if (!s || B->npend == p0)
		return s;
	struct mstmt *blk = mb_stmt_new(B, MS_BLOCK, n);
	int cap = 0;
	if (!mb_heap_flush(B, p0, blk, &cap, n))
		return NULL;
	mb_append(B, blk, s, &cap);
	return blk;
}

bool mb_heap_precreate(struct mb *B, const struct mheap_pre *pre)
{
	struct mmethod *m = B->m;
	for (int k = 0; k < pre->n; k++) {
		int base = -2;
		for (int i = 0; i < m->nvars; i++)
			if (m->kinds[i] != MV_LOCAL && !strcmp(m->names[i],
							       pre->base[k]))
				base = i;
		if (!strcmp(pre->base[k], "this"))
			base = -1;
		if (base < -1)
			return mb_fail(B, "the original's paths are not found");
		const struct mheap_pre *saved = B->hpre;
		B->hpre = NULL;
		int v = heap_var(B, base, pre->field[k]);
		B->hpre = saved;
		if (v < 0)
			return false;
		B->visible[v] = false;
	}
	return true;
}

/* The variables of n renumbered by perm, each N_VAR once though nodes
 * are shared: moved up by MIR_MAX_VARS (up), then back down. */
static void renumber(struct node *n, const int *perm, bool up)
{
	if (!n)
		return;
	if (n->kind == N_VAR && up && n->var >= 0 && n->var < MIR_MAX_VARS)
		n->var = perm[n->var] + MIR_MAX_VARS;
	else if (n->kind == N_VAR && !up && n->var >= MIR_MAX_VARS)
		n->var -= MIR_MAX_VARS;
	renumber(n->a, perm, up);
	renumber(n->b, perm, up);
	renumber(n->c, perm, up);
}

static void renumber_stmt(struct mstmt *s, const int *perm, bool up)
{
	if (!s)
		return;
	renumber((struct node *)s->e, perm, up);
	renumber((struct node *)s->assume, perm, up);
	for (int i = 0; i < s->nlabels; i++)
		renumber((struct node *)s->labels[i], perm, up);
	for (int i = 0; s->args && i < s->nargs; i++)
		renumber((struct node *)s->args[i], perm, up);
	for (int i = 0; i < s->nkids; i++)
		renumber_stmt(s->kids[i], perm, up);
	renumber_stmt(s->body, perm, up);
	renumber_stmt(s->els, perm, up);
	renumber_stmt(s->update, perm, up);
}

static unsigned permute_bits(unsigned m, const int *perm, int n)
{
	unsigned r = m & ~((1u << n) - 1);
	for (int i = 0; i < n; i++)
		r |= (m >> i & 1) << perm[i];
	return r;
}

bool mb_heap_reorder(struct mb *B, int n0)
{
	struct mmethod *m = B->m;
	int n = m->nvars, perm[MIR_MAX_VARS], at = n0;
	for (int i = n0; i < n; i++)
		if (B->envname[i] && (((B->oref >> i & 1) && B->ref_unasked) ||
				      (B->hbase[i] >= 0 &&
				       m->kinds[B->hbase[i]] == MV_LOCAL)))
			return false;
	for (int i = 0; i < n0; i++)
		perm[i] = i;
	for (int pass = 0; pass < 2; pass++)
		for (int i = n0; i < n; i++)
			if ((B->envname[i] == NULL) == (pass == 1))
				perm[i] = at++;
	renumber_stmt(m->body, perm, true);
	renumber_stmt(m->body, perm, false);
	struct mmethod o = *m;
	struct mb ob = *B;
	for (int i = 0; i < n; i++) {
		int j = perm[i];
		m->names[j] = o.names[i];
		m->types[j] = o.types[i];
		m->kinds[j] = o.kinds[i];
		m->elem[j] = o.elem[i];
		B->visible[j] = ob.visible[i];
		B->envname[j] = ob.envname[i];
		B->hbase[j] = ob.hbase[i] >= 0 ? perm[ob.hbase[i]] : ob.hbase[i];
		B->hfield[j] = ob.hfield[i];
		B->rtype[j] = ob.rtype[i];
		B->konst[j] = ob.konst[i];
		B->object[j] = ob.object[i];
	}
	for (int p = 0; p < B->npend; p++)
		B->pend[p] = perm[B->pend[p]];
	if (B->newvar >= 0)
		B->newvar = perm[B->newvar];
	m->refs = permute_bits(o.refs, perm, n);
	m->arrs = permute_bits(o.arrs, perm, n);
	B->oref = permute_bits(ob.oref, perm, n);
	B->istemp = permute_bits(ob.istemp, perm, n);
	B->tbusy = permute_bits(ob.tbusy, perm, n);
	return true;
}

void mb_heap_paths(const struct mb *B, struct mheap_pre *out)
{
	out->n = 0;
	for (int i = 0; i < B->m->nvars; i++)
		if (B->envname[i]) {
			out->base[out->n] = B->m->kinds[i] == MV_FIELD ? "this"
					    : B->m->names[B->hbase[i]];
			out->field[out->n++] = B->hfield[i];
		}
	out->writes = B->m->heap_writes;
}

/* The variable named by i's environment name, as a node. */
static struct node *env_var(struct mb *B, int i)
{
	return mir_var(B->a, mb_env_name(B, i));
}

/* The consistency of the paths (lang/mir.h: References) as a condition:
 * b1 != b2 || b1.f == b2.f for two bases of one field f, joined by &&
 * from the left; NULL when there are none. */
static struct node *consistency(struct mb *B)
{
	const struct mmethod *m = B->m;
	struct node *c = NULL;
	for (int i = 0; i < m->nvars; i++) {
		bool hi = m->kinds[i] == MV_HEAP;
		if (!hi && m->kinds[i] != MV_FIELD)
			continue;
		const char *fi = hi ? B->hfield[i] : m->names[i];
		for (int j = i + 1; j < m->nvars; j++) {
			if (m->kinds[j] != MV_HEAP || strcmp(fi, B->hfield[j]))
				continue;
			struct node *d = mir_binary(B->a, OP_LOR,
				mir_binary(B->a, OP_NE, hi ? env_var(B,
					B->hbase[i]) : mb_id(B, 1),
					env_var(B, B->hbase[j])),
				mir_binary(B->a, OP_EQ, env_var(B, i),
					   env_var(B, j)));
			c = c ? mir_binary(B->a, OP_LAND, c, d) : d;
		}
	}
	return c;
}

bool mb_heap_finish(struct mb *B)
{
	struct mmethod *m = B->m;
	bool any = false;
	for (int i = 0; i < m->nvars; i++)
		any |= m->kinds[i] == MV_HEAP;
	if (!any || !mb_heap_writes(B))
		return !B->why;
	struct node *c = consistency(B);
	return !c || mb_prelude(B, c);
}

bool mb_prelude(struct mb *B, struct node *cond)
{
	struct mmethod *m = B->m;
	bool vis[MIR_MAX_VARS];
	memcpy(vis, B->visible, sizeof(vis));
	for (int i = 0; i < m->nvars; i++)
		B->visible[i] = m->kinds[i] != MV_LOCAL;
	struct mstmt *s = mir_early_return(B->a, m), *r = s->body;
	s->e = mb_built(B, mir_unary(B->a, OP_NOT, cond), true, NULL);
	if (s->e && m->ret)
		r->e = mb_expr_node(B, mir_zero(B->a, &profile_java, m->ret),
				    false);
	memcpy(B->visible, vis, sizeof(vis));
	if (!s->e || (m->ret && !r->e))
		return false;
	mir_prepend(B->a, m, s);
	return true;
}
