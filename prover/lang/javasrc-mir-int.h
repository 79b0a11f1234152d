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
#include "lang/mwalk.h"

/* Callee ids from MB_OTHER_ID on are other classes' (javasrc-mref.c);
 * the class's own methods are numbered below it. */
#define MB_OTHER_ID 232

struct mb {
	struct mwalk W;       /* lang/mwalk.h: its statements */
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
	/* javasrc-mref.c (lang/mir.h: Other references): bit i of oref,
	 * variable i is a reference of another class than the method's;
	 * rtype[i] a reference's declared type (ret_rtype: the return
	 * value's); the offsets of the ids null and this stand for in the
	 * text last rewritten (mb_heap_text(); mb_part() marks those
	 * literals as ids, mb_id()); want_ref: the expression
	 * being typed must be a reference (1), must not be (0) */
	uint32_t oref;
	const char *rtype[MIR_MAX_VARS], *ret_rtype;
	int nrefpos, refpos[32];
	int want_ref;
	/* an expression typed while no variable was another class's
	 * reference (mb_ref_check() not asked) would have failed it: a
	 * build with such a path made first (mb_heap_precreate()) fails */
	bool ref_unasked;
	TSNode mbody;          /* the method's body in the unpatched tree */
	int nslots;            /* the other classes' callees (mref.c) */
	bool has_new, ref_raw; /* the method creates objects; the text
				* is the builder's own (no use check) */
	int newvar;            /* the fresh ids' counter, -1: none yet */
	/* javasrc-method.c: a final field's constant initializer (literal
	 * text: an integer, char or boolean literal), or NULL; the inputs
	 * with another value are impossible (javasrc-mref.c) */
	const char *konst[MIR_MAX_VARS];
	/* javasrc-method.c: a static final field made by `new` (javasrc-
	 * const.c: jsrc_field_object()): null or another such field's
	 * object are impossible inputs (javasrc-mref.c) */
	bool object[MIR_MAX_VARS];
	const char *slot[256 - MB_OTHER_ID];
	struct mlow *lows;     /* javasrc-mlower.c: mb_low() */
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
/* The same for n, an untyped node the builder made (lang/mir.h:
 * mir_var() ...) with no null or this in it: typed, no text printed and
 * parsed again. */
struct node *mb_expr_node(struct mb *B, struct node *n, bool want_bool);
struct mstmt *mb_stmt_new(struct mb *B, enum mstmt_kind k, TSNode n);
/* A part of an expression the builder builds around it (`t = (part)`,
 * `(int)(part)`): the lowered text parsed once (a text mb_lower()
 * returned: its nodes, mb_low(), each of its parts parsed), its reads
 * through references rewritten (mb_heap_text()), untyped; whole: the text of
 * the expression it stands in, in pieces, for a failure's reason only;
 * p0: the pending checks before it. */
struct mb_part {
	struct node *n;
	struct expr_src es;
	int p0;
};
bool mb_part(struct mb *B, const char *text, const char *const *whole,
	     struct mb_part *P);
/* Type n, built around P->n (lang/mir.h's constructors; NULL: a node the
 * syntax has no text for, which fails as whole's text would not parse),
 * its reads from pending check p0 on (P->p0, or B->npend when P->n was
 * typed before); NULL after mb_fail(). */
struct node *mb_part_typed(struct mb *B, struct node *n,
			   const struct mb_part *P, bool want_bool,
			   const char *const *whole, int p0);
/* Type n, built by the builder (lang/mir.h's constructors, ids by
 * mb_id()); whole: the text it stood for, in pieces, for a failure's
 * reason (NULL: n printed); n NULL fails as whole's text would not
 * parse.  NULL after mb_fail(). */
struct node *mb_built(struct mb *B, struct node *n, bool want_bool,
		      const char *const *whole);
/* The id null (0) or this (1) as a literal mb_is_ref() knows, where the
 * method's text would read it so (the heap's or arrays' methods);
 * elsewhere the word, which no variable is. */
struct node *mb_id(struct mb *B, int id);
/* (t)x, or NULL where Java has no cast to t (mir_cast_written()). */
struct node *mb_cast(struct mb *B, const struct type *t, struct node *x);

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
			      const char *const *args, const char **ret,
			      const char **pure);
/* The receiver of the method_invocation n of f (the method's text or a
 * snippet of it): NULL for a call on this (unqualified too), else the
 * name of the reference variable it is called on, or of the class
 * whose static method it calls (a name that is not a variable, capital
 * first: lang/mir.h, Other references); *ok false when it is none. */
const char *mb_receiver(struct mb *B, struct jsrc *f, TSNode n, bool *ok);
/* The callee name(args) among the methods of the class body cls (its
 * id: its place there), overloads resolved by the arguments' types; its
 * result type's text in *ret, bit i of *refargs: parameter i is a
 * reference (an id); 0 after mb_fail(). */
int mb_callee_in(struct mb *B, TSNode cls, const char *name, int nargs,
		 const char *const *args, struct mcallee *c, const char **ret,
		 unsigned *refargs);
/* The MS_CALL of callee c (recv: a reference variable or NULL) with
 * argument texts args; NULL after mb_fail(). */
struct mstmt *mb_call_stmt(struct mb *B, TSNode at, struct mcallee *c,
			   const char *recv, int nargs,
			   const char *const *args, unsigned refargs);
/* The visible variable named name, or -1. */
int mb_var_named(const struct mb *B, const char *name);
/* After the body: a method with calls names at most JSRC_MAX_SEEN fields
 * (lang/mir.h: Calls and fields), none floating; false after mb_fail(). */
bool mb_calls_finish(struct mb *B);

/* javasrc-mlower.c: the expression a text mb_lower() returned stands
 * for (that very pointer), built of nodes around its parts (lang/mir.h's
 * constructors, the node kinds of the lowering's table): untyped, each
 * part an N_HOLE named by its text, which mb_part() parses (heap text
 * and all) in the order Java reads them; the whole text is printed for
 * a failure's reason only.  NULL for any other text (parsed whole). */
const struct node *mb_low(const struct mb *B, const char *text);
/* javasrc-mlower.c: could text hold a call (a name, a parenthesis)? */
bool mb_maybe_call(const char *text);
/* The call statement text (read at n, patched) whose arguments hold
 * calls, lowered: "" (its MS_CALL and theirs appended to B->pre), text
 * itself when there is nothing to lower, NULL after mb_fail(). */
const char *mb_lower_stmt(struct mb *B, TSNode n, const char *text);
/* The expression text (read at n, patched) with its calls lowered
 * (lang/mir.h: Calls used as values): the text over temporaries, their
 * statements appended to B->pre, its nodes mb_low(); text itself when
 * it has no call to lower; NULL after mb_fail(). */
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
 * declaration into blk.  NULL (false) after mb_fail(). */
TSNode mb_field(TSNode n, const char *name);
struct node *mb_expr(struct mb *B, TSNode n, bool want_bool);
const char *mb_lowered(struct mb *B, TSNode n);
void mb_flush_pre(struct mb *B, struct mstmt *blk, int *cap);
bool mb_local_decl(struct mb *B, TSNode n, struct mstmt *blk, int *cap);
/* javasrc-mctl.c: the walker's hooks for loops (lang/mwalk.h: for_init,
 * for_update, loop_test, loop_done; B a struct mb); NULL (false) after
 * mb_fail(). */
bool mb_for_init(void *B, TSNode n, struct mstmt *blk, int *cap);
struct mstmt *mb_for_update(void *B, TSNode n);
bool mb_loop_test(void *B, struct mstmt *s, TSNode c, void **ctl);
struct mstmt *mb_loop_done(void *B, struct mstmt *s, void *ctl);

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
/* The superclass of the class name (simple) declared in the source file:
 * its simple name, "" when it extends nothing (Object), NULL when name
 * is not a class declared in the file (an interface, a library class). */
const char *mb_superclass(struct mb *B, const char *name);
/* Has declaration d (a field's, a method's) the modifier word
 * ("static", "final") among its modifiers? (javasrc-method.c) */
bool mb_has_modifier(struct mb *B, TSNode d, const char *word);

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
/* javasrc-mref.c (lang/mir.h: Other references).  Note variable i,
 * a reference of declared type type; is type a reference type? */
void mb_ref_note(struct mb *B, int i, const char *type);
bool mb_is_ref_type(const char *type);
/* Is n (typed) a reference: a reference variable, null, this, ?: or an
 * assignment of them? */
bool mb_is_ref(const struct mb *B, const struct node *n);
/* n, typed from text: its references used only by identity (==, !=,
 * assignment, ?:, the whole value when B->want_ref); false after
 * mb_fail().  _ok: the same without failing the build, the reason in
 * *why. */
bool mb_ref_check(struct mb *B, const struct node *n);
bool mb_ref_ok(struct mb *B, const struct node *n, const char **why);
/* Why text, which the parser refuses, is outside the model when it
 * casts to a reference type or has a string literal; else NULL. */
const char *mb_ref_cast(struct mb *B, const char *text);
/* text with every constant of another class it reads (`Integer.MAX_VALUE`,
 * `Chars.NL`: a dotted name whose first part is no variable in scope,
 * not called) replaced by its value (jsrc_qualified_constant()), or
 * text itself. */
const char *mb_const_text(struct mb *B, const char *text);
/* A free temporary reference of declared type type, now in use. */
const char *mb_ref_temp(struct mb *B, const char *type);
/* The call name(args) on the variable v (-1: a static call of the class
 * cls) of another class: an MS_CALL (*ret: its result type's text, NULL
 * when unknown), or for a pure library method (Math.abs ...) an MS_EXPR
 * assigning its value to the temporary *pure (NULL: not pure); NULL
 * after mb_fail(). */
struct mstmt *mb_make_ocall(struct mb *B, TSNode at, const char *cls, int v,
			    const char *name, int nargs,
			    const char *const *args, const char **ret,
			    const char **pure);
/* `new type(args)` (argument texts): its event, then a fresh id into a
 * temporary reference, *out (a block); the temporary's name, NULL after
 * mb_fail(). */
const char *mb_new(struct mb *B, TSNode at, const char *type, int nargs,
		   const char *const *args, struct mstmt **out);
/* The result of the call *s, of type text ret (NULL: unknown), into a
 * new temporary: its name (*s may become a block: a reference result is
 * never a fresh id); NULL after mb_fail(). */
const char *mb_result(struct mb *B, struct mstmt **s, TSNode at,
		      const char *name, const char *ret);
/* Before the body: the unpatched method's calls of other classes (their
 * ids) and whether it has `new`.  After it: the fresh ids' counter and
 * the inputs' guard (lang/mir.h: Other references); false after
 * mb_fail(). */
void mb_ref_init(struct mb *B);
bool mb_ref_finish(struct mb *B);

/* javasrc-mheap.c.  The type of a declaration as written (a primitive
 * or the class, a reference: *ref), or NULL. */
const struct type *mb_var_type(struct mb *B, const char *name, bool *ref);
/* text with reads through references replaced by their variables (and,
 * with heap_on, null and this by their ids), their null checks pending;
 * NULL after mb_fail(). */
const char *mb_heap_text(struct mb *B, const char *text);
/* The same for a part of an expression read in order (a lowered
 * expression's part: javasrc-mlower.c): *after, the part stands after
 * &&, || or ?; set when the part has one of them. */
const char *mb_heap_text_after(struct mb *B, const char *text, bool *after);
/* The pending null checks from p0 on, appended to blk (cap: its
 * capacity) as `if (b == 0) throw;`; false after mb_fail(). */
bool mb_heap_flush(struct mb *B, int p0, struct mstmt *blk, int *cap,
		   TSNode n);
/* s preceded by the pending checks from p0 on (a block), or s. */
struct mstmt *mb_heap_wrap(struct mb *B, int p0, struct mstmt *s, TSNode n);
/* Create the paths of pre (after parameters and fields). */
bool mb_heap_precreate(struct mb *B, const struct mheap_pre *pre);
/* After the original's body, its variables from n0 on (after the
 * parameters and fields) renumbered so that its paths come first, in
 * the order made: the method a build with them precreated makes, built
 * once.  A path of another class's reference too: that build asks
 * every expression the reference check (mb_ref_check()), this one only
 * those typed once the path was made, so it is this one unless an
 * earlier expression would have failed it (ref_unasked: that build then
 * fails, and is made to say why).  False (nothing changed) there and
 * for a path on a local's base (none is made: chain() refuses a read
 * through a local reference). */
bool mb_heap_reorder(struct mb *B, int n0);
/* After the body: the rules and writes' aliases, then the consistency
 * prelude. */
bool mb_heap_finish(struct mb *B);
/* Put `if (!(cond)) return <0/false>;` before the method's body, cond
 * typed with the method's inputs visible (the heap's and the arrays'
 * preludes: inputs no real heap gives tell no two methods apart);
 * false after mb_fail(). */
bool mb_prelude(struct mb *B, struct node *cond);
/* The name var i has in the typing environment. */
const char *mb_env_name(const struct mb *B, int i);
/* javasrc-mwrite.c: the rules of a method that reads through references
 * (lang/mir.h: References, Writes) and the aliases' updates after each
 * write to a field cell (sets m->heap_writes); false after mb_fail(). */
bool mb_heap_writes(struct mb *B);
/* The paths the build made, for the mutants' builds. */
void mb_heap_paths(const struct mb *B, struct mheap_pre *out);

#endif
