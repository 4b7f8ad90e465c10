:saved self
:saved other
:saved nope
:saved
:node #1
