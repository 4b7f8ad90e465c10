:break MulBackward0
:continue
:where
:grads
:step
:back
:forward
:continue
