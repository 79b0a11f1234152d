/*
 * javasrc-mlower.c - calls whose result is used, lowered out of their
 * expression into MS_CALL statements (lang/mir.h: Calls;
 * lang/javasrc-mir-int.h: mb_lower()).
 *
 * Lowering.  An expression with calls is walked in the method's own
 * syntax tree (one a mutant's patch changed: its text, the patch
 * applied, read again by tree-sitter alone in a small class) and
 * rewritten in Java's evaluation order: each call becomes an MS_CALL
 * whose result goes to a temporary (a local slot named $N), the
 * expression reads the temporary.  An operand evaluated before a later
 * call that could throw (a division or remainder) or that reads a field
 * (the callee may change it: lang/mir.h, Calls and fields) is first
 * stored in a temporary, so
 * that it throws, or reads, before the call is made; `x op= e` with
 * calls in e and x a field reads x first the same way; other operands
 * read variables no call can change (a callee cannot write locals or
 * parameters), so they are left in place.  `a && b`,
 * `a || b` and `c ? x : y` with calls in the part evaluated second
 * become an MS_IF, so a call not evaluated is not made; so do they with
 * a read through a reference there (lang/mir.h: References), its null
 * check emitted just before the statement that reads it.  A loop's
 * condition with calls is tested at the start of its body (do-while:
 * from the second iteration), its calls made there each time.  In an
 * expression with calls and an assignment or ++/-- inside it (other than
 * one assignment at its top: `f(c++)`, `x = g(x--)`), every operand that
 * reads a variable and is evaluated before a later call is stored
 * first, and so is the left of `x op= e` (an assignment in e may change
 * x, which Java read before it): the assignments then happen in Java's
 * order around the calls.  Such an expression with reads through
 * references after &&, || or ? and no call is not lowered: the build
 * fails.
 *
 * The expression put together around the lowered parts is built of
 * nodes (mb_low(): binary, unary, a cast to a primitive, assignment,
 * ?:, parentheses, `x = (T)((t) op (r))`; the parser's tree of the text
 * sequence() and compound() print, which is kept for a failure's reason
 * only), its parts N_HOLEs named by their own text: mb_part() parses
 * those (the source's text, a temporary's name), never the printed
 * whole.  A kind the model has no node for (a field of a call's
 * result, instanceof, a cast to a class) is known to have none and
 * fails as its text would not parse (no_node()).
 *
 * Temporaries are slots of the method; one is reused by later
 * statements of its type once the statement that needed it is built.
 * A mutant may need fewer or more of them than its original: only the
 * parameters and fields (first) must match (sem/mir-encode.c encodes
 * each method with its own slots).
 */
#include "lang/javasrc-mir-int.h"

#include <ctype.h>
#include <string.h>

#include "lang/profile.h"
#include "lang/stats.h"

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

bool mb_maybe_call(const char *t)
{
	for (const char *p = strstr(t, "new"); p; p = strstr(p + 1, "new"))
		if ((p == t || !isalnum((unsigned char)p[-1])) && isspace((unsigned char)p[3]))
			return true; /* `new` (javasrc-mref.c) */
	for (const char *p = strchr(t, '('); p; p = strchr(p + 1, '(')) {
		const char *q = p;
		while (q > t && isspace((unsigned char)q[-1]))
			q--;
		if (q > t && (isalnum((unsigned char)q[-1]) || q[-1] == '_' ||
			      q[-1] == '$'))
			return true;
	}
	return false;
}

/* --- a lowered text's nodes (lang/javasrc-mir-int.h: mb_low()) --- */

struct mlow {
	struct mlow *next;
	const char *text;
	const struct node *n;
};

const struct node *mb_low(const struct mb *B, const char *text)
{
	for (const struct mlow *l = B->lows; l; l = l->next)
		if (l->text == text)
			return l->n;
	return NULL;
}

/* text, a lowered expression standing for n (NULL: none, text is
 * parsed whole). */
static const char *low_keep(struct mb *B, const char *text,
			    const struct node *n)
{
	if (text)
		lang_stat_lowered(n != NULL);
	if (!n || !text)
		return text;
	struct mlow *l = ANEW(B->a, struct mlow);
	l->text = text;
	l->n = n;
	l->next = B->lows;
	B->lows = l;
	return text;
}

/* The lowered text x as a part of a node being built, written in
 * parentheses: its own nodes, or an N_HOLE of its text. */
static struct node *low_part(struct mb *B, const char *x)
{
	const struct node *l = mb_low(B, x);
	struct node *n = node_new(B->a, l ? l->kind : N_HOLE, 0);
	if (l)
		*n = *l;
	else
		n->name = x;
	n->paren = true;
	return n;
}

/* --- lowering an expression read again alone (see the top) --- */

struct lw {
	struct mb *B;
	struct jsrc *f;      /* the expression's snippet */
	TSNode at;           /* where it stands in the method (lines) */
	struct mstmt *blk;   /* where statements go */
	int *cap;
	bool assigns;        /* the expression assigns inside (see the top) */
};

static const char *text_of(struct lw *L, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	return arena_strndup(L->B->a, L->f->text + b, e - b);
}

static bool is_call(struct lw *L, TSNode n)
{
	bool ok;
	if (!jnode_is(n, "method_invocation"))
		return false;
	mb_receiver(L->B, L->f, n, &ok);
	return ok;
}

/* Could n read a field (a name of one the method names, this)?  A
 * callee may change fields (lang/mir.h: Calls and fields). */
static bool reads_field(struct lw *L, TSNode n)
{
	const struct mmethod *m = L->B->m;
	if (jnode_is(n, "this"))
		return true;
	if (jnode_is(n, "identifier"))
		for (int i = 0; i < m->nvars; i++)
			if (m->kinds[i] == MV_FIELD && L->B->visible[i] &&
			    jnode_text_is(L->f, n, m->names[i]))
				return true;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (reads_field(L, ts_node_named_child(n, i)))
			return true;
	return false;
}

/* Counts in n's subtree: calls (lowerable or not: *other), assignments
 * and ++/--, divisions and remainders. */
struct census {
	int calls, other, assigns, divs;
};

static void census(struct lw *L, TSNode n, struct census *c)
{
	if (jnode_is(n, "method_invocation"))
		is_call(L, n) ? c->calls++ : c->other++;
	if (mb_arr_read(L->B, L->f, n)) /* lowered as a call is */
		c->calls++;
	c->calls += jnode_is(n, "object_creation_expression");
	if (jnode_is(n, "assignment_expression") ||
	    jnode_is(n, "update_expression"))
		c->assigns++;
	if (jnode_is(n, "binary_expression")) {
		TSNode op = field(n, "operator");
		if (jnode_text_is(L->f, op, "/") || jnode_text_is(L->f, op, "%"))
			c->divs++;
	}
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		census(L, ts_node_named_child(n, i), c);
}

/* Does n read a variable (a name, this)? */
static bool reads_var(TSNode n)
{
	if (jnode_is(n, "identifier") || jnode_is(n, "this"))
		return true;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (reads_var(ts_node_named_child(n, i)))
			return true;
	return false;
}

static bool has_call(struct lw *L, TSNode n)
{
	struct census c = { 0 };
	census(L, n, &c);
	return c.calls > 0;
}

/* Does n read through a reference of the method (lang/mir.h:
 * References): a field access whose object is not `this` itself, its
 * chain rooted at `this` or at a visible reference variable? */
static bool is_deref(struct lw *L, TSNode n)
{
	if (!jnode_is(n, "field_access"))
		return false;
	TSNode o = field(n, "object");
	if (ts_node_is_null(o) || jnode_is(o, "this"))
		return false;
	while (jnode_is(o, "field_access"))
		o = field(o, "object");
	if (jnode_is(o, "this"))
		return true;
	if (!jnode_is(o, "identifier"))
		return false;
	const struct mmethod *m = L->B->m;
	for (int i = m->nvars - 1; i >= 0; i--)
		if (L->B->visible[i] && jnode_text_is(L->f, o, m->names[i]))
			return m->refs >> i & 1;
	return false;
}

static bool has_deref(struct lw *L, TSNode n)
{
	if (is_deref(L, n))
		return true;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (has_deref(L, ts_node_named_child(n, i)))
			return true;
	return false;
}

/* Is the part of n evaluated second (the right of && and ||, the
 * branches of ?:) one with a call or a read through a reference? */
static bool second_work(struct lw *L, TSNode n)
{
	TSNode a = { 0 }, b = { 0 };
	if (jnode_is(n, "binary_expression")) {
		TSNode op = field(n, "operator");
		if (jnode_text_is(L->f, op, "&&") || jnode_text_is(L->f, op, "||"))
			a = field(n, "right");
	} else if (jnode_is(n, "ternary_expression")) {
		a = field(n, "consequence");
		b = field(n, "alternative");
	}
	return (!ts_node_is_null(a) && (has_call(L, a) || has_deref(L, a))) ||
	       (!ts_node_is_null(b) && (has_call(L, b) || has_deref(L, b)));
}

/* Does n need lowering: a call, or a read through a reference where
 * Java may not evaluate it (after &&, || or ?)? */
static bool needs(struct lw *L, TSNode n)
{
	if (has_call(L, n) || second_work(L, n))
		return true;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (needs(L, ts_node_named_child(n, i)))
			return true;
	return false;
}

static bool may_throw(struct lw *L, TSNode n)
{
	struct census c = { 0 };
	census(L, n, &c);
	return c.divs > 0;
}

/* Append s to the statements, after the null checks of the reads
 * through references its expressions made from p0 on (so a read only
 * some runs make is checked only there). */
static bool emit(struct lw *L, int p0, struct mstmt *s)
{
	if (!mb_heap_flush(L->B, p0, L->blk, L->cap, L->at))
		return false;
	mb_append(L->B, L->blk, s, L->cap);
	return true;
}

const char *mb_temp(struct mb *B, const struct type *t)
{
	struct mmethod *m = B->m;
	const struct type *mt = t ? mb_type(t->name) : NULL;
	if (!mt)
		return mb_fail(B, arena_printf(B->a, "a call in an expression of "
			       "type %s", t ? t->name : "void")), NULL;
	for (int i = 0; i < m->nvars; i++)
		if ((B->istemp >> i & 1) && !(B->tbusy >> i & 1) &&
		    m->types[i] == mt && !(m->refs >> i & 1)) {
			B->tbusy |= 1u << i;
			B->visible[i] = true;
			return m->names[i];
		}
	if (m->nvars == MIR_MAX_VARS)
		return mb_fail(B, "more than 16 variables"), NULL;
	int i = m->nvars++;
	m->names[i] = arena_printf(B->a, "$%d", B->ntemps++);
	m->types[i] = mt;
	m->kinds[i] = MV_LOCAL;
	B->visible[i] = true;
	B->istemp |= 1u << i;
	B->tbusy |= 1u << i;
	return m->names[i];
}

/* Is text the name of a temporary (a call's result, a stored operand)? */
static bool is_temp(const struct mb *B, const char *text)
{
	for (int i = 0; i < B->m->nvars; i++)
		if ((B->istemp >> i & 1) && !strcmp(B->m->names[i], text))
			return true;
	return false;
}

/* Emit `t = (text)` for a new temporary t of text's type: t's name. */
static const char *store(struct lw *L, const char *text)
{
	struct mb *B = L->B;
	int p0 = B->npend;
	const char *whole[] = { text, NULL };
	struct mb_part P;
	struct node *e = mb_part(B, text, whole, &P) ? mb_part_typed(B, P.n,
				&P, false, whole, P.p0) : NULL;
	const char *t = e ? mb_temp(B, e->type) : NULL;
	if (!t)
		return NULL;
	struct mstmt *s = mb_stmt_new(B, MS_EXPR, L->at);
	const char *aw[] = { t, " = (", text, ")", NULL };
	if (!(s->e = mb_part_typed(B, mir_assign(B->a, mir_var(B->a, t), e), &P,
				   false, aw, B->npend)) || !emit(L, p0, s))
		return NULL;
	return t;
}

static const char *lower(struct lw *L, TSNode n);

/* The operands kids[0..n), evaluated in order, lowered into out[]: one
 * before a later call that could throw is stored first. */
static bool operands(struct lw *L, const TSNode *kids, int n, const char **out)
{
	int last = -1;
	for (int i = 0; i < n; i++)
		if (has_call(L, kids[i]))
			last = i;
	for (int i = 0; i < n; i++) {
		if (!(out[i] = lower(L, kids[i])))
			return false;
		if (i < last && (may_throw(L, kids[i]) || reads_field(L, kids[i]) ||
				 (L->assigns && reads_var(kids[i]))) &&
		    !is_temp(L->B, out[i]) && !(out[i] = store(L, out[i])))
			return false;
	}
	return true;
}

/* A call n: its arguments, then the MS_CALL; its result's temporary
 * when used (else ""). */
static const char *call(struct lw *L, TSNode n, bool used)
{
	struct mb *B = L->B;
	TSNode al = field(n, "arguments"), kids[MIR_MAX_ARGS];
	memset(kids, 0, sizeof(kids));
	const char *args[MIR_MAX_ARGS], *ret = NULL;
	bool isnew = jnode_is(n, "object_creation_expression"), on = true;
	const char *name = text_of(L, field(n, isnew ? "type" : "name"));
	const char *recv = isnew ? NULL : mb_receiver(B, L->f, n, &on);
	int nargs = 0, p0 = B->npend;
	uint32_t k = ts_node_named_child_count(al);
	for (uint32_t i = 0; i < k; i++) {
		TSNode a = ts_node_named_child(al, i);
		if (jnode_is(a, "line_comment") || jnode_is(a, "block_comment"))
			continue;
		if (nargs == MIR_MAX_ARGS)
			return mb_fail(B, arena_printf(B->a, "a call to %s with "
				"more than %d arguments", name, MIR_MAX_ARGS)), NULL;
		kids[nargs++] = a;
	}
	/* The receiver is read before the arguments, and the call's
	 * statement reads it after them: a callee in them may change a
	 * field, never a local variable, which only an assignment in them
	 * could change. */
	int rv = recv ? mb_var_named(B, recv) : -1;
	for (int i = 0; rv >= 0 && i < nargs; i++) {
		struct census c = { 0 };
		census(L, kids[i], &c);
		if (c.calls && B->m->kinds[rv] == MV_FIELD)
			return mb_fail(B, arena_printf(B->a, "a call on the field "
				       "`%s` with calls in its arguments (they may "
				       "change it)", recv)), NULL;
		if (c.calls && c.assigns)
			return mb_fail(B, arena_printf(B->a, "a call on `%s` with "
				       "calls and assignments in its arguments",
				       recv)), NULL;
	}
	if (!operands(L, kids, nargs, args))
		return NULL;
	struct mstmt *s = NULL;
	const char *t = "", *pure = NULL;
	if (isnew) /* an anonymous class's body is not modelled */
		t = ts_node_named_child_count(n) > 2 ? mb_fail(B, "`new` of an "
			"anonymous class"), NULL : mb_new(B, L->at, name, nargs,
							   args, &s);
	else if ((s = mb_make_call_on(B, L->at, recv, name, nargs, args,
				      &ret, &pure)))
		t = pure ? pure : used ? mb_result(B, &s, L->at, name, ret) : "";
	return s && t && emit(L, p0, s) ? t : NULL;
}

/* `a && b`, `a || b` with calls in b: t = a; if (t) (if (!t)) {b's
 * statements; t = b}. */
static const char *short_circuit(struct lw *L, TSNode n, bool and)
{
	struct mb *B = L->B;
	const char *l = lower(L, field(n, "left"));
	int p0 = B->npend;
	/* a temporary of the left (its call's result) carries the value */
	const char *t = l && is_temp(B, l) ? l : l ? store(L, l) : NULL;
	if (!t)
		return NULL;
	struct mstmt *blk = mb_stmt_new(B, MS_BLOCK, L->at), *saved = L->blk;
	int cap = 0, *savedcap = L->cap;
	L->blk = blk;
	L->cap = &cap;
	const char *r = lower(L, field(n, "right"));
	struct mstmt *s = mb_stmt_new(B, MS_EXPR, L->at);
	int p1 = B->npend;
	const char *aw[] = { t, " = (", r, ")", NULL };
	struct mb_part P;
	if (r && mb_part(B, r, aw, &P))
		s->e = mb_part_typed(B, mir_assign(B->a, mir_var(B->a, t), P.n),
				     &P, false, aw, P.p0);
	bool ok = s->e && emit(L, p1, s);
	L->blk = saved;
	L->cap = savedcap;
	if (!ok)
		return NULL;
	struct mstmt *i = mb_stmt_new(B, MS_IF, L->at);
	struct node *tv = mir_var(B->a, t);
	if (!(i->e = mb_expr_node(B, and ? tv : mir_unary(B->a, OP_NOT, tv),
				  true)) || !emit(L, p0, i))
		return NULL;
	i->body = blk;
	return t;
}

/* The text of one branch of ?: lowered into its own block *blk. */
static const char *branch(struct lw *L, TSNode n, struct mstmt **blk, int *cap)
{
	struct mstmt *saved = L->blk;
	int *savedcap = L->cap;
	*blk = mb_stmt_new(L->B, MS_BLOCK, L->at);
	L->blk = *blk;
	L->cap = cap;
	const char *r = lower(L, n);
	L->blk = saved;
	L->cap = savedcap;
	return r;
}

/* t = (tn)(x), x a branch's lowered text (parsed once). */
static struct node *branch_set(struct mb *B, const char *t, const char *tn,
			       const char *x)
{
	const char *whole[] = { t, " = (", tn, ")(", x, ")", NULL };
	struct mb_part P;
	if (!mb_part(B, x, whole, &P))
		return NULL;
	return mb_part_typed(B, mir_assign(B->a, mir_var(B->a, t),
			     mb_cast(B, mb_type(tn), P.n)), &P, false, whole,
			     P.p0);
}

/* `c ? x : y` with calls in x or y: if (c) {x's; t = x} else {y's; t = y}. */
static const char *conditional(struct lw *L, TSNode n)
{
	struct mb *B = L->B;
	struct mstmt *bx = NULL, *by = NULL;
	int cx = 0, cy = 0;
	const char *c = lower(L, field(n, "condition"));
	int p0 = B->npend;
	const char *x = c ? branch(L, field(n, "consequence"), &bx, &cx) : NULL;
	const char *y = x ? branch(L, field(n, "alternative"), &by, &cy) : NULL;
	/* the type only: its reads are checked where they are evaluated;
	 * the parts parsed (each text once), the ?: built of them */
	B->hprobe = true;
	const char *whole[] = { "(", c, ") ? (", x, ") : (", y, ")", NULL };
	struct mb_part pc, px, py;
	const struct node *e = y && mb_part(B, c, whole, &pc) &&
		mb_part(B, x, whole, &px) && mb_part(B, y, whole, &py)
		? mb_part_typed(B, mir_cond(B->a, pc.n, px.n, py.n), &pc, false,
				whole, pc.p0) : NULL;
	B->hprobe = false;
	B->npend = p0;
	const char *t = e ? mb_temp(B, e->type) : NULL;
	if (!t)
		return NULL;
	const char *tn = mb_type(e->type->name)->name;
	struct mstmt *sx = mb_stmt_new(B, MS_EXPR, L->at);
	struct mstmt *sy = mb_stmt_new(B, MS_EXPR, L->at);
	struct mstmt *i = mb_stmt_new(B, MS_IF, L->at);
	struct mstmt *saved = L->blk;
	int *savedcap = L->cap;
	bool ok = (sx->e = branch_set(B, t, tn, x)) &&
		  (L->blk = bx, L->cap = &cx, emit(L, p0, sx)) &&
		  (sy->e = branch_set(B, t, tn, y)) &&
		  (L->blk = by, L->cap = &cy, emit(L, p0, sy));
	L->blk = saved;
	L->cap = savedcap;
	if (!ok || !(i->e = mb_expr_text(B, c, true)) || !emit(L, p0, i))
		return NULL;
	i->body = bx;
	i->els = by;
	return t;
}

/* No node: the expression whose lowered parts are out[0..nk) is one the
 * method model has no node for (a field of a call's result, instanceof,
 * a cast to a class ...: the text sequence() prints would not parse);
 * an N_HOLE without a name, its parts in a, the rest of them in c, so
 * that mb_part() reads their references in order and then fails as
 * that text's parse would. */
static struct node *no_node(struct mb *B, int nk, const char **out)
{
	struct node *r = NULL;
	for (int i = nk - 1; i >= 0 || !r; i--) {
		struct node *h = node_new(B->a, N_HOLE, 0);
		h->a = i >= 0 ? low_part(B, out[i]) : NULL;
		h->c = r;
		r = h;
	}
	return r;
}

/* The binary operator spelled s, or OP_NONE. */
static enum op op_of(const char *s)
{
	for (int op = OP_MUL; op <= OP_LOR; op++)
		if (!strcmp(s, op_spelling((enum op)op)))
			return (enum op)op;
	return OP_NONE;
}

/* `x op= e` with calls in e and x a field's: Java reads x before e, so
 * t = x; e's statements; x = (T)((t) op (e)). */
static const char *compound(struct lw *L, TSNode n)
{
	struct mb *B = L->B;
	const char *x = text_of(L, field(n, "left"));
	const char *op = text_of(L, field(n, "operator"));
	const struct node *xe = mb_expr_text(B, x, false);
	const char *t = xe ? store(L, x) : NULL;
	const char *r = t ? lower(L, field(n, "right")) : NULL;
	if (!r)
		return NULL;
	char bop[5] = { 0 };
	memcpy(bop, op, strlen(op) - 1 < 4 ? strlen(op) - 1 : 4);
	struct node *v = low_part(B, t), *e = mir_binary(B->a, op_of(bop),
							     v, low_part(B, r));
	struct node *left = node_new(B->a, N_HOLE, 0), *c;
	left->name = x;
	e->paren = true;
	c = mb_cast(B, xe->type, e); /* none to boolean: no node */
	const char *parts[] = { x, t, r };
	return low_keep(B, arena_printf(B->a, "%s = (%s)((%s) %.*s (%s))", x,
			xe->type->name, t, (int)strlen(op) - 1, op, r),
			c && e->op != OP_NONE ? mir_assign(B->a, left, c)
			: no_node(B, 3, parts));
}

/* The node n whose operands lowered are out[0..nk), built of nodes as
 * the parser makes them of the text sequence() puts them back in (each
 * operand in parentheses): the table's kinds (binary, unary, cast to a
 * primitive, assignment, ?:); NULL for another kind (no_node()). */
static struct node *table_node(struct lw *L, TSNode n, int nk,
			       const char **out)
{
	static const struct { const char *s; enum op op; } unops[] = {
		{ "+", OP_PLUS }, { "-", OP_NEG }, { "~", OP_BNOT },
		{ "!", OP_NOT },
	};
	struct mb *B = L->B;
	struct node *k[3] = { NULL, NULL, NULL };
	for (int i = 0; i < nk && i < 3; i++)
		k[i] = low_part(B, out[i]);
	if (jnode_is(n, "binary_expression") && nk == 2) {
		enum op op = op_of(text_of(L, field(n, "operator")));
		return op == OP_NONE ? NULL : mir_binary(B->a, op, k[0], k[1]);
	}
	if (jnode_is(n, "unary_expression") && nk == 1) {
		const char *op = text_of(L, field(n, "operator"));
		for (size_t i = 0; i < sizeof(unops) / sizeof(unops[0]); i++)
			if (!strcmp(op, unops[i].s))
				return mir_unary(B->a, unops[i].op, k[0]);
		return NULL;
	}
	if (jnode_is(n, "cast_expression") && nk == 1) {
		const char *tn = jnode_squeezed(B->a, L->f, field(n, "type"));
		const struct type *t = NULL;
		return profile_java.cast_type(&profile_java, tn, 0, &t) ==
		       (int)strlen(tn) ? mir_cast(B->a, t, k[0]) : NULL;
	}
	if (jnode_is(n, "assignment_expression") && nk == 1) {
		char op[5] = { 0 };
		const char *o = text_of(L, field(n, "operator"));
		size_t ol = strlen(o);
		if (ol < 1 || ol > 4 || o[ol - 1] != '=')
			return NULL;
		memcpy(op, o, ol - 1);
		struct node *left = node_new(B->a, N_HOLE, 0);
		left->name = text_of(L, field(n, "left"));
		struct node *a = mir_assign(B->a, left, k[0]);
		if (ol > 1 && (a->op = op_of(op)) == OP_NONE)
			return NULL;
		return a;
	}
	if (jnode_is(n, "ternary_expression") && nk == 3)
		return mir_cond(B->a, k[0], k[1], k[2]);
	return NULL;
}

static struct node *rebuilt(struct lw *L, TSNode n, int nk, const char **out)
{
	struct node *r = table_node(L, n, nk, out);
	return r ? r : no_node(L->B, nk, out);
}

/* Any other node: its operands lowered in order, put back in its text. */
static const char *sequence(struct lw *L, TSNode n)
{
	struct mb *B = L->B;
	TSNode kids[8];
	const char *out[8];
	int nk = 0;
	memset(kids, 0, sizeof(kids));
	bool asg = jnode_is(n, "assignment_expression");
	if (asg && !jnode_text_is(L->f, field(n, "operator"), "=") &&
	    has_call(L, field(n, "right")) && (L->assigns ||
					       reads_field(L, field(n, "left"))))
		return compound(L, n);
	TSNode skip = asg ? field(n, "left") : jnode_is(n, "cast_expression")
		      ? field(n, "type") : (TSNode){ 0 };
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		if ((!ts_node_is_null(skip) && jnode_same(c, skip)) ||
		    jnode_is(c, "line_comment") || jnode_is(c, "block_comment"))
			continue;
		if (nk == 8)
			return mb_fail(B, "an expression of more than 8 parts with "
				       "calls"), NULL;
		kids[nk++] = c;
	}
	if (!operands(L, kids, nk, out))
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	uint32_t at = ts_node_start_byte(n);
	for (int i = 0; i < nk; i++) {
		uint32_t b = ts_node_start_byte(kids[i]);
		sb_add(&sb, L->f->text + at, b - at);
		sb_printf(&sb, "(%s)", out[i]);
		at = ts_node_end_byte(kids[i]);
	}
	sb_add(&sb, L->f->text + at, ts_node_end_byte(n) - at);
	const char *r = arena_strdup(B->a, sb.buf);
	sb_release(&sb);
	return low_keep(B, r, rebuilt(L, n, nk, out));
}

/* a[i] or a.length (lang/mir.h: Arrays): the index, then the read
 * into a temporary. */
static const char *arr_read(struct lw *L, TSNode n)
{
	bool len = !jnode_is(n, "array_access");
	TSNode k = field(n, "index");
	const char *idx = NULL, *t = NULL;
	int p0 = L->B->npend;
	if (!len && !operands(L, &k, 1, &idx))
		return NULL;
	struct mstmt *s = mb_arr_load(L->B, L->f, L->at, field(n, len ? "object"
				      : "array"), idx, &t);
	return s && emit(L, p0, s) ? t : NULL;
}

static const char *lower(struct lw *L, TSNode n)
{
	if (!needs(L, n))
		return text_of(L, n);
	/* an if's or loop's condition is parenthesized: read alone, the
	 * same text is a parenthesized_expression */
	if (jnode_is(n, "parenthesized_expression") || jnode_is(n, "condition")) {
		const char *r = lower(L, ts_node_named_child(n, 0));
		return r ? low_keep(L->B, arena_printf(L->B->a, "(%s)", r),
				    low_part(L->B, r)) : NULL;
	}
	if (jnode_is(n, "method_invocation") ||
	    jnode_is(n, "object_creation_expression"))
		return call(L, n, true);
	if (mb_arr_read(L->B, L->f, n))
		return arr_read(L, n);
	if (jnode_is(n, "binary_expression")) {
		TSNode op = field(n, "operator");
		bool and = jnode_text_is(L->f, op, "&&");
		if ((and || jnode_text_is(L->f, op, "||")) && second_work(L, n))
			return short_circuit(L, n, and);
	}
	if (jnode_is(n, "ternary_expression") && second_work(L, n))
		return conditional(L, n);
	return sequence(L, n);
}

/* The expression of a snippet `class L { Object m() { return E; } }`. */
static TSNode snippet_expr(struct jsrc *f)
{
	TSNode n = ts_tree_root_node(f->tree);
	while (!ts_node_is_null(n) && !jnode_is(n, "return_statement"))
		n = ts_node_named_child_count(n) ? ts_node_named_child(n,
			ts_node_named_child_count(n) - 1) : (TSNode){ 0 };
	return ts_node_is_null(n) ? n : ts_node_named_child(n, 0);
}

/* Lower text into the statements of blk: the text over temporaries
 * (stmt: the call statement text is, with its result dropped: ""), the
 * text itself when there is nothing to lower; NULL after mb_fail(). */
static const char *lower_text(struct mb *B, TSNode at, const char *text,
			      bool stmt)
{
	bool cond = strchr(text, '.') && (strstr(text, "&&") ||
					   strstr(text, "||") || strchr(text, '?'));
	if (!mb_maybe_call(text) && !(cond && B->heap_on) &&
	    !(B->arr_on && (strchr(text, '[') || strstr(text, ".length"))))
		return text;
	/* the method's own node when text is its text (no mutant in it):
	 * read again alone only a text the patch changed */
	uint32_t ab = ts_node_start_byte(at), ae = ts_node_end_byte(at);
	bool own = strlen(text) == ae - ab && !strncmp(B->f->text + ab, text,
						       ae - ab);
	const char *why = NULL;
	struct jsrc *f = own ? B->f : jsrc_open_text("<call>", arena_printf(B->a,
		"class L {\nObject m() {\nreturn %s\n;\n}\n}\n", text), B->a, &why);
	if (!f)
		return text;
	lang_stat_reread(!own);
	TSNode e = own ? at : snippet_expr(f);
	struct census c = { 0 };
	struct lw L = { .B = B, .f = f, .at = at };
	if (!ts_node_is_null(e))
		census(&L, e, &c);
	const char *r = text;
	if (ts_node_is_null(e) || ts_node_has_error(own ? at
						    : ts_tree_root_node(f->tree)) ||
	    !needs(&L, e) || c.other) {
		/* nothing to lower, or a call outside the model: the
		 * expression's own reason */
	} else if (!c.calls &&
		   c.assigns > (jnode_is(e, "assignment_expression") ? 1 : 0)) {
		mb_fail(B, arena_printf(B->a, "`%s`: a read through a reference "
			"after &&, || or ? in an expression that assigns "
			"inside", text));
		r = NULL;
	} else if (stmt && !is_call(&L, e)) {
		/* the patch made it something else: not lowered here */
	} else {
		if (!B->pre)
			B->pre = mb_stmt_new(B, MS_BLOCK, at);
		L.blk = B->pre;
		L.cap = &B->precap;
		L.assigns = c.assigns > (jnode_is(e, "assignment_expression")
					 ? 1 : 0);
		r = stmt ? call(&L, e, false) : lower(&L, e);
	}
	if (!own)
		jsrc_free(f);
	return r;
}

/* The statement `flag = value` at line. */
static struct mstmt *assign(struct mb *B, int line, const char *flag,
			    bool value)
{
	struct mstmt *a = mir_stmt(B->a, MS_EXPR, line);
	a->e = mb_expr_node(B, mir_assign(B->a, mir_var(B->a, flag),
		mir_lit(B->a, profile_java.boolean, value_bool(value))), false);
	return a->e ? a : NULL;
}

struct mstmt *mb_loop_calls(struct mb *B, struct mstmt *s, struct mstmt *pre,
			    const char *flag)
{
	struct mstmt *test = ANEW(B->a, struct mstmt);
	struct mstmt *blk = ANEW(B->a, struct mstmt);
	struct mstmt *skip = ANEW(B->a, struct mstmt);
	struct mstmt *brk = ANEW(B->a, struct mstmt);
	int cap = 0;
	*test = (struct mstmt){ .kind = MS_IF, .line = s->line, .e = s->e,
				.body = skip, .els = brk };
	*skip = (struct mstmt){ .kind = MS_SKIP, .line = s->line };
	*brk = (struct mstmt){ .kind = MS_BREAK, .line = s->line };
	*blk = (struct mstmt){ .kind = MS_BLOCK, .line = s->line };
	mb_append(B, blk, pre, &cap);
	mb_append(B, blk, test, &cap);
	s->e = NULL;
	if (!flag) {
		mb_append(B, blk, s->body, &cap);
		s->body = blk;
		return s;
	}
	/* do { body } while (e): { f = false; while (true) { if (f) { pre;
	 * if (!e) break; } f = true; body } } */
	struct mstmt *guard = ANEW(B->a, struct mstmt), *nb = ANEW(B->a, struct mstmt);
	struct mstmt *out = ANEW(B->a, struct mstmt);
	struct mstmt *clear = assign(B, s->line, flag, false);
	struct mstmt *set = assign(B, s->line, flag, true);
	int nc = 0, oc = 0;
	if (!clear || !set)
		return NULL;
	*guard = (struct mstmt){ .kind = MS_IF, .line = s->line, .body = blk,
				 .e = mb_expr_node(B, mir_var(B->a, flag), true) };
	*nb = (struct mstmt){ .kind = MS_BLOCK, .line = s->line };
	*out = (struct mstmt){ .kind = MS_BLOCK, .line = s->line };
	if (!guard->e)
		return NULL;
	mb_append(B, nb, guard, &nc);
	mb_append(B, nb, set, &nc);
	mb_append(B, nb, s->body, &nc);
	s->body = nb;
	s->test_first = true;
	mb_append(B, out, clear, &oc);
	mb_append(B, out, s, &oc);
	return out;
}

const char *mb_lower(struct mb *B, TSNode n, const char *text)
{
	return lower_text(B, n, text, false);
}

const char *mb_lower_stmt(struct mb *B, TSNode n, const char *text)
{
	return lower_text(B, n, text, true);
}
