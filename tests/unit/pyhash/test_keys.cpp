#include "tests/unit/pyhash/test_keys.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/pyhash/py_hash.h"

namespace pyhash_test {
namespace {

using backstep::pyhash::HashSecret;

TKey parse_at(const std::string& spec, size_t& pos) {
  TKey key;
  size_t start = pos;
  char kind = spec.at(pos);
  if (kind == 't' || kind == 'z') {
    key.kind = kind == 't' ? TKey::Kind::kTuple : TKey::Kind::kFrozenset;
    pos += 2;  // "t("
    while (spec.at(pos) != ')') {
      key.items.push_back(parse_at(spec, pos));
      if (spec.at(pos) == ',') ++pos;
    }
    ++pos;
    key.spec = spec.substr(start, pos - start);
    return key;
  }
  size_t end = spec.find_first_of(",)", pos + 1);
  if (end == std::string::npos) end = spec.size();
  std::string body = spec.substr(pos + 1, end - pos - 1);
  pos = end;
  key.spec = spec.substr(start, end - start);
  switch (kind) {
    case 'i': key.kind = TKey::Kind::kInt, key.number = std::stoll(body); break;
    case 'b': key.kind = TKey::Kind::kBool, key.number = body == "1"; break;
    case 'f': key.kind = TKey::Kind::kFloat, key.real = std::strtod(body.c_str(), nullptr); break;
    case 's': key.kind = TKey::Kind::kStr, key.text = from_hex(body); break;
    case 'u': key.kind = TKey::Kind::kUnhashable; break;
    case 'o': {
      key.kind = TKey::Kind::kObj;
      std::istringstream fields(body);
      char dot = 0;
      fields >> key.number >> dot >> key.obj_class >> dot >> key.obj_hash;
      break;
    }
    default: throw std::runtime_error("bad key spec: " + spec);
  }
  return key;
}

bool is_number(const TKey& key) {
  return key.kind == TKey::Kind::kInt || key.kind == TKey::Kind::kBool ||
         key.kind == TKey::Kind::kFloat;
}

// Python compares int and float exactly, not by converting the int.
bool int_equals_float(int64_t i, double f) {
  if (std::floor(f) != f || std::fabs(f) >= 9223372036854775808.0) return false;
  return static_cast<int64_t>(f) == i;
}

bool numbers_equal(const TKey& a, const TKey& b) {
  bool a_float = a.kind == TKey::Kind::kFloat;
  bool b_float = b.kind == TKey::Kind::kFloat;
  if (a_float && b_float) return a.real == b.real;
  if (a_float) return int_equals_float(b.number, a.real);
  if (b_float) return int_equals_float(a.number, b.real);
  return a.number == b.number;
}

bool contains_equal(const std::vector<TKey>& items, const TKey& wanted) {
  for (const TKey& item : items) {
    if (py_equal(item, wanted)) return true;
  }
  return false;
}

}  // namespace

TKey parse_key(const std::string& spec) {
  size_t pos = 0;
  TKey key = parse_at(spec, pos);
  if (pos != spec.size()) throw std::runtime_error("trailing text in key spec: " + spec);
  return key;
}

TKey int_key(int64_t value) {
  TKey key;
  key.kind = TKey::Kind::kInt;
  key.number = value;
  key.spec = "i" + std::to_string(value);
  return key;
}

std::string from_hex(const std::string& hex) {
  std::string bytes;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  }
  return bytes;
}

bool py_equal(const TKey& a, const TKey& b) {
  if (is_number(a) && is_number(b)) return numbers_equal(a, b);
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case TKey::Kind::kStr: return a.text == b.text;
    case TKey::Kind::kTuple:
      if (a.items.size() != b.items.size()) return false;
      for (size_t i = 0; i < a.items.size(); ++i) {
        if (!py_equal(a.items[i], b.items[i])) return false;
      }
      return true;
    case TKey::Kind::kFrozenset:
      if (a.items.size() != b.items.size()) return false;
      for (const TKey& item : a.items) {
        if (!contains_equal(b.items, item)) return false;
      }
      return true;
    case TKey::Kind::kObj: return a.obj_class == b.obj_class;
    default: return false;
  }
}

int64_t py_hash(const TKey& key, const HashSecret& secret) {
  namespace ph = backstep::pyhash;
  switch (key.kind) {
    case TKey::Kind::kInt: return ph::hash_int(key.number);
    case TKey::Kind::kBool: return ph::hash_bool(key.number != 0);
    case TKey::Kind::kFloat: return ph::hash_double(key.real, 0);
    case TKey::Kind::kStr: return ph::hash_str(key.text, secret);
    case TKey::Kind::kObj: return key.obj_hash;
    case TKey::Kind::kTuple:
    case TKey::Kind::kFrozenset: {
      std::vector<int64_t> hashes;
      for (const TKey& item : key.items) hashes.push_back(py_hash(item, secret));
      return key.kind == TKey::Kind::kTuple ? ph::hash_tuple(hashes) : ph::hash_frozenset(hashes);
    }
    default: throw PyError{"TypeError"};
  }
}

bool TKeyEq::operator()(const TKey& stored, const TKey& probe) const {
  bool stored_obj = stored.kind == TKey::Kind::kObj;
  bool probe_obj = probe.kind == TKey::Kind::kObj;
  if (stored_obj && probe_obj && stored.number == probe.number) return true;  // identity
  if (stored_obj) {
    (*on_object_eq)(stored.number);
    return probe_obj && stored.obj_class == probe.obj_class;
  }
  if (probe_obj) {
    (*on_object_eq)(probe.number);  // reflected: stored.__eq__ gave NotImplemented
    return false;
  }
  return py_equal(stored, probe);
}

std::filesystem::path fixture_path(const std::string& name) {
  if (const char* dir = std::getenv("PYHASH_FIXTURES")) return std::filesystem::path(dir) / name;
  return std::filesystem::path(__FILE__).parent_path() / "fixtures" / name;
}

std::vector<std::string> read_lines(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read fixture " + path.string());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace pyhash_test
