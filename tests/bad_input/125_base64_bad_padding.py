# base64 with missing padding: binascii.Error.
import base64

base64.b64decode('Zm9')
