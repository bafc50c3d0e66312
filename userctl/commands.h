/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command table: one line per command, USERCTL_CMD(name, summary).
 * The handler is cmd_<name>(argc, argv) in cmd_<name>.c, with argv[0]
 * the command name.  main.c expands this list twice: once to declare the
 * handlers, once to build the table, so adding a command is this line and
 * its file.  Keep the list in the order "userctl --help" shows it.
 * USERCTL_TEST_CMD lines are tools of the test suites: they run, but
 * "userctl --help", the man pages and the completion do not offer them.
 */
USERCTL_CMD(loop,	"create, start, stop, resume and destroy control loops")
USERCTL_CMD(status,	"show loops: state, configuration and statistics")
USERCTL_CMD(hist,	"show a loop's latency histograms")
USERCTL_CMD(shield,	"audit, apply and restore CPU shielding for RT loops")
USERCTL_CMD(setpoint,	"write loop inputs through the setpoint mailbox")
USERCTL_CMD(stream,	"stream a CSV trajectory through the command ring")
USERCTL_CMD(record,	"record a loop's telemetry to CSV or JSON")
USERCTL_CMD(top,	"live view of a loop's data plane counters")
USERCTL_CMD(heartbeat,	"feed a loop's heartbeat watchdog for a while")
USERCTL_CMD(flight,	"dump and re-arm a loop's flight recorder")
USERCTL_CMD(chain,	"load, show, stage and commit a loop's algorithm chain")
USERCTL_CMD(limits,	"show and set a loop's output limits")
USERCTL_CMD(sim,	"run a chain file on the host: outputs per cycle")
USERCTL_CMD(replay,	"re-run a recording through a chain, compare bit for bit")
USERCTL_CMD(bench,	"run a seed experiment on this machine: noise, wait, ...")
USERCTL_CMD(qualify,	"qualify this machine: the audit and the studies, one report")
USERCTL_TEST_CMD(scribble, "testing: hostile writer over a loop region")
