#ifndef TICK_CTICKSHIMS_H
#define TICK_CTICKSHIMS_H

#include <stdint.h>

/// Starts writing back a file's dirty pages in [offset, offset + count) without waiting
/// for them (Linux sync_file_range with SYNC_FILE_RANGE_WRITE; a no-op elsewhere).
/// Returns 0, or -1 with errno set.
int tick_start_write_back(int fd, int64_t offset, int64_t count);

/// Opens the file at `path` only to keep it alive (O_PATH: no read access needed, no
/// device opened, no open or close events for watchers), when it is a regular file of at
/// least `minimum_size` bytes on a local filesystem that replaces a file in one step while
/// it is open (ext2/3/4, xfs, btrfs, tmpfs, f2fs, overlayfs; NFS and FUSE first move an open file
/// aside, so there a kept descriptor would leave the path empty for a moment). Does not
/// follow a final symbolic link. Returns the descriptor, or -1.
int tick_hold_replaced_file(const char *path, int64_t minimum_size);

/// Writes every dirty page and inode of the filesystem holding `fd` to disk (Linux
/// syncfs; fsync of `fd` elsewhere): one flush for many files written together.
/// Returns 0, or -1 with errno set.
int tick_sync_filesystem(int fd);

#endif
