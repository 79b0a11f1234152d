/*
 * ast.h - expressions: operators and the typed AST (types and values:
 * lang/value.h; the language's rules: lang/profile.h).
 *
 * Stages: parse.c turns text into an untyped tree, type.c binds variables,
 * computes types with the rules of a language profile (lang/profile.h)
 * and makes every conversion explicit; sem/eval.c and sem/smt.c give the
 * typed tree meaning.  Nodes live in an arena.
 *
 * Typing writes into the nodes it types (type, var, conversion nodes
 * below the node).  It is idempotent: typing a typed tree again in the
 * same environment first drops the implicit conversions it inserted and
 * builds the same ones anew.  So trees may share subtrees as long as
 * every sharer types them in the same environment (the mutants of one
 * analysis); mutate.c copies the untyped target for each mutant.
 *
 * Invariants after type_expr() succeeds:
 *   - every node has a type other than T_ERROR;
 *   - N_VAR nodes have var set to an index into the typing environment;
 *   - N_ASSIGN and N_INCDEC have an N_VAR as child a;
 *   - no N_HOLE remains;
 *   - conversions are explicit: the operands of a unary or binary
 *     arithmetic, bitwise, shift or comparison node have exactly the
 *     operation's type (an N_CONV node with implicit set wraps an operand
 *     whose type differed); the branches of ?: have its type; the right
 *     side of "=" has the variable's type;
 *   - N_ASSIGN with an operator (x op= y) and N_INCDEC have in c the
 *     value they store, as a typed tree: the variable converted to the
 *     operation's type, the operation, and the narrowing conversion back
 *     to the variable's type, e.g. (byte)((int)b + (int)y) for b += y.
 *     c reads the variable before evaluating y (JLS 15.26.2) and is not
 *     printed, compared or mutated.
 * Printing, structural equality and mutation see through implicit
 * conversions (they are not in the source text).
 */
#ifndef SUBSUME_AST_H
#define SUBSUME_AST_H

#include "base/diag.h"
#include "lang/value.h"

struct ynode;
struct profile;

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
	N_CONV,   /* a converted to type; implicit: inserted by typing */
	N_DEFINED,/* boolean: a (typed) runs without an exceptional outcome;
		   * its side effects are discarded.  Built, typed, by the
		   * loader for 'ub: defined-only' (C), never parsed */
};

struct node {
	enum nkind kind;
	enum op op;
	const struct type *type; /* NULL before typing, except literals */
	int pos;            /* byte offset of the node's operator or token */
	struct node *a, *b, *c;
	struct value val;   /* N_LIT, interpreted by type */
	int var;            /* N_VAR */
	const char *name;   /* N_VAR identifier, N_HOLE role */
	bool paren;         /* written in parentheses (for positions only) */
	bool implicit;      /* N_CONV inserted by typing, not written */
};

/* n without the implicit conversions around it. */
const struct node *node_strip(const struct node *n);

/* Where an expression's text came from, for error locations. */
struct expr_src {
	const char *text;
	const struct ynode *where; /* the YAML scalar, or NULL */
	const struct source *src;  /* used when where is NULL */
	bool quiet;                /* parse errors are not printed */
	const int *offsets;        /* NULL, or for each byte of text and its
				    * end the offset in where's text it comes
				    * from (text is a rewritten form) */
};
struct loc expr_loc(const struct expr_src *es, int offset);

/*
 * parse.c: parse a whole expression.  With allow_holes, "{name}" is a
 * placeholder.  Errors are printed; returns NULL.
 */
struct node *parse_expr(struct arena *a, const struct expr_src *es,
			bool allow_holes);
/* The same in the syntax of profile pf (parse_expr: profile_java). */
struct node *parse_expr_in(const struct profile *pf, struct arena *a,
			   const struct expr_src *es, bool allow_holes);
/* The run's parse table (issue 28: one expression parsed once per run).
 * While it is open, each distinct (text, profile, holes) is parsed once,
 * into the table, and parse_expr_in() hands every caller a copy
 * (node_copy()) in its own arena, or the text's error again at the
 * caller's location (printed unless quiet).  Thread-safe.  Open it
 * before the run's threads start, close it after they end and before
 * arena a, which holds it, is freed; one at a time. */
void parse_run_open(struct arena *a);
void parse_run_close(void);

/* type.c */
struct type_env {
	int nvars;
	const char *const *names;
	const struct type *const *types;
	bool no_side_effects; /* assumptions: no =, op=, ++, -- */
	struct strbuf *errmsg; /* non-NULL: collect the first error here
				* instead of printing it */
	struct arena *arena;   /* required: conversion nodes live here */
	const struct profile *profile; /* NULL: profile_java */
};
/* Type n in place; returns 0, or -1 after printing an error.  n itself
 * must not be an implicit conversion. */
int type_expr(struct node *n, const struct type_env *env,
	      const struct expr_src *es);
/* Can a value of type from be compared with (observed against) to?
 * (The profile of the types decides; void and error are comparable only
 * with themselves.) */
bool types_comparable(const struct type *from, const struct type *to);

/* A typed tree with implicit conversions shown as "(int)x", and the
 * stored value of compound assignments and ++/-- as "{...}": for tests
 * and debugging only. */
void expr_print_typed(struct strbuf *sb, const struct node *n);

/* ast.c */
struct node *node_new(struct arena *a, enum nkind kind, int pos);
/* Deep copy, replacing holes by fn(ctx, name) (NULL: keep the hole). */
struct node *node_subst(struct arena *a, const struct node *n,
			struct node *(*fn)(void *ctx, const char *name),
			void *ctx);
/* Deep copy, each variable named fn(ctx, name) (NULL: its name kept):
 * a node substituted for a name, not a text rewritten. */
struct node *node_rename(struct arena *a, const struct node *n,
			 const char *(*fn)(void *ctx, const char *name),
			 void *ctx);
/* Deep copy into a, names too (nothing of it in n's arena). */
struct node *node_copy(struct arena *a, const struct node *n);
/* Print in source syntax with minimal parentheses; holes print as their
 * role name ("lexp"); implicit conversions are not printed. */
void expr_print(struct strbuf *sb, const struct node *n);
/* Print a value of type t in its profile's source syntax. */
void value_print(struct strbuf *sb, const struct type *t, struct value v);
/* True if the tree assigns to a variable. */
bool expr_has_side_effects(const struct node *n);
/* Structural equality (same text up to parentheses; implicit
 * conversions and the stored value c of x op= y and ++/-- ignored). */
bool expr_equal(const struct node *x, const struct node *y);

#endif
