# A malformed UUID string.
import uuid

uuid.UUID('not-a-uuid')
