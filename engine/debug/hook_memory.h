// Memory a watched backward's hooks live in, and what one backward leaves
// warm for the next (Note [Warm memory for the next backward]).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace backstep::debug {

class NodeWatch;  // the pre-hook a session puts on each node (session.cpp)

// Memory for the hook objects of one session. libtorch owns each hook
// through a unique_ptr, and a watched backward makes two per node: an
// allocation and a free each showed in what watching costs. The hooks'
// operator delete does nothing; the arena lets go of them all at once, with
// the session, which has taken every hook off its node by then.
// Its chunks go back to a pool the next session's arena takes from (Note
// [Warm memory for the next backward], hook_memory.cpp).
class HookArena {
 public:
  HookArena() = default;
  ~HookArena();
  HookArena(const HookArena&) = delete;
  HookArena& operator=(const HookArena&) = delete;
  void* allocate(size_t bytes);

  static constexpr size_t kChunkBytes = size_t(64) << 10;
  using Chunk = std::unique_ptr<std::max_align_t[]>;

 private:
  std::vector<Chunk> chunks_;
  size_t used_ = kChunkBytes;  // in the last chunk
};

// The watch list (and its bit vector) a session fills: take_spare() swaps
// in the capacity an earlier session gave back, give_spare() keeps the
// larger of the two (emptied).
void take_spare(std::vector<NodeWatch*>& list);
void give_spare(std::vector<NodeWatch*>& list);
void take_spare(std::vector<bool>& bits);
void give_spare(std::vector<bool>& bits);

}  // namespace backstep::debug
