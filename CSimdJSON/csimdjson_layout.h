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
  /// The token the element handed out starts at, relative to the document's first token: when a
  /// skip memo knows where it ends (csimdjson_skips.h), advancing jumps there.
  uint32_t element_start;
  /// The element under `iterator` was handed out: advance before reading the next one.
  bool started;
  /// Always true in a slot the shim wrote: the struct's first word is never zero once written
  /// (`_ArrayIterator.isUnstarted`), whatever simdjson's iterator starts with (simdjson 4's debug
  /// builds start it with a flag that is often false).
  bool written;
  ondemand::array_iterator iterator;
};

struct object_iterator_slot {
  bool started;
  bool written;
  ondemand::object_iterator iterator;
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

/// Whether simdjson's error codes are csimdjson_error's, value for value (simdjson 3.0 to 3.x; 4.x
/// added BIGINT_ERROR after NUMBER_ERROR and OUT_OF_CAPACITY at the end).
constexpr bool error_codes_mirror = int(NUM_ERROR_CODES) == int(CSIMDJSON_NUM_ERROR_CODES) &&
                                    int(TRAILING_CONTENT) == int(CSIMDJSON_TRAILING_CONTENT) &&
                                    int(UTF8_ERROR) == int(CSIMDJSON_UTF8_ERROR);

/// The csimdjson_error of simdjson's `error`: the same value where the codes mirror each other,
/// else the same name. A code csimdjson_error lacks reads as its nearest: an integer beyond 64
/// bits (BIGINT_ERROR, between NUMBER_ERROR and UTF8_ERROR) as NUMBER_OUT_OF_RANGE, a code past
/// TRAILING_CONTENT (OUT_OF_CAPACITY) as CAPACITY.
/// On the public path, an object or array struct's last word holds the container's first byte (a
/// user-space pointer, below 2^48) and, from bit 48, its depth (csimdjson_values.cpp).
constexpr unsigned container_depth_shift = 48;
constexpr uint64_t container_depth_mask = 0x7fff;
constexpr uint64_t container_start_mask = (uint64_t(1) << container_depth_shift) - 1;

/// Whether a value whose token starts with `first` is missing: a separator or closing bracket
/// stands where the value should start (`{"x":,"y":1}`, `[1,]`), which simdjson's skip would take
/// for the end of a value read before. The public path's iterations and lookups check each value
/// they hand out or pass (the accelerated path's skips check it themselves).
inline bool is_missing_value(char first) noexcept {
  return first == ',' || first == ':' || first == ']' || first == '}';
}

inline csimdjson_error code(error_code error) noexcept {
  if (error_codes_mirror) { return static_cast<csimdjson_error>(error); }
  switch (error) {
  case SUCCESS:
    return CSIMDJSON_SUCCESS;
  case CAPACITY:
    return CSIMDJSON_CAPACITY;
  case MEMALLOC:
    return CSIMDJSON_MEMALLOC;
  case TAPE_ERROR:
    return CSIMDJSON_TAPE_ERROR;
  case DEPTH_ERROR:
    return CSIMDJSON_DEPTH_ERROR;
  case STRING_ERROR:
    return CSIMDJSON_STRING_ERROR;
  case T_ATOM_ERROR:
    return CSIMDJSON_T_ATOM_ERROR;
  case F_ATOM_ERROR:
    return CSIMDJSON_F_ATOM_ERROR;
  case N_ATOM_ERROR:
    return CSIMDJSON_N_ATOM_ERROR;
  case NUMBER_ERROR:
    return CSIMDJSON_NUMBER_ERROR;
  case UTF8_ERROR:
    return CSIMDJSON_UTF8_ERROR;
  case UNINITIALIZED:
    return CSIMDJSON_UNINITIALIZED;
  case EMPTY:
    return CSIMDJSON_EMPTY;
  case UNESCAPED_CHARS:
    return CSIMDJSON_UNESCAPED_CHARS;
  case UNCLOSED_STRING:
    return CSIMDJSON_UNCLOSED_STRING;
  case UNSUPPORTED_ARCHITECTURE:
    return CSIMDJSON_UNSUPPORTED_ARCHITECTURE;
  case INCORRECT_TYPE:
    return CSIMDJSON_INCORRECT_TYPE;
  case NUMBER_OUT_OF_RANGE:
    return CSIMDJSON_NUMBER_OUT_OF_RANGE;
  case INDEX_OUT_OF_BOUNDS:
    return CSIMDJSON_INDEX_OUT_OF_BOUNDS;
  case NO_SUCH_FIELD:
    return CSIMDJSON_NO_SUCH_FIELD;
  case IO_ERROR:
    return CSIMDJSON_IO_ERROR;
  case INVALID_JSON_POINTER:
    return CSIMDJSON_INVALID_JSON_POINTER;
  case INVALID_URI_FRAGMENT:
    return CSIMDJSON_INVALID_URI_FRAGMENT;
  case UNEXPECTED_ERROR:
    return CSIMDJSON_UNEXPECTED_ERROR;
  case PARSER_IN_USE:
    return CSIMDJSON_PARSER_IN_USE;
  case OUT_OF_ORDER_ITERATION:
    return CSIMDJSON_OUT_OF_ORDER_ITERATION;
  case INSUFFICIENT_PADDING:
    return CSIMDJSON_INSUFFICIENT_PADDING;
  case INCOMPLETE_ARRAY_OR_OBJECT:
    return CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT;
  case SCALAR_DOCUMENT_AS_VALUE:
    return CSIMDJSON_SCALAR_DOCUMENT_AS_VALUE;
  case OUT_OF_BOUNDS:
    return CSIMDJSON_OUT_OF_BOUNDS;
  case TRAILING_CONTENT:
    return CSIMDJSON_TRAILING_CONTENT;
  default:
    break;
  }
  if (int(error) > int(NUMBER_ERROR) && int(error) < int(UTF8_ERROR)) { return CSIMDJSON_NUMBER_OUT_OF_RANGE; }
  if (int(error) > int(TRAILING_CONTENT)) { return CSIMDJSON_CAPACITY; }
  return CSIMDJSON_UNEXPECTED_ERROR;
}

/// The simdjson error_code of `error` (`code`'s inverse).
inline error_code simdjson_code(csimdjson_error error) noexcept {
  if (error_codes_mirror) { return static_cast<error_code>(error); }
  switch (error) {
  case CSIMDJSON_SUCCESS:
    return SUCCESS;
  case CSIMDJSON_CAPACITY:
    return CAPACITY;
  case CSIMDJSON_MEMALLOC:
    return MEMALLOC;
  case CSIMDJSON_TAPE_ERROR:
    return TAPE_ERROR;
  case CSIMDJSON_DEPTH_ERROR:
    return DEPTH_ERROR;
  case CSIMDJSON_STRING_ERROR:
    return STRING_ERROR;
  case CSIMDJSON_T_ATOM_ERROR:
    return T_ATOM_ERROR;
  case CSIMDJSON_F_ATOM_ERROR:
    return F_ATOM_ERROR;
  case CSIMDJSON_N_ATOM_ERROR:
    return N_ATOM_ERROR;
  case CSIMDJSON_NUMBER_ERROR:
    return NUMBER_ERROR;
  case CSIMDJSON_UTF8_ERROR:
    return UTF8_ERROR;
  case CSIMDJSON_UNINITIALIZED:
    return UNINITIALIZED;
  case CSIMDJSON_EMPTY:
    return EMPTY;
  case CSIMDJSON_UNESCAPED_CHARS:
    return UNESCAPED_CHARS;
  case CSIMDJSON_UNCLOSED_STRING:
    return UNCLOSED_STRING;
  case CSIMDJSON_UNSUPPORTED_ARCHITECTURE:
    return UNSUPPORTED_ARCHITECTURE;
  case CSIMDJSON_INCORRECT_TYPE:
    return INCORRECT_TYPE;
  case CSIMDJSON_NUMBER_OUT_OF_RANGE:
    return NUMBER_OUT_OF_RANGE;
  case CSIMDJSON_INDEX_OUT_OF_BOUNDS:
    return INDEX_OUT_OF_BOUNDS;
  case CSIMDJSON_NO_SUCH_FIELD:
    return NO_SUCH_FIELD;
  case CSIMDJSON_IO_ERROR:
    return IO_ERROR;
  case CSIMDJSON_INVALID_JSON_POINTER:
    return INVALID_JSON_POINTER;
  case CSIMDJSON_INVALID_URI_FRAGMENT:
    return INVALID_URI_FRAGMENT;
  case CSIMDJSON_UNEXPECTED_ERROR:
    return UNEXPECTED_ERROR;
  case CSIMDJSON_PARSER_IN_USE:
    return PARSER_IN_USE;
  case CSIMDJSON_OUT_OF_ORDER_ITERATION:
    return OUT_OF_ORDER_ITERATION;
  case CSIMDJSON_INSUFFICIENT_PADDING:
    return INSUFFICIENT_PADDING;
  case CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT:
    return INCOMPLETE_ARRAY_OR_OBJECT;
  case CSIMDJSON_SCALAR_DOCUMENT_AS_VALUE:
    return SCALAR_DOCUMENT_AS_VALUE;
  case CSIMDJSON_OUT_OF_BOUNDS:
    return OUT_OF_BOUNDS;
  case CSIMDJSON_TRAILING_CONTENT:
    return TRAILING_CONTENT;
  default:
    return UNEXPECTED_ERROR;
  }
}

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
  if (csimdjson_accelerated) { return !internals::is_live_value_word(opaque->storage[0]) && opaque->storage[3] == 0; }
#endif
  return (opaque->storage[0] | opaque->storage[1] | opaque->storage[2] | opaque->storage[3]) == 0;
}

} // namespace

#endif // CSIMDJSON_LAYOUT_H
