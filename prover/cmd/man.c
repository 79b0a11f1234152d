/*
 * man.c - `subsume man-page` (hidden from --help): the manual page
 * subsume(1) in roff, made from the same option tables as every
 * command's --help, so the two cannot drift.  docs/subsume.1 is its
 * output, committed and installed by `make install`; tests/man.t fails
 * when it is stale.
 */
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/run.h"

static const char man_head[] =
	".TH SUBSUME 1 \"\" \"subsume " SUBSUME_VERSION "\" \"User Commands\"\n"
	".SH NAME\n"
	"subsume \\- prove mutation\\-testing theories with the Z3 SMT solver\n"
	".SH SYNOPSIS\n"
	".B subsume\n"
	".I command\n"
	"[\\fIoptions\\fR] [\\fIarguments\\fR]\n"
	".br\n"
	".B subsume\n"
	"\\-\\-help | \\-\\-version | help \\fIcommand\\fR\n"
	".SH DESCRIPTION\n"
	".B subsume\n"
	"proves mutation\\-testing theories with the Z3 SMT solver.\n"
	"A theory file (YAML) declares mutation targets (an expression shape\n"
	"such as a < b), variable domains and mutation operators.\n"
	"For every target and domain, subsume proves which mutants are\n"
	"equivalent to the original, which are duplicates of each other,\n"
	"which subsume which, and the minimal mutant set a mutation tool\n"
	"needs; every negative answer comes with a witness input that an\n"
	"independent concrete evaluator has re\\-checked.\n"
	".PP\n"
	"A PATH is a theory file or a folder (its *.yaml files in name order).\n"
	"All files are loaded and checked before anything is proven or\n"
	"written; a file with errors produces no output, and output files are\n"
	"written all or nothing.\n"
	"Errors in an input file name it with line and column\n"
	"(file:line:col: error: message) and show the line with a caret.\n"
	"Options come before the arguments; each takes its value as\n"
	"\\fB\\-\\-name\\fR \\fIvalue\\fR, \\fB\\-\\-name\\fR=\\fIvalue\\fR or, for one letter,\n"
	"\\fB\\-x\\fR\\fIvalue\\fR.\n"
	".SH COMMANDS\n";

static const char man_tail[] =
	".SH EXIT STATUS\n"
	".TP\n.B 0\nsuccess: every answer proven\n"
	".TP\n.B 1\nfinished, but some answers are unknown (time or resource "
	"limits), or a proof the \\fB\\-\\-confirm\\fR solver could not confirm; "
	"they are reported\n"
	".TP\n.B 2\nusage error (bad option or argument)\n"
	".TP\n.B 3\ninvalid input: a theory or input file has errors\n"
	".TP\n.B 4\ninternal error: a witness the evaluator does not confirm, "
	"a solver failure, a bug\n"
	".TP\n.B 5\nI/O error: a file cannot be read or written\n"
	".TP\n.B 6\n\\fB\\-\\-confirm\\fR: the second solver refutes a proof "
	"(it answers sat where Z3 answered unsat); the obligation's file is "
	"reported\n"
	".TP\n.B 7\na claim of a theory (\\fBexpect:\\fR) is refuted: "
	"the witness is reported (a refuted claim outranks unknown answers; "
	"\\fBaudit\\fR reports refuted claims and exits 0)\n"
	".TP\n.B 8\n\\fBcheck\\fR: some groups of mutants were cut short by "
	"a fatal error of their own (out of memory, a solver error); their "
	"mutants are unknown with the cause, every other verdict is written "
	"(it outranks 1)\n"
	".SH ENVIRONMENT\n"
	".TP\n.B SUBSUME_TRACE\n"
	"set to 1, print every solver question and its answer on standard "
	"error\n"
	".SH FILES\n"
	".TP\n.I PREFIX/share/subsume/operators.yaml\n"
	"the built\\-in operator library (ROR, AORB, COR, ...).\n"
	"It is compiled into subsume: this copy is for reference, and editing\n"
	"it changes nothing; a theory file's own \\fBoperators\\fR key adds or\n"
	"redefines operators.\n"
	".TP\n.I PREFIX/share/subsume/contracts.yaml\n"
	"the built\\-in contracts of \\fBsubsume check\\fR for opaque calls,\n"
	"also compiled in and installed for reference; pass a changed copy\n"
	"with \\fB\\-\\-contracts\\fR \\fIFILE\\fR.\n"
	".SH EXAMPLES\n"
	"Prove a theory, without run times in the output:\n"
	".PP\n.RS\n.nf\n"
	"subsume prove \\-\\-no\\-timing docs/example.yaml\n"
	".fi\n.RE\n"
	".PP\n"
	"Write the minimal sets of every theory in theories/ as C tables and as\n"
	"Graphviz graphs rendered to SVG:\n"
	".PP\n.RS\n.nf\n"
	"subsume tables \\-o tables theories\n"
	"subsume graphs \\-\\-svg \\-o graphs theories\n"
	".fi\n.RE\n"
	".PP\n"
	"Verdicts for every mutant of a Major log, as JSON, on four threads:\n"
	".PP\n.RS\n.nf\n"
	"subsume check \\-j 4 \\-\\-format json mutants.log\n"
	".fi\n.RE\n"
	".PP\n"
	"The same in three parts (on three machines, or side by side), joined\n"
	"into the file the whole run writes:\n"
	".PP\n.RS\n.nf\n"
	"for k in 1 2 3; do\n"
	"  subsume check \\-\\-shard $k/3 \\-\\-format json mutants.log > part$k.json\n"
	"done\n"
	"subsume merge \\-o verdicts.json part1.json part2.json part3.json\n"
	".fi\n.RE\n"
	".SH SEE ALSO\n"
	".BR dot (1),\n"
	".BR z3 (1);\n"
	"README.md and docs/ in the source distribution.\n";

static const struct opt_usage usage_man = {
	.usage = "subsume man-page [options]",
	.about = "Write the manual page subsume(1), in roff.\n\n",
};

int cmd_man_page(int argc, char **argv)
{
	const char *out = NULL;
	const struct option options[] = {
		OPT_STRING('o', NULL, "FILE", &out,
			   "write to FILE (all or nothing) instead of stdout"),
		OPT_HELP(),
		OPT_END(),
	};
	int i, rc = parse_options(argc, argv, options, &usage_man, &i);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (i < argc)
		return opt_usage_error(options, &usage_man,
				       "unexpected argument '%s'", argv[i]);
	struct strbuf sb = STRBUF_INIT;
	sb_puts(&sb, man_head);
	opt_man_out = &sb;
	for (size_t k = 0; k < ncommands; k++) {
		if (!commands[k].summary)
			continue;
		char *args[] = { (char *)commands[k].name, "--help", NULL };
		if (commands[k].fn(2, args) != 0)
			BUG("%s --help failed", commands[k].name);
	}
	opt_man_out = NULL;
	sb_puts(&sb, man_tail);
	rc = write_output(out, &sb);
	sb_release(&sb);
	return rc;
}
