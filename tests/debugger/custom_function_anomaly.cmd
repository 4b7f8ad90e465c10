:continue
