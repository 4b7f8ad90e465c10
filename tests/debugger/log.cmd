:log on
