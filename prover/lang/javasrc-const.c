/*
 * javasrc-const.c - what the program states of the values a site reads
 * (javasrc.h: struct jocc facts): an array's length is never negative,
 * and a constant variable (JLS 4.12.4: a final variable of primitive
 * type initialized with a constant expression, JLS 15.29) is its value
 * wherever it is read.
 *
 * A constant is read as a field of an enclosing class (not shadowed by
 * a local or parameter: javasrc-scope.c finds the declaration), through
 * a class name (`Chars.NL`, `Outer.Inner.X`, `a.b.C.X`) of this file,
 * of an import, of the file's package or of an on-demand import, or
 * inherited by such a class from its superclass or interfaces; the
 * Java library's constants (`Integer.MIN_VALUE`, `Double.NaN`,
 * `Math.PI`, ...) come from the table below when the name is no class
 * of the source tree; a name no enclosing class declares or inherits
 * may be a static import's (single, then on demand).  Another file is read through the resolver the
 * caller gave (jsrc_set_classes()).  Its value is the initializer
 * itself, every constant it names replaced by that constant's value,
 * cast to the declared type: the checker evaluates it with Java's
 * semantics.  Never a fact: a field that is not final, of a reference
 * type (String too), a name a local or parameter shadows, an
 * initializer that is not a constant expression, a class the tree does
 * not declare (other than the library's).
 */
#include "lang/javasrc-int.h"

#include <ctype.h>
#include <string.h>

/* How deep constants may refer to constants (a cycle does not compile). */
#define CONST_DEPTH 24

/* The Java library's constants (JDK 8's values, as the JDK declares
 * them: Double.NaN is 0.0d / 0.0).  Boolean.TRUE and FALSE are
 * objects, not constant variables: not here. */
static const struct {
	const char *cls, *name, *type, *value;
} lib[] = {
	{ "Byte", "MIN_VALUE", "byte", "(-128)" },
	{ "Byte", "MAX_VALUE", "byte", "127" },
	{ "Byte", "SIZE", "int", "8" },
	{ "Byte", "BYTES", "int", "1" },
	{ "Short", "MIN_VALUE", "short", "(-32768)" },
	{ "Short", "MAX_VALUE", "short", "32767" },
	{ "Short", "SIZE", "int", "16" },
	{ "Short", "BYTES", "int", "2" },
	{ "Character", "MIN_VALUE", "char", "0" },
	{ "Character", "MAX_VALUE", "char", "65535" },
	{ "Character", "MIN_RADIX", "int", "2" },
	{ "Character", "MAX_RADIX", "int", "36" },
	{ "Character", "SIZE", "int", "16" },
	{ "Character", "BYTES", "int", "2" },
	{ "Character", "MIN_HIGH_SURROGATE", "char", "55296" },
	{ "Character", "MAX_HIGH_SURROGATE", "char", "56319" },
	{ "Character", "MIN_LOW_SURROGATE", "char", "56320" },
	{ "Character", "MAX_LOW_SURROGATE", "char", "57343" },
	{ "Character", "MIN_SURROGATE", "char", "55296" },
	{ "Character", "MAX_SURROGATE", "char", "57343" },
	{ "Character", "MIN_SUPPLEMENTARY_CODE_POINT", "int", "65536" },
	{ "Character", "MIN_CODE_POINT", "int", "0" },
	{ "Character", "MAX_CODE_POINT", "int", "1114111" },
	{ "Integer", "MIN_VALUE", "int", "(-2147483647 - 1)" },
	{ "Integer", "MAX_VALUE", "int", "2147483647" },
	{ "Integer", "SIZE", "int", "32" },
	{ "Integer", "BYTES", "int", "4" },
	{ "Long", "MIN_VALUE", "long", "(-9223372036854775807L - 1L)" },
	{ "Long", "MAX_VALUE", "long", "9223372036854775807L" },
	{ "Long", "SIZE", "int", "64" },
	{ "Long", "BYTES", "int", "8" },
	{ "Float", "MAX_VALUE", "float", "3.4028235E38f" },
	{ "Float", "MIN_VALUE", "float", "1.4E-45f" },
	{ "Float", "MIN_NORMAL", "float", "1.17549435E-38f" },
	{ "Float", "NaN", "float", "(0.0f / 0.0f)" },
	{ "Float", "POSITIVE_INFINITY", "float", "(1.0f / 0.0f)" },
	{ "Float", "NEGATIVE_INFINITY", "float", "(-1.0f / 0.0f)" },
	{ "Float", "MAX_EXPONENT", "int", "127" },
	{ "Float", "MIN_EXPONENT", "int", "(-126)" },
	{ "Float", "SIZE", "int", "32" },
	{ "Float", "BYTES", "int", "4" },
	{ "Double", "MAX_VALUE", "double", "1.7976931348623157E308" },
	{ "Double", "MIN_VALUE", "double", "4.9E-324" },
	{ "Double", "MIN_NORMAL", "double", "2.2250738585072014E-308" },
	{ "Double", "NaN", "double", "(0.0 / 0.0)" },
	{ "Double", "POSITIVE_INFINITY", "double", "(1.0 / 0.0)" },
	{ "Double", "NEGATIVE_INFINITY", "double", "(-1.0 / 0.0)" },
	{ "Double", "MAX_EXPONENT", "int", "1023" },
	{ "Double", "MIN_EXPONENT", "int", "(-1022)" },
	{ "Double", "SIZE", "int", "64" },
	{ "Double", "BYTES", "int", "8" },
	{ "Math", "PI", "double", "3.141592653589793" },
	{ "Math", "E", "double", "2.718281828459045" },
};

void jsrc_set_classes(struct jsrc *f, jsrc_class_fn fn, void *ctx)
{
	f->classes = fn;
	f->classes_ctx = ctx;
}

/* A constant's declared type and value text; or (ref) an object the
 * program names: an enum constant (its ordinal) or a static final field
 * initialized with `new` (value NULL), declared at byte at of file df. */
enum { KREF_NONE, KREF_ENUM, KREF_NEW };
struct kval {
	const char *type, *value;
	int ref, ordinal;
	const struct jsrc *df;
	uint32_t at;
};

/* The objects a site names (reference facts), by their texts. */
#define MAX_REFS 16
struct kref {
	const char *name;
	struct kval k;
};

/* x.equals("L") of a String variable x (its call's text). */
struct keq {
	const char *x, *lit, *call;
};

struct cx {
	struct arena *a;
	int depth;
	int nrefs;
	struct kref refs[MAX_REFS];
	int neqs;
	struct keq eqs[MAX_REFS];
};

static bool primitive(const char *t)
{
	static const char *const p[] = { "byte", "short", "char", "int", "long",
					 "float", "double", "boolean" };
	for (size_t i = 0; i < ARRAY_SIZE(p); i++)
		if (!strcmp(t, p[i]))
			return true;
	return false;
}

static bool is_type_decl(TSNode d)
{
	return jnode_is(d, "class_declaration") || jnode_is(d, "interface_declaration") ||
	       jnode_is(d, "enum_declaration");
}

static bool named(const struct jsrc *f, TSNode d, const char *name)
{
	TSNode nm = ts_node_child_by_field_name(d, "name", 4);
	return !ts_node_is_null(nm) && jnode_text_is(f, nm, name);
}

static bool has_modifier(const struct jsrc *f, TSNode d, const char *mod)
{
	for (uint32_t i = 0; i < ts_node_child_count(d); i++) {
		TSNode m = ts_node_child(d, i);
		for (uint32_t j = 0; jnode_is(m, "modifiers") &&
		     j < ts_node_child_count(m); j++)
			if (jnode_text_is(f, ts_node_child(m, j), mod))
				return true;
	}
	return false;
}

static int member(struct cx *C, const struct jsrc *f, TSNode cls,
		  const char *name, struct kval *out);
static bool constant(struct cx *C, const struct jsrc *f, TSNode cls,
		     const char *name, struct kval *out)
{
	return member(C, f, cls, name, out) > 0 && !out->ref;
}
/* The constant name means in the scope of node at of f: a field of the
 * innermost enclosing class that has one (declared or inherited). */
static bool static_import(struct cx *C, const struct jsrc *f, const char *name,
			  struct kval *out);
static bool scoped(struct cx *C, const struct jsrc *f, TSNode at,
		   const char *name, struct kval *out)
{
	for (TSNode p = jnode_parent(f, at); !ts_node_is_null(p);
	     p = jnode_parent(f, p)) {
		/* an anonymous class inherits from its type: unknown here */
		if (jnode_is(p, "class_body") &&
		    !is_type_decl(jnode_parent(f, p)))
			return false;
		int r = is_type_decl(p) ? member(C, f, p, name, out) : 0;
		if (r)
			return r > 0;
	}
	/* no enclosing class declares or inherits it */
	return static_import(C, f, name, out);
}
static bool class_named(struct cx *C, const struct jsrc *f, TSNode at,
			const char *qual, const struct jsrc **gf, TSNode *gc);

/* The value text of constant expression e of file f, or NULL. */
static bool library(struct arena *a, const char *cls, const char *name,
		    struct kval *out);

static const char *cexpr(struct cx *C, const struct jsrc *f, TSNode e)
{
	if (ts_node_is_null(e))
		return NULL;
	const char *t = ts_node_type(e);
	size_t tl = strlen(t);
	if (!strcmp(t, "string_literal") || !strcmp(t, "null_literal") ||
	    !strcmp(t, "text_block") || !strcmp(t, "hex_floating_point_literal"))
		return NULL;
	if ((tl > 8 && !strcmp(t + tl - 8, "_literal")) || !strcmp(t, "true") ||
	    !strcmp(t, "false")) {
		/* as written: ' ' is a blank */
		char *s = arena_strndup(C->a, f->text + ts_node_start_byte(e),
					ts_node_end_byte(e) - ts_node_start_byte(e));
		char *w = s;
		if (strcmp(t, "character_literal"))
			for (char *r = s; *r; r++) /* 1_000 is 1000 */
				if (*r != '_')
					*w++ = *r;
		if (w != s)
			*w = 0;
		return s;
	}
	if (!strcmp(t, "parenthesized_expression")) {
		struct jkids k = jnode_kids(f, e, true);
		TSNode in;
		const char *v = jkids_next(&k, &in) ? cexpr(C, f, in) : NULL;
		return v ? arena_printf(C->a, "(%s)", v) : NULL;
	}
	if (!strcmp(t, "unary_expression")) {
		TSNode op = ts_node_child_by_field_name(e, "operator", 8);
		const char *v = cexpr(C, f, ts_node_child_by_field_name(e, "operand", 7));
		return v && !ts_node_is_null(op)
			? arena_printf(C->a, "(%s(%s))", jnode_squeezed(C->a, f, op), v)
			: NULL;
	}
	if (!strcmp(t, "binary_expression")) {
		TSNode op = ts_node_child_by_field_name(e, "operator", 8);
		const char *l = cexpr(C, f, ts_node_child_by_field_name(e, "left", 4));
		const char *r = l ? cexpr(C, f, ts_node_child_by_field_name(e, "right", 5))
				  : NULL;
		return r && !ts_node_is_null(op)
			? arena_printf(C->a, "(%s %s %s)", l,
				       jnode_squeezed(C->a, f, op), r)
			: NULL;
	}
	if (!strcmp(t, "ternary_expression")) {
		const char *c = cexpr(C, f, ts_node_child_by_field_name(e, "condition", 9));
		const char *x = c ? cexpr(C, f, ts_node_child_by_field_name(
						 e, "consequence", 11)) : NULL;
		const char *y = x ? cexpr(C, f, ts_node_child_by_field_name(
						 e, "alternative", 11)) : NULL;
		return y ? arena_printf(C->a, "(%s ? %s : %s)", c, x, y) : NULL;
	}
	if (!strcmp(t, "cast_expression")) {
		TSNode ty = ts_node_child_by_field_name(e, "type", 4);
		const char *tn = ts_node_is_null(ty) ? NULL : jnode_squeezed(C->a, f, ty);
		const char *v = tn && primitive(tn)
			? cexpr(C, f, ts_node_child_by_field_name(e, "value", 5)) : NULL;
		if (v && !strcmp(tn, "boolean")) /* the checker reads no such cast */
			return arena_printf(C->a, "(%s)", v);
		return v ? arena_printf(C->a, "((%s) %s)", tn, v) : NULL;
	}
	struct kval k = { 0 };
	if (!strcmp(t, "identifier")) {
		/* a field of an enclosing class (an initializer has no
		 * locals in scope) */
		return scoped(C, f, e, jnode_squeezed(C->a, f, e), &k) && !k.ref
			? k.value : NULL;
	}
	if (!strcmp(t, "field_access")) {
		TSNode obj = ts_node_child_by_field_name(e, "object", 6);
		TSNode fld = ts_node_child_by_field_name(e, "field", 5);
		const struct jsrc *g;
		TSNode c;
		if (ts_node_is_null(obj) || ts_node_is_null(fld))
			return NULL;
		char *q = jnode_squeezed(C->a, f, obj);
		char *nm = jnode_squeezed(C->a, f, fld);
		if (class_named(C, f, e, q, &g, &c)) {
			if (!g)
				return NULL;
			return constant(C, g, c, nm, &k) ? k.value : NULL;
		}
		if (library(C->a, q, nm, &k))
			return k.value;
	}
	return NULL;
}

/* The declaration of type name in body (a class body), or a null node. */
static TSNode member_type(const struct jsrc *f, TSNode body, const char *name)
{
	struct jkids k = jnode_kids(f, body, true);
	for (TSNode d; jkids_next(&k, &d);)
		if (is_type_decl(d) && named(f, d, name))
			return d;
	TSNode none = { 0 };
	return none;
}

/* The constant declarator v of field declaration d (in an interface
 * when iface) holds: *out, or false when it is none. */
static bool declarator(struct cx *C, const struct jsrc *f, TSNode d, TSNode v,
		       bool iface, struct kval *out)
{
	TSNode ty = ts_node_child_by_field_name(d, "type", 4);
	const char *tn = ts_node_is_null(ty) ? NULL : jnode_squeezed(C->a, f, ty);
	out->ref = KREF_NONE;
	if (tn && !primitive(tn) &&
	    ts_node_is_null(ts_node_child_by_field_name(v, "dimensions", 10)) &&
	    (iface || (has_modifier(f, d, "static") && has_modifier(f, d, "final")))) {
		/* `static final T X = new T(...)`, `= new int[n]`, `= { ... }`:
		 * one object, made once, never null once the class is
		 * initialized; no other field holds it then */
		TSNode val = ts_node_child_by_field_name(v, "value", 5);
		if (ts_node_is_null(val) ||
		    !(jnode_is(val, "object_creation_expression") ||
		      jnode_is(val, "array_creation_expression") ||
		      jnode_is(val, "array_initializer")))
			return false;
		/* an anonymous class: its object still fresh */
		out->type = tn;
		out->value = NULL;
		out->ref = KREF_NEW;
		out->df = f;
		out->at = ts_node_start_byte(v);
		return true;
	}
	if (!tn || !primitive(tn) ||
	    !ts_node_is_null(ts_node_child_by_field_name(v, "dimensions", 10)) ||
	    !(iface || has_modifier(f, d, "final")))
		return false;
	const char *val = cexpr(C, f, ts_node_child_by_field_name(v, "value", 5));
	if (!val)
		return false;
	out->type = tn;
	out->value = !strcmp(tn, "boolean") ? arena_printf(C->a, "(%s)", val)
		     : arena_printf(C->a, "((%s) %s)", tn, val);
	return true;
}

bool jsrc_field_object(struct arena *a, const struct jsrc *f, TSNode d, TSNode v)
{
	struct cx C = { .a = a };
	struct kval k = { 0 };
	TSNode body = jnode_parent(f, d);
	return declarator(&C, f, d, v, jnode_is(body, "interface_body"), &k) &&
	       k.ref == KREF_NEW;
}

const char *jsrc_field_constant(struct arena *a, const struct jsrc *f,
				TSNode d, TSNode v)
{
	struct cx C = { .a = a };
	struct kval k = { 0 };
	TSNode body = jnode_parent(f, d);
	if (!declarator(&C, f, d, v, jnode_is(body, "interface_body"), &k) ||
	    k.ref || !strcmp(k.type, "float") || !strcmp(k.type, "double"))
		return NULL;
	return k.value;
}

const char *jsrc_qualified_constant(struct arena *a, const struct jsrc *f,
				    TSNode at, const char *qual)
{
	struct cx C = { .a = a };
	struct kval k = { 0 };
	const char *dot = strrchr(qual, '.');
	if (!dot || dot == qual || !dot[1])
		return NULL;
	const char *cls = arena_strndup(a, qual, (size_t)(dot - qual));
	const struct jsrc *g;
	TSNode c;
	if (class_named(&C, f, at, cls, &g, &c))
		return g && constant(&C, g, c, dot + 1, &k) ? k.value : NULL;
	return library(a, cls, dot + 1, &k) ? k.value : NULL;
}

/* Field name of class cls (a type declaration in f), declared in it or
 * inherited: 1 a constant (*out), -1 a field that is not one or may
 * be (a superclass or interface the tree does not hold), 0 none. */
static int member(struct cx *C, const struct jsrc *f, TSNode cls,
		  const char *name, struct kval *out)
{
	if (++C->depth > CONST_DEPTH) {
		C->depth--;
		return -1;
	}
	bool iface = jnode_is(cls, "interface_declaration");
	TSNode body = ts_node_child_by_field_name(cls, "body", 4);
	bool found = false, ok = false;
	int ordinal = 0;
	struct jkids k = jnode_kids(f, body, true);
	for (TSNode d; !found && !ts_node_is_null(body) && jkids_next(&k, &d);) {
		if (jnode_is(d, "enum_body_declarations")) { /* an enum's fields */
			k = jnode_kids(f, d, true);
			continue;
		}
		if (jnode_is(d, "enum_constant")) { /* in declaration order */
			if (named(f, d, name)) {
				TSNode en = ts_node_child_by_field_name(cls, "name", 4);
				found = ok = true;
				*out = (struct kval){ .type = jnode_squeezed(C->a, f, en),
						      .ref = KREF_ENUM, .ordinal = ordinal,
						      .df = f, .at = ts_node_start_byte(d) };
			}
			ordinal++;
			continue;
		}
		if (!jnode_is(d, "field_declaration") && !jnode_is(d, "constant_declaration"))
			continue;
		struct jkids vk = jnode_kids(f, d, true);
		for (TSNode v; !found && jkids_next(&vk, &v);) {
			if (!jnode_is(v, "variable_declarator") || !named(f, v, name))
				continue;
			found = true;
			if (!declarator(C, f, d, v, iface, out))
				break;
			ok = true;
		}
	}
	/* inherited: from the superclass, then the interfaces (a name two
	 * of them declare is ambiguous: it does not compile) */
	struct jkids ck = jnode_kids(f, cls, true);
	for (TSNode l; !found && jkids_next(&ck, &l);) {
		if (!jnode_is(l, "superclass") && !jnode_is(l, "super_interfaces") &&
		    !jnode_is(l, "extends_interfaces"))
			continue;
		/* `extends T`, `implements type_list`, `extends type_list` */
		struct jkids lk = jnode_kids(f, l, true);
		for (TSNode s; !found && jkids_next(&lk, &s);) {
			struct jkids tk = jnode_kids(f, s, true);
			bool list = jnode_is(s, "type_list");
			TSNode item = s;
			while (!found && (!list || jkids_next(&tk, &item))) {
				const struct jsrc *g = NULL;
				TSNode c;
				int r = -1;
				if ((jnode_is(item, "type_identifier") ||
				     jnode_is(item, "scoped_type_identifier") ||
				     jnode_is(item, "generic_type")) &&
				    class_named(C, f, cls, jnode_squeezed(C->a, f, item),
						&g, &c) && g)
					r = member(C, g, c, name, out);
				if (r) {
					found = true;
					ok = r > 0;
				}
				if (!list)
					break;
			}
		}
	}
	C->depth--;
	return ok ? 1 : found ? -1 : 0;
}

/* The package of f ("a.b", "" for none). */
static const char *package_of(struct arena *a, const struct jsrc *f)
{
	TSNode root = ts_tree_root_node(f->tree);
	for (uint32_t i = 0; i < ts_node_named_child_count(root); i++) {
		TSNode d = ts_node_named_child(root, i);
		if (!jnode_is(d, "package_declaration"))
			continue;
		for (uint32_t j = 0; j < ts_node_named_child_count(d); j++) {
			TSNode n = ts_node_named_child(d, j);
			if (jnode_is(n, "identifier") || jnode_is(n, "scoped_identifier"))
				return jnode_squeezed(a, f, n);
		}
	}
	return "";
}

/* The top-level type simple of the resolver's class qual ("a.b.C"). */
static bool top_class(struct cx *C, const struct jsrc *f, const char *qual,
		      const struct jsrc **gf, TSNode *gc)
{
	if (!f->classes)
		return false;
	const struct jsrc *g = f->classes(f->classes_ctx, qual);
	if (!g)
		return false;
	const char *dot = strrchr(qual, '.');
	const char *simple = dot ? dot + 1 : qual;
	TSNode root = ts_tree_root_node(g->tree);
	for (uint32_t i = 0; i < ts_node_named_child_count(root); i++) {
		TSNode d = ts_node_named_child(root, i);
		if (is_type_decl(d) && named(g, d, simple)) {
			*gf = g;
			*gc = d;
			return true;
		}
	}
	(void)C;
	return false;
}

/* The class a simple name means at node at of f: a type declared in an
 * enclosing class body or at the top of f, a single-type import, a
 * class of f's package, an on-demand import.  true and *gf NULL: the
 * name is a class the tree does not hold (imported from elsewhere). */
static bool simple_class(struct cx *C, const struct jsrc *f, TSNode at,
			 const char *name, const struct jsrc **gf, TSNode *gc)
{
	*gf = NULL;
	for (TSNode p = at; !ts_node_is_null(p); p = jnode_parent(f, p)) {
		if (is_type_decl(p) && named(f, p, name)) {
			*gf = f;
			*gc = p;
			return true;
		}
		if (jnode_is(p, "class_body") || jnode_is(p, "interface_body") ||
		    jnode_is(p, "enum_body") || jnode_is(p, "program")) {
			TSNode d = member_type(f, p, name);
			if (!ts_node_is_null(d)) {
				*gf = f;
				*gc = d;
				return true;
			}
		}
	}
	TSNode root = ts_tree_root_node(f->tree);
	size_t nl = strlen(name);
	for (uint32_t i = 0; i < ts_node_named_child_count(root); i++) {
		TSNode d = ts_node_named_child(root, i);
		if (!jnode_is(d, "import_declaration"))
			continue;
		char *im = jnode_squeezed(C->a, f, d); /* import a.b.C; */
		if (!strncmp(im, "importstatic", 12))
			continue;
		im += 6;
		size_t l = strlen(im);
		if (l && im[l - 1] == ';')
			im[--l] = 0;
		if (l > nl && im[l - nl - 1] == '.' && !strcmp(im + l - nl, name))
			return top_class(C, f, im, gf, gc), true;
	}
	const char *pkg = package_of(C->a, f);
	if (top_class(C, f, *pkg ? arena_printf(C->a, "%s.%s", pkg, name) : name,
		      gf, gc))
		return true;
	for (uint32_t i = 0; i < ts_node_named_child_count(root); i++) {
		TSNode d = ts_node_named_child(root, i);
		if (!jnode_is(d, "import_declaration"))
			continue;
		char *im = jnode_squeezed(C->a, f, d);
		size_t l = strlen(im);
		if (strncmp(im, "importstatic", 12) && l > 9 &&
		    !strcmp(im + l - 3, ".*;") &&
		    top_class(C, f, arena_printf(C->a, "%.*s.%s", (int)(l - 9),
						 im + 6, name), gf, gc))
			return true;
	}
	return false;
}

/* The library's constant cls.name ("Integer", "java.lang.Integer"). */
static bool library(struct arena *a, const char *cls, const char *name,
		    struct kval *out)
{
	for (size_t i = 0; i < ARRAY_SIZE(lib); i++)
		if ((!strcmp(cls, lib[i].cls) ||
		     (!strncmp(cls, "java.lang.", 10) && !strcmp(cls + 10, lib[i].cls))) &&
		    !strcmp(name, lib[i].name)) {
			out->type = lib[i].type;
			out->ref = KREF_NONE;
			out->value = arena_printf(a, "((%s) %s)", lib[i].type, lib[i].value);
			return true;
		}
	return false;
}

/* A static import of name: `import static a.b.C.name;` (single: the
 * first that names it decides), else `import static a.b.C.*;` (the
 * first class the tree or the library has with such a constant). */
static bool static_import(struct cx *C, const struct jsrc *f, const char *name,
			  struct kval *out)
{
	TSNode root = ts_tree_root_node(f->tree);
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < ts_node_named_child_count(root); i++) {
			TSNode d = ts_node_named_child(root, i);
			if (!jnode_is(d, "import_declaration"))
				continue;
			char *im = jnode_squeezed(C->a, f, d); /* importstatica.b.C.X; */
			size_t l = strlen(im);
			if (strncmp(im, "importstatic", 12) || l < 14 || im[l - 1] != ';')
				continue;
			im += 12;
			l -= 13;
			im[l] = 0;
			const char *member_name = pass ? "*" : name;
			size_t ml = strlen(member_name);
			if (l <= ml + 1 || im[l - ml - 1] != '.' ||
			    strcmp(im + l - ml, member_name))
				continue;
			char *cls = arena_strndup(C->a, im, l - ml - 1);
			const struct jsrc *g;
			TSNode c;
			int r = class_named(C, f, root, cls, &g, &c) && g
				? member(C, g, c, name, out) : library(C->a, cls, name, out);
			if (r || !pass)
				return r > 0;
		}
	return false;
}

/* The class qualified name qual ("C", "Outer.Inner", "a.b.C") means at
 * node at of f (see simple_class()). */
static bool class_named(struct cx *C, const struct jsrc *f, TSNode at,
			const char *qual, const struct jsrc **gf, TSNode *gc)
{
	*gf = NULL;
	for (const char *p = qual; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '$' && *p != '.')
			return false;
	const char *dot = strchr(qual, '.');
	char *first = arena_strndup(C->a, qual, dot ? (size_t)(dot - qual) : strlen(qual));
	const char *rest = dot ? dot + 1 : NULL;
	if (!simple_class(C, f, at, first, gf, gc)) {
		/* a package name: the longest prefix the resolver knows */
		for (const char *d = dot; d && !*gf; d = strchr(d + 1, '.')) {
			const char *e = strchr(d + 1, '.');
			char *pre = arena_strndup(C->a, qual, e ? (size_t)(e - qual)
								 : strlen(qual));
			if (top_class(C, f, pre, gf, gc))
				rest = e ? e + 1 : NULL;
		}
		if (!*gf)
			return false;
	}
	while (rest && *gf) { /* nested types */
		const char *e = strchr(rest, '.');
		char *nm = arena_strndup(C->a, rest, e ? (size_t)(e - rest) : strlen(rest));
		TSNode d = member_type(*gf, ts_node_child_by_field_name(*gc, "body", 4), nm);
		if (ts_node_is_null(d))
			return *gf = NULL, true;
		*gc = d;
		rest = e ? e + 1 : NULL;
	}
	return true;
}

/* --- a site's facts ------------------------------------------------ */

static void add_fact(struct arena *a, struct jocc *o, const char *name,
		     const char *type, const char *fact)
{
	int i = 0;
	while (i < o->nvars && strcmp(o->vars[i].name, name))
		i++;
	/* a name the site knows (its type too), or one added here with its
	 * type: an inherited field or a field access (the checker's opaque
	 * value of that text; the dotted names in vars are constants) */
	if (i == o->nvars && o->nvars >= JSRC_MAX_VARS)
		return;
	if (i == o->nvars)
		o->vars[o->nvars++] = (struct jvar){ name, type };
	o->facts = o->facts ? arena_printf(a, "%s && %s", o->facts, fact) : fact;
}

/* The fact of constant name of type k->type: name is its value (NaN
 * too: a floating constant that is not equal to itself). */
static void add_constant(struct arena *a, struct jocc *o, const char *name,
			 const struct kval *k)
{
	bool fl = !strcmp(k->type, "float") || !strcmp(k->type, "double");
	for (int i = 0; i < o->nvars; i++)
		if (!strcmp(o->vars[i].name, name) && strcmp(o->vars[i].type, k->type))
			return; /* not the type the site knows it by */
	add_fact(a, o, name, k->type,
		 fl ? arena_printf(a, "(%s == %s || %s != %s && %s != %s)", name,
				   k->value, name, name, k->value, k->value)
		    : arena_printf(a, "%s == %s", name, k->value));
}

/* Does a declaration in the class member around site (a method,
 * constructor, initializer or field) declare a variable name: a
 * declarator, parameter, lambda parameter, catch or for variable? */
static bool declares(const struct jsrc *f, TSNode n, const char *name)
{
	if (jnode_is(n, "identifier") && jnode_text_is(f, n, name)) {
		TSNode p = jnode_parent(f, n);
		return jnode_same(ts_node_child_by_field_name(p, "name", 4), n) ||
		       jnode_is(p, "inferred_parameters") ||
		       jnode_same(ts_node_child_by_field_name(p, "parameters", 10), n);
	}
	struct jkids k = jnode_kids(f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (declares(f, c, name))
			return true;
	return false;
}

static bool declared_in_member(const struct jsrc *f, TSNode site,
			       const char *name)
{
	/* the members around site at every level: a local of a method
	 * around a local or anonymous class is in scope inside it */
	TSNode m = site;
	for (TSNode p = jnode_parent(f, site); !ts_node_is_null(p);
	     m = p, p = jnode_parent(f, p))
		if ((jnode_is(p, "class_body") || jnode_is(p, "interface_body") ||
		     (jnode_is(p, "enum_body") &&
		      !jnode_is(m, "enum_body_declarations")) || /* its members: below */
		     jnode_is(p, "enum_body_declarations")) &&
		    declares(f, m, name))
			return true;
	return false;
}

/* An object the site names by text name (reference facts). */
static void add_ref(struct cx *C, const char *name, const struct kval *k)
{
	for (int i = 0; i < C->nrefs; i++)
		if (!strcmp(C->refs[i].name, name))
			return;
	if (C->nrefs < MAX_REFS)
		C->refs[C->nrefs++] = (struct kref){ name, *k };
}

/* The object name or field access n means, if it is one (an enum
 * constant, a static final field made by `new`): *k. */
static bool object_named(struct cx *C, const struct jsrc *f, TSNode site,
			 TSNode n, struct kval *k)
{
	*k = (struct kval){ 0 };
	if (jnode_is(n, "identifier")) {
		bool field = false;
		char *nm = jnode_squeezed(C->a, f, n);
		const char *t = jsrc_declared_type(C->a, f, site, nm, &field);
		if ((t && !field) || (!t && declared_in_member(f, site, nm)))
			return false;
		return scoped(C, f, site, nm, k) && k->ref;
	}
	if (!jnode_is(n, "field_access"))
		return false;
	TSNode obj = ts_node_child_by_field_name(n, "object", 6);
	TSNode fld = ts_node_child_by_field_name(n, "field", 5);
	if (ts_node_is_null(obj) || ts_node_is_null(fld))
		return false;
	char *q = jnode_squeezed(C->a, f, obj);
	char first[256];
	size_t fl = strcspn(q, ".");
	if (fl >= sizeof(first))
		return false;
	memcpy(first, q, fl);
	first[fl] = 0;
	if (jsrc_declared_type(C->a, f, site, first, NULL))
		return false; /* a variable, not a class name */
	const struct jsrc *g;
	TSNode c;
	return class_named(C, f, n, q, &g, &c) && g &&
	       member(C, g, c, jnode_squeezed(C->a, f, fld), k) > 0 && k->ref;
}

/* A fact that names no new variable (the site's own call texts). */
static void add_bare_fact(struct arena *a, struct jocc *o, const char *fact)
{
	o->facts = o->facts ? arena_printf(a, "%s && %s", o->facts, fact) : fact;
}

/* x.equals(arg) of a String variable x (a local, parameter or field:
 * String.equals, not an override): x.equals(x) is true (Object's
 * contract; x null: the call throws, its value unused), and
 * x.equals("L") of different literals are not both true. */
static void string_equals(struct cx *C, const struct jsrc *f, TSNode site,
			  TSNode n, TSNode obj, TSNode args, struct jocc *o)
{
	if (!jnode_is(obj, "identifier") || ts_node_named_child_count(args) != 1)
		return;
	char *x = jnode_squeezed(C->a, f, obj);
	const char *t = jsrc_declared_type(C->a, f, site, x, NULL);
	if (!t || (strcmp(t, "String") && strcmp(t, "java.lang.String")))
		return;
	TSNode arg = ts_node_named_child(args, 0);
	char *call = jnode_squeezed(C->a, f, n);
	if (jnode_is(arg, "identifier") && jnode_text_is(f, arg, x)) {
		add_bare_fact(C->a, o, call);
		return;
	}
	if (!jnode_is(arg, "string_literal") || C->neqs >= MAX_REFS)
		return;
	uint32_t b = ts_node_start_byte(arg), e = ts_node_end_byte(arg);
	for (uint32_t i = b; i < e; i++)
		if (f->text[i] == '\\' || isspace((unsigned char)f->text[i]))
			return; /* an escape, or a blank the squeezed text drops */
	C->eqs[C->neqs++] = (struct keq){ x, jnode_squeezed(C->a, f, arg), call };
}

static void walk(struct cx *C, const struct jsrc *f, TSNode site, TSNode n,
		 struct jocc *o)
{
	struct kval k;
	if (jnode_is(n, "method_invocation")) {
		TSNode eo = ts_node_child_by_field_name(n, "object", 6);
		TSNode en = ts_node_child_by_field_name(n, "name", 4);
		TSNode ea = ts_node_child_by_field_name(n, "arguments", 9);
		if (!ts_node_is_null(eo) && !ts_node_is_null(en) && !ts_node_is_null(ea) &&
		    jnode_text_is(f, en, "equals"))
			string_equals(C, f, site, n, eo, ea, o);
		/* E.ordinal() of an enum constant E: its position */
		TSNode obj = ts_node_child_by_field_name(n, "object", 6);
		TSNode nm = ts_node_child_by_field_name(n, "name", 4);
		TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
		if (!ts_node_is_null(obj) && !ts_node_is_null(nm) &&
		    jnode_text_is(f, nm, "ordinal") && !ts_node_is_null(args) &&
		    ts_node_named_child_count(args) == 0 &&
		    object_named(C, f, site, obj, &k) && k.ref == KREF_ENUM) {
			add_ref(C, jnode_squeezed(C->a, f, obj), &k);
			add_fact(C->a, o, jnode_squeezed(C->a, f, n), "int",
				 arena_printf(C->a, "%s == %d",
					      jnode_squeezed(C->a, f, n), k.ordinal));
		}
		return;
	}
	if (object_named(C, f, site, n, &k)) {
		add_ref(C, jnode_squeezed(C->a, f, n), &k);
		return;
	}
	if (jnode_is(n, "array_access") ||
	    jnode_is(n, "object_creation_expression") ||
	    jnode_is(n, "lambda_expression") || jnode_is(n, "method_reference") ||
	    jnode_is(n, "array_creation_expression"))
		return;
	if (jnode_is(n, "identifier")) {
		bool field = false;
		char *nm = jnode_squeezed(C->a, f, n);
		const char *t = jsrc_declared_type(C->a, f, site, nm, &field);
		/* a local or parameter, or (not found: javasrc-scope.c stops
		 * at a class that inherits) any variable of that name
		 * declared in the site's member */
		if ((t && !field) || (!t && declared_in_member(f, site, nm)))
			return;
		if (scoped(C, f, site, nm, &k))
			add_constant(C->a, o, nm, &k);
		return;
	}
	if (jnode_is(n, "field_access")) {
		TSNode obj = ts_node_child_by_field_name(n, "object", 6);
		TSNode fld = ts_node_child_by_field_name(n, "field", 5);
		if (ts_node_is_null(obj) || ts_node_is_null(fld))
			return;
		char *nm = jnode_squeezed(C->a, f, n);
		/* an array variable's length: a.length, this.a.length (a field
		 * then: a local a does not shadow it, but is not looked past) */
		TSNode arr = obj, self = ts_node_child_by_field_name(obj, "object", 6);
		bool fieldof = jnode_is(obj, "field_access") && !ts_node_is_null(self) &&
			       jnode_is(self, "this");
		if (fieldof)
			arr = ts_node_child_by_field_name(obj, "field", 5);
		if ((jnode_is(obj, "identifier") || fieldof) && !ts_node_is_null(arr) &&
		    jnode_text_is(f, fld, "length")) {
			bool field = false;
			const char *t = jsrc_declared_type(
				C->a, f, site, jnode_squeezed(C->a, f, arr), &field);
			size_t tl = t && (field || !fieldof) ? strlen(t) : 0;
			if (tl > 2 && !strcmp(t + tl - 2, "[]"))
				o->facts = arena_printf(C->a, "%s%s%s >= 0 && %s <= 2147483647",
							o->facts ? o->facts : "",
							o->facts ? " && " : "", nm, nm);
			return;
		}
		/* a class name: not a variable of that name in scope */
		char *q = jnode_squeezed(C->a, f, obj);
		char first[256];
		size_t fl = strcspn(q, ".");
		if (fl >= sizeof(first))
			return;
		memcpy(first, q, fl);
		first[fl] = 0;
		if (jsrc_declared_type(C->a, f, site, first, NULL))
			return;
		const char *v = cexpr(C, f, n);
		const struct jsrc *g;
		TSNode c;
		if (!v)
			return;
		/* the declared type: the constant's own */
		if (class_named(C, f, n, q, &g, &c)) {
			if (g && constant(C, g, c, jnode_squeezed(C->a, f, fld), &k))
				add_constant(C->a, o, nm, &k);
			return;
		}
		/* the library's: v is "((type) value)" */
		const char *sp = strchr(v + 2, ')');
		k.type = arena_strndup(C->a, v + 2, (size_t)(sp - v - 2));
		k.value = v;
		add_constant(C->a, o, nm, &k);
		return;
	}
	struct jkids kk = jnode_kids(f, n, true);
	for (TSNode c; jkids_next(&kk, &c);)
		walk(C, f, site, c, o);
}

/* Is node at where a class may still be initializing: a static or
 * instance initializer, a constructor, a field's initializer, an enum
 * constant's arguments or body (before the enum's constants are all
 * made, another may be null)?  A method is not (unless a method
 * called from there: not followed). */
static bool initializing(const struct jsrc *f, TSNode at)
{
	for (TSNode p = jnode_parent(f, at); !ts_node_is_null(p);
	     p = jnode_parent(f, p)) {
		if (jnode_is(p, "method_declaration"))
			return false;
		if (jnode_is(p, "static_initializer") ||
		    jnode_is(p, "constructor_declaration") ||
		    jnode_is(p, "compact_constructor_declaration") ||
		    jnode_is(p, "field_declaration") ||
		    jnode_is(p, "constant_declaration") ||
		    jnode_is(p, "enum_constant") ||
		    (jnode_is(p, "block") && jnode_is(jnode_parent(f, p), "class_body")))
			return true;
	}
	return true;
}

/* The reference facts of the objects the site names: never null,
 * distinct unless one declaration (`TEXT` and `Kind.TEXT`: one). */
static void ref_facts(struct cx *C, const struct jsrc *f, TSNode site,
		      struct jocc *o)
{
	if (!C->nrefs || initializing(f, site))
		return;
	for (int i = 0; i < C->nrefs; i++) {
		const struct kref *x = &C->refs[i];
		add_fact(C->a, o, x->name, x->k.type,
			 arena_printf(C->a, "%s != null", x->name));
		for (int j = 0; j < i; j++) {
			const struct kref *y = &C->refs[j];
			bool same = x->k.df == y->k.df && x->k.at == y->k.at;
			add_fact(C->a, o, x->name, x->k.type,
				 arena_printf(C->a, "%s %s %s", x->name,
					      same ? "==" : "!=", y->name));
		}
	}
}

/* Does n assign (=, op=, ++, --)? */
static bool assigns(const struct jsrc *f, TSNode n)
{
	if (jnode_is(n, "assignment_expression") || jnode_is(n, "update_expression"))
		return true;
	struct jkids k = jnode_kids(f, n, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (assigns(f, c))
			return true;
	return false;
}

void jsrc_site_facts(struct arena *a, const struct jsrc *f, TSNode site,
		     struct jocc *o)
{
	struct cx C = { .a = a };
	walk(&C, f, site, site, o);
	ref_facts(&C, f, site, o);
	/* one String, two literals: one text, one value where the site
	 * assigns nothing */
	for (int i = 0; i < C.neqs && !assigns(f, site); i++)
		for (int j = 0; j < i; j++)
			if (!strcmp(C.eqs[i].x, C.eqs[j].x) &&
			    strcmp(C.eqs[i].lit, C.eqs[j].lit))
				add_bare_fact(a, o, arena_printf(a, "!(%s && %s)",
								 C.eqs[j].call,
								 C.eqs[i].call));
}
