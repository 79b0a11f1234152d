/*
 * javasrc.h - Java source files, read with tree-sitter and its Java
 * grammar (tree-sitter-java 0.20.2, fetched by scripts/grammar.sh): the
 * program points of a mutation tool's log, their enclosing expressions
 * and the declared types of the variables they read.
 *
 * Only prover/lang/javasrc*.[ch] include <tree_sitter/api.h> (tests/
 * layers.t checks it); what this interface returns is plain text in the
 * caller's arena.
 *
 * The enclosing expression of an occurrence (Just, Ernst and Fraser,
 * ISSTA 2014: infection must reach a value the program consumes) is the
 * smallest expression around it whose value is consumed: the condition
 * of if, while, do, for, ?: and assert, an assignment (whole: the
 * assigned variable is observed), an initializer, a return value, a
 * call argument, an array index or array, a receiver, an expression
 * statement.  The climb goes up through unary, binary, parenthesised,
 * ?: (from a branch), cast, instanceof, assignment and ++/-- nodes only.
 *
 * Ownership: a struct jsrc owns its text, parser tree and the struct
 * source its diagnostics point into; jsrc_free() releases them.  A jsrc
 * is used by one thread at a time.
 */
#ifndef SUBSUME_JAVASRC_H
#define SUBSUME_JAVASRC_H

#include "base/diag.h"

struct jsrc;

/* Syntax trees deeper than this are refused (the walks recurse). */
#define JSRC_MAX_DEPTH 1000

/* Read and parse path.  NULL and *why (in a) when it cannot be read or
 * is nested deeper than JSRC_MAX_DEPTH; a file with syntax errors is
 * returned (jsrc_syntax_error()). */
struct jsrc *jsrc_open(const char *path, struct arena *a, const char **why);
/* The same for a file's text held in memory (copied), named name in
 * messages (a mutation-testing-elements report embeds its sources). */
struct jsrc *jsrc_open_text(const char *name, const char *text,
			    struct arena *a, const char **why);
void jsrc_free(struct jsrc *f);
/* The file as a diagnostics source (its name is the path given). */
const struct source *jsrc_source(const struct jsrc *f);
/* The first syntax error's position (1-based): true, or false when the
 * file parsed cleanly. */
bool jsrc_syntax_error(const struct jsrc *f, int *line, int *col);
/* Does the file declare a top-level type (class, interface, enum,
 * record) named name? */
bool jsrc_declares(const struct jsrc *f, const char *name);

#define JSRC_MAX_VARS 16 /* variables of a Java method (lang/mir.h allows more) */
#define JSRC_MAX_SEEN 8  /* fields a Java method with calls may name */

/* A variable read by an enclosing expression, with its declared type as
 * written ("char", "String", "int[]"); only variables whose declaration
 * was found (locals, parameters, fields of the enclosing classes). */
struct jvar {
	const char *name;
	const char *type;
};

/* One occurrence of a logged original text, and its enclosing
 * expression (the site). */
struct jocc {
	int line, col;         /* the occurrence's start, 1-based */
	bool statement;        /* the occurrence is a statement */
	bool expression;       /* a statement, or an expression whose value
				* the program reads (not a declared name, a
				* method's or field's name after '.', a
				* lambda parameter) */
	size_t start;          /* its first byte in the file */
	/* the enclosing expression: its text with blanks, newlines and
	 * comments collapsed to single blanks, and the occurrence in it */
	const char *expr;
	size_t hole_b, hole_e; /* expr[hole_b..hole_e) is the occurrence */
	int eline, ecol;       /* where the enclosing expression starts */
	size_t ebegin, eend;   /* its bytes in the file: the site's identity */
	bool discarded;        /* its value is dropped (expression statement,
				* for update): only assignments are seen */
	const char *consumer;  /* what consumes it: "if condition", ... */
	/* The path condition: conditions of enclosing if, while and for
	 * statements that hold whenever the site is evaluated, joined by
	 * &&, or NULL.  Only provably sound ones: over local variables and
	 * parameters of primitive types that the method never assigns
	 * (so no path between condition and site, loop back edges
	 * included, changes them), without calls, fields, / or %; of a
	 * condition a && b the conjuncts that qualify, of a negated
	 * a || b the negated disjuncts.  Never across a lambda or class. */
	const char *assume;
	int nvars;
	struct jvar vars[JSRC_MAX_VARS];
	/* What the program states of the values the site reads
	 * (javasrc-const.c): an array's length is not negative, a constant
	 * (JLS 4.12.4, 15.29) is its value; a Java boolean text over the
	 * site's names joined by &&, or NULL.  A field access it names
	 * (`Chars.NL`, `values.length`) is in vars with its type. */
	const char *facts;
	/* Loop counters (javasrc-loop.c): for each counted loop around
	 * the site whose counter it reads, candidate invariants for the
	 * checker to prove by induction before it assumes them, strongest
	 * first, one a line: "K\tH\tINIT\tSTEP\tNEXT\tFACT" with K the
	 * loop's number, and over int names i, a (the start) and n (the
	 * bound): H what is known of a and n, INIT that H implies, STEP
	 * with H implies NEXT; FACT, over the site's names, is what holds
	 * at the site once proven.  NULL: none. */
	const char *loops;
	/* Dead locals (javasrc-live.c): the site's variables that are
	 * locals or parameters of its method whose value after the site no
	 * path reads before it is written again or the method ends, blank
	 * separated; "=" first when the site is the initializer of a local
	 * that is dead after its declarator (the site's value is not read).
	 * NULL: none. */
	const char *dead;
};

/* The file declaring top-level class cls ("a.b.C") of the program,
 * parsed, or NULL: how a site's constants of other classes are read.
 * The files it returns stay open while the occurrences of a jsrc_find()
 * are described. */
typedef struct jsrc *(*jsrc_class_fn)(void *ctx, const char *cls);
/* javasrc-const.c: f's resolver of other classes (none: only f's own
 * classes and the Java library's constants are known). */
void jsrc_set_classes(struct jsrc *f, jsrc_class_fn fn, void *ctx);

/* The occurrences of text (a logged original, as Major prints it) that
 * are syntax nodes starting on line, in source order, or, when none
 * does, nodes over line (an expression over several lines is logged at
 * any of them); up to max are described in out.  Returns their number.
 * A node is an occurrence when it is text as a syntax tree
 * (javasrc-match.c: literals by type and value, string literals joined
 * by +, parentheses, blanks and comments ignored; a text that does not
 * parse is compared without blanks).  Neither a pair of parentheses
 * (the expression inside is) nor an integer literal after a minus
 * (javac's -1 is one literal) is an occurrence. */
int jsrc_find(struct jsrc *f, struct arena *a, int line, const char *text,
	      struct jocc *out, int max);

/* javasrc-line.c: the nodes of one method on one line that a byte-code
 * mutation tool (PIT, check/pit.c) may have mutated, as plain records,
 * in source order.  A node is on the line when javac's line number
 * table puts its instruction there: the line of the last statement or
 * call begun before it in evaluation order (javasrc-line.c: the marks of
 * javac's Gen.statBegin), so an operand of a condition written over
 * several lines is on the condition's first line; it is code of
 * method as javac names it: "m" (a method's body, not the lambdas or
 * classes in it), "<init>" (constructors, instance field initializers
 * and initializer blocks), "<clinit>" (static ones), "lambda$m$0" (a
 * lambda in m, nested ones too; "new": in a constructor, "static": in
 * a static initializer; its number is not checked).  The nested class a node is
 * in is not checked against the mutated class. */
enum jline_kind {
	JL_COMPARE,   /* a == b, <, <=, >, >=, != */
	JL_CONDITION, /* a boolean tested by a jump that is no comparison:
		       * the condition of if, while, do, for, ?:, or an
		       * operand of &&, ||, ! */
	JL_ARITH,     /* a + b, -, *, /, %, &, |, ^, <<, >>, >>> */
	JL_COMPOUND,  /* a += b, ... */
	JL_UPDATE,    /* x++, ++x, x--, --x */
	JL_NEGATION,  /* -x (x no literal) */
	JL_RETURN,    /* the value of a return statement */
	JL_CALL_STMT, /* a call statement (f(x);, this(...);, super(...);) */
	JL_CALL,      /* a call whose value is used */
	JL_NEW,       /* new T(...) */
	JL_LITERAL,   /* a literal of the value asked for */
	JL_BOOLVAL,   /* a comparison, &&, || or ! whose value is used (not
		       * a jump's condition): javac computes it with the
		       * constants 1 and 0 */
	JL_KINDS
};
extern const char *const jline_kind_names[JL_KINDS];
struct jline_node {
	enum jline_kind kind;
	/* the operator ("<", "+=", "-"; an update "x++", "++x", "x--",
	 * "--x"), a call's method name, a created type's simple name, a
	 * literal's type ("int", "long", "float", "double", "boolean",
	 * "char", "String"), "condition", "return", "boolean-value" */
	const char *op;
	const char *text;   /* the node's text, blanks collapsed */
	const char *l, *r;  /* operands (the updated variable, the negated
			     * or returned value: l), blanks collapsed */
	size_t start, end;  /* its bytes in the file */
	int line, col;      /* its start, 1-based */
	bool late;          /* javac emits it after code that follows it in
			     * the source (a for statement's update, a do
			     * statement's condition): byte-code order is not
			     * the order of the nodes' ends */
	const char *type;   /* a call's: the declared return type of the
			     * method it calls, when that is a method of the
			     * class around it declared once by its name and
			     * number of parameters; else NULL */
	bool string;        /* a + or += known to concatenate Strings (an
			     * operand a string literal, a variable declared
			     * String, or such a +): no arithmetic */
	bool iinc;          /* an update of a local int variable or
			     * parameter, or its compound += or -= by an int
			     * literal: javac's iinc, not an iadd */
	/* a comparison or condition: the value of it at which javac's
	 * jump for it is taken (1: when it is true, the left operand of
	 * ||, a do statement's condition, the operand of a ! that ends an
	 * if's condition; 0: when false, an if's, while's or for's
	 * condition, the left operand of &&, a boolean value), or -1: not
	 * known (an assert's condition, which javac tests after a jump of
	 * its own) */
	signed char jump;
};
/* Those records of f's line in method (NULL: in any code on the line),
 * in a (*out; literals only when literal is not NULL: those of that
 * value, as PIT prints constants); returns their number. */
int jsrc_line_nodes(struct jsrc *f, struct arena *a, int line,
		    const char *method, const char *literal,
		    struct jline_node **out);

/* javasrc-query.c: what a check site asks of a Java text it holds (a
 * logged original, an opaque value's text), answered from the text's
 * syntax tree, not its characters.
 *
 * Does text assign (a token =, op=, ++ or --: an assignment, an update,
 * a declarator's initializer)?  A text that does not parse: the tokens
 * of the parser's error recovery. */
bool jtext_assigns(const char *text);
/* Is the first token of statement stmt the keyword return? */
bool jtext_is_return(const char *stmt);
/* Is text the call `"L".equals(x)` (a string literal without escapes,
 * x a name, this, a class literal or a chain of fields of them, no
 * blanks)?  Then L's characters in *lit, x's text in *x (in a), and
 * whether x is a simple name (or this) in *name. */
bool jtext_literal_equals(struct arena *a, const char *text, const char **lit,
			  const char **x, bool *name);

#endif
