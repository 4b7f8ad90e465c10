:run
:watch h
:watch x
:watch nothing_here
:breakpoints
:continue
:p h
:continue
grad_outputs[0]
:continue
grad_outputs[0]
:continue
