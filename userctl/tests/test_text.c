// SPDX-License-Identifier: GPL-2.0
/*
 * The module's texts as JSON (srt_json_text, srt_json_kv_line): what
 * "status --json" and "limits --json" make of the config, io, dataplane,
 * preflight and limits views.
 */
#include <stdlib.h>
#include <string.h>

#include "debugfs.h"
#include "json.h"
#include "tap.h"
#include "userctl.h"

struct text_case {
	const char *desc;
	const char *in;
	const char *want;	/* the JSON, without the final newline */
	int line;		/* srt_json_kv_line instead of srt_json_text */
};

static const struct text_case cases[] = {
	{ "config: key=value lines, numbers as numbers",
	  "cpu=1\nperiod_us=100\nmode=hybrid\n",
	  "{\"cpu\":1,\"period_us\":100,\"mode\":\"hybrid\"}", 0 },
	{ "stats: nested k=v, percentages, notes",
	  "cycles: 12345\noverruns: 0\ncpu_pct: 99.5\n# warning: the clock went backwards\nirq_latency_ns: count=10 min=1 avg=2 max=9\n",
	  "{\"cycles\":12345,\"overruns\":0,\"cpu_pct\":99.5,\"irq_latency_ns\":{\"count\":10,\"min\":1,\"avg\":2,\"max\":9},\"notes\":[\"warning: the clock went backwards\"]}",
	  0 },
	{ "a value with blanks stays a string",
	  "verdict: isolated and nohz_full\nonline: 1\n",
	  "{\"verdict\":\"isolated and nohz_full\",\"online\":1}", 0 },
	{ "hex, inf and nan are strings, not JSON numbers",
	  "a: 0x10\nb: inf\nc: nan\n",
	  "{\"a\":\"0x10\",\"b\":\"inf\",\"c\":\"nan\"}", 0 },
	{ "a text that is not key/value lines is one string",
	  "# 1 binding(s)\nsim in=0+2 out=0+1 trigger=0 state=bound\n",
	  "\"# 1 binding(s)\\nsim in=0+2 out=0+1 trigger=0 state=bound\\n\"",
	  0 },
	{ "limits line: an object, inf as a string",
	  "out=2 min=-inf max=1.5",
	  "{\"out\":2,\"min\":\"-inf\",\"max\":1.5}", 1 },
	{ "a line that is not k=v tokens is a string",
	  "clear", "\"clear\"", 1 },
	{ "bytes that are not UTF-8 are escaped, so the JSON is valid UTF-8",
	  "x\xff\xfe", "\"x\\u00ff\\u00fe\"", 0 },
	{ "well-formed UTF-8 passes through",
	  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
	  "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"", 0 },
	{ "overlong, surrogate, truncated and DEL are escaped",
	  "\xc0\xaf \xed\xa0\x80 \xe2\x82 \x7f",
	  "\"\\u00c0\\u00af \\u00ed\\u00a0\\u0080 \\u00e2\\u0082 \\u007f\"",
	  0 },
};

int main(void)
{
	struct json j;
	size_t i, len;
	char *out;
	FILE *f;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		f = open_memstream(&out, &len);
		if (!f)
			fatal("open_memstream failed");
		json_init(&j, f);
		if (cases[i].line)
			srt_json_kv_line(&j, cases[i].in);
		else
			srt_json_text(&j, cases[i].in);
		fclose(f);
		/* a top-level object ends with a newline, a string does not */
		if (len && out[len - 1] == '\n')
			out[--len] = '\0';
		tap_ok(!strcmp(out, cases[i].want), "%s: %s", cases[i].desc,
		       out);
		free(out);
	}
	return tap_done();
}
