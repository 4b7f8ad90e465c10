# A small order-processing program using several modules together.
import copy
import itertools
import functools
import operator
from collections import Counter, defaultdict, deque, namedtuple
from dataclasses import dataclass, field, asdict, replace
from enum import Enum, auto
from typing import Dict, List, Optional


class Status(Enum):
    NEW = auto()
    PAID = auto()
    SHIPPED = auto()

    def next(self) -> 'Status':
        members = list(Status)
        index = members.index(self)
        return members[min(index + 1, len(members) - 1)]


Line = namedtuple('Line', 'sku qty price')


@dataclass(order=True)
class Order:
    order_id: int
    customer: str = field(compare=False)
    lines: List[Line] = field(default_factory=list, compare=False, repr=False)
    status: Status = field(default=Status.NEW, compare=False)
    note: Optional[str] = field(default=None, compare=False)

    @property
    def total(self) -> float:
        return sum(line.qty * line.price for line in self.lines)

    def advance(self) -> 'Order':
        return replace(self, status=self.status.next())


orders = [
    Order(3, 'carol', [Line('pen', 10, 0.5), Line('ink', 2, 3.0)]),
    Order(1, 'alice', [Line('pad', 1, 4.25)]),
    Order(2, 'bob', [Line('pen', 3, 0.5), Line('pad', 2, 4.25)], note='gift'),
    Order(4, 'alice', [Line('ink', 1, 3.0)]),
]
for order in sorted(orders):
    print(order, order.total)

by_customer: Dict[str, List[Order]] = defaultdict(list)
for order in orders:
    by_customer[order.customer].append(order)
print({name: [o.order_id for o in group] for name, group in sorted(by_customer.items())})

sku_counts = Counter()
for order in orders:
    for line in order.lines:
        sku_counts[line.sku] += line.qty
print(sku_counts.most_common(), sku_counts.total())

revenue = functools.reduce(operator.add, (o.total for o in orders), 0.0)
print('revenue', revenue)
keyed = sorted(orders, key=operator.attrgetter('customer'))
for customer, group in itertools.groupby(keyed, key=operator.attrgetter('customer')):
    group = list(group)
    print(customer, len(group), sum(o.total for o in group))

queue = deque(sorted(orders))
processed = []
while queue:
    order = queue.popleft()
    order = order.advance()
    if order.status is not Status.SHIPPED:
        queue.append(order)
    else:
        processed.append(order.order_id)
print('shipped order', processed)

snapshot = copy.deepcopy(orders[0])
snapshot.lines.append(Line('extra', 1, 1.0))
print(len(orders[0].lines), len(snapshot.lines), snapshot == orders[0],
      snapshot.status is Status.NEW)
print(asdict(orders[2]))
pairs = list(itertools.combinations([o.order_id for o in orders], 2))
print(len(pairs), pairs[:3], list(itertools.accumulate(o.total for o in sorted(orders))))


@functools.lru_cache(maxsize=None)
def shipping_cost(weight: int) -> float:
    if weight <= 1:
        return 2.0
    return shipping_cost(weight - 1) + 0.5


print([shipping_cost(w) for w in range(1, 6)], shipping_cost.cache_info())
