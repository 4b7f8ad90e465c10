:break ExpBackward0
:continue
:step
:back
:abort
:where
:grads
:continue
