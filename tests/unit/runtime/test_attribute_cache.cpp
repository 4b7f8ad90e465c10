// The caches on the attribute paths (Note [The type attribute cache] in
// type_object.cpp, Note [String lookups in small dicts] and Note [Shared
// attribute-name keys] in dict_object.cpp) never show a stale answer: a
// class changed after its attributes were looked up answers with the
// change, whichever way its namespace was changed. Script outputs are
// CPython 3.11's for the same program.
#include "tests/unit/collecting_sink.h"

#include "engine/runtime/dict_object.h"
#include "engine/runtime/type_object.h"

#include <doctest/doctest.h>

#include <string>

namespace {

using backstep::rt::Value;

using backstep::testing::run_program;

}  // namespace

TEST_CASE("attribute cache: methods replaced, shadowed and deleted after use") {
  CHECK(run_program("class A:\n"
            "    def f(self): return 'A.f'\n"
            "class B(A): pass\n"
            "b = B()\n"
            "r = []\n"
            "for i in range(3):\n"
            "    r.append(b.f())\n"
            "    if i == 0: A.f = lambda self: 'new A.f'\n"
            "    if i == 1: B.f = lambda self: 'B.f'\n"
            "print(r)\n"
            "del B.f\n"
            "print(b.f())\n"
            "del A.f\n"
            "try:\n"
            "    b.f()\n"
            "except AttributeError as e:\n"
            "    print(e)\n"
            "b.f = 5\n"
            "print(b.f)\n") == "['A.f', 'new A.f', 'B.f']\nnew A.f\n'B' object has no attribute 'f'\n5\n");
}

TEST_CASE("attribute cache: instance dicts share name keys; a str subclass key keeps its own hash") {
  CHECK(run_program("class P: pass\n"
            "p = P(); p.alpha = 1\n"
            "q = P(); q.alpha = 2\n"
            "print(list(vars(p))[0] is list(vars(q))[0], p.alpha, q.alpha)\n"
            "class S(str):\n"
            "    def __hash__(self): return 7\n"
            "class O: pass\n"
            "o = O()\n"
            "o.__dict__ = {S('a'): 1, 'b': 2}\n"
            "print(hasattr(o, 'a'), o.b)\n") == "True 1 2\nFalse 2\n");
}

TEST_CASE("attribute cache: a namespace filled directly, past its small size, is seen by subclasses") {
  using namespace backstep::rt;
  TypeObject* base = new_type("CacheBase", "test", types().object);
  TypeObject* derived = new_type("CacheDerived", "test", base);
  CHECK(derived->lookup("probe") == nullptr);
  base->dict().set_str("probe", Value(int64_t(1)));  // no set_class_attr: the version stays
  const Value* found = derived->lookup("probe");
  REQUIRE(found != nullptr);
  CHECK(found->as_int() == 1);
  // Enough entries to move the namespace's storage: the cached pointer
  // must not be the one answered afterwards.
  for (int i = 0; i < 40; ++i) base->dict().set_str("filler" + std::to_string(i), Value(int64_t(i)));
  base->dict().set_str("probe", Value(int64_t(2)));
  found = derived->lookup("probe");
  REQUIRE(found != nullptr);
  CHECK(found->as_int() == 2);
  derived->dict().set_str("probe", Value(int64_t(3)));
  CHECK(derived->lookup("probe")->as_int() == 3);
  derived->dict().erase_str("probe");
  base->dict().erase_str("probe");
  CHECK(derived->lookup("probe") == nullptr);
}
