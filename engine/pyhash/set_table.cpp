#include "engine/pyhash/set_table.h"

#include <atomic>

namespace backstep::pyhash::set_table_detail {

// Relaxed is enough: only uniqueness matters, not ordering with other memory.
uint64_t next_key_identity() {
  static std::atomic<uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;  // 0 means "no key"
}

uint64_t next_table_identity() {
  static std::atomic<uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;  // 0 is the small table
}

}  // namespace backstep::pyhash::set_table_detail
