/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers every userctl command shares: fatal errors and option parsing. */
#ifndef USERCTL_H
#define USERCTL_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>


#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Print "userctl: <message>" to stderr and exit with @status. */
void fatal_status(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));
/* A usage or input error: exit status 2. */
#define usage_error(...) fatal_status(2, __VA_ARGS__)
/* A runtime failure: exit status 1. */
#define fatal(...) fatal_status(1, __VA_ARGS__)

/* Print "userctl: warning: <message>" to stderr. */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Long-running commands (record, stream) end early on SIGINT or SIGTERM
 * and still finish their output: catch_interrupt() installs the handler
 * (without SA_RESTART, so a sleep returns at once), interrupted() is the
 * signal once one came (else 0), and the command exits with 128 + it.
 */
void catch_interrupt(void);
int interrupted(void);

/* Reset getopt so a command can parse its own argv. */
void getopt_reset(void);

/*
 * An option's count or integer: decimal digits only, @min..@max, or a
 * usage error naming the option (@what: "--count").  A sign, blanks, a
 * fraction, an exponent or hex is refused, not converted.
 */
unsigned long long parse_uint_arg(const char *s, const char *what,
				  unsigned long long min,
				  unsigned long long max);

/* Reject leftover arguments after a command's options. */
void no_more_args(const char *cmd, int argc, char **argv, int optind_);

#endif
