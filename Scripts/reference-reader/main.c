#define _GNU_SOURCE  // (MAP_POPULATE)
// The reference reader's modes, each timed from before open() to the last check:
//   reader load FILE      read the file, check every object, build every item, check ids
//                         (none repeated, subtasks in tree order)
//   reader warm FILE RUNS the same RUNS times in one process, everything freed in between,
//                         as tick-bench's load column measures it; prints the medians
//   reader list FILE      as `tick list` into a pipe or file: each item read, printed
//                         (position, a subtask's indent, box, title, due as tick writes
//                         it, location) and freed
//   reader add FILE       a load, then the file's bytes written back as a save writes a
//                         list (temporary file, fsync, rename, directory fsync): a lower
//                         bound of an add that reads as tick does, which must also encode
// With READER_MMAP=1 in the environment the file is mapped (MAP_POPULATE) instead of read:
// what tick does not do, since a mapped file truncated or rewritten in place by another
// program raises SIGBUS or changes under the checked reader. The split goes to standard error.
#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "reader.h"

static int mapped;  // READER_MMAP

void die(const char *msg, long a) { fprintf(stderr, "error: %s (%ld)\n", msg, a); exit(1); }
static double now_ms(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }

// The items' ids, each with its section, in a hash table (open addressing, slots hold
// index + 1): refuses an id two items share.
typedef struct { uint8_t (*ids)[16]; const uint8_t *sections; uint32_t *slots; size_t mask; int bits; } id_table_t;
static inline size_t id_hash(const id_table_t *t, const uint8_t id[16]) {
    uint64_t a, b; memcpy(&a, id, 8); memcpy(&b, id + 8, 8);
    return ((a ^ (b * 0xff51afd7ed558ccdull)) * 0x9E3779B97F4A7C15ull) >> (64 - t->bits);
}
static id_table_t id_table(uint8_t (*ids)[16], const uint8_t *sections, size_t n) {
    id_table_t t = { ids, sections, NULL, 15, 4 };
    while (t.mask + 1 < 2 * n) { t.mask = t.mask << 1 | 1; t.bits++; }
    t.slots = calloc(t.mask + 1, sizeof *t.slots);
    for (size_t i = 0; i < n; i++)
        for (size_t h = id_hash(&t, ids[i]);; h = (h + 1) & t.mask) {
            if (!t.slots[h]) { t.slots[h] = (uint32_t)i + 1; break; }
            if (!memcmp(ids[t.slots[h] - 1], ids[i], 16)) die("an id is used by more than one item", (long)i);
        }
    return t;
}
// The section of the item with this id, -1 for none.
static int section_of(const id_table_t *t, const uint8_t id[16]) {
    for (size_t h = id_hash(t, id); t->slots[h]; h = (h + 1) & t->mask)
        if (!memcmp(t->ids[t->slots[h] - 1], id, 16)) return t->sections[t->slots[h] - 1];
    return -1;
}

// Subtasks as TickCore's SubtaskDepths meets them, one item at a time in file order: the
// path of items above the current one in its section; an item whose parent is on it is one
// deeper than its parent, any other is top level. An item with a parent not on the path is
// kept in `unplaced`: if that parent is in the item's section, the file is not in tree order,
// which tick would restore (moving positions) and this reader refuses (tick writes tree order).
typedef struct { uint8_t (*path)[16]; size_t depth, cap; uint8_t (*unplaced)[16]; uint8_t *unplaced_section; size_t nunplaced; } tree_t;
static int tree_next(tree_t *t, const item_t *it, int section_start) {
    if (section_start) t->depth = 0;
    size_t at = it->has_parent ? t->depth : 0;
    while (at > 0 && memcmp(t->path[at - 1], it->parent, 16)) at--;
    if (it->has_parent && at == 0) {
        t->unplaced = realloc(t->unplaced, (t->nunplaced + 1) * 16);
        t->unplaced_section = realloc(t->unplaced_section, t->nunplaced + 1);
        memcpy(t->unplaced[t->nunplaced], it->parent, 16);
        t->unplaced_section[t->nunplaced++] = it->section;
    }
    if (at == t->cap) { t->cap = t->cap ? 2 * t->cap : 16; t->path = realloc(t->path, t->cap * 16); }
    memcpy(t->path[at], it->id, 16);
    t->depth = at + 1;
    return (int)at;
}
static void tree_check(tree_t *t, const id_table_t *ids) {
    for (size_t i = 0; i < t->nunplaced; i++)
        if (section_of(ids, t->unplaced[i]) == t->unplaced_section[i]) die("a subtask is not in tree order", (long)i);
    free(t->path); free(t->unplaced); free(t->unplaced_section);
}

// Reads the whole file into fresh memory with read(), as tick does (or maps it).
static uint8_t *read_file(const char *path) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) die("open", 0);
    struct stat st;
    if (fstat(fd, &st)) die("fstat", 0);
    N = (size_t)st.st_size;
    if (mapped) {
        void *map = mmap(NULL, N ? N : 1, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (map == MAP_FAILED) die("mmap", 0);
        close(fd);
        B = map;
        return map;
    }
    uint8_t *buf = malloc(N ? N : 1);
    if (!buf) die("malloc", 0);
    // As tick's FileReading does (HeapMemory.preferHugePages): the whole 2 MiB pages inside
    // the fresh buffer are asked for as huge pages before read() fills it, instead of
    // faulting in 4 KiB pages one at a time (15 ms against 6 for 28 MB, on this machine).
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t first = ((uintptr_t)buf + huge - 1) & ~(huge - 1), end = ((uintptr_t)buf + N) & ~(huge - 1);
    if (end > first) madvise((void *)first, end - first, MADV_HUGEPAGE);
    size_t got = 0;
    while (got < N) { ssize_t r = read(fd, buf + got, N - got); if (r <= 0) die("read", (long)r); got += (size_t)r; }
    close(fd);
    B = buf;
    return buf;
}

typedef struct { double total, read, check, build, ids, write; } split_t;

// The due column as `tick list` writes it: the day, then the time for a due that is an
// instant (local time), and " overdue" for an open item whose day has passed or, for an
// instant, whose time has. A due given as a day is its UTC day, shown with no time.
static void print_due(double due, int is_day, int open) {
    if (!isfinite(due) || fabs(due) >= 4e11) return;  // (tick's bound of a date it shows)
    time_t seconds = (time_t)floor(due), now = time(NULL);
    struct tm day, today;
    if (!(is_day ? gmtime_r(&seconds, &day) : localtime_r(&seconds, &day)) || !localtime_r(&now, &today)) return;
    char text[32];
    strftime(text, sizeof text, is_day ? "  %Y-%m-%d" : "  %Y-%m-%d %H:%M", &day);
    fputs(text, stdout);
    int earlier_day = day.tm_year != today.tm_year ? day.tm_year < today.tm_year
                    : day.tm_mon != today.tm_mon ? day.tm_mon < today.tm_mon : day.tm_mday < today.tm_mday;
    if (open && (earlier_day || (!is_day && due < (double)now))) fputs(" overdue", stdout);
}

// Writes `N` bytes from `B` over `path` as tick's save does.
static void save(const char *path) {
    char temporary[4096], directory[4096];
    snprintf(temporary, sizeof temporary, "%s.reference-tmp", path);
    snprintf(directory, sizeof directory, "%s", path);
    int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) die("open the temporary file", 0);
    for (size_t done = 0; done < N;) {
        ssize_t w = write(fd, B + done, N - done);
        if (w <= 0) die("write", (long)w);
        done += (size_t)w;
    }
    if (fsync(fd) || close(fd)) die("fsync", 0);
    if (rename(temporary, path)) die("rename", 0);
    int dir = open(dirname(directory), O_RDONLY | O_DIRECTORY);
    if (dir < 0 || fsync(dir) || close(dir)) die("fsync the directory", 0);
}

// One load; `print` streams the items as lines (list) instead of keeping them (load).
static split_t load(const char *path, int print, int write_back, size_t *title_bytes) {
    split_t s;
    double t0 = now_ms();
    uint8_t *buf = read_file(path);
    double t1 = now_ms();
    check_all();
    double t2 = now_ms();
    hdr_t sections[2];
    archive_sections(sections);
    size_t total = sections[0].count + sections[1].count, n = 0;
    item_t *items = print ? NULL : malloc(total * sizeof(item_t));
    uint8_t (*ids)[16] = malloc(total * 16);
    uint8_t *id_sections = malloc(total);
    tree_t tree = { 0 };
    item_t one;
    for (int section = 0; section < 2; section++)
        for (uint64_t i = 0; i < sections[section].count; i++) {
            item_t *it = print ? &one : &items[n];
            decode_item(uid_value(refat(&sections[section], i)), it);
            it->section = (uint8_t)section;
            *title_bytes += strlen(it->title);
            int depth = tree_next(&tree, it, i == 0);
            if (print) {
                // (tick list indents a subtask 2 columns per parent above it in its section)
                printf("%zu %*s[%c] %s", n + 1, 2 * depth, "", section ? 'x' : ' ', it->title);
                if (it->has_due) print_due(it->due, it->due_is_day, !section);
                if (it->location) printf("  %s", it->location->name);
                putchar('\n');
                memcpy(ids[n], it->id, 16);
                item_free(it);
            }
            id_sections[n] = (uint8_t)section;
            n++;
        }
    archive_close();
    double t3 = now_ms();
    if (!print) for (size_t i = 0; i < n; i++) memcpy(ids[i], items[i].id, 16);
    id_table_t table = id_table(ids, id_sections, n);
    tree_check(&tree, &table);
    if (print) fflush(stdout);
    double t4 = now_ms();
    if (write_back) save(path);
    double t5 = now_ms();
    s.total = t5 - t0; s.read = t1 - t0; s.check = t2 - t1; s.build = t3 - t2; s.ids = t4 - t3; s.write = t5 - t4;
    // (Freed outside the timing, as tick keeps its list.)
    free(ids); free(id_sections); free(table.slots);
    if (items) { for (size_t i = 0; i < n; i++) item_free(&items[i]); free(items); }
    if (mapped) munmap(buf, N ? N : 1); else free(buf);
    return s;
}

static int by_value(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static double median(double *v, int n) { qsort(v, n, sizeof *v, by_value); return v[n / 2]; }

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: reader load|list|add FILE, reader warm FILE RUNS\n"); return 2; }
    mapped = getenv("READER_MMAP") != NULL;
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    size_t title_bytes = 0;
    if (!strcmp(argv[1], "warm")) {
        int runs = argc > 3 ? atoi(argv[3]) : 7;
        if (runs < 1 || runs > 99) die("runs must be 1-99", runs);
        double total[99], read[99], check[99], build[99], ids[99];
        for (int r = 0; r < runs; r++) {
            split_t s = load(argv[2], 0, 0, &title_bytes);
            total[r] = s.total; read[r] = s.read; check[r] = s.check; build[r] = s.build; ids[r] = s.ids;
        }
        fprintf(stderr, "total %.2f read %.2f check %.2f build %.2f ids %.2f (medians of %d)\n", median(total, runs),
                median(read, runs), median(check, runs), median(build, runs), median(ids, runs), runs);
        return 0;
    }
    int print = !strcmp(argv[1], "list"), write_back = !strcmp(argv[1], "add");
    if (!print && !write_back && strcmp(argv[1], "load")) die("unknown mode", 0);
    split_t s = load(argv[2], print, write_back, &title_bytes);
    fprintf(stderr, "total %.2f read %.2f check %.2f build %.2f ids %.2f write %.2f title_bytes %zu\n",
            s.total, s.read, s.check, s.build, s.ids, s.write, title_bytes);
    return 0;
}
