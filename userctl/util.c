// SPDX-License-Identifier: GPL-2.0
/* Fatal errors, checked allocation and interrupts shared by all commands. */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "userctl.h"
#include "../include/shieldrt_quote.h"

/*
 * One message to stderr, every byte outside printable ASCII as \xHH
 * (include/shieldrt_quote.h): a name or value the user typed, a file's
 * line or the module's words never reach the terminal raw.
 */
static void vmessage(const char *prefix, const char *fmt, va_list ap)
{
	char small[512], *text = small, *out;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n >= (int)sizeof(small)) {
		text = malloc((size_t)n + 1);
		if (text)
			vsnprintf(text, (size_t)n + 1, fmt, again);
	}
	va_end(again);
	if (n < 0 || !text) {
		text = small;
		snprintf(small, sizeof(small), "(a message that cannot be printed)");
		n = (int)strlen(small);
	}
	out = malloc((size_t)n * 4 + 1);
	fflush(stdout);
	fputs(prefix, stderr);
	if (out) {
		srt_escape(out, (size_t)n * 4 + 1, text);
		fputs(out, stderr);
	} else {
		fputs("(out of memory)", stderr);
	}
	fputc('\n', stderr);
	free(out);
	if (text != small)
		free(text);
}

void fatal_status(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("userctl: ", fmt, ap);
	va_end(ap);
	exit(status);
}

void warnx_(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("userctl: warning: ", fmt, ap);
	va_end(ap);
}

/* Written by the handler, read by the command: a lock-free atomic int. */
static int interrupt_sig;

static void on_interrupt(int sig)
{
	__atomic_store_n(&interrupt_sig, sig, __ATOMIC_RELAXED);
}

int interrupted(void)
{
	return __atomic_load_n(&interrupt_sig, __ATOMIC_RELAXED);
}

void catch_interrupt(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		fatal("out of memory");
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		fatal("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		fatal("out of memory");
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int ret;

	va_start(ap, fmt);
	ret = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (ret < 0)
		fatal("out of memory");
	return p;
}
