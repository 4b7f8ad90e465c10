# pdb/gdb breakpoint management: tbreak, condition, ignore, disable,
# enable, delete, info breakpoints with hit counts.
:tbreak ExpBackward0
:break SumBackward0
:break PowBackward0
:condition 3 grad_outputs[0].sum() > 1000
:condition 3 grad_outputs[0].sum( >
:ignore 2 1
:disable 3
:info breakpoints
:continue
:info b
:continue
:info breakpoints
:enable
:condition 3
:delete 2
:ignore 7 1
:continue
