#include "engine/runtime/str_format.h"

#include "engine/format/format_spec.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

std::string format_value(Interpreter& in, const Value& v, std::string_view spec) {
  try {
    switch (v.kind()) {
      case Value::Kind::Bool: return format::format_bool(v.as_bool(), spec);
      case Value::Kind::Int: return format::format_int(v.as_int(), spec);
      case Value::Kind::Float: return format::format_float(v.as_float(), spec);
      default: break;
    }
    if (auto* s = v.as<StrObject>(); s && &s->type() == types().str) return format::format_str(s->value, spec);
  } catch (const format::FormatError& e) {
    if (e.python_type() == "TypeError") raise_type_error(e.what());
    raise_value_error(e.what());
  }
  // Everything else formats itself (__format__): a 0-d tensor formats its item.
  const TypeObject& t = type_of(v);
  if (t.slots.format) return t.slots.format(in, v, spec);
  if (!spec.empty())
    raise_type_error(fmt::format("unsupported format string passed to {}.__format__", type_name(v)));
  return str(in, v);
}

namespace {

// Resolves a replacement field name: "0", "x", "0.attr", "x[key]".
Value field_value(Interpreter& in, std::string_view name, const Args& args, size_t& auto_index) {
  size_t end = name.find_first_of(".[");
  std::string_view head = name.substr(0, end);
  Value v;
  if (head.empty()) {
    if (auto_index >= args.pos.size()) raise_index_error(fmt::format("Replacement index {} out of range for positional args tuple", auto_index));
    v = args.pos[auto_index++];
  } else if (std::isdigit(static_cast<unsigned char>(head[0]))) {
    size_t i = std::stoul(std::string(head));
    if (i >= args.pos.size()) raise_index_error(fmt::format("Replacement index {} out of range for positional args tuple", i));
    v = args.pos[i];
  } else {
    const Value* kw = args.find_kw(head);
    if (!kw) raise_key_error(make_str(std::string(head)));
    v = *kw;
  }
  while (end != std::string_view::npos && end < name.size()) {
    if (name[end] == '.') {
      size_t next = name.find_first_of(".[", end + 1);
      v = get_attr(in, v, name.substr(end + 1, next - end - 1));
      end = next;
    } else {
      size_t close = name.find(']', end);
      std::string key(name.substr(end + 1, close - end - 1));
      bool numeric = !key.empty() && key.find_first_not_of("0123456789") == std::string::npos;
      v = get_item(in, v, numeric ? Value(static_cast<int64_t>(std::stoll(key))) : make_str(key));
      end = close + 1 < name.size() ? close + 1 : std::string_view::npos;
    }
  }
  return v;
}

// `auto_index` is shared with the fields nested in a spec, as CPython's
// auto_number: '{:{}}'.format(1, 5) takes 1 for the value and 5 for the width.
std::string format_fields(Interpreter& in, std::string_view f, const Args& args, size_t& auto_index) {
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '}') {
      if (i + 1 < f.size() && f[i + 1] == '}') ++i;
      else raise_value_error("Single '}' encountered in format string");
      out += '}';
      continue;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    // Find the matching '}' (format specs may nest one level of {}).
    size_t j = i + 1;
    int depth = 1;
    for (; j < f.size() && depth > 0; ++j) {
      if (f[j] == '{') ++depth;
      if (f[j] == '}') --depth;
    }
    if (depth != 0) raise_value_error("expected '}' before end of string");
    std::string_view field = f.substr(i + 1, j - i - 2);
    i = j - 1;
    size_t colon = field.find(':');
    size_t bang = field.find('!');
    if (bang != std::string_view::npos && colon != std::string_view::npos && bang > colon) bang = std::string_view::npos;
    std::string_view name = field.substr(0, std::min(bang, colon));
    char conversion = bang != std::string_view::npos && bang + 1 < field.size() ? field[bang + 1] : 0;
    std::string spec = colon != std::string_view::npos ? std::string(field.substr(colon + 1)) : std::string();
    Value v = field_value(in, name, args, auto_index);
    if (spec.find('{') != std::string::npos) spec = format_fields(in, spec, args, auto_index);
    if (conversion == 'r' || conversion == 'a') v = make_str(repr(in, v));
    else if (conversion == 's') v = make_str(str(in, v));
    out += format_value(in, v, spec);
  }
  return out;
}

}  // namespace

std::string str_dot_format(Interpreter& in, std::string_view f, const Args& args) {
  size_t auto_index = 0;
  return format_fields(in, f, args, auto_index);
}

std::string percent_format(Interpreter& in, std::string_view f, const Value& args) {
  std::vector<Value> values;
  const DictObject* mapping = args.as<DictObject>();
  if (auto* t = args.as<TupleObject>()) values = t->items;
  else values.push_back(args);  // a mapping is also the one value of unkeyed fields ('%r' % {'a': 1})
  size_t next = 0;
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out += f[i];
      continue;
    }
    if (++i >= f.size()) raise_value_error("incomplete format");
    if (f[i] == '%') {
      out += '%';
      continue;
    }
    Value v;
    bool keyed = f[i] == '(' && mapping;
    if (keyed) {
      size_t close = f.find(')', i);
      const Value* found = mapping->find(make_str(std::string(f.substr(i + 1, close - i - 1))));
      if (!found) raise_key_error(make_str(std::string(f.substr(i + 1, close - i - 1))));
      v = *found;
      i = close + 1;
    }
    std::string flags;
    while (i < f.size() && std::string_view("-+ #0").find(f[i]) != std::string_view::npos) flags += f[i++];
    std::string width, precision;
    while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) width += f[i++];
    if (i < f.size() && f[i] == '.') {
      precision = ".";
      ++i;
      while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i]))) precision += f[i++];
      if (precision == ".") precision = ".0";
    }
    if (i >= f.size()) raise_value_error("incomplete format");
    char type = f[i];
    if (!keyed) {
      if (next >= values.size()) raise_type_error("not enough arguments for format string");
      v = values[next++];
    }
    std::string align = flags.find('-') != std::string::npos ? "<" : "";
    std::string sign = flags.find('+') != std::string::npos ? "+" : flags.find(' ') != std::string::npos ? " " : "";
    std::string zero = flags.find('0') != std::string::npos && align.empty() ? "0" : "";
    std::string alt = flags.find('#') != std::string::npos ? "#" : "";
    // %-formatting right-aligns text unless '-' says otherwise (format()'s default is left).
    std::string text_align = align.empty() ? ">" : align;
    switch (type) {
      case 's': out += format_value(in, make_str(str(in, v)), text_align + width + precision); break;
      case 'r': case 'a': out += format_value(in, make_str(repr(in, v)), text_align + width + precision); break;
      case 'd': case 'i': case 'u': {
        if (is_big_int(v)) {
          out += format_value(in, v, align + sign + zero + width + "d");
          break;
        }
        if (!v.is_number() && !v.is_tensor()) raise_type_error(fmt::format("%{} format: a real number is required, not {}", type, type_name(v)));
        int64_t n = v.is_tensor() ? static_cast<int64_t>(to_double(in, v)) : v.is_float() ? static_cast<int64_t>(v.as_float()) : v.to_int();
        out += format_value(in, Value(n), align + sign + zero + width + "d");
        break;
      }
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': {
        double d = to_double(in, v);
        out += format_value(in, Value(d), align + sign + alt + zero + width + (precision.empty() ? ".6" : precision) + type);
        break;
      }
      case 'x': case 'X': case 'o':
        if (!v.is_int_like() && !is_big_int(v))
          raise_type_error(fmt::format("%{} format: an integer is required, not {}", type, type_name(v)));
        out += format_value(in, is_big_int(v) ? v : Value(v.to_int()), align + sign + alt + zero + width + type);
        break;
      case 'c': {
        std::string c = v.is_int_like() ? std::string(1, static_cast<char>(v.to_int())) : str(in, v);
        out += format_value(in, make_str(std::move(c)), text_align + width);
        break;
      }
      default:
        raise_value_error(fmt::format("unsupported format character '{}' (0x{:x}) at index {}", type, static_cast<int>(type), i));
    }
  }
  if (!mapping && next < values.size()) raise_type_error("not all arguments converted during string formatting");
  return out;
}

}  // namespace backstep::rt
