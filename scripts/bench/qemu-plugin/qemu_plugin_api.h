/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of QEMU's TCG plugin API that insn_count.c and cycle_lines.c
 * use, declared as QEMU 7.2 exports it (plugin API version 1): Debian's
 * QEMU is built with plugin support but ships no plugin header.
 */
#ifndef SRT_QEMU_PLUGIN_API_H
#define SRT_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SRT_QEMU_PLUGIN_VERSION	1

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W,
	QEMU_PLUGIN_MEM_RW,
};
/* an access's size and direction, read with the qemu_plugin_mem_* calls */
typedef uint32_t qemu_plugin_meminfo_t;

typedef void (*tb_trans_fn)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*vcpu_udata_fn)(unsigned int vcpu, void *udata);
typedef void (*udata_fn)(qemu_plugin_id_t id, void *udata);
typedef void (*vcpu_mem_fn)(unsigned int vcpu, qemu_plugin_meminfo_t info,
			    uint64_t vaddr, void *udata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   tb_trans_fn cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  vcpu_udata_fn cb,
					  enum qemu_plugin_cb_flags flags,
					  void *udata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    vcpu_udata_fn cb,
					    enum qemu_plugin_cb_flags flags,
					    void *udata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
				      vcpu_mem_fn cb,
				      enum qemu_plugin_cb_flags flags,
				      enum qemu_plugin_mem_rw rw, void *udata);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_fn cb,
				    void *udata);

#endif /* SRT_QEMU_PLUGIN_API_H */
