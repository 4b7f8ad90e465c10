:break function_line_break.py:18
:continue
:where
:p x
:p grad_output
:step
:p inside
:step
:where
:continue
