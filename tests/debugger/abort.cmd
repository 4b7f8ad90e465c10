:break SinBackward0
:continue
:abort
