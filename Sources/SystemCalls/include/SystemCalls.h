#ifndef TODOFMT_SYSTEM_CALLS_H
#define TODOFMT_SYSTEM_CALLS_H

// Linux system calls and thread functions that glibc declares only for _GNU_SOURCE, which Swift's
// Glibc module does not set. Calling them here, rather than looking them up at run time, works in
// a fully static binary too (the release todofmt). Nothing is declared elsewhere.

#if defined(__linux__)

#include <pthread.h>

/// renameat2(2) with RENAME_EXCHANGE: swaps the names `first` and `second` atomically. Returns 0, or
/// -1 with errno set (EINVAL where the file system cannot swap, ENOSYS before Linux 3.15).
int todofmt_rename_exchange(const char *first, const char *second);

/// sync_file_range(2) with SYNC_FILE_RANGE_WRITE: starts writing the dirty pages of `count` bytes
/// from `offset` of the file open as `fd` to disk, without waiting. Returns 0, or -1 with errno set.
int todofmt_start_writeback(int fd, long long offset, long long count);

/// Has threads created with `attributes` start on a processor that the calling thread may run
/// on, other than the one it runs on now (pthread_attr_setaffinity_np(3)). Returns 0, or -1 with
/// `attributes` unchanged when there is no other.
int todofmt_thread_attr_start_elsewhere(pthread_attr_t *attributes);

/// Lets the calling thread run on every processor that the thread `thread` (a thread id; the
/// process id for the first thread) may run on (sched_setaffinity(2)). Returns 0, or -1 with errno
/// set.
int todofmt_thread_allow_processors_of(int thread);

#endif

#endif
