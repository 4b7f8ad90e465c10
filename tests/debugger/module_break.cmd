:break module decoder
:break module ReLU
:breakpoints
:continue
:where
:break module encoder.layer.1
:break module encoder.layers.1
:break module bad..path
:delete 1
:delete 2
:continue
:where
:nodes
:node #2
:node #4
:graph loss
:delete 3
:break module encoder.layers.0
:continue
:where
:finish
