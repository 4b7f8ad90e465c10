#include "engine/pyhash/hash_secret.h"

#include <sys/random.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace backstep::pyhash {
namespace {

constexpr unsigned long kMaxSeed = 4294967295UL;

uint64_t load_little_endian_64(const uint8_t* bytes) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8) | bytes[i];
  return value;
}

// CPython fills the key with the Windows-rand-style LCG when a seed is given
// so that a seed reproduces the same key on every platform.
void fill_from_lcg(uint32_t seed, std::array<uint8_t, 24>& out) {
  uint32_t x = seed;
  for (uint8_t& byte : out) {
    x = x * 214013u + 2531011u;  // wraps modulo 2**32 as CPython's unsigned int
    byte = static_cast<uint8_t>((x >> 16) & 0xff);
  }
}

void fill_from_os(std::array<uint8_t, 24>& out) {
  size_t done = 0;
  while (done < out.size()) {
    ssize_t got = getrandom(out.data() + done, out.size() - done, 0);
    if (got > 0) {
      done += static_cast<size_t>(got);
    } else if (got < 0 && errno == EINTR) {
      continue;
    } else {
      break;
    }
  }
  if (done == out.size()) return;
  std::ifstream urandom("/dev/urandom", std::ios::binary);
  urandom.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(out.size()));
  if (!urandom) throw std::runtime_error("failed to get random numbers to initialize Python");
}

}  // namespace

HashSeedError::HashSeedError()
    : std::invalid_argument(
          "PYTHONHASHSEED must be \"random\" or an integer in range [0; 4294967295]") {}

HashSeedSetting parse_hash_seed(const char* text) {
  // CPython's config reader treats an empty variable as unset.
  if (text == nullptr || *text == '\0' || std::strcmp(text, "random") == 0) return {};
  errno = 0;
  char* end = nullptr;
  unsigned long seed = std::strtoul(text, &end, 10);
  // With no digits at all (" ", "+") strtoul leaves `end` at the start, so
  // the check below rejects them, as CPython does.
  if (*end != '\0' || seed > kMaxSeed || (errno == ERANGE && seed == ULONG_MAX)) {
    throw HashSeedError();
  }
  return HashSeedSetting{false, static_cast<uint32_t>(seed)};
}

HashSecret derive_hash_secret(const HashSeedSetting& setting) {
  HashSecret secret;
  if (setting.randomized) {
    fill_from_os(secret.bytes);
  } else if (setting.seed != 0) {
    fill_from_lcg(setting.seed, secret.bytes);
  }  // seed 0: all zeros, CPython's "randomization disabled"
  secret.k0 = load_little_endian_64(secret.bytes.data());
  secret.k1 = load_little_endian_64(secret.bytes.data() + 8);
  return secret;
}

const HashSecret& process_hash_secret() {
  // A function-local static is initialised exactly once even with threads;
  // if the initialiser throws, the next call tries again (and throws again).
  static const HashSecret secret =
      derive_hash_secret(parse_hash_seed(std::getenv("PYTHONHASHSEED")));
  return secret;
}

}  // namespace backstep::pyhash
