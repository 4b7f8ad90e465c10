:break 11
:continue
:p a
!b
:step
:bt
:next
:p w
:graph w
:list 4,8
:next
:next
:step
:where
:continue
