// sync_file_range, syncfs and O_PATH are GNU extensions that Swift's Glibc module does not bring in.
#define _GNU_SOURCE 1
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/magic.h>
#include <sys/vfs.h>
#endif
#include "CTickShims.h"

int tick_start_write_back(int fd, int64_t offset, int64_t count) {
#ifdef SYNC_FILE_RANGE_WRITE
    return sync_file_range(fd, (off_t)offset, (off_t)count, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)count;
    return 0;
#endif
}

int tick_hold_replaced_file(const char *path, int64_t minimum_size) {
#if defined(__linux__) && defined(O_PATH)
    int fd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat info;
    struct statfs filesystem;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size < minimum_size
        || fstatfs(fd, &filesystem) != 0) {
        close(fd);
        return -1;
    }
    switch ((unsigned long)filesystem.f_type) {
    case EXT4_SUPER_MAGIC:
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
    case TMPFS_MAGIC:
    case F2FS_SUPER_MAGIC:
    case OVERLAYFS_SUPER_MAGIC:
        return fd;
    default:
        close(fd);
        return -1;
    }
#else
    (void)path; (void)minimum_size;
    return -1;
#endif
}

int tick_sync_filesystem(int fd) {
#ifdef __linux__
    return syncfs(fd);
#else
    return fsync(fd);
#endif
}
