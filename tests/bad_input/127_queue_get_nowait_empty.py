# An empty queue's get_nowait raises queue.Empty (_queue.Empty in the traceback).
import queue

q = queue.Queue()
q.get_nowait()
