/*
 * The test fixture plugin: a C extension written against the header that
 * `exthost generate --language c` makes from FixtureDefinition. Compiled by
 * the tests with `cc`, once per variant; the FIXTURE_* macros below turn it
 * into the misbehaving plugins the host must survive.
 *
 *   FIXTURE_IDENTIFIER   the extension identifier (two plugins may claim one intent)
 *   FIXTURE_APP          the app it claims as its own (default com.example.fixture)
 *   FIXTURE_ABI_VERSION  the ABI version it claims
 *   FIXTURE_NO_TABLES    carries no definition tables (the host parses the JSON text)
 *   FIXTURE_TABLES_VERSION_9  carries tables of a version no host reads
 *   FIXTURE_TABLES_VERSION_1  carries tables of the first version, which the host passes over for its JSON
 *   EXTHOST_TARGET_ABI=1 built against the header's version 1: a version 1 plugin,
 *                        whose descriptor ends at `release`
 *   EXTHOST_TARGET_ABI=2 built against the header's version 2: a version 2 plugin,
 *                        whose descriptor ends at the tables (no handler_for_intent_values)
 *   FIXTURE_MAGIC        the magic it claims
 *   FIXTURE_TOOLCHAIN    the toolchain it claims
 *   FIXTURE_NO_ENTRY     does not export the entry function
 *   FIXTURE_NIL_HANDLER  handler(for:) returns NULL
 *   FIXTURE_HANDLER_FOR_CRASHES  handler(for:) dereferences NULL
 *   FIXTURE_HANDLER_FOR_HANGS    handler(for:) never returns
 *   FIXTURE_INIT_FAILS   init returns an error
 *   FIXTURE_INIT_CRASHES init dereferences NULL
 *   FIXTURE_INIT_HANGS   init never returns
 *   FIXTURE_INIT_HANGS_WHILE_FLAG  init never returns when the file named by
 *                        $FIXTURE_INIT_HANG_FLAG exists (a launch that hangs
 *                        until something outside the plugin is repaired)
 *   FIXTURE_RESTRICTS_UNSUPPORTED  restricts an intent while locked that it does not support
 *   FIXTURE_RESTRICTS_PING         restricts Ping while locked (it supports it)
 *   FIXTURE_LOGS_AT_INIT init logs a line at each level, and one at a level no host knows
 *   FIXTURE_CONSTRUCTOR_PRINTS  a constructor prints to standard output when the library is loaded
 *   FIXTURE_ROUTE_SECTIONS  twelve routes in two titled sections (provideRouteOptionsSections, beside
 *                        the flat provideRouteOptionsCollection); resolveRoute asks for a value when
 *                        there is none, and for a choice among the seven "… Loop" routes for "Loop"
 *   FIXTURE_TAGS_HANGS   resolveTags never returns (a hang in the middle of
 *                        the resolve calls a request makes in a row)
 *   FIXTURE_HANG_UP_CODE  supports the system intent INHangUpCallIntent too,
 *                        whose handle completes with this response code
 *   FIXTURE_PING_MODE    0 completes; 1 never completes; 2 completes twice;
 *                        3 completes later from another thread; 4 never returns;
 *                        5 dereferences NULL; 6 aborts; 7 calls exit(0);
 *                        8 allocates without bound; 9 prints to standard output
 *                        and completes; 10 closes standard output and completes;
 *                        11 donates in another app's name (com.example.other);
 *                        12 deletes another app's interactions; 13 donates a
 *                        LogWorkout whose minutes are text: each logs the
 *                        donations answer and completes with success only
 *                        when the host said 0; 14 recurses without end
 *                        (a stack overflow); 15 prints
 *                        "ping from process <pid>" on standard error and
 *                        completes; 16 calls _exit(3); 17 completes with
 *                        response code 99, which Ping does not have;
 *                        18 logs a line of 1 MiB; 19 logs bytes that are
 *                        not UTF-8 and control characters; 20 sends the
 *                        donations call text that is not JSON (then 21:
 *                        a NULL request; 22: a request whose startDate is
 *                        in the year 5828963): each completes as 11–13 do;
 *                        23 crashes on a thread of its own; 24 forks a
 *                        child that prints and exits, then completes;
 *                        25 closes standard error and completes;
 *                        26 logs a NULL message and completes; 27 prints a
 *                        line to standard output without flushing it and
 *                        completes; 28 donates a LogWorkout whose response code
 *                        is failure though its status says success, and
 *                        completes as 11–13 do; 29 forks a child that prints
 *                        a line at once (the request waits for it), then
 *                        waits until the process that forked it has ended,
 *                        prints a second line and writes what that write
 *                        returned to the file $FIXTURE_LATE_REPORT; 30 calls
 *                        _exit(0) (no handlers, a status that says success);
 *                        31 prints "ping from process <pid>" on standard
 *                        error, then never returns (a request in flight
 *                        whose process can be found and killed);
 *                        32 completes with continueInApp
 *   FIXTURE_PING_CONFIRM_MODE  Ping has confirm too: 1 never returns;
 *                        2 creates the file $FIXTURE_CONFIRM_STARTED, waits
 *                        (at most 20 s) until the file $FIXTURE_CONFIRM_RELEASE
 *                        exists, then completes ready; 3 completes failure
 *   $FIXTURE_HANDLE_RAN  (environment) Ping's handle adds a line to this
 *                        file each time it is called, whatever the mode
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "FixtureIntents.h"

#ifndef FIXTURE_IDENTIFIER
#define FIXTURE_IDENTIFIER "com.example.fixture.intents"
#endif
#ifndef FIXTURE_APP
#define FIXTURE_APP "com.example.fixture"
#endif
#ifndef FIXTURE_ABI_VERSION
#define FIXTURE_ABI_VERSION EXTHOST_ABI_VERSION
#endif
#ifndef FIXTURE_MAGIC
#define FIXTURE_MAGIC EXTHOST_MAGIC
#endif
#ifndef FIXTURE_TOOLCHAIN
#define FIXTURE_TOOLCHAIN EXTHOST_TOOLCHAIN_C
#endif
#ifndef FIXTURE_PING_MODE
#define FIXTURE_PING_MODE 0
#endif

static const exthost_host_api *host;

/* Handlers are static objects: one per intent, so release has nothing to free. */
static int log_workout_handler;
static int ping_handler;

/* ---- LogWorkout ---- */

static void resolve_activity(void *handler, const LogWorkoutIntent *intent, LogWorkoutActivityResolutionCompletion completion) {
    (void)handler;
    if (intent->activity == NULL || *intent->activity == WorkoutKindUnknown) {
        completion(EXTHOST_RESOLUTION_NEEDS_VALUE, 0, NULL, 0);
    } else {
        completion(EXTHOST_RESOLUTION_SUCCESS, *intent->activity, NULL, 0);
    }
}

static void resolve_minutes(void *handler, const LogWorkoutIntent *intent, LogWorkoutMinutesResolutionCompletion completion) {
    (void)handler;
    if (intent->minutes == NULL) {
        completion(EXTHOST_RESOLUTION_NEEDS_VALUE, 0, NULL, 0);
    } else if (*intent->minutes < 5) {
        completion(EXTHOST_RESOLUTION_UNSUPPORTED, 0, NULL, LogWorkoutMinutesUnsupportedReasonTooShort);
    } else {
        completion(EXTHOST_RESOLUTION_SUCCESS, *intent->minutes, NULL, 0);
    }
}

static const exthost_object routes[] = {
    {"river", "River Loop", "5 km along the river", "river.png", "{\"length\":5}"},
    {"hills", "Hill Climb", "8 km, 300 m up", "hills.png", "{\"length\":8}"},
    {"park", "Park", "2 km around the park", NULL, "{\"length\":2}"},
};

static void resolve_route(void *handler, const LogWorkoutIntent *intent, LogWorkoutRouteResolutionCompletion completion) {
    (void)handler;
    if (intent->route == NULL) {
        const void *items[] = {&routes[0], &routes[1]};
        exthost_list choices = {2, items};
        completion(EXTHOST_RESOLUTION_DISAMBIGUATION, NULL, &choices, 0);
    } else if (strcmp(intent->route->display_string, "Park") == 0) {
        completion(EXTHOST_RESOLUTION_CONFIRMATION_REQUIRED, intent->route, NULL, 0);
    } else {
        completion(EXTHOST_RESOLUTION_SUCCESS, intent->route, NULL, 0);
    }
}

static void provide_route_options(void *handler, const LogWorkoutIntent *intent, const char *search_term,
                                  LogWorkoutRouteOptionsCompletion completion) {
    (void)handler;
    (void)intent;
    const void *items[3];
    size_t count = 0;
    for (size_t i = 0; i < 3; i++) {
        if (search_term == NULL || strstr(routes[i].display_string, search_term) != NULL) {
            items[count++] = &routes[i];
        }
    }
    exthost_list options = {count, items};
    completion(&options, NULL);
}

static void resolve_tags(void *handler, const LogWorkoutIntent *intent, LogWorkoutTagsResolutionCompletion completion) {
    (void)handler;
#ifdef FIXTURE_TAGS_HANGS
    for (;;) pause();
#endif
    if (intent->tags == NULL) {
        completion(EXTHOST_RESOLUTION_NOT_REQUIRED, NULL, NULL, 0);
    } else {
        completion(EXTHOST_RESOLUTION_SUCCESS, intent->tags, NULL, 0);
    }
}

static void resolve_shared(void *handler, const LogWorkoutIntent *intent, LogWorkoutSharedResolutionCompletion completion) {
    (void)handler;
    if (intent->shared == NULL) {
        completion(EXTHOST_RESOLUTION_NOT_REQUIRED, false, NULL, 0);
    } else {
        completion(EXTHOST_RESOLUTION_SUCCESS, *intent->shared, NULL, 0);
    }
}

#ifdef FIXTURE_ROUTE_SECTIONS
/* Twelve routes: more than a page of choices. */
static const exthost_object nearby_routes[] = {
    {"river", "River Loop", "5 km along the river", NULL, NULL},
    {"park-loop", "Park Loop", "2 km around the park", NULL, NULL},
    {"harbour", "Harbour Walk", "3 km by the boats", NULL, NULL},
};
static const exthost_object saved_routes[] = {
    {"hills", "Hill Climb", "8 km, 300 m up", NULL, NULL},
    {"forest", "Forest Loop", "6 km under trees", NULL, NULL},
    {"canal", "Canal Path", "7 km, flat", NULL, NULL},
    {"lake", "Lake Loop", "4 km around the lake", NULL, NULL},
    {"castle", "Castle Loop", "5 km, cobbles", NULL, NULL},
    {"bridge", "Bridge Run", "3 km, two bridges", NULL, NULL},
    {"old-town", "Old Town Loop", "4 km of alleys", NULL, NULL},
    {"beach", "Beach Loop", "6 km on sand", NULL, NULL},
    {"ridge", "Ridge Trail", "9 km, 500 m up", NULL, NULL},
};
#define ROUTE_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* The routes of `from` whose name contains `term` (all for NULL). */
static size_t matching_routes(const exthost_object *from, size_t count, const char *term, const void **into) {
    size_t found = 0;
    for (size_t i = 0; i < count; i++) {
        if (term == NULL || strstr(from[i].display_string, term) != NULL) into[found++] = &from[i];
    }
    return found;
}

static void resolve_route_sectioned(void *handler, const LogWorkoutIntent *intent, LogWorkoutRouteResolutionCompletion completion) {
    (void)handler;
    if (intent->route == NULL) {
        completion(EXTHOST_RESOLUTION_NEEDS_VALUE, NULL, NULL, 0);
    } else if (strcmp(intent->route->display_string, "Loop") == 0) {
        const void *items[ROUTE_COUNT(nearby_routes) + ROUTE_COUNT(saved_routes)];
        size_t count = matching_routes(nearby_routes, ROUTE_COUNT(nearby_routes), "Loop", items);
        count += matching_routes(saved_routes, ROUTE_COUNT(saved_routes), "Loop", items + count);
        exthost_list choices = {count, items};
        completion(EXTHOST_RESOLUTION_DISAMBIGUATION, NULL, &choices, 0);
    } else {
        resolve_route(handler, intent, completion);
    }
}

static void provide_route_sections(void *handler, const LogWorkoutIntent *intent, const char *search_term,
                                   LogWorkoutRouteOptionSectionsCompletion completion) {
    (void)handler;
    (void)intent;
    const void *nearby[ROUTE_COUNT(nearby_routes)];
    const void *saved[ROUTE_COUNT(saved_routes)];
    exthost_list nearby_list = {matching_routes(nearby_routes, ROUTE_COUNT(nearby_routes), search_term, nearby), nearby};
    exthost_list saved_list = {matching_routes(saved_routes, ROUTE_COUNT(saved_routes), search_term, saved), saved};
    exthost_section sections[] = {{"Nearby", &nearby_list}, {"Saved", &saved_list}};
    const void *items[] = {&sections[0], &sections[1]};
    exthost_list list = {2, items};
    completion(&list, NULL);
}
#endif

static void confirm_workout(void *handler, const LogWorkoutIntent *intent, LogWorkoutIntentResponseCompletion completion) {
    (void)handler;
    (void)intent;
    completion(LogWorkoutIntentResponseCodeReady, NULL);
}

static void handle_workout(void *handler, const LogWorkoutIntent *intent, LogWorkoutIntentResponseCompletion completion) {
    (void)handler;
    static const char *const names[] = {"unknown", "run", "swim", "ride"};
    int64_t minutes = intent->minutes ? *intent->minutes : 0;
    int32_t activity = intent->activity ? *intent->activity : 0;
    char summary[128];
    snprintf(summary, sizeof summary, "%lld min %s%s%s", (long long)minutes, names[activity & 3],
             intent->route ? " on " : "", intent->route ? intent->route->display_string : "");
    int64_t calories = minutes * 10;
    exthost_user_activity activity_info = {
        "com.example.fixture.showGoal", "Weekly goal", "{\"done\":3,\"goal\":5}", NULL};
    LogWorkoutIntentResponse response = {&activity_info, summary, &calories};
    LogWorkoutIntentResponse bare = {NULL, summary, &calories};
    if (minutes == 13) {
        completion(LogWorkoutIntentResponseCodeFailureDeviceLocked, NULL);
    } else if (minutes == 99) {
        completion(LogWorkoutIntentResponseCodeContinueInApp, &response);
    } else if (minutes == 98) {
        /* No activity: the system makes one that carries the interaction. */
        completion(LogWorkoutIntentResponseCodeFailureRequiringAppLaunch, &bare);
    } else {
        completion(minutes == 42 ? LogWorkoutIntentResponseCodeSuccessPersonalBest : LogWorkoutIntentResponseCodeSuccess,
                   &response);
    }
}

/* ---- Ping ---- */

/* Deep enough to overflow any stack; the bound keeps the compiler from
   calling the recursion infinite. */
static int recurse(volatile long depth) {
    volatile char frame[512];
    frame[0] = (char)depth;
    if (depth > (1L << 40)) return frame[0];
    return recurse(depth + 1) + frame[0];
}

static void *complete_later(void *completion) {
    usleep(20 * 1000);
    ((PingIntentResponseCompletion)completion)(PingIntentResponseCodeSuccess, NULL);
    return NULL;
}

static void *crash_on_thread(void *unused) {
    (void)unused;
    volatile int *nowhere = NULL;
    *nowhere = 1;
    return NULL;
}

/* Appends `line` to the file at `path`, creating it. */
static void append_line(const char *path, const char *line) {
    FILE *file = fopen(path, "a");
    if (file == NULL) return;
    fputs(line, file);
    fclose(file);
}

#ifdef FIXTURE_PING_CONFIRM_MODE
static void confirm_ping(void *handler, const PingIntent *intent, PingIntentResponseCompletion completion) {
    (void)handler;
    (void)intent;
    switch (FIXTURE_PING_CONFIRM_MODE) {
    case 1: /* never returns */
        for (;;) pause();
    case 2: { /* waits to be released */
        const char *started = getenv("FIXTURE_CONFIRM_STARTED");
        const char *release = getenv("FIXTURE_CONFIRM_RELEASE");
        if (started != NULL) append_line(started, "confirm\n");
        for (int waited = 0; release != NULL && access(release, F_OK) != 0 && waited < 2000; waited++) usleep(10 * 1000);
        completion(PingIntentResponseCodeReady, NULL);
        break;
    }
    default: /* fails */
        completion(PingIntentResponseCodeFailure, NULL);
        break;
    }
}
#endif

static void handle_ping(void *handler, const PingIntent *intent, PingIntentResponseCompletion completion) {
    (void)handler;
    (void)intent;
    const char *ran = getenv("FIXTURE_HANDLE_RAN");
    if (ran != NULL) append_line(ran, "handle\n");
    if (host != NULL && host->log != NULL) host->log(EXTHOST_LOG_DEBUG, "ping");
    switch (FIXTURE_PING_MODE) {
    case 1: /* never completes */
        break;
    case 2: /* completes twice */
        completion(PingIntentResponseCodeSuccess, NULL);
        completion(PingIntentResponseCodeFailure, NULL);
        break;
    case 3: { /* completes later, from another thread */
        pthread_t thread;
        pthread_create(&thread, NULL, complete_later, (void *)completion);
        pthread_detach(thread);
        break;
    }
    case 4: /* never returns */
        for (;;) pause();
    case 5: { /* crashes */
        volatile int *nowhere = NULL;
        *nowhere = 1;
        break;
    }
    case 6: /* aborts */
        abort();
    case 7: /* ends its process */
        exit(0);
    case 8: /* allocates without bound, touching every page */
        for (;;) {
            char *block = malloc(1 << 20);
            if (block == NULL) abort();
            memset(block, 1, 1 << 20);
        }
    case 9: /* prints */
        printf("{\"not\": \"the host's output\"}\n");
        fflush(stdout);
        fprintf(stderr, "ping on standard error\n");
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    case 10: /* closes its standard output */
        close(STDOUT_FILENO);
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    case 11: /* donates in another app's name */
    case 12: /* deletes another app's interactions */
    case 13: /* donates a value of the wrong type */
    case 20: /* sends text that is not JSON */
    case 21: /* sends a NULL request */
    case 22: /* donates with a date in the year 5828963 */
    case 28: { /* donates a failed LogWorkout as a success */
        static const char *const requests[] = {
            "{\"app\": \"com.example.other\", \"intent\": \"Ping\", \"identifier\": \"forged\"}",
            "{\"app\": \"com.example.other\"}",
            "{\"app\": \"com.example.fixture\", \"intent\": \"LogWorkout\", \"parameters\": {\"minutes\": \"lots\"}}",
            "{\"app\": ",
            NULL,
            "{\"app\": \"com.example.fixture\", \"intent\": \"Ping\", \"startDate\": \"5828963-01-01T00:00:00Z\"}",
            "{\"app\": \"com.example.fixture\", \"intent\": \"LogWorkout\", \"identifier\": \"failed-workout\", "
            "\"parameters\": {\"minutes\": 30}, \"intentHandlingStatus\": \"success\", \"responseCode\": 5}",
        };
        static const int32_t operations[] = {EXTHOST_DONATION_DONATE_INTERACTION, EXTHOST_DONATION_DELETE_ALL_INTERACTIONS,
                                             EXTHOST_DONATION_DONATE_INTERACTION, EXTHOST_DONATION_DONATE_INTERACTION,
                                             EXTHOST_DONATION_DONATE_INTERACTION, EXTHOST_DONATION_DONATE_INTERACTION,
                                             EXTHOST_DONATION_DONATE_INTERACTION};
        int which = FIXTURE_PING_MODE < 20 ? FIXTURE_PING_MODE - 11 : FIXTURE_PING_MODE == 28 ? 6 : FIXTURE_PING_MODE - 17;
        char message[512] = "", line[600];
        int32_t code = host->donations(operations[which], requests[which], message, sizeof message);
        snprintf(line, sizeof line, "donations answered %d: %s", (int)code, message);
        host->log(EXTHOST_LOG_INFO, line);
        completion(code == 0 ? PingIntentResponseCodeSuccess : PingIntentResponseCodeFailure, NULL);
        break;
    }
    case 14: /* overflows its stack */
        completion(recurse(0) ? PingIntentResponseCodeSuccess : PingIntentResponseCodeFailure, NULL);
        break;
    case 15: /* says which process it runs in */
        fprintf(stderr, "ping from process %d\n", (int)getpid());
        fflush(stderr);
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    case 16: /* ends its process without exit's handlers */
        _exit(3);
    case 17: /* a response code Ping does not have */
        completion(99, NULL);
        break;
    case 18: { /* a line of 1 MiB */
        char *line = malloc((1 << 20) + 1);
        if (line == NULL) abort();
        memset(line, 'x', 1 << 20);
        line[1 << 20] = 0;
        host->log(EXTHOST_LOG_INFO, line);
        free(line);
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    }
    case 19: /* bytes that are not UTF-8, and control characters */
        host->log(EXTHOST_LOG_INFO, "bad \xff\xfe bytes \x1b[31m red \r\n and a bell \a");
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    case 23: { /* crashes on a thread of its own */
        pthread_t thread;
        pthread_create(&thread, NULL, crash_on_thread, NULL);
        pthread_join(thread, NULL);
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    }
    case 24: { /* a child that prints */
        fflush(stdout);
        pid_t child = fork();
        if (child == 0) {
            printf("{\"printed\": \"by a forked child\"}\n");
            fflush(stdout);
            _exit(0);
        }
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    }
    case 29: { /* a child that outlives the process that forked it */
        int ready[2];
        if (pipe(ready) != 0) {
            completion(PingIntentResponseCodeFailure, NULL);
            break;
        }
        fflush(stdout);
        pid_t parent = getpid();
        pid_t child = fork();
        if (child == 0) {
            close(ready[0]);
            printf("early line from a forked child\n");
            fflush(stdout);
            (void)!write(ready[1], "r", 1);
            close(ready[1]);
            for (int waited = 0; getppid() == parent && waited < 2000; waited++) usleep(10000);
            static const char late[] = "late line from a forked child\n";
            ssize_t wrote = write(STDOUT_FILENO, late, sizeof late - 1);
            int error = errno;
            const char *report = getenv("FIXTURE_LATE_REPORT");
            FILE *file = report != NULL ? fopen(report, "w") : NULL;
            if (file != NULL) {
                fprintf(file, "parent ended: %s; late write returned %zd (errno %d)\n",
                        getppid() == parent ? "no" : "yes", wrote, wrote < 0 ? error : 0);
                fclose(file);
            }
            _exit(0);
        }
        close(ready[1]);
        char byte;
        (void)!read(ready[0], &byte, 1);
        close(ready[0]);
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    }
    case 25: /* closes its standard error */
        close(STDERR_FILENO);
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    case 26: /* logs NULL */
        host->log(EXTHOST_LOG_INFO, NULL);
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    case 27: /* prints, left in C's buffer until exit */
        printf("a line still in the buffer at exit\n");
        completion(PingIntentResponseCodeSuccess, NULL);
        break;
    case 30: /* ends its process at once, saying all went well */
        _exit(0);
    case 31: /* says which process it runs in, then never returns */
        fprintf(stderr, "ping from process %d\n", (int)getpid());
        fflush(stderr);
        for (;;) pause();
    case 32:
        completion(PingIntentResponseCodeContinueInApp, NULL);
        break;
    default:
        if (host != NULL && host->shared_container != NULL) {
            /* The app group's container: the app sees what its extension wrote. */
            char path[4096];
            snprintf(path, sizeof path, "%s/pings.txt", host->shared_container);
            FILE *file = fopen(path, "a");
            if (file != NULL) {
                fputs("ping\n", file);
                fclose(file);
            }
        }
        completion(PingIntentResponseCodeSuccess, NULL);
    }
}

/* ---- The descriptor ---- */

#ifdef FIXTURE_CONSTRUCTOR_PRINTS
__attribute__((constructor)) static void fixture_constructor(void) {
    printf("{\"printed\": \"by a constructor\"}\n");
    fflush(stdout);
}
#endif

static int32_t fixture_init(const exthost_host_api *api, void **extension) {
#ifdef FIXTURE_INIT_CRASHES
    volatile int *nowhere = NULL;
    *nowhere = 1;
#endif
#ifdef FIXTURE_INIT_HANGS
    for (;;) pause();
#endif
#ifdef FIXTURE_INIT_HANGS_WHILE_FLAG
    const char *flag = getenv("FIXTURE_INIT_HANG_FLAG");
    if (flag != NULL && access(flag, F_OK) == 0) for (;;) pause();
#endif
#ifdef FIXTURE_INIT_FAILS
    (void)api;
    (void)extension;
    return 7;
#else
    host = api;
    *extension = &host;
#ifdef FIXTURE_LOGS_AT_INIT
    api->log(EXTHOST_LOG_DEBUG, "debug line");
    api->log(EXTHOST_LOG_INFO, "info line");
    api->log(EXTHOST_LOG_ERROR, "error line");
    api->log(7, "line at level 7");
#endif
    return 0;
#endif
}

#ifdef FIXTURE_HANG_UP_CODE
/* ---- INHangUpCallIntent, a system intent: its values are not read ---- */

static int hang_up_handler;

static void handle_hang_up(void *handler, const void *intent, void (*completion)(int32_t code, const void *response)) {
    (void)handler;
    (void)intent;
    completion(FIXTURE_HANG_UP_CODE, NULL);
}
#endif

static void *fixture_handler_for_intent(void *extension, const char *intent) {
    (void)extension;
#ifdef FIXTURE_HANDLER_FOR_CRASHES
    volatile int *nowhere = NULL;
    *nowhere = 1;
#endif
#ifdef FIXTURE_HANDLER_FOR_HANGS
    for (;;) pause();
#endif
#ifdef FIXTURE_NIL_HANDLER
    (void)intent;
    return NULL;
#else
    if (strcmp(intent, "LogWorkout") == 0) return &log_workout_handler;
    if (strcmp(intent, "Ping") == 0) return &ping_handler;
#ifdef FIXTURE_HANG_UP_CODE
    if (strcmp(intent, "INHangUpCallIntent") == 0) return &hang_up_handler;
#endif
    return NULL;
#endif
}

static exthost_method fixture_method(void *handler, const char *selector) {
    if (handler == &log_workout_handler) {
        if (strcmp(selector, "resolveActivity") == 0) return (exthost_method)resolve_activity;
        if (strcmp(selector, "resolveMinutes") == 0) return (exthost_method)resolve_minutes;
        /* resolveDistance is not implemented: the host applies the default. */
#ifdef FIXTURE_ROUTE_SECTIONS
        if (strcmp(selector, "resolveRoute") == 0) return (exthost_method)resolve_route_sectioned;
        if (strcmp(selector, "provideRouteOptionsSections") == 0) return (exthost_method)provide_route_sections;
#else
        if (strcmp(selector, "resolveRoute") == 0) return (exthost_method)resolve_route;
#endif
        if (strcmp(selector, "provideRouteOptionsCollection") == 0) return (exthost_method)provide_route_options;
        if (strcmp(selector, "resolveTags") == 0) return (exthost_method)resolve_tags;
        if (strcmp(selector, "resolveShared") == 0) return (exthost_method)resolve_shared;
        if (strcmp(selector, "confirm") == 0) return (exthost_method)confirm_workout;
        if (strcmp(selector, "handle") == 0) return (exthost_method)handle_workout;
    }
    if (handler == &ping_handler && strcmp(selector, "handle") == 0) return (exthost_method)handle_ping;
#ifdef FIXTURE_PING_CONFIRM_MODE
    if (handler == &ping_handler && strcmp(selector, "confirm") == 0) return (exthost_method)confirm_ping;
#endif
#ifdef FIXTURE_HANG_UP_CODE
    if (handler == &hang_up_handler && strcmp(selector, "handle") == 0) return (exthost_method)handle_hang_up;
#endif
    return NULL;
}

static void fixture_release(void *object) {
    (void)object;
}

#ifdef FIXTURE_HANG_UP_CODE
static const char *const supported[] = {"LogWorkout", "Ping", "INHangUpCallIntent", NULL};
#else
static const char *const supported[] = {"LogWorkout", "Ping", NULL};
#endif
#ifdef FIXTURE_RESTRICTS_UNSUPPORTED
static const char *const restricted[] = {"UnlockDoor", NULL};
#elif defined(FIXTURE_RESTRICTS_PING)
static const char *const restricted[] = {"Ping", NULL};
#else
static const char *const restricted[] = {NULL};
#endif

static const exthost_extension descriptor = {
    .magic = FIXTURE_MAGIC,
    .size = sizeof(exthost_extension),
    .abi_version = FIXTURE_ABI_VERSION,
    .toolchain = FIXTURE_TOOLCHAIN,
    .identifier = FIXTURE_IDENTIFIER,
    .app = FIXTURE_APP,
    .intents_supported = supported,
    .intents_restricted_while_locked = restricted,
    .definition = FixtureIntentDefinitionJSON,
    .init = fixture_init,
    .handler_for_intent = fixture_handler_for_intent,
    .method = fixture_method,
    .release = fixture_release,
#if EXTHOST_ABI_VERSION >= 2 && defined(FIXTURE_TABLES_VERSION_9)
    EXTHOST_DEFINITION_TABLES("EXDT\011"),
#elif EXTHOST_ABI_VERSION >= 2 && defined(FIXTURE_TABLES_VERSION_1)
    EXTHOST_DEFINITION_TABLES("EXDT\001"),
#elif EXTHOST_ABI_VERSION >= 2 && !defined(FIXTURE_NO_TABLES)
    EXTHOST_DEFINITION_TABLES(FixtureIntentDefinitionTables),
#endif
};

#ifdef FIXTURE_NO_ENTRY
EXTHOST_EXPORT const exthost_extension *some_other_name(void) { return &descriptor; }
#else
EXTHOST_EXPORT const exthost_extension *exthost_extension_entry(void) { return &descriptor; }
#endif
