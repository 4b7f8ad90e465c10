# Issue 15 item 8: pdb's and gdb's names, prefixes, :help for every command,
# bare words at a paused prompt, :back printing its node once and moving the
# prompt.
:help run
:help n
:help s
:help info
:info breakpoints
:b MulBackward0
:c
where
help continue
:n
:l
:back
:bt
:fo
c
