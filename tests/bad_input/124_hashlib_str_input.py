# hashlib needs bytes: a str is a TypeError.
import hashlib

hashlib.sha256('not bytes').hexdigest()
