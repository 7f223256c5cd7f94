#ifndef TICK_CNCURSES_SHIM_H
#define TICK_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so the wide-character API must be switched on here.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncurses.h>

// Macros and unsafe globals that do not import into Swift, as accessor functions.

static inline WINDOW *tick_stdscr(void) { return stdscr; }
/// Starts curses on the process's standard input and output; NULL (instead of exiting, as
/// initscr does) when the terminal cannot be used.
static inline SCREEN *tick_newterm(void) { return newterm(NULL, stdout, stdin); }
static inline int tick_lines(void) { return getmaxy(stdscr); }
static inline int tick_cols(void) { return getmaxx(stdscr); }
static inline int tick_colors(void) { return COLORS; }
static inline int tick_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t tick_a_normal(void) { return A_NORMAL; }
static inline attr_t tick_a_bold(void) { return A_BOLD; }
static inline attr_t tick_a_dim(void) { return A_DIM; }
static inline attr_t tick_a_reverse(void) { return A_REVERSE; }
static inline attr_t tick_a_underline(void) { return A_UNDERLINE; }

static inline mmask_t tick_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tick_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tick_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tick_button5_pressed(void) { return BUTTON5_PRESSED; }

static inline int tick_key_code_yes(void) { return KEY_CODE_YES; }

/// Sets a complex character from up to CCHARW_MAX - 1 wide characters (the rest dropped).
static inline int tick_setcchar(cchar_t *cell, const wchar_t *text, int count, attr_t attrs, short pair) {
    wchar_t buffer[CCHARW_MAX];
    int n = count < CCHARW_MAX - 1 ? count : CCHARW_MAX - 1;
    for (int i = 0; i < n; i++) buffer[i] = text[i];
    buffer[n] = L'\0';
    return setcchar(cell, buffer, attrs, pair, NULL);
}

/// Draws a complex character at a position of the standard screen.
static inline int tick_mvadd_wch(int row, int column, const cchar_t *cell) {
    return mvwadd_wch(stdscr, row, column, cell);
}

// What a full-screen program needs from the terminal, and its terminfo strings for text
// that ncurses' cells cannot hold (a grapheme cluster of more than one code point).

#include <term.h>

/// 1 when the terminal type `term` can move the cursor anywhere and clear the screen; 0 for
/// `dumb` and hard-copy terminals; -1 for a type terminfo has no entry for.
static inline int tick_terminal_can_draw_full_screen(const char *term) {
    int error = 0;
    TERMINAL *saved = cur_term;
    if (setupterm(term, -1, &error) != OK) {
        set_curterm(saved);
        return -1;  /* no terminfo entry for the type */
    }
    char *address = tigetstr("cup");
    char *clear = tigetstr("clear");
    int ok = address != NULL && address != (char *)-1 && clear != NULL && clear != (char *)-1
        && tigetflag("hc") <= 0;
    TERMINAL *made = set_curterm(saved);
    del_curterm(made);
    return ok;
}

/// A terminfo string capability of the current terminal, or NULL when it has none.
static inline const char *tick_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

/// A capability with two numeric parameters filled in (cup: row, column).
static inline const char *tick_parameters2(const char *capability, int first, int second) {
    return tiparm(capability, first, second);
}

/// A capability with one numeric parameter filled in (setaf: colour).
static inline const char *tick_parameters1(const char *capability, int first) {
    return tiparm(capability, first);
}

#endif
