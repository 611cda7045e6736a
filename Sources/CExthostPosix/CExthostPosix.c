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

static void fatal_signal_handler(int signal) {
    if (signal > 0 && signal < CEXTHOSTPOSIX_SIGNALS && fatal_reports[signal].armed) {
        size_t done = 0;
        while (done < fatal_reports[signal].length) {
            ssize_t written = write(fatal_reports[signal].fd, fatal_reports[signal].report + done, fatal_reports[signal].length - done);
            if (written <= 0) break;
            done += (size_t)written;
        }
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
    static __thread int has_alternate_stack;
    if (!has_alternate_stack) {
        stack_t stack = {.ss_sp = malloc(CEXTHOSTPOSIX_ALTERNATE_STACK), .ss_flags = 0, .ss_size = CEXTHOSTPOSIX_ALTERNATE_STACK};
        if (stack.ss_sp != NULL && sigaltstack(&stack, NULL) == 0) has_alternate_stack = 1;
    }
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
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}
