/*
 * CSimdJSON, encoding support: finding and writing the bytes of a JSON string that need an escape,
 * sixteen bytes at a time. Independent of simdjson: plain byte work on caller-owned buffers.
 */
#ifndef CSIMDJSON_ESCAPE_H
#define CSIMDJSON_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * How many bytes from `source` need no escape in a JSON string: the length of the prefix without a
 * control character (below 0x20), `"`, `\` or, when `escape_slashes`, `/`. Reads only
 * `source[0..<length]`.
 */
size_t csimdjson_escape_clean_prefix(const uint8_t *source, size_t length, bool escape_slashes);

/**
 * Writes the `length` bytes at `source` into `destination`, escaping the bytes that need it as
 * Foundation's JSONEncoder does: `\"`, `\\`, `\/` (when `escape_slashes`), `\b`, `\f`, `\n`, `\r`,
 * `\t`, and `\u00xx` (lowercase hex) for other control characters; every other byte as is.
 * `destination` must have room for `6 * length` bytes. Returns how many bytes were written.
 */
size_t csimdjson_escape_write(const uint8_t *source, size_t length, uint8_t *destination, bool escape_slashes);

#ifdef __cplusplus
}
#endif

#endif
