#include "HeapStats.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
size_t heap_stats_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void heap_stats_use_one_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}
#else
size_t heap_stats_bytes_in_use(void) {
    return 0;
}

void heap_stats_use_one_arena(void) {}
#endif
