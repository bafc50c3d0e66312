// SPDX-License-Identifier: GPL-2.0
/*
 * The limits table's lines (kmod/lib/limits.c): the first byte is the
 * loop's output count (0..40, beyond SHIELDRT_MAX_SIGNALS too), the rest
 * the text of a write, applied over a table that already holds limits.
 * Properties: the reason is a terminated string within its buffer; after
 * a good text every output with limits exists, has ordered non-NaN ends
 * whose order keys match them, and prints (srt_limits_format) to a line
 * that parses back to the same entry; an output the loop does not have
 * kept its entry or lost it to "clear", nothing else; and
 * srt_limits_first_bad() agrees with a plain comparison.
 */
#include <math.h>
#include "limits.h"
#include "fuzz.h"

/* A table as a loop might have it before the write: outputs 0, 5, 31. */
static void table_before(struct srt_limits *l)
{
	static const u32 outs[] = { 0, 5, 31 };
	size_t i;

	memset(l, 0, sizeof(*l));
	for (i = 0; i < ARRAY_SIZE(outs); i++) {
		l->on |= BIT(outs[i]);
		l->min[outs[i]] = srt_to_bits(-1.0 - i);
		l->max[outs[i]] = srt_to_bits(2.5 * i);
		l->lo[outs[i]] = srt_f64_order(l->min[outs[i]]);
		l->hi[outs[i]] = srt_f64_order(l->max[outs[i]]);
	}
}

static bool same_entry(const struct srt_limits *a, const struct srt_limits *b,
		       u32 i)
{
	if ((a->on ^ b->on) & BIT(i))
		return false;
	return !(a->on & BIT(i)) ||
	       (a->min[i] == b->min[i] && a->max[i] == b->max[i] &&
		a->lo[i] == b->lo[i] && a->hi[i] == b->hi[i]);
}

static void check_entry(const struct srt_limits *l, u32 i, u32 n_out)
{
	char line[128], err[SHIELDRT_ERR_LEN] = "";
	struct srt_limits again;
	int n;

	fuzz_check(i < n_out, "output %u of %u has limits", i, n_out);
	fuzz_check(!srt_bits_isnan(l->min[i]) && !srt_bits_isnan(l->max[i]) &&
		   l->lo[i] == srt_f64_order(l->min[i]) &&
		   l->hi[i] == srt_f64_order(l->max[i]) && l->lo[i] <= l->hi[i],
		   "output %u: min %#llx max %#llx", i,
		   (unsigned long long)l->min[i],
		   (unsigned long long)l->max[i]);
	n = srt_limits_format(l, i, line, sizeof(line));
	fuzz_check(n > 0 && (size_t)n < sizeof(line), "format returned %d", n);
	memset(&again, 0, sizeof(again));
	fuzz_check(!srt_limits_parse(&again, line, n_out, err, sizeof(err)) &&
		   again.on == BIT(i) && same_entry(l, &again, i),
		   "output %u: its line does not parse back: %s", i, err);
}

/* The first output outside its limits, the slow way. */
static int first_bad(const struct srt_limits *l, const u64 *out, u32 n)
{
	u32 i;

	for (i = 0; i < n && i < SRT_MAX_SIGNALS; i++) {
		double v = srt_from_bits(out[i]);

		if (!(l->on & BIT(i)))
			continue;
		if (isnan(v) || v < srt_from_bits(l->min[i]) ||
		    v > srt_from_bits(l->max[i]))
			return i;
	}
	return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[SHIELDRT_ERR_LEN] = "";
	struct srt_limits before, l;
	u64 out[SRT_MAX_SIGNALS];
	u32 n_out, i, keep;
	char *text;
	int ret;

	if (!size)
		return 0;
	n_out = data[0] % 41;
	text = fuzz_text(data + 1, size - 1);
	table_before(&before);
	l = before;
	ret = srt_limits_parse(&l, text, n_out, err, sizeof(err));
	fuzz_check(fuzz_reason_ok(err, sizeof(err)),
		   "reason not terminated or not printable");
	fuzz_check(ret == 0 || ret == -EINVAL, "returned %d", ret);
	free(text);
	if (ret)
		return 0;
	keep = n_out >= SRT_MAX_SIGNALS ? 0 : ~0U << n_out;
	for (i = 0; i < SRT_MAX_SIGNALS; i++) {
		if (keep & BIT(i))
			fuzz_check(same_entry(&before, &l, i) ||
				   !(l.on & BIT(i)),
				   "output %u of %u changed", i, n_out);
		else if (l.on & BIT(i))
			check_entry(&l, i, min_t(u32, n_out, SRT_MAX_SIGNALS));
	}
	/* Each output at one of its ends, beside it, or at a fixed value. */
	for (i = 0; i < SRT_MAX_SIGNALS; i++) {
		u64 end = i & 1 ? l.max[i] : l.min[i];

		out[i] = i % 3 == 0 ? end : i % 3 == 1 ? end + 1 :
			 srt_to_bits(0.5 * i - 4);
	}
	fuzz_check(srt_limits_first_bad(&l, out, n_out) ==
		   first_bad(&l, out, n_out), "first_bad disagrees");
	return 0;
}
