// CSimdJSON's objects: key lookups (each object's fields walked about once, through a per-depth key
// memo and index), fused lookups and reads, the second look for escaped keys, and iteration over an
// object's fields. See include/csimdjson.h and include/csimdjson_codable.h for the contract.

#include "csimdjson.h"
#include "csimdjson_bytes.h"
#include "csimdjson_codable.h"
#include "csimdjson_skips.h"
#include "csimdjson_values.h"

using csimdjson_detail::key_index_entry;
using csimdjson_detail::key_memo;
using csimdjson_detail::key_memo_depths;

namespace {

inline std::string_view key_view(const uint8_t *key, size_t length) noexcept {
  return std::string_view(reinterpret_cast<const char *>(key), length);
}

/// What a lookup compares with `key_memo::heads`: the key's first bytes, then its closing
/// quote, under a mask of the bytes that are known.
struct key_head {
  uint32_t bytes = 0;
  uint32_t mask = 0;

  explicit key_head(std::string_view key) noexcept {
    if (simdjson_likely(key.size() >= 4)) {
      std::memcpy(&bytes, key.data(), 4);
      mask = 0xffffffffu;
      return;
    }
    const size_t known = key.size() + 1;
    uint8_t word[4] = {0, 0, 0, 0};
    for (size_t index = 0; index < known; ++index) {
      word[index] = index < key.size() ? uint8_t(key[index]) : '"';
    }
    std::memcpy(&bytes, word, 4);
    mask = known == 4 ? 0xffffffffu : (uint32_t(1) << (8 * known)) - 1;
  }

  bool may_match(uint32_t head) const noexcept { return (head & mask) == bytes; }
};

/// The most fields one object's index keeps (16 bytes each, plus 8 in the table): 64 Ki fields
/// are 1.5 MiB per nesting level at most.
constexpr size_t key_index_limit = size_t(1) << 16;
/// Up to this many fields an index is searched linearly; above it, through its hash table. (With
/// 16, a twitter.json status, whose optional `retweeted_status` is often missing, built a table for
/// its 25 fields and hashed each later key: the plain Unbox API model took 11.25M instructions per
/// decode, 10.88M with 32 and 10.82M with 64; the user-style model 9.06M, 8.81M and 8.33M. Objects
/// of fewer fields, citm_catalog.json and gsoc-2018.json do not change. A linear search compares a
/// word per field, so a lookup costs at most 64 words.)
constexpr size_t key_index_linear = 64;

/// A field's key as text: in the document itself when it holds no backslash (its first quote is
/// then its closing quote), else unescaped into the parser's scratch buffer, bounded by the
/// distance from the key to its value. (In the document, what follows a key is readable: the rest
/// of the document or its padding. Unescaping every key, 1 MB of orders with snake_case keys read
/// through `convertFromSnakeCase` took 65.00M instructions per decode; reading plain keys in
/// place, 63.31M; `SimdJSONDecoder` on the plain Codable twitter.json model 14.57M and 14.14M.)
inline error_code read_key(csimdjson_parser &parser, ondemand::field &field, const uint8_t **bytes,
                           size_t *length) noexcept {
  const char *key = field.key().raw();
  const auto *start = reinterpret_cast<const uint8_t *>(key);
  const uint8_t *end = csimdjson_bytes::find_quote_or_backslash_padded(start);
  if (simdjson_likely(*end == '"')) {
    *bytes = start;
    *length = size_t(end - start);
    return SUCCESS;
  }
  const char *value = field.value().raw_json_token().data();
  return unescape(parser, field.key(), size_t(value - key), bytes, length);
}

/// `raw.unsafe_is_equal(key)`, with short keys compared inline: whether the document's key at
/// `raw` is `key`, which holds no quote and no backslash (so that a match ends at the document
/// key's closing quote). Reads as simdjson's does, within the document's padding.
inline bool key_matches(ondemand::raw_json_string raw, std::string_view key) noexcept {
  if (key.size() > SIMDJSON_PADDING) { return raw.unsafe_is_equal(key); }
  const char *document = raw.raw();
  return document[key.size()] == '"' && csimdjson_bytes::equal_short(document, key.data(), key.size());
}

// The accelerated lookups (csimdjson_internals.h).
#if CSIMDJSON_HAS_INTERNALS

/// The memo of the object `fields` iterates, or null (too deep, or a depth that keeps none).
inline key_memo *memo_slot(csimdjson_parser &parser, const ondemand::value_iterator &fields) noexcept {
  const ondemand::depth_t depth = fields.depth();
  if (depth < 0 || depth >= key_memo_depths || ((parser.memo_depths >> depth) & 1) == 0) { return nullptr; }
  return &parser.memos[depth];
}

/// The length of the document's key that starts at `key` (just after its opening quote) and whose
/// value's token is `value`: the key's closing quote is the last quote before the colon, the token
/// just before the value.
inline size_t document_key_length(const ondemand::json_iterator &iterator, const char *key,
                                  ondemand::token_position value) noexcept {
  const char *end = internals::token_before(iterator, value) - 1;
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

/// Ends a lookup answered from the memo of the object `fields` iterates, whose search found `entry`
/// (the key's first occurrence) or nothing: jumps to the value, or puts the cursor back at
/// `position` and `depth` (where the lookup started).
simdjson_really_inline error_code answer_with(const key_index_entry *entry, ondemand::value_iterator &fields,
                                              ondemand::json_iterator *iterator, ondemand::token_position position,
                                              ondemand::depth_t depth, ondemand::value &out) noexcept {
  if (entry == nullptr) {
    internals::move_to(*iterator, position, depth);
    return NO_SUCH_FIELD;
  }
  // As after simdjson's own `field_value()`: at the value's token, one level below the object.
  internals::move_to(*iterator, entry->value, fields.depth() + 1);
  out = internals::value_at(fields.child());
  return SUCCESS;
}

/// `answer_from_memo` for a memo of at most `key_index_linear` fields: compared from the first
/// field, so that the first of duplicated keys is the one found, each by its head before its bytes.
/// The heads are compared four at a time where SSE2 is there: a scan one head at a time
/// mispredicted its exit on nearly every answer. (1 MB of orders, Unbox API, 300 decodes in one
/// process, medians of five runs alternating with the code before: read in reverse order 0.852 s
/// before, 0.763 s after, now within 2% of document order; with six absent keys 0.943 s and
/// 0.959 s, in document order 0.782 s and 0.775 s, within the runs' spread. Instructions, which do
/// not see mispredictions, went up: reverse 40.39M to 41.42M, absent keys 41.92M to 42.04M.)
simdjson_really_inline error_code answer_from_small_memo(const key_memo &memo, std::string_view key,
                                                         ondemand::value_iterator &fields,
                                                         ondemand::json_iterator *iterator,
                                                         ondemand::token_position position, ondemand::depth_t depth,
                                                         ondemand::value &out) noexcept {
  const key_head head(key);
  const size_t count = memo.entries.size();
  const uint32_t *heads = memo.heads.data();
  const auto matches = [&](size_t index) {
    return key_matches(ondemand::raw_json_string(reinterpret_cast<const uint8_t *>(memo.entries[index].key)), key);
  };
  size_t index = 0;
#if defined(__SSE2__)
  const __m128i want = _mm_set1_epi32(int(head.bytes));
  const __m128i mask = _mm_set1_epi32(int(head.mask));
  for (; index + 4 <= count; index += 4) {
    const __m128i four = _mm_loadu_si128(reinterpret_cast<const __m128i *>(heads + index));
    auto bits = unsigned(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(four, mask), want))));
    while (bits != 0) {
      const size_t candidate = index + size_t(__builtin_ctz(bits));
      if (matches(candidate)) { return answer_with(&memo.entries[candidate], fields, iterator, position, depth, out); }
      bits &= bits - 1;
    }
  }
#endif
  for (; index < count; ++index) {
    if (head.may_match(heads[index]) && matches(index)) {
      return answer_with(&memo.entries[index], fields, iterator, position, depth, out);
    }
  }
  return answer_with(nullptr, fields, iterator, position, depth, out);
}

/// `answer_from_memo` for a larger memo: through its hash table, built on the first such search.
[[gnu::noinline]] inline error_code answer_from_hashed_memo(key_memo &memo, std::string_view key,
                                                            ondemand::value_iterator &fields,
                                                            ondemand::json_iterator *iterator, csimdjson_parser &parser,
                                                            ondemand::token_position position, ondemand::depth_t depth,
                                                            ondemand::value &out) noexcept {
  if (!memo.hashed) { build_key_table(memo, *iterator, parser.hash_seed); }
  const size_t mask = memo.table.size() - 1;
  size_t slot = size_t(csimdjson_bytes::hash(key.data(), key.size(), parser.hash_seed)) & mask;
  while (uint32_t occupant = memo.table[slot]) {
    const key_index_entry &entry = memo.entries[occupant - 1];
    if (entry.length == key.size() && equal_bytes(entry.key, key.data(), key.size())) {
      return answer_with(&entry, fields, iterator, position, depth, out);
    }
    slot = (slot + 1) & mask;
  }
  return answer_with(nullptr, fields, iterator, position, depth, out);
}

/// Answers a lookup from the complete memo of the object `fields` iterates: jumps to the value of
/// the key's first occurrence, or puts the cursor back at `position` and `depth` (where the lookup
/// started) when the object has no such key. The hash table's search is out of line: inlined with
/// the small search, it made every answer pay its larger frame (1 MB of orders through the Unbox
/// API, instructions per decode: read in reverse order 42.90M before, 42.51M after; with absent
/// keys 46.25M, 46.08M; in document order, twitter.json and citm_catalog.json unchanged). (Inlined
/// into the lookup, this function made the lookup's own walk in document order slower.)
[[gnu::noinline]] inline error_code answer_from_memo(key_memo &memo, std::string_view key,
                                                     ondemand::value_iterator &fields,
                                                     ondemand::json_iterator *iterator, csimdjson_parser &parser,
                                                     ondemand::token_position position, ondemand::depth_t depth,
                                                     ondemand::value &out) noexcept {
  if (memo.entries.size() <= key_index_linear) {
    return answer_from_small_memo(memo, key, fields, iterator, position, depth, out);
  }
  return answer_from_hashed_memo(memo, key, fields, iterator, parser, position, depth, out);
}

/// Records a field in `memo` (which follows its object from the first field on), unless the object
/// has more fields than an index keeps.
/// (Always inlined: with a second array to fill, the compiler took it out of the lookup's walk,
/// at 2.3M instructions per decode of 1 MB of orders read in reverse order.)
simdjson_really_inline void record_field(key_memo &memo, ondemand::raw_json_string key,
                                         ondemand::token_position value) noexcept {
  if (!memo.entries.empty() && key.raw() <= memo.entries.back().key) { return; }
  if (simdjson_unlikely(memo.entries.size() >= key_index_limit)) {
    memo.overflowed = true;
    memo.object = nullptr;
    return;
  }
  uint32_t head;
  std::memcpy(&head, key.raw(), 4); // within the document's padding
  memo.entries.push_back(key_index_entry{key.raw(), value, 0});
  memo.heads.push_back(head);
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
/// nowhere leaves the cursor where it was. `Plain`: the caller checked that the key holds no quote
/// and no backslash (the `_plain` entry points).
template <bool Plain>
inline error_code find_field_checked(ondemand::object &object, std::string_view key, ondemand::value &out) noexcept {
  // simdjson compares a key with the raw bytes of the document's keys: a key holding a backslash
  // would match a different, escaped key (`a\` matches `"a\"b"`), and one holding a quote could
  // read past the key. Such keys only match by their unescaped value, which the caller looks up
  // by iterating the keys. (A plain key was checked by the caller, once for many lookups.)
  if constexpr (!Plain) {
    if (simdjson_unlikely(csimdjson_bytes::has_quote_or_backslash(key.data(), key.size()))) { return NO_SUCH_FIELD; }
  }
  ondemand::value_iterator &fields = internals::object_fields(object);
  ondemand::json_iterator *iterator = internals::json_iterator_of(fields);
  const ondemand::token_position position = iterator->position();
  const ondemand::depth_t depth = iterator->depth();
  csimdjson_parser &parser = internals::owner<csimdjson_parser>(iterator);
  key_memo *memo = memo_slot(parser, fields);
  error_code error;
  const ondemand::token_position start = internals::start_of(fields);
  // Step 1.
  if (memo != nullptr && memo->object == start && memo->complete) {
    return answer_from_memo(*memo, key, fields, iterator, parser, position, depth, out);
  }
  // Step 2, as simdjson's `value_iterator::find_field_raw`: from the first field, from the end of
  // the field the cursor is in, or nothing when the object was read to its end. (Without a memo
  // too, rather than through simdjson's own ordered lookup, which compares keys with a call to
  // `memcmp`: 1 MB of orders read in document order, 36.33M instructions per decode before,
  // 35.64M after; citm_catalog.json 24.26M before, 23.75M after.)
  bool has_field = false;
  bool recording = false;
  // Whether this lookup walks the fields to the object's end (not so when it was read to its end).
  bool walking = true;
  if (fields.at_first_field()) {
    has_field = true;
    if (memo != nullptr) {
      memo->start(start);
      recording = true;
    }
  } else if (!fields.is_open()) {
    walking = false;
  } else {
    if ((error = skip_child(fields))) {
      fields.abandon();
      return error;
    }
    if ((error = fields.has_next_field().get(has_field))) {
      fields.abandon();
      return error;
    }
    // The memo follows the fields from the first one as long as every move over them is a lookup's.
    recording = memo != nullptr && memo->object == start;
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
      out = internals::value_at(fields.child());
      return SUCCESS;
    }
    if ((error = skip_value(fields))) { return error; }
    if ((error = fields.has_next_field().get(has_field))) {
      fields.abandon();
      return error;
    }
  }
  // Step 3. A walk has put the cursor just past the object's closing bracket.
  if (walking) { note_container_end(parser, *iterator, start, fields.depth()); }
  if (recording && memo->object == start) {
    memo->complete = true;
    return answer_from_memo(*memo, key, fields, iterator, parser, position, depth, out);
  }
  return find_field_before(object, key, out, parser, position, depth);
}

/// Walks the object `fields` iterates from its first field to its end, recording every field in
/// `memo`; the memo is complete unless the object has more fields than an index keeps.
inline error_code index_object(ondemand::object &object, key_memo &memo, ondemand::token_position start) noexcept {
  ondemand::value_iterator &fields = internals::object_fields(object);
  ondemand::json_iterator *iterator = internals::json_iterator_of(fields);
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
    if ((error = skip_value(fields))) { return error; }
    if ((error = fields.has_next_field().get(has_field))) { return error; }
  }
  note_container_end(internals::owner<csimdjson_parser>(iterator), *iterator, start, fields.depth());
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
  ondemand::value_iterator &fields = internals::object_fields(object);
  ondemand::json_iterator *iterator = internals::json_iterator_of(fields);
  const ondemand::depth_t object_depth = fields.depth();
  error_code error;
  if (object_depth >= 0 && object_depth < key_memo_depths) {
    key_memo &memo = parser.memos[object_depth];
    if (((parser.memo_depths >> object_depth) & 1) == 0) {
      memo.object = nullptr;
      parser.memo_depths |= uint32_t(1) << object_depth;
      start_keeping_container_ends(parser);
    }
    if ((error = index_object(object, memo, internals::start_of(fields)))) { return error; }
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
      out = internals::value_at(fields.child());
      return SUCCESS;
    }
    if ((error = skip_value(fields))) { return error; }
    if ((error = fields.has_next_field().get(has_field))) { return error; }
  }
  // Not found: back to where the lookup started, as simdjson's own unordered lookup leaves it.
  internals::move_to(*iterator, position, depth);
  return NO_SUCH_FIELD;
}

#endif // CSIMDJSON_HAS_INTERNALS

/// Searches `object`'s fields for `key` with the public iterators, from where the cursor stands
/// (the first field, or after `reset`), comparing raw keys as the accelerated lookup does, so that
/// the first of duplicate keys is the one found. A value missing before a separator or a closing
/// bracket (`{"x":,"y":1}`), which simdjson's skip would take for the end of a value read before,
/// is malformed JSON (TAPE_ERROR, with the cursor on the separator: the error's place).
inline error_code search_fields(ondemand::object &object, std::string_view key, ondemand::value &out) noexcept {
  ondemand::object_iterator iterator;
  SIMDJSON_TRY(object.begin().get(iterator));
  while (!iterator_at_end(iterator)) {
    ondemand::field field;
    SIMDJSON_TRY((*iterator).get(field));
    if (key_matches(field.key(), key)) {
      out = field.value();
      return SUCCESS;
    }
    if (is_missing_value(field.value().raw_json_token()[0])) { return TAPE_ERROR; }
    ++iterator;
  }
  return NO_SUCH_FIELD;
}

/// The lookup over simdjson's public API (see csimdjson_internals.h). A lookup at the object's first
/// field searches with the public iterators (`search_fields`, which also rejects a missing value);
/// one elsewhere uses `object::find_field_unordered`, which searches on from the cursor and wraps
/// around. Either leaves the cursor where it was when no field has the key. Once a key is missing
/// in an object at some depth, a key found in the objects at that depth of the document is found
/// again from the first field (`object::reset`), so that the first of duplicate keys is the one
/// found, as the accelerated path's key memos find it there. The same key check as the accelerated
/// lookup's.
template <bool Plain>
inline error_code find_field_public(ondemand::object &object, csimdjson_object *opaque, std::string_view key,
                                    ondemand::value &out) noexcept {
  if constexpr (!Plain) {
    if (simdjson_unlikely(csimdjson_bytes::has_quote_or_backslash(key.data(), key.size()))) { return NO_SUCH_FIELD; }
  }
  const auto *start = reinterpret_cast<const uint8_t *>(uintptr_t(opaque->storage[3] & container_start_mask));
  const auto depth = unsigned((opaque->storage[3] >> container_depth_shift) & container_depth_mask);
  csimdjson_parser *parser = start == nullptr ? nullptr : csimdjson_detail::current_parser_of(start);
  // (Never without a parser for an object the shim opened.)
  if (simdjson_unlikely(parser == nullptr)) { return object.find_field_unordered(key).get(out); }
  const uint64_t depth_bit = depth < 64 ? uint64_t(1) << depth : 0;
  bool has_fields = false;
  // At the first field: the first key's location, after the `{` and any whitespace.
  const uint8_t *first_key = start + 1;
  while (is_json_whitespace(*first_key)) {
    ++first_key;
  }
  const char *location = nullptr;
  const bool at_first_field =
      !parser->document.current_location().get(location) && reinterpret_cast<const uint8_t *>(location) == first_key;
  if (at_first_field) {
    const error_code error = search_fields(object, key, out);
    if (error != NO_SUCH_FIELD) { return error; }
    // Where the lookup started, as a lookup that finds nothing leaves the cursor.
    parser->from_start_depths |= depth_bit;
    SIMDJSON_TRY(object.reset().get(has_fields));
    return NO_SUCH_FIELD;
  }
  // Elsewhere `find_field_unordered`, which leaves the cursor where it was when it finds nothing.
  const error_code error = object.find_field_unordered(key).get(out);
  if (error == NO_SUCH_FIELD) { parser->from_start_depths |= depth_bit; }
  if (error || (parser->from_start_depths & depth_bit) == 0) { return error; }
  // The key is there: its first copy, from the first field.
  SIMDJSON_TRY(object.reset().get(has_fields));
  return search_fields(object, key, out);
}

/// Forgets what lookups learned about `object`: its fields are about to move in ways the memo does
/// not follow (iteration over them, a search by unescaped key). The public path keeps no memo.
inline void forget_keys(ondemand::object &object) noexcept {
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    const ondemand::value_iterator &fields = internals::object_fields(object);
    ondemand::json_iterator *iterator = internals::json_iterator_of(fields);
    if (iterator == nullptr) { return; }
    csimdjson_parser &parser = internals::owner<csimdjson_parser>(iterator);
    key_memo *memo = memo_slot(parser, fields);
    if (memo != nullptr && memo->object == internals::start_of(fields)) { memo->object = nullptr; }
  }
#else
  (void)object;
#endif
}

/// The lookup of the C API: the accelerated one where verified, else the public one.
template <bool Plain>
simdjson_really_inline error_code find_field(ondemand::object &object, csimdjson_object *opaque, std::string_view key,
                                             ondemand::value &out) noexcept {
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) { return find_field_checked<Plain>(object, key, out); }
#endif
  return find_field_public<Plain>(object, opaque, key, out);
}

/// Finds `key` and reads it with `read`; on a read error (or always, with `always_store`) the
/// field's value goes to `out`.
template <bool Plain, bool always_store = false, typename Read>
inline csimdjson_error find_and_read(csimdjson_object *opaque, const uint8_t *key, size_t key_length,
                                     csimdjson_value *out, Read &&read) noexcept {
  ondemand::object object = load<ondemand::object>(opaque);
  ondemand::value value;
  error_code error = find_field<Plain>(object, opaque, key_view(key, key_length), value);
  if (simdjson_unlikely(error)) { return code(error); }
  error = read(value);
  if (always_store || simdjson_unlikely(error)) { store_value(out, value); }
  return code(error);
}

// The lookups of the C API, each behind its entry point and, where callers check keys once for
// many lookups, its `_plain` twin (`Plain`).

template <bool Plain>
inline csimdjson_error object_find_field(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                         csimdjson_value *out) noexcept {
  return find_and_read<Plain, true>(object, key, key_length, out, [](ondemand::value &) { return SUCCESS; });
}

template <bool Plain>
inline csimdjson_error object_find_int64(csimdjson_object *object, const uint8_t *key, size_t key_length, int64_t *out,
                                         csimdjson_value *value) noexcept {
  return find_and_read<Plain, true>(object, key, key_length, value,
                                    [&](ondemand::value &v) { return v.get_int64().get(*out); });
}

template <bool Plain>
inline csimdjson_error object_find_uint64(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                          uint64_t *out, csimdjson_value *value) noexcept {
  return find_and_read<Plain, true>(object, key, key_length, value,
                                    [&](ondemand::value &v) { return v.get_uint64().get(*out); });
}

template <bool Plain>
inline csimdjson_error object_find_double(csimdjson_object *opaque, const uint8_t *key, size_t key_length, double *out,
                                          csimdjson_value *value) noexcept {
  ondemand::object object = load<ondemand::object>(opaque);
  ondemand::value found;
  error_code error = find_field<Plain>(object, opaque, key_view(key, key_length), found);
  if (simdjson_unlikely(error)) { return code(error); }
  error = checked_get_double(found, *out);
  // A zero goes back with its value, whose text the caller checks (`-0`, `0e5`, or a number too
  // small for a `Double`), rather than looking the field up again: a second lookup of the key cost
  // a walk to the object's end and back, and could find a later copy of the key.
  if (simdjson_unlikely(error || *out == 0)) { store_value(value, found); }
  return code(error);
}

template <bool Plain>
inline csimdjson_error object_find_bool(csimdjson_object *object, const uint8_t *key, size_t key_length, bool *out,
                                        csimdjson_value *value) noexcept {
  return find_and_read<Plain>(object, key, key_length, value,
                              [&](ondemand::value &v) { return v.get_bool().get(*out); });
}

template <bool Plain>
inline csimdjson_error object_find_string(csimdjson_parser *parser, csimdjson_object *object, const uint8_t *key,
                                          size_t key_length, const uint8_t **bytes, size_t *length,
                                          csimdjson_value *value) noexcept {
  return find_and_read<Plain>(object, key, key_length, value,
                              [&](ondemand::value &v) { return read_string(*parser, v, bytes, length); });
}

} // namespace

extern "C" csimdjson_error csimdjson_object_find_field(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                       csimdjson_value *out) {
  return object_find_field<false>(object, key, key_length, out);
}

extern "C" csimdjson_error csimdjson_object_find_field_plain(csimdjson_object *object, const uint8_t *key,
                                                             size_t key_length, csimdjson_value *out) {
  return object_find_field<true>(object, key, key_length, out);
}

extern "C" csimdjson_error csimdjson_object_find_field_or_null(csimdjson_object *object, const uint8_t *key,
                                                               size_t key_length, csimdjson_value *out, bool *is_null) {
  return find_and_read<false, true>(object, key, key_length, out,
                                    [&](ondemand::value &v) { return v.is_null().get(*is_null); });
}

extern "C" csimdjson_error csimdjson_object_find_field_unescaped(csimdjson_parser *parser, csimdjson_object *object,
                                                                 const uint8_t *key, size_t key_length,
                                                                 csimdjson_value *out, bool *has_escaped_keys) {
  *has_escaped_keys = false;
  ondemand::object cursor = load<ondemand::object>(object);
  forget_keys(cursor);
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

extern "C" csimdjson_error csimdjson_object_find_int64(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                       int64_t *out, csimdjson_value *value) {
  return object_find_int64<false>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_int64_plain(csimdjson_object *object, const uint8_t *key,
                                                             size_t key_length, int64_t *out, csimdjson_value *value) {
  return object_find_int64<true>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_uint64(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                        uint64_t *out, csimdjson_value *value) {
  return object_find_uint64<false>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_uint64_plain(csimdjson_object *object, const uint8_t *key,
                                                              size_t key_length, uint64_t *out,
                                                              csimdjson_value *value) {
  return object_find_uint64<true>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_double(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                        double *out, csimdjson_value *value) {
  return object_find_double<false>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_double_plain(csimdjson_object *object, const uint8_t *key,
                                                              size_t key_length, double *out, csimdjson_value *value) {
  return object_find_double<true>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_bool(csimdjson_object *object, const uint8_t *key, size_t key_length,
                                                      bool *out, csimdjson_value *value) {
  return object_find_bool<false>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_bool_plain(csimdjson_object *object, const uint8_t *key,
                                                            size_t key_length, bool *out, csimdjson_value *value) {
  return object_find_bool<true>(object, key, key_length, out, value);
}

extern "C" csimdjson_error csimdjson_object_find_string(csimdjson_parser *parser, csimdjson_object *object,
                                                        const uint8_t *key, size_t key_length, const uint8_t **bytes,
                                                        size_t *length, csimdjson_value *value) {
  return object_find_string<false>(parser, object, key, key_length, bytes, length, value);
}

extern "C" csimdjson_error csimdjson_object_find_string_plain(csimdjson_parser *parser, csimdjson_object *object,
                                                              const uint8_t *key, size_t key_length,
                                                              const uint8_t **bytes, size_t *length,
                                                              csimdjson_value *value) {
  return object_find_string<true>(parser, object, key, key_length, bytes, length, value);
}

extern "C" csimdjson_error csimdjson_object_iterate(csimdjson_object *object, csimdjson_object_iterator *iterator) {
  ondemand::object cursor = load<ondemand::object>(object);
  forget_keys(cursor);
  object_iterator_slot slot{};
  error_code error = cursor.begin().get(slot.iterator);
  if (error) { return code(error); }
  slot.started = false;
  slot.written = true;
  store(iterator, slot);
  return CSIMDJSON_SUCCESS;
}

namespace {

/// Moves the iterator to its next field (`*has_field` false at the end), which `field` then holds.
simdjson_inline error_code next_field(csimdjson_parser &parser, csimdjson_object_iterator *iterator, bool *has_field,
                                      ondemand::field &field) noexcept {
  object_iterator_slot slot = load<object_iterator_slot>(iterator);
  if (slot.started) {
#if CSIMDJSON_HAS_INTERNALS
    if (csimdjson_accelerated) {
      // `++slot.iterator`, with the value skipped by the shim's `skip_child` (csimdjson_skips.h).
      ondemand::value_iterator &fields = internals::object_fields(slot.iterator);
      if (fields.is_open() && !skip_child(fields)) { (void)fields.has_next_field(); }
    } else
#endif
    {
      ++slot.iterator;
    }
  }
  slot.started = true;
  if (iterator_at_end(slot.iterator)) {
    store(iterator, slot);
    *has_field = false;
    return SUCCESS;
  }
  error_code error = (*slot.iterator).get(field);
  // Stored once dereferenced: simdjson 4's debug iterators check that they were before they move.
  store(iterator, slot);
  if (error) { return error; }
  // The cursor stands on the missing value: the error's place.
  if (!csimdjson_accelerated && is_missing_value(field.value().raw_json_token()[0])) { return TAPE_ERROR; }
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    // The iteration moves over the object's fields behind its lookups' back (the iterator stands
    // on the field's value, one level deeper than the object).
    const ondemand::depth_t object_depth = internals::document_iterator(parser.document).depth() - 1;
    if (object_depth >= 0 && object_depth < key_memo_depths) { parser.memos[object_depth].object = nullptr; }
  }
#else
  (void)parser;
#endif
  *has_field = true;
  return SUCCESS;
}

} // namespace

extern "C" csimdjson_error csimdjson_object_iterator_next(csimdjson_parser *parser, csimdjson_object_iterator *iterator,
                                                          bool *has_field, const uint8_t **key, size_t *key_length,
                                                          csimdjson_value *value) {
  ondemand::field field;
  error_code error = next_field(*parser, iterator, has_field, field);
  if (error || !*has_field) { return code(error); }
  error = read_key(*parser, field, key, key_length);
  if (error) { return code(error); }
  store_value(value, field.value());
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_object_iterator_next_read(csimdjson_parser *parser,
                                                               csimdjson_object_iterator *iterator,
                                                               const uint8_t *expected, size_t expected_length,
                                                               csimdjson_read_kind kind, bool *has_field, bool *matched,
                                                               const uint8_t **key, size_t *key_length,
                                                               csimdjson_scalar *out, csimdjson_value *value) {
  *matched = false;
  ondemand::field field;
  error_code error = next_field(*parser, iterator, has_field, field);
  if (error || !*has_field) { return code(error); }
  if (!key_matches(field.key(), key_view(expected, expected_length))) {
    error = read_key(*parser, field, key, key_length);
    if (error) { return code(error); }
    store_value(value, field.value());
    return CSIMDJSON_SUCCESS;
  }
  *matched = true;
  ondemand::value &field_value = field.value();
  switch (kind) {
  case CSIMDJSON_READ_INT64:
    error = field_value.get_int64().get(out->int64);
    break;
  case CSIMDJSON_READ_UINT64:
    error = field_value.get_uint64().get(out->uint64);
    break;
  case CSIMDJSON_READ_DOUBLE:
    error = checked_get_double(field_value, out->number);
    break;
  case CSIMDJSON_READ_BOOL:
    error = field_value.get_bool().get(out->boolean);
    break;
  case CSIMDJSON_READ_STRING:
    error = read_string(*parser, field_value, &out->bytes, &out->length);
    break;
  default:
    break;
  }
  store_value(value, field_value);
  return code(error);
}

extern "C" csimdjson_error csimdjson_object_reset(csimdjson_object *object, bool *has_fields) {
  ondemand::object cursor = load<ondemand::object>(object);
  return code(cursor.reset().get(*has_fields));
}
