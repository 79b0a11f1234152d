/*
 * javasrc-mexc.c - exceptions in the method IR (lang/mir.h: Exceptions):
 * the method's table of exception kinds, `throw new X(...)`, try/catch/
 * finally, the class hierarchy a catch clause decides by, and the order
 * of a hoisted null check against a division.
 */
#include <ctype.h>
#include <string.h>

#include "lang/javasrc-int.h"
#include "lang/javasrc-mir-int.h"

static TSNode field(TSNode n, const char *name)
{
	return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

/* The standard classes a method's exceptions are placed by: each with
 * its superclass (java.lang unless noted; Throwable is the root). */
static const char *const std_classes[][2] = {
	{ "Throwable", NULL },
	{ "Exception", "Throwable" },
	{ "Error", "Throwable" },
	{ "RuntimeException", "Exception" },
	{ "ArithmeticException", "RuntimeException" },
	{ "NullPointerException", "RuntimeException" },
	{ "IndexOutOfBoundsException", "RuntimeException" },
	{ "ArrayIndexOutOfBoundsException", "IndexOutOfBoundsException" },
	{ "StringIndexOutOfBoundsException", "IndexOutOfBoundsException" },
	{ "NegativeArraySizeException", "RuntimeException" },
	{ "IllegalArgumentException", "RuntimeException" },
	{ "NumberFormatException", "IllegalArgumentException" },
	{ "IllegalStateException", "RuntimeException" },
	{ "UnsupportedOperationException", "RuntimeException" },
	{ "ClassCastException", "RuntimeException" },
	{ "ArrayStoreException", "RuntimeException" },
	{ "SecurityException", "RuntimeException" },
	{ "NoSuchElementException", "RuntimeException" },        /* java.util */
	{ "ConcurrentModificationException", "RuntimeException" }, /* java.util */
	{ "CloneNotSupportedException", "Exception" },
	{ "InterruptedException", "Exception" },
	{ "IOException", "Exception" },                          /* java.io */
	{ "AssertionError", "Error" },
	{ "VirtualMachineError", "Error" },
	{ "StackOverflowError", "VirtualMachineError" },
	{ "OutOfMemoryError", "VirtualMachineError" },
};

static const char *const std_kinds[MIR_EXC_STD] = {
	[MIR_EXC_ARITH] = "ArithmeticException",
	[MIR_EXC_NULL] = "NullPointerException",
	[MIR_EXC_INDEX] = "ArrayIndexOutOfBoundsException",
	[MIR_EXC_NEGSIZE] = "NegativeArraySizeException",
};

/* The simple name of a type as written: java.lang.Foo<T> is Foo. */
static const char *simple_name(struct arena *a, const char *t)
{
	const char *lt = strchr(t, '<');
	size_t n = lt ? (size_t)(lt - t) : strlen(t);
	const char *s = t;
	for (size_t i = 0; i < n; i++)
		if (t[i] == '.')
			s = t + i + 1;
	return arena_strndup(a, s, n - (size_t)(s - t));
}

/* The class a throw statement names (`throw new X(...)`), or NULL. */
static const char *thrown_class(struct mb *B, TSNode thr)
{
	TSNode e = ts_node_named_child(thr, 0);
	if (ts_node_is_null(e) || !jnode_is(e, "object_creation_expression"))
		return NULL;
	return simple_name(B->a, jnode_squeezed(B->a, B->f, field(e, "type")));
}

static bool add_kind(struct mb *B, const char *name)
{
	struct mmethod *m = B->m;
	for (int k = 0; k < m->nexc; k++)
		if (!strcmp(m->exc[k], name))
			return true;
	if (m->nexc == MIR_MAX_EXC)
		return mb_fail(B, "more than 16 exception classes");
	m->exc[m->nexc++] = name;
	return true;
}

static bool scan_throws(struct mb *B, TSNode n)
{
	if (jnode_is(n, "throw_statement")) {
		const char *c = thrown_class(B, n);
		if (c && !add_kind(B, c))
			return false;
	}
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++)
		if (!scan_throws(B, ts_node_named_child(n, i)))
			return false;
	return true;
}

bool mb_exc_init(struct mb *B, TSNode body)
{
	for (int k = 0; k < MIR_EXC_STD; k++)
		B->m->exc[k] = std_kinds[k];
	B->m->nexc = MIR_EXC_STD;
	return scan_throws(B, body); /* the unpatched tree: every build alike */
}

/* An argument of an exception's constructor whose value is the same in
 * every run: a literal, or a concatenation of them. */
static bool constant_arg(TSNode n)
{
	const char *k = ts_node_type(n);
	if (!strcmp(k, "parenthesized_expression"))
		return constant_arg(ts_node_named_child(n, 0));
	if (!strcmp(k, "binary_expression"))
		return constant_arg(field(n, "left")) &&
		       constant_arg(field(n, "right"));
	return strstr(k, "literal") || !strcmp(k, "true") ||
	       !strcmp(k, "false");
}

struct mstmt *mb_throw_kind(struct mb *B, unsigned kind, TSNode n)
{
	struct mstmt *s = mb_stmt_new(B, MS_THROW, n);
	s->exc = kind;
	return s;
}

struct mstmt *mb_throw(struct mb *B, TSNode n)
{
	const char *c = thrown_class(B, n);
	TSNode e = ts_node_named_child(n, 0);
	if (!c)
		return mb_fail(B, "a throw of something other than `new X(...)` "
			       "(the exception object is not modelled)"), NULL;
	for (uint32_t i = 0; i < ts_node_named_child_count(e); i++)
		if (jnode_is(ts_node_named_child(e, i), "class_body"))
			return mb_fail(B, "a throw of an anonymous class"), NULL;
	TSNode args = field(e, "arguments");
	uint32_t na = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
	for (uint32_t i = 0; i < na; i++) {
		TSNode a = ts_node_named_child(args, i);
		if (!constant_arg(a))
			return mb_fail(B, arena_printf(B->a, "the exception's "
				"argument `%s` reads the run (a test could see it "
				"in the message, which is not compared)",
				jnode_squeezed(B->a, B->f, a))), NULL;
	}
	struct mstmt *s = mb_stmt_new(B, MS_THROW, n);
	for (int k = 0; k < B->m->nexc; k++)
		if (!strcmp(B->m->exc[k], c))
			s->exc = (unsigned)k;
	return s;
}

/* The superclass of class name (simple), from the standard table or a
 * class declared in the source file; NULL when it cannot be placed,
 * "" for the root (Throwable) or a class that is not a Throwable. */
static const char *superclass(struct mb *B, TSNode n, const char *name)
{
	if (ts_node_is_null(n))
		return NULL;
	if (jnode_is(n, "class_declaration") &&
	    jnode_text_is(B->f, field(n, "name"), name)) {
		TSNode sc = field(n, "superclass");
		if (ts_node_is_null(sc))
			return ""; /* Object: not a Throwable */
		return simple_name(B->a, jnode_squeezed(B->a, B->f,
					     ts_node_named_child(sc, 0)));
	}
	uint32_t k = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < k; i++) {
		const char *r = superclass(B, ts_node_named_child(n, i), name);
		if (r)
			return r;
	}
	return NULL;
}

const char *mb_superclass(struct mb *B, const char *name)
{
	return superclass(B, ts_tree_root_node(B->f->tree), name);
}

/* Is class c (simple name) a subclass of t, or t itself?  1, 0, or -1
 * when the chain of superclasses leaves what can be placed. */
static int subclass_of(struct mb *B, const char *c, const char *t)
{
	for (int depth = 0; c && *c && depth < 32; depth++) {
		if (!strcmp(c, t))
			return 1;
		const char *up = NULL;
		bool std = false;
		for (size_t i = 0; i < sizeof(std_classes) / sizeof(std_classes[0]); i++)
			if (!strcmp(std_classes[i][0], c)) {
				up = std_classes[i][1] ? std_classes[i][1] : "";
				std = true;
			}
		if (!std)
			up = superclass(B, ts_tree_root_node(B->f->tree), c);
		c = up;
	}
	return c && !*c ? 0 : -1;
}

/* The kinds an MS_THROW inside s may raise (bit k: kind k). */
static unsigned thrown_kinds(const struct mstmt *s)
{
	if (!s)
		return 0;
	unsigned m = s->kind == MS_THROW ? 1u << s->exc : 0;
	for (int i = 0; i < s->nkids; i++)
		m |= thrown_kinds(s->kids[i]);
	return m | thrown_kinds(s->body) | thrown_kinds(s->els) |
	       thrown_kinds(s->update);
}

/* Has n a store (=, op=, ++, --) below its root? */
static bool inner_store(const struct node *n, bool root)
{
	if (!n)
		return false;
	if (!root && (n->kind == N_ASSIGN || n->kind == N_INCDEC))
		return true;
	return inner_store(n->a, false) || inner_store(n->b, false) ||
	       inner_store(n->c, false);
}

static bool divides(const struct node *n)
{
	return n && ((n->kind == N_BINARY && (n->op == OP_DIV ||
					      n->op == OP_REM)) ||
		     divides(n->a) || divides(n->b) || divides(n->c));
}

/* Is there in s an expression that may throw (it divides) after an
 * effect of its own (a store inside it)?  The evaluator and the
 * encoding drop an expression's effects when it throws, which only its
 * final store is (Java keeps the earlier ones: a catch or finally
 * would see them). */
static bool effect_then_throw(const struct mstmt *s)
{
	if (!s)
		return false;
	if (s->e && divides(s->e) && inner_store(s->e, true))
		return true;
	for (int i = 0; i < s->nkids; i++)
		if (effect_then_throw(s->kids[i]))
			return true;
	return effect_then_throw(s->body) || effect_then_throw(s->els) ||
	       effect_then_throw(s->update);
}

static bool has_call(const struct mstmt *s)
{
	if (!s)
		return false;
	if (s->kind == MS_CALL)
		return true;
	for (int i = 0; i < s->nkids; i++)
		if (has_call(s->kids[i]))
			return true;
	return has_call(s->body) || has_call(s->els) || has_call(s->update);
}

/* Is the identifier name written in n's text (a word of it)? */
static bool names(struct mb *B, TSNode n, const char *name)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	const char *t = arena_strndup(B->a, B->f->text + b, e - b), *p = t;
	size_t l = strlen(name);
	while ((p = strstr(p, name))) {
		bool w = (p == t || !(isalnum((unsigned char)p[-1]) ||
				      p[-1] == '_' || p[-1] == '$')) &&
			 !(isalnum((unsigned char)p[l]) || p[l] == '_' || p[l] == '$');
		if (w)
			return true;
		p += l;
	}
	return false;
}

/* The mask of the kinds a catch clause c takes, of those in possible. */
static bool catch_mask(struct mb *B, TSNode c, unsigned possible,
		       unsigned *mask)
{
	TSNode par = ts_node_named_child(c, 0), ty = { 0 };
	for (uint32_t i = 0; i < ts_node_named_child_count(par); i++)
		if (jnode_is(ts_node_named_child(par, i), "catch_type"))
			ty = ts_node_named_child(par, i);
	TSNode name = field(par, "name");
	if (ts_node_is_null(ty) || ts_node_is_null(name))
		return mb_fail(B, "a catch clause without a type or a name");
	if (names(B, field(c, "body"),
		  jnode_squeezed(B->a, B->f, name)))
		return mb_fail(B, arena_printf(B->a, "the caught exception `%s` "
			"is used (the exception object is not modelled)",
			jnode_squeezed(B->a, B->f, name)));
	*mask = 0;
	for (uint32_t i = 0; i < ts_node_named_child_count(ty); i++) {
		const char *t = simple_name(B->a, jnode_squeezed(B->a, B->f,
					     ts_node_named_child(ty, i)));
		for (int k = 0; k < B->m->nexc; k++) {
			if (!(possible & (1u << k)))
				continue;
			int r = subclass_of(B, B->m->exc[k], t);
			if (r < 0)
				return mb_fail(B, arena_printf(B->a, "the class %s "
					"is not placed among the exceptions (not a "
					"standard one nor declared in this file): "
					"whether `catch (%s ...)` takes it is not "
					"known", B->m->exc[k], t));
			if (r)
				*mask |= 1u << k;
		}
	}
	return true;
}

struct mstmt *mb_try(struct mb *B, TSNode n)
{
	struct mstmt *s = mb_stmt_new(B, MS_TRY, n);
	if (!(s->body = mb_block(B, field(n, "body"))))
		return NULL;
	unsigned possible = thrown_kinds(s->body) | ((1u << MIR_EXC_STD) - 1);
	uint32_t k = ts_node_named_child_count(n);
	s->kids = arena_alloc(B->a, (k + 1) * sizeof(*s->kids));
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(n, i);
		if (jnode_is(c, "finally_clause")) {
			if (!(s->els = mb_block(B, ts_node_named_child(c, 0))))
				return NULL;
			continue;
		}
		if (!jnode_is(c, "catch_clause"))
			continue;
		struct mstmt *cc = mb_stmt_new(B, MS_CATCH, c);
		if (!catch_mask(B, c, possible, &cc->exc) ||
		    !(cc->body = mb_block(B, field(c, "body"))))
			return NULL;
		s->kids[s->nkids++] = cc;
	}
	if (has_call(s->body) || has_call(s->els))
		return mb_fail(B, "a call inside a try statement (a callee's "
			       "exceptions are not modelled)"), NULL;
	if (effect_then_throw(s))
		return mb_fail(B, "inside a try statement, an expression that "
			       "stores (++, =) and then may divide by zero"), NULL;
	for (int i = 0; i < s->nkids; i++)
		if (has_call(s->kids[i]->body))
			return mb_fail(B, "a call inside a try statement (a "
				       "callee's exceptions are not modelled)"), NULL;
	return s;
}

/* The walk of an expression in Java's order of evaluation for
 * mb_exc_order(): the completed operands on the way to the node being
 * walked (the left siblings along its path) that divide; a read
 * through a reference is hoisted only from unconditional positions
 * (lang/mir.h: References), so they are all evaluated before it. */
struct order {
	struct mb *B;
	int p0;
	int ndone;
	const struct node *done[4];
	bool over, stores;
};

static void order_walk(struct order *O, const struct node *n)
{
	struct mb *B = O->B;
	if (n->kind == N_VAR && n->var >= 0 && n->var < B->m->nvars &&
	    B->m->kinds[n->var] == MV_HEAP) {
		/* a chain a.p.x reads a.p, then a: every base's check */
		for (int b = B->hbase[n->var], d = 0; b >= 0 && d < MIR_MAX_VARS;
		     b = B->m->kinds[b] == MV_HEAP ? B->hbase[b] : -1, d++)
			for (int p = O->p0; p < B->npend; p++)
				if (B->pend[p] == b && B->npdiv[p] < 0) {
					if (O->ndone && O->stores)
						O->over = true; /* not modelled */
					B->npdiv[p] = O->ndone;
					memcpy(B->pdiv[p], O->done, sizeof(O->done));
				}
		return;
	}
	int base = O->ndone;
	const struct node *kids[3] = { n->a, n->b, n->c };
	for (int k = 0; k < 3; k++) {
		if (!kids[k])
			continue;
		order_walk(O, kids[k]);
		if (!divides(kids[k]))
			continue;
		if (O->ndone == 4)
			O->over = true;
		else
			O->done[O->ndone++] = kids[k];
	}
	O->ndone = base;
	if (n->kind == N_ASSIGN || n->kind == N_INCDEC) /* done after them */
		O->stores = true;
}

bool mb_exc_order(struct mb *B, const struct node *n, int p0)
{
	struct order O = { .B = B, .p0 = p0 };
	for (int p = p0; p < B->npend; p++)
		B->npdiv[p] = -1;
	order_walk(&O, n);
	for (int p = p0; p < B->npend; p++)
		if (B->npdiv[p] < 0)
			B->npdiv[p] = 0;
	if (!O.over)
		return true;
	return mb_fail(B, "a division before a read through a reference in "
		       "one expression, after a store or in more than 4 operands "
		       "(which exception Java throws first is not modelled)");
}

struct mstmt *mb_null_throw(struct mb *B, int p, TSNode n)
{
	struct mstmt *t = mb_throw_kind(B, MIR_EXC_NULL, n);
	if (!B->npdiv[p])
		return t;
	/* the operands Java completes before the read first, those that
	 * divide, in the state before the statement: the same values as
	 * in it (no store before them: mb_exc_order) */
	struct mstmt *blk = mb_stmt_new(B, MS_BLOCK, n);
	int cap = 0;
	for (int k = 0; k < B->npdiv[p]; k++) {
		struct mstmt *d = mb_stmt_new(B, MS_EXPR, n);
		d->e = B->pdiv[p][k];
		mb_append(B, blk, d, &cap);
	}
	mb_append(B, blk, t, &cap);
	return blk;
}
