:break MulBackward0
:breakpoints
:continue
:where
:grads
:step
:back
:forward
:continue
