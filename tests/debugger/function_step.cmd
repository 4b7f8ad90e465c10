:break ScaledTanhBackward
:continue
:step
:step
:step
:p grad_output
:p slope
:bt
:finish
:continue
