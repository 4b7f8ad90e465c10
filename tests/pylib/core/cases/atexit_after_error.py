# atexit handlers also run after an uncaught exception (its traceback first).
import atexit

atexit.register(print, 'handler ran')
print('before')
raise ValueError('boom')
