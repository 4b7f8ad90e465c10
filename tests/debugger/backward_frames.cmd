:break ExpBackward0
:continue
:bt
:p h
:p scale
:frame 0
h * 10
grad_outputs[0]
:up
:p loss
:list
:down
:continue
