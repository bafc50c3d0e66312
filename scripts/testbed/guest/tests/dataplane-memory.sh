#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What a loop says it costs (the stats' mem_bytes and mem_* lines, the
# STATS ioctl's mem[]): the parts add up to the whole, each part is at
# least what its own layout needs (the region's pages, the buckets of the
# histograms kept, the flight recorder's records once started, a chain
# once loaded), and nothing is left over for a part the loop lacks.  The
# default loop's figures are printed as notes; no figure is judged.
. /srt/lib.sh

ISO=$(first_cpu "$SRT_ISOLATED")
srt_load || exit 1
L=$SRT_DBG/m
mem() { st m "mem_$1"; }
# the key's value in the loop's config view
cfg() { awk -v k="$1" -F= '$1 == k { print $2 }' "$L/config"; }
# the parts, summed
parts() { echo $(($(mem loop) + $(mem region) + $(mem hist) + $(mem flight) + $(mem chain))); }

t_check "create m with the defaults" userctl loop create -l m cpu="$ISO"
t_eq "created: the parts add up to mem_bytes" "$(st m mem_bytes)" "$(parts)"
t_eq "no chain: mem_chain 0" 0 "$(mem chain)"
t_eq "not started: no flight recorder ring yet" 0 "$(mem flight)"
# the region: its pages (tel ring, cmd ring, header, indices), at least
tel=$(awk '$1 == "tel_ring_size:" { print $2 }' "$L/dataplane")
cmd=$(awk '$1 == "cmd_ring_size:" { print $2 }' "$L/dataplane")
vals=$(awk '$1 == "tel_values:" { print $2 }' "$L/dataplane")
nin=$(awk '$1 == "inputs:" { print $2 }' "$L/dataplane")
t_ge "mem_region: at least the rings (tel $tel x $((72 + 8 * vals)), cmd $cmd x $((16 + 8 * nin)))" \
	"$(mem region)" "$((tel * (72 + 8 * vals) + cmd * (16 + 8 * nin)))"
nb=$(cfg hist_buckets)
t_ge "mem_hist: at least 3 histograms of $nb 4-byte buckets (lateness shares thread latency's)" \
	"$(mem hist)" "$((3 * nb * 4))"

t_check "start m" userctl loop start -l m
t_wait_ge "m ran 100 cycles" 100 60 st m cycles
fc=$(cfg flight_cycles)
t_ge "started: mem_flight at least $fc records of 88 + 16 x 8 bytes" \
	"$(mem flight)" "$((fc * (88 + 16 * 8)))"
t_eq "started: the parts add up to mem_bytes" "$(st m mem_bytes)" "$(parts)"
note "default loop ($(uname -r), $(uname -m)): mem_bytes $(st m mem_bytes):" \
	"loop $(mem loop) region $(mem region) hist $(mem hist)" \
	"flight $(mem flight) chain $(mem chain)"
t_check "status --json carries mem_bytes and mem" sh -c \
	"userctl status -l m --json | grep -q '\"mem_bytes\":$(st m mem_bytes),\"mem\":{\"loop\":$(mem loop),\"region\":$(mem region),\"hist\":$(mem hist),\"flight\":$(mem flight),\"chain\":$(mem chain)}'"
t_check "stop m" userctl loop stop -l m

# a hybrid loop keeps slack, and its lateness is not its thread latency:
# two more histograms of buckets
h3=$(mem hist)
t_check "mode=hybrid force=1 (stopped)" sh -c "echo mode=hybrid force=1 >$L/config"
t_ge "hybrid: mem_hist grew for five histograms" "$(mem hist)" "$((5 * nb * 4))"
t_check "mode=hrtimer again" sh -c "echo mode=hrtimer >$L/config"
t_eq "hrtimer: mem_hist as before" "$h3" "$(mem hist)"

# a chain: its blocks and sets count
printf 'input a b\noutput y\nblock g gain in=a out=y k=2\n' >/tmp/m.chain
t_check "load a chain" userctl chain load -l m /tmp/m.chain
t_ge "chain loaded: mem_chain above 0" "$(mem chain)" 1
t_eq "chain loaded: the parts add up to mem_bytes" "$(st m mem_bytes)" "$(parts)"
# 61 gains in a row: more than the module's first arena holds with the
# parser's working room (kmod/blocks_api.c), so it compiles at a retry
small=$(mem chain)
{
	echo "input a"
	echo "output y"
	prev=a
	for i in $(seq 1 60); do
		echo "block g$i gain in=$prev out=s$i k=1"
		prev=s$i
	done
	echo "block g61 gain in=$prev out=y k=1"
} >/tmp/big.chain
t_check "load a chain of 61 blocks" userctl chain load -l m /tmp/big.chain
t_eq "61 blocks read back" 61 "$(grep -c '^block ' "$L/blocks")"
echo "# mem_chain: one block $small, 61 blocks $(mem chain)"
t_eq "61 blocks: the parts add up to mem_bytes" "$(st m mem_bytes)" "$(parts)"
t_check "destroy m" userctl loop destroy -l m

# the ring keys: set at create, sized as asked, refused otherwise
dpv() { awk -v k="$2:" '$1 == k { print $2 }' "$SRT_DBG/$1/dataplane"; }
t_check "create m2 tel_ring_size=4096 cmd_ring_size=1024" \
	userctl loop create -l m2 cpu="$ISO" tel_ring_size=4096 cmd_ring_size=1024
t_eq "m2: a telemetry ring of 4096" 4096 "$(dpv m2 tel_ring_size)"
t_eq "m2: a command ring of 1024" 1024 "$(dpv m2 cmd_ring_size)"
t_ge "m2: mem_region at least 4096 x 200 + 1024 x 80" \
	"$(st m2 mem_region)" $((4096 * 200 + 1024 * 80))
t_check "tel_ring_size is set at create only" \
	sh -c "! echo tel_ring_size=512 >$SRT_DBG/m2/config"
t_check "a ring size not a power of two is refused" \
	sh -c "! userctl loop create -l m3 cpu=$ISO tel_ring_size=300"
t_check "nor is a loop left behind" sh -c "! userctl status -l m3"
t_check "destroy m2" userctl loop destroy -l m2
srt_unload
