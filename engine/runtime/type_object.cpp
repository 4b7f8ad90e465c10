#include "engine/runtime/type_object.h"

#include "engine/runtime/dict_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstring>

namespace backstep::rt {

TypeObject::TypeObject(std::string name, std::string module, std::vector<TypeObject*> bases)
    : Object(ObjKind::Type), name_(std::move(name)), qualname_(name_), module_(std::move(module)),
      bases_(std::move(bases)), dict_(std::make_shared<DictObject>(nullptr)) {
  dict_->mark_class_namespace();
  // Builtin classes have single inheritance: their MRO is the base chain.
  mro_.push_back(this);
  for (const TypeObject* b = base(); b; b = b->base()) mro_.push_back(const_cast<TypeObject*>(b));
  for (TypeObject* b : bases_) b->add_subclass(this);
  if (const TypeObject* b = base()) {
    slots = b->slots;  // what is installed by now; install_builtin_slots() redoes it
    instance_kind_ = b->instance_kind_;
    layout_base_ = b->layout_base_;
    instances_have_dict_ = b->instances_have_dict_;
  }
}

const TypeObject& TypeObject::native_type() const { return *types().type; }

std::string TypeObject::qualified_name() const {
  if (module_.empty() || module_ == "builtins") return qualname_;
  return module_ + "." + qualname_;
}

void TypeObject::set_mro(std::vector<TypeObject*> mro) {
  mro_ = std::move(mro);
  invalidate();
}

bool TypeObject::is_subtype_of(const TypeObject& other) const {
  if (this == &other) return true;
  for (const TypeObject* t : mro_)
    if (t == &other) return true;
  return false;
}

// Note [The type attribute cache]
// As CPython's type attribute cache (_PyType_Lookup's method cache): the
// result of an MRO walk is remembered per (class, name) in a small
// direct-mapped table, so `self.x` and `obj.method()` do not search every
// class's namespace each time. An entry is valid while
//   - the class's version is the same (set_mro and every change made
//     through set_class_attr/del_class_attr bump it), and
//   - no class namespace has gained or lost a key since: the class
//     namespace epoch is the same (Note [The class namespace epoch] in
//     dict_object.h). It moves on every insertion, removal and compaction,
//     which is also everything that could move the entry the cached pointer
//     points into, so namespaces filled directly (class creation, start-up)
//     are covered too. A replaced value keeps its entry, so the pointer
//     reads the new one.
// The table belongs to the first thread that looks anything up (the
// interpreter thread); other threads (the autograd engine's) walk the MRO.
namespace {

// A name as its length and its first and last 8 bytes (which overlap, or
// repeat the whole name, when it is shorter): for names of up to 16 bytes
// -- every dunder but a few -- equal keys mean equal names, so a hit
// compares three words and calls no memcmp.
struct NameKey {
  uint64_t head = 0;
  uint64_t tail = 0;
  uint32_t length = 0;
  bool operator==(const NameKey&) const = default;
};

NameKey name_key(std::string_view name) {
  NameKey k;
  k.length = static_cast<uint32_t>(name.size());
  if (name.size() >= 8) {
    std::memcpy(&k.head, name.data(), 8);
    std::memcpy(&k.tail, name.data() + name.size() - 8, 8);
  } else {
    for (size_t i = 0; i < name.size(); ++i) k.head |= uint64_t(static_cast<unsigned char>(name[i])) << (8 * i);
    k.tail = k.head;
  }
  return k;
}

struct TypeCacheEntry {
  const TypeObject* type = nullptr;
  uint64_t version = 0;
  uint64_t epoch = 0;  // Note [The class namespace epoch] (dict_object.h)
  const Value* result = nullptr;
  NameKey key;
  char name[36] = {};
};
constexpr size_t kTypeCacheSize = 1024;  // a power of two
TypeCacheEntry g_type_cache[kTypeCacheSize];
std::atomic<bool> g_type_cache_claimed{false};
// 0: not asked yet on this thread, 1: this thread owns the table, 2: it does not.
thread_local constinit int t_type_cache_role = 0;

bool owns_type_cache() {
  if (t_type_cache_role == 0) [[unlikely]] {
    bool expected = false;
    t_type_cache_role = g_type_cache_claimed.compare_exchange_strong(expected, true) ? 1 : 2;
  }
  return t_type_cache_role == 1;
}

// O(1) in the name's length: from its key.
size_t type_cache_index(const TypeObject* t, const NameKey& k) {
  uint64_t h = (reinterpret_cast<uintptr_t>(t) >> 4) ^ (k.head * 0x9E3779B97F4A7C15ull) ^ (k.tail * 0xC2B2AE3D27D4EB4Full) ^ k.length;
  h ^= h >> 29;
  return static_cast<size_t>(h) & (kTypeCacheSize - 1);
}

// The bytes the key does not cover (names over 16 bytes) are equal.
bool same_middle(const TypeCacheEntry& e, std::string_view name) {
  return name.size() <= 16 || std::memcmp(e.name + 8, name.data() + 8, name.size() - 16) == 0;
}

const Value* lookup_in_mro(const std::vector<TypeObject*>& mro, std::string_view name) {
  for (const TypeObject* t : mro)
    if (const Value* v = t->dict().find_str(name)) return v;
  return nullptr;
}

}  // namespace

const Value* TypeObject::lookup(std::string_view name) const {
  constexpr size_t kMaxName = sizeof(TypeCacheEntry::name);
  if (name.empty() || name.size() > kMaxName || !owns_type_cache()) return lookup_in_mro(mro_, name);
  uint64_t epoch = class_namespace_epoch();
  NameKey key = name_key(name);
  TypeCacheEntry& e = g_type_cache[type_cache_index(this, key)];
  if (e.type == this && e.version == version_ && e.epoch == epoch && e.key == key && same_middle(e, name))
    return e.result;
  const Value* found = lookup_in_mro(mro_, name);
  e.type = this;
  e.version = version_;
  e.epoch = epoch;
  e.result = found;
  e.key = key;
  std::memcpy(e.name, name.data(), name.size());
  return found;
}

const TypeObject* TypeObject::lookup_owner(std::string_view name) const {
  for (const TypeObject* t : mro_)
    if (t->dict_->find_str(name)) return t;
  return nullptr;
}

void TypeObject::invalidate() {
  ++version_;
  for (TypeObject* s : subclasses_) s->invalidate();
}

static bool is_dunder(std::string_view name) {
  return name.size() > 4 && name.substr(0, 2) == "__" && name.substr(name.size() - 2) == "__";
}

// Every class below this one whose slots may depend on `name`.
static void refresh_subtree(TypeObject& t) {
  if (t.is_heap_type()) t.refresh_slots();
  for (TypeObject* s : t.subclasses()) refresh_subtree(*s);
}

void TypeObject::set_class_attr(std::string_view name, Value v) {
  // A class's repr names the module its __module__ says (CPython reads it
  // from the class dict): `C.__module__ = 'collections'` renames it.
  if (name == "__module__") {
    auto* s = v.as<StrObject>();
    module_ = s ? s->value : std::string();
  }
  dict_->set_str(name, std::move(v));
  invalidate();
  if (is_dunder(name)) refresh_subtree(*this);
}

void TypeObject::del_class_attr(std::string_view name) {
  dict_->erase_str(name);
  invalidate();
  if (is_dunder(name)) refresh_subtree(*this);
}

// As CPython's type_repr: module.qualname, or just the name for builtins
// (and a class whose __module__ is not a str).
std::string TypeObject::repr(Interpreter&) const {
  if (module_.empty() || module_ == "builtins") return "<class '" + name_ + "'>";
  return "<class '" + module_ + "." + qualname_ + "'>";
}

std::vector<std::string> TypeObject::attr_names() const {
  std::vector<std::string> out;
  for (const TypeObject* t : mro_)
    t->dict_->for_each([&](const Value& k, const Value&) {
      if (auto* s = k.as<StrObject>()) out.push_back(s->value);
    });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

namespace {
std::vector<std::shared_ptr<TypeObject>>& type_store() {
  static auto* keep = new std::vector<std::shared_ptr<TypeObject>>();  // Note [classes are immortal]
  return *keep;
}
}  // namespace

const std::vector<std::shared_ptr<TypeObject>>& all_types() { return type_store(); }

TypeObject* new_type(std::string name, std::string module, std::vector<TypeObject*> bases) {
  type_store().push_back(std::make_shared<TypeObject>(std::move(name), std::move(module), std::move(bases)));
  return type_store().back().get();
}

TypeObject* new_type(std::string name, std::string module, TypeObject* base) {
  return new_type(std::move(name), std::move(module), base ? std::vector<TypeObject*>{base} : std::vector<TypeObject*>{});
}

Value type_value(const TypeObject& t) { return Value(std::const_pointer_cast<Object>(t.shared_from_this())); }

// --- C3 ---------------------------------------------------------------------

std::vector<TypeObject*> compute_mro(TypeObject* cls, const std::vector<TypeObject*>& bases) {
  // Merge the bases' MROs and the list of bases: repeatedly take the first
  // head that appears in no other list's tail.
  std::vector<std::vector<TypeObject*>> seqs;
  for (TypeObject* b : bases) seqs.push_back(b->mro());
  seqs.push_back(bases);
  std::vector<TypeObject*> out{cls};
  auto in_tail = [&](TypeObject* t) {
    for (const auto& s : seqs)
      if (std::find(s.begin() + (s.empty() ? 0 : 1), s.end(), t) != s.end()) return true;
    return false;
  };
  while (true) {
    bool any = false;
    TypeObject* next = nullptr;
    for (const auto& s : seqs) {
      if (s.empty()) continue;
      any = true;
      if (!in_tail(s.front())) {
        next = s.front();
        break;
      }
    }
    if (!any) return out;
    if (!next) {
      // CPython names the bases that could not be ordered, in base order.
      std::string names;
      for (TypeObject* b : bases) {
        bool stuck = false;
        for (const auto& s : seqs)
          if (!s.empty() && s.front() == b) stuck = true;
        if (!stuck) continue;
        names += (names.empty() ? "" : ", ") + b->name();
      }
      raise_type_error("Cannot create a consistent method resolution\norder (MRO) for bases " + names);
    }
    out.push_back(next);
    for (auto& s : seqs)
      if (!s.empty() && s.front() == next) s.erase(s.begin());
  }
}

// --- the builtin classes ------------------------------------------------------

namespace {
BuiltinTypes& storage() {
  static BuiltinTypes t = [] {
    BuiltinTypes b{};
    auto make = [](const char* name, const char* module, TypeObject* base) { return new_type(name, module, base); };
    b.object = make("object", "", nullptr);
    b.type = make("type", "", b.object);
    b.none = make("NoneType", "", b.object);
    b.not_implemented = make("NotImplementedType", "", b.object);
    b.int_ = make("int", "", b.object);
    b.bool_ = make("bool", "", b.int_);
    b.float_ = make("float", "", b.object);
    b.str = make("str", "", b.object);
    b.list = make("list", "", b.object);
    b.tuple = make("tuple", "", b.object);
    b.dict = make("dict", "", b.object);
    b.set = make("set", "", b.object);
    b.frozenset = make("frozenset", "", b.object);
    b.slice = make("slice", "", b.object);
    b.ellipsis = make("ellipsis", "", b.object);
    b.range = make("range", "", b.object);
    b.iterator = make("iterator", "", b.object);
    b.function = make("function", "", b.object);
    b.builtin_function = make("builtin_function_or_method", "", b.object);
    b.method = make("method", "", b.object);
    b.method_descriptor = make("method_descriptor", "", b.object);
    b.module = make("module", "", b.object);
    b.cell = make("cell", "", b.object);
    b.property = make("property", "", b.object);
    b.staticmethod = make("staticmethod", "", b.object);
    b.classmethod = make("classmethod", "", b.object);
    b.super = make("super", "", b.object);
    b.generator = make("generator", "", b.object);
    b.dict_keys = make("dict_keys", "", b.object);
    b.dict_values = make("dict_values", "", b.object);
    b.dict_items = make("dict_items", "", b.object);
    b.tensor = make("Tensor", "torch", b.object);
    b.parameter = make("Parameter", "torch.nn.parameter", b.tensor);
    b.size = make("Size", "torch", b.tuple);
    b.dtype = make("dtype", "torch", b.object);
    b.device = make("device", "torch", b.object);
    b.layout = make("layout", "torch", b.object);
    b.memory_format = make("memory_format", "torch", b.object);
    b.node = make("Node", "torch.autograd.graph", b.object);
    b.generic = make("object", "torch", b.object);
    // The C++ layout each builtin's instances (and its subclasses') have.
    b.object->set_instance_kind(ObjKind::Instance);
    b.int_->set_instance_kind(ObjKind::BoxedInt);
    b.float_->set_instance_kind(ObjKind::BoxedFloat);
    b.str->set_instance_kind(ObjKind::Str);
    b.list->set_instance_kind(ObjKind::List);
    b.tuple->set_instance_kind(ObjKind::Tuple);
    b.dict->set_instance_kind(ObjKind::Dict);
    b.set->set_instance_kind(ObjKind::Set);
    b.frozenset->set_instance_kind(ObjKind::Set);
    b.type->set_instance_kind(ObjKind::Type);
    for (TypeObject* final_type : {b.bool_, b.none, b.not_implemented, b.slice, b.ellipsis, b.range, b.function,
                                   b.builtin_function, b.method, b.method_descriptor, b.cell, b.generator,
                                   b.dict_keys, b.dict_values, b.dict_items, b.iterator})
      final_type->set_final(true);
    return b;
  }();
  return t;
}
}  // namespace

namespace detail {
BuiltinTypes* g_builtin_types = nullptr;
BuiltinTypes& make_builtin_types() {
  g_builtin_types = &storage();
  return *g_builtin_types;
}
}  // namespace detail

}  // namespace backstep::rt
