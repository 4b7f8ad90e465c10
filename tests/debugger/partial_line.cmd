:break MulBackward0
:break 5
:continue
:next
:continue
:continue
:continue
