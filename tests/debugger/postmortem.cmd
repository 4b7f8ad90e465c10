:where
:saved
:grads
:node #1
