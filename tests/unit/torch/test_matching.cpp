// Argument matching rule by rule, the call-site cache, devices and the
// torch objects. (calls.txt covers the same ground against PyTorch's own
// output; these cases name each rule.)
#include "test_env.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/torch/bridge.h"
#include "engine/torch/torch_objects.h"

#include <doctest/doctest.h>

using namespace backstep;
using namespace backstep::test;
using rt::Value;

namespace {

std::string run(const std::string& expr) {
  MiniEval ev = make_eval();
  return ev.run(expr);
}

at::Tensor tensor_of(const std::string& expr) {
  MiniEval ev = make_eval();
  Value v = ev.eval(expr);
  REQUIRE(v.is_tensor());
  return v.as_tensor();
}

}  // namespace

TEST_CASE("int[] from varargs, a tuple, a list, or one int for int[N]") {
  CHECK(run("torch.randn(2, 3).shape") == "torch.Size([2, 3])");
  CHECK(run("x.view(3, -1).shape") == "torch.Size([3, 2])");
  CHECK(run("x.permute(1, 0).shape") == "torch.Size([3, 2])");
  CHECK(run("x.permute([1, 0]).shape") == "torch.Size([3, 2])");
  CHECK(run("x.sum(0)") == "tensor([2., 2., 2.])");         // int[1] dim from one int
  CHECK(run("F.conv2d(img, ker, stride=2).shape") == "torch.Size([1, 1, 2, 2])");  // int[2]
  // the first element decides the match; a later bad one fails to unpack
  CHECK(run("x.view(2, 3.0)") == "TypeError: view(): argument 'size' failed to unpack the object at pos 2 with "
                                 "error \"type must be tuple of ints,but got float\"");
  CHECK(run("x.permute([1.5, 0])") ==
        "TypeError: permute(): argument 'dims' (position 1) must be tuple of ints, but found element of type float at pos 0");
  CHECK(run("x.permute(1.5, 0)") == "TypeError: permute() takes 1 positional argument but 2 were given");
  CHECK(run("x.permute(dims=[1.5, 0])") == "TypeError: permute(): argument 'dims' must be tuple of ints, not list");
  // bool is not an int, except inside a list after the first element
  CHECK(run("x.sum(True)").rfind("TypeError: sum() received an invalid combination", 0) == 0);
  CHECK(run("x.view(6, True).shape") == "torch.Size([6, 1])");
  // a one-element integer tensor is an int, and an int[1] from one int
  CHECK(run("x.sum(i0)") == "tensor([3., 3.])");
}

TEST_CASE("keyword-only parameters are rejected positionally") {
  CHECK(run("torch.add(x, x, 2)") == "TypeError: add() takes 2 positional arguments but 3 were given");
  CHECK(run("torch.add(x, x, alpha=2)") == "tensor([[3., 3., 3.],\n        [3., 3., 3.]])");
}

TEST_CASE("self is `input` for functions and bound for methods") {
  CHECK(run("torch.sum(input=x)") == "tensor(6.)");
  CHECK(run("x.add(other=x).sum()") == "tensor(12.)");
  CHECK(run("torch.add(x, other=x, input=x)") == "TypeError: add() got multiple values for argument 'input'");
}

TEST_CASE("int to float, bool only for bool, 0-dim tensors as numbers") {
  CHECK(run("torch.cosine_similarity(x, x, 1, 1)") == "tensor([1.0000, 1.0000])");  // int eps
  CHECK(run("torch.sum(x, 0, keepdim=1)") == "TypeError: sum(): argument 'keepdim' must be bool, not int");
  CHECK(run("x.add(x, alpha=s0).sum()") == "tensor(18.)");                 // 0-dim tensor as Scalar
  CHECK(run("x.transpose(i0, 0).shape") == "torch.Size([3, 2])");            // 0-dim int tensor as int
  CHECK(run("torch.full((2,), sg)") == "TypeError: full(): argument 'fill_value' (position 2) must be Number, not Tensor");
}

TEST_CASE("Python numbers as tensors are wrapped numbers: promotion as in PyTorch") {
  CHECK((tensor_of("xi * 2.5").scalar_type() == at::kFloat));
  CHECK((tensor_of("xi.add(True)").scalar_type() == at::kLong));
  CHECK((tensor_of("torch.mul(2, x)").scalar_type() == at::kFloat));
  // only the binary ops whose Scalar overloads are hidden take numbers
  CHECK(run("torch.maximum(x, 2)") == "TypeError: maximum(): argument 'other' (position 2) must be Tensor, not int");
}

TEST_CASE("returns: named tuples, tuples for Tensor[], numbers, dtypes") {
  CHECK(run("torch.max(m, 1)") ==
        "torch.return_types.max(\nvalues=tensor([2., 5.]),\nindices=tensor([2, 2]))");
  CHECK(run("m.max(1).indices") == "tensor([2, 2])");
  CHECK(run("torch.split(v, 2)") == "(tensor([1., 2.]), tensor([3.]))");
  CHECK(run("x.dim()") == "2");
  CHECK(run("v.is_floating_point()") == "True");
  CHECK(run("torch.result_type(x, 1)") == "torch.float32");
  CHECK(run("x.size()") == "torch.Size([2, 3])");
}

TEST_CASE("out=, optional None, Tensor lists, Tensor?[]") {
  rt::Interpreter& in = interpreter();
  at::Tensor out = at::empty({3});
  rt::Args args{Value(at::ones({3})), Value(int64_t(1))};
  args.kw.push_back({"out", Value(out)});
  Value r = torchb::call_op(in, *torchb::find_op("add"), nullptr, args, nullptr);
  REQUIRE(r.is_tensor());
  CHECK(r.as_tensor().unsafeGetTensorImpl() == out.unsafeGetTensorImpl());  // returns `out` itself
  CHECK(out.equal(at::full({3}, 2.f)));
  CHECK(run("torch.max(m, 1, out=(torch.empty(2), torch.empty(2, dtype=torch.int64)))")
            .rfind("torch.return_types.max_out(", 0) == 0);
  CHECK(run("torch.sum(x, dim=None)") == "tensor(6.)");
  CHECK(run("torch.cat([x, x], 0).shape") == "torch.Size([4, 3])");
  CHECK(run("torch.stack((v, v)).shape") == "torch.Size([2, 3])");
  CHECK(run("torch.cat([x, 1])") == "TypeError: expected Tensor as element 1 in argument 0, but got int");
  CHECK(run("m.index_put((idx,), s0)") == "tensor([[2., 2., 2.],\n        [2., 2., 2.]])");
}

TEST_CASE("factories: dtype, device, requires_grad") {
  CHECK((tensor_of("torch.zeros(2, dtype=torch.int32)").scalar_type() == at::kInt));
  CHECK((tensor_of("torch.zeros(2, dtype=float)").scalar_type() == at::kDouble));
  CHECK(tensor_of("torch.ones(2, requires_grad=True)").requires_grad());
  CHECK(run("torch.ones(2, dtype=torch.int64, requires_grad=True)") ==
        "RuntimeError: Only Tensors of floating point and complex dtype can require gradients");
  CHECK((tensor_of("torch.randint(3, (2,))").scalar_type() == at::kLong));
}

TEST_CASE("devices: CUDA without CUDA fails with one sentence") {
  if (at::hasCUDA()) return;  // exercised where a GPU exists
  // What a CUDA build of PyTorch says on this machine (no driver, or no GPU).
  std::string no_cuda = run("torch.zeros(2, device='cuda')");
  CHECK(no_cuda.rfind("RuntimeError: ", 0) == 0);
  CHECK(run("v.cuda()") == no_cuda);
  CHECK(run("v.to('cuda:1')") == no_cuda);
  CHECK(run("torch.zeros(2, device='mps')") ==
        "RuntimeError: Device type 'mps' is not available in this build of libtorch.");
  CHECK(run("torch.zeros(2, device='cuda:x')") == "RuntimeError: Invalid device string: 'cuda:x'");
  CHECK(run("torch.zeros(2, device='cpu').shape") == "torch.Size([2])");
}

TEST_CASE("the call-site cache: hits give the same results, new shapes re-resolve") {
  rt::Interpreter& in = interpreter();
  const torchb::OpFamily* mul = torchb::find_op("mul");
  REQUIRE(mul);
  torchb::CallSiteCache cache;
  at::Tensor a = at::ones({2}), b = at::full({2}, 3.f);
  for (int i = 0; i < 3; ++i) {
    rt::Args args{Value(a), Value(b)};
    CHECK(torchb::call_op(in, *mul, nullptr, args, &cache).as_tensor().equal(at::full({2}, 3.f)));
  }
  CHECK(cache.misses == 1);
  CHECK(cache.hits == 2);
  rt::Args scalar{Value(a), Value(2.5)};  // another shape: re-resolved, then cached
  CHECK(torchb::call_op(in, *mul, nullptr, scalar, &cache).as_tensor().equal(at::full({2}, 2.5f)));
  CHECK(cache.misses == 2);
  rt::Args bad{Value(a), rt::make_str("x")};  // errors are raised on a miss...
  CHECK_THROWS_AS(torchb::call_op(in, *mul, nullptr, bad, &cache), rt::ScriptError);
  rt::Args again{Value(a), Value(2.5)};  // ...and never poison the cache
  CHECK(torchb::call_op(in, *mul, nullptr, again, &cache).as_tensor().equal(at::full({2}, 2.5f)));

  // Same kinds at the top level, different list contents: an int list is a
  // dim, a str list matches nothing (a miss that raises).
  const torchb::OpFamily* sum = torchb::find_op("sum");
  torchb::CallSiteCache c2;
  rt::Args ints{Value(at::ones({2, 2})), rt::make_list({Value(int64_t(0))})};
  CHECK(torchb::call_op(in, *sum, nullptr, ints, &c2).as_tensor().equal(at::full({2}, 2.f)));
  rt::Args names{Value(at::ones({2, 2})), rt::make_list({rt::make_str("a")})};
  CHECK_THROWS_AS(torchb::call_op(in, *sum, nullptr, names, &c2), rt::ScriptError);
  CHECK(c2.misses == 2);
}

TEST_CASE("torch objects: dtype singletons, device, constants") {
  CHECK(torchb::dtype_object(at::kFloat).object_ptr() == torchb::dtype_object(at::kFloat).object_ptr());
  CHECK(run("torch.float32") == "torch.float32");
  CHECK(run("torch.long") == "torch.int64");
  CHECK(run("torch.device('cuda', 1)") == "device(type='cuda', index=1)");
  CHECK(run("torch.device('cpu').index") == "None");
  CHECK(run("torch.device('cpu', 'a')") == "TypeError: device(): argument 'index' (position 2) must be int, not str");
  CHECK(torchb::device_object(c10::Device("cpu")).object_ptr() ==
        torchb::device_object(c10::Device("cpu")).object_ptr());
  int names = 0;
  bool has_half = false;
  torchb::for_each_torch_constant([&](std::string_view n, Value v) {
    ++names;
    if (n == "half") has_half = torchb::as_dtype(v).value_or(at::kFloat) == at::kHalf;
  });
  CHECK(names > 30);
  CHECK(has_half);
}

TEST_CASE("lookups, help text, completion, the torch.X object") {
  CHECK(torchb::find_op("add"));
  CHECK_FALSE(torchb::find_op("linear_xyz"));
  CHECK_FALSE(torchb::find_op("mse_loss"));  // torch._C._nn only
  CHECK(torchb::find_module_op(torchb::OpModule::NN, "mse_loss"));
  CHECK(torchb::find_module_op(torchb::OpModule::Linalg, "norm"));
  CHECK_FALSE(torchb::find_method("linear"));
  CHECK(torchb::find_method("view"));
  auto help = torchb::op_schemas_text(*torchb::find_op("add"));
  REQUIRE(!help.empty());
  CHECK(help[0] == "torch.add(Tensor input, Tensor other, *, Number alpha=1, Tensor out=None)");
  auto names = torchb::all_op_names();
  CHECK(std::binary_search(names.begin(), names.end(), "matmul"));
  CHECK(names.size() > 600);
  Value f = torchb::op_function_object(*torchb::find_op("add"));
  rt::Interpreter& in = interpreter();
  CHECK(f.object_ptr()->repr(in).rfind("<built-in method add of type object at 0x", 0) == 0);
  rt::Args args{Value(at::ones({1})), Value(at::ones({1}))};
  CHECK(f.object_ptr()->call(in, args).as_tensor().item<float>() == 2.f);
  Value self(at::ones({1}));
  Value m = torchb::bound_method_object(*torchb::find_method("add"), self);
  CHECK(m.object_ptr()->repr(in).rfind("<built-in method add of Tensor object at 0x", 0) == 0);
  rt::Args one{Value(int64_t(1))};
  CHECK(m.object_ptr()->call(in, one).as_tensor().item<float>() == 2.f);
}
