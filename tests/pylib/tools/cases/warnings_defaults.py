# Default filters: what a training script sees without touching warnings.
import warnings
from helpers import legacy


def train_step(step):
    if step == 0:
        warnings.warn('learning rate is very high')          # UserWarning
    warnings.warn('step %d: loss is NaN' % step, RuntimeWarning)
    legacy.noisy(step)
    legacy.old_api(step)                # DeprecationWarning, attributed here
    warnings.warn('this helper is deprecated', DeprecationWarning)
    legacy.future_change()


for step in range(3):
    train_step(step)
warnings.warn('direct deprecation in __main__', DeprecationWarning)
warnings.warn('pending', PendingDeprecationWarning)
warnings.warn(UserWarning('an instance'))
warnings.warn(RuntimeWarning('instance beats category'), UserWarning)
warnings.warn('bytes-ish', BytesWarning)
warnings.warn(42)
print([f[0] for f in warnings.filters])
print(warnings.filters[0])
print('registry keys:', sorted(str(k) for k in __warningregistry__))
print('legacy registry:', sorted(str(k) for k in legacy.__warningregistry__))
print('done')
