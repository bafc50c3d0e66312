/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benches of "userctl bench", one line each: BENCH(name) for a struct
 * bench_def bench_<name> in bench_<name>.c.  Expanded where the list is
 * needed (declarations, the table of cmd_bench.c), in this order, which
 * is the order of "userctl bench --help".  No include guard: by design.
 */
BENCH(noise)
BENCH(wait)
BENCH(threshold)
BENCH(overhead)
BENCH(fpu_cost)
BENCH(scaling)
BENCH(compare)
BENCH(interference)
BENCH(section)
BENCH(rfm)
BENCH(ladder)
