// Note [Allocation failure under AddressSanitizer]
//
// The release build turns an impossible request into std::bad_alloc (and so
// into MemoryError, or libtorch's can't-allocate RuntimeError) through the
// kernel's own refusal: Note [Allocation failure under mimalloc].
// AddressSanitizer replaces malloc and operator new with its own allocator.
// With allocator_may_return_null=1 (scripts/test_sanitizers sets it) its
// malloc and posix_memalign return NULL / ENOMEM for a size it cannot serve,
// as glibc does, which is all libtorch's CPU allocator needs. Its throwing
// operator new, though, reports "out of memory" and ends the process even
// then, so `[1] * 10**12` would kill the program instead of raising
// MemoryError as it does in the release build and in CPython.
//
// So the ASan build replaces the global operator new and delete (the
// program's own, as the C++ standard allows) with ones over ASan's malloc
// and free: a refused size throws std::bad_alloc as in the release build.
// Every allocation still goes through ASan's allocator, so overflows,
// use-after-free and leaks are found as before; only the check that memory
// from new[] is released with delete[] rather than delete is lost (new and
// malloc are one family here). Compiled only into the ASan build
// (repl/CMakeLists.txt).
#include <cstddef>
#include <cstdlib>
#include <new>

namespace {
void* allocate_or_throw(size_t size) {
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* allocate_aligned_or_throw(size_t size, std::align_val_t alignment) {
  void* p = nullptr;
  const size_t align = static_cast<size_t>(alignment);
  if (posix_memalign(&p, align < sizeof(void*) ? sizeof(void*) : align, size == 0 ? 1 : size) == 0) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(size_t size) { return allocate_or_throw(size); }
void* operator new[](size_t size) { return allocate_or_throw(size); }
void* operator new(size_t size, std::align_val_t alignment) { return allocate_aligned_or_throw(size, alignment); }
void* operator new[](size_t size, std::align_val_t alignment) { return allocate_aligned_or_throw(size, alignment); }
void* operator new(size_t size, const std::nothrow_t&) noexcept { return std::malloc(size == 0 ? 1 : size); }
void* operator new[](size_t size, const std::nothrow_t&) noexcept { return std::malloc(size == 0 ? 1 : size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
