/* common.c - helpers shared by the emitters; see emit.h. */
#include <string.h>

#include "emit/emit.h"

const char *emit_orig_op(const struct analysis *an)
{
	const struct node *t = an->orig;
	switch (t->kind) {
	case N_BINARY:
	case N_UNARY:
		return op_spelling(t->op);
	case N_INCDEC:
		switch (t->op) {
		case OP_PREINC: return "++exp";
		case OP_PREDEC: return "--exp";
		case OP_POSTINC: return "exp++";
		default: return "exp--";
		}
	case N_ASSIGN: {
		static const char *const compound[OP_COUNT] = {
			[OP_MUL] = "*=", [OP_DIV] = "/=", [OP_REM] = "%=",
			[OP_ADD] = "+=", [OP_SUB] = "-=", [OP_SHL] = "<<=",
			[OP_SHR] = ">>=", [OP_USHR] = ">>>=", [OP_AND] = "&=",
			[OP_XOR] = "^=", [OP_OR] = "|=",
		};
		const char *s = t->op > OP_NONE && t->op < OP_COUNT
					? compound[t->op] : NULL;
		return s ? s : "=";
	}
	case N_COND:
		return "?:";
	default:
		return "";
	}
}

void emit_operand_type(struct strbuf *sb, const struct analysis *an)
{
	const struct node *t = an->orig;
	switch (t->kind) {
	case N_BINARY:
	case N_ASSIGN:
		/* the operands as written: without implicit conversions */
		sb_puts(sb, type_name(node_strip(t->a)->type));
		if (node_strip(t->b)->type != node_strip(t->a)->type)
			sb_printf(sb, ",%s", type_name(node_strip(t->b)->type));
		return;
	case N_UNARY:
	case N_INCDEC:
		sb_puts(sb, type_name(node_strip(t->a)->type));
		return;
	default:
		sb_puts(sb, type_name(t->type));
	}
}

void emit_label_detail(struct strbuf *sb, const char *label)
{
	const char *open = strchr(label, '(');
	size_t n = strlen(label);
	if (open && n >= 2 && label[n - 1] == ')' && open > label)
		sb_add(sb, open + 1, (size_t)(label + n - 1 - (open + 1)));
	else
		sb_puts(sb, label);
}

bool emit_kept(const struct result *r, int m)
{
	return r->minimal[m];
}
