// Codable support for CSimdJSON. See include/csimdjson_codable.h for the contract.
//
// `csimdjson_object` and `csimdjson_array` carry an `ondemand::object` / `ondemand::array` at
// offset 0 (see csimdjson.cpp); they are copied in and out with memcpy, never aliased.

#include "csimdjson_codable.h"

#include <simdjson.h>

#include <cstring>
#include <type_traits>

using namespace simdjson;

namespace {

static_assert(sizeof(ondemand::object) <= sizeof(csimdjson_object) &&
                  std::is_trivially_copyable<ondemand::object>::value,
              "csimdjson_object cannot hold an ondemand::object");
static_assert(sizeof(ondemand::array) <= sizeof(csimdjson_array) && std::is_trivially_copyable<ondemand::array>::value,
              "csimdjson_array cannot hold an ondemand::array");

template <typename Cursor, typename Opaque> inline Cursor load_cursor(const Opaque *opaque) noexcept {
  Cursor cursor;
  std::memcpy(static_cast<void *>(&cursor), opaque, sizeof(Cursor));
  return cursor;
}

inline csimdjson_error to_code(error_code error) noexcept { return static_cast<csimdjson_error>(error); }

} // namespace

extern "C" csimdjson_error csimdjson_object_reset(csimdjson_object *object, bool *has_fields) {
  ondemand::object cursor = load_cursor<ondemand::object>(object);
  return to_code(cursor.reset().get(*has_fields));
}

extern "C" csimdjson_error csimdjson_array_reset(csimdjson_array *array, bool *has_elements) {
  ondemand::array cursor = load_cursor<ondemand::array>(array);
  return to_code(cursor.reset().get(*has_elements));
}

extern "C" csimdjson_error csimdjson_array_count_elements(csimdjson_array *array, size_t *count) {
  ondemand::array cursor = load_cursor<ondemand::array>(array);
  bool has_elements = false;
  error_code error = cursor.reset().get(has_elements);
  if (error) { return to_code(error); }
  return to_code(cursor.count_elements().get(*count));
}
