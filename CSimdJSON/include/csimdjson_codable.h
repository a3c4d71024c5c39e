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

/* ---------------------------------------------------------------------------------------------
 * Keys converted from snake_case. A keyed container under `convertFromSnakeCase` walks its
 * object's fields in order; when the next field's key is the one known to convert to the name
 * looked up, one call moves to it and reads it.
 * ------------------------------------------------------------------------------------------- */

/** What `csimdjson_object_iterator_next_read` reads of a field whose key is the expected one. */
typedef enum csimdjson_read_kind {
  CSIMDJSON_READ_NOTHING = 0,
  CSIMDJSON_READ_INT64 = 1,
  CSIMDJSON_READ_UINT64 = 2,
  CSIMDJSON_READ_DOUBLE = 3,
  CSIMDJSON_READ_BOOL = 4,
  CSIMDJSON_READ_STRING = 5
} csimdjson_read_kind;

/** A value read by `csimdjson_object_iterator_next_read`: the member of its kind. */
typedef struct csimdjson_scalar {
  int64_t int64;
  uint64_t uint64;
  double number;
  /** A string: in the document or the parser's string buffer, valid until the next string read. */
  const uint8_t *bytes;
  size_t length;
  bool boolean;
} csimdjson_scalar;

/**
 * `csimdjson_object_iterator_next`, told whether the field's key is `expected` (which holds no
 * quote and no backslash) by comparing the document's bytes. On a match (`*matched`), `key` is
 * left alone and the value is read as `kind` into `out`: the result is then the read's (the value
 * is in `value` either way). Otherwise `key` and `key_length` are the field's unescaped key, as
 * `csimdjson_object_iterator_next` gives them, and the result is the move's.
 */
csimdjson_error csimdjson_object_iterator_next_read(csimdjson_parser *parser, csimdjson_object_iterator *iterator,
                                                    const uint8_t *expected, size_t expected_length,
                                                    csimdjson_read_kind kind, bool *has_field, bool *matched,
                                                    const uint8_t **key, size_t *key_length, csimdjson_scalar *out,
                                                    csimdjson_value *value);

/* ---------------------------------------------------------------------------------------------
 * Going back. On-Demand reads forward; a `SimdJSONDecoder` container used after its parent moved
 * on (a `superDecoder()` read after the subclass's fields, sibling containers read out of order)
 * saves where the document's cursor stands, goes back to its own value, reads, and puts the
 * cursor back, so that the containers it interrupted go on as if nothing happened.
 * ------------------------------------------------------------------------------------------- */

/** Where the document's cursor stands (its token, depth and document). Keep by value. */
typedef struct csimdjson_cursor_place {
  uint64_t position;
  int64_t depth;
  uint64_t document;
} csimdjson_cursor_place;

/** Saves where the document's cursor stands. */
void csimdjson_parser_cursor_save(csimdjson_parser *parser, csimdjson_cursor_place *place);

/**
 * Puts the document's cursor back where `csimdjson_parser_cursor_save` found it.
 * @returns CSIMDJSON_UNINITIALIZED if the parser has started another document since.
 */
csimdjson_error csimdjson_parser_cursor_restore(csimdjson_parser *parser, const csimdjson_cursor_place *place);

/**
 * Puts the document's cursor back at the start of `value`, which can then be read (again) as if
 * the cursor had just reached it.
 * @returns CSIMDJSON_OUT_OF_ORDER_ITERATION for a document root, CSIMDJSON_UNINITIALIZED for an
 *          empty cursor.
 */
csimdjson_error csimdjson_value_revisit(csimdjson_value *value);

/** The token `object` starts at (its `{`), for `csimdjson_parser_path_to`. */
uint64_t csimdjson_object_start_token(const csimdjson_object *object);
/** The token `array` starts at (its `[`), for `csimdjson_parser_path_to`. */
uint64_t csimdjson_array_start_token(const csimdjson_array *array);
/**
 * The token `value` starts at, for `csimdjson_parser_path_to`.
 * @returns CSIMDJSON_OUT_OF_ORDER_ITERATION for a document root (whose path is empty anyway).
 */
csimdjson_error csimdjson_value_start_token(const csimdjson_value *value, uint64_t *token);

/** One step of a path from the root: an array index, or (`index` < 0) a key. */
typedef struct csimdjson_path_step {
  int64_t index;
  /** A key's text as written, without its quotes: its byte offset in the document and length. */
  uint32_t key_offset;
  uint32_t key_length;
} csimdjson_path_step;

/**
 * The steps from the document's root down to the value that starts at token `target` (from one of
 * the `*_start_token` functions of this document): the innermost `capacity` of them, outermost
 * first, in `steps`, and their number in `*count`. Found by reading the tokens before `target`;
 * the parser remembers how far it read, so that a later target further on reads only the tokens
 * in between.
 * @returns CSIMDJSON_TAPE_ERROR for a token outside the document, CSIMDJSON_UNINITIALIZED with no
 *          document.
 */
csimdjson_error csimdjson_parser_path_to(csimdjson_parser *parser, uint64_t target, csimdjson_path_step *steps,
                                         size_t capacity, size_t *count);

/**
 * The text of a key that `csimdjson_parser_path_to` named: in the document when it holds no
 * escape, else unescaped into the parser's scratch buffer (valid until the next string read).
 */
csimdjson_error csimdjson_parser_key_text(csimdjson_parser *parser, const csimdjson_path_step *step,
                                          const uint8_t **bytes, size_t *length);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CSIMDJSON_CODABLE_H */
