// SPDX-License-Identifier: GPL-2.0
/*
 * A bench's loops: created with their cleanup registered, loaded with a
 * built-in chain at their period, run for a while.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ctl.h"
#include "userctl.h"

static char *settings_of(const char *fmt, va_list ap)
{
	char *text;

	if (vasprintf(&text, fmt, ap) < 0)
		fatal("out of memory");
	return text;
}

struct bench_undo *bench_loop_create(const char *name, const char *fmt, ...)
{
	char err[SHIELDRT_ERR_LEN], *text;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	text = settings_of(fmt, ap);
	va_end(ap);
	ret = ctl_create_try(name, text, false, err, sizeof(err));
	free(text);
	if (ret)
		ctl_die("create", name, ret, err);
	return bench_undo_loop(name);
}

int bench_loop_create_try(struct bench_undo **u, char *err, size_t errlen,
			  const char *name, const char *fmt, ...)
{
	char *text;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	text = settings_of(fmt, ap);
	va_end(ap);
	*u = NULL;
	ret = ctl_create_try(name, text, false, err, errlen);
	free(text);
	if (!ret)
		*u = bench_undo_loop(name);
	else if (!*err)
		snprintf(err, errlen, "%s", ctl_errno_name(-ret));
	return ret;
}

/*
 * A chain names the period it was written for; the loop supplies its
 * own: the text with its "period_us" line set to @period_us (added if it
 * has none).
 */
void bench_loop_chain(const char *loop, const char *chain,
		      unsigned long long period_us)
{
	const char *text = bench_chain_text(chain), *p, *nl;
	size_t len, cap;
	char *out;
	bool done = false;

	if (!text)
		fatal("no built-in chain '%s'", chain);
	cap = strlen(text) + 64;
	out = xmalloc(cap);
	len = 0;
	for (p = text; *p; p = nl) {
		nl = strchr(p, '\n');
		nl = nl ? nl + 1 : p + strlen(p);
		if (!strncmp(p, "period_us", 9) &&
		    (p[9] == ' ' || p[9] == '\t')) {
			len += snprintf(out + len, cap - len, "period_us %llu\n",
					period_us);
			done = true;
			continue;
		}
		memcpy(out + len, p, nl - p);
		len += nl - p;
	}
	if (!done)
		len += snprintf(out + len, cap - len, "period_us %llu\n",
				period_us);
	ctl_chain(loop, out, len);
	free(out);
}

double bench_loop_run(const char *loop, double s, struct bench_tel *tel,
		      unsigned long long cycles)
{
	unsigned long long n = 0, drops = 0, n0 = 0, d0 = 0;
	double t0, end, nap = tel ? bench_tel_nap(tel) : 0.05;

	if (tel) {
		bench_tel_drain(tel);
		bench_tel_rebase(tel);
		bench_tel_counts(tel, &n0, &d0);
	}
	ctl_start(loop);
	t0 = bench_now();
	end = t0 + s;
	for (;;) {
		double now = bench_now();

		if (now >= end)
			break;
		if (tel) {
			bench_tel_drain(tel);
			bench_tel_counts(tel, &n, &drops);
			if (cycles && n - n0 + drops - d0 >= cycles)
				break;
		}
		bench_sleep(end - now < nap ? end - now : nap);
	}
	if (tel)
		bench_tel_drain(tel);
	ctl_stop(loop);
	if (tel)
		bench_tel_drain(tel);	/* what the last cycles published */
	return bench_now() - t0;
}

int bench_io_calls(const char *loop, const char *provider,
		   unsigned long long *reads, unsigned long long *writes)
{
	char *text, *line, *save = NULL, *p;
	size_t len = strlen(provider);
	int ret = -1;

	if (ctl_view_try(loop, "io", &text))
		return -1;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, provider, len) || line[len] != ' ')
			continue;
		p = strstr(line, " read_calls=");
		if (p && sscanf(p, " read_calls=%llu", reads) == 1) {
			p = strstr(line, " write_calls=");
			if (p && sscanf(p, " write_calls=%llu", writes) == 1)
				ret = 0;
		}
		break;
	}
	free(text);
	return ret;
}
