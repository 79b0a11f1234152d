/*
 * check-table.c - configs/check-table.yaml, the shipped table of "redundant
 * by table" compiled into subsume, is what the prover gives today: every
 * Java shape proven afresh by check_table_write() must print the same
 * bytes as the compiled-in copy (check_shipped_table).
 *
 * `check-table.t --write FILE` writes the table instead (make check-table).
 */
#include "tap.h"

#include "check/check.h"

#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	progname = "check-table";
	if (argc == 3 && !strcmp(argv[1], "--write")) {
		char tmp[4096];
		snprintf(tmp, sizeof(tmp), "%s.tmp", argv[2]);
		FILE *f = fopen(tmp, "w");
		if (!f || check_table_write(f) < 0 || fclose(f) != 0 ||
		    rename(tmp, argv[2]) != 0) {
			perror(argv[2]);
			return 1;
		}
		check_table_release();
		return 0;
	}
	plan(3);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ok(f && check_table_write(f) == 0 && fclose(f) == 0,
	   "every integer and boolean Java shape proven and written");
	ok(strstr(check_shipped_table, "\n  - op: ") != NULL,
	   "the compiled-in table has shapes");
	if (!is_str(buf ? buf : "", check_shipped_table,
		    "configs/check-table.yaml is fresh (run `make check-table` "
		    "after a change to the semantics or the operator groups)"))
		diag("the prover now gives:\n%s", buf ? buf : "");
	free(buf);
	check_table_release();
	return done_testing();
}
