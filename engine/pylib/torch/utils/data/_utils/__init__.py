"""torch.utils.data._utils: collate, fetch and worker helpers of the DataLoader."""
from torch.utils.data._utils import collate, fetch, worker

MP_STATUS_CHECK_INTERVAL = 5.0
IS_WINDOWS = False
