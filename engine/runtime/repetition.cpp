#include "engine/runtime/repetition.h"

#include <limits>
#include <new>

namespace backstep::rt {

size_t repeated_size(size_t unit, int64_t count, size_t max_elements) {
  if (count <= 0 || unit == 0) return 0;
  const auto n = static_cast<size_t>(count);
  constexpr auto kSsizeMax = static_cast<size_t>(std::numeric_limits<int64_t>::max());
  if (unit > kSsizeMax / n || unit * n > max_elements) throw std::bad_alloc();
  return unit * n;
}

std::string repeat_string(const std::string& s, int64_t count) {
  std::string out;
  const size_t total = repeated_size(s.size(), count, out.max_size());
  if (total == 0) return out;
  out.reserve(total);  // one request the allocator can refuse
  if (s.size() == 1) return out.append(total, s[0]);
  while (out.size() < total) out += s;
  return out;
}

}  // namespace backstep::rt
