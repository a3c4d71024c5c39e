/*
 * CSimdJSON streaming: finds where the elements of a JSON stream begin and end, so that a stream
 * of any size can be decoded in windows of complete elements, each small enough for one simdjson
 * document.
 *
 * A boundary scanner reads the stream's bytes once, in pieces of any size (a byte at a time works),
 * and keeps just enough state between pieces to resume: the nesting depth, whether it is inside a
 * string or just after a backslash, and where it is in the stream. It validates nothing but what it
 * needs to find boundaries: the elements themselves are validated when simdjson parses them.
 *
 * Two formats:
 *   - CSIMDJSON_STREAM_FORMAT_ARRAY: one JSON array. The boundaries are the stream offsets of the
 *     array's separators: its `[`, every `,` between elements, its closing `]`. Element i lies
 *     between boundaries i and i + 1.
 *   - CSIMDJSON_STREAM_FORMAT_DOCUMENTS: documents separated by optional whitespace (concatenated
 *     JSON). The boundaries come in pairs: the offset of a document's first byte, then the offset one
 *     past its last byte.
 *   - CSIMDJSON_STREAM_FORMAT_LINES: JSON Lines, where every newline ends a record whatever came
 *     before it (a raw newline cannot occur inside a JSON value on one line), so that a bad line
 *     costs only itself. Lines of nothing but whitespace (space, tab, carriage return) are not
 *     records. A record's boundaries come in pairs, like documents', once its newline (or the end
 *     of the stream) is scanned; a line that is not one JSON value followed by whitespace is a
 *     faulty record, marked in its pair (see `CSIMDJSON_LINE_FAULT_FLAG`).
 *
 * Boundaries are offsets from the start of the whole stream (64-bit), never pointers: the caller
 * may move or drop the bytes already scanned.
 *
 * No function allocates, none throws, and every one returns a `csimdjson_error`.
 */
#ifndef CSIMDJSON_STREAM_H
#define CSIMDJSON_STREAM_H

#include "csimdjson.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How the stream's elements are laid out. */
typedef enum csimdjson_stream_format {
  /** One JSON array whose elements are the stream's elements. */
  CSIMDJSON_STREAM_FORMAT_ARRAY = 0,
  /** Whitespace-separated documents (JSON Lines, concatenated JSON). */
  CSIMDJSON_STREAM_FORMAT_DOCUMENTS = 1,
  /** JSON Lines: one value per line, every newline ends a record. */
  CSIMDJSON_STREAM_FORMAT_LINES = 2
} csimdjson_stream_format;

/**
 * Lines format: set in the first entry of a faulty record's pair, above its start offset. The
 * second entry then holds the fault's kind (a `csimdjson_line_fault`) in its top byte
 * (`CSIMDJSON_LINE_FAULT_SHIFT`) and, below it, the stream offset the fault refers to.
 */
#define CSIMDJSON_LINE_FAULT_FLAG (UINT64_C(1) << 63)
/** Lines format: where a faulty record's kind sits in its second entry. */
#define CSIMDJSON_LINE_FAULT_SHIFT 56

/** Lines format: why a line is not one JSON value. */
typedef enum csimdjson_line_fault {
  /** The line ends inside an object or array (a torn write); the offset is where its content ends. */
  CSIMDJSON_LINE_FAULT_TRUNCATED = 1,
  /** The line ends inside a string; the offset is the string's opening quote. */
  CSIMDJSON_LINE_FAULT_UNCLOSED_STRING = 2,
  /** Something other than whitespace follows the value; the offset is its first byte. */
  CSIMDJSON_LINE_FAULT_TRAILING_CONTENT = 3,
  /** The line starts with `}`, `]` or `,`, or nests deeper than 2^31 levels; the offset is that byte. */
  CSIMDJSON_LINE_FAULT_UNEXPECTED = 4
} csimdjson_line_fault;

/** The most boundaries one byte can add; keep at least this much room in the output array. */
#define CSIMDJSON_BOUNDARIES_PER_BYTE 2

/**
 * The state of a scan, kept by value by the caller between calls. Initialise it with
 * `csimdjson_boundary_scanner_init`; read `position`, `pending_end` and `error_offset`, and
 * leave the other fields alone.
 */
typedef struct csimdjson_boundary_scanner {
  /** The stream offset of the next byte to scan. */
  uint64_t position;
  /**
   * Array format: the offset one past the last element when that element is already known to be
   * complete (an object, array or string just closed) but its separator has not been scanned yet;
   * UINT64_MAX otherwise. Lets a caller hand out the element without waiting for the next byte.
   */
  uint64_t pending_end;
  /** The stream offset a scan error refers to (valid when a call returned an error). */
  uint64_t error_offset;
  /**
   * Lines format: the stream offset where the line being scanned starts. Its bytes up to
   * `position` are read again once its newline arrives: keep them in memory, just before the
   * bytes passed to the next call.
   */
  uint64_t line_start;
  /** Nesting depth (the array itself is depth 1 in the array format). */
  uint32_t depth;
  /** Internal: the scan's phase and flags. */
  uint32_t state;
  /** Internal: the first error met, sticky. */
  uint32_t error;
  /** Internal: the format. */
  uint32_t format;
} csimdjson_boundary_scanner;

/** Starts a scan at offset 0 of a stream in `format`. */
void csimdjson_boundary_scanner_init(csimdjson_boundary_scanner *scanner, csimdjson_stream_format format);

/**
 * Like `csimdjson_boundary_scanner_init`, but the scan classifies bytes on the baseline instruction
 * set even where a wider one (AVX2) is available, so that tests can check both give the same
 * boundaries.
 */
void csimdjson_boundary_scanner_init_baseline(csimdjson_boundary_scanner *scanner, csimdjson_stream_format format);

/**
 * Scans the next `length` bytes of the stream (in the lines format, the bytes of the line begun
 * at `line_start` must be in memory just before `bytes`), appending the boundaries found to `boundaries`
 * (from index `*count`, which it advances) without ever going past `capacity` entries: it stops
 * early, before a byte that might not fit, and writes how many bytes it took to `*scanned`. Call it
 * again with the rest.
 * @returns CSIMDJSON_INCORRECT_TYPE (array format) when the stream's value is not an array,
 *          CSIMDJSON_TRAILING_CONTENT (array format) when something follows the array's `]`,
 *          CSIMDJSON_TAPE_ERROR (array format) when the array is closed by `}`,
 *          CSIMDJSON_DEPTH_ERROR past 2^31 levels of nesting (array and documents formats); each with
 *          `error_offset` set and the boundaries found before it kept. Once an error is returned,
 *          every later call returns it. The lines format reports faults in its records instead and
 *          never returns an error.
 */
csimdjson_error csimdjson_boundary_scanner_scan(csimdjson_boundary_scanner *scanner, const uint8_t *bytes,
                                                size_t length, uint64_t *boundaries, size_t capacity, size_t *count,
                                                size_t *scanned);

/**
 * Lines format: ends the stream. A last line without a newline is a record (needs room for two
 * entries). `line` points at the bytes from `line_start` to `position`.
 * @returns CSIMDJSON_CAPACITY when there is no room for the record (call again with room).
 */
csimdjson_error csimdjson_boundary_scanner_finish_lines(csimdjson_boundary_scanner *scanner, const uint8_t *line,
                                                        uint64_t *boundaries, size_t capacity, size_t *count);

/**
 * Ends the stream: a number or literal document at the very end gets its end boundary (needs room
 * for one entry).
 * @returns CSIMDJSON_EMPTY (array format) when the stream held no value,
 *          CSIMDJSON_UNCLOSED_STRING or CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT when the stream stops
 *          inside a string, an element or a document (a truncated stream), with `error_offset` the
 *          stream's length; the sticky error of an earlier scan, if any.
 */
csimdjson_error csimdjson_boundary_scanner_finish(csimdjson_boundary_scanner *scanner, uint64_t *boundaries,
                                                  size_t capacity, size_t *count);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CSIMDJSON_STREAM_H */
