#ifndef TICK_CTICKSHIMS_H
#define TICK_CTICKSHIMS_H

#include <stdint.h>

/// Starts writing back a file's dirty pages in [offset, offset + count) without waiting
/// for them (Linux sync_file_range with SYNC_FILE_RANGE_WRITE; a no-op elsewhere).
/// Returns 0, or -1 with errno set.
int tick_start_write_back(int fd, int64_t offset, int64_t count);

/// Writes every dirty page and inode of the filesystem holding `fd` to disk (Linux
/// syncfs; fsync of `fd` elsewhere): one flush for many files written together.
/// Returns 0, or -1 with errno set.
int tick_sync_filesystem(int fd);

#endif
