// Byte searches that the shim's parts share (csimdjson_objects.cpp's key checks, comparisons and
// key hash, csimdjson_parser.cpp's hash seed, csimdjson_stream.cpp's boundary scanner). Internal:
// not part of the C API in include/.
#ifndef CSIMDJSON_BYTES_H
#define CSIMDJSON_BYTES_H

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace csimdjson_bytes {

/// The high bit of each byte of `word` that is a quote or a backslash (the has-zero-byte test,
/// twice). Bits above the lowest flagged byte may be false positives; the lowest one is exact (on
/// a little-endian load, the first such byte), and the result is zero only when no byte is a quote
/// or a backslash.
inline uint64_t quote_or_backslash_bits(uint64_t word) noexcept {
  constexpr uint64_t ones = 0x0101010101010101ULL;
  const uint64_t quotes = word ^ (ones * uint8_t('"'));
  const uint64_t backslashes = word ^ (ones * uint8_t('\\'));
  return (((quotes - ones) & ~quotes) | ((backslashes - ones) & ~backslashes)) & (ones << 7);
}

/// The bytes `quote_or_backslash_in_block` reads at once.
#if defined(__SSE2__)
constexpr std::ptrdiff_t quote_block = 16;
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr std::ptrdiff_t quote_block = 8;
#else
constexpr std::ptrdiff_t quote_block = 1;
#endif

/// The first `"` or `\` among the `quote_block` bytes at `p`, or null.
inline const uint8_t *quote_or_backslash_in_block(const uint8_t *p) noexcept {
#if defined(__SSE2__)
  const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
  const int mask = _mm_movemask_epi8(
      _mm_or_si128(_mm_cmpeq_epi8(block, _mm_set1_epi8('"')), _mm_cmpeq_epi8(block, _mm_set1_epi8('\\'))));
  return mask != 0 ? p + __builtin_ctz(unsigned(mask)) : nullptr;
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t word;
  std::memcpy(&word, p, 8);
  const uint64_t found = quote_or_backslash_bits(word);
  return found != 0 ? p + (__builtin_ctzll(found) >> 3) : nullptr;
#else
  return *p == '"' || *p == '\\' ? p : nullptr;
#endif
}

/// The first `"` or `\` in [p, end), or `end`: for long spans (strings inside stream elements).
inline const uint8_t *find_quote_or_backslash(const uint8_t *p, const uint8_t *end) noexcept {
  for (; end - p >= quote_block; p += quote_block) {
    if (const uint8_t *found = quote_or_backslash_in_block(p)) { return found; }
  }
  while (p < end && *p != '"' && *p != '\\') {
    ++p;
  }
  return p;
}

/// The first `"` or `\` from `p` on, which must come before the end of readable memory less 15
/// bytes (a key inside a padded document: its closing quote comes first). For short spans, in
/// whole blocks that may run past the byte found.
inline const uint8_t *find_quote_or_backslash_padded(const uint8_t *p) noexcept {
  for (;; p += quote_block) {
    if (const uint8_t *found = quote_or_backslash_in_block(p)) { return found; }
  }
}

/// Whether the `length` bytes at `bytes` hold a quote or a backslash: for short spans (lookup
/// keys), in fixed-size reads that may overlap (a byte loop cost about as much as a short lookup).
inline bool has_quote_or_backslash(const char *bytes, size_t length) noexcept {
  uint64_t word = 0;
  if (length >= 8) {
    for (size_t offset = 0; offset + 8 <= length; offset += 8) {
      std::memcpy(&word, bytes + offset, 8);
      if (quote_or_backslash_bits(word) != 0) { return true; }
    }
    std::memcpy(&word, bytes + length - 8, 8);
    return quote_or_backslash_bits(word) != 0;
  }
  if (length >= 4) {
    uint32_t head = 0, tail = 0;
    std::memcpy(&head, bytes, 4);
    std::memcpy(&tail, bytes + length - 4, 4);
    return quote_or_backslash_bits(uint64_t(head) | (uint64_t(tail) << 32)) != 0;
  }
  for (size_t index = 0; index < length; ++index) {
    if (bytes[index] == '"' || bytes[index] == '\\') { return true; }
  }
  return false;
}

/// Whether the `length` bytes at `a` and at `b` are equal: for short spans (lookup keys), in
/// fixed-size reads that may overlap, within the `length` bytes of each. A call to `memcmp` cost
/// more than the comparison itself for the keys of most documents.
inline bool equal_short(const char *a, const char *b, size_t length) noexcept {
  uint64_t x = 0, y = 0;
  if (length >= 8) {
    size_t offset = 0;
    for (; offset + 8 < length; offset += 8) {
      std::memcpy(&x, a + offset, 8);
      std::memcpy(&y, b + offset, 8);
      if (x != y) { return false; }
    }
    std::memcpy(&x, a + length - 8, 8);
    std::memcpy(&y, b + length - 8, 8);
    return x == y;
  }
  if (length >= 4) {
    uint32_t a_head = 0, a_tail = 0, b_head = 0, b_tail = 0;
    std::memcpy(&a_head, a, 4);
    std::memcpy(&a_tail, a + length - 4, 4);
    std::memcpy(&b_head, b, 4);
    std::memcpy(&b_tail, b + length - 4, 4);
    return a_head == b_head && a_tail == b_tail;
  }
  for (size_t index = 0; index < length; ++index) {
    if (a[index] != b[index]) { return false; }
  }
  return true;
}

/// A 64-bit finaliser (a multiply-xorshift round): spreads every input bit over the result.
inline uint64_t mix(uint64_t x) noexcept {
  x ^= x >> 32;
  x *= 0xd6e8feb86659fd93ULL;
  x ^= x >> 32;
  x *= 0xd6e8feb86659fd93ULL;
  x ^= x >> 32;
  return x;
}

/// A seeded hash of the `length` bytes at `bytes`, reading every byte (so that keys cannot agree
/// on the bytes it reads and differ elsewhere) and nothing past them.
inline uint64_t hash(const char *bytes, size_t length, uint64_t seed) noexcept {
  uint64_t h = seed ^ (uint64_t(length) * 0x9e3779b97f4a7c15ULL);
  size_t offset = 0;
  for (; offset + 8 <= length; offset += 8) {
    uint64_t word;
    std::memcpy(&word, bytes + offset, 8);
    h = (h ^ word) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
  }
  if (offset < length) {
    uint64_t word = 0;
    std::memcpy(&word, bytes + offset, length - offset);
    h = (h ^ word) * 0x9e3779b97f4a7c15ULL;
  }
  return mix(h);
}

} // namespace csimdjson_bytes

#endif
