// Where the fixture files are (compiled without the PCH: the definition
// below must not clash with the shared precompiled header).
#include <string>

namespace backstep::test {
std::string fixture_path(const std::string& name) { return std::string(BACKSTEP_TORCH_FIXTURES) + "/" + name; }
}  // namespace backstep::test
