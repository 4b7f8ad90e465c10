:break ExpBackward0
:display scale
:continue
:p scale
!scale = 5
:p scale
scale
:display
:p [scale for _ in range(2)]
:pp table
:up
:p loss.item()
:down
:p scale
:continue
:bt
:p scale
!scale = "three"
:p scale
:pp (scale, x, [scale] * 30)
:continue
