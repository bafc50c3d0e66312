// SPDX-License-Identifier: GPL-2.0
/*
 * The loop settings of shieldrt(4), as roff: one entry per row of the
 * key table (SRT_CONFIG_KEYS, kmod/lib/config.h), from the table itself.
 * scripts/dist/mkman builds this against kmod/lib/config.c on the host
 * (with the host stand-ins of userctl/tests/fuzz/host/srt_host.h) and
 * puts its output where the page says.
 */
#include "../../kmod/lib/config.h"

static const char * const units[] = {
	[SRT_KU_NONE] = "", [SRT_KU_NS] = "ns", [SRT_KU_US] = "\\(mcs",
	[SRT_KU_MS] = "ms",
};

/* What a value of @k is, as the option's placeholder. */
static void placeholder(const struct srt_key_row *k)
{
	u32 i;

	switch (k->kind) {
	case SRT_KT_BOOL:
		printf("0|1");
		return;
	case SRT_KT_ENUM:
		for (i = 0; i < k->nr_names; i++)
			printf("%s%s", i ? "|" : "", k->names[i]);
		return;
	case SRT_KT_NAME:
		printf("NAME");
		return;
	case SRT_KT_HOOK:
		printf("LIST");
		return;
	default:
		printf("N");
	}
}

/* Text for roff: backslashes and dashes as roff spells them. */
static void text(const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			printf("\\e");
		else if (*s == '-')
			printf("\\-");
		else
			putchar(*s);
	}
}

int main(void)
{
	int key;

	for (key = 0; key < SRT_NR_KEYS; key++) {
		const struct srt_key_row *k = &srt_keys[key];
		bool number = k->kind == SRT_KT_U32 || k->kind == SRT_KT_U64 ||
			      k->kind == SRT_KT_INT;

		printf(".TP\n.BI \"%s=\" ", k->name);
		placeholder(k);
		/*
		 * \& first: a line that begins with '.' or '\'' ("... this
		 * often") would be read as a request, not as text.
		 */
		printf("\n\\&");
		text(k->doc);
		if (number && k->unit != SRT_KU_NONE)
			printf("; in %s", units[k->unit]);
		if (k->def && k->def[0]) {
			printf("; default ");
			text(k->def);
		}
		if (k->min && k->max)
			printf("; %llu to %llu", (unsigned long long)k->min,
			       (unsigned long long)k->max);
		else if (k->max)
			printf("; at most %llu", (unsigned long long)k->max);
		else if (k->min)
			printf("; at least %llu", (unsigned long long)k->min);
		if (k->flags & SRT_KF_REQUIRED)
			printf("; required");
		if (k->flags & SRT_KF_CREATE)
			printf("; set when the loop is created");
		else if (k->live)
			printf("; may change while the loop runs");
		else if (!(k->flags & SRT_KF_REQUIRED))
			printf("; changes while the loop is stopped");
		printf(".\n");
	}
	return 0;
}
