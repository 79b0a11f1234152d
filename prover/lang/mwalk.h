/*
 * mwalk.h - one statement walker for the method front ends (lang/mir.h):
 * a tree-sitter syntax tree's statements become the method IR, driven
 * by a grammar's table (node kind to statement kind, field names) kept
 * beside each front end (lang/javasrc-method.c, lang/csrc-method.c),
 * with hooks for what is the language's own (typing and converting an
 * expression, declarations, call statements, Java's exceptions and
 * references, C's pointers).  Internal to lang/: it includes
 * <tree_sitter/api.h> (tests/layers.t allows mwalk*.[ch]), nothing
 * above lang/ sees it.
 *
 * What the walker owns: blocks and their scopes (a block's locals are
 * hidden after it), the body of if, while, do and for (a statement, its
 * own scope), if and else, while and do loops, for loops around the
 * language's init and update lists, break and continue, switch (its
 * groups or rules, their labels and the default, one scope for the
 * groups, a rule's break), return (with or without a value, converted
 * to the declared type by the value() hook), expression statements (an
 * empty one, a call statement, a list split at the grammar's comma
 * operator: each part by the effect() hook), statements a mutant
 * deletes (MS_SKIP), and the reason for a statement the model has not
 * (`a NODE-KIND`).
 */
#ifndef SUBSUME_MWALK_H
#define SUBSUME_MWALK_H

#include <tree_sitter/api.h>

#include "lang/mir.h"

/* What a node kind is to the walker. */
enum mw_kind {
	MW_NONE,      /* not a statement the table names */
	MW_BLOCK,     /* { ... } */
	MW_IF,
	MW_WHILE,
	MW_DO,
	MW_FOR,
	MW_BREAK,
	MW_CONTINUE,
	MW_DECL,      /* a local declaration */
	MW_SKIPPED,   /* a comment: passed over in blocks */
	MW_EXPR,      /* an expression statement */
	MW_RETURN,
	MW_SWITCH,
	MW_CASE,      /* a switch's group (case X: statements) */
	MW_RULE,      /* a switch's rule (case X -> statement) */
	MW_LABEL,     /* a group's or rule's label (case X:, default:),
		       * its values its named children (none: default) */
	MW_CALL,      /* a call standing as an expression statement */
	/* the language's own (struct mw_hooks' own()) */
	MW_THROW,
	MW_TRY,
};

/* What an expression is converted for (struct mw_hooks' value()). */
enum mw_use {
	MW_USE_SELECTOR,  /* a switch's: to the type its labels compare in
			   * (the result's type), to NULL */
	MW_USE_LABEL,     /* a case label's: to that type */
	MW_USE_RETURN,    /* a return's: to the declared type (to: the
			   * method's m->ret) */
};

struct mw_row {
	const char *node;    /* tree-sitter's node kind */
	enum mw_kind kind;
};

/* A grammar's table. */
struct mw_grammar {
	const struct mw_row *rows;  /* ended by { NULL, MW_NONE } */
	/* field names: a loop's or if's condition, a loop's body, if's
	 * branches */
	const char *cond, *body, *then, *els;
	/* the node an else branch is wrapped in (tree-sitter-c's
	 * else_clause), or NULL */
	const char *else_clause;
	/* break and continue may name a label (not modelled: fails) */
	bool labels;
	/* a block standing as a branch is a block, never a deleted
	 * statement (Java's mutants delete statements inside blocks) */
	bool branch_block;
	/* switch: its body must be a block (the reason otherwise: "a switch
	 * whose body is not a block"); a group's label value is its child
	 * of this field (NULL: labels are MW_LABEL nodes); the reason for a
	 * declaration directly in a group (NULL: it is a local of the
	 * switch's scope), for another node among the groups (NULL: "a
	 * NODE-KIND in a switch"); what a label that is no constant is not
	 * ("the case label `X` is not " case_const) */
	bool switch_block;
	const char *case_value, *case_decl, *case_stray, *case_const;
	/* the comma operator's node kind (fields left and right): its parts
	 * of an expression statement are statements in turn; or NULL */
	const char *comma;
};

/* The front end's hooks; B is its builder.  Those marked optional may
 * be NULL. */
struct mw_hooks {
	/* Does the mutant delete statement n (then it is applied)? */
	bool (*deleted)(void *B, TSNode n);
	/* A local declaration into blk (its kids' capacity *cap). */
	bool (*local_decl)(void *B, TSNode n, struct mstmt *blk, int *cap);
	/* An if's or loop's condition, typed as a condition. */
	struct node *(*test)(void *B, TSNode n);
	/* Expression n typed and converted for use (to: its type); NULL
	 * after a failure. */
	struct node *(*value)(void *B, TSNode n, enum mw_use use,
			      const struct type *to);
	/* n's text (the mutant applied), for a reason */
	const char *(*text)(void *B, TSNode n);
	/* The call n (an MW_CALL node) standing as a statement. */
	struct mstmt *(*call)(void *B, TSNode n);
	/* Expression n, evaluated for its effects, into blk (its
	 * statements: an MS_EXPR, or what the language makes of it). */
	bool (*effect)(void *B, TSNode n, struct mstmt *blk, int *cap);
	/* optional: a statement of kind MW_THROW and after, n of that
	 * kind. */
	struct mstmt *(*own)(void *B, TSNode n, enum mw_kind k);
	/* A for loop n's initializer into blk; its update (a statement). */
	bool (*for_init)(void *B, TSNode n, struct mstmt *blk, int *cap);
	struct mstmt *(*for_update)(void *B, TSNode n);
	/* optional: statement n (mw_dispatch() builds it) with what it
	 * needs first */
	struct mstmt *(*around)(void *B, TSNode n);
	/* optional: a block's statements into blk (mw_items() builds
	 * them) */
	bool (*block_into)(void *B, TSNode n, struct mstmt *blk, int *cap);
	/* optional: a mark before a statement; after it, what it needs
	 * first since that mark into blk (flush) or around s (wrap) */
	int (*mark)(void *B);
	bool (*flush)(void *B, int mark, struct mstmt *blk, int *cap, TSNode at);
	struct mstmt *(*wrap)(void *B, int mark, struct mstmt *s, TSNode at);
	/* optional: a loop's condition c (maybe null) into s->e, *ctl what
	 * loop_done() needs; after the body, the loop (or what stands for
	 * it) */
	bool (*loop_test)(void *B, struct mstmt *s, TSNode c, void **ctl);
	struct mstmt *(*loop_done)(void *B, struct mstmt *s, void *ctl);
};

/* One walk: the builder's state the walker reads and writes. */
struct mwalk {
	const struct mw_grammar *G;
	const struct mw_hooks *H;
	void *B;
	struct arena *a;
	struct mmethod *m;
	bool *visible;        /* MIR_MAX_VARS: the names in scope */
	const char **why;     /* the first failure */
};

/* n's kind in the table; n's child of field name. */
enum mw_kind mw_kind_of(const struct mwalk *W, TSNode n);
TSNode mw_field(TSNode n, const char *name);
/* Keep why as the failure (the first one wins): false. */
bool mw_fail(struct mwalk *W, const char *why);
/* A statement of kind k at n's line. */
struct mstmt *mw_stmt_new(struct mwalk *W, enum mstmt_kind k, TSNode n);
/* Statement n (around() first); statement n itself; the block n (its
 * locals scoped); a block's statements into blk (block_into() first);
 * the same without it; a branch or loop body.  NULL (false) after
 * mw_fail() or a hook's failure. */
struct mstmt *mw_statement(struct mwalk *W, TSNode n);
struct mstmt *mw_dispatch(struct mwalk *W, TSNode n);
struct mstmt *mw_block(struct mwalk *W, TSNode n);
bool mw_block_into(struct mwalk *W, TSNode n, struct mstmt *blk, int *cap);
bool mw_items(struct mwalk *W, TSNode n, struct mstmt *blk, int *cap);
struct mstmt *mw_sub(struct mwalk *W, TSNode n);
/* A while or do loop n (or a for loop's loop); a for loop n, its init
 * and the loop in a block (the init's locals scoped). */
struct mstmt *mw_loop(struct mwalk *W, TSNode n);
struct mstmt *mw_for(struct mwalk *W, TSNode n);
/* The expression n evaluated for its effects, split at the grammar's
 * comma operator, as a block of its parts' statements (a for loop's
 * list); NULL after a failure. */
struct mstmt *mw_effects(struct mwalk *W, TSNode n);

#endif
