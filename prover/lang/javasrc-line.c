/*
 * javasrc-line.c - the nodes of one method on one source line that a
 * byte-code mutation tool may have mutated (javasrc.h: jsrc_line_nodes()),
 * as plain records: how PIT's mutants (check/pit.c) find their places.
 */
#include "lang/javasrc-int.h"

#include <ctype.h>
#include <string.h>

const char *const jline_kind_names[JL_KINDS] = {
	[JL_COMPARE] = "comparison",     [JL_CONDITION] = "condition",
	[JL_ARITH] = "arithmetic",       [JL_COMPOUND] = "compound",
	[JL_UPDATE] = "update",          [JL_NEGATION] = "negation",
	[JL_RETURN] = "return",          [JL_CALL_STMT] = "call-statement",
	[JL_CALL] = "call",              [JL_NEW] = "new",
	[JL_LITERAL] = "literal",        [JL_BOOLVAL] = "boolean-value",
};

/* n's text, blanks (newlines, comments' layout) collapsed to one blank. */
static char *collapsed(struct arena *a, const struct jsrc *f, TSNode n)
{
	uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
	char *s = arena_alloc(a, e - b + 1), *p = s;
	bool blank = false;
	for (uint32_t i = b; i < e; i++) {
		if (isspace((unsigned char)f->text[i])) {
			blank = true;
			continue;
		}
		if (blank && p > s)
			*p++ = ' ';
		blank = false;
		*p++ = f->text[i];
	}
	*p = 0;
	return s;
}

static char *raw(struct arena *a, const struct jsrc *f, TSNode n)
{
	return arena_strndup(a, f->text + ts_node_start_byte(n),
			     ts_node_end_byte(n) - ts_node_start_byte(n));
}

/* The operator token of a binary, unary, update or assignment node. */
static TSNode op_token(TSNode n)
{
	return ts_node_child_by_field_name(n, "operator", 8);
}

static bool has_static(const struct jsrc *f, TSNode decl)
{
	struct jkids k = jnode_kids(f, decl, true);
	for (TSNode c; jkids_next(&k, &c);)
		if (jnode_is(c, "modifiers")) {
			struct jkids m = jnode_kids(f, c, false);
			for (TSNode x; jkids_next(&m, &x);)
				if (jnode_is(x, "static"))
					return true;
		}
	return false;
}

/* The name javac gives the code of declaration d ("m", "<init>",
 * "<clinit>"), or NULL when d holds no code of its own. */
static const char *code_name(struct arena *a, const struct jsrc *f, TSNode d)
{
	if (jnode_is(d, "method_declaration"))
		return raw(a, f, ts_node_child_by_field_name(d, "name", 4));
	if (jnode_is(d, "constructor_declaration") ||
	    jnode_is(d, "compact_constructor_declaration"))
		return "<init>";
	if (jnode_is(d, "static_initializer"))
		return "<clinit>";
	TSNode p = jnode_parent(f, d);
	if (jnode_is(d, "field_declaration") ||
	    (jnode_is(d, "block") && (jnode_is(p, "class_body") ||
				      jnode_is(p, "enum_body_declarations"))))
		return jnode_is(d, "field_declaration") && has_static(f, d)
		       ? "<clinit>" : "<init>";
	return NULL;
}

static bool is_type_body(TSNode n)
{
	return jnode_is(n, "class_body") || jnode_is(n, "interface_body") ||
	       jnode_is(n, "enum_body") || jnode_is(n, "record_body") ||
	       jnode_is(n, "annotation_type_body");
}

/* The name of the method javac compiles lambda or code n into, less
 * its lambda$...$K: the code around it ("m", "<init>", "<clinit>"),
 * or NULL (a type's body first). */
static const char *around(struct arena *a, const struct jsrc *f, TSNode n)
{
	for (TSNode p = jnode_parent(f, n); !ts_node_is_null(p);
	     p = jnode_parent(f, p)) {
		if (is_type_body(p))
			return NULL;
		const char *name = code_name(a, f, p);
		if (name)
			return name;
	}
	return NULL;
}

/* Is n a unit of code of method (javac's name: "m", "<init>",
 * "<clinit>", "lambda$m$0", "lambda$new$0", "lambda$static$0"): a
 * declaration compiled into it, or a lambda of it (any lambda in m,
 * nested ones too: its number is not checked)?  With method NULL (an
 * elements report names none), every unit of code is one. */
static bool is_unit(struct arena *a, const struct jsrc *f, TSNode n,
		    const char *method)
{
	if (!method)
		return code_name(a, f, n) || jnode_is(n, "lambda_expression");
	if (strncmp(method, "lambda$", 7)) {
		const char *name = code_name(a, f, n);
		return name && !strcmp(name, method);
	}
	if (!jnode_is(n, "lambda_expression"))
		return false;
	const char *e = strrchr(method + 7, '$');
	if (!e || e == method + 7)
		return false;
	const char *want = arena_strndup(a, method + 7, (size_t)(e - method - 7));
	if (!strcmp(want, "new"))
		want = "<init>";
	else if (!strcmp(want, "static"))
		want = "<clinit>";
	const char *name = around(a, f, n);
	return name && !strcmp(name, want);
}

/* Skip parentheses upward: the parent of n's outermost parentheses. */
static TSNode up_paren(const struct jsrc *f, TSNode n, TSNode *child)
{
	TSNode p = jnode_parent(f, n);
	*child = n;
	while (jnode_is(p, "parenthesized_expression") || jnode_is(p, "condition")) {
		*child = p;
		p = jnode_parent(f, p);
	}
	return p;
}

/* Is n (a boolean expression) tested by a jump: the condition of an
 * if, while, do, for or ?:, or an operand of &&, || or !? */
static bool is_condition(const struct jsrc *f, TSNode n)
{
	TSNode c, p = up_paren(f, n, &c);
	if (jnode_is(p, "if_statement") || jnode_is(p, "while_statement") ||
	    jnode_is(p, "do_statement"))
		return jnode_same(ts_node_child_by_field_name(p, "condition", 9), c);
	if (jnode_is(p, "for_statement") || jnode_is(p, "ternary_expression"))
		return jnode_same(ts_node_child_by_field_name(p, "condition", 9), c);
	if (jnode_is(p, "unary_expression")) {
		TSNode o = op_token(p);
		return !ts_node_is_null(o) && jnode_is(o, "!");
	}
	if (jnode_is(p, "binary_expression")) {
		TSNode o = op_token(p);
		return !ts_node_is_null(o) && (jnode_is(o, "&&") || jnode_is(o, "||"));
	}
	return false;
}

/* Is n (skipping parentheses) an operand of &&, || or ! (its value is
 * a jump too, not a boolean of its own)? */
static bool is_jump_operand(const struct jsrc *f, TSNode n)
{
	TSNode c, p = up_paren(f, n, &c);
	TSNode o = ts_node_is_null(p) ? p : op_token(p);
	return !ts_node_is_null(o) &&
	       ((jnode_is(p, "binary_expression") &&
		 (jnode_is(o, "&&") || jnode_is(o, "||"))) ||
		(jnode_is(p, "unary_expression") && jnode_is(o, "!")));
}

/* The value of comparison or condition n at which javac's jump for it
 * is taken: 1 (true), 0 (false) or -1 (not known).  javac's Gen.genCond
 * makes n's jump the jumpFalse of the left operand of an &&, the
 * jumpTrue of the left operand of an ||, and for the rest the jump of
 * the expression whose last operand n is: an if's, while's, for's or
 * ?:'s condition and a boolean value (CondItem.load) jump when false, a
 * do statement's condition when true; a ! between them flips it. */
static int jump_on(const struct jsrc *f, TSNode n)
{
	bool neg = false; /* n's value is the enclosing expression's, negated */
	for (int depth = 0; depth < 256; depth++) {
		TSNode c, p = up_paren(f, n, &c);
		TSNode o = ts_node_is_null(p) ? p : op_token(p);
		if (jnode_is(p, "unary_expression") && !ts_node_is_null(o) &&
		    jnode_is(o, "!")) {
			neg = !neg;
			n = p;
			continue;
		}
		if (jnode_is(p, "binary_expression") && !ts_node_is_null(o) &&
		    (jnode_is(o, "&&") || jnode_is(o, "||"))) {
			if (jnode_same(ts_node_child_by_field_name(p, "left", 4), c))
				return jnode_is(o, "||") ? !neg : neg;
			n = p;
			continue;
		}
		if (jnode_is(p, "ternary_expression")) {
			/* its condition and its then part jump when false,
			 * its else part is the ?:'s own last operand */
			if (!jnode_same(ts_node_child_by_field_name(p, "alternative",
								    11), c))
				return neg;
			n = p;
			continue;
		}
		if (jnode_is(p, "do_statement"))
			return !neg;
		if (jnode_is(p, "assert_statement"))
			return -1;
		return neg;
	}
	return -1;
}

static const char *const comparisons[] = { "==", "!=", "<", "<=", ">", ">=" };
static const char *const ariths[] = { "+", "-", "*", "/", "%", "&", "|", "^",
				      "<<", ">>", ">>>" };

static bool among(const char *op, const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(op, v[i]))
			return true;
	return false;
}

/* A literal's type ("int", "long", "float", "double", "boolean",
 * "char", "String"), or NULL when n is no literal (a unary minus of
 * one is, of its operand's type). */
static const char *literal_type(const struct jsrc *f, TSNode n)
{
	if (jnode_is(n, "unary_expression")) {
		TSNode o = op_token(n);
		if (ts_node_is_null(o) || !jnode_is(o, "-"))
			return NULL;
		n = ts_node_child_by_field_name(n, "operand", 7);
		if (jnode_is(n, "true") || jnode_is(n, "false") ||
		    jnode_is(n, "character_literal") ||
		    jnode_is(n, "string_literal"))
			return NULL;
	}
	if (ts_node_is_null(n))
		return NULL;
	const char *t = ts_node_type(n);
	char last = f->text[ts_node_end_byte(n) - 1];
	if (!strcmp(t, "true") || !strcmp(t, "false"))
		return "boolean";
	if (!strcmp(t, "character_literal"))
		return "char";
	if (!strcmp(t, "string_literal"))
		return "String";
	if (strstr(t, "integer_literal"))
		return last == 'l' || last == 'L' ? "long" : "int";
	if (strstr(t, "floating_point_literal"))
		return last == 'f' || last == 'F' ? "float" : "double";
	return NULL;
}

/* Does literal node n hold the value text v (as PIT prints constants:
 * 1 for true, 0 for false, a long or float without its suffix)? */
static bool literal_is(const struct jsrc *f, TSNode n, const char *type,
		       const char *v)
{
	if (!strcmp(type, "boolean"))
		return !strcmp(v, jnode_is(n, "true") ? "1" : "0");
	const char *suffix = !strcmp(type, "long") ? "L"
			     : !strcmp(type, "float") ? "f" : "";
	struct strbuf sb = STRBUF_INIT;
	sb_printf(&sb, "%s%s", v, suffix);
	struct jpat pat;
	bool yes = jpat_parse(&pat, sb.buf) && pat.parsed &&
		   jpat_matches(f, n, &pat);
	jpat_release(&pat);
	sb_release(&sb);
	return yes;
}

/* Is x, what an update or compound assignment writes, a local int
 * variable or parameter (javac's iinc, when it adds a constant)? */
static bool local_int(struct arena *a, const struct jsrc *f, TSNode x)
{
	if (!jnode_is(x, "identifier"))
		return false;
	bool field = false;
	const char *t = jsrc_declared_type(a, f, x, raw(a, f, x), &field);
	return t && !field && !strcmp(t, "int");
}

/* Is n an int literal (javac's iinc takes -32768..32767; a literal
 * that does not fit is a rare case taken as one too)? */
static bool int_constant(const struct jsrc *f, TSNode n)
{
	const char *t = literal_type(f, n);
	return t && !strcmp(t, "int");
}

/* Does javac emit n after code that follows it in the source: n in a
 * for statement's update or a do statement's condition (both compiled
 * after the loop's body)? */
static bool emitted_late(const struct jsrc *f, TSNode n)
{
	TSNode c = n;
	for (TSNode p = jnode_parent(f, n); !ts_node_is_null(p);
	     c = p, p = jnode_parent(f, p)) {
		if (jnode_is(p, "lambda_expression") || is_type_body(p) ||
		    jnode_is(p, "method_declaration") ||
		    jnode_is(p, "constructor_declaration"))
			return false;
		if (jnode_is(p, "do_statement") &&
		    jnode_same(ts_node_child_by_field_name(p, "condition", 9), c))
			return true;
		if (jnode_is(p, "for_statement")) {
			/* the updates: after the last ';' of the header */
			uint32_t semi = 0;
			struct jkids k = jnode_kids(f, p, false);
			for (TSNode x; jkids_next(&k, &x);)
				if (jnode_is(x, ";"))
					semi = ts_node_start_byte(x);
			TSNode body = ts_node_child_by_field_name(p, "body", 4);
			if (semi && ts_node_start_byte(c) > semi &&
			    !jnode_same(body, c))
				return true;
		}
	}
	return false;
}

/* Is expression n (parentheses skipped) known to be a String: a string
 * literal, a variable declared String, or a + of one? */
static bool is_string(struct arena *a, const struct jsrc *f, TSNode n,
		      int depth)
{
	while (jnode_is(n, "parenthesized_expression"))
		n = ts_node_named_child(n, 0);
	if (ts_node_is_null(n) || depth > 64)
		return false;
	if (jnode_is(n, "string_literal"))
		return true;
	if (jnode_is(n, "identifier")) {
		const char *t = jsrc_declared_type(a, f, n, raw(a, f, n), NULL);
		return t && (!strcmp(t, "String") || !strcmp(t, "java.lang.String"));
	}
	TSNode o = op_token(n);
	return jnode_is(n, "binary_expression") && !ts_node_is_null(o) &&
	       jnode_is(o, "+") &&
	       (is_string(a, f, ts_node_child_by_field_name(n, "left", 4), depth + 1) ||
		is_string(a, f, ts_node_child_by_field_name(n, "right", 5), depth + 1));
}

/* The declared return type of the method call n invokes, when it is a
 * method of the class around it (no object, or `this.`) declared once
 * by that name with as many parameters ("int", "String[]"); NULL
 * otherwise (another class's method: not known here). */
static const char *call_type(struct arena *a, const struct jsrc *f, TSNode n)
{
	TSNode obj = ts_node_child_by_field_name(n, "object", 6);
	if (!ts_node_is_null(obj) && !jnode_is(obj, "this"))
		return NULL;
	const char *name = raw(a, f, ts_node_child_by_field_name(n, "name", 4));
	TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
	uint32_t nargs = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
	TSNode body = jnode_parent(f, n);
	while (!ts_node_is_null(body) && !is_type_body(body))
		body = jnode_parent(f, body);
	if (ts_node_is_null(body))
		return NULL;
	const char *type = NULL;
	int found = 0;
	struct jkids k = jnode_kids(f, body, true);
	for (TSNode d; jkids_next(&k, &d);) {
		if (!jnode_is(d, "method_declaration") ||
		    strcmp(raw(a, f, ts_node_child_by_field_name(d, "name", 4)), name))
			continue;
		TSNode ps = ts_node_child_by_field_name(d, "parameters", 10);
		uint32_t np = 0;
		struct jkids pk = jnode_kids(f, ps, true);
		for (TSNode q; jkids_next(&pk, &q);)
			np += jnode_is(q, "formal_parameter") ||
			      jnode_is(q, "spread_parameter");
		TSNode dims = ts_node_child_by_field_name(d, "dimensions", 10);
		if (np == nargs && ts_node_is_null(dims)) {
			type = collapsed(a, f, ts_node_child_by_field_name(d, "type", 4));
			found++;
		}
	}
	return found == 1 ? type : NULL;
}

/* A point where javac starts a new line of the line number table
 * (Gen's code.statBegin(pos)): the instructions emitted after byte
 * `at` of the source (in evaluation order) are on `line` until the
 * next one. */
struct jmark {
	uint32_t at;
	int line;
};

struct lister {
	struct jsrc *f;
	struct arena *a;
	const char *literal;
	struct jline_node *v;
	uint32_t *ipos;     /* each record's instruction, a source byte */
	int *iline;         /* or its line, when fixed (0: by the marks) */
	size_t n, cap, icap;
	struct jmark *mk;
	size_t nmk, capmk;
};

static struct jline_node *add(struct lister *L, enum jline_kind k, TSNode n)
{
	GROW(L->v, L->n + 1, L->cap);
	size_t icap = L->icap;
	GROW(L->ipos, L->n + 1, icap);
	GROW(L->iline, L->n + 1, L->icap);
	/* javac emits an operator's instruction after its operands */
	L->ipos[L->n] = ts_node_end_byte(n);
	L->iline[L->n] = 0;
	struct jline_node *x = &L->v[L->n++];
	memset(x, 0, sizeof(*x));
	x->jump = -1;
	TSPoint s = ts_node_start_point(n);
	x->kind = k;
	x->text = collapsed(L->a, L->f, n);
	x->start = ts_node_start_byte(n);
	x->end = ts_node_end_byte(n);
	x->late = emitted_late(L->f, n);
	x->line = (int)s.row + 1;
	x->col = (int)s.column + 1;
	return x;
}

/* The records of node n (on the line, in the method). */
static void take(struct lister *L, TSNode n)
{
	struct jsrc *f = L->f;
	struct arena *a = L->a;
	const char *t = ts_node_type(n);
	TSNode o = op_token(n);
	const char *op = ts_node_is_null(o) ? NULL : ts_node_type(o);
	if (!strcmp(t, "binary_expression") && op) {
		TSNode l = ts_node_child_by_field_name(n, "left", 4);
		TSNode r = ts_node_child_by_field_name(n, "right", 5);
		enum jline_kind k = among(op, comparisons, ARRAY_SIZE(comparisons))
			? JL_COMPARE : among(op, ariths, ARRAY_SIZE(ariths))
			? JL_ARITH : JL_KINDS;
		if (k != JL_KINDS) {
			struct jline_node *x = add(L, k, n);
			x->op = op;
			x->jump = (signed char)(k == JL_COMPARE ? jump_on(f, n) : -1);
			x->l = collapsed(a, f, l);
			x->r = collapsed(a, f, r);
			x->string = !strcmp(op, "+") && is_string(a, f, n, 0);
		}
	}
	if ((!strcmp(t, "binary_expression") && op &&
	     (among(op, comparisons, ARRAY_SIZE(comparisons)) ||
	      !strcmp(op, "&&") || !strcmp(op, "||"))) ||
	    (!strcmp(t, "unary_expression") && op && !strcmp(op, "!"))) {
		if (!is_condition(f, n) && !is_jump_operand(f, n))
			add(L, JL_BOOLVAL, n)->op = "boolean-value";
	}
	if ((!strcmp(t, "identifier") || !strcmp(t, "method_invocation") ||
	     !strcmp(t, "field_access") || !strcmp(t, "array_access") ||
	     !strcmp(t, "instanceof_expression")) && is_condition(f, n)) {
		struct jline_node *x = add(L, JL_CONDITION, n);
		x->op = "condition";
		x->jump = (signed char)jump_on(f, n);
	}
	if (!strcmp(t, "assignment_expression") && op && strcmp(op, "=")) {
		struct jline_node *x = add(L, JL_COMPOUND, n);
		TSNode l = ts_node_child_by_field_name(n, "left", 4);
		x->op = op;
		x->l = collapsed(a, f, l);
		TSNode r = ts_node_child_by_field_name(n, "right", 5);
		x->r = collapsed(a, f, r);
		x->string = !strcmp(op, "+=") && is_string(a, f, l, 0);
		x->iinc = (!strcmp(op, "+=") || !strcmp(op, "-=")) &&
			  local_int(a, f, l) && int_constant(f, r);
	}
	if (!strcmp(t, "update_expression")) {
		TSNode c0 = ts_node_child(n, 0);
		bool pre = !ts_node_is_named(c0);
		TSNode tok = pre ? c0 : ts_node_child(n, 1);
		TSNode v = pre ? ts_node_child(n, 1) : c0;
		struct jline_node *x = add(L, JL_UPDATE, n);
		bool inc = jnode_is(tok, "++");
		x->op = pre ? (inc ? "++x" : "--x") : (inc ? "x++" : "x--");
		x->l = collapsed(a, f, v);
		x->iinc = local_int(a, f, v);
	}
	if (!strcmp(t, "unary_expression") && op && !strcmp(op, "-") &&
	    !literal_type(f, n)) {
		struct jline_node *x = add(L, JL_NEGATION, n);
		x->op = "-";
		x->l = collapsed(a, f, ts_node_child_by_field_name(n, "operand", 7));
	}
	if (!strcmp(t, "return_statement") && ts_node_named_child_count(n)) {
		TSNode e = ts_node_named_child(n, 0);
		/* return (x);: x is the value (a pair of parentheses is no
		 * occurrence of its own) */
		while (jnode_is(e, "parenthesized_expression") &&
		       ts_node_named_child_count(e) == 1)
			e = ts_node_named_child(e, 0);
		struct jline_node *x = add(L, JL_RETURN, e);
		/* javac gives the return instruction the statement's line
		 * again (Gen.visitReturn), whatever lines its value spans */
		L->iline[L->n - 1] = (int)ts_node_start_point(n).row + 1;
		x->op = "return";
		x->l = x->text;
	}
	if (!strcmp(t, "method_invocation")) {
		TSNode nm = ts_node_child_by_field_name(n, "name", 4);
		TSNode p = jnode_parent(f, n);
		bool stmt = jnode_is(p, "expression_statement");
		struct jline_node *x = add(L, stmt ? JL_CALL_STMT : JL_CALL,
					   stmt ? p : n);
		x->op = raw(a, f, nm);
		x->type = stmt ? NULL : call_type(a, f, n);
		L->ipos[L->n - 1] = ts_node_end_byte(n);
		if (stmt)
			x->start = ts_node_start_byte(p);
	}
	if (!strcmp(t, "explicit_constructor_invocation")) {
		TSNode p = jnode_parent(f, n);
		struct jline_node *x = add(L, JL_CALL_STMT, n);
		x->op = "<init>";
		TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
		if (!ts_node_is_null(args))
			L->ipos[L->n - 1] = ts_node_end_byte(args);
		(void)p;
	}
	if (!strcmp(t, "object_creation_expression")) {
		TSNode ty = ts_node_child_by_field_name(n, "type", 4);
		struct jline_node *x = add(L, JL_NEW, n);
		/* the simple name: the last identifier of the type, without
		 * type arguments */
		const char *s = collapsed(a, f, ty);
		size_t e = strcspn(s, "<");
		size_t b = e;
		while (b && s[b - 1] != '.')
			b--;
		x->op = arena_strndup(a, s + b, e - b);
	}
	const char *lt = L->literal ? literal_type(f, n) : NULL;
	if (lt && !jnode_folded_literal(f, n) &&
	    literal_is(f, n, lt, L->literal)) {
		add(L, JL_LITERAL, n)->op = lt;
		L->ipos[L->n - 1] = ts_node_start_byte(n);
	}
}

/* The first unnamed child of n of this type, or n. */
static TSNode token_or(const struct jsrc *f, TSNode n, const char *type)
{
	struct jkids k = jnode_kids(f, n, false);
	for (TSNode c; jkids_next(&k, &c);)
		if (!ts_node_is_named(c) && jnode_is(c, type))
			return c;
	return n;
}

/* The line (0-based) of javac's position of expression n (its tree's
 * pos): a binary operation's or assignment's operator, a unary one's,
 * a call's '(', ?:'s '?', instanceof's keyword; else its start. */
static uint32_t pos_row(const struct jsrc *f, TSNode n)
{
	TSNode t = n;
	if (jnode_is(n, "binary_expression") ||
	    jnode_is(n, "assignment_expression") ||
	    jnode_is(n, "unary_expression")) {
		TSNode o = op_token(n);
		if (!ts_node_is_null(o))
			t = o;
	} else if (jnode_is(n, "update_expression")) {
		TSNode c1 = ts_node_child(n, 1);
		if (ts_node_is_named(ts_node_child(n, 0)) && !ts_node_is_null(c1))
			t = c1;
	} else if (jnode_is(n, "method_invocation")) {
		TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
		if (!ts_node_is_null(args))
			t = args;
	} else if (jnode_is(n, "ternary_expression")) {
		t = token_or(f, n, "?");
	} else if (jnode_is(n, "instanceof_expression")) {
		t = token_or(f, n, "instanceof");
	}
	return ts_node_start_point(t).row;
}

static void mark(struct lister *L, uint32_t at, uint32_t row)
{
	GROW(L->mk, L->nmk + 1, L->capmk);
	L->mk[L->nmk++] = (struct jmark){ at, (int)row + 1 };
}

static void mark_at(struct lister *L, TSNode n)
{
	if (!ts_node_is_null(n))
		mark(L, ts_node_start_byte(n), pos_row(L->f, n));
}

static bool is_statement(TSNode n)
{
	static const char *const types[] = {
		"expression_statement", "return_statement", "if_statement",
		"while_statement", "for_statement", "enhanced_for_statement",
		"do_statement", "throw_statement", "try_statement",
		"try_with_resources_statement", "synchronized_statement",
		"break_statement", "continue_statement", "yield_statement",
		"assert_statement", "labeled_statement", "switch_statement",
		"explicit_constructor_invocation", "variable_declarator",
	};
	for (size_t k = 0; k < ARRAY_SIZE(types); k++)
		if (jnode_is(n, types[k]))
			return true;
	return false;
}

/* The marks n makes (javac's Gen: code.statBegin(pos)): a statement's
 * start (a variable's: its name); a call's '(' just before it invokes
 * (after its arguments); the condition, then and else parts of ?:; a
 * loop's condition and a for's updates; an expression lambda's body. */
static void marks_of(struct lister *L, TSNode n)
{
	if (is_statement(n))
		mark(L, ts_node_start_byte(n), ts_node_start_point(n).row);
	if (jnode_is(n, "method_invocation") ||
	    jnode_is(n, "explicit_constructor_invocation")) {
		TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
		if (!ts_node_is_null(args))
			mark(L, ts_node_end_byte(args), ts_node_start_point(args).row);
	}
	if (jnode_is(n, "ternary_expression")) {
		mark_at(L, ts_node_child_by_field_name(n, "condition", 9));
		mark_at(L, ts_node_child_by_field_name(n, "consequence", 11));
		mark_at(L, ts_node_child_by_field_name(n, "alternative", 11));
	}
	if (jnode_is(n, "while_statement") || jnode_is(n, "do_statement") ||
	    jnode_is(n, "for_statement"))
		mark_at(L, ts_node_child_by_field_name(n, "condition", 9));
	if (jnode_is(n, "for_statement")) {
		TSNode u[16];
		int nu = jnode_field_children(n, "update", u, 16);
		for (int k = 0; k < nu && k < 16; k++)
			mark(L, ts_node_start_byte(u[k]), ts_node_start_point(u[k]).row);
		nu = jnode_field_children(n, "init", u, 16);
		for (int k = 0; k < nu && k < 16; k++)
			if (!jnode_is(u[k], "local_variable_declaration"))
				mark(L, ts_node_start_byte(u[k]),
				     ts_node_start_point(u[k]).row);
	}
	if (jnode_is(n, "lambda_expression")) {
		TSNode body = ts_node_child_by_field_name(n, "body", 4);
		if (!ts_node_is_null(body) && !jnode_is(body, "block"))
			mark_at(L, body);
	}
}

/* The records and marks of the unit of code at ix position u (its
 * nested lambdas and classes are code of their own). */
static void walk_unit(struct lister *L, uint32_t u)
{
	const struct jindex *ix = &L->f->ix;
	for (uint32_t i = u; i < ix->skip[u];) {
		TSNode n = ix->node[i];
		if (i != u && (jnode_is(n, "lambda_expression") ||
			       jnode_is(n, "class_body"))) {
			i = ix->skip[i];
			continue;
		}
		i++;
		if (!ts_node_is_named(n))
			continue;
		marks_of(L, n);
		take(L, n);
	}
}

/* The line javac gives record k's instruction: the last mark before it
 * in evaluation order (which, marks and records of one unit of code,
 * is their order in the source, but for the instructions emitted late,
 * whose marks are late as well). */
static int javac_line(const struct lister *L, size_t k)
{
	if (L->iline[k])
		return L->iline[k];
	int line = 0;
	uint32_t best = 0;
	for (size_t j = 0; j < L->nmk; j++)
		if (L->mk[j].at <= L->ipos[k] && (!line || L->mk[j].at >= best)) {
			best = L->mk[j].at;
			line = L->mk[j].line;
		}
	return line ? line : L->v[k].line;
}

int jsrc_line_nodes(struct jsrc *f, struct arena *a, int line,
		    const char *method, const char *literal,
		    struct jline_node **out)
{
	struct lister L = { .f = f, .a = a, .literal = literal };
	*out = NULL;
	if (line < 1)
		return 0;
	/* the units of code of method around the line (javac's line of an
	 * instruction can be the line of an earlier mark: an operand of a
	 * condition over several lines is on the statement's first) */
	uint32_t row = (uint32_t)line - 1;
	const struct jindex *ix = &f->ix;
	size_t kept = 0;
	for (uint32_t i = 0; i < ix->n;) {
		TSNode n = ix->node[i];
		if (ts_node_start_point(n).row > row)
			break;
		if (ts_node_end_point(n).row < row) {
			i = ix->skip[i];
			continue;
		}
		if (ts_node_is_named(n) && is_unit(a, f, n, method)) {
			size_t first = L.n;
			L.nmk = 0;
			walk_unit(&L, i);
			for (size_t k = first; k < L.n; k++)
				if (javac_line(&L, k) == line)
					L.v[kept++] = L.v[k];
			L.n = kept;
		}
		i++;
	}
	if (L.n) {
		*out = ANEWN(a, struct jline_node, L.n);
		memcpy(*out, L.v, L.n * sizeof(*L.v));
	}
	free(L.v);
	free(L.ipos);
	free(L.iline);
	free(L.mk);
	return (int)L.n;
}
