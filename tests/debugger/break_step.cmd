:break step 0
:break step 2
:break step 3 if optimizer.param_groups[0]['lr'] > 1
:break step 4 if step == 4 and optimizer.state[model[0].weight]['step'] == 4
:break step x
:continue
:params
:continue
:params
:continue
:breakpoints
:continue
