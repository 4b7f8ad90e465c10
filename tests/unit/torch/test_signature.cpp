// Signature strings derived from libtorch's schemas, and overload order,
// compared with what PyTorch 1.13's generated bindings contain.
#include "engine/torch/overload_index.h"
#include "engine/torch/signature.h"

#include <doctest/doctest.h>

using namespace backstep::torchb;

namespace {
std::vector<std::string> texts(const std::vector<Signature>& sigs) {
  std::vector<std::string> out;
  for (const auto& s : sigs) out.push_back(s.text);
  return out;
}
}  // namespace

TEST_CASE("parse_signature reads python_arg_parser syntax") {
  Signature s = parse_signature("sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)");
  CHECK(s.name == "sum");
  REQUIRE(s.params.size() == 5);
  CHECK(s.params[1].type == PType::IntList);
  CHECK(s.params[1].size == 1);
  CHECK(s.params[1].allow_none);
  CHECK_FALSE(s.params[1].optional);
  CHECK(s.params[3].keyword_only);
  CHECK(s.min_args == 2);
  CHECK(s.max_pos_args == 3);
  CHECK(s.display() == "(Tensor input, tuple of ints dim, bool keepdim, *, torch.dtype dtype, Tensor out)");
}
