// The TypeError PyTorch raises when no signature accepts a call:
// PythonArgParser::print_error and torch/csrc/utils/invalid_arguments.cpp's
// format_invalid_args, reproduced quirks included (an option's "*" counts as
// an argument when comparing argument counts; "()" counts as one; a
// parameter with a default is named by the default's text, "= None" naming
// it "None").
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/torch/arg_parser.h"
#include "engine/torch/torch_objects.h"

#include <unordered_map>

namespace backstep::torchb::detail {

namespace {

using rt::Value;

// invalid_arguments.cpp re-parses the displayed option text; an argument is
// "type name" where the name is the last word ("*" and "" become arguments
// too, which matters for the counts below).
struct OptionArg {
  std::string type, name;
};

std::vector<OptionArg> parse_option(const std::string& option) {
  std::string body = option.substr(1, option.size() - 2);
  std::vector<OptionArg> out;
  size_t start = 0;
  while (true) {
    size_t end = body.find(", ", start);
    std::string arg = body.substr(start, end == std::string::npos ? std::string::npos : end - start);
    size_t space = arg.find_last_of(' ');
    if (space == std::string::npos) out.push_back({arg, arg});
    else out.push_back({arg.substr(0, space), arg.substr(space + 1)});
    if (end == std::string::npos) break;
    start = end + 2;
  }
  return out;
}

// The option's type text against the argument's type name: "float" also
// takes ints, "int" takes ints; everything else must be spelled alike (so
// "Number" or "tuple of ints" never match).
bool type_matches(const std::string& type, const Value& v) {
  std::string name = py_type_name(v);
  if (type == "float") return name == "float" || name == "int";
  return name == type;
}

// The detailed description shows a list's or tuple's element types, one
// level deep, spelled like a Python list or tuple: "tuple of (bool,)".
std::string described_type(const Value& v) {
  const auto* items = sequence_items(v);
  if (!items) return py_type_name(v);
  bool list = v.as<rt::ListObject>() != nullptr;
  std::string s = py_type_name(v) + (list ? " of [" : " of (");
  for (size_t i = 0; i < items->size(); ++i) s += (i ? ", " : "") + py_type_name((*items)[i]);
  if (!list && items->size() == 1) s += ",";
  return s + (list ? "]" : ")");
}

// kwargs go through a std::unordered_map in PyTorch, and its iteration order
// shows in the message; the same libstdc++ map gives the same order.
using KwMap = std::unordered_map<std::string, const Value*>;

std::string arg_desc(const rt::Args& args, const KwMap& kwargs) {
  std::string s = "(";
  for (const auto& a : args.pos) s += py_type_name(a) + ", ";
  for (const auto& [k, v] : kwargs) s += k + "=" + py_type_name(*v) + ", ";
  if (!args.pos.empty()) s.erase(s.size() - 2);
  return s + ")";
}

std::string formatted_arg_desc(const std::vector<OptionArg>& option, const rt::Args& args, const KwMap& kwargs) {
  size_t n = args.pos.size() + kwargs.size();
  std::string s = "(";
  for (size_t i = 0; i < n; ++i) {
    bool is_kwarg = i >= args.pos.size();
    const Value* arg = &args.pos[0];
    if (is_kwarg) {
      auto it = kwargs.find(option[i].name);
      if (it == kwargs.end()) rt::raise_runtime_error("_Map_base::at");  // std::out_of_range in PyTorch
      arg = it->second;
    } else {
      arg = &args.pos[i];
    }
    bool ok = i < option.size() && type_matches(option[i].type, *arg);
    s += ok ? "" : "!";
    if (is_kwarg) s += option[i].name + "=";
    s += described_type(*arg);
    s += ok ? ", " : "!, ";
  }
  if (!args.pos.empty()) s.erase(s.size() - 2);
  return s + ")";
}

std::vector<std::string> unmatched_kwargs(const std::vector<OptionArg>& option, const KwMap& kwargs) {
  std::vector<std::string> out;
  long start = long(option.size()) - long(kwargs.size());
  if (start < 0) start = 0;
  for (const auto& [k, v] : kwargs) {
    bool found = false;
    for (size_t i = size_t(start); i < option.size(); ++i) found = found || option[i].name == k;
    if (!found) out.push_back(k);
  }
  return out;
}

std::string join(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

std::string format_invalid_args(const rt::Args& args, const std::string& function,
                                const std::vector<std::string>& options) {
  KwMap kwargs;
  for (const auto& kw : args.kw) kwargs.emplace(kw.name, &kw.value);
  std::string msg = function + " received an invalid combination of arguments - ";
  size_t num_got = args.pos.size() + kwargs.size();
  if (options.size() == 1) {
    auto option = parse_option(options[0]);
    auto unmatched = kwargs.empty() ? std::vector<std::string>() : unmatched_kwargs(option, kwargs);
    if (!unmatched.empty()) return msg + "got unrecognized keyword arguments: " + join(unmatched);
    msg += "got ";
    msg += num_got == option.size() ? formatted_arg_desc(option, args, kwargs) : arg_desc(args, kwargs);
    return msg + ", but expected " + options[0];
  }
  msg += "got " + arg_desc(args, kwargs) + ", but expected one of:\n";
  for (const auto& text : options) {
    auto option = parse_option(text);
    msg += " * " + text + "\n";
    if (num_got != option.size()) continue;
    auto unmatched = kwargs.empty() ? std::vector<std::string>() : unmatched_kwargs(option, kwargs);
    if (!unmatched.empty())
      msg += "      didn't match because some of the keywords were incorrect: " + join(unmatched) + "\n";
    else
      msg += "      didn't match because some of the arguments have invalid types: " +
             formatted_arg_desc(option, args, kwargs) + "\n";
  }
  return msg;
}

}  // namespace

void raise_no_match(const std::vector<Signature>& sigs, const rt::Args& args, Slot* scratch) {
  // One plausible signature (by argument count) gets its detailed message.
  size_t num_args = args.pos.size() + args.kw.size();
  const Signature* plausible = nullptr;
  size_t count = 0;
  for (const auto& s : sigs)
    if (num_args >= s.min_args && num_args <= s.max_args && !s.hidden) plausible = &s, ++count;
  if (count == 1) parse_args(*plausible, args, scratch, /*raise=*/true);
  std::vector<std::string> options;
  for (const auto& s : sigs)
    if (!s.hidden) options.push_back(s.display());
  rt::raise_type_error(format_invalid_args(args, sigs.empty() ? "" : sigs[0].name + "()", options));
}

}  // namespace backstep::torchb::detail
