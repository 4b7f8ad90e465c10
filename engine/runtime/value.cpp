// The counted halves of Value's copy, move and destruction (Note [Value as
// a tagged union], value.h): the kinds that hold a reference.
#include "engine/runtime/value.h"

namespace backstep::rt {

void Value::copy_counted(const Value& other) noexcept {
  if (kind_ == Kind::Object) new (&o_) Ref(other.o_);
  else new (&t_) at::Tensor(other.t_);
}

void Value::release_counted() noexcept {
  if (kind_ == Kind::Object) o_.~Ref();
  else t_.~Tensor();
  kind_ = Kind::None;
}

// Takes over `source`'s value, this value's own released first; `source`
// is a local of the caller, so nothing the release runs can reach it.
void Value::adopt(Value& source) noexcept {
  if (counted()) release_counted();
  kind_ = source.kind_;
  i_ = source.i_;
  if (counted()) take_counted(source);
}

// Through a copy: `other` may be owned by what this value releases (a list
// item assigned over the list that holds it).
void Value::assign_counted(const Value& other) noexcept {
  Value copy(other);
  adopt(copy);
}

// `other` is taken out first, for the same reason.
void Value::move_assign_counted(Value& other) noexcept {
  Value taken(std::move(other));
  adopt(taken);
}

}  // namespace backstep::rt
