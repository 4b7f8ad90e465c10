// The pyhash test runner.  PYTHONHASHSEED is set before anything reads the
// process secret, so that hash_str() without an explicit secret can be
// checked against the fixture recorded under PYTHONHASHSEED=12345.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

int main(int argc, char** argv) {
  setenv("PYTHONHASHSEED", "12345", 1);
  doctest::Context context(argc, argv);
  return context.run();
}
