:step
:nodes
:step 2
:history
:saved
:saved result
:list
:finish
