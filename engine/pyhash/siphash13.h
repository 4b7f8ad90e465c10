// SipHash-1-3 (one compression round per 8-byte word, three finalisation
// rounds): the function CPython 3.11 uses by default for str and bytes
// (sys.hash_info.algorithm == 'siphash13').  Fed incrementally so that a
// str can be hashed in its PEP 393 form without building that form first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace backstep::pyhash {

class SipHash13 {
 public:
  SipHash13(uint64_t k0, uint64_t k1);

  void update(std::span<const uint8_t> bytes);
  void update_byte(uint8_t byte);
  // One code unit of `width` bytes (1, 2 or 4), little-endian, as CPython
  // lays out a str in memory on the little-endian machines backstep targets.
  void update_unit(uint32_t unit, int width);

  // The 64-bit digest of everything fed so far (call once).
  uint64_t finish();

 private:
  void compress(uint64_t word);

  uint64_t v0_, v1_, v2_, v3_;
  uint64_t pending_ = 0;      // bytes not yet making a full word, low byte first
  size_t pending_bytes_ = 0;  // 0..7
  uint64_t total_bytes_ = 0;
};

}  // namespace backstep::pyhash
