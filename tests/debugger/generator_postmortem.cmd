:run
:bt
:p start, chunk
:list
:up
:p s
:continue
