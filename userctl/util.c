// SPDX-License-Identifier: GPL-2.0
/* Fatal errors, checked allocation and interrupts shared by all commands. */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "userctl.h"

void fatal_status(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("userctl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

void warnx_(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("userctl: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
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
