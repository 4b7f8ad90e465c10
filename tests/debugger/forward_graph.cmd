:break forward_graph.py:10
:continue
:graph
:nodes
:up
:graph
:continue
