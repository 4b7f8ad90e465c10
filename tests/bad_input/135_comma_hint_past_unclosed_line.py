# A call missing a comma whose bracket is never closed, where the parser
# reads onto the next line before it gives up: CPython reports the
# unclosed '(' (the line it stopped on is past the bracket's).
loss = criterion(output target
   , reduction="mean"
