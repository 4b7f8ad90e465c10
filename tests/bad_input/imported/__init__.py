# Modules the import cases (49-52) import: each is broken in its own way.
