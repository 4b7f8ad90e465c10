#include "mini_eval.h"

#include "engine/format/float_repr.h"
#include "engine/format/tensor_repr.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/torch/bridge.h"
#include "engine/torch/torch_objects.h"

#include <cctype>
#include <fstream>
#include <stdexcept>

namespace backstep::test {

using rt::Value;
namespace tb = backstep::torchb;

namespace {

// What a (partial) expression denotes: a value, or something callable.
struct Thing {
  enum Kind { Val, TorchNS, NNNS, FNS, TorchFn, FFn, Method, DeviceCtor } kind = Val;
  Value value;  // Val; the bound tensor of a Method
  std::string name;
};

Value borrowed(rt::Object* o) { return Value(rt::Ref(std::shared_ptr<rt::Object>(), o)); }

class Parser {
 public:
  Parser(const std::string& text, MiniEval& ev, rt::Interpreter& in) : s_(text), ev_(ev), in_(in) {}

  Value parse() {
    Value v = value(expr());
    skip();
    if (i_ != s_.size()) throw std::runtime_error("trailing text in: " + s_);
    return v;
  }

 private:
  void skip() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  void expect(char c) {
    if (!eat(c)) throw std::runtime_error(std::string("expected '") + c + "' in: " + s_);
  }
  std::string ident() {
    skip();
    size_t b = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
    return s_.substr(b, i_ - b);
  }

  Value value(const Thing& t) {
    if (t.kind != Thing::Val) throw std::runtime_error("not a value: " + t.name);
    return t.value;
  }

  // a * b and a / b on tensors: Tensor.__mul__ / __truediv__ are mul / div.
  Thing expr() {
    Thing left = unary();
    while (true) {
      const char* op = eat('*') ? "mul" : eat('/') ? "div" : nullptr;
      if (!op) return left;
      Thing right = unary();
      rt::Args args{value(right)};
      Thing m{Thing::Method, value(left), op};
      left = {Thing::Val, invoke(m, args), {}};
    }
  }

  Thing unary() {
    if (eat('-')) {
      Value v = value(unary());
      if (v.is_int()) return {Thing::Val, Value(-v.as_int()), {}};
      return {Thing::Val, Value(-v.to_float()), {}};
    }
    Thing t = primary();
    while (true) {
      if (eat('.')) t = attribute(t, ident());
      else if (eat('(')) t = call(t);
      else if (eat('[')) t = index(t);
      else return t;
    }
  }

  Thing primary() {
    skip();
    char c = s_[i_];
    if (std::isdigit(static_cast<unsigned char>(c))) return {Thing::Val, number(), {}};
    if (c == '\'') {
      size_t end = s_.find('\'', i_ + 1);
      std::string text = s_.substr(i_ + 1, end - i_ - 1);
      i_ = end + 1;
      return {Thing::Val, rt::make_str(text), {}};
    }
    if (eat('(')) return sequence(')', /*tuple=*/true);
    if (eat('[')) return sequence(']', /*tuple=*/false);
    std::string name = ident();
    if (name == "True" || name == "False") return {Thing::Val, Value(name == "True"), {}};
    if (name == "None") return {Thing::Val, Value(), {}};
    if (name == "torch") return {Thing::TorchNS, {}, name};
    if (name == "F") return {Thing::FNS, {}, name};
    if (name == "int") return {Thing::Val, borrowed(rt::types().int_), {}};
    if (name == "float") return {Thing::Val, borrowed(rt::types().float_), {}};
    if (name == "bool") return {Thing::Val, borrowed(rt::types().bool_), {}};
    auto it = ev_.env.find(name);
    if (it == ev_.env.end()) throw std::runtime_error("unknown name " + name);
    Value v = it->second;
    if (v.is_tensor()) v = Value(v.as_tensor().clone().detach().requires_grad_(v.as_tensor().requires_grad()));
    return {Thing::Val, v, {}};
  }

  Value number() {
    size_t b = i_;
    while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' || s_[i_] == 'e' ||
                              (s_[i_] == '-' && s_[i_ - 1] == 'e')))
      ++i_;
    std::string t = s_.substr(b, i_ - b);
    if (t.find_first_of(".e") != std::string::npos) return Value(std::stod(t));
    return Value(int64_t(std::stoll(t)));
  }

  Thing sequence(char close, bool tuple) {
    std::vector<Value> items;
    bool comma = false;
    while (!eat(close)) {
      items.push_back(value(expr()));
      comma = eat(',');
    }
    if (tuple && items.size() == 1 && !comma) return {Thing::Val, items[0], {}};
    return {Thing::Val, tuple ? rt::make_tuple(std::move(items)) : rt::make_list(std::move(items)), {}};
  }

  Thing attribute(const Thing& t, const std::string& name) {
    switch (t.kind) {
      case Thing::TorchNS: {
        if (name == "nn") return {Thing::NNNS, {}, name};
        if (name == "device") return {Thing::DeviceCtor, {}, name};
        Value constant;
        tb::for_each_torch_constant([&](std::string_view n, Value v) {
          if (n == name) constant = v;
        });
        if (!constant.is_none()) return {Thing::Val, constant, {}};
        return {Thing::TorchFn, {}, name};
      }
      case Thing::NNNS: return {Thing::FNS, {}, name};
      case Thing::FNS: return {Thing::FFn, {}, name};
      case Thing::Val: break;
      default: throw std::runtime_error("attribute of a function");
    }
    const Value& v = t.value;
    if (v.is_tensor()) {
      const at::Tensor& x = v.as_tensor();
      if (name == "shape") return {Thing::Val, rt::make_size(x.sizes()), {}};
      if (name == "dtype") return {Thing::Val, tb::dtype_object(x.scalar_type()), {}};
      if (name == "requires_grad") return {Thing::Val, Value(x.requires_grad()), {}};
      return {Thing::Method, v, name};
    }
    if (auto* tup = v.as<rt::TupleObject>()) {
      for (size_t i = 0; i < tup->field_names.size(); ++i)
        if (tup->field_names[i] == name) return {Thing::Val, tup->items[i], {}};
    }
    if (auto r = v.object_ptr() ? v.object_ptr()->get_attr(in_, name) : std::nullopt) return {Thing::Val, *r, {}};
    rt::raise_attribute_error("no attribute " + name);
  }

  Thing call(const Thing& f) {
    rt::Args args;
    while (!eat(')')) {
      size_t save = i_;
      std::string name = ident();
      if (!name.empty() && eat('=') && s_[i_] != '=') {
        args.kw.push_back({name, value(expr())});
      } else {
        i_ = save;
        args.pos.push_back(value(expr()));
      }
      eat(',');
    }
    return {Thing::Val, invoke(f, args), {}};
  }

  Value invoke(const Thing& f, rt::Args& args) {
    switch (f.kind) {
      case Thing::TorchFn: {
        const tb::OpFamily* op = tb::find_op(f.name);
        if (!op) rt::raise_attribute_error("module 'torch' has no attribute '" + f.name + "'");
        return tb::call_op(in_, *op, nullptr, args, &cache_);
      }
      case Thing::FFn: {
        // torch.nn.functional is pylib's; its bindings are torch._C._nn.X
        // and the torch.X it re-exports (F.conv2d is torch.conv2d).
        const tb::OpFamily* op = tb::find_module_op(tb::OpModule::NN, f.name);
        if (!op) op = tb::find_op(f.name);
        if (!op) rt::raise_attribute_error("module 'torch.nn.functional' has no attribute '" + f.name + "'");
        return tb::call_op(in_, *op, nullptr, args, &cache_);
      }
      case Thing::Method: {
        const tb::OpFamily* op = tb::find_method(f.name);
        if (!op) rt::raise_attribute_error("'Tensor' object has no attribute '" + f.name + "'");
        return tb::call_op(in_, *op, &f.value, args, &cache_);
      }
      case Thing::DeviceCtor: return tb::construct_device(in_, args);
      default: throw std::runtime_error("not callable");
    }
  }

  Thing index(const Thing& t) {
    Value i = value(expr());
    expect(']');
    Value base = value(t);
    if (base.is_tensor()) return {Thing::Val, Value(base.as_tensor().select(0, i.as_int())), {}};
    const auto* tup = base.as<rt::TupleObject>();
    if (!tup) throw std::runtime_error("cannot index this value");
    int64_t k = i.as_int();
    if (k < 0) k += int64_t(tup->items.size());
    return {Thing::Val, tup->items[size_t(k)], {}};
  }

  std::string s_;
  size_t i_ = 0;
  MiniEval& ev_;
  rt::Interpreter& in_;
  tb::CallSiteCache cache_;
};

std::string str_repr(const std::string& s) {
  return s.find('\'') == std::string::npos ? "'" + s + "'" : "\"" + s + "\"";
}

}  // namespace

MiniEval::MiniEval(rt::Interpreter& in) : in_(in) {}

Value MiniEval::eval(const std::string& expr) { return Parser(expr, *this, in_).parse(); }

std::string MiniEval::run(const std::string& expr) {
  try {
    return show(eval(expr), in_);
  } catch (const rt::ScriptError& e) {
    return e.type().name() + ": " + e.message();
  } catch (const std::exception& e) {
    return std::string("<C++ exception: ") + e.what() + ">";
  }
}

std::string show(const Value& v, rt::Interpreter& in) {
  switch (v.kind()) {
    case Value::Kind::None: return "None";
    case Value::Kind::Bool: return v.as_bool() ? "True" : "False";
    case Value::Kind::Int: return std::to_string(v.as_int());
    case Value::Kind::Float: return format::float_repr(v.as_float());
    case Value::Kind::Tensor: return format::tensor_repr(v.as_tensor());
    case Value::Kind::Object: break;
  }
  if (auto* s = v.as<rt::StrObject>()) return str_repr(s->value);
  auto join = [&in](const std::vector<Value>& items, const char* sep) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + show(items[i], in);
    return out;
  };
  if (auto* l = v.as<rt::ListObject>()) return "[" + join(l->items, ", ") + "]";
  if (auto* t = v.as<rt::TupleObject>()) {
    if (t->flavour == rt::TupleObject::Flavour::Size) return "torch.Size([" + join(t->items, ", ") + "])";
    if (t->flavour == rt::TupleObject::Flavour::Named) {
      std::string out = t->named_type->qualified_name() + "(\n";
      for (size_t i = 0; i < t->items.size(); ++i)
        out += (i ? ",\n" : "") + t->field_names[i] + "=" + show(t->items[i], in);
      return out + ")";
    }
    return "(" + join(t->items, ", ") + (t->items.size() == 1 ? ",)" : ")");
  }
  return v.object_ptr()->repr(in);
}

std::vector<std::pair<std::string, std::string>> read_cases(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::vector<std::pair<std::string, std::string>> cases;
  std::string line;
  bool first = true;
  while (std::getline(f, line)) {
    if (line.rfind(">>> ", 0) == 0) {
      cases.emplace_back(line.substr(4), "");
      first = true;
    } else if (!cases.empty()) {
      cases.back().second += (first ? "" : "\n") + line;
      first = false;
    }
  }
  return cases;
}

}  // namespace backstep::test
