// Skipping values: simdjson's `skip_child`, which walks every token of a skipped container, and a
// jump over the objects whose end is already known. Shared by the object lookups and the array
// iterators. Internal: not part of the C API in include/.
//
// Why: a model that reads an object's fields out of document order, or probes keys the object
// does not have, makes the lookups walk the object's fields to its end before the values are read
// (to find a later key, or to learn that a key is absent). Its reads then leave the cursor
// somewhere inside the object, and moving on to the next array element or field walked the rest
// of the object again, token by token. The lookups now note where each object they walked to the
// end finishes, and those moves jump there.
// The skips also reject a value missing where one starts (`{"x":,"y":1}`, `[1,]`), which
// simdjson's skip would take for the end of a value read before: see `skip_value`.
// Measured with scripts/instructions.sh on 1 MB of generated orders, instructions per decode, with
// the lighter `UnboxError` of the same change: fields read in reverse order 50.21M before, 46.00M
// after; with six absent keys 54.43M before, 51.70M after; document order 38.47M before, 37.83M
// after; twitter.json with the suite's model 11.50M before, 11.54M after.
#ifndef CSIMDJSON_SKIPS_H
#define CSIMDJSON_SKIPS_H

#include "csimdjson_parser.h"

namespace {

/// The most tokens a document may have for its container ends to be kept: they take 4 bytes per
/// token (64 MiB here); larger documents skip as simdjson does.
constexpr size_t container_ends_token_limit = size_t(1) << 24;

/// Starts keeping the ends of the objects that lookups walk to their end, in the parser's current
/// document (whose cursor is `iterator`): called when its lookups first go out of order, so that
/// documents read in order pay nothing.
inline void start_keeping_container_ends(csimdjson_parser &parser, const ondemand::json_iterator &iterator) noexcept {
  if (parser.container_ends_kept) { return; }
  const size_t tokens = size_t(internals::end_position(iterator) - iterator.root_position());
  if (tokens > container_ends_token_limit) { return; }
  // assign() keeps the capacity: after the first document, this is a memset of 4 bytes per token.
  parser.container_ends.assign(tokens, 0);
  parser.container_ends_kept = true;
}

/// Whether the token at the cursor, `first` (a `,`, `:`, `]` or `}`), cannot follow the token
/// before it in JSON: after `:`, `,`, `[` or `{` comes a value, or the matching bracket of an empty
/// container. Valid JSON never has such a pair, so the test rejects nothing valid, wherever the
/// cursor stands. Only for a cursor inside a container (past the document's first token).
simdjson_really_inline bool invalid_pair(const ondemand::json_iterator &iterator, uint8_t first) noexcept {
  const uint8_t before = *iterator.peek(iterator.position() - 1);
  if (before == ':' || before == ',') { return true; }
  // `[` and `{` (0x5B, 0x7B) are followed by their own closing bracket (0x5D, 0x7D) or a value.
  return (before | 0x20) == '{' && (before ^ first) != ('[' ^ ']');
}

/// `iterator.skip_child(parent_depth)`, unchecked (the caller has checked the first token): in a
/// document that keeps container ends, an object value whose end is known (a lookup walked its
/// fields to the end) is jumped over. simdjson's skip, starting at an opening bracket, stops at the
/// bracket that balances it, which is where the lookup's walk ended.
///
/// (An earlier version also recorded the end of every container a skip walked: that made walks
/// slower, +2.6% instructions on twitter.json read by the suite's model, for few jumps.)
simdjson_really_inline error_code skip_walk(ondemand::json_iterator &iterator,
                                            ondemand::depth_t parent_depth) noexcept {
  csimdjson_parser &parser = internals::owner<csimdjson_parser>(&iterator);
  if (parser.container_ends_kept && iterator.depth() == parent_depth + 1) {
    const ondemand::token_position position = iterator.position();
    if (*iterator.peek(position) == '{') {
      const ondemand::token_position root = iterator.root_position();
      if (const uint32_t close = parser.container_ends[size_t(position - root)]) {
        internals::move_to(iterator, root + close + 1, parent_depth);
        return SUCCESS;
      }
    }
  }
  return iterator.skip_child(parent_depth);
}

/// The error for a value missing where the cursor stands.
inline error_code missing_value(ondemand::json_iterator &iterator) noexcept {
  return iterator.report_error(TAPE_ERROR, "Missing value before a separator or closing bracket");
}

/// `iterator.skip_child(parent_depth)` where the cursor stands at the first token of a value not
/// read (`parent_depth` one level up): after `field_value()`, or at an array element not begun.
/// A scalar or string is stepped over here, as simdjson's skip does first; a container is skipped
/// by `skip_walk`; a separator or closing bracket there is a missing value (malformed JSON), which
/// simdjson's skip would take for the end of a value read before, ending at the container's own
/// closing bracket: the walk then went on among the parent's fields, and a lookup in
/// `{"a":{"x":,"y"},"b":1}`'s `a` found the root's `b`.
simdjson_really_inline error_code skip_value(ondemand::json_iterator &iterator,
                                             ondemand::depth_t parent_depth) noexcept {
  const ondemand::token_position position = iterator.position();
  switch (*iterator.peek(position)) {
  case ',':
  case ':':
  case ']':
  case '}':
    return missing_value(iterator);
  case '{':
  case '[':
    return skip_walk(iterator, parent_depth);
  default:
    // A string followed by a colon (a key where the value should be) is stepped over too: the
    // walk's next step then fails on the colon.
    internals::move_to(iterator, position + 1, parent_depth);
    return SUCCESS;
  }
}

/// `skip_value` for the value of the field `fields` has just moved to (after `field_value()`).
simdjson_really_inline error_code skip_value(ondemand::value_iterator &fields) noexcept {
  return skip_value(*internals::json_iterator_of(fields), fields.depth());
}

/// `iterator.skip_child(parent_depth)`: moves past the value the cursor is in (or at), to the depth
/// `parent_depth`, with the same result and the same final position and depth (`skip_walk`), for a
/// cursor that may stand where a value starts (a field found and not read) or inside one (read in
/// part). Where it stands on a separator or a closing bracket, the token before tells the end of
/// what was read from a missing value (`invalid_pair`). Used where a lookup starts from the field
/// the cursor is in, and by the field iteration. (Array elements know where they start:
/// `skip_element`. A read that meets a missing value fails as malformed JSON, so a value begun
/// never lacks its first token.)
///
/// What the missing-value checks of this file cost, instructions per decode before and after:
/// citm_catalog.json through `SimdJSONDecoder` 38.08M, 38.21M; twitter.json through the Unbox API
/// 11.29M, 11.28M, and through `SimdJSONDecoder` with `convertFromSnakeCase` 13.75M, 13.78M; 1 MB of
/// orders through the Unbox API, document order 35.13M, 35.27M, reverse order 43.37M, 42.90M (the
/// lookups step over a scalar in `skip_value` without simdjson's switch).
simdjson_really_inline error_code skip_child(ondemand::json_iterator &iterator,
                                             ondemand::depth_t parent_depth) noexcept {
  if (iterator.depth() <= parent_depth) { return SUCCESS; }
  const uint8_t first = *iterator.peek();
  if (first == ',' || first == ':' || (first | 0x20) == '}') {
    if (simdjson_unlikely(invalid_pair(iterator, first))) { return missing_value(iterator); }
  }
  return skip_walk(iterator, parent_depth);
}

/// Records, in a document that keeps container ends, that the object starting at token `start`
/// ends just before the cursor (which a lookup's walk over its fields has just moved past its
/// closing bracket).
inline void note_container_end(csimdjson_parser &parser, const ondemand::json_iterator &iterator,
                               ondemand::token_position start) noexcept {
  if (!parser.container_ends_kept) { return; }
  const ondemand::token_position root = iterator.root_position();
  parser.container_ends[size_t(start - root)] = uint32_t(iterator.position() - 1 - root);
}

/// `skip_value` for an array element that was not read, out of line: most elements are read, and
/// inlined into the element loop it made it slower (citm_catalog.json read by `SimdJSONDecoder`,
/// 38.24M instructions per decode inlined, 38.17M out of line, 38.10M without the check).
[[gnu::noinline]] inline error_code skip_unread_element(ondemand::json_iterator &iterator,
                                                        ondemand::depth_t parent_depth) noexcept {
  return skip_value(iterator, parent_depth);
}

/// Skips the rest of the array element that started at token `element_start` (relative to the
/// document's first token), `elements` being the array's iterator: `skip_child(elements)`, but a
/// jump when the memo knows where the element ends, wherever in it the cursor stands.
inline error_code skip_element(ondemand::value_iterator &elements, uint32_t element_start) noexcept {
  ondemand::json_iterator &iterator = *internals::json_iterator_of(elements);
  if (iterator.depth() <= elements.depth()) { return SUCCESS; }
  csimdjson_parser &parser = internals::owner<csimdjson_parser>(&iterator);
  if (parser.container_ends_kept && element_start < parser.container_ends.size()) {
    if (const uint32_t close = parser.container_ends[element_start]) {
      internals::move_to(iterator, iterator.root_position() + close + 1, elements.depth());
      return SUCCESS;
    }
  }
  // An element not begun may be missing (`[1,]`); one that a read has begun is walked to its end.
  if (simdjson_unlikely(iterator.position() == iterator.root_position() + element_start)) {
    return skip_unread_element(iterator, elements.depth());
  }
  return skip_walk(iterator, elements.depth());
}

/// `fields.skip_child()`: skips the child value of the container `fields` walks.
simdjson_really_inline error_code skip_child(ondemand::value_iterator &fields) noexcept {
  return skip_child(*internals::json_iterator_of(fields), fields.depth());
}

} // namespace

#endif // CSIMDJSON_SKIPS_H
