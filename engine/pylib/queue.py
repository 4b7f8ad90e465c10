"""queue: Queue (FIFO), LifoQueue, PriorityQueue and SimpleQueue, with
Empty and Full.  backstep runs one thread, so nothing can ever fill or drain
a queue while a caller waits: a get/put that would block raises Empty/Full
after its timeout (as CPython does when no other thread acts), and one that
would wait forever (block=True, no timeout) raises RuntimeError instead of
hanging."""

import heapq
import time
from collections import deque

__all__ = ['Empty', 'Full', 'Queue', 'PriorityQueue', 'LifoQueue', 'SimpleQueue']


class Empty(Exception):
    'Exception raised by Queue.get(block=0)/get_nowait().'
    pass


Empty.__module__ = '_queue'


class Full(Exception):
    'Exception raised by Queue.put(block=0)/put_nowait().'
    pass


def _check_timeout(block, timeout):
    if block and timeout is not None and timeout < 0:
        raise ValueError("'timeout' must be a non-negative number")


def _wait(timeout, what, error):
    if timeout is None:
        raise RuntimeError('queue.%s() would block forever: backstep runs no other thread that could %s'
                           % (what, 'add an item' if what == 'get' else 'take an item'))
    time.sleep(timeout)
    raise error


class Queue:
    def __init__(self, maxsize=0):
        self.maxsize = maxsize
        self._init(maxsize)
        self.unfinished_tasks = 0

    def task_done(self):
        unfinished = self.unfinished_tasks - 1
        if unfinished < 0:
            raise ValueError('task_done() called too many times')
        self.unfinished_tasks = unfinished

    def join(self):
        if self.unfinished_tasks:
            raise RuntimeError('queue.join() would block forever: backstep runs no other thread that could '
                               'call task_done()')

    def qsize(self):
        return self._qsize()

    def empty(self):
        return not self._qsize()

    def full(self):
        return 0 < self.maxsize <= self._qsize()

    def put(self, item, block=True, timeout=None):
        _check_timeout(block, timeout)
        if 0 < self.maxsize <= self._qsize():
            if not block:
                raise Full
            _wait(timeout, 'put', Full)
        self._put(item)
        self.unfinished_tasks += 1

    def get(self, block=True, timeout=None):
        _check_timeout(block, timeout)
        if not self._qsize():
            if not block:
                raise Empty
            _wait(timeout, 'get', Empty)
        return self._get()

    def put_nowait(self, item):
        return self.put(item, block=False)

    def get_nowait(self):
        return self.get(block=False)

    def _init(self, maxsize):
        self.queue = deque()

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.popleft()

    __class_getitem__ = classmethod(lambda cls, item: cls)


class PriorityQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        heapq.heappush(self.queue, item)

    def _get(self):
        return heapq.heappop(self.queue)


class LifoQueue(Queue):
    def _init(self, maxsize):
        self.queue = []

    def _qsize(self):
        return len(self.queue)

    def _put(self, item):
        self.queue.append(item)

    def _get(self):
        return self.queue.pop()


class SimpleQueue:
    def __init__(self):
        self._queue = deque()

    def put(self, item, block=True, timeout=None):
        self._queue.append(item)

    def put_nowait(self, item):
        self.put(item, block=False)

    def get(self, block=True, timeout=None):
        _check_timeout(block, timeout)
        if not self._queue:
            if not block:
                raise Empty
            _wait(timeout, 'get', Empty)
        return self._queue.popleft()

    def get_nowait(self):
        return self.get(False)

    def empty(self):
        return len(self._queue) == 0

    def qsize(self):
        return len(self._queue)

    __class_getitem__ = classmethod(lambda cls, item: cls)


SimpleQueue.__module__ = '_queue'
