#define _GNU_SOURCE
#include "SystemCalls.h"

#if defined(__linux__)
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int todofmt_rename_exchange(const char *first, const char *second) {
#if defined(SYS_renameat2)
    // Through syscall(2): glibc's wrapper is missing before 2.28.
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int todofmt_thread_attr_start_elsewhere(pthread_attr_t *attributes) {
    cpu_set_t allowed;
    int here = sched_getcpu();
    if (here < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0 || !CPU_ISSET(here, &allowed)) return -1;
    CPU_CLR(here, &allowed);
    if (CPU_COUNT(&allowed) == 0) return -1;
    return pthread_attr_setaffinity_np(attributes, sizeof allowed, &allowed) == 0 ? 0 : -1;
}

int todofmt_thread_allow_processors_of(int thread) {
    cpu_set_t allowed;
    if (sched_getaffinity(thread, sizeof allowed, &allowed) != 0) return -1;
    return sched_setaffinity(0, sizeof allowed, &allowed);
}

int todofmt_start_writeback(int fd, long long offset, long long count) {
    return sync_file_range(fd, (off64_t)offset, (off64_t)count, SYNC_FILE_RANGE_WRITE);
}
#endif
