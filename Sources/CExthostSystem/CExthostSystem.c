#define _GNU_SOURCE
#include "CExthostSystem.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <sys/wait.h>

int cexthostsystem_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int cexthostsystem_peer_pid(int fd) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    return credentials.pid;
}

int cexthostsystem_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int cexthostsystem_accept_cloexec(int fd) { return accept4(fd, NULL, NULL, SOCK_CLOEXEC); }

int cexthostsystem_wifexited(int status) { return WIFEXITED(status); }
int cexthostsystem_wexitstatus(int status) { return WEXITSTATUS(status); }
int cexthostsystem_wifsignaled(int status) { return WIFSIGNALED(status); }
int cexthostsystem_wtermsig(int status) { return WTERMSIG(status); }
