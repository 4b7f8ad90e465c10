// globals() and module.__dict__ as the live namespace: Note [globals() is
// live] in module_mirror.h.
#include "engine/runtime/module_mirror.h"

#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/objects.h"

#include <unordered_map>

namespace backstep::rt {

thread_local int t_module_mirrors = 0;

namespace {

struct Mirror {
  std::weak_ptr<ModuleGlobals> owner;
  std::shared_ptr<DictObject> dict;
};

struct Table {
  std::unordered_map<const ModuleGlobals*, Mirror> by_globals;
  std::unordered_map<const DictObject*, std::weak_ptr<ModuleGlobals>> by_dict;
  // The last module looked up: a program that uses globals() stores into
  // its own module's globals over and over.
  const ModuleGlobals* last = nullptr;
  DictObject* last_dict = nullptr;
  // Set while a slot write goes into the mirror, so that the mirror does not
  // send it back.
  bool syncing = false;
};

Table& table() {
  thread_local Table t;
  return t;
}

void forget(Table& t, std::unordered_map<const ModuleGlobals*, Mirror>::iterator it) {
  std::shared_ptr<DictObject> d = std::move(it->second.dict);
  if (d) {
    d->gc_flags &= static_cast<uint8_t>(~gc_detail::kModuleMirror);
    t.by_dict.erase(d.get());
  }
  t.by_globals.erase(it);
  t.last = nullptr;
  t.last_dict = nullptr;
  t_module_mirrors = static_cast<int>(t.by_globals.size());
}

// A module that is gone leaves its mirror as a plain dict.
void prune(Table& t) {
  for (auto it = t.by_globals.begin(); it != t.by_globals.end();) {
    auto next = std::next(it);
    if (it->second.owner.expired()) forget(t, it);
    it = next;
  }
}

// The live ModuleGlobals a mirror dict stands for, or null (its mark is
// dropped when the module is gone).
ModuleGlobals* backing_of(DictObject& d) {
  Table& t = table();
  if (t.syncing) return nullptr;
  auto it = t.by_dict.find(&d);
  if (it == t.by_dict.end()) {
    d.gc_flags &= static_cast<uint8_t>(~gc_detail::kModuleMirror);
    return nullptr;
  }
  std::shared_ptr<ModuleGlobals> g = it->second.lock();
  if (!g) {  // its module is gone: a plain dict from now on (the table forgets it later)
    d.gc_flags &= static_cast<uint8_t>(~gc_detail::kModuleMirror);
    return nullptr;
  }
  return g.get();  // alive: the dict's own module code runs (or a holder keeps it)
}

struct Syncing {
  Table& t;
  explicit Syncing(Table& table) : t(table) { t.syncing = true; }
  ~Syncing() { t.syncing = false; }
};

// `d` becomes the live namespace of `g`, found from either side.
void register_mirror(Table& t, ModuleGlobals& g, const std::shared_ptr<DictObject>& d) {
  d->gc_flags |= gc_detail::kModuleMirror;
  t.by_globals[&g] = Mirror{g.weak_from_this(), d};
  t.by_dict[d.get()] = g.weak_from_this();
  t.last = nullptr;
  t.last_dict = nullptr;
  t_module_mirrors = static_cast<int>(t.by_globals.size());
}

}  // namespace

DictObject* module_mirror(const ModuleGlobals& g) {
  if (!t_module_mirrors) return nullptr;
  Table& t = table();
  if (t.last == &g) return t.last_dict;
  auto it = t.by_globals.find(&g);
  if (it == t.by_globals.end()) return nullptr;
  std::shared_ptr<ModuleGlobals> owner = it->second.owner.lock();
  if (owner.get() != &g) {  // a new module at a dead one's address
    forget(t, it);
    return nullptr;
  }
  t.last = &g;
  t.last_dict = it->second.dict.get();
  return t.last_dict;
}

std::shared_ptr<DictObject> module_live_dict(ModuleGlobals& g) {
  if (DictObject* d = module_mirror(g)) return std::static_pointer_cast<DictObject>(d->shared_from_this());
  Table& t = table();
  prune(t);
  auto d = std::make_shared<DictObject>();
  for (size_t i = 0; i < g.values.size(); ++i)
    if (!is_unbound(g.values[i])) d->set_str(g.names.name(static_cast<uint32_t>(i)), g.values[i]);
  register_mirror(t, g, d);
  return d;
}

std::shared_ptr<ModuleGlobals> globals_for_dict(const std::shared_ptr<DictObject>& d) {
  Table& t = table();
  if (d->gc_flags & gc_detail::kModuleMirror) {
    auto it = t.by_dict.find(d.get());
    if (it != t.by_dict.end())
      if (std::shared_ptr<ModuleGlobals> g = it->second.lock()) return g;
  }
  prune(t);
  auto g = std::make_shared<ModuleGlobals>();
  d->for_each([&](const Value& key, const Value& value) {
    if (const auto* name = key.as<StrObject>()) g->set(name->value, value);
  });
  register_mirror(t, *g, d);
  return g;
}

void mirror_store(const ModuleGlobals& g, uint32_t slot, const Value& v) {
  DictObject* d = module_mirror(g);
  if (!d) return;
  std::shared_ptr<Object> keep = d->shared_from_this();  // a finalizer run by the store may drop it
  Syncing guard(table());
  d->set_str(g.names.name(slot), v);
}

void mirror_erase(const ModuleGlobals& g, uint32_t slot) {
  DictObject* d = module_mirror(g);
  if (!d) return;
  std::shared_ptr<Object> keep = d->shared_from_this();
  Syncing guard(table());
  d->erase_str(g.names.name(slot));
}

void mirror_dict_set(DictObject& d, std::string_view name, const Value& v) {
  ModuleGlobals* g = backing_of(d);
  if (!g) return;
  uint32_t slot = g->names.intern(name);
  if (slot >= g->values.size()) g->grow();
  g->values[slot] = v;
}

void mirror_dict_erase(DictObject& d, std::string_view name) {
  ModuleGlobals* g = backing_of(d);
  if (!g) return;
  const uint32_t* slot = g->names.find(name);
  if (slot && *slot < g->values.size()) g->values[*slot] = unbound();
}

void mirror_dict_clear(DictObject& d) {
  ModuleGlobals* g = backing_of(d);
  if (!g) return;
  std::vector<Value> old(g->values.size(), unbound());
  old.swap(g->values);  // released after the slots are consistent
}

void drop_module_mirrors() {
  Table& t = table();
  while (!t.by_globals.empty()) forget(t, t.by_globals.begin());
}

}  // namespace backstep::rt
