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

// Note [Entry hints] (dict_object.cpp): a site's entry index is checked
// against the dict it reads, whatever order that instance's attributes came in.
TEST_CASE("attribute cache: entry hints across instances whose attributes differ in order") {
  CHECK(run_program("class P: pass\n"
                    "a = P(); a.x = 1; a.y = 2\n"
                    "b = P(); b.y = 3; b.x = 4\n"
                    "c = P(); c.x = 5; c.y = 6; del c.x; c.z = 7; c.x = 8\n"
                    "def read(o): return (o.x, o.y)\n"
                    "print([read(o) for o in (a, b, c, a, b, c)])\n"
                    "for o in (a, b, c):\n"
                    "    o.x = o.x * 10\n"
                    "print(a.x, b.x, c.x, list(vars(c)))\n"
                    "class S(str):\n"
                    "    def __eq__(self, other): return str.__eq__(self, other)\n"
                    "    def __hash__(self): return str.__hash__(self)\n"
                    "d = P(); d.__dict__ = {S('x'): 9, 'y': 10}\n"
                    "print([read(o) for o in (a, d, a, d)])\n") ==
        "[(1, 2), (4, 3), (8, 6), (1, 2), (4, 3), (8, 6)]\n"
        "10 40 80 ['y', 'z', 'x']\n"
        "[(10, 2), (9, 10), (10, 2), (9, 10)]\n");
}

// A method call site remembers the instance dict it found without the name
// (cached_method's unshadowed check): a key added, removed, or a new dict
// must be seen.
TEST_CASE("attribute cache: a method shadowed by an instance attribute after calls on the same object") {
  CHECK(run_program("class C:\n"
                    "    def m(self): return 'class'\n"
                    "c = C(); c.other = 1\n"
                    "out = []\n"
                    "for i in range(6):\n"
                    "    if i == 2: c.m = lambda: 'instance'\n"
                    "    if i == 4: del c.m\n"
                    "    out.append(c.m())\n"
                    "print(out)\n"
                    "e = C(); f = C(); f.m = lambda: \"f's own\"\n"
                    "print([o.m() for o in (e, f, e, f)])\n"
                    "g = C()\n"
                    "for i in range(3):\n"
                    "    g.__dict__ = {'m': lambda: 'new dict'} if i == 1 else {}\n"
                    "    print(g.m())\n") ==
        "['class', 'class', 'instance', 'instance', 'class', 'class']\n"
        "['class', \"f's own\", 'class', \"f's own\"]\n"
        "class\nnew dict\nclass\n");
}

// Note [Polymorphic attribute sites] (attr_cache.cpp): one site, five
// classes (more than a site remembers), classes changed between rounds.
TEST_CASE("attribute cache: a site that sees more classes than it remembers, changed between rounds") {
  CHECK(run_program("class A:\n"
                    "    val = 'a'\n"
                    "    def f(self): return 'A'\n"
                    "class B(A):\n"
                    "    def f(self): return 'B'\n"
                    "class C(A): pass\n"
                    "class D(A):\n"
                    "    val = 'd'\n"
                    "    def f(self): return 'D'\n"
                    "class E(A): pass\n"
                    "objs = [A(), B(), C(), D(), E()]\n"
                    "out = []\n"
                    "for r in range(4):\n"
                    "    if r == 1: C.f = lambda self: 'C'\n"
                    "    if r == 2: del B.f; E.val = 'e'\n"
                    "    if r == 3: A.f = lambda self: 'new A'; objs[4].val = 'own'\n"
                    "    out.append(','.join(o.f() + o.val for o in objs))\n"
                    "print(out)\n") ==
        "['Aa,Ba,Aa,Dd,Aa', 'Aa,Ba,Ca,Dd,Aa', 'Aa,Aa,Ca,Dd,Ae', 'new Aa,new Aa,Ca,Dd,new Aown']\n");
}

// Note [The class namespace epoch] (dict_object.h): what every attribute
// cache's validity rests on. It moves when any class namespace gains or
// loses a key, and only then: a plain dict's changes and a replaced value
// leave it (a replaced value keeps its entry, which the caches point into).
TEST_CASE("class namespace epoch: moves on a class namespace's key changes only") {
  using namespace backstep::rt;
  TypeObject* t = new_type("EpochProbe", "test", types().object);
  uint64_t before = class_namespace_epoch();
  DictObject plain;
  plain.set_str("a", Value(int64_t(1)));
  plain.erase_str("a");
  CHECK(class_namespace_epoch() == before);
  t->dict().set_str("a", Value(int64_t(1)));
  uint64_t added = class_namespace_epoch();
  CHECK(added > before);
  t->dict().set_str("a", Value(int64_t(2)));
  CHECK(class_namespace_epoch() == added);
  t->dict().erase_str("a");
  CHECK(class_namespace_epoch() > added);
}

// The type attribute cache keys a name by its length and first and last 8
// bytes: names that differ only in the middle, or only in length, are not
// confused.
TEST_CASE("attribute cache: names alike at both ends are different names") {
  using namespace backstep::rt;
  TypeObject* t = new_type("KeyProbe", "test", types().object);
  t->dict().set_str("weight_of_layer_1_bias", Value(int64_t(1)));
  t->dict().set_str("weight_of_layer_2_bias", Value(int64_t(2)));
  t->dict().set_str("ab", Value(int64_t(3)));
  for (int round = 0; round < 2; ++round) {  // the second round answers from the cache
    REQUIRE(t->lookup("weight_of_layer_1_bias") != nullptr);
    CHECK(t->lookup("weight_of_layer_1_bias")->as_int() == 1);
    CHECK(t->lookup("weight_of_layer_2_bias")->as_int() == 2);
    CHECK(t->lookup("weight_of_layer_3_bias") == nullptr);
    CHECK(t->lookup("ab")->as_int() == 3);
    CHECK(t->lookup("abc") == nullptr);
    CHECK(t->lookup("a") == nullptr);
  }
}
