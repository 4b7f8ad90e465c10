#include "engine/debug/hook_memory.h"

#include <new>

namespace backstep::debug {

void* HookArena::allocate(size_t bytes) {
  size_t units = (bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
  constexpr size_t kChunkUnits = kChunkBytes / sizeof(std::max_align_t);
  if (used_ + units > kChunkUnits) {
    if (units > kChunkUnits) throw std::bad_alloc();  // hooks are a few dozen bytes
    // (No zeroing: each hook is constructed in place.)
    chunks_.push_back(std::make_unique_for_overwrite<std::max_align_t[]>(kChunkUnits));
    used_ = 0;
  }
  void* p = chunks_.back().get() + used_;
  used_ += units;
  return p;
}

}  // namespace backstep::debug
