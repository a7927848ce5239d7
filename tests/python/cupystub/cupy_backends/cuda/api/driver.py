"""CuPy 14.2's CUDADriverError (cupy_backends/cuda/api/driver.pyx): its message is
'%s: %s' % (cuGetErrorName(status), cuGetErrorString(status)); the driver's name and
string for the statuses pykc raises are written out here."""

_ERRORS = {
    301: ('CUDA_ERROR_FILE_NOT_FOUND', 'file not found'),
    500: ('CUDA_ERROR_NOT_FOUND', 'named symbol not found'),
}


class CUDADriverError(RuntimeError):

    def __init__(self, status):
        self.status = status
        name, msg = _ERRORS[status]
        super(CUDADriverError, self).__init__('%s: %s' % (name, msg))

    def __reduce__(self):
        return (type(self), (self.status,))
