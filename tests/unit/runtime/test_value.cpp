// Value's copy, move and assignment for each kind (Note [Value as a tagged
// union], value.h): reference counts end where they began, a moved-from
// value is None, a value assigned from something it owns stays valid, and
// reading the wrong kind throws instead of returning garbage.
#include "engine/runtime/objects.h"
#include "engine/runtime/value.h"

#include <ATen/ATen.h>
#include <doctest/doctest.h>

#include <variant>

namespace {

using backstep::rt::ListObject;
using backstep::rt::Value;

}  // namespace

TEST_CASE("value: immediate kinds copy, move and assign as themselves") {
  Value i(int64_t(-7)), d(2.5), b(true), n;
  Value i2 = i, d2 = d, b2 = b, n2 = n;
  CHECK(i2.as_int() == -7);
  CHECK(d2.as_float() == 2.5);
  CHECK(b2.as_bool());
  CHECK(n2.is_none());
  i2 = d;
  CHECK(i2.is_float());
  CHECK(i2.as_float() == 2.5);
  d2 = std::move(b);
  CHECK(d2.as_bool());
  CHECK_THROWS_AS((void)i.as_float(), std::bad_variant_access);
  CHECK_THROWS_AS((void)d.as_int(), std::bad_variant_access);
}

TEST_CASE("value: an object's reference count ends where it began") {
  auto list = std::make_shared<ListObject>();
  Value v(list);
  CHECK(list.use_count() == 2);
  {
    Value copy = v;
    Value moved = std::move(copy);
    CHECK(copy.is_none());
    CHECK(list.use_count() == 3);
    Value other(int64_t(1));
    other = moved;  // immediate <- object
    CHECK(list.use_count() == 4);
    other = Value(3.0);  // object <- immediate
    CHECK(list.use_count() == 3);
    other = v;
    // Self-assignment, through a reference (written directly, clang's
    // -Wself-assign-overloaded and -Wself-move reject it).
    Value& same = other;
    other = same;
    other = std::move(same);
    CHECK(other.object_ptr() == list.get());
    CHECK(list.use_count() == 4);
  }
  CHECK(list.use_count() == 2);
  CHECK_THROWS_AS((void)v.as_tensor(), std::bad_variant_access);
}

TEST_CASE("value: assigned from an item of the list it holds, the item survives the list") {
  auto inner = std::make_shared<ListObject>();
  std::weak_ptr<ListObject> inner_alive = inner;
  Value v(std::make_shared<ListObject>(std::vector<Value>{Value(inner)}));
  inner.reset();
  v = v.as<ListObject>()->items[0];  // the outer list dies during this
  REQUIRE(v.as<ListObject>() != nullptr);
  CHECK(!inner_alive.expired());
  Value w(std::make_shared<ListObject>(std::vector<Value>{Value(int64_t(5)), Value(std::make_shared<ListObject>())}));
  w = std::move(w.as<ListObject>()->items[1]);
  CHECK(w.as<ListObject>() != nullptr);
}

TEST_CASE("value: a tensor's reference count ends where it began") {
  at::Tensor t = at::ones({2});
  Value v(t);
  CHECK(t.use_count() == 2);
  {
    Value copy = v;
    Value moved = std::move(copy);
    CHECK(copy.is_none());
    Value o(std::make_shared<ListObject>());
    o = moved;  // object <- tensor
    CHECK(t.use_count() == 4);
    o = Value(int64_t(0));
    CHECK(t.use_count() == 3);
  }
  CHECK(t.use_count() == 2);
  CHECK(v.as_tensor().is_same(t));
}
