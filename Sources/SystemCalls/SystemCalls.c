#define _GNU_SOURCE
#include "SystemCalls.h"

#if defined(__linux__)
#include <errno.h>
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

int todofmt_start_writeback(int fd, long long offset, long long count) {
    return sync_file_range(fd, (off64_t)offset, (off64_t)count, SYNC_FILE_RANGE_WRITE);
}
#endif
