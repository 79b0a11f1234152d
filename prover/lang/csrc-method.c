/*
 * csrc-method.c - a C function as the method IR (lang/csrc.h,
 * lang/mir.h), in a C profile's semantics: every expression is parsed
 * and typed by lang/parse.c and lang/type.c with that profile, so
 * conversions, promotions and undefined behaviour are the profile's.
 */
#include "lang/csrc-int.h"

#include <ctype.h>
#include <string.h>

#include "lang/stats.h"

bool cb_fail(struct cb *B, const char *why)
{
	if (!B->why)
		B->why = why;
	return false;
}

/* The IR's type for a declaration's type node: a C integer or floating
 * type of the profile (qualifiers other than const and volatile fail). */
const struct type *cb_ctype(struct cb *B, TSNode decl, bool *is_const)
{
	*is_const = false;
	uint32_t k = ts_node_named_child_count(decl);
	for (uint32_t i = 0; i < k; i++) {
		TSNode q = ts_node_named_child(decl, i);
		if (cnode_is(q, "type_qualifier")) {
			const char *s = cnode_squeezed(B->a, B->f, q);
			if (!strcmp(s, "const"))
				*is_const = true;
			else if (strcmp(s, "volatile"))
				return cb_fail(B, arena_printf(B->a, "a %s variable",
							    s)), NULL;
		}
	}
	TSNode tn = cnode_field(decl, "type");
	const char *name = ts_node_is_null(tn) ? "int"
			   : cnode_spaced(B->a, B->f, tn), *td = NULL;
	/* a typedef of the file (csrc-const.c) wins over the profile's
	 * names (`typedef int bool;`) */
	int tk = cnode_is(tn, "type_identifier") || cnode_is(tn, "primitive_type")
		? csrc_typedef(B->f, B->a, name, ts_node_start_byte(tn), &td) : 0;
	if (tk < 0)
		return cb_fail(B, arena_printf(B->a, "the type `%s` is a typedef "
			       "of the file that is no integer or floating "
			       "type (a struct, an enum, a pointer), or may be "
			       "hidden", name)), NULL;
	if (tk > 0)
		name = td;
	const struct type *t = profile_type(B->pf, name);
	if (!t || (t->kind != TK_INT && t->kind != TK_FLOAT))
		return cb_fail(B, arena_printf(B->a, "the type `%s` is not in the "
				"method model (its integer and floating types "
				"only)", name)), NULL;
	return t;
}

int cb_add_var(struct cb *B, const char *name, const struct type *t,
		   enum mvar_kind kind)
{
	struct mmethod *m = B->m;
	if (m->nvars == MIR_MAX_VARS)
		return cb_fail(B, arena_printf(B->a, "more than %d variables",
				      MIR_MAX_VARS)), -1;
	for (int i = 0; i < m->nvars; i++)
		if (B->visible[i] && !strcmp(m->names[i], name))
			B->visible[i] = false; /* hidden from here on */
	m->names[m->nvars] = name;
	m->types[m->nvars] = t;
	m->kinds[m->nvars] = kind;
	B->visible[m->nvars] = true;
	return m->nvars++;
}

/* The text of n, with the mutant applied when its node lies inside n. */
const char *cb_text(struct cb *B, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	const char *t = B->f->text;
	if (B->text && !B->stmt && B->pb >= b && B->pe <= e) {
		B->applied = true;
		return mir_patched(B->a, t, b, e, B->pb, B->pe, B->text);
	}
	return arena_strndup(B->a, t + b, e - b);
}

/* n printed (a built node's text, for a reason) */
static const char *node_text(struct cb *B, const struct node *n)
{
	struct strbuf sb = STRBUF_INIT;
	expr_print(&sb, n);
	const char *t = arena_strdup(B->a, sb.buf ? sb.buf : "");
	sb_release(&sb);
	return t;
}

/* Type n, parsed from shown (or built, shown NULL: its text printed
 * only for a failure's reason); cond: as a condition (a number
 * converted to the profile's boolean, != 0, as C's if and while read
 * it). */
static struct node *typed(struct cb *B, struct node *n, bool cond,
			  const struct expr_src *es, const char *shown)
{
	const char *names[MIR_MAX_VARS];
	for (int i = 0; i < B->m->nvars; i++) {
		const char *env = B->envname[i] ? B->envname[i] : B->m->names[i];
		bool raw = B->cell[i] || B->m->kinds[i] == MV_HEAP;
		names[i] = (B->raw ? raw : B->visible[i]) ? env : "\001";
	}
	struct strbuf err = STRBUF_INIT;
	int rc = mir_type(n, B->m, names, B->pf, B->a, es, &err);
	if (!rc && cond && n->type->kind != TK_BOOLEAN) {
		if (n->type->kind != TK_INT && n->type->kind != TK_FLOAT) {
			rc = -1;
		} else {
			struct node *c = node_new(B->a, N_CONV, n->pos);
			c->type = B->pf->boolean;
			c->a = n;
			c->implicit = true;
			n = c;
		}
	}
	if (!rc && !cond && n->type->kind != TK_INT && n->type->kind != TK_VOID &&
	    n->type->kind != TK_BOOLEAN && n->type->kind != TK_FLOAT)
		rc = -1;
	if (rc) {
		cb_fail(B, arena_printf(B->a, "`%s`: %s", shown ? shown :
				     node_text(B, n), err.buf ? err.buf
				     : "not an integer value"));
		n = NULL;
	}
	sb_release(&err);
	if (n && B->nptr && !B->raw &&
	    cb_ptr_check(B, n, shown ? shown : node_text(B, n)) < 0)
		n = NULL;
	if (n && cb_guard_reads(B, &n) < 0)
		n = NULL;
	return n;
}

/* The reason an expression's text (whole) does not parse. */
static bool unparsed(struct cb *B, const char *whole)
{
	return cb_fail(B, arena_printf(B->a, "`%s` is outside the method "
			"model (calls, pointers, arrays, structs, the "
			"comma operator)", whole));
}

/* Is arg's type, after the default argument promotions (C11 6.3.1.1p2:
 * a type of lower rank than int, _Bool, becomes int), the type named
 * type exactly?  (csrc_libc(): abs without a prototype.)  Typing it
 * must not fail the function: the first failure is kept aside. */
static bool promoted_to(void *ctx, const char *arg, const char *type)
{
	struct cb *B = ctx;
	const char *why = B->why;
	bool top = B->top_assign; /* the statement's, typed after this */
	int flag = B->set_flag, cell = B->set_cell;
	B->top_assign = false;
	const struct node *n = cb_expr_text(B, arena_printf(B->a, "(%s)", arg),
					    false);
	B->why = why;
	B->top_assign = top;
	B->set_flag = flag;
	B->set_cell = cell;
	if (!n)
		return false;
	const struct type *t = n->type, *it = profile_type(B->pf, "int");
	if (t->kind == TK_BOOLEAN || (t->kind == TK_INT && t->rank < it->rank))
		t = it;
	return t == profile_type(B->pf, type);
}

bool cb_part(struct cb *B, const char *text, const char *const *whole,
	     struct cb_part *P)
{
	P->n = NULL;
	/* struct members first: a member's name is no macro's */
	if (B->nstruct && !(text = cb_struct_text(B, text, mir_joined(B->a,
						       whole))))
		return false;
	/* the file's constants and typedef names (csrc-const.c) */
	const char *x = csrc_expand_in(B->f, B->a, text, B->at);
	if (!x)
		return cb_fail(B, arena_printf(B->a, "`%s` names a macro of the "
			       "file that is no constant (a function-like one, "
			       "one under #if, #undef'd, defined twice, after an "
			       "#include) or a typedef that is no integer or "
			       "floating type", mir_joined(B->a, whole)));
	const char *lwhy;
	if (!(x = csrc_libc(B->f, B->a, x, B->at, &lwhy, promoted_to, B)))
		return cb_fail(B, arena_printf(B->a, "`%s`: %s", mir_joined(B->a,
			       whole), lwhy));
	text = x;
	if (B->nptr && !B->raw &&
	    !(text = cb_ptr_text(B, text, mir_joined(B->a, whole))))
		return false;
	P->es = (struct expr_src){ .text = text, .src = &B->f->src,
				   .quiet = true };
	if (!(P->n = parse_expr_in(B->pf, B->a, &P->es, false)))
		return unparsed(B, mir_joined(B->a, whole));
	return true;
}

struct node *cb_part_typed(struct cb *B, struct node *n,
			   const struct cb_part *P, bool cond,
			   const char *const *whole)
{
	if (!n)
		return unparsed(B, mir_joined(B->a, whole)), NULL;
	return typed(B, n, cond, &P->es, mir_joined(B->a, whole));
}

struct node *cb_cast(struct cb *B, const struct type *t, struct node *x)
{
	return mir_cast_written(B->pf, B->a, t, x);
}

/* Parse and type text (typed() above). */
struct node *cb_expr_text(struct cb *B, const char *text, bool cond)
{
	const char *whole[] = { text, NULL };
	struct cb_part P;
	if (!cb_part(B, text, whole, &P))
		return NULL;
	return cb_part_typed(B, P.n, &P, cond, whole);
}

struct node *cb_expr_node(struct cb *B, struct node *n, bool cond)
{
	struct expr_src es = { .text = "", .src = &B->f->src, .quiet = true };
	return typed(B, n, cond, &es, NULL);
}

struct node *cb_expr(struct cb *B, TSNode n, bool cond)
{
	if (cnode_is(n, "parenthesized_expression") && cond &&
	    ts_node_named_child_count(n) == 1)
		n = ts_node_named_child(n, 0);
	if (cnode_is(n, "comma_expression"))
		return cb_fail(B, "the comma operator"), NULL;
	return cb_expr_text(B, cb_text(B, n), cond);
}

struct node *cb_ub(struct cb *B, const struct type *t)
{
	struct node *d = mir_binary(B->a, OP_DIV, mir_int(B->a, B->pf, 1),
				    mir_int(B->a, B->pf, 0));
	return t ? mir_cast(B->a, t, d) : d;
}

struct node *cb_var(struct cb *B, const char *name)
{
	return mir_var(B->a, name);
}

struct mstmt *cb_stmt_new(struct cb *B, enum mstmt_kind k, TSNode n)
{
	return mir_stmt(B->a, k, (int)ts_node_start_point(n).row + 1);
}

void cb_append(struct cb *B, struct mstmt *blk, struct mstmt *s, int *cap)
{
	mir_append(B->a, blk, s, cap);
}

/* A static local (issue 30): an input and an output of the function,
 * as a global is (MV_FIELD): its value on entry is what earlier calls
 * left, any value of its type here (its initializer runs once, before
 * the first call: ignored, which only adds inputs), and later calls see
 * the value it ends with. */
static bool static_local(struct cb *B, TSNode n, const struct type *t,
			 bool is_const)
{
	if (is_const)
		return cb_fail(B, "a const static local");
	if (B->nptr) /* its address may have been passed in */
		return cb_fail(B, "a static local in a function with pointers");
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(n, i), nm = d;
		if (cnode_is(d, "init_declarator"))
			nm = cnode_field(d, "declarator");
		else if (!cnode_is(d, "identifier"))
			continue; /* type, qualifiers, storage class */
		if (!cnode_is(nm, "identifier"))
			return cb_fail(B, "a static local pointer, array or "
				       "function");
		const char *name = cnode_squeezed(B->a, B->f, nm);
		for (int v = 0; v < B->m->nvars; v++)
			if (B->m->kinds[v] == MV_FIELD &&
			    !strcmp(B->m->names[v], name))
				return cb_fail(B, arena_printf(B->a, "the static "
					       "local `%s` beside a global or "
					       "static of that name", name));
		if (cb_add_var(B, name, t, MV_FIELD) < 0)
			return false;
	}
	return true;
}

/* A local declaration: each declarator with its initializer, as an
 * assignment, or without one (csrc-mstmt.c: reading it before it is
 * assigned is undefined). */
static bool local_decl(struct cb *B, TSNode n, struct mstmt *blk, int *cap)
{
	bool is_const;
	const struct type *t = cb_ctype(B, n, &is_const);
	if (!t)
		return false;
	uint32_t k = ts_node_named_child_count(n);
	bool is_static = false;
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(n, i);
		if (cnode_is(d, "storage_class_specifier")) {
			const char *sc = cnode_squeezed(B->a, B->f, d);
			is_static |= !strcmp(sc, "static");
			if (strcmp(sc, "register") && strcmp(sc, "static"))
				return cb_fail(B, "an extern local");
		}
	}
	if (is_static)
		return static_local(B, n, t, is_const);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(n, i);
		if (cnode_is(d, "storage_class_specifier"))
			continue;
		if (cnode_is(d, "identifier")) {
			if (!cb_uninit_local(B, cnode_squeezed(B->a, B->f, d), t,
					     d, blk, cap))
				return false;
			continue;
		}
		if (!cnode_is(d, "init_declarator"))
			continue; /* type, qualifiers */
		TSNode nm = cnode_field(d, "declarator"), v = cnode_field(d, "value");
		if (cnode_is(nm, "pointer_declarator"))
			return cb_fail(B, "a local pointer (pointers are "
				       "parameters and globals only)");
		if (!cnode_is(nm, "identifier") || cnode_is(v, "initializer_list"))
			return cb_fail(B, "a pointer, array or function declaration");
		const char *name = cnode_squeezed(B->a, B->f, nm);
		/* C: the name is in scope in its own initializer; typing sees
		 * the new slot, as the compilers do */
		if (cb_add_var(B, name, t, MV_LOCAL) < 0)
			return false;
		struct mstmt *s = cb_stmt_new(B, MS_EXPR, d);
		const char *vt = cb_text(B, v);
		const char *whole[] = { name, " = (", vt, ")", NULL };
		struct cb_part P;
		s->e = cb_part(B, vt, whole, &P) ? cb_part_typed(B,
			mir_assign(B->a, mir_var(B->a, name), P.n), &P, false,
			whole) : NULL;
		if (!s->e)
			return false;
		cb_append(B, blk, s, cap);
	}
	return true;
}

/* The patch deletes statement n? */
bool cb_deleted(struct cb *B, TSNode n)
{
	if (!B->text || !B->stmt || ts_node_start_byte(n) != B->pb ||
	    ts_node_end_byte(n) != B->pe)
		return false;
	B->applied = true;
	return true;
}

bool cb_block_into(struct cb *B, TSNode n, struct mstmt *blk, int *cap)
{
	return mw_block_into(&B->W, n, blk, cap);
}

struct mstmt *cb_block(struct cb *B, TSNode n)
{
	return mw_block(&B->W, n);
}

struct mstmt *cb_statement(struct cb *B, TSNode n)
{
	return mw_statement(&B->W, n);
}

/* --- the walker's table and hooks (lang/mwalk.h) ------------------- */

static const struct mw_row rows[] = {
	{ "compound_statement", MW_BLOCK },
	{ "expression_statement", MW_EXPR },
	{ "if_statement", MW_IF },
	{ "while_statement", MW_WHILE },
	{ "do_statement", MW_DO },
	{ "for_statement", MW_FOR },
	{ "switch_statement", MW_SWITCH },
	{ "case_statement", MW_CASE },
	{ "return_statement", MW_RETURN },
	{ "break_statement", MW_BREAK },
	{ "continue_statement", MW_CONTINUE },
	{ "declaration", MW_DECL },
	{ "comment", MW_SKIPPED },
	{ "call_expression", MW_CALL },
	{ NULL, MW_NONE },
};

static const struct mw_grammar grammar = {
	.rows = rows, .cond = "condition", .body = "body",
	.then = "consequence", .els = "alternative",
	.else_clause = "else_clause", .switch_block = true,
	.case_value = "value",
	.case_decl = "a declaration directly under a case label",
	.case_stray = "a statement before a switch's first case label",
	.case_const = "an integer constant expression",
	.comma = "comma_expression",
};

static bool h_deleted(void *B, TSNode n)
{
	return cb_deleted(B, n);
}

static bool h_local_decl(void *B, TSNode n, struct mstmt *blk, int *cap)
{
	return local_decl(B, n, blk, cap);
}

static struct node *h_test(void *B, TSNode n)
{
	return cb_expr(B, n, true);
}

/* The type a switch compares in: the controlling expression's, promoted
 * (C11 6.8.4.2p5, 6.3.1.1p2). */
static const struct type *promoted(struct cb *B, const struct type *t)
{
	const struct type *i = profile_type(B->pf, "int");
	return t->bits < i->bits || t->kind == TK_BOOLEAN ? i : t;
}

/* Expression n converted to type to: a switch's selector to its
 * promoted type (C11 6.8.4.2p5), a case label to that type, a return's
 * value to the declared type (6.8.6.4p3), as by a cast. */
static struct node *h_value(void *vb, TSNode n, enum mw_use use,
			    const struct type *to)
{
	struct cb *B = vb;
	if (cnode_is(n, "comma_expression"))
		return cb_fail(B, "the comma operator"), NULL;
	const char *t = cb_text(B, n);
	struct cb_part P;
	if (use != MW_USE_SELECTOR) {
		const char *whole[] = { "(", to->name, ")(", t, ")", NULL };
		return cb_part(B, t, whole, &P) ? cb_part_typed(B, cb_cast(B, to,
			P.n), &P, false, whole) : NULL;
	}
	/* n: a parenthesized_expression, parsed once: typed alone for its
	 * type, then a copy converted to the promoted type */
	const char *whole[] = { t, NULL };
	if (!cb_part(B, t, whole, &P))
		return NULL;
	struct node *copy = node_subst(B->a, P.n, NULL, NULL);
	const struct node *sel = cb_part_typed(B, P.n, &P, false, whole);
	if (!sel)
		return NULL;
	if (sel->type->kind != TK_INT && sel->type->kind != TK_BOOLEAN)
		return cb_fail(B, "a switch on a value that is not an integer"),
		       NULL;
	to = promoted(B, sel->type);
	const char *cw[] = { "(", to->name, ")", t, NULL };
	return cb_part_typed(B, cb_cast(B, to, copy), &P, false, cw);
}

static const char *h_text(void *B, TSNode n)
{
	return cb_text(B, n);
}

static struct mstmt *h_call(void *B, TSNode n)
{
	return cb_call(B, n);
}

/* One expression evaluated for its effects: a plain assignment at its
 * top sets a local's "assigned" flag after it (csrc-mstmt.c), a write
 * through a pointer is its cell's (csrc-mptr.c). */
static bool h_effect(void *vb, TSNode e, struct mstmt *blk, int *cap)
{
	struct cb *B = vb;
	struct mstmt *s = cb_stmt_new(B, MS_EXPR, e);
	bool failed = false;
	const char *bw = !B->nstruct || cnode_is(e, "comma_expression") ? NULL
			 : cb_struct_write(B, cb_text(B, e), &failed);
	if (failed)
		return false;
	B->top_assign = true;
	s->e = bw ? cb_expr_text(B, bw, false) : cb_expr(B, e, false);
	B->top_assign = false;
	if (!s->e)
		return false;
	if (!B->set_cell)
		cb_append(B, blk, s, cap);
	else if (!cb_ptr_write(B, blk, s, cap, e))
		return false;
	if (B->set_flag) { /* x = e; of a local without initializer */
		struct mstmt *f = cb_stmt_new(B, MS_EXPR, e);
		f->e = cb_expr_node(B, mir_assign(B->a, cb_var(B,
				    B->m->names[B->set_flag - 1]),
				    mir_int(B->a, B->pf, 1)), false);
		if (!f->e)
			return false;
		cb_append(B, blk, f, cap);
	}
	return true;
}

/* A for's initializer: a declaration, or an expression list (a block) */
static bool h_for_init(void *vb, TSNode n, struct mstmt *blk, int *cap)
{
	struct cb *B = vb;
	TSNode init = cnode_field(n, "initializer");
	if (cnode_is(init, "declaration"))
		return local_decl(B, init, blk, cap);
	if (ts_node_is_null(init))
		return true;
	struct mstmt *i = mw_effects(&B->W, init);
	if (i)
		cb_append(B, blk, i, cap);
	return i != NULL;
}

static struct mstmt *h_for_update(void *vb, TSNode n)
{
	struct cb *B = vb;
	TSNode up = cnode_field(n, "update");
	return ts_node_is_null(up) ? cb_stmt_new(B, MS_SKIP, n)
				   : mw_effects(&B->W, up);
}

static const struct mw_hooks hooks = {
	.deleted = h_deleted, .local_decl = h_local_decl, .test = h_test,
	.value = h_value, .text = h_text, .call = h_call, .effect = h_effect,
	.for_init = h_for_init, .for_update = h_for_update,
};

/* Does the body's text name identifier name (a cheap over-approximation
 * of the globals a function reads or writes)? */
static bool named_in(const char *body, const char *name)
{
	size_t l = strlen(name);
	for (const char *p = body; (p = strstr(p, name)); p += l)
		if ((p == body || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[l]) || p[l] == '_'))
			return true;
	return false;
}

/* The globals declared before function fn that its body names. */
static bool globals(struct cb *B, TSNode fn, TSNode body)
{
	const char *btext = arena_strndup(B->a, B->f->text +
		ts_node_start_byte(body), ts_node_end_byte(body) -
		ts_node_start_byte(body));
	TSNode root = ts_tree_root_node(B->f->tree);
	uint32_t k = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i);
		if (ts_node_start_byte(d) >= ts_node_start_byte(fn))
			break;
		if (!cnode_is(d, "declaration"))
			continue;
		uint32_t nd = ts_node_named_child_count(d);
		for (uint32_t j = 0; j < nd; j++) {
			TSNode v = ts_node_named_child(d, j), nm = v;
			if (cnode_is(v, "init_declarator"))
				nm = cnode_field(v, "declarator");
			else if (!cnode_is(v, "identifier") &&
				 !cnode_is(v, "pointer_declarator") &&
				 !cnode_is(v, "array_declarator"))
				continue; /* type, qualifiers, functions */
			const char *name = cnode_squeezed(B->a, B->f, nm);
			/* a pointer or array global: its uses fail as
			 * expressions, and it is no input of the model */
			if (cnode_is(nm, "pointer_declarator") &&
			    named_in(btext, cnode_squeezed(B->a, B->f,
					cnode_field(nm, "declarator")))) {
				if (cb_ptr_decl(B, d, nm, MV_FIELD) < 0)
					return false;
				continue;
			}
			if (!cnode_is(nm, "identifier") || !named_in(btext, name))
				continue;
			bool ext = false;
			for (uint32_t q = 0; q < nd; q++) {
				TSNode sc = ts_node_named_child(d, q);
				ext |= cnode_is(sc, "storage_class_specifier") &&
				       cnode_text_is(B->f, sc, "extern");
			}
			TSNode init = cnode_is(v, "init_declarator")
				      ? cnode_field(v, "value") : (TSNode){ 0 };
			int first = B->m->nvars;
			if (cb_is_struct(B, d)) {
				if (cb_struct_global(B, d, name, btext,
						     named_in) < 0)
					return false;
			} else {
				bool is_const;
				const struct type *t = cb_ctype(B, d, &is_const);
				if (!t)
					return false;
				if (is_const)
					return cb_fail(B, arena_printf(B->a, "the "
						    "const global `%s`", name));
				if (cb_add_var(B, name, t, MV_FIELD) < 0)
					return false;
			}
			/* a struct's members: known (0) without an
			 * initializer only */
			for (int g = first; g < B->m->nvars; g++) {
				B->gknown[g] = !ext && (ts_node_is_null(init) ||
						       !B->sobj[g]);
				B->ginit[g] = init;
			}
		}
	}
	return true;
}

/* The declarator of name in old-style definition fn's declaration list
 * (tree-sitter-c reads `f(a, b) int a; char *b; { ... }` as declarations
 * between the declarator and the body), and its declaration in *decl; a
 * null node when the list does not declare name. */
static TSNode kr_declarator(struct cb *B, TSNode fn, const char *name,
			    TSNode *decl)
{
	uint32_t k = ts_node_named_child_count(fn);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(fn, i);
		if (!cnode_is(d, "declaration"))
			continue;
		uint32_t nd = ts_node_named_child_count(d);
		for (uint32_t j = 0; j < nd; j++) {
			TSNode v = ts_node_named_child(d, j), id = v;
			while (cnode_is(id, "pointer_declarator") ||
			       cnode_is(id, "array_declarator") ||
			       cnode_is(id, "init_declarator") ||
			       cnode_is(id, "function_declarator"))
				id = cnode_field(id, "declarator");
			if (cnode_is(id, "identifier") &&
			    cnode_text_is(B->f, id, name)) {
				*decl = d;
				return v;
			}
		}
	}
	return (TSNode){ 0 };
}

/* Does every declarator of fn's declaration list name a parameter of
 * identifier list ps, once, with `register` its only storage class (C11
 * 6.9.1p5-6), and no initializer? */
static bool kr_list_ok(struct cb *B, TSNode fn, TSNode ps)
{
	uint32_t k = ts_node_named_child_count(fn), np = ts_node_named_child_count(ps);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(fn, i);
		if (!cnode_is(d, "declaration"))
			continue;
		uint32_t nd = ts_node_named_child_count(d);
		for (uint32_t j = 0; j < nd; j++) {
			TSNode v = ts_node_named_child(d, j);
			if (cnode_is(v, "storage_class_specifier") &&
			    strcmp(cnode_squeezed(B->a, B->f, v), "register"))
				return cb_fail(B, "an old-style parameter "
					       "declared with a storage class "
					       "other than register");
			if (cnode_is(v, "init_declarator"))
				return cb_fail(B, "an old-style parameter with "
					       "an initializer");
			TSNode id = v;
			while (cnode_is(id, "pointer_declarator") ||
			       cnode_is(id, "array_declarator") ||
			       cnode_is(id, "function_declarator"))
				id = cnode_field(id, "declarator");
			if (!cnode_is(id, "identifier") || ts_node_is_null(
				    cnode_field(d, "type")) || cnode_same(v,
				    cnode_field(d, "type")))
				continue; /* type, qualifiers */
			bool listed = false;
			for (uint32_t q = 0; q < np && !listed; q++) {
				TSNode p = ts_node_named_child(ps, q);
				listed = cnode_is(p, "identifier") &&
					 !strcmp(cnode_squeezed(B->a, B->f, p),
						 cnode_squeezed(B->a, B->f, id));
			}
			if (!listed)
				return cb_fail(B, arena_printf(B->a, "`%s` "
					"declared in an old-style definition's "
					"list, not a parameter", cnode_squeezed(
					B->a, B->f, id)));
		}
	}
	/* each parameter declared at most once */
	for (uint32_t q = 0; q < np; q++) {
		TSNode p = ts_node_named_child(ps, q);
		if (!cnode_is(p, "identifier") && !cnode_is(p, "comment"))
			return cb_fail(B, "an old-style parameter list with a "
				       "parameter declaration");
		for (uint32_t r = 0; r < q; r++)
			if (cnode_is(p, "identifier") && !strcmp(cnode_squeezed(
				    B->a, B->f, p), cnode_squeezed(B->a, B->f,
				    ts_node_named_child(ps, r))))
				return cb_fail(B, "a parameter named twice");
	}
	return true;
}

/* Parameter p (an identifier of an old-style definition fn's list): its
 * declaration in the list, or int when the list has none (C90 6.7.1;
 * gcc and clang take it so).  A caller without a prototype passes the
 * argument after the default argument promotions (C11 6.5.2.2p6), and
 * on entry it is converted to the parameter's type as if by assignment
 * (6.9.1p10): the parameter holds every value of its declared type, as
 * a prototyped one does.  Calls to such a function from the file pass
 * promoted arguments (csrc-mstmt.c). */
static bool kr_param(struct cb *B, TSNode fn, TSNode p)
{
	const char *name = cnode_squeezed(B->a, B->f, p);
	TSNode decl = { 0 }, d = kr_declarator(B, fn, name, &decl);
	if (cnode_is(d, "pointer_declarator"))
		return cb_ptr_decl(B, decl, d, MV_PARAM) >= 0;
	const struct type *t = cb_kr_type(B, fn, p);
	return t && cb_add_var(B, name, t, MV_PARAM) >= 0;
}

const struct type *cb_kr_type(struct cb *B, TSNode fn, TSNode p)
{
	const char *name = cnode_squeezed(B->a, B->f, p);
	TSNode decl = { 0 }, d = kr_declarator(B, fn, name, &decl);
	if (ts_node_is_null(d))
		return profile_type(B->pf, "int");
	if (!cnode_is(d, "identifier"))
		return cb_fail(B, arena_printf(B->a, "the old-style parameter "
			       "`%s`, a pointer, an array or a function", name)),
		       NULL;
	bool is_const;
	return cb_ctype(B, decl, &is_const);
}

bool cb_kr_list_ok(struct cb *B, TSNode fn, TSNode ps)
{
	return kr_list_ok(B, fn, ps);
}

static bool params(struct cb *B, TSNode fn, TSNode fd)
{
	TSNode ps = cnode_field(fd, "parameters");
	uint32_t k = ts_node_named_child_count(ps);
	bool kr = false;
	for (uint32_t i = 0; i < k; i++)
		kr |= cnode_is(ts_node_named_child(ps, i), "identifier");
	if (kr && !kr_list_ok(B, fn, ps))
		return false;
	for (uint32_t i = 0; i < k; i++) {
		TSNode p = ts_node_named_child(ps, i), d = cnode_field(p, "declarator");
		if (cnode_is(p, "comment"))
			continue;
		if (kr && cnode_is(p, "identifier")) {
			if (!kr_param(B, fn, p))
				return false;
			continue;
		}
		if (!cnode_is(p, "parameter_declaration"))
			return cb_fail(B, "a variadic parameter list");
		bool is_const;
		const struct type *t = NULL;
		if (ts_node_is_null(d) && k == 1 &&
		    !strcmp(cnode_squeezed(B->a, B->f, p), "void"))
			return true; /* f(void) */
		if (!kr && csrc_kr_bare(B->f, B->a, p)) { /* f(x) { */
			if (cb_add_var(B, cnode_squeezed(B->a, B->f, cnode_field(
				    p, "type")), profile_type(B->pf, "int"),
				    MV_PARAM) < 0)
				return false;
			continue;
		}
		if (cnode_is(d, "pointer_declarator")) {
			if (cb_ptr_decl(B, p, d, MV_PARAM) < 0)
				return false;
			continue;
		}
		if (!cnode_is(d, "identifier"))
			return cb_fail(B, "an array or unnamed parameter");
		if (!(t = cb_ctype(B, p, &is_const)))
			return false;
		if (cb_add_var(B, cnode_squeezed(B->a, B->f, d), t, MV_PARAM) < 0)
			return false;
	}
	return true;
}

/* The signature: name, line, return type; the function declarator. */
static TSNode signature(struct cb *B, TSNode fn)
{
	struct mmethod *m = B->m;
	TSNode fd = cnode_field(fn, "declarator");
	if (!cnode_is(fd, "function_declarator"))
		return cb_fail(B, "a function returning a pointer"), (TSNode){ 0 };
	m->name = cnode_squeezed(B->a, B->f, cdecl_name(fd));
	m->file = arena_strdup(B->a, B->f->name);
	m->line = (int)ts_node_start_point(fn).row + 1;
	m->col = (int)ts_node_start_point(fn).column + 1;
	m->profile = B->pf;
	const char *rt = cnode_spaced(B->a, B->f, cnode_field(fn, "type"));
	if (strcmp(rt, "void")) {
		bool is_const;
		if (!(m->ret = cb_ctype(B, fn, &is_const)))
			return (TSNode){ 0 };
	}
	return fd;
}

/* Does node n hold an identifier (a name whose value is no constant the
 * front end sees: a variable, a function, a macro)? */
static bool names_any(TSNode n)
{
	if (cnode_is(n, "identifier"))
		return true;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (names_any(ts_node_named_child(n, i)))
			return true;
	return false;
}

/* How often the file declares function name (its identifier in a
 * function declarator: a definition, a prototype). */
static int declared_fn(struct cb *B, TSNode n, const char *name)
{
	if (cnode_is(n, "identifier"))
		return cnode_text_is(B->f, n, name) &&
		       cnode_is(ts_node_parent(n), "function_declarator");
	int c = 0;
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		c += declared_fn(B, ts_node_named_child(n, i), name);
	return c;
}

/* How often word name stands in text (comments, strings and macro
 * bodies too: a `#define` may call it). */
static int words(const char *text, const char *name)
{
	size_t l = strlen(name);
	int c = 0;
	for (const char *p = text; (p = strstr(p, name)); p += l)
		c += (p == text || !(isalnum((unsigned char)p[-1]) ||
				     p[-1] == '_')) &&
		     !(isalnum((unsigned char)p[l]) || p[l] == '_');
	return c;
}

/* main's entry state (issue 30): the program calls main once, at its
 * startup (C11 5.1.2.2.1), after every object of static storage
 * duration got its initial value: its initializer's, converted as by
 * assignment, or 0 without one (6.2.4p3, 6.7.9p10-11).  So where the
 * file defines a non-static main that nothing else names (no call, no
 * address taken: C allows main to be called again) and no function can
 * run before it (no `constructor` attribute; the word main only in its
 * declarators: not in a macro, a comment either), each global main names
 * that the file defines (not extern), of a scalar type or a struct
 * without an initializer, starts with that value: an assignment at the
 * start of the body.  An initializer naming anything (a variable, a
 * macro), a global declared twice before main, keep their globals
 * inputs, as do static locals and every
 * global of a function with pointers; an input more is only more
 * behaviours, so an equivalence proven with it holds. */
static bool entry_state(struct cb *B)
{
	struct mmethod *m = B->m;
	if (strcmp(m->name, "main") || B->nptr || strstr(B->f->text, "constructor"))
		return true;
	uint32_t k = ts_node_named_child_count(B->fn);
	for (uint32_t i = 0; i < k; i++) {
		TSNode sc = ts_node_named_child(B->fn, i);
		if (cnode_is(sc, "storage_class_specifier"))
			return true;
	}
	if (words(B->f->text, "main") !=
	    declared_fn(B, ts_tree_root_node(B->f->tree), "main"))
		return true;
	for (int v = m->nvars - 1; v >= 0; v--) {
		bool twice = false; /* declared again: which initializer */
		for (int w = 0; w < m->nvars; w++)
			twice |= w != v && !strcmp(m->names[w], m->names[v]);
		if (twice || m->kinds[v] != MV_FIELD || !B->gknown[v] ||
		    (!ts_node_is_null(B->ginit[v]) && (names_any(B->ginit[v]) ||
		     cnode_is(B->ginit[v], "initializer_list"))))
			continue;
		const char *env = B->envname[v] ? B->envname[v] : m->names[v];
		const char *init = ts_node_is_null(B->ginit[v]) ? "0"
				   : cnode_text(B->a, B->f, B->ginit[v]);
		struct mstmt *s = mir_stmt(B->a, MS_EXPR, m->line);
		if (!(s->e = cb_expr_text(B, arena_printf(B->a, "%s = (%s)", env,
							  init), false)))
			return false;
		mir_prepend(B->a, m, s);
	}
	return true;
}

struct mmethod *csrc_method(struct csrc *f, const struct profile *pf,
			    struct arena *a, const char *fname, size_t begin,
			    size_t end, const char *mutant, bool stmt,
			    const char **why)
{
	begin = csrc_in(f, begin);
	end = csrc_in(f, end);
	struct cb B = { .f = f, .a = a, .pf = pf, .pb = (uint32_t)begin,
			.pe = (uint32_t)end, .text = mutant, .stmt = stmt };
	if (lang_stats_on())
		lang_stat_build(!mutant, arena_printf(a, "%s:%s",
				f->src.name, fname));
	B.m = ANEW(a, struct mmethod);
	memset(B.m, 0, sizeof(*B.m));
	B.W = (struct mwalk){ .G = &grammar, .H = &hooks, .B = &B, .a = a,
			      .m = B.m, .visible = B.visible, .why = &B.why };
	TSNode fn = csrc_function(f, fname), fd = { 0 };
	B.at = ts_node_is_null(fn) ? 0 : ts_node_start_byte(fn);
	B.fn = fn;
	if (pf->ub == UB_DEFINED_ONLY)
		cb_fail(&B, "`ub: defined-only` is not in the method model (use "
		     "outcome or wrap)");
	else if (ts_node_is_null(fn))
		cb_fail(&B, arena_printf(a, "no function %s in %s", fname, f->name));
	else if (mutant && (begin > end || end > ts_node_end_byte(fn) ||
			    begin < ts_node_start_byte(fn)))
		cb_fail(&B, "the mutated node is not inside the function");
	if (!B.why)
		fd = signature(&B, fn);
	TSNode body = ts_node_is_null(fn) ? fn : cnode_field(fn, "body");
	if (!B.why && params(&B, fn, fd) && globals(&B, fn, body) &&
	    cb_ptr_overlaps(&B) && (B.m->body = cb_block(&B, body)) &&
	    cb_ptr_finish(&B) && cb_struct_finish(&B))
		entry_state(&B);
	if (!B.why && mutant && !B.applied)
		cb_fail(&B, "the mutated code is not inside a modelled expression "
		     "or statement");
	if (B.why) {
		*why = B.why;
		return NULL;
	}
	return B.m;
}
