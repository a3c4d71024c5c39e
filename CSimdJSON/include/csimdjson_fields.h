/*
 * CSimdJSON: one pass over an object's fields with their raw keys, for declared models.
 *
 * Built on simdjson's public On-Demand API only (object iteration, `field::key()`, `value`), so
 * that it works on every simdjson release the package supports. A declared model's generated
 * decoder walks each object once, in document order, and matches each key as written in the
 * input (escape sequences left as they are) against its own keys.
 *
 * Lifetimes: as for every cursor of csimdjson.h, valid until the parser iterates again. The raw
 * key points into the document's input, which has at least 8 readable bytes after any key (the
 * closing quote, the colon, the value and the input's padding).
 */
#ifndef CSIMDJSON_FIELDS_H
#define CSIMDJSON_FIELDS_H

#include "csimdjson.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An iteration over an object's fields that hands out raw keys. Opaque; keep by value. */
typedef struct csimdjson_object_fields {
  uint64_t storage[4];
} csimdjson_object_fields;

/**
 * Starts iterating the fields of `object` in document order. The object must not have been read
 * by a lookup.
 * @returns the error of the object's start (a malformed object).
 */
csimdjson_error csimdjson_object_fields_begin(csimdjson_object *object, csimdjson_object_fields *fields);

/**
 * Moves to the next field, skipping whatever of the previous field's value was not read:
 * `*has_field` is false at the end of the object. Otherwise `*key` is the first byte of the
 * field's key as written in the input (after the opening quote, escape sequences not decoded) and
 * `*key_length` its length up to the closing quote; `value` is the field's value, to be read or
 * left before the next call, and `*location` the value's first byte in the input.
 * @returns CSIMDJSON_TAPE_ERROR and the other structural errors for a malformed object.
 */
csimdjson_error csimdjson_object_fields_next(csimdjson_object_fields *fields, bool *has_field, const uint8_t **key,
                                             size_t *key_length, csimdjson_value *value, const uint8_t **location);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CSIMDJSON_FIELDS_H */
