#define _GNU_SOURCE
#include "CExthostPosix.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <sys/un.h>
#include <stdint.h>
#include <execinfo.h>

short cexthostposix_spawn_setsid_flag(void) {
    return POSIX_SPAWN_SETSID;
}

int cexthostposix_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int cexthostposix_peer_pid(int fd) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    return credentials.pid;
}

int cexthostposix_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int cexthostposix_accept_cloexec(int fd) { return accept4(fd, NULL, NULL, SOCK_CLOEXEC); }

int cexthostposix_socketpair_cloexec(int fds[2]) { return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds); }

int cexthostposix_limit_address_space(unsigned long long bytes) {
    struct rlimit limit = {bytes, bytes};
    return setrlimit(RLIMIT_AS, &limit);
}

int cexthostposix_kill_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL); }

int cexthostposix_wait4(int pid, int *status, int options, long *peak_resident_kib) {
    struct rusage usage = {0};
    int reaped = wait4(pid, status, options, &usage);
    *peak_resident_kib = usage.ru_maxrss;
    return reaped;
}


int cexthostposix_wifexited(int status) { return WIFEXITED(status); }
int cexthostposix_wexitstatus(int status) { return WEXITSTATUS(status); }
int cexthostposix_wifsignaled(int status) { return WIFSIGNALED(status); }
int cexthostposix_wtermsig(int status) { return WTERMSIG(status); }

enum { CEXTHOSTPOSIX_SIGNALS = 65, CEXTHOSTPOSIX_ALTERNATE_STACK = 1 << 16 };

static struct {
    int armed;
    int fd;
    int status;
    char *report;
    size_t length;
    struct sigaction previous;
} fatal_reports[CEXTHOSTPOSIX_SIGNALS];

/* An alternate signal stack for the calling thread, once: a handler that
   runs on it can report a stack overflow of that thread. */
static void give_thread_alternate_stack(void) {
    static __thread int has_alternate_stack;
    if (has_alternate_stack) return;
    stack_t stack = {.ss_sp = malloc(CEXTHOSTPOSIX_ALTERNATE_STACK), .ss_flags = 0, .ss_size = CEXTHOSTPOSIX_ALTERNATE_STACK};
    if (stack.ss_sp != NULL && sigaltstack(&stack, NULL) == 0) has_alternate_stack = 1;
}

static void fatal_signal_handler(int signal) {
    if (signal > 0 && signal < CEXTHOSTPOSIX_SIGNALS && fatal_reports[signal].armed) {
        cexthostposix_write_all(fatal_reports[signal].fd, fatal_reports[signal].report, fatal_reports[signal].length);
        _exit(fatal_reports[signal].status);
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigaction(signal, &fallback, NULL);
    raise(signal);
}

int cexthostposix_arm_fatal_signal(int signal, int fd, const char *report, size_t length, int status) {
    if (signal <= 0 || signal >= CEXTHOSTPOSIX_SIGNALS) {
        errno = EINVAL;
        return -1;
    }
    give_thread_alternate_stack();
    char *copy = malloc(length > 0 ? length : 1);
    if (copy == NULL) return -1;
    memcpy(copy, report, length);
    if (!fatal_reports[signal].armed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = fatal_signal_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_ONSTACK;
        if (sigaction(signal, &action, &fatal_reports[signal].previous) != 0) {
            free(copy);
            return -1;
        }
    } else {
        free(fatal_reports[signal].report);
    }
    fatal_reports[signal].fd = fd;
    fatal_reports[signal].status = status;
    fatal_reports[signal].report = copy;
    fatal_reports[signal].length = length;
    fatal_reports[signal].armed = 1;
    return 0;
}

void cexthostposix_disarm_fatal_signals(void) {
    for (int signal = 1; signal < CEXTHOSTPOSIX_SIGNALS; signal++) {
        if (!fatal_reports[signal].armed) continue;
        fatal_reports[signal].armed = 0;
        sigaction(signal, &fatal_reports[signal].previous, NULL);
        free(fatal_reports[signal].report);
        fatal_reports[signal].report = NULL;
    }
}

/* The crash report of an extension process (cexthostposix_install_crash_backtrace). */
static int crash_backtrace_fd = 2;
static const char *crash_backtrace_label = "exthost";

static void crash_backtrace_write(const char *text) {
    cexthostposix_write_all(crash_backtrace_fd, text, strlen(text));
}

static const char *crash_backtrace_signal_name(int signal) {
    switch (signal) {
    case SIGSEGV: return "signal 11 (Segmentation fault)";
    case SIGBUS: return "signal 7 (Bus error)";
    case SIGILL: return "signal 4 (Illegal instruction: a Swift runtime trap, or bad code)";
    case SIGFPE: return "signal 8 (Floating point exception)";
    case SIGTRAP: return "signal 5 (Trace/breakpoint trap)";
    case SIGABRT: return "signal 6 (Aborted)";
    default: return "a fatal signal";
    }
}

static void crash_backtrace_handler(int signal) {
    crash_backtrace_write("\n*** ");
    crash_backtrace_write(crash_backtrace_label);
    crash_backtrace_write(": ");
    crash_backtrace_write(crash_backtrace_signal_name(signal));
    crash_backtrace_write("; the stack, innermost first (module(symbol+offset) [address]; "
                          "a static function shows as module(+offset): addr2line -e MODULE OFFSET names it) ***\n");
    void *frames[64];
    int count = backtrace(frames, 64);
    backtrace_symbols_fd(frames, count, crash_backtrace_fd);
    crash_backtrace_write("*** end of the stack ***\n");
    /* SA_RESETHAND gave the signal its default action back: raised again, it
       is delivered when this handler returns and ends the process by it. */
    raise(signal);
}

int cexthostposix_install_crash_backtrace(int fd, const char *label) {
    /* backtrace() loads libgcc_s at its first call: not in a signal handler. */
    void *warm[1];
    backtrace(warm, 1);
    crash_backtrace_fd = fd;
    char *copy = label != NULL ? strdup(label) : NULL;
    if (copy != NULL) crash_backtrace_label = copy;
    give_thread_alternate_stack();
    static const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = crash_backtrace_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_ONSTACK | SA_RESETHAND;
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return 0;
}

int cexthostposix_exec_beside_self(const char *name, char *const argv[], char *path, size_t size) {
    if (size == 0) return EINVAL;
    ssize_t length = readlink("/proc/self/exe", path, size - 1);
    if (length < 0) {
        int code = errno;
        snprintf(path, size, "/proc/self/exe");
        return code;
    }
    path[length] = 0;
    char *slash = strrchr(path, '/');
    size_t folder = slash ? (size_t)(slash - path) + 1 : 0;
    size_t needed = folder + strlen(name) + 1;
    if (needed > size) return ENAMETOOLONG;
    memcpy(path + folder, name, strlen(name) + 1);
    execv(path, argv);
    return errno;
}

const char *cexthostposix_error_text(int code) {
    return strerror(code);
}

int cexthostposix_write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (written == 0) return -1;
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

extern char **environ;

/* Whether an environment entry is one the service's socket may depend on. */
static int front_index_input(const char *entry) {
    return strncmp(entry, "EXTHOST_", 8) == 0 || strncmp(entry, "XDG_", 4) == 0
        || strncmp(entry, "HOME=", 5) == 0 || strncmp(entry, "TMPDIR=", 7) == 0;
}

static int compare_entries(const void *left, const void *right) {
    return strcmp(*(const char *const *)left, *(const char *const *)right);
}

static uint64_t fnv1a(uint64_t value, const char *bytes, size_t length) {
    for (size_t index = 0; index < length; index++) {
        value ^= (unsigned char)bytes[index];
        value *= 0x00000100000001b3ULL;
    }
    return value;
}

/* The value of `name` in the environment when it is set and not empty. */
static const char *nonempty_variable(const char *name) {
    const char *value = getenv(name);
    return value && *value ? value : NULL;
}

int cexthostposix_front_index_path(char *path, size_t size) {
    char folder[4096], directory[4096];
    ssize_t length = readlink("/proc/self/exe", folder, sizeof folder - 1);
    if (length < 0) return errno;
    folder[length] = 0;
    char *slash = strrchr(folder, '/');
    if (slash) *slash = 0;
    if (!getcwd(directory, sizeof directory)) return errno;

    size_t count = 0;
    for (char **entry = environ; entry && *entry; entry++) count += front_index_input(*entry);
    const char **entries = malloc((count + 1) * sizeof *entries);
    if (!entries) return ENOMEM;
    size_t taken = 0;
    for (char **entry = environ; entry && *entry && taken < count; entry++) {
        if (front_index_input(*entry)) entries[taken++] = *entry;
    }
    qsort(entries, taken, sizeof *entries, compare_entries);

    uint64_t hash = 0xcbf29ce484222325ULL;
    hash = fnv1a(hash, "cwd=", 4);
    hash = fnv1a(hash, directory, strlen(directory) + 1);
    hash = fnv1a(hash, "exe=", 4);
    hash = fnv1a(hash, folder, strlen(folder) + 1);
    for (size_t index = 0; index < taken; index++) hash = fnv1a(hash, entries[index], strlen(entries[index]) + 1);
    free(entries);

    const char *runtime = nonempty_variable("EXTHOST_RUNTIME_DIR");
    const char *xdg = nonempty_variable("XDG_RUNTIME_DIR");
    int written;
    if (runtime) {
        written = snprintf(path, size, "%s/front-%016llx.index", runtime, (unsigned long long)hash);
    } else if (xdg) {
        written = snprintf(path, size, "%s/exthost/front-%016llx.index", xdg, (unsigned long long)hash);
    } else {
        written = snprintf(path, size, "/tmp/exthost-%u/front-%016llx.index", (unsigned)getuid(), (unsigned long long)hash);
    }
    if (written < 0) return EINVAL;
    return (size_t)written < size ? 0 : ENAMETOOLONG;
}

int cexthostposix_connect_unix(const char *path) {
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int code = errno;
        close(fd);
        errno = code;
        return -1;
    }
    return fd;
}

long cexthostposix_read(int fd, char *bytes, size_t size) {
    while (1) {
        ssize_t count = read(fd, bytes, size);
        if (count >= 0 || errno != EINTR) return (long)count;
    }
}

int cexthostposix_is_terminal(int fd) {
    return isatty(fd) ? 1 : 0;
}

int cexthostposix_send_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t sent = send(fd, bytes, length, MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        bytes += sent;
        length -= (size_t)sent;
    }
    return 0;
}

int cexthostposix_is_open(int fd) {
    return fcntl(fd, F_GETFD) != -1 ? 1 : 0;
}
