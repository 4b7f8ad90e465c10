// Internal to saved_fields.cpp and the generated saved_accessors.cpp: the
// constant tables the generator writes, and the conversions its read
// functions call. Not for other users.
#pragma once

#include "engine/autograd/saved_fields.h"

#include <ATen/TensorGeometry.h>
#include <c10/core/SymInt.h>
#include <c10/util/ArrayRef.h>

#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

namespace backstep::autograd::detail {

using ReadFn = SavedValue (*)(torch::autograd::Node&);
using RawFn = torch::autograd::SavedVariable* (*)(torch::autograd::Node&);
using RawListFn = std::vector<torch::autograd::SavedVariable>* (*)(torch::autograd::Node&);

struct FieldDesc {
  const char* name;
  SavedKind kind;
  bool optional;
  bool python_visible;
  const char* cpp_type;
  ReadFn read;         // node must be of the table's type (checked by the caller)
  RawFn raw;           // single SavedVariable fields, else nullptr
  RawListFn raw_list;  // std::vector<SavedVariable> fields, else nullptr
};

struct NodeTypeDesc {
  const char* name;  // what name() returns
  const std::type_info* type;
  bool (*is_instance)(const torch::autograd::Node&);  // one dynamic_cast
  const FieldDesc* fields;
  std::size_t field_count;
  bool python_class;  // PyTorch registers a Python class for it (see saved_fields.h)
};

// Defined in the generated saved_accessors.cpp.
const NodeTypeDesc* generated_node_types(std::size_t* count);

// ---- helpers the generated read functions call (saved_fields.cpp) ----------

[[noreturn]] void throw_backward_twice();
SavedValue read_tensor(torch::autograd::Node& owner, const torch::autograd::SavedVariable& sv);
SavedValue read_tensor_list(torch::autograd::Node& owner, const std::vector<torch::autograd::SavedVariable>& svs,
                            bool released);
inline std::vector<torch::autograd::SavedVariable>* raw_list(std::vector<torch::autograd::SavedVariable>& v,
                                                             bool released) {
  if (released) throw_backward_twice();
  return &v;
}

// ---- generic conversions ----------------------------------------------------
// Kept generic (by type traits, not by naming libtorch's types) so that types a
// newer libtorch spells differently still convert; what does not convert
// becomes Opaque text.

template <class T, class = void>
struct is_optional_like : std::false_type {};
template <class T>
struct is_optional_like<T, std::void_t<decltype(std::declval<const T&>().has_value()),
                                       decltype(*std::declval<const T&>())>> : std::true_type {};

// c10::OptionalArray<T>: `c10::optional<std::vector<T>> list`.
template <class T, class = void>
struct has_list_member : std::false_type {};
template <class T>
struct has_list_member<T, std::void_t<decltype(std::declval<const T&>().list)>> : std::true_type {};

template <class T>
struct list_element {
  using type = void;
};
template <class U, class A>
struct list_element<std::vector<U, A>> {
  using type = U;
};
template <class U>
struct list_element<c10::ArrayRef<U>> {
  using type = U;
};

template <class T, class = void>
struct is_streamable : std::false_type {};
template <class T>
struct is_streamable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<const T&>())>>
    : std::true_type {};

inline int64_t symint_as_int(const c10::SymInt& s) { return s.expect_int(); }

// The IValue for a value of a known kind, or nullopt when T has no conversion.
template <class T>
std::optional<c10::IValue> to_ivalue(const T& v) {
  using D = std::decay_t<T>;
  if constexpr (is_optional_like<D>::value) {
    if (!v.has_value()) return c10::IValue();
    return to_ivalue(*v);
  } else if constexpr (has_list_member<D>::value) {
    return to_ivalue(v.list);
  } else if constexpr (std::is_same_v<D, bool>) {
    return c10::IValue(v);
  } else if constexpr (std::is_integral_v<D>) {
    return c10::IValue(static_cast<int64_t>(v));
  } else if constexpr (std::is_floating_point_v<D>) {
    return c10::IValue(static_cast<double>(v));
  } else if constexpr (std::is_same_v<D, c10::SymInt>) {
    return c10::IValue(v);
  } else if constexpr (std::is_same_v<D, at::Scalar>) {
    return c10::IValue(v);
  } else if constexpr (std::is_same_v<D, at::ScalarType>) {
    return c10::IValue(static_cast<int64_t>(v));
  } else if constexpr (std::is_same_v<D, std::string>) {
    return c10::IValue(v);
  } else if constexpr (std::is_same_v<D, c10::string_view> || std::is_same_v<D, std::string_view>) {
    return c10::IValue(std::string(v.data(), v.size()));
  } else if constexpr (!std::is_void_v<typename list_element<D>::type>) {
    using E = std::decay_t<typename list_element<D>::type>;
    if constexpr (std::is_integral_v<E> && !std::is_same_v<E, bool>) {
      std::vector<int64_t> out(v.begin(), v.end());
      return c10::IValue(std::move(out));
    } else if constexpr (std::is_same_v<E, c10::SymInt>) {
      std::vector<int64_t> out;
      out.reserve(v.size());
      for (const auto& s : v) {
        if (s.is_symbolic()) {
          // keep symbolic sizes as they are (never in eager mode)
          c10::impl::GenericList list(c10::AnyType::get());
          for (const auto& e : v) list.push_back(c10::IValue(e));
          return c10::IValue(std::move(list));
        }
        out.push_back(symint_as_int(s));
      }
      return c10::IValue(std::move(out));
    } else if constexpr (std::is_floating_point_v<E>) {
      std::vector<double> out(v.begin(), v.end());
      return c10::IValue(std::move(out));
    } else if constexpr (std::is_same_v<E, at::Scalar>) {
      // each element keeps its own type (int, float, bool, complex), as Python shows them
      c10::impl::GenericList list(c10::AnyType::get());
      list.reserve(v.size());
      for (const auto& e : v) list.push_back(c10::IValue(e));
      return c10::IValue(std::move(list));
    } else {
      return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
}

std::string geometry_text(const at::TensorGeometry& g);

template <class T>
std::string opaque_text(const T& v, const char* cpp_type) {
  using D = std::decay_t<T>;
  if constexpr (std::is_same_v<D, at::TensorGeometry>) {
    return geometry_text(v);
  } else if constexpr (is_optional_like<D>::value) {
    if (!v.has_value()) return "None";
    return opaque_text(*v, cpp_type);
  } else if constexpr (has_list_member<D>::value) {
    return opaque_text(v.list, cpp_type);
  } else if constexpr (!std::is_void_v<typename list_element<D>::type>) {
    std::string out = "[";
    bool first = true;
    for (const auto& e : v) {
      if (!first) out += ", ";
      first = false;
      out += opaque_text(e, cpp_type);
    }
    return out + "]";
  } else if constexpr (is_streamable<D>::value) {
    std::ostringstream os;
    os << v;
    return os.str();
  } else {
    return cpp_type;
  }
}

template <class T>
SavedValue read_opaque(const T& v, const char* cpp_type) {
  SavedValue out{SavedKind::Opaque, c10::IValue(), opaque_text(v, cpp_type)};
  if constexpr (is_optional_like<std::decay_t<T>>::value) {
    if (!v.has_value()) out.text = "None";
  }
  return out;
}

inline SavedValue read_text(std::string text) {
  return SavedValue{SavedKind::Opaque, c10::IValue(), std::move(text)};
}

template <class T>
SavedValue read_value(SavedKind kind, const T& v, const char* cpp_type) {
  if (auto iv = to_ivalue(v)) return SavedValue{kind, std::move(*iv), std::string()};
  return read_opaque(v, cpp_type);
}

}  // namespace backstep::autograd::detail
