// Going back in a document: saving and restoring where its cursor stands, moving it back to a
// value, and finding the path from the root to a value. See include/csimdjson_codable.h.

#include "csimdjson_codable.h"
#include "csimdjson_parser.h"

extern "C" void csimdjson_parser_cursor_save(csimdjson_parser *parser, csimdjson_cursor_place *place) {
  ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
  place->position = uint64_t(reinterpret_cast<uintptr_t>(iterator.position()));
  place->depth = int64_t(iterator.depth());
  place->document = parser->documents;
}

extern "C" csimdjson_error csimdjson_parser_cursor_restore(csimdjson_parser *parser,
                                                           const csimdjson_cursor_place *place) {
  if (!parser->has_document || place->document != parser->documents) { return CSIMDJSON_UNINITIALIZED; }
  ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
  internals::move_to(iterator, reinterpret_cast<ondemand::token_position>(uintptr_t(place->position)),
                     ondemand::depth_t(place->depth));
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_value_revisit(csimdjson_value *value) {
  if (is_empty(value)) { return CSIMDJSON_UNINITIALIZED; }
  const value_slot slot = load<value_slot>(value);
  if (slot.root_parser != nullptr) { return CSIMDJSON_OUT_OF_ORDER_ITERATION; }
  const ondemand::value_iterator &iterator = internals::value_iterator_of(slot.value);
  ondemand::json_iterator *json = internals::json_iterator_of(iterator);
  if (json == nullptr) { return CSIMDJSON_UNINITIALIZED; }
  // A value's iterator is at the value's depth when the cursor stands on its first token (a
  // field's value once its key and colon are read, an element once the separator is).
  internals::move_to(*json, internals::start_of(iterator), iterator.depth());
  return CSIMDJSON_SUCCESS;
}

extern "C" uint64_t csimdjson_object_start_token(const csimdjson_object *object) {
  ondemand::object cursor = load<ondemand::object>(object);
  return uint64_t(reinterpret_cast<uintptr_t>(internals::start_of(internals::object_fields(cursor))));
}

extern "C" uint64_t csimdjson_array_start_token(const csimdjson_array *array) {
  const ondemand::array cursor = load<ondemand::array>(array);
  return uint64_t(reinterpret_cast<uintptr_t>(internals::start_of(internals::array_iterator_of(cursor))));
}

extern "C" csimdjson_error csimdjson_value_start_token(const csimdjson_value *value, uint64_t *token) {
  if (is_empty(value)) { return CSIMDJSON_UNINITIALIZED; }
  const value_slot slot = load<value_slot>(value);
  if (slot.root_parser != nullptr) { return CSIMDJSON_OUT_OF_ORDER_ITERATION; }
  *token = uint64_t(reinterpret_cast<uintptr_t>(internals::start_of(internals::value_iterator_of(slot.value))));
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_parser_path_to(csimdjson_parser *parser, uint64_t target_token,
                                                    csimdjson_path_step *steps, size_t capacity, size_t *count) {
  *count = 0;
  if (!parser->has_document) { return CSIMDJSON_UNINITIALIZED; }
  ondemand::json_iterator &iterator = internals::document_iterator(parser->document);
  const ondemand::token_position root = iterator.root_position();
  const ondemand::token_position end = internals::end_position(iterator);
  const auto target = reinterpret_cast<ondemand::token_position>(uintptr_t(target_token));
  if (target < root || target >= end) { return CSIMDJSON_TAPE_ERROR; }
  std::vector<csimdjson_detail::path_frame> &frames = parser->path_frames;
  // Go on from where the last search stopped when the target lies further on (containers read out
  // of order usually come one after another through the document), else start again at the root.
  if (parser->path_document != parser->documents || parser->path_read_to == nullptr || parser->path_read_to > target) {
    frames.clear();
    parser->path_read_to = root;
    parser->path_document = parser->documents;
  }
  for (ondemand::token_position token = parser->path_read_to; token < target; ++token) {
    switch (*iterator.peek(token)) {
    case '{':
      frames.push_back({false, -1, nullptr});
      break;
    case '[':
      frames.push_back({true, 0, nullptr});
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
  const size_t first = frames.size() > capacity ? frames.size() - capacity : 0;
  for (size_t index = first; index < frames.size(); ++index) {
    const csimdjson_detail::path_frame &frame = frames[index];
    csimdjson_path_step step{frame.index, 0, 0};
    if (!frame.is_array) {
      if (frame.key == nullptr) { return CSIMDJSON_TAPE_ERROR; }
      // The key's text runs from after its opening quote to its closing quote, the last quote
      // before the colon (only whitespace lies between them).
      const uint8_t *quote = iterator.peek(frame.key);
      const uint8_t *colon = iterator.peek(frame.key + 1);
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
