// Memory a watched backward's hooks live in.
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
class HookArena {
 public:
  HookArena() = default;
  ~HookArena() = default;
  HookArena(const HookArena&) = delete;
  HookArena& operator=(const HookArena&) = delete;
  void* allocate(size_t bytes);

  static constexpr size_t kChunkBytes = size_t(64) << 10;
  using Chunk = std::unique_ptr<std::max_align_t[]>;

 private:
  std::vector<Chunk> chunks_;
  size_t used_ = kChunkBytes;  // in the last chunk
};

}  // namespace backstep::debug
