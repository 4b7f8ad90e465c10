"""A submodule without __getattr__."""
x = 1
