#include "engine/debug/hook_memory.h"

#include <mutex>
#include <new>
#include <tuple>

namespace backstep::debug {

// Note [Warm memory for the next backward]
// A traced backward put its hooks and its watch list in memory fresh from
// the kernel: the allocator gives the last backward's freed memory back to
// the system while the program builds the next graph, so every page of it
// came back through a page fault, about 1.5 us each here (a VM). So a
// session's arena chunks and watch list go to a spare store when it ends,
// and the next session takes them, pages still mapped: up to kSpareChunks
// chunks (16 MB, the hooks of a 140k-node backward), and the largest watch
// list seen (8 bytes a node). A traced backward of 10,000 64x64 nodes took
// ~750 page faults against ~20 untraced; with the store ~560 (most of the
// rest is the history itself, which the trace keeps).
namespace {
class SpareMemory {
 public:
  static SpareMemory& get() {
    static SpareMemory spare;
    return spare;
  }

  HookArena::Chunk take_chunk() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (chunks_.empty()) return nullptr;
    HookArena::Chunk c = std::move(chunks_.back());
    chunks_.pop_back();
    return c;
  }
  void give_chunk(HookArena::Chunk c) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (chunks_.size() < kSpareChunks) chunks_.push_back(std::move(c));
  }

  template <class T>
  void take(T& into) {
    std::lock_guard<std::mutex> lock(mutex_);
    into.swap(std::get<T>(lists_));
  }
  template <class T>
  void give(T& from) {
    from.clear();
    std::lock_guard<std::mutex> lock(mutex_);
    T& kept = std::get<T>(lists_);
    if (from.capacity() > kept.capacity()) kept.swap(from);
  }

 private:
  static constexpr size_t kSpareChunks = 256;
  std::mutex mutex_;  // sessions end on the interpreter thread; walks may run on a worker
  std::vector<HookArena::Chunk> chunks_;
  std::tuple<std::vector<NodeWatch*>, std::vector<bool>> lists_;
};
}  // namespace

void* HookArena::allocate(size_t bytes) {
  size_t units = (bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t);
  constexpr size_t kChunkUnits = kChunkBytes / sizeof(std::max_align_t);
  if (used_ + units > kChunkUnits) {
    if (units > kChunkUnits) throw std::bad_alloc();  // hooks are a few dozen bytes
    Chunk c = SpareMemory::get().take_chunk();
    // (No zeroing: each hook is constructed in place.)
    chunks_.push_back(c ? std::move(c) : std::make_unique_for_overwrite<std::max_align_t[]>(kChunkUnits));
    used_ = 0;
  }
  void* p = chunks_.back().get() + used_;
  used_ += units;
  return p;
}

HookArena::~HookArena() {
  for (Chunk& c : chunks_) SpareMemory::get().give_chunk(std::move(c));
}

void take_spare(std::vector<NodeWatch*>& list) { SpareMemory::get().take(list); }
void give_spare(std::vector<NodeWatch*>& list) { SpareMemory::get().give(list); }
void take_spare(std::vector<bool>& bits) { SpareMemory::get().take(bits); }
void give_spare(std::vector<bool>& bits) { SpareMemory::get().give(bits); }

}  // namespace backstep::debug
