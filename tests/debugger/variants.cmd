:break SinBackward0
:break PowBackward0
:break MulBackward0
:continue
:where
:continue
:where
:continue
:where
:history
:continue
:where
:finish
