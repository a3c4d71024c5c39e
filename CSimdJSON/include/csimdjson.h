/*
 * CSimdJSON: a small C surface over simdjson's On-Demand API.
 *
 * Swift never sees a C++ type. Every cursor simdjson hands out (a value, an object, an array and
 * their iterators) is trivially copyable and small, so it travels through this header as an opaque,
 * 8-byte aligned struct of 32 bytes (40 for the iterators) that the caller keeps by value. No function allocates
 * on the hot path, none throws, and every one returns a `csimdjson_error` that mirrors
 * `simdjson::error_code` and writes its results through out-pointers.
 *
 * Lifetimes (these bite):
 *   - Every cursor points into the parser that produced it and is valid only until the next call
 *     to `csimdjson_parser_iterate_input` or `csimdjson_parser_iterate_buffer` on that parser, or
 *     until the parser is destroyed.
 *   - Unescaped strings and keys (pointer + length) point into the parser's scratch buffer and are
 *     valid only until the next string or key read on that parser: copy them at once. Number
 *     texts point into the input and live as long as the document.
 *   - On-Demand is forward-only: a child value must be finished with before its parent moves on,
 *     and a value can be read once.
 */
#ifndef CSIMDJSON_H
#define CSIMDJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Mirrors `simdjson::error_code` as simdjson 3.x has it, value for value; the shim translates the
 * codes of simdjson versions that number them otherwise (4.x).
 */
typedef enum csimdjson_error {
  CSIMDJSON_SUCCESS = 0,
  CSIMDJSON_CAPACITY,
  CSIMDJSON_MEMALLOC,
  CSIMDJSON_TAPE_ERROR,
  CSIMDJSON_DEPTH_ERROR,
  CSIMDJSON_STRING_ERROR,
  CSIMDJSON_T_ATOM_ERROR,
  CSIMDJSON_F_ATOM_ERROR,
  CSIMDJSON_N_ATOM_ERROR,
  CSIMDJSON_NUMBER_ERROR,
  CSIMDJSON_UTF8_ERROR,
  CSIMDJSON_UNINITIALIZED,
  CSIMDJSON_EMPTY,
  CSIMDJSON_UNESCAPED_CHARS,
  CSIMDJSON_UNCLOSED_STRING,
  CSIMDJSON_UNSUPPORTED_ARCHITECTURE,
  CSIMDJSON_INCORRECT_TYPE,
  CSIMDJSON_NUMBER_OUT_OF_RANGE,
  CSIMDJSON_INDEX_OUT_OF_BOUNDS,
  CSIMDJSON_NO_SUCH_FIELD,
  CSIMDJSON_IO_ERROR,
  CSIMDJSON_INVALID_JSON_POINTER,
  CSIMDJSON_INVALID_URI_FRAGMENT,
  CSIMDJSON_UNEXPECTED_ERROR,
  CSIMDJSON_PARSER_IN_USE,
  CSIMDJSON_OUT_OF_ORDER_ITERATION,
  CSIMDJSON_INSUFFICIENT_PADDING,
  CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT,
  CSIMDJSON_SCALAR_DOCUMENT_AS_VALUE,
  CSIMDJSON_OUT_OF_BOUNDS,
  CSIMDJSON_TRAILING_CONTENT,
  CSIMDJSON_NUM_ERROR_CODES
} csimdjson_error;

/** Mirrors `simdjson::ondemand::json_type`. */
typedef enum csimdjson_type {
  CSIMDJSON_TYPE_ARRAY = 1,
  CSIMDJSON_TYPE_OBJECT,
  CSIMDJSON_TYPE_NUMBER,
  CSIMDJSON_TYPE_STRING,
  CSIMDJSON_TYPE_BOOLEAN,
  CSIMDJSON_TYPE_NULL
} csimdjson_type;

/** Bytes simdjson may read past the end of the input; every input buffer carries them. */
#define CSIMDJSON_PADDING 64

/** A parser, its padded input buffer and the current document. One thread at a time. */
typedef struct csimdjson_parser csimdjson_parser;

/**
 * A JSON value (`ondemand::value`, or the document root). Opaque; keep by value.
 * Valid until the parser iterates again.
 */
typedef struct csimdjson_value {
  uint64_t storage[4];
} csimdjson_value;
/** An object (`ondemand::object`). Opaque; keep by value. */
typedef struct csimdjson_object {
  uint64_t storage[4];
} csimdjson_object;
/** An array (`ondemand::array`). Opaque; keep by value. */
typedef struct csimdjson_array {
  uint64_t storage[4];
} csimdjson_array;
/**
 * An iteration over an array's elements. Opaque; keep by value. 40 bytes: simdjson 4's debug builds
 * add a flag to its iterators.
 */
typedef struct csimdjson_array_iterator {
  uint64_t storage[5];
} csimdjson_array_iterator;
/** An iteration over an object's fields. Opaque; keep by value. */
typedef struct csimdjson_object_iterator {
  uint64_t storage[5];
} csimdjson_object_iterator;

/* ---------------------------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------------------------- */

/** The name of the SIMD kernel chosen at run time for stage 1 (for example "icelake"). */
const char *csimdjson_active_implementation_name(void);
/** The version of simdjson the shim was compiled against (for example "3.0.1"). */
const char *csimdjson_version(void);
/**
 * Whether the shim takes its accelerated path, which reaches simdjson's internals (only with the
 * simdjson versions it was verified against, and not when built with
 * SIMDUNBOX_PUBLIC_SIMDJSON_ONLY), rather than the path over simdjson's public API alone. Both give
 * the same values and errors.
 */
bool csimdjson_accelerated_path(void);
/** A human-readable description of `error` (static storage). */
const char *csimdjson_error_message(csimdjson_error error);
/** The largest document one parse accepts, in bytes. */
size_t csimdjson_max_document_size(void);

/* ---------------------------------------------------------------------------------------------
 * Parser and document
 * ------------------------------------------------------------------------------------------- */

/** Creates a parser, or returns NULL when memory is exhausted. */
csimdjson_parser *csimdjson_parser_create(void);
/** Destroys a parser and every buffer it owns. NULL is ignored. */
void csimdjson_parser_destroy(csimdjson_parser *parser);

/**
 * Makes the parser's own input buffer hold at least `length` bytes plus padding and returns it
 * through `buffer`. Write the document into its first `length` bytes, then call
 * `csimdjson_parser_iterate_input`. The buffer is reused across documents.
 * @returns CSIMDJSON_CAPACITY if `length` is over `csimdjson_max_document_size()`,
 *          CSIMDJSON_MEMALLOC if memory is exhausted.
 */
csimdjson_error csimdjson_parser_reserve_input(csimdjson_parser *parser, size_t length, uint8_t **buffer);

/**
 * Starts a new document over the first `length` bytes of the parser's input buffer (stage 1:
 * UTF-8 and structure) and writes its root to `root`. Every earlier cursor becomes invalid.
 * @returns CSIMDJSON_EMPTY for a document with no value, CSIMDJSON_UTF8_ERROR,
 *          CSIMDJSON_UNCLOSED_STRING, CSIMDJSON_CAPACITY, CSIMDJSON_MEMALLOC and the other stage 1 errors.
 */
csimdjson_error csimdjson_parser_iterate_input(csimdjson_parser *parser, size_t length, csimdjson_value *root);

/**
 * Starts a new document over a caller-owned buffer of `length` bytes, readable up to `capacity`
 * bytes, which must be at least `length + CSIMDJSON_PADDING`. The buffer must outlive the document.
 */
csimdjson_error csimdjson_parser_iterate_buffer(csimdjson_parser *parser, const uint8_t *buffer, size_t length,
                                                size_t capacity, csimdjson_value *root);

/**
 * The byte offset, from the start of the document, of the token the document's cursor is at:
 * where the last error happened, or where reading would go on. The length of the document when
 * the cursor is past the end.
 */
size_t csimdjson_parser_current_offset(csimdjson_parser *parser);

/**
 * The parser's cursor stamp: the document cursor's token position (as an integer), its depth, and
 * how many documents the parser has started. Two equal stamps mean that nothing was read between
 * them, so that the cursors made before still stand where they stood (what `unbox(keyPath:)`
 * checks before reusing the objects a previous key path opened).
 */
void csimdjson_parser_cursor_stamp(csimdjson_parser *parser, uint64_t *position, int32_t *depth, uint64_t *document);

/**
 * Checks that nothing but whitespace follows the root value, once the root has been read.
 * @returns CSIMDJSON_TRAILING_CONTENT when another token follows, or the document's error if its
 *          cursor stopped on one.
 */
csimdjson_error csimdjson_parser_finish(csimdjson_parser *parser);

/* ---------------------------------------------------------------------------------------------
 * Values. Each reader consumes the value on success; on CSIMDJSON_INCORRECT_TYPE nothing is
 * consumed and another reader may be tried.
 * ------------------------------------------------------------------------------------------- */

/** The type of the value, from its first byte (the value is not consumed). */
csimdjson_error csimdjson_value_get_type(csimdjson_value *value, csimdjson_type *type);
/**
 * A pointer to the value's first byte in the document's input (subtract the start of the
 * buffer the document was iterated from for a byte offset).
 */
csimdjson_error csimdjson_value_get_location(csimdjson_value *value, const uint8_t **location);
/** @returns CSIMDJSON_INCORRECT_TYPE for a number with a fraction or exponent, CSIMDJSON_NUMBER_OUT_OF_RANGE. */
csimdjson_error csimdjson_value_get_int64(csimdjson_value *value, int64_t *out);
/** @returns CSIMDJSON_INCORRECT_TYPE for a negative number or one with a fraction or exponent. */
csimdjson_error csimdjson_value_get_uint64(csimdjson_value *value, uint64_t *out);
/**
 * Correctly rounded. @returns CSIMDJSON_NUMBER_ERROR for a malformed number, for one beyond
 * `double`'s range, and for the rare forms simdjson 3.0.1 misreads (`0.` and 20 or more digits),
 * which the caller should then parse from `csimdjson_value_get_number_text`.
 */
csimdjson_error csimdjson_value_get_double(csimdjson_value *value, double *out);
csimdjson_error csimdjson_value_get_bool(csimdjson_value *value, bool *out);
/** Consumes a `null`; `*is_null` is false (and nothing is consumed) for any other value. */
csimdjson_error csimdjson_value_is_null(csimdjson_value *value, bool *is_null);
/**
 * Whether the value is a well-formed `null`, which is then consumed, with `*location` its first
 * byte (as `csimdjson_value_get_location` gives it): what a scalar's read that failed with
 * `CSIMDJSON_INCORRECT_TYPE` asks, in one call.
 */
bool csimdjson_value_null_location(csimdjson_value *value, const uint8_t **location);
/**
 * The unescaped, validated UTF-8 text of a string, in `parser`'s scratch buffer (valid until the
 * next string read on `parser`). `parser` must be the one `value` comes from. A string can be read
 * any number of times.
 */
csimdjson_error csimdjson_value_get_string(csimdjson_parser *parser, csimdjson_value *value, const uint8_t **bytes,
                                           size_t *length);
/**
 * The raw text of a scalar token as written in the input (for a number: its exact digits),
 * without trailing whitespace. Consumes the value. For a number the token is validated first.
 */
csimdjson_error csimdjson_value_get_number_text(csimdjson_value *value, const uint8_t **bytes, size_t *length);
csimdjson_error csimdjson_value_get_object(csimdjson_value *value, csimdjson_object *out);
csimdjson_error csimdjson_value_get_array(csimdjson_value *value, csimdjson_array *out);

/* ---------------------------------------------------------------------------------------------
 * Objects. Lookups match keys by their raw bytes as written in the input; they take fields in any
 * order (wrapping around), fastest in document order. A key holding `"` or a backslash never
 * matches here (CSIMDJSON_NO_SUCH_FIELD): compare unescaped keys while iterating instead.
 *
 * Each lookup first checks its key for `"` and backslashes. A caller that has checked a key once
 * and looks it up many times calls the lookup's `_plain` twin instead, which skips the check: the
 * key must then hold neither (one that does could be compared past the end of a key of the
 * document).
 * ------------------------------------------------------------------------------------------- */

/** @returns CSIMDJSON_NO_SUCH_FIELD when no field has the key. */
csimdjson_error csimdjson_object_find_field(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                            csimdjson_value *out);
/**
 * `csimdjson_object_find_field` for a key that holds no `"` and no backslash (the caller checked
 * it once).
 */
csimdjson_error csimdjson_object_find_field_plain(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                  csimdjson_value *out);

/**
 * Finds `key` and checks for `null` in one call: `*is_null` is true (and the `null` consumed) when
 * the field's value is `null`; otherwise `out` holds the value, unread.
 * @returns CSIMDJSON_NO_SUCH_FIELD when no field has the key.
 */
csimdjson_error csimdjson_object_find_field_or_null(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                    csimdjson_value *out, bool *is_null);

/**
 * Finds a field whose key, once unescaped, equals `key`: the slow second look for keys written
 * with escape sequences (`"na\u006de"`), which the lookups above, comparing raw bytes, miss.
 * Restarts from the object's first field. `*has_escaped_keys` tells whether the object has any
 * key written with an escape at all (when it has none, no later second look can succeed).
 * @returns CSIMDJSON_NO_SUCH_FIELD when no escaped key matches.
 */
csimdjson_error csimdjson_object_find_field_unescaped(csimdjson_parser *parser, csimdjson_object *object,
                                                      const uint8_t *key, size_t key_length, csimdjson_value *out,
                                                      bool *has_escaped_keys);

/**
 * Whether any key of the current document is written with an escape sequence, which decides
 * whether a key the raw-byte lookups miss deserves a second, unescaping look. Walks only the
 * strings that hold a backslash; true when there is no document.
 */
bool csimdjson_parser_has_escaped_keys(csimdjson_parser *parser);

/**
 * In a document whose root is an array, inside one of its elements: moves on to the separator
 * at byte `offset` of the document (the `,` or `]` after that element), as if the element had
 * been read to its end, without visiting what is left of it. A caller that knows where its
 * elements end (a stream's window) saves walking the fields a model does not read. Does nothing
 * when the element was read to its end. CSIMDJSON_TAPE_ERROR, and no move, when no structural
 * character lies at `offset` past the current position.
 */
csimdjson_error csimdjson_parser_skip_to_root_separator(csimdjson_parser *parser, size_t offset);

/*
 * Fused lookups: find the key and read a scalar in one call. On CSIMDJSON_INCORRECT_TYPE,
 * CSIMDJSON_NUMBER_OUT_OF_RANGE and CSIMDJSON_NUMBER_ERROR the field's value is left unconsumed in
 * `value` so that the caller can inspect it (the integer lookups write `value` on success too, and
 * the double lookups when the number read is zero); on CSIMDJSON_NO_SUCH_FIELD `value` is
 * untouched.
 */
csimdjson_error csimdjson_object_find_int64(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                            int64_t *out, csimdjson_value *value);
csimdjson_error csimdjson_object_find_uint64(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                             uint64_t *out, csimdjson_value *value);
csimdjson_error csimdjson_object_find_double(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                             double *out, csimdjson_value *value);
csimdjson_error csimdjson_object_find_bool(csimdjson_object *object, const uint8_t *key, size_t key_length, bool *out,
                                           csimdjson_value *value);
/** The string is read as `csimdjson_value_get_string` reads it, through `parser`'s scratch buffer. */
csimdjson_error csimdjson_object_find_string(csimdjson_parser *parser, csimdjson_object *object, const uint8_t *key,
                                             size_t key_length, const uint8_t **bytes, size_t *length,
                                             csimdjson_value *value);

/*
 * The fused lookups for a key that holds no `"` and no backslash (the caller checked it once):
 * otherwise the same as the lookups above.
 */
csimdjson_error csimdjson_object_find_int64_plain(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                  int64_t *out, csimdjson_value *value);
csimdjson_error csimdjson_object_find_uint64_plain(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                   uint64_t *out, csimdjson_value *value);
csimdjson_error csimdjson_object_find_double_plain(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                   double *out, csimdjson_value *value);
csimdjson_error csimdjson_object_find_bool_plain(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                 bool *out, csimdjson_value *value);
csimdjson_error csimdjson_object_find_string_plain(csimdjson_parser *parser, csimdjson_object *object,
                                                   const uint8_t *key, size_t key_length, const uint8_t **bytes,
                                                   size_t *length, csimdjson_value *value);

/** Starts iterating the object's fields in document order. */
csimdjson_error csimdjson_object_iterate(csimdjson_object *object, csimdjson_object_iterator *iterator);
/**
 * Moves to the next field: `*has_field` is false at the end. Otherwise `key` is the field's
 * unescaped key (in the document when it holds no escape, else in `parser`'s scratch buffer; valid
 * until the next string read, with at least 8 readable bytes after it) and `value` its value, to be
 * read or skipped before the next call.
 */
csimdjson_error csimdjson_object_iterator_next(csimdjson_parser *parser, csimdjson_object_iterator *iterator,
                                               bool *has_field, const uint8_t **key, size_t *key_length,
                                               csimdjson_value *value);

/* ---------------------------------------------------------------------------------------------
 * Arrays
 * ------------------------------------------------------------------------------------------- */

/** Starts iterating the array's elements. */
csimdjson_error csimdjson_array_iterate(csimdjson_array *array, csimdjson_array_iterator *iterator);
/**
 * Moves to the next element (skipping whatever of the previous one was not read): `*has_element`
 * is false at the end.
 */
csimdjson_error csimdjson_array_iterator_next(csimdjson_array_iterator *iterator, bool *has_element,
                                              csimdjson_value *value);
/**
 * Bulk reads: reads up to `capacity` of the remaining elements as numbers into `out`, writing how
 * many were read to `*count`; `*finished` is true once the array's end has been passed. An
 * element of another type stops the read with CSIMDJSON_INCORRECT_TYPE (or the number's error),
 * with `*count` elements read before it and that element left in `value`, unconsumed.
 */
csimdjson_error csimdjson_array_iterator_read_doubles(csimdjson_array_iterator *iterator, double *out, size_t capacity,
                                                      size_t *count, bool *finished, csimdjson_value *value);
/**
 * Starts iterating the array `value` is and reads its first numbers in bulk, as
 * `csimdjson_array_iterator_read_doubles` does: one call for a short array such as a coordinate
 * pair. `*iterator` is where to go on from when `*finished` is false.
 * @returns CSIMDJSON_INCORRECT_TYPE with `*count` 0 and `value` untouched when `value` is not an array.
 */
csimdjson_error csimdjson_value_read_doubles(csimdjson_value *value, double *out, size_t capacity, size_t *count,
                                             bool *finished, csimdjson_array_iterator *iterator,
                                             csimdjson_value *element);
/** `csimdjson_value_read_doubles` for 64-bit integers. */
csimdjson_error csimdjson_value_read_int64s(csimdjson_value *value, int64_t *out, size_t capacity, size_t *count,
                                            bool *finished, csimdjson_array_iterator *iterator,
                                            csimdjson_value *element);
csimdjson_error csimdjson_array_iterator_read_int64s(csimdjson_array_iterator *iterator, int64_t *out, size_t capacity,
                                                     size_t *count, bool *finished, csimdjson_value *value);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CSIMDJSON_H */
