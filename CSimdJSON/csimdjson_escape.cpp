// JSON string escaping for SimdUnbox's encoder: the scan for bytes that need an escape, sixteen
// bytes at a time with SSE2 (part of every x86-64 processor), or eight at a time elsewhere.
//
// Measured (instructions per encode, scripts/instructions.sh encode-<file> SimdJSONEncoder),
// against the eight-byte Swift scan it replaces for strings of 32 bytes or more:
// gsoc-2018.json 33.41M -> 26.48M, twitter.json 10.40M -> 9.96M.
#include "csimdjson_escape.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

inline bool needs_escape(uint8_t byte, bool escape_slashes) noexcept {
  return byte < 0x20 || byte == '"' || byte == '\\' || (escape_slashes && byte == '/');
}

#if defined(__SSE2__)
/// The bits (one per byte) of the bytes of `block` that need an escape.
inline unsigned escape_mask(__m128i block, __m128i slashes) noexcept {
  const __m128i controls = _mm_cmpeq_epi8(_mm_max_epu8(block, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
  const __m128i quotes = _mm_cmpeq_epi8(block, _mm_set1_epi8('"'));
  const __m128i backslashes = _mm_cmpeq_epi8(block, _mm_set1_epi8('\\'));
  const __m128i slash = _mm_cmpeq_epi8(block, slashes);
  return unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(controls, quotes), _mm_or_si128(backslashes, slash))));
}
#endif

} // namespace

extern "C" size_t csimdjson_escape_clean_prefix(const uint8_t *source, size_t length, bool escape_slashes) {
  size_t position = 0;
#if defined(__SSE2__)
  // Without slash escaping, the slash comparison looks for quotes again.
  const __m128i slashes = _mm_set1_epi8(escape_slashes ? '/' : '"');
  while (position + 16 <= length) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + position));
    if (unsigned mask = escape_mask(block, slashes)) { return position + unsigned(__builtin_ctz(mask)); }
    position += 16;
  }
  // The last bytes: the sixteen that end the text, overlapping bytes already seen.
  if (position < length && length >= 16) {
    const size_t start = length - 16;
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + start));
    unsigned mask = escape_mask(block, slashes) >> (position - start);
    return mask == 0 ? length : position + unsigned(__builtin_ctz(mask));
  }
#endif
  while (position < length && !needs_escape(source[position], escape_slashes)) {
    ++position;
  }
  return position;
}

namespace {

/// Writes the escape of `byte` (one that needs one) at `out`; returns its length.
inline size_t write_escape(uint8_t byte, uint8_t *out) noexcept {
  static const char hex[] = "0123456789abcdef";
  out[0] = '\\';
  switch (byte) {
  case '"':
  case '\\':
  case '/':
    out[1] = byte;
    return 2;
  case 0x08:
    out[1] = 'b';
    return 2;
  case 0x0C:
    out[1] = 'f';
    return 2;
  case 0x0A:
    out[1] = 'n';
    return 2;
  case 0x0D:
    out[1] = 'r';
    return 2;
  case 0x09:
    out[1] = 't';
    return 2;
  default:
    out[1] = 'u';
    out[2] = '0';
    out[3] = '0';
    out[4] = uint8_t(hex[byte >> 4]);
    out[5] = uint8_t(hex[byte & 0xF]);
    return 6;
  }
}

} // namespace

// With SSE2, each block of sixteen bytes is stored whole before its first escape is looked for:
// no call to copy the clean runs between escapes. The destination has room for six bytes per
// source byte, and at most six have been written per byte read, so sixteen bytes are free
// wherever sixteen remain to read. Measured (instructions per encode, scripts/instructions.sh
// encode-gsoc-2018.json SimdJSONEncoder, whose descriptions are full of `\n` and `/`): 20.77M
// with a scan and a copy per clean run, 20.38M with the stores.
extern "C" size_t csimdjson_escape_write(const uint8_t *source, size_t length, uint8_t *destination,
                                         bool escape_slashes) {
  uint8_t *out = destination;
  size_t position = 0;
#if defined(__SSE2__)
  const __m128i slashes = _mm_set1_epi8(escape_slashes ? '/' : '"');
  while (position + 16 <= length) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(source + position));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(out), block);
    const unsigned mask = escape_mask(block, slashes);
    if (mask == 0) {
      position += 16;
      out += 16;
      continue;
    }
    const unsigned clean = unsigned(__builtin_ctz(mask));
    out += clean;
    position += clean;
    out += write_escape(source[position++], out);
  }
#endif
  while (position < length) {
    const uint8_t byte = source[position++];
    if (needs_escape(byte, escape_slashes)) {
      out += write_escape(byte, out);
    } else {
      *out++ = byte;
    }
  }
  return size_t(out - destination);
}
