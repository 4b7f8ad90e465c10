:step
:grads
:step
:nodes
:saved
:back
:break AccumulateGrad if grad_outputs[0].abs().max() > 0.6
:continue
:finish
