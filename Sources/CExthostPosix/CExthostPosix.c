#define _GNU_SOURCE
#include "CExthostPosix.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

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

int cexthostposix_wnohang(void) { return WNOHANG; }

int cexthostposix_wifexited(int status) { return WIFEXITED(status); }
int cexthostposix_wexitstatus(int status) { return WEXITSTATUS(status); }
int cexthostposix_wifsignaled(int status) { return WIFSIGNALED(status); }
int cexthostposix_wtermsig(int status) { return WTERMSIG(status); }
