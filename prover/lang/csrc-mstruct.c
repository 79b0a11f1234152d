/*
 * csrc-mstruct.c - struct globals in a C function's method IR (issue
 * 30): a global `S g;` of a struct type the file defines (`typedef
 * struct { ... } S;`, `struct tag { ... }`) is its members, each a
 * global of its own (MV_FIELD "g.m"): an input and an output of the
 * function, as a global of the member's type is.  The members' objects
 * do not overlap (C11 6.7.2.1p15), so writing one leaves the others.
 * Only the members the body names are variables; g itself is only read
 * and written through `g.m` (a use of the whole struct fails).
 *
 * An unsigned bit-field `unsigned int m : w` (w below int's width) is
 * an int variable holding 0 .. 2^w - 1: read, it promotes to int (C11
 * 6.3.1.1p2); a value stored in it is reduced modulo 2^w (6.3.1.3p2,
 * 6.7.2.1p10).  Its writes are statements (`g.m = e;`, `g.m op= e;`,
 * `g.m++;`), each made `v = (int)((unsigned int)(e) & mask)`; a write
 * inside an expression, or of a floating value (undefined out of range,
 * 6.3.1.4p1), fails.  On entry each holds a value of its range: the
 * function starts with `if (!(0 <= v && v <= mask)) return;`, which no
 * input of the real function takes.  A callee's writes are opaque (any
 * int), more behaviours than the function has: an equivalence proven
 * holds for the real callee too.
 */
#include "lang/csrc-int.h"

#include <ctype.h>
#include <string.h>

/* The top-level struct_specifier with a body that tag names, declared
 * before byte at, or a null node. */
static TSNode tagged(struct cb *B, const char *tag, uint32_t at)
{
	TSNode root = ts_tree_root_node(B->f->tree), found = { 0 };
	uint32_t k = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(root, i);
		if (ts_node_start_byte(d) >= at)
			break;
		TSNode s = cnode_field(d, "type");
		if ((cnode_is(d, "declaration") || cnode_is(d, "type_definition")
		     || cnode_is(d, "struct_specifier")) &&
		    cnode_is(cnode_is(d, "struct_specifier") ? d : s,
			     "struct_specifier")) {
			TSNode ss = cnode_is(d, "struct_specifier") ? d : s;
			TSNode nm = cnode_field(ss, "name");
			if (!ts_node_is_null(nm) &&
			    !ts_node_is_null(cnode_field(ss, "body")) &&
			    cnode_text_is(B->f, nm, tag))
				found = ss;
		}
	}
	return found;
}

/* The field_declaration_list of the struct type of global declaration
 * decl: a struct_specifier with a body, one naming a tag defined
 * before, or a typedef name the file defines before as such a struct
 * (the last typedef of the name).  A null node when decl's type is no
 * struct the file defines. */
static TSNode struct_body(struct cb *B, TSNode decl)
{
	TSNode tn = cnode_field(decl, "type");
	uint32_t at = ts_node_start_byte(decl);
	if (cnode_is(tn, "type_identifier")) {
		const char *name = cnode_squeezed(B->a, B->f, tn);
		TSNode root = ts_tree_root_node(B->f->tree), ss = { 0 };
		uint32_t k = ts_node_named_child_count(root);
		for (uint32_t i = 0; i < k; i++) {
			TSNode d = ts_node_named_child(root, i);
			if (ts_node_start_byte(d) >= at)
				break;
			if (!cnode_is(d, "type_definition"))
				continue;
			TSNode ty = cnode_field(d, "type");
			uint32_t nd = ts_node_named_child_count(d);
			for (uint32_t j = 0; j < nd; j++) {
				TSNode dd = ts_node_named_child(d, j);
				if (!cnode_same(dd, ty) &&
				    cnode_is(dd, "type_identifier") &&
				    cnode_text_is(B->f, dd, name))
					ss = ty;
			}
		}
		tn = ss;
	}
	if (!cnode_is(tn, "struct_specifier"))
		return (TSNode){ 0 };
	TSNode body = cnode_field(tn, "body");
	if (!ts_node_is_null(body))
		return body;
	TSNode nm = cnode_field(tn, "name");
	if (ts_node_is_null(nm))
		return (TSNode){ 0 };
	TSNode ss = tagged(B, cnode_squeezed(B->a, B->f, nm), at);
	return ts_node_is_null(ss) ? ss : cnode_field(ss, "body");
}

bool cb_is_struct(struct cb *B, TSNode decl)
{
	return !ts_node_is_null(struct_body(B, decl));
}

/* The width of bit-field member fd (its bitfield_clause): 0 when it is
 * none, -1 when it is no integer literal. */
static int bit_width(struct cb *B, TSNode fd)
{
	uint32_t k = ts_node_named_child_count(fd);
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(fd, i);
		if (!cnode_is(c, "bitfield_clause"))
			continue;
		const char *w = cnode_squeezed(B->a, B->f, c);
		w += *w == ':';
		char *end;
		long n = strtol(w, &end, 10);
		return *w && !*end && isdigit((unsigned char)*w) && n > 0 &&
		       n <= 64 ? (int)n : -1;
	}
	return 0;
}

int cb_struct_global(struct cb *B, TSNode decl, const char *name,
		     const char *btext, bool (*named)(const char *, const char *))
{
	uint32_t nq = ts_node_named_child_count(decl);
	for (uint32_t i = 0; i < nq; i++) {
		TSNode q = ts_node_named_child(decl, i);
		if (cnode_is(q, "type_qualifier") || (cnode_is(q,
			"storage_class_specifier") && !cnode_text_is(B->f, q,
			"static")))
			return cb_fail(B, arena_printf(B->a, "the struct global "
				       "`%s` with a qualifier or storage class",
				       name)) - 1;
	}
	for (int v = 0; v < B->m->nvars; v++)
		if (B->visible[v] && !strcmp(B->m->names[v], name))
			return 0; /* a parameter hides it */
	if (B->nstruct == CB_MAX_STRUCTS)
		return cb_fail(B, "more than 8 struct globals") - 1;
	B->structs[B->nstruct++] = name;
	TSNode body = struct_body(B, decl);
	uint32_t k = ts_node_named_child_count(body);
	const struct type *it = profile_type(B->pf, "int"),
			  *ut = profile_type(B->pf, "unsigned int");
	for (uint32_t i = 0; i < k; i++) {
		TSNode fd = ts_node_named_child(body, i);
		if (cnode_is(fd, "comment"))
			continue;
		if (!cnode_is(fd, "field_declaration"))
			return cb_fail(B, arena_printf(B->a, "the struct of `%s` "
				       "has a member that is no plain "
				       "declaration", name)) - 1;
		TSNode d = cnode_field(fd, "declarator");
		if (ts_node_is_null(d))
			continue; /* an unnamed bit-field: padding */
		if (ts_node_named_child_count(fd) > 3)
			return cb_fail(B, arena_printf(B->a, "the struct of `%s` "
				       "declares several members at once",
				       name)) - 1;
		const char *mname = cnode_squeezed(B->a, B->f, d);
		if (!cnode_is(d, "field_identifier")) {
			if (named(btext, name))
				return cb_fail(B, arena_printf(B->a, "the member "
					       "`%s` of `%s`: a pointer, array or "
					       "function", mname, name)) - 1;
			continue;
		}
		if (!named(btext, mname))
			continue;
		bool is_const;
		const struct type *t = cb_ctype(B, fd, &is_const);
		if (!t)
			return -1;
		int w = bit_width(B, fd);
		if (is_const || w < 0)
			return cb_fail(B, arena_printf(B->a, "the member `%s` of "
				       "`%s`: const, or a bit-field of no "
				       "literal width", mname, name)) - 1;
		if (w && (t != ut || w > it->bits))
			return cb_fail(B, arena_printf(B->a, "the member `%s` of "
				       "`%s`: a bit-field of type %s (unsigned "
				       "int ones only)", mname, name, t->name))
			       - 1;
		if (w == ut->bits)
			w = 0; /* all of unsigned int */
		int v = cb_add_var(B, arena_printf(B->a, "%s.%s", name, mname),
				   w ? it : t, MV_FIELD);
		if (v < 0)
			return -1;
		B->envname[v] = arena_printf(B->a, "__subsume_m_%s__%s", name,
					     mname);
		B->sobj[v] = name;
		B->sfield[v] = mname;
		B->bitw[v] = w;
	}
	return 0;
}

/* The member variable of struct global t[i..e) named t[b..d), or -1 */
static int member(const struct cb *B, const char *t, size_t i, size_t e,
		  size_t b, size_t d)
{
	for (int v = 0; v < B->m->nvars; v++)
		if (B->sobj[v] && strlen(B->sobj[v]) == e - i &&
		    !strncmp(B->sobj[v], t + i, e - i) &&
		    strlen(B->sfield[v]) == d - b &&
		    !strncmp(B->sfield[v], t + b, d - b))
			return v;
	return -1;
}

static bool struct_named(const struct cb *B, const char *t, size_t i, size_t e)
{
	for (int s = 0; s < B->nstruct; s++)
		if (strlen(B->structs[s]) == e - i &&
		    !strncmp(B->structs[s], t + i, e - i))
			return true;
	return false;
}

/* Does an assignment operator, ++ or -- stand at t[n..)? */
static bool assign_op(const char *t, size_t n)
{
	if ((t[n] == '+' || t[n] == '-') && t[n + 1] == t[n])
		return true;
	if (t[n] == '=' && t[n + 1] != '=')
		return true;
	if (strchr("+-*/%&|^", t[n]) && t[n] && t[n + 1] == '=')
		return true;
	return (t[n] == '<' || t[n] == '>') && t[n + 1] == t[n] &&
	       t[n + 2] == '=';
}

const char *cb_struct_text(struct cb *B, const char *t, const char *shown)
{
	struct strbuf sb = STRBUF_INIT;
	const char *why = NULL;
	size_t i = 0;
	char prev = 0; /* the significant character before t[i] */
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
		} else if (csrc_id_char(c) && !isdigit(c)) {
			while (csrc_id_char((unsigned char)t[e]))
				e++;
			if (prev != '.' && prev != '>' && struct_named(B, t, i, e)) {
				size_t n = csrc_blanks(t, e), b = csrc_blanks(t, n + 1), d = b;
				while (t[n] == '.' && csrc_id_char((unsigned char)t[d]))
					d++;
				int v = d > b ? member(B, t, i, e, b, d) : -1;
				size_t a = csrc_blanks(t, d);
				size_t p = i; /* the operator before */
				while (p > 0 && isspace((unsigned char)t[p - 1]))
					p--;
				if (v < 0)
					why = arena_printf(B->a, "`%.*s` used as a "
						"whole struct, or a member the "
						"model does not have", (int)(e - i),
						t + i);
				else if (B->bitw[v] && (assign_op(t, a) || (p >= 2 &&
					 (t[p - 1] == '+' || t[p - 1] == '-') &&
					 t[p - 2] == t[p - 1])))
					why = arena_printf(B->a, "a write to the "
						"bit-field %s inside an expression",
						B->m->names[v]);
				else {
					sb_puts(&sb, B->envname[v]);
					prev = 'a';
					i = d;
					continue;
				}
				break;
			}
		}
		if (!isspace(c))
			prev = (char)t[e - 1];
		sb_add(&sb, t + i, e - i);
		i = e;
	}
	return cb_rewritten(B, &sb, shown, why);
}

/* Is t[i..) `g . m` of a bit-field member?  Its variable, the end in *e */
static int bitfield_at(const struct cb *B, const char *t, size_t i, size_t *end)
{
	size_t e = i;
	while (csrc_id_char((unsigned char)t[e]))
		e++;
	size_t n = csrc_blanks(t, e), b = csrc_blanks(t, n + 1), d = b;
	if (e == i || t[n] != '.')
		return -1;
	while (csrc_id_char((unsigned char)t[d]))
		d++;
	int v = member(B, t, i, e, b, d);
	*end = d;
	return v >= 0 && B->bitw[v] ? v : -1;
}

const char *cb_struct_write(struct cb *B, const char *t, bool *failed)
{
	*failed = false;
	if (!B->nstruct)
		return NULL;
	size_t i = csrc_blanks(t, 0), e;
	bool pre = (t[i] == '+' || t[i] == '-') && t[i + 1] == t[i];
	char step = pre ? t[i] : 0;
	if (pre)
		i = csrc_blanks(t, i + 2);
	int v = bitfield_at(B, t, i, &e);
	if (v < 0)
		return NULL;
	size_t n = csrc_blanks(t, e);
	const char *env = B->envname[v];
	unsigned long long mask = (1ull << B->bitw[v]) - 1;
	const char *rest = NULL, *op = NULL;
	if (!pre && (t[n] == '+' || t[n] == '-') && t[n + 1] == t[n] &&
	    !t[csrc_blanks(t, n + 2)])
		step = t[n];
	else if (!pre && t[n] == '=' && t[n + 1] != '=')
		rest = t + n + 1;
	else if (!pre && strchr("+-*/%&|^", t[n]) && t[n] && t[n + 1] == '=')
		rest = t + n + 2, op = arena_strndup(B->a, t + n, 1);
	else if (!pre && (t[n] == '<' || t[n] == '>') && t[n + 1] == t[n] &&
		 t[n + 2] == '=')
		rest = t + n + 3, op = arena_strndup(B->a, t + n, 2);
	else if (!pre || t[n])
		return NULL; /* an expression: cb_struct_text() fails it */
	if (rest) {
		/* a floating value stored is undefined out of the range
		 * (C11 6.3.1.4p1): refused */
		const struct node *x = cb_expr_text(B, arena_printf(B->a, "(%s)",
						    rest), false);
		if (!x || x->type->kind != TK_INT) {
			*failed = true;
			return x ? (cb_fail(B, arena_printf(B->a, "`%s`: a value "
				    "that is no integer stored in the bit-field "
				    "%s", t, B->m->names[v])), NULL) : NULL;
		}
	}
	const char *val = step ? arena_printf(B->a, "%s %c 1", env, step)
			  : op ? arena_printf(B->a, "%s %s (%s)", env, op, rest)
			  : arena_printf(B->a, "(%s)", rest);
	return arena_printf(B->a, "%s = (int)((unsigned int)(%s) & %lluu)", env,
			    val, mask);
}

bool cb_struct_finish(struct cb *B)
{
	struct mmethod *m = B->m;
	struct strbuf sb = STRBUF_INIT;
	for (int v = 0; v < m->nvars; v++)
		if (B->bitw[v])
			sb_printf(&sb, "%s(0 <= %s && %s <= %llu)", sb.buf ? " && "
				  : "", B->envname[v], B->envname[v],
				  (1ull << B->bitw[v]) - 1);
	if (!sb.buf)
		return true;
	const char *in = arena_printf(B->a, "!(%s)", sb.buf);
	sb_release(&sb);
	struct mstmt *s = mir_early_return(B->a, m), *r = s->body;
	s->e = cb_expr_text(B, in, true);
	if (s->e && m->ret)
		r->e = cb_expr_node(B, mir_zero(B->a, B->pf, m->ret), false);
	if (!s->e || (m->ret && !r->e))
		return false;
	mir_prepend(B->a, m, s);
	return true;
}
