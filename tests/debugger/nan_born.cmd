:break AccumulateGrad
:continue
:graph
:nodes
:continue
