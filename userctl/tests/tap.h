/* SPDX-License-Identifier: GPL-2.0 */
/* Minimal TAP output for the host unit tests. */
#ifndef USERCTL_TAP_H
#define USERCTL_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_failed;

static inline __attribute__((format(printf, 2, 3)))
void tap_ok(int ok, const char *fmt, ...)
{
	char buf[1024], *p;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* a description is one line: show newlines in inputs as \n */
	printf("%sok %d - ", ok ? "" : "not ", ++tap_n);
	for (p = buf; *p; p++)
		if (*p == '\n')
			fputs("\\n", stdout);
		else
			putchar(*p);
	putchar('\n');
	tap_failed += !ok;
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
