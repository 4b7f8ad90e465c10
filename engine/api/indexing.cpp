// Tensor indexing with Python's syntax: t[1, :2, None, ..., mask] and
// t[idx] = v, with the same sequence of ATen operations PyTorch's
// python_variable_indexing.cpp applies (so the recorded graph has the same
// nodes: SelectBackward0, SliceBackward0, UnsqueezeBackward0, AliasBackward0,
// IndexBackward0, CopySlices, and for numbers written through an index
// MaskedFillBackward0 / IndexFillBackward0), and its error messages.
#include "engine/api/mutations.h"
#include "engine/api/tensor_factory.h"
#include "engine/api/tensor_protocol.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace backstep::api {

namespace {

using rt::Value;

bool is_int_tensor_scalar(const Value& v) {
  if (!v.is_tensor()) return false;
  const at::Tensor& t = v.as_tensor();
  return t.dim() == 0 && c10::isIntegralType(t.scalar_type(), /*includeBool=*/false);
}

// numpy's legacy rule, kept by PyTorch: a short list that contains slices,
// Ellipsis, None, sequences or tensors is read as a tuple of indices.
bool list_as_tuple(const rt::ListObject& l) {
  if (l.items.size() >= 32) return false;
  for (const auto& v : l.items)
    if (v.is_tensor() || v.is_none() || v.as<rt::SliceObject>() || v.as<rt::EllipsisObject>() ||
        v.as<rt::ListObject>() || v.as<rt::TupleObject>())
      return true;
  return false;
}

std::vector<Value> index_items(const Value& index) {
  if (auto* t = index.as<rt::TupleObject>()) return t->items;
  if (auto* l = index.as<rt::ListObject>(); l && list_as_tuple(*l)) return l->items;
  return {index};
}

// How many dimensions of the tensor an index item consumes.
int64_t consumed_dims(const Value& v) {
  if (v.is_none() || v.as<rt::EllipsisObject>() || v.is_bool()) return 0;
  if (v.is_tensor()) {
    const at::Tensor& t = v.as_tensor();
    if (t.scalar_type() == at::kBool || t.scalar_type() == at::kByte) return std::max<int64_t>(t.dim(), 1);
  }
  return 1;
}

[[noreturn]] void invalid_index(const Value& v) {
  rt::raise_index_error(fmt::format(
      "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got {})",
      rt::type_name(v)));
}

struct Sliced {
  at::Tensor result;
  std::vector<c10::optional<at::Tensor>> advanced;  // one slot per result dim up to the last advanced index
  bool any_advanced = false;
  bool changed = false;
};

// `skip_full_slices`: PyTorch's slice optimization. A slice that starts at 0
// (as written), reaches the end and has step 1 is no operation at all, so
// no SliceBackward0; off only for a lone slice read (t[:] must be a new view).
Sliced apply_slicing(Interpreter& in, const at::Tensor& self, const std::vector<Value>& items, bool skip_full_slices) {
  int64_t specified = 0;
  bool seen_ellipsis = false;
  for (const auto& v : items) {
    specified += consumed_dims(v);
    if (v.as<rt::EllipsisObject>()) {
      if (seen_ellipsis) rt::raise_index_error("an index can only have a single ellipsis ('...')");
      seen_ellipsis = true;
    }
  }
  if (specified > self.dim()) rt::raise_index_error(fmt::format("too many indices for tensor of dimension {}", self.dim()));

  Sliced s{self, {}, false, false};
  int64_t dim = 0;
  auto record_advanced = [&](const at::Tensor& idx) {
    if (static_cast<int64_t>(s.advanced.size()) < dim) s.advanced.resize(static_cast<size_t>(dim));
    s.advanced.resize(static_cast<size_t>(dim));
    s.advanced.emplace_back(idx);
    s.any_advanced = true;
  };
  for (const auto& v : items) {
    at::Tensor& r = s.result;
    if (v.is_int() || is_int_tensor_scalar(v)) {
      int64_t i = v.is_int() ? v.as_int() : v.as_tensor().item<int64_t>();
      int64_t size = r.size(dim);
      if (i < -size || i >= size)
        rt::raise_index_error(fmt::format("index {} is out of bounds for dimension {} with size {}", i, dim, size));
      r = r.select(dim, i);
      s.changed = true;
    } else if (auto* sl = v.as<rt::SliceObject>()) {
      auto part = [&](const Value& x, int64_t dflt) -> int64_t { return x.is_none() ? dflt : rt::to_index(in, x, "slice indices"); };
      int64_t step = part(sl->step, 1);
      if (step <= 0) rt::raise_value_error("step must be greater than zero");
      int64_t start = part(sl->start, 0), stop = part(sl->stop, INT64_MAX);
      if (!(skip_full_slices && start == 0 && stop >= r.size(dim) && step == 1)) {
        r = r.slice(dim, start, stop, step);
        s.changed = true;
      }
      ++dim;
    } else if (v.is_none()) {
      r = r.unsqueeze(dim);
      s.changed = true;
      ++dim;
    } else if (v.as<rt::EllipsisObject>()) {
      dim += self.dim() - specified;
    } else if (v.is_bool()) {
      r = r.unsqueeze(dim);
      // As PyTorch's boolToIndexingTensor: True picks index 0 of the new
      // dimension, False nothing.
      auto longs = self.options().dtype(at::kLong);
      record_advanced(v.as_bool() ? at::zeros({1}, longs) : at::empty({0}, longs));
      ++dim;
    } else if (v.is_tensor()) {
      const at::Tensor& idx = v.as_tensor();
      if (!(c10::isIntegralType(idx.scalar_type(), /*includeBool=*/true)))
        rt::raise_index_error("tensors used as indices must be long, int, byte or bool tensors");
      record_advanced(idx);
      dim += (idx.scalar_type() == at::kBool || idx.scalar_type() == at::kByte) ? std::max<int64_t>(idx.dim(), 1) : 1;
    } else if (v.as<rt::ListObject>() || v.as<rt::TupleObject>()) {
      record_advanced(tensor_from_data(in, v, std::nullopt, self.device()));
      ++dim;
    } else if (v.is_float()) {
      invalid_index(v);
    } else {
      // PyTorch tries to build a tensor from anything else, and fails like this.
      rt::raise_type_error(fmt::format("new(): invalid data type '{}'", rt::type_name(v)));
    }
  }
  return s;
}

c10::List<c10::optional<at::Tensor>> index_list(const Sliced& s) {
  c10::List<c10::optional<at::Tensor>> list;
  for (const auto& t : s.advanced) list.push_back(t);
  return list;
}

at::Tensor value_to_tensor(Interpreter& in, const Value& v, const at::Tensor& self) {
  if (v.is_tensor()) return v.as_tensor();
  auto opts = self.options();
  if (v.is_bool()) return at::scalar_tensor(v.as_bool(), opts);
  if (v.is_int()) return at::scalar_tensor(v.as_int(), opts);
  if (v.is_float()) return at::scalar_tensor(v.as_float(), opts);
  if (v.as<rt::ListObject>() || v.as<rt::TupleObject>()) return tensor_from_data(in, v, self.scalar_type(), self.device());
  rt::raise_type_error(fmt::format("can't assign a {} to a {}", rt::type_name(v), format_tensor_type(self)));
}

at::Scalar scalar_of(const Value& v) {
  return v.is_bool() ? at::Scalar(v.as_bool()) : v.is_int() ? at::Scalar(v.as_int()) : at::Scalar(v.as_float());
}

// numpy's rule: a value's leading size-1 dimensions do not count.
at::Tensor without_leading_ones(const at::Tensor& v) {
  auto sizes = v.sizes();
  size_t lead = 0;
  while (lead < sizes.size() && sizes[lead] == 1) ++lead;
  return lead == 0 ? v : v.view(sizes.slice(lead));
}

// t[basic index] = tensor, by PyTorch's copy_to: a plain copy_ when the
// shapes agree, fill_ from a 0-dim CPU tensor, else copy_ from the value
// expanded to the target (the view and the expand are in the graph).
void copy_to(const at::Tensor& dst, const at::Tensor& src) {
  if (dst.sizes().equals(src.sizes())) {
    dst.copy_(src);
  } else if (src.dim() == 0 && src.device().is_cpu()) {
    dst.fill_(src);
  } else {
    at::Tensor view = without_leading_ones(src);
    dst.copy_(view.sizes().equals(dst.sizes()) ? view : view.expand(dst.sizes()));
  }
}

// PyTorch 2.x writes a Python number through a boolean mask with
// masked_fill_ (one bool or byte index, only full dimensions before it).
bool try_masked_fill(const at::Tensor& self, const Sliced& s, const at::Scalar& value) {
  at::Tensor mask;
  int64_t leading = 0;
  for (const auto& idx : s.advanced) {
    if (!idx || !idx->defined()) {
      if (!mask.defined()) ++leading;
      continue;
    }
    if ((idx->scalar_type() != at::kBool && idx->scalar_type() != at::kByte) || idx->device() != self.device() ||
        mask.defined())
      return false;
    mask = *idx;
  }
  for (int64_t j = 0; j < mask.dim(); ++j)
    if (mask.size(j) != self.size(leading + j))
      rt::raise_index_error(fmt::format("The shape of the mask [{}] at index {} does not match the shape of the "
                                        "indexed tensor [{}] at index {}", fmt::join(mask.sizes(), ", "), j,
                                        fmt::join(self.sizes(), ", "), leading + j));
  for (int64_t d = leading + mask.dim(); d < self.dim(); ++d) mask = mask.unsqueeze(-1);
  self.masked_fill_(mask, value);
  return true;
}

// ... and through one long index tensor with index_fill_.
bool try_index_fill(const at::Tensor& self, const Sliced& s, const at::Scalar& value) {
  if (c10::isQIntType(self.scalar_type()) || c10::isFloat8Type(self.scalar_type())) return false;
  std::optional<int64_t> dim;
  for (size_t i = 0; i < s.advanced.size(); ++i) {
    if (!s.advanced[i] || !s.advanced[i]->defined()) continue;
    if (dim) return false;
    dim = static_cast<int64_t>(i);
  }
  if (!dim) return false;
  const at::Tensor& index = *s.advanced[static_cast<size_t>(*dim)];
  if (index.scalar_type() != at::kLong || index.device() != self.device() ||
      (index.dim() > 1 && !index.is_contiguous()))
    return false;
  self.index_fill_(*dim, index.dim() > 1 ? index.view({-1}) : index, value);
  return true;
}

// The advanced-index part of t[idx] = v (index_put_, or a fill for a number).
void put_advanced(Interpreter& in, const at::Tensor& t, const Sliced& s, const Value& v) {
  if (v.is_number() && (try_masked_fill(s.result, s, scalar_of(v)) || try_index_fill(s.result, s, scalar_of(v))))
    return;
  s.result.index_put_(index_list(s), without_leading_ones(value_to_tensor(in, v, t)));
}

}  // namespace

std::string format_tensor_type(const at::Tensor& t) {
  return std::string(t.is_cuda() ? "torch.cuda." : "torch.") + c10::toString(t.scalar_type()) + "Tensor";
}

Value tensor_get_item(Interpreter& in, const Value& self, const Value& index) {
  const at::Tensor& t = self.as_tensor();
  Sliced s = apply_slicing(in, t, index_items(index), !index.as<rt::SliceObject>());
  if (s.any_advanced) return Value(at::index(s.result, index_list(s)));
  if (!s.changed) return Value(at::alias(t));  // t[...] and t[:, :] are aliases, not t itself
  return Value(s.result);
}

void tensor_set_item(Interpreter& in, const Value& self, const Value& index, const Value& v) {
  const at::Tensor& t = self.as_tensor();
  if (v.is_none()) rt::raise_type_error("can't assign a NoneType to a " + format_tensor_type(t));
  if (index.is_bool() && !index.as_bool()) return;  // t[False] = v selects nothing
  // t[True] = v writes through t.unsqueeze(0), without an index tensor.
  Sliced s = index.is_bool() ? Sliced{t.unsqueeze(0), {}, false, true}
                             : apply_slicing(in, t, index_items(index), true);
  notify_mutation(t);
  if (s.any_advanced) return put_advanced(in, t, s, v);
  if (v.is_number()) {
    s.result.fill_(scalar_of(v));
    return;
  }
  copy_to(s.result, value_to_tensor(in, v, t));
}

}  // namespace backstep::api
