// The keyed archive: keys, classes, values, and tick's per-item checks. What tick keeps
// and this reader refuses (keys of a newer tick, containers that refer forward) does not
// occur in the benchmark's list; it only has to read that list as tick would.
#include <math.h>
#include "reader.h"

enum { KEY_NONE = 0, KEY_formatVersion, KEY_toDoItems, KEY_doneItems, KEY_id, KEY_title, KEY_itemDescription,
       KEY_timestamp, KEY_dueIsDate, KEY_createdAt, KEY_modifiedAt, KEY_completedAt, KEY_location,
       KEY_priority, KEY_tags, KEY_recurrence, KEY_parent, KEY_iCalendarUID, KEY_iCalendarExtras, KEY_taskwarriorExtras, KEY_name, KEY_latitude, KEY_longitude, KEY_objects,
       KEY_string, KEY_class, KEY_classname, KEY_classes, KEY_COUNT, KEY_OTHER = 255 };
static const char *KEY_NAMES[KEY_COUNT] = { "", "formatVersion", "toDoItems", "doneItems", "id", "title",
    "itemDescription", "timestamp", "dueIsDate", "createdAt", "modifiedAt", "completedAt", "location",
    "priority", "tags", "recurrence", "parent", "iCalendarUID", "iCalendarExtras", "taskwarriorExtras", "name", "latitude", "longitude", "NS.objects", "NS.string",
    "$class", "$classname", "$classes" };
enum { C_LIST, C_ITEM, C_LOCATION, C_ARRAY, C_NONE };

static uint8_t *keycode;      // per plist object: KEY_* or 0 (not looked at yet)
static hdr_t OBJECTS;         // the $objects array
static int64_t class_uid[4] = { -1, -1, -1, -1 };
static struct { uint64_t uid; int cls; } class_cache[16]; static int nclass_cache;

// A string object's text as a malloc'd NUL-terminated UTF-8 copy; *len gets its byte length.
static char *copy_string(const hdr_t *h, size_t *len) {
    const uint8_t *p = B + h->content;
    if (h->kind == K_ASCII) {
        char *s = malloc(h->count + 1); memcpy(s, p, h->count); s[h->count] = 0;
        if (len) *len = h->count;
        return s;
    }
    // UTF-16BE (surrogates paired: checked) to UTF-8
    uint8_t *o = malloc(3 * h->count + 1); size_t k = 0;
    for (uint64_t i = 0; i < h->count; i++) {
        uint32_t u = (uint32_t)p[2 * i] << 8 | p[2 * i + 1];
        if (u < 0x80) o[k++] = u;
        else if (u < 0x800) { o[k++] = 0xC0 | u >> 6; o[k++] = 0x80 | (u & 0x3F); }
        else if ((u & 0xF800) != 0xD800) { o[k++] = 0xE0 | u >> 12; o[k++] = 0x80 | ((u >> 6) & 0x3F); o[k++] = 0x80 | (u & 0x3F); }
        else {
            i++;
            uint32_t lo = (uint32_t)p[2 * i] << 8 | p[2 * i + 1];
            uint32_t c = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
            o[k++] = 0xF0 | c >> 18; o[k++] = 0x80 | ((c >> 12) & 0x3F); o[k++] = 0x80 | ((c >> 6) & 0x3F); o[k++] = 0x80 | (c & 0x3F);
        }
    }
    o[k] = 0;
    if (len) *len = k;
    return (char *)o;
}

static int key_of(uint64_t ref);
static inline uint64_t obj_ref(uint64_t uid) {
    if (uid >= OBJECTS.count) die("UID past $objects", (long)uid);
    return refat(&OBJECTS, uid);
}
uint64_t uid_value(uint64_t ref) {
    uint64_t off = offset_of(ref);
    uint8_t m = B[off];
    if ((m >> 4) == 8) {   // fast path: the whole header check of a UID
        int size = (m & 15) + 1;
        if ((uint64_t)size > OBJEND - off - 1) die("object truncated", (long)off);
        return size == 1 ? B[off + 1] : be(B + off + 1, size);
    }
    hdr_t h = header_at(off);
    if (h.kind != K_UID) die("not a UID", (long)h.off);
    return be(B + h.content, (int)h.count);
}
static inline hdr_t dict_of_uid(uint64_t uid) {
    hdr_t h = header_of(obj_ref(uid));
    if (h.kind != K_DICT) die("archive object not a dictionary", (long)uid);
    return h;
}
// A string value: a string object, or an NSString dictionary with NS.string.
static hdr_t string_header(hdr_t h) {
    if (h.kind == K_ASCII || h.kind == K_UTF16) return h;
    if (h.kind == K_DICT) {
        for (uint64_t i = 0; i < h.count; i++) if (key_of(refat(&h, i)) == KEY_string) {
            hdr_t v = header_of(refat(&h, h.count + i));
            if (v.kind == K_UID) { uint64_t u = be(B + v.content, (int)v.count); if (u == 0) break; v = header_of(obj_ref(u)); }
            if (v.kind == K_ASCII || v.kind == K_UTF16) return v;
            break;
        }
    }
    die("not a string", (long)h.off);
    return h;
}
// Text of a key object compared with the schema's keys (each key object looked at once).
static int key_of(uint64_t ref) {
    uint8_t c = keycode[ref];
    if (c) return c == KEY_OTHER ? KEY_NONE : c;
    hdr_t h = string_header(header_of(ref));
    size_t len; char *s;
    char tmp[64];
    if (h.kind == K_ASCII && h.count < sizeof tmp) { memcpy(tmp, B + h.content, h.count); tmp[h.count] = 0; s = tmp; len = h.count; }
    else s = copy_string(&h, &len);
    int found = KEY_OTHER;
    for (int k = 1; k < KEY_COUNT; k++) if (strcmp(s, KEY_NAMES[k]) == 0) { found = k; break; }
    if (s != tmp) free(s);
    keycode[ref] = (uint8_t)found;
    return found == KEY_OTHER ? KEY_NONE : found;
}
static int class_named(uint64_t uid) {
    for (int i = 0; i < nclass_cache; i++) if (class_cache[i].uid == uid) return class_cache[i].cls;
    hdr_t d = dict_of_uid(uid);
    int cls = -2;
    for (uint64_t i = 0; i < d.count; i++) if (key_of(refat(&d, i)) == KEY_classname) {
        hdr_t v = string_header(header_of(refat(&d, d.count + i)));
        size_t len; char *s = copy_string(&v, &len);
        cls = !strcmp(s, "ToDoList") ? C_LIST : !strcmp(s, "ToDoItem") ? C_ITEM : !strcmp(s, "Location") ? C_LOCATION
            : !strcmp(s, "NSArray") || !strcmp(s, "NSMutableArray") ? C_ARRAY : C_NONE;
        free(s);
        break;
    }
    if (cls == -2) die("class description has no $classname", (long)uid);
    if (nclass_cache < 16) { class_cache[nclass_cache].uid = uid; class_cache[nclass_cache].cls = cls; nclass_cache++; }
    return cls;
}
static inline void expect_class(uint64_t value_ref, int cls) {
    uint64_t uid = uid_value(value_ref);
    if ((int64_t)uid == class_uid[cls]) return;
    if (class_named(uid) != cls) die("wrong $class", (long)uid);
    class_uid[cls] = (int64_t)uid;
}
// A number inline (8-byte real fast path) or by UID; integers accepted. Returns 0 for UID 0 (nil).
static inline int number(uint64_t ref, double *out) {
    uint64_t off = offset_of(ref);
    if (B[off] == 0x23 && 8 <= OBJEND - off - 1) { uint64_t v = be(B + off + 1, 8); memcpy(out, &v, 8); return 1; }
    hdr_t h = header_at(off);
    if (h.kind == K_UID) { uint64_t u = be(B + h.content, (int)h.count); if (u == 0) return 0; h = header_of(obj_ref(u)); }
    if (h.kind == K_REAL) {
        if (h.count == 4) { uint32_t v = (uint32_t)be(B + h.content, 4); float f; memcpy(&f, &v, 4); *out = f; }
        else { uint64_t v = be(B + h.content, 8); memcpy(out, &v, 8); }
        return 1;
    }
    if (h.kind == K_INT) {
        if (h.count == 16) {
            uint64_t hi = be(B + h.content, 8), lo = be(B + h.content + 8, 8);
            if (hi == 0) *out = (double)lo; else if (hi == UINT64_MAX && lo >> 63) *out = (double)(int64_t)lo; else die("int > 64 bits", (long)h.off);
        } else { uint64_t v = be(B + h.content, (int)h.count); *out = h.count == 8 ? (double)(int64_t)v : (double)v; }
        return 1;
    }
    die("not a number", (long)h.off);
    return 0;
}
static inline int boolean(uint64_t ref, int *out) {
    hdr_t h = header_of(ref);
    if (h.kind == K_UID) { uint64_t u = be(B + h.content, (int)h.count); if (u == 0) return 0; h = header_of(obj_ref(u)); }
    if (h.marker == 9) { *out = 1; return 1; }
    if (h.marker == 8) { *out = 0; return 1; }
    double d;
    if ((h.kind == K_INT || h.kind == K_REAL) && number(ref, &d) && (d == 0 || d == 1)) { *out = d == 1; return 1; }
    die("not a bool", (long)h.off);
    return 0;
}
// string value by UID; NULL for UID 0
static inline char *string_by_uid(uint64_t ref, size_t *len) {
    uint64_t uid = uid_value(ref);
    if (uid == 0) return NULL;
    hdr_t h = string_header(header_of(obj_ref(uid)));
    return copy_string(&h, len);
}

// hex digit values, -1 for other bytes (a table: random hex digits defeat branch prediction)
static int8_t HEX[256];
static void init_hex(void) {
    for (int i = 0; i < 256; i++) HEX[i] = -1;
    for (int i = 0; i < 10; i++) HEX['0' + i] = (int8_t)i;
    for (int i = 0; i < 6; i++) { HEX['a' + i] = (int8_t)(10 + i); HEX['A' + i] = (int8_t)(10 + i); }
}
static int parse_uuid(const uint8_t *s, uint8_t out[16]) {
    if (s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-') return 0;
    static const uint8_t pos[16] = { 0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34 };
    int bad = 0;
    for (int i = 0; i < 16; i++) {
        int a = HEX[s[pos[i]]], b = HEX[s[pos[i] + 1]];
        bad |= a | b;   // -1 sets the sign bit
        out[i] = (uint8_t)((a & 15) << 4 | (b & 15));
    }
    return bad >= 0;
}

// Unicode whitespace as Swift's trimming sees it (White_Space property), for one UTF-8 char.
static int ws_at(const uint8_t *s, size_t len, size_t i, size_t *clen) {
    uint8_t c = s[i];
    if (c < 0x80) { *clen = 1; return c == ' ' || (c >= 9 && c <= 13); }
    uint32_t u; int n;
    if (c >= 0xF0) { n = 4; u = c & 7; } else if (c >= 0xE0) { n = 3; u = c & 15; } else { n = 2; u = c & 31; }
    if (i + n > len) { *clen = 1; return 0; }
    for (int k = 1; k < n; k++) u = u << 6 | (s[i + k] & 0x3F);
    *clen = n;
    return u == 0x85 || u == 0xA0 || u == 0x1680 || (u >= 0x2000 && u <= 0x200A) || u == 0x2028 || u == 0x2029
        || u == 0x202F || u == 0x205F || u == 0x3000;
}
// Trims white space in place (moves the text when it starts with some); returns new length.
static size_t trim(char *str, size_t len) {
    uint8_t *s = (uint8_t *)str;
    if (len == 0) return 0;
    uint8_t f = s[0], l = s[len - 1];
    int fquick = f < 0x80 ? !(f == ' ' || (f >= 9 && f <= 13)) : (f != 0xC2 && f != 0xE1 && f != 0xE2 && f != 0xE3);
    int lquick = l < 0x80 ? !(l == ' ' || (l >= 9 && l <= 13))
                          : !(l == 0x85 || l == 0xA0 || (l >= 0x80 && l <= 0x8A) || l == 0xA8 || l == 0xA9 || l == 0xAF || l == 0x9F);
    if (fquick && lquick) return len;
    size_t a = 0, cl;
    while (a < len && ws_at(s, len, a, &cl)) a += cl;
    size_t e = len;
    while (e > a) {
        size_t b = e - 1;
        while (b > a && (s[b] & 0xC0) == 0x80) b--;
        if (!ws_at(s, e, b, &cl)) break;
        e = b;
    }
    memmove(s, s + a, e - a); s[e - a] = 0;
    return e - a;
}

// A UUID value (id, parent): a UID to a 36-character string, parsed as tick parses it.
// Returns 0 for UID 0 (nil).
static int read_uuid(uint64_t ref, uint8_t out[16]) {
    uint64_t u = uid_value(ref);
    if (u == 0) return 0;
    hdr_t h = header_of(obj_ref(u));
    if (h.kind == K_ASCII && h.count == 36) { if (!parse_uuid(B + h.content, out)) die("bad UUID", (long)h.off); return 1; }
    h = string_header(h); size_t l; char *s = copy_string(&h, &l);
    if (l != 36 || !parse_uuid((uint8_t *)s, out)) die("bad UUID", (long)h.off);
    free(s);
    return 1;
}

static hdr_t array_elements(uint64_t uid);
// Whether UTF-8 text holds a line break as Swift's Character.isNewline sees one
// (U+000A-U+000D, U+0085, U+2028, U+2029).
static int has_newline(const uint8_t *s) {
    for (; *s; s++) {
        if (*s >= 10 && *s <= 13) return 1;
        if (s[0] == 0xC2 && s[1] == 0x85) return 1;
        if (s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9)) return 1;
    }
    return 0;
}
// An item's tags (an NSArray of strings by UID) as tick's setTags keeps them: each trimmed,
// the empty ones and repeats dropped, a tag with a line break refused. (Repeats are compared
// by bytes; Swift compares canonically equivalent texts equal. The benchmark's tags are
// distinct either way.)
static void decode_tags(uint64_t uid, item_t *it) {
    hdr_t e = array_elements(uid);
    it->tags = e.count ? malloc(e.count * sizeof(char *)) : NULL;
    for (uint64_t i = 0; i < e.count; i++) {
        uint64_t u = uid_value(refat(&e, i));
        if (u == 0) die("nil tag", (long)uid);
        hdr_t h = string_header(header_of(obj_ref(u)));
        size_t len; char *tag = copy_string(&h, &len);
        len = trim(tag, len);
        if (len && has_newline((uint8_t *)tag)) die("tag with a line break", (long)uid);
        int kept = len > 0;
        for (size_t k = 0; kept && k < it->tag_count; k++) if (!strcmp(it->tags[k], tag)) kept = 0;
        if (kept) it->tags[it->tag_count++] = tag; else free(tag);
    }
}

static location_t *decode_location(uint64_t uid) {
    hdr_t d = dict_of_uid(uid);
    location_t *loc = malloc(sizeof *loc);
    loc->name = NULL; double lat = 0, lon = 0; int has_lat = 0, has_lon = 0, saw_class = 0;
    size_t nlen = 0;
    for (uint64_t i = 0; i < d.count; i++) {
        uint64_t kr = refat(&d, i), vr = refat(&d, d.count + i);
        switch (key_of(kr)) {
        case KEY_class: expect_class(vr, C_LOCATION); saw_class = 1; break;
        case KEY_name: loc->name = string_by_uid(vr, &nlen); break;
        case KEY_latitude: has_lat = number(vr, &lat); break;
        case KEY_longitude: has_lon = number(vr, &lon); break;
        default: die("unknown key in location (not handled by this measurement)", (long)kr);
        }
    }
    if (!saw_class) die("location has no $class", (long)uid);
    if (!loc->name) die("location has no name", (long)uid);
    if (trim(loc->name, nlen) == 0) die("empty location name", (long)uid);
    if (has_lat != has_lon) die("incomplete coordinate", (long)uid);
    if (has_lat) {
        if (!isfinite(lat) || lat < -90 || lat > 90) die("latitude out of range", (long)uid);
        if (!isfinite(lon) || lon < -180 || lon > 180) die("longitude out of range", (long)uid);
    }
    loc->latitude = lat; loc->longitude = lon; loc->has_coordinate = has_lat;
    return loc;
}

void decode_item(uint64_t uid, item_t *it) {
    hdr_t d = dict_of_uid(uid);
    static const item_t zero_item;
    *it = zero_item;
    int saw_class = 0, has_id = 0, has_created = 0; size_t tlen = 0;
    uint64_t loc_uid = 0, tags_uid = 0;
    for (uint64_t i = 0; i < d.count; i++) {
        uint64_t kr = refat(&d, i), vr = refat(&d, d.count + i);
        switch (key_of(kr)) {
        case KEY_class: expect_class(vr, C_ITEM); saw_class = 1; break;
        case KEY_id: if (read_uuid(vr, it->id)) has_id = 1; break;
        case KEY_parent: it->has_parent = (uint8_t)read_uuid(vr, it->parent); break;
        case KEY_title: { char *s = string_by_uid(vr, &tlen); if (s) { free(it->title); it->title = s; } break; }
        case KEY_itemDescription: { char *s = string_by_uid(vr, NULL); if (s) { free(it->notes); it->notes = s; } break; }
        case KEY_iCalendarUID: { char *s = string_by_uid(vr, NULL); if (s) { free(it->external_uid); it->external_uid = s; } break; }
        case KEY_iCalendarExtras: { char *s = string_by_uid(vr, NULL); if (s) { free(it->ical_extras); it->ical_extras = s; } break; }
        case KEY_taskwarriorExtras: { char *s = string_by_uid(vr, NULL); if (s) { free(it->taskwarrior_extras); it->taskwarrior_extras = s; } break; }
        case KEY_recurrence: {   // (tick keeps an empty rule as none)
            size_t l; char *s = string_by_uid(vr, &l);
            free(it->recurrence); it->recurrence = NULL;
            if (s && l) it->recurrence = s; else free(s);
            break;
        }
        case KEY_priority: {
            double v;
            if (number(vr, &v)) {
                if (v != trunc(v) || fabs(v) >= 1e15) die("priority not an integer", (long)uid);
                if (v < 1 || v > 9) die("priority outside 1-9", (long)v);
                it->priority = (int8_t)v;
            }
            break;
        }
        case KEY_tags: tags_uid = uid_value(vr); break;
        case KEY_timestamp: it->has_due = number(vr, &it->due); break;
        case KEY_createdAt: has_created = number(vr, &it->created_at); break;
        case KEY_modifiedAt: it->has_modified = number(vr, &it->modified_at); break;
        case KEY_completedAt: it->has_completed = number(vr, &it->completed_at); break;
        case KEY_dueIsDate: { int b; if (boolean(vr, &b)) it->due_is_day = b; break; }
        case KEY_location: loc_uid = uid_value(vr); break;
        default: die("unknown key in item (not handled by this measurement)", (long)kr);
        }
    }
    if (!saw_class) die("item has no $class", (long)uid);
    if (!has_id) die("item has no id", (long)uid);
    if (!it->title) die("item has no title", (long)uid);
    if (!has_created) die("item has no createdAt", (long)uid);
    if (trim(it->title, tlen) == 0) die("empty title", (long)uid);
    if (loc_uid) it->location = decode_location(loc_uid);
    if (tags_uid) decode_tags(tags_uid, it);
    // (An item of an older tick kept priority, tags and repeat in its iCalendar extras, which
    // tick reads out of them; the benchmark's list has no extras.)
}

// The NS.objects array of an NSArray by UID (a section's, an item's tags); count 0 when absent.
static hdr_t array_elements(uint64_t uid) {
    hdr_t none = { K_ARRAY, 0, 0, 0, 0 };
    if (uid == 0) return none;
    hdr_t d = dict_of_uid(uid);
    int saw_class = 0; int64_t elems = -1;
    for (uint64_t i = 0; i < d.count; i++) {
        uint64_t kr = refat(&d, i), vr = refat(&d, d.count + i);
        switch (key_of(kr)) {
        case KEY_class: expect_class(vr, C_ARRAY); saw_class = 1; break;
        case KEY_objects: elems = (int64_t)vr; break;
        default: die("unknown key in NSArray", (long)kr);
        }
    }
    if (!saw_class) die("array has no $class", (long)uid);
    if (elems < 0) die("array has no NS.objects", (long)uid);
    hdr_t e = header_of((uint64_t)elems);
    if (e.kind != K_ARRAY) die("NS.objects not an array", (long)e.off);
    return e;
}

void archive_sections(hdr_t sections[2]) {
    keycode = calloc(NOBJ, 1);
    init_hex();
    hdr_t top = header_of(TOP);
    if (top.kind != K_DICT) die("top not a dictionary", 0);
    int64_t objects_ref = -1, top_ref = -1; int archiver_ok = 0;
    for (uint64_t i = 0; i < top.count; i++) {
        uint64_t kr = refat(&top, i), vr = refat(&top, top.count + i);
        hdr_t k = string_header(header_of(kr));
        size_t kl; char *ks = copy_string(&k, &kl);
        if (!strcmp(ks, "$archiver")) {
            hdr_t v = string_header(header_of(vr)); char *s = copy_string(&v, NULL);
            archiver_ok = !strcmp(s, "NSKeyedArchiver"); free(s);
        } else if (!strcmp(ks, "$objects")) objects_ref = (int64_t)vr;
        else if (!strcmp(ks, "$top")) top_ref = (int64_t)vr;
        free(ks);
    }
    if (!archiver_ok) die("not NSKeyedArchiver", 0);
    if (objects_ref < 0 || top_ref < 0) die("no $objects/$top", 0);
    OBJECTS = header_of((uint64_t)objects_ref);
    if (OBJECTS.kind != K_ARRAY) die("$objects not an array", 0);
    hdr_t topd = header_of((uint64_t)top_ref);
    if (topd.kind != K_DICT) die("$top not a dictionary", 0);
    uint64_t root = 0;
    for (uint64_t i = 0; i < topd.count; i++) {
        hdr_t k = string_header(header_of(refat(&topd, i)));
        size_t kl; char *ks = copy_string(&k, &kl);
        if (!strcmp(ks, "root")) root = uid_value(refat(&topd, topd.count + i));
        free(ks);
    }
    if (!root) die("no root", 0);

    // the list object
    hdr_t rd = dict_of_uid(root);
    uint64_t todo_uid = 0, done_uid = 0; int saw_class = 0;
    for (uint64_t i = 0; i < rd.count; i++) {
        uint64_t kr = refat(&rd, i), vr = refat(&rd, rd.count + i);
        switch (key_of(kr)) {
        case KEY_class: expect_class(vr, C_LIST); saw_class = 1; break;
        case KEY_formatVersion: {
            double v;
            if (number(vr, &v)) {
                if (v != trunc(v) || fabs(v) >= 1e15) die("formatVersion not an integer", 0);
                if (v > 1) die("newer format", (long)v);
            }
            break;
        }
        case KEY_toDoItems: todo_uid = uid_value(vr); break;
        case KEY_doneItems: done_uid = uid_value(vr); break;
        default: die("unknown key in list", (long)kr);
        }
    }
    if (!saw_class) die("list has no $class", 0);
    sections[0] = array_elements(todo_uid);
    sections[1] = array_elements(done_uid);
}

void item_free(item_t *it) {
    free(it->title); free(it->notes); free(it->external_uid); free(it->ical_extras);
    free(it->recurrence); free(it->taskwarrior_extras);
    for (size_t i = 0; i < it->tag_count; i++) free(it->tags[i]);
    free(it->tags);
    if (it->location) { free(it->location->name); free(it->location); }
}

void archive_close(void) { free(keycode); keycode = NULL; nclass_cache = 0; for (int i = 0; i < 4; i++) class_uid[i] = -1; }
