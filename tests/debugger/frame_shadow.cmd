:run
:p read_x()
:p [k for _ in range(2)]
ys = [k * i for i in range(3)]
:p ys
:p x
!x = 5
:p x, read_x()
:continue
