:break BackwardHookFunctionBackward
:continue
:break BackwardHookFunctionBackward
:continue
:where
:continue
:continue
