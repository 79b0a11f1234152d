/*
 * lookup-example.c - how a C mutation tool uses the generated tables
 * (tables/subsume_tables.{h,c}): before it mutates `a < b` whose operands
 * are `unsigned`, it asks which ROR replacements to keep under C's
 * semantics and generates only those.
 *
 *   cc -std=c99 -Itables docs/lookup-example.c tables/subsume_tables.c
 *   ./a.out                       # ROR on < over unsigned, in C
 *   ./a.out java ROR "<" int      # any language, family, operator, domain
 *
 * Prints the keep list, comma-separated, and the semantics it was proven
 * under; exits 1 when the tables have no such rule.
 */
#include <stdio.h>

#include "subsume_tables.h"

int main(int argc, char **argv)
{
	const char *language = argc > 4 ? argv[1] : "c";
	const char *family = argc > 4 ? argv[2] : "ROR";
	const char *op = argc > 4 ? argv[3] : "<";
	const char *domain = argc > 4 ? argv[4] : "unsigned";
	const struct subsume_rule *r =
		subsume_find_rule_in(language, family, op, domain);
	size_t k;
	if (!r) {
		fprintf(stderr, "no %s rule for %s on %s over %s\n", language,
			family, op, domain);
		return 1;
	}
	for (k = 0; k < r->nkeep; k++)
		printf("%s%s", k ? "," : "", r->keep[k]);
	printf("\n%s (%s), from %s: %s\n", r->language, r->options, r->theory,
	       r->target);
	return 0;
}
