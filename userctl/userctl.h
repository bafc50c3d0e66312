/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers every userctl command shares: fatal errors, allocation (util.c)
 * and option parsing (options.c).
 */
#ifndef USERCTL_H
#define USERCTL_H

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

/*
 * A finite double from text, or a usage error naming what it was for.
 * strtod's ERANGE on underflow still returns a value (a subnormal, or
 * zero): taken.  On overflow it returns HUGE_VAL: refused, as are "inf"
 * and "nan".
 */
double dp_parse_value(const char *s, const char *what);

/* Reject leftover arguments after a command's options. */
void no_more_args(const char *cmd, int argc, char **argv, int optind_);

/*
 * The options several commands share, one bit each in cmd_opts.shared;
 * what they set lands in the struct's fields of the same name:
 */
#define CMD_LOOP	(1U << 0)	/* -l, --loop NAME: .loop */
#define CMD_JSON	(1U << 1)	/* -j, --json: .json */
#define CMD_DURATION	(1U << 2)	/* -d, --duration S, above 0: .duration */
#define CMD_COUNT	(1U << 3)	/* -n, --count N, at least 1: .count */

/*
 * A command's options: the shared ones it takes, its own (a getopt_long
 * table; an entry whose val is a letter has that short form too), and
 * what the shared ones were given.  The command sets the defaults of
 * duration and count before the first cmd_getopt().
 */
struct cmd_opts {
	const char *name;		/* "record": messages say it */
	void (*usage)(FILE *f);		/* the command's help text */
	unsigned int shared;		/* CMD_* */
	const struct option *own;	/* ends with a zeroed entry; or NULL */
	const char *loop;
	bool json;
	double duration;
	unsigned long long count;
	/* cmd_getopt()'s tables, built at its first call */
	bool built;
	char shortopts[40];
	struct option longopts[32];	/* bench: its parameters too */
};

/*
 * The next of the command's own options, as getopt_long() returns it
 * (optarg set), or -1 after the last; the shared ones are taken on the
 * way.  -h/--help prints the usage and exits 0; an unknown option or a
 * missing value: getopt's message, the usage on stderr, exit 2.
 */
int cmd_getopt(struct cmd_opts *o, int argc, char **argv);

/*
 * The loop's name, once given as a command's first argument ("hist NAME",
 * "loop start NAME"), is -l LOOP now; the old form is taken until the
 * release LOOP_POSITIONAL_UNTIL says, with a one-line note on stderr.
 * Without -l, argv[*next] (if any, and not KEY=VALUE) becomes o->loop and
 * *next moves past it.  @words is the command as the note shows it,
 * "loop start".
 */
void cmd_loop_positional(struct cmd_opts *o, const char *words, int argc,
			 char **argv, int *next);

/* o->loop, checked as a name; a usage error when -l LOOP was not given. */
const char *cmd_need_loop(const struct cmd_opts *o);

#endif
