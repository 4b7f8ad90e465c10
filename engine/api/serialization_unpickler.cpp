// The unpickler of torch.load: runs the pickle opcodes CPython's pickler
// writes (protocols 2 to 5, no text opcodes) over a stack of script values.
// Globals are checked against PyTorch's weights_only allowlist, then either
// handled here (the torch._utils rebuild functions, legacy storage classes,
// which backstep has no Python objects for) or resolved by importing the
// module and calling what it names (OrderedDict, torch.Size, torch.device,
// set, and with weights_only=False anything importable).
//
// Note [Weights-only errors]: PyTorch's weights-only unpickler raises
// _pickle.UnpicklingError("Unsupported operand N") for an opcode it does not
// take, EOFError at the end of the data, KeyError for a missing memo entry,
// and UnicodeDecodeError for a str that is not UTF-8; torch.load then wraps
// the UnpicklingErrors in its "Weights only load failed" text. This file
// raises the same; serialization.cpp wraps.
#include "engine/api/serialization.h"

#include "engine/api/autograd_api.h"
#include "engine/api/tensor_registry.h"
#include "engine/api/tensor_type.h"
#include "engine/format/tensor_repr.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <cstring>
#include <map>
#include <set>

namespace backstep::api::serial {

namespace {

using rt::Value;

// A global the pickle names that has no script object here (the rebuild
// functions, storage classes): kept by name until a REDUCE or a persistent
// id uses it.
class PickleGlobal : public rt::Object {
 public:
  explicit PickleGlobal(std::string full) : Object(rt::ObjKind::Other), full_name(std::move(full)) {}
  static bool is_instance(const rt::Object& o) { return dynamic_cast<const PickleGlobal*>(&o) != nullptr; }
  std::string repr(rt::Interpreter&) const override { return "<" + full_name + ">"; }
  const std::string full_name;
};

const char* const kStorageNames[] = {"FloatStorage", "DoubleStorage", "HalfStorage", "BFloat16Storage",
                                     "LongStorage", "IntStorage", "ShortStorage", "CharStorage",
                                     "ByteStorage", "BoolStorage", "ComplexFloatStorage", "ComplexDoubleStorage"};
const c10::ScalarType kStorageTypes[] = {c10::kFloat, c10::kDouble, c10::kHalf, c10::kBFloat16,
                                         c10::kLong,  c10::kInt,    c10::kShort, c10::kChar,
                                         c10::kByte,  c10::kBool,   c10::kComplexFloat, c10::kComplexDouble};

std::optional<c10::ScalarType> storage_dtype(const std::string& full_name) {
  if (full_name == "torch.UntypedStorage" || full_name == "torch.storage.UntypedStorage") return c10::kByte;
  for (size_t i = 0; i < std::size(kStorageNames); ++i)
    if (full_name == std::string("torch.") + kStorageNames[i]) return kStorageTypes[i];
  return std::nullopt;
}

// PyTorch's weights_only allowlist (torch/_weights_only_unpickler.py,
// _get_allowed_globals), as full names.
bool allowed_global(const std::string& full) {
  static const std::set<std::string> names = [] {
    std::set<std::string> s = {"collections.OrderedDict", "collections.Counter", "torch.nn.parameter.Parameter",
                               "torch.serialization._get_layout", "torch.Size", "torch.Tensor", "torch.device",
                               "_codecs.encode", "builtins.bytearray", "builtins.set", "builtins.complex",
                               "torch._tensor._rebuild_from_type_v2", "torch.per_tensor_affine",
                               "torch.per_tensor_symmetric", "torch.per_channel_affine", "torch.per_channel_symmetric",
                               "torch.per_channel_affine_float_qparams", "torch.storage.TypedStorage",
                               "torch.storage.UntypedStorage"};
    for (const char* f : {"_rebuild_tensor", "_rebuild_tensor_v2", "_rebuild_tensor_v3", "_rebuild_parameter",
                          "_rebuild_parameter_with_state", "_rebuild_sparse_tensor", "_rebuild_nested_tensor",
                          "_rebuild_qtensor", "_rebuild_meta_tensor_no_storage", "_rebuild_wrapper_subclass",
                          "_rebuild_device_tensor_from_numpy", "_rebuild_device_tensor_from_cpu_tensor"})
      s.insert(std::string("torch._utils.") + f);
    for (const char* st : kStorageNames) s.insert(std::string("torch.") + st);
    for (const char* t : {"Float", "Double", "Half", "BFloat16", "Long", "Int", "Short", "Char", "Byte", "Bool"})
      s.insert(std::string("torch.") + t + "Tensor");
    for (int i = 0; i < static_cast<int>(c10::ScalarType::NumOptions); ++i)
      s.insert(format::dtype_name(static_cast<c10::ScalarType>(i)));
    return s;
  }();
  return names.count(full) != 0;
}

[[noreturn]] void raise_eof() { rt::raise(*rt::exc_types().eof_error, ""); }

const rt::TypeObject& builtin_exception(rt::Interpreter& in, const char* name) {
  return *static_cast<const rt::TypeObject*>(in.builtin(name)->object_ptr());
}

// CPython's UTF-8 decoder errors, for a str record that is not UTF-8.
void check_utf8(rt::Interpreter& in, const std::string& s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    auto c = static_cast<unsigned char>(s[i]);
    int more = c < 0x80 ? 0 : (c >= 0xC2 && c <= 0xDF) ? 1 : (c >= 0xE0 && c <= 0xEF) ? 2 : (c >= 0xF0 && c <= 0xF4) ? 3 : -1;
    const char* why = nullptr;
    if (more < 0) why = "invalid start byte";
    for (int k = 1; !why && k <= more; ++k) {
      if (i + k >= n) why = "unexpected end of data";
      else if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) why = "invalid continuation byte";
    }
    if (why)
      rt::raise(builtin_exception(in, "UnicodeDecodeError"),
                fmt::format("'utf-8' codec can't decode byte 0x{:02x} in position {}: {}", c, i, why));
    i += static_cast<size_t>(more) + 1;
  }
}

class Unpickler {
 public:
  Unpickler(rt::Interpreter& in, const std::string& data, bool weights_only, const StorageLoader& load)
      : in_(in), data_(data), weights_only_(weights_only), load_(load) {}

  Value run() {
    for (;;) {
      if (pos_ >= data_.size()) {
        // CPython's pickle: "Ran out of input"; the weights-only unpickler: a bare EOFError.
        rt::raise(*rt::exc_types().eof_error, weights_only_ ? "" : "Ran out of input");
      }
      uint8_t op = byte();
      if (op == '.') {
        if (stack_.empty()) raise_unpickling_error("unpickling stack underflow");
        return stack_.back();
      }
      step(op);
    }
  }

 private:
  // --- reading ---
  // The data ends inside an opcode's argument.
  [[noreturn]] void truncated() const {
    if (weights_only_) raise_eof();
    raise_unpickling_error("pickle data was truncated");
  }
  uint8_t byte() {
    if (pos_ >= data_.size()) truncated();
    return static_cast<uint8_t>(data_[pos_++]);
  }
  std::string bytes(uint64_t n) {
    if (n > data_.size() - pos_) truncated();
    std::string s = data_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  uint64_t le(int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= uint64_t(byte()) << (8 * i);
    return v;
  }
  std::string line() {
    size_t end = data_.find('\n', pos_);
    if (end == std::string::npos) truncated();
    std::string s = data_.substr(pos_, end - pos_);
    pos_ = end + 1;
    check_utf8(in_, s);
    return s;
  }

  // --- the stack ---
  Value pop() {
    if (stack_.empty()) raise_unpickling_error("unpickling stack underflow");
    Value v = std::move(stack_.back());
    stack_.pop_back();
    return v;
  }
  std::vector<Value> pop_mark() {
    if (marks_.empty()) raise_unpickling_error("could not find MARK");
    size_t m = marks_.back();
    marks_.pop_back();
    std::vector<Value> items(stack_.begin() + static_cast<std::ptrdiff_t>(m), stack_.end());
    stack_.resize(m);
    return items;
  }
  Value& top() {
    if (stack_.empty()) raise_unpickling_error("unpickling stack underflow");
    return stack_.back();
  }
  void memo_put(uint64_t i) { memo_[i] = top(); }
  void memo_get(uint64_t i) {
    auto it = memo_.find(i);
    if (it == memo_.end()) {
      if (!weights_only_) raise_unpickling_error(fmt::format("Memo value not found at index {}", i));
      rt::raise_key_error(Value(static_cast<int64_t>(i)));
    }
    stack_.push_back(it->second);
  }

  void push_str(std::string s) {
    check_utf8(in_, s);
    stack_.push_back(rt::make_str(std::move(s)));
  }
  void push_long(const std::string& b) {
    if (b.empty()) return stack_.push_back(Value(int64_t(0)));
    bool negative = static_cast<uint8_t>(b.back()) & 0x80;
    size_t n = b.size();
    while (n > 1 && static_cast<uint8_t>(b[n - 1]) == (negative ? 0xff : 0x00)) --n;
    if (n > 8 || (n == 8 && bool(static_cast<uint8_t>(b[7]) & 0x80) != negative))
      rt::raise_overflow("backstep ints are 64-bit: the checkpoint holds a larger int");
    uint64_t v = negative ? ~uint64_t(0) : 0;
    for (size_t i = 0; i < 8; ++i) {
      uint8_t byte_i = i < n ? static_cast<uint8_t>(b[i]) : (negative ? 0xff : 0x00);
      v = (v & ~(uint64_t(0xff) << (8 * i))) | (uint64_t(byte_i) << (8 * i));
    }
    stack_.push_back(Value(static_cast<int64_t>(v)));
  }

  void step(uint8_t op);
  void op_global(std::string module, std::string name);
  void op_reduce();
  void op_build();
  void op_newobj();
  void op_setitems(std::vector<Value> kv, Value& target);
  void op_appends(std::vector<Value> items, Value& target);
  Value persistent_load(const Value& pid);
  Value call_global(const PickleGlobal& g, std::vector<Value> args);
  Value rebuild_tensor(const std::vector<Value>& args, size_t need);
  [[noreturn]] void unsupported(uint8_t op) {
    if (!weights_only_) {
      // CPython: "invalid load key, '%c'." with the byte as a code point.
      std::string ch = op < 0x80 ? std::string(1, static_cast<char>(op))
                                 : std::string{static_cast<char>(0xC0 | (op >> 6)), static_cast<char>(0x80 | (op & 0x3F))};
      raise_unpickling_error("invalid load key, '" + ch + "'.");
    }
    raise_unpickling_error(fmt::format("Unsupported operand {}", op));
  }

  rt::Interpreter& in_;
  const std::string& data_;
  size_t pos_ = 0;
  bool weights_only_;
  const StorageLoader& load_;
  std::vector<Value> stack_;
  std::vector<size_t> marks_;
  std::map<uint64_t, Value> memo_;
  std::map<std::string, Value> storages_;  // key -> a 1-d tensor over the whole storage
  std::set<const void*> user_types_;  // classes allowlisted with add_safe_globals that the pickle named
};

void Unpickler::step(uint8_t op) {
  switch (op) {
    case 0x80: byte(); return;                       // PROTO
    case 0x95: le(8); return;                        // FRAME
    case '(': marks_.push_back(stack_.size()); return;  // MARK
    case 'N': stack_.emplace_back(); return;
    case 0x88: stack_.emplace_back(true); return;
    case 0x89: stack_.emplace_back(false); return;
    case 'J': stack_.emplace_back(int64_t(int32_t(uint32_t(le(4))))); return;
    case 'K': stack_.emplace_back(int64_t(byte())); return;
    case 'M': stack_.emplace_back(int64_t(le(2))); return;
    case 0x8a: push_long(bytes(byte())); return;      // LONG1
    case 0x8b: {                                       // LONG4
      auto n = static_cast<int32_t>(le(4));
      if (n < 0) rt::raise_value_error("negative argument");
      push_long(bytes(static_cast<uint64_t>(n)));
      return;
    }
    case 'G': {
      uint64_t bits = 0;
      for (int i = 0; i < 8; ++i) bits = (bits << 8) | byte();
      double d;
      std::memcpy(&d, &bits, 8);
      stack_.emplace_back(d);
      return;
    }
    case 'X': push_str(bytes(le(4))); return;          // BINUNICODE
    case 0x8c: push_str(bytes(byte())); return;        // SHORT_BINUNICODE
    case 0x8d: push_str(bytes(le(8))); return;         // BINUNICODE8
    case 'T': push_str(bytes(le(4))); return;          // BINSTRING (Python 2 str)
    case 'U': push_str(bytes(byte())); return;         // SHORT_BINSTRING
    case ']': stack_.push_back(rt::make_list({})); return;
    case ')': stack_.push_back(rt::make_tuple({})); return;
    case '}': stack_.push_back(Value(std::make_shared<rt::DictObject>())); return;
    case 'l': stack_.push_back(rt::make_list(pop_mark())); return;
    case 't': stack_.push_back(rt::make_tuple(pop_mark())); return;
    case 0x85: case 0x86: case 0x87: {                 // TUPLE1..3
      size_t n = op - 0x84u;
      if (stack_.size() < n) raise_unpickling_error("unpickling stack underflow");
      std::vector<Value> items(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
      stack_.resize(stack_.size() - n);
      stack_.push_back(rt::make_tuple(std::move(items)));
      return;
    }
    case 'd': {
      auto items = pop_mark();
      stack_.push_back(Value(std::make_shared<rt::DictObject>()));
      return op_setitems(std::move(items), stack_.back());
    }
    case 's': {
      Value v = pop(), k = pop();
      return op_setitems({k, v}, top());
    }
    case 'u': {
      auto items = pop_mark();
      return op_setitems(std::move(items), top());
    }
    case 'a': {
      Value v = pop();
      return op_appends({v}, top());
    }
    case 'e': {
      auto items = pop_mark();
      return op_appends(std::move(items), top());
    }
    case 0x8f: stack_.push_back(Value(std::make_shared<rt::SetObject>())); return;  // EMPTY_SET
    case 0x90: {                                                                      // ADDITEMS
      auto items = pop_mark();
      auto* set = top().as<rt::SetObject>();
      if (!set) raise_unpickling_error("ADDITEMS on a non-set");
      for (auto& v : items) set->add(v);
      return;
    }
    case '0': pop(); return;
    case '1': pop_mark(); return;
    case '2': stack_.push_back(top()); return;
    case 'q': memo_put(byte()); return;
    case 'r': memo_put(le(4)); return;
    case 0x94: memo_put(memo_.size()); return;  // MEMOIZE
    case 'h': memo_get(byte()); return;
    case 'j': memo_get(le(4)); return;
    case 'c': {
      std::string module = line();
      std::string name = line();
      return op_global(std::move(module), std::move(name));
    }
    case 0x93: {  // STACK_GLOBAL
      Value name = pop(), module = pop();
      auto* n = name.as<rt::StrObject>();
      auto* m = module.as<rt::StrObject>();
      if (!n || !m) raise_unpickling_error("STACK_GLOBAL requires str");
      return op_global(m->value, n->value);
    }
    case 'R': return op_reduce();
    case 'b': return op_build();
    case 0x81: return op_newobj();
    case 'Q': {
      Value pid = pop();
      stack_.push_back(persistent_load(pid));
      return;
    }
    case 'B': case 'C': case 0x8e: case 0x96:
      rt::raise_not_implemented("the checkpoint holds a bytes object: backstep has no bytes type yet");
    default: unsupported(op);
  }
}

void Unpickler::op_setitems(std::vector<Value> kv, Value& target) {
  if (kv.size() % 2) raise_unpickling_error("odd number of items for SETITEMS");
  auto* d = target.as<rt::DictObject>();
  if (!d) raise_unpickling_error(fmt::format("Can only SETITEM for dict, collections.OrderedDict, "
                                             "collections.Counter, but got {}", rt::type_name(target)));
  for (size_t i = 0; i < kv.size(); i += 2) {
    if (d->type().is_heap_type()) rt::set_item(in_, target, kv[i], kv[i + 1]);  // OrderedDict: its own __setitem__
    else d->set(kv[i], kv[i + 1]);
  }
}

void Unpickler::op_appends(std::vector<Value> items, Value& target) {
  auto* l = target.as<rt::ListObject>();
  if (l) {
    for (auto& v : items) l->items.push_back(std::move(v));
    return;
  }
  if (weights_only_) raise_unpickling_error(fmt::format("Can only append to lists, but got {}", rt::type_name(target)));
  for (auto& v : items) {
    rt::Args a{v};
    rt::call_method(in_, target, "append", a);
  }
}

void Unpickler::op_global(std::string module, std::string name) {
  if (module == "__builtin__") module = "builtins";
  else if (module == "copy_reg") module = "copyreg";
  std::string full = module + "." + name;
  if (weights_only_ && !allowed_global(full)) {
    if (const Value* user = user_safe_global(full)) {
      user_types_.insert(user->object_ptr());
      stack_.push_back(*user);
      return;
    }
  }
  if (weights_only_ && !allowed_global(full))
    raise_unpickling_error(fmt::format(
        "Unsupported global: GLOBAL {0} was not an allowed global by default. Please use "
        "`torch.serialization.add_safe_globals([{0}])` or the `torch.serialization.safe_globals([{0}])` context "
        "manager to allowlist this global if you trust this class/function.",
        full));
  // What backstep has script objects for is resolved now; the rest is
  // handled by name when used.
  bool by_name = module == "torch._utils" || module == "torch._tensor" || module == "torch.serialization" ||
                 module == "_codecs" || storage_dtype(full) || module == "torch.nn.parameter";
  if (!by_name && module == "builtins") {
    const Value* b = in_.builtin(name);
    if (!b) rt::raise_attribute_error(fmt::format("module 'builtins' has no attribute '{}'", name));
    stack_.push_back(*b);
    return;
  }
  if (!by_name && (module == "torch" || module == "collections" || !weights_only_)) {
    Value mod = in_.import_module(module);
    stack_.push_back(rt::get_attr(in_, mod, name));
    return;
  }
  stack_.push_back(Value(std::make_shared<PickleGlobal>(full)));
}

void Unpickler::op_reduce() {
  Value args = pop();
  Value fn = pop();
  auto* tuple = args.as<rt::TupleObject>();
  if (!tuple) raise_unpickling_error("REDUCE arguments must be a tuple");
  std::vector<Value> items = tuple->items;
  if (auto* g = fn.as<PickleGlobal>()) return stack_.push_back(call_global(*g, std::move(items)));
  rt::Args a;
  for (auto& v : items) a.pos.push_back(v);
  stack_.push_back(rt::call(in_, fn, a));
}

void Unpickler::op_newobj() {
  Value args = pop();
  Value cls = pop();
  auto* tuple = args.as<rt::TupleObject>();
  bool allowed = !weights_only_ || user_types_.count(cls.object_ptr());
  if (!allowed || !tuple || cls.as<PickleGlobal>() || !cls.as<rt::TypeObject>())
    raise_unpickling_error(fmt::format("NEWOBJ of {} is not supported", rt::repr(in_, cls)));
  rt::Args a;
  a.pos.push_back(cls);
  for (const auto& v : tuple->items) a.pos.push_back(v);
  stack_.push_back(rt::call(in_, rt::get_attr(in_, cls, "__new__"), a));
}

// BUILD: obj.__setstate__(state), or the state dict's items as attributes.
void Unpickler::op_build() {
  Value state = pop();
  Value& obj = top();
  if (weights_only_ && !obj.is_tensor()) {
    // PyTorch's weights-only BUILD: tensors, OrderedDicts and allowlisted classes only.
    const rt::TypeObject& t = rt::type_of(obj);
    bool ordered = t.name() == "OrderedDict" && t.module() == "collections";
    if (!ordered && !user_types_.count(&t))
      raise_unpickling_error(fmt::format(
          "Can only build Tensor, Parameter, OrderedDict or types allowlisted via `add_safe_globals`, but got {}",
          rt::repr(in_, rt::type_value(t))));
  }
  if (!weights_only_ || user_types_.count(&rt::type_of(obj))) {
    if (auto setstate = rt::lookup_special(in_, obj, "__setstate__")) {
      rt::Args a{state};
      rt::call(in_, *setstate, a);
      return;
    }
  }
  std::vector<Value> parts{state};
  if (auto* t = state.as<rt::TupleObject>(); t && t->items.size() == 2) parts = t->items;  // (dict, slots)
  for (const Value& attrs : parts) {
    auto* d = attrs.as<rt::DictObject>();
    if (!d) {
      if (attrs.is_none()) continue;
      raise_unpickling_error(fmt::format("Can only BUILD with a dict state, but got {}", rt::type_name(state)));
    }
    d->for_each([&](const Value& k, const Value& v) {
      auto* key = k.as<rt::StrObject>();
      if (!key) return;
      if (obj.is_tensor()) return;  // a tensor's python attributes: not kept by backstep
      rt::set_attr(in_, obj, key->value, v);
    });
  }
}

// ('storage', storage class, key, location, numel): the storage, loaded once per key.
Value Unpickler::persistent_load(const Value& pid) {
  auto* t = pid.as<rt::TupleObject>();
  if (!t) raise_unpickling_error(fmt::format("persistent_load id must be tuple or int, but got {}", rt::type_name(pid)));
  auto* kind = t->items.empty() ? nullptr : t->items[0].as<rt::StrObject>();
  if (!kind || kind->value != "storage" || t->items.size() != 5)
    raise_unpickling_error("Only persistent_load of storage is allowed, but got " +
                           (t->items.empty() ? std::string("nothing") : rt::repr(in_, t->items[0])));
  auto* cls = t->items[1].as<PickleGlobal>();
  auto dtype = cls ? storage_dtype(cls->full_name) : std::nullopt;
  auto* key = t->items[2].as<rt::StrObject>();
  auto* location = t->items[3].as<rt::StrObject>();
  if (!dtype || !key || !location || !t->items[4].is_int())
    raise_unpickling_error("unsupported persistent id encountered");
  auto found = storages_.find(key->value);
  if (found != storages_.end()) return found->second;
  int64_t numel = t->items[4].as_int();
  c10::Storage st = load_(key->value, *dtype, numel, location->value);
  at::Tensor whole = at::empty({0}, at::TensorOptions().dtype(*dtype).device(st.device()));
  whole.set_(st, 0, {numel}, {1});
  Value v(whole);
  storages_[key->value] = v;
  return v;
}

Value Unpickler::rebuild_tensor(const std::vector<Value>& args, size_t need) {
  if (args.size() < need || !args[0].is_tensor() || !args[1].is_int())
    raise_unpickling_error("malformed arguments to a tensor rebuild function");
  const at::Tensor& whole = args[0].as_tensor();
  auto ints = [&](const Value& v) {
    std::vector<int64_t> out;
    auto* tup = v.as<rt::TupleObject>();
    if (!tup) raise_unpickling_error("malformed tensor size or stride");
    for (const auto& x : tup->items) {
      if (!x.is_int()) raise_unpickling_error("malformed tensor size or stride");
      out.push_back(x.as_int());
    }
    return out;
  };
  std::vector<int64_t> size = ints(args[2]), stride = ints(args[3]);
  if (size.size() != stride.size()) raise_unpickling_error("malformed tensor size or stride");
  at::Tensor t = at::empty({0}, whole.options());
  t.set_(whole.storage(), args[1].as_int(), size, stride);  // checks the bounds, with PyTorch's error
  if (need >= 5 && args.size() > 4 && rt::truthy(in_, args[4])) set_requires_grad(t, true);
  return Value(t);
}

Value Unpickler::call_global(const PickleGlobal& g, std::vector<Value> args) {
  const std::string& f = g.full_name;
  if (f == "torch._utils._rebuild_tensor_v2") return rebuild_tensor(args, 5);
  if (f == "torch._utils._rebuild_tensor") return rebuild_tensor(args, 4);
  if (f == "torch._utils._rebuild_parameter" || f == "torch._utils._rebuild_parameter_with_state") {
    if (args.size() < 2 || !args[0].is_tensor()) raise_unpickling_error("malformed arguments to _rebuild_parameter");
    at::Tensor p = args[0].as_tensor().detach();
    if (rt::truthy(in_, args[1])) set_requires_grad(p, true);
    TensorRegistry::instance().mark_parameter(p);
    return Value(p);
  }
  if (f == "torch._tensor._rebuild_from_type_v2") {
    // (func, new_type, args, state): a plain Tensor or Parameter rebuilt by func.
    if (args.size() < 3 || !args[0].as<PickleGlobal>() || !args[2].as<rt::TupleObject>())
      raise_unpickling_error("malformed arguments to _rebuild_from_type_v2");
    Value t = call_global(*args[0].as<PickleGlobal>(), args[2].as<rt::TupleObject>()->items);
    if (args[1].as<PickleGlobal>() && args[1].as<PickleGlobal>()->full_name == "torch.nn.parameter.Parameter" &&
        t.is_tensor())
      TensorRegistry::instance().mark_parameter(t.as_tensor());
    return t;
  }
  if (f == "torch.serialization._get_layout" && args.size() == 1) {
    Value torch = in_.import_module("torch");
    std::string name = rt::str(in_, args[0]);
    return rt::get_attr(in_, torch, name.substr(name.find('.') + 1));
  }
  if (f == "_codecs.encode") rt::raise_not_implemented("the checkpoint holds a bytes object: backstep has no bytes type yet");
  raise_unpickling_error(fmt::format("Trying to call reduce for unrecognized function {}", f));
}

}  // namespace

rt::Value unpickle_object(rt::Interpreter& in, const std::string& data, bool weights_only, const StorageLoader& load) {
  return Unpickler(in, data, weights_only, load).run();
}

}  // namespace backstep::api::serial
