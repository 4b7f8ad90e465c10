"""torch.nn.utils.parametrizations.orthogonal: a matrix (or batch) kept
orthogonal through the matrix exponential, the Cayley map or Householder
reflections of an unconstrained original, with PyTorch's "dynamic
trivialization" base (the buffer `base`) by default.
"""
import torch
from torch.nn.modules.module import Module
from torch.nn.utils import parametrize

_MAPS = ('matrix_exp', 'cayley', 'householder')


def _is_orthogonal(Q):
    n, k = Q.size(-2), Q.size(-1)
    Id = torch.eye(k, dtype=Q.dtype, device=Q.device)
    eps = 10.0 * n * torch.finfo(Q.dtype).eps
    return torch.allclose(Q.mH @ Q, Id, atol=eps)


def _make_orthogonal(A):
    # The Q of A = QR with diag(R) real and non-negative.
    X, tau = torch.geqrf(A)
    Q = torch.linalg.householder_product(X, tau)
    Q *= X.diagonal(dim1=-2, dim2=-1).sgn().unsqueeze(-2)
    return Q


class _Orthogonal(Module):
    def __init__(self, weight, orthogonal_map, *, use_trivialization=True):
        super().__init__()
        if weight.is_complex() and orthogonal_map == 'householder':
            raise ValueError('The householder parametrization does not support complex tensors.')
        self.shape = weight.shape
        self.orthogonal_map = orthogonal_map
        if use_trivialization:
            self.register_buffer('base', None)

    def _skew_map(self, X, n, k):
        X = X.tril()
        if n != k:
            X = torch.cat([X, X.new_zeros(n, n - k).expand(*X.shape[:-2], -1, -1)], dim=-1)
        A = X - X.mH
        if self.orthogonal_map == 'matrix_exp':
            Q = torch.matrix_exp(A)
        else:
            Id = torch.eye(n, dtype=A.dtype, device=A.device)
            Q = torch.linalg.solve(torch.add(Id, A, alpha=-0.5), torch.add(Id, A, alpha=0.5))
        return Q[..., :k] if n != k else Q

    def forward(self, X):
        n, k = X.size(-2), X.size(-1)
        transposed = n < k
        if transposed:
            X = X.mT
            n, k = k, n
        if self.orthogonal_map in ('matrix_exp', 'cayley'):
            Q = self._skew_map(X, n, k)
        else:
            A = X.tril(diagonal=-1)
            tau = 2.0 / (1.0 + (A * A).sum(dim=-2))
            Q = torch.linalg.householder_product(A, tau)
            Q = Q * X.diagonal(dim1=-2, dim2=-1).int().unsqueeze(-2)
        if hasattr(self, 'base'):
            Q = self.base @ Q
        return Q.mT if transposed else Q

    def right_inverse(self, Q):
        with torch.no_grad():
            return self._right_inverse(Q)

    def _right_inverse(self, Q):
        if Q.shape != self.shape:
            raise ValueError(f'Expected a matrix or batch of matrices of shape {self.shape}. '
                             f'Got a tensor of shape {Q.shape}.')
        Q_init = Q
        n, k = Q.size(-2), Q.size(-1)
        transpose = n < k
        if transpose:
            Q = Q.mT
            n, k = k, n
        if not hasattr(self, 'base'):
            if self.orthogonal_map in ('cayley', 'matrix_exp'):
                raise NotImplementedError('It is not possible to assign to the matrix exponential '
                                          'or the Cayley parametrizations when use_trivialization=False.')
            A, tau = torch.geqrf(Q)
            A.diagonal(dim1=-2, dim2=-1).sign_()
            A.diagonal(dim1=-2, dim2=-1)[tau == 0.0] *= -1
            return A.mT if transpose else A
        if n == k:
            Q = Q.clone() if _is_orthogonal(Q) else _make_orthogonal(Q)
        else:
            N = torch.randn(*(Q.size()[:-2] + (n, n - k)), dtype=Q.dtype, device=Q.device)
            Q = _make_orthogonal(torch.cat([Q, N], dim=-1))
        self.base = Q
        neg_Id = torch.zeros_like(Q_init)
        neg_Id.diagonal(dim1=-2, dim2=-1).fill_(-1.0)
        return neg_Id


def orthogonal(module, name='weight', orthogonal_map=None, *, use_trivialization=True):
    """Constrain module.<name> to orthogonal (unitary) matrices."""
    weight = getattr(module, name, None)
    if not isinstance(weight, torch.Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if weight.ndim < 2:
        raise ValueError(f'Expected a matrix or batch of matrices. Got a tensor of {weight.ndim} dimensions.')
    if orthogonal_map is None:
        square = weight.size(-2) == weight.size(-1)
        orthogonal_map = 'matrix_exp' if square or weight.is_complex() else 'householder'
    if orthogonal_map not in _MAPS:
        raise ValueError('orthogonal_map has to be one of "matrix_exp", "cayley", "householder". '
                         f'Got: {orthogonal_map}')
    orth = _Orthogonal(weight, orthogonal_map, use_trivialization=use_trivialization)
    parametrize.register_parametrization(module, name, orth, unsafe=True)
    return module
