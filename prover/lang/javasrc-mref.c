/*
 * javasrc-mref.c - references of other classes in the method IR
 * (lang/mir.h: Other references): their declared types, the rule that
 * they are used only by identity, calls on them and static calls of
 * other classes (opaque events, or the value of a pure library method),
 * and `new`.
 */
#include "lang/javasrc-mir-int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lang/profile.h"

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

bool mb_is_ref_type(const char *t)
{
	static const char *const prim[] = { "boolean", "byte", "short", "char",
					    "int", "long", "float", "double",
					    "void", "var" };
	if (!t || !(isalpha((unsigned char)*t) || *t == '_' || *t == '$') ||
	    strchr(t, '[') || strchr(t, '&') || strchr(t, '?'))
		return false;
	for (size_t k = 0; k < sizeof(prim) / sizeof(prim[0]); k++)
		if (!strcmp(t, prim[k]))
			return false;
	return true;
}

void mb_ref_note(struct mb *B, int i, const char *type)
{
	B->rtype[i] = type;
	B->oref &= ~(1u << i);
	if (!B->cls_name || strcmp(type, B->cls_name))
		B->oref |= 1u << i;
}

struct node *mb_id(struct mb *B, int id)
{
	bool on = B->heap_on || (!id && B->arr_on);
	if (!on) /* left as the word, which no variable is */
		return mir_var(B->a, id ? "this" : "null");
	struct node *n = mir_int(B->a, &profile_java, id);
	n->pos = -1;
	return n;
}


bool mb_is_ref(const struct mb *B, const struct node *n)
{
	switch (n->kind) {
	case N_VAR:
		return n->var >= 0 && (B->m->refs >> n->var & 1);
	case N_LIT: /* null or this: mb_id(), mb_part() */
		return n->pos < 0;
	case N_COND:
		return mb_is_ref(B, n->b);
	case N_ASSIGN:
		return n->op == OP_NONE && mb_is_ref(B, n->a);
	default:
		return false;
	}
}

/* Every reference in n used by identity only (Other references). */
static bool uses(struct mb *B, const struct node *n, const char **why)
{
	const struct node *k[3] = { n->a, n->b, n->c };
	bool eq = n->kind == N_BINARY && (n->op == OP_EQ || n->op == OP_NE);
	bool asg = n->kind == N_ASSIGN && n->op == OP_NONE;
	for (int i = 0; i < 3; i++) {
		if (!k[i])
			continue;
		if (!uses(B, k[i], why))
			return false;
		bool r = mb_is_ref(B, k[i]), ok;
		if (eq || asg)
			ok = i < 2 && r == mb_is_ref(B, k[1 - i]);
		else if (n->kind == N_COND)
			ok = i == 0 ? !r : r == mb_is_ref(B, k[3 - i]);
		else
			ok = !r;
		if (!ok) {
			*why = eq ? "a reference compared with a primitive value "
				    "(unboxing is not modelled)"
			     : asg ? "a reference assigned from or to a primitive "
				     "value (boxing is not modelled)"
			     : n->kind == N_BINARY && n->op == OP_ADD
			     ? "a reference as an operand of + (string "
			       "concatenation and unboxing are not modelled)"
			     : "a reference used as a primitive value (unboxing, "
			       "casts and conversions are not modelled)";
			return false;
		}
	}
	return true;
}

bool mb_ref_ok(struct mb *B, const struct node *n, const char **why)
{
	*why = NULL;
	if (B->ref_raw)
		return true;
	if (!uses(B, n, why))
		return false;
	bool r = mb_is_ref(B, n);
	if (B->want_ref < 0 || r == (B->want_ref == 1) ||
	    (n->kind == N_ASSIGN && !B->want_ref))
		return true;
	const char *who = n->kind == N_VAR && B->rtype[n->var]
		? arena_printf(B->a, "`%s %s`: ", B->rtype[n->var],
			       B->m->names[n->var]) : "";
	*why = arena_printf(B->a, "%s%s", who, r
		? "a reference where a primitive value is expected (unboxing "
		  "and switches on references are not modelled)"
		: "a primitive value where a reference is expected (boxing is "
		  "not modelled)");
	return false;
}

bool mb_ref_check(struct mb *B, const struct node *n)
{
	const char *why;
	return mb_ref_ok(B, n, &why) || mb_fail(B, why);
}

const char *mb_ref_cast(struct mb *B, const char *t)
{
	for (const char *p = strchr(t, '('); p; p = strchr(p + 1, '(')) {
		const char *q = p + 1;
		while (isalnum((unsigned char)*q) || strchr("_$.<>, ", *q))
			q++;
		const char *type = arena_strndup(B->a, p + 1, (size_t)(q - p - 1));
		const char *r = q + 1;
		while (*r == ' ')
			r++;
		if (*q == ')' && isupper((unsigned char)p[1]) &&
		    mb_is_ref_type(type) && (isalpha((unsigned char)*r) ||
					     *r == '_' || *r == '(' ))
			return arena_printf(B->a, "a cast to the reference type %s "
					    "(a ClassCastException is not modelled)",
					    type);
	}
	if (strchr(t, '"'))
		return "a string literal (its object is not modelled)";
	return NULL;
}

const char *mb_ref_temp(struct mb *B, const char *type)
{
	struct mmethod *m = B->m;
	int i = 0;
	while (i < m->nvars && !((B->istemp >> i & 1) && !(B->tbusy >> i & 1) &&
				 (m->refs >> i & 1)))
		i++;
	if (i == m->nvars) {
		if (m->nvars == MIR_MAX_VARS)
			return mb_fail(B, "more than 16 variables"), NULL;
		m->nvars++;
		m->names[i] = arena_printf(B->a, "$%d", B->ntemps++);
		m->types[i] = profile_type(&profile_java, "int");
		m->kinds[i] = MV_LOCAL;
		m->refs |= 1u << i;
		B->istemp |= 1u << i;
	}
	B->heap_on = true;
	B->tbusy |= 1u << i;
	B->visible[i] = true;
	mb_ref_note(B, i, type);
	return m->names[i];
}

/* --- callee ids: the unpatched method's calls of other classes --- */

/* The key of the call or creation n in f: "name/2", "Cls.name/2" (a
 * static call: its object a name that is not a variable; text), "new
 * T/1"; NULL for a call on this. */
static const char *key(struct mb *B, struct jsrc *f, TSNode n)
{
	TSNode al = field(n, "arguments");
	int na = ts_node_is_null(al) ? 0 : (int)ts_node_named_child_count(al);
	if (jnode_is(n, "object_creation_expression"))
		return arena_printf(B->a, "new %s/%d", jnode_squeezed(B->a, f,
				    field(n, "type")), na);
	TSNode o = field(n, "object");
	const char *name = jnode_squeezed(B->a, f, field(n, "name"));
	if (ts_node_is_null(o) || jnode_is(o, "this"))
		return NULL;
	const char *ot = jnode_squeezed(B->a, f, o);
	return jnode_is(o, "identifier") && isupper((unsigned char)ot[0])
		? arena_printf(B->a, "%s.%s/%d", ot, name, na)
		: arena_printf(B->a, "%s/%d", name, na);
}

static void scan(struct mb *B, TSNode n)
{
	bool mi = jnode_is(n, "method_invocation");
	bool nw = jnode_is(n, "object_creation_expression");
	const char *k = mi || nw ? key(B, B->f, n) : NULL;
	B->has_new |= nw;
	for (int i = 0; k && i < B->nslots; i++)
		if (!strcmp(B->slot[i], k))
			k = NULL;
	if (k && B->nslots < 256 - MB_OTHER_ID)
		B->slot[B->nslots++] = k;
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		scan(B, ts_node_named_child(n, i));
}

void mb_ref_init(struct mb *B)
{
	B->newvar = -1;
	if (!ts_node_is_null(B->mbody))
		scan(B, B->mbody);
}

/* The id of the callee of key k (the same in the original and every
 * mutant: its place among the unpatched method's), -1 after mb_fail(). */
static int slot_id(struct mb *B, const char *k)
{
	for (int i = 0; i < B->nslots; i++)
		if (!strcmp(B->slot[i], k))
			return MB_OTHER_ID + i;
	return mb_fail(B, arena_printf(B->a, "a call or `new` (%s) beyond the "
			"first %d of other classes the method makes", k,
			256 - MB_OTHER_ID)), -1;
}

/* --- result types --- */

/* The class declared in the file with the simple name of type (its
 * generic arguments and package dropped): its body, or a null node. */
static TSNode class_body(struct mb *B, TSNode n, const char *type)
{
	if (jnode_is(n, "class_declaration") || jnode_is(n, "interface_declaration")) {
		if (jnode_text_is(B->f, field(n, "name"), type))
			return field(n, "body");
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++) {
		TSNode r = class_body(B, ts_node_named_child(n, i), type);
		if (!ts_node_is_null(r))
			return r;
	}
	return (TSNode){ 0 };
}

/* type without its package and generic arguments, in the arena; *targ:
 * its first type argument (or NULL). */
static const char *raw_type(struct mb *B, const char *type, const char **targ)
{
	const char *lt = strchr(type, '<');
	size_t n = lt ? (size_t)(lt - type) : strlen(type);
	const char *dot = type;
	for (const char *p = type; p < type + n; p++)
		if (*p == '.')
			dot = p + 1;
	*targ = NULL;
	if (lt) {
		size_t e = strcspn(lt + 1, ",>");
		*targ = arena_strndup(B->a, lt + 1, e);
	}
	return arena_strndup(B->a, dot, (size_t)(type + n - dot));
}

/* Methods of the Java library whose result type the method model knows
 * (their declarations, not guesses): class ("*": any), name, arity,
 * result ("<>": the receiver's first type argument). */
static const struct jdk {
	const char *cls, *name;
	int nargs;
	const char *ret;
} jdk[] = {
	{ "*", "equals", 1, "boolean" },
	{ "*", "hashCode", 0, "int" },
	{ "*", "toString", 0, "String" },
	{ "String", "length", 0, "int" },
	{ "String", "charAt", 1, "char" },
	{ "String", "isEmpty", 0, "boolean" },
	{ "String", "indexOf", 1, "int" },
	{ "String", "compareTo", 1, "int" },
	{ "String", "codePointAt", 1, "int" },
	{ "String", "indexOf", 2, "int" },
	{ "String", "lastIndexOf", 1, "int" },
	{ "String", "startsWith", 1, "boolean" },
	{ "String", "startsWith", 2, "boolean" },
	{ "String", "endsWith", 1, "boolean" },
	{ "String", "substring", 1, "String" },
	{ "String", "substring", 2, "String" },
	{ "Character", "charCount", 1, "int" },
	{ "Character", "isDigit", 1, "boolean" },
	{ "Character", "isWhitespace", 1, "boolean" },
	{ "Character", "isLetter", 1, "boolean" },
	{ "Character", "isLetterOrDigit", 1, "boolean" },
	{ "Integer", "intValue", 0, "int" },
	{ "Integer", "compareTo", 1, "int" },
	{ "List", "size", 0, "int" }, { "ArrayList", "size", 0, "int" },
	{ "List", "isEmpty", 0, "boolean" },
	{ "ArrayList", "isEmpty", 0, "boolean" },
	{ "List", "get", 1, "<>" }, { "ArrayList", "get", 1, "<>" },
	{ "List", "add", 1, "boolean" }, { "ArrayList", "add", 1, "boolean" },
	{ "List", "contains", 1, "boolean" },
	{ "ArrayList", "contains", 1, "boolean" },
};

static const char *jdk_result(struct mb *B, const char *type,
			      const char *name, int nargs)
{
	const char *targ, *raw = raw_type(B, type, &targ);
	for (size_t k = 0; k < sizeof(jdk) / sizeof(jdk[0]); k++)
		if ((!strcmp(jdk[k].cls, "*") || !strcmp(jdk[k].cls, raw)) &&
		    !strcmp(jdk[k].name, name) && jdk[k].nargs == nargs)
			return strcmp(jdk[k].ret, "<>") ? jdk[k].ret : targ;
	return NULL;
}

/* --- Math: pure, by their value --- */

/* The base a read through a reference in typed n reads through (the
 * first one, in the text's order): the variable its chain starts from
 * (p of p.q.f); NULL when n reads through none. */
static const char *heap_base(const struct mb *B, const struct node *n)
{
	if (!n)
		return NULL;
	if (n->kind == N_VAR && n->var >= 0 && n->var < B->m->nvars &&
	    B->m->kinds[n->var] == MV_HEAP) {
		int v = n->var;
		while (B->m->kinds[v] == MV_HEAP)
			v = B->hbase[v];
		return B->m->names[v];
	}
	const char *h = heap_base(B, n->a);
	if (!h)
		h = heap_base(B, n->b);
	return h ? h : heap_base(B, n->c);
}

/* java.lang.Math's abs, min and max of int and long, as their value
 * (Java's definitions: abs(a) = a < 0 ? -a : a, wrapping at MIN_VALUE;
 * min(a, b) = a <= b ? a : b; max(a, b) = a >= b ? a : b): MS_EXPR
 * assigning it to a temporary, *pure its name. */
static struct mstmt *math(struct mb *B, TSNode at, const char *name, int nargs,
			  const char *const *args, const char **pure)
{
	bool abs = !strcmp(name, "abs"), min = !strcmp(name, "min");
	if (!(abs && nargs == 1) && !((min || !strcmp(name, "max")) && nargs == 2))
		return mb_fail(B, arena_printf(B->a, "a call to Math.%s, not one "
			       "of abs, min, max", name)), NULL;
	bool wide = false;
	struct mb_part P[2];
	const char *heap = NULL; /* an argument reads through it */
	for (int i = 0; i < nargs; i++) {
		const char *whole[] = { args[i], NULL };
		B->want_ref = -1;
		const struct node *e = mb_part(B, args[i], whole, &P[i])
			? mb_part_typed(B, node_copy(B->a, P[i].n), &P[i], false,
					whole, P[i].p0) : NULL;
		B->want_ref = 0;
		if (!e)
			return NULL;
		if (e->type->kind != TK_INT || mb_is_ref(B, e))
			return mb_fail(B, arena_printf(B->a, "Math.%s of a %s value "
				"(only int and long are modelled)", name,
				mb_is_ref(B, e) ? "boxed" : e->type->name)), NULL;
		wide |= e->type->bits > 32;
		if (!heap)
			heap = heap_base(B, e);
	}
	const char *t = mb_temp(B, profile_type(&profile_java,
						wide ? "long" : "int"));
	if (!t)
		return NULL;
	/* the value built of the arguments' nodes: (T)a < 0 ? -(T)a : (T)a,
	 * (T)a <= (T)b ? (T)a : (T)b; an argument appears after `?`, where
	 * a read through a reference is not modelled (javasrc-mheap.c) */
	if (heap)
		return mb_fail(B, arena_printf(B->a, "a read through `%s` after "
			       "&&, || or ?", heap)), NULL;
	const char *tn = wide ? "long" : "int";
	const struct type *tt = mb_type(tn);
	const char *a = arena_printf(B->a, "((%s)(%s))", tn, args[0]);
	const char *b = nargs > 1 ? arena_printf(B->a, "((%s)(%s))", tn, args[1])
				  : NULL;
	struct node *x[3], *y[3];
	for (int k = 0; k < 3; k++) {
		x[k] = mb_cast(B, tt, node_copy(B->a, P[0].n));
		y[k] = b ? mb_cast(B, tt, node_copy(B->a, P[1].n)) : NULL;
	}
	const char *abs_w[] = { t, " = (", a, " < 0 ? -", a, " : ", a, ")", NULL };
	const char *mm_w[] = { t, " = (", a, min ? " <= " : " >= ", b, " ? ", a,
			       " : ", b, ")", NULL };
	struct node *v = abs
		? mir_cond(B->a, mir_binary(B->a, OP_LT, x[0], mir_int(B->a,
			   &profile_java, 0)), mir_unary(B->a, OP_NEG, x[1]), x[2])
		: mir_cond(B->a, mir_binary(B->a, min ? OP_LE : OP_GE, x[0], y[0]),
			   x[1], y[1]);
	struct mstmt *s = mb_stmt_new(B, MS_EXPR, at);
	if (!(s->e = mb_part_typed(B, mir_assign(B->a, mir_var(B->a, t), v),
				   &P[0], false, abs ? abs_w : mm_w, B->npend)))
		return NULL;
	*pure = t;
	return s;
}

/* --- calls on other classes --- */

struct mstmt *mb_make_ocall(struct mb *B, TSNode at, const char *cls, int v,
			    const char *name, int nargs,
			    const char *const *args, const char **ret,
			    const char **pure)
{
	*ret = NULL;
	*pure = NULL;
	if (v < 0 && (!strcmp(cls, "Math") || !strcmp(cls, "StrictMath")))
		return math(B, at, name, nargs, args, pure);
	const char *type = v >= 0 ? B->rtype[v] : cls, *targ;
	const char *raw = raw_type(B, type, &targ);
	TSNode body = class_body(B, ts_tree_root_node(B->f->tree), raw);
	struct mcallee c;
	unsigned refargs = 0;
	memset(&c, 0, sizeof(c));
	if (!ts_node_is_null(body)) { /* declared in the file */
		if (!mb_callee_in(B, body, name, nargs, args, &c, ret, &refargs))
			return NULL;
	} else {
		*ret = jdk_result(B, type, name, nargs);
		for (int i = 0; i < nargs; i++) { /* as the arguments are */
			B->want_ref = -1;
			const struct node *e = mb_expr_text(B, args[i], false);
			B->want_ref = 0;
			if (!e)
				return NULL;
			c.args[i] = e->type;
			refargs |= (unsigned)mb_is_ref(B, e) << i;
		}
	}
	c.name = v >= 0 ? name : arena_printf(B->a, "%s.%s", cls, name);
	c.nargs = nargs;
	const char *k = v >= 0 ? arena_printf(B->a, "%s/%d", name, nargs)
			       : arena_printf(B->a, "%s.%s/%d", cls, name, nargs);
	if ((c.id = slot_id(B, k)) < 0)
		return NULL;
	return mb_call_stmt(B, at, &c, v >= 0 ? cls : NULL, nargs, args,
			    refargs);
}

static struct mstmt *mb_clamp(struct mb *B, struct mstmt *s, const char *t,
			      TSNode at);

const char *mb_result(struct mb *B, struct mstmt **s, TSNode at,
		      const char *name, const char *ret)
{
	bool ref = false;
	const struct type *rt = ret ? mb_var_type(B, ret, &ref) : NULL;
	if (!rt)
		return mb_fail(B, ret ? arena_printf(B->a, "a call to %s, whose "
			"result type `%s` the method model does not have yet",
			name, ret) : arena_printf(B->a, "a call to %s, whose "
			"result type is not declared in the file nor known to "
			"the method model", name)), NULL;
	const char *t = ref ? mb_ref_temp(B, ret) : mb_temp(B, rt);
	if (!t)
		return NULL;
	const char *tw[] = { t, NULL };
	B->want_ref = -1;
	(*s)->e = mb_built(B, mir_var(B->a, t), false, tw);
	B->want_ref = 0;
	if (!(*s)->e || (ref && !(*s = mb_clamp(B, *s, t, at))))
		return NULL;
	return t;
}

/* --- new --- */

const char *mb_new(struct mb *B, TSNode at, const char *type, int nargs,
		   const char *const *args, struct mstmt **out)
{
	struct mcallee c;
	memset(&c, 0, sizeof(c));
	c.name = arena_printf(B->a, "new %s", type);
	c.nargs = nargs;
	if (nargs > MIR_MAX_ARGS)
		return mb_fail(B, arena_printf(B->a, "`new %s` with more than %d "
			       "arguments", type, MIR_MAX_ARGS)), NULL;
	unsigned refargs = 0;
	for (int i = 0; i < nargs; i++) { /* as the arguments are */
		B->want_ref = -1;
		const struct node *e = mb_expr_text(B, args[i], false);
		B->want_ref = 0;
		if (!e)
			return NULL;
		c.args[i] = e->type;
		refargs |= (unsigned)mb_is_ref(B, e) << i;
	}
	if ((c.id = slot_id(B, arena_printf(B->a, "new %s/%d", type, nargs))) < 0)
		return NULL;
	struct mstmt *call = mb_call_stmt(B, at, &c, NULL, nargs, args, refargs);
	if (!call)
		return NULL;
	struct mmethod *m = B->m;
	if (B->newvar < 0) { /* the counter of fresh ids: a local */
		if (m->nvars == MIR_MAX_VARS)
			return mb_fail(B, "more than 16 variables"), NULL;
		B->newvar = m->nvars++;
		m->names[B->newvar] = "$new";
		m->types[B->newvar] = profile_type(&profile_java, "int");
		m->kinds[B->newvar] = MV_LOCAL;
	}
	const char *t = mb_ref_temp(B, type);
	if (!t)
		return NULL;
	struct mstmt *blk = mb_stmt_new(B, MS_BLOCK, at);
	struct mstmt *get = mb_stmt_new(B, MS_EXPR, at);
	struct mstmt *inc = mb_stmt_new(B, MS_EXPR, at);
	int cap = 0;
	B->visible[B->newvar] = true;
	B->ref_raw = true;
	get->e = mb_expr_node(B, mir_assign(B->a, mir_var(B->a, t),
					    mir_var(B->a, "$new")), false);
	inc->e = mb_expr_node(B, mir_assign(B->a, mir_var(B->a, "$new"),
		mir_binary(B->a, OP_ADD, mir_var(B->a, "$new"),
			   mir_int(B->a, &profile_java, 1))), false);
	B->ref_raw = false;
	if (!get->e || !inc->e)
		return NULL;
	mb_append(B, blk, call, &cap);
	mb_append(B, blk, get, &cap);
	mb_append(B, blk, inc, &cap);
	*out = blk;
	return t;
}

/* `if (cond) return <a default>;` at the method's line, cond built
 * (ids by mb_id(), the typing names of the builder's own variables). */
static struct mstmt *guard(struct mb *B, struct node *cond)
{
	const struct mmethod *m = B->m;
	struct mstmt *s = mir_early_return(B->a, m), *r = s->body;
	B->ref_raw = true;
	s->e = mb_built(B, cond, true, NULL);
	if (s->e && m->ret)
		r->e = mb_expr_node(B, mir_zero(B->a, &profile_java, m->ret),
				    false);
	B->ref_raw = false;
	return s->e && (!m->ret || r->e) ? s : NULL;
}

/* A final class of the Java library (no other class extends it), its
 * raw name: its objects are never this, nor of another final class. */
static const char *final_type(struct mb *B, const char *type)
{
	static const char *const fin[] = { "String", "Integer", "Long",
		"Short", "Byte", "Character", "Boolean", "Double", "Float" };
	const char *targ, *raw = raw_type(B, type, &targ);
	for (size_t k = 0; k < sizeof(fin) / sizeof(fin[0]); k++)
		if (!strcmp(raw, fin[k]))
			return raw;
	return NULL;
}

/* The classes from the class raw (simple name) up to Object, when
 * each is declared in the source file: their number (at most max), or
 * -1 when the chain leaves the file (an interface, a library class). */
static int known_chain(struct mb *B, const char *raw, const char **chain,
		       int max)
{
	int n = 0;
	for (const char *c = raw; n < max; c = mb_superclass(B, c)) {
		if (!c)
			return -1;
		if (!*c)
			return n;
		chain[n++] = c;
	}
	return -1;
}

static bool in_chain(const char *const *chain, int n, const char *c)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(chain[i], c))
			return true;
	return false;
}

/* Can no object be both of declared type t and of u?  Java classes have
 * one superclass each, so an object of both has both on its class's
 * chain: true when neither is on the other's chain and both chains are
 * known (classes of the file up to Object), or one is a final class of
 * the library (no other class extends it, and its superclasses are the
 * library's) and the other such a final class or a known chain. */
static bool disjoint(struct mb *B, const char *t, const char *u)
{
	const char *ta, *ua, *rt = raw_type(B, t, &ta), *ru = raw_type(B, u, &ua);
	if (!strcmp(rt, ru))
		return false;
	const char *ct[16], *cu[16];
	bool ft = final_type(B, t), fu = final_type(B, u);
	/* a qualified name may be another package's class of that name */
	int nt = ft || strchr(t, '.') ? -1 : known_chain(B, rt, ct, 16);
	int nu = fu || strchr(u, '.') ? -1 : known_chain(B, ru, cu, 16);
	if ((!ft && nt < 0) || (!fu && nu < 0)) /* a chain not known */
		return false;
	return ft || fu || (!in_chain(ct, nt, ru) && !in_chain(cu, nu, rt));
}

/* The declared type of reference variable i. */
static const char *ref_type(const struct mb *B, int i)
{
	return B->rtype[i] ? B->rtype[i] : B->cls_name;
}

/* *any || x (x alone when *any is NULL), as the parser reads `a || b
 * || c`: left to right. */
static void either(struct mb *B, struct node **any, struct node *x)
{
	*any = *any ? mir_binary(B->a, OP_LOR, *any, x) : x;
}

/* The variable i as typing names it, compared by op with y. */
static struct node *cmp(struct mb *B, enum op op, int i, struct node *y)
{
	return mir_binary(B->a, op, mir_var(B->a, mb_env_name(B, i)), y);
}

/* The inputs no test can give (Other references), as a condition
 * (NULL: none; false after mb_fail()): a final field holding another
 * value than its constant (the constant's text, the source's, parsed);
 * a fresh id (in a method with `new`); an object that is this or
 * another input object though their declared types have no object in
 * common (disjoint()). */
static bool impossible(struct mb *B, struct node **any)
{
	const struct mmethod *m = B->m;
	*any = NULL;
	for (int i = 0; i < m->nvars; i++) {
		if (m->kinds[i] == MV_FIELD && B->konst[i]) { /* a constant */
			const char *whole[] = { B->konst[i], NULL };
			struct mb_part P;
			if (!mb_part(B, B->konst[i], whole, &P))
				return false;
			either(B, any, cmp(B, OP_NE, i, P.n));
		}
		if (m->kinds[i] == MV_FIELD && B->object[i] && (m->refs >> i & 1)) {
			either(B, any, cmp(B, OP_EQ, i, mb_id(B, 0)));
			for (int j = 0; j < i; j++)
				if (m->kinds[j] == MV_FIELD && B->object[j] &&
				    (m->refs >> j & 1))
					either(B, any, cmp(B, OP_EQ, i, mir_var(B->a,
						mb_env_name(B, j))));
		}
		if (!(m->refs >> i & 1) || m->kinds[i] == MV_LOCAL)
			continue;
		const char *ti = ref_type(B, i);
		if (B->newvar >= 0)
			either(B, any, cmp(B, OP_GE, i, mir_int(B->a, &profile_java,
								MIR_FRESH)));
		if (ti && B->cls_name && disjoint(B, ti, B->cls_name))
			either(B, any, cmp(B, OP_EQ, i, mb_id(B, 1)));
		for (int j = 0; ti && j < i; j++) {
			const char *tj = (m->refs >> j & 1) && m->kinds[j] !=
				MV_LOCAL ? ref_type(B, j) : NULL;
			if (tj && disjoint(B, ti, tj))
				either(B, any, mir_binary(B->a, OP_LAND, cmp(B,
					OP_EQ, i, mir_var(B->a, mb_env_name(B, j))),
					cmp(B, OP_NE, i, mb_id(B, 0))));
		}
	}
	return true;
}

bool mb_ref_finish(struct mb *B)
{
	struct mmethod *m = B->m;
	struct node *cond;
	if (!impossible(B, &cond))
		return false;
	if (!cond && B->newvar < 0)
		return true;
	struct mstmt *blk = mb_stmt_new(B, MS_BLOCK, (TSNode){ 0 });
	struct mstmt *init = mb_stmt_new(B, MS_EXPR, (TSNode){ 0 });
	int cap = 0;
	blk->line = init->line = m->line;
	for (int i = 0; i < m->nvars; i++)
		B->visible[i] = m->kinds[i] != MV_LOCAL || i == B->newvar;
	struct mstmt *g = cond ? guard(B, cond) : NULL;
	if (B->why)
		return false;
	B->ref_raw = true;
	init->e = B->newvar < 0 ? NULL : mb_expr_node(B, mir_assign(B->a,
		mir_var(B->a, "$new"), mir_int(B->a, &profile_java, MIR_FRESH)),
		false);
	B->ref_raw = false;
	if (B->why)
		return false;
	if (g)
		mb_append(B, blk, g, &cap);
	if (init->e)
		mb_append(B, blk, init, &cap);
	mb_append(B, blk, m->body, &cap);
	m->body = blk;
	return true;
}

static struct mstmt *mb_clamp(struct mb *B, struct mstmt *s, const char *t,
			      TSNode at)
{
	if (!B->has_new)
		return s;
	/* a callee's reference is never a fresh id yet to be made: one in
	 * their range is read as null (every other id is still reached) */
	struct mstmt *blk = mb_stmt_new(B, MS_BLOCK, at);
	struct mstmt *i = mb_stmt_new(B, MS_IF, at);
	struct mstmt *z = i->body = mb_stmt_new(B, MS_EXPR, at);
	int cap = 0;
	B->ref_raw = true;
	i->e = mb_expr_node(B, mir_binary(B->a, OP_GE, mir_var(B->a, t),
			    mir_int(B->a, &profile_java, MIR_FRESH)), true);
	z->e = mb_expr_node(B, mir_assign(B->a, mir_var(B->a, t),
			    mir_int(B->a, &profile_java, 0)), false);
	B->ref_raw = false;
	if (!i->e || !z->e)
		return NULL;
	mb_append(B, blk, s, &cap);
	mb_append(B, blk, i, &cap);
	return blk;
}

/* --- constants of other classes --- */

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

const char *mb_const_text(struct mb *B, const char *text)
{
	if (!strchr(text, '.'))
		return text;
	struct strbuf sb = STRBUF_INIT;
	bool changed = false;
	const char *p = text;
	while (*p) {
		if (*p == '"' || *p == '\'') { /* a literal, as it is */
			const char *q = p + 1;
			while (*q && *q != *p)
				q += q[0] == '\\' && q[1] ? 2 : 1;
			q += *q ? 1 : 0;
			sb_add(&sb, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (!ident_char(*p) || isdigit((unsigned char)*p) ||
		    (p > text && (ident_char(p[-1]) || p[-1] == '.'))) {
			sb_add(&sb, p, 1);
			p++;
			continue;
		}
		/* a chain of names a.b.C */
		const char *q = p, *first_end = NULL;
		int parts = 0;
		for (;;) {
			while (ident_char(*q))
				q++;
			parts++;
			if (!first_end)
				first_end = q;
			if (q[0] != '.' || !ident_char(q[1]) ||
			    isdigit((unsigned char)q[1]))
				break;
			q++;
		}
		const char *r = q;
		while (isspace((unsigned char)*r))
			r++;
		const char *first = arena_strndup(B->a, p, (size_t)(first_end - p));
		const char *v = NULL;
		/* a call, a variable's field (a read through it), this.x:
		 * not a class's constant */
		if (parts > 1 && *r != '(' && strcmp(first, "this") &&
		    strcmp(first, "super") && mb_var_named(B, first) < 0)
			v = jsrc_qualified_constant(B->a, B->f, B->mbody,
				arena_strndup(B->a, p, (size_t)(q - p)));
		if (v) {
			sb_printf(&sb, "(%s)", v);
			changed = true;
		} else {
			sb_add(&sb, p, (size_t)(q - p));
		}
		p = q;
	}
	const char *out = changed ? arena_strdup(B->a, sb.buf) : text;
	sb_release(&sb);
	return out;
}
