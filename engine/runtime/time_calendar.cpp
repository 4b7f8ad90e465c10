// The calendar half of the `time` module: struct_time, localtime, gmtime,
// mktime, strftime, asctime, ctime and the time zone constants, as
// CPython's timemodule.c gives them on Linux (glibc's tm_zone/tm_gmtoff,
// the "C" locale for names).
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cmath>
#include <ctime>
#include <memory>
#include <optional>

namespace backstep::rt {
namespace {

const char* const kFields[] = {"tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min",
                               "tm_sec",  "tm_wday", "tm_yday", "tm_isdst"};

// A struct_time is a 9-tuple; tm_zone and tm_gmtoff ride beside it, as the
// fields of CPython's struct sequence that are not part of the tuple.
// One made from a tuple (time.struct_time((2024, 1, 2, ...))) has neither:
// both read None, as in CPython.
class StructTime : public TupleObject {
 public:
  StructTime(std::vector<Value> items, const TypeObject* cls, std::optional<std::string> zone, int64_t gmtoff)
      : TupleObject(std::move(items), cls), zone(std::move(zone)), gmtoff(gmtoff) {}
  const std::optional<std::string> zone;
  const int64_t gmtoff;
};

Value struct_time_new(Interpreter& in, TypeObject& cls, Args& a);

const TypeObject* struct_time_type() {
  static TypeObject* t = [] {
    TypeObject* type = new_type("struct_time", "time", mutable_types().tuple);
    type->set_final(true);
    for (size_t i = 0; i < 9; ++i)
      add_getset(*type, kFields[i], [i](Interpreter&, const Value& self) { return self.as<TupleObject>()->items[i]; });
    add_getset(*type, "tm_zone", [](Interpreter&, const Value& self) {
      const auto& st = *static_cast<const StructTime*>(self.object_ptr());
      return st.zone ? make_str(*st.zone) : Value();
    });
    add_getset(*type, "tm_gmtoff", [](Interpreter&, const Value& self) {
      const auto& st = *static_cast<const StructTime*>(self.object_ptr());
      return st.zone ? Value(st.gmtoff) : Value();
    });
    type->slots.new_ = &struct_time_new;
    type->slots.repr = [](Interpreter& in, const Value& self) {
      const auto& items = self.as<TupleObject>()->items;
      std::string out = "time.struct_time(";
      for (size_t i = 0; i < 9; ++i) out += fmt::format("{}{}={}", i ? ", " : "", kFields[i], repr(in, items[i]));
      return out + ")";
    };
    type->slots.str = type->slots.repr;
    return type;
  }();
  return t;
}

Value make_struct_time(const std::tm& tm) {
  std::vector<Value> items{Value(int64_t(tm.tm_year) + 1900), Value(int64_t(tm.tm_mon) + 1), Value(int64_t(tm.tm_mday)),
                           Value(int64_t(tm.tm_hour)),        Value(int64_t(tm.tm_min)),     Value(int64_t(tm.tm_sec)),
                           Value(int64_t((tm.tm_wday + 6) % 7)), Value(int64_t(tm.tm_yday) + 1),
                           Value(int64_t(tm.tm_isdst))};
  return Value(std::make_shared<StructTime>(std::move(items), struct_time_type(), tm.tm_zone ? tm.tm_zone : "",
                                            int64_t(tm.tm_gmtoff)));
}

// time.struct_time(sequence): 9 fields (CPython also takes 11, the last
// two being tm_zone and tm_gmtoff).
Value struct_time_new(Interpreter& in, TypeObject& cls, Args& a) {
  expect_args(a, "struct_time", 1, 1);
  std::vector<Value> items = to_vector(in, a.pos[0]);
  if (items.size() < 9)
    raise_type_error(fmt::format("time.struct_time() takes an at least 9-sequence ({}-sequence given)", items.size()));
  if (items.size() > 11)
    raise_type_error(fmt::format("time.struct_time() takes an at most 11-sequence ({}-sequence given)", items.size()));
  std::optional<std::string> zone;
  int64_t gmtoff = 0;
  if (items.size() == 11 && items[9].as<StrObject>() && items[10].is_int_like()) {
    zone = items[9].as<StrObject>()->value;
    gmtoff = items[10].to_int();
  }
  items.resize(9);
  return Value(std::make_shared<StructTime>(std::move(items), &cls, std::move(zone), gmtoff));
}

// The seconds argument of localtime/gmtime/ctime: now when absent or None.
std::time_t seconds_arg(Interpreter& in, const Args& a, const char* fn) {
  expect_args(a, fn, 0, 1);
  if (a.pos.empty() || a.pos[0].is_none()) return std::time(nullptr);
  const Value& v = a.pos[0];
  if (!v.is_number()) raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  double d = to_double(in, v);
  if (std::isnan(d)) raise_value_error("Invalid value NaN (not a number)");
  if (std::abs(d) > 1e17) raise_overflow("timestamp out of range for platform time_t");
  return static_cast<std::time_t>(std::floor(d));
}

Value broken_down(Interpreter& in, const Args& a, const char* fn, bool local) {
  std::time_t t = seconds_arg(in, a, fn);
  std::tm tm{};
  if (!(local ? localtime_r(&t, &tm) : gmtime_r(&t, &tm))) raise_overflow("timestamp out of range for platform time_t");
  return make_struct_time(tm);
}

// A struct_time or 9-tuple back to a struct tm (CPython's gettmarg).
std::tm tm_of(Interpreter& in, const Value& v, const char* fn) {
  auto* t = v.as<TupleObject>();
  if (!t) raise_type_error(fmt::format("Tuple or struct_time argument required"));
  if (t->items.size() != 9) raise_type_error(fmt::format("{}(): illegal time tuple argument", fn));
  int64_t f[9];
  for (size_t i = 0; i < 9; ++i) {
    if (!t->items[i].is_int_like())
      raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(t->items[i])));
    f[i] = to_index(in, t->items[i]);
  }
  std::tm tm{};
  tm.tm_year = static_cast<int>(f[0] - 1900);
  tm.tm_mon = static_cast<int>(f[1] - 1);
  tm.tm_mday = static_cast<int>(f[2]);
  tm.tm_hour = static_cast<int>(f[3]);
  tm.tm_min = static_cast<int>(f[4]);
  tm.tm_sec = static_cast<int>(f[5]);
  tm.tm_wday = static_cast<int>((f[6] + 1) % 7);
  tm.tm_yday = static_cast<int>(f[7] - 1);
  tm.tm_isdst = static_cast<int>(f[8]);
  if (auto* st = dynamic_cast<const StructTime*>(t); st && st->zone) {
    tm.tm_zone = st->zone->c_str();
    tm.tm_gmtoff = st->gmtoff;
  }
  return tm;
}

// strftime's range checks (CPython's checktm), with its messages.
void check_tm(std::tm& tm) {
  if (tm.tm_mon == -1) tm.tm_mon = 0;
  else if (tm.tm_mon < 0 || tm.tm_mon > 11) raise_value_error("month out of range");
  if (tm.tm_mday == 0) tm.tm_mday = 1;
  else if (tm.tm_mday < 0 || tm.tm_mday > 31) raise_value_error("day of month out of range");
  if (tm.tm_hour < 0 || tm.tm_hour > 23) raise_value_error("hour out of range");
  if (tm.tm_min < 0 || tm.tm_min > 59) raise_value_error("minute out of range");
  if (tm.tm_sec < 0 || tm.tm_sec > 61) raise_value_error("seconds out of range");
  if (tm.tm_wday < 0) raise_value_error("day of week out of range");
  if (tm.tm_yday == -1) tm.tm_yday = 0;
  else if (tm.tm_yday < 0 || tm.tm_yday > 365) raise_value_error("day of year out of range");
  if (tm.tm_isdst < -1) tm.tm_isdst = -1;
  else if (tm.tm_isdst > 1) tm.tm_isdst = 1;
}

std::string format_tm(const std::string& format, const std::tm& tm) {
  if (format.empty()) return "";
  // strftime returns 0 both for "too small" and for an empty result: grow
  // the buffer a few times, as CPython does, then accept "".
  for (size_t size = 256; size <= format.size() * 256 + 1024; size *= 4) {
    std::string buf(size, '\0');
    size_t n = std::strftime(buf.data(), size, format.c_str(), &tm);
    if (n > 0) return buf.substr(0, n);
  }
  return "";
}

std::string asctime_of(const std::tm& tm) {
  static const char* const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  return fmt::format("{} {} {:2d} {:02d}:{:02d}:{:02d} {}", days[tm.tm_wday % 7], months[tm.tm_mon % 12], tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec, 1900 + tm.tm_year);
}

std::tm now_or(Interpreter& in, const Args& a, const char* fn) {
  if (a.pos.empty()) {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    localtime_r(&t, &tm);
    return tm;
  }
  return tm_of(in, a.pos[0], fn);
}

}  // namespace

void add_calendar_functions(ModuleObject& m) {
  tzset();
  m.set("struct_time", type_value(*struct_time_type()));
  m.def("localtime", [](Interpreter& in, Args& a) { return broken_down(in, a, "localtime", true); });
  m.def("gmtime", [](Interpreter& in, Args& a) { return broken_down(in, a, "gmtime", false); });
  m.def("mktime", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "mktime", 1, 1);
    std::tm tm = tm_of(in, a.pos[0], "mktime");
    tm.tm_wday = -1;  // mktime() leaves it alone on failure
    std::time_t t = std::mktime(&tm);
    if (t == std::time_t(-1) && tm.tm_wday == -1) raise_overflow("mktime argument out of range");
    return Value(static_cast<double>(t));
  });
  m.def("strftime", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "strftime", 1, 2);
    auto* f = a.pos[0].as<StrObject>();
    if (!f) raise_type_error(fmt::format("strftime() argument 1 must be str, not {}", type_name(a.pos[0])));
    Args rest;
    if (a.pos.size() > 1) rest.pos.push_back(a.pos[1]);
    std::tm tm = now_or(in, rest, "strftime");
    check_tm(tm);
    return make_str(format_tm(f->value, tm));
  });
  m.def("asctime", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "asctime", 0, 1);
    std::tm tm = now_or(in, a, "asctime");
    check_tm(tm);
    return make_str(asctime_of(tm));
  });
  m.def("ctime", [](Interpreter& in, Args& a) -> Value {
    std::time_t t = seconds_arg(in, a, "ctime");
    std::tm tm{};
    localtime_r(&t, &tm);
    return make_str(asctime_of(tm));
  });
  // CPython reads the zone from January and July of the current year.
  std::time_t now = std::time(nullptr);
  std::tm jan{}, jul{};
  localtime_r(&now, &jan);
  jan.tm_mon = 0, jan.tm_mday = 1, jan.tm_hour = 12, jan.tm_isdst = -1;
  jul = jan;
  jul.tm_mon = 6;
  std::mktime(&jan);
  std::mktime(&jul);
  int64_t jan_off = -int64_t(jan.tm_gmtoff), jul_off = -int64_t(jul.tm_gmtoff);
  std::string jan_name = jan.tm_zone ? jan.tm_zone : "", jul_name = jul.tm_zone ? jul.tm_zone : "";
  bool north = jan_off >= jul_off;  // January is standard time in the north
  m.set("timezone", Value(north ? jan_off : jul_off));
  m.set("altzone", Value(north ? jul_off : jan_off));
  m.set("daylight", Value(int64_t(jan_off != jul_off)));
  m.set("tzname", make_tuple({make_str(north ? jan_name : jul_name), make_str(north ? jul_name : jan_name)}));
}

}  // namespace backstep::rt
