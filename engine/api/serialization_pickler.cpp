// The pickler of torch.save: writes protocol 2 opcodes for a script value
// as CPython's pickler does for the same Python objects, with PyTorch's
// reductions for tensors (torch._utils._rebuild_tensor_v2), parameters
// (_rebuild_parameter), torch.Size, dtypes and devices.
//
// Note [Memo by identity]: CPython memoizes every object it pickles by id(),
// so an object reached twice is written once and loads as one object (two
// views of one tensor stay views; one list in two places stays shared). We
// key the memo by the object's address and keep each memoized value alive
// until the pickle is done, so an address is never reused for a temporary.
#include "engine/api/serialization.h"

#include "engine/api/tensor_registry.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <cstring>
#include <map>
#include <unordered_map>

namespace backstep::api::serial {

namespace {

using rt::Value;

// The legacy storage class torch.save names for a dtype (FloatStorage, ...).
std::string storage_type_name(c10::ScalarType t) {
  switch (t) {
    case c10::kFloat: return "FloatStorage";
    case c10::kDouble: return "DoubleStorage";
    case c10::kHalf: return "HalfStorage";
    case c10::kBFloat16: return "BFloat16Storage";
    case c10::kLong: return "LongStorage";
    case c10::kInt: return "IntStorage";
    case c10::kShort: return "ShortStorage";
    case c10::kChar: return "CharStorage";
    case c10::kByte: return "ByteStorage";
    case c10::kBool: return "BoolStorage";
    case c10::kComplexFloat: return "ComplexFloatStorage";
    case c10::kComplexDouble: return "ComplexDoubleStorage";
    default:
      rt::raise_not_implemented(fmt::format("torch.save of {} tensors is not supported by backstep yet",
                                            c10::toString(t)));
  }
}

bool is_ordered_dict(const rt::TypeObject& t) {
  for (const rt::TypeObject* c : t.mro())
    if (c->name() == "OrderedDict" && c->module() == "collections") return true;
  return false;
}

bool is_counter(const rt::TypeObject& t) { return t.name() == "Counter" && t.module() == "collections"; }

// _pickle.PicklingError (a subclass of _pickle.PickleError).
const rt::TypeObject& pickling_error_type() {
  static rt::TypeObject* t = rt::new_exception_type("PicklingError", "_pickle", pickle_error_type());
  return *t;
}

class Pickler {
 public:
  explicit Pickler(rt::Interpreter& in) : in_(in) {}

  PickledObject run(const Value& obj) {
    out_ += "\x80\x02";
    save(obj);
    out_ += '.';
    PickledObject r;
    r.data_pkl = std::move(out_);
    for (auto& s : storages_) r.storages.emplace_back(s.key, s.storage);
    return r;
  }

 private:
  struct SavedStorage {
    std::string key;
    c10::Storage storage;
    c10::ScalarType dtype;
  };

  void u8(uint8_t b) { out_ += static_cast<char>(b); }
  void le32(uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
  }

  // --- memo ---
  std::optional<uint32_t> memo_get(const void* key) const {
    auto it = memo_.find(key);
    if (it == memo_.end()) return std::nullopt;
    return it->second;
  }
  void write_get(uint32_t i) {
    if (i < 256) {
      u8('h');
      u8(static_cast<uint8_t>(i));
    } else {
      u8('j');
      le32(i);
    }
  }
  void memoize(const void* key, const Value& keep) {
    memo_[key] = memo_count_;
    put_next();
    keep_alive_.push_back(keep);
  }
  // A memo slot for an object nothing refers to again (CPython memoizes
  // every tuple and reduce result; we keep the same numbering).
  void put_next() { put(memo_count_++); }
  void put(uint32_t i) {
    if (i < 256) {
      u8('q');
      u8(static_cast<uint8_t>(i));
    } else {
      u8('r');
      le32(i);
    }
  }

  // --- scalars ---
  void save_int(int64_t v) {
    if (v >= 0 && v < 256) {
      u8('K');
      u8(static_cast<uint8_t>(v));
    } else if (v >= 0 && v < 65536) {
      u8('M');
      u8(static_cast<uint8_t>(v));
      u8(static_cast<uint8_t>(v >> 8));
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
      u8('J');
      le32(static_cast<uint32_t>(v));
    } else {
      // LONG1: the shortest little-endian two's complement form.
      std::string bytes;
      for (int i = 0; i < 8; ++i) bytes += static_cast<char>(static_cast<uint64_t>(v) >> (8 * i));
      while (bytes.size() > 1) {
        auto last = static_cast<uint8_t>(bytes.back());
        auto prev = static_cast<uint8_t>(bytes[bytes.size() - 2]);
        if ((last == 0 && !(prev & 0x80)) || (last == 0xff && (prev & 0x80))) bytes.pop_back();
        else break;
      }
      u8(0x8a);
      u8(static_cast<uint8_t>(bytes.size()));
      out_ += bytes;
    }
  }
  void save_float(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    u8('G');
    for (int i = 7; i >= 0; --i) u8(static_cast<uint8_t>(bits >> (8 * i)));
  }
  void write_unicode(const std::string& s) {
    u8('X');
    le32(static_cast<uint32_t>(s.size()));
    out_ += s;
  }
  // A str that CPython's pickler sees as one shared object each time
  // ('storage', the location tag): written once, then fetched from the memo.
  void save_constant_str(const std::string& s) {
    auto it = string_memo_.find(s);
    if (it != string_memo_.end()) return write_get(it->second);
    write_unicode(s);
    string_memo_[s] = memo_count_;
    put_next();
  }
  void save_global(const std::string& module, const std::string& name) {
    std::string key = module + "\n" + name;
    auto it = global_memo_.find(key);
    if (it != global_memo_.end()) return write_get(it->second);
    u8('c');
    out_ += key + "\n";
    global_memo_[key] = memo_count_;
    put_next();
  }
  void save_new_ordered_dict() {  // collections.OrderedDict(): a fresh one each time
    save_global("collections", "OrderedDict");
    u8(')');
    u8('R');
    put_next();
  }

  // --- containers ---
  void save_tuple_items(const std::vector<Value>& items) {
    if (items.empty()) return u8(')');
    if (items.size() <= 3) {
      for (const auto& v : items) save(v);
      u8(static_cast<uint8_t>(0x85 + items.size() - 1));
    } else {
      u8('(');
      for (const auto& v : items) save(v);
      u8('t');
    }
  }
  void save_tuple(const Value& v, const std::vector<Value>& items) {
    save_tuple_items(items);
    if (!items.empty()) memoize(v.object_ptr(), v);
  }
  template <class Each>
  void batched(size_t n, uint8_t one, uint8_t many, Each each) {
    for (size_t start = 0; start < n; start += 1000) {
      size_t end = std::min(n, start + 1000);
      if (end - start > 1) u8('(');
      for (size_t i = start; i < end; ++i) each(i);
      u8(end - start > 1 ? many : one);
    }
  }
  void save_dict_items(const rt::DictObject& d) {
    std::vector<std::pair<Value, Value>> items;
    d.for_each([&](const Value& k, const Value& v) { items.emplace_back(k, v); });
    batched(items.size(), 's', 'u', [&](size_t i) {
      save(items[i].first);
      save(items[i].second);
    });
  }
  void save_list(const Value& v, const rt::ListObject& l) {
    u8(']');
    memoize(v.object_ptr(), v);
    std::vector<Value> items = l.items;
    batched(items.size(), 'a', 'e', [&](size_t i) { save(items[i]); });
  }
  void save_dict(const Value& v, const rt::DictObject& d) {
    if (is_ordered_dict(rt::type_of(v))) {
      save_global("collections", "OrderedDict");
      u8(')');
      u8('R');
      memoize(v.object_ptr(), v);
      save_dict_items(d);
      save_instance_state(v);
      return;
    }
    if (is_counter(rt::type_of(v))) return save_counter(v, d);
    u8('}');
    memoize(v.object_ptr(), v);
    save_dict_items(d);
  }
  // As Counter.__reduce__ pickles it: Counter(dict(self)) (a scheduler's
  // MultiStepLR milestones in a checkpoint).
  void save_counter(const Value& v, const rt::DictObject& d) {
    save_global("collections", "Counter");
    u8('}');
    put_next();
    save_dict_items(d);
    u8(0x85);
    put_next();
    u8('R');
    memoize(v.object_ptr(), v);
  }
  // An OrderedDict's attributes (a state_dict's _metadata): BUILD with its __dict__.
  void save_instance_state(const Value& v) {
    auto dict = rt::try_get_attr(in_, v, "__dict__");
    auto* d = dict ? dict->as<rt::DictObject>() : nullptr;
    if (!d || d->size() == 0) return;
    save(*dict);
    u8('b');
  }
  void save_set(const Value& v, const rt::SetObject& s) {
    save_global("__builtin__", s.frozen ? "frozenset" : "set");
    u8(']');
    put_next();
    batched(s.items().size(), 'a', 'e', [&](size_t i) { save(s.items()[i]); });
    u8(0x85);
    put_next();
    u8('R');
    memoize(v.object_ptr(), v);
  }

  // --- torch objects ---
  void save_plain_tensor(const at::Tensor& t, bool requires_grad) {
    if (t.layout() != c10::kStrided || t.is_quantized() || t.is_nested())
      rt::raise_not_implemented("torch.save of sparse, quantized or nested tensors is not supported by backstep yet");
    save_global("torch._utils", "_rebuild_tensor_v2");
    u8('(');
    save_persistent_storage(t);
    save_int(t.storage_offset());
    save_int_tuple(t.sizes());
    save_int_tuple(t.strides());
    u8(requires_grad ? 0x88 : 0x89);
    save_new_ordered_dict();
    u8('t');
    put_next();
    u8('R');
  }

  void save_int_tuple(c10::IntArrayRef xs) {
    if (xs.empty()) return u8(')');
    if (xs.size() <= 3) {
      for (int64_t x : xs) save_int(x);
      u8(static_cast<uint8_t>(0x85 + xs.size() - 1));
    } else {
      u8('(');
      for (int64_t x : xs) save_int(x);
      u8('t');
    }
    put_next();
  }

  // ('storage', torch.FloatStorage, key, location, numel) as a persistent id.
  void save_persistent_storage(const at::Tensor& t) {
    const c10::Storage& st = t.storage();
    const void* id = st.unsafeGetStorageImpl();
    auto found = storage_index_.find(id);
    size_t index;
    if (found == storage_index_.end()) {
      index = storages_.size();
      storage_index_[id] = index;
      storages_.push_back({std::to_string(index), st, t.scalar_type()});
    } else {
      index = found->second;
      if (storages_[index].dtype != t.scalar_type() && st.data() != nullptr)
        rt::raise_runtime_error("Cannot save multiple tensors or storages that view the same data as different types");
    }
    u8('(');
    save_constant_str("storage");
    save_global("torch", storage_type_name(t.scalar_type()));
    save_constant_str(storages_[index].key);  // one str object per storage in torch.save's id_map
    std::string location = t.device().str();
    save_constant_str(location);
    save_int(static_cast<int64_t>(st.nbytes() / t.element_size()));
    u8('t');
    put_next();
    u8('Q');
  }

  void save_parameter(const Value& v) {
    const at::Tensor& p = v.as_tensor();
    save_global("torch._utils", "_rebuild_parameter");
    Value data(p.detach());
    keep_alive_.push_back(data);
    save_plain_tensor(data.as_tensor(), false);
    memo_[data.as_tensor().unsafeGetTensorImpl()] = memo_count_;
    put_next();
    u8(p.requires_grad() ? 0x88 : 0x89);
    save_new_ordered_dict();
    u8(0x87);
    put_next();
    u8('R');
  }

  void save(const Value& v) {
    switch (v.kind()) {
      case Value::Kind::None: return u8('N');
      case Value::Kind::Bool: return u8(v.as_bool() ? 0x88 : 0x89);
      case Value::Kind::Int: return save_int(v.as_int());
      case Value::Kind::Float: return save_float(v.as_float());
      case Value::Kind::Tensor: {
        const void* key = v.as_tensor().unsafeGetTensorImpl();
        if (auto i = memo_get(key)) return write_get(*i);
        if (TensorRegistry::instance().is_parameter(v.as_tensor())) save_parameter(v);
        else save_plain_tensor(v.as_tensor(), v.as_tensor().requires_grad());
        return memoize(key, v);
      }
      case Value::Kind::Object: break;
    }
    if (auto i = memo_get(v.object_ptr())) return write_get(*i);
    save_object(v);
  }

  void save_object(const Value& v) {
    if (auto* s = v.as<rt::StrObject>()) {
      write_unicode(s->value);
      return memoize(v.object_ptr(), v);
    }
    if (auto* l = v.as<rt::ListObject>()) return save_list(v, *l);
    if (auto* d = v.as<rt::DictObject>()) return save_dict(v, *d);
    if (auto* t = v.as<rt::TupleObject>()) {
      if (t->flavour == rt::TupleObject::Flavour::Size) {
        save_global("torch", "Size");
        std::vector<Value> items = t->items;
        save_tuple_items(items);  // the tuple(...) torch.Size reduces to
        if (!items.empty()) put_next();
        u8(0x85);
        put_next();
        u8('R');
        return memoize(v.object_ptr(), v);
      }
      return save_tuple(v, t->items);
    }
    if (auto* s = v.as<rt::SetObject>()) return save_set(v, *s);
    if (v.as<torchb::DtypeObject>()) {
      std::string name = rt::repr(in_, v);  // torch.float32
      return save_global("torch", name.substr(name.find('.') + 1));
    }
    if (auto* d = v.as<torchb::DeviceObject>()) {
      save_global("torch", "device");
      std::vector<Value> args{rt::make_str(c10::DeviceTypeName(d->device.type(), true))};
      if (d->device.has_index()) args.emplace_back(int64_t(d->device.index()));
      save_tuple(rt::make_tuple(args), args);
      u8('R');
      return memoize(v.object_ptr(), v);
    }
    if (auto n = rt::unbox_number(v)) return save(*n);
    if (auto* t = v.as<rt::TypeObject>()) return save_by_reference(v, t->module(), t->qualname());
    auto kind = v.object_ptr()->kind();
    if (kind == rt::ObjKind::Function || kind == rt::ObjKind::Builtin) {
      auto module = rt::try_get_attr(in_, v, "__module__");
      auto qualname = rt::try_get_attr(in_, v, "__qualname__");
      if (module && qualname && module->as<rt::StrObject>() && qualname->as<rt::StrObject>())
        return save_by_reference(v, module->as<rt::StrObject>()->value, qualname->as<rt::StrObject>()->value);
      if (qualname && !module) return save_by_reference(v, "builtins", rt::str(in_, *qualname));
    }
    if (kind == rt::ObjKind::Instance) return save_instance(v);
    rt::raise_type_error(fmt::format("cannot pickle '{}' object", rt::type_name(v)));
  }

  // Classes and functions are pickled by reference (GLOBAL module name), as
  // CPython does; a lambda or a local object has no importable name.
  void save_by_reference(const Value& v, std::string module, const std::string& qualname) {
    if (qualname.find("<locals>") != std::string::npos)
      rt::raise_attribute_error(fmt::format("Can't pickle local object '{}'", qualname));
    if (qualname.find("<lambda>") != std::string::npos)
      rt::raise(pickling_error_type(), fmt::format("Can't pickle {}: attribute lookup {} on {} failed",
                                                   rt::repr(in_, v), qualname, module));
    if (module.empty() || module == "builtins") module = "__builtin__";  // protocol 2 writes Python 2's names
    save_global(module, qualname);
    memo_[v.object_ptr()] = memo_count_ - 1;
    keep_alive_.push_back(v);
  }

  // An instance of a script class: copyreg's protocol-2 reduction,
  // cls.__new__(cls) (NEWOBJ) and then its __getstate__() or __dict__ (BUILD).
  void save_instance(const Value& v) {
    const rt::TypeObject& cls = rt::type_of(v);
    save_by_reference(rt::type_value(cls), cls.module(), cls.qualname());
    u8(')');
    u8(0x81);
    memoize(v.object_ptr(), v);
    Value state;
    if (auto getstate = rt::try_get_attr(in_, v, "__getstate__")) {
      rt::Args none;
      state = rt::call(in_, *getstate, none);
    } else if (auto dict = rt::try_get_attr(in_, v, "__dict__"); dict && rt::truthy(in_, *dict)) {
      state = *dict;
    }
    if (state.is_none()) return;
    save(state);
    u8('b');
  }

  rt::Interpreter& in_;
  std::string out_;
  std::unordered_map<const void*, uint32_t> memo_;
  std::map<std::string, uint32_t> string_memo_;
  std::map<std::string, uint32_t> global_memo_;
  std::vector<Value> keep_alive_;
  std::vector<SavedStorage> storages_;
  std::unordered_map<const void*, size_t> storage_index_;
  uint32_t memo_count_ = 0;
};

}  // namespace

PickledObject pickle_object(rt::Interpreter& in, const rt::Value& obj) { return Pickler(in).run(obj); }

}  // namespace backstep::api::serial
