/*
 * mir-aenc.c - arrays in the method IR's Z3 encoding (sem/mir.h:
 * Arrays; lang/mir.h: Arrays): per element type a memory from id to a
 * Z3 array of elements, one array of lengths, a counter of the arrays
 * a run creates; the input arrays free (read back from a model as an
 * input) or an input's constants (mir_smt_outcome()).
 */
#include "sem/mir-int.h"

#include <stdio.h>
#include <string.h>

static Z3_sort bv(Z3_context c, unsigned w)
{
	return Z3_mk_bv_sort(c, w);
}

static Z3_ast num(Z3_context c, int64_t v, unsigned w)
{
	return Z3_mk_int64(c, v, bv(c, w));
}

/* The index of element type t among the original's (-1: none). */
static int type_of(const struct mir_smt *S, const struct type *t)
{
	for (int k = 0; k < S->natype; k++)
		if (S->atype[k] == t)
			return k;
	return -1;
}

static int elem_index(const struct mir_smt *S, const struct type *t)
{
	int k = type_of(S, t);
	if (k < 0)
		BUG("an array of %s the original does not have", t->name);
	return k;
}

/* The all-v array of indices to sort es. */
static Z3_ast const_elems(struct mir_smt *S, Z3_sort es, Z3_ast v)
{
	(void)es;
	return Z3_mk_const_array(S->enc.ctx, bv(S->enc.ctx, 32), v);
}

/* The start: input array j (1..K) is ain[t][j - 1] in memory t, its
 * length alen[j - 1]; every other id the all-zero array of length 0. */
static void start_from(struct mir_smt *S)
{
	Z3_context c = S->enc.ctx;
	for (int t = 0; t < S->natype; t++) {
		const struct type *ty = S->atype[t];
		Z3_ast zero = enc_constant(&S->enc, ty, value_int(0));
		Z3_ast m = Z3_mk_const_array(c, bv(c, 32),
					     const_elems(S, enc_sort(&S->enc, ty),
							 zero));
		for (int j = 1; j <= S->ak; j++)
			m = Z3_mk_store(c, m, num(c, j, 32), S->ain[t][j - 1]);
		S->mem0[t] = m;
	}
	Z3_ast l = Z3_mk_const_array(c, bv(c, 32), num(c, 0, 32));
	for (int j = 1; j <= S->ak; j++)
		l = Z3_mk_store(c, l, num(c, j, 32), S->alen[j - 1]);
	S->lens0 = l;
}

/* The free input arrays and lengths (0..2^31-1). */
static void free_inputs(struct mir_smt *S)
{
	Z3_context c = S->enc.ctx;
	for (int j = 1; j <= S->ak; j++) {
		for (int t = 0; t < S->natype; t++) {
			Z3_sort es = enc_sort(&S->enc, S->atype[t]);
			Z3_sort as = Z3_mk_array_sort(c, bv(c, 32), es);
			char name[64];
			snprintf(name, sizeof(name), "$array%d.%s", j,
				 S->atype[t]->name);
			S->ain[t][j - 1] = Z3_mk_const(c, Z3_mk_string_symbol(c,
							name), as);
		}
		char name[32];
		snprintf(name, sizeof(name), "$length%d", j);
		Z3_ast l = Z3_mk_const(c, Z3_mk_string_symbol(c, name),
				       bv(c, 31));
		S->alen[j - 1] = Z3_mk_zero_ext(c, 1, l);
	}
	start_from(S);
}

void mir_arr_setup(struct mir_smt *S)
{
	const struct mmethod *m = S->orig;
	S->ak = mir_arr_inputs(m);
	for (int i = 0; i < m->nvars; i++)
		if ((m->arrs >> i & 1) && type_of(S, m->elem[i]) < 0) {
			if (S->natype == MIR_ATYPES)
				BUG("more than %d element types", MIR_ATYPES);
			S->atype[S->natype++] = m->elem[i];
		}
	free_inputs(S);
}

void mir_arr_start(struct mir_smt *S, struct mst *st)
{
	Z3_context c = S->enc.ctx;
	for (int t = 0; t < S->natype; t++)
		st->mem[t] = S->mem0[t];
	st->lens = S->natype ? S->lens0 : NULL;
	st->nalloc = S->natype ? num(c, 0, 32) : NULL;
}

void mir_arr_pick(struct mir_smt *S, Z3_ast g, struct mst *st,
		  const struct mst *t)
{
	Z3_context c = S->enc.ctx;
	if (!S->natype)
		return;
	for (int k = 0; k < S->natype; k++)
		st->mem[k] = Z3_mk_ite(c, g, t->mem[k], st->mem[k]);
	st->lens = Z3_mk_ite(c, g, t->lens, st->lens);
	st->nalloc = Z3_mk_ite(c, g, t->nalloc, st->nalloc);
}

/* The run throws kind k where it has not thrown and bad holds. */
static void fail_if(struct mir_smt *S, struct mst *st, Z3_ast bad, unsigned k)
{
	Z3_context c = S->enc.ctx;
	if (S->typed)
		st->exc = Z3_mk_ite(c, st->thr, st->exc,
				    Z3_mk_ite(c, bad, num(c, k, 8), st->exc));
	st->thr = Z3_mk_or(c, 2, (Z3_ast[]){ st->thr, bad });
}

void mir_arr_stmt(struct mir_smt *S, const struct mstmt *s, struct mst *st,
		  const Z3_ast *args)
{
	Z3_context c = S->enc.ctx;
	Z3_ast val = NULL;
	int t = elem_index(S, s->elem);
	if (s->kind == MS_ANEW) {
		fail_if(S, st, Z3_mk_bvslt(c, args[0], num(c, 0, 32)),
			MIR_EXC_NEGSIZE);
		Z3_ast id = Z3_mk_bvadd(c, st->nalloc, num(c, S->ak + 1, 32));
		Z3_ast zero = enc_constant(&S->enc, s->elem, value_int(0));
		Z3_ast z = const_elems(S, enc_sort(&S->enc, s->elem), zero);
		Z3_ast thr = st->thr;
		st->mem[t] = Z3_mk_ite(c, thr, st->mem[t],
				       Z3_mk_store(c, st->mem[t], id, z));
		st->lens = Z3_mk_ite(c, thr, st->lens,
				     Z3_mk_store(c, st->lens, id, args[0]));
		st->nalloc = Z3_mk_ite(c, thr, st->nalloc,
				       Z3_mk_bvadd(c, st->nalloc, num(c, 1, 32)));
		val = id;
	} else {
		Z3_ast id = args[0];
		fail_if(S, st, Z3_mk_eq(c, id, num(c, 0, 32)), MIR_EXC_NULL);
		Z3_ast len = Z3_mk_select(c, st->lens, id);
		if (s->kind == MS_ALEN) {
			val = len;
		} else {
			/* unsigned: a negative index is past every length */
			fail_if(S, st, Z3_mk_bvuge(c, args[1], len),
				MIR_EXC_INDEX);
			Z3_ast a = Z3_mk_select(c, st->mem[t], id);
			if (s->kind == MS_ALOAD)
				val = Z3_mk_select(c, a, args[1]);
			else
				st->mem[t] = Z3_mk_ite(c, st->thr, st->mem[t],
					Z3_mk_store(c, st->mem[t], id,
						    Z3_mk_store(c, a, args[1],
								args[2])));
		}
	}
	if (s->e && val)
		st->v[s->e->var] = Z3_mk_ite(c, st->thr, st->v[s->e->var], val);
}

Z3_ast mir_arr_differ(struct mir_smt *S, const struct mst *x,
		      const struct mst *y)
{
	Z3_context c = S->enc.ctx;
	Z3_ast parts[MIR_ATYPES * MIR_AOBJ];
	unsigned n = 0;
	for (int t = 0; t < S->natype; t++)
		for (int j = 1; j <= S->ak; j++) {
			Z3_ast id = num(c, j, 32);
			parts[n++] = Z3_mk_not(c, Z3_mk_eq(c,
				Z3_mk_select(c, x->mem[t], id),
				Z3_mk_select(c, y->mem[t], id)));
		}
	return n ? Z3_mk_or(c, n, parts) : Z3_mk_false(c);
}

Z3_ast mir_arr_small(struct mir_smt *S)
{
	Z3_context c = S->enc.ctx;
	Z3_ast parts[MIR_AOBJ];
	for (int j = 0; j < S->ak; j++)
		parts[j] = Z3_mk_bvule(c, S->alen[j], num(c, 8, 32));
	return S->ak ? Z3_mk_and(c, (unsigned)S->ak, parts) : Z3_mk_true(c);
}

/* The element type of input array j on input in: the first input
 * array variable's whose id is j (-1: none). */
static int input_type(struct mir_smt *S, const struct value *in, int j)
{
	const struct mmethod *m = S->orig;
	for (int i = 0; i < m->nvars; i++)
		if ((m->arrs >> i & 1) && m->kinds[i] != MV_LOCAL &&
		    (int64_t)in[i].bits == j)
			return type_of(S, m->elem[i]);
	return -1;
}

int mir_arr_model(struct mir_smt *S, Z3_model mdl, struct value *input)
{
	Z3_context c = S->enc.ctx;
	for (int j = 1; j <= S->ak; j++) {
		struct value *slot = input + MIR_ARR + (j - 1) * MIR_ASLOT;
		int t = input_type(S, input, j);
		uint64_t n = 0;
		Z3_ast v = NULL;
		if (t < 0)
			continue;
		if (!Z3_model_eval(c, mdl, S->alen[j - 1], true, &v) || !v ||
		    !Z3_get_numeral_uint64(c, v, &n))
			return -1;
		if (n > MIR_ALEN) {
			S->reason = "a killing input needs an array longer "
				    "than 16 elements";
			return -1;
		}
		slot[0] = value_int((int64_t)n);
		for (unsigned e = 0; e < n; e++) {
			Z3_ast x = Z3_mk_select(c, S->ain[t][j - 1],
						num(c, e, 32));
			if (!Z3_model_eval(c, mdl, x, true, &v) || !v ||
			    enc_read_value(&S->enc, v, S->atype[t],
					   &slot[1 + e]) < 0)
				return -1;
		}
	}
	return 0;
}

/* The bits of v as a value of element type t (a boolean: bit 0). */
static struct value elem_value(const struct type *t, struct value v)
{
	return t->kind == TK_BOOLEAN ? value_int((int64_t)(v.bits & 1))
	       : type_wrap(t, (int64_t)v.bits);
}

void mir_arr_concrete(struct mir_smt *S, const struct value *in, bool restore)
{
	Z3_context c = S->enc.ctx;
	if (!S->natype)
		return;
	if (restore) {
		free_inputs(S);
		return;
	}
	for (int j = 1; j <= S->ak; j++) {
		const struct value *slot = in + MIR_ARR + (j - 1) * MIR_ASLOT;
		int64_t n = (int64_t)slot[0].bits;
		int tj = input_type(S, in, j);
		if (n < 0 || n > MIR_ALEN || tj < 0)
			n = 0;
		S->alen[j - 1] = num(c, n, 32);
		for (int t = 0; t < S->natype; t++) {
			Z3_ast zero = enc_constant(&S->enc, S->atype[t],
						   value_int(0));
			Z3_ast a = const_elems(S, NULL, zero);
			for (int e = 0; t == tj && e < n; e++)
				a = Z3_mk_store(c, a, num(c, e, 32),
					enc_constant(&S->enc, S->atype[t],
						     elem_value(S->atype[t],
								slot[1 + e])));
			S->ain[t][j - 1] = a;
		}
	}
	start_from(S);
}

int mir_arr_outcome(struct mir_smt *S, const struct mst *st,
		    const struct value *in, struct mrun *out)
{
	Z3_context c = S->enc.ctx;
	for (int j = 1; j <= S->ak; j++) {
		int64_t n = (int64_t)in[MIR_ARR + (j - 1) * MIR_ASLOT].bits;
		int t = input_type(S, in, j);
		if (t < 0 || n < 0 || n > MIR_ALEN)
			continue;
		out->alen[j - 1] = (int32_t)n;
		Z3_ast a = Z3_mk_select(c, st->mem[t], num(c, j, 32));
		for (int e = 0; e < n; e++)
			if (enc_read_value(&S->enc, Z3_simplify(c,
				Z3_mk_select(c, a, num(c, e, 32))),
				S->atype[t], &out->aval[j - 1][e]) < 0)
				return -1;
	}
	return 0;
}

unsigned mir_arr_kinds(const struct mstmt *s)
{
	switch (s->kind) {
	case MS_ALOAD:
	case MS_ASTORE:
		return 1u << MIR_EXC_NULL | 1u << MIR_EXC_INDEX;
	case MS_ALEN:
		return 1u << MIR_EXC_NULL;
	case MS_ANEW:
		return 1u << MIR_EXC_NEGSIZE;
	default:
		return 0;
	}
}
