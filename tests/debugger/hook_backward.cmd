:break MulBackward0
:continue
:where
:history
:continue
:where
:continue
