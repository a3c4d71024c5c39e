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
// The ends were first kept in a table of 4 bytes per token of the document, zeroed for each
// document that needed it: on 10 MB of orders, each jump's test missed the cache (29% of the
// lookup's own perf samples, with six absent keys). They are now kept per depth, the last object
// walked to its end at each level, which is the one a later skip at that level meets (a sibling
// walked later replaces it). With the branch-free `skip_container`, medians of three runs of
// 10 MB of orders through the Unbox API, milliseconds per decode before and after: absent keys
// 32.25, 29.25; reverse order 30.5, 27.5; key paths 29.5, 28.25; document order 23.5, 23.25.
// Instructions per decode on 1 MB: absent keys 45.85M, 45.04M; reverse order 42.27M, 41.33M; the
// user-style twitter.json model 8.33M, 8.01M; document order 35.03M, 35.25M; citm_catalog.json
// 23.82M, 23.99M.
#ifndef CSIMDJSON_SKIPS_H
#define CSIMDJSON_SKIPS_H

#include "csimdjson_parser.h"

// The accelerator only (see csimdjson_internals.h): the public path skips with simdjson's own
// iterators.
#if CSIMDJSON_HAS_INTERNALS

namespace {

/// The end the parser remembers for a container at `depth` that starts at token `start` (relative
/// to the document's first token), or 0.
simdjson_really_inline uint32_t known_container_end(const csimdjson_parser &parser, ondemand::depth_t depth,
                                                    uint32_t start) noexcept {
  if (!parser.container_ends_kept || depth < 0 || depth >= csimdjson_detail::container_end_depths) { return 0; }
  const csimdjson_detail::container_end &known = parser.container_ends[depth];
  return known.start == start ? known.close : 0;
}

/// Starts keeping the ends of the objects that lookups walk to their end, in the parser's current
/// document: called when its lookups first go out of order, so that documents read in order pay
/// nothing.
inline void start_keeping_container_ends(csimdjson_parser &parser) noexcept {
  if (parser.container_ends_kept) { return; }
  std::memset(parser.container_ends, 0, sizeof parser.container_ends);
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

/// Records, in a document that keeps container ends, that the container starting at token `start`
/// ends just before the cursor: an object whose fields a lookup's walk has just moved past its
/// closing bracket, or an array iterated to its end (`note_array_end` in csimdjson_arrays.cpp).
inline void note_container_end(csimdjson_parser &parser, const ondemand::json_iterator &iterator,
                               ondemand::token_position start, ondemand::depth_t depth) noexcept {
  if (!parser.container_ends_kept || depth < 0 || depth >= csimdjson_detail::container_end_depths) { return; }
  const ondemand::token_position root = iterator.root_position();
  parser.container_ends[depth] = {uint32_t(start - root), uint32_t(iterator.position() - 1 - root)};
}

/// Moves the cursor just past a container whose closing bracket is token `close` (relative to the
/// document's first token, as `container_end` keeps it), to `parent_depth`: where simdjson's skip
/// of that container would leave it.
simdjson_really_inline void jump_past(ondemand::json_iterator &iterator, uint32_t close,
                                      ondemand::depth_t parent_depth) noexcept {
  internals::move_to(iterator, iterator.root_position() + close + 1, parent_depth);
}

/// How an array or object's token moves the depth: +1 for an opening bracket, -1 for a closing one,
/// 0 for the first byte of any other token (a string, a scalar, `:` or `,`).
struct bracket_deltas {
  int8_t of[256] = {};
  constexpr bracket_deltas() noexcept {
    of[uint8_t('[')] = 1;
    of[uint8_t('{')] = 1;
    of[uint8_t(']')] = -1;
    of[uint8_t('}')] = -1;
  }
};
inline constexpr bracket_deltas bracket_delta{};

/// Skips the container whose opening bracket is at the cursor, one level below `parent_depth`, to
/// just past the bracket that balances it: what `iterator.skip_child(parent_depth)` does there,
/// with the same final position and depth, and the same error when the document ends first (as in
/// simdjson, `]` and `}` both close either kind of bracket). simdjson's loop switches on each
/// token's byte, a branch the processor mispredicts on the mix of strings, scalars and separators;
/// here each token adds its delta from a table, and the one branch (the depth back at zero) is
/// taken once. The lookups' walks over fields they do not read spend most of their time here when
/// a model reads out of document order or probes absent keys. (Without it, with the per-depth
/// ends: 1 MB of orders, instructions per decode, absent keys 45.77M against 45.04M with it,
/// reverse order 42.14M against 41.33M, the user-style twitter.json model 8.28M against 8.01M;
/// document order 35.16M against 35.25M.)
simdjson_really_inline error_code skip_container(ondemand::json_iterator &iterator,
                                                 ondemand::depth_t parent_depth) noexcept {
  ondemand::token_position position = iterator.position();
  const ondemand::token_position end = internals::end_position(iterator);
  // The document's first byte: `peek` gives the byte a token's offset points at.
  const uint8_t *document = iterator.peek(position) - *position;
  // 64 bits: a document of up to 4 GB of opening brackets cannot overflow it.
  int64_t depth = 1;
  ++position;
  while (position < end) {
    depth += bracket_delta.of[document[*position]];
    ++position;
    if (depth == 0) {
      internals::move_to(iterator, position, parent_depth);
      return SUCCESS;
    }
  }
  // At the end, as simdjson's skip leaves it; the depth says only that the cursor is inside the
  // container (the document is broken: nothing reads it again).
  internals::move_to(iterator, end, parent_depth + 1);
  return iterator.report_error(TAPE_ERROR, "not enough close braces");
}

/// `iterator.skip_child(parent_depth)` for a cursor that stands on a separator or closing bracket
/// inside a value one level below `parent_depth` (a container read in part), in a document that
/// keeps container ends: a jump when that container's end is known, since the cursor's token lies
/// between its brackets (containers at one depth never overlap). Out of line, and tested only on
/// a separator or closing bracket, so that documents read in order pay nothing. (user-canada.json
/// reads a feature's `type` after `geometry.type`, which follows the coordinates: the lookup walked
/// them again from inside `geometry`. Instructions per decode 109.32M before, 104.64M after; 300
/// decodes 2.30 s and 2.19 s, medians of six runs alternating, against 2.16 s for canada.json
/// with the suite's model; canada.json, twitter.json and orders read in document order unchanged
/// within 0.1%; the user-style twitter.json and citm_catalog.json models +0.3% and +0.6%.)
[[gnu::noinline]] inline error_code skip_from_inside(ondemand::json_iterator &iterator,
                                                     ondemand::depth_t parent_depth) noexcept {
  const ondemand::depth_t depth = parent_depth + 1;
  if (iterator.depth() == depth && depth >= 0 && depth < csimdjson_detail::container_end_depths) {
    const csimdjson_detail::container_end &known = internals::owner<csimdjson_parser>(&iterator).container_ends[depth];
    const ondemand::token_position root = iterator.root_position();
    const uint32_t position = uint32_t(iterator.position() - root);
    if (known.start < position && position <= known.close) {
      jump_past(iterator, known.close, parent_depth);
      return SUCCESS;
    }
  }
  return iterator.skip_child(parent_depth);
}

/// `iterator.skip_child(parent_depth)`, unchecked (the caller has checked the first token): in a
/// document that keeps container ends, a container value whose end is known (an object a lookup
/// walked to its end, an array iterated to its end) is jumped over. simdjson's skip, starting at
/// an opening bracket, stops at the bracket that balances it, which is where the walk ended.
/// (Arrays too since user-canada.json: its root's `type`, read after the features, walked the
/// features' 111,000 coordinates again. Their test is behind the flag, so that documents read in
/// order pay nothing for it: instructions per decode of 1 MB of orders in document order 34.26M
/// before, 34.34M with the test unguarded, 34.25M guarded.)
///
/// (An earlier version also recorded the end of every container a skip walked: that made walks
/// slower, +2.6% instructions on twitter.json read by the suite's model, for few jumps.)
simdjson_really_inline error_code skip_walk(ondemand::json_iterator &iterator,
                                            ondemand::depth_t parent_depth) noexcept {
  if (iterator.depth() == parent_depth + 1) {
    const uint8_t first = *iterator.peek();
    if ((first | 0x20) == '{') {
      const csimdjson_parser &parser = internals::owner<csimdjson_parser>(&iterator);
      if (first == '{' || simdjson_unlikely(parser.container_ends_kept)) {
        const ondemand::token_position root = iterator.root_position();
        if (const uint32_t close =
                known_container_end(parser, parent_depth + 1, uint32_t(iterator.position() - root))) {
          jump_past(iterator, close, parent_depth);
          return SUCCESS;
        }
      }
      return skip_container(iterator, parent_depth);
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
    if (simdjson_unlikely(internals::owner<csimdjson_parser>(&iterator).container_ends_kept)) {
      return skip_from_inside(iterator, parent_depth);
    }
  }
  return skip_walk(iterator, parent_depth);
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
  if (const uint32_t close = known_container_end(parser, elements.depth() + 1, element_start)) {
    jump_past(iterator, close, elements.depth());
    return SUCCESS;
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

#endif // CSIMDJSON_HAS_INTERNALS

#endif // CSIMDJSON_SKIPS_H
