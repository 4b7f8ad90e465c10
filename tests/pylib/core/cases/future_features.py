# __future__: the feature records behind `from __future__ import ...`.
from __future__ import annotations
import __future__


def scale(x: float, factor: Factor) -> float:
    return x * factor


print(scale.__annotations__)
print(__future__.all_feature_names)
for name in __future__.all_feature_names:
    feature = getattr(__future__, name)
    print(name, feature, feature.getOptionalRelease(),
          feature.getMandatoryRelease(), feature.compiler_flag)
print(__future__.annotations.compiler_flag == __future__.CO_FUTURE_ANNOTATIONS,
      type(__future__.division).__name__)
