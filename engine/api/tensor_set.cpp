// Tensor.set_ and the view/layout predicates PyTorch binds by hand
// (python_variable_methods.cpp) rather than from the operator schemas, so
// the operator bridge never sees them: set_() / set_(Tensor source) /
// set_(Tensor source, storage_offset, size, stride=None), _is_view(),
// is_nested. nn.utils.parametrize moves a parameter's data with set_ so an
// optimizer holding the parameter stays valid.
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <ATen/ATen.h>

#include <vector>

namespace backstep::api {

namespace {

[[noreturn]] void bad_set_args(const std::string& got) {
  rt::raise_type_error(
      "set_() received an invalid combination of arguments - got (" + got +
      "), but expected one of:\n"
      " * ()\n"
      " * (torch.Storage source)\n"
      " * (torch.Storage source, int storage_offset, tuple of ints size, tuple of ints stride = None)\n"
      " * (Tensor source)\n"
      " * (Tensor source, int storage_offset, tuple of ints size, tuple of ints stride = None)\n");
}

std::vector<int64_t> int_list(rt::Interpreter& in, const rt::Value& v, const std::string& got) {
  std::vector<int64_t> out;
  if (v.is_int()) return {v.as_int()};
  if (!v.as<rt::ListObject>() && !v.as<rt::TupleObject>()) bad_set_args(got);
  for (const rt::Value& item : rt::to_vector(in, v)) {
    if (!item.is_int()) bad_set_args(got);
    out.push_back(item.as_int());
  }
  return out;
}

}  // namespace

rt::Value tensor_set_(rt::Interpreter& in, const rt::Value& self, rt::Args& a) {
  const at::Tensor& t = self.as_tensor();  // set_ changes the tensor, not this handle
  std::string got;
  for (size_t i = 0; i < a.pos.size(); ++i) got += (i ? ", " : "") + rt::type_name(a.pos[i]);
  if (!a.kw.empty()) bad_set_args(got);
  if (a.pos.empty()) {
    t.set_();
    return self;
  }
  if (!a.pos[0].is_tensor()) bad_set_args(got);
  const at::Tensor& source = a.pos[0].as_tensor();
  if (a.pos.size() == 1) {
    t.set_(source);
    return self;
  }
  if (a.pos.size() < 3 || a.pos.size() > 4 || !a.pos[1].is_int()) bad_set_args(got);
  std::vector<int64_t> size = int_list(in, a.pos[2], got);
  if (a.pos.size() == 4 && !a.pos[3].is_none()) {
    std::vector<int64_t> stride = int_list(in, a.pos[3], got);
    t.set_(source, a.pos[1].as_int(), size, stride);
  } else {
    t.set_(source, a.pos[1].as_int(), size);
  }
  return self;
}

rt::Value tensor_is_view(rt::Interpreter&, const rt::Value& self, rt::Args& a) {
  if (!a.pos.empty() || !a.kw.empty()) rt::raise_type_error("_is_view() takes no arguments");
  return rt::Value(self.as_tensor().is_view());
}

}  // namespace backstep::api
