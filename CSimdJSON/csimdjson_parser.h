// The state of a CSimdJSON parser (`struct csimdjson_parser`), which every part of the shim reads,
// and the string reads through its scratch buffer. Internal: not part of the C API in include/.
#ifndef CSIMDJSON_PARSER_H
#define CSIMDJSON_PARSER_H

#include "csimdjson_layout.h"

#include <cstdlib>
#include <thread>
#include <vector>

// The key memos a parser keeps for its lookups (csimdjson_objects.cpp). In a named namespace: the
// parser, which every source of the shim sees, holds them.
namespace csimdjson_detail {

/// One field of an object, as the lookups of `find_field_checked` passed it: where its key starts
/// (just after the opening quote, compared as simdjson compares keys) and where its value's token
/// is, so that a later lookup of the same key jumps straight to the value.
struct key_index_entry {
  const char *key;
  ondemand::token_position value;
  /// The key's length as written, measured when the memo's hash table is built.
  uint32_t length;
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
  /// Each entry's head: its key's first four bytes as written (with its closing quote and what
  /// follows when it is shorter). Most keys that are not the one looked up differ there, so a
  /// search compares heads before keys, four at a time.
  std::vector<uint32_t> heads;
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
    heads.clear();
    complete = false;
    hashed = false;
    overflowed = false;
  }
};

/// A container open at the point `csimdjson_parser_path_to` has read to: an array and the index
/// of its element there, or an object and the key token of its field there.
struct path_frame {
  bool is_array;
  int64_t index;
  ondemand::token_position key;
  /// On the public path, the container's first byte (its `{` or `[`).
  const uint8_t *start;
};

/// Objects nested deeper than this keep no memo (their lookups take the second pass).
constexpr ondemand::depth_t key_memo_depths = 16;

/// An object a lookup walked to its end, or an array iterated to its end: its opening and closing
/// tokens, relative to the document's first token (`close` 0: none).
struct container_end {
  uint32_t start;
  uint32_t close;
};

/// Objects nested deeper than this have their ends walked again rather than remembered.
constexpr ondemand::depth_t container_end_depths = 32;

} // namespace csimdjson_detail

namespace csimdjson_detail {
/// The parser whose current document holds byte `location`, started on this thread most recently
/// (csimdjson_parser.cpp): how the public path finds a value's parser, which simdjson's public API
/// does not give. Null when none does.
csimdjson_parser *parser_of(const uint8_t *location) noexcept;
/// The parser this thread started a document with last, when its document holds `location`,
/// else `parser_of(location)`: the same answer, without a lock in the common case.
csimdjson_parser *current_parser_of(const uint8_t *location) noexcept;
} // namespace csimdjson_detail

struct csimdjson_parser {
  ondemand::parser parser;
  ondemand::document document;
  /// One memo per object depth: the object being read at each level. Only the depths where some
  /// lookup of the document took the second pass keep one (bit d of `memo_depths`): elsewhere
  /// recording the keys would cost more than it saves. A memo is emptied when its bit is set, so
  /// none outlives its document.
  csimdjson_detail::key_memo memos[csimdjson_detail::key_memo_depths];
  uint32_t memo_depths = 0;
  /// Where the objects that lookups walked to their end, and the arrays iterated to their end,
  /// finish (`note_container_end` in csimdjson_skips.h), for the skips (and the document's finish)
  /// to jump there: per depth, the last such container's opening and closing tokens. Kept only
  /// while `container_ends_kept` (in documents where some lookup went out of order, like the
  /// memos), and emptied when that starts.
  csimdjson_detail::container_end container_ends[csimdjson_detail::container_end_depths];
  bool container_ends_kept = false;
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
  /// How far `csimdjson_parser_path_to` has read the tokens of document number `path_document`,
  /// and the containers open there (csimdjson_paths.cpp).
  std::vector<csimdjson_detail::path_frame> path_frames;
  ondemand::token_position path_read_to = nullptr;
  uint64_t path_document = 0;
  /// The thread that started the current document, and when (a count over every parser): which
  /// parser a value belongs to, when several hold the byte it starts at (`parser_of`).
  std::thread::id iterating_thread;
  uint64_t iteration = 0;
  /// The public path's lookups: bit d is set once a lookup in an object at depth d of the current
  /// document missed a key ahead of the cursor; from then on, lookups in the objects at that depth
  /// search from their first field (csimdjson_objects.cpp), as the accelerated path's key memos
  /// answer there.
  uint64_t from_start_depths = 0;

  ~csimdjson_parser() {
    std::free(input);
    std::free(scratch);
  }
};

namespace csimdjson_detail {
/// Where the document's cursor stands: its token's location (the document's end past the last
/// token; null before any document) and its depth. On the accelerated path, read from the
/// iterator; elsewhere through the public API.
void cursor_place(csimdjson_parser *parser, const void **position, int32_t *depth) noexcept;
} // namespace csimdjson_detail

namespace {

inline bool is_json_whitespace(uint8_t byte) noexcept {
  return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r';
}

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

} // namespace

#endif // CSIMDJSON_PARSER_H
