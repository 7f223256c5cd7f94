// The reference reader: a lean C program that loads tick's list file with the checks tick
// makes, to measure what this machine allows (docs/performance.md, "What the machine
// allows"). Not part of tick; Scripts/reference-reader/compare builds and runs it.
#ifndef READER_H
#define READER_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void die(const char *msg, long a);

// ---- the binary property list (plist.c)
extern const uint8_t *B;    // file bytes
extern size_t N;            // file size
extern int OFFSZ, REFSZ;
extern uint64_t NOBJ, TOP, TABLE, OBJEND;
enum { K_SIMPLE, K_INT, K_REAL, K_DATE, K_DATA, K_ASCII, K_UTF16, K_UID, K_ARRAY, K_SET, K_DICT, K_BAD };
typedef struct { int kind; uint8_t marker; uint64_t off, count, content; } hdr_t;

static inline uint64_t be(const uint8_t *p, int s) {
    switch (s) {
    case 1: return p[0];
    case 2: return (uint64_t)p[0] << 8 | p[1];
    case 4: { uint32_t v; memcpy(&v, p, 4); return __builtin_bswap32(v); }
    case 8: { uint64_t v; memcpy(&v, p, 8); return __builtin_bswap64(v); }
    default: { uint64_t v = 0; for (int i = 0; i < s; i++) v = v << 8 | p[i]; return v; }
    }
}

// The offset of object `ref`, inside the object area.
static inline uint64_t offset_of(uint64_t ref) {
    if (ref >= NOBJ) die("reference out of range", (long)ref);
    uint64_t v = be(B + TABLE + ref * OFFSZ, OFFSZ);
    if (v < 8 || v >= OBJEND) die("offset outside object area", (long)ref);
    return v;
}

hdr_t header_slow(uint64_t off);
static inline hdr_t header_at(uint64_t off) {
    // fast path: short ASCII strings and small dictionaries/arrays (count in the marker)
    hdr_t h; uint8_t m = B[off];
    uint8_t t = m >> 4, low = m & 15;
    if ((t == 5 || t == 0xD || t == 0xA) && low != 15) {
        uint64_t unit = t == 5 ? 1 : t == 0xA ? (uint64_t)REFSZ : 2 * (uint64_t)REFSZ;
        if (low * unit > OBJEND - off - 1) die("object does not fit", (long)off);
        h.kind = t == 5 ? K_ASCII : t == 0xA ? K_ARRAY : K_DICT;
        h.marker = m; h.off = off; h.content = off + 1; h.count = low;
        return h;
    }
    return header_slow(off);
}
static inline hdr_t header_of(uint64_t ref) { return header_at(offset_of(ref)); }
// The `i`th reference of a container (dictionary values follow the keys).
static inline uint64_t refat(const hdr_t *h, uint64_t i) { return be(B + h->content + i * REFSZ, REFSZ); }

// Checks the trailer and every object the offset table lists (as tick's validateAll does).
void check_all(void);

// ---- the keyed archive (archive.c)
typedef struct { char *name; double latitude, longitude; int has_coordinate; } location_t;
typedef struct {
    uint8_t id[16], parent[16];
    char *title, *notes, *external_uid, *ical_extras, *recurrence, *taskwarrior_extras;
    char **tags; size_t tag_count;
    double created_at, due, modified_at, completed_at;
    uint8_t has_due, due_is_day, has_modified, has_completed, has_parent, section;
    int8_t priority;   // 1-9, 0 for none
    location_t *location;
} item_t;

// Finds the two sections' element arrays from $top.root (the list object checked).
void archive_sections(hdr_t sections[2]);
uint64_t uid_value(uint64_t ref);
// Reads one item (by UID) with tick's per-item checks; item_free gives its memory back.
void decode_item(uint64_t uid, item_t *it);
void item_free(item_t *it);
void archive_close(void);

#endif
