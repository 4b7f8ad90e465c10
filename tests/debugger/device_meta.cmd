:break MmBackward0
:continue
:grads
:step
:grads
:continue
