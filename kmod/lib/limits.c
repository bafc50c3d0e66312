// SPDX-License-Identifier: GPL-2.0
/*
 * The limits table and its text form.  Pure: the caller parses into a
 * scratch copy and publishes it only if every line was good.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include "limits.h"
#include "shieldrt_quote.h"

enum {
	SRT_LIM_OUT = 1 << 0,
	SRT_LIM_MIN = 1 << 1,
	SRT_LIM_MAX = 1 << 2,
	SRT_LIM_OFF = 1 << 3,
};

static int srt_limit_value(const char *key, const char *val, u64 *bits,
			   char *err, size_t errlen)
{
	int ret = srt_f64_parse(val, bits);
	char q[SRT_QUOTE_LEN];

	if (ret == -EDOM)
		snprintf(err, errlen, "%s: NaN is not a limit", key);
	else if (ret == -EINVAL)
		snprintf(err, errlen, "%s: %s is not a number", key,
			 srt_quote_str(q, sizeof(q), val));
	else if (ret)
		snprintf(err, errlen, "%s: out of memory", key);
	return ret == -EDOM ? -EINVAL : ret;
}

/* One token of a line; @seen collects what the line has said. */
static int srt_limits_token(char *tok, u32 *seen, u32 *out, u64 *min,
			    u64 *max, u32 n_out, char *err, size_t errlen)
{
	char *val = strchr(tok, '='), q[SRT_QUOTE_LEN];
	u32 bit;

	if (val)
		*val++ = '\0';
	if (!strcmp(tok, "off") && !val)
		bit = SRT_LIM_OFF;
	else if (!strcmp(tok, "out") && val)
		bit = SRT_LIM_OUT;
	else if (!strcmp(tok, "min") && val)
		bit = SRT_LIM_MIN;
	else if (!strcmp(tok, "max") && val)
		bit = SRT_LIM_MAX;
	else {
		snprintf(err, errlen,
			 "%s%s is not out=N, min=X, max=X or off",
			 srt_quote_str(q, sizeof(q), tok), val ? "=..." : "");
		return -EINVAL;
	}
	if (*seen & bit) {
		snprintf(err, errlen, "'%s' given twice", tok);
		return -EINVAL;
	}
	*seen |= bit;
	switch (bit) {
	case SRT_LIM_OUT:
		if (kstrtou32(val, 10, out)) {
			snprintf(err, errlen, "out: %s is not an output index",
				 srt_quote_str(q, sizeof(q), val));
			return -EINVAL;
		}
		if (!n_out) {
			snprintf(err, errlen, "out=%u: the loop has no outputs",
				 *out);
			return -EINVAL;
		}
		if (*out >= n_out) {
			snprintf(err, errlen,
				 "out=%u: the loop has %u outputs (0..%u)",
				 *out, n_out, n_out - 1);
			return -EINVAL;
		}
		return 0;
	case SRT_LIM_MIN:
		return srt_limit_value("min", val, min, err, errlen);
	case SRT_LIM_MAX:
		return srt_limit_value("max", val, max, err, errlen);
	default:
		return 0;
	}
}

static int srt_limits_line(struct srt_limits *l, char *line, u32 n_out,
			   char *err, size_t errlen)
{
	u64 min = SRT_F64_NINF, max = SRT_F64_PINF;
	u32 seen = 0, out = 0;
	char *tok;
	int ret;

	if (!strcmp(line, "clear")) {
		l->on = 0;
		return 0;
	}
	while ((tok = strsep(&line, " \t")) != NULL) {
		if (!*tok)
			continue;
		ret = srt_limits_token(tok, &seen, &out, &min, &max, n_out,
				       err, errlen);
		if (ret)
			return ret;
	}
	if (!(seen & SRT_LIM_OUT)) {
		snprintf(err, errlen, "out=N is missing");
		return -EINVAL;
	}
	if ((seen & SRT_LIM_OFF) && (seen & (SRT_LIM_MIN | SRT_LIM_MAX))) {
		snprintf(err, errlen, "out=%u: 'off' with min/max", out);
		return -EINVAL;
	}
	if (seen & SRT_LIM_OFF) {
		l->on &= ~BIT(out);
		return 0;
	}
	if (!(seen & (SRT_LIM_MIN | SRT_LIM_MAX))) {
		snprintf(err, errlen, "out=%u: give min=, max= or off", out);
		return -EINVAL;
	}
	if (srt_f64_order(min) > srt_f64_order(max)) {
		char a[SRT_F64_TEXT_LEN], b[SRT_F64_TEXT_LEN];

		srt_f64_format(min, a, sizeof(a));
		srt_f64_format(max, b, sizeof(b));
		snprintf(err, errlen, "out=%u: min=%s is above max=%s", out,
			 a, b);
		return -EINVAL;
	}
	/* Every finite value is below +inf and above -inf: a trip a cycle. */
	if (min == SRT_F64_PINF || max == SRT_F64_NINF) {
		snprintf(err, errlen, "out=%u: %s no value can meet", out,
			 min == SRT_F64_PINF ? "min=inf is a limit" :
			 "max=-inf is a limit");
		return -EINVAL;
	}
	l->min[out] = min;
	l->max[out] = max;
	l->lo[out] = srt_f64_order(min);
	l->hi[out] = srt_f64_order(max);
	l->on |= BIT(out);
	return 0;
}

int srt_limits_parse(struct srt_limits *l, char *text, u32 n_out,
		     char *err, size_t errlen)
{
	char msg[96], *line;
	u32 nr = 0;
	int ret;

	n_out = min_t(u32, n_out, SRT_MAX_SIGNALS);
	while ((line = strsep(&text, "\n")) != NULL) {
		nr++;
		line = strim(line);
		if (!*line || *line == '#')
			continue;
		msg[0] = '\0';
		ret = srt_limits_line(l, line, n_out, msg, sizeof(msg));
		if (ret) {
			snprintf(err, errlen, "limits line %u: %s", nr, msg);
			return ret;
		}
	}
	return 0;
}

int srt_limits_format(const struct srt_limits *l, u32 i, char *buf,
		      size_t len)
{
	char a[SRT_F64_TEXT_LEN], b[SRT_F64_TEXT_LEN];
	int ret;

	ret = srt_f64_format(l->min[i], a, sizeof(a));
	if (ret >= 0)
		ret = srt_f64_format(l->max[i], b, sizeof(b));
	if (ret < 0)
		return ret;
	return snprintf(buf, len, "out=%u min=%s max=%s", i, a, b);
}
