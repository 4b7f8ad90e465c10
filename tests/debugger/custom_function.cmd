:break SquareBackward
:continue
:where
:node #2
:saved
:grads
:next
:grads
:history
:step
:continue
