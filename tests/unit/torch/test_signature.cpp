// Signature strings derived from libtorch's schemas, and overload order,
// compared with what PyTorch 2.15's generated bindings contain.
#include "engine/torch/bridge.h"
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
  // 2.x lists defaults as the signature string spells them.
  CHECK(s.display() ==
        "(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)");
}

TEST_CASE("overload order: int and SymInt after Tensor, as 2.x sorts them") {
  const OpFamily* narrow = find_op("narrow");
  REQUIRE(narrow);
  auto t = texts(narrow->functions);
  REQUIRE(t.size() == 2);
  CHECK(t[0] == "narrow(Tensor input, int64_t dim, Tensor start, SymInt length)");
  CHECK(t[1] == "narrow(Tensor input, int64_t dim, SymInt start, SymInt length)");
}

TEST_CASE("factory keywords: out= overloads take them from their functional twin") {
  const OpFamily* linspace = find_op("linspace");
  REQUIRE(linspace);
  for (const auto& sig : linspace->functions) {
    INFO(sig.text);
    CHECK(sig.out_param >= 0);
    CHECK(sig.requires_grad_param >= 0);
  }
}
