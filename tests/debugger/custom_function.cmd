:break SquareBackward
:continue
:where
:node #2
:grads
:step
:grads
:history
:step
:continue
