# Issue 15 item 1: an arrow key's escape sequence typed where nothing decodes it
# is refused at once, and no raw ESC is printed in an error message.
:break MulBackward0
:continue
:frob[A
x[A = 1
:continue
