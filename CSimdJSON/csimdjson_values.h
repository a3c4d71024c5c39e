// Reading values: a value cursor or the document root, and the number check every double read
// makes. Shared by the value, object and array readers. Internal: not part of the C API in include/.
#ifndef CSIMDJSON_VALUES_H
#define CSIMDJSON_VALUES_H

#include "csimdjson_parser.h"

namespace {

/// Runs `on_value` on a non-root value, `on_root` on the document when the value is the root.
template <typename OnValue, typename OnRoot>
inline csimdjson_error dispatch(csimdjson_value *opaque, OnValue &&on_value, OnRoot &&on_root) noexcept {
  if (simdjson_unlikely(is_empty(opaque))) { return CSIMDJSON_UNINITIALIZED; }
  value_slot slot = load<value_slot>(opaque);
  if (simdjson_likely(slot.root_parser == nullptr)) { return code(on_value(slot.value)); }
  return code(on_root(*slot.root_parser));
}

/// simdjson 3.0.1's On-Demand `get_double` misreads numbers written `0.` (or `-0.`) followed by
/// more than 19 significant digits: it checks the wrong span for 64-bit overflow. Such numbers are
/// refused here (NUMBER_ERROR, value unconsumed) so that the caller parses their text exactly.
inline bool misread_by_get_double(const char *token) noexcept {
  const char *p = token + (*token == '-');
  if (p[0] != '0' || p[1] != '.') { return false; }
  p += 2;
  while (*p == '0') {
    ++p;
  }
  int digits = 0;
  while (*p >= '0' && *p <= '9' && digits <= 19) {
    ++p;
    ++digits;
  }
  return digits > 19;
}

inline error_code checked_get_double(ondemand::value &value, double &out) noexcept {
  error_code error = value.get_double().get(out);
  if (simdjson_unlikely(!error && misread_by_get_double(value.raw_json_token().data()))) { return NUMBER_ERROR; }
  return error;
}

} // namespace

#endif // CSIMDJSON_VALUES_H
