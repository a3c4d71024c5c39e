// How CSimdJSON's opaque C structs hold simdjson's cursors, the checks that they can, and the
// helpers that copy cursors in and out of them. Shared by every source of the shim that handles
// cursors. Internal: not part of the C API in include/.
//
// Every cursor is a trivially copyable simdjson object kept in a 32-byte opaque C struct. The
// structs are copied in and out with memcpy (which compilers turn into plain moves), so no pointer
// of one type ever aliases storage of another.
//
// The shim's sources all speak simdjson: this header, included only by them, brings its names in.
#ifndef CSIMDJSON_LAYOUT_H
#define CSIMDJSON_LAYOUT_H

#include "csimdjson.h"
#include "csimdjson_internals.h"

#include <simdjson.h>

#include <cstring>
#include <type_traits>

using namespace simdjson;

namespace {

/// A value, or the document root (`root_parser != nullptr`): scalar roots cannot become
/// `ondemand::value`s, so roots are read through the document instead.
struct value_slot {
  ondemand::value value;
  csimdjson_parser *root_parser;
};

struct array_iterator_slot {
  ondemand::array_iterator iterator;
  /// The element under `iterator` was handed out: advance before reading the next one.
  bool started;
  /// The token the element handed out starts at, relative to the document's first token: when a
  /// skip memo knows where it ends (csimdjson_skips.h), advancing jumps there.
  uint32_t element_start;
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

inline void store_value(csimdjson_value *out, const ondemand::value &value) noexcept {
  value_slot slot{value, nullptr};
  store(out, slot);
}

/// Whether `opaque` holds no cursor at all (zero-initialised and never written by the shim): no
/// value (its first word, see `internals::is_live_value_word`) and no root marker. On the public
/// path, every word zero: a value simdjson hands out refers to its document, so it is never all
/// zero bits, and the shim stores cursors over zeroed structs.
inline bool is_empty(const csimdjson_value *opaque) noexcept {
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    return !internals::is_live_value_word(opaque->storage[0]) && opaque->storage[3] == 0;
  }
#endif
  return (opaque->storage[0] | opaque->storage[1] | opaque->storage[2] | opaque->storage[3]) == 0;
}

} // namespace

#endif // CSIMDJSON_LAYOUT_H
