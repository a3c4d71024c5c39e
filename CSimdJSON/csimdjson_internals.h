// Every use CSimdJSON makes of simdjson's internals: an accelerator, used only with the simdjson
// versions it was verified against, and compiled out entirely with SIMDUNBOX_PUBLIC_SIMDJSON_ONLY.
// Internal: not part of the C API in include/.
//
// simdjson's On-Demand cursors keep their iterators in protected members (a document's, an
// object's and a value's `iter`, a json_iterator's token position and depth), and its unordered
// lookup does not check what it skips on its second pass. The shim's checked, memoised lookups
// (csimdjson_objects.cpp) and its cursor stamps and jumps (csimdjson_parser.cpp) need those
// iterators, so this header reaches them, through pointers to members named in derived classes
// (which the language allows), and relies on a few layouts. Each item below says which public API
// it stands in for and why that API is missing or not enough. No other file of the shim names a
// protected member or assumes a layout of simdjson's.
//
// Once reached, the iterators (`value_iterator`, `json_iterator`) are driven through their own
// public member functions (`field_key`, `field_value`, `skip_child`, `has_next_field`, `child`,
// `position`, `depth`, `peek`), which simdjson documents as internal: csimdjson_objects.cpp's
// lookups depend on their 3.0 behaviour as well.
//
// Two paths. `csimdjson_accelerated` is true for the versions this header was verified against
// (simdjson 3.0.x: the whole test suite passes through it): every entry point of the shim then
// takes the accelerated path. Everywhere else, and whenever SIMDUNBOX_PUBLIC_SIMDJSON_ONLY is
// defined, the same entry points run over simdjson's public On-Demand API alone
// (`find_field_unordered`, `object::reset`, the iterators, `raw_json`, `current_location`), with
// the same values and errors: the accelerator only makes out-of-order lookups, skips over
// containers walked before and cursor moves cheaper. The items below compile against every 3.x and
// 4.x release checked (scripts/check-simdjson.sh), but run only where verified. simdjson's version
// numbers are enumerators, not macros (and 3.0's SIMDJSON_VERSION is not even a string), so the
// choice is a constant the compiler folds, not an #if. Porting the accelerator to another version
// means reviewing every item here, running the suite against that version, then widening
// `csimdjson_accelerated`.
#ifndef CSIMDJSON_INTERNALS_H
#define CSIMDJSON_INTERNALS_H

#include <simdjson.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#ifdef SIMDUNBOX_PUBLIC_SIMDJSON_ONLY
#define CSIMDJSON_HAS_INTERNALS 0
#else
#define CSIMDJSON_HAS_INTERNALS 1
#endif

namespace {

/// Whether the shim takes the accelerated path (see the top of this file): simdjson 3.0.x, unless
/// SIMDUNBOX_PUBLIC_SIMDJSON_ONLY forces the public path.
constexpr bool csimdjson_accelerated =
    CSIMDJSON_HAS_INTERNALS && simdjson::SIMDJSON_VERSION_MAJOR == 3 && simdjson::SIMDJSON_VERSION_MINOR == 0;

/// Whether an array or object iterator is past its container's last element: `iterator !=
/// container.end()`, the public test, where `end()` is an iterator over the same cursor (simdjson's
/// `operator!=` asks whether the iterator's container is still open). The shim keeps no end
/// iterator: a cursor's 32-byte C struct has no room for a second one.
template <typename Iterator> inline bool iterator_at_end(const Iterator &iterator) noexcept {
  return !(iterator != iterator);
}

} // namespace

#if CSIMDJSON_HAS_INTERNALS

namespace {

namespace internals {

using simdjson::ondemand::depth_t;
using simdjson::ondemand::token_position;
namespace ondemand = simdjson::ondemand;

// ------------------------------------------------------------------------------------------------
// Protected members, named in derived classes
// ------------------------------------------------------------------------------------------------

struct object_access : ondemand::object {
  static constexpr ondemand::value_iterator ondemand::object::*iterator = &object_access::iter;
};
struct json_iterator_access : ondemand::json_iterator {
  static constexpr ondemand::token_iterator ondemand::json_iterator::*tokens = &json_iterator_access::token;
  static constexpr depth_t ondemand::json_iterator::*depth = &json_iterator_access::_depth;
  static constexpr token_position (ondemand::json_iterator::*end)() const noexcept =
      &json_iterator_access::end_position;
};
struct token_iterator_access : ondemand::token_iterator {
  static constexpr token_position ondemand::token_iterator::*position = &token_iterator_access::_position;
};
struct document_access : ondemand::document {
  static constexpr ondemand::json_iterator ondemand::document::*iterator = &document_access::iter;
};
struct value_iterator_access : ondemand::value_iterator {
  static constexpr ondemand::json_iterator *ondemand::value_iterator::*json_iterator =
      &value_iterator_access::_json_iter;
  static constexpr token_position (ondemand::value_iterator::*start)() const noexcept =
      &value_iterator_access::start_position;
};
/// A value over a value_iterator, as `object::find_field` makes one: the constructor is protected;
/// this derived type adds nothing, so it converts to the value it wraps.
struct value_access : ondemand::value {
  explicit value_access(const ondemand::value_iterator &iterator) noexcept : ondemand::value(iterator) {}
  static constexpr ondemand::value_iterator ondemand::value::*iterator = &value_access::iter;
};
struct array_access : ondemand::array {
  static constexpr ondemand::value_iterator ondemand::array::*iterator = &array_access::iter;
};

/// The value_iterator an object cursor walks its fields with (`object::iter`).
///
/// Stands in for: `object::find_field_unordered`. Its second pass, from the object's first field
/// back to where the lookup started, assumes the fields it skips are well formed (an assert, or
/// undefined behaviour without assertions), and every lookup of a key that comes before the cursor
/// scans the object again. The shim's lookup walks the fields itself, checking each step and
/// recording each field in a per-object memo, which needs the object's iterator.
inline ondemand::value_iterator &object_fields(ondemand::object &object) noexcept {
  return object.*object_access::iterator;
}

/// The json_iterator a value_iterator moves (`value_iterator::_json_iter`), or null for an iterator
/// that was never started.
///
/// Stands in for: `value_iterator::json_iter()`, public but returning a reference, which cannot be
/// null: the lookups need the pointer itself, to find their parser (`owner`) and to tell a cursor
/// that was never started.
inline ondemand::json_iterator *json_iterator_of(const ondemand::value_iterator &fields) noexcept {
  return fields.*value_iterator_access::json_iterator;
}

/// Where the container a value_iterator walks starts (`value_iterator::start_position()`): it names
/// the object a key memo belongs to.
///
/// Stands in for: nothing public tells which object a cursor is in (`json_iterator::start_position`
/// exists only in builds with SIMDJSON_DEVELOPMENT_CHECKS).
inline token_position start_of(const ondemand::value_iterator &fields) noexcept {
  return (fields.*value_iterator_access::start)();
}

/// The value_iterator of a value (`value::iter`) and of an array (`array::iter`): where the value or
/// the array starts, and its depth.
///
/// Stands in for: nothing public tells where a value or an array starts in the token stream, or
/// moves the cursor back there (`object::reset` and `array::reset` go back to the first field or
/// element, and only for containers). A `SimdJSONDecoder` container used after its parent moved on
/// goes back to its value (`csimdjson_value_revisit`), and the coding path of its errors is found
/// from where its value starts (`csimdjson_parser_path_to`).
inline const ondemand::value_iterator &value_iterator_of(const ondemand::value &value) noexcept {
  return value.*value_access::iterator;
}
inline const ondemand::value_iterator &array_iterator_of(const ondemand::array &array) noexcept {
  return array.*array_access::iterator;
}

/// A value over `iterator` (the protected constructor `value(const value_iterator &)`): the value
/// of the field a lookup found, made as `object::find_field` makes it.
///
/// Stands in for: `object::find_field` and `find_field_unordered`, which make the value themselves
/// but search in their own way (see `object_fields`).
inline ondemand::value value_at(const ondemand::value_iterator &iterator) noexcept { return value_access(iterator); }

/// The document's json_iterator (`document::iter`).
///
/// Stands in for: nothing public gives the document cursor's token position and depth (for the
/// cursor stamps, and to find which object a field iteration is in) or moves it (`move_to`).
inline ondemand::json_iterator &document_iterator(ondemand::document &document) noexcept {
  return document.*document_access::iterator;
}

/// Puts the cursor at token `position` and `depth` (`json_iterator::token` and `_depth`): back to
/// where a lookup that found nothing started, onto the value a memo remembers, or onto a separator
/// of the root array.
///
/// Stands in for: `json_iterator::reenter_child(position, depth)`, public, which does the same but
/// assumes (SIMDJSON_ASSUME, an optimiser hint in release builds) that the cursor is one level
/// above `depth`, which none of these moves guarantees.
inline void move_to(ondemand::json_iterator &iterator, token_position position, depth_t depth) noexcept {
  (iterator.*json_iterator_access::tokens).set_position(position);
  iterator.*json_iterator_access::depth = depth;
}

/// The position just past the document's last token (`json_iterator::end_position()`).
///
/// Stands in for: nothing public bounds a search of the tokens ahead of the cursor
/// (`json_iterator::at_end()` tests one position only).
inline token_position end_position(const ondemand::json_iterator &iterator) noexcept {
  return (iterator.*json_iterator_access::end)();
}

// ------------------------------------------------------------------------------------------------
// Layouts
// ------------------------------------------------------------------------------------------------

/// Where a parser's document's json_iterator lies in a `Parser` (whose `document` member is an
/// `ondemand::document`), measured once, when the library loads. Relies on every cursor's
/// json_iterator being its document's (On-Demand cursors point at the one iterator they share).
template <typename Parser>
const std::ptrdiff_t document_iterator_offset = [] {
  Parser probe;
  return reinterpret_cast<const char *>(&document_iterator(probe.document)) - reinterpret_cast<const char *>(&probe);
}();

/// The `Parser` whose document `iterator` walks.
///
/// Stands in for: nothing public leads from a cursor to its parser (`json_iterator::parser` is
/// protected too, and is the `ondemand::parser`, not the shim's parser around it, which keeps the
/// key memos). Lookups are given only their object cursor, so that the hottest calls of the C API
/// take no parser argument.
template <typename Parser> inline Parser &owner(ondemand::json_iterator *iterator) noexcept {
  return *reinterpret_cast<Parser *>(reinterpret_cast<char *>(iterator) - document_iterator_offset<Parser>);
}

/// Whether `first_word`, the first 8 bytes of a copied `ondemand::value`, belongs to a value simdjson
/// handed out. Relies on the layout of `ondemand::value`: its first member is its value_iterator,
/// whose first member is the json_iterator pointer (`value_iterator::_json_iter`), set in every
/// value simdjson makes and null in a default-constructed one.
///
/// Stands in for: `value_iterator::is_valid()`, the same test, which needs the value copied out of
/// its C struct first (and the value's iterator is protected): the shim tests the C struct's word
/// in place, on every value read.
inline bool is_live_value_word(uint64_t first_word) noexcept { return first_word != 0; }

/// The text of the token just before `position`: for a field's value, the colon after its key.
/// Relies on the structural index's layout: a token_position points into an array of the tokens'
/// byte offsets, one per structural character, in document order.
///
/// Stands in for: `field::key()`, which gives where a key starts but not where it ends; the key
/// memo's hash table needs the length of each key it holds, and finds it from the colon.
inline const char *token_before(const ondemand::json_iterator &iterator, token_position position) noexcept {
  return reinterpret_cast<const char *>(iterator.peek(position - 1));
}

/// The token at byte `offset` of the document, searched from `position` (inclusive) to `end`; `end`
/// when no token starts there. Relies on the structural index's layout, as `token_before` does: a
/// token_position points at its token's byte offset (a uint32_t), and the offsets increase. The
/// token lies ahead, usually close: gallop, then search between the bounds.
///
/// Stands in for: nothing public moves a cursor to a byte offset (`document::rewind` and
/// `at_pointer` start again from the root).
inline token_position token_at_offset(token_position position, token_position end, uint32_t offset) noexcept {
  size_t step = 1;
  token_position low = position;
  while (step < size_t(end - low) && low[step] < offset) {
    low += step;
    step *= 2;
  }
  const token_position high = step < size_t(end - low) ? low + step + 1 : end;
  const token_position found = std::lower_bound(low, high, offset);
  if (found == end || *found != offset) { return end; }
  return found;
}

/// The value_iterator an array iterator walks the elements with (`array_iterator::iter`). Relies
/// on the layout of `array_iterator`: a standard-layout class whose only member is that iterator,
/// which therefore lies at its start (checked below).
///
/// Stands in for: `array_iterator::operator++`, which skips the element just read with simdjson's
/// token-by-token `skip_child`; the shim's arrays skip it with `skip_child` of csimdjson_skips.h,
/// which jumps over containers already walked once and rejects a missing element (`[1,]`).
inline ondemand::value_iterator &array_elements(ondemand::array_iterator &iterator) noexcept {
  static_assert(!csimdjson_accelerated || (std::is_standard_layout<ondemand::array_iterator>::value &&
                                           sizeof(ondemand::array_iterator) == sizeof(ondemand::value_iterator)),
                "array_iterator is no longer just its value_iterator: review array_elements");
  return *reinterpret_cast<ondemand::value_iterator *>(&iterator);
}

/// The value_iterator an object iterator walks the fields with (`object_iterator::iter`), as
/// `array_elements` for arrays: the same layout, checked here.
///
/// Stands in for: `object_iterator::operator++`, which skips the value of the field just read
/// with simdjson's `skip_child`; the shim's field iteration skips it with csimdjson_skips.h's, which
/// also rejects a missing value (`{"x":,"y":1}`).
inline ondemand::value_iterator &object_fields(ondemand::object_iterator &iterator) noexcept {
  static_assert(!csimdjson_accelerated || (std::is_standard_layout<ondemand::object_iterator>::value &&
                                           sizeof(ondemand::object_iterator) == sizeof(ondemand::value_iterator)),
                "object_iterator is no longer just its value_iterator: review object_fields");
  return *reinterpret_cast<ondemand::value_iterator *>(&iterator);
}

} // namespace internals

} // namespace

#endif // CSIMDJSON_HAS_INTERNALS

#endif // CSIMDJSON_INTERNALS_H
