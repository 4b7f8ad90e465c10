// call_op: match (or reuse the cached match), build the IValue stack, run
// the boxed kernel, convert the results.
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/torch/arg_parser.h"
#include "engine/torch/bridge.h"
#include "engine/torch/convert.h"
#include "engine/torch/overload_index.h"
#include "engine/torch/torch_objects.h"
#include "engine/torch/unboxed_call.h"

#include <c10/util/SmallVector.h>
#include <fmt/format.h>

#include <algorithm>

namespace backstep::torchb {

using rt::Value;
using detail::Slot;

namespace {

// Where each Param's value is in the Args of a call: a positional index, a
// keyword index (kKw + i), the whole positional list, or nothing.
constexpr int16_t kAbsent = -1;
constexpr int16_t kVarargs = -2;
constexpr int16_t kKw = 1000;

// The facts about a value that overload matching depends on. Two calls whose
// arguments have the same keys pick the same signature.
uint64_t scalar_key(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::None: return 1;
    case Value::Kind::Bool: return 2;
    case Value::Kind::Int: return 3;
    case Value::Kind::Float: return 4;
    case Value::Kind::Tensor: {
      detail::TensorTraits t = detail::tensor_traits(v.as_tensor());
      return 8 | (t.scalar ? 1 : 0) | (t.index ? 2 : 0) | (t.int_scalar ? 4 : 0);
    }
    case Value::Kind::Object: return v.as<rt::StrObject>() ? 16 : 17;
  }
  return 0;
}

uint64_t value_key(const Value& v) {
  if (!v.is_object()) return scalar_key(v);
  const rt::Object* o = v.object_ptr();
  if (o->kind() == rt::ObjKind::Type) return reinterpret_cast<uintptr_t>(o) << 8;  // int/float as dtypes
  uint64_t key = reinterpret_cast<uintptr_t>(&o->type()) << 8;
  if (const auto* items = detail::sequence_items(v)) {
    // Lists match on their first element (int[], float[], names) or on all
    // elements (Tensor[], Scalar[]).
    bool all_tensors = true, all_numbers = true;
    for (const auto& item : *items) {
      all_tensors = all_tensors && item.is_tensor();
      all_numbers = all_numbers && item.is_number();
    }
    key |= items->empty() ? 128 : scalar_key((*items)[0]);  // bits 0-4
    key |= (all_tensors ? 32 : 0) | (all_numbers ? 64 : 0);
  }
  return key;
}

}  // namespace

struct CallSiteCache::Entry {
  const OpFamily* family = nullptr;
  bool method = false;
  const Signature* sig = nullptr;
  c10::SmallVector<uint64_t, 6> pos_keys;
  c10::SmallVector<std::string, 2> kw_names;
  c10::SmallVector<uint64_t, 2> kw_keys;
  c10::SmallVector<int16_t, 12> sources;  // per Param

  bool matches(const OpFamily& f, bool m, const rt::Args& args) const {
    if (&f != family || m != method || args.pos.size() != pos_keys.size() || args.kw.size() != kw_names.size())
      return false;
    for (size_t i = 0; i < pos_keys.size(); ++i)
      if (value_key(args.pos[i]) != pos_keys[i]) return false;
    for (size_t i = 0; i < kw_names.size(); ++i)
      if (args.kw[i].name != kw_names[i] || value_key(args.kw[i].value) != kw_keys[i]) return false;
    return true;
  }
};

CallSiteCache::CallSiteCache() = default;
CallSiteCache::~CallSiteCache() = default;
CallSiteCache::CallSiteCache(CallSiteCache&&) noexcept = default;
CallSiteCache& CallSiteCache::operator=(CallSiteCache&&) noexcept = default;

namespace {

// Stacks reused across calls (a boxed call may re-enter the bridge, hence
// one per nesting depth).
struct StackPool {
  std::vector<std::unique_ptr<torch::jit::Stack>> stacks;
  size_t depth = 0;
};
thread_local StackPool pool;

struct StackLease {
  torch::jit::Stack* stack;
  StackLease() {
    if (pool.depth == pool.stacks.size()) pool.stacks.push_back(std::make_unique<torch::jit::Stack>());
    stack = pool.stacks[pool.depth++].get();
    stack->clear();
  }
  ~StackLease() {
    stack->clear();
    --pool.depth;
  }
};

const Value* source_value(int16_t src, const rt::Args& args) {
  if (src >= kKw) return &args.kw[src - kKw].value;
  if (src >= 0) return &args.pos[src];
  return nullptr;
}

// The IValue for schema argument `i` of binding `b`.
c10::IValue argument(const Signature& sig, const SchemaBinding& b, size_t i, const Value* self,
                     const rt::Args& args, const int16_t* sources) {
  int16_t src = b.arg_source[i];
  if (src == SchemaBinding::kSelf) return self->as_tensor();
  if (src >= SchemaBinding::kOutBase) {
    // out=(values, indices): PythonArgs::tensorlist_n checks the length.
    const auto& outs = *detail::sequence_items(*source_value(sources[sig.out_param], args));
    size_t n = sig.params[sig.out_param].size;
    if (outs.size() != n)
      rt::raise_type_error(fmt::format("expected tuple of {} elements but got {}", n, outs.size()));
    return outs[src - SchemaBinding::kOutBase].as_tensor();
  }
  const Value* v = src >= 0 ? source_value(sources[src], args) : nullptr;
  bool varargs = src >= 0 && sources[src] == kVarargs;
  if (v || varargs) return detail::to_ivalue(sig, sig.params[src], v, varargs, args);
  if (src >= 0 && sig.params[src].zero_default && sources[src] == kAbsent) return int64_t(0);
  for (const auto& [index, value] : sig.implicit_args)
    if (size_t(index) == i) {
      if (value.isDevice()) check_device_available(value.toDevice());
      return value;
    }
  const auto& def = b.op.schema().arguments()[i].default_value();
  return def ? *def : c10::IValue();
}

Value run_native(const Signature& sig, const Value* self, const rt::Args& args, const int16_t* sources) {
  c10::SmallVector<c10::IValue, 4> ivalues;
  for (size_t p = 0; p < sig.params.size(); ++p) {
    const Value* v = source_value(sources[p], args);
    ivalues.push_back(v ? detail::to_ivalue(sig, sig.params[p], v, false, args) : c10::IValue());
  }
  const at::Tensor& t = self ? self->as_tensor() : ivalues[0].toTensor();
  try {
    return sig.native(t, ivalues.data());
  } catch (const rt::ScriptError&) {
    throw;
  } catch (const std::exception& e) {
    throw rt::translate_torch_error(e);
  }
}

// Tells the observer (allow_mutation_on_saved_tensors) about every tensor
// this call writes to, before it does: the schema marks them Tensor(a!), or
// Tensor(a!)[] for the in-place _foreach_* operators (each element).
void notify_mutations(const c10::FunctionSchema& schema, const torch::jit::Stack& stack) {
  const MutationObserver& observer = torchb::mutation_observer();
  if (!observer) return;
  const auto& arguments = schema.arguments();
  for (size_t i = 0; i < arguments.size() && i < stack.size(); ++i) {
    const auto* alias = arguments[i].alias_info();
    if (!alias || !alias->isWrite()) continue;  // a list's alias info takes its elements' write flag
    if (stack[i].isTensor()) {
      observer(stack[i].toTensor());
    } else if (stack[i].isTensorList()) {
      for (const at::Tensor& t : stack[i].toTensorList()) observer(t);
    }
  }
}

// Runs `sig` with the argument sources of a match.
Value execute(const Signature& sig, const Value* self, const rt::Args& args, const int16_t* sources) {
  if (sig.native) return run_native(sig, self, args, sources);
  bool use_out = sig.out_param >= 0 && sources[sig.out_param] != kAbsent;
  const SchemaBinding& b = use_out ? *sig.out : *sig.base;
  StackLease lease;
  torch::jit::Stack& stack = *lease.stack;
  size_t n = b.arg_source.size();
  for (size_t i = 0; i < n; ++i) stack.push_back(argument(sig, b, i, self, args, sources));
  notify_mutations(b.op.schema(), stack);
  try {
    if (b.unboxed && sig.requires_grad_param < 0) {
      at::Tensor t = detail::call_unboxed(*b.unboxed, stack);
      return t.defined() ? Value(std::move(t)) : Value();
    }
    if (sig.requires_grad_param >= 0) {
      // Factories (the signatures with tensor options) run as PyTorch's
      // torch::ones etc. do (torch/csrc/autograd/generated/
      // variable_factories.h): below autograd and ADInplaceOrView, so their
      // internal fill_ does not bump the new tensor's version and `_like`
      // factories record no graph.
      at::AutoDispatchBelowADInplaceOrView guard;
      b.op.callBoxed(&stack);
    } else {
      b.op.callBoxed(&stack);
    }
  } catch (const rt::ScriptError&) {
    throw;
  } catch (const std::exception& e) {
    throw rt::translate_torch_error(e);
  }
  Value result = detail::from_returns(b.op.schema(), stack);
  if (sig.requires_grad_param >= 0) {
    const Value* rg = source_value(sources[sig.requires_grad_param], args);
    if (rg && rg->as_bool() && result.is_tensor()) {
      try {
        result.as_tensor().set_requires_grad(true);
      } catch (const std::exception& e) {
        throw rt::translate_torch_error(e);
      }
    }
  }
  return result;
}

// Turns Slots (pointers into this call's Args) into reusable sources.
void record_sources(const Signature& sig, const Slot* slots, const rt::Args& args, int16_t* out) {
  for (size_t p = 0; p < sig.params.size(); ++p) {
    const Slot& s = slots[p];
    out[p] = kAbsent;
    if (s.varargs) out[p] = kVarargs;
    for (size_t i = 0; s.value && i < args.pos.size(); ++i)
      if (s.value == &args.pos[i]) out[p] = int16_t(i);
    for (size_t i = 0; s.value && i < args.kw.size(); ++i)
      if (s.value == &args.kw[i].value) out[p] = int16_t(kKw + i);
  }
}

}  // namespace

Value call_op(rt::Interpreter& in, const OpFamily& family, const Value* self, rt::Args& args,
              CallSiteCache* cache) {
  const bool method = self && self->is_tensor();
  if (PythonLevelFn py = method ? family.py_method : family.py_function) return py(in, family, self, args, cache);
  return call_generated(in, family, self, args, cache);
}

Value call_generated(rt::Interpreter&, const OpFamily& family, const Value* self, rt::Args& args,
                     CallSiteCache* cache) {
  const bool method = self && self->is_tensor();
  if (cache && cache->entry && cache->entry->matches(family, method, args)) {
    ++cache->hits;
    return execute(*cache->entry->sig, self, args, cache->entry->sources.data());
  }
  if (cache) ++cache->misses;  // counted before matching: a call that raises missed too
  const auto& sigs = method ? family.methods : family.functions;
  if (sigs.empty()) rt::raise_type_error(family.name + "() is not available here");
  size_t most = 0;
  for (const auto& s : sigs) most = std::max(most, s.params.size());
  c10::SmallVector<Slot, 16> slots(most);
  size_t index = detail::match_signature(sigs, args, method ? "TensorBase" : nullptr, slots.data());
  const Signature& sig = sigs[index];
  c10::SmallVector<int16_t, 12> sources(sig.params.size());
  record_sources(sig, slots.data(), args, sources.data());
  if (cache) {
    auto e = std::make_unique<CallSiteCache::Entry>();
    e->family = &family;
    e->method = method;
    e->sig = &sig;
    for (const auto& v : args.pos) e->pos_keys.push_back(value_key(v));
    for (const auto& kw : args.kw) {
      e->kw_names.push_back(kw.name);
      e->kw_keys.push_back(value_key(kw.value));
    }
    e->sources = sources;
    cache->entry = std::move(e);
  }
  return execute(sig, self, args, sources.data());
}

MutationObserver& mutation_observer() {
  static MutationObserver observer;
  return observer;
}

}  // namespace backstep::torchb
