:break SquareBackward
:continue
:saved saved_tensors
:saved ctx
:continue
