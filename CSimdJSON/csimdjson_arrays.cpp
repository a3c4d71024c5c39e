// CSimdJSON's arrays: iteration over an array's elements, bulk number reads, and the Codable
// support's reset and count. See include/csimdjson.h and include/csimdjson_codable.h for the
// contract.

#include "csimdjson.h"
#include "csimdjson_codable.h"
#include "csimdjson_skips.h"
#include "csimdjson_values.h"

extern "C" csimdjson_error csimdjson_array_iterate(csimdjson_array *array, csimdjson_array_iterator *iterator) {
  ondemand::array cursor = load<ondemand::array>(array);
  array_iterator_slot slot{};
  error_code error = cursor.begin().get(slot.iterator);
  if (error) { return code(error); }
  slot.started = false;
  slot.written = true;
  store(iterator, slot);
  return CSIMDJSON_SUCCESS;
}

namespace {

#if CSIMDJSON_HAS_INTERNALS

/// In a document that keeps container ends, notes where the array `elements` iterates ends, now
/// that it was read to its closing bracket: a lookup that walks its parent again (a field read out
/// of order) jumps over it rather than walking its tokens, and so does the document's finish. Out
/// of line: only documents read out of order keep container ends. (user-canada.json reads the
/// root's `type` after the features: the lookup's walk over the root, then the finish, walked the
/// features' 111,000 coordinates again. With the finish's jump and the arrays' jumps in
/// csimdjson_skips.h, instructions per decode through the Unbox API 117.51M before, 109.32M after,
/// through `SimdJSONDecoder` 135.47M and 127.28M; the user-style citm_catalog.json model 27.44M and
/// 26.52M; canada.json 101.90M and 101.96M, orders read in document order 34.26M and 34.25M, in
/// reverse order 41.18M and 41.34M.)
[[gnu::noinline]] inline void note_array_end(ondemand::value_iterator &elements) noexcept {
  ondemand::json_iterator *iterator = internals::json_iterator_of(elements);
  csimdjson_parser &parser = internals::owner<csimdjson_parser>(iterator);
  // Not after an error: only an array that closed with its bracket.
  if (!iterator->is_alive() || elements.error() || *iterator->peek(iterator->position() - 1) != ']') { return; }
  note_container_end(parser, *iterator, internals::start_of(elements), elements.depth());
}

/// The fewest tokens an array spans for `note_array_end` to note it: a skip counts a shorter one
/// in less time than the note takes, and a document of small arrays (twitter.json's entities, read
/// by the suite's model) paid 0.03M instructions a decode to note them.
constexpr ptrdiff_t long_array = 64;

#endif // CSIMDJSON_HAS_INTERNALS

/// Moves `slot` to its next element: false at the end, or an error.
inline error_code advance(array_iterator_slot &slot, bool &has_element, ondemand::value &element) noexcept {
  if (slot.started) {
#if CSIMDJSON_HAS_INTERNALS
    if (csimdjson_accelerated) {
      // `++slot.iterator`, with the element skipped by the shim's `skip_child` (csimdjson_skips.h).
      ondemand::value_iterator &elements = internals::array_elements(slot.iterator);
      if (!elements.error() && !skip_element(elements, slot.element_start)) { (void)elements.has_next_element(); }
    } else
#endif
    {
      ++slot.iterator;
    }
  }
  slot.started = true;
  if (iterator_at_end(slot.iterator)) {
    has_element = false;
    return SUCCESS;
  }
  has_element = true;
#if CSIMDJSON_HAS_INTERNALS
  if (csimdjson_accelerated) {
    ondemand::json_iterator &iterator = *internals::json_iterator_of(internals::array_elements(slot.iterator));
    slot.element_start = uint32_t(iterator.position() - iterator.root_position());
  }
#endif
  SIMDJSON_TRY((*slot.iterator).get(element));
  // The cursor stands on the missing element (`[1,]`): the error's place.
  if (!csimdjson_accelerated && is_missing_value(element.raw_json_token()[0])) { return TAPE_ERROR; }
  return SUCCESS;
}

template <typename Number, typename Read>
inline error_code read_numbers(array_iterator_slot &slot, Number *out, size_t capacity, size_t *count, bool *finished,
                               csimdjson_value *value, Read &&read) noexcept {
  size_t n = 0;
  error_code error = SUCCESS;
  *finished = false;
  while (n < capacity) {
    bool has_element;
    ondemand::value element;
    error = advance(slot, has_element, element);
    if (error) { break; }
    if (!has_element) {
      *finished = true;
      break;
    }
    error = read(element, out[n]);
    if (error) {
      store_value(value, element);
      break;
    }
    ++n;
  }
  *count = n;
  return error;
}

template <typename Number, typename Read>
inline csimdjson_error read_numbers(csimdjson_array_iterator *iterator, Number *out, size_t capacity, size_t *count,
                                    bool *finished, csimdjson_value *value, Read &&read) noexcept {
  array_iterator_slot slot = load<array_iterator_slot>(iterator);
  error_code error = read_numbers(slot, out, capacity, count, finished, value, read);
  store(iterator, slot);
  return code(error);
}

inline error_code read_double(ondemand::value &v, double &d) noexcept { return checked_get_double(v, d); }

inline error_code read_int64(ondemand::value &v, int64_t &i) noexcept { return v.get_int64().get(i); }

/// Starts iterating the array `value` is and reads its first numbers in bulk.
template <typename Number, typename Read>
inline csimdjson_error start_and_read_numbers(csimdjson_value *value, Number *out, size_t capacity, size_t *count,
                                              bool *finished, csimdjson_array_iterator *iterator,
                                              csimdjson_value *element, Read &&read) noexcept {
  *count = 0;
  *finished = false;
  ondemand::array array;
  csimdjson_error error = dispatch(
      value, [&](ondemand::value &v) { return v.get_array().get(array); },
      [&](csimdjson_parser &p) { return p.document.get_array().get(array); });
  if (error) { return error; }
  array_iterator_slot slot{};
  error_code status = array.begin().get(slot.iterator);
  if (status) { return code(status); }
  slot.started = false;
  slot.written = true;
  status = read_numbers(slot, out, capacity, count, finished, element, read);
  store(iterator, slot);
  return code(status);
}

} // namespace

extern "C" csimdjson_error csimdjson_array_iterator_next(csimdjson_array_iterator *iterator, bool *has_element,
                                                         csimdjson_value *value) {
  array_iterator_slot slot = load<array_iterator_slot>(iterator);
  ondemand::value element;
  bool has = false;
  error_code error = advance(slot, has, element);
  store(iterator, slot);
  if (error) { return code(error); }
  *has_element = has;
  if (has) {
    store_value(value, element);
  }
#if CSIMDJSON_HAS_INTERNALS
  else if (csimdjson_accelerated) {
    // Not in `advance`, which the bulk reads of numbers share: their arrays hold no container to
    // jump over, and inlined there the test cost canada.json 0.39M instructions a decode.
    ondemand::value_iterator &elements = internals::array_elements(slot.iterator);
    ondemand::json_iterator *cursor = internals::json_iterator_of(elements);
    if (simdjson_unlikely(internals::owner<csimdjson_parser>(cursor).container_ends_kept) &&
        cursor->position() - internals::start_of(elements) >= long_array) {
      note_array_end(elements);
    }
  }
#endif
  return CSIMDJSON_SUCCESS;
}

extern "C" csimdjson_error csimdjson_array_iterator_read_doubles(csimdjson_array_iterator *iterator, double *out,
                                                                 size_t capacity, size_t *count, bool *finished,
                                                                 csimdjson_value *value) {
  return read_numbers(iterator, out, capacity, count, finished, value, read_double);
}

extern "C" csimdjson_error csimdjson_value_read_doubles(csimdjson_value *value, double *out, size_t capacity,
                                                        size_t *count, bool *finished,
                                                        csimdjson_array_iterator *iterator, csimdjson_value *element) {
  return start_and_read_numbers(value, out, capacity, count, finished, iterator, element, read_double);
}

extern "C" csimdjson_error csimdjson_value_read_int64s(csimdjson_value *value, int64_t *out, size_t capacity,
                                                       size_t *count, bool *finished,
                                                       csimdjson_array_iterator *iterator, csimdjson_value *element) {
  return start_and_read_numbers(value, out, capacity, count, finished, iterator, element, read_int64);
}

extern "C" csimdjson_error csimdjson_array_iterator_read_int64s(csimdjson_array_iterator *iterator, int64_t *out,
                                                                size_t capacity, size_t *count, bool *finished,
                                                                csimdjson_value *value) {
  return read_numbers(iterator, out, capacity, count, finished, value, read_int64);
}

extern "C" csimdjson_error csimdjson_array_reset(csimdjson_array *array, bool *has_elements) {
  ondemand::array cursor = load<ondemand::array>(array);
  return code(cursor.reset().get(*has_elements));
}

extern "C" csimdjson_error csimdjson_array_count_elements(csimdjson_array *array, size_t *count) {
  ondemand::array cursor = load<ondemand::array>(array);
  bool has_elements = false;
  error_code error = cursor.reset().get(has_elements);
  if (error) { return code(error); }
  // `cursor.count_elements()`, with the elements skipped as `advance` skips them
  // (csimdjson_skips.h's `skip_element`): simdjson's own skip took a missing last element
  // (`[1,]`) for the end of the array and counted on among the parent's values.
  array_iterator_slot slot{};
  if ((error = cursor.begin().get(slot.iterator))) { return code(error); }
  size_t elements = 0;
  while (true) {
    bool has_element = false;
    ondemand::value element;
    if ((error = advance(slot, has_element, element))) { return code(error); }
    if (!has_element) { break; }
    ++elements;
  }
  *count = elements;
  return code(cursor.reset().get(has_elements));
}
