:break nan
:continue
:params
:delete 1
:continue
