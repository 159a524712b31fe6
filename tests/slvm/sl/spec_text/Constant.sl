sl 1.0
# constant.sl - super simple shader. returns the un-attenuated
# surface color
 
mov v0, C0
