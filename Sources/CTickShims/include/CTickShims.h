#ifndef TICK_CTICKSHIMS_H
#define TICK_CTICKSHIMS_H

/// Writes every dirty page and inode of the filesystem holding `fd` to disk (Linux
/// syncfs; fsync of `fd` elsewhere): one flush for many files written together.
/// Returns 0, or -1 with errno set.
int tick_sync_filesystem(int fd);

#endif
