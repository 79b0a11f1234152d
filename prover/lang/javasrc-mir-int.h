/*
 * javasrc-mir-int.h - the builder of the method IR shared by its files
 * (lang/javasrc-method.c: statements and expressions; lang/javasrc-
 * mcall.c: calls; lang/javasrc-mlower.c: calls whose result is used).
 * Internal to lang/.
 *
 * One struct mb per build: everything it makes lives in the arena a;
 * the first failure's reason is kept in why (the build then fails).
 */
#ifndef SUBSUME_JAVASRC_MIR_INT_H
#define SUBSUME_JAVASRC_MIR_INT_H

#include "lang/javasrc-int.h"
#include "lang/mir.h"

struct mb {
	struct jsrc *f;
	struct arena *a;
	struct mmethod *m;
	TSNode cls;          /* the class body declaring the method */
	const struct mir_patch *patch;
	TSNode pnode;        /* the patched node (patch given) */
	bool applied;
	bool visible[MIR_MAX_VARS];
	const char *why;     /* the first failure */
	/* parameters and fields of types the IR does not model, left out:
	 * an expression naming one fails with this reason */
	int nskipped;
	const char *skipped[MIR_MAX_VARS], *skipped_name[MIR_MAX_VARS];
	/* references (lang/mir.h: References; javasrc-mheap.c) */
	const char *cls_name;  /* the class's name: its reference type */
	bool heap_on;          /* the method has a variable of that type */
	bool arr_on;           /* the method has an array variable */
	bool this_dot;         /* its body has `this.` */
	/* MV_HEAP, and a field a parameter hides (read as this.f): its
	 * name for typing (fa$fa, this$f); NULL for the others */
	const char *envname[MIR_MAX_VARS];
	int hbase[MIR_MAX_VARS];           /* MV_HEAP: the base's var */
	const char *hfield[MIR_MAX_VARS];  /* MV_HEAP: the field */
	bool hprobe;           /* typing only: reads after && etc. allowed */
	int npend;             /* null checks of the statement being built */
	int pend[MIR_MAX_VARS];
	/* javasrc-mexc.c: pending check p's divisions, those Java completes
	 * before the read it guards (their ArithmeticException comes first) */
	int npdiv[MIR_MAX_VARS];
	const struct node *pdiv[MIR_MAX_VARS][4];
	const struct mheap_pre *hpre; /* the original's paths (a mutant) */
	int npre_made;
	/* javasrc-mcall.c: the statements the expressions lowered so far
	 * need first (an MS_BLOCK, or NULL: none), and the temporaries:
	 * bit i of istemp, slot i is one; of tbusy, it is in use (by the
	 * statement being built: free again after it) */
	struct mstmt *pre;
	int precap, ntemps;
	uint32_t istemp, tbusy;
};

/* The original's paths (base "this": a field a parameter hides), created
 * first in every build of the method. */
struct mheap_pre {
	int n;
	bool writes;           /* the original writes a field cell */
	const char *base[MIR_MAX_VARS], *field[MIR_MAX_VARS];
};

/* Keep why as the build's failure (the first one wins): false. */
bool mb_fail(struct mb *B, const char *why);
/* A primitive type the IR models, by its name; NULL otherwise. */
const struct type *mb_type(const char *name);
/* The text of n, with the patch applied when it lies inside n. */
const char *mb_text(struct mb *B, TSNode n);
/* Parse and type the expression text in the method's variables (want:
 * boolean); NULL after mb_fail(). */
struct node *mb_expr_text(struct mb *B, const char *text, bool want_bool);
struct mstmt *mb_stmt_new(struct mb *B, enum mstmt_kind k, TSNode n);

/* javasrc-mcall.c: the call statement n (a method_invocation,
 * unqualified or on this), or NULL after mb_fail(). */
struct mstmt *mb_call(struct mb *B, TSNode n);
/* The call statement name(args[0..nargs)) (argument texts), its result
 * type's text in *ret; NULL after mb_fail().  _on: on the reference
 * variable recv (NULL: this; lang/mir.h: Calls on references). */
struct mstmt *mb_make_call(struct mb *B, TSNode at, const char *name,
			    int nargs, const char *const *args, const char **ret);
struct mstmt *mb_make_call_on(struct mb *B, TSNode at, const char *recv,
			      const char *name, int nargs,
			      const char *const *args, const char **ret);
/* The receiver of the method_invocation n of f (the method's text or a
 * snippet of it): NULL for a call on this (unqualified too), else the
 * name of the reference variable it is called on; *ok false when it is
 * neither (another object or class: not modelled). */
const char *mb_receiver(struct mb *B, struct jsrc *f, TSNode n, bool *ok);
/* After the body: a method with calls names at most MIR_MAX_SEEN fields
 * (lang/mir.h: Calls and fields), none floating; false after mb_fail(). */
bool mb_calls_finish(struct mb *B);

/* javasrc-mlower.c: could text hold a call (a name, a parenthesis)? */
bool mb_maybe_call(const char *text);
/* The call statement text (read at n, patched) whose arguments hold
 * calls, lowered: "" (its MS_CALL and theirs appended to B->pre), text
 * itself when there is nothing to lower, NULL after mb_fail(). */
const char *mb_lower_stmt(struct mb *B, TSNode n, const char *text);
/* The expression text (read at n, patched) with its calls lowered
 * (lang/mir.h: Calls used as values): the text over temporaries, their
 * statements appended to B->pre; text itself when it has no call to
 * lower; NULL after mb_fail(). */
const char *mb_lower(struct mb *B, TSNode n, const char *text);
/* The loop s whose condition s->e needs the statements pre first: the
 * condition tested at the start of its body instead (lang/mir.h:
 * Calls); a do-while's from the second iteration, flag (a boolean
 * temporary in use) saying whether the run is past its first.  The loop
 * or, for a do-while, a block that clears the flag first; NULL after
 * mb_fail(). */
struct mstmt *mb_loop_calls(struct mb *B, struct mstmt *s, struct mstmt *pre,
			    const char *flag);
/* A free temporary of type t, now in use: its name; NULL after
 * mb_fail(). */
const char *mb_temp(struct mb *B, const struct type *t);
/* Append s to the block blk (its kids' capacity in *cap). */
void mb_append(struct mb *B, struct mstmt *blk, struct mstmt *s, int *cap);

/* javasrc-method.c: the block n as an MS_BLOCK (its locals scoped). */
struct mstmt *mb_block(struct mb *B, TSNode n);
/* javasrc-method.c's steps that javasrc-mctl.c uses: n's child of
 * field name; n's expression (its calls lowered into B->pre, or only
 * the lowered text); B->pre's statements moved into blk; a local
 * declaration, a block's statements into blk; a statement that is not
 * a block (the body of if, while, for, do).  NULL (false) after
 * mb_fail(). */
TSNode mb_field(TSNode n, const char *name);
struct node *mb_expr(struct mb *B, TSNode n, bool want_bool);
const char *mb_lowered(struct mb *B, TSNode n);
void mb_flush_pre(struct mb *B, struct mstmt *blk, int *cap);
bool mb_local_decl(struct mb *B, TSNode n, struct mstmt *blk, int *cap);
bool mb_block_into(struct mb *B, TSNode n, struct mstmt *blk, int *cap);
struct mstmt *mb_sub(struct mb *B, TSNode n);
/* javasrc-mctl.c: a while or do statement, a for statement, a switch
 * statement; NULL after mb_fail(). */
struct mstmt *mb_loop(struct mb *B, TSNode n);
struct mstmt *mb_for_loop(struct mb *B, TSNode n);
struct mstmt *mb_switch_stmt(struct mb *B, TSNode n);

/* javasrc-mexc.c (lang/mir.h: Exceptions).  The method's exception
 * kinds: the standard ones, then the classes the throws in body (the
 * unpatched tree) name; false after mb_fail(). */
bool mb_exc_init(struct mb *B, TSNode body);
/* An MS_THROW of kind (MIR_EXC_NULL, MIR_EXC_INDEX, MIR_EXC_NEGSIZE:
 * a check the builder puts, e.g. `if (i < 0 || i >= n) throw`), at n. */
struct mstmt *mb_throw_kind(struct mb *B, unsigned kind, TSNode n);
/* The throw statement n, the try statement n; NULL after mb_fail(). */
struct mstmt *mb_throw(struct mb *B, TSNode n);
struct mstmt *mb_try(struct mb *B, TSNode n);
/* n, whose reads through references added the pending checks from p0
 * on: each check's divisions (Java completes them before the read it
 * guards) noted for mb_null_throw(); false after mb_fail() when that
 * cannot be modelled (a division in a conditional part, a store). */
bool mb_exc_order(struct mb *B, const struct node *n, int p0);
/* The body of pending check p's `if (b == null)`: its divisions (an
 * ArithmeticException first where one divides by zero), then the
 * throw of a NullPointerException. */
struct mstmt *mb_null_throw(struct mb *B, int p, TSNode n);

/* javasrc-marr.c (lang/mir.h: Arrays).  The element type of an array
 * type's text ("int[]"), or NULL; is n a read the lowering makes an
 * MS_ALOAD or MS_ALEN (a[i], a.length, a an array variable; f: the
 * text n is in); that statement, reading arr at idx (NULL: its
 * length) into a new temporary *temp; is the expression statement c a
 * store into an element or a `new` (then mb_arr_stmt() builds it); the
 * MS_ANEW `name = v` (v: an array_creation_expression); after the
 * body: the rules and the prelude.  NULL (false) after mb_fail(). */
const struct type *mb_arr_elem(const char *type);
bool mb_arr_read(struct mb *B, struct jsrc *f, TSNode n);
struct mstmt *mb_arr_load(struct mb *B, struct jsrc *f, TSNode at, TSNode arr,
			  const char *idx, const char **temp);
bool mb_arr_is_stmt(struct mb *B, TSNode c);
struct mstmt *mb_arr_stmt(struct mb *B, TSNode c);
struct mstmt *mb_arr_new(struct mb *B, TSNode at, const char *name, TSNode v);
bool mb_arr_finish(struct mb *B);

/* javasrc-mheap.c.  The type of a declaration as written (a primitive
 * or the class, a reference: *ref), or NULL. */
const struct type *mb_var_type(struct mb *B, const char *name, bool *ref);
/* text with reads through references replaced by their variables (and,
 * with heap_on, null and this by their ids), their null checks pending;
 * NULL after mb_fail(). */
const char *mb_heap_text(struct mb *B, const char *text);
/* The pending null checks from p0 on, appended to blk (cap: its
 * capacity) as `if (b == 0) throw;`; false after mb_fail(). */
bool mb_heap_flush(struct mb *B, int p0, struct mstmt *blk, int *cap,
		   TSNode n);
/* s preceded by the pending checks from p0 on (a block), or s. */
struct mstmt *mb_heap_wrap(struct mb *B, int p0, struct mstmt *s, TSNode n);
/* Create the paths of pre (after parameters and fields). */
bool mb_heap_precreate(struct mb *B, const struct mheap_pre *pre);
/* After the body: the rules and writes' aliases, then the consistency
 * prelude. */
bool mb_heap_finish(struct mb *B);
/* The name var i has in the typing environment. */
const char *mb_env_name(const struct mb *B, int i);
/* javasrc-mwrite.c: the rules of a method that reads through references
 * (lang/mir.h: References, Writes) and the aliases' updates after each
 * write to a field cell (sets m->heap_writes); false after mb_fail(). */
bool mb_heap_writes(struct mb *B);
/* The paths the build made, for the mutants' builds. */
void mb_heap_paths(const struct mb *B, struct mheap_pre *out);

#endif
