/*
 * javasrc-method.c - a method of a Java source as the method IR
 * (lang/javasrc-method.h, lang/mir.h).
 */
#include "lang/javasrc-method.h"

#include <ctype.h>
#include <string.h>

#include "lang/javasrc-int.h"
#include "lang/javasrc-mir-int.h"
#include "lang/profile.h"
#include "lang/stats.h"


bool mb_fail(struct mb *B, const char *why)
{
	if (!B->why)
		B->why = why;
	return false;
}

/* A primitive type the IR models, by its name; NULL otherwise. */
const struct type *mb_type(const char *name)
{
	static const char *const ok[] = { "boolean", "byte", "short", "char",
					  "int", "long", "float", "double" };
	for (size_t k = 0; k < sizeof(ok) / sizeof(ok[0]); k++)
		if (!strcmp(name, ok[k]))
			return profile_type(&profile_java, name);
	return NULL;
}

TSNode mb_field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static int add_var(struct mb *B, const char *name, const char *type,
		   enum mvar_kind kind)
{
	bool ref = false;
	const struct type *el = mb_arr_elem(type); /* an id (lang/mir.h) */
	const struct type *t = el ? mb_type("int") : mb_var_type(B, type, &ref);
	struct mmethod *m = B->m;
	const char *why = arena_printf(B->a, "`%s %s` has a type the method "
				       "model does not have yet", type, name);
	if (!t && kind != MV_LOCAL && B->nskipped < MIR_MAX_VARS) {
		B->skipped_name[B->nskipped] = name;
		B->skipped[B->nskipped++] = why;
		return 0;
	}
	if (!t)
		return mb_fail(B, why), -1;
	if (m->nvars == JSRC_MAX_VARS)
		return mb_fail(B, "more than 16 variables"), -1;
	for (int i = 0; i < m->nvars; i++) {
		if (!B->visible[i] || strcmp(m->names[i], name))
			continue;
		if (kind != MV_LOCAL) /* a parameter hides the field */
			return i;
		B->visible[i] = false; /* a local hides a field */
	}
	m->names[m->nvars] = name;
	m->types[m->nvars] = t;
	m->kinds[m->nvars] = kind;
	if (ref) {
		m->refs |= 1u << m->nvars;
		mb_ref_note(B, m->nvars, type);
	}
	if (el) {
		m->arrs |= 1u << m->nvars;
		m->elem[m->nvars] = el;
		B->arr_on = true;
	}
	B->visible[m->nvars] = true;
	return m->nvars++;
}

/* The text of n, with the patch applied when it lies inside n. */
const char *mb_text(struct mb *B, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	const char *t = B->f->text;
	if (B->patch && !B->patch->stmt && !ts_node_is_null(B->pnode)) {
		uint32_t pb = ts_node_start_byte(B->pnode);
		uint32_t pe = ts_node_end_byte(B->pnode);
		if (pb >= b && pe <= e) {
			B->applied = true;
			return mir_patched(B->a, t, b, e, pb, pe, B->patch->text);
		}
	}
	return arena_strndup(B->a, t + b, e - b);
}

/* Type n, parsed from the text in pieces orig (or built, orig NULL: its
 * text printed only for a failure's reason), its reads through
 * references from pending check p0 on; want: its type must be boolean. */
static struct node *typed(struct mb *B, struct node *n, bool want_bool,
			  const struct expr_src *es, const char *const *orig,
			  int p0)
{
	const char *names[MIR_MAX_VARS];
	for (int i = 0; i < B->m->nvars; i++)
		names[i] = !B->visible[i] ? "\001" : B->envname[i]
			   ? B->envname[i] : B->m->names[i];
	struct strbuf err = STRBUF_INIT;
	int rc = mir_type(n, B->m, names, &profile_java, B->a, es, &err);
	if (!rc && want_bool && n->type->kind != TK_BOOLEAN)
		rc = -1;
	for (int i = 0; rc && err.buf && i < B->nskipped; i++) {
		const char *name = B->skipped_name[i];
		size_t l = strlen(name);
		const char *u = strstr(err.buf, "unknown variable '");
		if (u && !strncmp(u + 18, name, l) && u[18 + l] == '\'')
			return mb_fail(B, B->skipped[i]), sb_release(&err), NULL;
	}
	if (rc) {
		struct strbuf sb = STRBUF_INIT;
		if (!orig)
			expr_print(&sb, n);
		const char *shown = orig ? mir_joined(B->a, orig)
				    : sb.buf ? sb.buf : "";
		mb_fail(B, arena_printf(B->a, "`%s`: %s", shown, err.buf
				     ? err.buf : "not a condition"));
		sb_release(&sb);
		n = NULL;
	}
	sb_release(&err);
	if (n && B->npend > p0 && !mb_exc_order(B, n, p0))
		return NULL;
	const char *unasked;
	if (n && !B->oref && !B->ref_unasked && !mb_ref_ok(B, n, &unasked))
		B->ref_unasked = true; /* mb_heap_reorder() */
	if (n && B->oref && !mb_ref_check(B, n))
		return NULL;
	return n;
}

/* The reason an expression's text (whole) does not parse. */
static bool unparsed(struct mb *B, const char *whole)
{
	if (B->heap_on && mb_ref_cast(B, whole))
		return mb_fail(B, mb_ref_cast(B, whole));
	return mb_fail(B, arena_printf(B->a, "`%s` is outside the method model "
				    "(calls, references, arrays)", whole));
}

/* The literals null and this stood for (B->refpos: mb_heap_text()) as
 * ids, a negative pos (mb_id()), wherever the tree goes. */
static void mark_ids(struct mb *B, struct node *n)
{
	if (!n)
		return;
	if (n->kind == N_LIT)
		for (int i = 0; i < B->nrefpos; i++)
			if (B->refpos[i] == n->pos)
				n->pos = -1;
	mark_ids(B, n->a);
	mark_ids(B, n->b);
	mark_ids(B, n->c);
}

/* An expression text the builder parsed in this file, untyped (NULL:
 * it does not parse). */
struct jparsed {
	struct jparsed *next;
	const char *text;
	const struct node *n;
};

enum { PARSED_BUCKETS = 1024 };

/* The text es parsed, a copy into B's arena of the file's one parse of
 * it: a method's expressions are parsed once for all its builds (the
 * original's and every mutant's), not once a build. */
static struct node *parse_once(struct mb *B, const struct expr_src *es)
{
	struct jsrc *f = B->f;
	if (!f->mb_a)
		f->mb_a = arena_new();
	if (!f->parsed) {
		f->parsed = ANEWN(f->mb_a, struct jparsed *, PARSED_BUCKETS);
		memset(f->parsed, 0, PARSED_BUCKETS * sizeof(*f->parsed));
	}
	size_t h = 5381;
	for (const char *t = es->text; *t; t++)
		h = h * 33 + (unsigned char)*t;
	struct jparsed **b = &f->parsed[h % PARSED_BUCKETS], *p;
	for (p = *b; p; p = p->next)
		if (!strcmp(p->text, es->text))
			return node_copy(B->a, p->n);
	p = ANEW(f->mb_a, struct jparsed);
	p->text = arena_strdup(f->mb_a, es->text);
	p->n = parse_expr_in(&profile_java, f->mb_a, es, false);
	p->next = *b;
	*b = p;
	return node_copy(B->a, p->n);
}

/* A lowered expression's part (an N_HOLE of mb_low()) with its
 * references rewritten, and the offsets of the ids in it (mark_ids()). */
struct jhole {
	struct jhole *next;
	const char *text;
	int nrefpos, refpos[32];
};

/* First the parts of r, in the order Java reads them, their references
 * rewritten (mb_heap_text(): their reads pending in that order, as the
 * whole text's would be; after: past &&, || or ?), onto *tail; false
 * after mb_fail(). */
static bool holes(struct mb *B, const struct node *r, struct jhole ***tail,
		  bool *after)
{
	if (!r)
		return true;
	if (r->kind == N_HOLE && !r->name) /* no node: its parts */
		return holes(B, r->a, tail, after) && holes(B, r->c, tail, after);
	if (r->kind == N_HOLE) {
		struct jhole *h = ANEW(B->a, struct jhole);
		if (!(h->text = mb_heap_text_after(B, mb_const_text(B, r->name),
						   after)))
			return false;
		h->next = NULL;
		h->nrefpos = B->nrefpos;
		memcpy(h->refpos, B->refpos, sizeof(h->refpos));
		**tail = h;
		*tail = &h->next;
		return true;
	}
	if (!holes(B, r->a, tail, after))
		return false;
	if ((r->kind == N_BINARY && (r->op == OP_LAND || r->op == OP_LOR)) ||
	    r->kind == N_COND)
		*after = true;
	return holes(B, r->b, tail, after) && holes(B, r->c, tail, after);
}

/* Then r as nodes of its own, each part parsed once (the next of *h);
 * NULL when one does not parse or r has no node (mlower.c: no_node()). */
static struct node *realize(struct mb *B, const struct node *r,
			    struct jhole **h)
{
	struct node *n;
	if (r->kind == N_HOLE && !r->name)
		return NULL;
	if (r->kind == N_HOLE) {
		struct expr_src es = { .text = (*h)->text,
				       .src = jsrc_source(B->f), .quiet = true };
		B->nrefpos = (*h)->nrefpos;
		memcpy(B->refpos, (*h)->refpos, sizeof(B->refpos));
		*h = (*h)->next;
		if (!(n = parse_once(B, &es)))
			return NULL;
		mark_ids(B, n);
		n->paren = r->paren;
		return n;
	}
	n = node_new(B->a, r->kind, r->pos);
	*n = *r;
	if ((r->a && !(n->a = realize(B, r->a, h))) ||
	    (r->b && !(n->b = realize(B, r->b, h))) ||
	    (r->c && !(n->c = realize(B, r->c, h))))
		return NULL;
	return n;
}

bool mb_part(struct mb *B, const char *text, const char *const *whole,
	     struct mb_part *P)
{
	P->p0 = B->npend;
	P->n = NULL;
	const struct node *low = mb_low(B, text);
	if (low) { /* built around its parts, not printed and parsed */
		bool after = false;
		struct jhole *first = NULL, **tail = &first, *h;
		P->es = (struct expr_src){ .text = text, .src = jsrc_source(B->f),
					   .quiet = true };
		if (!holes(B, low, &tail, &after))
			return false;
		h = first;
		if (!(P->n = realize(B, low, &h)))
			return unparsed(B, mir_joined(B->a, whole));
		return true;
	}
	const char *t = mb_heap_text(B, mb_const_text(B, text));
	if (!t)
		return false;
	P->es = (struct expr_src){ .text = t, .src = jsrc_source(B->f),
				   .quiet = true };
	if (!(P->n = parse_once(B, &P->es)))
		return unparsed(B, mir_joined(B->a, whole));
	mark_ids(B, P->n);
	return true;
}

struct node *mb_part_typed(struct mb *B, struct node *n,
			   const struct mb_part *P, bool want_bool,
			   const char *const *whole, int p0)
{
	if (!n)
		return unparsed(B, mir_joined(B->a, whole)), NULL;
	return typed(B, n, want_bool, &P->es, whole, p0);
}

struct node *mb_cast(struct mb *B, const struct type *t, struct node *x)
{
	return mir_cast_written(&profile_java, B->a, t, x);
}

/* Parse and type the expression text (typed() above). */
struct node *mb_expr_text(struct mb *B, const char *text, bool want_bool)
{
	const char *whole[] = { text, NULL };
	struct mb_part P;
	if (!mb_part(B, text, whole, &P))
		return NULL;
	return mb_part_typed(B, P.n, &P, want_bool, whole, P.p0);
}

struct node *mb_built(struct mb *B, struct node *n, bool want_bool,
		      const char *const *whole)
{
	struct expr_src es = { .text = "", .src = jsrc_source(B->f),
			       .quiet = true };
	if (!n)
		return unparsed(B, mir_joined(B->a, whole)), NULL;
	return typed(B, n, want_bool, &es, whole, B->npend);
}

struct node *mb_expr_node(struct mb *B, struct node *n, bool want_bool)
{
	struct expr_src es = { .text = "", .src = jsrc_source(B->f),
			       .quiet = true };
	return typed(B, n, want_bool, &es, NULL, B->npend);
}

/* n's expression, its calls lowered into B->pre (javasrc-mcall.c). */
const char *mb_lowered(struct mb *B, TSNode n)
{
	return mb_lower(B, n, mb_text(B, n));
}

struct node *mb_expr(struct mb *B, TSNode n, bool want_bool)
{
	const char *t = mb_lowered(B, n);
	return t ? mb_expr_text(B, t, want_bool) : NULL;
}

/* Move the statements lowered calls need (B->pre) into blk. */
void mb_flush_pre(struct mb *B, struct mstmt *blk, int *cap)
{
	for (int i = 0; B->pre && i < B->pre->nkids; i++)
		mb_append(B, blk, B->pre->kids[i], cap);
	B->pre = NULL;
	B->precap = 0;
}

struct mstmt *mb_stmt_new(struct mb *B, enum mstmt_kind k, TSNode n)
{
	return mir_stmt(B->a, k, (int)ts_node_start_point(n).row + 1);
}

/* A local declaration: its initialized declarators as assignments. */
bool mb_local_decl(struct mb *B, TSNode n, struct mstmt *blk, int *cap)
{
	TSNode tn = mb_field(n, "type");
	const char *type = jnode_squeezed(B->a, B->f, tn);
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(n, i);
		if (!jnode_is(d, "variable_declarator"))
			continue;
		TSNode nm = mb_field(d, "name"), v = mb_field(d, "value");
		if (!ts_node_is_null(mb_field(d, "dimensions")))
			return mb_fail(B, "an array declaration");
		const char *name = jnode_squeezed(B->a, B->f, nm);
		uint32_t busy = B->tbusy; /* its temporaries, free after it */
		if (mb_arr_elem(type) && !ts_node_is_null(v) &&
		    jnode_is(v, "array_creation_expression")) {
			struct mstmt *s = add_var(B, name, type, MV_LOCAL) < 0
				? NULL : mb_arr_new(B, d, name, v);
			B->tbusy = busy;
			if (!s)
				return false;
			mb_flush_pre(B, blk, cap);
			mb_append(B, blk, s, cap);
			continue;
		}
		/* the initializer is read before the name is in scope */
		const char *init = ts_node_is_null(v) ? NULL : mb_lower(B, v,
							mb_text(B, v));
		if ((!init && !ts_node_is_null(v)) ||
		    add_var(B, name, type, MV_LOCAL) < 0)
			return false;
		mb_flush_pre(B, blk, cap);
		if (!init)
			continue;
		struct mstmt *s = mb_stmt_new(B, MS_EXPR, d);
		int p0 = B->npend;
		const char *whole[] = { name, " = (", init, ")", NULL };
		struct mb_part P;
		s->e = mb_part(B, init, whole, &P) ? mb_part_typed(B,
			mir_assign(B->a, mir_var(B->a, name), P.n), &P, false,
			whole, p0) : NULL;
		B->tbusy = busy;
		if (!s->e || !mb_heap_flush(B, p0, blk, cap, d))
			return false;
		mb_append(B, blk, s, cap);
	}
	return true;
}

struct mstmt *mb_block(struct mb *B, TSNode n)
{
	return mw_block(&B->W, n);
}

/* The patch deletes statement n? */
static bool deleted(struct mb *B, TSNode n)
{
	if (!B->patch || !B->patch->stmt ||
	    ts_node_start_byte(n) != B->patch->begin ||
	    !jnode_text_is(B->f, n, B->patch->orig))
		return false;
	B->applied = true;
	return true;
}

/* A return's value v, converted to the declared type as Java does (a
 * reference as it is). */
static struct node *return_value(struct mb *B, TSNode v)
{
	const char *t = mb_lowered(B, v);
	const char *whole[] = { t, NULL };
	struct mb_part ret;
	B->want_ref = B->m->ret_ref;
	struct node *e = t && mb_part(B, t, whole, &ret) ? mb_part_typed(B,
		ret.n, &ret, false, whole, ret.p0) : NULL;
	B->want_ref = 0;
	if (!e || B->m->ret_ref || e->type == B->m->ret)
		return e;
	const char *cw[] = { "(", B->m->ret->name, ")(", t, ")", NULL };
	return mb_part_typed(B, mb_cast(B, B->m->ret, ret.n), &ret, false, cw,
			     B->npend);
}

/* The expression statement n, one that is no call statement. */
static struct mstmt *effect_stmt(struct mb *B, TSNode n)
{
	if (mb_arr_is_stmt(B, n)) /* lang/mir.h: Arrays */
		return mb_arr_stmt(B, n);
	struct mstmt *s = mb_stmt_new(B, MS_EXPR, n);
	s->e = mb_expr(B, n, false);
	return s->e ? s : NULL;
}

/* --- the walker's table and hooks (lang/mwalk.h) ------------------- */

static const struct mw_row rows[] = {
	{ "block", MW_BLOCK },
	{ "expression_statement", MW_EXPR },
	{ "if_statement", MW_IF },
	{ "while_statement", MW_WHILE },
	{ "do_statement", MW_DO },
	{ "for_statement", MW_FOR },
	{ "switch_expression", MW_SWITCH },
	{ "switch_statement", MW_SWITCH },
	{ "return_statement", MW_RETURN },
	{ "break_statement", MW_BREAK },
	{ "continue_statement", MW_CONTINUE },
	{ "throw_statement", MW_THROW },
	{ "try_statement", MW_TRY },
	{ "local_variable_declaration", MW_DECL },
	{ "line_comment", MW_SKIPPED },
	{ "block_comment", MW_SKIPPED },
	{ "switch_block_statement_group", MW_CASE },
	{ "switch_rule", MW_RULE },
	{ "switch_label", MW_LABEL },
	{ "method_invocation", MW_CALL },
	{ NULL, MW_NONE },
};

static const struct mw_grammar grammar = {
	.rows = rows, .cond = "condition", .body = "body",
	.then = "consequence", .els = "alternative", .labels = true,
	.branch_block = true, .case_const = "a literal",
};

static bool h_deleted(void *B, TSNode n)
{
	return deleted(B, n);
}

static bool h_local_decl(void *B, TSNode n, struct mstmt *blk, int *cap)
{
	return mb_local_decl(B, n, blk, cap);
}

/* A condition: its temporaries are free again after it (the branches,
 * the body run after the test). */
static struct node *h_test(void *vb, TSNode n)
{
	struct mb *B = vb;
	uint32_t busy = B->tbusy;
	struct node *e = mb_expr(B, n, true);
	if (e)
		B->tbusy = busy;
	return e;
}

/* The switch's selector (typed: an int of 32 bits at most, converted
 * to int), a label's value (converted to int), a return's value. */
static struct node *h_value(void *vb, TSNode n, enum mw_use use,
			    const struct type *to)
{
	struct mb *B = vb;
	if (use == MW_USE_RETURN)
		return return_value(B, n);
	if (use == MW_USE_LABEL) {
		const char *t = mb_text(B, n);
		const char *whole[] = { "(", to->name, ")(", t, ")", NULL };
		struct mb_part P;
		return mb_part(B, t, whole, &P) ? mb_part_typed(B, mb_cast(B, to,
			P.n), &P, false, whole, P.p0) : NULL;
	}
	uint32_t busy = B->tbusy;
	const char *ct = mb_lowered(B, n);
	const char *whole[] = { ct, NULL }, *cw[] = { "(int)", ct, NULL };
	struct mb_part P;
	struct node *sel = ct && mb_part(B, ct, whole, &P) ? mb_part_typed(B,
		P.n, &P, false, whole, P.p0) : NULL;
	if (!sel)
		return NULL;
	if (sel->type->kind != TK_INT || sel->type->bits > 32)
		return mb_fail(B, arena_printf(B->a, "a switch on a %s (int, char, "
			    "short and byte are modelled)", sel->type->name)), NULL;
	sel = mb_part_typed(B, mb_cast(B, mb_type("int"), sel), &P, false, cw,
			    B->npend);
	B->tbusy = busy; /* the groups run after the selector */
	return sel;
}

static const char *h_text(void *B, TSNode n)
{
	return mb_text(B, n);
}

/* A call statement: on another object or class, the expression's
 * reason */
static struct mstmt *h_call(void *vb, TSNode n)
{
	struct mb *B = vb;
	bool on = false;
	mb_receiver(B, B->f, n, &on);
	return on ? mb_call(B, n) : effect_stmt(B, n);
}

static bool h_effect(void *vb, TSNode n, struct mstmt *blk, int *cap)
{
	struct mb *B = vb;
	struct mstmt *s = effect_stmt(B, n);
	if (s)
		mb_append(B, blk, s, cap);
	return s != NULL;
}

static struct mstmt *h_own(void *vb, TSNode n, enum mw_kind k)
{
	struct mb *B = vb;
	return k == MW_THROW ? mb_throw(B, n) : mb_try(B, n);
}

/* Statement n, after the statements its calls need (B->pre): its
 * temporaries are free again after it. */
static struct mstmt *h_around(void *vb, TSNode n)
{
	struct mb *B = vb;
	struct mstmt *outer = B->pre;
	int outercap = B->precap;
	uint32_t busy = B->tbusy;
	B->pre = NULL;
	B->precap = 0;
	struct mstmt *s = mw_dispatch(&B->W, n);
	if (s && B->pre) {
		mb_append(B, B->pre, s, &B->precap);
		s = B->pre;
	}
	B->pre = outer;
	B->precap = outercap;
	B->tbusy = busy;
	return s;
}

/* A block's statements: the statements of the statement around (its
 * condition's calls, run before the block) are not the declarations' */
static bool h_block_into(void *vb, TSNode n, struct mstmt *blk, int *cap)
{
	struct mb *B = vb;
	struct mstmt *outer = B->pre;
	int outercap = B->precap;
	B->pre = NULL;
	B->precap = 0;
	bool ok = mw_items(&B->W, n, blk, cap);
	B->pre = outer;
	B->precap = outercap;
	return ok;
}

static int h_mark(void *B)
{
	return ((struct mb *)B)->npend;
}

static bool h_flush(void *B, int mark, struct mstmt *blk, int *cap, TSNode at)
{
	return mb_heap_flush(B, mark, blk, cap, at);
}

static struct mstmt *h_wrap(void *B, int mark, struct mstmt *s, TSNode at)
{
	return mb_heap_wrap(B, mark, s, at);
}

static const struct mw_hooks hooks = {
	.deleted = h_deleted, .local_decl = h_local_decl, .test = h_test,
	.value = h_value, .text = h_text, .call = h_call, .effect = h_effect,
	.own = h_own, .for_init = mb_for_init, .for_update = mb_for_update,
	.around = h_around, .block_into = h_block_into, .mark = h_mark,
	.flush = h_flush, .wrap = h_wrap, .loop_test = mb_loop_test,
	.loop_done = mb_loop_done,
};

bool mb_has_modifier(struct mb *B, TSNode d, const char *word)
{
	for (uint32_t i = 0; i < ts_node_child_count(d); i++) {
		TSNode m = ts_node_child(d, i);
		for (uint32_t j = 0; jnode_is(m, "modifiers") &&
		     j < ts_node_child_count(m); j++)
			if (jnode_text_is(B->f, ts_node_child(m, j), word))
				return true;
	}
	return false;
}

/* The constant a final field declarator v of declaration d holds: its
 * initializer's text when that is an integer literal (negated or not),
 * a char or a boolean literal, else NULL. */
static const char *final_constant(struct mb *B, TSNode d, TSNode v)
{
	static const char *const ints[] = { "decimal_integer_literal",
		"hex_integer_literal", "octal_integer_literal",
		"binary_integer_literal" };
	TSNode e = mb_field(v, "value");
	if (ts_node_is_null(e) || !mb_has_modifier(B, d, "final"))
		return NULL;
	bool neg = jnode_is(e, "unary_expression") &&
		   jnode_text_is(B->f, mb_field(e, "operator"), "-");
	TSNode lit = neg ? mb_field(e, "operand") : e;
	bool ok = !neg && (jnode_is(e, "character_literal") ||
			   jnode_is(e, "true") || jnode_is(e, "false"));
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
		ok |= !ts_node_is_null(lit) && jnode_is(lit, ints[i]);
	return ok ? arena_printf(B->a, "(%s)", jnode_squeezed(B->a, B->f, e))
		  : NULL;
}

/* The fields of the class declaring method md that the method names. */
static bool fields(struct mb *B, TSNode md, TSNode body)
{
	TSNode cb = ts_node_parent(md);
	if (!jnode_is(cb, "class_body"))
		return mb_fail(B, "a method outside a class body");
	B->cls = cb;
	const char *btext = arena_strndup(B->a, B->f->text + ts_node_start_byte(body),
					  ts_node_end_byte(body) -
					  ts_node_start_byte(body));
	B->this_dot = strstr(btext, "this.") != NULL;
	uint32_t k = ts_node_named_child_count(cb);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(cb, i);
		if (!jnode_is(d, "field_declaration"))
			continue;
		const char *type = jnode_squeezed(B->a, B->f, mb_field(d, "type"));
		uint32_t nd = ts_node_named_child_count(d);
		for (uint32_t j = 0; j < nd; j++) {
			TSNode v = ts_node_named_child(d, j);
			if (!jnode_is(v, "variable_declarator"))
				continue;
			const char *name = jnode_squeezed(B->a, B->f,
							  mb_field(v, "name"));
			if (!ts_node_is_null(mb_field(v, "dimensions")))
				type = "int[][]"; /* `int a[]`: not modelled */
			/* named in the body (a cheap over-approximation) */
			const char *p = btext;
			size_t l = strlen(name);
			bool used = false;
			while (!used && (p = strstr(p, name))) {
				used = (p == btext || !(isalnum((unsigned char)p[-1]) ||
					p[-1] == '_' || p[-1] == '$')) &&
				       !(isalnum((unsigned char)p[l]) || p[l] == '_' ||
					 p[l] == '$');
				p += l;
			}
			if (!used)
				continue;
			int at = add_var(B, name, type, MV_FIELD);
			if (at < 0)
				return false;
			B->konst[at] = final_constant(B, d, v);
			if (!B->konst[at]) /* not a literal: a constant expression */
				B->konst[at] = jsrc_field_constant(B->a, B->f, d, v);
			B->object[at] = !B->konst[at] &&
					jsrc_field_object(B->a, B->f, d, v);
		}
	}
	return true;
}

static bool params(struct mb *B, TSNode md)
{
	TSNode ps = mb_field(md, "parameters");
	uint32_t k = ts_node_named_child_count(ps);
	for (uint32_t i = 0; i < k; i++) {
		TSNode p = ts_node_named_child(ps, i);
		if (!jnode_is(p, "formal_parameter") ||
		    !ts_node_is_null(mb_field(p, "dimensions")))
			return mb_fail(B, "a receiver, variable-arity or `T a[]` "
				       "parameter");
		if (add_var(B, jnode_squeezed(B->a, B->f, mb_field(p, "name")),
			    jnode_squeezed(B->a, B->f, mb_field(p, "type")),
			    MV_PARAM) < 0)
			return false;
	}
	return true;
}

/* The method declaration around byte at, or a null node with why. */
static TSNode method_at(struct mb *B, size_t at)
{
	TSNode n = ts_node_descendant_for_byte_range(
		ts_tree_root_node(B->f->tree), (uint32_t)at, (uint32_t)at);
	for (; !ts_node_is_null(n); n = ts_node_parent(n)) {
		if (jnode_is(n, "method_declaration"))
			return n;
		if (jnode_is(n, "lambda_expression") ||
		    jnode_is(n, "constructor_declaration") ||
		    jnode_is(n, "class_body") || jnode_is(n, "static_initializer"))
			break;
	}
	mb_fail(B, !ts_node_is_null(n) && jnode_is(n, "constructor_declaration")
		? "in a constructor" : !ts_node_is_null(n) &&
		jnode_is(n, "lambda_expression") ? "in a lambda"
		: "not in a method (a field initializer is class-level)");
	return (TSNode){ 0 };
}

bool jsrc_method_pos(struct jsrc *f, size_t at, int *line, int *col)
{
	struct mb B = { .f = f }; /* method_at() allocates nothing */
	TSNode md = method_at(&B, at);
	if (ts_node_is_null(md))
		return false;
	*line = (int)ts_node_start_point(md).row + 1;
	*col = (int)ts_node_start_point(md).column + 1;
	return true;
}

/* The patch's node: starts at begin, its text is orig. */
static bool find_patch(struct mb *B)
{
	const struct mir_patch *p = B->patch;
	TSNode n = ts_node_descendant_for_byte_range(
		ts_tree_root_node(B->f->tree), (uint32_t)p->begin,
		(uint32_t)p->begin);
	for (; !ts_node_is_null(n) && ts_node_start_byte(n) == p->begin;
	     n = ts_node_parent(n))
		if (jnode_text_is(B->f, n, p->orig)) {
			B->pnode = n;
			return true;
		}
	return mb_fail(B, "the mutated node is not found");
}

/* The name of the class whose body declares md, or NULL. */
static const char *class_name(struct mb *B, TSNode md)
{
	TSNode cb = ts_node_parent(md), cd = ts_node_parent(cb);
	if (ts_node_is_null(cd) || !jnode_is(cd, "class_declaration"))
		return NULL;
	return jnode_squeezed(B->a, B->f, mb_field(cd, "name"));
}

/* Did build B make its paths (lang/mir.h: References) as its first
 * variables after the parameters and fields (from n0 on, in the order
 * made), none a reference of another class unless every expression
 * typed before one was made passes the reference check (!ref_unasked)?
 * Then the build that makes them first (mb_heap_precreate()) is this
 * one: the same variables in the same order, each made visible where
 * this build made it, the same reference checks passed. */
static bool paths_first(const struct mb *B, int n0)
{
	for (int i = 0, k = 0; i < B->m->nvars; i++)
		if (B->envname[i] && (i != n0 + k++ || ((B->oref >> i & 1) &&
							  B->ref_unasked)))
			return false;
	return true;
}

/* One build; pre: the original's paths, made first (or NULL); paths:
 * the ones this build made; *first: it made them first (paths_first()),
 * as a build with pre would. */
static struct mmethod *build(struct jsrc *f, struct arena *a, size_t at,
			     const struct mir_patch *patch,
			     const struct mheap_pre *pre, struct mheap_pre *paths,
			     bool *heap_on, bool *first, const char **why)
{
	struct mb B = { .f = f, .a = a, .patch = patch, .hpre = pre };
	int line, col; /* no method there: nothing is built */
	if (lang_stats_on() && jsrc_method_pos(f, at, &line, &col))
		lang_stat_build(!patch, arena_printf(a, "%s:%d:%d",
				jsrc_source(f)->name, line, col));
	B.m = ANEW(a, struct mmethod);
	memset(B.m, 0, sizeof(*B.m));
	B.W = (struct mwalk){ .G = &grammar, .H = &hooks, .B = &B, .a = a,
			      .m = B.m, .visible = B.visible, .why = &B.why };
	TSNode md = method_at(&B, at);
	TSNode body = ts_node_is_null(md) ? md : mb_field(md, "body");
	if (!ts_node_is_null(md) && ts_node_is_null(body))
		mb_fail(&B, "an abstract or native method");
	if (!B.why && patch && !patch->stmt)
		find_patch(&B); /* sets why when not found */
	if (!B.why) {
		struct mmethod *m = B.m;
		m->name = jnode_squeezed(a, f, mb_field(md, "name"));
		m->file = arena_strdup(a, f->name); /* f may be closed first */
		m->line = (int)ts_node_start_point(md).row + 1;
		m->col = (int)ts_node_start_point(md).column + 1;
		B.cls_name = class_name(&B, md);
		const char *rt = jnode_squeezed(a, f, mb_field(md, "type"));
		B.mbody = body;
		B.ret_rtype = rt;
		if (strcmp(rt, "void") && !(m->ret = mb_var_type(&B, rt,
								 &m->ret_ref)))
			mb_fail(&B, arena_printf(a, "the return type %s is not in "
					      "the method model yet", rt));
	}
	if (!B.why)
		mb_ref_init(&B);
	int n0 = -1; /* the variables before the body's: paths from here */
	if (!B.why && mb_exc_init(&B, body) && params(&B, md) &&
	    fields(&B, md, body) && (n0 = B.m->nvars, true) &&
	    (!pre || mb_heap_precreate(&B, pre)))
		B.m->body = mw_block(&B.W, body);
	if (!B.why && patch && !B.applied)
		mb_fail(&B, "the mutated code is not inside a modelled expression "
		     "or statement");
	/* the original's paths made after a variable of its own: moved
	 * first, as the build that makes them first would have them */
	if (!B.why && !patch && !pre && n0 >= 0 && !paths_first(&B, n0))
		mb_heap_reorder(&B, n0);
	if (!B.why && mb_calls_finish(&B) && mb_heap_finish(&B) &&
	    mb_arr_finish(&B))
		mb_ref_finish(&B);
	*heap_on = B.heap_on || B.this_dot;
	*first = false;
	paths->n = 0;
	paths->writes = false;
	if (B.why) {
		*why = B.why;
		return NULL;
	}
	mb_heap_paths(&B, paths);
	*first = n0 >= 0 && paths_first(&B, n0);
	return B.m;
}

/* The paths of the original of the method at (line, col) (lang/mir.h:
 * References), or the reason its build failed: kept with the file, so
 * that a method's original is built for them once, not once a mutant. */
struct jpaths {
	struct jpaths *next;
	int line, col;
	const char *why;
	struct mheap_pre pre;
};

static struct jpaths *paths_of(struct jsrc *f, size_t at)
{
	int line, col;
	if (!jsrc_method_pos(f, at, &line, &col))
		return NULL;
	for (struct jpaths *p = f->mpaths; p; p = p->next)
		if (p->line == line && p->col == col)
			return p;
	if (!f->mb_a)
		f->mb_a = arena_new();
	struct jpaths *p = ANEW(f->mb_a, struct jpaths);
	memset(p, 0, sizeof(*p));
	p->line = line;
	p->col = col;
	p->pre.n = -1; /* not known yet */
	p->next = f->mpaths;
	f->mpaths = p;
	return p;
}

/* Keep the original's outcome (its paths, or why it failed) in p. */
static void paths_keep(struct jsrc *f, struct jpaths *p, bool built,
		       const struct mheap_pre *pre, const char *why)
{
	if (!p)
		return;
	struct arena *pa = f->mb_a;
	p->why = built ? NULL : arena_strdup(pa, why ? why : "");
	p->pre.n = built ? pre->n : 0;
	p->pre.writes = built && pre->writes;
	for (int k = 0; built && k < pre->n; k++) {
		p->pre.base[k] = arena_strdup(pa, pre->base[k]);
		p->pre.field[k] = arena_strdup(pa, pre->field[k]);
	}
}

struct mmethod *jsrc_method(struct jsrc *f, struct arena *a, size_t at,
			    const struct mir_patch *patch, const char **why)
{
	/* the original first when it reads through references: its
	 * paths are every build's first variables (lang/mir.h) */
	struct mheap_pre pre, mine;
	bool heap, first;
	struct mmethod *m = build(f, a, at, patch, NULL, &mine, &heap, &first,
				  why);
	struct jpaths *kept = paths_of(f, at);
	if (!patch && kept && kept->pre.n < 0)
		paths_keep(f, kept, m != NULL, &mine, m ? NULL : *why);
	if (!heap || (!patch && (!mine.n || first)))
		return m; /* no reference, or its paths made first: one build */
	if (patch && kept && kept->pre.n >= 0) { /* built before */
		if (kept->why) {
			*why = arena_strdup(a, kept->why);
			return NULL;
		}
		/* copied into the build's arena: the file's memory (mb_a)
		 * goes with the file, which a run may release before the
		 * method is judged (an elements report's file, a parsed
		 * file the source cache evicts) */
		pre = kept->pre;
		for (int k = 0; k < pre.n; k++) {
			pre.base[k] = arena_strdup(a, pre.base[k]);
			pre.field[k] = arena_strdup(a, pre.field[k]);
		}
	} else if (patch) {
		bool built = build(f, a, at, NULL, NULL, &pre, &heap, &first, why);
		paths_keep(f, kept, built, &pre, *why);
		if (!built)
			return NULL;
	}
	if (!patch)
		pre = mine;
	if (pre.n)
		return build(f, a, at, patch, &pre, &mine, &heap, &first, why);
	if (mine.n) {
		*why = "the mutant reads through a reference, its original does not";
		return NULL;
	}
	return m;
}
