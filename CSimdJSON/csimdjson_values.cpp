// CSimdJSON's value readers: types, locations, scalars, strings, number texts, and the containers
// a value opens. See include/csimdjson.h for the contract.

#include "csimdjson_values.h"
#include "csimdjson.h"

namespace {

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

extern "C" bool csimdjson_value_null_location(csimdjson_value *value, const uint8_t **location) {
  const uint8_t *first = nullptr;
  if (csimdjson_value_get_location(value, &first) != CSIMDJSON_SUCCESS) { return false; }
  bool is_null = false;
  if (csimdjson_value_is_null(value, &is_null) != CSIMDJSON_SUCCESS || !is_null) { return false; }
  *location = first;
  return true;
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

namespace {

/// On the public path, keeps where the container `value` opened into `container` starts, its first
/// byte, in the container struct's last word (the cursor takes 24 of its 32 bytes): its start token
/// (`csimdjson_object_start_token`), which the accelerated path reads from the cursor itself. The
/// word's top bits hold the container's depth (`container_depth_shift`).
template <typename Container> inline void note_start(csimdjson_value *value, Container *container) noexcept {
  static_assert(sizeof(ondemand::object) <= 3 * sizeof(uint64_t) && sizeof(ondemand::array) <= 3 * sizeof(uint64_t),
                "the container's start must fit after the cursor");
  if (csimdjson_accelerated) { return; }
  // The value's location does not move when it is opened (the root's token, a value's first byte).
  const uint8_t *location = nullptr;
  if (csimdjson_value_get_location(value, &location) != CSIMDJSON_SUCCESS) { return; }
  // Its depth, for the lookups (csimdjson_objects.cpp): where the cursor stands once a non-empty
  // object is opened, at its first key.
  uint64_t depth = 0;
  if (const csimdjson_parser *parser = csimdjson_detail::current_parser_of(location)) {
    depth = uint64_t(parser->document.current_depth()) & container_depth_mask;
  }
  container->storage[3] = uint64_t(reinterpret_cast<uintptr_t>(location)) | (depth << container_depth_shift);
}

} // namespace

extern "C" csimdjson_error csimdjson_value_get_object(csimdjson_value *value, csimdjson_object *out) {
  ondemand::object object;
  csimdjson_error error = dispatch(
      value, [&](ondemand::value &v) { return v.get_object().get(object); },
      [&](csimdjson_parser &p) { return p.document.get_object().get(object); });
  if (error == CSIMDJSON_SUCCESS) {
    store(out, object);
    note_start(value, out);
  }
  return error;
}

extern "C" csimdjson_error csimdjson_value_get_array(csimdjson_value *value, csimdjson_array *out) {
  ondemand::array array;
  csimdjson_error error = dispatch(
      value, [&](ondemand::value &v) { return v.get_array().get(array); },
      [&](csimdjson_parser &p) { return p.document.get_array().get(array); });
  if (error == CSIMDJSON_SUCCESS) {
    store(out, array);
    note_start(value, out);
  }
  return error;
}
