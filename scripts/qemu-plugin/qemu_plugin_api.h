/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of QEMU's TCG plugin API that insn_count.c uses, declared as
 * QEMU 7.2 exports it (plugin API version 1): Debian's QEMU is built with
 * plugin support but ships no plugin header.
 */
#ifndef SRT_QEMU_PLUGIN_API_H
#define SRT_QEMU_PLUGIN_API_H

#include <stddef.h>
#include <stdint.h>

#define SRT_QEMU_PLUGIN_VERSION	1

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
struct qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };

typedef void (*tb_trans_fn)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*vcpu_udata_fn)(unsigned int vcpu, void *udata);
typedef void (*udata_fn)(qemu_plugin_id_t id, void *udata);

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
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_fn cb,
				    void *udata);

#endif /* SRT_QEMU_PLUGIN_API_H */
