:break nan
:continue
:where
:grads
:history
:continue
