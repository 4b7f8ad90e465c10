:run
:bt
:p factor
:p t.shape
:up
:p h
:list
:up
:p x.shape
:up
:down 2
:frame 0
t.sum()
:pp [t.shape, factor, "a fairly long string to make the line wrap past the width", 12345]
:continue
