/*
 * ast.h - Java expressions: types, operators and the typed AST.
 *
 * Stages: parse.c turns text into an untyped tree, type.c binds variables
 * and computes Java types, eval.c and smt.c give it meaning.  Nodes live
 * in an arena and are never mutated after typing, so mutants share
 * subtrees with the original freely.
 *
 * Invariants after type_expr() succeeds:
 *   - every node has a type other than T_ERROR;
 *   - N_VAR nodes have var set to an index into the typing environment;
 *   - N_ASSIGN and N_INCDEC have an N_VAR as child a;
 *   - no N_HOLE remains.
 */
#ifndef SUBSUME_AST_H
#define SUBSUME_AST_H

#include "base/diag.h"

struct ynode;

enum type {
	T_ERROR,
	T_VOID,    /* a deleted statement: no value */
	T_BOOLEAN,
	T_BYTE,
	T_SHORT,
	T_CHAR,
	T_INT,
	T_LONG,
	T_INTEGER, /* mathematical, unbounded */
};

const char *type_name(enum type t);
/* Parse a type name ("int", "boolean", ...); T_ERROR if unknown. */
enum type type_parse(const char *s);
/* Width of a fixed-width type in bits; 0 for boolean, integer, void. */
int type_bits(enum type t);
bool type_is_numeric(enum type t);
/* Java's unary numeric promotion: byte, short, char -> int. */
enum type type_promote(enum type t);
/* Wrap a mathematical value into the range of a fixed-width type. */
int64_t type_wrap(enum type t, int64_t v);
int64_t type_min(enum type t);
int64_t type_max(enum type t);

enum op {
	OP_NONE,
	/* binary, in precedence groups */
	OP_MUL, OP_DIV, OP_REM,
	OP_ADD, OP_SUB,
	OP_SHL, OP_SHR, OP_USHR,
	OP_LT, OP_LE, OP_GT, OP_GE,
	OP_EQ, OP_NE,
	OP_AND, OP_XOR, OP_OR,
	OP_LAND, OP_LOR,
	/* unary */
	OP_PLUS, OP_NEG, OP_BNOT, OP_NOT,
	/* increment and decrement */
	OP_PREINC, OP_PREDEC, OP_POSTINC, OP_POSTDEC,
	OP_COUNT
};

/* "+", "<<", "++" (pre and post alike), "" for OP_NONE. */
const char *op_spelling(enum op op);
/* Binary precedence: higher binds tighter; 0 for non-binary ops. */
int op_prec(enum op op);
bool op_is_binary(enum op op);
bool op_is_unary(enum op op);

enum nkind {
	N_LIT,    /* literal: type, val */
	N_VAR,    /* variable: name, var */
	N_UNARY,  /* op a */
	N_BINARY, /* a op b */
	N_COND,   /* a ? b : c */
	N_ASSIGN, /* a = b (op OP_NONE) or a op= b */
	N_INCDEC, /* ++a, --a, a++, a-- */
	N_SKIP,   /* a deleted statement (SDL) */
	N_HOLE,   /* template placeholder {name}; replaced before typing */
};

struct node {
	enum nkind kind;
	enum op op;
	enum type type;
	int pos;            /* byte offset of the node's operator or token */
	struct node *a, *b, *c;
	int64_t val;        /* N_LIT; booleans are 0 and 1 */
	int var;            /* N_VAR */
	const char *name;   /* N_VAR identifier, N_HOLE role */
	bool paren;         /* written in parentheses (for positions only) */
};

/* Where an expression's text came from, for error locations. */
struct expr_src {
	const char *text;
	const struct ynode *where; /* the YAML scalar, or NULL */
	const struct source *src;  /* used when where is NULL */
	bool quiet;                /* parse errors are not printed */
};
struct loc expr_loc(const struct expr_src *es, int offset);

/*
 * parse.c: parse a whole expression.  With allow_holes, "{name}" is a
 * placeholder.  Errors are printed; returns NULL.
 */
struct node *parse_expr(struct arena *a, const struct expr_src *es,
			bool allow_holes);

/* type.c */
struct type_env {
	int nvars;
	const char *const *names;
	const enum type *types;
	bool no_side_effects; /* assumptions: no =, op=, ++, -- */
	struct strbuf *errmsg; /* non-NULL: collect the first error here
				* instead of printing it */
};
/* Type n in place; returns 0, or -1 after printing an error. */
int type_expr(struct node *n, const struct type_env *env,
	      const struct expr_src *es);
/* Can a value of type from be compared with (observed against) to? */
bool types_comparable(enum type from, enum type to);

/* ast.c */
struct node *node_new(struct arena *a, enum nkind kind, int pos);
/* Deep copy, replacing holes by fn(ctx, name) (NULL: keep the hole). */
struct node *node_subst(struct arena *a, const struct node *n,
			struct node *(*fn)(void *ctx, const char *name),
			void *ctx);
/* Print in Java syntax with minimal parentheses; holes print as their
 * role name ("lexp"). */
void expr_print(struct strbuf *sb, const struct node *n);
/* Print a literal value of type t in Java source syntax. */
void value_print(struct strbuf *sb, enum type t, int64_t v);
/* True if the tree assigns to a variable. */
bool expr_has_side_effects(const struct node *n);
/* Structural equality (same text up to parentheses). */
bool expr_equal(const struct node *x, const struct node *y);

#endif
