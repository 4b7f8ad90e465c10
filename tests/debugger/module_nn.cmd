:break module blocks.1
:break module Tanh
:continue
:where
:delete 1
:continue
:where
:break module blocks.2
:break module head.weight
:finish
