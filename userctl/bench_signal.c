// SPDX-License-Identifier: GPL-2.0
/*
 * A built-in chain's signals by name: where a bench finds the input or
 * output it plots or drives (the telemetry reader, the RFM bench), apart
 * from the loops that run the chains.
 */
#include <stdbool.h>
#include <string.h>

#include "bench.h"

/* @name's place among the words of @text's line that starts with @kw. */
static int chain_list_index(const char *text, const char *kw,
			    const char *name)
{
	size_t kl = strlen(kw), nl = strlen(name), n;
	const char *p = text, *end;
	int i;

	while (strncmp(p, kw, kl) || (p[kl] != ' ' && p[kl] != '\t')) {
		p = strchr(p, '\n');
		if (!p)
			return -1;
		p++;
	}
	end = p + strcspn(p, "#\n");
	p += kl;
	for (i = 0; p < end; i++) {
		p += strspn(p, " \t");
		n = strcspn(p, " \t#\n");
		if (!n)
			break;
		if (n == nl && !strncmp(p, name, n))
			return i;
		p += n;
	}
	return -1;
}

int bench_chain_signal(const char *chain, const char *name, bool output)
{
	const char *text = bench_chain_text(chain);

	if (!text)
		return -1;
	return chain_list_index(text, output ? "output" : "input", name);
}
