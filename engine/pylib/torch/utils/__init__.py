"""torch.utils: a package of submodules (checkpoint, ...), imported on use."""
