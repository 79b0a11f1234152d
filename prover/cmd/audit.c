/*
 * audit.c - `subsume audit`: prove theories with claims (expect:) and
 * write every claim's verdict as a Markdown audit (docs/audit.md, from
 * theories/audit/).  Refuted claims are what an audit reports, so they
 * do not fail the run: it exits 0 once the document is written (1 when
 * some claim stays unknown).
 */
#include "cmd/cmd.h"
#include "cmd/output.h"

static const struct opt_usage usage_audit = {
	.usage = "subsume audit [options] PATH...",
	.about =
	"Prove the theory files given and write every claim of their\n"
	"targets (expect:) with its verdict as Markdown: a summary table\n"
	"per theory (proven, refuted, unknown), then each rule with its\n"
	"source, the semantics it was proven under and the verdict, with\n"
	"witness inputs for refuted ones.\n"
	"\n",
	.tail =
	"exit status: 0 written (refuted claims included), 1 some claims\n"
	"unknown, 2 usage, 3 invalid theory or no claims, 4 internal\n"
	"error, 5 I/O error\n",
};

int cmd_audit(int argc, char **argv)
{
	struct eopts o = EOPTS_INIT;
	const struct option options[] = {
		OPT_EMIT_OUT(&o, "FILE",
			     "write to FILE (all or nothing) instead of stdout"),
		OPT_EMIT_PROVER(&o),
		OPT_HELP(),
		OPT_END(),
	};
	int rc = eopts_parse(argc, argv, options, &usage_audit, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	struct run_state st;
	rc = eopts_load_prove(&st, argc, argv, &o);
	if (!rc && !st.run.nclaims) {
		error("no claims: the theories given have no 'expect' lists");
		rc = EXIT_INPUT;
	}
	if (!rc) {
		struct strbuf sb = STRBUF_INIT;
		emit_audit_md(&sb, &st.run);
		rc = write_output(o.out, &sb);
		sb_release(&sb);
	}
	if (!rc && st.unknown) {
		fprintf(stderr, "%s: some answers are unknown\n", progname);
		rc = EXIT_UNKNOWN;
	}
	run_release(&st);
	return rc;
}
