/*
 * mir.h - the method IR: one Java method as a small tree of statements
 * over typed expressions (lang/ast.h), for method-level verdicts
 * (`subsume check --source DIR --method`).  Built from the source by
 * lang/javasrc-method.c; given meaning by sem/mir-eval.c (concrete) and
 * sem/mir-encode.c (Z3), which implement the statements once each and
 * take every expression's meaning from sem/eval.c and sem/encode.c.
 *
 * Variables.  One typing environment for the whole method: parameters
 * first, then the fields the method names (read as inputs, their final
 * values observed; a final field initialized with an integer, char or
 * boolean literal holds that constant: other values are impossible
 * inputs, Other references), then one slot per local declaration (its
 * initial value never matters: Java's definite assignment).  Each expression was
 * typed with the names visible where it stands, so a local that shadows
 * a field, or two sibling blocks' locals of one name, are different
 * slots.  Primitive types are modelled (float and double with
 * the profile's IEEE semantics, as at expression level), references
 * as object ids (References, Other references) and arrays of
 * primitives (Arrays below); an expression over anything else makes
 * the build fail
 * with the reason, as does a switch on anything but an int, char, short
 * or byte, or with a label that is not a literal.
 *
 * Calls.  A call to a method declared in the same class, unqualified or
 * on `this`, with primitive parameters, is an MS_CALL: its arguments are
 * evaluated and the call is made, an event a test sees (the callee and
 * the argument values).  As a statement `f(args);` its result, if any,
 * is dropped; a call whose result is used (`return g(x);`, `g(x) + 1`,
 * `c || p(x)`) is lowered out of its expression by the Java front end
 * (lang/javasrc-mcall.c): an MS_CALL whose e is the N_VAR of a local
 * temporary (named $N) receiving the result, of the callee's result type
 * (a primitive other than float and double), the expression then reading
 * the temporary; short-circuit operators and ?: become MS_IF, so a call
 * not evaluated is not made, and a loop condition with calls is tested
 * at the start of its body (MS_IF with an MS_BREAK).  The result is
 * opaque, a function of the call's place in the run (sem/mir.h: Call
 * results); the callee returns normally (outside a try statement a
 * callee's exception would end both runs alike at the same call; a
 * call inside one makes the build fail: Exceptions below).  Calls on
 * objects of other classes and static methods of other classes: Other
 * references below.
 * C (lang/csrc-mstmt.c): a call statement to a function declared or
 * defined in the file, id its place among the file's function
 * declarators; in a function that names globals the calls see and may
 * change them (Calls and fields below: globals are its MV_FIELDs).
 *
 * Calls and fields.  A callee may read and write the fields: in a
 * method with calls (C: a function, its globals), each call's event also holds the values of the
 * fields the method names (its MV_FIELD variables, in order), and after
 * it each such field holds an opaque value (sem/mir.h: Calls and
 * fields).  So the front end reads a field operand evaluated before a
 * later call of its expression into a temporary first (`x + g()`), and
 * `x op= e` with calls in e and x a field becomes `t = x; ...; x =
 * (T)(t op e)` (lang/javasrc-mlower.c).  At most MIR_MAX_SEEN fields, none
 * floating (else the build fails).  Every field the method names counts,
 * static or not (a callee that cannot reach one leaves it unchanged,
 * which is one of the values the model allows).
 *
 * Calls on references.  `r.m(args)`, r a parameter, field or local of
 * the class's type (References below), calls the class's method m on
 * the object r: an MS_CALL whose callee has recv set, args[0] the
 * receiver's id (an int), then the arguments.  Java evaluates r, then
 * the arguments, then throws a NullPointerException if r is null (no
 * call made); the event holds the receiver's id.  A method called both
 * on this and on a reference, and a call on a field with calls in its
 * arguments (a callee may change the field, which Java read before
 * them; the MS_CALL reads it after), fail the build; on a parameter or
 * a local, only assignments in the arguments could change r: with calls
 * in them, they fail the build too.
 *
 * References (a subset of the heap; lang/javasrc-mheap.c).  The only
 * reference type is the method's own class C; a reference is an int
 * object id: 0 is null, 1 is `this`, any other value another object of
 * C (ids only compare for identity).  Parameters, fields and locals of
 * type C are such ints (bit i of refs; ret_ref for the return value),
 * so `==`, `!=`, `null` and returning a reference are int operations.
 * A read through a reference, b.f for a reference b other than `this`
 * (a chain fa.fa.y is read link by link), is an MV_HEAP variable named
 * by its path ("fa.fa", "fa.fa.y"): an input (observed only when the
 * method writes through references: Writes below), read after a null
 * check of b (`if (b == null) throw;` of kind NullPointerException)
 * that the builder puts before the statement when Java evaluates the
 * read whenever the statement runs; the operands Java completes before
 * the read that divide are evaluated in the check's body first, so
 * `1 / y + b.f` throws ArithmeticException at y = 0 whatever b
 * (lang/javasrc-mexc.c; a store before them fails).  A read after &&,
 * || or ? is lowered as a call is (javasrc-mlower.c: an MS_IF over a
 * temporary), its check put just before the statement that reads it,
 * inside that MS_IF; a do-while condition's checks run where the
 * condition is tested (as its calls are), a for update's before each
 * update expression.
 * A method with an MV_HEAP variable calls nothing and never assigns a
 * reference it dereferences (a base), nor a reference field that a
 * path reads through; otherwise the build fails with the reason.  So
 * every base keeps its initial value: a cell (a field of this, a path)
 * names one object's field for the whole run.  The path variables'
 * initial values are consistent with a real heap exactly when
 * b1 == b2 implies b1.f == b2.f for every two bases of one field f
 * (`this` and its field f included): a prelude
 * `if (!(all such implications)) return <0/false>;` makes every other
 * input unable to tell two methods apart.  Soundness: every real heap
 * gives consistent path values (read each path in it), and the run on
 * the heap equals the run on them; completeness: consistent values
 * build a heap (one object per distinct id, its field f the value of
 * any path b.f with b that id), so a killing input is a test.  This is
 * Ackermann's reduction: the universe is at most one object per
 * reference-valued read plus `this` and the parameters.  The original
 * and its mutants have the same variables: the mutant's build first
 * creates the original's paths (and fails if it reads another one).
 * Writes (lang/javasrc-mwrite.c).  A write to a cell, b.f = v, b.f op=
 * v or b.f++ (f = v for this's field), is a statement (a write inside
 * an expression fails the build) followed by `if (c == b) c.f = b.f;`
 * for every other cell c.f of the field (c: its base, 1 for this): so
 * after every statement the cells stay consistent, each read of b.f
 * sees the last write to its object's f or its initial value, and the
 * cells' final values are the final heap on every object a test can
 * reach through the method's paths (an object written is one of them:
 * its write named a cell).  Such a method has heap_writes (a mutant
 * inherits its original's, and fails if it writes when its original
 * does not): the MV_HEAP variables' final values are then seen
 * (sem/mir.h), a cell of null never written (a write checks its base
 * first), so equal in every two runs on one input.
 * `this.f` is the field f; where a parameter f hides it, f is a variable
 * of its own (MV_FIELD, named f, made like a path).
 * Other references (lang/javasrc-mref.c).  A parameter, field, local,
 * temporary or return value of any other reference type T (String,
 * Integer, List<Integer>, a class of the file, a type variable) is an
 * opaque int object id as well (bit i of refs; B's oref in the builder),
 * used only by identity: an expression may compare two references with
 * == and != (null, this included), assign one, pick one with ?:, return
 * one or pass one as an argument; any other use (string concatenation,
 * `s + 1`, unboxing `x == 1` or `int y = x`, boxing `Integer x = 5`,
 * a cast `(S) t`, a read t.f of another class's field, a switch on a
 * String, a string literal) fails the build with the reason.  So Java's
 * meaning of every modelled expression on references is identity, and
 * the ids are exact.
 * What a test sees of a returned reference.  mir_differs() compares the
 * ids (assertSame).  A test that compares with equals() sees no more:
 * two runs that return one id agree under every equals (sound for
 * equivalence, duplicates and subsumption: identity implies equality).
 * A killing input whose runs return different ids is a test by
 * assertSame; it is one by equals too when the two objects come from
 * the input (parameters, fields: the test chooses them, distinct by
 * equals: the JVM differential tests build them so), from a callee (a
 * stub returns them) or from `new` against null.  A test cannot give
 * an input that no Java object is: a guard `if (impossible) return
 * <0/false/null>;` first (as the heap's prelude) makes such inputs tell
 * no two methods apart: an input reference equal to this or to another
 * one (not null) though no object is of both declared types (an object's
 * class has one chain of superclasses, so both types must be on it):
 * each is a final class of the library (String, Integer, ...) or a class
 * whose chain up to Object is declared in the file, and neither is on
 * the other's chain.  Where a chain leaves the file (an interface, a
 * library class that is not final), ids may still alias where the class
 * hierarchy (unknown) forbids it: an over-approximation (a killing
 * input may need two references of unrelated classes to be one object).
 * Calls on them.  `r.m(args)` with r such a reference, and `C.m(args)`
 * with C a name that is not a variable and starts with a capital (a
 * static method of another class), are MS_CALLs like the class's own
 * (Calls, Calls on references: receiver id first, NullPointerException
 * on a null receiver after the arguments); the callee id is
 * MB_OTHER_ID (232) plus the call's place among the distinct
 * (name, arity) of the unpatched method's calls on other objects (C.m
 * for static ones), so the original and every mutant agree; an
 * object's method is chosen by the receiver's id (dynamic dispatch), so
 * calls of one name and arity on one object are one callee.  Its
 * parameter types come from its declaration when T's class is declared
 * in the file (overloads resolved as for the class's own; a reference
 * argument resolves no overload), else they are the arguments' static
 * types (a primitive passed to an Object parameter is recorded by
 * value: both runs box the same value).  A result that is used needs a
 * type: the declaration's in the file, else a small table of library
 * methods (javasrc-mref.c: String.length() int, List<E>.get(int) E,
 * equals boolean, ...); otherwise the build fails, never guessing.  A
 * reference result is an opaque id; mcallee.refargs marks reference
 * arguments (printed as ids).
 * Pure library methods.  Math.abs(int|long), Math.min and Math.max of
 * int and long (and StrictMath's) are not events: deterministic and
 * without effects, a test cannot observe them, so they are their value,
 * Java's definition (abs(a) = a < 0 ? -a : a, wrapping at MIN_VALUE;
 * min(a, b) = a <= b ? a : b; max(a, b) = a >= b ? a : b), over the
 * arguments promoted to int or long; of float and double (-0.0, NaN)
 * and any other Math method, the build fails.
 * New.  `new T(args)` (not an anonymous class) is an event (callee
 * "new T", the constructor call with its arguments, id as for calls)
 * followed by a fresh id: MIR_FRESH + k for the k-th object the run
 * creates (a local counter $new, set to MIR_FRESH first).  Two runs
 * whose events agree so far create the same ids, as a JVM's objects
 * are the same objects up to renaming.  No input is a fresh id (the
 * guard above adds `r >= MIR_FRESH` for every reference input), and a
 * callee's reference result in a method with `new` is read as null when
 * it is in their range (every other id is still reached: a surjection
 * onto the ids a callee can return).  A field a callee sets may hold a
 * fresh id not made yet: an over-approximation, as above.
 *
 * Arrays (lang/javasrc-marr.c; sem/mir-arr.c, sem/mir-aenc.c).  An
 * array variable (bit i of arrs; elem[i] its element type, a primitive
 * other than float and double) holds an int id: 0 is null, 1..K the
 * method's input arrays (K: its array parameters and fields, at most
 * MIR_AOBJ), K+1, K+2, ... the arrays the run creates, in order.  So
 * `a == b`, `a != null` and `b = a` are int operations.  Four statements
 * touch an array, in a language-neutral form (a C pointer indexing can
 * reuse them: only the failing outcome is the profile's):
 *   MS_ALOAD   e = args[0][args[1]]   (e: an N_VAR of type elem)
 *   MS_ASTORE  args[0][args[1]] = args[2]   (args[2] of type elem)
 *   MS_ALEN    e = args[0].length     (e: an int N_VAR)
 *   MS_ANEW    e = new elem[args[0]]  (e: an array variable's N_VAR;
 *              the elements 0 / false)
 * Each evaluates its args in order (an exception there ends it), then
 * checks: the array null (MS_ALOAD, MS_ASTORE, MS_ALEN), the index out
 * of 0..length-1 (MS_ALOAD, MS_ASTORE), the length negative (MS_ANEW);
 * a failing check's outcome is the profile's: Java the exception kind
 * MIR_EXC_NULL, MIR_EXC_INDEX, MIR_EXC_NEGSIZE; C undefined behaviour.
 * Then the effect.  This is Java's order for `a[i] = v` (JLS 15.26.1:
 * array, index, then the value, then the null and bounds checks) and
 * for a read (15.10.4); `a[i] op= v` and `a[i]++` check before the
 * value (15.26.2): the front end makes them `t = a[i]` (MS_ALOAD, its
 * index first in a temporary unless a name or a literal), then
 * `a[i] = (T)(t op v)`.  A read or length inside an expression is
 * lowered out of it as a call is (javasrc-mlower.c: a temporary, in
 * Java's order, an MS_IF after &&, || and ?).  The input arrays'
 * final contents are seen by a test when the method writes an array
 * (arr_writes; sem/mir.h: Arrays); arrays the run creates are not
 * reachable by the test: storing one in a field, returning an array,
 * array initializers, multi-dimensional arrays and arrays with calls
 * or reads through references fail the build with the reason.  A
 * prelude `if (!(ids in 0..K, two input arrays of different element
 * types not the same)) return <0/false>;` makes every other input
 * unable to tell two methods apart, as the References' prelude does.
 *
 * C pointers (lang/csrc-mptr.c).  A pointer parameter or global `T *p`
 * to a scalar type T is an int object id (bit of refs): 0 is NULL,
 * distinct nonzero ids are distinct objects (no `this`; printed NULL,
 * &o1, ...).  Each has a cell, the MV_HEAP variable "*p" of type T: the
 * value of the object p points to, as if *p were the one field (named
 * T) of an object of class T, so the Java machinery carries over.  A
 * read of *p is `p != 0 ? *p : (T)(1 / 0)` (undefined behaviour, C's
 * one exceptional outcome, when p is NULL, and only where C evaluates
 * the read: after &&, || and ?: as written).  A write, `*p = e;`,
 * `*p op= e;`, `(*p)++;`, is a statement (inside an expression it
 * fails): `if (p == 0) 1 / 0;` before it (whatever else the statement
 * does, its write makes it undefined: one outcome), then `if (q == p)
 * *q = *p;` for every other pointer q to T.  Pointers are only tested
 * (`if (p)`, `!p`, &&, ||, ?:) or compared with == and != to NULL or a
 * pointer to T; arithmetic, casts, <, `p[i]`, `&x`, local pointers and
 * any assignment to a pointer fail the build, so every pointer keeps
 * its initial value and names one object for the whole run.  Aliasing:
 * two pointers to T may be equal; pointers to different types T and U
 * never point to one object (C11 6.5p7: a program that accessed one
 * object through both would be undefined) unless T and U may overlap
 * (signed and unsigned variants, a character type), which fails the
 * build, as does a global of (or overlapping) T beside a pointer to T
 * (the pointer may hold its address), two pointers to one floating type
 * (the prelude's == is not identity on NaN and -0.0) and a call (the
 * callee may change the objects).  The prelude is
 * `if (!(p != q || *p == *q) ...) return 0;` for two pointers to one
 * type and `p != q || p == 0` for two of different types.  Soundness
 * and completeness as for References: a real call (each pointer NULL or
 * the address of an object of its type, no object with two types)
 * gives consistent cells and the same run; consistent cells build one:
 * one object per distinct nonzero id, of its pointers' type, holding
 * their cells' value.  Every function with pointers has heap_writes:
 * the cells' final values are seen (the objects the test passed); a
 * cell never written, NULL's among them, keeps its input in both runs.
 * Every pointer parameter, and every pointer global the body names, has
 * its cell whether or not *p is read, so the original and its mutants
 * have the same variables.
 *
 * Exceptions (lang/javasrc-mexc.c).  A run that throws ends with an
 * exception kind, a small int naming its class in the method's table
 * mmethod.exc: MIR_EXC_ARITH for / and % by zero of int and long (the
 * only expression that throws in Java), MIR_EXC_NULL for a null check,
 * the array kinds for arrays (their builder puts an MS_THROW of the
 * kind), and for `throw new X(args)` the kind of X's simple name, added
 * to the table in the order the unpatched method's throws name their
 * classes, so the original and every mutant number them alike.  The
 * arguments (the message) must be literals or concatenations of
 * literals: then the original's and the mutant's messages are the same
 * text (a patch inside them is outside the model), so only the class
 * is compared; an argument that reads the run's values could tell two
 * runs apart by getMessage() and makes the build fail.  Any other
 * throw (`throw e`) fails.  A try statement is an MS_TRY: its body,
 * then the first MS_CATCH whose mask has the kind thrown (its block
 * runs, the exception gone), then the finally block on every exit
 * (normal, return, break, continue, exception); the finally's own
 * abrupt exit (a return, a throw) replaces the pending one.  The masks
 * come from a table of the standard classes and their superclasses
 * (ArithmeticException < RuntimeException < Exception < Throwable ...)
 * and, for a class the method throws, its `extends` in the source
 * file; a thrown class that cannot be placed makes the build fail when
 * a catch clause has to decide on it.  The caught variable must be
 * unused (the exception object is not modelled), try-with-resources is
 * refused, and so is a call inside a try statement: the callee's
 * exceptions are not modelled, and a catch or finally would observe
 * them.  C has none of these: its exceptional outcome is undefined
 * behaviour, one outcome (nexc 0, kind 0).
 *
 * Invariants: every expression is typed (ast.h); conditions are
 * boolean; an MS_RETURN's value has the method's return type (or is
 * NULL for void); nvars <= MIR_MAX_VARS.  Everything lives in the arena the
 * builder was given.
 */
#ifndef SUBSUME_MIR_H
#define SUBSUME_MIR_H

#include "lang/ast.h"

#define MIR_MAX_VARS 32 /* C functions; Java methods JSRC_MAX_VARS */

enum mstmt_kind {
	MS_SKIP,     /* nothing (a deleted statement, an empty one) */
	MS_EXPR,     /* e, for its side effects and exceptions */
	MS_BLOCK,    /* kids[0..nkids) in order */
	MS_IF,       /* if (e) body else els (els may be NULL) */
	MS_LOOP,     /* while (e) { body; update }, e NULL: true;
		      * test_first false: a do-while */
	MS_BREAK,    /* of the innermost loop */
	MS_CONTINUE, /* of the innermost loop (its update still runs) */
	MS_RETURN,   /* return e (NULL: void) */
	MS_THROW,    /* a throw: the exceptional outcome, of kind exc
		      * (Exceptions below) */
	MS_SWITCH,   /* switch (e) { kids }: e is the selector as an int
		      * (C: in its promoted type, the labels converted to it);
		      * kids are its MS_CASE groups in source order.  The
		      * run enters the first group with a label equal to e
		      * (or else the default one, or none) and falls through
		      * the later ones; MS_BREAK inside leaves the switch,
		      * MS_CONTINUE the innermost loop around it */
	MS_CASE,     /* one group of an MS_SWITCH (only there): its labels
		      * labels[0..nlabels), each an int constant expression
		      * (no variable), dflt for `default`, and body, its
		      * statements (an arrow rule's end with an MS_BREAK) */
	MS_CALL,     /* callee(args[0..nargs)), its result into the
		      * variable e (an N_VAR) or dropped (e NULL): see
		      * Calls above */
	MS_TRY,      /* try body, then kids: its MS_CATCH clauses in
		      * source order, then els: the finally block (NULL:
		      * none); see Exceptions above */
	MS_CATCH,    /* one catch clause of an MS_TRY (only there): exc is
		      * the mask of the kinds it catches (bit k: kind k),
		      * body its block */
	/* Arrays above: args[0..nargs) evaluated in order, then the
	 * checks, then the effect; elem is the element type */
	MS_ALOAD,    /* e = args[0][args[1]] */
	MS_ASTORE,   /* args[0][args[1]] = args[2] */
	MS_ALEN,     /* e = args[0].length */
	MS_ANEW,     /* e = new elem[args[0]] */
};

struct mstmt {
	enum mstmt_kind kind;
	int line;                /* in the source, 1-based */
	const struct node *e;
	struct mstmt *body, *els, *update;
	bool test_first;
	int nkids;
	struct mstmt **kids;
	int nlabels;             /* MS_CASE */
	const struct node **labels;
	unsigned exc;            /* MS_THROW: the kind; MS_CATCH: a mask */
	bool dflt;
	int callee, nargs;       /* MS_CALL: callee indexes mmethod.callees;
				  * args converted to its parameters' types */
	const struct node **args;
	const struct type *elem; /* MS_ALOAD ... MS_ANEW: the element type */
	/* MS_CALL with a result (e): the callee's contract
	 * (configs/contracts.yaml, attached by check/mcontract.c), a
	 * side-effect-free boolean expression over e->var alone (the
	 * contract's `value`); NULL: none.  sem/mir.h: Contracts */
	const struct node *assume;
};

#define MIR_MAX_CALLEES 8
/* Ids from MIR_FRESH on are the objects the run creates (`new`; Other
 * references): MIR_FRESH + k the k-th; no input is one. */
#define MIR_FRESH 0x40000000
/* Exception kinds (Exceptions above): the first MIR_EXC_STD are every
 * Java method's, in this order; then the classes its throws name */
#define MIR_MAX_EXC 16
enum {
	MIR_EXC_ARITH,    /* ArithmeticException: / and % by zero */
	MIR_EXC_NULL,     /* NullPointerException: a null receiver */
	MIR_EXC_INDEX,    /* ArrayIndexOutOfBoundsException (arrays) */
	MIR_EXC_NEGSIZE,  /* NegativeArraySizeException (arrays) */
	MIR_EXC_STD
};
#define MIR_MAX_ARGS 4
#define MIR_MAX_SEEN 24 /* fields a method with calls may name (C;
			* Java: JSRC_MAX_SEEN) */
#define MIR_AOBJ 4     /* input arrays (array parameters and fields) */

/* A method of the class called by the method: id is its place among
 * the class's method declarations (the same for the original and every
 * mutant), args its parameters' types; recv: called on a reference
 * (Calls on references), args[0] is the receiver (an int, its id), and
 * nargs counts it. */
struct mcallee {
	const char *name;
	int id, nargs;
	const struct type *args[MIR_MAX_ARGS];
	bool recv;
	unsigned refargs;        /* bit i: args[i] is a reference's id */
};

/* MV_HEAP: a read through a reference (References above); C: the
 * object a pointer points to (C pointers above) */
enum mvar_kind { MV_PARAM, MV_FIELD, MV_LOCAL, MV_HEAP };

struct mmethod {
	const char *name;        /* "max" */
	const char *file;        /* the source file's name */
	/* NULL: Java (javasrc-method.c); else the C profile of a C
	 * function (csrc-method.c): its exceptional outcome is undefined
	 * behaviour, its fields are global variables */
	const struct profile *profile;
	int line, col;           /* where the declaration starts */
	const struct type *ret;  /* NULL: void */
	int nvars;
	const char *names[MIR_MAX_VARS];
	const struct type *types[MIR_MAX_VARS];
	enum mvar_kind kinds[MIR_MAX_VARS];
	unsigned refs;           /* bit i: variable i is a reference */
	bool ret_ref;            /* the return value is a reference */
	/* it writes a field cell in a method with MV_HEAP variables (or
	 * is a mutant of one that does): the MV_HEAP variables' final
	 * values are seen (References: Writes; mir_observed()) */
	bool heap_writes;
	/* Arrays: bit i, variable i is an array (an int id); elem[i] its
	 * element type; arr_writes: it (or its original) has an
	 * MS_ASTORE, the input arrays' final contents are seen */
	unsigned arrs;
	const struct type *elem[MIR_MAX_VARS];
	bool arr_writes;
	int nloops;              /* loops in the body */
	int ncallees;
	struct mcallee callees[MIR_MAX_CALLEES];
	struct mstmt *body;
	/* The exception kinds' simple class names (Exceptions above):
	 * Java: nexc >= MIR_EXC_STD; C: 0 (undefined behaviour is one
	 * outcome, of kind 0) */
	int nexc;
	const char *exc[MIR_MAX_EXC];
	/* How a test compares floating outcomes (lang/value.h's rule, the
	 * expression level's): the builders leave FCMP_IDENTICAL (0),
	 * check/method.c sets the site's float-compare (sem/mir.h) */
	enum float_compare fcmp;
};

/* A mutant as a change of the method's source text: the node starting
 * at byte begin whose text (without blanks) is orig becomes text; with
 * stmt, the statement there is deleted (text is ignored). */
struct mir_patch {
	size_t begin;
	const char *orig;
	const char *text;
	bool stmt;
};

/* --- constructors (lang/mir.c), shared by the Java and C front ends ---
 * Everything is allocated in the arena a and lives as long as it. */

/* A statement of kind k at source line line (1-based), its other fields
 * zero. */
struct mstmt *mir_stmt(struct arena *a, enum mstmt_kind k, int line);
/* Append s to the block blk (its kids' capacity in *cap). */
void mir_append(struct arena *a, struct mstmt *blk, struct mstmt *s, int *cap);
/* The text of an expression a builder built around parsed parts, its
 * pieces (NULL-terminated) joined: for a failure's reason only, the
 * expression itself is nodes. */
const char *mir_joined(struct arena *a, const char *const *pieces);
/* The preludes' `if (c) return r;` at m's line, an MS_IF whose body is
 * the MS_RETURN: the caller sets c (its e) and, for a method with a
 * result, r (its body's e). */
struct mstmt *mir_early_return(struct arena *a, const struct mmethod *m);
/* m's body becomes the block { s; the body } at m's line. */
void mir_prepend(struct arena *a, struct mmethod *m, struct mstmt *s);
/* The text src[b, e) with the mutated node's bytes [pb, pe) (inside
 * it) replaced by "(repl)". */
char *mir_patched(struct arena *a, const char *src, size_t b, size_t e,
		  size_t pb, size_t pe, const char *repl);
/* Untyped expression nodes, as lang/parse.c would make them from text
 * (their pos is 0): the builders type them in the method's variables
 * like a parsed text (lang/ast.h, type_expr). */
struct node *mir_var(struct arena *a, const char *name);
/* A literal of type t, value v; mir_int: of the profile's int. */
struct node *mir_lit(struct arena *a, const struct type *t, struct value v);
struct node *mir_int(struct arena *a, const struct profile *pf, int64_t v);
struct node *mir_unary(struct arena *a, enum op op, struct node *x);
struct node *mir_binary(struct arena *a, enum op op, struct node *x,
			struct node *y);
struct node *mir_cond(struct arena *a, struct node *c, struct node *x,
		      struct node *y);
/* x = y */
struct node *mir_assign(struct arena *a, struct node *x, struct node *y);
/* (t)x, a cast written in the text */
struct node *mir_cast(struct arena *a, const struct type *t, struct node *x);
/* The cast "(t)x" parses to in pf's syntax (to the type t's name names);
 * NULL where it has none (Java: to boolean), as that text would not
 * parse. */
struct node *mir_cast_written(const struct profile *pf, struct arena *a,
			      const struct type *t, struct node *x);
/* The default value of type t, what a prelude's early return gives:
 * `false` for a boolean t (Java), else `(t)0` (0 an int of pf). */
struct node *mir_zero(struct arena *a, const struct profile *pf,
		      const struct type *t);
/* Type n in the method m's variables, named names[0..m->nvars) (a
 * hidden one "\001") with the profile pf; the first error's text into
 * err.  0, or -1. */
int mir_type(struct node *n, const struct mmethod *m, const char *const *names,
	     const struct profile *pf, struct arena *a,
	     const struct expr_src *es, struct strbuf *err);

#endif
