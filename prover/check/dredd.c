/*
 * dredd.c - dredd's mutation-info file as input (check/dredd.h).
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "base/json.h"
#include "check/dredd.h"
#include "check/mte.h"

bool check_is_dredd(const char *path)
{
	if (!strcmp(path, "-"))
		return false;
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char buf[64];
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	size_t i = 0;
	while (i < n && isspace((unsigned char)buf[i]))
		i++;
	if (i >= n || buf[i++] != '{')
		return false;
	while (i < n && isspace((unsigned char)buf[i]))
		i++;
	return !strncmp(buf + i, "\"infoForFiles\"", 14);
}

struct dload {
	struct arena *a;
	const char *dir;      /* sources relative to it, or NULL */
	bool confine;         /* only names of files in dir */
	struct strbuf out;    /* the report being written */
	long errs;
	int nfiles;           /* files written */
	const char **names;   /* their names (for duplicates) */
	struct loc *namel;
	int nmut;
	/* mutationIds seen, for duplicates */
	long *ids;
	struct loc *idl;
	size_t nids, cap;
};

static struct json *member(struct dload *L, const struct json *o,
			   const char *key, enum json_kind k, const char *want)
{
	return json_member(o, key, k, want, false, &L->errs);
}

/* A source file dredd names. */
struct dsrc {
	const char *path;     /* as recorded */
	char *text;
	size_t len;
	size_t *ls;           /* ls[i]: where line i + 1 starts */
	long nlines;
};

/* The line starts of s (once per file: a position is then found in
 * constant time, whatever the number of mutants). */
static void index_lines(struct dsrc *s)
{
	s->nlines = 1;
	for (size_t i = 0; i < s->len; i++)
		s->nlines += s->text[i] == '\n';
	s->ls = xmalloc((size_t)s->nlines * sizeof(*s->ls));
	long n = 0;
	s->ls[n++] = 0;
	for (size_t i = 0; i < s->len; i++)
		if (s->text[i] == '\n')
			s->ls[n++] = i + 1;
}

/* The line (from 1) of byte offset off of s. */
static long line_of(const struct dsrc *s, size_t off)
{
	long lo = 0, hi = s->nlines - 1;
	while (lo < hi) {
		long mid = (lo + hi + 1) / 2;
		if (s->ls[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo + 1;
}

/* The byte offset of position pos ({"line", "column"}, clang's bytes,
 * 1-based) in s, or -1 (an error counted). */
static long position(struct dload *L, const struct json *o, const char *key,
		     const struct dsrc *s)
{
	struct json *pos = member(L, o, key, JSON_OBJECT, "an object with "
				  "\"line\" and \"column\"");
	if (!pos)
		return -1;
	struct json *jl = member(L, pos, "line", JSON_NUMBER, "a number");
	struct json *jc = member(L, pos, "column", JSON_NUMBER, "a number");
	long l, c;
	if (!jl || !jc)
		return -1;
	if (!json_int(jl, 1, 100000000, &l) || !json_int(jc, 1, 100000000, &c)) {
		L->errs++;
		return diag_error(pos->loc, "\"%s\": line and column are whole "
				  "numbers from 1", key);
	}
	long b = l <= s->nlines ? (long)s->ls[l - 1] : -1;
	if (b < 0) {
		L->errs++;
		return diag_error(jl->loc, "\"%s\" is on line %ld, after the end "
				  "of %s", key, l, s->path);
	}
	long e = b;
	while ((size_t)e < s->len && s->text[e] != '\n')
		e++;
	if (c - 1 > e - b) {
		L->errs++;
		return diag_error(jc->loc, "\"%s\" is at column %ld, after the "
				  "end of line %ld of %s", key, c, l, s->path);
	}
	if ((s->text[b + c - 1] & 0xC0) == 0x80) {
		L->errs++;
		return diag_error(jc->loc, "\"%s\" (column %ld of line %ld of %s) "
				  "is inside a UTF-8 character", key, c, l,
				  s->path);
	}
	return b + c - 1;
}

/* A range [*b, *e) from keys sk, ek of o. */
static bool range(struct dload *L, const struct json *o, const char *sk,
		  const char *ek, const struct dsrc *s, long *b, long *e)
{
	*b = position(L, o, sk, s);
	*e = position(L, o, ek, s);
	if (*b < 0 || *e < 0)
		return false;
	if (*e < *b) {
		L->errs++;
		diag_error(json_get(o, ek)->loc, "the range ends before it "
			   "starts");
		return false;
	}
	return true;
}

static char *slice(struct dload *L, const struct dsrc *s, long b, long e)
{
	return arena_strndup(L->a, s->text + b, (size_t)(e - b));
}

/* An operand whole: unparenthesized when it is one name or number. */
static const char *operand(struct dload *L, const char *t)
{
	for (const char *p = t; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.')
			return arena_printf(L->a, "(%s)", t);
	return *t ? t : "()";
}

struct action {
	const char *name, *text;
};

static const struct action binops[] = {
	{ "ReplaceWithAdd", "+" }, { "ReplaceWithDiv", "/" },
	{ "ReplaceWithMul", "*" }, { "ReplaceWithRem", "%" },
	{ "ReplaceWithSub", "-" }, { "ReplaceWithAddAssign", "+=" },
	{ "ReplaceWithAndAssign", "&=" }, { "ReplaceWithAssign", "=" },
	{ "ReplaceWithDivAssign", "/=" }, { "ReplaceWithMulAssign", "*=" },
	{ "ReplaceWithOrAssign", "|=" }, { "ReplaceWithRemAssign", "%=" },
	{ "ReplaceWithShlAssign", "<<=" }, { "ReplaceWithShrAssign", ">>=" },
	{ "ReplaceWithSubAssign", "-=" }, { "ReplaceWithXorAssign", "^=" },
	{ "ReplaceWithAnd", "&" }, { "ReplaceWithOr", "|" },
	{ "ReplaceWithXor", "^" }, { "ReplaceWithLAnd", "&&" },
	{ "ReplaceWithLOr", "||" }, { "ReplaceWithEQ", "==" },
	{ "ReplaceWithGE", ">=" }, { "ReplaceWithGT", ">" },
	{ "ReplaceWithLE", "<=" }, { "ReplaceWithLT", "<" },
	{ "ReplaceWithNE", "!=" }, { "ReplaceWithShl", "<<" },
	{ "ReplaceWithShr", ">>" }, { "ReplaceWithLHS", NULL },
	{ "ReplaceWithRHS", NULL }, { NULL, NULL },
};
/* prefix operators; postfix ones end in "post" */
static const struct action unops[] = {
	{ "ReplaceWithMinus", "-" }, { "ReplaceWithNot", "~" },
	{ "ReplaceWithPreDec", "--" }, { "ReplaceWithPreInc", "++" },
	{ "ReplaceWithLNot", "!" }, { "ReplaceWithPostDec", "--post" },
	{ "ReplaceWithPostInc", "++post" }, { "ReplaceWithOperand", NULL },
	{ NULL, NULL },
};
/* constants; insertions end in "(" */
static const struct action exprs[] = {
	{ "ReplaceWithZeroFloat", "0.0" }, { "ReplaceWithOneFloat", "1.0" },
	{ "ReplaceWithMinusOneFloat", "-1.0" }, { "ReplaceWithZeroInt", "0" },
	{ "ReplaceWithOneInt", "1" }, { "ReplaceWithMinusOneInt", "-1" },
	{ "ReplaceWithTrue", "true" }, { "ReplaceWithFalse", "false" },
	{ "InsertPreInc", "++(" }, { "InsertPreDec", "--(" },
	{ "InsertLNot", "!(" }, { "InsertNot", "~(" }, { "InsertMinus", "-(" },
	{ NULL, NULL },
};

static const struct action *find_action(const struct action *t,
					const char *name)
{
	for (; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/* mutationId jid, new: its value, or -1 (an error counted). */
static long mutation_id(struct dload *L, const struct json *o)
{
	struct json *j = member(L, o, "mutationId", JSON_NUMBER, "a number");
	long id;
	if (!j)
		return -1;
	if (!json_int(j, 0, 2147483647, &id)) {
		L->errs++;
		return diag_error(j->loc, "a mutationId is a whole number from "
				  "0");
	}
	for (size_t i = 0; i < L->nids; i++)
		if (L->ids[i] == id) {
			L->errs++;
			diag_error(j->loc, "mutationId %ld is given twice", id);
			diag_note(L->idl[i], "%ld first given here", id);
			return -1;
		}
	if (L->nids == L->cap) {
		L->cap = L->cap ? 2 * L->cap : 64;
		L->ids = xrealloc(L->ids, L->cap * sizeof(*L->ids));
		L->idl = xrealloc(L->idl, L->cap * sizeof(*L->idl));
	}
	L->ids[L->nids] = id;
	L->idl[L->nids++] = j->loc;
	return id;
}

/* One mutant into the report: its range [b, e) of s and replacement. */
static void put_mutant(struct dload *L, const struct dsrc *s, long id,
		       const char *kind, const char *action, long b, long e,
		       const char *repl)
{
	long sl = line_of(s, (size_t)b), el = line_of(s, (size_t)e);
	int sc = text_column(s->text, s->ls[sl - 1], (size_t)b);
	int ec = text_column(s->text, s->ls[el - 1], (size_t)e);
	sb_printf(&L->out, "%s{\"id\": \"%ld\", \"mutatorName\": ",
		  L->nmut++ ? ", " : "", id);
	sb_json_str(&L->out, arena_printf(L->a, "%s:%s", kind, action));
	sb_printf(&L->out, ", \"status\": \"Pending\", \"location\": "
		  "{\"start\": {\"line\": %ld, \"column\": %d}, \"end\": "
		  "{\"line\": %ld, \"column\": %d}}, \"replacement\": ", sl, sc,
		  el, ec);
	sb_json_str(&L->out, repl);
	sb_puts(&L->out, "}");
}

/* Group jg (an object of one member, the kind) of source s. */
static void load_group(struct dload *L, const struct json *jg,
		       const struct dsrc *s)
{
	if (jg->kind != JSON_OBJECT || jg->n != 1) {
		L->errs++;
		diag_error(jg->loc, "a mutation group is an object of one "
			   "member (removeStmt, replaceExpr, "
			   "replaceBinaryOperator or replaceUnaryOperator)");
		return;
	}
	const char *kind = jg->keys[0];
	const struct json *g = jg->items[0];
	if (g->kind != JSON_OBJECT) {
		L->errs++;
		diag_error(g->loc, "\"%s\" must be an object, not %s", kind,
			   json_what(g));
		return;
	}
	long b, e;
	if (!strcmp(kind, "removeStmt")) {
		long id = mutation_id(L, g);
		if (range(L, g, "start", "end", s, &b, &e) && id >= 0)
			put_mutant(L, s, id, kind, "RemoveStmt", b, e, "");
		return;
	}
	const struct action *table;
	const char *lhs = NULL, *rhs = NULL, *whole = NULL;
	bool ok;
	if (!strcmp(kind, "replaceBinaryOperator")) {
		table = binops;
		long lb, le, rb, re;
		ok = range(L, g, "exprStart", "exprEnd", s, &b, &e);
		ok = range(L, g, "lhsStart", "lhsEnd", s, &lb, &le) && ok;
		ok = range(L, g, "rhsStart", "rhsEnd", s, &rb, &re) && ok;
		if (ok) {
			lhs = slice(L, s, lb, le);
			rhs = slice(L, s, rb, re);
		}
	} else if (!strcmp(kind, "replaceUnaryOperator")) {
		table = unops;
		long ob, oe;
		ok = range(L, g, "exprStart", "exprEnd", s, &b, &e);
		ok = range(L, g, "operandStart", "operandEnd", s, &ob, &oe) &&
		     ok;
		if (ok)
			lhs = slice(L, s, ob, oe);
	} else if (!strcmp(kind, "replaceExpr")) {
		table = exprs;
		ok = range(L, g, "start", "end", s, &b, &e);
		if (ok)
			whole = slice(L, s, b, e);
	} else {
		L->errs++;
		diag_error(jg->keyloc[0], "unknown mutation group \"%s\" (dredd's "
			   "are removeStmt, replaceExpr, replaceBinaryOperator "
			   "and replaceUnaryOperator)", kind);
		return;
	}
	struct json *ins = member(L, g, "instances", JSON_ARRAY, "an array");
	for (size_t i = 0; ins && i < ins->n; i++) {
		const struct json *in = ins->items[i];
		if (in->kind != JSON_OBJECT) {
			L->errs++;
			diag_error(in->loc, "an instance is an object with "
				   "\"action\" and \"mutationId\", not %s",
				   json_what(in));
			continue;
		}
		long id = mutation_id(L, in);
		struct json *ja = member(L, in, "action", JSON_STRING,
					 "a string");
		const struct action *act = ja ? find_action(table, ja->str)
					      : NULL;
		if (ja && !act) {
			L->errs++;
			diag_error(ja->loc, "unknown action \"%s\" of %s",
				   ja->str, kind);
		}
		if (!ok || !act || id < 0)
			continue;
		const char *r;
		const char *t = act->text;
		if (table == binops)
			r = !t ? (!strcmp(act->name, "ReplaceWithLHS") ? lhs : rhs)
			       : arena_printf(L->a, "%s %s %s", operand(L, lhs),
					      t, operand(L, rhs));
		else if (table == unops)
			r = !t ? lhs
			    : strstr(t, "post")
				? arena_printf(L->a, "%s%.2s", operand(L, lhs), t)
				: arena_printf(L->a, "%s%s", t, operand(L, lhs));
		else
			r = t[strlen(t) - 1] == '('
				? arena_printf(L->a, "%s%s)", t, whole) : t;
		put_mutant(L, s, id, kind, act->name, b, e, r);
	}
}

/* Read the source dredd names (at jf's location for errors). */
static bool read_source(struct dload *L, const struct json *jname,
			struct dsrc *s)
{
	s->path = jname->str;
	if (L->confine && (!*s->path || strchr(s->path, '/') ||
			   !strcmp(s->path, "..") || !strcmp(s->path, "."))) {
		L->errs++;
		diag_error(jname->loc, "the source %s is not a file's name "
			   "(only files in %s are read)", s->path, L->dir);
		return false;
	}
	if (!L->confine)
		s->text = read_file(s->path, &s->len);
	if (!s->text && s->path[0] != '/' && L->dir) {
		char *p = arena_printf(L->a, "%s/%s", L->dir, s->path);
		s->text = read_file(p, &s->len);
	}
	if (!s->text) {
		L->errs++;
		diag_error(jname->loc, "cannot read the source %s: %s", s->path,
			   strerror(errno));
		return false;
	}
	if (strlen(s->text) != s->len) {
		free(s->text);
		s->text = NULL;
		L->errs++;
		diag_error(jname->loc, "the source %s has a NUL byte", s->path);
		return false;
	}
	return true;
}

/* A file named twice would be one key twice in the report. */
static bool new_name(struct dload *L, const struct json *jname)
{
	for (int i = 0; i < L->nfiles; i++)
		if (!strcmp(L->names[i], jname->str)) {
			L->errs++;
			diag_error(jname->loc, "the file %s is given twice",
				   jname->str);
			diag_note(L->namel[i], "first given here");
			return false;
		}
	return true;
}

static void load_file(struct dload *L, const struct json *jf, size_t max)
{
	if (jf->kind != JSON_OBJECT) {
		L->errs++;
		diag_error(jf->loc, "a file's info is an object with "
			   "\"filename\" and \"mutationTree\", not %s",
			   json_what(jf));
		return;
	}
	struct json *name = member(L, jf, "filename", JSON_STRING, "a string");
	struct json *tree = member(L, jf, "mutationTree", JSON_ARRAY,
				   "an array");
	struct dsrc s = { 0 };
	if (!name || !tree || !new_name(L, name) || !read_source(L, name, &s))
		return;
	index_lines(&s);
	if (L->nfiles)
		sb_puts(&L->out, ", ");
	if (!L->names) {
		L->names = xcalloc(max, sizeof(*L->names));
		L->namel = xcalloc(max, sizeof(*L->namel));
	}
	L->names[L->nfiles] = name->str;
	L->namel[L->nfiles++] = name->loc;
	sb_json_str(&L->out, s.path);
	sb_puts(&L->out, ": {\"language\": \"c\", \"source\": ");
	sb_json_str(&L->out, s.text);
	sb_puts(&L->out, ", \"mutants\": [");
	L->nmut = 0;
	for (size_t i = 0; i < tree->n; i++) {
		const struct json *node = tree->items[i];
		if (node->kind != JSON_OBJECT) {
			L->errs++;
			diag_error(node->loc, "a mutation tree node is an "
				   "object, not %s", json_what(node));
			continue;
		}
		struct json *gs = member(L, node, "mutationGroups", JSON_ARRAY,
					 "an array");
		struct json *ch = member(L, node, "children", JSON_ARRAY,
					 "an array");
		for (size_t k = 0; ch && k < ch->n; k++) {
			long c;
			if (!json_int(ch->items[k], 0, (long)tree->n - 1, &c)) {
				L->errs++;
				diag_error(ch->items[k]->loc, "a child is the "
					   "index of a node of the tree, from 0 "
					   "to %zu", tree->n - 1);
			}
		}
		for (size_t k = 0; gs && k < gs->n; k++)
			load_group(L, gs->items[k], &s);
	}
	sb_puts(&L->out, "]}");
	free(s.text);
	free(s.ls);
}

struct check_elements *check_dredd_from_text(const char *name,
					     const char *text, size_t len,
					     const char *dir, bool confine,
					     bool *io)
{
	struct dload L = { .a = arena_new(), .dir = dir, .confine = confine,
			   .out = STRBUF_INIT };
	struct source *src = ANEW(L.a, struct source);
	char *t = arena_strndup(L.a, text, len);
	*src = (struct source){ .name = name, .text = t, .len = len };
	struct check_elements *E = NULL;
	*io = false;
	struct json *root = json_parse(L.a, src);
	struct json *files = NULL;
	if (root && root->kind != JSON_OBJECT) {
		diag_error(root->loc, "dredd's mutation info is an object, not "
			   "%s", json_what(root));
		L.errs++;
	} else if (root) {
		files = member(&L, root, "infoForFiles", JSON_ARRAY, "an array");
	}
	sb_puts(&L.out, "{\"schemaVersion\": \"2\", \"thresholds\": "
		"{\"high\": 80, \"low\": 60}, \"files\": {");
	for (size_t i = 0; files && i < files->n; i++)
		load_file(&L, files->items[i], files->n);
	sb_puts(&L.out, "}}");
	/* the mutants without an error are judged, the others counted */
	if (root && files) {
		size_t n = L.out.len;
		E = check_elements_from_text(name, L.out.buf, n);
		L.out = (struct strbuf)STRBUF_INIT;
		if (E)
			check_elements_set_errors(E, L.errs);
	}
	sb_release(&L.out);
	free(L.ids);
	free(L.idl);
	free(L.names);
	free(L.namel);
	arena_free(L.a);
	return E;
}

struct check_elements *check_dredd_load(const char *path, bool *io)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		error("cannot read %s: %s", path, strerror(errno));
		*io = true;
		return NULL;
	}
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	struct check_elements *E = check_dredd_from_text(path, text, len,
							 slash ? dir : ".",
							 false, io);
	free(dir);
	free(text);
	return E;
}
