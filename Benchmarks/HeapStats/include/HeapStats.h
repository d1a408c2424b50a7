#ifndef HEAP_STATS_H
#define HEAP_STATS_H

#include <stddef.h>

/// Bytes the C library's allocator has handed out and not yet had back (glibc's
/// `mallinfo2`: `uordblks` plus `hblkhd`); 0 where that is not available.
size_t heap_stats_bytes_in_use(void);

/// Makes every thread allocate from one arena, so that `heap_stats_bytes_in_use` (which
/// counts the main arena only) sees them all. Call before any other thread starts.
void heap_stats_use_one_arena(void);

#endif
