:break ExpBackward0 if node.name() == "ExpBackward0" and grad_outputs[0].sum() > 0
:continue
:bt
:p node.next_functions[0][0].name()
:p grad_outputs[0]
:p grad_inputs
:p h * scale
:p "node" in globals(), sorted(k for k in globals() if not k.startswith("__"))
[g.shape for g in grad_outputs]
:up
:p node.name(), grad_outputs[0].shape
:p "node" in globals()
:nodes
:node #3
:step
:p node.name()
:continue
