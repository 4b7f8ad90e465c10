:display grad_outputs[0].shape
:display
:break MulBackward0
:break PowBackward0
:continue
:display node.name()
:continue
:undisplay 1
:info display
:continue
