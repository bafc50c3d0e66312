# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Running a program under callgrind and reading its instruction count,
for the bench scripts in this directory (import it from them)."""
import subprocess


def total_instructions(out_file):
    """Instructions (Ir, callgrind's first event) that callgrind counted,
    from the "summary:" or "totals:" line of its output file (the last
    one, if both are there); None when there is none."""
    total = None
    with open(out_file) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                fields = line.split()
                if len(fields) > 1 and fields[1].isdigit():
                    total = int(fields[1])
    return total


def count(argv, out_file, log, toggle=None):
    """Run ARGV under callgrind, writing its output to OUT_FILE and
    valgrind's messages (and the program's stderr) to the file LOG;
    collect only inside the function TOGGLE if given.  Returns the
    instructions counted, or None if the run failed or counted none."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file]
    if toggle:
        cmd.append("--toggle-collect=" + toggle)
    with open(log, "w") as err:
        if subprocess.run(cmd + argv, stdout=subprocess.DEVNULL,
                          stderr=err).returncode != 0:
            return None
    return total_instructions(out_file)
