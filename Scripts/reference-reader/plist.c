// The binary property list: object headers and the check of every object.
#include "reader.h"

const uint8_t *B;
size_t N;
int OFFSZ, REFSZ;
uint64_t NOBJ, TOP, TABLE, OBJEND;

static const int8_t KIND_OF[16] = { K_SIMPLE, K_INT, K_REAL, K_DATE, K_DATA, K_ASCII, K_UTF16, K_BAD,
                                    K_UID, K_BAD, K_ARRAY, K_BAD, K_SET, K_DICT, K_BAD, K_BAD };

static inline void fixed(hdr_t *h, uint64_t size) {
    if (size > OBJEND - h->off - 1) die("object truncated", (long)h->off);
    h->count = size;
}

// The element count of a string, data or container object at `off` (in the marker, or in
// the integer object after it when the marker says 0xF); `*content` gets where its content starts.
static inline uint64_t element_count(uint64_t off, uint64_t *content) {
    uint64_t count = B[off] & 15;
    *content = off + 1;
    if (count != 15) return count;
    if (*content >= OBJEND) die("length past object area", (long)off);
    uint8_t im = B[*content];
    if ((im >> 4) != 1 || (im & 15) > 3) die("bad length int", (long)off);
    int sz = 1 << (im & 15);
    if (*content + 1 + sz > OBJEND) die("length past object area", (long)off);
    count = be(B + *content + 1, sz);
    if (count > OBJEND) die("count too large", (long)off);
    *content += 1 + sz;
    return count;
}

// Any object's header: marker known, count read, content inside the object area.
hdr_t header_slow(uint64_t off) {
    hdr_t h; uint8_t m = B[off]; int low = m & 15;
    h.marker = m; h.off = off; h.content = off + 1; h.kind = KIND_OF[m >> 4];
    switch (h.kind) {
    case K_BAD: die("unknown marker", m); break;
    case K_SIMPLE: if (m != 0 && m != 8 && m != 9) die("unknown marker", m); h.count = 0; break;
    case K_INT: if (low > 4) die("bad int size", low); fixed(&h, 1u << low); break;
    case K_REAL: if (low != 2 && low != 3) die("bad real size", low); fixed(&h, 1u << low); break;
    case K_DATE: if (low != 3) die("bad date", low); fixed(&h, 8); break;
    case K_UID: if (low > 7) die("bad uid", low); fixed(&h, low + 1); break;
    default: {
        uint64_t content;
        uint64_t count = element_count(off, &content);
        uint64_t unit = h.kind == K_UTF16 ? 2 : h.kind == K_ARRAY || h.kind == K_SET ? (uint64_t)REFSZ
                      : h.kind == K_DICT ? 2 * (uint64_t)REFSZ : 1;
        if (count * unit > OBJEND - content) die("object does not fit", (long)off);
        h.count = count; h.content = content;
    }
    }
    return h;
}

// ---------------------------------------------------------------- check every object
enum { S_SCALAR, S_STRING, S_CONTAINER };

void check_all(void) {
    // trailer
    if (N < 8 || memcmp(B, "bplist00", 8)) die("not bplist00", 0);
    if (N < 8 + 32 + 1) die("too short", (long)N);
    uint64_t start = N - 32;
    OFFSZ = B[start + 6]; REFSZ = B[start + 7];
    NOBJ = be(B + start + 8, 8); TOP = be(B + start + 16, 8); TABLE = be(B + start + 24, 8);
    if (OFFSZ < 1 || OFFSZ > 8 || REFSZ < 1 || REFSZ > 8) die("bad sizes", 0);
    if (NOBJ < 1 || NOBJ > start) die("bad object count", 0);
    if (TOP >= NOBJ) die("bad top", 0);
    if (TABLE < 9 || TABLE > start) die("bad table", 0);
    if (start - TABLE < NOBJ * OFFSZ) die("table does not fit", 0);
    if (REFSZ < 8 && NOBJ > (1ull << (8 * REFSZ))) die("refs too small", 0);
    OBJEND = TABLE;

    // Per marker byte: what the header check needs (built once; a table instead of a switch).
    // what: 0 unknown marker, 1 fixed size (size), 2 counted (unit bytes per element), kind.
    struct { uint8_t what, size, kind; } MT[256];
    for (int m = 0; m < 256; m++) {
        int t = m >> 4, low = m & 15, k = KIND_OF[t];
        MT[m].kind = (uint8_t)k; MT[m].what = 0; MT[m].size = 0;
        switch (k) {
        case K_SIMPLE: if (m == 0 || m == 8 || m == 9) { MT[m].what = 1; MT[m].size = 0; } break;
        case K_INT: if (low <= 4) { MT[m].what = 1; MT[m].size = (uint8_t)(1 << low); } break;
        case K_REAL: if (low == 2 || low == 3) { MT[m].what = 1; MT[m].size = (uint8_t)(1 << low); } break;
        case K_DATE: if (low == 3) { MT[m].what = 1; MT[m].size = 8; } break;
        case K_UID: if (low <= 7) { MT[m].what = 1; MT[m].size = (uint8_t)(low + 1); } break;
        case K_DATA: case K_ASCII: MT[m].what = 2; MT[m].size = 1; break;
        case K_UTF16: MT[m].what = 2; MT[m].size = 2; break;
        case K_ARRAY: case K_SET: MT[m].what = 2; MT[m].size = (uint8_t)REFSZ; break;
        case K_DICT: MT[m].what = 2; MT[m].size = (uint8_t)(2 * REFSZ); break;
        default: break;
        }
    }
    uint8_t *state = malloc(NOBJ);
    const uint8_t *table = B + TABLE;
    for (uint64_t ref = 0; ref < NOBJ; ref++) {
        uint64_t off;
        if (OFFSZ == 4) { uint32_t v; memcpy(&v, table + 4 * ref, 4); off = __builtin_bswap32(v); }
        else off = be(table + ref * OFFSZ, OFFSZ);
        if (off < 8 || off >= OBJEND) die("offset outside object area", (long)ref);
        uint8_t m = B[off];
        uint64_t avail = OBJEND - off - 1;
        if (MT[m].what == 1) {
            if (MT[m].size > avail) die("object truncated", (long)off);
            state[ref] = S_SCALAR;
            continue;
        }
        if (MT[m].what == 0) die("unknown marker", m);
        uint64_t content;
        uint64_t count = element_count(off, &content);
        if (count * MT[m].size > OBJEND - content) die("object does not fit", (long)off);
        const uint8_t *p = B + content;
        uint8_t st;
        switch (MT[m].kind) {
        case K_ASCII: {
            const uint8_t *e = p + count; uint64_t acc = 0;
            for (; p + 8 <= e; p += 8) { uint64_t w; memcpy(&w, p, 8); acc |= w; }
            for (; p < e; p++) acc |= *p;
            if (acc & 0x8080808080808080ull) die("non-ASCII byte in ASCII string", (long)off);
            st = S_STRING; break;
        }
        case K_UTF16: {
            uint64_t i = 0;
            for (;;) {
                // four units at a time while none is a surrogate (high byte 0xD8-0xDF)
                while (i + 4 <= count) {
                    uint64_t w; memcpy(&w, p + 2 * i, 8);
                    uint64_t x = (w & 0x00F800F800F800F8ull) ^ 0x00D800D800D800D8ull;   // high bytes (even offsets)
                    // a lane is zero exactly when that unit is a surrogate
                    if (((x - 0x0001000100010001ull) & ~x & 0x0080008000800080ull) != 0) break;
                    i += 4;
                }
                if (i >= count) break;
                uint8_t hi = p[2 * i];
                if ((hi & 0xF8) == 0xD8) {
                    if (hi >= 0xDC || i + 1 >= count || (p[2 * i + 2] & 0xFC) != 0xDC) die("unpaired surrogate", (long)off);
                    i += 2;
                } else i++;
            }
            st = S_STRING; break;
        }
        case K_ARRAY: case K_SET: case K_DICT: {
            uint64_t keys = MT[m].kind == K_DICT ? count : 0, total = count + keys;
            if (REFSZ == 4) {
                uint32_t maxref = 0; uint8_t keystate = S_STRING;
                for (uint64_t i = 0; i < keys; i++) {
                    uint32_t c; memcpy(&c, p + 4 * i, 4); c = __builtin_bswap32(c);
                    if (c >= ref) die("container refers forward (cycle check fast path only)", (long)ref);
                    keystate &= state[c] == S_STRING ? S_STRING : 0;
                }
                if (keystate != S_STRING) die("dict key not a string", (long)off);
                for (uint64_t i = keys; i < total; i++) {
                    uint32_t c; memcpy(&c, p + 4 * i, 4); c = __builtin_bswap32(c);
                    maxref = c > maxref ? c : maxref;
                }
                if (total > keys && maxref >= ref) die("container refers forward (cycle check fast path only)", (long)ref);
            } else {
                for (uint64_t i = 0; i < total; i++) {
                    uint64_t c = be(p + i * REFSZ, REFSZ);
                    if (c >= ref) die("container refers forward (cycle check fast path only)", (long)ref);
                    if (i < keys && state[c] != S_STRING) die("dict key not a string", (long)off);
                }
            }
            st = S_CONTAINER; break;
        }
        default: st = S_SCALAR; break;   // data
        }
        state[ref] = st;
    }
    free(state);
}
