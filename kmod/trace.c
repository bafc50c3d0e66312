// SPDX-License-Identifier: GPL-2.0
/* The one place the shieldrt trace events are instantiated. */
#define CREATE_TRACE_POINTS
#include "trace.h"
