#ifndef CEXTHOSTPOSIX_H
#define CEXTHOSTPOSIX_H

/* What the system-call module needs from C that Swift's Glibc module does
   not give it: GNU extensions (which need _GNU_SOURCE) and the wait-status
   macros (which Swift does not import). Every symbol carries the prefix. */

#include <spawn.h>

/* posix_spawn_file_actions_addclosefrom_np (glibc >= 2.34): close every
   descriptor >= from in the child. Returns 0 or an errno value. */
int cexthostposix_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/* POSIX_SPAWN_SETSID (glibc >= 2.26; a GNU extension): the child calls
   setsid, so it has a session of its own and no controlling terminal. */
short cexthostposix_spawn_setsid_flag(void);

/* The pid of the process at the other end of a connected Unix-domain socket
   (SO_PEERCRED), or -1 with errno set. */
int cexthostposix_peer_pid(int fd);

/* pipe2(fds, O_CLOEXEC). Returns 0, or -1 with errno set. */
int cexthostposix_pipe_cloexec(int fds[2]);

/* accept4(fd, NULL, NULL, SOCK_CLOEXEC): the connection, or -1 with errno set. */
int cexthostposix_accept_cloexec(int fd);

/* socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds). Returns 0, or -1 with errno set. */
int cexthostposix_socketpair_cloexec(int fds[2]);

/* setrlimit(RLIMIT_AS) of this process, soft and hard, to `bytes`. Returns 0,
   or -1 with errno set. */
int cexthostposix_limit_address_space(unsigned long long bytes);

/* prctl(PR_SET_PDEATHSIG, SIGKILL): this process is killed when the thread
   that started it ends. Returns 0, or -1 with errno set. */
int cexthostposix_kill_with_parent(void);

/* wait4(pid, status, options, &usage): the pid reaped (0 with WNOHANG when it
   still runs), or -1 with errno set; *peak_resident_kib is the child's
   ru_maxrss (kibibytes). */
int cexthostposix_wait4(int pid, int *status, int options, long *peak_resident_kib);

/* WIFEXITED, WEXITSTATUS, WIFSIGNALED and WTERMSIG of a waitpid status. */
int cexthostposix_wifexited(int status);
int cexthostposix_wexitstatus(int status);
int cexthostposix_wifsignaled(int status);
int cexthostposix_wtermsig(int status);

/* Fatal-signal reports, for code this process runs but does not trust. While
   armed, `signal` (SIGSEGV, SIGBUS, …) writes `report` (copied) to `fd` and
   ends the process with _exit(status), using only async-signal-safe calls,
   on an alternate stack of the arming thread (so a stack overflow there can
   still be reported). Returns 0, or -1 with errno set. */
#include <stddef.h>
int cexthostposix_arm_fatal_signal(int signal, int fd, const char *report, size_t length, int status);

/* Restores the handlers the armed signals had before and forgets the reports. */
void cexthostposix_disarm_fatal_signals(void);

/* A short crash report for a process that runs code it does not trust, in
   place of the Swift runtime's backtracer (which reads the DWARF of every
   image and took seconds before the process died): on SIGSEGV, SIGBUS,
   SIGILL, SIGFPE, SIGTRAP or SIGABRT, `label` (what the process is), the
   signal and the stack's frames as glibc's backtrace_symbols_fd gives them
   (dynamic symbols, no DWARF) are written to `fd`; then the signal's default action ends the process, so
   its status still says which signal. The calling thread gets an alternate
   stack (a stack overflow on it is reported too; on another thread the
   kernel ends the process without the report). Returns 0, or -1 with
   errno set. */
int cexthostposix_install_crash_backtrace(int fd, const char *label);

/* execv of the executable `name` in the folder of this process's own
   executable (/proc/self/exe, symbolic links resolved), with `argv` and the
   environment unchanged. Returns only when it could not: the errno value,
   with the path tried in `path` (at most `size` bytes, NUL-terminated). For
   the `exthost` front, which links neither Foundation nor the Swift runtime
   dynamically, so calls nothing above this module. */
int cexthostposix_exec_beside_self(const char *name, char *const argv[], char *path, size_t size);

/* strerror(code), for a module that does not import ExthostPosix. */
const char *cexthostposix_error_text(int code);

/* write(2) of all `length` bytes to `fd`, EINTR retried. Returns 0, or -1
   with errno set. For the `exthost` front, as the two above. */
int cexthostposix_write_all(int fd, const char *bytes, size_t length);

/* The file where the full program records, for the `exthost` front, the
   service socket it resolved from this process's raw inputs, so that the
   front reaches that service without the full program's defaults:
   <runtime directory>/front-<hash>.index. The runtime directory is
   $EXTHOST_RUNTIME_DIR, else $XDG_RUNTIME_DIR/exthost, else
   /tmp/exthost-<uid> (as RuntimeDirectory); the hash (64-bit FNV-1a, 16 hex
   digits) is over the working directory, this executable's folder
   (/proc/self/exe) and the environment entries named EXTHOST_*, XDG_*, HOME
   and TMPDIR, sorted: every input the service's socket is derived from, so
   equal inputs name the same socket. The front and the full program both
   call this one function, so the two never disagree. Returns 0, or an errno
   value (ENAMETOOLONG when `size` is too small). */
int cexthostposix_front_index_path(char *path, size_t size);

/* socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC) connected to `path`: the
   descriptor, or -1 with errno set. For the front, as the ones above. */
int cexthostposix_connect_unix(const char *path);

/* send(2) of all `length` bytes to the socket `fd` with MSG_NOSIGNAL (a
   peer gone is EPIPE, not SIGPIPE), EINTR retried. Returns 0, or -1 with
   errno set. For the front. */
int cexthostposix_send_all(int fd, const char *bytes, size_t length);

/* Whether descriptor `fd` is open (fcntl F_GETFD succeeds): 1 or 0. For the front. */
int cexthostposix_is_open(int fd);

/* read(2) of at most `size` bytes, EINTR retried: the count (0 at the end),
   or -1 with errno set. For the front. */
long cexthostposix_read(int fd, char *bytes, size_t size);

/* isatty(fd): 1 when `fd` is a terminal, else 0. For the front. */
int cexthostposix_is_terminal(int fd);

#endif
