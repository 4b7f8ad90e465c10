#include "engine/api/tensor_names.h"

#include "engine/runtime/objects.h"

#include <unordered_map>

namespace backstep::api {

namespace {

using Names = std::unordered_map<const c10::TensorImpl*, std::string>;

void add(Names& names, const rt::Value& v, const std::string& name, int depth) {
  if (v.is_tensor()) {
    names.emplace(v.as_tensor().unsafeGetTensorImpl(), name);  // the first name found wins
    return;
  }
  if (depth == 0) return;
  if (auto* l = v.as<rt::ListObject>()) {
    for (size_t i = 0; i < l->items.size(); ++i) add(names, l->items[i], name + "[" + std::to_string(i) + "]", depth - 1);
  } else if (auto* t = v.as<rt::TupleObject>()) {
    for (size_t i = 0; i < t->items.size(); ++i) add(names, t->items[i], name + "[" + std::to_string(i) + "]", depth - 1);
  } else if (auto* d = v.as<rt::DictObject>()) {
    d->for_each([&](const rt::Value& k, const rt::Value& item) {
      if (auto* s = k.as<rt::StrObject>()) add(names, item, name + "['" + s->value + "']", depth - 1);
    });
  }
}

}  // namespace

autograd::TensorNamer tensor_namer(rt::Interpreter& in) {
  auto names = std::make_shared<Names>();
  auto built = std::make_shared<bool>(false);
  rt::Interpreter* interp = &in;
  return [names, built, interp](const at::Tensor& t) -> std::string {
    if (!*built) {
      *built = true;
      // Innermost frames first: a local shadows a global of the same name.
      for (rt::Frame* f = interp->current_frame(); f; f = f->parent) {
        if (!f->scope) continue;
        for (size_t i = 0; i < f->locals.size() && i < f->scope->local_names.size(); ++i)
          if (!rt::is_unbound(f->locals[i])) add(*names, f->locals[i], f->scope->local_names[i], 1);
      }
      for (const auto& g : interp->global_names())
        if (auto v = interp->global(g)) add(*names, *v, g, 1);
    }
    auto it = names->find(t.unsafeGetTensorImpl());
    return it == names->end() ? std::string() : it->second;
  };
}

}  // namespace backstep::api
