:break graph.py:7
:break 8
:breakpoints
:delete 2
:breakpoints
:continue
:where
:continue
:where
:continue
