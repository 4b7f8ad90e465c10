:break ReluBackward0
:continue
p {'a': 1}
pp [1, 2]
p (1, 2)
p -grad_outputs[0].shape[0]
p = 5
:p p
p + 1
:continue
