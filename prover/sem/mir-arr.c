/*
 * mir-arr.c - arrays in the concrete evaluator of the method IR
 * (sem/mir.h: Arrays; lang/mir.h: Arrays): the arrays of one run, the
 * array statements' checks and effects, and how a test sees them.
 */
#include "sem/mir.h"

#include <stdlib.h>
#include <string.h>

/* Array id (1-based): input ones 1..k, then the created ones. */
struct marr {
	int k, nobj;
	int32_t len[MIR_AOBJ + MIR_ANEW];
	const struct type *elem[MIR_AOBJ + MIR_ANEW];
	struct value v[MIR_AOBJ + MIR_ANEW][MIR_ACAP];
	bool bad; /* an input array longer than MIR_ALEN (undecided) */
};

int mir_arr_inputs(const struct mmethod *m)
{
	int k = 0;
	for (int i = 0; i < m->nvars; i++)
		k += (m->arrs >> i & 1) && m->kinds[i] != MV_LOCAL;
	return k;
}

/* The element type of input array j: that of the first input array
 * variable whose id it is (int when none: never read). */
static const struct type *input_elem(const struct mmethod *m,
				     const struct value *in, int j)
{
	for (int i = 0; i < m->nvars; i++)
		if ((m->arrs >> i & 1) && m->kinds[i] != MV_LOCAL &&
		    (int64_t)in[i].bits == j)
			return m->elem[i];
	return NULL;
}

/* The bits b as a value of element type t (a boolean: bit 0). */
static struct value as_elem(const struct type *t, uint64_t b)
{
	return t->kind == TK_BOOLEAN ? value_int((int64_t)(b & 1))
	       : type_wrap(t, (int64_t)b);
}

struct marr *marr_new(const struct mmethod *m, const struct value *in)
{
	if (!m->arrs)
		return NULL;
	struct marr *A = xcalloc(1, sizeof(*A));
	A->k = A->nobj = mir_arr_inputs(m);
	for (int j = 1; j <= A->k; j++) {
		const struct value *s = in + MIR_ARR + (j - 1) * MIR_ASLOT;
		const struct type *t = input_elem(m, in, j);
		int64_t n = (int64_t)s[0].bits;
		A->elem[j - 1] = t;
		if (n < 0 || n > MIR_ALEN) {
			A->bad = A->bad || t; /* only a reachable one matters */
			n = 0;
		}
		A->len[j - 1] = (int32_t)n;
		for (int e = 0; t && e < n; e++)
			A->v[j - 1][e] = as_elem(t, s[1 + e].bits);
	}
	return A;
}

void marr_free(struct marr *A)
{
	free(A);
}

int marr_step(struct marr *A, const struct mmethod *m, const struct mstmt *s,
	      const struct value *args, struct value *out, unsigned *exc)
{
	(void)m;
	if (A->bad)
		return 2;
	if (s->kind == MS_ANEW) {
		int64_t n = (int32_t)args[0].bits;
		if (n < 0) {
			*exc = MIR_EXC_NEGSIZE;
			return 1;
		}
		if (A->nobj == A->k + MIR_ANEW)
			return 2;
		int o = A->nobj++;
		A->len[o] = (int32_t)n;
		A->elem[o] = s->elem;
		memset(A->v[o], 0, sizeof(A->v[o]));
		*out = value_int(o + 1);
		return 0;
	}
	int64_t id = (int32_t)args[0].bits;
	if (id == 0) {
		*exc = MIR_EXC_NULL;
		return 1;
	}
	if (id < 0 || id > A->nobj)
		BUG("an array id %lld out of range", (long long)id);
	int o = (int)id - 1;
	if (s->kind == MS_ALEN) {
		*out = value_int(A->len[o]);
		return 0;
	}
	int64_t i = (int32_t)args[1].bits;
	if (i < 0 || i >= A->len[o]) {
		*exc = MIR_EXC_INDEX;
		return 1;
	}
	/* a created array's elements past MIR_ACAP are 0: never written */
	if (s->kind == MS_ALOAD)
		*out = i < MIR_ACAP ? A->v[o][i] : value_int(0);
	else if (i >= MIR_ACAP)
		return 2;
	else
		A->v[o][i] = as_elem(s->elem, args[2].bits);
	return 0;
}

void marr_finish(const struct marr *A, struct mrun *r)
{
	for (int j = 0; A && j < A->k; j++) {
		r->alen[j] = A->len[j];
		memcpy(r->aval[j], A->v[j], sizeof(r->aval[j]));
	}
}

bool mir_arr_differs(const struct mmethod *m, const struct mrun *x,
		     const struct mrun *y)
{
	int k = mir_arr_inputs(m);
	for (int j = 0; m->arr_writes && j < k; j++)
		for (int e = 0; e < x->alen[j] && e < MIR_ALEN; e++)
			if (x->aval[j][e].bits != y->aval[j][e].bits)
				return true;
	return false;
}

/* Is id j the value of two input array variables? */
static bool shared(const struct mmethod *m, const struct value *in, int64_t j)
{
	int n = 0;
	for (int i = 0; i < m->nvars; i++)
		n += (m->arrs >> i & 1) && m->kinds[i] != MV_LOCAL &&
		     (int64_t)in[i].bits == j;
	return n > 1;
}

static void contents(struct strbuf *sb, const struct type *t, int n,
		     const struct value *v)
{
	sb_puts(sb, "{");
	for (int e = 0; e < n; e++) {
		if (e)
			sb_puts(sb, ", ");
		value_print(sb, t, v[e]);
	}
	sb_puts(sb, "}");
}

/* Input array j's contents in in. */
static void input_contents(struct strbuf *sb, const struct mmethod *m,
			   const struct value *in, int j)
{
	const struct type *t = input_elem(m, in, j);
	const struct value *s = in + MIR_ARR + (j - 1) * MIR_ASLOT;
	int64_t n = (int64_t)s[0].bits;
	struct value v[MIR_ALEN];
	if (!t || n < 0 || n > MIR_ALEN) {
		sb_puts(sb, "{?}");
		return;
	}
	for (int e = 0; e < n; e++)
		v[e] = as_elem(t, s[1 + e].bits);
	contents(sb, t, (int)n, v);
}

void mir_arr_print(struct strbuf *sb, const struct mmethod *m,
		   const struct value *in, int var)
{
	int64_t j = (int64_t)in[var].bits;
	if (j == 0)
		sb_puts(sb, "null");
	else if (m->kinds[var] == MV_LOCAL || j < 0 ||
		 j > mir_arr_inputs(m) || shared(m, in, j))
		sb_printf(sb, "o%lld", (long long)j);
	else
		input_contents(sb, m, in, (int)j);
}

void mir_arr_shared(struct strbuf *sb, const struct mmethod *m,
		    const struct value *in)
{
	int k = mir_arr_inputs(m), n = 0;
	for (int j = 1; j <= k; j++)
		if (shared(m, in, j)) {
			sb_printf(sb, "%so%d = ", n++ ? ", " : " with ", j);
			input_contents(sb, m, in, j);
		}
}

void mir_arr_describe(struct strbuf *sb, const struct mmethod *m,
		      const struct value *in, const struct mrun *r)
{
	int k = mir_arr_inputs(m);
	bool changed = false;
	if (!k)
		return;
	for (int j = 1; j <= k; j++) {
		const struct type *t = input_elem(m, in, j);
		const struct value *s = in + MIR_ARR + (j - 1) * MIR_ASLOT;
		bool same = true;
		for (int e = 0; t && e < r->alen[j - 1]; e++)
			same &= r->aval[j - 1][e].bits ==
				as_elem(t, s[1 + e].bits).bits;
		if (same)
			continue;
		changed = true;
		int v = 0;
		while (!((m->arrs >> v & 1) && m->kinds[v] != MV_LOCAL &&
			 (int64_t)in[v].bits == j))
			v++;
		if (shared(m, in, j))
			sb_printf(sb, ", o%d = ", j);
		else
			sb_printf(sb, ", %s = ", m->names[v]);
		contents(sb, t, r->alen[j - 1], r->aval[j - 1]);
	}
	if (!changed)
		sb_puts(sb, ", arrays unchanged");
}
