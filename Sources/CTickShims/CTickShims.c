// sync_file_range and syncfs are GNU extensions that Swift's Glibc module does not bring in.
#define _GNU_SOURCE 1
#include <fcntl.h>
#include <unistd.h>
#include "CTickShims.h"

int tick_start_write_back(int fd, int64_t offset, int64_t count) {
#ifdef SYNC_FILE_RANGE_WRITE
    return sync_file_range(fd, (off_t)offset, (off_t)count, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)count;
    return 0;
#endif
}

int tick_sync_filesystem(int fd) {
#ifdef __linux__
    return syncfs(fd);
#else
    return fsync(fd);
#endif
}
