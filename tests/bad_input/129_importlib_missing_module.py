# importlib.import_module of a module that does not exist.
import importlib

importlib.import_module('no_such_module_anywhere')
