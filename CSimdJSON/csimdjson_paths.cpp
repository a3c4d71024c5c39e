// Going back in a document: saving and restoring where its cursor stands, moving it back to a
// value, and finding the path from the root to a value. See include/csimdjson_codable.h.

#include "csimdjson.h"
#include "csimdjson_codable.h"
#include "csimdjson_parser.h"

namespace {

/// Where the document's cursor stands, through the public API: the location of its token (the
/// document's end past the last one) and its depth.
inline void public_place(csimdjson_parser &parser, const uint8_t *&location, int32_t &depth) noexcept {
  const void *position = nullptr;
  csimdjson_detail::cursor_place(&parser, &position, &depth);
  location = static_cast<const uint8_t *>(position);
}

/// The public path's `csimdjson_parser_path_to`: the containers open at byte `target` of the
/// document, found by reading its bytes from the start (or from where the last search stopped),
/// outside strings: `{`, `[`, `,`, `:` and the closing brackets, as the accelerated path reads the
/// structural tokens. stage 1 validated the strings, so a quote after an even run of backslashes
/// closes one.
inline csimdjson_error public_path_to(csimdjson_parser &parser, const uint8_t *target) noexcept {
  const uint8_t *const start = parser.document_start;
  if (target < start || target >= start + parser.document_length) { return CSIMDJSON_TAPE_ERROR; }
  std::vector<csimdjson_detail::path_frame> &frames = parser.path_frames;
  auto read_to = reinterpret_cast<const uint8_t *>(parser.path_read_to);
  if (parser.path_document != parser.documents || read_to == nullptr || read_to > target) {
    frames.clear();
    read_to = start;
    parser.path_document = parser.documents;
  }
  // The last string's opening quote: a key when a colon follows it.
  const uint8_t *string_start = nullptr;
  for (const uint8_t *byte = read_to; byte < target; ++byte) {
    switch (*byte) {
    case '"':
      string_start = byte;
      for (++byte; byte < target && *byte != '"'; ++byte) {
        if (*byte == '\\') { ++byte; }
      }
      break;
    case '{':
      frames.push_back({false, -1, nullptr, byte});
      break;
    case '[':
      frames.push_back({true, 0, nullptr, byte});
      break;
    case '}':
    case ']':
      if (!frames.empty()) { frames.pop_back(); }
      break;
    case ',':
      if (!frames.empty() && frames.back().is_array) { ++frames.back().index; }
      break;
    case ':':
      // The key's opening quote, kept where the accelerated path keeps the key's token.
      if (!frames.empty()) { frames.back().key = reinterpret_cast<ondemand::token_position>(string_start); }
      break;
    default:
      break;
    }
  }
  parser.path_read_to = reinterpret_cast<ondemand::token_position>(target);
  return CSIMDJSON_SUCCESS;
}

/// Reads `value` to its end, whatever its type, leaving the cursor just after it (at the separator
/// or closing bracket that follows), through the readers of the public API.
inline error_code consume_value(ondemand::value value) noexcept {
  ondemand::json_type type;
  SIMDJSON_TRY(value.type().get(type));
  std::string_view ignored;
  switch (type) {
  case ondemand::json_type::object: {
    ondemand::object object;
    SIMDJSON_TRY(value.get_object().get(object));
    return object.raw_json().get(ignored);
  }
  case ondemand::json_type::array: {
    ondemand::array array;
    SIMDJSON_TRY(value.get_array().get(array));
    return array.raw_json().get(ignored);
  }
  case ondemand::json_type::string: {
    ondemand::raw_json_string raw;
    return value.get_raw_json_string().get(raw);
  }
  case ondemand::json_type::boolean: {
    bool boolean = false;
    return value.get_bool().get(boolean);
  }
  case ondemand::json_type::null: {
    bool is_null = false;
    return value.is_null().get(is_null);
  }
  default: {
    double number = 0;
    return value.get_double().get(number);
  }
  }
}

/// Whether the document's cursor stands at `location` with `depth`.
inline bool stands_at(csimdjson_parser &parser, const uint8_t *location, int32_t depth) noexcept {
  const uint8_t *here = nullptr;
  int32_t here_depth = 0;
  public_place(parser, here, here_depth);
  return here == location && here_depth == depth;
}

/// The public path's cursor move (`csimdjson_parser_cursor_restore`, `csimdjson_value_revisit`):
/// puts the document's cursor at the token at `location`, with `depth`, as the reads that reached
/// it left it. The public API moves the cursor back only to the root (`document::rewind`), so the
/// move starts there and reads its way down: the containers open at `location` (found by reading the
/// document's bytes, as `public_path_to` does) are opened in turn, their children before the one
/// that leads on read to their end, and in the innermost one the cursor stops where it stands at
/// `location` with `depth` (a negative `depth`: the depth of a value that starts at `location`): at
/// a key, a value or the separator after one. Costs a read of the
/// document up to `location`: only containers used after their parent moved on pay it.
/// @returns OUT_OF_ORDER_ITERATION when no read stands there (a place inside a token, a depth
///          that reads never give), or the error of a read on the way.
inline error_code public_move_to(csimdjson_parser &parser, const uint8_t *location, int32_t depth) noexcept {
  if (depth >= 0 && stands_at(parser, location, depth)) { return SUCCESS; }
  // The containers open at `location`, from a scan of its own (the path's scan keeps its place).
  std::vector<csimdjson_detail::path_frame> frames = parser.path_frames;
  const ondemand::token_position read_to = parser.path_read_to;
  const uint64_t read_document = parser.path_document;
  const csimdjson_error scanned = public_path_to(parser, location);
  std::vector<csimdjson_detail::path_frame> open;
  open.swap(parser.path_frames);
  parser.path_frames = std::move(frames);
  parser.path_read_to = read_to;
  parser.path_document = read_document;
  const bool at_end = location == parser.document_start + parser.document_length;
  if (scanned != CSIMDJSON_SUCCESS && !at_end) { return OUT_OF_ORDER_ITERATION; }
  // A value's first token: one level below the containers open there (the root is at depth 1).
  if (depth < 0) { depth = int32_t(open.size()) + 1; }
  parser.document.rewind();
  if (at_end) {
    std::string_view ignored;
    SIMDJSON_TRY(parser.document.raw_json().get(ignored));
    return stands_at(parser, location, depth) ? SUCCESS : OUT_OF_ORDER_ITERATION;
  }
  if (open.empty()) { return OUT_OF_ORDER_ITERATION; }
  // The root container, then each container down to the innermost one.
  ondemand::object object;
  ondemand::array array;
  bool is_array = open[0].is_array;
  if (is_array) {
    SIMDJSON_TRY(parser.document.get_array().get(array));
  } else {
    SIMDJSON_TRY(parser.document.get_object().get(object));
  }
  for (size_t level = 0; level < open.size(); ++level) {
    const uint8_t *next = level + 1 < open.size() ? open[level + 1].start : nullptr;
    bool descended = false;
    const auto visit = [&](ondemand::value child) -> error_code {
      const uint8_t *child_start = reinterpret_cast<const uint8_t *>(child.raw_json_token().data());
      if (next != nullptr && child_start == next) {
        is_array = open[level + 1].is_array;
        descended = true;
        return is_array ? child.get_array().get(array) : child.get_object().get(object);
      }
      return consume_value(child);
    };
    if (is_array) {
      ondemand::array_iterator iterator;
      SIMDJSON_TRY(array.begin().get(iterator));
      while (!iterator_at_end(iterator)) {
        if (stands_at(parser, location, depth)) { return SUCCESS; }
        ondemand::value child;
        SIMDJSON_TRY((*iterator).get(child));
        SIMDJSON_TRY(visit(child));
        if (descended) { break; }
        if (stands_at(parser, location, depth)) { return SUCCESS; }
        ++iterator;
      }
    } else {
      ondemand::object_iterator iterator;
      SIMDJSON_TRY(object.begin().get(iterator));
      while (!iterator_at_end(iterator)) {
        if (stands_at(parser, location, depth)) { return SUCCESS; }
        ondemand::field field;
        SIMDJSON_TRY((*iterator).get(field));
        if (stands_at(parser, location, depth)) { return SUCCESS; }
        SIMDJSON_TRY(visit(field.value()));
        if (descended) { break; }
        if (stands_at(parser, location, depth)) { return SUCCESS; }
        ++iterator;
      }
    }
    if (!descended) { break; }
  }
  return stands_at(parser, location, depth) ? SUCCESS : OUT_OF_ORDER_ITERATION;
}

} // namespace

extern "C" void csimdjson_parser_cursor_save(csimdjson_parser *parser, csimdjson_cursor_place *place) {
  place->document = parser->documents;
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
    place->position = uint64_t(reinterpret_cast<uintptr_t>(iterator.position()));
    place->depth = int64_t(iterator.depth());
    return;
  }
#endif
  const uint8_t *location = nullptr;
  int32_t depth = 0;
  public_place(*parser, location, depth);
  place->position = uint64_t(reinterpret_cast<uintptr_t>(location));
  place->depth = depth;
}

extern "C" csimdjson_error csimdjson_parser_cursor_restore(csimdjson_parser *parser,
                                                           const csimdjson_cursor_place *place) {
  if (!parser->has_document || place->document != parser->documents) { return CSIMDJSON_UNINITIALIZED; }
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
    internals::move_to(iterator, reinterpret_cast<ondemand::token_position>(uintptr_t(place->position)),
                       ondemand::depth_t(place->depth));
    return CSIMDJSON_SUCCESS;
  }
#endif
  return code(
      public_move_to(*parser, reinterpret_cast<const uint8_t *>(uintptr_t(place->position)), int32_t(place->depth)));
}

extern "C" csimdjson_error csimdjson_value_revisit(csimdjson_value *value) {
  if (is_empty(value)) { return CSIMDJSON_UNINITIALIZED; }
  value_slot slot = load<value_slot>(value);
  if (slot.root_parser != nullptr) { return CSIMDJSON_OUT_OF_ORDER_ITERATION; }
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    const ondemand::value_iterator &iterator = internals::value_iterator_of(slot.value);
    ondemand::json_iterator *json = internals::json_iterator_of(iterator);
    if (json == nullptr) { return CSIMDJSON_UNINITIALIZED; }
    // A value's iterator is at the value's depth when the cursor stands on its first token (a
    // field's value once its key and colon are read, an element once the separator is).
    internals::move_to(*json, internals::start_of(iterator), iterator.depth());
    return CSIMDJSON_SUCCESS;
  }
#endif
  // Nothing public leads from a value to its parser: the parser whose document holds the value.
  const auto *start = reinterpret_cast<const uint8_t *>(slot.value.raw_json_token().data());
  csimdjson_parser *parser = csimdjson_detail::parser_of(start);
  if (parser == nullptr) { return CSIMDJSON_UNINITIALIZED; }
  return code(public_move_to(*parser, start, -1));
}

extern "C" uint64_t csimdjson_object_start_token(const csimdjson_object *object) {
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    ondemand::object cursor = load<ondemand::object>(object);
    return uint64_t(reinterpret_cast<uintptr_t>(internals::start_of(internals::object_fields(cursor))));
  }
#endif
  // The public path keeps the object's first byte in its struct's last word, below its depth
  // (csimdjson_layout.h).
  return object->storage[3] & container_start_mask;
}

extern "C" uint64_t csimdjson_array_start_token(const csimdjson_array *array) {
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    const ondemand::array cursor = load<ondemand::array>(array);
    return uint64_t(reinterpret_cast<uintptr_t>(internals::start_of(internals::array_iterator_of(cursor))));
  }
#endif
  return array->storage[3] & container_start_mask;
}

extern "C" csimdjson_error csimdjson_value_start_token(const csimdjson_value *value, uint64_t *token) {
  if (is_empty(value)) { return CSIMDJSON_UNINITIALIZED; }
  value_slot slot = load<value_slot>(value);
  if (slot.root_parser != nullptr) { return CSIMDJSON_OUT_OF_ORDER_ITERATION; }
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    *token = uint64_t(reinterpret_cast<uintptr_t>(internals::start_of(internals::value_iterator_of(slot.value))));
    return CSIMDJSON_SUCCESS;
  }
#endif
  *token = uint64_t(reinterpret_cast<uintptr_t>(slot.value.raw_json_token().data()));
  return CSIMDJSON_SUCCESS;
}

namespace {

/// The opening quote of the key a path frame names: its token on the accelerated path, the quote
/// itself on the public one.
inline const uint8_t *key_quote(csimdjson_parser &parser, ondemand::token_position key) noexcept {
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) { return internals::document_iterator(parser.document).peek(key); }
#else
  (void)parser;
#endif
  return reinterpret_cast<const uint8_t *>(key);
}

} // namespace

extern "C" csimdjson_error csimdjson_parser_path_to(csimdjson_parser *parser, uint64_t target_token,
                                                    csimdjson_path_step *steps, size_t capacity, size_t *count) {
  *count = 0;
  if (!parser->has_document) { return CSIMDJSON_UNINITIALIZED; }
  std::vector<csimdjson_detail::path_frame> &frames = parser->path_frames;
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
    const ondemand::token_position root = iterator.root_position();
    const ondemand::token_position end = internals::end_position(iterator);
    const auto target = reinterpret_cast<ondemand::token_position>(uintptr_t(target_token));
    if (target < root || target >= end) { return CSIMDJSON_TAPE_ERROR; }
    // Go on from where the last search stopped when the target lies further on (containers read
    // out of order usually come one after another through the document), else start again at the
    // root.
    if (parser->path_document != parser->documents || parser->path_read_to == nullptr ||
        parser->path_read_to > target) {
      frames.clear();
      parser->path_read_to = root;
      parser->path_document = parser->documents;
    }
    for (ondemand::token_position token = parser->path_read_to; token < target; ++token) {
      switch (*iterator.peek(token)) {
      case '{':
        frames.push_back({false, -1, nullptr, nullptr});
        break;
      case '[':
        frames.push_back({true, 0, nullptr, nullptr});
        break;
      case '}':
      case ']':
        if (!frames.empty()) { frames.pop_back(); }
        break;
      case ',':
        if (!frames.empty() && frames.back().is_array) { ++frames.back().index; }
        break;
      case ':':
        if (!frames.empty()) { frames.back().key = token - 1; }
        break;
      default:
        break;
      }
    }
    parser->path_read_to = target;
  } else
#endif
  {
    const csimdjson_error error = public_path_to(*parser, reinterpret_cast<const uint8_t *>(uintptr_t(target_token)));
    if (error) { return error; }
  }
  const size_t first = frames.size() > capacity ? frames.size() - capacity : 0;
  for (size_t index = first; index < frames.size(); ++index) {
    const csimdjson_detail::path_frame &frame = frames[index];
    csimdjson_path_step step{frame.index, 0, 0};
    if (!frame.is_array) {
      if (frame.key == nullptr) { return CSIMDJSON_TAPE_ERROR; }
      // The key's text runs from after its opening quote to its closing quote, the last quote
      // before the colon (only whitespace lies between them).
      const uint8_t *quote = key_quote(*parser, frame.key);
      // The colon follows the key's closing quote (a quote after no backslash escape).
      const uint8_t *colon = quote + 1;
      while (*colon != '"') {
        colon += *colon == '\\' ? 2 : 1;
      }
      while (*colon != ':') {
        ++colon;
      }
      const uint8_t *closing = colon - 1;
      while (closing > quote && *closing != '"') {
        --closing;
      }
      if (*quote != '"' || closing == quote) { return CSIMDJSON_TAPE_ERROR; }
      step.index = -1;
      step.key_offset = uint32_t(quote + 1 - parser->document_start);
      step.key_length = uint32_t(closing - quote - 1);
    }
    steps[(*count)++] = step;
  }
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_parser_key_text(csimdjson_parser *parser, const csimdjson_path_step *step,
                                                     const uint8_t **bytes, size_t *length) {
  if (!parser->has_document || size_t(step->key_offset) + step->key_length > parser->document_length) {
    return CSIMDJSON_TAPE_ERROR;
  }
  const uint8_t *text = parser->document_start + step->key_offset;
  if (std::memchr(text, '\\', step->key_length) == nullptr) {
    *bytes = text;
    *length = step->key_length;
    return CSIMDJSON_SUCCESS;
  }
  // With its closing quote, which the unescaper stops at.
  return code(unescape(*parser, ondemand::raw_json_string(text), size_t(step->key_length) + 1, bytes, length));
}
