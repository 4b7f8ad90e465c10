// same_file: how a file named in `:break FILE:LINE` (as typed) matches the
// name a source was registered under (as the program was given): by the
// path as given, absolute, `./`-prefixed, by base name or by a trailing
// part of the path, only at `/` boundaries.
#include "engine/debug/breakpoints.h"

#include <doctest/doctest.h>

#include <filesystem>

using backstep::debug::same_file;

namespace {

std::string in_cwd(const std::string& name) { return (std::filesystem::current_path() / name).string(); }

}  // namespace

TEST_CASE("no file typed matches every file; the same text matches itself") {
  CHECK(same_file("", "prog.py"));
  CHECK(same_file("", "<stdin>"));
  CHECK(same_file("prog.py", "prog.py"));
  CHECK(same_file("/abs/dir/prog.py", "/abs/dir/prog.py"));
}

TEST_CASE("a base name matches the file in any folder, at a / boundary only") {
  CHECK(same_file("prog.py", "/home/me/prog.py"));
  CHECK(same_file("prog.py", "dir/prog.py"));
  CHECK_FALSE(same_file("og.py", "/home/me/prog.py"));
  CHECK_FALSE(same_file("prog.py", "/home/me/myprog.py"));
  CHECK_FALSE(same_file("prog.py", "other.py"));
  CHECK_FALSE(same_file("prog.py", "prog.pyc"));
}

TEST_CASE("relative, ./-prefixed and absolute spellings of one file match each other") {
  CHECK(same_file("./prog.py", "prog.py"));
  CHECK(same_file(in_cwd("prog.py"), "prog.py"));
  CHECK(same_file("prog.py", in_cwd("prog.py")));
  CHECK(same_file("./sub/../prog.py", "prog.py"));
  CHECK(same_file(in_cwd("sub/prog.py"), "sub/prog.py"));
  CHECK_FALSE(same_file("/elsewhere/prog.py", "prog.py"));
  CHECK_FALSE(same_file("./other/prog.py", "prog.py"));
}

TEST_CASE("a trailing part of the path matches, at a / boundary, never upwards") {
  CHECK(same_file("dir/prog.py", "/abs/dir/prog.py"));
  CHECK(same_file("abs/dir/prog.py", "/abs/dir/prog.py"));
  CHECK_FALSE(same_file("ir/prog.py", "/abs/dir/prog.py"));
  CHECK_FALSE(same_file("other/prog.py", "/abs/dir/prog.py"));
  CHECK_FALSE(same_file("../dir/prog.py", "/abs/dir/prog.py"));
}

TEST_CASE("a path never names shell input or backstep's own library") {
  CHECK_FALSE(same_file("./stdin", "<stdin>"));
  CHECK_FALSE(same_file("torch/nn/functional.py", "<pylib>/torch/nn/functional.py"));
  CHECK_FALSE(same_file("stdin", "<stdin>"));
}
