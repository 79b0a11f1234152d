/*
 * fuzz-kills.c - a Major kill file (`check --kills`) through kills_load();
 * a loaded file is then queried for the mutants 1..32 (half of them
 * taken, so that kills_warn() reports the rest) and its summary written.
 */
#include "fuzz/fuzz.h"

#include "base/diag.h"
#include "check/kills.h"

int fuzz_kills(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write(data, size);
	int errs = diag_errors;
	bool io = false;
	fuzz_enter();
	struct check_kills *k = kills_load(path, &io);
	fuzz_leave();
	if (!k && !io && diag_errors == errs)
		fuzz_fail("kill file rejected without an error message");
	if (!k)
		return 0;
	struct strbuf sb = STRBUF_INIT;
	for (int i = 1; i <= 32; i++) {
		char id[16];
		snprintf(id, sizeof(id), "%d", i);
		enum kill_status s = i % 2 ? kills_take(k, id) : kills_peek(k, id);
		if (s >= KS_COUNT)
			fuzz_fail("status %d out of range", (int)s);
		sb_puts(&sb, kill_status_name(s));
	}
	fuzz_enter();
	kills_warn(k);
	kills_summary_text(k, &sb);
	kills_summary_json(k, &sb);
	fuzz_leave();
	sb_release(&sb);
	kills_free(k);
	return 0;
}
