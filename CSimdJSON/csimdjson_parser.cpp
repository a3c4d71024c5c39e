// CSimdJSON's library, parser and document functions: creating parsers, starting documents,
// finishing them, and where their cursor stands. See include/csimdjson.h for the contract.

#include "csimdjson_parser.h"
#include "csimdjson.h"
#include "csimdjson_bytes.h"
#include "csimdjson_skips.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <new>

// ------------------------------------------------------------------------------------------------
// Library
// ------------------------------------------------------------------------------------------------

extern "C" const char *csimdjson_active_implementation_name(void) {
  return get_active_implementation()->name().c_str();
}

extern "C" const char *csimdjson_version(void) {
  static char text[32] = {};
  static const bool written = [] {
    std::snprintf(text, sizeof text, "%d.%d.%d", int(SIMDJSON_VERSION_MAJOR), int(SIMDJSON_VERSION_MINOR),
                  int(SIMDJSON_VERSION_REVISION));
    return true;
  }();
  (void)written;
  return text;
}

extern "C" bool csimdjson_accelerated_path(void) { return csimdjson_accelerated; }

extern "C" const char *csimdjson_error_message(csimdjson_error error) {
  if (int(error) < 0 || int(error) >= int(CSIMDJSON_NUM_ERROR_CODES)) { return "unknown error"; }
  return error_message(simdjson_code(error));
}

extern "C" size_t csimdjson_max_document_size(void) { return SIMDJSON_MAXSIZE_BYTES; }

// ------------------------------------------------------------------------------------------------
// Parser and document
// ------------------------------------------------------------------------------------------------

namespace {

/// Every live parser, for `parser_of` (the public path's revisits only: the registry costs a lock
/// when a parser is created or destroyed, and when a value is revisited).
struct parser_registry {
  std::mutex lock;
  std::vector<csimdjson_parser *> parsers;
  std::atomic<uint64_t> iterations{0};
};

parser_registry &registry() noexcept {
  static parser_registry *shared = new parser_registry();
  return *shared;
}

} // namespace

csimdjson_parser *csimdjson_detail::parser_of(const uint8_t *location) noexcept {
  parser_registry &shared = registry();
  std::lock_guard<std::mutex> guard(shared.lock);
  csimdjson_parser *found = nullptr;
  const std::thread::id thread = std::this_thread::get_id();
  for (csimdjson_parser *parser : shared.parsers) {
    if (!parser->has_document || parser->iterating_thread != thread || location < parser->document_start ||
        location >= parser->document_start + parser->document_length) {
      continue;
    }
    if (found == nullptr || parser->iteration > found->iteration) { found = parser; }
  }
  return found;
}

namespace {
thread_local csimdjson_parser *last_started = nullptr;
} // namespace

csimdjson_parser *csimdjson_detail::current_parser_of(const uint8_t *location) noexcept {
  csimdjson_parser *parser = last_started;
  if (parser != nullptr && parser->has_document && location >= parser->document_start &&
      location < parser->document_start + parser->document_length) {
    return parser;
  }
  parser = parser_of(location);
  if (parser != nullptr) { last_started = parser; }
  return parser;
}

extern "C" csimdjson_parser *csimdjson_parser_create(void) {
  csimdjson_parser *parser = new (std::nothrow) csimdjson_parser();
  if (parser == nullptr) { return nullptr; }
  if (!csimdjson_accelerated) {
    parser_registry &shared = registry();
    std::lock_guard<std::mutex> guard(shared.lock);
    shared.parsers.push_back(parser);
  }
  // Not cryptographic: enough that hostile input cannot be prepared against one fixed function.
  static std::atomic<uint64_t> counter{0};
  const uint64_t clock = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  parser->hash_seed = csimdjson_bytes::mix(clock ^ reinterpret_cast<uintptr_t>(parser) ^
                                           (counter.fetch_add(1, std::memory_order_relaxed) << 32));
  return parser;
}

extern "C" void csimdjson_parser_destroy(csimdjson_parser *parser) {
  if (parser != nullptr && !csimdjson_accelerated) {
    if (last_started == parser) { last_started = nullptr; }
    parser_registry &shared = registry();
    std::lock_guard<std::mutex> guard(shared.lock);
    shared.parsers.erase(std::remove(shared.parsers.begin(), shared.parsers.end(), parser), shared.parsers.end());
  }
  delete parser;
}

extern "C" csimdjson_error csimdjson_parser_reserve_input(csimdjson_parser *parser, size_t length, uint8_t **buffer) {
  if (length > SIMDJSON_MAXSIZE_BYTES) { return CSIMDJSON_CAPACITY; }
  size_t needed = length + SIMDJSON_PADDING;
  if (needed > parser->input_capacity) {
    // The old document points into the old buffer: it dies with it.
    parser->has_document = false;
    std::free(parser->input);
    parser->input = nullptr;
    parser->input_capacity = 0;
    size_t capacity = needed < 4096 ? 4096 : needed + needed / 8;
    void *memory = std::malloc(capacity);
    if (memory == nullptr) { return CSIMDJSON_MEMALLOC; }
    parser->input = static_cast<uint8_t *>(memory);
    parser->input_capacity = capacity;
  }
  // simdjson only needs the padding to be readable; zeroing it keeps its contents deterministic.
  std::memset(parser->input + length, 0, SIMDJSON_PADDING);
  *buffer = parser->input;
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_parser_iterate_buffer(csimdjson_parser *parser, const uint8_t *buffer,
                                                           size_t length, size_t capacity, csimdjson_value *root) {
  parser->has_document = false;
  parser->memo_depths = 0;
  parser->container_ends_kept = false;
  if (length > SIMDJSON_MAXSIZE_BYTES) { return CSIMDJSON_CAPACITY; }
  if (capacity < length + SIMDJSON_PADDING) { return CSIMDJSON_INSUFFICIENT_PADDING; }
  parser->document_start = buffer;
  parser->document_length = length;
  // simdjson reads a scalar root from a copy of its token and the whitespace after it, in a buffer
  // just large enough for the token: trailing whitespace made it refuse valid documents
  // (`null `, `false  `). Whitespace after the root means nothing, so simdjson never sees it.
  size_t significant = length;
  while (significant > 0 && is_json_whitespace(buffer[significant - 1])) {
    --significant;
  }
  error_code error = parser->parser.iterate(buffer, significant, capacity).get(parser->document);
  if (error) { return code(error); }
  parser->has_document = true;
  ++parser->documents;
  if (!csimdjson_accelerated) {
    parser->iterating_thread = std::this_thread::get_id();
    parser->iteration = registry().iterations.fetch_add(1, std::memory_order_relaxed) + 1;
    parser->from_start_depths = 0;
    last_started = parser;
  }
  value_slot slot{ondemand::value(), parser};
  store(root, slot);
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_parser_iterate_input(csimdjson_parser *parser, size_t length,
                                                          csimdjson_value *root) {
  if (parser->input == nullptr || length + SIMDJSON_PADDING > parser->input_capacity) {
    return CSIMDJSON_INSUFFICIENT_PADDING;
  }
  return csimdjson_parser_iterate_buffer(parser, parser->input, length, parser->input_capacity, root);
}

extern "C" size_t csimdjson_parser_current_offset(csimdjson_parser *parser) {
  if (!parser->has_document) { return 0; }
  const char *location = nullptr;
  if (parser->document.current_location().get(location)) { return parser->document_length; }
  size_t offset = size_t(reinterpret_cast<const uint8_t *>(location) - parser->document_start);
  return offset > parser->document_length ? parser->document_length : offset;
}

namespace {

/// Whether the document's cursor is past its last token: `document::at_end()` where simdjson has
/// it (3.1 and later), else `current_location()`, which fails with OUT_OF_BOUNDS there (simdjson
/// 3.0 has no `at_end()`). Both are public; the first overload is chosen when it compiles.
template <typename Document>
inline auto document_at_end(Document &document, int) noexcept -> decltype(bool(document.at_end()), error_code()) {
  if (document.at_end()) { return SUCCESS; }
  const char *location = nullptr;
  const error_code error = document.current_location().get(location);
  return error ? error : TRAILING_CONTENT;
}
template <typename Document> inline error_code document_at_end(Document &document, long) noexcept {
  const char *location = nullptr;
  const error_code error = document.current_location().get(location);
  if (error == OUT_OF_BOUNDS) { return SUCCESS; }
  return error ? error : TRAILING_CONTENT;
}

} // namespace

extern "C" csimdjson_error csimdjson_parser_finish(csimdjson_parser *parser) {
  if (!parser->has_document) { return CSIMDJSON_UNINITIALIZED; }
  if (!parser->document.is_alive()) { return CSIMDJSON_TAPE_ERROR; }
  // Skip whatever of the root the caller left unread (from any depth), then require the end.
  bool skipped = false;
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    // A root container whose end a lookup's walk has noted (the model read its fields out of
    // order) is jumped over (user-canada.json: walking it again took 4.7M instructions a decode).
    ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
    const uint32_t close = iterator.is_alive() && iterator.depth() >= 1 ? known_container_end(*parser, 1, 0) : 0;
    if (close != 0) {
      jump_past(iterator, close, 0);
      skipped = true;
    }
  }
#endif
  if (!skipped) {
    std::string_view ignored;
    error_code error = parser->document.raw_json().get(ignored);
    if (error) { return code(error); }
  }
  return code(document_at_end(parser->document, 0));
}

namespace csimdjson_detail {
void cursor_place(csimdjson_parser *parser, const void **position, int32_t *depth) noexcept {
  if (!parser->has_document) {
    *position = nullptr;
    *depth = 0;
    return;
  }
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    const ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
    *position = iterator.position();
    *depth = int32_t(iterator.depth());
    return;
  }
#endif
  const char *location = nullptr;
  // Past the last token: the end of the document (no token starts there).
  if (parser->document.current_location().get(location)) {
    location = reinterpret_cast<const char *>(parser->document_start + parser->document_length);
  }
  *position = location;
  *depth = int32_t(parser->document.current_depth());
}
} // namespace csimdjson_detail

extern "C" void csimdjson_parser_cursor_stamp(csimdjson_parser *parser, uint64_t *position, int32_t *depth,
                                              uint64_t *document) {
  const void *place = nullptr;
  csimdjson_detail::cursor_place(parser, &place, depth);
  *position = uint64_t(reinterpret_cast<uintptr_t>(place));
  *document = parser->documents;
}

extern "C" csimdjson_error csimdjson_parser_skip_to_root_separator(csimdjson_parser *parser, size_t offset) {
  if (!parser->has_document) { return CSIMDJSON_UNINITIALIZED; }
  if (offset >= parser->document_length) { return CSIMDJSON_TAPE_ERROR; }
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
    // The root array is at depth 1 and its elements at depth 2: at depth 1 the element was read to
    // its end, and the iterator is at its separator already.
    if (iterator.depth() <= 1) { return CSIMDJSON_SUCCESS; }
    const ondemand::token_position end = internals::end_position(iterator);
    const ondemand::token_position found = internals::token_at_offset(iterator.position(), end, uint32_t(offset));
    if (found == end) { return CSIMDJSON_TAPE_ERROR; }
    internals::move_to(iterator, found, 1);
    return CSIMDJSON_SUCCESS;
  }
#endif
  // The public API moves no cursor to a byte: the array's iterator skips the rest of the element
  // itself when it moves on, token by token. The same checks as the accelerated path's.
  if (parser->document.current_depth() <= 1) { return CSIMDJSON_SUCCESS; }
  const uint8_t separator = parser->document_start[offset];
  if (offset < csimdjson_parser_current_offset(parser) || (separator != ',' && separator != ']')) {
    return CSIMDJSON_TAPE_ERROR;
  }
  return CSIMDJSON_SUCCESS;
}
