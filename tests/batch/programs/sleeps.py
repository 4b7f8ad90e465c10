import time
print("going to sleep", flush=True)
time.sleep(600)
print("woke up")
