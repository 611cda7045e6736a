/*
 * The Lights extension, written in C against Lights.h, the header
 * `exthost generate Examples/Lights/Lights.intentdefinition --language c`
 * makes. It handles SetLights: a room, a brightness and an optional color.
 */
#include <stdio.h>
#include <string.h>

#include "Lights.h"

static const exthost_host_api *host;
static int set_lights_handler;

static void say(const char *message) {
    if (host != NULL && host->log != NULL) host->log(EXTHOST_LOG_INFO, message);
}

static void resolve_room(void *handler, const SetLightsIntent *intent, SetLightsRoomResolutionCompletion completion) {
    (void)handler;
    if (intent->room == NULL || *intent->room == RoomUnknown) {
        completion(EXTHOST_RESOLUTION_NEEDS_VALUE, RoomUnknown, NULL, 0);
    } else {
        completion(EXTHOST_RESOLUTION_SUCCESS, *intent->room, NULL, 0);
    }
}

static void resolve_brightness(void *handler, const SetLightsIntent *intent,
                               SetLightsBrightnessResolutionCompletion completion) {
    (void)handler;
    /* The definition's 0…100 bounds are checked by the host before this runs. */
    if (intent->brightness == NULL) {
        completion(EXTHOST_RESOLUTION_NEEDS_VALUE, 0, NULL, 0);
    } else {
        completion(EXTHOST_RESOLUTION_SUCCESS, *intent->brightness, NULL, 0);
    }
}

static void resolve_color(void *handler, const SetLightsIntent *intent, SetLightsColorResolutionCompletion completion) {
    (void)handler;
    static const char *const known[] = {"white", "warm", "red", "green", "blue"};
    if (intent->color == NULL) {
        completion(EXTHOST_RESOLUTION_NOT_REQUIRED, NULL, NULL, 0);
        return;
    }
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if (strcmp(intent->color, known[i]) == 0) {
            completion(EXTHOST_RESOLUTION_SUCCESS, intent->color, NULL, 0);
            return;
        }
    }
    completion(EXTHOST_RESOLUTION_UNSUPPORTED, NULL, NULL, SetLightsColorUnsupportedReasonUnknownColor);
}

static void handle_set_lights(void *handler, const SetLightsIntent *intent, SetLightsIntentResponseCompletion completion) {
    (void)handler;
    int32_t room = *intent->room;
    int64_t brightness = *intent->brightness;
    SetLightsIntentResponse response = {NULL, &room, &brightness};
    if (room == RoomBedroom) {
        /* The bedroom's bulb is out of reach of the bridge in this example. */
        completion(SetLightsIntentResponseCodeFailureBulbOffline, &response);
        return;
    }
    char line[96];
    snprintf(line, sizeof line, "room %d set to %lld%%%s%s", (int)room, (long long)brightness,
             intent->color ? " in " : "", intent->color ? intent->color : "");
    say(line);
    completion(SetLightsIntentResponseCodeSuccess, &response);
}

static int32_t lights_init(const exthost_host_api *api, void **extension) {
    host = api;
    *extension = &set_lights_handler;
    return 0;
}

static void *lights_handler_for_intent(void *extension, const char *intent) {
    (void)extension;
    return strcmp(intent, "SetLights") == 0 ? &set_lights_handler : NULL;
}

static exthost_method lights_method(void *handler, const char *selector) {
    if (handler != &set_lights_handler) return NULL;
    if (strcmp(selector, "resolveRoom") == 0) return (exthost_method)resolve_room;
    if (strcmp(selector, "resolveBrightness") == 0) return (exthost_method)resolve_brightness;
    if (strcmp(selector, "resolveColor") == 0) return (exthost_method)resolve_color;
    if (strcmp(selector, "handle") == 0) return (exthost_method)handle_set_lights;
    return NULL; /* confirm: the host's default (ready) */
}

static void lights_release(void *object) {
    (void)object; /* the handler is static */
}

static const char *const supported[] = {"SetLights", NULL};
static const char *const restricted[] = {NULL};

static const exthost_extension descriptor = {
    .magic = EXTHOST_MAGIC,
    .size = sizeof(exthost_extension),
    .abi_version = EXTHOST_ABI_VERSION,
    .toolchain = EXTHOST_TOOLCHAIN_C,
    .identifier = "com.example.lights.intents",
    .app = "com.example.lights",
    .intents_supported = supported,
    .intents_restricted_while_locked = restricted,
    .definition = LightsIntentDefinitionJSON,
    .init = lights_init,
    .handler_for_intent = lights_handler_for_intent,
    .method = lights_method,
    .release = lights_release,
    EXTHOST_DEFINITION_TABLES(LightsIntentDefinitionTables),
};

EXTHOST_EXPORT const exthost_extension *exthost_extension_entry(void) {
    return &descriptor;
}
