/*
 * emit.c - `subsume tables`, `export` and `report`: load and prove like
 * `prove`, then hand the results to an emitter and write what it
 * produced all-or-nothing (cmd/output.h).  `graphs` is in graphs.c.
 * User documentation: docs/emitters.md.
 */
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/output.h"

static const struct opt_usage usage_tables = {
	.usage = "subsume tables [options] PATH...",
	.about =
	"Prove the theory files given (a folder means every *.yaml file in\n"
	"it) and write C99 tables of the results: subsume_tables.h (types,\n"
	"lookup functions, documented) and subsume_tables.c (const data).\n"
	"For every theory, target and domain: the mutants, each one's\n"
	"verdict, the minimal set, and per operator family the\n"
	"replacements to keep.\n"
	"\n",
	.tail =
	"Both files are written or neither is.  exit status: 0 done, 1 some\n"
	"answers unknown (files written), 2 usage, 3 invalid theory (nothing\n"
	"written), 4 internal error, 5 I/O error\n",
};

static const struct opt_usage usage_export = {
	.usage = "subsume export (--mml | --mull) [options] PATH...",
	.about =
	"Prove the theory files given and write the minimal sets for a\n"
	"mutation tool.  --mml: Major's Mutation Modeling Language, per Java\n"
	"type an operator group with one rule per original operator, e.g.\n"
	"BIN(<)->{<=,!=,FALSE};.  --mull: a mull.yml for Mull that enables\n"
	"the Mull mutators (mutant labels such as cxx_lt_to_le, as in\n"
	"theories/c-mull.yaml) not redundant on the C types of the results\n"
	"(or those of --types), its assumptions in a comment at the top.\n"
	"What the format cannot express is left out and listed on standard\n"
	"error.\n"
	"\n",
};

static const struct opt_usage usage_report = {
	.usage = "subsume report [options] PATH...",
	.about =
	"Prove the theory files given and write a table like Table 1 of\n"
	"Gheyi et al.: per target and domain, the operators with the number\n"
	"of mutants each produced, the minimal set and its size as a share\n"
	"of all mutants.\n"
	"\n",
};

/* ---- subsume tables ---- */

void tables_outfiles(struct outfile **f, int *n, size_t *cap, const char *dir,
		     const struct run_state *st)
{
	outfile_add(f, n, cap, dir, "subsume_tables.h");
	emit_tables_h(&(*f)[*n - 1].data, &st->run, st->theories,
		      st->ntheories);
	outfile_add(f, n, cap, dir, "subsume_tables.c");
	emit_tables_c(&(*f)[*n - 1].data, &st->run, st->theories,
		      st->ntheories);
}

int cmd_tables(int argc, char **argv)
{
	struct eopts o = EOPTS_INIT;
	const struct option options[] = {
		OPT_EMIT_OUT(&o, "DIR",
			     "write into DIR (default tables/; created if needed)"),
		OPT_EMIT_PROVER(&o),
		OPT_HELP(),
		OPT_END(),
	};
	int rc = eopts_parse(argc, argv, options, &usage_tables, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	const char *dir = o.out ? o.out : "tables";
	struct run_state st;
	rc = eopts_load_prove(&st, argc, argv, &o);
	if (!rc && mkdir_p(dir) < 0)
		rc = EXIT_IO;
	if (!rc) {
		struct outfile *f = NULL;
		int n = 0;
		size_t cap = 0;
		tables_outfiles(&f, &n, &cap, dir, &st);
		rc = outfiles_write(f, n);
		outfiles_free(f, n);
	}
	rc = eopts_finish(rc, &st);
	run_release(&st);
	return rc;
}

/* ---- subsume export --mml, --mull ---- */

/* "int,unsigned long" into names (heap array, the strings in list). */
static int split_types(char *list, const char ***types)
{
	int n = 0;
	*types = xcalloc(strlen(list) + 1, sizeof(**types));
	for (char *t = strtok(list, ","); t; t = strtok(NULL, ","))
		(*types)[n++] = t;
	return n;
}

int cmd_export(int argc, char **argv)
{
	struct eopts o = EOPTS_INIT;
	bool mml = false, mull = false;
	const char *typelist = NULL;
	const struct option options[] = {
		OPT_FLAG(0, "mml", &mml, true, "write Major's MML"),
		OPT_FLAG(0, "mull", &mull, true,
			 "write a mull.yml (Mull's configuration)"),
		OPT_STRING(0, "types", "LIST", &typelist,
			   "--mull: only these operand types (domain names,\n"
			   "comma-separated: int,unsigned long); default: all"),
		OPT_EMIT_OUT(&o, "FILE",
			     "write to FILE (all or nothing) instead of stdout"),
		OPT_EMIT_PROVER(&o),
		OPT_HELP(),
		OPT_END(),
	};
	int rc = eopts_parse(argc, argv, options, &usage_export, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (mml == mull)
		return opt_usage_error(options, &usage_export,
				       "which format? give --mml or --mull");
	if (typelist && !mull)
		return opt_usage_error(options, &usage_export,
				       "--types goes with --mull");
	char *tl = typelist ? xstrdup(typelist) : NULL;
	const char **types = NULL;
	int ntypes = tl ? split_types(tl, &types) : 0;
	struct run_state st;
	rc = eopts_load_prove(&st, argc, argv, &o);
	if (!rc) {
		struct strbuf sb = STRBUF_INIT, notes = STRBUF_INIT;
		if (mml) {
			emit_mml(&sb, &notes, &st.run, st.theories, st.ntheories);
		} else if (emit_mull(&sb, &notes, &st.run, types, ntypes) < 0) {
			error("export --mull: no C result%s has mutants "
			      "labelled with Mull's mutator names (cxx_...)",
			      typelist ? " over the --types given" : "");
			rc = EXIT_INPUT;
		}
		if (!rc)
			rc = write_output(o.out, &sb);
		if (notes.len)
			fputs(notes.buf, stderr);
		sb_release(&sb);
		sb_release(&notes);
	}
	rc = eopts_finish(rc, &st);
	run_release(&st);
	free(types);
	free(tl);
	return rc;
}

/* ---- subsume report ---- */

int cmd_report(int argc, char **argv)
{
	static const char *const formats[] = { "markdown", "md", NULL };
	struct eopts o = EOPTS_INIT;
	const char *format = "markdown";
	const struct option options[] = {
		OPT_CHOICE(0, "format", "FMT", &format, formats,
			   "markdown (the default and only format for now)"),
		OPT_EMIT_OUT(&o, "FILE",
			     "write to FILE (all or nothing) instead of stdout"),
		OPT_EMIT_PROVER(&o),
		OPT_HELP(),
		OPT_END(),
	};
	int rc = eopts_parse(argc, argv, options, &usage_report, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	struct run_state st;
	rc = eopts_load_prove(&st, argc, argv, &o);
	if (!rc) {
		struct strbuf sb = STRBUF_INIT;
		emit_report_md(&sb, &st.run);
		rc = write_output(o.out, &sb);
		sb_release(&sb);
	}
	rc = eopts_finish(rc, &st);
	run_release(&st);
	return rc;
}
