// The file-system and environment primitives behind pylib's os and
// os.path (engine/pylib/PRIMITIVES-tools.md). Each raises CPython's OSError
// subclass for its errno, with the path(s) as filename/filename2.
#include "engine/runtime/backstep_module.h"
#include "engine/runtime/file_object.h"

#include "engine/runtime/function.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>
#include <dirent.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace backstep::rt {
namespace {

const std::string& path_arg(const Args& a, size_t i, const char* fn) {
  auto* s = i < a.pos.size() ? a.pos[i].as<StrObject>() : nullptr;
  if (!s) raise_type_error(fmt::format("{}: path should be string, not {}", fn, i < a.pos.size() ? type_name(a.pos[i]) : "nothing"));
  if (s->value.find('\0') != std::string::npos) raise_value_error("embedded null byte");
  return s->value;
}

Value env_key_check(Interpreter& in, const Args& a, const char* fn, bool is_put) {
  auto* key = a.pos.empty() ? nullptr : a.pos[0].as<StrObject>();
  if (!key) raise_type_error(fmt::format("{}() argument 1 must be str", fn));
  if (is_put && key->value.find('=') != std::string::npos) raise_value_error("illegal environment variable name");
  if (key->value.empty() || key->value.find('=') != std::string::npos) raise_os_error(in, EINVAL);
  return a.pos[0];
}

Value do_stat(Interpreter& in, Args& a) {
  expect_args(a, "stat", 2, 2);
  const std::string& path = path_arg(a, 0, "stat");
  struct stat st {};
  int rc = truthy(in, a.pos[1]) ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st);
  if (rc != 0) raise_os_error(in, errno, a.pos[0]);
  auto seconds = [](const timespec& t) { return double(t.tv_sec) + double(t.tv_nsec) * 1e-9; };
  return make_tuple({Value(int64_t(st.st_mode)), Value(int64_t(st.st_ino)), Value(int64_t(st.st_dev)),
                     Value(int64_t(st.st_nlink)), Value(int64_t(st.st_uid)), Value(int64_t(st.st_gid)),
                     Value(int64_t(st.st_size)), Value(int64_t(st.st_atim.tv_sec)), Value(int64_t(st.st_mtim.tv_sec)),
                     Value(int64_t(st.st_ctim.tv_sec)), Value(seconds(st.st_atim)), Value(seconds(st.st_mtim)),
                     Value(seconds(st.st_ctim))});
}

Value do_listdir(Interpreter& in, Args& a) {
  expect_args(a, "listdir", 1, 1);
  DIR* d = ::opendir(path_arg(a, 0, "listdir").c_str());
  if (!d) raise_os_error(in, errno, a.pos[0]);
  std::vector<Value> names;
  while (dirent* e = ::readdir(d)) {
    std::string_view n(e->d_name);
    if (n != "." && n != "..") names.push_back(make_str(std::string(n)));
  }
  ::closedir(d);
  return Value(std::make_shared<ListObject>(std::move(names)));
}

Value do_readlink(Interpreter& in, Args& a) {
  expect_args(a, "readlink", 1, 1);
  char buf[PATH_MAX];
  ssize_t n = ::readlink(path_arg(a, 0, "readlink").c_str(), buf, sizeof buf);
  if (n < 0) raise_os_error(in, errno, a.pos[0]);
  return make_str(std::string(buf, static_cast<size_t>(n)));
}

Value do_user_home(Interpreter&, Args& a) {
  expect_args(a, "user_home", 1, 1);
  passwd* pw = nullptr;
  if (a.pos[0].is_none()) pw = ::getpwuid(::getuid());
  else if (auto* s = a.pos[0].as<StrObject>()) pw = ::getpwnam(s->value.c_str());
  return pw && pw->pw_dir ? make_str(pw->pw_dir) : Value();
}

// A primitive that is one system call on one path: 0 on success.
template <class Call>
void add_path_call(ModuleObject& m, const char* name, size_t nargs, Call call) {
  m.def(name, [name, nargs, call](Interpreter& in, Args& a) -> Value {
    expect_args(a, name, nargs, nargs);
    const std::string& path = path_arg(a, 0, name);
    if (call(path, a) != 0) raise_os_error(in, errno, a.pos[0]);
    return Value();
  });
}

}  // namespace

void add_os_primitives(Interpreter&, ModuleObject& m) {
  m.def("getcwd", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "getcwd", 0, 0);
    char buf[PATH_MAX];
    if (!::getcwd(buf, sizeof buf)) raise_os_error(in, errno);
    return make_str(buf);
  });
  m.def("putenv", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "putenv", 2, 2);
    env_key_check(in, a, "putenv", true);
    auto* value = a.pos[1].as<StrObject>();
    if (!value) raise_type_error("putenv() argument 2 must be str");
    if (::setenv(a.pos[0].as<StrObject>()->value.c_str(), value->value.c_str(), 1) != 0) raise_os_error(in, errno);
    return Value();
  });
  m.def("unsetenv", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "unsetenv", 1, 1);
    env_key_check(in, a, "unsetenv", false);
    if (::unsetenv(a.pos[0].as<StrObject>()->value.c_str()) != 0) raise_os_error(in, errno);
    return Value();
  });
  m.def("user_home", do_user_home);
  m.def("stat", do_stat);
  m.def("listdir", do_listdir);
  m.def("readlink", do_readlink);
  add_path_call(m, "mkdir", 2, [](const std::string& p, Args& a) {
    return ::mkdir(p.c_str(), static_cast<mode_t>(a.pos[1].to_int()));
  });
  add_path_call(m, "rmdir", 1, [](const std::string& p, Args&) { return ::rmdir(p.c_str()); });
  add_path_call(m, "remove", 1, [](const std::string& p, Args&) { return ::unlink(p.c_str()); });
  m.def("rename", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "rename", 2, 2);
    if (::rename(path_arg(a, 0, "rename").c_str(), path_arg(a, 1, "rename").c_str()) != 0)
      raise_os_error(in, errno, a.pos[0], a.pos[1]);
    return Value();
  });
}

}  // namespace backstep::rt
