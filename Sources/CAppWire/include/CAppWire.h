#ifndef CAPPWIRE_H
#define CAPPWIRE_H

/* The GNU extensions the app-process modules need, which Swift's Glibc
   module does not export (they need _GNU_SOURCE). */

#include <spawn.h>

/* posix_spawn_file_actions_addclosefrom_np (glibc >= 2.34): close every
   descriptor >= from in the child. Returns 0 or an errno value. */
int cappwire_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/* The pid of the process at the other end of a connected Unix-domain socket
   (SO_PEERCRED), or -1 with errno set. */
int cappwire_peer_pid(int fd);

#endif
