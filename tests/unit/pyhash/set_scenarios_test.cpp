// Runs the set scenarios of fixtures/sets_seed<N>.txt (recorded from CPython
// 3.11 by record_cpython.py) on SetTable and compares every answer: the
// iteration order after each kind of construction, mutation and algebra,
// pop() results, predicates, and the exceptions raised part-way.
#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <memory>

#include "engine/pyhash/py_hash.h"
#include "engine/pyhash/set_algebra.h"
#include "tests/unit/pyhash/test_keys.h"

namespace {

using namespace backstep::pyhash;
using namespace pyhash_test;

using TSet = SetTable<TKey, TKeyHash, TKeyEq>;
using Dict = std::vector<std::pair<TKey, int64_t>>;

// A Python iterator over a vector of keys, as the `next` callables expect.
auto iterate(const std::vector<TKey>& keys) {
  return [&keys, i = size_t{0}]() mutable -> std::optional<TKey> {
    if (i == keys.size()) return std::nullopt;
    return keys[i++];
  };
}

class ScenarioRunner {
 public:
  explicit ScenarioRunner(uint32_t seed)
      : secret_(derive_hash_secret(HashSeedSetting{false, seed})) {
    reset();
  }

  std::string execute(const std::string& line) {
    try {
      return run(split_words(line));
    } catch (const PyError& error) {
      return "!" + error.type;
    }
  }

 private:
  struct Named {
    std::unique_ptr<TSet> table;
    bool frozen = false;
  };

  std::unique_ptr<TSet> new_set() {
    return std::make_unique<TSet>(TKeyHash{&secret_}, TKeyEq{&on_object_eq_});
  }
  std::unique_ptr<TSet> boxed(TSet&& table) { return std::make_unique<TSet>(std::move(table)); }

  void reset() {
    for (const char* name : {"s0", "s1", "s2", "s3", "s4", "s5"}) sets_[name] = {new_set(), false};
    hooks_.clear();
  }

  // A scripted object's __eq__ ran: perform its one-shot action.
  void fire_hook(int64_t id) {
    auto found = hooks_.find(id);
    if (found == hooks_.end()) return;
    std::string action = found->second;
    hooks_.erase(found);
    // "op ; op ; ..." run in order; their errors propagate out of __eq__.
    for (size_t start = 0; start != std::string::npos;) {
      size_t end = action.find(" ; ", start);
      std::string part = action.substr(start, end == std::string::npos ? end : end - start);
      start = end == std::string::npos ? end : end + 3;
      if (part == "raise") throw PyError{"ValueError"};
      run(split_words(part));
    }
  }

  std::vector<TKey> keys_from(const std::vector<std::string>& w, size_t first) {
    std::vector<TKey> keys;
    for (size_t i = first; i < w.size(); ++i) keys.push_back(parse_key(w[i]));
    return keys;
  }

  static std::vector<TKey> range_keys(const std::vector<std::string>& w, size_t first) {
    int64_t start = std::stoll(w[first]), stop = std::stoll(w[first + 1]);
    int64_t step = std::stoll(w[first + 2]);
    std::vector<TKey> keys;
    for (int64_t v = start; v < stop; v += step) keys.push_back(int_key(v));
    return keys;
  }

  // dict.fromkeys(keys): first of equal keys kept, insertion order.
  Dict dict_from(const std::vector<TKey>& keys) {
    Dict dict;
    for (const TKey& key : keys) {
      int64_t hash = py_hash(key, secret_);
      bool present = false;
      for (const auto& [existing, existing_hash] : dict) {
        present = present || (existing_hash == hash && dict_eq()(existing, key));
      }
      if (!present) dict.emplace_back(key, hash);
    }
    return dict;
  }

  TKeyEq dict_eq() const { return TKeyEq{&on_object_eq_}; }

  TSet& mutable_set(const std::string& name) {
    if (sets_.at(name).frozen) throw PyError{"AttributeError"};
    return *sets_.at(name).table;
  }

  std::string describe(TSet& set, bool list_keys) {
    std::string keys;
    uint64_t digest = 0;
    std::vector<int64_t> hashes;
    size_t pos = 0;
    while (const auto* entry = set.next_entry(pos)) {
      keys += (keys.empty() ? "" : " ") + entry->key.spec;
      digest = digest * 1000003 + static_cast<uint64_t>(entry->hash);
      hashes.push_back(entry->hash);
    }
    // hash(frozenset(s)) builds a new frozenset: nothing is cached on `set`.
    std::string middle = list_keys ? keys : std::to_string(digest);
    return std::to_string(set.size()) + "|" + middle + "|" + std::to_string(hash_frozenset(hashes));
  }

  std::string run(const std::vector<std::string>& w) {
    const std::string& op = w[0];
    if (op == "reset") {
      reset();
    } else if (op == "hook") {
      std::string action;
      for (size_t i = 2; i < w.size(); ++i) action += (i > 2 ? " " : "") + w[i];
      hooks_[std::stoll(w[1])] = action;
    } else if (op == "check" || op == "digest") {
      return describe(*sets_.at(w[1]).table, op == "check");
    } else if (auto built = build(op, w)) {
      sets_[w[1]] = std::move(*built);
    } else {
      return run_on_set(op, w);
    }
    return "ok";
  }

  // Ops that bind a name to a new set; nullopt if `op` is not one.
  std::optional<Named> build(const std::string& op, const std::vector<std::string>& w) {
    if (op == "list" || op == "frozen" || op == "display") {
      auto table = new_set();
      std::vector<TKey> keys = keys_from(w, 2);
      table->update_from_keys(keys);
      if (op == "display") table = constant_display(*table);
      return Named{std::move(table), op == "frozen"};
    }
    if (op == "dict" || op == "range") {
      auto table = new_set();
      if (op == "dict") table->update_from_dict(dict_from(keys_from(w, 2)));
      else table->update_from_keys(range_keys(w, 2));
      return Named{std::move(table), false};
    }
    if (op == "copy") return Named{boxed(set_copy(*sets_.at(w[2]).table)), false};
    if (op == "or" || op == "and" || op == "sub" || op == "xor") {
      TSet& a = *sets_.at(w[2]).table;
      TSet& b = *sets_.at(w[3]).table;
      bool frozen = sets_.at(w[2]).frozen;  // the result has the left operand's type
      if (op == "or") return Named{boxed(set_union(a, b)), frozen};
      if (op == "and") return Named{boxed(set_intersection(a, b)), frozen};
      if (op == "sub") return Named{boxed(set_difference(a, b)), frozen};
      return Named{boxed(set_symmetric_difference(a, b)), frozen};
    }
    if (op == "union_list" || op == "inter_list" || op == "diff_list" || op == "diff_dict" ||
        op == "symdiff_list") {
      return Named{boxed(method_with_keys(op, *sets_.at(w[2]).table, keys_from(w, 3))),
                   sets_.at(w[2]).frozen};
    }
    return std::nullopt;
  }

  // frozenset(tuple(frozenset(items))), then merged into an empty set.
  std::unique_ptr<TSet> constant_display(TSet& items) {
    auto refolded = new_set();
    std::vector<TKey> order;
    size_t pos = 0;
    while (const auto* entry = items.next_entry(pos)) order.push_back(entry->key);
    refolded->update_from_keys(order);
    auto result = new_set();
    result->update_from_set(*refolded);
    return result;
  }

  TSet method_with_keys(const std::string& op, TSet& so, const std::vector<TKey>& keys) {
    if (op == "union_list") {
      TSet result = set_copy(so);
      result.update_from_keys(keys);
      return result;
    }
    if (op == "inter_list") return set_intersection_with_iterator(so, iterate(keys));
    if (op == "diff_list") return set_difference_with_iterator(so, iterate(keys));
    if (op == "diff_dict") {
      Dict dict = dict_from(keys);
      std::vector<TKey> dict_keys;
      for (const auto& pair : dict) dict_keys.push_back(pair.first);
      // A dict lookup compares its stored key with the probe, as a set does.
      auto contains = [this, &dict](const TKey& key, int64_t hash) {
        for (const auto& [existing, existing_hash] : dict) {
          if (existing_hash == hash && dict_eq()(existing, key)) return true;
        }
        return false;
      };
      return set_difference_with_dict(so, dict_keys, contains);
    }
    // symmetric_difference(iterable): set(iterable), then updated with so.
    TSet result = so.empty_like();
    result.update_from_keys(keys);
    set_symmetric_difference_update(result, so);
    return result;
  }

  std::string run_on_set(const std::string& op, const std::vector<std::string>& w) {
    if (op == "contains") return sets_.at(w[1]).table->contains(parse_key(w[2])) ? "True" : "False";
    if (op == "le" || op == "lt" || op == "ge" || op == "gt" || op == "eq" || op == "disjoint") {
      return compare(op, *sets_.at(w[1]).table, *sets_.at(w[2]).table) ? "True" : "False";
    }
    if (op == "subset_list" || op == "superset_list" || op == "disjoint_list") {
      return predicate_with_keys(op, *sets_.at(w[1]).table, keys_from(w, 2)) ? "True" : "False";
    }
    TSet& s = mutable_set(w[1]);
    if (op == "add") {
      s.add(parse_key(w[2]));
    } else if (op == "discard") {
      s.discard(parse_key(w[2]));
    } else if (op == "remove") {
      if (!s.discard(parse_key(w[2]))) throw PyError{"KeyError"};
    } else if (op == "pop") {
      std::optional<TKey> key = s.pop();
      if (!key) throw PyError{"KeyError"};
      return key->spec;
    } else if (op == "clear") {
      s.clear();
    } else if (op == "update" || op == "ior" || op == "iand" || op == "isub" || op == "ixor") {
      update_with_set(op, s, *sets_.at(w[2]).table);
    } else {
      update_with_keys(op, s, w);
    }
    return "ok";
  }

  static bool compare(const std::string& op, TSet& a, TSet& b) {
    if (op == "le") return set_is_subset(a, b);
    if (op == "lt") return set_is_proper_subset(a, b);
    if (op == "ge") return set_is_subset(b, a);
    if (op == "gt") return set_is_proper_superset(a, b);
    if (op == "eq") return set_equals(a, b);
    return set_is_disjoint(a, b);
  }

  bool predicate_with_keys(const std::string& op, TSet& so, const std::vector<TKey>& keys) {
    if (op == "subset_list") {  // issubset(iterable) builds set(iterable) first
      TSet other = so.empty_like();
      other.update_from_keys(keys);
      return set_is_subset(so, other);
    }
    if (op == "superset_list") return set_is_superset_with_iterator(so, iterate(keys));
    return set_is_disjoint_with_iterator(so, iterate(keys));
  }

  static void update_with_set(const std::string& op, TSet& s, TSet& other) {
    if (op == "update" || op == "ior") s.update_from_set(other);
    if (op == "iand") set_intersection_update(s, other);
    if (op == "isub") set_difference_update(s, other);
    if (op == "ixor") set_symmetric_difference_update(s, other);
  }

  void update_with_keys(const std::string& op, TSet& s, const std::vector<std::string>& w) {
    if (op == "update_range") return s.update_from_keys(range_keys(w, 2));
    if (op == "discard_range") {
      std::vector<TKey> keys = range_keys(w, 2);
      return set_difference_update_with_iterator(s, iterate(keys));
    }
    std::vector<TKey> keys = keys_from(w, 2);
    if (op == "update_list") {
      s.update_from_keys(keys);
    } else if (op == "update_dict") {
      s.update_from_dict(dict_from(keys));
    } else if (op == "inter_update_list") {
      TSet result = set_intersection_with_iterator(s, iterate(keys));
      s.swap_bodies(result);
    } else if (op == "diff_update_list") {
      set_difference_update_with_iterator(s, iterate(keys));
    } else if (op == "symdiff_update_list") {
      TSet other = s.empty_like();
      other.update_from_keys(keys);
      set_symmetric_difference_update(s, other);
    } else if (op == "symdiff_update_dict") {
      set_symmetric_difference_update_with_dict(s, dict_from(keys));
    } else {
      throw std::runtime_error("unknown op " + op);
    }
  }

  HashSecret secret_;
  std::map<std::string, Named> sets_;
  std::map<int64_t, std::string> hooks_;
  std::function<void(int64_t)> on_object_eq_ = [this](int64_t id) { fire_hook(id); };
};

void run_fixture(const std::string& seed) {
  auto lines = read_lines(fixture_path("sets_seed" + seed + ".txt"));
  REQUIRE(lines.size() > 1000);
  ScenarioRunner runner(static_cast<uint32_t>(std::stoul(seed)));
  int passed = 0, answers = 0, answers_passed = 0, reported = 0;
  for (const std::string& line : lines) {
    size_t arrow = line.find(" => ");
    REQUIRE(arrow != std::string::npos);
    std::string expected = line.substr(arrow + 4);
    std::string got = runner.execute(line.substr(0, arrow));
    bool ok = got == expected;
    passed += ok;
    if (expected != "ok") answers += 1, answers_passed += ok;
    if (!ok && reported++ < 10) {
      std::printf("MISMATCH (seed %s) %s\n   got %s\n", seed.c_str(), line.c_str(), got.c_str());
    }
    CHECK_MESSAGE(ok, line);
  }
  std::printf("set scenarios, PYTHONHASHSEED=%s: %d/%zu op lines pass (%d/%d with a non-'ok' answer)\n",
              seed.c_str(), passed, lines.size(), answers_passed, answers);
}

}  // namespace

TEST_CASE("set orders match CPython 3.11, PYTHONHASHSEED=0") { run_fixture("0"); }
TEST_CASE("set orders match CPython 3.11, PYTHONHASHSEED=12345") { run_fixture("12345"); }
