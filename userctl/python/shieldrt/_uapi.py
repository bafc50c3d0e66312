# SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT
# Made from include/uapi/shieldrt.h by userctl/python/mkuapi.py;
# do not edit (userctl/tests/python_uapi.sh checks it).
"""The ABI header's constants (SHIELDRT_ dropped), ioctl numbers, name
lists (NAMES[value]) and struct layouts: STRUCTS[name] is (size, fields),
a field (name, offset, code, count, size) with a struct module code or
a nested struct's name."""

DEVICE = '/dev/shieldrt'
RESERVED_NAMES = 'control last_error loops providers locks abi version features status stats config blocks regions io trace help'
MAGIC = 0x53524454
ABI_VERSION = 2
NAME_LEN = 32
MAX_SIGNALS = 32
MAX_SEL = 64
FEAT_MBOX = 1
FEAT_CMD = 2
FEAT_TEL = 4
FEAT_STATS = 8
FEAT_HEARTBEAT = 16
RF_DEAD = 1
RF_REPLACED = 2
RING_MAX_ENTRIES = 65536
SEL_OUT = 0x100
MBOX_FRESH = 0x4
MBOX_IDX = 0x3
CMD_MORE = 1
CMD_NOW = 2
CMD_FLAGS = 3
IOC_MAGIC = 0xB5
ERR_LEN = 128
NAME_MAX = 15
CHAIN_TEXT_MAX = 65536
PARAMS_TEXT_MAX = 16384
STRUCT_MAX = 4096
STATE_CONFIGURED = 0
STATE_RUNNING = 1
STATE_SAFE = 2
STATE_STOPPED = 3
MODE_HRTIMER = 0
MODE_POLL = 1
MODE_HYBRID = 2
MODE_EXTERNAL = 3
SECTION_NONE = 0
SECTION_PREEMPT = 1
SECTION_IRQSAVE = 2
SECTION_RAW_SPINLOCK = 3
SECTION_SPINLOCK = 4
POLICY_SKIP = 0
POLICY_CATCHUP = 1
POLICY_SAFE = 2
SAFE_OVERRUN = 0
SAFE_RESUME = 1
SAFE_NONFINITE = 2
SAFE_LIMIT = 3
SAFE_HEARTBEAT = 4
SAFE_MANUAL = 5
SAFE_IO = 6
SAFE_REMOTE = 7
SAFE_NEVER = 0xffffffff
M_IRQ = 0
M_THREAD = 1
M_LATENESS = 2
M_COMPUTE = 3
M_SLACK = 4
M_NOISE = 5
M_SECTION = 6
M_LOCKWAIT = 7
NR_METRICS = 8
MAX_METRICS = 16
MEM_LOOP = 0
MEM_REGION = 1
MEM_HIST = 2
MEM_FLIGHT = 3
MEM_CHAIN = 4
NR_MEM = 5
REQ_SIZE_VER0 = 216
REQ_START = 1
REQ_FLIGHT_TRIGGER = 1
REQ_FLIGHT_REARM = 2
REQ_FLIGHT_TRIGGERS = 4
FLTRIG_NONE = 0
FLTRIG_OVERRUN = 1
FLTRIG_SAFE = 2
FLTRIG_MANUAL = 3
METRIC_P99_PAST = 1
METRIC_P999_PAST = 2
METRIC_NOT_KEPT = 4
METRIC_BUCKETS_SHORT = 8
METRIC_FLAGS = 15
STATS_SIZE_VER0 = 1680
HIST_SIZE_VER0 = 1160
LIST_SIZE_VER0 = 56
FLIGHT_SIGNALS = 8
FLIGHT_HELD = 1
FLIGHT_TRIP = 2
FLIGHT_MAX_SEL = 64
FLIGHT_F_VALUES = 1
FLIGHT_OFF = 0
FLIGHT_ARMED = 1
FLIGHT_TRIGGERED = 2
FLIGHT_FROZEN = 3
FLIGHT_SIZE_VER0 = 168
FLIGHT_SIZE_VER1 = 304
VIEW_SIZE_VER0 = 120

IOC_ATTACH = 0xc0a0b501
IOC_OFFSETS = 0x8070b502
IOC_HEARTBEAT = 0x4004b503
IOC_FLAGS = 0x8004b504
IOC_CREATE = 0xc0d8b510
IOC_DESTROY = 0xc0d8b511
IOC_START = 0xc0d8b512
IOC_STOP = 0xc0d8b513
IOC_RESET = 0xc0d8b514
IOC_RESUME = 0xc0d8b515
IOC_CONFIGURE = 0xc0d8b516
IOC_CHAIN = 0xc0d8b517
IOC_PARAMS = 0xc0d8b518
IOC_COMMIT = 0xc0d8b519
IOC_LIMITS = 0xc0d8b51a
IOC_FLIGHT_CTL = 0xc0d8b51b
IOC_FPU_EMPTY = 0xc0d8b51c
IOC_LIST = 0xc038b520
IOC_STATS = 0xc690b521
IOC_HIST = 0xc488b522
IOC_FLIGHT = 0xc130b523
IOC_VIEW = 0xc078b524

STATE_NAMES = (
    'configured',
    'running',
    'safe',
    'stopped',
)
MODE_NAMES = (
    'hrtimer',
    'poll',
    'hybrid',
    'external',
)
SECTION_NAMES = (
    'none',
    'preempt',
    'irqsave',
    'raw_spinlock',
    'spinlock',
)
POLICY_NAMES = (
    'skip',
    'catchup',
    'safe',
)
SAFE_NAMES = (
    'overrun',
    'resume',
    'nonfinite',
    'limit',
    'heartbeat',
    'manual',
    'io',
    'remote',
)
M_KEYS = (
    'irq_latency',
    'thread_latency',
    'lateness',
    'compute',
    'slack',
    'noise',
    'section',
    'lock_wait',
)
M_COLS = (
    'IRQ',
    'Thr',
    'Late',
    'Compute',
    'Slack',
    'Noise',
    'Section',
    'LockWait',
)
MEM_NAMES = (
    'loop',
    'region',
    'hist',
    'flight',
    'chain',
)
FLTRIG_NAMES = (
    'none',
    'overrun',
    'safe',
    'manual',
)
FLIGHT_STATE_NAMES = (
    'off',
    'armed',
    'triggered',
    'frozen',
)

STRUCTS = {
    'shieldrt_offsets': (112, (
        ('region_size', 0, 'Q', 1, 8),
        ('features', 8, 'Q', 1, 8),
        ('hdr', 16, 'I', 1, 4),
        ('mbox', 20, 'I', 1, 4),
        ('mbox_slots', 24, 'I', 1, 4),
        ('mbox_stride', 28, 'I', 1, 4),
        ('cmd_head', 32, 'I', 1, 4),
        ('cmd_entries', 36, 'I', 1, 4),
        ('cmd_size', 40, 'I', 1, 4),
        ('cmd_stride', 44, 'I', 1, 4),
        ('tel_tail', 48, 'I', 1, 4),
        ('tel_entries', 52, 'I', 1, 4),
        ('tel_size', 56, 'I', 1, 4),
        ('tel_stride', 60, 'I', 1, 4),
        ('stats', 64, 'I', 1, 4),
        ('cmd_tail', 68, 'I', 1, 4),
        ('tel_head', 72, 'I', 1, 4),
        ('user', 76, 'I', 1, 4),
        ('writable', 80, 'I', 1, 4),
        ('resv', 84, 'I', 7, 28),
    )),
    'shieldrt_live': (64, (
        ('seq', 0, 'I', 1, 4),
        ('heartbeat', 4, 'I', 1, 4),
        ('cycle', 8, 'Q', 1, 8),
        ('commit_cycle', 16, 'Q', 1, 8),
        ('heartbeat_cycle', 24, 'Q', 1, 8),
        ('mbox_seq', 32, 'Q', 1, 8),
        ('mbox_cycle', 40, 'Q', 1, 8),
        ('resv', 48, 'Q', 2, 16),
    )),
    'shieldrt_user': (64, (
        ('heartbeat', 0, 'I', 1, 4),
        ('resv', 4, 'I', 15, 60),
    )),
    'shieldrt_hdr': (1024, (
        ('magic', 0, 'I', 1, 4),
        ('abi_version', 4, 'I', 1, 4),
        ('hdr_size', 8, 'I', 1, 4),
        ('flags', 12, 'I', 1, 4),
        ('off', 16, 'shieldrt_offsets', 1, 112),
        ('name', 128, 'B', 32, 32),
        ('period_ns', 160, 'Q', 1, 8),
        ('n_in', 168, 'I', 1, 4),
        ('n_out', 172, 'I', 1, 4),
        ('tel_decimation', 176, 'I', 1, 4),
        ('tel_nsel', 180, 'I', 1, 4),
        ('tel_sel', 184, 'H', 64, 128),
        ('pub_cycles', 312, 'I', 1, 4),
        ('resv0', 316, 'B', 196, 196),
        ('live', 512, 'shieldrt_live', 1, 64),
        ('resv1', 576, 'B', 448, 448),
    )),
    'shieldrt_mbox': (64, (
        ('middle', 0, 'I', 1, 4),
        ('writer_back', 4, 'I', 1, 4),
        ('resv', 8, 'I', 14, 56),
    )),
    'shieldrt_slot': (16, (
        ('key', 0, 'Q', 1, 8),
        ('mask', 8, 'I', 1, 4),
        ('flags', 12, 'I', 1, 4),
        ('value', 16, 'Q', 0, 0),
    )),
    'shieldrt_ring_idx': (64, (
        ('idx', 0, 'I', 1, 4),
        ('resv', 4, 'I', 15, 60),
    )),
    'shieldrt_tel': (72, (
        ('seq', 0, 'Q', 1, 8),
        ('cycle', 8, 'Q', 1, 8),
        ('deadline_ns', 16, 'Q', 1, 8),
        ('wake_ns', 24, 'Q', 1, 8),
        ('end_ns', 32, 'Q', 1, 8),
        ('irq_latency_ns', 40, 'q', 1, 8),
        ('wake_latency_ns', 48, 'q', 1, 8),
        ('compute_ns', 56, 'Q', 1, 8),
        ('missed', 64, 'I', 1, 4),
        ('flags', 68, 'I', 1, 4),
        ('value', 72, 'Q', 0, 0),
    )),
    'shieldrt_stats': (256, (
        ('seq', 0, 'I', 1, 4),
        ('resv0', 4, 'I', 1, 4),
        ('cycles', 8, 'Q', 1, 8),
        ('tel_records', 16, 'Q', 1, 8),
        ('tel_drops', 24, 'Q', 1, 8),
        ('tel_corrupt', 32, 'Q', 1, 8),
        ('mbox_updates', 40, 'Q', 1, 8),
        ('mbox_rej_index', 48, 'Q', 1, 8),
        ('mbox_rej_value', 56, 'Q', 1, 8),
        ('mbox_rej_flags', 64, 'Q', 1, 8),
        ('mbox_corrupt', 72, 'Q', 1, 8),
        ('cmd_applied', 80, 'Q', 1, 8),
        ('cmd_rej_index', 88, 'Q', 1, 8),
        ('cmd_rej_value', 96, 'Q', 1, 8),
        ('cmd_rej_late', 104, 'Q', 1, 8),
        ('cmd_rej_flags', 112, 'Q', 1, 8),
        ('cmd_corrupt', 120, 'Q', 1, 8),
        ('cmd_underruns', 128, 'Q', 1, 8),
        ('resv', 136, 'Q', 15, 120),
    )),
    'shieldrt_attach': (160, (
        ('name', 0, 'B', 32, 32),
        ('flags', 32, 'I', 1, 4),
        ('resv', 36, 'I', 3, 12),
        ('off', 48, 'shieldrt_offsets', 1, 112),
    )),
    'shieldrt_req': (216, (
        ('name', 0, 'B', 32, 32),
        ('flags', 32, 'I', 1, 4),
        ('text_len', 36, 'I', 1, 4),
        ('text', 40, 'Q', 1, 8),
        ('value', 48, 'Q', 1, 8),
        ('resv', 56, 'Q', 4, 32),
        ('err', 88, 'B', 128, 128),
    )),
    'shieldrt_metric': (64, (
        ('count', 0, 'Q', 1, 8),
        ('min', 8, 'Q', 1, 8),
        ('avg', 16, 'Q', 1, 8),
        ('max', 24, 'Q', 1, 8),
        ('p99', 32, 'Q', 1, 8),
        ('p999', 40, 'Q', 1, 8),
        ('over', 48, 'Q', 1, 8),
        ('std', 56, 'I', 1, 4),
        ('flags', 60, 'I', 1, 4),
    )),
    'shieldrt_stats_req': (1680, (
        ('name', 0, 'B', 32, 32),
        ('flags', 32, 'I', 1, 4),
        ('nr_metrics', 36, 'I', 1, 4),
        ('state', 40, 'I', 1, 4),
        ('mode', 44, 'I', 1, 4),
        ('cpu', 48, 'i', 1, 4),
        ('section', 52, 'I', 1, 4),
        ('lock', 56, 'B', 32, 32),
        ('safe_reason', 88, 'I', 1, 4),
        ('io_bindings', 92, 'I', 1, 4),
        ('hist_bucket_ns', 96, 'I', 1, 4),
        ('hist_sub_bits', 100, 'I', 1, 4),
        ('period_ns', 104, 'Q', 1, 8),
        ('duration_ns', 112, 'Q', 1, 8),
        ('periods_elapsed', 120, 'Q', 1, 8),
        ('first_deadline_ns', 128, 'Q', 1, 8),
        ('last_cycle', 136, 'Q', 1, 8),
        ('cycles', 144, 'Q', 1, 8),
        ('missed', 152, 'Q', 1, 8),
        ('behind', 160, 'Q', 1, 8),
        ('overruns', 168, 'Q', 1, 8),
        ('deadline_overruns', 176, 'Q', 1, 8),
        ('budget_overruns', 184, 'Q', 1, 8),
        ('catchup_cycles', 192, 'Q', 1, 8),
        ('safe_entries', 200, 'Q', 1, 8),
        ('noise_events', 208, 'Q', 1, 8),
        ('noise_ns', 216, 'Q', 1, 8),
        ('clock_errors', 224, 'Q', 1, 8),
        ('yields', 232, 'Q', 1, 8),
        ('sleep_ns', 240, 'Q', 1, 8),
        ('spin_ns', 248, 'Q', 1, 8),
        ('task_runtime_ns', 256, 'Q', 1, 8),
        ('slack_target_ns', 264, 'Q', 1, 8),
        ('chain_sections', 272, 'Q', 1, 8),
        ('chain_ns_min', 280, 'Q', 1, 8),
        ('chain_ns_avg', 288, 'Q', 1, 8),
        ('chain_ns_max', 296, 'Q', 1, 8),
        ('chain_steps', 304, 'Q', 1, 8),
        ('chain_nonfinite', 312, 'Q', 1, 8),
        ('chain_bad_inputs', 320, 'Q', 1, 8),
        ('chain_commits', 328, 'Q', 1, 8),
        ('commit_cycle', 336, 'Q', 1, 8),
        ('section_overruns', 344, 'Q', 1, 8),
        ('io_read_errors', 352, 'Q', 1, 8),
        ('io_write_errors', 360, 'Q', 1, 8),
        ('triggers', 368, 'Q', 1, 8),
        ('triggers_coalesced', 376, 'Q', 1, 8),
        ('trigger_timeouts', 384, 'Q', 1, 8),
        ('triggers_rejected', 392, 'Q', 1, 8),
        ('rcu_yields', 400, 'Q', 1, 8),
        ('hist_range_ns', 408, 'Q', 1, 8),
        ('yields_forced', 416, 'Q', 1, 8),
        ('spin_reads', 424, 'Q', 1, 8),
        ('post_ns', 432, 'Q', 1, 8),
        ('mem_bytes', 440, 'Q', 1, 8),
        ('mem', 448, 'Q', 5, 40),
        ('resv', 488, 'Q', 5, 40),
        ('metric', 528, 'shieldrt_metric', 16, 1024),
        ('last_error', 1552, 'B', 128, 128),
    )),
    'shieldrt_hist_req': (1160, (
        ('name', 0, 'B', 32, 32),
        ('buckets', 32, 'Q', 1, 8),
        ('buckets_len', 40, 'I', 1, 4),
        ('flags', 44, 'I', 1, 4),
        ('nr_metrics', 48, 'I', 1, 4),
        ('nr_buckets', 52, 'I', 1, 4),
        ('bucket_ns', 56, 'I', 1, 4),
        ('mode', 60, 'I', 1, 4),
        ('cpu', 64, 'i', 1, 4),
        ('sub_bits', 68, 'I', 1, 4),
        ('period_ns', 72, 'Q', 1, 8),
        ('duration_ns', 80, 'Q', 1, 8),
        ('range_ns', 88, 'Q', 1, 8),
        ('resv', 96, 'Q', 5, 40),
        ('metric', 136, 'shieldrt_metric', 16, 1024),
    )),
    'shieldrt_loop_info': (72, (
        ('name', 0, 'B', 32, 32),
        ('state', 32, 'I', 1, 4),
        ('mode', 36, 'I', 1, 4),
        ('cpu', 40, 'i', 1, 4),
        ('resv0', 44, 'I', 1, 4),
        ('period_ns', 48, 'Q', 1, 8),
        ('resv', 56, 'Q', 2, 16),
    )),
    'shieldrt_list_req': (56, (
        ('loops', 0, 'Q', 1, 8),
        ('loops_len', 8, 'I', 1, 4),
        ('flags', 12, 'I', 1, 4),
        ('nr_loops', 16, 'I', 1, 4),
        ('resv0', 20, 'I', 1, 4),
        ('resv', 24, 'Q', 4, 32),
    )),
    'shieldrt_flight_rec': (216, (
        ('cycle', 0, 'Q', 1, 8),
        ('deadline_ns', 8, 'Q', 1, 8),
        ('wake_ns', 16, 'Q', 1, 8),
        ('irq_latency_ns', 24, 'q', 1, 8),
        ('thread_latency_ns', 32, 'q', 1, 8),
        ('compute_ns', 40, 'Q', 1, 8),
        ('end_ns', 48, 'Q', 1, 8),
        ('section_ns', 56, 'Q', 1, 8),
        ('lock_wait_ns', 64, 'Q', 1, 8),
        ('missed', 72, 'I', 1, 4),
        ('flags', 76, 'I', 1, 4),
        ('note', 80, 'I', 1, 4),
        ('safe_reason', 84, 'I', 1, 4),
        ('in', 88, 'Q', 8, 64),
        ('out', 152, 'Q', 8, 64),
    )),
    'shieldrt_flight_vrec': (88, (
        ('cycle', 0, 'Q', 1, 8),
        ('deadline_ns', 8, 'Q', 1, 8),
        ('wake_ns', 16, 'Q', 1, 8),
        ('irq_latency_ns', 24, 'q', 1, 8),
        ('thread_latency_ns', 32, 'q', 1, 8),
        ('compute_ns', 40, 'Q', 1, 8),
        ('end_ns', 48, 'Q', 1, 8),
        ('section_ns', 56, 'Q', 1, 8),
        ('lock_wait_ns', 64, 'Q', 1, 8),
        ('missed', 72, 'I', 1, 4),
        ('flags', 76, 'I', 1, 4),
        ('note', 80, 'I', 1, 4),
        ('safe_reason', 84, 'I', 1, 4),
        ('value', 88, 'Q', 0, 0),
    )),
    'shieldrt_flight_req': (304, (
        ('name', 0, 'B', 32, 32),
        ('recs', 32, 'Q', 1, 8),
        ('recs_len', 40, 'I', 1, 4),
        ('flags', 44, 'I', 1, 4),
        ('state', 48, 'I', 1, 4),
        ('trigger', 52, 'I', 1, 4),
        ('triggers', 56, 'I', 1, 4),
        ('size', 60, 'I', 1, 4),
        ('post', 64, 'I', 1, 4),
        ('left', 68, 'I', 1, 4),
        ('nr_recs', 72, 'I', 1, 4),
        ('ignored_triggers', 76, 'I', 1, 4),
        ('trigger_cycle', 80, 'Q', 1, 8),
        ('before', 88, 'Q', 1, 8),
        ('after', 96, 'Q', 1, 8),
        ('lost', 104, 'Q', 1, 8),
        ('cut_short', 112, 'I', 1, 4),
        ('resv0', 116, 'I', 1, 4),
        ('resv', 120, 'Q', 6, 48),
        ('nsel', 168, 'I', 1, 4),
        ('rec_size', 172, 'I', 1, 4),
        ('sel', 176, 'H', 64, 128),
    )),
    'shieldrt_view_req': (120, (
        ('name', 0, 'B', 32, 32),
        ('view', 32, 'B', 32, 32),
        ('buf', 64, 'Q', 1, 8),
        ('buf_len', 72, 'I', 1, 4),
        ('flags', 76, 'I', 1, 4),
        ('len', 80, 'Q', 1, 8),
        ('resv', 88, 'Q', 4, 32),
    )),
}
