// The C surface of CSimdJSON over simdjson's On-Demand API. See include/csimdjson.h for the contract.
//
// Every cursor is a trivially copyable simdjson object kept in a 32-byte opaque C struct. The
// structs are copied in and out with memcpy (which compilers turn into plain moves), so no pointer
// of one type ever aliases storage of another.

#include "csimdjson.h"
#include "csimdjson_bytes.h"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

using namespace simdjson;

// ------------------------------------------------------------------------------------------------
// Layout checks: the opaque C structs must hold the simdjson cursors they carry.
// ------------------------------------------------------------------------------------------------

namespace {

inline bool is_json_whitespace(uint8_t byte) noexcept {
  return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r';
}

/// A value, or the document root (`parser != nullptr`): scalar roots cannot become
/// `ondemand::value`s, so roots are read through the document instead.
struct value_slot {
  ondemand::value value;
  csimdjson_parser *root_parser;
};

struct array_iterator_slot {
  ondemand::array_iterator iterator;
  /// The element under `iterator` was handed out: advance before reading the next one.
  bool started;
};

struct object_iterator_slot {
  ondemand::object_iterator iterator;
  bool started;
};

template <typename Cursor, typename Opaque> constexpr bool fits() {
  return sizeof(Cursor) <= sizeof(Opaque) && alignof(Cursor) <= alignof(Opaque) &&
         std::is_trivially_copyable<Cursor>::value;
}

static_assert(fits<value_slot, csimdjson_value>(), "csimdjson_value cannot hold an ondemand::value");
static_assert(fits<ondemand::object, csimdjson_object>(), "csimdjson_object cannot hold an ondemand::object");
static_assert(fits<ondemand::array, csimdjson_array>(), "csimdjson_array cannot hold an ondemand::array");
static_assert(fits<array_iterator_slot, csimdjson_array_iterator>(), "csimdjson_array_iterator is too small");
static_assert(fits<object_iterator_slot, csimdjson_object_iterator>(), "csimdjson_object_iterator is too small");
static_assert(int(NUM_ERROR_CODES) == int(CSIMDJSON_NUM_ERROR_CODES), "csimdjson_error must mirror error_code");
static_assert(int(TRAILING_CONTENT) == int(CSIMDJSON_TRAILING_CONTENT), "csimdjson_error must mirror error_code");
static_assert(int(ondemand::json_type::null) == int(CSIMDJSON_TYPE_NULL), "csimdjson_type must mirror json_type");
static_assert(CSIMDJSON_PADDING == SIMDJSON_PADDING, "padding must match simdjson's");
static_assert(sizeof(ondemand::value) == 3 * sizeof(uint64_t), "the root marker must be the last word of a value slot");

template <typename Cursor, typename Opaque> inline Cursor load(const Opaque *opaque) noexcept {
  Cursor cursor;
  std::memcpy(static_cast<void *>(&cursor), opaque, sizeof(Cursor));
  return cursor;
}

template <typename Cursor, typename Opaque> inline void store(Opaque *opaque, const Cursor &cursor) noexcept {
  std::memset(opaque, 0, sizeof(Opaque));
  std::memcpy(opaque, static_cast<const void *>(&cursor), sizeof(Cursor));
}

inline csimdjson_error code(error_code error) noexcept { return static_cast<csimdjson_error>(error); }

inline std::string_view key_view(const uint8_t *key, size_t length) noexcept {
  return std::string_view(reinterpret_cast<const char *>(key), length);
}

/// The key of a lookup, from its `key_length` argument (see `csimdjson_plain_key_length`).
struct lookup_key {
  std::string_view text;
  /// The caller checked that the key holds no quote and no backslash.
  bool plain;

  lookup_key(const uint8_t *key, size_t key_length) noexcept
      : text(key_view(key, key_length & (SIZE_MAX >> 1))), plain((key_length & ~(SIZE_MAX >> 1)) != 0) {}
};

inline void store_value(csimdjson_value *out, const ondemand::value &value) noexcept {
  value_slot slot{value, nullptr};
  store(out, slot);
}

/// simdjson 3.0.1's On-Demand `get_double` misreads numbers written `0.` (or `-0.`) followed by
/// more than 19 significant digits: it checks the wrong span for 64-bit overflow. Such numbers are
/// refused here (NUMBER_ERROR, value unconsumed) so that the caller parses their text exactly.
inline bool misread_by_get_double(const char *token) noexcept {
  const char *p = token + (*token == '-');
  if (p[0] != '0' || p[1] != '.') { return false; }
  p += 2;
  while (*p == '0') {
    ++p;
  }
  int digits = 0;
  while (*p >= '0' && *p <= '9' && digits <= 19) {
    ++p;
    ++digits;
  }
  return digits > 19;
}

inline error_code checked_get_double(ondemand::value &value, double &out) noexcept {
  error_code error = value.get_double().get(out);
  if (simdjson_unlikely(!error && misread_by_get_double(value.raw_json_token().data()))) { return NUMBER_ERROR; }
  return error;
}

} // namespace

namespace {

/// One field of an object, as the lookups of `find_field_checked` passed it: where its key starts
/// (just after the opening quote, compared as simdjson compares keys) and where its value's token
/// is, so that a later lookup of the same key jumps straight to the value.
struct key_index_entry {
  const char *key;
  ondemand::token_position value;
  /// The key's length as written, measured when the memo's hash table is built.
  uint32_t length;
  /// The key's first four bytes as written (with its closing quote and what follows when it is
  /// shorter): most keys that are not the one looked up differ there, so a search compares one
  /// word per field before comparing keys.
  uint32_t head;
};

/// What a lookup compares with `key_index_entry::head`: the key's first bytes, then its closing
/// quote, under a mask of the bytes that are known.
struct key_head {
  uint32_t bytes = 0;
  uint32_t mask = 0;

  explicit key_head(std::string_view key) noexcept {
    const size_t known = key.size() < 4 ? key.size() + 1 : 4;
    uint8_t word[4] = {0, 0, 0, 0};
    for (size_t index = 0; index < known; ++index) {
      word[index] = index < key.size() ? uint8_t(key[index]) : '"';
    }
    std::memcpy(&bytes, word, 4);
    mask = known == 4 ? 0xffffffffu : (uint32_t(1) << (8 * known)) - 1;
  }

  bool may_match(uint32_t head) const noexcept { return (head & mask) == bytes; }
};

/// The fields of one object that lookups have passed, in document order from its first field.
/// Once they run to the object's end (`complete`), every lookup in that object is answered from
/// here: a key found jumps to its value (the first occurrence), a key not found is missing, and
/// nothing is scanned again. So a model that reads its fields in any order, or probes absent keys,
/// walks each object's fields about once instead of once per out-of-order or absent key.
///
/// Small objects are searched linearly; larger ones through a hash table built once, on the first
/// lookup that needs it, with a per-parser random seed (so that keys cannot be chosen to collide)
/// over every byte of the key. Duplicate keys keep their first occurrence. Objects with more than
/// `key_index_limit` fields keep no index (bounded memory): their lookups fall back to scanning.
struct key_memo {
  /// The object the fields belong to (its start position); none when null.
  ondemand::token_position object = nullptr;
  /// Every field from the first one on, in document order: a field is new when it lies past the
  /// last one.
  std::vector<key_index_entry> entries;
  /// Open-addressing table of `entries` indices plus one (0: empty), sized a power of two at least
  /// twice the entries; valid when `hashed`.
  std::vector<uint32_t> table;
  /// Whether the fields run to the object's end.
  bool complete = false;
  /// Whether `table` indexes `entries`.
  bool hashed = false;
  /// The object has more fields than an index keeps.
  bool overflowed = false;

  void start(ondemand::token_position object_start) noexcept {
    object = object_start;
    entries.clear();
    complete = false;
    hashed = false;
    overflowed = false;
  }
};

/// Objects nested deeper than this keep no memo (their lookups take the second pass).
constexpr ondemand::depth_t key_memo_depths = 16;
/// The most fields one object's index keeps (16 bytes each, plus 8 in the table): 64 Ki fields
/// are 1.5 MiB per nesting level at most.
constexpr size_t key_index_limit = size_t(1) << 16;
/// Up to this many fields an index is searched linearly; above it, through its hash table.
constexpr size_t key_index_linear = 16;

} // namespace

struct csimdjson_parser {
  ondemand::parser parser;
  ondemand::document document;
  /// One memo per object depth: the object being read at each level. Only the depths where some
  /// lookup of the document took the second pass keep one (bit d of `memo_depths`): elsewhere
  /// recording the keys would cost more than it saves. A memo is emptied when its bit is set, so
  /// none outlives its document.
  key_memo memos[key_memo_depths];
  uint32_t memo_depths = 0;
  /// The seed of the key indexes' hash, chosen per parser so that no fixed set of keys collides.
  uint64_t hash_seed = 0;
  uint8_t *input = nullptr;
  size_t input_capacity = 0;
  const uint8_t *document_start = nullptr;
  size_t document_length = 0;
  bool has_document = false;
  /// How many documents this parser has started: part of the cursor stamp, since a new document
  /// may put its cursor at the token position and depth where the last one's stood.
  uint64_t documents = 0;
  /// Where strings and keys are unescaped. simdjson's own string buffer is sized for reading each
  /// string once; reading one again (a retry after a type mismatch, a second iteration over an
  /// object's keys) would run past its end. This buffer is sized for each string as it is read.
  uint8_t *scratch = nullptr;
  size_t scratch_capacity = 0;

  ~csimdjson_parser() {
    std::free(input);
    std::free(scratch);
  }
};

namespace {

/// Unescapes `raw`, whose escaped text (with its closing quote) is at most `bound` bytes, into the
/// parser's scratch buffer.
inline error_code unescape(csimdjson_parser &parser, ondemand::raw_json_string raw, size_t bound, const uint8_t **bytes,
                           size_t *length) noexcept {
  // The unescaper writes whole vector blocks: room for the text plus the padding.
  size_t needed = bound + SIMDJSON_PADDING;
  if (needed > parser.scratch_capacity ||
      (parser.scratch_capacity > (size_t(16) << 20) && needed < (size_t(1) << 20))) {
    size_t capacity = needed < 4096 ? 4096 : needed;
    void *memory = std::realloc(parser.scratch, capacity);
    if (memory == nullptr) { return MEMALLOC; }
    parser.scratch = static_cast<uint8_t *>(memory);
    parser.scratch_capacity = capacity;
  }
  uint8_t *destination = parser.scratch;
  std::string_view text;
  error_code error = parser.parser.unescape(raw, destination).get(text);
  if (error) { return error; }
  *bytes = reinterpret_cast<const uint8_t *>(text.data());
  *length = text.size();
  return SUCCESS;
}

/// Reads a string value (not consumed on INCORRECT_TYPE) through the parser's scratch buffer.
inline error_code read_string(csimdjson_parser &parser, ondemand::value &value, const uint8_t **bytes,
                              size_t *length) noexcept {
  // The token runs from the opening quote to the next structural character: a bound on the text.
  size_t bound = value.raw_json_token().size();
  ondemand::raw_json_string raw;
  error_code error = value.get_raw_json_string().get(raw);
  if (error) { return error; }
  return unescape(parser, raw, bound, bytes, length);
}

/// Unescapes a field's key; its bound is the distance from the key to its value.
inline error_code read_key(csimdjson_parser &parser, ondemand::field &field, const uint8_t **bytes,
                           size_t *length) noexcept {
  const char *key = field.key().raw();
  const char *value = field.value().raw_json_token().data();
  return unescape(parser, field.key(), size_t(value - key), bytes, length);
}

} // namespace

// ------------------------------------------------------------------------------------------------
// Library
// ------------------------------------------------------------------------------------------------

extern "C" const char *csimdjson_active_implementation_name(void) {
  return get_active_implementation()->name().c_str();
}

extern "C" const char *csimdjson_error_message(csimdjson_error error) {
  if (int(error) < 0 || int(error) >= int(CSIMDJSON_NUM_ERROR_CODES)) { return "unknown error"; }
  return error_message(static_cast<error_code>(error));
}

extern "C" size_t csimdjson_max_document_size(void) { return SIMDJSON_MAXSIZE_BYTES; }

// ------------------------------------------------------------------------------------------------
// Parser and document
// ------------------------------------------------------------------------------------------------

extern "C" csimdjson_parser *csimdjson_parser_create(void) {
  csimdjson_parser *parser = new (std::nothrow) csimdjson_parser();
  if (parser == nullptr) { return nullptr; }
  // Not cryptographic: enough that hostile input cannot be prepared against one fixed function.
  static std::atomic<uint64_t> counter{0};
  const uint64_t clock = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  parser->hash_seed = csimdjson_bytes::mix(clock ^ reinterpret_cast<uintptr_t>(parser) ^
                                           (counter.fetch_add(1, std::memory_order_relaxed) << 32));
  return parser;
}

extern "C" void csimdjson_parser_destroy(csimdjson_parser *parser) { delete parser; }

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

extern "C" csimdjson_error csimdjson_parser_finish(csimdjson_parser *parser) {
  if (!parser->has_document) { return CSIMDJSON_UNINITIALIZED; }
  if (!parser->document.is_alive()) { return CSIMDJSON_TAPE_ERROR; }
  // Skip whatever of the root the caller left unread (from any depth), then require the end.
  std::string_view ignored;
  error_code error = parser->document.raw_json().get(ignored);
  if (error) { return code(error); }
  const char *location = nullptr;
  error = parser->document.current_location().get(location);
  if (error == OUT_OF_BOUNDS) { return CSIMDJSON_SUCCESS; }
  if (error) { return code(error); }
  return CSIMDJSON_TRAILING_CONTENT;
}

// ------------------------------------------------------------------------------------------------
// Values
// ------------------------------------------------------------------------------------------------

namespace {

/// Runs `on_value` on a non-root value, `on_root` on the document when the value is the root.
/// Whether `opaque` holds no cursor at all (zero-initialised and never written by the shim).
inline bool is_empty(const csimdjson_value *opaque) noexcept {
  return opaque->storage[0] == 0 && opaque->storage[3] == 0;
}

template <typename OnValue, typename OnRoot>
inline csimdjson_error dispatch(csimdjson_value *opaque, OnValue &&on_value, OnRoot &&on_root) noexcept {
  if (simdjson_unlikely(is_empty(opaque))) { return CSIMDJSON_UNINITIALIZED; }
  value_slot slot = load<value_slot>(opaque);
  if (simdjson_likely(slot.root_parser == nullptr)) { return code(on_value(slot.value)); }
  return code(on_root(*slot.root_parser));
}

/// Checks a number token against RFC 8259's grammar:
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, ending at whitespace or a structural
/// character. Returns the token's length, or 0 when the token is malformed.
size_t json_number_length(const uint8_t *p, const uint8_t *end) noexcept {
  const uint8_t *start = p;
  auto digit = [&](const uint8_t *q) { return q < end && *q >= '0' && *q <= '9'; };
  if (p < end && *p == '-') { ++p; }
  if (!digit(p)) { return 0; }
  if (*p == '0') {
    ++p;
  } else {
    while (digit(p)) {
      ++p;
    }
  }
  if (p < end && *p == '.') {
    ++p;
    if (!digit(p)) { return 0; }
    while (digit(p)) {
      ++p;
    }
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end && (*p == '+' || *p == '-')) { ++p; }
    if (!digit(p)) { return 0; }
    while (digit(p)) {
      ++p;
    }
  }
  if (p < end) {
    switch (*p) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case ',':
    case ']':
    case '}':
    case ':':
    case '[':
    case '{':
      break;
    default:
      return 0;
    }
  }
  return size_t(p - start);
}

error_code number_text(std::string_view token, const uint8_t *document_end, const uint8_t **bytes,
                       size_t *length) noexcept {
  const uint8_t *start = reinterpret_cast<const uint8_t *>(token.data());
  size_t size = json_number_length(start, document_end);
  if (size == 0) { return NUMBER_ERROR; }
  *bytes = start;
  *length = size;
  return SUCCESS;
}

/// The root scalar's token without the whitespace after it; empty (with no data) when simdjson
/// cannot say.
std::string_view root_token(csimdjson_parser &p) noexcept {
  std::string_view token;
  if (p.document.raw_json_token().get(token)) { return {}; }
  while (!token.empty() && is_json_whitespace(uint8_t(token.back()))) {
    token.remove_suffix(1);
  }
  return token;
}

/// simdjson reads a root scalar from a copy in a fixed buffer (6 bytes for booleans, 21 for
/// integers, 1083 for doubles) and, when the token is exactly one byte longer than the buffer
/// holds, silently reads it truncated: `falsex` as `false`, a 21-digit integer as its first 20
/// digits. Tokens longer than `capacity` are refused here with the error simdjson gives for longer
/// ones, before simdjson sees them.
inline bool root_token_fits(csimdjson_parser &p, size_t capacity) noexcept { return root_token(p).size() <= capacity; }

} // namespace

extern "C" csimdjson_error csimdjson_value_get_type(csimdjson_value *value, csimdjson_type *type) {
  ondemand::json_type result{};
  csimdjson_error error = dispatch(
      value, [&](ondemand::value &v) { return v.type().get(result); },
      [&](csimdjson_parser &p) { return p.document.type().get(result); });
  if (error == CSIMDJSON_SUCCESS) { *type = static_cast<csimdjson_type>(result); }
  return error;
}

extern "C" csimdjson_error csimdjson_value_get_location(csimdjson_value *value, const uint8_t **location) {
  if (is_empty(value)) { return CSIMDJSON_UNINITIALIZED; }
  value_slot slot = load<value_slot>(value);
  if (slot.root_parser == nullptr) {
    *location = reinterpret_cast<const uint8_t *>(slot.value.raw_json_token().data());
    return CSIMDJSON_SUCCESS;
  }
  std::string_view token;
  error_code error = slot.root_parser->document.raw_json_token().get(token);
  if (error) { return code(error); }
  *location = reinterpret_cast<const uint8_t *>(token.data());
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_value_get_int64(csimdjson_value *value, int64_t *out) {
  return dispatch(
      value, [&](ondemand::value &v) { return v.get_int64().get(*out); },
      [&](csimdjson_parser &p) {
        if (!root_token_fits(p, 20)) { return NUMBER_ERROR; }
        return p.document.get_int64().get(*out);
      });
}

extern "C" csimdjson_error csimdjson_value_get_uint64(csimdjson_value *value, uint64_t *out) {
  return dispatch(
      value, [&](ondemand::value &v) { return v.get_uint64().get(*out); },
      [&](csimdjson_parser &p) {
        if (!root_token_fits(p, 20)) { return NUMBER_ERROR; }
        return p.document.get_uint64().get(*out);
      });
}

extern "C" csimdjson_error csimdjson_value_get_double(csimdjson_value *value, double *out) {
  return dispatch(
      value, [&](ondemand::value &v) { return checked_get_double(v, *out); },
      [&](csimdjson_parser &p) -> error_code {
        if (!root_token_fits(p, 1074 + 8)) { return NUMBER_ERROR; }
        error_code error = p.document.get_double().get(*out);
        std::string_view token;
        if (!error && !p.document.raw_json_token().get(token) && misread_by_get_double(token.data())) {
          return NUMBER_ERROR;
        }
        return error;
      });
}

extern "C" csimdjson_error csimdjson_value_get_bool(csimdjson_value *value, bool *out) {
  return dispatch(
      value, [&](ondemand::value &v) { return v.get_bool().get(*out); },
      [&](csimdjson_parser &p) {
        if (!root_token_fits(p, 5)) { return INCORRECT_TYPE; }
        return p.document.get_bool().get(*out);
      });
}

extern "C" csimdjson_error csimdjson_value_is_null(csimdjson_value *value, bool *is_null) {
  return dispatch(
      value, [&](ondemand::value &v) { return v.is_null().get(*is_null); },
      [&](csimdjson_parser &p) -> error_code {
        // simdjson's root null check looks one byte too far (`nullx ` reads as null): decide
        // from the whole token, as for a value inside a container.
        std::string_view token = root_token(p);
        if (token.data() != nullptr && token != "null") {
          if (!token.empty() && token[0] == 'n') { return INCORRECT_TYPE; }
          *is_null = false;
          return SUCCESS;
        }
        return p.document.is_null().get(*is_null);
      });
}

extern "C" csimdjson_error csimdjson_value_get_string(csimdjson_parser *parser, csimdjson_value *value,
                                                      const uint8_t **bytes, size_t *length) {
  return dispatch(
      value, [&](ondemand::value &v) { return read_string(*parser, v, bytes, length); },
      [&](csimdjson_parser &p) -> error_code {
        std::string_view token;
        error_code error = p.document.raw_json_token().get(token);
        if (error) { return error; }
        ondemand::raw_json_string raw;
        error = p.document.get_raw_json_string().get(raw);
        if (error) { return error; }
        return unescape(p, raw, token.size(), bytes, length);
      });
}

extern "C" csimdjson_error csimdjson_value_get_number_text(csimdjson_value *value, const uint8_t **bytes,
                                                           size_t *length) {
  return dispatch(
      value,
      [&](ondemand::value &v) -> error_code {
        ondemand::json_type type;
        SIMDJSON_TRY(v.type().get(type));
        if (type != ondemand::json_type::number) { return INCORRECT_TYPE; }
        std::string_view token = v.raw_json_token();
        // The token runs to the next structural character, so the padding bounds the scan.
        const uint8_t *start = reinterpret_cast<const uint8_t *>(token.data());
        return number_text(token, start + token.size(), bytes, length);
      },
      [&](csimdjson_parser &p) -> error_code {
        ondemand::json_type type;
        SIMDJSON_TRY(p.document.type().get(type));
        if (type != ondemand::json_type::number) { return INCORRECT_TYPE; }
        std::string_view token;
        SIMDJSON_TRY(p.document.raw_json_token().get(token));
        return number_text(token, p.document_start + p.document_length, bytes, length);
      });
}

extern "C" csimdjson_error csimdjson_value_get_object(csimdjson_value *value, csimdjson_object *out) {
  ondemand::object object;
  csimdjson_error error = dispatch(
      value, [&](ondemand::value &v) { return v.get_object().get(object); },
      [&](csimdjson_parser &p) { return p.document.get_object().get(object); });
  if (error == CSIMDJSON_SUCCESS) { store(out, object); }
  return error;
}

extern "C" csimdjson_error csimdjson_value_get_array(csimdjson_value *value, csimdjson_array *out) {
  ondemand::array array;
  csimdjson_error error = dispatch(
      value, [&](ondemand::value &v) { return v.get_array().get(array); },
      [&](csimdjson_parser &p) { return p.document.get_array().get(array); });
  if (error == CSIMDJSON_SUCCESS) { store(out, array); }
  return error;
}

// ------------------------------------------------------------------------------------------------
// Objects
// ------------------------------------------------------------------------------------------------

namespace {

/// Access to the json_iterator behind an object cursor and to its position and depth (protected
/// members, reached through pointers to members named in derived classes, which the language
/// allows).
struct object_access : ondemand::object {
  static constexpr ondemand::value_iterator ondemand::object::*iterator = &object_access::iter;
};
struct json_iterator_access : ondemand::json_iterator {
  static constexpr ondemand::token_iterator ondemand::json_iterator::*tokens = &json_iterator_access::token;
  static constexpr ondemand::depth_t ondemand::json_iterator::*depth = &json_iterator_access::_depth;
  static constexpr ondemand::token_position (ondemand::json_iterator::*end)() const noexcept =
      &json_iterator_access::end_position;
};
struct document_access : ondemand::document {
  static constexpr ondemand::json_iterator ondemand::document::*iterator = &document_access::iter;
};
struct value_iterator_access : ondemand::value_iterator {
  static constexpr ondemand::json_iterator *ondemand::value_iterator::*json_iterator =
      &value_iterator_access::_json_iter;
  static constexpr ondemand::token_position (ondemand::value_iterator::*start)() const noexcept =
      &value_iterator_access::start_position;
};
/// A value over a field's value iterator, as `object::find_field` makes one (the constructor is
/// protected; this derived type adds nothing, so it converts to the value it wraps).
struct value_access : ondemand::value {
  explicit value_access(const ondemand::value_iterator &iterator) noexcept : ondemand::value(iterator) {}
};

/// `raw.unsafe_is_equal(key)`, with short keys compared inline: whether the document's key at
/// `raw` is `key`, which holds no quote and no backslash (so that a match ends at the document
/// key's closing quote). Reads as simdjson's does, within the document's padding.
inline bool key_matches(ondemand::raw_json_string raw, std::string_view key) noexcept {
  if (key.size() > SIMDJSON_PADDING) { return raw.unsafe_is_equal(key); }
  const char *document = raw.raw();
  return document[key.size()] == '"' && csimdjson_bytes::equal_short(document, key.data(), key.size());
}

/// Where a parser's document's iterator lies in the parser, measured once when the library loads.
const std::ptrdiff_t document_iterator_offset = [] {
  csimdjson_parser probe;
  return reinterpret_cast<const char *>(&(probe.document.*document_access::iterator)) -
         reinterpret_cast<const char *>(&probe);
}();

/// The parser whose document `iterator` walks: every cursor's iterator is its parser's document's.
inline csimdjson_parser &owner(ondemand::json_iterator *iterator) noexcept {
  return *reinterpret_cast<csimdjson_parser *>(reinterpret_cast<char *>(iterator) - document_iterator_offset);
}

} // namespace

extern "C" void csimdjson_parser_cursor_stamp(csimdjson_parser *parser, uint64_t *position, int64_t *depth,
                                              uint64_t *document) {
  ondemand::json_iterator &iterator = parser->document.*document_access::iterator;
  *position = uint64_t(reinterpret_cast<uintptr_t>(iterator.position()));
  *depth = int64_t(iterator.depth());
  *document = parser->documents;
}

namespace {

/// The memo of the object `fields` iterates, or null (too deep, or a depth that keeps none).
inline key_memo *memo_slot(csimdjson_parser &parser, const ondemand::value_iterator &fields) noexcept {
  const ondemand::depth_t depth = fields.depth();
  if (depth < 0 || depth >= key_memo_depths || ((parser.memo_depths >> depth) & 1) == 0) { return nullptr; }
  return &parser.memos[depth];
}

/// Forgets what lookups learned about the object `fields` iterates: its fields are about to move
/// in ways the memo does not follow (iteration over them, a search by unescaped key).
inline void forget_keys(const ondemand::value_iterator &fields) noexcept {
  ondemand::json_iterator *iterator = fields.*value_iterator_access::json_iterator;
  if (iterator == nullptr) { return; }
  csimdjson_parser &parser = owner(iterator);
  key_memo *memo = memo_slot(parser, fields);
  if (memo != nullptr && memo->object == (fields.*value_iterator_access::start)()) { memo->object = nullptr; }
}

/// The length of the document's key that starts at `key` (just after its opening quote) and whose
/// value's token is `value`: the key's closing quote is the last quote before the colon, the token
/// just before the value.
inline size_t document_key_length(const ondemand::json_iterator &iterator, const char *key,
                                  ondemand::token_position value) noexcept {
  const char *end = reinterpret_cast<const char *>(iterator.peek(value - 1)) - 1;
  while (*end != '"') {
    --end;
  }
  return size_t(end - key);
}

inline bool equal_bytes(const char *a, const char *b, size_t length) noexcept {
  return length <= SIMDJSON_PADDING ? csimdjson_bytes::equal_short(a, b, length) : std::memcmp(a, b, length) == 0;
}

/// Builds `memo`'s hash table over its entries, keeping the first of equal keys.
inline void build_key_table(key_memo &memo, const ondemand::json_iterator &iterator, uint64_t seed) noexcept {
  const size_t count = memo.entries.size();
  size_t capacity = 32;
  while (capacity < 2 * count) {
    capacity <<= 1;
  }
  memo.table.assign(capacity, 0);
  const size_t mask = capacity - 1;
  for (size_t index = 0; index < count; ++index) {
    key_index_entry &entry = memo.entries[index];
    entry.length = uint32_t(document_key_length(iterator, entry.key, entry.value));
    size_t slot = size_t(csimdjson_bytes::hash(entry.key, entry.length, seed)) & mask;
    bool duplicate = false;
    while (uint32_t occupant = memo.table[slot]) {
      const key_index_entry &other = memo.entries[occupant - 1];
      if (other.length == entry.length && equal_bytes(other.key, entry.key, entry.length)) {
        duplicate = true;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (!duplicate) { memo.table[slot] = uint32_t(index + 1); }
  }
  memo.hashed = true;
}

/// The first field of a complete memo whose key is `key` (no quote, no backslash), or null.
inline const key_index_entry *find_in_memo(key_memo &memo, std::string_view key,
                                           const ondemand::json_iterator &iterator, uint64_t seed) noexcept {
  const key_head head(key);
  const size_t count = memo.entries.size();
  auto matches = [&](const key_index_entry &entry) {
    return head.may_match(entry.head) &&
           key_matches(ondemand::raw_json_string(reinterpret_cast<const uint8_t *>(entry.key)), key);
  };
  // From the first field, so that the first of duplicated keys is the one found.
  if (count <= key_index_linear) {
    for (const key_index_entry &entry : memo.entries) {
      if (matches(entry)) { return &entry; }
    }
    return nullptr;
  }
  if (!memo.hashed) { build_key_table(memo, iterator, seed); }
  const size_t mask = memo.table.size() - 1;
  size_t slot = size_t(csimdjson_bytes::hash(key.data(), key.size(), seed)) & mask;
  while (uint32_t occupant = memo.table[slot]) {
    const key_index_entry &entry = memo.entries[occupant - 1];
    if (entry.length == key.size() && equal_bytes(entry.key, key.data(), key.size())) { return &entry; }
    slot = (slot + 1) & mask;
  }
  return nullptr;
}

/// Answers a lookup from the complete memo of the object `fields` iterates: jumps to the value of
/// the key's first occurrence, or puts the cursor back at `position` and `depth` (where the lookup
/// started) when the object has no such key.
inline error_code answer_from_memo(key_memo &memo, std::string_view key, ondemand::value_iterator &fields,
                                   ondemand::json_iterator *iterator, csimdjson_parser &parser,
                                   ondemand::token_position position, ondemand::depth_t depth,
                                   ondemand::value &out) noexcept {
  const key_index_entry *entry = find_in_memo(memo, key, *iterator, parser.hash_seed);
  if (entry == nullptr) {
    (iterator->*json_iterator_access::tokens).set_position(position);
    iterator->*json_iterator_access::depth = depth;
    return NO_SUCH_FIELD;
  }
  // As after simdjson's own `field_value()`: at the value's token, one level below the object.
  (iterator->*json_iterator_access::tokens).set_position(entry->value);
  iterator->*json_iterator_access::depth = fields.depth() + 1;
  out = value_access(fields.child());
  return SUCCESS;
}

/// Records a field in `memo` (which follows its object from the first field on), unless the object
/// has more fields than an index keeps.
inline void record_field(key_memo &memo, ondemand::raw_json_string key, ondemand::token_position value) noexcept {
  if (!memo.entries.empty() && key.raw() <= memo.entries.back().key) { return; }
  if (simdjson_unlikely(memo.entries.size() >= key_index_limit)) {
    memo.overflowed = true;
    memo.object = nullptr;
    return;
  }
  uint32_t head;
  std::memcpy(&head, key.raw(), 4); // within the document's padding
  memo.entries.push_back(key_index_entry{key.raw(), value, 0, head});
}

inline error_code find_field_before(ondemand::object &object, std::string_view key, ondemand::value &out,
                                    csimdjson_parser &parser, ondemand::token_position position,
                                    ondemand::depth_t depth) noexcept;

/// `object.find_field_unordered(key)`, with every step checked, and each object's fields walked
/// about once whatever the order of its lookups.
///
/// simdjson's unordered lookup, after reaching the end of the object, searches again from its
/// first field *assuming* that part is well formed (it asserts, or without assertions has
/// undefined behaviour, when it is not): skipping a value whose brackets do not match
/// (`[ ... }`) can leave it anywhere. Here every step is checked:
///   1. When the object's memo is complete, the lookup is answered from it, without scanning.
///   2. Otherwise the fields from the cursor to the object's end are compared, as simdjson's
///      ordered lookup does, and recorded in the memo while it follows the object from its first
///      field. A match is returned at once (document order stays the fast path).
///   3. Having reached the end, the memo is complete if it followed the object from its first
///      field; otherwise the whole object is walked once and recorded, and the lookup (and every
///      later one in this object) is answered from the memo.
/// Memos are kept per nesting level, only at the levels where a lookup has needed step 3 in the
/// current document: elsewhere recording the fields would cost more than it saves. A key found
/// nowhere leaves the cursor where it was.
inline error_code find_field_checked(ondemand::object &object, std::string_view key, bool plain,
                                     ondemand::value &out) noexcept {
  // simdjson compares a key with the raw bytes of the document's keys: a key holding a backslash
  // would match a different, escaped key (`a\` matches `"a\"b"`), and one holding a quote could
  // read past the key. Such keys only match by their unescaped value, which the caller looks up
  // by iterating the keys. (A plain key was checked by the caller, once for many lookups.)
  if (!plain && simdjson_unlikely(csimdjson_bytes::has_quote_or_backslash(key.data(), key.size()))) {
    return NO_SUCH_FIELD;
  }
  ondemand::value_iterator &fields = object.*object_access::iterator;
  ondemand::json_iterator *iterator = fields.*value_iterator_access::json_iterator;
  const ondemand::token_position position = iterator->position();
  const ondemand::depth_t depth = iterator->depth();
  csimdjson_parser &parser = owner(iterator);
  key_memo *memo = memo_slot(parser, fields);
  error_code error;
  if (memo == nullptr) {
    // Step 2 without a memo: simdjson's checked, ordered lookup.
    error = object.find_field(key).get(out);
    if (simdjson_likely(error != NO_SUCH_FIELD)) { return error; }
    return find_field_before(object, key, out, parser, position, depth);
  }
  const ondemand::token_position start = (fields.*value_iterator_access::start)();
  // Step 1.
  if (memo->object == start && memo->complete) {
    return answer_from_memo(*memo, key, fields, iterator, parser, position, depth, out);
  }
  // Step 2 with a memo, as simdjson's `value_iterator::find_field_raw`: from the first field, from
  // the end of the field the cursor is in, or nothing when the object was read to its end.
  bool has_field = false;
  bool recording = false;
  if (fields.at_first_field()) {
    has_field = true;
    memo->start(start);
    recording = true;
  } else if (fields.is_open()) {
    if ((error = fields.skip_child())) {
      fields.abandon();
      return error;
    }
    if ((error = fields.has_next_field().get(has_field))) {
      fields.abandon();
      return error;
    }
    // The memo follows the fields from the first one as long as every move over them is a lookup's.
    recording = memo->object == start;
  }
  while (has_field) {
    ondemand::raw_json_string actual_key;
    if ((error = fields.field_key().get(actual_key))) {
      fields.abandon();
      return error;
    }
    if ((error = fields.field_value())) {
      fields.abandon();
      return error;
    }
    if (recording) { record_field(*memo, actual_key, iterator->position()); }
    // The key holds no quote or backslash (checked above), so comparing it with the raw bytes of
    // a document's key cannot read past that key.
    if (simdjson_likely(key_matches(actual_key, key))) {
      out = value_access(fields.child());
      return SUCCESS;
    }
    if ((error = fields.skip_child())) { return error; }
    if ((error = fields.has_next_field().get(has_field))) {
      fields.abandon();
      return error;
    }
  }
  // Step 3.
  if (recording && memo->object == start) {
    memo->complete = true;
    return answer_from_memo(*memo, key, fields, iterator, parser, position, depth, out);
  }
  return find_field_before(object, key, out, parser, position, depth);
}

/// Walks the object `fields` iterates from its first field to its end, recording every field in
/// `memo`; the memo is complete unless the object has more fields than an index keeps.
inline error_code index_object(ondemand::object &object, key_memo &memo, ondemand::token_position start) noexcept {
  ondemand::value_iterator &fields = object.*object_access::iterator;
  ondemand::json_iterator *iterator = fields.*value_iterator_access::json_iterator;
  error_code error;
  bool has_field = false;
  if ((error = object.reset().get(has_field))) { return error; }
  memo.start(start);
  while (has_field) {
    ondemand::raw_json_string actual_key;
    if ((error = fields.field_key().get(actual_key))) { return error; }
    if ((error = fields.field_value())) { return error; }
    record_field(memo, actual_key, iterator->position());
    if (simdjson_unlikely(memo.overflowed)) { return SUCCESS; }
    if ((error = fields.skip_child())) { return error; }
    if ((error = fields.has_next_field().get(has_field))) { return error; }
  }
  memo.complete = true;
  return SUCCESS;
}

/// Step 3 for an object whose memo does not cover it: walks the whole object once, recording its
/// fields, and answers from the memo. An object too large for an index (or too deep for a memo) is
/// searched from its first field up to where the lookup started instead. From now on, the objects
/// at this depth keep a memo.
inline error_code find_field_before(ondemand::object &object, std::string_view key, ondemand::value &out,
                                    csimdjson_parser &parser, ondemand::token_position position,
                                    ondemand::depth_t depth) noexcept {
  ondemand::value_iterator &fields = object.*object_access::iterator;
  ondemand::json_iterator *iterator = fields.*value_iterator_access::json_iterator;
  const ondemand::depth_t object_depth = fields.depth();
  error_code error;
  if (object_depth >= 0 && object_depth < key_memo_depths) {
    key_memo &memo = parser.memos[object_depth];
    if (((parser.memo_depths >> object_depth) & 1) == 0) {
      memo.object = nullptr;
      parser.memo_depths |= uint32_t(1) << object_depth;
    }
    if ((error = index_object(object, memo, (fields.*value_iterator_access::start)()))) { return error; }
    if (memo.complete) { return answer_from_memo(memo, key, fields, iterator, parser, position, depth, out); }
  }
  // The fields from the first one to where the lookup started (the first key at or past that
  // position was compared already).
  bool has_field = false;
  if ((error = object.reset().get(has_field))) { return error; }
  while (has_field && iterator->position() < position) {
    ondemand::raw_json_string actual_key;
    if ((error = fields.field_key().get(actual_key))) { return error; }
    if ((error = fields.field_value())) { return error; }
    if (key_matches(actual_key, key)) {
      out = value_access(fields.child());
      return SUCCESS;
    }
    if ((error = fields.skip_child())) { return error; }
    if ((error = fields.has_next_field().get(has_field))) { return error; }
  }
  // Not found: back to where the lookup started, as simdjson's own unordered lookup leaves it.
  (iterator->*json_iterator_access::tokens).set_position(position);
  iterator->*json_iterator_access::depth = depth;
  return NO_SUCH_FIELD;
}

/// Finds `key` and reads it with `read`; on a read error (or always, with `always_store`) the
/// field's value goes to `out`.
template <bool always_store = false, typename Read>
inline csimdjson_error find_and_read(csimdjson_object *opaque, const uint8_t *key, size_t key_length,
                                     csimdjson_value *out, Read &&read) noexcept {
  ondemand::object object = load<ondemand::object>(opaque);
  ondemand::value value;
  const lookup_key lookup(key, key_length);
  error_code error = find_field_checked(object, lookup.text, lookup.plain, value);
  if (simdjson_unlikely(error)) { return code(error); }
  error = read(value);
  if (always_store || simdjson_unlikely(error)) { store_value(out, value); }
  return code(error);
}

} // namespace

extern "C" csimdjson_error csimdjson_object_find_field(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                       csimdjson_value *out) {
  ondemand::object cursor = load<ondemand::object>(object);
  ondemand::value value;
  const lookup_key lookup(key, key_length);
  error_code error = find_field_checked(cursor, lookup.text, lookup.plain, value);
  if (error) { return code(error); }
  store_value(out, value);
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_object_find_field_or_null(csimdjson_object *object, const uint8_t *key,
                                                               size_t key_length, csimdjson_value *out, bool *is_null) {
  ondemand::object cursor = load<ondemand::object>(object);
  ondemand::value value;
  const lookup_key lookup(key, key_length);
  error_code error = find_field_checked(cursor, lookup.text, lookup.plain, value);
  if (error) { return code(error); }
  store_value(out, value);
  return code(value.is_null().get(*is_null));
}

extern "C" csimdjson_error csimdjson_object_find_field_unescaped(csimdjson_parser *parser, csimdjson_object *object,
                                                                 const uint8_t *key, size_t key_length,
                                                                 csimdjson_value *out, bool *has_escaped_keys) {
  *has_escaped_keys = false;
  ondemand::object cursor = load<ondemand::object>(object);
  forget_keys(cursor.*object_access::iterator);
  bool non_empty = false;
  error_code error = cursor.reset().get(non_empty);
  if (error) { return code(error); }
  if (!non_empty) { return CSIMDJSON_NO_SUCH_FIELD; }
  std::string_view wanted = key_view(key, key_length);
  for (auto result : cursor) {
    ondemand::field field;
    if ((error = std::move(result).get(field))) { return code(error); }
    // Only a key with a backslash can differ from its unescaped form.
    const char *raw = field.key().raw();
    const char *end = raw;
    bool escaped = false;
    while (*end != '"') {
      if (*end == '\\') {
        escaped = true;
        end += 2;
      } else {
        ++end;
      }
    }
    if (!escaped) { continue; }
    *has_escaped_keys = true;
    const uint8_t *unescaped = nullptr;
    size_t unescaped_length = 0;
    if ((error = read_key(*parser, field, &unescaped, &unescaped_length))) { return code(error); }
    if (std::string_view(reinterpret_cast<const char *>(unescaped), unescaped_length) == wanted) {
      store_value(out, field.value());
      return CSIMDJSON_SUCCESS;
    }
  }
  return CSIMDJSON_NO_SUCH_FIELD;
}

extern "C" bool csimdjson_parser_has_escaped_keys(csimdjson_parser *parser) {
  if (!parser->has_document) { return true; }
  const uint8_t *cursor = parser->document_start;
  const uint8_t *const end = cursor + parser->document_length;
  // Outside strings a valid document has no backslash, so the first backslash after a point
  // outside strings is inside a string: find that string's closing quote (a quote after an even
  // run of backslashes) and see whether a colon follows, which makes the string a key. Only the
  // strings holding a backslash are walked, with memchr.
  while (cursor < end) {
    const void *found = std::memchr(cursor, '\\', size_t(end - cursor));
    if (found == nullptr) { return false; }
    const uint8_t *quote = static_cast<const uint8_t *>(found) + 1;
    while (true) {
      if (quote + 1 >= end) { return false; }
      found = std::memchr(quote + 1, '"', size_t(end - quote - 1));
      if (found == nullptr) { return false; }
      quote = static_cast<const uint8_t *>(found);
      const uint8_t *run = quote;
      while (run > parser->document_start && run[-1] == '\\') {
        --run;
      }
      if ((quote - run) % 2 == 0) { break; }
    }
    cursor = quote + 1;
    while (cursor < end && is_json_whitespace(*cursor)) {
      ++cursor;
    }
    if (cursor < end && *cursor == ':') { return true; }
  }
  return false;
}

extern "C" csimdjson_error csimdjson_parser_skip_to_root_separator(csimdjson_parser *parser, size_t offset) {
  if (!parser->has_document) { return CSIMDJSON_UNINITIALIZED; }
  if (offset >= parser->document_length) { return CSIMDJSON_TAPE_ERROR; }
  ondemand::json_iterator &iterator = parser->document.*document_access::iterator;
  // The root array is at depth 1 and its elements at depth 2: at depth 1 the element was read to
  // its end, and the iterator is at its separator already.
  if (iterator.depth() <= 1) { return CSIMDJSON_SUCCESS; }
  const ondemand::token_position position = iterator.position();
  const ondemand::token_position end = (iterator.*json_iterator_access::end)();
  // The separator's token lies ahead, usually close: gallop, then search between the bounds.
  const uint32_t wanted = uint32_t(offset);
  size_t step = 1;
  ondemand::token_position low = position;
  while (step < size_t(end - low) && low[step] < wanted) {
    low += step;
    step *= 2;
  }
  const ondemand::token_position high = step < size_t(end - low) ? low + step + 1 : end;
  const ondemand::token_position found = std::lower_bound(low, high, wanted);
  if (found == end || *found != wanted) { return CSIMDJSON_TAPE_ERROR; }
  (iterator.*json_iterator_access::tokens).set_position(found);
  iterator.*json_iterator_access::depth = 1;
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_object_find_int64(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                       int64_t *out, csimdjson_value *value) {
  return find_and_read<true>(object, key, key_length, value,
                             [&](ondemand::value &v) { return v.get_int64().get(*out); });
}

extern "C" csimdjson_error csimdjson_object_find_uint64(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                        uint64_t *out, csimdjson_value *value) {
  return find_and_read<true>(object, key, key_length, value,
                             [&](ondemand::value &v) { return v.get_uint64().get(*out); });
}

extern "C" csimdjson_error csimdjson_object_find_double(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                        double *out, csimdjson_value *value) {
  return find_and_read(object, key, key_length, value, [&](ondemand::value &v) { return checked_get_double(v, *out); });
}

extern "C" csimdjson_error csimdjson_object_find_bool(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                      bool *out, csimdjson_value *value) {
  return find_and_read(object, key, key_length, value, [&](ondemand::value &v) { return v.get_bool().get(*out); });
}

extern "C" csimdjson_error csimdjson_object_find_string(csimdjson_parser *parser, csimdjson_object *object,
                                                        const uint8_t *key, size_t key_length, const uint8_t **bytes,
                                                        size_t *length, csimdjson_value *value) {
  return find_and_read(object, key, key_length, value,
                       [&](ondemand::value &v) { return read_string(*parser, v, bytes, length); });
}

extern "C" csimdjson_error csimdjson_object_iterate(csimdjson_object *object, csimdjson_object_iterator *iterator) {
  ondemand::object cursor = load<ondemand::object>(object);
  forget_keys(cursor.*object_access::iterator);
  object_iterator_slot slot{};
  error_code error = cursor.begin().get(slot.iterator);
  if (error) { return code(error); }
  slot.started = false;
  store(iterator, slot);
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_object_iterator_next(csimdjson_parser *parser, csimdjson_object_iterator *iterator,
                                                          bool *has_field, const uint8_t **key, size_t *key_length,
                                                          csimdjson_value *value) {
  object_iterator_slot slot = load<object_iterator_slot>(iterator);
  if (slot.started) { ++slot.iterator; }
  slot.started = true;
  store(iterator, slot);
  if (!(slot.iterator != slot.iterator)) {
    *has_field = false;
    return CSIMDJSON_SUCCESS;
  }
  ondemand::field field;
  error_code error = (*slot.iterator).get(field);
  if (error) { return code(error); }
  // The iteration moves over the object's fields behind its lookups' back (the iterator stands on
  // the field's value, one level deeper than the object).
  const ondemand::depth_t object_depth = (parser->document.*document_access::iterator).depth() - 1;
  if (object_depth >= 0 && object_depth < key_memo_depths) { parser->memos[object_depth].object = nullptr; }
  error = read_key(*parser, field, key, key_length);
  if (error) { return code(error); }
  store_value(value, field.value());
  *has_field = true;
  return CSIMDJSON_SUCCESS;
}

// ------------------------------------------------------------------------------------------------
// Arrays
// ------------------------------------------------------------------------------------------------

extern "C" csimdjson_error csimdjson_array_iterate(csimdjson_array *array, csimdjson_array_iterator *iterator) {
  ondemand::array cursor = load<ondemand::array>(array);
  array_iterator_slot slot{};
  error_code error = cursor.begin().get(slot.iterator);
  if (error) { return code(error); }
  slot.started = false;
  store(iterator, slot);
  return CSIMDJSON_SUCCESS;
}

namespace {

/// Moves `slot` to its next element: false at the end, or an error.
inline error_code advance(array_iterator_slot &slot, bool &has_element, ondemand::value &element) noexcept {
  if (slot.started) { ++slot.iterator; }
  slot.started = true;
  if (!(slot.iterator != slot.iterator)) {
    has_element = false;
    return SUCCESS;
  }
  has_element = true;
  return (*slot.iterator).get(element);
}

template <typename Number, typename Read>
inline error_code read_numbers(array_iterator_slot &slot, Number *out, size_t capacity, size_t *count, bool *finished,
                               csimdjson_value *value, Read &&read) noexcept {
  size_t n = 0;
  error_code error = SUCCESS;
  *finished = false;
  while (n < capacity) {
    bool has_element;
    ondemand::value element;
    error = advance(slot, has_element, element);
    if (error) { break; }
    if (!has_element) {
      *finished = true;
      break;
    }
    error = read(element, out[n]);
    if (error) {
      store_value(value, element);
      break;
    }
    ++n;
  }
  *count = n;
  return error;
}

template <typename Number, typename Read>
inline csimdjson_error read_numbers(csimdjson_array_iterator *iterator, Number *out, size_t capacity, size_t *count,
                                    bool *finished, csimdjson_value *value, Read &&read) noexcept {
  array_iterator_slot slot = load<array_iterator_slot>(iterator);
  error_code error = read_numbers(slot, out, capacity, count, finished, value, read);
  store(iterator, slot);
  return code(error);
}

inline error_code read_double(ondemand::value &v, double &d) noexcept { return checked_get_double(v, d); }

inline error_code read_int64(ondemand::value &v, int64_t &i) noexcept { return v.get_int64().get(i); }

/// Starts iterating the array `value` is and reads its first numbers in bulk.
template <typename Number, typename Read>
inline csimdjson_error start_and_read_numbers(csimdjson_value *value, Number *out, size_t capacity, size_t *count,
                                              bool *finished, csimdjson_array_iterator *iterator,
                                              csimdjson_value *element, Read &&read) noexcept {
  *count = 0;
  *finished = false;
  ondemand::array array;
  csimdjson_error error = dispatch(
      value, [&](ondemand::value &v) { return v.get_array().get(array); },
      [&](csimdjson_parser &p) { return p.document.get_array().get(array); });
  if (error) { return error; }
  array_iterator_slot slot{};
  error_code status = array.begin().get(slot.iterator);
  if (status) { return code(status); }
  slot.started = false;
  status = read_numbers(slot, out, capacity, count, finished, element, read);
  store(iterator, slot);
  return code(status);
}

} // namespace

extern "C" csimdjson_error csimdjson_array_iterator_next(csimdjson_array_iterator *iterator, bool *has_element,
                                                         csimdjson_value *value) {
  array_iterator_slot slot = load<array_iterator_slot>(iterator);
  ondemand::value element;
  bool has = false;
  error_code error = advance(slot, has, element);
  store(iterator, slot);
  if (error) { return code(error); }
  *has_element = has;
  if (has) { store_value(value, element); }
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_array_iterator_read_doubles(csimdjson_array_iterator *iterator, double *out,
                                                                 size_t capacity, size_t *count, bool *finished,
                                                                 csimdjson_value *value) {
  return read_numbers(iterator, out, capacity, count, finished, value, read_double);
}

extern "C" csimdjson_error csimdjson_value_read_doubles(csimdjson_value *value, double *out, size_t capacity,
                                                        size_t *count, bool *finished,
                                                        csimdjson_array_iterator *iterator, csimdjson_value *element) {
  return start_and_read_numbers(value, out, capacity, count, finished, iterator, element, read_double);
}

extern "C" csimdjson_error csimdjson_value_read_int64s(csimdjson_value *value, int64_t *out, size_t capacity,
                                                       size_t *count, bool *finished,
                                                       csimdjson_array_iterator *iterator, csimdjson_value *element) {
  return start_and_read_numbers(value, out, capacity, count, finished, iterator, element, read_int64);
}

extern "C" csimdjson_error csimdjson_array_iterator_read_int64s(csimdjson_array_iterator *iterator, int64_t *out,
                                                                size_t capacity, size_t *count, bool *finished,
                                                                csimdjson_value *value) {
  return read_numbers(iterator, out, capacity, count, finished, value, read_int64);
}
