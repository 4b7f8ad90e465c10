:break mulbackward0
:break Mul
:break 99
:break nope.py:3
:break nan if (
:break 1
:break 3
:break SquareBackward
:break ./graph.py:6
:break ../debugger/graph.py:7 if x.sum() > 0
:break AccumulateGrad
:breakpoints
:continue
:continue
:breakpoints
:delete 1
:delete 2
:continue
