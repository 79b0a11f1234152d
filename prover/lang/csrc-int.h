/*
 * csrc-int.h - internal to prover/lang/csrc*.c: the parsed C file.
 * Includes <tree_sitter/api.h> (tests/layers.t allows csrc*.[ch]).
 */
#ifndef SUBSUME_CSRC_INT_H
#define SUBSUME_CSRC_INT_H

#include <ctype.h>
#include <tree_sitter/api.h>

#include "lang/csrc.h"
#include "lang/mir.h"
#include "lang/mwalk.h"

/* A character of a C identifier: a letter, a digit or '_'. */
static inline bool csrc_id_char(int c)
{
	return isalnum(c) || c == '_';
}

/* The index after the blanks (isspace()) from t[i]. */
static inline size_t csrc_blanks(const char *t, size_t i)
{
	while (isspace((unsigned char)t[i]))
		i++;
	return i;
}

struct csrc {
	struct source src;
	char *text;   /* heap: the text parsed (below) */
	char *name;   /* heap */
	TSTree *tree;
	struct cindex *cindex; /* csrc-const.c: built at its first use */
	/* definitions without a return type (`main() { ... }`, implicit
	 * int, C90 6.5.2; tree-sitter-c 0.20.6 has no rule for them): text
	 * is the file with "int " inserted before each, at the bytes
	 * ins[0 .. nins) of the file (ascending); orig the file as given
	 * (heap; NULL when nins is 0).  Nodes' bytes are text's; the
	 * interface (csrc.h) speaks the file's bytes: csrc_in() and
	 * csrc_out() map them. */
	char *orig;
	uint32_t *ins;
	int nins;
};

/* A byte of the file as a byte of the text parsed, and back (a byte of
 * an inserted "int " maps to the definition's first byte). */
size_t csrc_in(const struct csrc *f, size_t b);
size_t csrc_out(const struct csrc *f, size_t b);
/* Is name the C library's, declared by header ("stdio.h"), which the
 * file #includes before at (a byte of the text parsed), and which the
 * file neither declares, defines nor #defines? */
bool csrc_libc_name(const struct csrc *f, const char *name, const char *header,
		    size_t at);
/* csrc_expand() at a byte of the text parsed */
const char *csrc_expand_in(const struct csrc *f, struct arena *a,
			   const char *text, size_t at);

void csrc_index_free(struct cindex *x);

bool cnode_is(TSNode n, const char *type);
TSNode cnode_field(TSNode n, const char *name);
/* The text of n without blanks, and with runs of blanks as one blank
 * ("unsigned int"), in a. */
char *cnode_squeezed(struct arena *a, const struct csrc *f, TSNode n);
char *cnode_spaced(struct arena *a, const struct csrc *f, TSNode n);
/* The text of n as written, in a. */
char *cnode_text(struct arena *a, const struct csrc *f, TSNode n);
/* Is n's text s exactly? */
bool cnode_text_is(const struct csrc *f, TSNode n, const char *s);
/* Do x and y stand for one node (type and bytes)? */
bool cnode_same(TSNode x, TSNode y);
/* Is parameter p of a function definition `x` alone, where x is no
 * typedef of the file: tree-sitter-c's reading of an old-style
 * definition without a declaration list, `f(x) { ... }` (a definition's
 * parameters are named before C23, and its body reads x as a value), so
 * the parameter x of type int (C90 6.7.1)? */
bool csrc_kr_bare(const struct csrc *f, struct arena *a, TSNode p);
/* The function_definition named fname, or a null node. */
TSNode csrc_function(const struct csrc *f, const char *fname);
/* The identifier a (function) declarator declares, or a null node. */
TSNode cdecl_name(TSNode d);

/* --- the IR builder (csrc-method.c, csrc-mstmt.c) ------------------ */

struct cb {
	struct mwalk W;     /* lang/mwalk.h: its statements */
	struct csrc *f;
	struct arena *a;
	const struct profile *pf;
	struct mmethod *m;
	/* the mutated node [pb, pe) and its replacement (text NULL: none) */
	uint32_t pb, pe;
	const char *text;
	bool stmt, applied;
	bool visible[MIR_MAX_VARS];
	/* a local declared without an initializer (C11 6.3.2.1p2: reading
	 * it before a value is stored is undefined): flag[v] is its
	 * "assigned" slot + 1 (0: none), guard[v] the read that stands for
	 * it, `flag ? v : (T)(1 / 0)` */
	int flag[MIR_MAX_VARS];
	struct node *guard[MIR_MAX_VARS];
	bool top_assign;     /* the expression typed is a statement's: a
			      * plain assignment to a flagged local at its
			      * top sets the flag (after it) */
	int set_flag;        /* that flag + 1, or 0 */
	/* pointers (csrc-mptr.c; lang/mir.h: References, C pointers):
	 * cell[p] is pointer p's cell + 1 (0: p is no pointer), base[c]
	 * cell c's pointer, cconst[c] its pointee const; envname[i] the
	 * name typing knows variable i by (NULL: its own), a cell's guard
	 * its read (`p != 0 ? cell : (T)(1 / 0)`) */
	int cell[MIR_MAX_VARS], base[MIR_MAX_VARS];
	bool cconst[MIR_MAX_VARS];
	const char *envname[MIR_MAX_VARS];
	int nptr;
	bool raw;            /* typing a text the builder made: pointers
			      * and cells only, no guards */
	int set_cell;        /* the statement writes this cell + 1, or 0 */
	const char *why;     /* the first failure */
	TSNode fn;           /* the function_definition */
	uint32_t at;         /* the function's first byte: the file's
			      * constants and typedefs as they stand there
			      * (csrc-const.c) */
	/* struct globals (csrc-mstruct.c): variable v is member sfield[v]
	 * of struct global sobj[v] (NULL: no member), a bit-field of width
	 * bitw[v] (0: none); structs[0 .. nstruct) the globals' names */
	const char *sobj[MIR_MAX_VARS], *sfield[MIR_MAX_VARS];
	int bitw[MIR_MAX_VARS];
	/* a global's initializer (csrc-method.c: main's entry state):
	 * ginit[v] its value node (null: none, 0), gknown[v] whether it
	 * is a global whose value at program startup the file states */
	TSNode ginit[MIR_MAX_VARS];
	bool gknown[MIR_MAX_VARS];
#define CB_MAX_STRUCTS 8
	const char *structs[CB_MAX_STRUCTS];
	int nstruct;
};

/* false, and why kept when it is the first failure */
bool cb_fail(struct cb *B, const char *why);
/* Where the token of C text t that starts at t[i] ends, for the text
 * rewrites: a comment (to its end, or the text's), a string or character
 * literal (escapes skipped), else the one character; *kind says which. */
enum { CSRC_OTHER, CSRC_COMMENT, CSRC_LITERAL };
size_t csrc_token_end(const char *t, size_t i, int *kind);
/* The end of a text rewrite of SHOWN (cb_ptr_text(), cb_struct_text()):
 * sb's text in B's arena, or NULL after cb_fail() with WHY when WHY is
 * set; sb is released either way. */
const char *cb_rewritten(struct cb *B, struct strbuf *sb, const char *shown,
			 const char *why);
/* The integer type of declaration (or parameter) decl; NULL, failed. */
const struct type *cb_ctype(struct cb *B, TSNode decl, bool *is_const);
int cb_add_var(struct cb *B, const char *name, const struct type *t,
	       enum mvar_kind kind);
/* n's text with the mutant applied when it lies inside */
const char *cb_text(struct cb *B, TSNode n);
/* text parsed and typed in the visible variables (cond: as a condition) */
struct node *cb_expr_text(struct cb *B, const char *text, bool cond);
/* The same for n, an untyped node the builder made (lang/mir.h:
 * mir_var() ...): typed, no text printed and parsed again */
struct node *cb_expr_node(struct cb *B, struct node *n, bool cond);
/* A part of an expression the builder builds around it (`x = (part)`,
 * `(T)(part)`): the text parsed once, each `*p` its cell
 * (cb_ptr_text()), untyped; whole: the text of the expression it stands
 * in, in pieces, for a failure's reason only. */
struct cb_part {
	struct node *n;
	struct expr_src es;
};
bool cb_part(struct cb *B, const char *text, const char *const *whole,
	     struct cb_part *P);
/* Type n, built around P->n (lang/mir.h's constructors; NULL: a node the
 * syntax has no text for, which fails as whole's text would not parse);
 * NULL after cb_fail(). */
struct node *cb_part_typed(struct cb *B, struct node *n,
			   const struct cb_part *P, bool cond,
			   const char *const *whole);
/* (t)x, or NULL where C's syntax has no cast to t (mir_cast_written()). */
struct node *cb_cast(struct cb *B, const struct type *t, struct node *x);
/* The untyped nodes `(t)(1 / 0)` (undefined: the profile's exceptional
 * outcome, a value of type t; t NULL: `1 / 0`) and `name` */
struct node *cb_ub(struct cb *B, const struct type *t);
struct node *cb_var(struct cb *B, const char *name);
struct node *cb_expr(struct cb *B, TSNode n, bool cond);
struct mstmt *cb_stmt_new(struct cb *B, enum mstmt_kind k, TSNode n);
void cb_append(struct cb *B, struct mstmt *blk, struct mstmt *s, int *cap);
struct mstmt *cb_statement(struct cb *B, TSNode n);
struct mstmt *cb_block(struct cb *B, TSNode n);
bool cb_block_into(struct cb *B, TSNode n, struct mstmt *blk, int *cap);
/* Does the patch delete statement n (then it is applied)? */
bool cb_deleted(struct cb *B, TSNode n);

/* An old-style definition fn (`f(a, b) int a; { ... }`): is the
 * declaration list between its identifier list ps and its body one C
 * allows (each declarator a listed parameter, once, no initializer,
 * register the only storage class)?  The type of parameter p (an
 * identifier of ps) as the list declares it, int when it does not (C90
 * 6.7.1); NULL, failed, for a pointer, array or function parameter. */
bool cb_kr_list_ok(struct cb *B, TSNode fn, TSNode ps);
const struct type *cb_kr_type(struct cb *B, TSNode fn, TSNode p);

/* csrc-mstmt.c: a call statement, locals without initializers */
struct mstmt *cb_call(struct cb *B, TSNode n);
/* Declare name (type t) without an initializer into blk. */
bool cb_uninit_local(struct cb *B, const char *name, const struct type *t,
		     TSNode d, struct mstmt *blk, int *cap);
/* Reads of flagged locals in typed n guarded; 0, or -1 (failed). */
int cb_guard_reads(struct cb *B, struct node **n);

/* csrc-mptr.c: pointers to scalars.  The pointer declared by pointer
 * declarator pd of declaration decl, and its cell: 0, or -1 (failed). */
int cb_ptr_decl(struct cb *B, TSNode decl, TSNode pd, enum mvar_kind kind);
/* t with each `*p` as p's cell and NULL as 0; NULL, failed (the reason
 * quoting shown, the text of the expression t stands in). */
const char *cb_ptr_text(struct cb *B, const char *t, const char *shown);
/* Are the pointers of typed n used as pointers only?  0, or -1. */
int cb_ptr_check(struct cb *B, const struct node *n, const char *text);
/* A write to variable v (top: the statement's own): sets set_cell for
 * a cell; 0, or -1 (inside an expression, through a pointer to const) */
int cb_ptr_write_to(struct cb *B, int v, bool top);
/* s, the statement writing set_cell's cell, into blk with its null
 * check before and the alias updates after. */
bool cb_ptr_write(struct cb *B, struct mstmt *blk, struct mstmt *s, int *cap,
		  TSNode at);
/* Refuse pointers that may point to one object with different types,
 * or to a global the function names. */
bool cb_ptr_overlaps(struct cb *B);
/* The consistency prelude; heap_writes. */
bool cb_ptr_finish(struct cb *B);

/* csrc-mstruct.c: struct globals.  Is global declaration decl's type a
 * struct the file defines? */
bool cb_is_struct(struct cb *B, TSNode decl);
/* The members of struct global name (declaration decl) that body text
 * btext names (named(btext, member)) as globals: 0, or -1 (failed). */
int cb_struct_global(struct cb *B, TSNode decl, const char *name,
		     const char *btext, bool (*named)(const char *, const char *));
/* t with each `g.m` as its member's variable; NULL, failed (a whole
 * struct, a bit-field written inside an expression; shown quoted). */
const char *cb_struct_text(struct cb *B, const char *t, const char *shown);
/* Effect text t, a statement's write to a bit-field member (`g.m = e`,
 * `g.m op= e`, `g.m++`, `++g.m`), as the text of its assignment with
 * the value reduced; NULL when t is none (*failed: it is one, and
 * failed). */
const char *cb_struct_write(struct cb *B, const char *t, bool *failed);
/* The bit-fields' ranges on entry (an early return outside them). */
bool cb_struct_finish(struct cb *B);

#endif
