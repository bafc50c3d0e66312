/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The one place where algorithms/ picks its basic types.  The library is
 * built three ways: into the kernel module (-nostdinc, kernel headers), into
 * userctl and the host tests (hosted libc), and freestanding for the cross
 * compile checks.  Everything else in algorithms/ includes only this file
 * and include/shieldrt_f64.h (signals as bit patterns, __u64 from
 * <linux/types.h>, shared with the module and userctl).
 */
#ifndef SRT_TYPES_H
#define SRT_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/stdarg.h>
#else
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdarg.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
#endif

/*
 * Error codes returned by the library.  They carry the Linux errno numbers
 * (negated) so the kernel side can hand them back to user space unchanged,
 * without this library including errno headers.
 */
#define SRT_ENOENT	(-2)
#define SRT_EEXIST	(-17)
#define SRT_EINVAL	(-22)
#define SRT_ENOSPC	(-28)
#define SRT_EBUSY	(-16)

#define SRT_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#endif /* SRT_TYPES_H */
