// The boundary scanner of CSimdJSON's streaming support. See include/csimdjson_stream.h for the
// contract.
//
// A byte-at-a-time state machine over the few bytes that matter for boundaries (quotes,
// backslashes, brackets, commas, whitespace), with a vector search for the end of each string.
// Inside an element, where nearly all of a stream's bytes are and only quotes, backslashes and
// brackets matter, it works on 64-byte blocks instead: one pass classifies the block into bit
// masks; the escaped bytes follow from the backslash mask, and a running XOR of the unescaped
// quotes tells the brackets inside strings from the others at once. Only a block with a backslash
// outside a string (never in valid JSON) has the bytes of its masks visited in order. Either way
// the rules are the byte-wise machine's, so where a piece of the stream is cut never changes the
// result. Blocks are classified with SSE2 (x86-64's baseline), or with AVX2 where the processor
// has it (checked at run time, so no `-march` flag is needed).

#include "csimdjson_stream.h"
#include "csimdjson_bytes.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CSIMDJSON_AVX2_BLOCKS 1
#include <immintrin.h>
#endif

namespace {

enum : uint32_t {
  phase_mask = 3,
  phase_before = 0, // array format: before the array's `[`
  phase_inside = 1,
  phase_after = 2, // array format: after the array's `]`
  in_string = 4,
  after_backslash = 8,
  in_scalar = 16, // documents format: inside a number or literal document
};

constexpr uint64_t no_offset = ~uint64_t(0);

/// In `format`, above the format itself: classify blocks on the baseline instruction set even
/// where AVX2 is available (`csimdjson_boundary_scanner_init_baseline`).
constexpr uint32_t baseline_blocks = 0x100;
constexpr uint32_t format_mask = 0xff;

enum byte_class : uint8_t { other = 0, space, quote, open, close, comma };

struct class_table {
  byte_class classes[256];
  constexpr class_table() : classes() {
    for (int i = 0; i < 256; ++i) {
      classes[i] = other;
    }
    classes[uint8_t(' ')] = space;
    classes[uint8_t('\t')] = space;
    classes[uint8_t('\n')] = space;
    classes[uint8_t('\r')] = space;
    classes[uint8_t('"')] = quote;
    classes[uint8_t('[')] = open;
    classes[uint8_t('{')] = open;
    classes[uint8_t(']')] = close;
    classes[uint8_t('}')] = close;
    classes[uint8_t(',')] = comma;
  }
};

constexpr class_table table;

constexpr uint32_t max_depth = 0x7fffffff;

/// The first `"`, `[`, `]`, `{` or `}` in [p, end), or `end`: inside an element, nothing else can
/// change the depth or start a string.
inline const uint8_t *find_quote_or_bracket(const uint8_t *p, const uint8_t *end) noexcept {
#if defined(__SSE2__)
  const __m128i quotes = _mm_set1_epi8('"');
  // `[` `]` `{` `}` are 0x5B 0x5D 0x7B 0x7D: OR-ing 0x20 folds them onto 0x7B and 0x7D.
  const __m128i case_bit = _mm_set1_epi8(0x20);
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  while (end - p >= 16) {
    __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    __m128i folded = _mm_or_si128(block, case_bit);
    __m128i hits = _mm_or_si128(_mm_cmpeq_epi8(block, quotes),
                                _mm_or_si128(_mm_cmpeq_epi8(folded, open), _mm_cmpeq_epi8(folded, close)));
    int mask = _mm_movemask_epi8(hits);
    if (mask != 0) { return p + __builtin_ctz(unsigned(mask)); }
    p += 16;
  }
#endif
  while (p < end && *p != '"' && *p != '[' && *p != ']' && *p != '{' && *p != '}') {
    ++p;
  }
  return p;
}

/// Bit masks of one 64-byte block: bit i stands for byte i.
struct block_masks {
  uint64_t quotes, backslashes, opens, closes;
};

inline block_masks classify(const uint8_t *p) noexcept {
  block_masks masks{0, 0, 0, 0};
#if defined(__SSE2__)
  const __m128i quotes = _mm_set1_epi8('"');
  const __m128i backslashes = _mm_set1_epi8('\\');
  const __m128i case_bit = _mm_set1_epi8(0x20); // folds `[` onto `{` and `]` onto `}`
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  for (int part = 0; part < 4; ++part) {
    __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * part));
    __m128i folded = _mm_or_si128(block, case_bit);
    const int shift = 16 * part;
    masks.quotes |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(block, quotes)))) << shift;
    masks.backslashes |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(block, backslashes)))) << shift;
    masks.opens |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)))) << shift;
    masks.closes |= uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)))) << shift;
  }
#else
  for (int i = 0; i < 64; ++i) {
    const uint64_t bit = uint64_t(1) << i;
    switch (p[i]) {
    case '"':
      masks.quotes |= bit;
      break;
    case '\\':
      masks.backslashes |= bit;
      break;
    case '[':
    case '{':
      masks.opens |= bit;
      break;
    case ']':
    case '}':
      masks.closes |= bit;
      break;
    default:
      break;
    }
  }
#endif
  return masks;
}

#if CSIMDJSON_AVX2_BLOCKS
/// `classify` in two 32-byte halves, for processors with AVX2.
__attribute__((target("avx2"))) inline block_masks classify_avx2(const uint8_t *p) noexcept {
  const __m256i quotes = _mm256_set1_epi8('"');
  const __m256i backslashes = _mm256_set1_epi8('\\');
  const __m256i case_bit = _mm256_set1_epi8(0x20);
  const __m256i open = _mm256_set1_epi8('{');
  const __m256i close = _mm256_set1_epi8('}');
  block_masks masks{0, 0, 0, 0};
  for (int half = 0; half < 2; ++half) {
    const __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32 * half));
    const __m256i folded = _mm256_or_si256(block, case_bit);
    const int shift = 32 * half;
    masks.quotes |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, quotes)))) << shift;
    masks.backslashes |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, backslashes)))) << shift;
    masks.opens |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, open)))) << shift;
    masks.closes |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, close)))) << shift;
  }
  return masks;
}

/// Whether this processor has AVX2 (and carry-less multiplication), asked once when the library
/// loads.
const bool has_avx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("pclmul") != 0;
}();
#endif

/// Bit i of the result is the XOR of bits 0 to i of `bits`.
inline uint64_t prefix_xor(uint64_t bits) noexcept {
  bits ^= bits << 1;
  bits ^= bits << 2;
  bits ^= bits << 4;
  bits ^= bits << 8;
  bits ^= bits << 16;
  bits ^= bits << 32;
  return bits;
}

#if CSIMDJSON_AVX2_BLOCKS
/// `prefix_xor` as one carry-less multiplication by all ones (every processor with AVX2 has it).
__attribute__((target("avx2,pclmul"))) inline uint64_t prefix_xor_clmul(uint64_t bits) noexcept {
  const __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, int64_t(bits)), _mm_set1_epi8(char(0xFF)), 0);
  return uint64_t(_mm_cvtsi128_si64(product));
}
#endif

/// The bytes of a 64-byte block that a backslash escapes: those after a run of backslashes of odd
/// length. `carry` says on entry whether the block's first byte is escaped by the block before, and
/// on return whether the next block's first byte is. Runs are found by addition: adding a run's
/// first bit to the mask carries through the run to the byte just past it, and whether that run
/// had odd length follows from whether it started on an even or an odd bit and where it ended.
inline uint64_t escaped_bytes(uint64_t backslashes, bool &carry) noexcept {
  constexpr uint64_t even_bits = 0x5555555555555555ULL;
  if (backslashes == 0 && !carry) { return 0; } // most blocks
  const uint64_t first = carry ? 1 : 0;
  backslashes &= ~first; // an escaped backslash escapes nothing
  const uint64_t starts = backslashes & ~(backslashes << 1);
  uint64_t after_even_runs = 0;
  uint64_t after_odd_runs = 0;
  // A run from an even bit to the block's end has even length: its overflow escapes nothing.
  (void)__builtin_add_overflow(backslashes, starts & even_bits, &after_even_runs);
  carry = __builtin_add_overflow(backslashes, starts & ~even_bits, &after_odd_runs);
  after_even_runs &= ~backslashes;
  after_odd_runs &= ~backslashes;
  // Odd length: a run from an even bit ends before an odd bit, one from an odd bit before an even.
  return first | (after_even_runs & ~even_bits) | (after_odd_runs & even_bits);
}

/// Scans whole 64-byte blocks from `p` while inside an element (`depth >= floor`), updating `state`
/// (its string and backslash flags) and `depth` exactly as the byte-wise machine would. Returns
/// where it stopped: before a closing bracket that would end the element, before an opening
/// bracket at the maximum depth (the byte-wise machine handles both), or at the first block
/// boundary with fewer than 64 bytes left.
template <block_masks (*classify_block)(const uint8_t *), uint64_t (*prefix)(uint64_t)>
__attribute__((always_inline)) inline const uint8_t *
skip_element_interior(const uint8_t *p, const uint8_t *end, uint32_t &state, uint32_t &depth, uint32_t floor) noexcept {
  bool string = (state & in_string) != 0;
  bool escaped_first = (state & after_backslash) != 0; // the block's first byte is escaped
  while (end - p >= 64) {
    const block_masks masks = classify_block(p);
    // Where every backslash is inside a string, as in valid JSON, a backslash escapes the byte
    // after it and every other quote opens or closes a string. Bit i of the running XOR of those
    // quotes says whether the quotes up to byte i change the string state, so the brackets outside
    // strings are known at once, and only they are visited. (The running XOR agrees with the
    // byte-wise machine up to the first backslash it finds outside a string, and that backslash
    // sends the block to the byte-ordered loop below.)
    bool carry = escaped_first;
    const uint64_t toggled = prefix(masks.quotes & ~escaped_bytes(masks.backslashes, carry));
    const uint64_t inside = string ? ~toggled : toggled;
    if ((masks.backslashes & ~inside) == 0) {
      uint64_t brackets = (masks.opens | masks.closes) & ~inside;
      while (brackets != 0) {
        const unsigned i = unsigned(__builtin_ctzll(brackets));
        brackets &= brackets - 1;
        if (masks.opens & (uint64_t(1) << i)) {
          if (depth == max_depth) {
            state &= ~(in_string | after_backslash);
            return p + i;
          }
          ++depth;
        } else {
          if (depth == floor) {
            state &= ~(in_string | after_backslash);
            return p + i;
          }
          --depth;
        }
      }
      string = (inside >> 63) != 0;
      escaped_first = carry;
      p += 64;
      continue;
    }
    uint64_t bits = masks.quotes | masks.backslashes | masks.opens | masks.closes;
    if (escaped_first) {
      bits &= ~uint64_t(1);
      escaped_first = false;
    }
    while (bits != 0) {
      const unsigned i = unsigned(__builtin_ctzll(bits));
      const uint64_t bit = uint64_t(1) << i;
      bits &= bits - 1;
      if (string) {
        // In a string only a backslash (the next byte is escaped, whatever it is) and the closing
        // quote count.
        if (masks.backslashes & bit) {
          if (i == 63) {
            escaped_first = true;
          } else {
            bits &= ~(bit << 1);
          }
        } else if (masks.quotes & bit) {
          string = false;
        }
      } else if (masks.quotes & bit) {
        string = true;
      } else if (masks.opens & bit) {
        if (depth == max_depth) {
          state &= ~(in_string | after_backslash);
          return p + i;
        }
        ++depth;
      } else if (masks.closes & bit) {
        if (depth == floor) {
          state &= ~(in_string | after_backslash);
          return p + i;
        }
        --depth;
      }
      // A backslash outside a string changes nothing.
    }
    p += 64;
  }
  state = (state & ~(in_string | after_backslash)) | (string ? in_string : 0u) | (escaped_first ? after_backslash : 0u);
  return p;
}

/// `skip_element_interior` on the baseline instruction set.
const uint8_t *skip_interior_baseline(const uint8_t *p, const uint8_t *end, uint32_t &state, uint32_t &depth,
                                      uint32_t floor) noexcept {
  return skip_element_interior<classify, prefix_xor>(p, end, state, depth, floor);
}

#if CSIMDJSON_AVX2_BLOCKS
/// `skip_element_interior` with AVX2 and carry-less multiplication.
__attribute__((target("avx2,pclmul"))) const uint8_t *
skip_interior_avx2(const uint8_t *p, const uint8_t *end, uint32_t &state, uint32_t &depth, uint32_t floor) noexcept {
  return skip_element_interior<classify_avx2, prefix_xor_clmul>(p, end, state, depth, floor);
}
#endif

/// Lines format: the stream offset of `q`, a pointer into the line that starts at `origin`.
struct line_cursor {
  const uint8_t *line;
  uint64_t origin;
  uint64_t offset(const uint8_t *q) const noexcept { return origin + uint64_t(q - line); }
};

inline bool is_line_space(uint8_t byte) noexcept { return byte == ' ' || byte == '\t' || byte == '\r'; }

/// The opening quote of the string a line ends inside: the last quote not escaped by a backslash
/// (a string cannot hold a raw newline, so the last unescaped quote before the end opened it).
const uint8_t *unclosed_string_start(const uint8_t *line, const uint8_t *end) noexcept {
  for (const uint8_t *q = end; q > line;) {
    --q;
    if (*q != '"') { continue; }
    const uint8_t *r = q;
    while (r > line && r[-1] == '\\') {
      --r;
    }
    if (((q - r) & 1) == 0) { return q; }
  }
  return line;
}

/// Lines format: checks the line [line, end) (without its newline), which starts at stream offset
/// `origin`, and appends its record's pair unless the line is blank. The line's value is found as
/// the other formats find elements (the same string and bracket rules, 64-byte blocks inside
/// objects and arrays); what follows it must be whitespace.
void check_line(const uint8_t *line, const uint8_t *end, uint64_t origin, bool avx2, uint64_t *boundaries,
                size_t &n) noexcept {
  const line_cursor at{line, origin};
  const uint8_t *p = line;
  while (p < end && is_line_space(*p)) {
    ++p;
  }
  if (p == end) { return; }
  const uint8_t *const start = p;
  auto fault = [&](csimdjson_line_fault kind, const uint8_t *where) {
    boundaries[n++] = at.offset(start) | CSIMDJSON_LINE_FAULT_FLAG;
    boundaries[n++] = (uint64_t(kind) << CSIMDJSON_LINE_FAULT_SHIFT) | at.offset(where);
  };
  switch (table.classes[*p]) {
  case open: {
    uint32_t depth = 1;
    uint32_t state = 0;
    ++p;
    for (;;) {
      if (end - p >= 64 && !(state & after_backslash)) {
#if CSIMDJSON_AVX2_BLOCKS
        p = avx2 ? skip_interior_avx2(p, end, state, depth, 1) : skip_interior_baseline(p, end, state, depth, 1);
#else
        p = skip_interior_baseline(p, end, state, depth, 1);
#endif
      }
      if (p == end) { break; }
      if (state & after_backslash) {
        state &= ~after_backslash;
        ++p;
        continue;
      }
      if (state & in_string) {
        p = csimdjson_bytes::find_quote_or_backslash(p, end);
        if (p == end) { break; }
        if (*p == '\\') {
          state |= after_backslash;
        } else {
          state &= ~in_string;
        }
        ++p;
        continue;
      }
      p = find_quote_or_bracket(p, end);
      if (p == end) { break; }
      const byte_class kind = table.classes[*p];
      if (kind == quote) {
        state |= in_string;
      } else if (kind == open) {
        if (depth == max_depth) {
          fault(CSIMDJSON_LINE_FAULT_UNEXPECTED, p);
          return;
        }
        ++depth;
      } else if (--depth == 0) {
        ++p;
        goto after_value;
      }
      ++p;
    }
    if (state & (in_string | after_backslash)) {
      fault(CSIMDJSON_LINE_FAULT_UNCLOSED_STRING, unclosed_string_start(start, end));
    } else {
      // The line ends where its content does, before a `\r` or trailing spaces.
      const uint8_t *content_end = end;
      while (content_end > start && is_line_space(content_end[-1])) {
        --content_end;
      }
      fault(CSIMDJSON_LINE_FAULT_TRUNCATED, content_end);
    }
    return;
  }
  case quote:
    ++p;
    for (;;) {
      p = csimdjson_bytes::find_quote_or_backslash(p, end);
      if (p == end) {
        fault(CSIMDJSON_LINE_FAULT_UNCLOSED_STRING, start);
        return;
      }
      if (*p == '"') { break; }
      p += 2; // a backslash and the byte it escapes
      if (p >= end) {
        fault(CSIMDJSON_LINE_FAULT_UNCLOSED_STRING, start);
        return;
      }
    }
    ++p;
    break;
  case other:
    // A number or a literal: simdjson checks its bytes; it ends where the next token could start.
    while (p < end && table.classes[*p] == other) {
      ++p;
    }
    break;
  default:
    fault(CSIMDJSON_LINE_FAULT_UNEXPECTED, start);
    return;
  }
after_value:
  const uint8_t *const value_end = p;
  while (p < end && is_line_space(*p)) {
    ++p;
  }
  if (p != end) {
    fault(CSIMDJSON_LINE_FAULT_TRAILING_CONTENT, p);
    return;
  }
  boundaries[n++] = at.offset(start);
  boundaries[n++] = at.offset(value_end);
}

/// Lines format: `csimdjson_boundary_scanner_scan`. Finds each newline (`memchr`), then checks the
/// line before it in one pass; the bytes of a line whose newline has not arrived are consumed (the
/// search for the newline never looks at them again) and kept by the caller for that pass.
csimdjson_error scan_lines(csimdjson_boundary_scanner *scanner, const uint8_t *bytes, size_t length,
                           uint64_t *boundaries, size_t capacity, size_t *count, size_t *scanned) noexcept {
  const uint8_t *p = bytes;
  const uint8_t *const end = bytes + length;
  const uint64_t base = scanner->position;
  const uint8_t *line = bytes - (base - scanner->line_start);
#if CSIMDJSON_AVX2_BLOCKS
  const bool avx2 = has_avx2 && (scanner->format & baseline_blocks) == 0;
#else
  const bool avx2 = false;
#endif
  size_t n = *count;
  while (p < end && n + CSIMDJSON_BOUNDARIES_PER_BYTE <= capacity) {
    const void *found = std::memchr(p, '\n', size_t(end - p));
    if (found == nullptr) {
      p = end;
      break;
    }
    const uint8_t *newline = static_cast<const uint8_t *>(found);
    check_line(line, newline, scanner->line_start, avx2, boundaries, n);
    p = newline + 1;
    line = p;
    scanner->line_start = base + uint64_t(p - bytes);
  }
  scanner->position = base + uint64_t(p - bytes);
  *count = n;
  *scanned = size_t(p - bytes);
  return CSIMDJSON_SUCCESS;
}

} // namespace

extern "C" void csimdjson_boundary_scanner_init(csimdjson_boundary_scanner *scanner, csimdjson_stream_format format) {
  std::memset(scanner, 0, sizeof(*scanner));
  scanner->pending_end = no_offset;
  scanner->format = uint32_t(format);
  scanner->state = format == CSIMDJSON_STREAM_FORMAT_ARRAY ? phase_before : phase_inside;
  scanner->line_start = 0;
}

extern "C" void csimdjson_boundary_scanner_init_baseline(csimdjson_boundary_scanner *scanner,
                                                         csimdjson_stream_format format) {
  csimdjson_boundary_scanner_init(scanner, format);
  scanner->format |= baseline_blocks;
}

extern "C" csimdjson_error csimdjson_boundary_scanner_scan(csimdjson_boundary_scanner *scanner, const uint8_t *bytes,
                                                           size_t length, uint64_t *boundaries, size_t capacity,
                                                           size_t *count, size_t *scanned) {
  if (scanner->error != CSIMDJSON_SUCCESS) {
    *scanned = 0;
    return csimdjson_error(scanner->error);
  }
  if ((scanner->format & format_mask) == CSIMDJSON_STREAM_FORMAT_LINES) {
    return scan_lines(scanner, bytes, length, boundaries, capacity, count, scanned);
  }
  const uint8_t *p = bytes;
  const uint8_t *const end = bytes + length;
  const uint64_t base = scanner->position;
  size_t n = *count;
  uint32_t state = scanner->state;
  uint32_t depth = scanner->depth;
  uint64_t pending_end = scanner->pending_end;
  csimdjson_error error = CSIMDJSON_SUCCESS;
  const bool array = (scanner->format & format_mask) == CSIMDJSON_STREAM_FORMAT_ARRAY;
#if CSIMDJSON_AVX2_BLOCKS
  const bool avx2 = has_avx2 && (scanner->format & baseline_blocks) == 0;
#endif
  auto offset = [&](const uint8_t *q) { return base + uint64_t(q - bytes); };

  const uint32_t interior = array ? 2u : 1u;

  while (p < end) {
    if (n + CSIMDJSON_BOUNDARIES_PER_BYTE > capacity) { break; }
    if (depth >= interior && end - p >= 64) {
      // Inside an element: no boundary can appear before the bracket that ends it.
#if CSIMDJSON_AVX2_BLOCKS
      p = avx2 ? skip_interior_avx2(p, end, state, depth, interior)
               : skip_interior_baseline(p, end, state, depth, interior);
#else
      p = skip_interior_baseline(p, end, state, depth, interior);
#endif
      if (p == end) { break; }
    }
    if (state & after_backslash) {
      state &= ~after_backslash;
      ++p;
      continue;
    }
    if (state & in_string) {
      p = csimdjson_bytes::find_quote_or_backslash(p, end);
      if (p == end) { break; }
      if (*p == '\\') {
        state |= after_backslash;
        ++p;
        continue;
      }
      state &= ~in_string;
      ++p;
      if (array) {
        if (depth == 1) { pending_end = offset(p); }
      } else if (depth == 0) {
        boundaries[n++] = offset(p);
      }
      continue;
    }
    if (depth >= (array ? 2u : 1u)) {
      // Inside an element only quotes and brackets matter: skip straight to the next one.
      p = find_quote_or_bracket(p, end);
      if (p == end) { break; }
    }
    const uint8_t byte = *p;
    const byte_class kind = table.classes[byte];
    if (array) {
      if (depth == 0) {
        if (kind == space) {
          ++p;
          continue;
        }
        if ((state & phase_mask) == phase_before && byte == '[') {
          boundaries[n++] = offset(p);
          depth = 1;
          state = phase_inside;
          ++p;
          continue;
        }
        error = (state & phase_mask) == phase_before ? CSIMDJSON_INCORRECT_TYPE : CSIMDJSON_TRAILING_CONTENT;
        scanner->error_offset = offset(p);
        break;
      }
      switch (kind) {
      case space:
        break;
      case other:
        if (depth == 1) { pending_end = no_offset; }
        break;
      case quote:
        if (depth == 1) { pending_end = no_offset; }
        state |= in_string;
        break;
      case open:
        if (depth == 1) { pending_end = no_offset; }
        if (depth == max_depth) {
          error = CSIMDJSON_DEPTH_ERROR;
          scanner->error_offset = offset(p);
        } else {
          ++depth;
        }
        break;
      case close:
        --depth;
        if (depth == 1) {
          pending_end = offset(p + 1);
        } else if (depth == 0) {
          boundaries[n++] = offset(p);
          pending_end = no_offset;
          state = phase_after;
          if (byte != ']') {
            error = CSIMDJSON_TAPE_ERROR;
            scanner->error_offset = offset(p);
          }
        }
        break;
      case comma:
        if (depth == 1) {
          boundaries[n++] = offset(p);
          pending_end = no_offset;
        }
        break;
      }
      if (error != CSIMDJSON_SUCCESS) { break; }
      ++p;
      continue;
    }
    // Documents.
    if (depth == 0) {
      if (state & in_scalar) {
        if (kind == other) {
          ++p;
          continue;
        }
        // The number or literal ends here; look at this byte again as the next token.
        boundaries[n++] = offset(p);
        state &= ~in_scalar;
        continue;
      }
      switch (kind) {
      case space:
        break;
      case quote:
        boundaries[n++] = offset(p);
        state |= in_string;
        break;
      case open:
        boundaries[n++] = offset(p);
        depth = 1;
        break;
      case close:
      case comma:
        // A stray separator: a one-byte document that fails to parse, so that it is reported.
        boundaries[n++] = offset(p);
        boundaries[n++] = offset(p + 1);
        break;
      case other:
        boundaries[n++] = offset(p);
        state |= in_scalar;
        break;
      }
      ++p;
      continue;
    }
    switch (kind) {
    case quote:
      state |= in_string;
      break;
    case open:
      if (depth == max_depth) {
        error = CSIMDJSON_DEPTH_ERROR;
        scanner->error_offset = offset(p);
      } else {
        ++depth;
      }
      break;
    case close:
      --depth;
      if (depth == 0) { boundaries[n++] = offset(p + 1); }
      break;
    default:
      break;
    }
    if (error != CSIMDJSON_SUCCESS) { break; }
    ++p;
  }

  scanner->position = offset(p);
  scanner->state = state;
  scanner->depth = depth;
  scanner->pending_end = pending_end;
  scanner->error = uint32_t(error);
  *count = n;
  *scanned = size_t(p - bytes);
  return error;
}

extern "C" csimdjson_error csimdjson_boundary_scanner_finish(csimdjson_boundary_scanner *scanner, uint64_t *boundaries,
                                                             size_t capacity, size_t *count) {
  if (scanner->error != CSIMDJSON_SUCCESS) { return csimdjson_error(scanner->error); }
  csimdjson_error error = CSIMDJSON_SUCCESS;
  const uint32_t state = scanner->state;
  if (state & (in_string | after_backslash)) {
    error = CSIMDJSON_UNCLOSED_STRING;
  } else if ((scanner->format & format_mask) == CSIMDJSON_STREAM_FORMAT_ARRAY) {
    if ((state & phase_mask) == phase_before) {
      error = CSIMDJSON_EMPTY;
    } else if ((state & phase_mask) == phase_inside) {
      error = CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT;
    }
  } else if (scanner->depth != 0) {
    error = CSIMDJSON_INCOMPLETE_ARRAY_OR_OBJECT;
  } else if (state & in_scalar) {
    if (*count >= capacity) { return CSIMDJSON_CAPACITY; }
    boundaries[(*count)++] = scanner->position;
    scanner->state = state & ~in_scalar;
  }
  if (error != CSIMDJSON_SUCCESS) {
    scanner->error = uint32_t(error);
    scanner->error_offset = scanner->position;
  }
  return error;
}

extern "C" csimdjson_error csimdjson_boundary_scanner_finish_lines(csimdjson_boundary_scanner *scanner,
                                                                   const uint8_t *line, uint64_t *boundaries,
                                                                   size_t capacity, size_t *count) {
  if (scanner->line_start == scanner->position) { return CSIMDJSON_SUCCESS; }
  if (*count + 2 > capacity) { return CSIMDJSON_CAPACITY; }
#if CSIMDJSON_AVX2_BLOCKS
  const bool avx2 = has_avx2 && (scanner->format & baseline_blocks) == 0;
#else
  const bool avx2 = false;
#endif
  size_t n = *count;
  check_line(line, line + (scanner->position - scanner->line_start), scanner->line_start, avx2, boundaries, n);
  *count = n;
  scanner->line_start = scanner->position;
  return CSIMDJSON_SUCCESS;
}
