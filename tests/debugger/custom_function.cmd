:break SquareBackward
:continue
:where
:node #2
:saved
:grads
:step
:grads
:history
:step
:continue
