// syncfs is a GNU extension that Swift's Glibc module does not bring in.
#define _GNU_SOURCE 1
#include <unistd.h>
#include "CTickShims.h"

int tick_sync_filesystem(int fd) {
#ifdef __linux__
    return syncfs(fd);
#else
    return fsync(fd);
#endif
}
