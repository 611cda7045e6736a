/* Pins the layout of the ABI: a change here is a change of ABI version. */
#include "exthost.h"

_Static_assert(sizeof(void *) == 8, "exthost supports 64-bit platforms only");
_Static_assert(sizeof(exthost_object) == 5 * sizeof(void *), "exthost_object layout");
_Static_assert(sizeof(exthost_list) == 2 * sizeof(void *), "exthost_list layout");
_Static_assert(sizeof(exthost_user_activity) == 4 * sizeof(void *), "exthost_user_activity layout");
_Static_assert(offsetof(exthost_extension, toolchain) == 16, "exthost_extension header layout");
_Static_assert(EXTHOST_EXTENSION_SIZE_V1 == 16 + 10 * sizeof(void *), "exthost_extension layout, version 1 (ends at release)");
_Static_assert(EXTHOST_EXTENSION_SIZE_V2 == 16 + 12 * sizeof(void *), "exthost_extension layout, version 2 (the tables appended)");
_Static_assert(sizeof(exthost_extension) == 16 + 13 * sizeof(void *), "exthost_extension layout, version 3 (handler_for_intent_values appended)");
_Static_assert(sizeof(exthost_host_api) == 8 + 3 * sizeof(void *), "exthost_host_api layout");
_Static_assert(offsetof(exthost_host_api, donations) == 8 + 2 * sizeof(void *), "exthost_host_api.donations comes after shared_container");
