# :saved on a field that saved nothing (x * 2 saves no self) shows None, as
# grad_fn._saved_self does -- not "modified in place"; AccumulateGrad is
# named as every other command names it.
:break MulBackward0
:break AccumulateGrad
:continue
:saved self
:saved
:continue
:saved
:saved nope
:continue
