:break module LSTM
:continue
:where
:step
:saved weight1
:saved hidden_size
:saved hx_
:step
:node #7
:delete 1
:continue
