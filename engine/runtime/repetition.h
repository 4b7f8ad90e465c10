#pragma once
// Sequence repetition (`s * n`, `[x] * n`, `b'a' * n`) sized before anything
// is copied, as CPython's list_repeat and unicode_repeat do: a result longer
// than Py_ssize_t allows, or one the allocator refuses, is a MemoryError at
// once instead of a loop that grows until the OOM killer ends the process
// (Note [Allocation failure under mimalloc] in repl/allocation_failure.cpp).

#include <cstdint>
#include <string>

namespace backstep::rt {

// Throws std::bad_alloc (MemoryError) when `count` copies of `unit` elements
// exceed Py_ssize_t or `max_elements`; returns the total element count.
size_t repeated_size(size_t unit, int64_t count, size_t max_elements);

// `count` copies of `s` (empty for count <= 0).
std::string repeat_string(const std::string& s, int64_t count);

}  // namespace backstep::rt
