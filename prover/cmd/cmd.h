/*
 * cmd.h - commands implemented outside main.c.  Each parses its own
 * options and returns an exit code (util.h).  Append only.
 */
#ifndef SUBSUME_CMD_H
#define SUBSUME_CMD_H

/* check.c: `subsume check`, per-mutant verdicts for mutant lists. */
int cmd_check(int argc, char **argv);
extern const char usage_check[];

/* cmd_compare.c: `subsume compare`, a published table of minimal sets
 * next to the proven ones, as Markdown. */
int cmd_compare(int argc, char **argv);
extern const char usage_compare[];

#endif
