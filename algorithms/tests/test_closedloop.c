// SPDX-License-Identifier: GPL-2.0 OR MIT
#include "tap.h"
#include "harness.h"
int main(void) { return tap_done(); }
