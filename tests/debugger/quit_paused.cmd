# Issue 15 item 5: :quit while a backward is paused ends the program (the
# prints after the backward never run) with status 1.
:break MulBackward0
:continue
:quit
