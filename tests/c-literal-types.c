/*
 * c-literal-types.c - the C profiles type integer constants as gcc and
 * clang do, and print a signed type's minimum as a constant of its type.
 *
 * Integer constants at the boundaries of every width (0x7fff ...
 * 2^64 - 1 and 2^64), written in decimal, octal and hexadecimal with
 * every suffix (none, u, l, ul, ll, ull and mixed-case orders), are read
 * by the C profile of each data model (lp64, ilp32, llp64): a type, or
 * an error where C11 6.4.4.1's list for the constant has no type that
 * holds it (a decimal constant without u never becomes unsigned; an
 * octal or hexadecimal one may).  Then, independently, the compilers
 * of that data model (gcc and clang on x86-64 Linux; gcc -m32 and clang
 * --target=i686-linux-gnu for ilp32; clang --target=x86_64-w64-mingw32
 * for llp64: the MSVC target's Microsoft extensions type 0x8000000000000000ll
 * otherwise and accept 9223372036854775808ll, which C11 has no type
 * for), under -std=c11 -Wall -Wextra -Werror:
 *   - one translation unit asserts, for every constant the profile
 *     types, _Generic((constant), TYPE: 1, default: 0) with the
 *     profile's TYPE, and for every signed type of rank int or more
 *     that the printed minimum has the type and is -MAX - 1;
 *   - every constant the profile refuses is a translation unit of its
 *     own, which the compiler must refuse too (gcc makes some an
 *     __int128 or unsigned, with a warning: an error under -Werror).
 * Compile-only (-fsyntax-only): no 32-bit or Windows libraries needed.
 */
#include <inttypes.h>

#include "prover-test.h"

#define BAIL_OUT(...) \
	(printf("Bail out! "), printf(__VA_ARGS__), printf("\n"), exit(255))

static const char *const cflags =
	"-std=c11 -Wall -Wextra -Werror -fsyntax-only";

struct cc {
	const char *model, *prog, *flags;
};
static const struct cc ccs[] = {
	{ "lp64", "gcc", "" },
	{ "lp64", "clang", "" },
	{ "ilp32", "gcc", "-m32" },
	{ "ilp32", "clang", "--target=i686-linux-gnu" },
	{ "llp64", "clang", "--target=x86_64-w64-mingw32" },
};

static const uint64_t values[] = {
	0, 1, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff,
	0x100000000, 0x7fffffffffffffff, 0x8000000000000000,
	0xffffffffffffffff,
};
static const char *const suffixes[] = { "", "u", "l", "ul", "ll", "ull",
					"U", "L", "LU", "LLu", "uLL" };

/* v in base (8, 10, 16); over: 2^64 instead */
static void spell(struct strbuf *sb, uint64_t v, int base, bool over)
{
	if (over)
		sb_puts(sb, base == 10 ? "18446744073709551616" :
			base == 16 ? "0x10000000000000000" :
				     "02000000000000000000000");
	else if (base == 10)
		sb_printf(sb, "%" PRIu64, v);
	else if (base == 16)
		sb_printf(sb, "0x%" PRIx64, v);
	else
		sb_printf(sb, "0%" PRIo64, v);
}

/* A test not run (TAP's # skip). */
static void skip_one(const char *why, const char *prog, const char *flags)
{
	tap_run++;
	printf("ok %d # skip %s %s %s\n", tap_run, prog, flags, why);
}

/* Does the compiler accept the file? */
static bool compiles(const struct cc *c, const char *path)
{
	char cmd[512];
	snprintf(cmd, sizeof(cmd), "%s %s %s %s 2>/dev/null", c->prog,
		 cflags, c->flags, path);
	return system(cmd) == 0;
}

static void show_errors(const struct cc *c, const char *path)
{
	char cmd[512];
	snprintf(cmd, sizeof(cmd), "%s %s %s %s 2>&1 | grep error | head -20 "
		 "| sed 's/^/# /'", c->prog, cflags, c->flags, path);
	fflush(stdout);
	if (system(cmd) != 0)
		diag("(could not show the errors)");
}

int main(void)
{
	plan_no_plan();
	char dir[TAP_TMP_MAX] = "c-literal-types";
	if (!tap_mkdtemp(dir))
		BAIL_OUT("mkdtemp");
	int nok_all = 0, nerr_all = 0;
	for (size_t k = 0; k < ARRAY_SIZE(ccs); k++) {
		const struct cc *c = &ccs[k];
		if (!prog_exists(c->prog)) {
			skip_one("is not installed", c->prog, "");
			continue;
		}
		/* the compiler's set-up for the model, by itself */
		char path[256];
		snprintf(path, sizeof(path), "%s/probe.c", dir);
		write_text_file(path, "_Static_assert(sizeof(int) == 4, \"\");\n");
		if (!compiles(c, path)) {
			skip_one("cannot compile here", c->prog, c->flags);
			continue;
		}
		const struct profile *pf = c_profile("c", c->model, true,
						     UB_OUTCOME);
		struct strbuf tu = STRBUF_INIT;
		int ntyped = 0, nerr = 0, nrefused = 0;
		struct strbuf bad = STRBUF_INIT; /* refused by the profile only */
		for (int base = 8; base <= 16; base += base == 8 ? 2 : 6)
			for (size_t i = 0; i <= ARRAY_SIZE(values); i++)
				for (size_t s = 0; s < ARRAY_SIZE(suffixes);
				     s++) {
					bool over = i == ARRAY_SIZE(values);
					struct strbuf lit = STRBUF_INIT;
					spell(&lit, over ? 0 : values[i], base,
					      over);
					sb_puts(&lit, suffixes[s]);
					struct literal l;
					int epos;
					char err[128];
					if (pf->read_literal(pf, lit.buf, 0, &l,
							     &epos, err,
							     sizeof(err)) == 0) {
						if (l.len != (int)lit.len)
							BAIL_OUT("%s: read %d "
								 "bytes", lit.buf,
								 l.len);
						sb_printf(&tu, "_Static_assert("
							  "_Generic((%s), %s: "
							  "1, default: 0), "
							  "\"%s is %s\");\n",
							  lit.buf,
							  type_name(l.type),
							  lit.buf,
							  type_name(l.type));
						ntyped++;
					} else {
						nerr++;
						snprintf(path, sizeof(path),
							 "%s/refused.c", dir);
						struct strbuf one = STRBUF_INIT;
						sb_printf(&one, "_Static_assert("
							  "sizeof(%s) > 0, "
							  "\"\");\n", lit.buf);
						write_text_file(path, one.buf);
						sb_release(&one);
						if (compiles(c, path))
							sb_printf(&bad, " %s",
								  lit.buf);
						else
							nrefused++;
					}
					sb_release(&lit);
				}
		/* the printed minimum of each signed type from int up */
		static const char *const signed_types[] = { "int", "long",
							    "long long" };
		for (size_t i = 0; i < ARRAY_SIZE(signed_types); i++) {
			const struct type *t = profile_type(pf,
							    signed_types[i]);
			struct strbuf mn = STRBUF_INIT, mx = STRBUF_INIT;
			value_print(&mn, t, type_min(t));
			value_print(&mx, t, type_max(t));
			sb_printf(&tu, "_Static_assert(_Generic((%s), %s: 1, "
				  "default: 0) && (%s) == -(%s) - 1, "
				  "\"%s is the least %s\");\n", mn.buf,
				  type_name(t), mn.buf, mx.buf, mn.buf,
				  type_name(t));
			ntyped++;
			sb_release(&mn);
			sb_release(&mx);
		}
		snprintf(path, sizeof(path), "%s/typed.c", dir);
		write_text_file(path, tu.buf);
		bool good = compiles(c, path);
		ok(good, "%s %s (%s): the profile's type of %d constants and "
		   "minimums is the compiler's", c->prog, c->flags, c->model,
		   ntyped);
		if (!good)
			show_errors(c, path);
		ok(nerr > 0 && nrefused == nerr, "%s %s (%s): the %d "
		   "constants the profile refuses, the compiler refuses "
		   "(-Werror)", c->prog, c->flags, c->model, nerr);
		if (bad.len)
			diag("accepted by the compiler:%s", bad.buf);
		nok_all += ntyped;
		nerr_all += nerr;
		sb_release(&tu);
		sb_release(&bad);
	}
	diag("%d typed and %d refused constants in all", nok_all, nerr_all);
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	return done_testing();
}
