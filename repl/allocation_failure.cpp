// Note [Allocation failure under mimalloc]
//
// PyTorch raises "DefaultCPUAllocator: can't allocate memory: you tried to
// allocate N bytes" for torch.ones(100000, 100000), and CPython raises
// MemoryError for [1] * 10**12, because glibc's malloc asks the kernel for
// such a block with a plain mmap, and Linux's default overcommit policy
// (vm.overcommit_memory = 0) refuses a single request larger than RAM + swap.
// mimalloc maps its memory with MAP_NORESERVE whenever the kernel overcommits,
// which skips that check: the request succeeds, the program starts writing,
// and the process grows until the OOM killer ends it (24 GB and 135 s for
// torch.ones(100000, 100000)).
//
// This file defines mmap in the executable, so the dynamic linker binds
// mimalloc's (and every library's) calls to it. For large private anonymous
// requests it drops MAP_NORESERVE and lets the kernel's own heuristic decide,
// exactly as it does for glibc's malloc: an impossible size fails at once
// (malloc returns NULL, new throws bad_alloc, libtorch raises its
// can't-allocate error), anything the kernel would grant still is. Small
// requests (mimalloc's segments, the 8 MB coroutine stacks) pass through
// unchanged, so under vm.overcommit_memory = 2 nothing new is charged.
//
// Then the refusal must reach the program as std::bad_alloc. Debian's
// libmimalloc is built as C: its operator new cannot see std::new_handler and
// calls abort() when memory runs out. The replaceable operator new below
// (the program's own, as the C++ standard allows) asks mimalloc's non-throwing
// entry points and throws std::bad_alloc, which the interpreter turns into
// MemoryError and libtorch's allocator into its RuntimeError.
// Compiled only when mimalloc replaces malloc (repl/CMakeLists.txt); the
// sanitizer builds, which intercept mmap themselves, never see it.
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <mimalloc.h>

#include <cstddef>
#include <new>

namespace {

constexpr size_t kLargeRequest = size_t(1) << 30;  // 1 GiB: well above any segment or stack

void* checked_mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) {
  const int anonymous_private = MAP_PRIVATE | MAP_ANONYMOUS;
  if ((flags & anonymous_private) == anonymous_private && length >= kLargeRequest) flags &= ~MAP_NORESERVE;
  // The raw system call: the libc symbol is the one this file replaces.
  return reinterpret_cast<void*>(syscall(SYS_mmap, addr, length, prot, flags, fd, offset));
}

}  // namespace

extern "C" {

void* mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) noexcept {
  return checked_mmap(addr, length, prot, flags, fd, offset);
}

void* mmap64(void* addr, size_t length, int prot, int flags, int fd, off64_t offset) noexcept {
  return checked_mmap(addr, length, prot, flags, fd, offset);
}

}  // extern "C"

void* operator new(size_t size) {
  if (void* p = mi_new_nothrow(size)) return p;
  throw std::bad_alloc();
}

void* operator new[](size_t size) {
  if (void* p = mi_new_nothrow(size)) return p;
  throw std::bad_alloc();
}

void* operator new(size_t size, std::align_val_t alignment) {
  if (void* p = mi_new_aligned_nothrow(size, static_cast<size_t>(alignment))) return p;
  throw std::bad_alloc();
}

void* operator new[](size_t size, std::align_val_t alignment) {
  if (void* p = mi_new_aligned_nothrow(size, static_cast<size_t>(alignment))) return p;
  throw std::bad_alloc();
}
