// libedit's native API. el_set, el_get and history are variadic, which Swift cannot
// call, so the few calls cachetutor needs are wrapped below as static inline functions.
#include <stdio.h>
#include <locale.h>
#include <langinfo.h>
#include <histedit.h>

typedef char *(*cet_prompt_function)(EditLine *);
typedef unsigned char (*cet_editor_function)(EditLine *, int);

/// Chooses the key bindings: "emacs" or "vi".
static inline int cet_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// Lets libedit restore the terminal around signals (1) or not (0).
static inline int cet_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/// Sets the prompt callback; characters between two `ignore` bytes take no columns,
/// so escape sequences can colour the prompt without confusing the line editor.
static inline int cet_set_prompt(EditLine *el, cet_prompt_function prompt, char ignore) {
    return el_set(el, EL_PROMPT_ESC, prompt, ignore);
}

/// Attaches a history to the editor so Up and Down walk it.
static inline int cet_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/// Registers a named editor function (for example a completer).
static inline int cet_add_function(EditLine *el, const char *name, const char *help, cet_editor_function function) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds a key sequence (such as "^I") to a named editor function.
static inline int cet_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

/// Stores a pointer the callbacks can read back with cet_client_data.
static inline int cet_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

/// The pointer stored by cet_set_client_data.
static inline void *cet_client_data(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// Keeps at most `size` history entries.
static inline int cet_history_set_size(History *h, HistEvent *event, int size) {
    return history(h, event, H_SETSIZE, size);
}

/// Drops a line that repeats the one before it (1) or keeps it (0).
static inline int cet_history_set_unique(History *h, HistEvent *event, int unique) {
    return history(h, event, H_SETUNIQUE, unique);
}

/// Adds a line to the history.
static inline int cet_history_enter(History *h, HistEvent *event, const char *line) {
    return history(h, event, H_ENTER, line);
}

/// Reads a history file written by cet_history_save.
static inline int cet_history_load(History *h, HistEvent *event, const char *path) {
    return history(h, event, H_LOAD, path);
}

/// Writes the history to a file.
static inline int cet_history_save(History *h, HistEvent *event, const char *path) {
    return history(h, event, H_SAVE, path);
}

/// Turns the terminal's signal keys off while a line is edited (`stty -isig`, in edit
/// mode only), so Ctrl-C arrives as a key the editor binds, not as SIGINT. Once the line
/// is read, the terminal's own modes, and SIGINT, are back.
static inline int cet_edit_without_signal_keys(EditLine *el) {
    return el_set(el, EL_SETTY, "-d", "-isig", NULL);
}

/// The C standard streams, which Swift 6 cannot name (they are mutable globals).
static inline FILE *cet_stdin(void) { return stdin; }
static inline FILE *cet_stdout(void) { return stdout; }
static inline FILE *cet_stderr(void) { return stderr; }
