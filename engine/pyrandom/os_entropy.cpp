#include "engine/pyrandom/os_entropy.h"

#include "engine/pyrandom/mersenne_twister.h"

#include <cerrno>
#include <chrono>
#include <cstdio>

#include <sys/random.h>
#include <unistd.h>

namespace backstep::pyrandom {
namespace {

bool fill_from_getrandom(std::span<uint8_t> out) {
  size_t done = 0;
  while (done < out.size()) {
    ssize_t got = getrandom(out.data() + done, out.size() - done, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<size_t>(got);
  }
  return true;
}

bool fill_from_dev_urandom(std::span<uint8_t> out) {
  std::FILE* device = std::fopen("/dev/urandom", "rb");
  if (device == nullptr) return false;
  size_t got = std::fread(out.data(), 1, out.size(), device);
  std::fclose(device);
  return got == out.size();
}

// Low-quality but distinct per process and per call: only used when the OS
// cannot supply entropy at all, as CPython's random_seed_time_pid.
SeedKey clock_and_pid_key() {
  auto wall = static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  auto steady = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return {static_cast<uint32_t>(wall), static_cast<uint32_t>(wall >> 32), static_cast<uint32_t>(getpid()),
          static_cast<uint32_t>(steady), static_cast<uint32_t>(steady >> 32)};
}

}  // namespace

bool fill_os_random(std::span<uint8_t> out) { return fill_from_getrandom(out) || fill_from_dev_urandom(out); }

SeedKey entropy_seed_key() {
  SeedKey key(MersenneTwister::kStateWords);
  std::span<uint8_t> bytes(reinterpret_cast<uint8_t*>(key.data()), key.size() * sizeof(uint32_t));
  if (fill_os_random(bytes)) return key;
  return clock_and_pid_key();
}

}  // namespace backstep::pyrandom
