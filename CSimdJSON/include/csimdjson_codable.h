/*
 * CSimdJSON, Codable support: the few cursor operations that `SimdJSONDecoder` needs beyond the
 * core surface in csimdjson.h. Same rules: C only, no exceptions, no allocation, a
 * `csimdjson_error` result and out-pointers. Cursors are the opaque structs of csimdjson.h and
 * share their lifetimes.
 */
#ifndef CSIMDJSON_CODABLE_H
#define CSIMDJSON_CODABLE_H

#include "csimdjson.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Moves the document's cursor back to the first field of `object` (`ondemand::object::reset`),
 * so that its fields can be iterated again from the start. `*has_fields` is false for `{}`.
 * Valid only while nothing after the object has been read.
 */
csimdjson_error csimdjson_object_reset(csimdjson_object *object, bool *has_fields);

/**
 * Moves the document's cursor back to the first element of `array` (`ondemand::array::reset`).
 * `*has_elements` is false for `[]`. Valid only while nothing after the array has been read.
 */
csimdjson_error csimdjson_array_reset(csimdjson_array *array, bool *has_elements);

/**
 * Counts the elements of `array` without reading them, then leaves the cursor at its first
 * element (as after `csimdjson_array_reset`). Valid only while nothing after the array has been read.
 */
csimdjson_error csimdjson_array_count_elements(csimdjson_array *array, size_t *count);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CSIMDJSON_CODABLE_H */
