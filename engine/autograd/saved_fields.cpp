// The lookup side of the saved-field accessors: turns the generated constant
// tables into the public descriptions, and dispatches a live node to its
// table. See saved_fields.h.
#include "engine/autograd/saved_fields.h"

#include "engine/autograd/libtorch_compat.h"

#include "engine/autograd/saved_fields_detail.h"
#include "engine/autograd/script_function_node.h"

#include <c10/util/Exception.h>

#include <stdexcept>
#include <typeindex>
#include <unordered_map>

namespace backstep::autograd {

namespace detail {

void throw_backward_twice() {
  TORCH_CHECK(false, torch::autograd::ERR_BACKWARD_TWICE);
  std::abort();  // unreachable
}

SavedValue read_tensor(torch::autograd::Node& owner, const torch::autograd::SavedVariable& sv) {
  // A saved output needs its node to be unpacked (it is the output's grad_fn).
  at::Tensor t = sv.unpack(share_node(owner));
  if (!t.defined()) return SavedValue{SavedKind::Tensor, c10::IValue(), std::string()};
  return SavedValue{SavedKind::Tensor, c10::IValue(std::move(t)), std::string()};
}

SavedValue read_tensor_list(torch::autograd::Node& owner, const std::vector<torch::autograd::SavedVariable>& svs,
                            bool released) {
  if (released) throw_backward_twice();
  auto self = share_node(owner);
  c10::List<c10::optional<at::Tensor>> list;
  list.reserve(svs.size());
  for (const auto& sv : svs) {
    at::Tensor t = sv.unpack(self);
    if (t.defined())
      list.push_back(c10::optional<at::Tensor>(std::move(t)));
    else
      list.push_back(c10::nullopt);
  }
  return SavedValue{SavedKind::TensorList, c10::IValue(std::move(list)), std::string()};
}

std::string geometry_text(const at::TensorGeometry& g) {
  std::ostringstream os;
  os << "TensorGeometry(sizes=" << g.sizes() << ", strides=" << g.strides()
     << ", storage_offset=" << g.storage_offset() << ")";
  return os.str();
}

}  // namespace detail

const char* to_string(SavedKind kind) {
  switch (kind) {
    case SavedKind::Tensor: return "Tensor";
    case SavedKind::TensorList: return "TensorList";
    case SavedKind::Int: return "Int";
    case SavedKind::IntList: return "IntList";
    case SavedKind::SymInt: return "SymInt";
    case SavedKind::SymIntList: return "SymIntList";
    case SavedKind::Float: return "Float";
    case SavedKind::FloatList: return "FloatList";
    case SavedKind::Bool: return "Bool";
    case SavedKind::Scalar: return "Scalar";
    case SavedKind::ScalarList: return "ScalarList";
    case SavedKind::ScalarType: return "ScalarType";
    case SavedKind::String: return "String";
    case SavedKind::Opaque: return "Opaque";
  }
  return "?";
}

namespace {

struct TypeEntry {
  const detail::NodeTypeDesc* desc;
  std::vector<SavedFieldInfo> infos;
};

struct Registry {
  std::vector<TypeEntry> entries;
  std::unordered_map<std::string_view, const TypeEntry*> by_name;
  std::unordered_map<std::type_index, const TypeEntry*> by_type;
};

const Registry& registry() {
  static const Registry reg = [] {
    Registry r;
    std::size_t count = 0;
    const detail::NodeTypeDesc* generated = detail::generated_node_types(&count);
    std::vector<const detail::NodeTypeDesc*> types;
    for (std::size_t i = 0; i < count; ++i) types.push_back(&generated[i]);
    types.push_back(&script_function_node_type());  // custom Functions' nodes
    count = types.size();
    r.entries.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      TypeEntry e{types[i], {}};
      e.infos.reserve(types[i]->field_count);
      for (std::size_t f = 0; f < types[i]->field_count; ++f) {
        const detail::FieldDesc& d = types[i]->fields[f];
        e.infos.push_back(SavedFieldInfo{d.name, d.kind, d.optional, d.cpp_type, d.python_visible,
                                         d.raw != nullptr || d.raw_list != nullptr});
      }
      r.entries.push_back(std::move(e));
    }
    r.by_name.reserve(count);
    r.by_type.reserve(count);
    for (const TypeEntry& e : r.entries) {
      r.by_name.emplace(e.desc->name, &e);
      r.by_type.emplace(std::type_index(*e.desc->type), &e);
    }
    return r;
  }();
  return reg;
}

// The table for a live node: by its dynamic type (exact, so the generated
// static_cast is safe), else by name() confirmed with one dynamic_cast (a
// subclass of a generated node).
const TypeEntry* entry_of(const torch::autograd::Node& node) {
  const Registry& r = registry();
  auto it = r.by_type.find(std::type_index(typeid(node)));
  if (it != r.by_type.end()) return it->second;
  auto jt = r.by_name.find(node.name());
  if (jt != r.by_name.end() && jt->second->desc->is_instance(node)) return jt->second;
  return nullptr;
}

const detail::FieldDesc& field_of(const torch::autograd::Node& node, std::string_view name) {
  const TypeEntry* e = entry_of(node);
  if (e) {
    for (std::size_t i = 0; i < e->desc->field_count; ++i) {
      const detail::FieldDesc& d = e->desc->fields[i];
      if (name == d.name) return d;
    }
  }
  throw std::out_of_range("'" + node.name() + "' object has no saved field '" + std::string(name) + "'");
}

}  // namespace

const std::vector<SavedFieldInfo>* saved_fields_of(std::string_view node_name) {
  const Registry& r = registry();
  auto it = r.by_name.find(node_name);
  return it == r.by_name.end() ? nullptr : &it->second->infos;
}

const std::vector<SavedFieldInfo>* saved_fields_of(const torch::autograd::Node& node) {
  const TypeEntry* e = entry_of(node);
  return e ? &e->infos : nullptr;
}

std::vector<std::string_view> known_node_types() {
  const Registry& r = registry();
  std::vector<std::string_view> out;
  out.reserve(r.entries.size());
  for (const TypeEntry& e : r.entries)
    if (e.desc != &script_function_node_type()) out.emplace_back(e.desc->name);  // libtorch's types only
  return out;
}

bool has_python_class(std::string_view node_name) {
  const Registry& r = registry();
  auto it = r.by_name.find(node_name);
  return it != r.by_name.end() && it->second->desc->python_class;
}

bool has_python_class(const torch::autograd::Node& node) {
  const TypeEntry* e = entry_of(node);
  return e && e->desc->python_class;
}

SavedValue read_saved_field(torch::autograd::Node& node, std::string_view name) {
  return field_of(node, name).read(node);
}

std::vector<SavedValue> read_saved_fields(torch::autograd::Node& node) {
  std::vector<SavedValue> out;
  const TypeEntry* e = entry_of(node);
  if (!e) return out;
  out.reserve(e->desc->field_count);
  for (std::size_t i = 0; i < e->desc->field_count; ++i) out.push_back(e->desc->fields[i].read(node));
  return out;
}

torch::autograd::SavedVariable* raw_saved_variable(torch::autograd::Node& node, std::string_view name) {
  const detail::FieldDesc& d = field_of(node, name);
  return d.raw ? d.raw(node) : nullptr;
}

std::vector<torch::autograd::SavedVariable>* raw_saved_variable_list(torch::autograd::Node& node,
                                                                     std::string_view name) {
  const detail::FieldDesc& d = field_of(node, name);
  return d.raw_list ? d.raw_list(node) : nullptr;
}

}  // namespace backstep::autograd
