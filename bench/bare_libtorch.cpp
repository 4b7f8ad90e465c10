// A program linked to libtorch that makes one tensor and exits: the
// start-up baseline (dynamic loading of libtorch's ~290 shared libraries and
// its static initialisers), against which `backstep run empty.py` is timed.
#include <ATen/ATen.h>

int main() { return at::ones({1}).numel() == 1 ? 0 : 1; }
