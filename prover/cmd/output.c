/* output.c - see output.h. */
#include "cmd/output.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int eopts_parse(int argc, char **argv, const struct option *opts,
		const struct opt_usage *u, struct eopts *o)
{
	int rc = parse_options(argc, argv, opts, u, &o->first);
	if (rc)
		return rc;
	if (o->out && !*o->out)
		return opt_usage_error(opts, u, "-o needs a non-empty name");
	if (o->first >= argc)
		return opt_usage_error(opts, u, "no theory files given");
	return 0;
}

int eopts_load_prove(struct run_state *st, int argc, char **argv,
		     const struct eopts *o)
{
	int rc = run_load(st, argv + o->first, argc - o->first);
	if (rc)
		return rc;
	run_prove(st, &o->run);
	st->run.timing = false;
	return 0;
}

int eopts_finish(int rc, const struct run_state *st)
{
	if (!rc && st->refuted) {
		fprintf(stderr, "%s: some claims are refuted (subsume prove "
			"shows the witnesses)\n", progname);
		return EXIT_REFUTED;
	}
	if (!rc && st->unknown) {
		fprintf(stderr, "%s: some answers are unknown; outputs keep "
			"those mutants\n", progname);
		rc = EXIT_UNKNOWN;
	}
	return rc;
}

void outfiles_free(struct outfile *f, int n)
{
	for (int i = 0; i < n; i++) {
		free(f[i].path);
		free(f[i].tmp);
		sb_release(&f[i].data);
	}
	free(f);
}

int outfiles_write(struct outfile *f, int n)
{
	int i;
	/* What rename() would refuse, refused before anything changes. */
	for (i = 0; i < n; i++) {
		struct stat st;
		if (stat(f[i].path, &st) == 0 && S_ISDIR(st.st_mode)) {
			error("cannot write '%s': it is a directory", f[i].path);
			return EXIT_IO;
		}
	}
	for (i = 0; i < n; i++) {
		struct strbuf t = STRBUF_INIT;
		sb_printf(&t, "%s.tmp.%ld", f[i].path, (long)getpid());
		f[i].tmp = t.buf;
		FILE *fp = fopen(f[i].tmp, "wb");
		if (!fp) {
			error("cannot write '%s': %s", f[i].path,
			      strerror(errno));
			goto fail;
		}
		size_t w = fwrite(f[i].data.buf, 1, f[i].data.len, fp);
		int bad = w != f[i].data.len || fflush(fp) != 0;
		if (fclose(fp) != 0 || bad) {
			error("cannot write '%s': %s", f[i].path,
			      strerror(errno));
			i++;
			goto fail;
		}
	}
	for (i = 0; i < n; i++)
		if (rename(f[i].tmp, f[i].path) != 0) {
			error("cannot write '%s': %s", f[i].path,
			      strerror(errno));
			for (int k = i; k < n; k++)
				remove(f[k].tmp);
			return EXIT_IO;
		}
	return 0;
fail:
	for (int k = 0; k < i; k++)
		remove(f[k].tmp);
	return EXIT_IO;
}

void outfile_add(struct outfile **f, int *n, size_t *cap, const char *dir,
		 const char *name)
{
	GROW(*f, (size_t)*n + 1, *cap);
	struct outfile *o = &(*f)[(*n)++];
	struct strbuf p = STRBUF_INIT;
	size_t l = strlen(dir);
	sb_printf(&p, "%s%s%s", dir, l && dir[l - 1] == '/' ? "" : "/", name);
	o->path = p.buf;
	o->tmp = NULL;
	o->data = (struct strbuf)STRBUF_INIT;
}
