// Note [Attribute call-site caches] (attr_cache.h).
#include "engine/runtime/attr_cache.h"

#include "engine/runtime/dict_object.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"

namespace backstep::rt {

namespace {

// Note [Polymorphic attribute sites]: one site sees several classes when
// the code is shared -- nn.Module.__call__'s `self.forward(...)` runs for
// every layer class of a model, a helper reads `.weight` of Linear and
// Conv2d alike. A single remembered class thrashed there (each call a full
// MRO lookup: ~170 instructions in dunder_call's loop, stop 27), so a site
// remembers up to four classes, replacing the oldest.
struct ClassEntry {
  const TypeObject* type = nullptr;
  uint64_t version = 0;
  uint64_t epoch = 0;            // Note [The class namespace epoch] (dict_object.h)
  const Value* descr = nullptr;  // into a namespace on type's MRO; null: not there
};

// An instance __dict__ (serial, mutations) seen without a method's name.
struct DictKeys {
  uint64_t serial = 0;
  uint64_t mutations = 0;
};

constexpr size_t kSiteWays = 4;

struct AttrSite {
  ClassEntry classes[kSiteWays];
  DictKeys unshadowed[kSiteWays];  // cached_method: objects whose dict lacks the name
  uint8_t next_class = 0;          // the entry to replace next
  uint8_t next_dict = 0;
  bool dunder = false;             // always the full path
  DictObject::EntryHint dict_hint;  // Note [Entry hints] (dict_object.cpp)
};

// No instance attribute shadows the method: the dict's key set is one the
// site last found without the name, or a scan says so.
bool unshadowed(AttrSite& s, const DictObject* d, std::string_view name) {
  if (!d) return true;
  for (const DictKeys& k : s.unshadowed)
    if (k.serial == d->serial() && k.mutations == d->mutations()) return true;
  if (d->find_str(name)) return false;
  s.unshadowed[s.next_dict++ % kSiteWays] = DictKeys{d->serial(), d->mutations()};
  return true;
}

bool is_dunder_name(std::string_view name) { return name.size() > 2 && name[0] == '_' && name[1] == '_'; }

// The site for `name`, null when this access takes the full path.
AttrSite* site_of(std::string_view name, std::shared_ptr<void>& site) {
  if (!site) [[unlikely]] {
    auto made = std::make_shared<AttrSite>();
    made->dunder = is_dunder_name(name);
    site = made;
  }
  auto* s = static_cast<AttrSite*>(site.get());
  return s->dunder ? nullptr : s;
}

// What t's MRO has for `name`, through the site.
const Value* class_attr(AttrSite& s, const TypeObject& t, std::string_view name) {
  // As the type attribute cache's validity (Note [The type attribute cache]
  // in type_object.cpp).
  uint64_t epoch = class_namespace_epoch();
  ClassEntry* e = nullptr;
  for (ClassEntry& c : s.classes)
    if (c.type == &t) {
      if (c.version == t.version() && c.epoch == epoch) return c.descr;
      e = &c;
      break;
    }
  if (!e) e = &s.classes[s.next_class++ % kSiteWays];
  *e = ClassEntry{&t, t.version(), epoch, t.lookup(name)};
  return e->descr;
}

}  // namespace

Value cached_get_attr(Interpreter& in, const Value& obj, std::string_view name, std::shared_ptr<void>& site) {
  AttrSite* s = site_of(name, site);
  const TypeObject& t = type_of(obj);
  // Not with __getattr__ (slot_getattr_hook): an AttributeError a descriptor
  // raises goes to __getattr__ there.
  if (!s || t.slots.getattr != &generic_getattr) return get_attr(in, obj, name);
  const Value* descr = class_attr(*s, t, name);
  // No class on the MRO has the name (`self.n`): the instance __dict__ is
  // all generic_getattr would read before the object's own attributes.
  if (!descr)
    if (Object* o = obj.object_ptr())
      if (DictObject* d = o->instance_dict())
        if (const Value* v = d->find_str_hinted(name, s->dict_hint)) return *v;
  // generic_getattr's order, from the class attribute the site cached.
  if (auto v = resolve_generic_attr(in, obj, t, descr, name, &s->dict_hint)) return std::move(*v);
  raise_no_attribute(obj, name);
}

void cached_set_attr(Interpreter& in, const Value& obj, std::string_view name, const Value& v,
                     std::shared_ptr<void>& site) {
  AttrSite* s = site_of(name, site);
  const TypeObject& t = type_of(obj);
  Object* o = obj.object_ptr();
  if (!s || t.slots.setattr != &generic_setattr || !o) return set_attr(in, obj, name, v);
  // generic_setattr's order: a data descriptor, else the instance dict.
  if (const Value* descr = class_attr(*s, t, name)) {
    const TypeObject& dt = type_of(*descr);
    if (dt.slots.descr_set) return dt.slots.descr_set(in, *descr, obj, &v);
  }
  if (!t.instances_have_dict()) return set_attr(in, obj, name, v);
  o->ensure_instance_dict().set_str_hinted(name, v, s->dict_hint);
}

const Value* cached_method(const Value& obj, std::string_view name, std::shared_ptr<void>& site) {
  AttrSite* s = site_of(name, site);
  Object* o = obj.object_ptr();
  if (!s || !o) return nullptr;
  const TypeObject& t = o->type();
  if (!has_generic_getattr(t)) return nullptr;
  const Value* descr = class_attr(*s, t, name);
  if (!descr) return nullptr;
  Object* fo = descr->object_ptr();
  if (!fo || fo->kind() != ObjKind::Function || &fo->type() != types().function) return nullptr;
  if (!unshadowed(*s, o->instance_dict(), name)) return nullptr;
  return descr;
}

}  // namespace backstep::rt
