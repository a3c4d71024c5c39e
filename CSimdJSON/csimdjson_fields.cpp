// One pass over an object's fields with their raw keys (csimdjson_fields.h), through simdjson's
// public On-Demand API only: `object::begin()`, `object_iterator`'s `*` and `++`, `field::key()`,
// `field::value()` and `value::raw_json_token()`. Nothing here reaches simdjson's internals, so
// this file builds on every simdjson 3.x and 4.x release.
#include "csimdjson_fields.h"

#include <simdjson.h>

#include <cstring>
#include <type_traits>

using namespace simdjson;

namespace {

/// The iteration, and whether its current field was handed out (then `++` comes first).
struct fields_slot {
  ondemand::object_iterator iterator;
  bool started;
};

/// How a `csimdjson_value` holds a field's value: the value, then a null pointer that says it is
/// not the document's root. The same layout as `value_slot` in csimdjson_layout.h, which every
/// reader of csimdjson.h loads.
struct field_value_slot {
  ondemand::value value;
  void *root_parser;
};

static_assert(sizeof(fields_slot) <= sizeof(csimdjson_object_fields) &&
                  alignof(fields_slot) <= alignof(csimdjson_object_fields) &&
                  std::is_trivially_copyable<fields_slot>::value,
              "csimdjson_object_fields cannot hold an object iterator");
static_assert(sizeof(field_value_slot) <= sizeof(csimdjson_value) &&
                  std::is_trivially_copyable<field_value_slot>::value,
              "csimdjson_value cannot hold an ondemand::value");
static_assert(sizeof(ondemand::object) <= sizeof(csimdjson_object), "csimdjson_object cannot hold an object");

template <typename Cursor, typename Opaque> inline Cursor load_cursor(const Opaque *opaque) noexcept {
  Cursor cursor;
  std::memcpy(static_cast<void *>(&cursor), opaque, sizeof(Cursor));
  return cursor;
}

template <typename Cursor, typename Opaque> inline void store_cursor(Opaque *opaque, const Cursor &cursor) noexcept {
  std::memset(opaque, 0, sizeof(Opaque));
  std::memcpy(opaque, static_cast<const void *>(&cursor), sizeof(Cursor));
}

inline csimdjson_error to_code(error_code error) noexcept { return static_cast<csimdjson_error>(error); }

} // namespace

extern "C" csimdjson_error csimdjson_object_fields_begin(csimdjson_object *object, csimdjson_object_fields *fields) {
  ondemand::object cursor = load_cursor<ondemand::object>(object);
  fields_slot slot{};
  error_code error = cursor.begin().get(slot.iterator);
  if (error) { return to_code(error); }
  slot.started = false;
  store_cursor(fields, slot);
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_object_fields_next(csimdjson_object_fields *fields, bool *has_field,
                                                        const uint8_t **key, size_t *key_length, csimdjson_value *value,
                                                        const uint8_t **location) {
  fields_slot slot = load_cursor<fields_slot>(fields);
  if (slot.started) { ++slot.iterator; }
  slot.started = true;
  // An iterator is at its end once it is no longer open (the comparison ignores its right side).
  if (!(slot.iterator != ondemand::object_iterator{})) {
    store_cursor(fields, slot);
    *has_field = false;
    return CSIMDJSON_SUCCESS;
  }
  ondemand::field field;
  error_code error = (*slot.iterator).get(field);
  store_cursor(fields, slot);
  if (error) { return to_code(error); }
  const uint8_t *raw_key = reinterpret_cast<const uint8_t *>(field.key().raw());
  ondemand::value field_value = field.value();
  const uint8_t *first = reinterpret_cast<const uint8_t *>(field_value.raw_json_token().data());
  // Back from the value over the colon and whitespace to the key's closing quote: a few bytes,
  // whatever the key's length.
  const uint8_t *end = first - 1;
  while (end > raw_key && *end != '"') {
    --end;
  }
  *key = raw_key;
  *key_length = size_t(end - raw_key);
  *location = first;
  field_value_slot out{field_value, nullptr};
  store_cursor(value, out);
  *has_field = true;
  return CSIMDJSON_SUCCESS;
}
